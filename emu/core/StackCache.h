//===-- StackCache.h - Per-warp on-chip stack cache -----------------------===//
//
// Per-warp on-chip stack cache with spill storage (ISA.md 5.3).
//
// Models where a warp's SIMT stack entries live, following the stack-cache
// patent: a small circular buffer of 64-bit entries on chip, grouped into thread
// sets that move to and from the warp's spill region in local memory as whole
// sets (one memory transaction each). Spills and one-set-ahead restores run in
// the background; only a pop that needs a set whose restore has not landed yet
// stalls. The spill region is real memory supplied by the runtime, so spilled
// tokens are visible to the debugger and a lost entry shows up as a wrong
// token. This class knows nothing about token semantics: SimtStack
// (emu/core/SimtStack.h) packs tokens and applies the control-flow rules.
//
// Timing: each set transaction takes spillLatency cycles from the cycle it is
// issued, independently of other transactions. Spills never delay the warp.
// A pop whose set has a restore in flight stalls until it lands (that restore
// then counts as a stall restore, once); a pop whose set is not on chip at all
// (possible only without restoreAhead) issues the restore and stalls the full
// latency. Restored bytes are copied when the restore is issued.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace simt::emu {

struct StackCacheConfig {
  uint32_t entries = 8;        // on-chip entries per warp (--stack-cache-entries)
  uint32_t setEntries = 4;     // entries per thread set (--stack-set-entries)
  uint32_t spillLatency = 200; // cycles per set transaction (--stack-spill-latency)
  // When a pop empties a set, restore the set below the new head's set ahead
  // of need, as the patent describes. Turning it off leaves only demand restores
  // (every one of which stalls); it exists for experiments and tests.
  bool restoreAhead = true;
};

// --stack-cache-entries: the most entries a warp's stack cache may have.
inline constexpr uint32_t kMaxStackCacheEntries = 4096;

// Returns an empty string when `config` is usable, else a one-line reason
// suitable for a command-line error ("stack cache: ...").
std::string validateStackCacheConfig(const StackCacheConfig &config);

// The stack_cache object of the statistics JSON (TOOLS.md); forEachField
// gives the stable JSON keys. All counts are per warp, or totals after add().
struct StackCacheStats {
  uint64_t pushes = 0;
  uint64_t pops = 0;
  uint64_t maxDepth = 0;      // deepest the stack got (max over warps in totals)
  uint64_t spills = 0;        // set transactions chip -> spill storage
  uint64_t restores = 0;      // set transactions spill storage -> chip, incl. stallRestores
  uint64_t stallRestores = 0; // restores a pop had to wait for (each counted once)
  uint64_t cleanPops = 0;     // pops of entries that already had a copy in spill storage
                              // (valid+clean on chip, restored or never overwritten);
                              // each moves the spill pointer down past the entry
  uint64_t spillBytes = 0;    // spills * setEntries * 8
  uint64_t restoreBytes = 0;  // restores * setEntries * 8
  uint64_t stallCycles = 0;   // cycles warps waited for restores

  void add(const StackCacheStats &other);

  template <class Visitor> void forEachField(Visitor &&visit) const {
    visit("pushes", pushes);
    visit("pops", pops);
    visit("max_depth", maxDepth);
    visit("spills", spills);
    visit("restores", restores);
    visit("stall_restores", stallRestores);
    visit("clean_pops", cleanPops);
    visit("spill_bytes", spillBytes);
    visit("restore_bytes", restoreBytes);
    visit("stall_cycles", stallCycles);
  }
  bool operator==(const StackCacheStats &) const = default;
};

// Debugger view of one stack level (position 0 is the bottom of the stack).
// A level can be both on chip and in spill storage: a clean entry.
struct StackLevelView {
  uint64_t raw = 0;         // the entry as the warp would pop it now
  bool onChip = false;
  uint32_t entry = 0;       // on-chip entry index, when onChip
  bool inSpill = false;     // spill storage holds it (below the spill pointer)
  uint32_t spillOffset = 0; // byte offset of its slot in the spill region
};

// Debugger view of one physical thread set.
struct ThreadSetView {
  bool valid = false;        // holds unpopped entries
  bool dirty = false;        // holds entries not yet written to spill storage
  uint32_t logicalSet = 0;   // which set of the stack it holds (position / setEntries)
  uint64_t readyCycle = 0;   // a restore into it lands at this cycle (0: nothing pending)
};

struct StackPopResult {
  uint64_t raw = 0;
  uint32_t stallCycles = 0; // the warp waits this long for a restore
};

class StackCache {
public:
  // `config` must pass validateStackCacheConfig. `spillRegion` holds one
  // 8-byte little-endian slot per stack position (position d at byte d * 8),
  // so its size bounds the stack depth; the runtime sizes it maxDepth * 8.
  StackCache(const StackCacheConfig &config, std::span<uint8_t> spillRegion);

  // Binds a new spill region and empties the stack. Statistics are kept.
  void attach(std::span<uint8_t> spillRegion);
  // Empties the stack (a new warp in the same slot). Statistics are kept.
  void reset();
  // The spill region, and moving it: the same bytes now live at `moved` (a
  // cloned CTA's copy, Device::clone); the stack keeps its entries.
  std::span<uint8_t> spillRegion() const { return spill_; }
  void relocateSpillRegion(std::span<uint8_t> moved) { spill_ = moved; }
  void clearStats() { stats_ = {}; }

  // Pushes `raw`; false (and no change) when the spill region has no slot
  // for the new position. Never stalls: a spill it triggers is overlapped.
  bool push(uint64_t raw);
  // Pops the top entry at `cycle`; precondition depth() > 0. The pop may
  // start a restore ahead of need; it stalls only when its own set's restore
  // has not landed by `cycle` (or, without restoreAhead, must be issued now).
  StackPopResult pop(uint64_t cycle);

  uint32_t depth() const { return depth_; }
  uint32_t capacity() const { return capacity_; }
  const StackCacheConfig &config() const { return config_; }
  const StackCacheStats &stats() const { return stats_; }

  // Introspection for the debugger and tests.
  uint32_t head() const { return head_; }                 // entry index of the top
  uint32_t spillPointer() const { return spillPointer_; } // entries held in spill storage
  uint32_t numSets() const { return static_cast<uint32_t>(sets_.size()); }
  StackLevelView level(uint32_t position) const;          // position < depth()
  ThreadSetView threadSet(uint32_t physicalSet) const;    // physicalSet < numSets()
  // Checks the model's invariants; on failure returns false and says why.
  bool checkInvariants(std::string *why) const;

private:
  struct SetState {
    uint32_t logicalSet = 0;
    bool valid = false;
    bool dirty = false;
    uint64_t readyCycle = 0;
  };

  uint32_t physicalSetOf(uint32_t logicalSet) const { return logicalSet % numSets(); }
  bool holds(const SetState &set, uint32_t logicalSet) const {
    return set.valid && set.logicalSet == logicalSet;
  }
  void spillSet(SetState &set);
  void restoreSet(uint32_t logicalSet, uint64_t issueCycle);

  StackCacheConfig config_;
  std::span<uint8_t> spill_;
  uint32_t capacity_ = 0;
  std::vector<uint64_t> entries_;
  std::vector<SetState> sets_;
  uint32_t depth_ = 0;
  uint32_t head_ = 0;
  uint32_t spillPointer_ = 0;
  StackCacheStats stats_;
};

} // namespace simt::emu
