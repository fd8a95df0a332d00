//===-- SemFastFormTest.cpp - Fast forms against their exec_ functions ----===//
//
// emu/core/FastForms.h executes the plain forms of common ALU instructions
// without an ExecContext; the exec_ functions remain their definition. Here
// random instructions of every opcode that has fast forms -- random
// modifiers of every group, random source modifiers, register, immediate
// and constant operands (banks 0, 1 and 3), random guards' masks -- are
// classified with fastFormOf; each one that gets a form runs both ways on
// the same random registers (with NaNs, infinities, denormals and shift
// counts past 31 mixed in), and every register, predicate and CC flag must
// come out the same. Every form and operand source must be reached.
//
// Linked into simt-semtests, whose readConstant double serves banks 0/1
// from semtest::constants; the grid given to execFast holds the same words.
#include "emu/core/FastForms.h"
#include "test/unit/RandomAlu.h"

#include <gtest/gtest.h>

#include <cstring>
#include <map>
#include <random>
#include <set>
#include <utility>

namespace simt::emu {

namespace semtest {
extern std::map<std::pair<unsigned, uint32_t>, uint32_t> constants;
} // namespace semtest

namespace {

using namespace alutest;
using ExecFn = void (*)(ExecContext &, const Inst &);

const std::pair<Op, ExecFn> kOps[] = {
    {Op::MOV, exec_MOV},       {Op::MOV32I, exec_MOV32I}, {Op::IADD, exec_IADD},
    {Op::IADD32I, exec_IADD32I}, {Op::ISCADD, exec_ISCADD}, {Op::IMUL, exec_IMUL},
    {Op::IMAD, exec_IMAD},     {Op::LOP, exec_LOP},       {Op::LOP32I, exec_LOP32I},
    {Op::SHL, exec_SHL},       {Op::SHR, exec_SHR},       {Op::FADD, exec_FADD},
    {Op::FMUL, exec_FMUL},     {Op::FADD32I, exec_FADD32I}, {Op::FMUL32I, exec_FMUL32I},
    {Op::FFMA, exec_FFMA},     {Op::ISETP, exec_ISETP},   {Op::SEL, exec_SEL},
    {Op::PSETP, exec_PSETP},
};

TEST(SemFastForm, AgreesWithExecOnRandomInstructions) {
  std::mt19937 rng(20261124);
  Grid grid;
  grid.bank0.assign(64, 0);
  grid.bank1.assign(64, 0);
  semtest::constants.clear();
  for (uint32_t off = 0; off < 32; off += 4) {
    const uint32_t w0 = interesting(rng), w1 = interesting(rng);
    std::memcpy(grid.bank0.data() + off, &w0, 4);
    std::memcpy(grid.bank1.data() + off, &w1, 4);
    semtest::constants[{0, off}] = w0;
    semtest::constants[{1, off}] = w1;
    semtest::constants[{3, off}] = interesting(rng);
  }

  alignas(64) unsigned char dummy[64] = {};
  std::set<uint8_t> formsSeen;
  unsigned compared = 0, refused = 0;
  for (unsigned i = 0; i < 40000; ++i) {
    const auto &[op, exec] = kOps[rng() % std::size(kOps)];
    const Inst inst = randomInst(rng, op);
    if (!inst.fast) {
      ++refused;
      continue;
    }
    ASSERT_FALSE(inst.popSync) << "a fast form must not carry the .S bit";
    ASSERT_FALSE((inst.fast & 3) == fast::BConst && inst.sb.bank > 1)
        << "a user constant bank has a modeled latency";
    formsSeen.insert(inst.fast);
    const uint32_t mask = rng() % 2 ? AllLanes : std::max<uint32_t>(1, rng());

    auto general = std::make_unique<WarpRegs>();
    randomRegs(rng, *general);
    auto fast = std::make_unique<WarpRegs>();
    std::memcpy(static_cast<void *>(fast.get()), general.get(), sizeof(WarpRegs));

    ExecContext ctx{*general,
                    *reinterpret_cast<Warp *>(dummy),
                    *reinterpret_cast<Cta *>(dummy),
                    *reinterpret_cast<Sm *>(dummy),
                    mask,
                    mask,
                    0};
    exec(ctx, inst);
    ASSERT_EQ(ctx.fault, FaultKind::None);
    ASSERT_EQ(ctx.stallCycles, 0u);
    execFast(*fast, grid, inst, mask);
    ++compared;

    const bool same = std::memcmp(general.get(), fast.get(), sizeof(WarpRegs)) == 0;
    if (!same) {
      for (unsigned r = 0; r < 64; ++r)
        for (unsigned l = 0; l < WarpSize; ++l)
          ASSERT_EQ(general->r[r][l], fast->r[r][l])
              << opInfo(op).record << " fast " << unsigned(inst.fast) << ": R" << r
              << " lane " << l << " (instruction " << i << ")";
      for (unsigned p = 0; p < 8; ++p)
        ASSERT_EQ(general->pred[p], fast->pred[p])
            << opInfo(op).record << ": P" << p << " (instruction " << i << ")";
      FAIL() << opInfo(op).record << ": CC flags differ (instruction " << i << ")";
    }
  }
  EXPECT_GT(compared, 10000u);
  EXPECT_GT(refused, 1000u); // the classifier does refuse the non-plain shapes
  // Every form with every source it can take (FFMA only with host FMA).
  for (uint8_t f = fast::Mov; f < fast::Jump; ++f) { // the ALU forms (control: Sm)
    if (f == fast::FFma && !fastFormOf([] {
          Inst i;
          i.op = Op::FFMA;
          return i;
        }()))
      continue;
    EXPECT_TRUE(formsSeen.count(uint8_t(f * 4 + fast::BReg)) ||
                formsSeen.count(uint8_t(f * 4 + fast::BImm32)))
        << "form " << unsigned(f) << " never reached";
  }
  for (uint8_t b : {fast::BReg, fast::BImm, fast::BImm32, fast::BConst}) {
    bool seen = false;
    for (uint8_t x : formsSeen)
      seen |= (x & 3) == b;
    EXPECT_TRUE(seen) << "operand source " << unsigned(b) << " never reached";
  }
}

TEST(SemFastForm, RefusesWhatHasSideEffectsOrLatency) {
  Inst add;
  add.op = Op::IADD;
  add.rd = 1;
  add.ra.reg = 2;
  add.sb.reg.reg = 3;
  EXPECT_NE(fastFormOf(add), 0);
  Inst sat = add;
  sat.mod[SIMT::MG_Sat] = 1; // clamps on signed overflow
  EXPECT_EQ(fastFormOf(sat), 0);
  Inst cc = add;
  cc.mod[SIMT::MG_CC] = 1; // the low word of a 64-bit add: the carry form
  EXPECT_EQ(fastFormOf(cc) >> 2, fast::AddCarry);
  Inst user = add;
  user.sb.kind = SrcKind::Const;
  user.sb.bank = 2; // the constant cache's latency
  EXPECT_EQ(fastFormOf(user), 0);
  Inst bank0 = user;
  bank0.sb.bank = 0;
  EXPECT_NE(fastFormOf(bank0), 0);
  Inst pop = add;
  pop.popSync = true; // pops the SIMT stack
  EXPECT_EQ(fastFormOf(pop), 0);
  Inst ld;
  ld.op = Op::LD;
  EXPECT_EQ(fastFormOf(ld), 0);
  Inst rz = add;
  rz.op = Op::FADD;
  rz.mod[SIMT::MG_Rnd] = uint8_t(SIMT::Rnd::RZ); // a rounding-mode switch
  EXPECT_EQ(fastFormOf(rz), 0);
}

} // namespace
} // namespace simt::emu
