//===-- FoldConstants.h - Constant-bank reads made Sb operands ------------===//
//
// Instruction selection reads a kernel parameter, a `__constant__` value or
// a runtime slot with `MOV R, c[bank][offset]`, one per ld.param/ld.const,
// and the instructions that use the value read R. The ISA's second source
// (Sb) can name `c[bank][offset]` itself, and constant banks do not change
// while a launch runs, so a register that only such MOVs write is replaced
// by the constant wherever it is read in an Sb slot; a read in the first
// source of a commutative instruction (IADD, FADD, FMUL, FFMA, FMNMX,
// IMNMX, LOP AND/OR/XOR) swaps its sources first; a MOV no instruction
// reads any more goes. `IADD.CC R0, R4, R8` with R4 = c[0x0][0x30] becomes
// `IADD.CC R0, R8, c[0x0][0x30]`, as Fermi's compiler writes it: fewer
// instructions, and fewer registers live across the kernel.
//
//===----------------------------------------------------------------------===//
#pragma once

namespace simt::cc {

struct MFunction;

/// Folds MF's constant-bank MOVs into their readers; returns how many MOVs
/// it removed.
unsigned foldConstantOperands(MFunction &MF);

} // namespace simt::cc
