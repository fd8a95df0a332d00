//===-- ParamLayout.h - Where kernel parameters live in c[0x0] --*- C++ -*-===//
//
// The launch ABI (TOOLS.md, run scripts): a kernel's parameters are packed in
// order with their natural (or declared) alignment from c[0x0][0x20]. The
// selector reads them from there; the kernel metadata lists the same offsets.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "cc/ptx/PTXIR.h"
#include "isa/SIMTLimits.h"

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <vector>

namespace simt::cc {

inline constexpr unsigned ParamBase = simt::limits::kFirstParamOffset; // in c[0x0]
inline constexpr unsigned ParamBank = simt::limits::kParamBank;

struct ParamSlot {
  unsigned Offset = 0; // in c[0x0], ParamBase included
  unsigned Size = 0;
  unsigned Align = 1;
};

/// One slot per parameter of F, in order.
std::vector<ParamSlot> layoutParams(const Function &F);
/// The slot of F's parameter Name, if F has one.
std::optional<ParamSlot> paramSlot(const Function &F, llvm::StringRef Name);

} // namespace simt::cc
