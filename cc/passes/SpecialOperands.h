//===-- SpecialOperands.h - Special registers read through a mov ----------===//
//
// PTX lets an instruction read a special register wherever it reads a
// register: `cvt.s32.u32 %r1, %tid.x;`, `setp.lt.u32 %p1, %tid.x, 32;`, and
// nvcc 1.x to 3.x read the 16-bit `%tid`/`%ntid`/`%ctaid` of sm_1x as
// `cvt.u32.u16 %r1, %tid.x` or `mul.wide.u16 %r1, %ctaid.x, %ntid.x`.
// Instruction selection reads special registers in `mov` only (S2R, or the
// launch block in bank 0 for %ntid and %nctaid), so this pass gives each
// other read its own register, written by a `mov` just before the
// instruction: a 32-bit one (its low half is the 16-bit value), 64-bit for
// the 64-bit registers (%clock64, %globaltimer, %gridid), whose `mov` the
// selection then accepts or reports.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "cc/ptx/PTXIR.h"

namespace simt::cc {

/// Rewrites F's non-mov reads of special registers; whether any changed.
bool moveSpecialOperands(Function &F);

} // namespace simt::cc
