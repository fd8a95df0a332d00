//===-- Clone.h - Rebinding pointers while copying a device ---------------===//
//
// Device::clone (emu/device/Clone.cpp) copies the device object by object. The
// copies still hold the original's pointers (warp -> grid, CTA, SM, local
// memory, spill region, break-site bytes; queues of grids; the grid's global
// memory), so each copy is rebound through this map from original to copy,
// filled as the objects are copied: grids and break-site bytes first, then
// every CTA before its warps, then the SMs before the saved CTAs.
//
// The classes whose copy is written by hand list their members for
// CloneAudit, next to that copy; test/unit/EmuCloneAuditTest.cpp checks
// that the list covers every member of the class.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "emu/device/ContextScheduler.h"
#include "emu/core/Cta.h"
#include "emu/core/Grid.h"
#include "emu/mem/Memory.h"

#include <cassert>
#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <vector>

namespace simt::emu {

class Device;
class Sm;
struct SmHooks;

struct CloneMap {
  std::unordered_map<const Grid *, Grid *> grids;
  std::unordered_map<const Cta *, Cta *> ctas;
  std::unordered_map<const uint8_t *, const uint8_t *> breakSites;
  /// Global memories by GlobalMemory::ctx; one not listed is shared.
  const std::unordered_map<const void *, GlobalMemory> *memories = nullptr;
  std::vector<Sm *> sms; // the copies, by SM id

  /// The copy of `p` (null stays null; `p` must have been copied).
  template <class T> static T *get(const std::unordered_map<const T *, T *> &m, const T *p) {
    if (!p)
      return nullptr;
    auto it = m.find(p);
    assert(it != m.end() && "an object was not copied before its users");
    return it == m.end() ? nullptr : it->second;
  }
  Grid *grid(const Grid *g) const { return get(grids, g); }
  Cta *cta(const Cta *c) const { return get(ctas, c); }
  const uint8_t *sites(const uint8_t *b) const {
    if (!b)
      return nullptr;
    auto it = breakSites.find(b);
    assert(it != breakSites.end());
    return it == breakSites.end() ? nullptr : it->second;
  }
  GlobalMemory memory(const GlobalMemory &m) const {
    if (memories)
      if (auto it = memories->find(m.ctx); it != memories->end())
        return it->second;
    return m;
  }
  /// The copy's GlobalMemory::identity() for the original's (lock keys).
  const void *memoryIdentity(const void *id) const {
    if (memories)
      if (auto it = memories->find(id); it != memories->end())
        return it->second.identity();
    return id;
  }
};

/// The address in `to` at the offset `p` has in `from` (a pointer into a
/// copied buffer).
inline uint8_t *rebase(const uint8_t *p, const std::vector<uint8_t> &from,
                       std::vector<uint8_t> &to) {
  assert(p >= from.data() && p <= from.data() + from.size());
  return to.data() + (p - from.data());
}

/// One member of a class, as bytes of its objects.
struct MemberBytes {
  size_t offset = 0;
  size_t size = 0;
  const char *name = "";
};

/// The members of each class whose deep copy emu/device/Clone.cpp writes by hand,
/// one entry per member that copy copies, rebinds or deliberately starts
/// afresh, listed beside the copy. test/unit/EmuCloneAuditTest.cpp builds
/// each class and fails when its constructor wrote a byte no entry covers: a
/// member was added to the class but not to this list, and so most likely
/// not to the copy either.
struct CloneAudit {
  static std::vector<MemberBytes> deviceMembers();
  static std::vector<MemberBytes> smMembers();
  static std::vector<MemberBytes> smHooksMembers();
  /// The hooks a device hands its SMs, for the test to build an Sm.
  static SmHooks &smHooks(Device &d);
  static std::vector<MemberBytes> schedulerMembers();
  static std::vector<MemberBytes> contextStateMembers();
  static std::vector<MemberBytes> savedCtaMembers();
  /// ContextScheduler's per-context state, for the test to build one.
  using ContextState = ContextScheduler::CtxState;
};

} // namespace simt::emu
