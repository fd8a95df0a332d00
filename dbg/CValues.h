//===-- CValues.h - C values of one lane, read and shown as gdb does ------===//
//
// A C value is a type and where its bytes are for one lane: memory (a
// space of this ISA and an address there; local memory is the lane's
// window), registers (DWARF numbers, isa/SIMTDwarf.h, a piece each), bytes
// the debugger computed, or nowhere (<optimized out>). Members, elements
// and what a pointer points to are values of the same kind, so `s.a[2]`,
// `p->next->v` and `*p@8` read only the bytes they show.
//
// This ISA's pointers are not generic: a pointer into shared or local
// memory holds an offset in that window. A value carries what it knows of
// the pointers in it (a pointer type's address class, or the variable's
// DW_AT_SIMT_pointer_spaces for pointers kept in an -O0 frame); a pointer
// without either points into global memory, as PTX's generic pointers of
// no window do.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "dbg/CTypes.h"
#include "dbg/Expr.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace simt::dbg {

/// A pointer inside a value that points into a window (class and, for
/// constant memory, the bank), by its byte offset in the value.
struct PointerSpace {
  uint64_t offset = 0;
  uint16_t addressClass = 0;
  unsigned bank = 0;
};

struct CValue {
  enum Where : uint8_t { Memory, Registers, Bytes, OptimizedOut };
  TypeRef type;
  Where where = Bytes;
  SpaceRef space;     // Memory (a Local space names its lane)
  uint64_t addr = 0;  // Memory
  struct Piece {
    unsigned reg;   // DWARF register number
    unsigned bytes; // of it, from its low byte
  };
  std::vector<Piece> pieces; // Registers, low bytes first
  std::string bytes;         // Bytes
  std::vector<PointerSpace> pointers;
  unsigned lane = 0; // the lane whose registers and local window it is in
  std::string why;   // OptimizedOut: the detail `print` adds
  /// A C++ reference's referent: the reference's type and the address it
  /// holds, which gdb prints before the value (`(const Vec2 &) @0x428: `).
  TypeRef reference;
  uint64_t referenceAddress = 0;
};

CValue optimizedOut(TypeRef t, std::string why = {});
CValue memoryValue(TypeRef t, SpaceRef space, uint64_t addr, unsigned lane);
/// A scalar result as type t (an integer wraps to t's width, a float
/// rounds to it).
CValue scalarValue(TypeRef t, const Scalar &s);

/// The value of type t that a device function has just returned to lane
/// `lane`, read where the calling convention puts results
/// (isa/SIMTCallABI.h): at the call's return address, before the caller
/// has moved them.
CValue returnedValue(TypeRef t, const EvalScope &sc, unsigned lane);

/// gdb's braces around an array's element texts: `print elements` (200)
/// and `print repeats` (10) at their defaults, as gdb's valprint.c counts
/// them: a run of more than 10 equal elements is `V <repeats N times>` and
/// counts as 10 toward the 200; elements left over (or `more` than given)
/// end in "...".
std::string gdbArrayText(const std::vector<std::string> &elems, bool more);
/// A char array as gdb shows one: `"hello"` (its last NUL left out), a
/// run of more than 10 of one character as `'x' <repeats 12 times>`.
std::string gdbCharArrayText(const std::string &bytes);
/// How many elements gdbArrayText may need (200 runs of repeats).
inline constexpr uint64_t kArrayElementsRead = 2000;
/// `n` bytes at `offset` in v; throws CommandError (optimized out, memory
/// that cannot be read).
std::string readBytes(const CValue &v, const EvalScope &sc, uint64_t offset, uint64_t n);
/// A scalar value for arithmetic and conditions: integers, floats, bool,
/// enums and pointers (their address); throws CommandError for the rest.
Scalar scalarOf(const CValue &v, const EvalScope &sc);

/// Member m of struct or union value v.
CValue memberOf(const CValue &v, const CType::Member &m);
/// Element i of array value v (the element type's size apart).
CValue elementOf(const CValue &v, uint64_t i);
/// `ptr[index]`, `*ptr`: the object pointer value ptr points at; throws
/// CommandError for a void pointer or one whose space is not known.
CValue pointee(const CValue &ptr, const EvalScope &sc, int64_t index = 0);
/// `&v`: a pointer to v (in memory); throws CommandError otherwise.
CValue addressOf(const CValue &v);
/// The memory `x` examines for v: where a pointer points, or where an
/// object in memory is; nullopt for other values (a number is an address).
std::optional<std::pair<SpaceRef, uint64_t>> memoryAt(const CValue &v, const EvalScope &sc);
/// Where pointer value v points: its class (isa/SIMTDwarf.h) and bank.
PointerSpace pointerSpace(const CValue &v);

/// gdb's text of v: `5`, `2.5`, `{a = 1, b = 2.5}`, `{1, 2, 3}`,
/// `(float *) 0x10000000`, `(@shared float *) 0x40`, `<optimized out>`.
/// Format letters x d u t f c apply to each scalar.
std::string formatCValue(const CValue &v, const EvalScope &sc, char format = 0);
/// A char as gdb prints one: "65 'A'", escapes and octal for the rest.
std::string charText(int64_t c);
/// As `info locals`, `info args` and frame lines print a value: a pointer
/// without its type (gdb's `(int *) 0x...` is print's alone).
std::string formatCValueBare(const CValue &v, const EvalScope &sc);

} // namespace simt::dbg
