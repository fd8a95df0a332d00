//===-- EmuEffectsTest.cpp - What a trace record reports ------------------===//
//
// What a trace record reports beyond register writes (emu/core/Trace.h): the
// memory accesses the semantics performed, the SIMT-stack pushes and pops, each
// built only when the hook asks for it; and a barrier arrival, performed by the
// SM before the instruction completes. Expected addresses, tokens and values
// follow from the ISA rules and the kernels' own arithmetic.
#include "EmuTestKit.h"

#include <gtest/gtest.h>

namespace simt::emu::test {
namespace {

struct Records {
  std::vector<TraceRecord> all;
  static void hook(void *ctx, const TraceRecord &r) {
    static_cast<Records *>(ctx)->all.push_back(r);
  }
  const TraceRecord &at(uint32_t pc) const {
    for (const TraceRecord &r : all)
      if (r.pc == pc)
        return r;
    ADD_FAILURE() << "no record at pc " << pc;
    return all.front();
  }
};

constexpr uint64_t kBase = 0x10000000;

/// R0 = lane, R3 = kBase + 4 * lane, R6 = 4 * lane; then the accesses.
Kernel memoryKernel() {
  Kernel k;
  k.s2r(0, LANEID);                      // 0x00
  k.mov32(2, uint32_t(kBase));           // 0x08
  k.elemAddr(3, 2, 0, 4);                // 0x10, 0x18: R3 = R2 + 4 * lane
  k.shl(6, 0, 2);                        // 0x20: R6 = 4 * lane
  k.isetp(1, 0, imm(16), C_LT);          // 0x28: P1 = lane < 16
  k.mem(Op::ST, 0, 3, 8);                // 0x30: global[kBase + 8 + 4l] = lane
  k.mem(Op::LD, 5, 3, 8);                // 0x38: R5 = global[kBase + 8 + 4l]
  k.mem(Op::STS, 0, 6, 0x40, WU16, false, P(1)); // 0x40: lanes 0-15, 2 bytes at 0x40 + 4l
  k.mem(Op::STL, 0, RZ, 8);              // 0x48: local window offset 8, every lane
  k.atom(7, 2, 0, 0, A_ADD);             // 0x50: global[kBase] += lane
  k.mem(Op::ST, 0, 3, 1);                // 0x58: misaligned: faults, accesses nothing
  k.exit();
  return k;
}

/// The records of one warp running memoryKernel() under a hook asking for
/// `detail`.
Records runMemoryKernel(uint8_t detail) {
  Rig rig;
  const Kernel k = memoryKernel();
  LaunchParams p = rig.params(k, 1, 32);
  p.kernel.shared = 0x100;
  p.kernel.local = 16;
  Records rec;
  rig.trace(&Records::hook, &rec, detail);
  EXPECT_TRUE(rig.dev->launch(std::move(p)).ok());
  rig.dev->runUntilIdle();
  return rec;
}

TEST(EmuEffects, RecordsReportMemoryAccessesWhenAsked) {
  const Records rec = runMemoryKernel(TraceMemory);

  // Instructions that touch no memory report none; no register comparison
  // was asked for, so none is reported either.
  EXPECT_TRUE(rec.at(0x00).mem.empty());
  EXPECT_TRUE(rec.at(0x00).regs.empty());
  EXPECT_TRUE(rec.at(0x28).preds.empty());

  const TraceRecord &st = rec.at(0x30);
  ASSERT_EQ(st.mem.size(), 1u);
  EXPECT_EQ(st.mem[0].space, MemSpace::Global);
  EXPECT_EQ(st.mem[0].kind, MemAccessKind::Store);
  EXPECT_EQ(st.mem[0].bytes, 4);
  EXPECT_EQ(st.mem[0].lanes, AllLanes);
  for (unsigned l = 0; l < WarpSize; ++l)
    EXPECT_EQ(st.mem[0].addr[l], kBase + 8 + 4 * l) << "lane " << l;
  EXPECT_EQ(st.mem[0].lanesTouching(kBase + 8 + 4 * 5, 4), 1u << 5);
  EXPECT_EQ(st.mem[0].lanesTouching(kBase + 8 + 4 * 5 + 2, 4), 3u << 5);
  EXPECT_EQ(st.mem[0].lanesTouching(kBase, 8), 0u);

  const TraceRecord &ld = rec.at(0x38);
  ASSERT_EQ(ld.mem.size(), 1u);
  EXPECT_EQ(ld.mem[0].kind, MemAccessKind::Load);
  EXPECT_FALSE(ld.mem[0].writes());
  EXPECT_EQ(ld.mem[0].addr[31], kBase + 8 + 4 * 31);

  const TraceRecord &sts = rec.at(0x40);
  ASSERT_EQ(sts.mem.size(), 1u);
  EXPECT_EQ(sts.mem[0].space, MemSpace::Shared);
  EXPECT_EQ(sts.mem[0].bytes, 2);
  EXPECT_EQ(sts.mem[0].lanes, 0x0000ffffu); // the guard's lanes
  EXPECT_EQ(sts.mem[0].addr[15], 0x40u + 4 * 15);

  const TraceRecord &stl = rec.at(0x48);
  ASSERT_EQ(stl.mem.size(), 1u);
  EXPECT_EQ(stl.mem[0].space, MemSpace::Local);
  for (unsigned l = 0; l < WarpSize; ++l)
    EXPECT_EQ(stl.mem[0].addr[l], 8u) << "an offset in each lane's window";

  const TraceRecord &atom = rec.at(0x50);
  ASSERT_EQ(atom.mem.size(), 1u);
  EXPECT_EQ(atom.mem[0].kind, MemAccessKind::Atomic);
  EXPECT_TRUE(atom.mem[0].writes());
  EXPECT_EQ(atom.mem[0].addr[17], kBase);
  EXPECT_EQ(atom.mem[0].lanesTouching(kBase, 4), AllLanes);

  const TraceRecord &bad = rec.at(0x58);
  EXPECT_EQ(bad.fault, FaultKind::MemoryMisaligned);
  EXPECT_TRUE(bad.mem.empty());
}

TEST(EmuEffects, RegisterWritesAloneBuildNoMemoryOrStackEvents) {
  const Records rec = runMemoryKernel(TraceWrites);
  for (const TraceRecord &r : rec.all) {
    EXPECT_TRUE(r.mem.empty()) << "pc " << r.pc;
    EXPECT_TRUE(r.stack.empty()) << "pc " << r.pc;
  }
  ASSERT_EQ(rec.at(0x38).regs.size(), 1u); // LD R5
  EXPECT_EQ(rec.at(0x38).regs[0].reg, 5);
  EXPECT_EQ(rec.at(0x38).regs[0].value[9], 9u);
}

TEST(EmuEffects, RecordsReportStackPushesAndPops) {
  // SSY join; @P0 BRA taken (lanes 0-15); NOP.S (lanes 16-31); taken: NOP.S;
  // join: EXIT. ISA.md 5.1: SSY pushes SYNC{active, join}; the divergent
  // branch pushes DIV{not taken, fall-through} and runs the taken lanes; each
  // NOP.S empties the active mask, which pops the top token.
  Kernel k;
  k.s2r(0, LANEID);                   // 0x00
  k.isetp(0, 0, imm(16), C_LT);       // 0x08
  const size_t ssy = k.ssy();         // 0x10
  const size_t bra = k.bra(0, P(0));  // 0x18
  k.nopS();                           // 0x20: not-taken lanes
  k.setTarget(bra, k.here());
  k.nopS();                           // 0x28: taken lanes
  k.setTarget(ssy, k.here());
  k.exit();                           // 0x30
  Rig rig;
  Records rec;
  rig.trace(&Records::hook, &rec, TraceStack);
  rig.launch(k, 1, 32);
  rig.dev->runUntilIdle();

  auto expectEvent = [](const TraceRecord &r, bool push, TokenType type, uint32_t mask,
                        uint32_t pcBytes, uint32_t depth) {
    ASSERT_EQ(r.stack.size(), 1u) << "pc " << r.pc;
    const StackEvent &e = r.stack[0];
    EXPECT_EQ(e.push, push) << "pc " << r.pc;
    EXPECT_EQ(e.token.type, type) << "pc " << r.pc;
    EXPECT_EQ(e.token.mask, mask) << "pc " << r.pc;
    EXPECT_EQ(e.token.pc * 8, pcBytes) << "pc " << r.pc;
    EXPECT_EQ(e.depth, depth) << "pc " << r.pc;
  };
  EXPECT_TRUE(rec.at(0x08).stack.empty());
  expectEvent(rec.at(0x10), true, TokenType::Sync, AllLanes, 0x30, 1);
  expectEvent(rec.at(0x18), true, TokenType::Div, 0xffff0000u, 0x20, 2);
  expectEvent(rec.at(0x28), false, TokenType::Div, 0xffff0000u, 0x20, 1);
  expectEvent(rec.at(0x20), false, TokenType::Sync, AllLanes, 0x30, 0);
  EXPECT_TRUE(rec.at(0x30).stack.empty()); // EXIT with an empty stack ends the warp
  for (const TraceRecord &r : rec.all)
    EXPECT_TRUE(r.regs.empty() && r.mem.empty()) << "pc " << r.pc;
}

TEST(EmuEffects, BarrierArrivalCompletesWithItsInstruction) {
  // One warp per CTA: its BAR.RED.POPC arrival opens the barrier at once, so
  // the instruction's own record shows Rd = the number of lanes with P0
  // (lane < 10) and the warp goes straight on.
  Kernel k;
  k.s2r(0, LANEID);             // 0x00
  k.isetp(0, 0, imm(10), C_LT); // 0x08
  k.barRed(1, 0, SIMT::BarRed::POPC, P(0)); // 0x10: BAR.RED.POPC R1, 0, P0
  k.exit();                     // 0x18
  Rig rig;
  Records rec;
  rig.trace(&Records::hook, &rec, TraceWrites);
  rig.launch(k, 1, 32);
  EXPECT_EQ(rig.dev->runUntilIdle().status, RunStatus::Idle);
  const TraceRecord &bar = rec.at(0x10);
  EXPECT_EQ(bar.pcAfter, 0x18u);
  ASSERT_EQ(bar.regs.size(), 1u);
  EXPECT_EQ(bar.regs[0].reg, 1);
  EXPECT_EQ(bar.regs[0].lanes, AllLanes);
  EXPECT_EQ(bar.regs[0].value[31], 10u);
}

TEST(EmuEffects, BarrierDeadlockLeavesThePcAtTheBarrier) {
  // Warp 0 waits at barrier 1 and warp 1 at barrier 2: neither can open.
  // The arrival that completes the deadlock faults: its instruction does not
  // complete, so the warp's PC stays at the BAR.
  Kernel k;
  k.s2r(0, TID_X);                   // 0x00
  k.isetp(0, 0, imm(32), C_LT);      // 0x08: P0 = warp 0
  k.bar(1, P(0));                    // 0x10
  k.bar(2, P(0, true));              // 0x18
  k.exit();                          // 0x20
  Rig rig;
  Records rec;
  rig.trace(&Records::hook, &rec, TraceWrites);
  rig.launch(k, 1, 64);
  const RunResult r = rig.dev->runUntilIdle();
  ASSERT_EQ(r.status, RunStatus::Fault);
  ASSERT_NE(r.fault, nullptr);
  EXPECT_EQ(r.fault->kind, FaultKind::Deadlock);
  const TraceRecord &last = rec.all.back();
  EXPECT_EQ(last.fault, FaultKind::Deadlock);
  EXPECT_EQ(last.pcAfter, last.pc);
  EXPECT_EQ(r.fault->pc, last.pc);
}

} // namespace
} // namespace simt::emu::test
