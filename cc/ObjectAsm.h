//===-- ObjectAsm.h - A host object as GNU assembler text in C++ ----------===//
//
// simt-nvcc -cuda writes each .cu file as a C++ file that any host compiler
// (g++, clang++) turns into the object `simt-nvcc -c` makes. The object is
// built as for -c, then written back as assembler text: each section's
// bytes, its symbols and its relocations (`.reloc`), so the host compiler's
// assembler rebuilds it without reading clang's own assembly, whose debug
// directives (`.file 0 ... md5`, `.loc`) would clash with those the host
// compiler writes for the same file under -g. That text is one file-scope
// `__asm__` statement of ordinary string literals (valid C and C++ in any
// standard).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/StringRef.h"

#include <string>

namespace simt::cc {

/// GNU as (binutils 2.40 on) text that assembles to the relocatable x86-64
/// ELF object `object`: the same sections (with their groups), bytes,
/// symbols and relocations. The object's symbols keep their names; the
/// labels the text adds start with `.Lsimt_`.
/// False with `error` set for what this cannot express (another machine,
/// compressed or link-order sections).
bool objectAsAssembly(llvm::StringRef object, std::string &text, std::string &error);

/// A C++ translation unit of `header` (each line a comment) and one
/// file-scope `__asm__` statement holding `assembly`.
std::string asmTranslationUnit(llvm::StringRef header, llvm::StringRef assembly);

} // namespace simt::cc
