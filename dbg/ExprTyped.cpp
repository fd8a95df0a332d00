//===-- ExprTyped.cpp - Debugger expressions over C values ----------------===//
//
// The C side of Expr (Expr.h): names of C variables (Variables.h) and of
// CUDA's built-in variables, C's `.`, `->`, `[]`, unary `*` and `&`, gdb's
// `@`, and arithmetic with C's types (the usual arithmetic conversions,
// pointer arithmetic), evaluated for one lane into typed values (CValues.h).
// A name that is no C name keeps its meaning (a buffer, a label), as do
// registers and the rest, whose values get a C type that fits them.
//
//===----------------------------------------------------------------------===//
#include "dbg/ExprNode.h"
#include "dbg/Variables.h"

#include "emu/device/Facade.h"
#include "isa/SIMTLimits.h"

namespace simt::dbg {

using namespace expr;

namespace {

/// CUDA's built-in variables for lane `lane` (cuda-gdb shows them so).
std::optional<CValue> builtin(const std::string &name, const EvalScope &sc, unsigned lane) {
  struct Vec {
    const char *name, *type;
    Sp x, y, z;
  };
  static const Vec vecs[] = {
      {"threadIdx", "uint3", Sp::TidX, Sp::TidY, Sp::TidZ},
      {"blockIdx", "uint3", Sp::CtaidX, Sp::CtaidY, Sp::CtaidZ},
      {"blockDim", "dim3", Sp::NtidX, Sp::NtidY, Sp::NtidZ},
      {"gridDim", "dim3", Sp::NctaidX, Sp::NctaidY, Sp::NctaidZ},
  };
  if (name == "warpSize")
    return scalarValue(builtinType("int"), Scalar{false, int64_t(limits::kWarpSize), 0});
  for (const Vec &v : vecs) {
    if (name != v.name)
      continue;
    if (!sc.mem.warp)
      fail("no focused warp (" + name + " is a thread's; launch a kernel and stop in it)");
    CValue out;
    out.type = cudaVectorType(v.type);
    for (Sp k : {v.x, v.y, v.z}) {
      const uint32_t w = specialValue(sc, k, lane);
      out.bytes.append(reinterpret_cast<const char *>(&w), 4);
    }
    return out;
  }
  return std::nullopt;
}

/// The C type a scalar from the rest of the language reads as.
TypeRef typeForScalar(const Expr::Node &n, const Scalar &s) {
  if (n.kind == Kind::Cast && n.convert)
    return builtinType(n.name);
  if (s.isFloat)
    return builtinType(n.width == 32 ? "float" : "double");
  if (n.kind == Kind::Num)
    return builtinType(s.i >= INT32_MIN && s.i <= INT32_MAX ? "int" : "long");
  if (n.width <= 1)
    return builtinType("bool");
  if (n.width <= 32)
    return builtinType(n.hex ? "unsigned int" : "int");
  return builtinType(n.hex ? "unsigned long" : "long");
}

/// C's usual arithmetic conversions: the type `a op b` is computed in.
TypeRef commonType(const TypeRef &a, const TypeRef &b) {
  TypeRef x = stripped(a), y = stripped(b);
  auto isDouble = [](const TypeRef &t) { return t->kind == CType::Float && t->size == 8; };
  if (isDouble(x) || isDouble(y))
    return builtinType("double");
  if (x->kind == CType::Float || y->kind == CType::Float)
    return builtinType("float");
  auto rank = [](const TypeRef &t) { return t->size < 4 ? 4 : t->size; };
  const uint64_t size = std::max(rank(x), rank(y));
  const bool isUnsigned = (rank(x) == size && !x->isSigned && x->size == size) ||
                          (rank(y) == size && !y->isSigned && y->size == size);
  if (size == 8)
    return builtinType(isUnsigned ? "unsigned long" : "long");
  return builtinType(isUnsigned ? "unsigned int" : "int");
}

bool isPointer(const CValue &v) {
  TypeRef t = stripped(v.type);
  return t && t->kind == CType::Pointer;
}

bool isArray(const CValue &v) {
  TypeRef t = stripped(v.type);
  return t && t->kind == CType::Array;
}

/// An array used as a value is a pointer to its first element.
CValue decayed(const CValue &v) {
  if (!isArray(v))
    return v;
  CValue p = addressOf(v);
  p.type = pointerTo(stripped(v.type)->target, stripped(p.type)->addressClass);
  return p; // its space (and bank) stays in p.pointers
}

/// `p + n`, `p - n`: n elements on.
CValue pointerPlus(const CValue &p, int64_t n, const EvalScope &sc) {
  TypeRef target = stripped(stripped(p.type)->target);
  const int64_t size = target && target->size ? int64_t(target->size) : 1;
  CValue out = scalarValue(p.type, Scalar{false, scalarOf(p, sc).i + n * size, 0});
  out.pointers = p.pointers;
  out.lane = p.lane;
  return out;
}

CValue binary(const Expr::Node &n, const EvalScope &sc, unsigned lane) {
  const std::string &op = n.op;
  if (op == "&&" || op == "||") { // C's short circuit
    const bool a = scalarOf(evalC(*n.a, sc, lane), sc).truthy();
    const bool r = op == "&&" ? a && scalarOf(evalC(*n.b, sc, lane), sc).truthy()
                              : a || scalarOf(evalC(*n.b, sc, lane), sc).truthy();
    return scalarValue(builtinType("bool"), Scalar{false, r, 0});
  }
  CValue a = decayed(evalC(*n.a, sc, lane)), b = decayed(evalC(*n.b, sc, lane));
  const bool pa = isPointer(a), pb = isPointer(b);
  if ((pa || pb) && (op == "+" || op == "-")) {
    if (pa && pb && op == "-") {
      TypeRef target = stripped(stripped(a.type)->target);
      const int64_t size = target && target->size ? int64_t(target->size) : 1;
      return scalarValue(builtinType("long"),
                         Scalar{false, (scalarOf(a, sc).i - scalarOf(b, sc).i) / size, 0});
    }
    if (pa && pb)
      fail("cannot add two pointers");
    if (pb && op == "-")
      fail("cannot subtract a pointer from a number");
    const CValue &p = pa ? a : b;
    const int64_t k = scalarOf(pa ? b : a, sc).asInt();
    return pointerPlus(p, op == "+" ? k : -k, sc);
  }
  const Scalar x = scalarOf(a, sc), y = scalarOf(b, sc);
  const bool compare = op == "==" || op == "!=" || op == "<" || op == "<=" || op == ">" ||
                       op == ">=";
  if (compare)
    return scalarValue(builtinType("bool"), binaryOp(op, x, y));
  const TypeRef t = pa || pb ? builtinType("unsigned long") : commonType(a.type, b.type);
  if (stripped(t)->kind == CType::Float)
    return scalarValue(t, binaryOp(op, Scalar{true, 0, x.asDouble()},
                                   Scalar{true, 0, y.asDouble()}));
  // Integers in the common type's width and signedness (C wraps unsigned).
  auto conv = [&](Scalar s) {
    return scalarOf(scalarValue(t, Scalar{false, s.asInt(), 0}), sc);
  };
  if (op == ">>" && stripped(t)->isSigned) // arithmetic shift of a signed value
    return scalarValue(t, Scalar{false, conv(x).i >> std::min<int64_t>(conv(y).i, 63), 0});
  if ((op == "/" || op == "%") && !stripped(t)->isSigned) {
    const uint64_t u = uint64_t(conv(x).i), v = uint64_t(conv(y).i);
    if (!v)
      fail("division by zero");
    return scalarValue(t, Scalar{false, int64_t(op == "/" ? u / v : u % v), 0});
  }
  return scalarValue(t, binaryOp(op, conv(x), conv(y)));
}

CValue unary(const Expr::Node &n, const EvalScope &sc, unsigned lane) {
  CValue v = evalC(*n.a, sc, lane);
  const Scalar s = scalarOf(v, sc);
  if (n.op == "!")
    return scalarValue(builtinType("bool"), Scalar{false, !s.truthy(), 0});
  TypeRef t = commonType(v.type, builtinType("int"));
  if (n.op == "-")
    return scalarValue(t, s.isFloat ? Scalar{true, 0, -s.f} : Scalar{false, -s.i, 0});
  if (s.isFloat)
    fail("operator ~ needs an integer");
  return scalarValue(t, Scalar{false, ~s.i, 0});
}

CValue member(const CValue &base, const std::string &name, bool arrow, const EvalScope &sc) {
  CValue v = arrow ? pointee(decayed(base), sc) : base;
  TypeRef t = stripped(v.type);
  if (!t || (t->kind != CType::Struct && t->kind != CType::Union)) {
    if (arrow)
      fail("The -> operator needs a pointer to a struct or union, not " + typeName(base.type));
    fail("Attempt to extract a component of a value that is not a structure (" +
         typeName(v.type) + ")");
  }
  for (const CType::Member &m : t->members)
    if (m.name == name)
      return memberOf(v, m);
  // An anonymous struct or union member's members.
  for (const CType::Member &m : t->members)
    if (m.name.empty())
      try {
        return member(memberOf(v, m), name, false, sc);
      } catch (const CommandError &) {
      }
  fail("There is no member named " + name + ".");
}

CValue subscript(const CValue &base, int64_t i, const EvalScope &sc) {
  if (isArray(base)) {
    if (base.where != CValue::Memory) {
      const uint64_t count = stripped(base.type)->count;
      if (i < 0 || (count && uint64_t(i) >= count))
        fail("no such vector element");
      return elementOf(base, uint64_t(i));
    }
    return pointee(decayed(base), sc, i);
  }
  if (isPointer(base))
    return pointee(base, sc, i);
  fail("cannot subscript something of type `" + typeName(base.type) + "'");
}

/// A dotted name, `s.a.b` (as the lexer keeps it), from its first C name on.
std::optional<CValue> dotted(const std::string &name, const EvalScope &sc, unsigned lane) {
  size_t dot = name.find('.');
  std::optional<CValue> v = cName(name.substr(0, dot), sc, lane);
  while (v && dot != std::string::npos) {
    size_t next = name.find('.', dot + 1);
    v = member(*v, name.substr(dot + 1, next == std::string::npos ? next : next - dot - 1),
               false, sc);
    dot = next;
  }
  return v;
}

/// The type `text` names in scope ("int", "unsigned int", "Pair", "struct
/// Pair", "float *"), or null.
TypeRef namedType(std::string_view text, const EvalScope &sc) {
  size_t stars = 0;
  while (text.size() >= 2 && text.substr(text.size() - 2) == " *") {
    text.remove_suffix(2);
    ++stars;
  }
  TypeRef t;
  if (sc.kernel && sc.mem.warp)
    if (std::optional<VarScope> s = varScopeAt(*sc.kernel, sc.pc()))
      t = findType(*s, text);
  if (!t)
    t = builtinType(std::string(text));
  for (; t && stars; --stars)
    t = pointerTo(t);
  return t;
}

/// `extern __shared__ T name[]` of the scope's function or file
/// (externSharedType): the launch's dynamic shared memory as an array of
/// T, after the kernel's static shared variables at a 16-byte boundary
/// (docs/cuda.md), as many elements as the launch asked bytes for.
std::optional<CValue> externShared(const VarScope &s, const std::string &name,
                                   const EvalScope &sc, unsigned lane) {
  const emu::Grid *g = sc.mem.grid;
  std::optional<std::string> text = g ? externSharedType(s, name) : std::nullopt;
  TypeRef t = text ? namedType(*text, sc) : nullptr;
  if (!t || !t->size)
    return std::nullopt;
  const uint64_t base = (uint64_t{g->params.kernel.shared} + 15) & ~uint64_t{15};
  return memoryValue(arrayOf(t, g->params.dynamicShared / t->size),
                     SpaceRef{Space::Shared, -1}, base, lane);
}

/// Whether `*this` (a member function's) has a member `name`.
bool hasThisMember(const VarScope &s, const std::string &name) {
  const std::optional<Variable> self = findVariable(s, "this");
  TypeRef t = self && !self->isGlobal ? stripped(typeOf(s, *self)) : nullptr;
  t = t && t->kind == CType::Pointer ? stripped(t->target) : nullptr;
  if (!t)
    return false;
  for (const CType::Member &m : t->members)
    if (m.name == name)
      return true;
  return false;
}

/// In a member function, a name no variable has may be a member of
/// `*this` (gdb's implicit `this->`).
std::optional<CValue> thisMember(const VarScope &s, const std::string &name, const EvalScope &sc,
                                 unsigned lane) {
  if (!hasThisMember(s, name))
    return std::nullopt;
  try {
    return member(valueOf(s, *findVariable(s, "this"), sc, lane), name, true, sc);
  } catch (const CommandError &) {
    return std::nullopt;
  }
}

bool isCName(const std::string &name, const EvalScope &sc) {
  const std::string first = name.substr(0, name.find('.'));
  if (first == "warpSize" || first == "threadIdx" || first == "blockIdx" ||
      first == "blockDim" || first == "gridDim")
    return true;
  if (!sc.mem.warp || !sc.kernel)
    return false;
  std::optional<VarScope> s = varScopeAt(*sc.kernel, sc.pc());
  return s && (findVariable(*s, first) || (sc.mem.grid && externSharedType(*s, first)) ||
               hasThisMember(*s, first));
}

} // namespace

std::optional<CValue> expr::cName(const std::string &name, const EvalScope &sc, unsigned lane) {
  if (name.find('.') != std::string::npos)
    return isCName(name, sc) ? dotted(name, sc, lane) : std::nullopt;
  std::optional<VarScope> s;
  if (sc.mem.warp && sc.kernel)
    s = varScopeAt(*sc.kernel, sc.pc());
  std::optional<Variable> v = s ? findVariable(*s, name) : std::nullopt;
  // A local or a parameter hides a built-in; the built-ins hide the
  // unit's own empty `threadIdx` objects (clang's header declares them).
  if (v && !v->isGlobal)
    return valueOf(*s, *v, sc, lane);
  if (std::optional<CValue> b = builtin(name, sc, lane))
    return b;
  // C++'s (and gdb's) lookup: a member of *this hides a namespace-scope
  // variable of the same name; only a block's own variables hide it.
  if (std::optional<CValue> m = s ? thisMember(*s, name, sc, lane) : std::nullopt)
    return m;
  if (v)
    return valueOf(*s, *v, sc, lane);
  return s ? externShared(*s, name, sc, lane) : std::nullopt;
}


uint64_t expr::sizeOfOperand(const Expr::Node &n, const EvalScope &sc, unsigned lane) {
  if (!n.name.empty())
    if (TypeRef t = namedType(n.name, sc))
      return t->size;
  if (!n.a)
    fail("No symbol \"" + n.name + "\" in current context.");
  if (isC(*n.a, sc))
    return evalC(*n.a, sc, lane).type->size;
  (void)evalScalar(*n.a, sc, lane); // a name nothing has says so
  return (n.a->width + 7) / 8;      // a register's 4 bytes, a predicate's 1
}

bool expr::isC(const Expr::Node &n, const EvalScope &sc) {
  switch (n.kind) {
  case Kind::SizeOf:
    return true; // C's unsigned long, whatever its operand
  case Kind::Member: case Kind::Subscript: case Kind::AddrOf: case Kind::Repeat:
    return true;
  case Kind::Ident: case Kind::Index:
    return isCName(n.name, sc) || (n.a && isC(*n.a, sc));
  case Kind::LaneSel:
    return isC(*n.b, sc);
  case Kind::Cast:
    return n.convert || isC(*n.a, sc); // (unsigned)-1 is C's, (u32)R2 a register view
  default:
    return (n.a && isC(*n.a, sc)) || (n.b && isC(*n.b, sc)) || (n.c && isC(*n.c, sc));
  }
}

CValue expr::evalC(const Expr::Node &n, const EvalScope &sc, unsigned lane) {
  switch (n.kind) {
  case Kind::SizeOf: {
    Scalar size;
    size.i = int64_t(sizeOfOperand(n, sc, lane));
    return scalarValue(builtinType("unsigned long"), size);
  }
  case Kind::Ident:
    if (std::optional<CValue> v = cName(n.name, sc, lane))
      return *v;
    break;
  case Kind::Index:
    if (isCName(n.name, sc))
      return subscript(*cName(n.name, sc, lane), wholeIndex(*n.a, sc, lane, "index"), sc);
    break;
  case Kind::Subscript:
    return subscript(evalC(*n.a, sc, lane), wholeIndex(*n.b, sc, lane, "index"), sc);
  case Kind::Member:
    return member(evalC(*n.a, sc, lane), n.name, n.op == "->", sc);
  case Kind::AddrOf:
    return addressOf(evalC(*n.a, sc, lane));
  case Kind::Deref:
    if (!n.explicitType && isC(*n.a, sc))
      return pointee(decayed(evalC(*n.a, sc, lane)), sc);
    break;
  case Kind::Repeat: {
    CValue first = evalC(*n.a, sc, lane);
    if (first.where != CValue::Memory)
      fail("Only values in memory can be extended with '@'.");
    const int64_t count = wholeIndex(*n.b, sc, lane, "count");
    if (count <= 0)
      fail("Only values in memory can be extended with '@' (a count of at least 1).");
    CValue out = first;
    out.type = arrayOf(first.type, uint64_t(count));
    out.reference = nullptr;
    return out;
  }
  case Kind::Binary:
    return binary(n, sc, lane);
  case Kind::Unary:
    return unary(n, sc, lane);
  case Kind::Cond: { // the chosen operand with its own type
    const Expr::Node &chosen = evalScalar(*n.a, sc, lane).truthy() ? *n.b : *n.c;
    if (isC(chosen, sc))
      return evalC(chosen, sc, lane);
    const Scalar v = evalScalar(chosen, sc, lane);
    return scalarValue(typeForScalar(chosen, v), v);
  }
  case Kind::LaneSel: {
    const int64_t l = wholeIndex(*n.a, sc, lane, "lane");
    if (l < 0 || l > 31)
      fail("lane " + std::to_string(l) + " is out of range (0..31)");
    return evalC(*n.b, sc, unsigned(l));
  }
  default:
    break;
  }
  const Scalar s = evalScalar(n, sc, lane);
  return scalarValue(typeForScalar(n, s), s);
}

void expr::assignC(const Expr::Node &n, const EvalScope &sc, unsigned lane, Scalar v) {
  if (!isC(n, sc))
    fail("cannot assign to this expression (no C variable of that name here)");
  CValue target = evalC(n, sc, lane);
  TypeRef t = stripped(target.type);
  if (!isScalar(target.type))
    fail("cannot assign a number to a value of type " + typeName(target.type));
  if (t->kind == CType::Bool)
    v = Scalar{false, v.truthy(), 0};
  const std::string bytes = scalarValue(target.type, v).bytes;
  std::string err;
  switch (target.where) {
  case CValue::Memory:
    if (!writeMemory(sc.mem, target.space, target.addr,
                     std::span<const uint8_t>(reinterpret_cast<const uint8_t *>(bytes.data()),
                                              bytes.size()),
                     &err))
      fail(err);
    return;
  case CValue::Registers: {
    if (!sc.mem.warp)
      fail("no focused warp");
    size_t at = 0;
    for (const CValue::Piece &p : target.pieces) {
      if (p.reg >= 63 || p.bytes > 4)
        fail("cannot assign to a predicate or a partial register");
      uint32_t word = sc.mem.warp->view().reg(p.reg, target.lane);
      for (unsigned b = 0; b < p.bytes && at < bytes.size(); ++b, ++at)
        word = (word & ~(0xffu << (8 * b))) | uint32_t(uint8_t(bytes[at])) << (8 * b);
      emu::WarpEdit(*sc.mem.warp).setReg(p.reg, target.lane, word);
    }
    return;
  }
  case CValue::OptimizedOut:
    fail("cannot assign to a value that has been optimized out");
  case CValue::Bytes:
    fail("cannot assign to a value that is not in memory or registers");
  }
}

std::optional<Expr::MemoryTarget> expr::cMemoryTarget(const Expr::Node &n, const EvalScope &sc,
                                                      unsigned lane) {
  const CValue v = evalC(n, sc, lane);
  TypeRef t = stripped(v.type);
  if (v.where != CValue::Memory || !isScalar(v.type))
    return std::nullopt;
  std::optional<rt::ElemType> type;
  if (t->kind == CType::Float)
    type = t->size == 4 ? rt::ElemType::F32 : rt::ElemType::F64;
  else if (t->size == 1 || t->size == 2 || t->size == 4 || t->size == 8)
    type = rt::parseElemType((t->isSigned ? "s" : "u") + std::to_string(t->size * 8));
  if (!type)
    return std::nullopt;
  return Expr::MemoryTarget{v.space, v.addr, *type};
}

bool Expr::isC(const EvalScope &scope) const { return expr::isC(*root_, scope); }

CValue Expr::evalC(const EvalScope &scope, unsigned lane) const {
  return expr::evalC(*root_, scope, lane);
}

} // namespace simt::dbg
