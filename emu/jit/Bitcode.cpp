//===-- Bitcode.cpp - The semantics' bitcode, built into the library ------===//
//
// The bytes are included by the assembler (.incbin), so the library needs
// no file at run time; CMake rebuilds this object when the bitcode changes
// (OBJECT_DEPENDS).
//
//===----------------------------------------------------------------------===//
#include "emu/jit/Bitcode.h"

#ifndef SIMT_JIT_BITCODE
#error "SIMT_JIT_BITCODE must name the semantics' bitcode file"
#endif

asm(".section .rodata\n"
    ".p2align 4\n"
    ".globl simt_jit_bitcode_begin\n.hidden simt_jit_bitcode_begin\n"
    ".globl simt_jit_bitcode_end\n.hidden simt_jit_bitcode_end\n"
    "simt_jit_bitcode_begin:\n"
    ".incbin \"" SIMT_JIT_BITCODE "\"\n"
    "simt_jit_bitcode_end:\n"
    ".previous\n");

extern "C" __attribute__((visibility("hidden"))) const char simt_jit_bitcode_begin[],
    simt_jit_bitcode_end[];

namespace simt::emu::jit {

llvm::StringRef semanticsBitcode() {
  return llvm::StringRef(simt_jit_bitcode_begin,
                         static_cast<size_t>(simt_jit_bitcode_end - simt_jit_bitcode_begin));
}

} // namespace simt::emu::jit
