//===-- Integer.cpp - Integer arithmetic, logic and moves -----------------===//
//
// ISA.md sections 3.1 and 4 "Integer", and the moves. Every function is a
// loop over the 32 lanes into a temporary, then one masked register write
// (and a masked CC write with .CC).
//
//===----------------------------------------------------------------------===//
#include "emu/core/Operands.h"

#include <algorithm>
#include <bit>

namespace simt::emu {
using namespace sem;

namespace {

/// Rd = f(a, b) over the lanes (a, b: Lanes, RowSrc or Uniform); with `cc`,
/// ZF/SF from the result and CF, OF cleared (logic ops, shifts).
template <class AT, class BT, class F>
void mapAB(ExecContext &ctx, const Inst &inst, const AT &a, const BT &b,
           bool cc, F f) {
  Lanes r;
  for (unsigned l = 0; l < WarpSize; ++l)
    r[l] = f(a[l], b[l]);
  writeRd(ctx, inst.rd, r);
  if (cc)
    writeCC(ctx, resultFlags(r));
}

/// Rd = f(Ra, Sb) with the integer source modifiers applied.
template <class F>
void binaryOp(ExecContext &ctx, const Inst &inst, F f, bool cc = false) {
  const RowSrc a = rowSrc(ctx, inst.ra);
  withRowB(ctx, inst.sb, [&](const auto &b) { mapAB(ctx, inst, a, b, cc, f); });
}

/// Rd = f(Ra, Sb, Rc) (Rc or a constant third source).
template <class F> void ternaryOp(ExecContext &ctx, const Inst &inst, F f) {
  const RowSrc a = rowSrc(ctx, inst.ra);
  withRowC(ctx, inst, [&](const auto &c) {
    withRowB(ctx, inst.sb, [&](const auto &b) {
      writeRdLanes(ctx, inst.rd, [&](unsigned l) { return f(a[l], b[l], c[l]); });
    });
  });
}

/// Rd = f(Sb).
template <class F> void unaryOp(ExecContext &ctx, const Inst &inst, F f) {
  withRowB(ctx, inst.sb, [&](const auto &b) {
    writeRdLanes(ctx, inst.rd, [&](unsigned l) { return f(b[l]); });
  });
}

/// Whether an add needs none of the adder's extras (carry chain .X, .SAT,
/// .CC): then it is a plain sum, computed in place by plainAdd.
inline bool plainAddOk(const Inst &inst) {
  return !flag(inst, SIMT::MG_X) && !flag(inst, SIMT::MG_Sat) && !flag(inst, SIMT::MG_CC);
}

/// An addend as the adder sees it: a negated source is ~x plus a carry-in
/// of 1 (only `-` counts here, as in addendInvert).
inline RowSrc addendRow(const ExecContext &ctx, const RegRef &ref) {
  return {ctx.regs.r[ref.reg & 63], ~0u, ref.neg ? ~0u : 0u, ref.neg ? 1u : 0u};
}

/// Rd = a + Sb (addendRow rules; an immediate or constant Sb as is), no
/// flags: the same sum addAndWrite forms without .X, .SAT, .CC.
template <class AT> void plainAdd(ExecContext &ctx, const Inst &inst, const AT &a) {
  if (inst.sb.kind == SrcKind::Reg) {
    const RowSrc b = addendRow(ctx, inst.sb.reg);
    writeRdLanes(ctx, inst.rd, [&](unsigned l) { return a[l] + b[l]; });
  } else {
    const uint32_t b = uniformB(ctx, inst.sb, SrcMods::Int); // -c[..] negated
    writeRdLanes(ctx, inst.rd, [&](unsigned l) { return a[l] + b; });
  }
}

// ---- The adder family: IADD, IADD32I, ISCADD, IMAD ------------------------

/// An addend: a negated source becomes ~x; the +1 is a carry-in (so that
/// `a - b` is `a + ~b + 1` and sets CF as ISA.md 3.1 says). Returns 1 if
/// negated.
unsigned addendInvert(const RegRef &ref, Lanes &v) {
  if (!ref.neg)
    return 0;
  for (unsigned l = 0; l < WarpSize; ++l)
    v[l] = ~v[l];
  return 1;
}
unsigned addendA(const ExecContext &ctx, const RegRef &ref, Lanes &v) {
  readReg(ctx, ref.reg, v);
  return addendInvert(ref, v);
}
unsigned addendB(ExecContext &ctx, const SrcB &sb, Lanes &v) {
  readBRaw(ctx, sb, v);
  return addendInvert(sb.reg, v); // a register's or a constant's `-`
}

/// Rd = a + b + carry-in, where `nneg` addends were inverted: each adds 1,
/// except that with .X the incoming CF replaces the first +1 (the low word
/// of a multi-word operation already added it). .SAT clamps a signed
/// overflow; .CC writes ZF (ZF_in && r == 0 with .X), SF, CF, OF.
void addAndWrite(ExecContext &ctx, const Inst &inst, const Lanes &a,
                 const Lanes &b, unsigned nneg, bool x, bool saturate) {
  const uint32_t cinBase = x ? (nneg ? nneg - 1 : 0) : nneg;
  const uint32_t cinMask = x ? ctx.regs.ccCF : 0u;
  const bool cc = flag(inst, SIMT::MG_CC);
  AddResult s;
  if (cc || saturate)
    add32<true>(a, b, cinBase, cinMask, s);
  else
    add32<false>(a, b, cinBase, cinMask, s);
  if (saturate) {
    Lanes ovf;
    expandMask(s.of, ovf);
    for (unsigned l = 0; l < WarpSize; ++l)
      s.r[l] = ovf[l] ? 0x7FFFFFFFu + (a[l] >> 31) : s.r[l];
  }
  writeRd(ctx, inst.rd, s.r);
  if (cc)
    writeCC(ctx, {zeroBits(s.r) & (x ? ctx.regs.ccZF : ~0u), signBits(s.r),
                  s.cf, s.of});
}

/// The high word of the 64-bit product, operand signedness fixed.
template <bool SA, bool SB, class AT, class BT>
void mulHigh(const AT &a, const BT &b, Lanes &p) {
  for (unsigned l = 0; l < WarpSize; ++l) {
    const uint64_t x = SA ? uint64_t(int64_t(int32_t(a[l]))) : uint64_t(a[l]);
    const uint64_t y = SB ? uint64_t(int64_t(int32_t(b[l]))) : uint64_t(b[l]);
    p[l] = uint32_t((x * y) >> 32);
  }
}

/// The low or high word of the 64-bit product Ra * Sb, per AType/BType.
void product(ExecContext &ctx, const Inst &inst, Lanes &p) {
  const RowSrc a = rowSrc(ctx, inst.ra);
  const bool hi = flag(inst, SIMT::MG_Hi);
  const bool aSigned = inst.modValue<SIMT::MG_AType>() == SIMT::MulType::S32;
  const bool bSigned = inst.modValue<SIMT::MG_BType>() == SIMT::MulType::S32;
  withRowB(ctx, inst.sb, [&](const auto &b) {
    if (!hi) { // the low word does not depend on the signedness
      for (unsigned l = 0; l < WarpSize; ++l)
        p[l] = a[l] * b[l];
      return;
    }
    if (aSigned)
      return bSigned ? mulHigh<true, true>(a, b, p) : mulHigh<true, false>(a, b, p);
    return bSigned ? mulHigh<false, true>(a, b, p) : mulHigh<false, false>(a, b, p);
  });
}

// ---- Bit fields (PTX bfe/bfi/prmt) ------------------------------------------

/// PTX bfe for one control word (position in bits 0..7, length in 8..15),
/// as shifts: signed r = int32(a << lsh) >> rsh (sign-extending from bit
/// min(pos + len - 1, 31)), unsigned r = (a >> pos) & mask; a zero length
/// gives 0, a position beyond bit 31 gives the sign (signed) or 0.
struct BfeShape {
  uint32_t lsh = 0, rsh = 0, pos = 0, mask = 0, keep = ~0u;
  explicit BfeShape(uint32_t ctl) {
    const uint32_t p = ctl & 0xFF, len = ctl >> 8 & 0xFF;
    if (len == 0) {
      keep = 0;
      return;
    }
    if (p > 31) {
      rsh = 31;
      return;
    }
    const uint32_t n = std::min(len, 32 - p); // bits that exist
    lsh = 32 - p - n;
    rsh = 32 - n;
    pos = p;
    mask = n == 32 ? ~0u : (1u << n) - 1;
  }
  template <bool Signed> uint32_t apply(uint32_t a) const {
    return (Signed ? uint32_t(int32_t(a << lsh) >> rsh) : (a >> pos) & mask) &
           keep;
  }
};

/// PTX bfi: the field [pos, pos + len) below bit 32 of `base` from `insert`.
struct BfiShape {
  uint32_t pos = 0, mask = 0;
  explicit BfiShape(uint32_t ctl) {
    const uint32_t p = ctl & 0xFF, len = ctl >> 8 & 0xFF;
    if (p > 31 || len == 0)
      return;
    const uint32_t n = std::min(len, 32 - p);
    mask = (n == 32 ? ~0u : (1u << n) - 1) << p;
    pos = p;
  }
  uint32_t apply(uint32_t insert, uint32_t base) const {
    return (base & ~mask) | ((insert << pos) & mask);
  }
};

/// PTX prmt (default mode): byte i of r is byte (sel_i & 7) of {c, a}, or
/// that byte's sign replicated when sel_i & 8.
uint32_t prmt(uint32_t a, uint32_t sel, uint32_t c) {
  const uint64_t bytes = uint64_t(c) << 32 | a;
  uint32_t r = 0;
  for (unsigned i = 0; i < 4; ++i) {
    const uint32_t s = sel >> (4 * i) & 0xF;
    const uint32_t byte = uint32_t(bytes >> ((s & 7) * 8)) & 0xFF;
    const uint32_t sign = (0u - (byte >> 7)) & 0xFF;
    const uint32_t useSign = 0u - (s >> 3); // s & 8: replicate the sign
    r |= ((byte & ~useSign) | (sign & useSign)) << (8 * i);
  }
  return r;
}

/// prmt with one selector for the warp: four straight passes over the lanes.
void prmtUniform(const Lanes &a, uint32_t sel, const Lanes &c, Lanes &r) {
  fill(r, 0u);
  for (unsigned i = 0; i < 4; ++i) {
    const uint32_t s = sel >> (4 * i) & 0xF;
    const Lanes &src = (s & 4) ? c : a;
    const unsigned sh = 8 * (s & 3), out = 8 * i;
    if (s & 8)
      for (unsigned l = 0; l < WarpSize; ++l)
        r[l] |= (uint32_t(int32_t(src[l] << (24 - sh)) >> 31) & 0xFFu) << out;
    else
      for (unsigned l = 0; l < WarpSize; ++l)
        r[l] |= (src[l] >> sh & 0xFFu) << out;
  }
}

uint32_t brev(uint32_t x) {
  x = (x >> 1 & 0x55555555u) | (x & 0x55555555u) << 1;
  x = (x >> 2 & 0x33333333u) | (x & 0x33333333u) << 2;
  x = (x >> 4 & 0x0F0F0F0Fu) | (x & 0x0F0F0F0Fu) << 4;
  return __builtin_bswap32(x);
}

uint32_t flo(uint32_t x, bool isSigned, bool shiftAmount) {
  if (isSigned && int32_t(x) < 0)
    x = ~x; // the highest bit that differs from the sign
  if (x == 0)
    return ~0u;
  const uint32_t index = 31 - uint32_t(std::countl_zero(x));
  return shiftAmount ? 31 - index : index;
}

} // namespace

// ---- Add, multiply -------------------------------------------------------------

// The forms with .X, .SAT or .CC go through the full adder, out of line:
// the plain forms' frames stay small.
namespace {
[[gnu::noinline]] void iaddFull(ExecContext &ctx, const Inst &inst) {
  Lanes a, b;
  const unsigned nneg = addendA(ctx, inst.ra, a) + addendB(ctx, inst.sb, b);
  addAndWrite(ctx, inst, a, b, nneg, flag(inst, SIMT::MG_X),
              flag(inst, SIMT::MG_Sat));
}
[[gnu::noinline]] void iadd32iFull(ExecContext &ctx, const Inst &inst) {
  Lanes a, b;
  const unsigned nneg = addendA(ctx, inst.ra, a);
  fill(b, inst.imm);
  addAndWrite(ctx, inst, a, b, nneg, flag(inst, SIMT::MG_X), false);
}
[[gnu::noinline]] void iscaddFull(ExecContext &ctx, const Inst &inst) {
  Lanes a, b;
  readReg(ctx, inst.ra.reg, a);
  const unsigned shift = inst.imm & 31;
  for (unsigned l = 0; l < WarpSize; ++l)
    a[l] <<= shift;
  const unsigned nneg = addendInvert(inst.ra, a) + addendB(ctx, inst.sb, b);
  addAndWrite(ctx, inst, a, b, nneg, false, false);
}
[[gnu::noinline]] void imadFull(ExecContext &ctx, const Inst &inst) {
  Lanes p, c;
  product(ctx, inst, p);
  readC(ctx, inst, c);
  addAndWrite(ctx, inst, p, c, 0, flag(inst, SIMT::MG_X), false);
}
} // namespace

void exec_IADD(ExecContext &ctx, const Inst &inst) {
  if (!plainAddOk(inst))
    return iaddFull(ctx, inst);
  plainAdd(ctx, inst, addendRow(ctx, inst.ra));
}

void exec_IADD32I(ExecContext &ctx, const Inst &inst) {
  if (!plainAddOk(inst))
    return iadd32iFull(ctx, inst);
  const RowSrc a = addendRow(ctx, inst.ra);
  const uint32_t b = inst.imm;
  writeRdLanes(ctx, inst.rd, [&](unsigned l) { return a[l] + b; });
}

void exec_ISCADD(ExecContext &ctx, const Inst &inst) {
  if (plainAddOk(inst)) { // (Ra << shift), then its `-`
    const uint32_t *row = ctx.regs.r[inst.ra.reg & 63];
    const unsigned shift = inst.imm & 31;
    const RowSrc neg = addendRow(ctx, inst.ra);
    struct Shifted {
      const uint32_t *row;
      unsigned shift;
      uint32_t flip, add;
      uint32_t operator[](unsigned l) const { return ((row[l] << shift) ^ flip) + add; }
    } a{row, shift, neg.flip, neg.add};
    return plainAdd(ctx, inst, a);
  }
  iscaddFull(ctx, inst);
}

void exec_IMUL(ExecContext &ctx, const Inst &inst) {
  Lanes p;
  product(ctx, inst, p);
  writeRd(ctx, inst.rd, p);
  if (flag(inst, SIMT::MG_CC))
    writeCC(ctx, resultFlags(p)); // ZF, SF; CF and OF clear
}

void exec_IMAD(ExecContext &ctx, const Inst &inst) {
  if (!flag(inst, SIMT::MG_Hi) && !flag(inst, SIMT::MG_X) && !flag(inst, SIMT::MG_CC)) {
    // The low word of the product (signedness does not matter) plus Rc.
    const RowSrc a = rowSrc(ctx, inst.ra);
    return withRowC(ctx, inst, [&](const auto &c) {
      withRowB(ctx, inst.sb, [&](const auto &b) {
        writeRdLanes(ctx, inst.rd, [&](unsigned l) { return a[l] * b[l] + c[l]; });
      });
    });
  }
  imadFull(ctx, inst);
}

// The forms with a constant third source: the same functions, which read
// it through withRowC/readC.
void exec_IMADrc(ExecContext &ctx, const Inst &inst) { exec_IMAD(ctx, inst); }

// ---- Compare/select, min/max -------------------------------------------------------

void exec_ICMP(ExecContext &ctx, const Inst &inst) {
  const unsigned code = modOf(inst, SIMT::MG_ICmp);
  const bool isSigned = !flag(inst, SIMT::MG_U32);
  ternaryOp(ctx, inst, [=](uint32_t a, uint32_t b, uint32_t c) {
    const uint32_t outcome = isSigned ? compareOutcome(int32_t(c), 0)
                                      : compareOutcome(c, 0u);
    return cmpAccepts(code, outcome) ? a : b;
  });
}
void exec_ICMPrc(ExecContext &ctx, const Inst &inst) { exec_ICMP(ctx, inst); }

void exec_SEL(ExecContext &ctx, const Inst &inst) {
  Lanes a, pick;
  readA(ctx, inst.ra, a);
  expandMask(ctx.regs.predMask(inst.pp), pick);
  withB(ctx, inst.sb, [&](const auto &b) {
    Lanes r;
    for (unsigned l = 0; l < WarpSize; ++l)
      r[l] = (a[l] & pick[l]) | (b[l] & ~pick[l]);
    writeRd(ctx, inst.rd, r);
  });
}

void exec_IMNMX(ExecContext &ctx, const Inst &inst) {
  Lanes a, wantMin;
  readA(ctx, inst.ra, a);
  expandMask(ctx.regs.predMask(inst.pp), wantMin);
  // Unsigned compare on sign-flipped values is the signed compare.
  const uint32_t bias = flag(inst, SIMT::MG_U32) ? 0 : 0x80000000u;
  withB(ctx, inst.sb, [&](const auto &b) {
    Lanes r;
    for (unsigned l = 0; l < WarpSize; ++l) {
      const uint32_t aLess = (a[l] ^ bias) < (b[l] ^ bias) ? ~0u : 0u;
      const uint32_t takeA = ~(aLess ^ wantMin[l]); // a is the one wanted
      r[l] = (a[l] & takeA) | (b[l] & ~takeA);
    }
    writeRd(ctx, inst.rd, r);
  });
}

// ---- Logic, shifts, bits ------------------------------------------------------------

namespace {
template <class AT, class BT>
void logicOp(ExecContext &ctx, const Inst &inst, const AT &a, const BT &b) {
  const bool cc = flag(inst, SIMT::MG_CC);
  switch (inst.modValue<SIMT::MG_Logic>()) {
  case SIMT::Logic::AND:
    return mapAB(ctx, inst, a, b, cc, [](uint32_t x, uint32_t y) { return x & y; });
  case SIMT::Logic::OR:
    return mapAB(ctx, inst, a, b, cc, [](uint32_t x, uint32_t y) { return x | y; });
  case SIMT::Logic::XOR:
    return mapAB(ctx, inst, a, b, cc, [](uint32_t x, uint32_t y) { return x ^ y; });
  case SIMT::Logic::PASS_B:
    break;
  }
  return mapAB(ctx, inst, a, b, cc, [](uint32_t, uint32_t y) { return y; });
}
} // namespace

void exec_LOP(ExecContext &ctx, const Inst &inst) {
  const RowSrc a = rowSrc(ctx, inst.ra);
  withRowB(ctx, inst.sb, [&](const auto &b) { logicOp(ctx, inst, a, b); });
}

void exec_LOP32I(ExecContext &ctx, const Inst &inst) {
  logicOp(ctx, inst, rowSrc(ctx, inst.ra), Uniform{inst.imm});
}

void exec_POPC(ExecContext &ctx, const Inst &inst) {
  binaryOp(ctx, inst, [](uint32_t a, uint32_t b) {
    return uint32_t(std::popcount(a & b));
  });
}

void exec_SHL(ExecContext &ctx, const Inst &inst) {
  const bool cc = flag(inst, SIMT::MG_CC);
  if (flag(inst, SIMT::MG_Wrap))
    return binaryOp(ctx, inst, [](uint32_t a, uint32_t n) { return a << (n & 31); }, cc);
  binaryOp(ctx, inst, [](uint32_t a, uint32_t n) {
    return n > 31 ? 0u : a << (n & 31);
  }, cc);
}

void exec_SHR(ExecContext &ctx, const Inst &inst) {
  const bool cc = flag(inst, SIMT::MG_CC);
  const bool wrap = flag(inst, SIMT::MG_Wrap);
  if (flag(inst, SIMT::MG_U32))
    return binaryOp(ctx, inst, [=](uint32_t a, uint32_t n) {
      return (n > 31 && !wrap) ? 0u : a >> (n & 31);
    }, cc);
  // A signed shift by 32 or more gives the sign, as a shift by 31 does.
  binaryOp(ctx, inst, [=](uint32_t a, uint32_t n) {
    return uint32_t(int32_t(a) >> (wrap ? n & 31 : std::min(n, 31u)));
  }, cc);
}

void exec_FLO(ExecContext &ctx, const Inst &inst) {
  const bool isSigned = !flag(inst, SIMT::MG_U32);
  const bool sh = flag(inst, SIMT::MG_SH);
  unaryOp(ctx, inst, [=](uint32_t b) { return flo(b, isSigned, sh); });
}

namespace {
template <bool Signed> void bfeLanes(ExecContext &ctx, const Inst &inst) {
  Lanes a;
  readA(ctx, inst.ra, a);
  if (flag(inst, SIMT::MG_Brev))
    for (unsigned l = 0; l < WarpSize; ++l)
      a[l] = brev(a[l]);
  withB(ctx, inst.sb, [&](const auto &b) {
    if constexpr (isUniform<decltype(b)>) {
      const BfeShape shape(b.v);
      mapAB(ctx, inst, a, b, false,
            [&](uint32_t x, uint32_t) { return shape.apply<Signed>(x); });
    } else {
      mapAB(ctx, inst, a, b, false, [](uint32_t x, uint32_t ctl) {
        return BfeShape(ctl).apply<Signed>(x);
      });
    }
  });
}
} // namespace

void exec_BFE(ExecContext &ctx, const Inst &inst) {
  if (flag(inst, SIMT::MG_U32))
    return bfeLanes<false>(ctx, inst);
  bfeLanes<true>(ctx, inst);
}

void exec_BFI(ExecContext &ctx, const Inst &inst) {
  Lanes a, c;
  readA(ctx, inst.ra, a);
  readC(ctx, inst, c);
  withB(ctx, inst.sb, [&](const auto &b) {
    Lanes r;
    if constexpr (isUniform<decltype(b)>) {
      const BfiShape shape(b.v);
      for (unsigned l = 0; l < WarpSize; ++l)
        r[l] = shape.apply(a[l], c[l]);
    } else {
      for (unsigned l = 0; l < WarpSize; ++l)
        r[l] = BfiShape(b[l]).apply(a[l], c[l]);
    }
    writeRd(ctx, inst.rd, r);
  });
}

void exec_PRMT(ExecContext &ctx, const Inst &inst) {
  Lanes a, c;
  readA(ctx, inst.ra, a);
  readC(ctx, inst, c);
  withB(ctx, inst.sb, [&](const auto &b) {
    Lanes r;
    if constexpr (isUniform<decltype(b)>) {
      prmtUniform(a, b.v, c, r);
    } else {
      for (unsigned l = 0; l < WarpSize; ++l)
        r[l] = prmt(a[l], b[l], c[l]);
    }
    writeRd(ctx, inst.rd, r);
  });
}

void exec_BFIrc(ExecContext &ctx, const Inst &inst) { exec_BFI(ctx, inst); }
void exec_PRMTrc(ExecContext &ctx, const Inst &inst) { exec_PRMT(ctx, inst); }

// PTX shf: the 64-bit value hi:lo shifted by n, n = Sb % 32 (.W) or
// min(Sb, 32) (clamp); .L keeps the high word, .R the low word.
void exec_SHF(ExecContext &ctx, const Inst &inst) {
  const bool wrap = flag(inst, SIMT::MG_Wrap);
  const bool left = inst.modValue<SIMT::MG_ShfDir>() == SIMT::ShfDir::L;
  ternaryOp(ctx, inst, [=](uint32_t lo, uint32_t b, uint32_t hi) {
    const unsigned n = wrap ? (b & 31) : std::min(b, 32u);
    const uint64_t v = uint64_t{hi} << 32 | lo;
    return left ? uint32_t((v << n) >> 32) : uint32_t(v >> n);
  });
}

void exec_IABS(ExecContext &ctx, const Inst &inst) {
  unaryOp(ctx, inst, [](uint32_t b) { return int32_t(b) < 0 ? 0u - b : b; });
}

// ---- Moves -----------------------------------------------------------------------------

void exec_MOV(ExecContext &ctx, const Inst &inst) {
  unaryOp(ctx, inst, [](uint32_t b) { return b; });
}

void exec_MOV32I(ExecContext &ctx, const Inst &inst) {
  Lanes r;
  fill(r, inst.imm);
  writeRd(ctx, inst.rd, r);
}

void exec_S2R(ExecContext &ctx, const Inst &inst) {
  Lanes r;
  specialRegisterLanes(ctx, inst.imm, r);
  writeRd(ctx, inst.rd, r);
}

} // namespace simt::emu
