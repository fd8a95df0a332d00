//===-- DebugInfo.h - clang's DWARF carried to this ISA's code --*- C++ -*-===//
//
// With -g, clang writes DWARF into the PTX (PTXDwarf.h): types, functions,
// lexical blocks and variables, whose ranges are PTX labels and whose
// locations name PTX storage (`DW_OP_addr __local_depot0,
// DW_OP_plus_uconst 24`: a slot of the function's -O0 frame; a `.shared`
// array; a module variable). This builds the object's own DWARF from
// it (DwarfWriter.h), a unit for each of clang's (the PTX of simt-nvcc
// -rdc's device link has one per .cu file): every DIE copied (a reference
// into another unit too), each range made the instructions
// that came from the PTX between its labels (FunctionCode.h), each
// variable's location made where the value is in this ISA (numbering and
// address classes in isa/SIMTDwarf.h): a frame slot is DW_OP_fbreg from
// the function's frame base in the local window (R1 where the function
// has a frame), a shared variable its offset in the shared window (per
// kernel, for a module's variable used by several), a `__constant__` one
// its bank and offset, a `__device__` one its offset in the object's
// global-variable block. A variable whose location is anything else has
// none (the debugger says <optimized out>, never a wrong value).
//
// A kernel parameter without a location is one clang reads where it was
// passed: at -O0 an aggregate the kernel only reads. With Unoptimised (the
// PTX is clang's -O0 code, simt-cc -O0), it is given its place in constant
// bank 0; optimised code may have changed the value, so it has none.
//
// Pointers kept in frame slots have no space in their C type (generic),
// and this ISA holds a shared or local pointer as a window offset: the
// addrspace pass's provenance (Function::DepotPointers) goes with the
// variable as DW_AT_SIMT_pointer_spaces (isa/SIMTDwarf.h).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "cc/emit/Emit.h"
#include "cc/emit/FunctionCode.h"

#include "llvm/ADT/DenseMap.h"

#include <memory>

namespace llvm {
class MCContext;
class MCStreamer;
} // namespace llvm

namespace simt::cc {

class DebugInfo {
public:
  /// Null when the module has no `.debug_info` or nothing to describe.
  /// FileNumbers maps the PTX's `.file` numbers to the line table's.
  static std::unique_ptr<DebugInfo> create(llvm::ArrayRef<CompiledKernel> Functions,
                                           const llvm::DenseMap<unsigned, unsigned> &FileNumbers,
                                           bool Unoptimised, llvm::MCContext &Ctx);
  ~DebugInfo();

  /// The code of MF, whose labels its emission defines (null: none).
  const FunctionCode *codeOf(const MFunction &MF) const;
  /// After all the code: the debug sections.
  void emit(llvm::MCStreamer &S, bool Text);

  struct Impl;

private:
  explicit DebugInfo(std::unique_ptr<Impl> P);
  std::unique_ptr<Impl> P;
};

} // namespace simt::cc
