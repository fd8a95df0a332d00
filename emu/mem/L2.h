//===-- L2.h - Memory partitions, memory-side L2 slices, latency model ----===//
//
// ISA.md 7 (patent: interprocessor-cache-writes). Global memory is interleaved
// across `partitions` memory partitions by physical address: the
// `interleave`-byte block holding an address belongs to partition
// (addr / interleave) mod partitions. Each partition has one L2 slice on the
// memory side of the crossbar, so any SM reaches any slice and a line lives in
// exactly one slice: a miss goes to that slice's memory only, never broadcast.
//
// The slices are a tag model (set-associative, LRU): the data itself is
// always the runtime's memory, as for the constant caches. Contexts have
// disjoint address windows, so an address is a physical address; the tag
// also carries the context so that unit tests with overlapping flat memories
// stay apart.
//
// The host writes (buffers, messages, flags) go into the slices directly,
// the way the patent's CPU writes messages into the processing cores' caches:
// hostWrite() allocates the lines and counts host writes; an SM load then
// hits there.
//
// Latency (T = memLatency, the patent's system-memory latency): an SM reading
// its own L2 takes T/5, its own memory (an L2 miss) T; writes are pipelined
// (+1 cycle per further write of a group); reads are not. The per-warp
// charge is computed once per warp-instruction over its distinct lines
// (Sm::globalAccess): a load or atomic waits for its slowest line plus one
// cycle per further line; a store is posted and costs one cycle per further
// line. T = 0 turns the charge off (the counts stay).
//
// messageTiming() is the patent's Table 1 (ISA.md 7): a host-to-device message
// of K words plus a ready flag under four configurations, with the patent's own
// relative costs, reproduced literally.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "emu/mem/CacheLineAllocator.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace simt::emu {

struct L2Config {
  uint32_t partitions = 6;        // --partitions (Fermi GF100: six 64-bit partitions)
  uint32_t interleave = 256;      // --partition-bytes: interleave granularity
  uint32_t sliceBytes = 128 * 1024; // --l2-slice-bytes: per partition (GF100: 768 KiB / 6)
  uint32_t lineBytes = 128;       // --l2-line
  uint32_t ways = 16;             // --l2-ways
  uint32_t memLatency = 250;      // --mem-latency: T (the patent's typical value); 0: no charge

  /// "" if usable, else a one-line message.
  std::string validate() const;
};

enum class MemOp : uint8_t { Read, Write, Atomic };

struct L2SliceStats {
  uint64_t hits = 0;
  uint64_t misses = 0;
  uint64_t hostWrites = 0; // lines written by the host
  uint64_t evictions = 0;
  void count(bool hit) { ++(hit ? hits : misses); }
  void add(const L2SliceStats &o) {
    hits += o.hits;
    misses += o.misses;
    hostWrites += o.hostWrites;
    evictions += o.evictions;
  }
};

/// One partition's L2 slice: set-associative tags with LRU replacement. Its
/// state and counters share no cache line with another slice's (a parallel
/// epoch's commit replays slices on different threads).
class alignas(kCacheLine) L2Slice {
public:
  L2Slice(uint32_t sets, uint32_t ways);
  /// Looks `line` up in `set`; a miss allocates it (evicting the LRU way).
  bool access(uint32_t set, uint64_t tag);
  bool contains(uint32_t set, uint64_t tag) const;
  /// Drops the line if present (the host wrote memory behind the cache).
  void invalidate(uint32_t set, uint64_t tag);
  L2SliceStats stats;

private:
  /// Each set is a ring of `ways_` tags: recency position p (0 = the most
  /// recent) is at slot (head + p) mod ways, the first `fill` positions
  /// taken. A miss writes the new line into the slot before the head (the
  /// least recent line's, or a free one) and moves the head there: no shift.
  uint32_t slotOf(uint32_t set, uint32_t p) const {
    const uint32_t s = head_[set] + p;
    return s < ways_ ? s : s - ways_;
  }
  /// The slot holding `tag` in `set`, or -1.
  int findSlot(uint32_t set, uint64_t tag) const;
  /// Slots [from, from + count) of `set` move one slot on.
  void shiftRun(uint32_t set, uint32_t from, uint32_t count);
  /// Slot `slot` of `set` holds `tag` (0: free).
  void put(uint32_t set, uint32_t slot, uint64_t tag);

  uint32_t ways_;
  uint32_t sigStride_;                // signature bytes per set: ways rounded up to 8
  LineVector<uint64_t> tags_;        // sets * ways
  LineVector<uint8_t> sigs_;         // a byte of each slot's tag, mixed (findSlot)
  LineVector<uint8_t> head_, fill_;  // per set
};

/// The memory side of the crossbar: every partition's slice.
class L2System {
public:
  explicit L2System(const L2Config &cfg = {});

  const L2Config &config() const { return cfg_; }
  uint32_t lineShift() const { return lineShift_; }
  uint32_t partitions() const { return cfg_.partitions; }

  /// The partition (= slice) that holds `addr`.
  uint32_t partitionOf(uint64_t addr) const {
    return static_cast<uint32_t>((addr >> interleaveShift_) % cfg_.partitions);
  }

  /// One SM access to line `line` (= addr >> lineShift()) of context `ctx`;
  /// returns its latency in cycles (0 with T = 0) and whether it hit.
  uint32_t access(uint32_t ctx, uint64_t line, MemOp op, bool &hit);
  uint32_t access(uint32_t ctx, uint64_t line, MemOp op) {
    bool hit;
    return access(ctx, line, op, hit);
  }
  /// The host writes [addr, addr + bytes) into the slices (every line touched
  /// is allocated and counted as a host write), in time bounded by the
  /// slices' size rather than the write's.
  void hostWrite(uint32_t ctx, uint64_t addr, uint64_t bytes);
  /// The host writes memory behind the slices (their copies are dropped).
  void hostWriteMemory(uint32_t ctx, uint64_t addr, uint64_t bytes);
  /// Where line `line` of `ctx` lives: its slice, set and tag.
  struct Where {
    uint32_t slice, set;
    uint64_t tag;
  };
  Where locate(uint32_t ctx, uint64_t line) const;
  /// Whether the line is in its slice (no state changes: SMs isolated in a
  /// parallel epoch ask it concurrently, emu/core/SmEpoch.h).
  bool holds(const Where &w) const { return slices_[w.slice].contains(w.set, w.tag); }
  /// An access an isolated SM made (its outcome `hit` decided then): the
  /// tags change as access() changes them, and `hit` is what is counted.
  void replay(const Where &w, bool hit) {
    L2Slice &s = slices_[w.slice];
    s.access(w.set, w.tag);
    s.stats.count(hit);
  }
  /// The latency of an access with outcome `hit` (0 with T = 0).
  uint32_t latency(bool hit, MemOp op) const {
    if (op == MemOp::Write)
      return 1; // posted: one pipelined write
    return hit ? hitLatency() : missLatency();
  }
  /// Whether the line of `addr` is in its slice (tests, the debugger).
  bool contains(uint32_t ctx, uint64_t addr) const;

  // Latencies (cycles) seen by an SM.
  uint32_t hitLatency() const { return cfg_.memLatency / 5; }  // own L2: T/5
  uint32_t missLatency() const { return cfg_.memLatency; }     // own memory: T

  const L2SliceStats &sliceStats(uint32_t p) const { return slices_[p].stats; }
  L2SliceStats totalStats() const;
  void resetStats();

private:
  /// Calls fn(slice, where) for every line of [addr, addr + bytes).
  template <class Fn> void forEachLine(uint32_t ctx, uint64_t addr, uint64_t bytes, Fn fn);
  /// The same for lines first..last.
  template <class Fn> void forEachLineOf(uint32_t ctx, uint64_t first, uint64_t last, Fn fn);
  /// The lines after which locate()'s slice and set repeat.
  uint64_t period() const;

  L2Config cfg_;
  uint32_t lineShift_ = 7, interleaveShift_ = 8, linesPerBlockShift_ = 1;
  uint32_t sets_ = 1;
  std::vector<L2Slice> slices_;
};

//===-- The patent's Table 1 ----------------------------------------------===//

/// Where the producer (the CPU) puts a message for a consumer (an SM).
enum class MessageVia : uint8_t {
  SystemMemory, // the CPU's own memory
  DeviceMemory, // the device's memory (PP memory)
  CpuL2,        // the CPU's own L2 cache
  DeviceL2,     // the device's memory-side L2 slices
};

const char *messageViaName(MessageVia v); // "system", "device", "cpu_l2", "device_l2"
std::optional<MessageVia> parseMessageVia(std::string_view s);

/// Cycle counts in fifths of a cycle (T/5 is exact for every T).
struct MessageTiming {
  MessageVia via = MessageVia::DeviceL2;
  uint64_t words = 0;   // K
  uint64_t latency = 0; // T
  uint64_t writeFifths = 0; // producer: K words + the flag, one pipelined group
  uint64_t flagFifths = 0;  // consumer: reads the ready flag
  uint64_t readFifths = 0;  // consumer: reads the K words, one at a time
  uint64_t totalFifths() const { return writeFifths + flagFifths + readFifths; }
  /// "message K=16 via=device_l2 T=25: write 47 + flag 5 + read 80 = 132 cycles"
  std::string format() const;
};

/// A message of `words` words plus its ready flag under `via`, latency T:
///   system    (T + K + 1) + 2T + 2KT
///   device    (2T + K + 1) + T + KT
///   cpu_l2    (T/5 + K + 1) + 6T/5 + 12KT/5
///   device_l2 (6T/5 + K + 1) + T/5 + KT/5
/// A group of writes costs its first write's latency plus one cycle per
/// write; each read is unpipelined. The producer is the CPU: T to its own
/// memory, T/5 to its L2, 2T to the device's memory, 6T/5 to a device L2
/// slice. The consumer is an SM: 2T to system memory, 6T/5 to the CPU's L2
/// (a message word through it is charged twice that, the patent's 12KT/5), T to
/// device memory, T/5 to its L2 slices.
MessageTiming messageTiming(MessageVia via, uint64_t words, uint64_t latency);

/// "47" or "87.4": fifths of a cycle as decimal cycles.
std::string formatFifths(uint64_t fifths);

} // namespace simt::emu
