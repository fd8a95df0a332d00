//===-- SourceNames.h - Source files named as they were compiled ----------===//
//
// gdb names a source file as its compile unit recorded it, not by its base
// name: `simt-nvcc -G src/walk.cu` stops "at src/walk.cu:12", and a file
// compiled by absolute path shows that path, as cuda-gdb's stops and
// `info cuda threads` do. Line tables give the tools absolute paths
// (SourceLines.h, LLDB's line entries); the compile units' DW_AT_name and
// DW_AT_comp_dir say how each was compiled. Every object whose DWARF a
// tool reads notes its units here, and compiledName() turns an absolute
// path back into the name gdb would show.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <string>
#include <vector>

namespace llvm {
class DWARFContext;
} // namespace llvm

namespace simt::rt {

/// Notes how the compile units of `dwarf` were compiled, or, when it has
/// none (line tables alone: `-lineinfo`, hand-written `.file`), that its
/// `files` go by their base names. Thread-safe.
void noteCompileUnits(llvm::DWARFContext &dwarf, const std::vector<std::string> &files = {});
/// The same for the DWARF of the ELF file at `path` (a host executable or
/// shared library); an unreadable file is skipped.
void noteCompileUnitsOf(const std::string &path);

/// `path` (absolute, as a line table joins it) as gdb names it: relative
/// to the compilation directory when a unit was compiled by a relative
/// name and `path` lies beside or below that unit's source file; its base
/// name when only a line table names it; otherwise `path` itself.
std::string compiledName(const std::string &path);

} // namespace simt::rt
