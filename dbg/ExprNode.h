//===-- ExprNode.h - The syntax tree of debugger expressions (internal) ---===//
//
// Shared by the parser (ExprParse.cpp) and the evaluator (ExprEval.cpp) of
// Expr.h; nothing else includes it.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "dbg/CValues.h"
#include "dbg/CommandTable.h"
#include "dbg/Expr.h"

#include <memory>
#include <string>

namespace simt::dbg {

namespace expr {

enum class Kind : uint8_t {
  Num, Reg, Pred, CC, CCFlag, Special, LaneSel, Unary, Binary, Cast, Deref, Const, Ident, Index,
  PTXReg, // %r5: through the object's PTX register map (PTXRegisters.h)
  // C's operators on typed values (ExprTyped.cpp):
  Member,    // a.name, a->name (op "->")
  Subscript, // a[b] of an array or pointer value
  AddrOf,    // &a
  Repeat,    // a@b: b objects from a's address on
  SizeOf,    // sizeof(TYPE) (name), sizeof EXPR (a), sizeof(NAME) (both: a type or a variable)
  Cond,      // a ? b : c
};

enum class Sp : uint8_t {
  Lane, Tid, TidX, TidY, TidZ, NtidX, NtidY, NtidZ, CtaidX, CtaidY, CtaidZ, NctaidX, NctaidY,
  NctaidZ, Warp, Sm, Pc, Active, Exited, Launched, Clock, Grid, IsActive,
};

inline bool spPerLane(Sp s) {
  return s == Sp::Lane || s == Sp::Tid || s == Sp::TidX || s == Sp::TidY || s == Sp::TidZ ||
         s == Sp::IsActive;
}

[[noreturn]] inline void fail(const std::string &m) { throw CommandError(m); }

} // namespace expr

struct Expr::Node {
  expr::Kind kind = expr::Kind::Num;
  Scalar num;
  unsigned idx = 0;          // Reg/Pred/CCFlag index, Special kind, op char(s)
  std::string op;            // Unary / Binary operator
  rt::ElemType type = rt::ElemType::U32; // Cast / Deref
  bool explicitType = false; // Deref: *(TYPE)ADDR, not C's *p
  /// Cast: C's conversion of the value to the C type `name` ((float)i),
  /// where (f32)R2 reinterprets a register's bits.
  bool convert = false;
  SpaceRef space;            // Deref
  std::string name;          // Ident / Index / PTXReg (with its %)
  std::shared_ptr<const Node> a, b, c; // c: Cond's third operand
  bool perLane = false;
  unsigned width = 64;
  bool isFloat = false;
  bool hex = false;
};

using NodeP = std::shared_ptr<const Expr::Node>;

namespace expr {
/// The scalar evaluation (ExprEval.cpp) the C side builds on.
Scalar evalScalar(const Expr::Node &n, const EvalScope &sc, unsigned lane);
Scalar binaryOp(const std::string &op, Scalar a, Scalar b);
uint32_t specialValue(const EvalScope &sc, Sp k, unsigned lane);
/// A whole-number index (`a[2.5]` is an error).
int64_t wholeIndex(const Expr::Node &e, const EvalScope &sc, unsigned lane, const char *what);

/// The typed side (ExprTyped.cpp): whether n is C (a C name in scope, or
/// C's operators), its value in a lane, and an identifier's C value when
/// it names a variable, a parameter or a CUDA built-in variable.
bool isC(const Expr::Node &n, const EvalScope &sc);
CValue evalC(const Expr::Node &n, const EvalScope &sc, unsigned lane);
std::optional<CValue> cName(const std::string &name, const EvalScope &sc, unsigned lane);
/// C's sizeof: of the type `n.name` names in scope, else of the operand `n.a`
/// (a C value's type, a register's 4 bytes).
uint64_t sizeOfOperand(const Expr::Node &n, const EvalScope &sc, unsigned lane);
/// `set var` of a C lvalue: v as its type, into its memory or registers.
void assignC(const Expr::Node &n, const EvalScope &sc, unsigned lane, Scalar v);
/// `watch` of a C lvalue: a scalar in memory, as the element type of its
/// size; nullopt for anything else.
std::optional<Expr::MemoryTarget> cMemoryTarget(const Expr::Node &n, const EvalScope &sc,
                                                unsigned lane);
} // namespace expr
} // namespace simt::dbg
