//===-- ObjectDump.h - simt-objdump's object printing ---------------------===//
//
// `simt-objdump -d` and `--kernels` on an object: the object is read and
// checked by the runtime's loader (runtime/ObjectFile.h), so that
// simt-objdump accepts exactly what the emulator accepts, and printed from
// what the loader returns.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "asm/Disassembly.h"

#include <string>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace simt::rt {
struct ObjectContents;
} // namespace simt::rt

namespace simt::as {

/// Prints every code section of a checked object as re-assemblable text.
void dumpObject(const rt::ObjectContents &Obj, const DumpOptions &Opts, llvm::raw_ostream &OS);

class RegisterMap;

/// Prints where each function's PTX registers live (`.simt.regmap`, from
/// simt-ptxas with debug positions): one line per register and range.
void dumpRegisterMap(const RegisterMap &Map, llvm::raw_ostream &OS);

/// Prints the kernel metadata table with occupancy for `BlockSize` threads,
/// kernels named demangled when `Demangle` (runtime/KernelNames.h).
void dumpKernels(const rt::ObjectContents &Obj, unsigned BlockSize, bool Demangle,
                 llvm::raw_ostream &OS);

} // namespace simt::as
