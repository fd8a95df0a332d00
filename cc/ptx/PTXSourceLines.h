//===-- PTXSourceLines.h - The .cu lines of clang's PTX ---------*- C++ -*-===//
//
// simt-cc translates PTX that clang wrote into a temporary file the user
// never sees, so an error at a PTX line must name the source line instead.
// clang is always asked for line directives (-gline-directives-only) and
// this map reads them from the PTX text: an instruction's position is the
// last `.loc` before it in its function; a function header's is the
// function's first `.loc`. Module-scope declarations (__device__,
// __constant__, __shared__ variables) have no `.loc`, and the line tables
// clang writes without -G carry no declarations, so those are found by
// their demangled name in the main source file, on a line that also has the
// state space's CUDA qualifier: a search that needs no DWARF and, failing
// to find a line, leaves the error at the PTX line rather than guessing.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace simt::cc {

/// A position in a source file; Col 0 when the line is all that is known.
struct SourcePosition {
  std::string File;
  unsigned Line = 0, Col = 0;
};

class PTXSourceLines {
public:
  /// PTX is clang's text (with its `.loc` and `.file` directives);
  /// MainFile the .cu file as the user named it, which errors show for the
  /// `.file` that is the same file.
  PTXSourceLines(llvm::StringRef PTX, llvm::StringRef MainFile);
  PTXSourceLines(const PTXSourceLines &) = delete; // Lines point into Text
  PTXSourceLines &operator=(const PTXSourceLines &) = delete;

  /// The source position of PTX line Line (1-based), if one is known.
  std::optional<SourcePosition> lookup(unsigned Line) const;
  /// The text of PTX line Line, without indentation or comment.
  llvm::StringRef ptxLine(unsigned Line) const;
  /// Line Line (1-based) of File, if it can be read ("" if not).
  llvm::StringRef sourceLine(const SourcePosition &P) const;

private:
  /// A `.loc FILE LINE COL` (the `.file` table comes after the code).
  struct Loc {
    unsigned File = 0, Line = 0, Col = 0;
  };
  struct LineInfo {
    std::optional<Loc> Last; // the last `.loc` before the line in its function
    int Function = -1;       // index into Functions; -1 at module scope
  };
  struct FunctionInfo {
    unsigned HeaderLine = 0; // 0-based
    std::optional<Loc> First;
  };
  std::string Text, MainFile;
  llvm::SmallVector<llvm::StringRef, 0> Lines; // into Text
  std::vector<LineInfo> Info;
  std::vector<FunctionInfo> Functions;
  std::vector<std::pair<unsigned, std::string>> Files; // .file index, path
  /// The source files read so far, by path, as lines.
  mutable std::vector<std::pair<std::string, std::vector<std::string>>> Sources;

  void scan();
  SourcePosition position(const Loc &L) const;
  const std::vector<std::string> *sourceLines(llvm::StringRef File) const;
  std::optional<SourcePosition> declaration(unsigned Line) const;
  std::optional<SourcePosition> functionHeader(const FunctionInfo &F) const;
};

/// clang's PTX without what -gline-directives-only added to it (`.loc`,
/// `.file`, the debug labels and sections), each such line left empty so
/// that the other lines keep their numbers: the text simt-cc translates
/// when the user asked for no line information, which then writes the
/// object it wrote before clang was asked for the directives.
std::string withoutLineDirectives(llvm::StringRef PTX);

} // namespace simt::cc
