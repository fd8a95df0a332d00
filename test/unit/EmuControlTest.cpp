//===-- EmuControlTest.cpp - Control flow and barriers in the emulator ----===//
//
// Control flow through the SIMT stack (SSY/.S, divergent BRA, BRA.U, BRA CC,
// JMP, BRX, CAL/RET, PBK/BRK, EXIT in divergence, stack faults, stack-cache
// statistics), CTA barriers (data exchange, BAR.RED, exits, diverged double
// arrivals, deadlock), VOTE, BPT and invalid instructions.
#include "EmuTestKit.h"

#include <gtest/gtest.h>

namespace simt::emu {
namespace {

using namespace test;

struct PcLog {
  std::vector<uint32_t> pcs;
  static void hook(void *ctx, const TraceRecord &r) {
    static_cast<PcLog *>(ctx)->pcs.push_back(r.pc);
  }
};

// out[lane] = R5 at the end, for one warp.
void storeR5(Kernel &k) {
  k.mov(2, cbank(0, 0x20));
  k.s2r(0, LANEID);
  k.elemAddr(3, 2, 0, 4);
  k.mem(Op::ST, 5, 3, 0);
  k.exit();
}

TEST(EmuControl, IfElseReconvergesAtSsy) {
  Rig rig;
  Kernel k;
  k.s2r(0, LANEID);
  k.isetp(0, 0, imm(16), C_LT);
  size_t ssy = k.ssy();
  size_t bra = k.bra(0, P(0));
  k.mov32(5, 2); // else: lanes >= 16
  k.nopS();
  k.at(bra).target = k.here();
  k.mov32(5, 1); // then: lanes < 16
  k.nopS();
  k.at(ssy).target = k.here();
  k.iadd(5, 5, imm(100)); // every lane again
  storeR5(k);
  rig.launch(k, 1, 32, {rig.base()});
  ASSERT_EQ(rig.dev->runUntilIdle().status, RunStatus::Idle);
  for (uint32_t l = 0; l < 32; ++l)
    EXPECT_EQ(rig.u32(4 * l), l < 16 ? 101u : 102u) << l;
  DeviceStats s = rig.dev->stats();
  EXPECT_EQ(s.simt.branches, 1u);
  EXPECT_EQ(s.simt.divergentBranches, 1u);
  EXPECT_EQ(s.stack.pushes, 2u); // SYNC, DIV
  EXPECT_EQ(s.stack.pops, 2u);
}

TEST(EmuControl, UniformBranchAndCcBranch) {
  Rig rig;
  Kernel k;
  k.s2r(0, LANEID);
  k.mov32(5, 0);
  k.isetp(0, 0, imm(16), C_LT);
  size_t u = k.bra(0, P(0), true); // not all lanes: the warp falls through
  k.iadd(5, 5, imm(1));
  k.at(u).target = k.here();
  // IADD.CC RZ, R0, -8 sets ZF for lane 8; BRA CC.EQ diverges lane 8 only.
  k.emit(Op::IADD);
  k.last().rd = RZ;
  k.last().ra = R(0);
  k.last().sb = imm(uint32_t(-8));
  k.last().mod[SIMT::MG_CC] = 1;
  size_t ssy = k.ssy();
  size_t b = k.emit(Op::BRAcc);
  k.last().imm = uint32_t(SIMT::CCTest::EQ);
  k.nopS();
  k.at(b).target = k.here();
  k.iadd(5, 5, imm(10));
  k.nopS();
  k.at(ssy).target = k.here();
  storeR5(k);
  rig.launch(k, 1, 32, {rig.base()});
  ASSERT_EQ(rig.dev->runUntilIdle().status, RunStatus::Idle);
  for (uint32_t l = 0; l < 32; ++l)
    EXPECT_EQ(rig.u32(4 * l), l == 8 ? 11u : 1u) << l;
}

TEST(EmuControl, BrxRunsTargetsInAscendingOrder) {
  Rig rig;
  Kernel k;
  k.s2r(0, LANEID);
  k.lop(1, 0, imm(3), SIMT::Logic::AND);     // lane & 3
  k.shl(1, 1, 4);             // 16 bytes per case
  k.lop(1, 1, imm(0x30), SIMT::Logic::XOR);  // reverse the case order (lane 0 -> last case)
  size_t ssy = k.ssy();
  k.emit(Op::BRX);            // 0x28: next pc 0x30 + R1
  k.last().memBase = 1;
  const uint32_t cases = k.here();
  for (uint32_t c = 0; c < 4; ++c) {
    k.mov32(5, 10 + c);
    k.nopS();
  }
  k.at(ssy).target = k.here();
  storeR5(k);
  PcLog log;
  rig.trace(&PcLog::hook, &log);
  rig.launch(k, 1, 32, {rig.base()});
  ASSERT_EQ(rig.dev->runUntilIdle().status, RunStatus::Idle);
  for (uint32_t l = 0; l < 32; ++l)
    EXPECT_EQ(rig.u32(4 * l), 10u + (3 - (l & 3))) << l;
  // Lowest target first: the cases run in address order.
  std::vector<uint32_t> ran(log.pcs.begin() + 6, log.pcs.begin() + 14);
  std::vector<uint32_t> expect;
  for (uint32_t i = 0; i < 8; ++i)
    expect.push_back(cases + 8 * i);
  EXPECT_EQ(ran, expect);
  DeviceStats s = rig.dev->stats();
  EXPECT_EQ(s.simt.branches, 1u);
  EXPECT_EQ(s.simt.divergentBranches, 1u);
}

TEST(EmuControl, BrxBadTargetFaults) {
  Rig rig;
  Kernel k;
  k.s2r(0, LANEID);
  k.emit(Op::BRX); // next pc + lane: misaligned for most lanes
  k.last().memBase = 0;
  k.exit();
  k.exit();
  rig.launch(k, 1, 32);
  RunResult r = rig.dev->runUntilIdle();
  ASSERT_EQ(r.status, RunStatus::Fault);
  EXPECT_EQ(r.fault->kind, FaultKind::InvalidInstruction);
  EXPECT_EQ(r.fault->lanes, 0xfffffefeu); // lanes 0 and 8 land on instructions
}

TEST(EmuControl, JmpWithGuardLetsOthersGoOn) {
  Rig rig;
  Kernel k;
  k.s2r(0, LANEID);
  k.mov32(5, 0);
  k.isetp(0, 0, imm(4), C_LT);
  size_t j = k.emit(Op::JMP, P(0));
  k.iadd(5, 5, imm(1)); // guard-false lanes, after the jumpers
  k.at(j).target = k.here();
  k.iadd(5, 5, imm(2)); // everyone (the jumpers first, then the others)
  storeR5(k);
  rig.launch(k, 1, 32, {rig.base()});
  ASSERT_EQ(rig.dev->runUntilIdle().status, RunStatus::Idle);
  for (uint32_t l = 0; l < 32; ++l)
    EXPECT_EQ(rig.u32(4 * l), l < 4 ? 2u : 3u) << l;
}

TEST(EmuControl, CallReturnUnderDivergence) {
  Rig rig;
  Kernel k;
  k.s2r(0, LANEID);
  k.mov32(5, 0);
  k.isetp(0, 0, imm(8), C_LT);
  size_t c = k.cal(0, P(0));
  k.iadd(5, 5, imm(100));
  storeR5(k);
  k.at(c).target = k.here();
  k.iadd(5, 5, imm(7));
  k.emit(Op::RET);
  rig.launch(k, 1, 32, {rig.base()});
  ASSERT_EQ(rig.dev->runUntilIdle().status, RunStatus::Idle);
  for (uint32_t l = 0; l < 32; ++l)
    EXPECT_EQ(rig.u32(4 * l), l < 8 ? 107u : 100u) << l;
}

// Recursion `depth` calls deep, uniform across the warp.
Kernel recursion(uint32_t depth) {
  Kernel k;
  k.mov32(9, depth);
  size_t c = k.cal();
  k.mov32(5, 1);
  storeR5(k);
  const uint32_t fn = k.here();
  k.at(c).target = fn;
  k.iadd(9, 9, imm(uint32_t(-1)));
  k.isetp(1, 9, imm(0), C_GT);
  k.cal(fn, P(1));
  k.emit(Op::RET);
  return k;
}

TEST(EmuControl, DeepRecursionSpillsAndRestores) {
  StackCacheStats small, large;
  for (uint32_t entries : {8u, 64u}) {
    DeviceConfig cfg;
    cfg.stackCache.entries = entries;
    Rig rig(cfg);
    Kernel k = recursion(20);
    rig.launch(k, 1, 32, {rig.base()});
    ASSERT_EQ(rig.dev->runUntilIdle().status, RunStatus::Idle);
    EXPECT_EQ(rig.u32(4 * 31), 1u);
    (entries == 8 ? small : large) = rig.dev->stats().stack;
  }
  EXPECT_EQ(small.pushes, 20u);
  EXPECT_EQ(small.pops, 20u);
  EXPECT_EQ(small.maxDepth, 20u);
  EXPECT_GT(small.spills, 0u);
  EXPECT_GT(small.restores, 0u);
  EXPECT_EQ(small.spillBytes, small.spills * 32);
  EXPECT_EQ(large.pushes, 20u);
  EXPECT_EQ(large.spills, 0u);
  EXPECT_EQ(large.restores, 0u);
}

TEST(EmuControl, StackOverflowFaults) {
  Rig rig;
  Kernel k = recursion(10);
  LaunchParams p = rig.params(k, 1, 32, {rig.base()});
  p.maxStack = 4;
  ASSERT_TRUE(rig.dev->launch(p).ok());
  RunResult r = rig.dev->runUntilIdle();
  ASSERT_EQ(r.status, RunStatus::Fault);
  EXPECT_EQ(r.fault->kind, FaultKind::StackOverflow);
  EXPECT_EQ(r.fault->lanes, AllLanes);
  EXPECT_NE(r.fault->detail.find("depth 4, limit 4"), std::string::npos) << r.fault->detail;
}

TEST(EmuControl, EmptyStackPopFaults) {
  Rig rig;
  Kernel k;
  k.nopS(); // every lane waits for reconvergence with nothing to pop
  k.exit();
  rig.launch(k, 1, 32);
  RunResult r = rig.dev->runUntilIdle();
  ASSERT_EQ(r.status, RunStatus::Fault);
  EXPECT_EQ(r.fault->kind, FaultKind::StackUnderflow);
  EXPECT_EQ(r.fault->pc, 0u);
}

TEST(EmuControl, BreakOutOfLoop) {
  Rig rig;
  Kernel k;
  k.s2r(0, LANEID);
  k.mov32(5, 0);
  size_t pbk = k.pbk();
  const uint32_t loop = k.here();
  k.iadd(5, 5, imm(1));
  k.isetp(0, 5, reg(0), C_GT);
  k.emit(Op::BRK, P(0));
  k.bra(loop);
  k.at(pbk).target = k.here();
  storeR5(k);
  rig.launch(k, 1, 32, {rig.base()});
  ASSERT_EQ(rig.dev->runUntilIdle().status, RunStatus::Idle);
  for (uint32_t l = 0; l < 32; ++l)
    EXPECT_EQ(rig.u32(4 * l), l + 1) << l;
}

TEST(EmuControl, ExitInsideDivergence) {
  Rig rig;
  Kernel k;
  k.s2r(0, LANEID);
  k.mov32(5, 1);
  k.isetp(0, 0, imm(16), C_LT);
  size_t ssy = k.ssy();
  size_t b = k.bra(0, P(0));
  k.exit(); // lanes >= 16 finish inside the divergent region
  k.at(b).target = k.here();
  k.nopS();
  k.at(ssy).target = k.here();
  storeR5(k);
  GridId g = rig.launch(k, 1, 32, {rig.base()});
  ASSERT_EQ(rig.dev->runUntilIdle().status, RunStatus::Idle);
  EXPECT_EQ(rig.dev->gridState(g), GridState::Done);
  for (uint32_t l = 0; l < 32; ++l)
    EXPECT_EQ(rig.u32(4 * l), l < 16 ? 1u : 0u) << l;
}

TEST(EmuControl, PartialWarpAndVote) {
  Rig rig;
  Kernel k;
  k.mov(2, cbank(0, 0x20));
  k.s2r(0, LANEID);
  k.isetp(0, 0, imm(3), C_LT);  // P0: lanes 0..2
  k.isetp(1, 0, imm(10), C_LT); // P1 guard: lanes 0..9
  k.emit(Op::VOTE, P(1));       // VOTE.ANY R6, P2, P0 over lanes 0..9
  k.last().rd = 6;
  k.last().pd = 2;
  k.last().ps = P(0);
  k.last().mod[SIMT::MG_Vote] = uint8_t(SIMT::Vote::ANY);
  k.emit(Op::VOTE, P(1)); // VOTE.ALL R7, P3, P0
  k.last().rd = 7;
  k.last().pd = 3;
  k.last().ps = P(0);
  k.last().mod[SIMT::MG_Vote] = uint8_t(SIMT::Vote::ALL);
  k.emit(Op::VOTE, P(0)); // VOTE.EQ RZ, P4, P0 over lanes 0..2: all true
  k.last().pd = 4;
  k.last().ps = P(0);
  k.last().mod[SIMT::MG_Vote] = uint8_t(SIMT::Vote::EQ);
  k.mov32(9, 1);
  k.sel(10, 9, imm(0), P(2));
  k.sel(11, 9, imm(0), P(3));
  k.sel(12, 9, imm(0), P(4));
  k.elemAddr(3, 2, 0, 4, 4); // 16 bytes per lane
  k.mem(Op::ST, 6, 3, 0);
  k.mem(Op::ST, 10, 3, 4);
  k.mem(Op::ST, 11, 3, 8);
  k.mem(Op::ST, 12, 3, 12);
  k.exit();
  rig.launch(k, 1, 20, {rig.base()}); // a partial warp of 20 lanes
  ASSERT_EQ(rig.dev->runUntilIdle().status, RunStatus::Idle);
  for (uint32_t l = 0; l < 20; ++l) {
    EXPECT_EQ(rig.u32(16 * l), l < 10 ? 0x7u : 0u) << l;
    EXPECT_EQ(rig.u32(16 * l + 4), l < 10 ? 1u : 0u) << l;
    EXPECT_EQ(rig.u32(16 * l + 8), 0u) << l;
    EXPECT_EQ(rig.u32(16 * l + 12), l < 3 ? 1u : 0u) << l;
  }
  EXPECT_EQ(rig.u32(16 * 20), 0u); // missing lanes never ran
  EXPECT_EQ(rig.dev->stats().instr.thread, 15u * 20 + 10 + 10 + 3);
}

//===-- Barriers --------------------------------------------------------------===//

TEST(EmuControl, BarrierExchangesSharedDataAndReduces) {
  Rig rig;
  Kernel k;
  k.mov(2, cbank(0, 0x20));
  k.s2r(0, TID_X);
  k.s2r(1, CTAID_X);
  k.s2r(11, WARPID);
  // Warp 3 is late: it spins before writing its part.
  k.isetp(1, 11, imm(3), C_NE);
  size_t skip = k.bra(0, P(1));
  k.mov32(12, 200);
  const uint32_t spin = k.here();
  k.iadd(12, 12, imm(uint32_t(-1)));
  k.isetp(2, 12, imm(0), C_NE);
  k.bra(spin, P(2));
  k.at(skip).target = k.here();
  k.shl(4, 0, 2);
  k.iadd(5, 0, imm(1));
  k.mem(Op::STS, 5, 4, 0); // shared[tid] = tid + 1
  k.bar(0);
  k.iadd(6, 4, imm(128));
  k.lop(6, 6, imm(0x1ff), SIMT::Logic::AND);
  k.mem(Op::LDS, 7, 6, 0); // shared[(tid + 32) % 128]
  k.lop(8, 0, imm(1), SIMT::Logic::AND);
  k.isetp(3, 8, imm(0), C_NE); // odd threads
  k.barRed(9, 1, SIMT::BarRed::POPC, P(3));
  k.barRed(10, 2, SIMT::BarRed::AND, P(3));
  k.barRed(13, 3, SIMT::BarRed::OR, P(3));
  k.imad(14, 1, imm(128), 0);
  k.elemAddr(15, 2, 14, 16, 4);
  k.mem(Op::ST, 7, 15, 0);
  k.mem(Op::ST, 9, 15, 4);
  k.mem(Op::ST, 10, 15, 8);
  k.mem(Op::ST, 13, 15, 12);
  k.exit();
  LaunchParams p = rig.params(k, 2, 128, {rig.base()});
  p.kernel.shared = 512;
  rig.dev->launch(p);
  ASSERT_EQ(rig.dev->runUntilIdle().status, RunStatus::Idle);
  for (uint32_t c = 0; c < 2; ++c)
    for (uint32_t t = 0; t < 128; ++t) {
      const uint32_t o = 16 * (c * 128 + t);
      EXPECT_EQ(rig.u32(o), (t + 32) % 128 + 1) << t;
      EXPECT_EQ(rig.u32(o + 4), 64u);
      EXPECT_EQ(rig.u32(o + 8), 0u);
      EXPECT_EQ(rig.u32(o + 12), 1u);
    }
}

TEST(EmuControl, BarrierDeadlockFaults) {
  Rig rig;
  Kernel k;
  k.s2r(0, WARPID);
  k.isetp(0, 0, imm(0), C_EQ);
  size_t b = k.bra(0, P(0));
  k.bar(1); // warp 1 waits at barrier 1 (pc 0x18)
  k.exit();
  k.at(b).target = k.here();
  k.bar(0); // warp 0 waits at barrier 0 (pc 0x28)
  k.exit();
  GridId g = rig.launch(k, 1, 64);
  RunResult r = rig.dev->runUntilIdle();
  ASSERT_EQ(r.status, RunStatus::Fault);
  EXPECT_EQ(r.grid, g);
  EXPECT_EQ(r.fault->kind, FaultKind::Deadlock);
  EXPECT_EQ(r.fault->warp, 1u); // the last to arrive
  EXPECT_EQ(r.fault->pc, 0x18u);
  EXPECT_NE(r.fault->detail.find("barrier 0: 1 of 2 arrivals (warps 0)"), std::string::npos)
      << r.fault->detail;
  EXPECT_NE(r.fault->detail.find("barrier 1: 1 of 2 arrivals (warps 1)"), std::string::npos)
      << r.fault->detail;
}

TEST(EmuControl, BarrierDeadlockAfterExit) {
  Rig rig;
  Kernel k;
  k.s2r(0, WARPID);
  k.isetp(0, 0, imm(0), C_EQ);
  k.isetp(1, 0, imm(1), C_EQ);
  size_t b0 = k.bra(0, P(0));
  size_t b1 = k.bra(0, P(1));
  k.exit(); // warp 2: its exit leaves warps 0 and 1 at different barriers
  k.at(b0).target = k.here();
  k.bar(0); // 0x30
  k.exit();
  k.at(b1).target = k.here();
  k.bar(1);
  k.exit();
  GridId g = rig.launch(k, 1, 96);
  RunResult r = rig.dev->runUntilIdle();
  ASSERT_EQ(r.status, RunStatus::Fault);
  EXPECT_EQ(rig.dev->gridState(g), GridState::Faulted);
  EXPECT_EQ(r.fault->kind, FaultKind::Deadlock);
  EXPECT_EQ(r.fault->warp, 0u); // the lowest waiting warp
  EXPECT_EQ(r.fault->pc, 0x30u);
}

TEST(EmuControl, BarrierCountsOnlyLiveWarps) {
  Rig rig;
  Kernel k;
  k.s2r(0, WARPID);
  k.isetp(0, 0, imm(0), C_EQ);
  k.bar(0);       // all three arrive
  k.bar(0, P(0)); // warp 0 waits again; warps 1 and 2 exit, which opens it
  k.exit();
  GridId g = rig.launch(k, 1, 96);
  EXPECT_EQ(rig.dev->runUntilIdle().status, RunStatus::Idle);
  EXPECT_EQ(rig.dev->gridState(g), GridState::Done);
}

TEST(EmuControl, BarrierOpensWhenOthersExit) {
  Rig rig;
  Kernel k;
  k.s2r(0, WARPID);
  k.isetp(0, 0, imm(0), C_NE);
  k.exit(P(0)); // warps 1.. leave at once
  k.bar(0);     // warp 0 alone: opens when the others have exited
  k.mov(2, cbank(0, 0x20));
  k.mov32(5, 9);
  k.mem(Op::ST, 5, 2, 0);
  k.exit();
  GridId g = rig.launch(k, 1, 128, {rig.base()});
  ASSERT_EQ(rig.dev->runUntilIdle().status, RunStatus::Idle);
  EXPECT_EQ(rig.dev->gridState(g), GridState::Done);
  EXPECT_EQ(rig.u32(0), 9u);
}

TEST(EmuControl, DivergedWarpArrivesTwice) {
  Rig rig;
  Kernel k;
  k.s2r(0, LANEID);
  k.isetp(0, 0, imm(16), C_LT);
  size_t ssy = k.ssy();
  size_t b = k.bra(0, P(0));
  k.bar(0);
  k.nopS();
  k.at(b).target = k.here();
  k.bar(0);
  k.nopS();
  k.at(ssy).target = k.here();
  k.s2r(1, TID_X);
  k.mov(2, cbank(0, 0x20));
  k.elemAddr(3, 2, 1, 4);
  k.mov32(5, 1);
  k.mem(Op::ST, 5, 3, 0);
  k.exit();
  GridId g = rig.launch(k, 1, 64, {rig.base()});
  ASSERT_EQ(rig.dev->runUntilIdle().status, RunStatus::Idle);
  EXPECT_EQ(rig.dev->gridState(g), GridState::Done);
  for (uint32_t t = 0; t < 64; ++t)
    EXPECT_EQ(rig.u32(4 * t), 1u);
}

//===-- Traps and invalid code --------------------------------------------------===//

TEST(EmuControl, TrapAndDrain) {
  Rig rig;
  Kernel k;
  k.emit(Op::BPT); // DRAIN
  k.last().mod[SIMT::MG_Bpt] = uint8_t(SIMT::Bpt::DRAIN);
  k.emit(Op::BPT); // TRAP 0x42
  k.last().mod[SIMT::MG_Bpt] = uint8_t(SIMT::Bpt::TRAP);
  k.last().imm = 0x42;
  k.exit();
  rig.launch(k, 1, 32);
  RunResult r = rig.dev->runUntilIdle();
  ASSERT_EQ(r.status, RunStatus::Fault);
  EXPECT_EQ(r.fault->kind, FaultKind::Trap);
  EXPECT_EQ(r.fault->pc, 8u);
  EXPECT_NE(r.fault->detail.find("0x42"), std::string::npos);
}

TEST(EmuControl, InvalidInstructionAndRunawayPc) {
  {
    Rig rig;
    Kernel k;
    k.emit(Op::NumOps); // an undecodable word
    rig.launch(k, 1, 32);
    RunResult r = rig.dev->runUntilIdle();
    ASSERT_EQ(r.status, RunStatus::Fault);
    EXPECT_EQ(r.fault->kind, FaultKind::InvalidInstruction);
    EXPECT_EQ(r.fault->instruction, "<undefined encoding>");
  }
  {
    Rig rig;
    Kernel k;
    k.bra(0x800); // past the end
    rig.launch(k, 1, 32);
    RunResult r = rig.dev->runUntilIdle();
    ASSERT_EQ(r.status, RunStatus::Fault);
    EXPECT_EQ(r.fault->kind, FaultKind::InvalidInstruction);
    EXPECT_EQ(r.fault->pc, 0x800u);
    // The runtime's printer names instructions in reports.
    rig.dev->setInstPrinter([](const Grid &, const Inst &i) {
      return std::string("<") + opInfo(i.op).mnemonic + ">";
    });
  }
  {
    Rig rig;
    rig.dev->setInstPrinter([](const Grid &, const Inst &i) {
      return std::string("<") + opInfo(i.op).mnemonic + ">";
    });
    Kernel k;
    k.nopS();
    rig.launch(k, 1, 1);
    RunResult r = rig.dev->runUntilIdle();
    ASSERT_EQ(r.status, RunStatus::Fault);
    EXPECT_EQ(r.fault->instruction, "<NOP>");
    EXPECT_NE(r.message.find("<NOP>"), std::string::npos) << r.message;
  }
}

} // namespace
} // namespace simt::emu
