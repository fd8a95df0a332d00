//===-- SIMTCallABI.h - Where device-function calls keep their words ------===//
//
// The registers of the calling convention simt-ptxas gives `.func` device
// functions (cc/abi/CallABI.h has the rest of it; docs/cuda.md, "Device
// functions and the ABI"), in one place for the compiler that follows it and
// the debugger that reads a returned value. A call's arguments, and likewise
// its results, are laid out like a struct, word k in R(kFirstArgReg + k) for
// the first kNumArgRegs words; word kNumArgRegs + k is in the lane's local
// memory at [R1 + 4k] around the CAL (R1, the stack pointer, moved down by
// the caller's stack-argument area). Header only.
//
//===----------------------------------------------------------------------===//
#ifndef SIMT_ISA_SIMTCALLABI_H
#define SIMT_ISA_SIMTCALLABI_H

namespace simt::callabi {

inline constexpr unsigned kStackPointer = 1;
inline constexpr unsigned kFirstArgReg = 4, kNumArgRegs = 12;

} // namespace simt::callabi

#endif // SIMT_ISA_SIMTCALLABI_H
