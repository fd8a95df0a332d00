//===-- StackCache.cpp - Per-warp on-chip stack cache ---------------------===//
//
// Per-warp on-chip stack cache with spill storage (ISA.md 5.3).
//
// Stack position d (0 = bottom) lives in on-chip entry d % entries, so the
// first push goes to entry 0, and belongs to logical thread set d / setEntries,
// held by physical set (d / setEntries) % sets. Its spill slot is bytes
// [d * 8, d * 8 + 8) of the spill region. The spill pointer counts the entries,
// from the bottom, whose current value is in spill storage; every position at
// or above it is on chip in a dirty set.
#include "emu/core/StackCache.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <cstring>

namespace simt::emu {
namespace {

constexpr uint32_t kEntryBytes = 8;

void storeLittleEndian64(uint8_t *dst, uint64_t value) {
  if constexpr (std::endian::native == std::endian::little) {
    std::memcpy(dst, &value, sizeof value);
  } else {
    for (int i = 0; i < 8; ++i)
      dst[i] = static_cast<uint8_t>(value >> (8 * i));
  }
}

uint64_t loadLittleEndian64(const uint8_t *src) {
  uint64_t value = 0;
  if constexpr (std::endian::native == std::endian::little) {
    std::memcpy(&value, src, sizeof value);
  } else {
    for (int i = 0; i < 8; ++i)
      value |= static_cast<uint64_t>(src[i]) << (8 * i);
  }
  return value;
}

} // namespace

std::string validateStackCacheConfig(const StackCacheConfig &config) {
  if (config.setEntries == 0)
    return "stack cache: thread set size must be at least 1 entry";
  // Each warp holds its entries on chip: bounded, as a chip's would be.
  if (config.entries > kMaxStackCacheEntries)
    return "stack cache: " + std::to_string(config.entries) + " entries; at most " +
           std::to_string(kMaxStackCacheEntries);
  if (config.entries % config.setEntries != 0)
    return "stack cache: " + std::to_string(config.entries) +
           " entries is not a multiple of the thread set size " +
           std::to_string(config.setEntries);
  if (config.entries / config.setEntries < 2)
    return "stack cache: " + std::to_string(config.entries) +
           " entries make fewer than two thread sets of " +
           std::to_string(config.setEntries);
  return {};
}

void StackCacheStats::add(const StackCacheStats &other) {
  pushes += other.pushes;
  pops += other.pops;
  maxDepth = std::max(maxDepth, other.maxDepth);
  spills += other.spills;
  restores += other.restores;
  stallRestores += other.stallRestores;
  cleanPops += other.cleanPops;
  spillBytes += other.spillBytes;
  restoreBytes += other.restoreBytes;
  stallCycles += other.stallCycles;
}

StackCache::StackCache(const StackCacheConfig &config, std::span<uint8_t> spillRegion)
    : config_(config), entries_(config.entries),
      sets_(config.setEntries ? config.entries / config.setEntries : 0) {
  assert(validateStackCacheConfig(config).empty());
  attach(spillRegion);
}

void StackCache::attach(std::span<uint8_t> spillRegion) {
  spill_ = spillRegion;
  capacity_ = static_cast<uint32_t>(
      std::min<size_t>(spillRegion.size() / kEntryBytes, UINT32_MAX));
  reset();
}

void StackCache::reset() {
  std::fill(sets_.begin(), sets_.end(), SetState{});
  depth_ = 0;
  head_ = config_.entries - 1; // the first push writes head + 1 = entry 0
  spillPointer_ = 0;
}

void StackCache::spillSet(SetState &set) {
  // Sets are spilled whole (one transaction) once the stack has moved past
  // them, so every slot written is below depth_ and inside the region.
  const uint32_t first = set.logicalSet * config_.setEntries;
  const uint32_t entryBase = (first % config_.entries);
  for (uint32_t i = 0; i < config_.setEntries && first + i < depth_; ++i)
    storeLittleEndian64(&spill_[(first + i) * kEntryBytes], entries_[entryBase + i]);
  set.dirty = false;
  spillPointer_ = std::max(spillPointer_, first + config_.setEntries);
  ++stats_.spills;
  stats_.spillBytes += config_.setEntries * kEntryBytes;
}

void StackCache::restoreSet(uint32_t logicalSet, uint64_t issueCycle) {
  // The bytes are copied when the transaction is issued; readyCycle models
  // when they would have landed, which is all a pop can observe.
  const uint32_t first = logicalSet * config_.setEntries;
  const uint32_t entryBase = first % config_.entries;
  assert(first + config_.setEntries <= spillPointer_);
  for (uint32_t i = 0; i < config_.setEntries; ++i)
    entries_[entryBase + i] = loadLittleEndian64(&spill_[(first + i) * kEntryBytes]);
  SetState &set = sets_[physicalSetOf(logicalSet)];
  set = {logicalSet, /*valid=*/true, /*dirty=*/false, issueCycle + config_.spillLatency};
  ++stats_.restores;
  stats_.restoreBytes += config_.setEntries * kEntryBytes;
}

bool StackCache::push(uint64_t raw) {
  if (depth_ >= capacity_)
    return false;
  const uint32_t position = depth_;
  const uint32_t logicalSet = position / config_.setEntries;
  head_ = (head_ + 1) % config_.entries;
  SetState &set = sets_[physicalSetOf(logicalSet)];
  if (position % config_.setEntries == 0) {
    // Entering a set: it is invalid or holds an older set that the spill one
    // ahead already cleaned, so it can be overwritten. This also supersedes
    // a restore still in flight into it.
    assert(!(set.valid && set.dirty));
    set = {logicalSet, /*valid=*/true, /*dirty=*/true, /*readyCycle=*/0};
    // Spill one ahead: the next set in the ring holds the oldest entries; if
    // they are not in spill storage yet, write them now, in the background,
    // so that the ring can wrap onto that set without waiting.
    SetState &next = sets_[physicalSetOf(logicalSet + 1)];
    if (next.valid && next.dirty)
      spillSet(next);
  } else {
    set.dirty = true;
  }
  entries_[head_] = raw;
  ++depth_;
  ++stats_.pushes;
  stats_.maxDepth = std::max<uint64_t>(stats_.maxDepth, depth_);
  return true;
}

StackPopResult StackCache::pop(uint64_t cycle) {
  assert(depth_ > 0);
  if (depth_ == 0)
    return {};
  const uint32_t position = depth_ - 1;
  const uint32_t logicalSet = position / config_.setEntries;
  SetState &set = sets_[physicalSetOf(logicalSet)];

  StackPopResult result;
  if (!holds(set, logicalSet)) {
    // The entry is not on chip (only without restoreAhead): fetch its set
    // now and wait for the whole transaction.
    restoreSet(logicalSet, cycle);
    ++stats_.stallRestores;
    result.stallCycles = config_.spillLatency;
    set.readyCycle = 0;
  } else if (set.readyCycle > cycle) {
    // A restore ahead was issued but has not landed yet.
    ++stats_.stallRestores;
    result.stallCycles = static_cast<uint32_t>(set.readyCycle - cycle);
    set.readyCycle = 0;
  } else {
    set.readyCycle = 0; // landed; the warp never waits for it again
  }
  const uint64_t now = cycle + result.stallCycles;

  result.raw = entries_[head_];
  if (position < spillPointer_) {
    // A clean entry: its spill slot is popped along with it.
    ++stats_.cleanPops;
    spillPointer_ = position;
  }
  --depth_;
  head_ = (head_ + config_.entries - 1) % config_.entries;
  ++stats_.pops;
  stats_.stallCycles += result.stallCycles;

  if (position % config_.setEntries == 0) {
    // This pop emptied its set. The head is now in the set below; restore
    // the set below that one ahead of need if it left the chip.
    set.valid = false;
    set.dirty = false;
    if (config_.restoreAhead && logicalSet >= 2) {
      const uint32_t below = logicalSet - 2;
      if (!holds(sets_[physicalSetOf(below)], below) &&
          spillPointer_ >= (below + 1) * config_.setEntries)
        restoreSet(below, now);
    }
  }
  return result;
}

StackLevelView StackCache::level(uint32_t position) const {
  assert(position < depth_);
  StackLevelView view;
  const uint32_t logicalSet = position / config_.setEntries;
  view.spillOffset = position * kEntryBytes;
  view.inSpill = position < spillPointer_;
  view.onChip = holds(sets_[physicalSetOf(logicalSet)], logicalSet);
  view.entry = position % config_.entries;
  if (view.onChip)
    view.raw = entries_[view.entry];
  else if (view.spillOffset + kEntryBytes <= spill_.size())
    view.raw = loadLittleEndian64(&spill_[view.spillOffset]);
  return view;
}

ThreadSetView StackCache::threadSet(uint32_t physicalSet) const {
  const SetState &set = sets_[physicalSet];
  return {set.valid, set.dirty, set.logicalSet, set.readyCycle};
}

bool StackCache::checkInvariants(std::string *why) const {
  auto fail = [why](std::string message) {
    if (why)
      *why = std::move(message);
    return false;
  };
  const uint32_t setSize = config_.setEntries;
  if (depth_ > capacity_)
    return fail("depth above capacity");
  if (head_ != (depth_ + config_.entries - 1) % config_.entries)
    return fail("head does not point at the top entry");
  if (spillPointer_ > depth_)
    return fail("spill pointer above the top of the stack");
  const uint32_t topSet = depth_ ? (depth_ - 1) / setSize : 0;
  for (uint32_t p = 0; p < numSets(); ++p) {
    const SetState &set = sets_[p];
    if (!set.valid) {
      if (set.dirty)
        return fail("set " + std::to_string(p) + " dirty but invalid");
      continue;
    }
    if (physicalSetOf(set.logicalSet) != p)
      return fail("set " + std::to_string(p) + " holds a set that maps elsewhere");
    if (set.logicalSet * setSize >= depth_)
      return fail("set " + std::to_string(p) + " valid but above the top");
    if (set.logicalSet + numSets() <= topSet)
      return fail("set " + std::to_string(p) + " valid but older than the ring");
  }
  for (uint32_t position = 0; position < depth_; ++position) {
    const uint32_t logicalSet = position / setSize;
    const SetState &set = sets_[physicalSetOf(logicalSet)];
    const bool onChip = holds(set, logicalSet);
    if (position >= spillPointer_ && !(onChip && set.dirty))
      return fail("position " + std::to_string(position) +
                  " above the spill pointer is not on chip and dirty");
    if (onChip && position < spillPointer_ &&
        entries_[position % config_.entries] !=
            loadLittleEndian64(&spill_[position * kEntryBytes]))
      return fail("clean position " + std::to_string(position) +
                  " differs from its spill slot");
  }
  // Restoring one set ahead keeps the head's set and the one below it on chip.
  if (config_.restoreAhead && depth_ > 0) {
    if (!holds(sets_[physicalSetOf(topSet)], topSet))
      return fail("the head's set is not on chip");
    if (topSet > 0 && !holds(sets_[physicalSetOf(topSet - 1)], topSet - 1))
      return fail("the set below the head's set is not on chip");
  }
  return true;
}

} // namespace simt::emu
