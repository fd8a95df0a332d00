//===-- FastForms.cpp - Which instructions have a fast form ---------------===//
//
// fastFormOf gives an instruction a fast form exactly when its exec_
// function would take its own plain path (no .X/.SAT/.CC, .HI only on IMUL,
// and IADD's .X/.CC, the carry chain of 64-bit address arithmetic,
// .RN without .FTZ/.SAT on floats, no .X on ISETP) and every source is a
// register, an immediate or a bank 0/1 constant whose modifiers the form
// applies the same way: none on the integer forms but the adds' `-`, `-`
// and `|..|` on the float forms. BRA, EXIT, BRK and RET get a control form
// (Sm::issueFast takes the cases that leave the SIMT stack as it is).
//
//===----------------------------------------------------------------------===//
#include "emu/core/FastForms.h"

namespace simt::emu {
using namespace sem;
using namespace fast;

namespace {

bool noMods(const RegRef &r) { return !r.neg && !r.abs && !r.inv; }
bool negOnly(const RegRef &r) { return !r.abs && !r.inv; }

/// Where Sb comes from, or -1 when the form cannot take it: a constant
/// outside banks 0/1 goes through the constant-cache model (latency), and
/// modifiers only where the form applies them (`modsOk`).
int bSourceOf(const Inst &inst, bool modsOk) {
  const bool mods = modsOk || noMods(inst.sb.reg);
  switch (inst.sb.kind) {
  case SrcKind::Reg: return mods ? BReg : -1;
  case SrcKind::Imm: return BImm; // Uniform: its (absent) modifiers are folded as exec_ does
  case SrcKind::Const: return inst.sb.bank < limits::kFirstUserConstBank && mods ? BConst : -1;
  }
  return -1;
}

uint8_t make(Form f, int b) { return b < 0 ? 0 : uint8_t(f * 4 + b); }

Form mulHigh(const Inst &inst) {
  const bool sa = inst.modValue<SIMT::MG_AType>() == SIMT::MulType::S32;
  const bool sb = inst.modValue<SIMT::MG_BType>() == SIMT::MulType::S32;
  return sa ? (sb ? MulHiSS : MulHiSU) : (sb ? MulHiUS : MulHiUU);
}

uint8_t classify(const Inst &inst) {
  const bool plainAdd = !flag(inst, SIMT::MG_X) && !flag(inst, SIMT::MG_Sat) &&
                        !flag(inst, SIMT::MG_CC);
  switch (inst.op) {
  case Op::MOV: return make(Mov, bSourceOf(inst, false));
  case Op::MOV32I: return make(Mov, BImm32);
  case Op::IADD:
    if (flag(inst, SIMT::MG_Sat) || !negOnly(inst.ra) || !negOnly(inst.sb.reg))
      return 0;
    return make(plainAdd ? Add : AddCarry, bSourceOf(inst, true));
  case Op::IADD32I:
    if (flag(inst, SIMT::MG_Sat) || !negOnly(inst.ra))
      return 0;
    return make(plainAdd ? Add : AddCarry, BImm32);
  case Op::ISCADD:
    if (!plainAdd || !negOnly(inst.ra) || !negOnly(inst.sb.reg))
      return 0;
    return make(ScaledAdd, bSourceOf(inst, true));
  case Op::IMUL:
    if (flag(inst, SIMT::MG_CC) || !noMods(inst.ra))
      return 0;
    return make(flag(inst, SIMT::MG_Hi) ? mulHigh(inst) : MulLo, bSourceOf(inst, false));
  case Op::IMAD:
    if (flag(inst, SIMT::MG_Hi) || flag(inst, SIMT::MG_X) || flag(inst, SIMT::MG_CC) ||
        !noMods(inst.ra) || !noMods(inst.rc))
      return 0;
    return make(MulAdd, bSourceOf(inst, false));
  case Op::LOP:
  case Op::LOP32I: {
    if (flag(inst, SIMT::MG_CC) || !noMods(inst.ra))
      return 0;
    static constexpr Form Logic[] = {And, Or, Xor, PassB};
    const Form f = Logic[inst.mod[SIMT::MG_Logic] % 4];
    return make(f, inst.op == Op::LOP32I ? BImm32 : bSourceOf(inst, false));
  }
  case Op::SHL:
    if (flag(inst, SIMT::MG_CC) || !noMods(inst.ra))
      return 0;
    return make(flag(inst, SIMT::MG_Wrap) ? ShlWrap : Shl, bSourceOf(inst, false));
  case Op::SHR: {
    if (flag(inst, SIMT::MG_CC) || !noMods(inst.ra))
      return 0;
    const bool wrap = flag(inst, SIMT::MG_Wrap);
    const Form f = flag(inst, SIMT::MG_U32) ? (wrap ? ShrUWrap : ShrU) : (wrap ? ShrSWrap : ShrS);
    return make(f, bSourceOf(inst, false));
  }
  case Op::FADD:
  case Op::FMUL:
    if (!plainFloat(inst) || inst.ra.inv || inst.sb.reg.inv)
      return 0;
    return make(inst.op == Op::FADD ? FAdd : FMul, bSourceOf(inst, true));
  case Op::FADD32I:
  case Op::FMUL32I:
    if (flag(inst, SIMT::MG_FTZ) || flag(inst, SIMT::MG_Sat) || inst.ra.inv)
      return 0;
    return make(inst.op == Op::FADD32I ? FAdd : FMul, BImm32);
  case Op::FFMA:
#ifdef SIMT_SEM_FMA_DISPATCH
    if (!hostHasFma()) // exec_FFMA's software fma: keep the one definition
      return 0;
#endif
    if (!plainFloat(inst) || inst.ra.inv || inst.sb.reg.inv || inst.rc.inv)
      return 0;
    return make(FFma, bSourceOf(inst, true));
  case Op::ISETP:
    if (flag(inst, SIMT::MG_X) || !noMods(inst.ra))
      return 0;
    return make(ISetp, bSourceOf(inst, false));
  case Op::SEL: return noMods(inst.ra) ? make(Sel, bSourceOf(inst, false)) : 0;
  case Op::PSETP: return make(PSetp, BReg); // no Sb: any source will do
  case Op::BRA: return make(Jump, BReg);
  case Op::EXIT:
  case Op::BRK:
  case Op::RET: return make(Leave, BReg);
  default: return 0;
  }
}

} // namespace

uint8_t fastFormOf(const Inst &inst) {
  if (inst.popSync) // the .S bit pops the SIMT stack: the general path
    return 0;
  return classify(inst);
}

namespace fast {
namespace {

#ifdef SIMT_SEM_FMA_DISPATCH
#define SIMT_FAST_FMA __attribute__((target("fma")))
#else
#define SIMT_FAST_FMA
#endif

/// Rd = canon(fma(a, b, c)) in the lanes of `mask`. No lambda inside: it
/// would not inherit the target attribute, and fmaf would become a call
/// per lane.
template <class AT, class BT, class CT>
SIMT_FAST_FMA inline void fmaLanes(WarpRegs &regs, uint8_t rd, const AT &a, const BT &b,
                                   const CT &c, uint32_t mask) {
  if (rd >= RZ)
    return;
  uint32_t *dst = regs.r[rd];
  if (mask == AllLanes) {
SIMT_LANES_INDEPENDENT
#pragma GCC unroll 8
    for (unsigned l = 0; l < WarpSize; ++l)
      dst[l] = canon32(bits32(__builtin_fmaf(f32(a[l]), f32(b[l]), f32(c[l]))));
    return;
  }
  Lanes t;
  for (unsigned l = 0; l < WarpSize; ++l)
    t[l] = canon32(bits32(__builtin_fmaf(f32(a[l]), f32(b[l]), f32(c[l]))));
  blendRow(dst, t, mask);
}

} // namespace

SIMT_FAST_FMA void fmaRow(WarpRegs &regs, const Inst &inst, const Row &b, uint32_t mask) {
  fmaLanes(regs, inst.rd, foldedRow(regs, inst.ra, SrcMods::Float), b,
           foldedRow(regs, inst.rc, SrcMods::Float), mask);
}

SIMT_FAST_FMA void fmaRowPlain(WarpRegs &regs, const Inst &inst, uint32_t b, uint32_t mask) {
  fmaLanes(regs, inst.rd, Plain{regs.r[inst.ra.reg & 63]}, Uniform{b},
           Plain{regs.r[inst.rc.reg & 63]}, mask);
}

} // namespace fast
} // namespace simt::emu
