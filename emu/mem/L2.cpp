//===-- L2.cpp - Memory partitions, memory-side L2 slices, latency model --===//
#include "emu/mem/L2.h"


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
    : ways_(ways), sigStride_((ways + 7) / 8 * 8),
      tags_(size_t{sets} * ways, 0), sigs_(size_t{sets} * sigStride_, 0), head_(sets, 0),
      fill_(sets, 0) {}

namespace {
constexpr uint64_t kBytes01 = 0x0101010101010101ull, kBytes80 = 0x8080808080808080ull;
/// A byte of the tag's bits, mixed: the slot signature findSlot() compares first.
uint8_t signatureOf(uint64_t tag) { return uint8_t((tag * 0x9E3779B97F4A7C15ull) >> 56); }
} // namespace

int L2Slice::findSlot(uint32_t set, uint64_t tag) const {
  // Eight signatures at a time: a group with no byte equal to the tag's
  // (the zero-byte test on their XOR) holds no candidate. A candidate's tag
  // decides; a free slot's tag is 0, never a line's.
  const uint64_t *t = tags_.data() + size_t{set} * ways_;
  const uint8_t *sig = sigs_.data() + size_t{set} * sigStride_;
  const uint64_t pattern = signatureOf(tag) * kBytes01;
  for (uint32_t g = 0; g < ways_; g += 8) {
    uint64_t word;
    std::memcpy(&word, sig + g, sizeof word);
    const uint64_t x = word ^ pattern;
    if (((x - kBytes01) & ~x & kBytes80) == 0)
      continue;
    for (uint32_t slot = g, e = std::min(g + 8, ways_); slot < e; ++slot)
      if (t[slot] == tag)
        return int(slot);
  }
  return -1;
}

void L2Slice::shiftRun(uint32_t set, uint32_t from, uint32_t count) {
  uint64_t *t = tags_.data() + size_t{set} * ways_;
  uint8_t *sig = sigs_.data() + size_t{set} * sigStride_;
  if (count > 8) {
    std::memmove(t + from + 1, t + from, size_t{count} * sizeof *t);
    std::memmove(sig + from + 1, sig + from, count);
    return;
  }
  for (uint32_t i = from + count; i > from; --i) { // a hit is mostly a recent line
    t[i] = t[i - 1];
    sig[i] = sig[i - 1];
  }
}

void L2Slice::put(uint32_t set, uint32_t slot, uint64_t tag) {
  tags_[size_t{set} * ways_ + slot] = tag;
  sigs_[size_t{set} * sigStride_ + slot] = signatureOf(tag);
}

// Exactly LRU with the free ways filled first: a hit moves the line to the
// front (the lines more recent than it move back one position), a miss puts
// the new line there, evicting the least recent one only when every way is
// taken.
bool L2Slice::access(uint32_t set, uint64_t tag) {
  const uint32_t head = head_[set];
  if (tags_[size_t{set} * ways_ + head] == tag)
    return true; // the most recent line again (neighbouring loads of a warp)
  const int slot = findSlot(set, tag);
  if (slot >= 0) {
    // Positions 0..p-1 move one slot on, in at most two runs of the ring.
    const uint32_t s = uint32_t(slot);
    if (s >= head) {
      shiftRun(set, head, s - head);
    } else {
      shiftRun(set, 0, s);
      put(set, 0, tags_[size_t{set} * ways_ + ways_ - 1]);
      shiftRun(set, head, ways_ - 1 - head);
    }
    put(set, head, tag);
    return true;
  }
  if (fill_[set] == ways_)
    ++stats.evictions; // the least recent line's slot is the one before the head
  else
    ++fill_[set]; // position ways - 1, before the head, is free
  head_[set] = uint8_t(slotOf(set, ways_ - 1));
  put(set, head_[set], tag);
  return false;
}

bool L2Slice::contains(uint32_t set, uint64_t tag) const { return findSlot(set, tag) >= 0; }

void L2Slice::invalidate(uint32_t set, uint64_t tag) {
  const int slot = findSlot(set, tag);
  if (slot < 0)
    return;
  const uint32_t n = fill_[set];
  const uint64_t *t = tags_.data() + size_t{set} * ways_;
  uint32_t p = (uint32_t(slot) + ways_ - head_[set]) % ways_; // its recency position
  for (; p + 1 < n; ++p) // the less recent lines move up
    put(set, slotOf(set, p), t[slotOf(set, p + 1)]);
  put(set, slotOf(set, n - 1), 0);
  --fill_[set];
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

uint32_t L2System::access(uint32_t ctx, uint64_t line, MemOp op, bool &hit) {
  const Where w = locate(ctx, line);
  L2Slice &s = slices_[w.slice];
  hit = s.access(w.set, w.tag);
  s.stats.count(hit);
  return latency(hit, op);
}

template <class Fn>
void L2System::forEachLine(uint32_t ctx, uint64_t addr, uint64_t bytes, Fn fn) {
  if (bytes != 0)
    forEachLineOf(ctx, addr >> lineShift_, (addr + bytes - 1) >> lineShift_, fn);
}

template <class Fn>
void L2System::forEachLineOf(uint32_t ctx, uint64_t first, uint64_t last, Fn fn) {
  for (uint64_t line = first; line <= last; ++line) {
    const Where w = locate(ctx, line);
    fn(slices_[w.slice], w);
  }
}

uint64_t L2System::period() const {
  // locate(): a slice's consecutive blocks hold consecutive local line
  // numbers, and the set is the local number mod sets.
  return uint64_t{cfg_.partitions} << std::max(std::countr_zero(sets_), int(linesPerBlockShift_));
}

// A long write is exact without visiting every line. Its lines are
// distinct, and any `period()` consecutive lines put the same number (at
// least one) into every set of every slice. In LRU a line survives only
// while fewer than `ways` other lines of its set come after it, so once a
// set has taken `ways` of the write's lines (the first `ways` periods) it
// holds only lines of the write, and each further line of the write is a
// miss that evicts; its final content is the write's last `ways` lines
// there (the last `ways` periods). The lines between are only counted.
void L2System::hostWrite(uint32_t ctx, uint64_t addr, uint64_t bytes) {
  if (bytes == 0)
    return;
  auto write = [&](uint64_t first, uint64_t last) {
    forEachLineOf(ctx, first, last, [](L2Slice &s, const Where &w) {
      s.access(w.set, w.tag);
      ++s.stats.hostWrites;
    });
  };
  const uint64_t first = addr >> lineShift_, last = (addr + bytes - 1) >> lineShift_;
  const uint64_t span = period() * cfg_.ways;
  if (last - first + 1 <= 2 * span) {
    write(first, last);
    return;
  }
  write(first, first + span - 1);
  const uint64_t from = first + span, to = last - span; // the lines only counted
  const uint64_t periods = (to - from + 1) / period();
  for (L2Slice &s : slices_) {
    s.stats.hostWrites += periods * (period() / cfg_.partitions);
    s.stats.evictions += periods * (period() / cfg_.partitions);
  }
  forEachLineOf(ctx, from + periods * period(), to, [](L2Slice &s, const Where &) {
    ++s.stats.hostWrites;
    ++s.stats.evictions;
  });
  write(last - span + 1, last);
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
