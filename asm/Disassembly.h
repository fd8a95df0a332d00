//===-- Disassembly.h - Instruction words back to text --------------------===//
//
// simt-objdump's core, shared with the debugger: decode a word with the MC
// disassembler and print it with the MC printer, and print runs of words as
// re-assemblable text (labels at branch targets). ObjectDump.h prints whole
// objects.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <string_view>

namespace llvm {
class MCInst;
class raw_ostream;
} // namespace llvm

namespace simt::as {

/// Decodes and prints single instruction words.
class Disassembler {
public:
  Disassembler();
  ~Disassembler();
  /// Text of the instruction at kernel address `Addr`; false (and a
  /// `.quad` text) for an undefined encoding.
  bool print(uint64_t Word, uint64_t Addr, std::string &Text,
             const std::function<std::string(uint64_t)> &Labels = nullptr) const;
  /// If the word is a branch with a target, its kernel address.
  bool branchTarget(uint64_t Word, uint64_t Addr, uint64_t &Target) const;
  /// The MC instruction of a word (the emulator's decoder builds on it);
  /// false for an undefined encoding.
  bool decode(uint64_t Word, uint64_t Addr, llvm::MCInst &MI) const;

private:
  struct Impl;
  std::unique_ptr<Impl> P;
};

class SourceLines;

struct DumpOptions {
  bool ShowRawInsn = true;
  bool ShowAddresses = true;
  /// Set: a symbol's label gets a `// demangled name` comment where this
  /// returns something else than the name (simt-objdump's -C, the default).
  std::string (*Demangle)(std::string_view Name) = nullptr;
  /// Set (simt-objdump -l): a `// FILE:LINE` comment where the line changes;
  /// with ShowSource (--source) also the line's text.
  const SourceLines *Lines = nullptr;
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
