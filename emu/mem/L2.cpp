//===-- L2.cpp - Memory partitions, memory-side L2 slices, latency model --===//
#include "emu/mem/L2.h"

#include "emu/report/Stats.h"

#include <algorithm>
#include <bit>
#include <cstring>

namespace simt::emu {

namespace {
bool pow2(uint64_t v) { return v != 0 && (v & (v - 1)) == 0; }
} // namespace

std::string L2Config::validate() const {
  if (partitions == 0 || partitions > 64)
    return "--partitions must be between 1 and 64";
  if (!pow2(lineBytes) || lineBytes < 16 || lineBytes > 4096)
    return "--l2-line must be a power of two between 16 and 4096 bytes";
  if (!pow2(interleave) || interleave < lineBytes)
    return "--partition-bytes (the interleave granularity) must be a power of two of at "
           "least one L2 line (" + std::to_string(lineBytes) + " bytes)";
  if (ways == 0 || ways > 64)
    return "--l2-ways must be between 1 and 64";
  if (sliceBytes % (uint64_t{lineBytes} * ways) != 0 ||
      !pow2(sliceBytes / (uint64_t{lineBytes} * ways)))
    return "--l2-slice-bytes must be a power-of-two number of sets of --l2-ways lines";
  return {};
}

//===-- L2Slice -----------------------------------------------------------------===//

L2Slice::L2Slice(uint32_t sets, uint32_t ways)
    : sets_(sets), ways_(ways), tags_(size_t{sets} * ways, 0) {}

// Each set keeps its lines in recency order, most recent first, the empty
// ways (0) after them. A hit moves the line to the front; a miss puts the
// new line there, evicting the last (least recently used) one only when
// every way is taken -- exactly LRU with empty ways filled first.
bool L2Slice::access(uint32_t set, uint64_t tag) {
  uint64_t *t = tags_.data() + size_t{set} * ways_;
  uint32_t i = 0;
  while (i < ways_ && t[i] != tag && t[i] != 0)
    ++i;
  const bool hit = i < ways_ && t[i] == tag;
  if (i == ways_) { // a full set: the last way goes
    ++stats.evictions;
    --i;
  }
  std::memmove(t + 1, t, size_t{i} * sizeof *t); // (hit or free way) at i
  t[0] = tag;
  return hit;
}

bool L2Slice::contains(uint32_t set, uint64_t tag) const {
  const uint64_t *t = tags_.data() + size_t{set} * ways_;
  return std::find(t, t + ways_, tag) != t + ways_;
}

void L2Slice::invalidate(uint32_t set, uint64_t tag) {
  uint64_t *t = tags_.data() + size_t{set} * ways_;
  uint64_t *end = t + ways_;
  uint64_t *at = std::find(t, end, tag);
  if (at == end)
    return;
  std::memmove(at, at + 1, size_t(end - at - 1) * sizeof *t); // keep the order
  end[-1] = 0;
}

//===-- L2System ----------------------------------------------------------------===//

L2System::L2System(const L2Config &cfg) : cfg_(cfg) {
  if (!cfg_.validate().empty())
    cfg_ = L2Config{}; // the device validates first; never build a broken model
  lineShift_ = static_cast<uint32_t>(std::countr_zero(cfg_.lineBytes));
  interleaveShift_ = static_cast<uint32_t>(std::countr_zero(cfg_.interleave));
  linesPerBlockShift_ = interleaveShift_ - lineShift_;
  sets_ = cfg_.sliceBytes / (cfg_.lineBytes * cfg_.ways);
  slices_.reserve(cfg_.partitions);
  for (uint32_t p = 0; p < cfg_.partitions; ++p)
    slices_.emplace_back(sets_, cfg_.ways);
}

L2System::Where L2System::locate(uint32_t ctx, uint64_t line) const {
  const uint64_t block = line >> linesPerBlockShift_;
  // One 32-bit division when the block number fits (it does below 2^40).
  uint64_t quot;
  uint32_t slice;
  if (block >> 32 == 0) {
    const uint32_t b = static_cast<uint32_t>(block);
    quot = b / cfg_.partitions;
    slice = b % cfg_.partitions;
  } else {
    quot = block / cfg_.partitions;
    slice = static_cast<uint32_t>(block % cfg_.partitions);
  }
  // The line's index among its partition's lines: consecutive blocks of a
  // partition are adjacent, so a partition's sets fill evenly.
  const uint64_t local = (quot << linesPerBlockShift_) |
                         (line & ((uint64_t{1} << linesPerBlockShift_) - 1));
  const uint32_t set = static_cast<uint32_t>(local & (sets_ - 1));
  const uint64_t tag = ((uint64_t{ctx} + 1) << 48) | (line & ((uint64_t{1} << 48) - 1));
  return {slice, set, tag};
}

uint32_t L2System::access(uint32_t ctx, uint64_t line, MemOp op) {
  const Where w = locate(ctx, line);
  L2Slice &s = slices_[w.slice];
  const bool hit = s.access(w.set, w.tag);
  s.stats.count(hit);
  return latency(hit, op);
}

template <class Fn>
void L2System::forEachLine(uint32_t ctx, uint64_t addr, uint64_t bytes, Fn fn) {
  if (bytes == 0)
    return;
  const uint64_t first = addr >> lineShift_, last = (addr + bytes - 1) >> lineShift_;
  for (uint64_t line = first; line <= last; ++line) {
    const Where w = locate(ctx, line);
    fn(slices_[w.slice], w);
  }
}

void L2System::hostWrite(uint32_t ctx, uint64_t addr, uint64_t bytes) {
  forEachLine(ctx, addr, bytes, [](L2Slice &s, const Where &w) {
    s.access(w.set, w.tag);
    ++s.stats.hostWrites;
  });
}

void L2System::hostWriteMemory(uint32_t ctx, uint64_t addr, uint64_t bytes) {
  forEachLine(ctx, addr, bytes,
              [](L2Slice &s, const Where &w) { s.invalidate(w.set, w.tag); });
}

bool L2System::contains(uint32_t ctx, uint64_t addr) const {
  return holds(locate(ctx, addr >> lineShift_));
}

L2SliceStats L2System::totalStats() const {
  L2SliceStats t;
  for (const L2Slice &s : slices_)
    t.add(s.stats);
  return t;
}

void L2System::resetStats() {
  for (L2Slice &s : slices_)
    s.stats = {};
}

void L2System::writeJson(JsonWriter &w) const {
  const L2SliceStats t = totalStats();
  w.beginObject();
  w.field("hits", t.hits);
  w.field("misses", t.misses);
  w.field("host_writes", t.hostWrites);
  w.field("evictions", t.evictions);
  w.field("partitions", cfg_.partitions);
  w.field("partition_bytes", cfg_.interleave);
  w.field("line_bytes", cfg_.lineBytes);
  w.field("slice_bytes", cfg_.sliceBytes);
  w.field("latency_t", cfg_.memLatency);
  w.key("by_partition").beginArray();
  for (uint32_t p = 0; p < slices_.size(); ++p) {
    const L2SliceStats &s = slices_[p].stats;
    w.beginObject();
    w.field("partition", p);
    w.field("hits", s.hits);
    w.field("misses", s.misses);
    w.field("host_writes", s.hostWrites);
    w.field("evictions", s.evictions);
    w.endObject();
  }
  w.endArray();
  w.endObject();
}

std::string L2System::json() const {
  JsonWriter w;
  writeJson(w);
  return w.take();
}

//===-- Table 1 -------------------------------------------------------------------===//

const char *messageViaName(MessageVia v) {
  switch (v) {
  case MessageVia::SystemMemory: return "system";
  case MessageVia::DeviceMemory: return "device";
  case MessageVia::CpuL2: return "cpu_l2";
  case MessageVia::DeviceL2: return "device_l2";
  }
  return "?";
}

std::optional<MessageVia> parseMessageVia(std::string_view s) {
  for (MessageVia v : {MessageVia::SystemMemory, MessageVia::DeviceMemory, MessageVia::CpuL2,
                       MessageVia::DeviceL2})
    if (s == messageViaName(v))
      return v;
  return std::nullopt;
}

MessageTiming messageTiming(MessageVia via, uint64_t words, uint64_t latency) {
  // Latencies in fifths of T: the producer (CPU) writing, the consumer (SM)
  // reading, and the consumer's per-word charge for the message itself.
  uint64_t produce = 0, consume = 0, perWord = 0;
  switch (via) {
  case MessageVia::SystemMemory: produce = 5; consume = 10; perWord = 10; break; // T, 2T
  case MessageVia::DeviceMemory: produce = 10; consume = 5; perWord = 5; break;  // 2T, T
  case MessageVia::CpuL2: produce = 1; consume = 6; perWord = 12; break;         // T/5, 6T/5, 12T/5
  case MessageVia::DeviceL2: produce = 6; consume = 1; perWord = 1; break;       // 6T/5, T/5
  }
  MessageTiming t;
  t.via = via;
  t.words = words;
  t.latency = latency;
  t.writeFifths = produce * latency + 5 * (words + 1); // first latency + K + 1
  t.flagFifths = consume * latency;
  t.readFifths = words * perWord * latency;
  return t;
}

std::string formatFifths(uint64_t fifths) {
  std::string s = std::to_string(fifths / 5);
  if (fifths % 5)
    s += "." + std::to_string(2 * (fifths % 5));
  return s;
}

std::string MessageTiming::format() const {
  return "message K=" + std::to_string(words) + " via=" + messageViaName(via) +
         " T=" + std::to_string(latency) + ": write " + formatFifths(writeFifths) +
         " + flag " + formatFifths(flagFifths) + " + read " + formatFifths(readFifths) +
         " = " + formatFifths(totalFifths()) + " cycles";
}

} // namespace simt::emu
