//===-- Assembler.h - Assembling SIMT source with LLVM MC -----------------===//
//
// Assembling: the MC asm parser in front of an SIMTMCOutput (the MC layer
// set up to write SIMT code, which a compiler uses without the parser).
// simt-as, the benchmarks and the tests call assemble(). Diagnostics go to
// the given stream as `file:line:col: error: message`, the line and a caret.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace llvm {
class raw_ostream;
class raw_pwrite_stream;
} // namespace llvm

namespace simt::as {

enum class OutputKind { Object, Text };

struct AssembleOptions {
  std::string FileName = "<stdin>";
  std::vector<std::string> IncludeDirs;
  std::vector<std::pair<std::string, long long>> Defines;
  bool Listing = false;     // force listing mode
  bool ShowEncoding = false; // Text output: `// encoding: [...]`
  OutputKind Kind = OutputKind::Object;
};

/// Assembles `Source`; writes an ELF object (or text) to `Out`. Returns the
/// number of errors (0 on success).
unsigned assemble(const std::string &Source, const AssembleOptions &Opts,
                  llvm::raw_pwrite_stream &Out, llvm::raw_ostream &Diag);

/// The bytes of every code section of an object, in section order.
bool extractCode(const std::string &Object, std::string &Code, std::string &Err);

} // namespace simt::as
