//===-- ExprNode.h - The syntax tree of debugger expressions (internal) ---===//
//
// Shared by the parser (ExprParse.cpp) and the evaluator (ExprEval.cpp) of
// Expr.h; nothing else includes it.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "dbg/CommandTable.h"
#include "dbg/Expr.h"

#include <memory>
#include <string>

namespace simt::dbg {

namespace expr {

enum class Kind : uint8_t {
  Num, Reg, Pred, CC, CCFlag, Special, LaneSel, Unary, Binary, Cast, Deref, Const, Ident, Index,
  PTXReg, // %r5: through the object's PTX register map (PTXRegisters.h)
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
  SpaceRef space;            // Deref
  std::string name;          // Ident / Index / PTXReg (with its %)
  std::shared_ptr<const Node> a, b;
  bool perLane = false;
  unsigned width = 64;
  bool isFloat = false;
  bool hex = false;
};

using NodeP = std::shared_ptr<const Expr::Node>;
} // namespace simt::dbg
