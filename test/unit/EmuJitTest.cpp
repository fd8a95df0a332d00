//===-- EmuJitTest.cpp - Compiled runs against the fast forms -------------===//
//
// The JIT (emu/jit/) compiles runs of fast-form instructions; the SM's
// rounds (SmJit.cpp) rely on a compiled run doing exactly what issueFast
// does one instruction after the other. Here random runs of every ALU
// opcode with fast forms (random registers, guards, immediates and bank 0/1
// constants, sometimes source modifiers) run both ways from the same random
// registers: whole runs of a converged warp, and from a random first
// instruction for a random count under a random active mask. Registers,
// predicates, CC flags and the per-instruction masks must agree bit for bit.
// test/emu/jit-identity.test does the same for whole programs.
//
//===----------------------------------------------------------------------===//
#include "emu/core/FastForms.h"
#include "emu/core/Jit.h"
#include "emu/jit/OrcJitCompiler.h"
#include "test/unit/RandomAlu.h"

#include <gtest/gtest.h>

#include <cstring>
#include <memory>
#include <random>

namespace simt::emu {
namespace {

const Op kOps[] = {Op::MOV,  Op::MOV32I, Op::IADD, Op::IADD32I, Op::ISCADD, Op::IMUL, Op::IMAD,
                   Op::LOP,  Op::LOP32I, Op::SHL,  Op::SHR,     Op::FADD,   Op::FMUL, Op::FFMA,
                   Op::ISETP, Op::SEL,   Op::PSETP};

/// A random instruction that has a non-control fast form.
Inst randomCompilable(std::mt19937 &rng) {
  for (;;) {
    Inst inst = alutest::randomInst(rng, kOps[rng() % std::size(kOps)]);
    if (jitCompilable(inst))
      return inst;
  }
}

TEST(EmuJit, CompiledRunsAgreeWithFastForms) {
  std::string error;
  std::shared_ptr<JitCompiler> jit = jit::makeOrcJitCompiler(kDefaultJitCache, kAutoHotIssues, error);
  ASSERT_TRUE(jit) << error;
  std::mt19937 rng(20261127);
  Grid grid;
  grid.bank0.resize(64);
  grid.bank1.resize(64);
  for (uint8_t &b : grid.bank0)
    b = uint8_t(rng());
  for (uint8_t &b : grid.bank1)
    b = uint8_t(rng());

  constexpr uint32_t kLength = 40;
  for (unsigned n = 0; n < 3; ++n) {
    std::vector<Inst> code;
    for (uint32_t i = 0; i < kLength; ++i)
      code.push_back(randomCompilable(rng));
    Inst exit;
    exit.op = Op::EXIT;
    exit.fast = fastFormOf(exit);
    code.push_back(exit); // ends the run
    const JitImage *image = jit->imageFor(code, JitMode::On);
    ASSERT_TRUE(image);
    const JitSite *sites = image->sites.data();
    ASSERT_EQ(sites[0].remaining, kLength);
    ASSERT_EQ(sites[kLength].fn, nullptr);
    for (unsigned trial = 0; trial < 100; ++trial) {
      const bool whole = trial % 2 == 0;
      const uint32_t first = whole ? 0 : rng() % kLength;
      const uint32_t count = whole ? kLength : 1 + rng() % (kLength - first);
      const uint32_t active = whole ? AllLanes : uint32_t(rng());
      auto expected = std::make_unique<WarpRegs>();
      alutest::randomRegs(rng, *expected);
      auto got = std::make_unique<WarpRegs>();
      std::memcpy(static_cast<void *>(got.get()), expected.get(), sizeof(WarpRegs));
      uint32_t wantMasks[kLength], gotMasks[kLength];
      for (uint32_t i = 0; i < count; ++i) { // Sm::issueFast, one at a time
        const Inst &inst = code[first + i];
        wantMasks[i] = active & expected->predMask(inst.guard);
        if (wantMasks[i] != 0)
          execFast(*expected, grid, inst, wantMasks[i]);
      }
      const JitSite &site = sites[first];
      site.fn(got.get(), &grid, active, site.index, count, gotMasks);
      for (uint32_t i = 0; i < count; ++i)
        ASSERT_EQ(wantMasks[i], gotMasks[i]) << "instruction " << first + i;
      for (unsigned r = 0; r < 64; ++r)
        for (unsigned l = 0; l < WarpSize; ++l)
          ASSERT_EQ(expected->r[r][l], got->r[r][l])
              << "R" << r << " lane " << l << " (image " << n << ", from " << first
              << " for " << count << ")";
      ASSERT_EQ(std::memcmp(expected.get(), got.get(), sizeof(WarpRegs)), 0)
          << "predicates or CC flags differ (image " << n << ")";
    }
  }
  const JitTotals t = jit->totals();
  EXPECT_EQ(t.images, 3u);
  EXPECT_EQ(t.instructions, 3u * kLength);
}

/// IADD R1, R2, R3: compilable.
Inst plainAdd() {
  Inst add;
  add.op = Op::IADD;
  add.rd = 1;
  add.ra.reg = 2;
  add.sb.reg.reg = 3;
  add.fast = fastFormOf(add);
  return add;
}

/// S2R: a special register, the interpreter's; it ends a run.
Inst specialRead() {
  Inst s2r;
  s2r.op = Op::S2R;
  return s2r;
}

TEST(EmuJit, RunsStopAtWhatIsNotCompilable) {
  const Inst add = plainAdd(), s2r = specialRead();
  ASSERT_TRUE(jitCompilable(add));
  ASSERT_FALSE(jitCompilable(s2r));
  const std::vector<Inst> code = {add, add, s2r, add, s2r, add, add, add};
  const std::vector<JitRun> runs = jitRuns(code, 2);
  ASSERT_EQ(runs.size(), 2u);
  EXPECT_EQ(runs[0].first, 0u);
  EXPECT_EQ(runs[0].length, 2u);
  EXPECT_EQ(runs[1].first, 5u);
  EXPECT_EQ(runs[1].length, 3u);
  EXPECT_EQ(jitRuns(code, 4).size(), 0u);
}

/// BRA to instruction `to` under guard P0: a roundable branch.
Inst branchTo(uint32_t to) {
  Inst bra;
  bra.op = Op::BRA;
  bra.guard.idx = 0;
  bra.target = to * 8;
  bra.fast = fastFormOf(bra);
  return bra;
}

// A round may go through branches as far as every path stays roundable
// (JitSite::reach); the SIMT stack's room counts from the next branch
// (toBranch). Expected values worked out by hand from the paths (every
// path falls through to the image's end at worst, so reach is finite).
TEST(EmuJit, ReachFollowsEveryPath) {
  const Inst add = plainAdd(), s2r = specialRead();
  ASSERT_TRUE(jitRoundable(branchTo(0)));
  ASSERT_FALSE(jitCompilable(branchTo(0)));
  ASSERT_FALSE(jitRoundable(s2r));
  // 0: add; 1: add; 2: BRA 0 (a loop's back edge); 3: add; 4: BRA 7;
  // 5: S2R; 6: add; 7: add; 8: BRA 6; 9: BRA 3 with a misaligned target
  // (outside the code); 10: BRA 500 (outside).
  std::vector<Inst> code = {add, add, branchTo(0), add, branchTo(7), s2r,
                            add, add, branchTo(6), branchTo(3), branchTo(500)};
  code[9].target += 4;
  std::vector<JitSite> sites(code.size());
  jitSetReach(code, sites);
  // 10 goes outside either way: 1; 9 jumps outside: 1. The loop 6..8
  // leaves through 9: 8 is 2, 7 is 3, 6 is 4. 4 falls through to the S2R:
  // 1. Then 3 is 2, and the loop 0..2 leaves through 3: 2 is 3, 1 is 4, 0
  // is 5.
  const uint16_t reach[] = {5, 4, 3, 2, 1, 0, 4, 3, 2, 1, 1};
  const uint16_t toBranch[] = {2, 1, 0, 1, 0, 0, 2, 1, 0, 0, 0};
  for (size_t pc = 0; pc < code.size(); ++pc) {
    EXPECT_EQ(sites[pc].reach, reach[pc]) << "pc " << pc;
    EXPECT_EQ(sites[pc].toBranch, toBranch[pc]) << "pc " << pc;
  }
}

// --jit auto: nothing is compiled at the launch; each run counts down the
// interpreter's issues in it (hotIssues per instruction) and is compiled
// alone when the SM asks (SmJit.cpp).
TEST(EmuJit, AutoCompilesEachRunWhenAsked) {
  std::string error;
  std::shared_ptr<JitCompiler> jit = jit::makeOrcJitCompiler(kDefaultJitCache, 5, error);
  ASSERT_TRUE(jit) << error;
  const Inst add = plainAdd(), s2r = specialRead();
  const std::vector<Inst> code = {add, add, add, s2r, add, add, s2r};
  JitImage *image = jit->imageFor(code, JitMode::Auto);
  ASSERT_TRUE(image);
  ASSERT_EQ(image->runs.size(), 2u);
  EXPECT_EQ(image->untilHot, (std::vector<uint64_t>{15, 10}));
  for (const JitSite &site : image->sites)
    EXPECT_EQ(site.fn, nullptr);
  EXPECT_EQ(image->sites[4].run, 1u);
  EXPECT_EQ(image->sites[4].remaining, 2u);
  EXPECT_EQ(image->sites[3].remaining, 0u);
  EXPECT_EQ(jit->totals().runs, 0u);

  jit->compileRun(*image, 1);
  EXPECT_EQ(image->sites[0].fn, nullptr);
  EXPECT_NE(image->sites[4].fn, nullptr);
  EXPECT_EQ(image->sites[4].fn, image->sites[5].fn);
  EXPECT_EQ(image->untilHot[1], 0u);
  EXPECT_EQ(image->untilHot[0], 15u);
  const JitTotals t = jit->totals();
  EXPECT_EQ(t.images, 1u);
  EXPECT_EQ(t.runs, 1u);
  EXPECT_EQ(t.instructions, 2u);
  EXPECT_GT(t.compileSeconds, 0);
  EXPECT_LE(t.optimizeSeconds + t.codegenSeconds, t.compileSeconds);
  EXPECT_EQ(jit->imageFor(code, JitMode::Auto), image); // equal code, one image
}

// The code cache's limit counts compiled instructions: a run that would
// pass it stays interpreted (refused), and what fits is still compiled.
TEST(EmuJit, AFullCodeCacheLeavesRunsInterpreted) {
  std::string error;
  std::shared_ptr<JitCompiler> jit = jit::makeOrcJitCompiler(4, kAutoHotIssues, error);
  ASSERT_TRUE(jit) << error;
  const Inst add = plainAdd(), s2r = specialRead();
  const std::vector<Inst> code = {add, add, add, s2r, add, add, s2r, add, add};
  const JitImage *image = jit->imageFor(code, JitMode::On);
  ASSERT_TRUE(image);
  for (uint32_t pc = 0; pc < code.size(); ++pc)
    EXPECT_EQ(image->sites[pc].fn != nullptr, pc < 3) << "pc " << pc;
  const JitTotals t = jit->totals();
  EXPECT_EQ(t.runs, 1u);
  EXPECT_EQ(t.instructions, 3u);
  EXPECT_EQ(t.refused, 2u);
}

} // namespace
} // namespace simt::emu
