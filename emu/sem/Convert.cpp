//===-- Convert.cpp - I2F, F2I, F2F, I2I ----------------------------------===//
//
// ISA.md section 4 "Conversion": destination type first; the source is Sb
// (a register pair for 64-bit types; `-` and `|..|` apply to registers).
// Integer sources are held exactly (64-bit ones as 128-bit values), so
// negation, absolute value and saturation never overflow. I2F rounds .RN by
// default and honours .RZ .RM .RP (host conversion for sources up to 32
// bits, integer rounding for 64-bit ones); F2I rounds TRUNC FLOOR CEIL
// ROUND (to nearest even), saturates and gives 0 for NaN; F2F rounds .RN by
// default (only F64 -> F32 can round). Sub-word results are sign- or
// zero-extended to the 32-bit register.
//
//===----------------------------------------------------------------------===//
#include "emu/core/Operands.h"

#include <bit>
#include <cmath>

namespace simt::emu {
using namespace sem;

namespace {

__extension__ typedef __int128 i128;
using Ints = i128[WarpSize];
using Doubles = double[WarpSize];

/// An MG_IntSrc/MG_IntDst value as a width and signedness.
struct IntType {
  unsigned bits;
  bool isSigned;
  explicit IntType(SIMT::IntType t)
      : bits(8 * SIMT::bytesOf(t)),
        isSigned(t == SIMT::IntType::S8 || t == SIMT::IntType::S16 ||
                 t == SIMT::IntType::S32 || t == SIMT::IntType::S64) {}
  i128 min() const { return isSigned ? -(i128(1) << (bits - 1)) : 0; }
  i128 max() const {
    return (i128(1) << (isSigned ? bits - 1 : bits)) - 1;
  }
  /// The low `bits` of x, sign- or zero-extended.
  i128 extend(uint64_t x) const {
    if (bits < 64)
      x &= (uint64_t(1) << bits) - 1;
    const i128 v = i128(x);
    return (isSigned && (x >> (bits - 1) & 1)) ? v - (i128(1) << bits) : v;
  }
};

/// The integer source of I2F/I2I with its modifiers, exactly.
void readIntSource(ExecContext &ctx, const Inst &inst, IntType type, Ints &v) {
  if (type.bits == 64) {
    Lanes64 p;
    readPairBRaw(ctx, inst.sb, p, Imm64::SignExtend);
    for (unsigned l = 0; l < WarpSize; ++l)
      v[l] = type.extend(p[l]);
  } else {
    Lanes w;
    readBRaw(ctx, inst.sb, w);
    for (unsigned l = 0; l < WarpSize; ++l)
      v[l] = type.extend(w[l]);
  }
  const RegRef &m = inst.sb.reg; // a register's or a constant's modifiers
  for (unsigned l = 0; l < WarpSize; ++l) {
    if (m.abs && v[l] < 0)
      v[l] = -v[l];
    if (m.neg)
      v[l] = -v[l];
  }
}

/// The float source of F2I/F2F as doubles (exact), with its modifiers and,
/// for F32 sources, .FTZ.
void readFloatSource(ExecContext &ctx, const Inst &inst, Doubles &d) {
  if (inst.modValue<SIMT::MG_FltSrc>() == SIMT::FloatType::F64) {
    Lanes64 p;
    readPairBRaw(ctx, inst.sb, p, Imm64::HighWord);
    applyDoubleMods(inst.sb.reg, p);
    for (unsigned l = 0; l < WarpSize; ++l)
      d[l] = f64(p[l]);
    return;
  }
  Lanes w;
  readBRaw(ctx, inst.sb, w);
  applyFloatMods(inst.sb.reg, w);
  if (flag(inst, SIMT::MG_FTZ))
    flush32(w);
  for (unsigned l = 0; l < WarpSize; ++l)
    d[l] = double(f32(w[l]));
}

/// Writes integers of type `t` (64-bit types as a pair; narrower ones as a
/// word, which holds them sign- or zero-extended already).
void writeInts(ExecContext &ctx, uint8_t rd, IntType t, const Ints &v) {
  if (t.bits == 64) {
    Lanes64 p;
    for (unsigned l = 0; l < WarpSize; ++l)
      p[l] = uint64_t(v[l]);
    writePair(ctx, rd, p);
  } else {
    Lanes w;
    for (unsigned l = 0; l < WarpSize; ++l)
      w[l] = uint32_t(v[l]);
    writeRd(ctx, rd, w);
  }
}

/// The magnitude `mag` of a value of sign `negative`, rounded to `prec`
/// significant bits in MG_Rnd mode `rnd`; exact as a double.
double roundMagnitude(uint64_t mag, bool negative, unsigned prec, SIMT::Rnd rnd) {
  const unsigned width = 64 - unsigned(std::countl_zero(mag));
  if (width <= prec)
    return double(mag);
  const unsigned shift = width - prec;
  uint64_t kept = mag >> shift;
  const uint64_t rem = mag & ((uint64_t(1) << shift) - 1);
  const uint64_t half = uint64_t(1) << (shift - 1);
  bool up = false;
  switch (rnd) {
  case SIMT::Rnd::RN: up = rem > half || (rem == half && (kept & 1)); break;
  case SIMT::Rnd::RZ: break;
  case SIMT::Rnd::RM: up = negative && rem != 0; break;
  case SIMT::Rnd::RP: up = !negative && rem != 0; break;
  }
  kept += up; // may carry to 2^prec, still exact
  return std::ldexp(double(kept), int(shift));
}

/// An integral double saturated into type t (NaN gives 0).
i128 saturateToInt(double d, IntType t) {
  if (d != d)
    return 0;
  if (d <= double(t.min()))
    return t.min();
  if (d >= double(t.max())) // max of a 64-bit type rounds up to 2^63/2^64
    return t.max();
  return d < 0 ? i128(int64_t(d)) : i128(uint64_t(d));
}

/// x rounded to an integer in MG_F2IRnd mode `Mode` (TRUNC FLOOR CEIL
/// ROUND-to-nearest-even) without libm calls; the sign of a zero result is
/// irrelevant here. |x| >= 2^52, infinities and NaN are already integral.
template <SIMT::F2IRnd Mode> double roundToIntegral(double x) {
  if (!(std::fabs(x) < 0x1p52))
    return x;
  const double t = double(int64_t(x)); // truncation, exact
  if (Mode == SIMT::F2IRnd::TRUNC)
    return t;
  if (Mode == SIMT::F2IRnd::FLOOR)
    return t > x ? t - 1 : t;
  if (Mode == SIMT::F2IRnd::CEIL)
    return t < x ? t + 1 : t;
  const double frac = x - t; // exact, in (-1, 1), same sign as x
  const double away = x < 0 ? t - 1 : t + 1;
  const double half = std::fabs(frac);
  const bool odd = int64_t(t) & 1;
  return (half > 0.5 || (half == 0.5 && odd)) ? away : t;
}

template <SIMT::F2IRnd Mode> void roundAll(Doubles &d) {
  for (unsigned l = 0; l < WarpSize; ++l)
    d[l] = roundToIntegral<Mode>(d[l]);
}

/// I2F from a source of at most 32 bits: exact in int64, converted by the
/// host in the instruction's rounding mode.
void i2fNarrow(ExecContext &ctx, const Inst &inst, IntType st) {
  Lanes w;
  readBRaw(ctx, inst.sb, w);
  int64_t v[WarpSize];
  const unsigned sh = 64 - st.bits;
  for (unsigned l = 0; l < WarpSize; ++l) {
    const uint64_t x = uint64_t(w[l]) << sh;
    v[l] = st.isSigned ? int64_t(x) >> sh : int64_t(x >> sh);
  }
  {
    const RegRef &m = inst.sb.reg; // a register's or a constant's modifiers
    for (unsigned l = 0; l < WarpSize; ++l) {
      const int64_t a = (m.abs && v[l] < 0) ? -v[l] : v[l];
      v[l] = m.neg ? -a : a;
    }
  }
  if (inst.modValue<SIMT::MG_FltDst>() == SIMT::FloatType::F64) { // exact
    Lanes64 r;
    for (unsigned l = 0; l < WarpSize; ++l)
      r[l] = bits64(double(v[l]));
    return writePair(ctx, inst.rd, r);
  }
  Lanes r;
  {
    RoundingScope scope(inst.modValue<SIMT::MG_Rnd>());
    fpFence(v);
    for (unsigned l = 0; l < WarpSize; ++l)
      r[l] = bits32(float(v[l]));
    fpFence(r);
  }
  writeRd(ctx, inst.rd, r);
}

} // namespace

void exec_I2F(ExecContext &ctx, const Inst &inst) {
  const IntType st(inst.modValue<SIMT::MG_IntSrc>());
  if (st.bits <= 32)
    return i2fNarrow(ctx, inst, st);
  // 64-bit sources: exact 128-bit values, rounded by integer arithmetic.
  Ints v;
  readIntSource(ctx, inst, st, v);
  const bool toDouble = inst.modValue<SIMT::MG_FltDst>() == SIMT::FloatType::F64;
  const unsigned prec = toDouble ? 53 : 24;
  const SIMT::Rnd rnd = inst.modValue<SIMT::MG_Rnd>();
  Doubles d;
  for (unsigned l = 0; l < WarpSize; ++l) {
    const bool negative = v[l] < 0;
    const double m = roundMagnitude(uint64_t(negative ? -v[l] : v[l]),
                                    negative, prec, rnd);
    d[l] = negative ? -m : m;
  }
  if (toDouble) {
    Lanes64 r;
    for (unsigned l = 0; l < WarpSize; ++l)
      r[l] = bits64(d[l]);
    return writePair(ctx, inst.rd, r);
  }
  Lanes r;
  for (unsigned l = 0; l < WarpSize; ++l)
    r[l] = bits32(float(d[l])); // exact: d already has 24 significant bits
  writeRd(ctx, inst.rd, r);
}

void exec_F2I(ExecContext &ctx, const Inst &inst) {
  Doubles d;
  readFloatSource(ctx, inst, d);
  switch (inst.modValue<SIMT::MG_F2IRnd>()) {
  case SIMT::F2IRnd::TRUNC: roundAll<SIMT::F2IRnd::TRUNC>(d); break;
  case SIMT::F2IRnd::FLOOR: roundAll<SIMT::F2IRnd::FLOOR>(d); break;
  case SIMT::F2IRnd::CEIL: roundAll<SIMT::F2IRnd::CEIL>(d); break;
  case SIMT::F2IRnd::ROUND: roundAll<SIMT::F2IRnd::ROUND>(d); break;
  }
  const IntType t(inst.modValue<SIMT::MG_IntDst>());
  if (t.bits <= 32) { // clamp in double: every bound is exact
    const double lo = double(t.min()), hi = double(t.max());
    Lanes w;
    for (unsigned l = 0; l < WarpSize; ++l) {
      double x = d[l] == d[l] ? d[l] : 0.0;
      x = x < lo ? lo : x;
      x = x > hi ? hi : x;
      w[l] = uint32_t(int64_t(x));
    }
    return writeRd(ctx, inst.rd, w);
  }
  Ints v;
  for (unsigned l = 0; l < WarpSize; ++l)
    v[l] = saturateToInt(d[l], t);
  writeInts(ctx, inst.rd, t, v);
}

void exec_F2F(ExecContext &ctx, const Inst &inst) {
  Doubles d;
  readFloatSource(ctx, inst, d);
  const bool saturate = flag(inst, SIMT::MG_Sat);
  if (inst.modValue<SIMT::MG_FltDst>() == SIMT::FloatType::F64) { // exact from either
    Lanes64 r;
    for (unsigned l = 0; l < WarpSize; ++l)
      r[l] = canon64(bits64(saturate ? sat(d[l]) : d[l]));
    return writePair(ctx, inst.rd, r);
  }
  Lanes r;
  {
    RoundingScope scope(inst.modValue<SIMT::MG_Rnd>()); // only F64 -> F32 rounds
    fpFence(d);
    for (unsigned l = 0; l < WarpSize; ++l)
      r[l] = bits32(float(d[l]));
    fpFence(r);
  }
  finish32(r, flag(inst, SIMT::MG_FTZ), saturate);
  writeRd(ctx, inst.rd, r);
}

void exec_I2I(ExecContext &ctx, const Inst &inst) {
  Ints v;
  readIntSource(ctx, inst, IntType(inst.modValue<SIMT::MG_IntSrc>()), v);
  const IntType t(inst.modValue<SIMT::MG_IntDst>());
  if (flag(inst, SIMT::MG_Sat)) {
    const i128 lo = t.min(), hi = t.max();
    for (unsigned l = 0; l < WarpSize; ++l)
      v[l] = v[l] < lo ? lo : v[l] > hi ? hi : v[l];
  } else {
    for (unsigned l = 0; l < WarpSize; ++l)
      v[l] = t.extend(uint64_t(v[l])); // wrap to the destination width
  }
  writeInts(ctx, inst.rd, t, v);
}

} // namespace simt::emu
