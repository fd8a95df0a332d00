//===-- emu/sem/Float.cpp - Single-precision float ------------------------===//
//
// ISA.md section 4 "Float": sources take `-` and `|..|`; .FTZ flushes
// denormal inputs and results to zero of the same sign; rounding .RN (the
// host default, no mode switch) .RZ .RM .RP; .SAT clamps to [0, 1] (NaN
// gives 0); results that are NaN are the canonical 0x7FFFFFFF. MUFU is
// well within the 2 ulp allowed (see exec_MUFU).
//
//===----------------------------------------------------------------------===//
#include "emu/sem/Operands.h"

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
                Lanes &c, unsigned rnd, bool ftz, bool saturate, Op op) {
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
  void operator()(const Floats &x, const Floats &y, const Floats &, Floats &r) const {
    for (unsigned l = 0; l < WarpSize; ++l)
      r[l] = x[l] + y[l];
  }
};
struct Mul {
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

/// FADD/FMUL: Rd = Ra op Sb with all the modifiers.
template <class Op> void floatBinary(ExecContext &ctx, const Inst &inst, Op op) {
  Lanes a, b;
  readA(ctx, inst.ra, a, SrcMods::Float);
  readB(ctx, inst.sb, b, SrcMods::Float);
  floatArith(ctx, inst, a, b, b, modOf(inst, SIMT::MG_Rnd),
             flag(inst, SIMT::MG_FTZ), flag(inst, SIMT::MG_Sat), op);
}

/// FADD32I/FMUL32I: Rd = Ra op imm32, round to nearest.
template <class Op> void floatImm32(ExecContext &ctx, const Inst &inst, Op op) {
  Lanes a, b;
  readA(ctx, inst.ra, a, SrcMods::Float);
  fill(b, inst.imm);
  floatArith(ctx, inst, a, b, b, 0, flag(inst, SIMT::MG_FTZ),
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

void exec_FFMA(ExecContext &ctx, const Inst &inst) {
  Lanes a, b, c;
  readA(ctx, inst.ra, a, SrcMods::Float);
  readB(ctx, inst.sb, b, SrcMods::Float);
  readA(ctx, inst.rc, c, SrcMods::Float);
  floatArith(ctx, inst, a, b, c, modOf(inst, SIMT::MG_Rnd),
             flag(inst, SIMT::MG_FTZ), flag(inst, SIMT::MG_Sat), Fma{});
}

// RCP and SQRT are IEEE-exact, RSQ rounds once from double; the
// transcendentals use the host's float libm (glibc: under 1 ulp).
void exec_MUFU(ExecContext &ctx, const Inst &inst) {
  switch (modOf(inst, SIMT::MG_Mufu)) {
  case 0: return mufu(ctx, inst, [](float x) { return 1.0f / x; });
  case 1: return mufu(ctx, inst, [](float x) { return float(1.0 / std::sqrt(double(x))); });
  case 2: return mufu(ctx, inst, [](float x) { return std::sqrt(x); });
  case 3: return mufu(ctx, inst, [](float x) { return std::exp2(x); });
  case 4: return mufu(ctx, inst, [](float x) { return std::log2(x); });
  case 5: return mufu(ctx, inst, [](float x) { return std::sin(x); });
  default: return mufu(ctx, inst, [](float x) { return std::cos(x); });
  }
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
