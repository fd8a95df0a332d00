//===-- SharedLayout.h - .shared and .local windows of functions ----------===//
//
// Where each function's .shared and .local variables lie in their windows.
// A kernel lays out the variables it uses from offset 0 in declaration
// order. A device function that stays a call (nvcc -G, noinline,
// recursion) can be reached from several kernels, so the .shared variables
// it uses must lie at the same offset in each: the module-scope ones any
// device function uses and those declared inside device functions (clang
// puts a function's `static __shared__` there) form the *function region*,
// from offset 0 in declaration order, and every kernel that reaches such a function (its
// calls, directly or not) lays out its own variables after the region. A
// device function that uses the launch's dynamic shared memory (an
// `extern .shared` array, as the CUDA samples' SharedMemory<T> helper
// does) finds it at one offset for the whole module: past the static
// variables of every kernel that reaches one, each of which starts its
// dynamic memory there too (and reports that much static shared memory).
// Instruction selection reads the windows; nothing else needs them.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "cc/ptx/PTXIR.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace simt::cc {

/// The module's agreement on the .shared variables device functions use.
struct SharedLayout {
  llvm::DenseMap<const VarDecl *, uint64_t> RegionVars; ///< the region's variables
  uint64_t RegionBytes = 0;             ///< the region's extent
  /// Kernels that reach a device function using the region, and those that
  /// reach one using dynamic shared memory.
  llvm::DenseSet<const Function *> RegionKernels, DynamicKernels;
  /// The dynamic shared memory's offset in every kernel of DynamicKernels
  /// and every device function; unset when no device function uses it.
  std::optional<uint64_t> DynamicBase;
};

/// The layout of M's device functions in `Translated` (the functions that
/// kernels call) and of the kernels that reach them.
SharedLayout layoutFunctionShared(const Module &M,
                                  const llvm::DenseSet<const Function *> &Translated);

/// One function's windows.
struct VariableWindows {
  llvm::StringMap<uint64_t> Offsets; ///< .shared and .local variables it uses
  llvm::StringSet<> Local;           ///< of those, the .local ones
  uint64_t SharedBytes = 0;          ///< a kernel's static .shared window (0 for a function)
  uint64_t LocalBytes = 0;
  /// What a device function uses that the layout cannot give it:
  /// module-scope .local variables.
  std::vector<const VarDecl *> Unplaced;
};

/// F's windows under `Layout`.
VariableWindows layoutVariables(const Function &F, const SharedLayout &Layout);

} // namespace simt::cc
