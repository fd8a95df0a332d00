//===-- RandomAlu.h - Random ALU instructions and warp registers (tests) --===//
//
// What the fast-form and JIT tests feed both ways: values at the edges
// (float specials, sign bits, shift counts), random register references
// with source modifiers, random ALU instructions of an opcode with every
// modifier group and operand source, and random warp registers.
//
//===----------------------------------------------------------------------===//
#ifndef SIMT_TEST_UNIT_RANDOMALU_H
#define SIMT_TEST_UNIT_RANDOMALU_H

#include "emu/core/FastForms.h"

#include <iterator>
#include <random>

namespace simt::emu::alutest {

/// Values that exercise the edges: float specials, sign bits, shift counts.
inline uint32_t interesting(std::mt19937 &rng) {
  static const uint32_t special[] = {0,          1,          31,         32,
                                     33,         0xFFFFFFFF, 0x80000000, 0x7FFFFFFF,
                                     0x7F800000, 0xFF800000, 0x7FC00000, 0xFFC00001,
                                     0x00000001, 0x80000001, 0x3F800000, 0xBF800000,
                                     0x00800000, 0x007FFFFF};
  switch (rng() % 4) {
  case 0: return special[rng() % std::size(special)];
  case 1: return rng() % 64;
  default: return rng();
  }
}

inline RegRef randomRef(std::mt19937 &rng) {
  RegRef r;
  r.reg = uint8_t(rng() % 8 == 0 ? RZ : rng() % 12);
  // Mostly unmodified, as compiled code is; sometimes any mix.
  if (rng() % 3 == 0) {
    r.neg = rng() % 2;
    r.abs = rng() % 4 == 0;
    r.inv = rng() % 4 == 0;
  }
  return r;
}

inline Inst randomInst(std::mt19937 &rng, Op op) {
  Inst inst;
  inst.op = op;
  inst.guard = PredRef{uint8_t(rng() % 8), rng() % 2 == 0};
  inst.popSync = rng() % 16 == 0;
  // Each modifier group mostly at 0 (the plain value), sometimes anything.
  for (unsigned g = 0; g < SIMT::NumModGroups; ++g)
    inst.mod[g] = uint8_t(rng() % 3 == 0 ? rng() % 8 : 0);
  inst.mod[SIMT::MG_Logic] = uint8_t(rng() % 4);
  inst.mod[SIMT::MG_ICmp] = uint8_t(rng() % 8);
  inst.mod[SIMT::MG_Bop] = uint8_t(rng() % 3);
  inst.mod[SIMT::MG_AType] = uint8_t(rng() % 2);
  inst.mod[SIMT::MG_BType] = uint8_t(rng() % 2);
  inst.mod[SIMT::MG_Rnd] = uint8_t(rng() % 2 == 0 ? 0 : rng() % 4);
  inst.rd = uint8_t(rng() % 8 == 0 ? RZ : rng() % 12);
  inst.ra = randomRef(rng);
  inst.rc = randomRef(rng);
  switch (rng() % 3) {
  case 0:
    inst.sb.kind = SrcKind::Reg;
    inst.sb.reg = randomRef(rng);
    break;
  case 1:
    inst.sb.kind = SrcKind::Imm;
    inst.sb.value = interesting(rng);
    break;
  default:
    inst.sb.kind = SrcKind::Const;
    inst.sb.bank = uint8_t(rng() % 4 == 0 ? 3 : rng() % 2);
    inst.sb.offset = 4 * (rng() % 8);
    if (rng() % 3 == 0) {
      inst.sb.reg.neg = rng() % 2;
      inst.sb.reg.abs = rng() % 2;
    }
    break;
  }
  inst.imm = rng() % 2 ? interesting(rng) : rng() % 40;
  inst.pu = uint8_t(rng() % 8);
  inst.pv = uint8_t(rng() % 8);
  inst.pp = PredRef{uint8_t(rng() % 8), rng() % 2 == 0};
  inst.pq = PredRef{uint8_t(rng() % 8), rng() % 2 == 0};
  inst.pr = PredRef{uint8_t(rng() % 8), rng() % 2 == 0};
  inst.mod[SIMT::MG_Bop1] = uint8_t(rng() % 3);
  inst.fast = fastFormOf(inst);
  return inst;
}

inline void randomRegs(std::mt19937 &rng, WarpRegs &regs) {
  for (unsigned r = 0; r < RZ; ++r)
    for (unsigned l = 0; l < WarpSize; ++l)
      regs.r[r][l] = interesting(rng);
  for (unsigned p = 0; p < PT; ++p)
    regs.pred[p] = rng();
  regs.ccZF = rng();
  regs.ccSF = rng();
  regs.ccCF = rng();
  regs.ccOF = rng();
}

} // namespace simt::emu::alutest

#endif // SIMT_TEST_UNIT_RANDOMALU_H
