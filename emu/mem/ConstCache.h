//===-- ConstCache.h - Versioned constant-cache model (patent) --*- C++ -*-===//
//
// The constant caches of the patent "shader cache using a coherency protocol"
// (ISA.md section 6): per-SM L1 constant caches, one shared L2, an L2 backup,
// and the controller that keeps them coherent while constant commands arrive
// during running grids. Two embodiments, ConstCoherence::Oldest (the L2 holds
// the oldest version still in use) and ConstCoherence::Backup (the L2 holds
// the current version, the L2 backup older versions still in use). The model
// carries real bytes, so that what it would return can be compared with the
// ConstStore (the truth) on every access: values handed to the emulator
// always come from the store, and in builds without NDEBUG every access
// asserts that the modeled line equals the store's bytes for that version.
//
//===----------------------------------------------------------------------===//
//
// Model summary (the header is the reference; ConstCache.cpp follows it).
//
// * Memory is the ConstStore: it holds every live version (the runtime keeps
//   each version in device memory), so any level can always be refilled for
//   the version that needs it. An L2 miss costs memoryLatency.
// * Lines: `lineBytes` (64) per line, fully associative, LRU. Line ids cover
//   banks 2..15 only; banks 0/1 are not modeled here (see accessLine).
// * Versions and tags: every SM has a version tag (absolute version ids; the
//   patent's relative tags, "0 = current", are current() - tag). An SM runs
//   CTAs of one version at a time: smBegin(sm, v) on an inactive SM (re)tags
//   it; a CTA of another version must wait for smDrained(sm).
// * The controller knows, per line, which versions' commands wrote it (the
//   patent's dirty bits, kept exactly), so "line L is the same in versions a and
//   b" is decided without looking at the store. Invariants: every L1 line is
//   valid for its SM's tag, every L2 line for the L2's version, every backup
//   line for its tag. A line is *dirty* in an L1 when it differs from the
//   L2's version (it must move to L2 when the L2 catches up); it is *locked*
//   when the controller wrote it (command write or L1-to-L1 copy) and it is
//   still dirty. A locked line is never chosen for LRU replacement.
//
// Oldest (FIG. 2-4):
// * A constant command is written into the L1 of every inactive SM (write-
//   allocate, the rest of the line from L2 or memory), locked and dirty; those
//   SMs take the pending version's tag (not coherent with L2). Active SMs keep
//   their version. An inactive L1 whose lines are all locked skips the write.
// * After every event the controller (a) re-tags each inactive SM whose tag
//   is not current(): from the L1 of an SM already at current() (active ones
//   first) it copies the dirty lines that changed between the two versions
//   (l1_to_l1_copies, locked in the target) and invalidates the SM's other
//   lines that changed; (b) while no one uses the L2's version (no active SM
//   tagged with it, no grid bound to it), advances the L2 to the oldest
//   version in use (else the newest sealed one): the dirty lines of an L1 at
//   that version move to L2
//   (l1_to_l2_copies), L2 lines that changed and were not supplied are
//   invalidated, and L1s clear dirty bits and unlock what is now in L2.
// * L1 miss: a line unchanged between the L2's version and the SM's goes to
//   L2 (hit, or miss filled from memory at the L2's version); a line that
//   changed is a version mismatch, an L2 miss served from memory at the SM's
//   version ("cache misses of L2 result when other versions are requested").
// * A miss into an L1 whose lines are all locked is a locked stall
//   (locked_stalls): the SM waits until a line can move. The patent waits until
//   the L2 reaches the SM's version, which with concurrent (possibly
//   persistent) grids may never happen; since memory here is versioned, the
//   model instead moves the LRU locked line back to memory, charging
//   lockedStallLatency on top of the miss, and then allocates.
//
// Backup (FIG. 5-7):
// * The L2 holds current(), the pending version included: a command is
//   written into L2 (write-allocate) and into the L1s of inactive SMs. Before
//   the first write of a version overwrites an L2 line whose old data some
//   version in use still reads, that line is copied to the L2 backup tagged
//   with the version it belongs to. The L1 writes are coherent with L2 at
//   once, so they are never locked and locked_stalls stays 0.
// * An SM that drains with a tag other than the L2's has its L1 invalidated
//   and takes the L2's version (no L1-to-L1 or L1-to-L2 copies here).
// * L1 miss carries the SM's version: the L2 serves it when the line is the
//   same in both versions, else the L2 backup (a line valid for that version)
//   serves it, else memory at the SM's version, and the line enters the
//   backup (LRU eviction when full: later requests re-fetch). Backup hits
//   count as l2_hits, backup misses as l2_misses.
// * After every event, backup lines that no version in use reads any more
//   are retired (backup_retired counts lines).
//
// Both: "in use" = tagged on an active SM or bound to a grid that still holds
// its ConstStore reference. smBegin on an inactive SM tagged with another
// version (a late CTA of an older grid) re-tags it: Oldest as in (a) above,
// Backup by invalidating the lines that differ. Latency of an access: L1 hit
// l1HitLatency; served by L2 or backup l2HitLatency; by memory memoryLatency;
// plus lockedStallLatency for a locked stall. Controller operations (command
// writes and their line fills, copies, retirements) cost the SMs nothing and
// count as no hit or miss: they happen beside execution, as in the patent.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "emu/mem/ConstStore.h"

#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace simt::emu {

/// --const-coherence=oldest|backup
enum class ConstCoherence : uint8_t { Oldest, Backup };
const char *toString(ConstCoherence c);
std::optional<ConstCoherence> parseConstCoherence(std::string_view name);

/// Configuration; defaults are ISA.md section 6. Sizes in bytes.
struct ConstCacheConfig {
  unsigned numSMs = 4;
  ConstCoherence coherence = ConstCoherence::Oldest;
  uint32_t lineBytes = 64;           ///< --const-line: power of two, 16..65536
  uint32_t l1Bytes = 2 * 1024;       ///< --const-l1: >= 1 line, whole lines
  uint32_t l2Bytes = 32 * 1024;      ///< --const-l2: >= 1 line, whole lines
  uint32_t l2BackupBytes = 32 * 1024; ///< whole lines; 0 = no backup storage
  uint32_t l1HitLatency = 1;
  uint32_t l2HitLatency = 20;
  uint32_t memoryLatency = 200;
  uint32_t lockedStallLatency = 200; ///< extra cycles of a locked stall

  /// "" if usable, else a message naming the offending setting.
  std::string validate() const;
};

/// TOOLS.md's `const_cache` object, field for field.
struct ConstCacheStats {
  uint64_t l1_hits = 0;
  uint64_t l1_misses = 0;
  uint64_t l2_hits = 0;   ///< served by the L2 or the L2 backup
  uint64_t l2_misses = 0; ///< served by memory
  /// Most versions in use at once (see "in use" above); per SM, the most
  /// seen while that SM was active.
  uint64_t versions_live_max = 0;
  uint64_t l1_to_l1_copies = 0; ///< lines; counted on the receiving SM
  uint64_t l1_to_l2_copies = 0; ///< lines; counted on the supplying SM
  uint64_t locked_stalls = 0;
  uint64_t backup_retired = 0; ///< backup lines retired (device-wide only)

  /// Sums the counters; versions_live_max takes the maximum.
  void merge(const ConstCacheStats &other);
  bool operator==(const ConstCacheStats &) const = default;
};

/// One cached line, for the debugger.
struct ConstLineInfo {
  unsigned bank = 0;
  uint32_t offset = 0;       ///< line base offset within the bank
  ConstVersion version = 0;  ///< version the data was captured at
  bool dirty = false;
  bool locked = false;
};

struct ConstSmInfo {
  unsigned sm = 0;
  bool active = false;
  ConstVersion version = 0; ///< the SM's version tag
  bool coherent = false;    ///< tag equals the L2's version (patent: "valid")
  std::vector<ConstLineInfo> l1; ///< most recently used first
};

struct ConstCacheSnapshot {
  ConstCoherence coherence = ConstCoherence::Oldest;
  ConstVersion current = 0;    ///< newest version (pending if open)
  ConstVersion l2Version = 0;
  std::vector<ConstSmInfo> sms;
  std::vector<ConstLineInfo> l2;     ///< most recently used first
  std::vector<ConstLineInfo> backup; ///< most recently used first
  std::vector<ConstVersion> backupVersions; ///< distinct, ascending
  std::vector<ConstVersion> liveVersions;   ///< in the store, ascending
  std::vector<ConstVersion> inUseVersions;  ///< see "in use", ascending
};

namespace detail {
/// A fully associative LRU array of lines with their bytes (internal).
class ConstLineSet {
public:
  struct Slot {
    uint64_t key = 0;
    ConstVersion version = 0;
    bool dirty = false, locked = false;
    int32_t prev = -1, next = -1; ///< LRU list, head = most recent
  };

  void init(uint32_t lines, uint32_t lineBytes);
  int32_t find(uint64_t key) const {
    auto it = map_.find(key);
    return it == map_.end() ? -1 : it->second;
  }
  void touch(int32_t s);
  /// A slot for `key` (not present): a free one, else the LRU unlocked one
  /// (its old key in *evicted). -1 if every slot is locked (or none exist).
  int32_t allocate(uint64_t key, std::optional<uint64_t> *evicted = nullptr);
  /// Drops the least recently used line, locked or not.
  void evictLru(std::optional<uint64_t> *evicted = nullptr);
  void erase(int32_t s);
  void clear();
  Slot &slot(int32_t s) { return slots_[s]; }
  const Slot &slot(int32_t s) const { return slots_[s]; }
  uint8_t *data(int32_t s) { return bytes_.data() + size_t(s) * lineBytes_; }
  const uint8_t *data(int32_t s) const {
    return bytes_.data() + size_t(s) * lineBytes_;
  }
  uint32_t capacity() const { return uint32_t(slots_.size()); }
  uint32_t size() const { return uint32_t(map_.size()); }
  /// Valid slots, most recently used first.
  std::vector<int32_t> order() const;

private:
  void unlink(int32_t s);
  void pushFront(int32_t s);

  std::vector<Slot> slots_;
  std::vector<uint8_t> bytes_;
  std::unordered_map<uint64_t, int32_t> map_;
  std::vector<int32_t> free_;
  int32_t head_ = -1, tail_ = -1;
  uint32_t lineBytes_ = 0;
};
} // namespace detail

/// The controller with its caches. Single-threaded; the ConstStore must
/// outlive it. Once attached, every constant command, bind and grid release
/// must go through this object (it forwards them to the store and reacts);
/// a command written to the store behind its back is detected (asserted).
class ConstCache {
public:
  /// Throws std::invalid_argument with cfg.validate()'s message if invalid.
  ConstCache(ConstStore &store, const ConstCacheConfig &cfg);
  ~ConstCache();
  ConstCache(const ConstCache &) = delete;
  ConstCache &operator=(const ConstCache &) = delete;
  /// A copy of `o` working on `store`, a copy of o.store() (a debugger
  /// checkpoint): the version references o holds are already counted there.
  ConstCache(const ConstCache &o, ConstStore &store);

  //--- Host command stream (runtime) ----------------------------------------

  /// A constant command; "" on success, else the store's error (bank 0/1,
  /// range), and nothing changes.
  [[nodiscard]] std::string constantCommand(unsigned bank, uint32_t offset,
                                            std::span<const uint8_t> bytes);
  /// A launch binds the current version (ConstStore::bind); the grid holds
  /// the returned reference until release().
  ConstVersion bind();
  /// The grid bound to `v` has finished. False if it held no reference.
  bool release(ConstVersion v);

  //--- CTA scheduler ---------------------------------------------------------

  /// Whether `sm` may start a CTA bound to `v` now: it is inactive, or
  /// already running `v`.
  bool canRunVersion(unsigned sm, ConstVersion v) const {
    const SmState &s = sms_[sm];
    return !s.active || s.tag == v;
  }
  /// Whether `sm` is running CTAs bound to `v` (so that it may start more
  /// without smBegin).
  bool runs(unsigned sm, ConstVersion v) const {
    const SmState &s = sms_[sm];
    return s.active && s.tag == v;
  }
  /// The SM starts (another) CTA bound to live version `v`. Idempotent while
  /// the SM runs `v`; false (nothing changes) if it runs another version or
  /// `v` is not live.
  bool smBegin(unsigned sm, ConstVersion v);
  /// The SM has no CTA left: it becomes inactive. No-op if already inactive.
  void smDrained(unsigned sm);

  //--- Access path (emulator) -------------------------------------------------

  /// Models one access by `sm` (running version `v`, see smBegin) to the
  /// line holding c[bank][offset], bank 2..15: call once per
  /// warp-instruction per distinct line touched. Returns the latency in
  /// cycles. Banks 0/1 are not modeled (the caller reads them from the
  /// launch block / runtime bank and may charge config().l1HitLatency).
  uint32_t accessLine(unsigned sm, ConstVersion v, unsigned bank,
                      uint32_t offset);
  /// accessLine() plus the 32-bit value from the store (the value never
  /// comes from the model): for a uniform c[bank][offset] operand.
  uint32_t read32(unsigned sm, ConstVersion v, unsigned bank, uint32_t offset,
                  uint32_t &latencyCycles) {
    latencyCycles = accessLine(sm, v, bank, offset);
    return store_.read32(v, bank, offset);
  }
  /// A value without modeling an access (other lanes of a line accessed
  /// with accessLine).
  uint32_t value32(ConstVersion v, unsigned bank, uint32_t offset) const {
    return store_.read32(v, bank, offset);
  }

  //--- Statistics --------------------------------------------------------------

  const ConstCacheStats &smStats(unsigned sm) const { return sms_[sm].stats; }
  /// All SMs merged with the device-wide counters (backup_retired,
  /// versions_live_max over all time).
  ConstCacheStats totalStats() const;
  void resetStats();

  //--- Introspection (debugger) ------------------------------------------------

  bool smActive(unsigned sm) const { return sms_[sm].active; }
  ConstVersion smVersion(unsigned sm) const { return sms_[sm].tag; }
  ConstVersion l2Version() const { return l2ver_; }
  std::vector<ConstVersion> inUseVersions() const;
  ConstCacheSnapshot snapshot() const;
  /// Checks every cached line of every level against the store (for the
  /// version(s) it claims to serve) and the protocol invariants; on failure
  /// returns false and describes the first problem in *why.
  bool verify(std::string *why = nullptr) const;

  const ConstCacheConfig &config() const { return cfg_; }
  const ConstStore &store() const { return store_; }

private:
  struct SmState {
    bool active = false;
    ConstVersion tag = 0;
    detail::ConstLineSet l1;
    ConstCacheStats stats;
  };

  uint32_t lineId(unsigned bank, uint32_t offset) const {
    return (bank - limits::kFirstUserConstBank) * linesPerBank_ + offset / cfg_.lineBytes;
  }
  unsigned lineBank(uint32_t id) const {
    return limits::kFirstUserConstBank + id / linesPerBank_;
  }
  uint32_t lineOffset(uint32_t id) const {
    return (id % linesPerBank_) * cfg_.lineBytes;
  }
  bool changed(uint32_t id, ConstVersion a, ConstVersion b) const;
  void readMemory(ConstVersion v, uint32_t id, uint8_t *dst) const;
  bool matchesStore(ConstVersion v, uint32_t id, const uint8_t *data) const;
  void recordWrite(uint32_t id, ConstVersion v);
  bool inUse(ConstVersion v) const;
  void holdRef(ConstVersion v);
  void dropRef(ConstVersion v);
  int pickSource(unsigned exclude, ConstVersion v) const;

  void writeLineOldest(uint32_t id, uint32_t at, std::span<const uint8_t> b,
                       ConstVersion p);
  void writeLineBackup(uint32_t id, uint32_t at, std::span<const uint8_t> b,
                       ConstVersion p, const std::vector<ConstVersion> &used);
  void retarget(unsigned sm, ConstVersion to);
  void refreshFlags(SmState &s);
  void advanceL2();
  void retireBackup();
  int32_t backupFind(uint32_t id, ConstVersion v) const;
  void backupInsert(uint32_t id, ConstVersion v, const uint8_t *data);
  void backupErase(int32_t slot);
  void settle();
  void prune();
  void checkStoreSync() const;
  ConstLineInfo lineInfo(const detail::ConstLineSet &set, int32_t s,
                         bool backupKey) const;

  // ConstCache(const ConstCache &, ConstStore &) copies every member: keep
  // it in step.
  ConstStore &store_;
  ConstCacheConfig cfg_;
  uint32_t linesPerBank_ = 0;
  std::vector<SmState> sms_;
  detail::ConstLineSet l2_;
  ConstVersion l2ver_ = 0;
  detail::ConstLineSet backup_; ///< key = version << 32 | line id
  std::unordered_map<uint32_t, std::vector<int32_t>> backupByLine_;
  ConstVersion cur_ = 0;       ///< store.current() as last seen
  ConstVersion attached_ = 0;  ///< history before this is unknown: "changed"
  uint64_t storeWrites_ = 0;   ///< store.writeCount() as last seen
  /// line id -> ascending versions whose commands wrote that line
  std::unordered_map<uint32_t, std::vector<ConstVersion>> writes_;
  size_t writeEntries_ = 0, pruneAt_ = 4096;
  std::map<ConstVersion, uint32_t> activeAt_; ///< active SMs per version
  ConstCacheStats device_; ///< backup_retired, versions_live_max
  std::vector<uint8_t> scratch_;
};

} // namespace simt::emu
