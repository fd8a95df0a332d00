//===-- Variables.h - C variables of the code at a pc (simt-dbg) ----------===//
//
// The DWARF that simt-cc -g writes (cc/emit/DebugInfo.h), read with LLVM's
// DWARF library once per object (runtime/ObjectDwarf.h relocates it): at a pc,
// the function, the lexical blocks and inlined calls around it, the
// variables and parameters visible there, and where each one is for a
// lane at that pc (a local-window slot from the frame base, registers, a
// shared or constant or global address). A variable without a location
// there is <optimized out>, as in gdb. Numbering and address classes:
// isa/SIMTDwarf.h.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "dbg/CValues.h"
#include "runtime/SourceLines.h"

#include "llvm/DebugInfo/DWARF/DWARFDie.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace simt::rt {
struct LoadedKernel;
}

namespace simt::dbg {

struct ObjectVariables;

/// What is visible at one pc.
struct VarScope {
  ObjectVariables *object = nullptr;
  llvm::DWARFDie unit;                // the compile unit
  llvm::DWARFDie function;            // the concrete subprogram (null: none there)
  std::vector<llvm::DWARFDie> blocks; // innermost first, the function last
  uint64_t address = 0;               // the pc as the DWARF names it
};

struct Variable {
  llvm::DWARFDie die;
  std::string name;
  bool isParam = false;
  bool isGlobal = false; // at the unit's scope
};

/// The scopes at `pc` of kernel k's image; nullopt when k's object has
/// no variables (not compiled with -g, or -gline-tables-only).
std::optional<VarScope> varScopeAt(const rt::LoadedKernel &k, uint64_t pc);
/// The scopes at the focused warp's pc; throws CommandError when there
/// are none, saying why.
VarScope varScopeOf(const EvalScope &sc);

/// The name of the function at the scope (its short name: "digit_sum"),
/// or "" when there is none.
std::string functionName(const VarScope &s);

/// `info locals`: the variables of each block, innermost first.
std::vector<Variable> localsAt(const VarScope &s);
/// `info args`: the function's parameters.
std::vector<Variable> argsAt(const VarScope &s);
/// The variable `name` names at the scope: a local (innermost first), a
/// parameter, a variable of the unit, then one of another unit of the
/// object (external first).
std::optional<Variable> findVariable(const VarScope &s, std::string_view name);

/// The element type's name of `extern __shared__ T name[];` (the launch's
/// dynamic shared memory) as the scope's function or its file declares
/// it, a template parameter of the function replaced by its argument
/// ("float"); nullopt if none does. clang writes no DWARF for such an
/// extern array, so the declaration is read from the source.
std::optional<std::string> externSharedType(const VarScope &s, std::string_view name);

/// Where `break FUNCTION` stops, as gdb: when `entry` starts a function
/// whose first lines are its declaration's (at -O0, where the prologue
/// stores the parameters in their frame slots), the first instruction of
/// another line; else `entry`.
uint64_t afterPrologue(const rt::LoadedKernel &k, uint64_t entry);

/// gdb's stop in the caller of an inlined call that begins at `pc`
/// (skip_inline_frames): where `pc` is the first instruction of inlined
/// calls (a `__forceinline__` function clang -O0 inlines, as CUB's and
/// cooperative groups' are), from the innermost outward, the call site of
/// the outermost of them (DW_AT_call_file, DW_AT_call_line), which gdb
/// shows for the frame; nullopt where no inlined call begins at `pc`.
/// `break KERNEL` whose first line after the prologue is such a call stops
/// at that line of the kernel, not in the header.
std::optional<rt::SourcePos> inlinedCallSiteAt(const rt::LoadedKernel &k, uint64_t pc);

TypeRef typeOf(const VarScope &s, const Variable &v);
/// The type the scope's function returns; null when it returns void (or
/// there is no function).
TypeRef returnTypeOf(const VarScope &s);
/// The type named `name` in the unit ("Pair", "struct Pair", "float"),
/// else in another unit of the object, or null.
TypeRef findType(const VarScope &s, std::string_view name);
/// v in lane `lane` at the scope's pc (optimizedOut where it has no
/// location there).
CValue valueOf(const VarScope &s, const Variable &v, const EvalScope &sc, unsigned lane);

} // namespace simt::dbg
