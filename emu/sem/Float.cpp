//===-- Float.cpp - Single-precision float --------------------------------===//
//
// ISA.md section 4 "Float": sources take `-` and `|..|`; .FTZ flushes
// denormal inputs and results to zero of the same sign; rounding .RN (the
// host default, no mode switch) .RZ .RM .RP; .SAT clamps to [0, 1] (NaN
// gives 0); results that are NaN are the canonical 0x7FFFFFFF. MUFU is
// well within the 2 ulp allowed (see exec_MUFU).
//
//===----------------------------------------------------------------------===//
#include "emu/core/Operands.h"

#include <cmath>
#include <cstring>

namespace simt::emu {
using namespace sem;

namespace {

using Floats = float[WarpSize];

/// Rd = op(a, b, c) in the rounding mode `rnd`, with .FTZ on inputs and
/// result, .SAT and NaN canonicalisation. `op(a, b, c, r)` works on whole
/// float arrays; `c` may alias `b`.
template <class Op>
void floatArith(ExecContext &ctx, const Inst &inst, Lanes &a, Lanes &b,
                Lanes &c, SIMT::Rnd rnd, bool ftz, bool saturate, Op op) {
  if (ftz) {
    flush32(a);
    flush32(b);
    flush32(c);
  }
  Floats fa, fb, fc, fr;
  std::memcpy(fa, a, sizeof fa);
  std::memcpy(fb, b, sizeof fb);
  std::memcpy(fc, c, sizeof fc);
  {
    RoundingScope scope(rnd);
    fpFence(fa);
    fpFence(fb);
    fpFence(fc);
    op(fa, fb, fc, fr);
    fpFence(fr);
  }
  Lanes r;
  std::memcpy(r, fr, sizeof r);
  finish32(r, ftz, saturate);
  writeRd(ctx, inst.rd, r);
}

struct Add {
  static float apply(float x, float y) { return x + y; }
  void operator()(const Floats &x, const Floats &y, const Floats &, Floats &r) const {
    for (unsigned l = 0; l < WarpSize; ++l)
      r[l] = x[l] + y[l];
  }
};
struct Mul {
  static float apply(float x, float y) { return x * y; }
  void operator()(const Floats &x, const Floats &y, const Floats &, Floats &r) const {
    for (unsigned l = 0; l < WarpSize; ++l)
      r[l] = x[l] * y[l];
  }
};
struct Fma {
  void operator()(const Floats &x, const Floats &y, const Floats &z, Floats &r) const {
    fmaLanes<float>(x, y, z, r);
  }
};

template <class Op, class AT, class BT>
void plainBinary(ExecContext &ctx, const Inst &inst, const AT &a, const BT &b) {
  writeRdLanes(ctx, inst.rd,
               [&](unsigned l) { return canon32(bits32(Op::apply(f32(a[l]), f32(b[l])))); });
}

/// FADD/FMUL with a rounding mode, .FTZ or .SAT: every modifier, out of
/// line (the plain form's frame stays small).
template <class Op>
[[gnu::noinline]] void floatBinaryFull(ExecContext &ctx, const Inst &inst, Op op) {
  Lanes a, b;
  readA(ctx, inst.ra, a, SrcMods::Float);
  readB(ctx, inst.sb, b, SrcMods::Float);
  floatArith(ctx, inst, a, b, b, inst.modValue<SIMT::MG_Rnd>(),
             flag(inst, SIMT::MG_FTZ), flag(inst, SIMT::MG_Sat), op);
}
/// FADD/FMUL: Rd = Ra op Sb.
template <class Op> void floatBinary(ExecContext &ctx, const Inst &inst, Op op) {
  if (!plainFloat(inst))
    return floatBinaryFull(ctx, inst, op);
  const RowSrc a = rowSrc(ctx, inst.ra, SrcMods::Float);
  withRowB(ctx, inst.sb, [&](const auto &b) { plainBinary<Op>(ctx, inst, a, b); },
           SrcMods::Float);
}

/// FADD32I/FMUL32I: Rd = Ra op imm32, round to nearest.
template <class Op> void floatImm32(ExecContext &ctx, const Inst &inst, Op op) {
  if (!flag(inst, SIMT::MG_FTZ) && !flag(inst, SIMT::MG_Sat))
    return plainBinary<Op>(ctx, inst, rowSrc(ctx, inst.ra, SrcMods::Float), Uniform{inst.imm});
  Lanes a, b;
  readA(ctx, inst.ra, a, SrcMods::Float);
  fill(b, inst.imm);
  floatArith(ctx, inst, a, b, b, SIMT::Rnd::RN, flag(inst, SIMT::MG_FTZ),
             flag(inst, SIMT::MG_Sat), op);
}

/// MUFU: Rd = f(Ra) rounded to float, .SAT, canonical NaN.
template <class Fn> void mufu(ExecContext &ctx, const Inst &inst, Fn fn) {
  Lanes a, r;
  readA(ctx, inst.ra, a, SrcMods::Float);
  for (unsigned l = 0; l < WarpSize; ++l)
    r[l] = bits32(fn(f32(a[l])));
  finish32(r, false, flag(inst, SIMT::MG_Sat));
  writeRd(ctx, inst.rd, r);
}

} // namespace

void exec_FADD(ExecContext &ctx, const Inst &inst) { floatBinary(ctx, inst, Add{}); }
void exec_FMUL(ExecContext &ctx, const Inst &inst) { floatBinary(ctx, inst, Mul{}); }
void exec_FADD32I(ExecContext &ctx, const Inst &inst) { floatImm32(ctx, inst, Add{}); }
void exec_FMUL32I(ExecContext &ctx, const Inst &inst) { floatImm32(ctx, inst, Mul{}); }

namespace {
/// r = canon(fma(a, b, c)) per lane, one rounding (plainFloat FFMA). The
/// sources come by value and the result goes through a local array, so
/// that nothing can alias and the loop vectorises.
template <class BT, class CT> void plainFma(const RowSrc a, const BT b, const CT c, Lanes &r) {
  Lanes t;
  for (unsigned l = 0; l < WarpSize; ++l)
    t[l] = canon32(bits32(std::fma(f32(a[l]), f32(b[l]), f32(c[l]))));
  std::memcpy(r, t, sizeof t);
}
#ifdef SIMT_SEM_FMA_DISPATCH
/// The same with the host's FMA instructions (x86-64 builds without -mfma;
/// used when the host has them): the whole pass vectorised in this clone.
template <class BT, class CT>
__attribute__((target("fma"))) void plainFmaHw(const RowSrc a, const BT b, const CT c,
                                               Lanes &r) {
  Lanes t;
  for (unsigned l = 0; l < WarpSize; ++l)
    t[l] = canon32(bits32(__builtin_fmaf(f32(a[l]), f32(b[l]), f32(c[l]))));
  std::memcpy(r, t, sizeof t);
}
#endif
} // namespace

namespace {
[[gnu::noinline]] void ffmaFull(ExecContext &ctx, const Inst &inst) {
  Lanes a, b, c;
  readA(ctx, inst.ra, a, SrcMods::Float);
  readB(ctx, inst.sb, b, SrcMods::Float);
  readC(ctx, inst, c, SrcMods::Float);
  floatArith(ctx, inst, a, b, c, inst.modValue<SIMT::MG_Rnd>(),
             flag(inst, SIMT::MG_FTZ), flag(inst, SIMT::MG_Sat), Fma{});
}
} // namespace

void exec_FFMA(ExecContext &ctx, const Inst &inst) {
  if (!plainFloat(inst))
    return ffmaFull(ctx, inst);
  const RowSrc a = rowSrc(ctx, inst.ra, SrcMods::Float);
  withRowC(ctx, inst, [&](const auto &c) {
    withRowB(ctx, inst.sb, [&](const auto &b) {
      Lanes r;
#ifdef SIMT_SEM_FMA_DISPATCH
      if (hostHasFma())
        plainFmaHw(a, b, c, r);
      else
#endif
        plainFma(a, b, c, r);
      writeRd(ctx, inst.rd, r);
    }, SrcMods::Float);
  }, SrcMods::Float);
}
// The constant-third-source form: the same function (withRowC/readC).
void exec_FFMArc(ExecContext &ctx, const Inst &inst) { exec_FFMA(ctx, inst); }

// RCP and SQRT are IEEE-exact, RSQ rounds once from double; the
// transcendentals use the host's float libm (glibc: under 1 ulp).
void exec_MUFU(ExecContext &ctx, const Inst &inst) {
  using F = SIMT::Mufu;
  switch (inst.modValue<SIMT::MG_Mufu>()) {
  case F::RCP: return mufu(ctx, inst, [](float x) { return 1.0f / x; });
  case F::RSQ: return mufu(ctx, inst, [](float x) { return float(1.0 / std::sqrt(double(x))); });
  case F::SQRT: return mufu(ctx, inst, [](float x) { return std::sqrt(x); });
  case F::EX2: return mufu(ctx, inst, [](float x) { return std::exp2(x); });
  case F::LG2: return mufu(ctx, inst, [](float x) { return std::log2(x); });
  case F::SIN: return mufu(ctx, inst, [](float x) { return std::sin(x); });
  case F::COS: break;
  }
  return mufu(ctx, inst, [](float x) { return std::cos(x); });
}

void exec_FMNMX(ExecContext &ctx, const Inst &inst) {
  Lanes a, b, r;
  readA(ctx, inst.ra, a, SrcMods::Float);
  readB(ctx, inst.sb, b, SrcMods::Float);
  const bool ftz = flag(inst, SIMT::MG_FTZ);
  if (ftz) {
    flush32(a);
    flush32(b);
  }
  const uint32_t wantMin = ctx.regs.predMask(inst.pp);
  for (unsigned l = 0; l < WarpSize; ++l)
    r[l] = minMaxBits<float>(a[l], b[l], wantMin >> l & 1);
  finish32(r, ftz, false);
  writeRd(ctx, inst.rd, r);
}

} // namespace simt::emu
