//===-- Predicate.cpp - Predicate-setting instructions --------------------===//
//
// ISA.md section 3 (patent: predicated-execution). A comparison yields a lane
// mask `cmp`; the SETP forms write Pu = cmp bop Pp' and Pv = !cmp bop Pp',
// the SET forms write Rd = (cmp bop Pp') ? 0xFFFFFFFF (1.0f with .BF) : 0.
// Integer compares are evaluated on the CC flags of Ra + ~Sb + 1 (with .X:
// + CF, ZF kept from the low word), exactly as ISA.md 3.1 states for
// ISETP.X, so the plain and extended forms share one path.
//
//===----------------------------------------------------------------------===//
#include "emu/core/Operands.h"

namespace simt::emu {
using namespace sem;

namespace {

void writeSetp(ExecContext &ctx, const Inst &inst, uint32_t cmp) {
  const SIMT::BoolOp bop = inst.modValue<SIMT::MG_Bop>();
  const uint32_t p = ctx.regs.predMask(inst.pp);
  const uint32_t u = boolOp(bop, cmp, p), v = boolOp(bop, ~cmp, p);
  ctx.regs.writePred(inst.pu, u, ctx.mask);
  ctx.regs.writePred(inst.pv, v, ctx.mask);
}

/// Rd = res ? -1 (1.0f with .BF) : 0 per lane; returns the CC flags of that
/// result (ZF, SF; CF and OF clear).
CCFlags writeSetResult(ExecContext &ctx, const Inst &inst, uint32_t res) {
  const bool bf = flag(inst, SIMT::MG_BF);
  writeMaskAsReg(ctx, inst.rd, res, bf ? OneF32 : ~0u);
  return {~res, bf ? 0u : res, 0, 0};
}

void writeSet(ExecContext &ctx, const Inst &inst, uint32_t cmp) {
  const uint32_t res = boolOp(inst.modValue<SIMT::MG_Bop>(), cmp,
                              ctx.regs.predMask(inst.pp));
  writeSetResult(ctx, inst, res);
}

/// ISETP/ISET: MG_ICmp, signed unless .U32. With .X, the CC test that
/// decides the comparison on the flags of Ra + ~Sb + CF (ZF kept from the
/// low word).
uint32_t intCompare(ExecContext &ctx, const Inst &inst) {
  using C = SIMT::ICmp;
  using T = SIMT::CCTest;
  // Indexed by the comparison (SIMT::ICmp).
  static constexpr T SignedTest[SIMT::NumICmpValues] = {T::F,  T::LT, T::EQ, T::LE,
                                                        T::GT, T::NE, T::GE, T::T};
  static constexpr T UnsignedTest[SIMT::NumICmpValues] = {T::F,  T::LO, T::EQ, T::LS,
                                                          T::HI, T::NE, T::HS, T::T};
  const C code = inst.modValue<SIMT::MG_ICmp>();
  const bool u32 = flag(inst, SIMT::MG_U32);
  if (!flag(inst, SIMT::MG_X)) {
    // Unsigned compare on sign-flipped values is the signed compare. One
    // loop per comparison.
    const uint32_t bias = u32 ? 0 : 0x80000000u;
    const RowSrc a = rowSrc(ctx, inst.ra);
    uint32_t m = 0;
    withRowB(ctx, inst.sb, [&](const auto &b) {
      auto bits = [&](auto cmp) {
        return laneBits([&](unsigned l) { return cmp(a[l] ^ bias, b[l] ^ bias); });
      };
      switch (code) {
      case C::F: m = 0; break;
      case C::LT: m = bits([](uint32_t x, uint32_t y) { return x < y; }); break;
      case C::EQ: m = bits([](uint32_t x, uint32_t y) { return x == y; }); break;
      case C::LE: m = bits([](uint32_t x, uint32_t y) { return x <= y; }); break;
      case C::GT: m = bits([](uint32_t x, uint32_t y) { return x > y; }); break;
      case C::NE: m = bits([](uint32_t x, uint32_t y) { return x != y; }); break;
      case C::GE: m = bits([](uint32_t x, uint32_t y) { return x >= y; }); break;
      case C::T: m = ~0u; break;
      }
    });
    return m;
  }
  Lanes a, b;
  readA(ctx, inst.ra, a);
  readB(ctx, inst.sb, b);
  for (unsigned l = 0; l < WarpSize; ++l)
    b[l] = ~b[l];
  AddResult s;
  add32(a, b, 0, ctx.regs.ccCF, s);
  const CCFlags f{zeroBits(s.r) & ctx.regs.ccZF, signBits(s.r), s.cf, s.of};
  const unsigned i = unsigned(code) % SIMT::NumICmpValues;
  return ccTest(u32 ? UnsignedTest[i] : SignedTest[i], f);
}

/// FSETP/FSET: MG_FCmp on floats with -, |..| and .FTZ.
uint32_t floatCompare(ExecContext &ctx, const Inst &inst) {
  Lanes a, b;
  readA(ctx, inst.ra, a, SrcMods::Float);
  readB(ctx, inst.sb, b, SrcMods::Float);
  if (flag(inst, SIMT::MG_FTZ)) {
    flush32(a);
    flush32(b);
  }
  const unsigned code = modOf(inst, SIMT::MG_FCmp);
  return laneBits([&](unsigned l) {
    return cmpAccepts(code, compareOutcome(f32(a[l]), f32(b[l])));
  });
}

/// DSETP/DSET: MG_FCmp on register pairs.
uint32_t doubleCompare(ExecContext &ctx, const Inst &inst) {
  Lanes64 a, b;
  readPairA(ctx, inst.ra, a);
  readPairB(ctx, inst.sb, b);
  const unsigned code = modOf(inst, SIMT::MG_FCmp);
  return laneBits([&](unsigned l) {
    return cmpAccepts(code, compareOutcome(f64(a[l]), f64(b[l])));
  });
}

/// VSETP/VSET: 33-bit compare of the extended sub-words (MG_ICmp).
uint32_t videoCompare(ExecContext &ctx, const Inst &inst) {
  Lanes a, b;
  readReg(ctx, inst.ra.reg, a);
  readReg(ctx, inst.rb.reg, b);
  const SubWordField fa(inst.ra.sel, inst.modValue<SIMT::MG_VAType>());
  const SubWordField fb(inst.rb.sel, inst.modValue<SIMT::MG_VBType>());
  const unsigned code = modOf(inst, SIMT::MG_ICmp);
  return laneBits([&](unsigned l) {
    return cmpAccepts(code, compareOutcome(fa(a[l]), fb(b[l])));
  });
}

} // namespace

void exec_ISETP(ExecContext &ctx, const Inst &inst) {
  writeSetp(ctx, inst, intCompare(ctx, inst));
}

void exec_ISET(ExecContext &ctx, const Inst &inst) {
  const uint32_t res = boolOp(inst.modValue<SIMT::MG_Bop>(), intCompare(ctx, inst),
                              ctx.regs.predMask(inst.pp));
  const CCFlags f = writeSetResult(ctx, inst, res);
  if (flag(inst, SIMT::MG_CC))
    writeCC(ctx, f);
}

void exec_FSETP(ExecContext &ctx, const Inst &inst) {
  writeSetp(ctx, inst, floatCompare(ctx, inst));
}
void exec_FSET(ExecContext &ctx, const Inst &inst) {
  writeSet(ctx, inst, floatCompare(ctx, inst));
}

void exec_DSETP(ExecContext &ctx, const Inst &inst) {
  writeSetp(ctx, inst, doubleCompare(ctx, inst));
}
void exec_DSET(ExecContext &ctx, const Inst &inst) {
  writeSet(ctx, inst, doubleCompare(ctx, inst));
}

void exec_PSETP(ExecContext &ctx, const Inst &inst) {
  const uint32_t u = predCombine(ctx.regs, inst, false);
  const uint32_t v = predCombine(ctx.regs, inst, true);
  ctx.regs.writePred(inst.pu, u, ctx.mask);
  ctx.regs.writePred(inst.pv, v, ctx.mask);
}
void exec_PSET(ExecContext &ctx, const Inst &inst) {
  writeSetResult(ctx, inst, predCombine(ctx.regs, inst, false));
}

void exec_CSETP(ExecContext &ctx, const Inst &inst) {
  writeSetp(ctx, inst, ccTest(inst.modValue<SIMT::MG_CCTest>(), readCC(ctx)));
}
void exec_CSET(ExecContext &ctx, const Inst &inst) {
  writeSet(ctx, inst, ccTest(inst.modValue<SIMT::MG_CCTest>(), readCC(ctx)));
}

void exec_VSETP(ExecContext &ctx, const Inst &inst) {
  writeSetp(ctx, inst, videoCompare(ctx, inst));
}
void exec_VSET(ExecContext &ctx, const Inst &inst) {
  writeSet(ctx, inst, videoCompare(ctx, inst));
}

void exec_P2R(ExecContext &ctx, const Inst &inst) {
  Lanes a, r;
  readReg(ctx, inst.ra.reg, a);
  const unsigned shift = flag(inst, SIMT::MG_H1) ? 16 : 0;
  const uint32_t m = (inst.imm & 0x7F) << shift;
  Lanes prs = {}, bit;
  for (unsigned i = 0; i < 7; ++i) {
    expandMask(ctx.regs.pred[i], bit);
    for (unsigned l = 0; l < WarpSize; ++l)
      prs[l] |= bit[l] & (1u << i);
  }
  for (unsigned l = 0; l < WarpSize; ++l)
    r[l] = (a[l] & ~m) | ((prs[l] << shift) & m);
  writeRd(ctx, inst.rd, r);
}

void exec_R2P(ExecContext &ctx, const Inst &inst) {
  Lanes a;
  readReg(ctx, inst.ra.reg, a);
  const unsigned shift = flag(inst, SIMT::MG_H1) ? 16 : 0;
  for (unsigned i = 0; i < 7; ++i)
    if (inst.imm >> i & 1)
      ctx.regs.writePred(uint8_t(i), laneBits([&](unsigned l) {
                           return a[l] >> (i + shift) & 1;
                         }),
                         ctx.mask);
}

} // namespace simt::emu
