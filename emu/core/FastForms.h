//===-- FastForms.h - Plain ALU forms executed without an ExecContext -----===//
//
// Most instructions a kernel executes are plain register arithmetic: an
// IADD, IMAD, LOP, ISETP or FFMA with no carry, saturation, rounding mode or
// source modifier other than `-` (and `|..|` on floats), reading registers,
// an immediate or the launch's constant banks 0/1, and writing one register
// or two predicates. Such an instruction cannot fault, stall, touch memory
// or change the warp's control, so the SM executes it on its fast path
// (Sm::issueFast, inlined into the issue loop): no ExecContext, no call
// through the general dispatch, one pass over the register rows.
//
// The form is chosen once, when the instruction is decoded (fastFormOf, kept
// in Inst::fast as form * 4 + where Sb comes from); 0 means "none: use
// exec_<Record>". The exec_ functions stay the definition of every
// instruction: a fast form is the same computation for the operands on
// which the exec_ function takes its own plain path, and
// test/unit/FastFormTest.cpp checks the two bit for bit on random
// instructions and registers.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "emu/core/Grid.h"
#include "emu/core/Inst.h"
#include "emu/core/WarpState.h"
#include "emu/core/Operands.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <type_traits>

/// Before a loop over lanes whose iteration l reads only lane l of the rows
/// it writes: GCC may vectorise it without alias checks. (Clang's
/// equivalent warns wherever it cannot vectorise, as in the sanitized fuzz
/// build; clang builds go without it, but for the JIT's bitcode, whose
/// loops would otherwise keep a scalar copy for a row that is both source
/// and destination: emu/jit/CMakeLists.txt.)
#if defined(__GNUC__) && !defined(__clang__)
#define SIMT_LANES_INDEPENDENT _Pragma("GCC ivdep")
#elif defined(SIMT_JIT_BITCODE_BUILD)
#define SIMT_LANES_INDEPENDENT _Pragma("clang loop vectorize(assume_safety)")
#else
#define SIMT_LANES_INDEPENDENT
#endif

namespace simt::emu {

/// The fast form of `inst`, or 0 when it has none (Inst::fast).
uint8_t fastFormOf(const Inst &inst);

namespace fast {

enum Form : uint8_t {
  None,
  Mov,       // Rd = Sb
  Add,       // Rd = ±Ra + ±Sb
  ScaledAdd, // Rd = ±(Ra << imm) + ±Sb
  MulLo,     // Rd = Ra * Sb (low word)
  MulHiSS,   // Rd = high word of Ra * Sb, signedness per AType/BType
  MulHiSU,
  MulHiUS,
  MulHiUU,
  MulAdd, // Rd = Ra * Sb + Rc (low word)
  And,
  Or,
  Xor,
  PassB,
  Shl,
  ShlWrap,
  ShrU,
  ShrUWrap,
  ShrS,
  ShrSWrap,
  FAdd, // canonical NaN; sources with - and |..|
  FMul,
  FFma, // only with the host's FMA instructions (as exec_FFMA's plain path)
  ISetp,
  Sel,
  AddCarry, // IADD/IADD32I with .X and/or .CC (no .SAT): the 64-bit address adds
  PSetp,    // predicates only (compiled conditions: `a || b` of two ISETPs)
  // Control, run by Sm::issueFast on the SIMT stack, not by execFast: only
  // while the warp does not split or leave; anything else (none of it
  // changed) takes exec_<Record>.
  Jump,  // BRA (.U too): every active lane or none takes it
  Leave, // EXIT, BRK, RET: no lane takes part (a guard false everywhere)
  NumForms,
};
inline bool isControl(Form f) { return f >= Jump; }
static_assert(NumForms * 4 <= 256, "Inst::fast holds form * 4 + source");

/// Where Sb comes from: a register, Sb's immediate, the 32I forms' imm,
/// or a constant of bank 0/1 (read from the grid: no latency is modeled).
enum BSource : uint8_t { BReg, BImm, BImm32, BConst };

/// A source row with its modifiers folded (sem::SrcFold), or without any.
using Row = sem::RowSrc;
struct Plain {
  const uint32_t *row;
  uint32_t operator[](unsigned l) const { return row[l]; }
};

inline Row foldedRow(const WarpRegs &regs, const RegRef &ref, sem::SrcMods m) {
  const sem::SrcFold f = sem::srcFold(ref, m);
  return {regs.r[ref.reg & 63], f.keep, f.flip, f.add};
}

/// Lane l's value: `v` in the lanes of `mask`, `old` elsewhere (sem::writeRd's
/// branch-free blend; the lane bit as a vector compare, no shift per lane,
/// no branch).
[[gnu::always_inline]] inline uint32_t blendLane(uint32_t v, uint32_t old, uint32_t mask,
                                                 unsigned l) {
  const uint32_t keep = 0u - uint32_t((mask & sem::LaneBit[l]) != 0);
  return (v & keep) | (old & ~keep);
}

/// dst = t in the lanes of `mask`, the old values elsewhere.
inline void blendRow(uint32_t *__restrict dst, const sem::Lanes &t, uint32_t mask) {
  for (unsigned l = 0; l < WarpSize; ++l)
    dst[l] = blendLane(t[l], dst[l], mask, l);
}

/// Rd = f(l) in the lanes of `mask` (RZ discards), as sem::writeRd. The row
/// is written in place, one pass: lane l reads only lane l of its sources
/// before it writes lane l of Rd, so Rd may be a source. (Divergent code
/// runs most instructions under a partial mask.)
template <class F>
[[gnu::always_inline]] inline void lanes(WarpRegs &regs, uint8_t rd, uint32_t mask, F f) {
  if (rd >= RZ)
    return;
  uint32_t *dst = regs.r[rd];
  if (mask == AllLanes) [[likely]] {
SIMT_LANES_INDEPENDENT
#pragma GCC unroll 8
    for (unsigned l = 0; l < WarpSize; ++l)
      dst[l] = f(l);
    return;
  }
SIMT_LANES_INDEPENDENT
#pragma GCC unroll 8
  for (unsigned l = 0; l < WarpSize; ++l)
    dst[l] = blendLane(f(l), dst[l], mask, l);
}

inline uint32_t mulHighLane(bool sa, bool sb, uint32_t a, uint32_t b) {
  const uint64_t x = sa ? uint64_t(int64_t(int32_t(a))) : uint64_t(a);
  const uint64_t y = sb ? uint64_t(int64_t(int32_t(b))) : uint64_t(b);
  return uint32_t((x * y) >> 32);
}

/// FFMA's plain form (FastForms.cpp: built for the host's FMA).
void fmaRow(WarpRegs &regs, const Inst &inst, const Row &b, uint32_t mask);
/// The same with Sb uniform and no modifier on Ra and Rc, the usual shape.
void fmaRowPlain(WarpRegs &regs, const Inst &inst, uint32_t b, uint32_t mask);

/// ISETP: the comparison's lane mask (as exec_ISETP without .X).
template <class BT> inline uint32_t intCompare(const Inst &inst, const Plain &a, const BT &b) {
  using C = SIMT::ICmp;
  const uint32_t bias = inst.mod[SIMT::MG_U32] ? 0 : 0x80000000u;
  auto bits = [&](auto cmp) {
    return sem::laneBits([&](unsigned l) { return cmp(a[l] ^ bias, b[l] ^ bias); });
  };
  switch (inst.modValue<SIMT::MG_ICmp>()) {
  case C::F: return 0;
  case C::LT: return bits([](uint32_t x, uint32_t y) { return x < y; });
  case C::EQ: return bits([](uint32_t x, uint32_t y) { return x == y; });
  case C::LE: return bits([](uint32_t x, uint32_t y) { return x <= y; });
  case C::GT: return bits([](uint32_t x, uint32_t y) { return x > y; });
  case C::NE: return bits([](uint32_t x, uint32_t y) { return x != y; });
  case C::GE: return bits([](uint32_t x, uint32_t y) { return x >= y; });
  case C::T: break;
  }
  return ~0u;
}

/// One form with Sb as `b` (a Plain or Row register, or a sem::Uniform).
template <class BT>
[[gnu::always_inline]] inline void run(Form form, WarpRegs &regs, const Inst &inst, const BT &b,
                                       uint32_t mask) {
  using sem::bits32;
  using sem::canon32;
  using sem::f32;
  const Plain a{regs.r[inst.ra.reg & 63]};
  const uint8_t rd = inst.rd;
  switch (form) {
  case Mov: return lanes(regs, rd, mask, [&](unsigned l) { return b[l]; });
  case Add: {
    if (!inst.ra.neg)
      return lanes(regs, rd, mask, [&](unsigned l) { return a[l] + b[l]; });
    const Row na = foldedRow(regs, inst.ra, sem::SrcMods::Int);
    return lanes(regs, rd, mask, [&](unsigned l) { return na[l] + b[l]; });
  }
  case ScaledAdd: {
    const unsigned shift = inst.imm & 31;
    const sem::SrcFold n = sem::srcFold(inst.ra, sem::SrcMods::Int);
    return lanes(regs, rd, mask,
                 [&](unsigned l) { return ((a[l] << shift) ^ n.flip) + n.add + b[l]; });
  }
  case MulLo: return lanes(regs, rd, mask, [&](unsigned l) { return a[l] * b[l]; });
  case MulHiSS:
    return lanes(regs, rd, mask, [&](unsigned l) { return mulHighLane(true, true, a[l], b[l]); });
  case MulHiSU:
    return lanes(regs, rd, mask,
                 [&](unsigned l) { return mulHighLane(true, false, a[l], b[l]); });
  case MulHiUS:
    return lanes(regs, rd, mask,
                 [&](unsigned l) { return mulHighLane(false, true, a[l], b[l]); });
  case MulHiUU:
    return lanes(regs, rd, mask,
                 [&](unsigned l) { return mulHighLane(false, false, a[l], b[l]); });
  case MulAdd: {
    const Plain c{regs.r[inst.rc.reg & 63]};
    return lanes(regs, rd, mask, [&](unsigned l) { return a[l] * b[l] + c[l]; });
  }
  case And: return lanes(regs, rd, mask, [&](unsigned l) { return a[l] & b[l]; });
  case Or: return lanes(regs, rd, mask, [&](unsigned l) { return a[l] | b[l]; });
  case Xor: return lanes(regs, rd, mask, [&](unsigned l) { return a[l] ^ b[l]; });
  case PassB: return lanes(regs, rd, mask, [&](unsigned l) { return b[l]; });
  case Shl:
    return lanes(regs, rd, mask,
                 [&](unsigned l) { return b[l] > 31 ? 0u : a[l] << (b[l] & 31); });
  case ShlWrap: return lanes(regs, rd, mask, [&](unsigned l) { return a[l] << (b[l] & 31); });
  case ShrU:
    return lanes(regs, rd, mask,
                 [&](unsigned l) { return b[l] > 31 ? 0u : a[l] >> (b[l] & 31); });
  case ShrUWrap: return lanes(regs, rd, mask, [&](unsigned l) { return a[l] >> (b[l] & 31); });
  case ShrS:
    return lanes(regs, rd, mask,
                 [&](unsigned l) { return uint32_t(int32_t(a[l]) >> std::min(b[l], 31u)); });
  case ShrSWrap:
    return lanes(regs, rd, mask,
                 [&](unsigned l) { return uint32_t(int32_t(a[l]) >> (b[l] & 31)); });
  case FAdd: {
    const Row fa = foldedRow(regs, inst.ra, sem::SrcMods::Float);
    return lanes(regs, rd, mask,
                 [&](unsigned l) { return canon32(bits32(f32(fa[l]) + f32(b[l]))); });
  }
  case FMul: {
    const Row fa = foldedRow(regs, inst.ra, sem::SrcMods::Float);
    return lanes(regs, rd, mask,
                 [&](unsigned l) { return canon32(bits32(f32(fa[l]) * f32(b[l]))); });
  }
  case FFma: {
    // Out of line, built for the host's FMA; Sb as a Row either way.
    if constexpr (std::is_same_v<BT, sem::Uniform>) {
      if (!(inst.ra.neg | inst.ra.abs | inst.rc.neg | inst.rc.abs))
        return fmaRowPlain(regs, inst, b.v, mask);
      return fmaRow(regs, inst, Row{regs.r[RZ], 0, b.v, 0}, mask); // ((x & 0) ^ v) + 0
    }
    else if constexpr (std::is_same_v<BT, Plain>)
      return fmaRow(regs, inst, Row{b.row, ~0u, 0, 0}, mask);
    else
      return fmaRow(regs, inst, b, mask);
  }
  case ISetp: {
    const SIMT::BoolOp bop = inst.modValue<SIMT::MG_Bop>();
    const uint32_t cmp = intCompare(inst, a, b), p = regs.predMask(inst.pp);
    regs.writePred(inst.pu, sem::boolOp(bop, cmp, p), mask);
    regs.writePred(inst.pv, sem::boolOp(bop, ~cmp, p), mask);
    return;
  }
  case PSetp: { // exec_PSETP: Pu from Pp, Pv from !Pp
    const uint32_t u = sem::predCombine(regs, inst, false), v = sem::predCombine(regs, inst, true);
    regs.writePred(inst.pu, u, mask);
    regs.writePred(inst.pv, v, mask);
    return;
  }
  case Sel: {
    const uint32_t pick = regs.predMask(inst.pp);
    return lanes(regs, rd, mask, [&](unsigned l) { return blendLane(a[l], b[l], pick, l); });
  }
  case AddCarry: // execFast: addCarry
  case Jump:     // Sm::issueFast
  case Leave:
  case None:
  case NumForms: break;
  }
}

/// IADD/IADD32I with .CC and/or .X: Rd = a + b + carry-in, each negated
/// addend inverted and counted as a carry of 1 (with .X the incoming CF
/// replaces the first), then ZF (ZF_in && r == 0 with .X), SF, CF, OF with
/// .CC -- sem::addAndWrite without .SAT. `b` is Sb's raw value (a register
/// row or a uniform word, before its `-`, which `negB` says).
template <class BT>
[[gnu::always_inline]] inline void addCarry(WarpRegs &regs, const Inst &inst, const BT &b,
                                            bool negB, uint32_t mask) {
  const uint32_t ia = inst.ra.neg ? ~0u : 0u, ib = negB ? ~0u : 0u;
  const bool x = inst.mod[SIMT::MG_X] != 0;
  const unsigned nneg = (ia & 1u) + (ib & 1u);
  const uint32_t cinBase = x ? (nneg ? nneg - 1 : 0) : nneg;
  const uint32_t cinMask = x ? regs.ccCF : 0u;
  const Plain a{regs.r[inst.ra.reg & 63]};
  sem::Lanes r, carry, ovf;
  for (unsigned l = 0; l < WarpSize; ++l) {
    const uint32_t xa = a[l] ^ ia, xb = b[l] ^ ib;
    const uint32_t s1 = xa + xb;
    const uint32_t v = s1 + cinBase + ((cinMask & sem::LaneBit[l]) ? 1u : 0u);
    r[l] = v;
    carry[l] = ((s1 < xa) | (v < s1)) ? ~0u : 0u;
    ovf[l] = ~(xa ^ xb) & (xa ^ v);
  }
  if (inst.mod[SIMT::MG_CC]) {
    const uint32_t zf = sem::zeroBits(r) & (x ? regs.ccZF : ~0u);
    const uint32_t sf = sem::signBits(r), cf = sem::packSigns(carry), of = sem::packSigns(ovf);
    regs.ccZF = (regs.ccZF & ~mask) | (zf & mask);
    regs.ccSF = (regs.ccSF & ~mask) | (sf & mask);
    regs.ccCF = (regs.ccCF & ~mask) | (cf & mask);
    regs.ccOF = (regs.ccOF & ~mask) | (of & mask);
  }
  lanes(regs, inst.rd, mask, [&](unsigned l) { return r[l]; });
}

/// The modifiers a form applies to Sb: float `-`/`|..|` for the float
/// forms, integer ones elsewhere (fastFormOf allows only `-`, and only on
/// the adds).
inline sem::SrcMods bMods(Form f) {
  return f >= FAdd && f <= FFma ? sem::SrcMods::Float : sem::SrcMods::Int;
}

} // namespace fast

// The issue loop has eight instantiations (emu/core/SmIssue.cpp), each with
// its own inlined copy of execFast for speed. Under the sanitizers, whose
// checks on every unrolled lane made that one file take six minutes to
// compile, there is one copy, called.
#ifdef SIMT_SANITIZED_BUILD
#define SIMT_FAST_PATH_INLINE [[gnu::noinline]] inline
#else
#define SIMT_FAST_PATH_INLINE [[gnu::always_inline]] inline
#endif

/// Executes `inst` (whose Inst::fast is nonzero) for the lanes of `mask`
/// (nonzero): the same effect on `regs` as exec_<Record> with that mask.
/// Constant operands read `grid`'s banks 0 and 1.
SIMT_FAST_PATH_INLINE void execFast(WarpRegs &regs, const Grid &grid, const Inst &inst,
                                           uint32_t mask) {
  using namespace fast;
  const Form form = Form(inst.fast >> 2);
  if (form == AddCarry) [[unlikely]] {
    switch (BSource(inst.fast & 3)) {
    case BReg:
      return addCarry(regs, inst, Plain{regs.r[inst.sb.reg.reg & 63]}, inst.sb.reg.neg, mask);
    case BImm: return addCarry(regs, inst, sem::Uniform{inst.sb.value}, inst.sb.reg.neg, mask);
    case BImm32: return addCarry(regs, inst, sem::Uniform{inst.imm}, false, mask);
    case BConst:
      return addCarry(regs, inst,
                      sem::Uniform{inst.sb.bank == 0 ? grid.bank0Word(inst.sb.offset)
                                                     : grid.bank1Word(inst.sb.offset)},
                      inst.sb.reg.neg, mask);
    }
  }
  switch (BSource(inst.fast & 3)) {
  case BReg: {
    const RegRef &ref = inst.sb.reg;
    if (!(ref.neg | ref.abs | ref.inv))
      return run(form, regs, inst, Plain{regs.r[ref.reg & 63]}, mask);
    return run(form, regs, inst, foldedRow(regs, ref, bMods(form)), mask);
  }
  case BImm:
    return run(form, regs, inst,
               sem::Uniform{sem::srcFold(inst.sb.reg, bMods(form))(inst.sb.value)}, mask);
  case BImm32: return run(form, regs, inst, sem::Uniform{inst.imm}, mask);
  case BConst: {
    const uint32_t word = inst.sb.bank == 0 ? grid.bank0Word(inst.sb.offset)
                                            : grid.bank1Word(inst.sb.offset);
    return run(form, regs, inst, sem::Uniform{sem::srcFold(inst.sb.reg, bMods(form))(word)},
               mask);
  }
  }
}

} // namespace simt::emu
