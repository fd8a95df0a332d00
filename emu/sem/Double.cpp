//===-- Double.cpp - Double-precision float -------------------------------===//
//
// ISA.md section 4 "Double": operands are even/odd register pairs (low word
// in the even register); Sb is a pair, a double immediate (its high word) or
// the constant words at offset and offset + 4. Rounding as for float; NaN
// results are the canonical 0x7FFFFFFFFFFFFFFF.
//
//===----------------------------------------------------------------------===//
#include "emu/core/Operands.h"

#include <cmath>
#include <cstring>

namespace simt::emu {
using namespace sem;

namespace {

using Doubles = double[WarpSize];

/// Rd:Rd+1 = op(Ra, Sb, c) in the rounding mode of the instruction, NaN
/// canonicalised; `op(a, b, c, r)` works on whole arrays.
template <class Op>
void doubleArith(ExecContext &ctx, const Inst &inst, const Lanes64 &c, Op op) {
  Lanes64 a, b;
  readPairA(ctx, inst.ra, a);
  readPairB(ctx, inst.sb, b);
  Doubles da, db, dc, dr;
  std::memcpy(da, a, sizeof da);
  std::memcpy(db, b, sizeof db);
  std::memcpy(dc, c, sizeof dc);
  {
    RoundingScope scope(inst.modValue<SIMT::MG_Rnd>());
    fpFence(da);
    fpFence(db);
    fpFence(dc);
    op(da, db, dc, dr);
    fpFence(dr);
  }
  Lanes64 r;
  std::memcpy(r, dr, sizeof r);
  for (unsigned l = 0; l < WarpSize; ++l)
    r[l] = canon64(r[l]);
  writePair(ctx, inst.rd, r);
}

const Lanes64 NoC = {};

} // namespace

void exec_DADD(ExecContext &ctx, const Inst &inst) {
  doubleArith(ctx, inst, NoC, [](const Doubles &x, const Doubles &y, const Doubles &,
                                 Doubles &r) {
    for (unsigned l = 0; l < WarpSize; ++l)
      r[l] = x[l] + y[l];
  });
}

void exec_DMUL(ExecContext &ctx, const Inst &inst) {
  doubleArith(ctx, inst, NoC, [](const Doubles &x, const Doubles &y, const Doubles &,
                                 Doubles &r) {
    for (unsigned l = 0; l < WarpSize; ++l)
      r[l] = x[l] * y[l];
  });
}

void exec_DFMA(ExecContext &ctx, const Inst &inst) {
  Lanes64 c;
  readPairC(ctx, inst, c);
  doubleArith(ctx, inst, c, [](const Doubles &x, const Doubles &y, const Doubles &z,
                               Doubles &r) { fmaLanes<double>(x, y, z, r); });
}
// The constant-third-source form: the same function (readPairC).
void exec_DFMArc(ExecContext &ctx, const Inst &inst) { exec_DFMA(ctx, inst); }

void exec_DMNMX(ExecContext &ctx, const Inst &inst) {
  Lanes64 a, b, r;
  readPairA(ctx, inst.ra, a);
  readPairB(ctx, inst.sb, b);
  const uint32_t wantMin = ctx.regs.predMask(inst.pp);
  for (unsigned l = 0; l < WarpSize; ++l)
    r[l] = canon64(minMaxBits<double>(a[l], b[l], wantMin >> l & 1));
  writePair(ctx, inst.rd, r);
}

} // namespace simt::emu
