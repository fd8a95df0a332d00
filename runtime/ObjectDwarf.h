//===-- ObjectDwarf.h - An object's DWARF sections, relocated ---*- C++ -*-===//
//
// The debug sections of a SIMT object, with their relocations applied, for
// LLVM's DWARF reader (whose relocation resolver does not know this
// machine). In a relocatable object every function's code is its own
// section (.text.NAME) starting at offset 0, so a code address is kept as
// (the section's ELF index << 32) | offset: lookups keep sections apart,
// and address() / sectionOf() convert. A relocation against anything else
// (another debug section) is its plain value.
//
// Read by the line tables (SourceLines.h) and the debugger's variables
// (dbg/Variables.h), over what simt-cc -g writes (cc/emit/DebugInfo.h).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>

namespace llvm {
class DWARFContext;
class MemoryBuffer;
} // namespace llvm

namespace simt::rt {

class ObjectDwarf {
public:
  ObjectDwarf();
  ObjectDwarf(ObjectDwarf &&);
  ObjectDwarf &operator=(ObjectDwarf &&);
  ~ObjectDwarf();

  /// Reads the ELF object in `bytes`; errors begin with `name`.
  static llvm::Expected<ObjectDwarf> read(llvm::StringRef bytes, llvm::StringRef name);

  /// A debug section's relocated bytes by name (".debug_line"), or "".
  llvm::StringRef section(llvm::StringRef name) const;
  /// LLVM's reader over the relocated sections (created on first use).
  llvm::DWARFContext &context() const;

  /// The address of `offset` in code section `section` (".text.k"), or
  /// nullopt when the object has no such section.
  std::optional<uint64_t> address(llvm::StringRef section, uint64_t offset) const;
  /// The code section and offset an address names.
  std::optional<std::pair<std::string, uint64_t>> sectionOf(uint64_t address) const;

  static constexpr unsigned kSectionShift = 32;

private:
  std::map<uint64_t, std::string> sectionNames_; // ELF index -> name
  llvm::StringMap<std::unique_ptr<llvm::MemoryBuffer>> sections_; // "debug_info" -> bytes
  mutable std::unique_ptr<llvm::DWARFContext> context_;
};

} // namespace simt::rt
