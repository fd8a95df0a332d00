//===-- ModuleData.h - Module variables in constant and global memory -----===//
//
// Where a module's `.const` and `.global` variables live and what they
// start as. Every `.const` variable is placed in user constant bank 2 from
// offset 0, in declaration order (CUDA's `__constant__` variables and
// libclc's tables); every `.global` one in the object's global-variable
// block, which the loader allocates in device memory and whose address
// launches find in c[0x1][0x108] (SIMTLimits.h), the initialised ones
// first, so that the object, which stores a block's bytes up to its last
// initialised one, does not store a large zero variable (the device heap)
// that precedes one. Instruction selection
// reads the layout (c[0x2][offset] operands, LDC offsets, block offsets);
// emission writes it with the initial bytes (`.const_var`, `.global_var`,
// `.var_data`). The layout is a function of the module alone, so the two
// agree without passing state between them.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "cc/ptx/PTXIR.h"

#include "llvm/ADT/StringMap.h"

#include <cstdint>
#include <vector>

namespace simt::cc {

class Diagnostics;

struct ModuleVarSlot {
  const VarDecl *Var = nullptr;
  bool IsConst = false;
  uint64_t Offset = 0; ///< in the bank, or in the global-variable block
  uint64_t Size = 0;
  uint64_t Align = 1;
  bool Fits = true; ///< false: beyond the 64 KiB bank (reported where used)
};

struct ModuleDataLayout {
  llvm::StringMap<ModuleVarSlot> Slots;
  std::vector<const ModuleVarSlot *> Order; ///< declaration order
  const ModuleVarSlot *lookup(llvm::StringRef Name) const {
    auto It = Slots.find(Name);
    return It == Slots.end() ? nullptr : &It->second;
  }
};

/// The places of every `.const` and `.global` variable of M.
ModuleDataLayout layoutModuleData(const Module &M);

/// The element type the tools show for V (runtime/Values.h names): `.b8`
/// arrays (what clang makes of a `float` array) are u8.
llvm::StringRef varElementType(const VarDecl &V);

/// A variable's address in an initialiser (`generic(x)+8`): the 64-bit
/// word at byte At holds the address of Target plus Addend, which the
/// loader writes (`.var_addr`); its bytes in the data are zero.
struct InitAddress {
  uint64_t At = 0;
  std::string Target;
  int64_t Addend = 0;
  llvm::SMLoc Loc;
};

/// V's initial bytes, without the zeros that end it; true after reporting
/// an initialiser it cannot encode (an unsized array; an address where
/// Addresses is null or in an element narrower than 64 bits).
bool encodeInitializer(const VarDecl &V, std::vector<uint8_t> &Bytes, Diagnostics &Diag,
                       std::vector<InitAddress> *Addresses = nullptr);

} // namespace simt::cc
