//===-- PTXDwarf.h - The DWARF clang wrote into the PTX, readable ---------===//
//
// clang -g writes DWARF into the PTX as `.section .debug_info { .b8 ... }`
// (DWARF 2, strings inline, no relocations: the values that need one name
// a symbol, `.b64 $L__tmp3`, `.b64 __local_depot0`, `.b32 .debug_abbrev`).
// This hands those bytes to LLVM's DWARF reader with each symbol replaced:
// another section's name by 0 (its start), a label of a debug section by
// its offset there, and a code label or a variable by a placeholder
// address that decode() turns back into the label or the symbol.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "cc/ptx/PTXIR.h"

#include "llvm/DebugInfo/DWARF/DWARFContext.h"

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace simt::cc {

class PTXDwarf {
public:
  /// Null when M has no `.debug_info` (line tables only, or no -g).
  static std::unique_ptr<PTXDwarf> create(const Module &M);

  llvm::DWARFContext &context() { return *Context; }

  /// What an address of the DWARF names.
  struct Symbol {
    const CodeLabel *Label = nullptr; // a code label, or
    std::string Name;                 // a variable (when Label is null)
    int64_t Addend = 0;
  };
  /// The symbol behind a placeholder address, or nullopt for any other
  /// value (a plain number, or a symbol the PTX does not define).
  std::optional<Symbol> decode(uint64_t Address) const;

private:
  const Module *M = nullptr;
  std::vector<std::pair<std::string, int64_t>> Placeholders; // symbol, addend
  llvm::StringMap<std::unique_ptr<llvm::MemoryBuffer>> Sections;
  std::unique_ptr<llvm::DWARFContext> Context;
};

} // namespace simt::cc
