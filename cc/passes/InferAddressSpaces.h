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
// An address that may point into several spaces carries a run-time tag,
// shared by the pointers derived from one root and compared once there,
// not at each access (RunTimeSpaces). A
// module that stores a shared, local or constant generic pointer to memory,
// or passes or returns one where the pointer may point into several spaces,
// gets a window for that space in the generic address space, as Fermi has:
// its generic pointers into the space are the window's base + offset, and a
// 64-bit value loaded from memory (or a parameter of several spaces) is
// tagged by the window it lies in. A pointer argument or result keeps its
// space when every call passes (every return gives) one of that space
// (ParamSpaces). A write through a generic pointer known to point into
// constant memory is an error.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "cc/ptx/PTXIR.h"
#include "isa/SIMTDwarf.h"

#include <memory>

namespace simt::cc {

class Diagnostics;

/// The generic windows of a module that needs them (a shared, local or
/// constant pointer stored to memory, or passed or returned where it may
/// point into several spaces): space k (1 shared, 2 local, 3 constant, its
/// run-time tag) at [k << kWindowShift, (k + 1) << kWindowShift) in the
/// generic address space, below every global allocation (the emulator's
/// lowest is at 0x1000'0000, AddressSpace.h), so that a global access there
/// faults; the debugger follows pointers there (isa/SIMTDwarf.h).
/// docs/cuda.md "Generic addresses".
constexpr unsigned kWindowShift = dwarfabi::kWindowShift;
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
