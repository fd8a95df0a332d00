//===-- SIMTLimits.h - Resource limits a program can hit --------*- C++ -*-===//
//
// The limits on a kernel's resources and size, checked wherever they enter:
// the assembler (directives), the object loader (.simt.info, code sections)
// and the launch. One definition, so that the three agree; docs/limits.md
// lists them with the error each gives. Header only: the MC library, the
// runtime and the emulator all include it.
//
//===----------------------------------------------------------------------===//
#ifndef SIMT_ISA_SIMTLIMITS_H
#define SIMT_ISA_SIMTLIMITS_H

#include <cstdint>

namespace simt::limits {

/// `.regs N`: R0..R62 (RZ is index 63).
inline constexpr uint32_t kMaxRegs = 63;
/// `.shared`: an SM's shared memory (ISA.md 1).
inline constexpr uint32_t kMaxSharedBytes = 48 * 1024;
/// `.local`: bytes per thread, Fermi's limit; a CTA of 1024 threads then
/// needs at most 512 MiB of local memory.
inline constexpr uint32_t kMaxLocalBytes = 512 * 1024;
/// `.max_stack` / `max_stack=`: SIMT stack entries per warp (8 bytes each).
inline constexpr uint32_t kMaxStackDepth = 65536;
/// Constant bank 0, where parameters live from 0x20 (ISA.md 1.1).
inline constexpr uint32_t kParamBankBytes = 0x10000;
inline constexpr uint32_t kFirstParamOffset = 0x20;
/// One code section (`.kernel`/`.func`/`.text`), and one kernel's load image
/// (its code and every device function): 2 Mi instructions.
inline constexpr uint64_t kMaxCodeBytes = uint64_t(16) << 20;
/// `.p2align`/`.align`/`.balign` in the assembler: at most 4 KiB.
inline constexpr uint64_t kMaxAlignBytes = 4096;

} // namespace simt::limits

#endif // SIMT_ISA_SIMTLIMITS_H
