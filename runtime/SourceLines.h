//===-- SourceLines.h - An object's DWARF line table by code section ------===//
//
// The `.debug_line` that the MC layer writes for `.file`/`.loc` (simt-cc -g,
// or hand-written assembly), read with LLVM's DWARF library for the tools
// that show source positions: the loader keeps each object's table with its
// kernels (LoadedKernel::lines) for fault reports (runtime/SourceBacktrace.h)
// and simt-dbg; simt-objdump -l reads it itself. In a relocatable
// object the rows' addresses are R_SIMT_ABS64 relocations against the code
// sections (.text.NAME); LLVM's relocation resolver does not know this
// machine, so the reader applies them itself, keeping each address's section:
// positions are (ELF section name, byte offset in the section), which the
// debugger maps to load-image addresses (a device function's section sits at
// a different place in each kernel's image).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace simt::rt {

struct SourcePos {
  std::string file; ///< as the line table names it (directory joined)
  unsigned line = 0, column = 0;
};

/// Code of the line table: a section and a byte range in it.
struct CodeRange {
  std::string section; ///< ".text.NAME"
  uint64_t begin = 0, end = 0;
};

class SourceLines {
public:
  SourceLines();
  SourceLines(SourceLines &&);
  SourceLines &operator=(SourceLines &&);
  ~SourceLines();

  /// Reads the line table of the ELF object in `bytes`; an object without
  /// `.debug_line` gives an empty table. Errors begin with `name`.
  static llvm::Expected<SourceLines> read(llvm::StringRef bytes, llvm::StringRef name);

  bool empty() const;
  /// The row that covers `offset` in `section`.
  std::optional<SourcePos> at(llvm::StringRef section, uint64_t offset) const;
  /// The code of line `line` of `file` (a path from files()): each run of
  /// rows on that line, in table order.
  std::vector<CodeRange> rangesOf(llvm::StringRef file, unsigned line) const;
  /// The lines of `file` that have code, ascending.
  std::vector<unsigned> linesOf(llvm::StringRef file) const;
  /// Every source file with rows, in first-seen order.
  const std::vector<std::string> &files() const;
  /// The file `name` names: a path of files(), or one that ends in
  /// `/name`; "" when none (or when it is ambiguous).
  std::string findFile(llvm::StringRef name) const;

private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

/// The lines of source file `path` (read once, then cached), or null when
/// it cannot be read. Thread-safe (faults of concurrent sessions).
const std::vector<std::string> *sourceFileLines(const std::string &path);

} // namespace simt::rt
