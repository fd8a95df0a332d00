//===-- EmuCloneAuditTest.cpp - Deep copies cover every member ------------===//
//
// The hand-written deep copies of emu/device/Clone.cpp cover every member
// of their classes.
//
// Device, SmHooks, Sm, ContextScheduler (and its per-context state) and
// SavedCta are copied member by member, so a member added to one of them is
// silently left out of checkpoints unless someone remembers the copy.
// Beside each copy, CloneAudit lists the members it handles as byte ranges (offset, size).
// This test finds the bytes each class's constructor writes and fails when
// one of them lies in no listed member, naming its offset.
//
// Finding the written bytes: the class is constructed twice with placement
// new (default-initialised: `new (p) T`, since `T()` would zero an aggregate's
// padding too), once in storage filled with 0x00 and once in storage filled
// with 0xff.
// A byte that is still 0x00 in the first and 0xff in the second was never
// written: padding, or the inside of a member its constructor leaves alone.
// Every other byte was written, so it belongs to a member. A new member is
// written by its initializer (every member here has one, or a constructor),
// wherever it lands, padding included; this is why the check works on bytes
// and not on sizeof, which a small member added in padding leaves unchanged.
#include "emu/device/Clone.h"
#include "emu/device/Device.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <new>
#include <string>

namespace simt::emu {
namespace {

/// Storage for one T, filled with `fill`, constructed by `make(void *)`.
template <class T> struct Built {
  alignas(T) unsigned char bytes[sizeof(T)];
  T *object = nullptr;
  template <class Make> Built(unsigned char fill, Make make) {
    std::memset(bytes, fill, sizeof bytes);
    // The fill must reach memory before the constructor runs: without this
    // the compiler may drop it as a store to an object not yet alive.
    asm volatile("" : : "r"(bytes) : "memory");
    object = make(static_cast<void *>(bytes));
    asm volatile("" : : "r"(bytes) : "memory");
  }
  ~Built() { object->~T(); }
};

/// Which bytes of a T the constructor `make` writes.
template <class T, class Make> std::vector<bool> writtenBytes(Make make) {
  Built<T> zeros(0x00, make);
  Built<T> ones(0xff, make);
  std::vector<bool> written(sizeof(T));
  for (size_t i = 0; i < sizeof(T); ++i)
    written[i] = !(zeros.bytes[i] == 0x00 && ones.bytes[i] == 0xff);
  return written;
}

/// Fails for every written byte outside the listed members (and for a list
/// that does not fit the class).
void expectCovered(const char *cls, std::vector<bool> written,
                   const std::vector<MemberBytes> &members) {
  ASSERT_FALSE(members.empty()) << cls;
  std::vector<const char *> owner(written.size(), nullptr);
  for (const MemberBytes &m : members) {
    ASSERT_LE(m.offset + m.size, written.size()) << cls << "::" << m.name;
    for (size_t i = m.offset; i < m.offset + m.size; ++i) {
      EXPECT_EQ(owner[i], nullptr) << cls << "::" << m.name << " overlaps " << owner[i]
                                   << ": is a member listed twice?";
      owner[i] = m.name;
      written[i] = false;
    }
  }
  for (size_t i = 0; i < written.size(); ++i) {
    if (!written[i])
      continue;
    size_t end = i;
    while (end < written.size() && written[end])
      ++end;
    ADD_FAILURE() << cls << ": bytes [" << i << ", " << end
                  << ") were written by the constructor but belong to no member in "
                     "CloneAudit's list: a member was added to "
                  << cls << " and not to its copy in emu/device/Clone.cpp (add it to both)";
    i = end;
  }
}

DeviceConfig twoContexts() {
  DeviceConfig cfg;
  cfg.sms = 2;
  cfg.contexts.alloc = {{"a", 1}, {"b", 1}};
  return cfg;
}

TEST(EmuCloneAudit, DeviceMembersAreAllCopied) {
  const DeviceConfig cfg = twoContexts();
  expectCovered("Device",
                writtenBytes<Device>([&](void *p) { return new (p) Device(cfg); }),
                CloneAudit::deviceMembers());
}

TEST(EmuCloneAudit, SmMembersAreAllCopied) {
  const DeviceConfig cfg = twoContexts();
  Device dev(cfg);
  SmHooks &hooks = CloneAudit::smHooks(dev);
  expectCovered("Sm", writtenBytes<Sm>([&](void *p) { return new (p) Sm(hooks, 1, cfg); }),
                CloneAudit::smMembers());
  expectCovered("SmHooks",
                writtenBytes<SmHooks>(
                    [&](void *p) { return new (p) SmHooks(hooks.events, hooks.locks); }),
                CloneAudit::smHooksMembers());
}

TEST(EmuCloneAudit, SchedulerMembersAreAllCopied) {
  const DeviceConfig cfg = twoContexts();
  std::vector<std::unique_ptr<Sm>> none;
  expectCovered("ContextScheduler",
                writtenBytes<ContextScheduler>(
                    [&](void *p) { return new (p) ContextScheduler(cfg.contexts, none); }),
                CloneAudit::schedulerMembers());
  using State = CloneAudit::ContextState;
  expectCovered("ContextScheduler::CtxState",
                writtenBytes<State>([](void *p) { return new (p) State; }),
                CloneAudit::contextStateMembers());
}

TEST(EmuCloneAudit, SavedCtaMembersAreAllCopied) {
  expectCovered("SavedCta", writtenBytes<SavedCta>([](void *p) { return new (p) SavedCta; }),
                CloneAudit::savedCtaMembers());
}

/// The audit itself fails on a forgotten member: a class like the audited
/// ones, with one member (a bool, where padding hides it from sizeof) missing
/// from its list.
struct Forgetful {
  uint64_t counter = 0;
  uint32_t id = 7;
  bool flag = false; // lands in the 4 bytes of padding after `id`
  std::vector<int> items;
};

TEST(EmuCloneAudit, AForgottenMemberInPaddingIsFound) {
  const std::vector<bool> written =
      writtenBytes<Forgetful>([](void *p) { return new (p) Forgetful; });
  std::vector<MemberBytes> listed = {
      {offsetof(Forgetful, counter), sizeof(uint64_t), "counter"},
      {offsetof(Forgetful, id), sizeof(uint32_t), "id"},
      {offsetof(Forgetful, items), sizeof(std::vector<int>), "items"}};
  // Without `flag`, its byte is reported.
  std::vector<bool> rest = written;
  for (const MemberBytes &m : listed)
    for (size_t i = m.offset; i < m.offset + m.size; ++i)
      rest[i] = false;
  EXPECT_TRUE(rest[offsetof(Forgetful, flag)]);
  EXPECT_EQ(std::count(rest.begin(), rest.end(), true), 1);
  // With it, nothing is.
  listed.push_back({offsetof(Forgetful, flag), sizeof(bool), "flag"});
  expectCovered("Forgetful", written, listed);
}

} // namespace
} // namespace simt::emu
