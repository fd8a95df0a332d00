//===-- EmuMemoryTest.cpp - The emulator's memory instructions ------------===//
//
// The emulator's memory instructions: widths, address arithmetic, shared/local
// memory, atomics in lane order, locks, and memory faults with their reports.
#include "EmuTestKit.h"

#include <gtest/gtest.h>

#include <bit>
#include <cstring>

namespace simt::emu {
namespace {

using namespace test;

TEST(EmuMemory, WidthsAndSignExtension) {
  Rig rig;
  rig.mem.store<uint8_t>(rig.base() + 0x100, 0x80);
  rig.mem.store<uint16_t>(rig.base() + 0x102, 0x8001);
  rig.mem.store<uint64_t>(rig.base() + 0x108, 0x1122334455667788ull);
  for (uint32_t i = 0; i < 4; ++i)
    rig.setU32(0x110 + 4 * i, 0xA0 + i);
  Kernel k;
  k.mov(2, cbank(0, 0x20)); // base
  k.mem(Op::LD, 10, 2, 0x100, WU8);
  k.mem(Op::LD, 11, 2, 0x100, WS8);
  k.mem(Op::LD, 12, 2, 0x102, WU16);
  k.mem(Op::LD, 13, 2, 0x102, WS16);
  k.mem(Op::LD, 14, 2, 0x108, W64);   // R14:R15
  k.mem(Op::LD, 16, 2, 0x110, W128);  // R16..R19
  k.mem(Op::ST, 10, 2, 0x200);
  k.mem(Op::ST, 11, 2, 0x204);
  k.mem(Op::ST, 12, 2, 0x208);
  k.mem(Op::ST, 13, 2, 0x20c);
  k.mem(Op::ST, 14, 2, 0x210, W64);
  k.mem(Op::ST, 16, 2, 0x220, W128);
  k.mem(Op::ST, 13, 2, 0x230, WU8);   // low byte only
  k.mem(Op::ST, 13, 2, 0x232, WU16);
  k.mem(Op::ST, RZ, 2, 0x238, W64);   // RZ pair stores zeros
  k.exit();
  rig.setU32(0x230, 0xffffffff);
  rig.mem.store<uint64_t>(rig.base() + 0x238, ~0ull);
  rig.launch(k, 1, 1, {rig.base()});
  ASSERT_EQ(rig.dev->runUntilIdle().status, RunStatus::Idle);
  EXPECT_EQ(rig.u32(0x200), 0x80u);
  EXPECT_EQ(rig.u32(0x204), 0xffffff80u);
  EXPECT_EQ(rig.u32(0x208), 0x8001u);
  EXPECT_EQ(rig.u32(0x20c), 0xffff8001u);
  EXPECT_EQ(rig.mem.load<uint64_t>(rig.base() + 0x210), 0x1122334455667788ull);
  for (uint32_t i = 0; i < 4; ++i)
    EXPECT_EQ(rig.u32(0x220 + 4 * i), 0xA0 + i);
  EXPECT_EQ(rig.u32(0x230), 0x8001ff01u);
  EXPECT_EQ(rig.mem.load<uint64_t>(rig.base() + 0x238), 0u);
}

TEST(EmuMemory, AddressWrapAndWideAddresses) {
  Rig rig({}, 0x1000, 0x1000);
  rig.setU32(0, 0xCAFE);
  rig.setU32(8, 0xBEEF);
  Kernel k;
  k.mov32(20, 0xfffff800);
  k.mem(Op::LD, 5, 20, 0x1800); // (0xfffff800 + 0x1800) mod 2^32 = 0x1000
  k.mov32(22, 0x1000);          // R22:R23 = 0x1000 (64-bit)
  k.mov32(23, 0);
  k.mem(Op::LD, 6, 22, 8, W32, true);
  k.mov32(24, 0x1000);
  k.mem(Op::ST, 5, 24, 0x10);
  k.mem(Op::ST, 6, 24, 0x14);
  k.mem(Op::ST, 5, RZ, 0x1018); // [imm]
  k.exit();
  rig.launch(k, 1, 1);
  ASSERT_EQ(rig.dev->runUntilIdle().status, RunStatus::Idle);
  EXPECT_EQ(rig.u32(0x10), 0xCAFEu);
  EXPECT_EQ(rig.u32(0x14), 0xBEEFu);
  EXPECT_EQ(rig.u32(0x18), 0xCAFEu);
}

TEST(EmuMemory, WideAddressHighWordFaults) {
  Rig rig({}, 0x1000, 0x1000);
  Kernel k;
  k.mov32(22, 0x1000);
  k.mov32(23, 1); // 0x1_0000_1000: outside
  k.mem(Op::LD, 6, 22, 0, W32, true);
  k.exit();
  GridId g = rig.launch(k, 1, 1);
  RunResult r = rig.dev->runUntilIdle();
  ASSERT_EQ(r.status, RunStatus::Fault);
  EXPECT_EQ(r.grid, g);
  ASSERT_NE(r.fault, nullptr);
  EXPECT_EQ(r.fault->kind, FaultKind::MemoryOutOfRange);
  EXPECT_EQ(r.fault->address, 0x100001000ull);
}

TEST(EmuMemory, MisalignedLoadFaultsWithReport) {
  Rig rig;
  Kernel k;
  k.mov(2, cbank(0, 0x20));
  k.s2r(0, LANEID);
  k.isetp(1, 0, imm(4), C_EQ);
  k.iadd(2, 2, imm(2), P(1)); // lane 4's address is misaligned
  k.mem(Op::LD, 5, 2, 0);     // pc 0x20
  k.exit();
  GridId g = rig.launch(k, 2, 32, {rig.base()});
  RunResult r = rig.dev->runUntilIdle();
  ASSERT_EQ(r.status, RunStatus::Fault);
  const FaultReport &f = *r.fault;
  EXPECT_EQ(f.kind, FaultKind::MemoryMisaligned);
  EXPECT_EQ(f.lanes, 1u << 4);
  EXPECT_EQ(f.pc, 0x20u);
  EXPECT_EQ(f.cta[0], 0u);
  EXPECT_EQ(f.warp, 0u);
  EXPECT_EQ(f.kernel, "k");
  EXPECT_TRUE(f.hasAddress);
  EXPECT_EQ(f.address, rig.base() + 2);
  EXPECT_NE(f.format().find("misaligned global memory access"), std::string::npos);
  EXPECT_NE(f.detail.find("4-byte aligned"), std::string::npos) << f.detail;
  EXPECT_EQ(rig.dev->gridState(g), GridState::Faulted);
  EXPECT_EQ(rig.dev->lastFault(), r.fault);
  // The faulting warp is frozen at the instruction, registers intact.
  Warp *w = rig.dev->warp(r.warp);
  ASSERT_NE(w, nullptr);
  EXPECT_EQ(w->state, WarpState::Frozen);
  EXPECT_EQ(w->pcBytes(), 0x20u);
  EXPECT_EQ(w->regs.r[5][0], 0u);
  EXPECT_TRUE(rig.dev->idle());
  rig.dev->discardGrid(g);
  EXPECT_TRUE(rig.dev->sm(0).empty());
}

TEST(EmuMemory, OutOfRangeStoreLeavesMemoryIntact) {
  Rig rig({}, 0x1000);
  Kernel k;
  k.mov(2, cbank(0, 0x20));
  k.s2r(0, LANEID);
  k.elemAddr(3, 2, 0, 4);
  k.mov32(5, 0x77);
  k.mem(Op::ST, 5, 3, 0x1000 - 64); // lanes 16..31 run past the end
  k.exit();
  rig.launch(k, 1, 32, {rig.base()});
  RunResult r = rig.dev->runUntilIdle();
  ASSERT_EQ(r.status, RunStatus::Fault);
  EXPECT_EQ(r.fault->kind, FaultKind::MemoryOutOfRange);
  EXPECT_EQ(r.fault->lanes, 0xffff0000u);
  EXPECT_EQ(r.fault->address, rig.base() + 0x1000);
  for (uint32_t i = 0; i < 16; ++i)
    EXPECT_EQ(rig.u32(0x1000 - 64 + 4 * i), 0u);
}

TEST(EmuMemory, SharedAndLocalRangeFaults) {
  {
    Rig rig;
    Kernel k;
    k.s2r(0, LANEID);
    k.shl(3, 0, 2);
    k.mem(Op::LDS, 5, 3, 0); // 64 bytes of shared: lanes 16.. fault
    k.exit();
    LaunchParams p = rig.params(k, 1, 32);
    p.kernel.shared = 32;
    p.dynamicShared = 32;
    rig.dev->launch(p);
    RunResult r = rig.dev->runUntilIdle();
    ASSERT_EQ(r.status, RunStatus::Fault);
    EXPECT_EQ(r.fault->kind, FaultKind::MemoryOutOfRange);
    EXPECT_EQ(r.fault->lanes, 0xffff0000u);
    EXPECT_NE(r.fault->reason.find("shared"), std::string::npos);
  }
  {
    Rig rig;
    Kernel k;
    k.mov(1, cbank(1, 0x100)); // R1 = the local window size (64)
    k.mem(Op::STL, RZ, 1, -4); // fine
    k.mem(Op::STL, RZ, 1, 0);  // one past the window
    k.exit();
    LaunchParams p = rig.params(k, 1, 8);
    p.kernel.local = 64;
    rig.dev->launch(p);
    RunResult r = rig.dev->runUntilIdle();
    ASSERT_EQ(r.status, RunStatus::Fault);
    EXPECT_EQ(r.fault->pc, 0x10u);
    EXPECT_EQ(r.fault->lanes, 0xffu);
    EXPECT_NE(r.fault->detail.find("local window is 64 bytes"), std::string::npos)
        << r.fault->detail;
  }
}

TEST(EmuMemory, LocalWindowsArePerThreadAndFillUninit) {
  DeviceConfig cfg;
  cfg.fillUninit = 0xA5;
  Rig rig(cfg);
  Kernel k;
  k.mov(2, cbank(0, 0x20));
  k.mov(1, cbank(1, 0x100));
  k.s2r(0, TID_X);
  k.mem(Op::STL, 0, 1, -8);  // each thread its own id
  k.mem(Op::LDL, 6, 1, -8);
  k.mem(Op::LDL, 7, 1, -4);  // never written: fill pattern
  k.mem(Op::LDS, 8, RZ, 0x10); // shared, never written
  k.elemAddr(3, 2, 0, 4, 3);   // out + 8 * tid
  k.mem(Op::ST, 6, 3, 0);
  k.mem(Op::ST, 7, 3, 4);
  k.mem(Op::ST, 8, 3, 0x1000);
  k.exit();
  LaunchParams p = rig.params(k, 1, 100, {rig.base()});
  p.kernel.local = 16;
  p.kernel.shared = 64;
  rig.dev->launch(p);
  ASSERT_EQ(rig.dev->runUntilIdle().status, RunStatus::Idle);
  for (uint32_t t = 0; t < 100; ++t) {
    EXPECT_EQ(rig.u32(8 * t), t);
    EXPECT_EQ(rig.u32(8 * t + 4), 0xA5A5A5A5u);
    EXPECT_EQ(rig.u32(8 * t + 0x1000), 0xA5A5A5A5u);
  }
}

// R8 = ATOM.op [target], R6 = lane + bAdd, R7 = lane + cAdd; out[lane] = R8.
Kernel atomKernel(AOp op, ATy ty, uint32_t bAdd, uint32_t cAdd = 0) {
  Kernel k;
  k.mov(2, cbank(0, 0x20));
  k.mov(3, cbank(0, 0x28));
  k.s2r(0, LANEID);
  k.iadd(6, 0, imm(bAdd));
  k.iadd(7, 0, imm(cAdd));
  if (ty == T_U64) {
    k.mov32(9, 0); // R6:R7 is the 64-bit operand: lane + bAdd, high word 0
    k.mov32(7, 0);
  }
  k.atom(8, 2, 0, 6, op, ty, ty == T_U64 ? RZ : 7);
  k.elemAddr(10, 3, 0, 11, ty == T_U64 ? 3 : 2);
  k.mem(Op::ST, 8, 10, 0, ty == T_U64 ? W64 : W32);
  k.exit();
  return k;
}

struct AtomRun {
  Rig rig;
  uint32_t target() { return rig.u32(0); }
  uint32_t out(uint32_t lane) { return rig.u32(0x100 + 4 * lane); }
  AtomRun(const Kernel &k, uint32_t initial) {
    rig.setU32(0, initial);
    rig.launch(k, 1, 32, {rig.base(), rig.base() + 0x100});
    EXPECT_EQ(rig.dev->runUntilIdle().status, RunStatus::Idle);
  }
};

TEST(EmuMemory, AtomicsApplyInLaneOrder) {
  {
    AtomRun a(atomKernel(A_EXCH, T_U32, 0), 0x55);
    EXPECT_EQ(a.out(0), 0x55u);
    for (uint32_t l = 1; l < 32; ++l)
      EXPECT_EQ(a.out(l), l - 1);
    EXPECT_EQ(a.target(), 31u);
  }
  {
    AtomRun a(atomKernel(A_ADD, T_U32, 1), 0);
    for (uint32_t l = 0; l < 32; ++l)
      EXPECT_EQ(a.out(l), l * (l + 1) / 2);
    EXPECT_EQ(a.target(), 528u);
  }
  {
    // CAS(expected = lane, new = lane + 1) from 0: every lane succeeds in turn.
    AtomRun a(atomKernel(A_CAS, T_U32, 0, 1), 0);
    for (uint32_t l = 0; l < 32; ++l)
      EXPECT_EQ(a.out(l), l);
    EXPECT_EQ(a.target(), 32u);
  }
  {
    // CAS expecting lane + 5: only lane 5 (old 5) succeeds... old is 0, nobody does.
    AtomRun a(atomKernel(A_CAS, T_U32, 5, 100), 0);
    EXPECT_EQ(a.target(), 0u);
  }
  {
    AtomRun a(atomKernel(A_INC, T_U32, 3 - 0, 0), 0); // bound lane + 3
    // old: 0, 1, 2, 3, ... each lane bound l + 3 > old: increments all the way.
    for (uint32_t l = 0; l < 32; ++l)
      EXPECT_EQ(a.out(l), l);
  }
  {
    AtomRun a(atomKernel(A_INC, T_U32, 0xfffffffe), 0); // bound lane - 2 (wraps for 0, 1)
    // lane 0: bound 0xfffffffe, old 0 -> 1; lane 1: bound 0xffffffff -> 2;
    // lane 2: bound 0, old 2 >= 0 -> 0; lane 3: bound 1, old 0 -> 1; ...
    EXPECT_EQ(a.out(0), 0u);
    EXPECT_EQ(a.out(1), 1u);
    EXPECT_EQ(a.out(2), 2u);
    EXPECT_EQ(a.out(3), 0u);
    EXPECT_EQ(a.out(4), 1u);
  }
  {
    AtomRun a(atomKernel(A_DEC, T_U32, 0), 2); // bound = lane
    // lane 0: old 2 > 0 -> 0; lane 1: old 0 -> 1; lane 2: old 1 -> 0; lane 3: 0 -> 3
    EXPECT_EQ(a.out(0), 2u);
    EXPECT_EQ(a.out(1), 0u);
    EXPECT_EQ(a.out(2), 1u);
    EXPECT_EQ(a.out(3), 0u);
    EXPECT_EQ(a.out(4), 3u);
  }
  {
    AtomRun a(atomKernel(A_MIN, T_S32, uint32_t(-16)), 0); // lane - 16
    EXPECT_EQ(a.out(0), 0u);
    EXPECT_EQ(a.out(1), uint32_t(-16));
    EXPECT_EQ(a.target(), uint32_t(-16));
  }
  {
    AtomRun a(atomKernel(A_MIN, T_U32, uint32_t(-16)), 0);
    EXPECT_EQ(a.target(), 0u);
  }
  {
    AtomRun a(atomKernel(A_MAX, T_U32, 100), 7);
    EXPECT_EQ(a.target(), 131u);
  }
  {
    AtomRun a(atomKernel(A_OR, T_U32, 0), 0);
    EXPECT_EQ(a.target(), 31u);
  }
  {
    AtomRun a(atomKernel(A_XOR, T_U32, 1), 0);
    uint32_t x = 0;
    for (uint32_t l = 0; l < 32; ++l)
      x ^= l + 1;
    EXPECT_EQ(a.target(), x);
  }
}

TEST(EmuMemory, Atomic64AndFloat) {
  {
    Rig rig;
    rig.mem.store<uint64_t>(rig.base(), 0xffffffffull);
    Kernel k = atomKernel(A_ADD, T_U64, 1);
    rig.launch(k, 1, 32, {rig.base(), rig.base() + 0x100});
    ASSERT_EQ(rig.dev->runUntilIdle().status, RunStatus::Idle);
    EXPECT_EQ(rig.mem.load<uint64_t>(rig.base()), 0xffffffffull + 528);
    EXPECT_EQ(rig.mem.load<uint64_t>(rig.base() + 0x100 + 8), 0x100000000ull); // lane 1's old
  }
  {
    Rig rig;
    rig.mem.store<float>(rig.base(), 0.5f);
    Kernel k;
    k.mov(2, cbank(0, 0x20));
    k.mov32(6, std::bit_cast<uint32_t>(1.25f));
    k.atom(8, 2, 0, 6, A_ADD, T_F32);
    k.emit(Op::RED);
    k.last().memBase = 2;
    k.last().rb.reg = 6;
    k.last().mod[SIMT::MG_AtomOp] = A_ADD;
    k.last().mod[SIMT::MG_AtomTy] = T_F32;
    k.exit();
    rig.launch(k, 1, 4, {rig.base()});
    ASSERT_EQ(rig.dev->runUntilIdle().status, RunStatus::Idle);
    EXPECT_EQ(rig.mem.load<float>(rig.base()), 0.5f + 8 * 1.25f);
  }
}

TEST(EmuMemory, SpinLockAcrossWarpsAndSms) {
  DeviceConfig cfg;
  cfg.sms = 2;
  Rig rig(cfg);
  Kernel k;
  k.mov(2, cbank(0, 0x20)); // lock
  k.mov(5, cbank(0, 0x28)); // counter
  uint32_t loop = k.here();
  k.ldlk(0, 3, 2, 0);
  k.mem(Op::LD, 4, 5, 0, W32, false, P(0));
  k.iadd(4, 4, imm(1), P(0));
  k.mem(Op::ST, 4, 5, 0, W32, false, P(0));
  k.mem(Op::STUL, RZ, 2, 0, W32, false, P(0));
  k.exit(P(0));
  k.bra(loop);
  GridId g = rig.launch(k, 4, 64, {rig.base(), rig.base() + 0x40});
  ASSERT_EQ(rig.dev->runUntilIdle().status, RunStatus::Idle);
  EXPECT_EQ(rig.dev->gridState(g), GridState::Done);
  EXPECT_EQ(rig.u32(0x40), 256u);
  EXPECT_TRUE(rig.dev->globalLocks().empty());
}

TEST(EmuMemory, LockLowestLaneWinsAndStulByNonHolder) {
  for (bool shared : {false, true}) {
    Rig rig;
    Kernel k;
    k.mov(2, cbank(0, 0x20)); // out
    k.mov32(12, shared ? 0 : uint32_t(rig.base() + 0x200)); // the lock's word
    k.s2r(0, LANEID);
    k.ldlk(0, 3, 12, 0, shared);
    k.isetp(1, 0, imm(1), C_EQ);
    // Lane 1 does not hold the lock: its STUL stores and leaves the lock.
    k.mem(shared ? Op::STSUL : Op::STUL, 0, 12, 0, W32, false, P(1));
    k.ldlk(2, 3, 12, 0, shared, P(1));
    k.mov32(9, 1);
    k.sel(6, 9, imm(0), P(0));
    k.sel(7, 9, imm(0), P(2));
    k.elemAddr(10, 2, 0, 11);
    k.mem(Op::ST, 6, 10, 0);
    k.mem(Op::ST, 7, 10, 0x80);
    k.mem(Op::ST, 3, 10, 0x100, W32, false, P(1)); // lane 1 reloaded its own store
    k.mem(shared ? Op::STSUL : Op::STUL, RZ, 12, 0, W32, false, P(0));
    k.exit();
    LaunchParams p = rig.params(k, 1, 32, {rig.base()});
    p.kernel.shared = 16;
    GridId g = rig.dev->launch(p).grid;
    ASSERT_EQ(rig.dev->runUntilIdle().status, RunStatus::Idle) << shared;
    EXPECT_EQ(rig.dev->gridState(g), GridState::Done);
    for (uint32_t l = 0; l < 32; ++l) {
      EXPECT_EQ(rig.u32(4 * l), l == 0 ? 1u : 0u) << "lane " << l << " shared " << shared;
      EXPECT_EQ(rig.u32(0x80 + 4 * l), 0u) << "lane " << l;
    }
    EXPECT_EQ(rig.u32(0x104), 1u);
  }
}

TEST(EmuMemory, LockHeldAtGridEndFaults) {
  Rig rig;
  Kernel k = holdsCtaLockAtExit(3); // lane 3 of each warp, pc 0x30
  GridId g = rig.launch(k, 2, 64, {rig.base()});
  RunResult r = rig.dev->runUntilIdle();
  ASSERT_EQ(r.status, RunStatus::Fault);
  EXPECT_EQ(r.grid, g);
  EXPECT_EQ(r.fault->kind, FaultKind::LockNotReleased);
  EXPECT_EQ(r.fault->pc, 0x30u);
  EXPECT_EQ(r.fault->lanes, 1u << 3);
  EXPECT_EQ(r.fault->cta[0], 0u);
  EXPECT_EQ(r.fault->warp, 0u);
  EXPECT_NE(r.fault->detail.find("2 locks"), std::string::npos) << r.fault->detail;
  EXPECT_TRUE(rig.dev->globalLocks().empty());

  // Shared-memory locks die with their CTA: no fault.
  Rig rig2;
  Kernel s;
  s.ldlk(0, 3, RZ, 0, true);
  s.exit();
  LaunchParams p = rig2.params(s, 2, 32);
  p.kernel.shared = 16;
  GridId g2 = rig2.dev->launch(p).grid;
  EXPECT_EQ(rig2.dev->runUntilIdle().status, RunStatus::Idle);
  EXPECT_EQ(rig2.dev->gridState(g2), GridState::Done);
}

} // namespace
} // namespace simt::emu
