//===-- Operands.h - Lane helpers shared by the ALU semantics -------------===//
//
// Everything an ALU semantics function needs between the decoded Inst and the
// warp's registers: materialising sources over 32 lanes (Ra with -, |.|, ~;
// Sb as a register, an immediate or a constant word read once per
// instruction; 64-bit register pairs with the low word in the even register),
// writing results under ctx.mask, condition-code flags as lane masks and the
// CC tests of ISA.md 3.1, float helpers (flush-to-zero, saturation, canonical
// NaN, rounding-mode scopes), and the shared 32-bit adder with carry and
// overflow.
//
// Conventions: `Lanes` is one 32-bit value per lane, `Lanes64` one 64-bit
// value per lane; a lane mask has bit l for lane l. Loops run over all 32
// lanes (cheap, vectorisable) and only the final writes honour ctx.mask.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "emu/core/ExecContext.h"

#include <bit>
#include <cfenv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <type_traits>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace simt::emu {

/// The value of special register `sr` (index into the SRegNames list of
/// isa/SIMTOperands.td: SR_TID.X = 0 ... SR_LANEMASK_GE = 21) for `lane` of
/// the warp executing in `ctx`. Declared here for S2R; defined by the core.
uint32_t specialRegister(ExecContext &ctx, unsigned sr, unsigned lane);
/// The same for all 32 lanes at once.
void specialRegisterLanes(ExecContext &ctx, unsigned sr, uint32_t (&out)[WarpSize]);

namespace sem {

using Lanes = uint32_t[WarpSize];
using Lanes64 = uint64_t[WarpSize];

inline unsigned modOf(const Inst &inst, SIMT::ModGroup g) { return inst.mod[g]; }
inline bool flag(const Inst &inst, SIMT::ModGroup g) { return inst.mod[g] != 0; }

/// Whether a float instruction has only the defaults: .RN (the host's own
/// mode: no switch), no .FTZ, no .SAT. Then its result is the host's
/// operation on the (modified) sources, NaNs canonicalised, computed in one
/// pass on the register rows (and the instruction has a fast form).
inline bool plainFloat(const Inst &inst) {
  return inst.modValue<SIMT::MG_Rnd>() == SIMT::Rnd::RN && !flag(inst, SIMT::MG_FTZ) &&
         !flag(inst, SIMT::MG_Sat);
}

// ---- Bit casts -------------------------------------------------------------

inline float f32(uint32_t bits) { return std::bit_cast<float>(bits); }
inline uint32_t bits32(float f) { return std::bit_cast<uint32_t>(f); }
inline double f64(uint64_t bits) { return std::bit_cast<double>(bits); }
inline uint64_t bits64(double d) { return std::bit_cast<uint64_t>(d); }

inline constexpr uint32_t CanonicalNaN32 = 0x7FFFFFFFu;
/// Double results that are NaN (ISA.md gives only the float pattern; the
/// double one widens it).
inline constexpr uint64_t CanonicalNaN64 = 0x7FFFFFFFFFFFFFFFull;
inline constexpr uint32_t OneF32 = 0x3F800000u;

// ---- Lane masks --------------------------------------------------------------

/// Bit l of a lane mask, as a table so that mask <-> lanes loops vectorise
/// without per-lane variable shifts.
inline constexpr uint32_t LaneBit[WarpSize] = {
    1u << 0,  1u << 1,  1u << 2,  1u << 3,  1u << 4,  1u << 5,  1u << 6,
    1u << 7,  1u << 8,  1u << 9,  1u << 10, 1u << 11, 1u << 12, 1u << 13,
    1u << 14, 1u << 15, 1u << 16, 1u << 17, 1u << 18, 1u << 19, 1u << 20,
    1u << 21, 1u << 22, 1u << 23, 1u << 24, 1u << 25, 1u << 26, 1u << 27,
    1u << 28, 1u << 29, 1u << 30, 1u << 31};

/// The lane mask of the lanes whose value has bit 31 set.
inline uint32_t packSigns(const Lanes &v) {
#if defined(__SSE2__)
  uint32_t m = 0;
  for (unsigned i = 0; i < WarpSize; i += 8) {
    const __m128i lo = _mm_loadu_si128(reinterpret_cast<const __m128i *>(v + i));
    const __m128i hi = _mm_loadu_si128(reinterpret_cast<const __m128i *>(v + i + 4));
    // Saturating packs keep each lane's sign in its byte.
    const __m128i b = _mm_packs_epi16(_mm_packs_epi32(lo, hi), _mm_setzero_si128());
    m |= uint32_t(_mm_movemask_epi8(b) & 0xFF) << i;
  }
  return m;
#else
  uint32_t m = 0;
  for (unsigned l = 0; l < WarpSize; ++l)
    m |= (v[l] >> 31) << l;
  return m;
#endif
}

/// out[l] = bit l of `m` ? 0xFFFFFFFF : 0.
inline void expandMask(uint32_t m, Lanes &out) {
  for (unsigned l = 0; l < WarpSize; ++l)
    out[l] = (m & LaneBit[l]) ? ~0u : 0u;
}

/// Packs `pred(l)` for every lane into a lane mask.
template <class F> inline uint32_t laneBits(F pred) {
  Lanes t;
  for (unsigned l = 0; l < WarpSize; ++l)
    t[l] = pred(l) ? ~0u : 0u;
  return packSigns(t);
}

/// Lane mask of the lanes whose value has bit 31 set.
inline uint32_t signBits(const Lanes &v) { return packSigns(v); }
inline uint32_t zeroBits(const Lanes &v) {
  return laneBits([&](unsigned l) { return v[l] == 0; });
}

// ---- Reading sources ---------------------------------------------------------

inline void fill(Lanes &out, uint32_t v) {
  for (unsigned l = 0; l < WarpSize; ++l)
    out[l] = v;
}
inline void fill(Lanes64 &out, uint64_t v) {
  for (unsigned l = 0; l < WarpSize; ++l)
    out[l] = v;
}

/// The plain register (RZ reads 0: its row stays zero).
inline void readReg(const ExecContext &ctx, uint8_t reg, Lanes &out) {
  std::memcpy(out, ctx.regs.r[reg & 63], sizeof(Lanes));
}

/// How a source's `-`, `|..|`, `~` flags act.
enum class SrcMods : uint8_t {
  Int,   // ~ then - (two's complement)
  Float, // |..| then - on the sign bit of a 32-bit float
};

inline void applyIntMods(const RegRef &ref, Lanes &v) {
  const uint32_t inv = ref.inv ? ~0u : 0u;
  const uint32_t neg = ref.neg ? ~0u : 0u; // -x = ~x + 1
  for (unsigned l = 0; l < WarpSize; ++l)
    v[l] = ((v[l] ^ inv) ^ neg) + (neg & 1u);
}
inline void applyFloatMods(const RegRef &ref, Lanes &v) {
  const uint32_t keep = ref.abs ? 0x7FFFFFFFu : ~0u;
  const uint32_t flip = ref.neg ? 0x80000000u : 0u;
  for (unsigned l = 0; l < WarpSize; ++l)
    v[l] = (v[l] & keep) ^ flip;
}
inline void applyMods(SrcMods m, const RegRef &ref, Lanes &v) {
  if (m == SrcMods::Int)
    applyIntMods(ref, v);
  else
    applyFloatMods(ref, v);
}

/// Ra (or Rb, Rc) with its modifiers.
inline void readA(const ExecContext &ctx, const RegRef &ref, Lanes &out,
                  SrcMods m = SrcMods::Int) {
  readReg(ctx, ref.reg, out);
  if (ref.neg | ref.abs | ref.inv)
    applyMods(m, ref, out);
}

/// A source's modifiers folded into constants -- integer: (x ^ flip) + add
/// (~ flips, - flips and adds 1, as applyIntMods); float: (x & keep) ^ flip
/// (|..| clears the sign, - flips it, as applyFloatMods).
struct SrcFold {
  uint32_t keep, flip, add;
  uint32_t operator()(uint32_t x) const { return ((x & keep) ^ flip) + add; }
};
inline SrcFold srcFold(const RegRef &ref, SrcMods m) {
  if (m == SrcMods::Int) {
    const uint32_t inv = ref.inv ? ~0u : 0u, neg = ref.neg ? ~0u : 0u;
    return {~0u, inv ^ neg, neg & 1u};
  }
  return {ref.abs ? 0x7FFFFFFFu : ~0u, ref.neg ? 0x80000000u : 0u, 0u};
}

/// The uniform value of an immediate or constant Sb (one constant read),
/// without its modifiers.
inline uint32_t uniformB(ExecContext &ctx, const SrcB &sb) {
  return sb.kind == SrcKind::Imm ? sb.value
                                 : readConstant(ctx, sb.bank, sb.offset);
}
/// The same with the modifiers a constant may carry (`-c[..]`, `|c[..]|`,
/// `~c[..]`; an immediate has none).
inline uint32_t uniformB(ExecContext &ctx, const SrcB &sb, SrcMods m) {
  return srcFold(sb.reg, m)(uniformB(ctx, sb));
}

/// Sb: a register or constant with its modifiers, or an immediate.
inline void readB(ExecContext &ctx, const SrcB &sb, Lanes &out,
                  SrcMods m = SrcMods::Int) {
  if (sb.kind == SrcKind::Reg)
    readA(ctx, sb.reg, out, m);
  else
    fill(out, uniformB(ctx, sb, m));
}

/// A uniform operand that indexes like Lanes, so one loop body serves both
/// a register Sb and an immediate/constant one (whose value the compiler
/// then hoists out of the loop).
struct Uniform {
  uint32_t v;
  uint32_t operator[](unsigned) const { return v; }
};

template <class BT>
inline constexpr bool isUniform = std::is_same_v<std::remove_cvref_t<BT>, Uniform>;

/// Calls `body(b)` with Sb as `const Lanes &` (a register, modifiers
/// applied) or as `Uniform` (an immediate or constant: one read, a
/// constant's modifiers applied).
template <class Body>
inline void withB(ExecContext &ctx, const SrcB &sb, Body &&body,
                  SrcMods m = SrcMods::Int) {
  if (sb.kind == SrcKind::Reg) {
    Lanes b;
    readA(ctx, sb.reg, b, m);
    body(static_cast<const Lanes &>(b));
  } else {
    body(Uniform{uniformB(ctx, sb, m)});
  }
}

/// A register source read in place, with no copy: lane l of the row with
/// the modifiers folded in (srcFold). Indexes like Lanes and Uniform, so
/// one loop body serves all three.
struct RowSrc {
  const uint32_t *row;
  uint32_t keep, flip, add;
  uint32_t operator[](unsigned l) const { return ((row[l] & keep) ^ flip) + add; }
};
inline RowSrc rowSrc(const ExecContext &ctx, const RegRef &ref, SrcMods m = SrcMods::Int) {
  const SrcFold f = srcFold(ref, m);
  return {ctx.regs.r[ref.reg & 63], f.keep, f.flip, f.add};
}

/// Calls `body(b)` with Sb as a RowSrc (a register, modifiers folded in) or
/// as Uniform (as withB), without the copy of the register.
template <class Body>
inline void withRowB(ExecContext &ctx, const SrcB &sb, Body &&body, SrcMods m = SrcMods::Int) {
  if (sb.kind == SrcKind::Reg)
    body(rowSrc(ctx, sb.reg, m));
  else
    body(Uniform{uniformB(ctx, sb, m)});
}

/// The third source: Rc, or the constant of a constant-third-source form
/// (IMADrc, FFMArc, ...: inst.sc), with its modifiers -- Rc as a RowSrc,
/// the constant as Uniform (one read), as withRowB does for Sb.
template <class Body>
inline void withRowC(ExecContext &ctx, const Inst &inst, Body &&body,
                     SrcMods m = SrcMods::Int) {
  if (inst.sc.kind == SrcKind::Const)
    body(Uniform{uniformB(ctx, inst.sc, m)});
  else
    body(rowSrc(ctx, inst.rc, m));
}
/// The third source (as withRowC) into `out`.
inline void readC(ExecContext &ctx, const Inst &inst, Lanes &out,
                  SrcMods m = SrcMods::Int) {
  if (inst.sc.kind == SrcKind::Const)
    fill(out, uniformB(ctx, inst.sc, m));
  else
    readA(ctx, inst.rc, out, m);
}

/// Sb without applying its modifiers (the caller interprets them).
inline void readBRaw(ExecContext &ctx, const SrcB &sb, Lanes &out) {
  if (sb.kind == SrcKind::Reg)
    readReg(ctx, sb.reg.reg, out);
  else
    fill(out, uniformB(ctx, sb));
}

/// The pair `reg:reg+1` (low word in `reg`); RZ reads 0.
inline void readPair(const ExecContext &ctx, uint8_t reg, Lanes64 &out) {
  if (reg >= RZ) {
    fill(out, uint64_t{0});
    return;
  }
  const uint32_t *lo = ctx.regs.r[reg], *hi = ctx.regs.r[reg + 1];
  for (unsigned l = 0; l < WarpSize; ++l)
    out[l] = uint64_t(lo[l]) | uint64_t(hi[l]) << 32;
}

/// What a 32-bit immediate means as a 64-bit operand.
enum class Imm64 : uint8_t {
  HighWord,   // double forms: the immediate is the high word, low word 0
  SignExtend, // 64-bit integer forms
};

/// A 64-bit Sb without modifiers: register pair, immediate (see Imm64) or
/// the constant words at offset (low) and offset + 4 (high).
inline void readPairBRaw(ExecContext &ctx, const SrcB &sb, Lanes64 &out,
                         Imm64 imm = Imm64::HighWord) {
  switch (sb.kind) {
  case SrcKind::Reg:
    readPair(ctx, sb.reg.reg, out);
    return;
  case SrcKind::Imm:
    fill(out, imm == Imm64::HighWord
                  ? uint64_t(sb.value) << 32
                  : uint64_t(int64_t(int32_t(sb.value))));
    return;
  case SrcKind::Const: {
    fill(out, readConstant64(ctx, sb.bank, sb.offset));
    return;
  }
  }
}

/// |..| and - of a double on its sign bit.
inline void applyDoubleMods(const RegRef &ref, Lanes64 &v) {
  const uint64_t keep = ref.abs ? ~(uint64_t(1) << 63) : ~uint64_t{0};
  const uint64_t flip = ref.neg ? uint64_t(1) << 63 : 0;
  for (unsigned l = 0; l < WarpSize; ++l)
    v[l] = (v[l] & keep) ^ flip;
}
inline void readPairA(const ExecContext &ctx, const RegRef &ref, Lanes64 &out) {
  readPair(ctx, ref.reg, out);
  applyDoubleMods(ref, out);
}
inline void readPairB(ExecContext &ctx, const SrcB &sb, Lanes64 &out) {
  readPairBRaw(ctx, sb, out, Imm64::HighWord);
  applyDoubleMods(sb.reg, out); // a register's or a constant's (none on immediates)
}

/// The 64-bit third source: the pair Rc, or the constant words of inst.sc
/// (DFMArc), with |..| and -.
inline void readPairC(ExecContext &ctx, const Inst &inst, Lanes64 &out) {
  if (inst.sc.kind == SrcKind::Const)
    readPairB(ctx, inst.sc, out);
  else
    readPairA(ctx, inst.rc, out);
}

// ---- Sub-words (VSETP/VSET and the video instructions) -------------------------

/// Where a sub-word operand is in its register: the selected byte (.B0..B3)
/// or half (.H0, .H1), or without a selector the low bytes of the type;
/// sign- or zero-extended per the type.
struct SubWordField {
  unsigned shift, width;
  bool isSigned;
  SubWordField(uint8_t selector, SIMT::VType type) {
    using S = SIMT::SubWord;
    const S sel = selector < SIMT::NumSubWordValues ? S(selector) : S::Word;
    width = 8 * (sel == S::Word ? SIMT::bytesOf(type) : SIMT::bytesOf(sel));
    shift = sel >= S::B0 && sel <= S::B3 ? 8 * (unsigned(sel) - unsigned(S::B0))
            : sel == S::H1             ? 16
                                       : 0;
    isSigned = type == SIMT::VType::S32 || type == SIMT::VType::S16 ||
               type == SIMT::VType::S8;
  }
  int64_t operator()(uint32_t x) const {
    const uint64_t v = (x >> shift) & ((uint64_t(1) << width) - 1);
    const bool negative = isSigned && (v >> (width - 1) & 1);
    return negative ? int64_t(v) - (int64_t(1) << width) : int64_t(v);
  }
};

// ---- Writing results ---------------------------------------------------------

/// Rd in the participating lanes (RZ discards). A partial mask is applied
/// as a branch-free blend with the old values, then one full-row write.
inline void writeRd(ExecContext &ctx, uint8_t rd, const Lanes &v) {
  if (ctx.mask == AllLanes || rd >= RZ)
    return ctx.regs.writeReg(rd, v, ctx.mask);
  Lanes keep, blended;
  expandMask(ctx.mask, keep);
  const uint32_t *old = ctx.regs.r[rd];
  for (unsigned l = 0; l < WarpSize; ++l)
    blended[l] = (v[l] & keep[l]) | (old[l] & ~keep[l]);
  ctx.regs.writeReg(rd, blended, AllLanes);
}

/// Rd = f(l) for every lane (f reads its sources in place), under ctx.mask:
/// one pass into a temporary the compiler can vectorise (it cannot alias a
/// register row), then one row write.
template <class F> inline void writeRdLanes(ExecContext &ctx, uint8_t rd, F f) {
  Lanes r;
  for (unsigned l = 0; l < WarpSize; ++l)
    r[l] = f(l);
  writeRd(ctx, rd, r);
}

/// The pair rd:rd+1 in the participating lanes (RZ discards both words).
inline void writePair(ExecContext &ctx, uint8_t rd, const Lanes64 &v) {
  if (rd >= RZ)
    return;
  Lanes lo, hi;
  for (unsigned l = 0; l < WarpSize; ++l) {
    lo[l] = uint32_t(v[l]);
    hi[l] = uint32_t(v[l] >> 32);
  }
  writeRd(ctx, rd, lo);
  writeRd(ctx, uint8_t(rd + 1), hi);
}

/// Rd = bit l of `m` ? `one` : 0, the SET forms' result.
inline void writeMaskAsReg(ExecContext &ctx, uint8_t rd, uint32_t m,
                           uint32_t one) {
  Lanes v;
  expandMask(m, v);
  for (unsigned l = 0; l < WarpSize; ++l)
    v[l] &= one;
  writeRd(ctx, rd, v);
}

// ---- Condition codes (ISA.md 3.1) ----------------------------------------------

/// The four CC flags as lane masks.
struct CCFlags {
  uint32_t zf = 0, sf = 0, cf = 0, of = 0;
};

inline CCFlags readCC(const ExecContext &ctx) {
  return {ctx.regs.ccZF, ctx.regs.ccSF, ctx.regs.ccCF, ctx.regs.ccOF};
}

/// Writes the flags in the participating lanes.
inline void writeCC(ExecContext &ctx, const CCFlags &f) {
  const uint32_t m = ctx.mask;
  WarpRegs &r = ctx.regs;
  r.ccZF = (r.ccZF & ~m) | (f.zf & m);
  r.ccSF = (r.ccSF & ~m) | (f.sf & m);
  r.ccCF = (r.ccCF & ~m) | (f.cf & m);
  r.ccOF = (r.ccOF & ~m) | (f.of & m);
}

/// Flags of a logic op, shift or multiply: ZF and SF from the result, CF and
/// OF clear.
inline CCFlags resultFlags(const Lanes &r) {
  return {zeroBits(r), signBits(r), 0, 0};
}

/// The CC test `test` as a lane mask.
inline uint32_t ccTest(SIMT::CCTest test, const CCFlags &f) {
  using T = SIMT::CCTest;
  const uint32_t lt = f.sf ^ f.of;
  switch (test) {
  case T::F:   return 0;
  case T::LT:  return lt;
  case T::EQ:  return f.zf;
  case T::LE:  return f.zf | lt;
  case T::GT:  return ~f.zf & ~lt;
  case T::NE:  return ~f.zf;
  case T::GE:  return ~lt;
  case T::LO:  return ~f.cf;
  case T::LS:  return ~f.cf | f.zf;
  case T::HI:  return f.cf & ~f.zf;
  case T::HS:  return f.cf;
  case T::OFT: return f.of;
  case T::OFF: return ~f.of;
  case T::CFT: return f.cf;
  case T::CFF: return ~f.cf;
  case T::SFT: return f.sf;
  case T::SFF: return ~f.sf;
  case T::T:   return ~0u;
  }
  return ~0u;
}

// ---- The 32-bit adder ------------------------------------------------------------

/// r = a + b + cin per lane, cin = `cinBase` (0..2) + bit l of `cinMask`;
/// with `Flags`, the carry-out and signed overflow as lane masks.
/// Subtraction is a + ~b + 1.
struct AddResult {
  Lanes r;
  uint32_t cf = 0, of = 0;
};
template <bool Flags = true>
inline void add32(const Lanes &a, const Lanes &b, uint32_t cinBase,
                  uint32_t cinMask, AddResult &out) {
  Lanes cin;
  expandMask(cinMask, cin);
  Lanes carry, ovf;
  for (unsigned l = 0; l < WarpSize; ++l) {
    const uint32_t s1 = a[l] + b[l];
    const uint32_t r = s1 + cinBase + (cin[l] & 1u);
    out.r[l] = r;
    carry[l] = ((s1 < a[l]) | (r < s1)) ? ~0u : 0u; // either step wrapped
    ovf[l] = ~(a[l] ^ b[l]) & (a[l] ^ r);        // sign bit = overflow
  }
  if (Flags) {
    out.cf = packSigns(carry);
    out.of = packSigns(ovf);
  }
}

// ---- Comparisons ------------------------------------------------------------------

/// Outcome bits of a comparison: LT = 1, EQ = 2, GT = 4, unordered = 8. The
/// SIMT::ICmp and SIMT::FCmp values are exactly the sets of outcomes they
/// accept (checked below), so `outcome & code` decides the comparison.
inline constexpr uint32_t OutLT = 1, OutEQ = 2, OutGT = 4, OutUnordered = 8;
template <class T> inline uint32_t compareOutcome(T a, T b) {
  return uint32_t(a < b) * OutLT | uint32_t(a == b) * OutEQ | uint32_t(a > b) * OutGT |
         uint32_t(!(a == a) || !(b == b)) * OutUnordered;
}
/// Whether comparison `code` (a SIMT::ICmp or SIMT::FCmp value) accepts
/// `outcome`.
inline bool cmpAccepts(unsigned code, uint32_t outcome) {
  return (code & outcome) != 0;
}
namespace cmp_values_checked {
template <class E> constexpr uint32_t cmp(E e) { return uint32_t(e); }
using IC = SIMT::ICmp;
using FC = SIMT::FCmp;
static_assert(cmp(IC::F) == 0 && cmp(IC::LT) == OutLT && cmp(IC::EQ) == OutEQ &&
                  cmp(IC::LE) == (OutLT | OutEQ) && cmp(IC::GT) == OutGT &&
                  cmp(IC::NE) == (OutLT | OutGT) && cmp(IC::GE) == (OutGT | OutEQ) &&
                  cmp(IC::T) == (OutLT | OutEQ | OutGT),
              "ICmp values must be the outcome sets they accept");
static_assert(cmp(FC::F) == 0 && cmp(FC::LT) == OutLT && cmp(FC::EQ) == OutEQ &&
                  cmp(FC::LE) == (OutLT | OutEQ) && cmp(FC::GT) == OutGT &&
                  cmp(FC::NE) == (OutLT | OutGT) && cmp(FC::GE) == (OutGT | OutEQ) &&
                  cmp(FC::NUM) == (OutLT | OutEQ | OutGT) && cmp(FC::NaN) == OutUnordered &&
                  cmp(FC::LTU) == (OutLT | OutUnordered) &&
                  cmp(FC::EQU) == (OutEQ | OutUnordered) &&
                  cmp(FC::LEU) == (OutLT | OutEQ | OutUnordered) &&
                  cmp(FC::GTU) == (OutGT | OutUnordered) &&
                  cmp(FC::NEU) == (OutLT | OutGT | OutUnordered) &&
                  cmp(FC::GEU) == (OutGT | OutEQ | OutUnordered) &&
                  cmp(FC::T) == (OutLT | OutEQ | OutGT | OutUnordered),
              "FCmp values must be the outcome sets they accept");
} // namespace cmp_values_checked

/// `a bop b` on lane masks (MG_Bop/MG_Bop1).
inline uint32_t boolOp(SIMT::BoolOp bop, uint32_t a, uint32_t b) {
  switch (bop) {
  case SIMT::BoolOp::AND: return a & b;
  case SIMT::BoolOp::OR:  return a | b;
  case SIMT::BoolOp::XOR: return a ^ b;
  }
  return a ^ b;
}

/// PSETP/PSET: (Pp' bop Pq') bop1 Pr', with Pp' or its negation.
inline uint32_t predCombine(const WarpRegs &regs, const Inst &inst, bool negateP) {
  const uint32_t p = regs.predMask(inst.pp);
  return boolOp(inst.modValue<SIMT::MG_Bop1>(),
                boolOp(inst.modValue<SIMT::MG_Bop>(), negateP ? ~p : p, regs.predMask(inst.pq)),
                regs.predMask(inst.pr));
}

// ---- Floats -------------------------------------------------------------------------

/// Denormal -> zero of the same sign.
inline uint32_t flush32(uint32_t x) {
  return (x & 0x7F800000u) == 0 ? x & 0x80000000u : x;
}
inline void flush32(Lanes &v) {
  for (unsigned l = 0; l < WarpSize; ++l)
    v[l] = flush32(v[l]);
}
inline uint32_t canon32(uint32_t x) {
  return (x & 0x7FFFFFFFu) > 0x7F800000u ? CanonicalNaN32 : x;
}
inline uint64_t canon64(uint64_t x) {
  return (x & ~(uint64_t(1) << 63)) > 0x7FF0000000000000ull ? CanonicalNaN64
                                                              : x;
}
/// .SAT: clamp to [0, 1]; NaN and -0 give +0.
inline double sat(double x) { return x > 0.0 ? (x < 1.0 ? x : 1.0) : 0.0; }
/// .SAT on the bits of a float (integer compares, vectorisable).
inline uint32_t sat32(uint32_t x) {
  const int32_t s = int32_t(x); // negative: sign bit set (incl. -0, -NaN)
  return (s <= 0 || s > 0x7F800000) ? 0u : (s > int32_t(OneF32) ? OneF32 : x);
}

/// FMNMX/DMNMX on the bit patterns of two floats of type F: the minimum
/// (`wantMin`) or maximum, -0 below +0, and a NaN operand loses to the
/// other (two NaNs give a NaN for the caller to canonicalise).
template <class F, class U> inline U minMaxBits(U x, U y, bool wantMin) {
  const F a = std::bit_cast<F>(x), b = std::bit_cast<F>(y);
  if (a != a)
    return y;
  if (b != b)
    return x;
  if (a == b) // equal values differ at most in the sign of a zero
    return wantMin ? (x | y) : (x & y);
  return ((a < b) == wantMin) ? x : y;
}

/// The last steps of a float result: .FTZ flush, .SAT clamp, canonical NaN.
inline void finish32(Lanes &v, bool ftz, bool saturate) {
  if (ftz)
    flush32(v);
  if (saturate)
    for (unsigned l = 0; l < WarpSize; ++l)
      v[l] = sat32(v[l]);
  for (unsigned l = 0; l < WarpSize; ++l)
    v[l] = canon32(v[l]);
}

/// r = fma(a, b, c) on 32 lanes of float or double, with one rounding in the
/// current host mode. On x86-64 builds without -mfma, a clone compiled for
/// the FMA instructions runs when the host has them (libm's fma otherwise).
template <class T>
inline void fmaLanesPortable(const T *a, const T *b, const T *c, T *r) {
  for (unsigned l = 0; l < WarpSize; ++l)
    r[l] = std::fma(a[l], b[l], c[l]);
}
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__FMA__)
#define SIMT_SEM_FMA_DISPATCH 1
__attribute__((target("fma"))) inline void fmaLanesHw(const float *a,
                                                      const float *b,
                                                      const float *c, float *r) {
  for (unsigned l = 0; l < WarpSize; ++l)
    r[l] = __builtin_fmaf(a[l], b[l], c[l]);
}
__attribute__((target("fma"))) inline void fmaLanesHw(const double *a,
                                                      const double *b,
                                                      const double *c, double *r) {
  for (unsigned l = 0; l < WarpSize; ++l)
    r[l] = __builtin_fma(a[l], b[l], c[l]);
}
inline bool hostHasFma() {
  static const bool has = __builtin_cpu_supports("fma");
  return has;
}
#endif
template <class T> inline void fmaLanes(const T *a, const T *b, const T *c, T *r) {
#ifdef SIMT_SEM_FMA_DISPATCH
  if (hostHasFma())
    return fmaLanesHw(a, b, c, r);
#endif
  fmaLanesPortable(a, b, c, r);
}

/// Keeps the compiler from moving float arithmetic on `p`'s contents across
/// a rounding-mode switch (GCC has no FENV_ACCESS): the asm may read and
/// write any memory reachable from `p`.
inline void fpFence(const void *p) { asm volatile("" : : "r"(p) : "memory"); }

/// Switches the host rounding mode to `rnd` for its lifetime; RN (the host
/// default) costs nothing. Fence the inputs after constructing it and the
/// outputs before it ends.
class RoundingScope {
public:
  explicit RoundingScope(SIMT::Rnd rnd) : active_(rnd != SIMT::Rnd::RN) {
    if (active_) {
      saved_ = std::fegetround();
      std::fesetround(rnd == SIMT::Rnd::RZ   ? FE_TOWARDZERO
                      : rnd == SIMT::Rnd::RM ? FE_DOWNWARD
                                             : FE_UPWARD);
    }
  }
  ~RoundingScope() {
    if (active_)
      std::fesetround(saved_);
  }
  RoundingScope(const RoundingScope &) = delete;
  RoundingScope &operator=(const RoundingScope &) = delete;

private:
  bool active_;
  int saved_ = FE_TONEAREST;
};

} // namespace sem
} // namespace simt::emu
