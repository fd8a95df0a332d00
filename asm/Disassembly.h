//===-- Disassembly.h - Instruction words back to text --------------------===//
//
// simt-objdump's core: runs of instruction words as re-assemblable text
// (labels at branch targets, relocated words by their targets, source line
// comments), each word printed by isa/'s SIMTWordDisassembler.
// ObjectDump.h prints whole objects.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace simt::rt {
class SourceLines;
} // namespace simt::rt

namespace simt::as {

struct DumpOptions {
  bool ShowRawInsn = true;
  bool ShowAddresses = true;
  /// Set: a symbol's label gets a `// demangled name` comment where this
  /// returns something else than the name (simt-objdump's -C, the default).
  std::string (*Demangle)(std::string_view Name) = nullptr;
  /// Set (simt-objdump -l): a `// FILE:LINE` comment where the line changes;
  /// with ShowSource (--source) also the line's text.
  const rt::SourceLines *Lines = nullptr;
  bool ShowSource = false;
};

/// Prints instruction words as re-assemblable lines at addresses from `Base`:
/// labels at branch targets (named by `Symbols`, else `.L<Section>_<addr>`),
/// a relocated word's target named by `Relocs` (by offset), and a word using
/// registers beyond `Regs` (when >= 0) as the `.quad` it must have been
/// written as. Bytes after the last whole word print as `.byte`.
void printWords(std::string_view Code, uint64_t Base, const DumpOptions &Opts,
                const std::map<uint64_t, std::string> &Relocs,
                const std::map<uint64_t, std::string> &Symbols, llvm::raw_ostream &OS,
                long Regs = -1, std::string_view Section = "");

/// Prints raw instruction words (a flat binary) as one anonymous section.
void dumpBinary(const std::string &Bytes, const DumpOptions &Opts,
                llvm::raw_ostream &OS);

} // namespace simt::as
