//===-- CallABI.h - Registers and frames of device-function calls ---------===//
//
// The calling convention simt-ptxas gives `.func` device functions (docs/
// cuda.md, "Device functions and the ABI"): R1 is the stack pointer into
// per-thread local memory (the Fermi ABI's; the stack grows down from the
// top of the window, c[0x1][0x100]); a call's `.param` arguments are laid
// out like a struct, word by word, in R4..R15 (64-bit values in aligned
// pairs), and so are its results; the words past those twelve go through
// memory: the caller moves R1 down by a stack-argument area around the CAL
// and stores them there (word 12 at [R1]), where the callee finds them above
// its frame, and writes its own past twelve there before it returns. R16..R31
// are callee-saved, every other register and every predicate is
// caller-saved. Twelve words in registers: real device functions pass up to a
// dozen pointers and sizes (Rodinia's dwt2d and myocyte need 10 and 11 words
// with the pairs' padding); structs by value pass more.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "cc/ptx/PTXIR.h"
#include "isa/SIMTCallABI.h"

#include "llvm/ADT/ArrayRef.h"

#include <optional>
#include <vector>

namespace simt::cc {

namespace abi {
inline constexpr unsigned StackPointer = callabi::kStackPointer;
inline constexpr unsigned FirstArgReg = callabi::kFirstArgReg, NumArgRegs = callabi::kNumArgRegs;
inline constexpr unsigned FirstCalleeSaved = 16, LastCalleeSaved = 31;
/// The most a parameter or result list may hold (CUDA's 4 KiB of kernel
/// parameters; PTX sets no limit for a .func's).
inline constexpr uint64_t MaxParamBytes = 4096;
/// The call stack of a kernel whose call graph has a cycle (CUDA's default
/// per-thread stack), unless --stack-size says otherwise.
inline constexpr unsigned DefaultRecursionStackBytes = 1024;
/// .max_stack of such a kernel: its non-recursive depth plus this many
/// entries (a CALL token and what the functions push on the way down).
inline constexpr unsigned RecursionTokens = 1024;

/// The value of a device function's address (`mov.u64 %rd, f`, a vtable's
/// entries): the Nth function of the module whose address is taken is at
/// FunctionAddressBase + N * FunctionAddressStep. Not code addresses: the
/// only thing a program does with one is call through it, which compares
/// it with each candidate's (LowerIndirectCalls.h); one read as data
/// faults, as no memory is mapped there.
inline constexpr uint64_t FunctionAddressBase = 0xF0000000, FunctionAddressStep = 16;

inline bool isCalleeSaved(unsigned R) { return R >= FirstCalleeSaved && R <= LastCalleeSaved; }
} // namespace abi

/// Where one `.param` of a call (or of a function's parameter or result
/// list) travels: the word of R4..R15 its first byte is in, and its size.
struct ABISlot {
  unsigned FirstWord = 0;
  uint64_t Size = 0;
};

/// The slots of Params in order (each at its alignment, at least a word),
/// or none when they need more than abi::MaxParamBytes.
std::optional<std::vector<ABISlot>> layoutABI(llvm::ArrayRef<const VarDecl *> Params);
/// The words a layout occupies.
unsigned abiWords(llvm::ArrayRef<ABISlot> Slots);
/// The bytes of the stack-argument area a call (or a function) with ArgWords
/// argument and RetWords result words needs: the words past the registers,
/// the larger of the two lists (the callee reads its arguments on entry, so
/// its results may reuse the place), a multiple of StackAlign; 0 when both
/// fit in R4..R15.
uint64_t stackArgBytes(unsigned ArgWords, unsigned RetWords, uint64_t StackAlign);
/// The alignment every stack frame of M keeps: the largest of any .local
/// variable (at least 8), whichever function it is in, since frames stack
/// on each other.
uint64_t stackAlignment(const Module &M);

} // namespace simt::cc
