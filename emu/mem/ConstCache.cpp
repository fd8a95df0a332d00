//===-- ConstCache.cpp - Versioned constant-cache model (patent) ----------===//
//
// The controller of the constant-cache patent and its L1s, L2 and L2 backup,
// in the two embodiments described in ConstCache.h. Every structure keeps
// the invariant "a cached line holds the bytes of the version it serves";
// the controller's per-line write history decides which versions a line is
// the same in, and the debug checks compare each served line with the store.
//
//===----------------------------------------------------------------------===//
#include "emu/mem/ConstCache.h"

#include <algorithm>
#include <cassert>
#include <cstring>
#include <stdexcept>
#include <unordered_set>

namespace simt::emu {

namespace {
bool isPow2(uint64_t x) { return x && !(x & (x - 1)); }
constexpr uint64_t backupKey(uint32_t id, ConstVersion v) {
  return uint64_t(v) << 32 | id;
}
constexpr uint32_t keyLine(uint64_t key) { return uint32_t(key); }
constexpr uint64_t kMaxCacheBytes = 64ull << 20;
} // namespace

//===----------------------------------------------------------------------===//
// Configuration, statistics
//===----------------------------------------------------------------------===//

const char *toString(ConstCoherence c) {
  return c == ConstCoherence::Oldest ? "oldest" : "backup";
}

std::optional<ConstCoherence> parseConstCoherence(std::string_view name) {
  if (name == "oldest")
    return ConstCoherence::Oldest;
  if (name == "backup")
    return ConstCoherence::Backup;
  return std::nullopt;
}

std::string ConstCacheConfig::validate() const {
  if (numSMs == 0 || numSMs > 4096)
    return "constant cache: the number of SMs must be 1..4096 (got " +
           std::to_string(numSMs) + ")";
  if (!isPow2(lineBytes) || lineBytes < 16 || lineBytes > kConstBankBytes)
    return "--const-line must be a power of two from 16 to 65536 bytes (got " +
           std::to_string(lineBytes) + ")";
  auto wholeLines = [&](const char *what, uint32_t bytes,
                        bool allowZero) -> std::string {
    if ((!allowZero && bytes < lineBytes) || bytes % lineBytes ||
        bytes > kMaxCacheBytes)
      return std::string(what) + " must be " +
             (allowZero ? "a" : "a positive") + " multiple of the " +
             std::to_string(lineBytes) + "-byte line, at most 64 MiB (got " +
             std::to_string(bytes) + ")";
    return {};
  };
  if (std::string e = wholeLines("--const-l1", l1Bytes, false); !e.empty())
    return e;
  if (std::string e = wholeLines("--const-l2", l2Bytes, false); !e.empty())
    return e;
  if (std::string e = wholeLines("--const-l2-backup", l2BackupBytes, true);
      !e.empty())
    return e;
  return {};
}

void ConstCacheStats::merge(const ConstCacheStats &o) {
  l1_hits += o.l1_hits;
  l1_misses += o.l1_misses;
  l2_hits += o.l2_hits;
  l2_misses += o.l2_misses;
  versions_live_max = std::max(versions_live_max, o.versions_live_max);
  l1_to_l1_copies += o.l1_to_l1_copies;
  l1_to_l2_copies += o.l1_to_l2_copies;
  locked_stalls += o.locked_stalls;
  backup_retired += o.backup_retired;
}

//===----------------------------------------------------------------------===//
// ConstLineSet: fully associative LRU storage
//===----------------------------------------------------------------------===//

namespace detail {

void ConstLineSet::init(uint32_t lines, uint32_t lineBytes) {
  slots_.assign(lines, Slot{});
  bytes_.assign(size_t(lines) * lineBytes, 0);
  lineBytes_ = lineBytes;
  clear();
}

void ConstLineSet::clear() {
  map_.clear();
  free_.clear();
  for (uint32_t i = capacity(); i-- > 0;) {
    slots_[i] = Slot{};
    free_.push_back(int32_t(i));
  }
  head_ = tail_ = -1;
}

void ConstLineSet::unlink(int32_t s) {
  Slot &x = slots_[s];
  (x.prev >= 0 ? slots_[x.prev].next : head_) = x.next;
  (x.next >= 0 ? slots_[x.next].prev : tail_) = x.prev;
  x.prev = x.next = -1;
}

void ConstLineSet::pushFront(int32_t s) {
  Slot &x = slots_[s];
  x.prev = -1;
  x.next = head_;
  (head_ >= 0 ? slots_[head_].prev : tail_) = s;
  head_ = s;
}

void ConstLineSet::touch(int32_t s) {
  if (head_ != s) {
    unlink(s);
    pushFront(s);
  }
}

int32_t ConstLineSet::allocate(uint64_t key,
                               std::optional<uint64_t> *evicted) {
  assert(find(key) < 0 && "ConstLineSet::allocate: key already present");
  int32_t s = -1;
  if (!free_.empty()) {
    s = free_.back();
    free_.pop_back();
  } else {
    for (int32_t c = tail_; c >= 0; c = slots_[c].prev)
      if (!slots_[c].locked) {
        s = c;
        break;
      }
    if (s < 0)
      return -1;
    if (evicted)
      *evicted = slots_[s].key;
    map_.erase(slots_[s].key);
    unlink(s);
  }
  Slot &x = slots_[s];
  x.key = key;
  x.version = 0;
  x.dirty = x.locked = false;
  map_.emplace(key, s);
  pushFront(s);
  return s;
}

void ConstLineSet::evictLru(std::optional<uint64_t> *evicted) {
  if (tail_ < 0)
    return;
  if (evicted)
    *evicted = slots_[tail_].key;
  erase(tail_);
}

void ConstLineSet::erase(int32_t s) {
  map_.erase(slots_[s].key);
  unlink(s);
  slots_[s] = Slot{};
  free_.push_back(s);
}

std::vector<int32_t> ConstLineSet::order() const {
  std::vector<int32_t> out;
  out.reserve(map_.size());
  for (int32_t s = head_; s >= 0; s = slots_[s].next)
    out.push_back(s);
  return out;
}

} // namespace detail

//===----------------------------------------------------------------------===//
// Construction, bookkeeping
//===----------------------------------------------------------------------===//

ConstCache::ConstCache(ConstStore &store, const ConstCacheConfig &cfg)
    : store_(store), cfg_(cfg) {
  if (std::string err = cfg.validate(); !err.empty())
    throw std::invalid_argument(err);
  linesPerBank_ = kConstBankBytes / cfg.lineBytes;
  sms_.resize(cfg.numSMs);
  for (SmState &s : sms_)
    s.l1.init(cfg.l1Bytes / cfg.lineBytes, cfg.lineBytes);
  l2_.init(cfg.l2Bytes / cfg.lineBytes, cfg.lineBytes);
  backup_.init(cfg.coherence == ConstCoherence::Backup
                   ? cfg.l2BackupBytes / cfg.lineBytes
                   : 0,
               cfg.lineBytes);
  scratch_.resize(cfg.lineBytes);
  cur_ = attached_ = store.current();
  storeWrites_ = store.writeCount();
  // Oldest never puts the pending version in L2 (only L1s receive commands).
  l2ver_ = cfg.coherence == ConstCoherence::Backup ? cur_ : store.latestSealed();
  holdRef(l2ver_);
  for (SmState &s : sms_)
    s.tag = cur_;
  settle();
}

ConstCache::ConstCache(const ConstCache &o, ConstStore &store)
    : store_(store), cfg_(o.cfg_), linesPerBank_(o.linesPerBank_), sms_(o.sms_), l2_(o.l2_),
      l2ver_(o.l2ver_), backup_(o.backup_), backupByLine_(o.backupByLine_), cur_(o.cur_),
      attached_(o.attached_), storeWrites_(o.storeWrites_), writes_(o.writes_),
      writeEntries_(o.writeEntries_), pruneAt_(o.pruneAt_), activeAt_(o.activeAt_),
      device_(o.device_), scratch_(o.scratch_) {}

ConstCache::~ConstCache() {
  for (SmState &s : sms_)
    if (s.active)
      store_.release(s.tag);
  store_.release(l2ver_);
}

void ConstCache::holdRef(ConstVersion v) {
  [[maybe_unused]] bool ok = store_.acquire(v);
  assert(ok && "ConstCache: referencing a retired version");
}

void ConstCache::dropRef(ConstVersion v) {
  [[maybe_unused]] bool ok = store_.release(v);
  assert(ok && "ConstCache: releasing a version it did not hold");
}

void ConstCache::checkStoreSync() const {
  assert(store_.writeCount() == storeWrites_ &&
         "constant commands must go through ConstCache::constantCommand");
}

bool ConstCache::changed(uint32_t id, ConstVersion a, ConstVersion b) const {
  if (a == b)
    return false;
  if (a > b)
    std::swap(a, b);
  if (a < attached_)
    return true; // history from before this cache existed is unknown
  auto it = writes_.find(id);
  if (it == writes_.end())
    return false;
  auto p = std::upper_bound(it->second.begin(), it->second.end(), a);
  return p != it->second.end() && *p <= b;
}

void ConstCache::recordWrite(uint32_t id, ConstVersion v) {
  std::vector<ConstVersion> &h = writes_[id];
  if (h.empty() || h.back() != v) {
    h.push_back(v);
    ++writeEntries_;
  }
}

void ConstCache::readMemory(ConstVersion v, uint32_t id, uint8_t *dst) const {
  [[maybe_unused]] bool ok =
      store_.read(v, lineBank(id), lineOffset(id), dst, cfg_.lineBytes);
  assert(ok && "ConstCache: memory read of a retired version");
}

bool ConstCache::matchesStore(ConstVersion v, uint32_t id,
                              const uint8_t *data) const {
  // Compare in 256-byte pieces so that no check allocates.
  uint8_t truth[ConstStore::kPageBytes];
  for (uint32_t done = 0; done < cfg_.lineBytes; done += sizeof truth) {
    const uint32_t n = std::min<uint32_t>(sizeof truth, cfg_.lineBytes - done);
    if (!store_.read(v, lineBank(id), lineOffset(id) + done, truth, n) ||
        std::memcmp(truth, data + done, n) != 0)
      return false;
  }
  return true;
}

bool ConstCache::inUse(ConstVersion v) const {
  auto it = activeAt_.find(v);
  if (it != activeAt_.end())
    return true;
  // Every reference the cache does not hold itself is a grid's.
  return store_.refCount(v) > (v == l2ver_ ? 1u : 0u);
}

std::vector<ConstVersion> ConstCache::inUseVersions() const {
  std::vector<ConstVersion> out;
  for (ConstVersion v : store_.liveVersions())
    if (inUse(v))
      out.push_back(v);
  return out;
}

int ConstCache::pickSource(unsigned exclude, ConstVersion v) const {
  int inactive = -1;
  for (unsigned i = 0; i < sms_.size(); ++i) {
    if (i == exclude || sms_[i].tag != v)
      continue;
    if (sms_[i].active)
      return int(i);
    if (inactive < 0)
      inactive = int(i);
  }
  return inactive;
}

//===----------------------------------------------------------------------===//
// Host command stream, scheduler events
//===----------------------------------------------------------------------===//

std::string ConstCache::constantCommand(unsigned bank, uint32_t offset,
                                        std::span<const uint8_t> bytes) {
  checkStoreSync();
  if (std::string err = store_.write(bank, offset, bytes); !err.empty())
    return err;
  if (bytes.empty())
    return {};
  storeWrites_ = store_.writeCount();
  const ConstVersion p = store_.current();
  const bool backup = cfg_.coherence == ConstCoherence::Backup;
  if (p != cur_) { // the first command of a new version
    cur_ = p;
    if (backup) { // FIG. 7: the L2 holds the current version
      ConstVersion old = l2ver_;
      l2ver_ = p;
      holdRef(p);
      dropRef(old);
    }
  }
  // Inactive SMs receive the command: bring them to the pending version
  // first (only needed for one that drained while this version was open).
  for (unsigned i = 0; i < sms_.size(); ++i)
    if (!sms_[i].active && sms_[i].tag != p)
      retarget(i, p);
  std::vector<ConstVersion> used;
  if (backup)
    used = inUseVersions();
  uint32_t off = offset;
  for (std::span<const uint8_t> rest = bytes; !rest.empty();) {
    const uint32_t at = off % cfg_.lineBytes;
    const size_t n = std::min<size_t>(rest.size(), cfg_.lineBytes - at);
    const uint32_t id = lineId(bank, off);
    if (backup)
      writeLineBackup(id, at, rest.first(n), p, used);
    else
      writeLineOldest(id, at, rest.first(n), p);
    recordWrite(id, p);
    rest = rest.subspan(n);
    off += uint32_t(n);
  }
  settle();
  return {};
}

void ConstCache::writeLineOldest(uint32_t id, uint32_t at,
                                 std::span<const uint8_t> b, ConstVersion p) {
  // The line's bytes before this command, if an L1 must allocate it: from
  // L2 when the line is the same there (history not yet including this
  // command), else from memory.
  const bool l2Same = !changed(id, l2ver_, p);
  for (SmState &s : sms_) {
    if (s.active)
      continue;
    int32_t t = s.l1.find(id);
    if (t >= 0) {
      s.l1.touch(t);
    } else {
      t = s.l1.allocate(id);
      if (t < 0)
        continue; // every line locked: this L1 does not take the write
      int32_t l2 = l2Same ? l2_.find(id) : -1;
      if (l2 >= 0)
        std::memcpy(s.l1.data(t), l2_.data(l2), cfg_.lineBytes);
      else
        readMemory(p, id, s.l1.data(t));
    }
    std::memcpy(s.l1.data(t) + at, b.data(), b.size());
    detail::ConstLineSet::Slot &line = s.l1.slot(t);
    line.version = p;
    line.dirty = line.locked = true; // written by the controller
  }
}

void ConstCache::writeLineBackup(uint32_t id, uint32_t at,
                                 std::span<const uint8_t> b, ConstVersion p,
                                 const std::vector<ConstVersion> &used) {
  const ConstVersion prev = p - 1; // newest sealed version
  int32_t t = l2_.find(id);
  if (t >= 0) {
    // FIG. 7 step 725: the first write of this line in version p moves the
    // old line to the backup if a version in use still reads it.
    if (!changed(id, prev, p) && backupFind(id, prev) < 0 &&
        std::any_of(used.begin(), used.end(), [&](ConstVersion w) {
          return w < p && !changed(id, w, prev);
        }))
      backupInsert(id, prev, l2_.data(t));
    l2_.touch(t);
  } else {
    t = l2_.allocate(id);
    readMemory(p, id, l2_.data(t)); // already holds this command's bytes
  }
  std::memcpy(l2_.data(t) + at, b.data(), b.size());
  l2_.slot(t).version = p;
  for (SmState &s : sms_) {
    if (s.active)
      continue;
    int32_t l = s.l1.find(id);
    if (l >= 0)
      s.l1.touch(l);
    else if ((l = s.l1.allocate(id)) < 0)
      continue;
    std::memcpy(s.l1.data(l), l2_.data(t), cfg_.lineBytes);
    detail::ConstLineSet::Slot &line = s.l1.slot(l);
    line.version = p;
    line.dirty = line.locked = false; // coherent with L2 at once
  }
}

ConstVersion ConstCache::bind() {
  checkStoreSync();
  ConstVersion v = store_.bind();
  settle();
  return v;
}

bool ConstCache::release(ConstVersion v) {
  checkStoreSync();
  bool ok = store_.release(v);
  settle();
  return ok;
}

bool ConstCache::smBegin(unsigned sm, ConstVersion v) {
  checkStoreSync();
  SmState &s = sms_[sm];
  if (s.active)
    return s.tag == v;
  if (!store_.isLive(v))
    return false;
  if (s.tag != v)
    retarget(sm, v);
  s.active = true;
  ++activeAt_[v];
  holdRef(v);
  settle();
  return true;
}

void ConstCache::smDrained(unsigned sm) {
  checkStoreSync();
  SmState &s = sms_[sm];
  if (!s.active)
    return;
  s.active = false;
  if (--activeAt_[s.tag] == 0)
    activeAt_.erase(s.tag);
  dropRef(s.tag);
  settle();
}

//===----------------------------------------------------------------------===//
// The controller
//===----------------------------------------------------------------------===//

void ConstCache::retarget(unsigned sm, ConstVersion to) {
  SmState &s = sms_[sm];
  const ConstVersion from = s.tag;
  if (from == to)
    return;
  std::unordered_set<uint32_t> fresh;
  if (cfg_.coherence == ConstCoherence::Oldest) {
    // FIG. 3A/4 step 415: copy the written (dirty) lines that changed
    // between the two versions from an L1 already at the target version.
    if (int src = pickSource(sm, to); src >= 0) {
      SmState &srcSm = sms_[src];
      for (int32_t sl : srcSm.l1.order()) {
        const auto &line = srcSm.l1.slot(sl);
        const uint32_t id = uint32_t(line.key);
        if (!line.dirty || !changed(id, from, to))
          continue;
        int32_t t = s.l1.find(id);
        if (t < 0 && (t = s.l1.allocate(id)) < 0)
          continue; // target fully locked: it will fetch on demand
        std::memcpy(s.l1.data(t), srcSm.l1.data(sl), cfg_.lineBytes);
        s.l1.slot(t).version = line.version;
        s.l1.slot(t).locked = true; // written by the controller
        fresh.insert(id);
        ++s.stats.l1_to_l1_copies;
      }
    }
  }
  for (int32_t t : s.l1.order()) {
    const uint32_t id = uint32_t(s.l1.slot(t).key);
    if (!fresh.count(id) && changed(id, from, to))
      s.l1.erase(t);
  }
  s.tag = to;
  refreshFlags(s);
}

void ConstCache::refreshFlags(SmState &s) {
  const bool oldest = cfg_.coherence == ConstCoherence::Oldest;
  for (int32_t t : s.l1.order()) {
    auto &line = s.l1.slot(t);
    line.dirty = oldest && changed(uint32_t(line.key), l2ver_, s.tag);
    line.locked = line.locked && line.dirty;
  }
}

void ConstCache::advanceL2() {
  // FIG. 4 steps 420-423: while no one uses the L2's version, move the L2 to
  // the oldest version in use (or the newest sealed one).
  while (!inUse(l2ver_)) {
    ConstVersion to = store_.latestSealed();
    for (ConstVersion v : inUseVersions())
      if (v > l2ver_) {
        to = std::min(to, v);
        break;
      }
    if (to <= l2ver_)
      return;
    std::unordered_set<uint32_t> fresh;
    if (int src = pickSource(~0u, to); src >= 0) {
      SmState &from = sms_[src];
      for (int32_t sl : from.l1.order()) {
        const auto &line = from.l1.slot(sl);
        if (!line.dirty) // dirty == changed since the L2's version
          continue;
        const uint32_t id = uint32_t(line.key);
        int32_t t = l2_.find(id);
        if (t < 0)
          t = l2_.allocate(id);
        else
          l2_.touch(t);
        std::memcpy(l2_.data(t), from.l1.data(sl), cfg_.lineBytes);
        l2_.slot(t).version = line.version;
        fresh.insert(id);
        ++from.stats.l1_to_l2_copies;
      }
    }
    for (int32_t t : l2_.order()) {
      const uint32_t id = uint32_t(l2_.slot(t).key);
      if (!fresh.count(id) && changed(id, l2ver_, to))
        l2_.erase(t);
    }
    const ConstVersion old = l2ver_;
    l2ver_ = to;
    holdRef(to);
    dropRef(old);
    for (SmState &s : sms_) // lines now in L2: clean and unlocked
      refreshFlags(s);
  }
}

int32_t ConstCache::backupFind(uint32_t id, ConstVersion v) const {
  auto it = backupByLine_.find(id);
  if (it == backupByLine_.end())
    return -1;
  for (int32_t s : it->second)
    if (!changed(id, backup_.slot(s).version, v))
      return s;
  return -1;
}

void ConstCache::backupInsert(uint32_t id, ConstVersion v,
                              const uint8_t *data) {
  if (backup_.capacity() == 0)
    return;
  std::optional<uint64_t> evicted;
  int32_t s = backup_.allocate(backupKey(id, v), &evicted);
  if (evicted) { // capacity eviction: a later request re-fetches it
    std::vector<int32_t> &slots = backupByLine_[keyLine(*evicted)];
    std::erase(slots, s);
    if (slots.empty())
      backupByLine_.erase(keyLine(*evicted));
  }
  backupByLine_[id].push_back(s);
  std::memcpy(backup_.data(s), data, cfg_.lineBytes);
  backup_.slot(s).version = v;
}

void ConstCache::backupErase(int32_t s) {
  const uint32_t id = keyLine(backup_.slot(s).key);
  std::vector<int32_t> &slots = backupByLine_[id];
  std::erase(slots, s);
  if (slots.empty())
    backupByLine_.erase(id);
  backup_.erase(s);
}

void ConstCache::retireBackup() {
  // FIG. 6/7 step 715: retire backup lines no version in use reads.
  if (backup_.size() == 0)
    return;
  const std::vector<ConstVersion> used = inUseVersions();
  for (int32_t s : backup_.order()) {
    const auto &line = backup_.slot(s);
    const uint32_t id = keyLine(line.key);
    if (std::none_of(used.begin(), used.end(), [&](ConstVersion w) {
          return !changed(id, w, line.version);
        })) {
      backupErase(s);
      ++device_.backup_retired;
    }
  }
}

void ConstCache::settle() {
  if (cfg_.coherence == ConstCoherence::Oldest) {
    for (unsigned i = 0; i < sms_.size(); ++i)
      if (!sms_[i].active && sms_[i].tag != cur_)
        retarget(i, cur_); // FIG. 4 steps 410-415
    advanceL2();
  } else {
    for (SmState &s : sms_)
      if (!s.active && s.tag != l2ver_) { // FIG. 5: invalidated on drain
        s.l1.clear();
        s.tag = l2ver_;
      }
    retireBackup();
  }
  const uint64_t live = inUseVersions().size();
  device_.versions_live_max = std::max(device_.versions_live_max, live);
  for (SmState &s : sms_)
    if (s.active)
      s.stats.versions_live_max = std::max(s.stats.versions_live_max, live);
  if (writeEntries_ >= pruneAt_)
    prune();
}

void ConstCache::prune() {
  // Every later history query has both versions >= floor, so writes at or
  // below it can never answer "changed" again.
  ConstVersion floor = std::min(l2ver_, cur_);
  for (const SmState &s : sms_)
    floor = std::min(floor, s.tag);
  for (int32_t s : backup_.order())
    floor = std::min(floor, backup_.slot(s).version);
  std::vector<ConstVersion> live = store_.liveVersions();
  if (!live.empty())
    floor = std::min(floor, live.front());
  writeEntries_ = 0;
  for (auto it = writes_.begin(); it != writes_.end();) {
    std::vector<ConstVersion> &h = it->second;
    h.erase(h.begin(), std::upper_bound(h.begin(), h.end(), floor));
    writeEntries_ += h.size();
    it = h.empty() ? writes_.erase(it) : std::next(it);
  }
  pruneAt_ = std::max<size_t>(4096, 2 * writeEntries_);
}

//===----------------------------------------------------------------------===//
// Access path
//===----------------------------------------------------------------------===//

uint32_t ConstCache::accessLine(unsigned sm, ConstVersion v, unsigned bank,
                                uint32_t offset) {
  assert(sm < sms_.size() && "ConstCache::accessLine: no such SM");
  assert(bank >= limits::kFirstUserConstBank && bank < limits::kNumConstBanks &&
         offset < kConstBankBytes && "ConstCache::accessLine: banks 2..15");
  checkStoreSync();
  SmState &s = sms_[sm];
  assert(s.active && s.tag == v &&
         "ConstCache::accessLine: the SM is not running this version");
  if (!s.active || s.tag != v) [[unlikely]]
    return cfg_.memoryLatency; // contract broken (release build): unmodeled
  const uint32_t id = lineId(bank, offset);
  if (int32_t t = s.l1.find(id); t >= 0) {
    s.l1.touch(t);
    ++s.stats.l1_hits;
    assert(matchesStore(v, id, s.l1.data(t)) &&
           "constant cache model diverged from the ConstStore (L1 hit)");
    return cfg_.l1HitLatency;
  }
  ++s.stats.l1_misses;

  uint32_t latency;
  const uint8_t *src;
  ConstVersion label;
  const bool viaL2 = !changed(id, v, l2ver_);
  int32_t b = -1;
  if (viaL2) {
    int32_t t = l2_.find(id);
    if (t >= 0) {
      l2_.touch(t);
      ++s.stats.l2_hits;
      latency = cfg_.l2HitLatency;
    } else {
      ++s.stats.l2_misses;
      latency = cfg_.memoryLatency;
      t = l2_.allocate(id);
      readMemory(l2ver_, id, l2_.data(t));
      l2_.slot(t).version = l2ver_;
    }
    src = l2_.data(t);
    label = l2_.slot(t).version;
  } else if (cfg_.coherence == ConstCoherence::Backup &&
             (b = backupFind(id, v)) >= 0) {
    backup_.touch(b);
    ++s.stats.l2_hits;
    latency = cfg_.l2HitLatency;
    src = backup_.data(b);
    label = backup_.slot(b).version;
  } else { // another version than the L2's: memory at the SM's version
    ++s.stats.l2_misses;
    latency = cfg_.memoryLatency;
    readMemory(v, id, scratch_.data());
    src = scratch_.data();
    label = v;
    if (cfg_.coherence == ConstCoherence::Backup)
      backupInsert(id, v, src);
  }

  int32_t t = s.l1.allocate(id);
  if (t < 0) {
    // Every L1 line is locked: stall until one can move (see the header).
    ++s.stats.locked_stalls;
    latency += cfg_.lockedStallLatency;
    s.l1.evictLru();
    t = s.l1.allocate(id);
  }
  std::memcpy(s.l1.data(t), src, cfg_.lineBytes);
  auto &line = s.l1.slot(t);
  line.version = label;
  line.dirty = cfg_.coherence == ConstCoherence::Oldest && !viaL2;
  assert(matchesStore(v, id, s.l1.data(t)) &&
         "constant cache model diverged from the ConstStore (L1 fill)");
  return latency;
}

//===----------------------------------------------------------------------===//
// Statistics, introspection, verification
//===----------------------------------------------------------------------===//

ConstCacheStats ConstCache::totalStats() const {
  ConstCacheStats total = device_;
  for (const SmState &s : sms_)
    total.merge(s.stats);
  return total;
}

void ConstCache::resetStats() {
  device_ = ConstCacheStats{};
  for (SmState &s : sms_)
    s.stats = ConstCacheStats{};
  const uint64_t live = inUseVersions().size();
  device_.versions_live_max = live;
  for (SmState &s : sms_)
    if (s.active)
      s.stats.versions_live_max = live;
}

ConstLineInfo ConstCache::lineInfo(const detail::ConstLineSet &set, int32_t s,
                                   bool isBackup) const {
  const auto &line = set.slot(s);
  const uint32_t id = isBackup ? keyLine(line.key) : uint32_t(line.key);
  return {lineBank(id), lineOffset(id), line.version, line.dirty, line.locked};
}

ConstCacheSnapshot ConstCache::snapshot() const {
  ConstCacheSnapshot snap;
  snap.coherence = cfg_.coherence;
  snap.current = cur_;
  snap.l2Version = l2ver_;
  for (unsigned i = 0; i < sms_.size(); ++i) {
    const SmState &s = sms_[i];
    ConstSmInfo info{i, s.active, s.tag, s.tag == l2ver_, {}};
    for (int32_t t : s.l1.order())
      info.l1.push_back(lineInfo(s.l1, t, false));
    snap.sms.push_back(std::move(info));
  }
  for (int32_t t : l2_.order())
    snap.l2.push_back(lineInfo(l2_, t, false));
  for (int32_t t : backup_.order()) {
    snap.backup.push_back(lineInfo(backup_, t, true));
    snap.backupVersions.push_back(backup_.slot(t).version);
  }
  std::sort(snap.backupVersions.begin(), snap.backupVersions.end());
  snap.backupVersions.erase(
      std::unique(snap.backupVersions.begin(), snap.backupVersions.end()),
      snap.backupVersions.end());
  snap.liveVersions = store_.liveVersions();
  snap.inUseVersions = inUseVersions();
  return snap;
}

bool ConstCache::verify(std::string *why) const {
  auto fail = [&](std::string msg) {
    if (why)
      *why = std::move(msg);
    return false;
  };
  auto where = [&](uint32_t id) {
    return "c[" + std::to_string(lineBank(id)) + "][" +
           std::to_string(lineOffset(id)) + "]";
  };
  const bool oldest = cfg_.coherence == ConstCoherence::Oldest;
  if (store_.writeCount() != storeWrites_)
    return fail("a constant command reached the store behind the cache");
  if (cur_ != store_.current())
    return fail("the cache's current version is not the store's");
  if (!store_.isLive(l2ver_))
    return fail("the L2's version has retired");
  if (oldest ? l2ver_ > store_.latestSealed() : l2ver_ != cur_)
    return fail("the L2 holds the wrong version");
  for (unsigned i = 0; i < sms_.size(); ++i) {
    const SmState &s = sms_[i];
    const std::string who = "SM " + std::to_string(i);
    if (s.active && !store_.isLive(s.tag))
      return fail(who + " runs a retired version");
    if (!s.active && s.tag != (oldest ? cur_ : l2ver_))
      return fail(who + " is inactive with a stale version tag");
    for (int32_t t : s.l1.order()) {
      const auto &line = s.l1.slot(t);
      const uint32_t id = uint32_t(line.key);
      if (store_.isLive(s.tag) && !matchesStore(s.tag, id, s.l1.data(t)))
        return fail(who + " L1 line " + where(id) + " differs from version " +
                    std::to_string(s.tag));
      if (line.dirty != (oldest && changed(id, l2ver_, s.tag)))
        return fail(who + " L1 line " + where(id) + " has a wrong dirty bit");
      if (line.locked && !line.dirty)
        return fail(who + " L1 line " + where(id) + " is locked but clean");
    }
  }
  for (int32_t t : l2_.order()) {
    const uint32_t id = uint32_t(l2_.slot(t).key);
    if (!matchesStore(l2ver_, id, l2_.data(t)))
      return fail("L2 line " + where(id) + " differs from version " +
                  std::to_string(l2ver_));
  }
  size_t indexed = 0;
  for (const auto &[id, slots] : backupByLine_)
    indexed += slots.size();
  if (indexed != backup_.size())
    return fail("the backup index is out of step with the backup");
  const std::vector<ConstVersion> used = inUseVersions();
  for (int32_t t : backup_.order()) {
    const auto &line = backup_.slot(t);
    const uint32_t id = keyLine(line.key);
    if (store_.isLive(line.version) &&
        !matchesStore(line.version, id, backup_.data(t)))
      return fail("backup line " + where(id) + " differs from version " +
                  std::to_string(line.version));
    for (ConstVersion w : used)
      if (!changed(id, w, line.version) &&
          !matchesStore(w, id, backup_.data(t)))
        return fail("backup line " + where(id) + " of version " +
                    std::to_string(line.version) +
                    " is wrong for version " + std::to_string(w));
  }
  return true;
}

} // namespace simt::emu
