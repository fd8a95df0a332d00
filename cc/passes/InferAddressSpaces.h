//===-- InferAddressSpaces.h - Generic accesses made .shared/.local -------===//
//
// The ISA has no generic address space: LD/ST reach global memory only,
// LDS/STS and LDL/STL the shared and local windows, LDC and c[][] operands
// the constant banks. PTX reaches shared, local and constant memory through
// generic pointers made by `cvta.shared`/`cvta.local`/`cvta.const`, which
// clang emits at -O0 (every local variable through `%SP`, every indexed
// `__constant__` array) and where its own inference gives up. This pass follows each register's pointer
// provenance through the instructions that carry a pointer (mov, add, sub,
// and, or, selp, cvt between integers), joined over every write of the
// register, and rewrites a generic ld/st/atom/red whose address is known to
// point into one window as an access of that state space (a load from the
// constant window becomes ld.const; a write there is an error); `cvta` to
// or from those spaces then copies the window offset (cc/isel/SelectConvert64.cpp), and
// `isspacep` becomes a mov of the answer the provenance gives. Generic
// addresses of unknown provenance are global, as PTX kernel parameters are.
// An address that may point into several spaces carries a run-time tag. A
// module that stores a shared generic pointer to memory gets a shared window
// in the generic address space, as Fermi has: its shared generic pointers
// are kSharedWindowBase + offset, and a 64-bit value loaded from memory is
// tagged shared when it lies in the window. What it cannot follow is an
// error, never a wrong guess: a local or constant generic pointer stored to
// memory, or one of several spaces passed to a function outside a window
// module. A pointer argument or result keeps its space when every call
// passes (every return gives) one of that space (ParamSpaces).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "cc/ptx/PTXIR.h"
#include "isa/SIMTDwarf.h"

#include <memory>

namespace simt::cc {

class Diagnostics;

/// The shared window of a module that stores shared pointers to memory:
/// [base, 2 * base) in the generic address space, below every global
/// allocation (the emulator's lowest is at 0x1000'0000, AddressSpace.h), so
/// that a global access there faults; the debugger follows pointers there
/// (isa/SIMTDwarf.h). docs/cuda.md "Generic addresses".
constexpr unsigned kSharedWindowShift = dwarfabi::kSharedWindowShift;
constexpr int64_t kSharedWindowBase = int64_t(dwarfabi::kSharedWindowBase);

/// What each device function's pointer parameters may point into, joined
/// over every call in the module (a __device__ helper at -O0 receiving a
/// `__shared__` array); an opaque summary for inferAddressSpaces.
class ParamSpaces {
public:
  /// Iterates the module's calls to a fixed point.
  explicit ParamSpaces(const Module &M);
  ~ParamSpaces();
  struct Impl;
  const Impl &impl() const { return *P; }

private:
  std::unique_ptr<Impl> P;
};

/// Rewrites F's generic accesses; false after reporting what it cannot.
/// Without Params, a function's pointer parameters are global.
bool inferAddressSpaces(Function &F, Diagnostics &Diag, const ParamSpaces *Params = nullptr);

} // namespace simt::cc
