//===-- SIMTFixupKinds.h - Fixups of the SIMT target ----------------------===//
#pragma once

#include "llvm/MC/MCFixup.h"

namespace llvm {
namespace SIMT {
enum FixupKind {
  // A branch target: signed 24-bit instruction count from the next
  // instruction, in bits 16..39 of the instruction word.
  fixup_simt_pcrel24 = llvm::FirstTargetFixupKind,
  // A 32-bit absolute kernel-relative address (`.word label`).
  fixup_simt_abs32,
  LastTargetFixupKind,
  NumTargetFixupKinds = LastTargetFixupKind - llvm::FirstTargetFixupKind
};
} // namespace SIMT
} // namespace llvm
