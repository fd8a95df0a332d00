//===-- Video.cpp - Video (sub-word) instruction semantics ----------------===//
//
// VADD, VSUB, VABSDIFF, VMNMX, VSHL, VSHR (ISA.md 4.1), after the PTX ISA
// manual's pseudo-code for the scalar video instructions: each operand's
// part (byte, half or word, by selector and type) is zero- or sign-extended,
// the primary operation runs on the extended values with a 34-bit signed
// result, .SAT clamps it to the 32-bit range of .dtype (otherwise its low 32
// bits are kept), and the secondary operation combines it with Rc: .ACC
// adds (modulo 2^32), .MIN/.MAX compare with .dtype's signedness.
//
// Shift counts: the low 32 bits of the extended b, taken modulo 32 with .W
// and clamped to 32 otherwise (so a negative count is a large one).
//
//===----------------------------------------------------------------------===//

#include "emu/core/Operands.h"

#include <algorithm>

namespace simt::emu {
namespace sem {
namespace {

enum class VideoOp { Add, Sub, AbsDiff, MinMax, Shl, Shr };

/// The primary result, a signed 34-bit value.
template <VideoOp Op>
int64_t primary(int64_t a, int64_t b, bool flagBit) {
  auto count = [&] {
    const uint32_t n = uint32_t(b);
    return flagBit ? n & 31 : std::min<uint32_t>(n, 32);
  };
  switch (Op) {
  case VideoOp::Add:     return a + b;
  case VideoOp::Sub:     return a - b;
  case VideoOp::AbsDiff: return a > b ? a - b : b - a;
  case VideoOp::MinMax:  return flagBit ? std::max(a, b) : std::min(a, b);
  case VideoOp::Shl:     // keep 34 bits, sign-extended
    return int64_t((uint64_t(a) << count()) << 30) >> 30;
  case VideoOp::Shr:     return a >> count();
  }
  return 0;
}

uint32_t saturate(int64_t t, bool unsignedDst) {
  const int64_t lo = unsignedDst ? 0 : INT32_MIN;
  const int64_t hi = unsignedDst ? int64_t(UINT32_MAX) : INT32_MAX;
  return uint32_t(std::clamp(t, lo, hi));
}

uint32_t secondary(SIMT::VSecOp op, uint32_t r, uint32_t c, bool unsignedDst) {
  const bool less = unsignedDst ? r < c : int32_t(r) < int32_t(c);
  switch (op) {
  case SIMT::VSecOp::Off: return r;
  case SIMT::VSecOp::ACC:  return r + c;
  case SIMT::VSecOp::MIN:  return less ? r : c;
  case SIMT::VSecOp::MAX:  return less ? c : r;
  }
  return r;
}

/// One video instruction; Sb is Rb with its selector, or (Imm) the 16-bit
/// immediate read as a word of btype. `FlagGroup` is .MX or .W.
template <VideoOp Op, bool Imm>
void video(ExecContext &ctx, const Inst &inst, SIMT::ModGroup flagGroup) {
  Lanes a, b, c;
  readReg(ctx, inst.ra.reg, a);
  if (Imm)
    fill(b, inst.imm);
  else
    readReg(ctx, inst.rb.reg, b);
  readReg(ctx, inst.rc.reg, c);
  const SubWordField fa(inst.ra.sel, inst.modValue<SIMT::MG_VArithA>());
  const SubWordField fb(Imm ? uint8_t(SIMT::SubWord::Word) : inst.rb.sel,
                        inst.modValue<SIMT::MG_VArithB>());
  const bool unsignedDst = inst.modValue<SIMT::MG_VDst>() == SIMT::VDst::UD;
  const bool sat = flag(inst, SIMT::MG_Sat);
  const bool flagBit = flagGroup != SIMT::NumModGroups && flag(inst, flagGroup);
  const SIMT::VSecOp secop = inst.modValue<SIMT::MG_VSecOp>();
  writeRdLanes(ctx, inst.rd, [&](unsigned l) {
    const int64_t t = primary<Op>(fa(a[l]), fb(b[l]), flagBit);
    const uint32_t r = sat ? saturate(t, unsignedDst) : uint32_t(t);
    return secondary(secop, r, c[l], unsignedDst);
  });
}

} // namespace
} // namespace sem

using namespace sem;

void exec_VADD(ExecContext &ctx, const Inst &inst) {
  video<VideoOp::Add, false>(ctx, inst, SIMT::NumModGroups);
}
void exec_VADDimm(ExecContext &ctx, const Inst &inst) {
  video<VideoOp::Add, true>(ctx, inst, SIMT::NumModGroups);
}
void exec_VSUB(ExecContext &ctx, const Inst &inst) {
  video<VideoOp::Sub, false>(ctx, inst, SIMT::NumModGroups);
}
void exec_VSUBimm(ExecContext &ctx, const Inst &inst) {
  video<VideoOp::Sub, true>(ctx, inst, SIMT::NumModGroups);
}
void exec_VABSDIFF(ExecContext &ctx, const Inst &inst) {
  video<VideoOp::AbsDiff, false>(ctx, inst, SIMT::NumModGroups);
}
void exec_VABSDIFFimm(ExecContext &ctx, const Inst &inst) {
  video<VideoOp::AbsDiff, true>(ctx, inst, SIMT::NumModGroups);
}
void exec_VMNMX(ExecContext &ctx, const Inst &inst) {
  video<VideoOp::MinMax, false>(ctx, inst, SIMT::MG_MX);
}
void exec_VMNMXimm(ExecContext &ctx, const Inst &inst) {
  video<VideoOp::MinMax, true>(ctx, inst, SIMT::MG_MX);
}
void exec_VSHL(ExecContext &ctx, const Inst &inst) {
  video<VideoOp::Shl, false>(ctx, inst, SIMT::MG_Wrap);
}
void exec_VSHLimm(ExecContext &ctx, const Inst &inst) {
  video<VideoOp::Shl, true>(ctx, inst, SIMT::MG_Wrap);
}
void exec_VSHR(ExecContext &ctx, const Inst &inst) {
  video<VideoOp::Shr, false>(ctx, inst, SIMT::MG_Wrap);
}
void exec_VSHRimm(ExecContext &ctx, const Inst &inst) {
  video<VideoOp::Shr, true>(ctx, inst, SIMT::MG_Wrap);
}

} // namespace simt::emu
