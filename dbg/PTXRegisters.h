//===-- PTXRegisters.h - PTX registers of the focused lane (simt-dbg) -----===//
//
// `print %r5`, `info registers`: the PTX registers of the code at the
// focused warp's pc, read through the map simt-ptxas writes into objects
// compiled with debug positions (asm/RegisterMap.h): a 32-bit register,
// a pair combined as 64 bits, a predicate, or a local-memory spill slot of
// the lane. A register the map knows but that lives nowhere at this pc is
// gdb's `<optimized out>`. Maps are read once per object file.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "asm/RegisterMap.h"
#include "dbg/Expr.h"

#include <string>
#include <vector>

namespace simt::dbg {

/// The map of the object kernel `k` was loaded from (null: none).
const as::RegisterMap *registerMapOf(const rt::LoadedKernel &k);

/// The PTX registers that have a location at image address `pc` of `k`.
std::vector<const as::PTXRegLocation *> ptxRegistersAt(const rt::LoadedKernel &k, uint64_t pc);

/// The location of PTX register `name` (with its `%`) at the focused warp's
/// pc; null when the function has it but not here (`<optimized out>`).
/// Throws CommandError: no warp, no map, or no such register in this
/// function.
const as::PTXRegLocation *findPTXRegister(const EvalScope &sc, const std::string &name);
/// The same, throwing `%r5 = <optimized out> (not live at k+0x48)` for null.
const as::PTXRegLocation &ptxRegisterHere(const EvalScope &sc, const std::string &name);

/// The raw bits of `loc` in `lane` (a pair as 64 bits, a predicate 0/1);
/// throws CommandError when a spill slot cannot be read.
uint64_t readPTXBits(const EvalScope &sc, unsigned lane, const as::PTXRegLocation &loc);

/// Those bits as the register's PTX type: signed types sign-extended,
/// f16/f32/f64 as floats, others unsigned.
Scalar ptxScalar(const as::PTXRegLocation &loc, uint64_t bits);

/// `0x0000002a  42` (hex of the register's width, then its value as its
/// type: signed, unsigned or float; a predicate's 0 or 1).
std::string ptxValueText(const as::PTXRegLocation &loc, uint64_t bits);

/// The PTX register names of the function at the focused pc (completion).
std::vector<std::string> ptxRegisterNames(const EvalScope &sc);

} // namespace simt::dbg
