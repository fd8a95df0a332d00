//===-- CopyAddressedParams.h - Parameters whose address is taken ---------===//
//
// A device function's parameters travel in registers (CallABI.h), which
// have no address. clang takes one when it indexes an aggregate parameter by
// a value known only at run time (`b.w[j]` of a struct passed by value) and,
// at -O0, for every aggregate (`mov.b64 %rd, f_param_0` then `ld.param
// [%rd+56]`). For each such parameter this pass gives the function a .local
// copy in its frame, filled word by word from the parameter at entry, makes
// every use of the parameter's name as a value (mov, cvta, arithmetic) name
// the copy, and every ld.param through a register an ld.local: in a device
// function only an address of its own parameters can be in one. Accesses by
// the parameter's name ([f_param_0+56]) still read the argument registers.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "cc/ptx/PTXIR.h"

namespace simt::cc {

/// Rewrites F (a device function) as above; whether anything changed.
bool copyAddressedParams(Function &F);

} // namespace simt::cc
