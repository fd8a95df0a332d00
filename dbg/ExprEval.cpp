//===-- ExprEval.cpp - Evaluating and assigning debugger expressions ------===//
#include "dbg/ExprNode.h"
#include "dbg/PTXRegisters.h"
#include "dbg/Variables.h"
#include "emu/device/Facade.h"


#include <cstring>
#include <sstream>

namespace simt::dbg {

uint32_t EvalScope::pc() const { return framePc ? *framePc : mem.warp->view().pcBytes(); }

using namespace expr;

namespace {

Scalar intS(int64_t v) { return Scalar{false, v, 0}; }

emu::WarpView needWarp(const EvalScope &sc) {
  if (!sc.mem.warp)
    fail("no focused warp (launch a kernel and stop in it, or use `focus`)");
  return sc.mem.warp->view();
}

emu::WarpEdit needWarpToChange(const EvalScope &sc) {
  needWarp(sc);
  return *sc.mem.warp;
}

const emu::Grid &needGrid(const EvalScope &sc) {
  if (!sc.mem.grid)
    fail("no focused grid");
  return *sc.mem.grid;
}

Scalar loadTyped(rt::ElemType type, const uint8_t *p) {
  rt::Value v = rt::Value::load(type, p);
  if (type == rt::ElemType::F32)
    return Scalar{true, 0, double(v.asF32())};
  if (type == rt::ElemType::F64)
    return Scalar{true, 0, v.asF64()};
  if (rt::isSignedInt(type))
    return intS(v.asSigned());
  return intS(int64_t(v.asUnsigned()));
}

rt::Value toValue(rt::ElemType type, Scalar s) {
  if (type == rt::ElemType::F32)
    return rt::Value::fromF32(float(s.asDouble()));
  if (type == rt::ElemType::F64)
    return rt::Value::fromF64(s.asDouble());
  return rt::Value::fromInt(type, s.asInt());
}

Scalar castTo(rt::ElemType type, Scalar s) {
  if (rt::isFloat(type)) {
    if (s.isFloat)
      return type == rt::ElemType::F32 ? Scalar{true, 0, double(float(s.f))} : s;
    // Reinterpret an integer's bits (registers hold raw bits).
    uint8_t bytes[8];
    uint64_t bits = uint64_t(s.i);
    std::memcpy(bytes, &bits, 8);
    return loadTyped(type, bytes);
  }
  uint8_t bytes[8];
  uint64_t bits = uint64_t(s.asInt());
  std::memcpy(bytes, &bits, 8);
  return loadTyped(type, bytes);
}

/// C's conversion of a value to `type`: (float)7 is 7.0, (int)2.5 is 2,
/// (char)300 wraps.
Scalar convertTo(rt::ElemType type, Scalar s) {
  if (rt::isFloat(type)) {
    const double d = s.isFloat ? s.f : double(s.i);
    return Scalar{true, 0, type == rt::ElemType::F32 ? double(float(d)) : d};
  }
  return castTo(type, Scalar{false, s.isFloat ? int64_t(s.f) : s.i, 0});
}

uint32_t specialLaneValue(const EvalScope &sc, Sp k, unsigned lane) {
  switch (k) {
  case Sp::Lane: return lane;
  case Sp::Grid: return needGrid(sc).id;
  default: break;
  }
  const emu::WarpView w = needWarp(sc);
  const emu::Grid &g = *w.grid();
  const uint32_t *b = g.params.block;
  const uint32_t t = w.threadIndex(lane);
  switch (k) {
  case Sp::Tid: return t;
  case Sp::TidX: return t % b[0];
  case Sp::TidY: return (t / b[0]) % b[1];
  case Sp::TidZ: return t / (b[0] * b[1]);
  case Sp::NtidX: return b[0];
  case Sp::NtidY: return b[1];
  case Sp::NtidZ: return b[2];
  case Sp::CtaidX: return w.hasCta() ? w.cta().id()[0] : 0;
  case Sp::CtaidY: return w.hasCta() ? w.cta().id()[1] : 0;
  case Sp::CtaidZ: return w.hasCta() ? w.cta().id()[2] : 0;
  case Sp::NctaidX: return g.params.grid[0];
  case Sp::NctaidY: return g.params.grid[1];
  case Sp::NctaidZ: return g.params.grid[2];
  case Sp::Warp: return w.index();
  case Sp::Sm: return w.smId();
  case Sp::Pc: return w.pcBytes();
  case Sp::Active: return w.active();
  case Sp::Exited: return w.exited();
  case Sp::Launched: return w.launched();
  case Sp::IsActive: return (w.active() >> lane) & 1;
  default: return 0;
  }
}

Scalar evalNode(const Expr::Node &n, const EvalScope &sc, unsigned lane);

/// An index (buffer element, lane, bank, offset) must be a whole number:
/// `in[3.5]` is an error, not element 3.
int64_t wholeNumber(const Expr::Node &e, const EvalScope &sc, unsigned lane, const char *what) {
  const Scalar v = evalNode(e, sc, lane);
  if (v.isFloat && (v.f != v.f || double(v.asInt()) != v.f)) {
    std::ostringstream text;
    text << v.f;
    fail(std::string(what) + " " + text.str() + " is not a whole number");
  }
  return v.asInt();
}

uint32_t checkedLane(const Expr::Node &e, const EvalScope &sc, unsigned lane) {
  int64_t l = wholeNumber(e, sc, lane, "lane");
  if (l < 0 || l > 31)
    fail("lane " + std::to_string(l) + " is out of range (0..31)");
  return uint32_t(l);
}

Scalar evalBinary(const std::string &op, Scalar a, Scalar b) {
  if (op == "&&")
    return intS(a.truthy() && b.truthy());
  if (op == "||")
    return intS(a.truthy() || b.truthy());
  const bool fl = a.isFloat || b.isFloat;
  if (op == "==" || op == "!=" || op == "<" || op == "<=" || op == ">" || op == ">=") {
    bool r;
    if (fl) {
      double x = a.asDouble(), y = b.asDouble();
      r = op == "==" ? x == y : op == "!=" ? x != y : op == "<" ? x < y : op == "<=" ? x <= y
        : op == ">" ? x > y : x >= y;
    } else {
      int64_t x = a.i, y = b.i;
      r = op == "==" ? x == y : op == "!=" ? x != y : op == "<" ? x < y : op == "<=" ? x <= y
        : op == ">" ? x > y : x >= y;
    }
    return intS(r);
  }
  if (fl && (op == "+" || op == "-" || op == "*" || op == "/")) {
    double x = a.asDouble(), y = b.asDouble();
    double r = op == "+" ? x + y : op == "-" ? x - y : op == "*" ? x * y : x / y;
    return Scalar{true, 0, r};
  }
  if (fl)
    fail("operator " + op + " needs integers");
  uint64_t x = uint64_t(a.i), y = uint64_t(b.i);
  if (op == "+") return intS(int64_t(x + y));
  if (op == "-") return intS(int64_t(x - y));
  if (op == "*") return intS(int64_t(x * y));
  if (op == "/" || op == "%") {
    if (b.i == 0)
      fail("division by zero");
    // INT64_MIN / -1 overflows (a trap on x86): it wraps as + - * do, and
    // the remainder is 0.
    if (b.i == -1)
      return intS(op == "/" ? int64_t(0 - x) : 0);
    return intS(op == "/" ? a.i / b.i : a.i % b.i);
  }
  if (op == "&") return intS(int64_t(x & y));
  if (op == "|") return intS(int64_t(x | y));
  if (op == "^") return intS(int64_t(x ^ y));
  if (op == "<<") return intS(y >= 64 ? 0 : int64_t(x << y));
  if (op == ">>") return intS(y >= 64 ? 0 : int64_t(x >> y));
  fail("unknown operator " + op);
}

uint64_t identAddress(const EvalScope &sc, const std::string &name) {
  rt::DeviceMemory *mem = sc.mem.grid ? sc.mem.session->memoryOf(*sc.mem.grid) : nullptr;
  if (!mem)
    mem = &sc.mem.session->memory();
  if (const rt::Buffer *b = mem->findBuffer(name))
    return b->addr;
  if (sc.kernel)
    if (auto a = sc.kernel->addressOf(name))
      return *a;
  for (const rt::LoadedKernel *k : sc.mem.session->kernels())
    if (auto a = k->addressOf(name))
      return *a;
  fail("No symbol \"" + name + "\" in current context."); // gdb's words
}

/// BUFFER[INDEX]: the memory of the focused grid's context (else the
/// current one), the buffer and the checked element index.
struct BufferElement {
  rt::DeviceMemory *mem;
  const rt::Buffer *buffer;
  uint64_t index;
};
BufferElement bufferElement(const Expr::Node &n, const EvalScope &sc, unsigned lane) {
  rt::DeviceMemory *mem = sc.mem.grid ? sc.mem.session->memoryOf(*sc.mem.grid) : nullptr;
  if (!mem)
    mem = &sc.mem.session->memory();
  const rt::Buffer *b = mem->findBuffer(n.name);
  if (!b)
    fail("No symbol \"" + n.name + "\" in current context.");
  const int64_t i = wholeNumber(*n.a, sc, lane, "index");
  if (i < 0 || uint64_t(i) >= b->count)
    fail("index " + std::to_string(i) + " is outside buffer '" + n.name + "' (" +
         std::to_string(b->count) + " elements)");
  return {mem, b, uint64_t(i)};
}

Scalar evalNode(const Expr::Node &n, const EvalScope &sc, unsigned lane) {
  switch (n.kind) {
  case Kind::Num:
    return n.num;
  case Kind::Reg: {
    if (n.idx == 63)
      return intS(0);
    return intS(int64_t(needWarp(sc).reg(n.idx, lane)));
  }
  case Kind::Pred:
    return intS((needWarp(sc).pred(n.idx) >> lane) & 1);
  case Kind::CC: {
    const emu::WarpView w = needWarp(sc);
    int64_t flags = 0;
    for (unsigned i = 0; i < 4; ++i)
      flags |= int64_t((w.ccFlag(i) >> lane) & 1) << i;
    return intS(flags);
  }
  case Kind::CCFlag: {
    return intS((needWarp(sc).ccFlag(n.idx) >> lane) & 1);
  }
  case Kind::Special:
    if (Sp(n.idx) == Sp::Clock)
      return intS(int64_t(needWarp(sc).smCycle()));
    return intS(int64_t(specialLaneValue(sc, Sp(n.idx), lane)));
  case Kind::LaneSel:
    return evalNode(*n.b, sc, checkedLane(*n.a, sc, lane));
  case Kind::Unary: {
    Scalar v = evalNode(*n.a, sc, lane);
    if (n.op == "!")
      return intS(!v.truthy());
    if (n.op == "-")
      return v.isFloat ? Scalar{true, 0, -v.f} : intS(int64_t(0 - uint64_t(v.i))); // wraps
    if (v.isFloat)
      fail("operator ~ needs an integer");
    return intS(~v.i);
  }
  case Kind::Binary: {
    Scalar a = evalNode(*n.a, sc, lane);
    if (n.op == "&&" && !a.truthy())
      return intS(0);
    if (n.op == "||" && a.truthy())
      return intS(1);
    return evalBinary(n.op, a, evalNode(*n.b, sc, lane));
  }
  case Kind::Cast:
    return n.convert ? convertTo(n.type, evalNode(*n.a, sc, lane))
                     : castTo(n.type, evalNode(*n.a, sc, lane));
  case Kind::Cond:
    return evalNode(evalNode(*n.a, sc, lane).truthy() ? *n.b : *n.c, sc, lane);
  case Kind::SizeOf:
    return intS(int64_t(sizeOfOperand(n, sc, lane)));
  case Kind::Deref: {
    if (!n.explicitType && isC(*n.a, sc))
      return scalarOf(evalC(n, sc, lane), sc);
    const uint64_t addr = uint64_t(evalNode(*n.a, sc, lane).asInt());
    uint8_t buf[8] = {};
    std::string err;
    MemoryView mv = sc.mem;
    SpaceRef sp = n.space;
    if (sp.space == Space::Local && sp.index < 0)
      sp.index = int(lane);
    if (!readMemory(mv, sp, addr, std::span<uint8_t>(buf, rt::sizeOf(n.type)), &err))
      fail(err);
    return loadTyped(n.type, buf);
  }
  case Kind::Const: {
    const int64_t bank = wholeNumber(*n.a, sc, lane, "bank");
    const int64_t off = wholeNumber(*n.b, sc, lane, "offset");
    if (bank < 0 || bank > 15)
      fail("constant bank " + std::to_string(bank) + " is out of range (0..15)");
    uint8_t buf[4];
    std::string err;
    if (!readMemory(sc.mem, SpaceRef{Space::Const, int(bank)}, uint64_t(off), buf, &err))
      fail(err);
    return loadTyped(rt::ElemType::U32, buf);
  }
  case Kind::Ident:
    if (std::optional<CValue> v = cName(n.name, sc, lane))
      return scalarOf(*v, sc);
    return intS(int64_t(identAddress(sc, n.name)));
  case Kind::Member: case Kind::Subscript: case Kind::AddrOf: case Kind::Repeat:
    return scalarOf(evalC(n, sc, lane), sc);
  case Kind::PTXReg: {
    const as::PTXRegLocation &loc = ptxRegisterHere(sc, n.name);
    return ptxScalar(loc, readPTXBits(sc, lane, loc));
  }
  case Kind::Index: {
    if (isC(n, sc))
      return scalarOf(evalC(n, sc, lane), sc);
    const auto [mem, b, i] = bufferElement(n, sc, lane);
    auto v = mem->readElement(*b, i);
    if (!v)
      fail(v.message());
    uint8_t buf[8] = {};
    v->store(buf);
    return loadTyped(b->type, buf);
  }
  }
  fail("cannot evaluate");
}

void assignNode(const Expr::Node &n, const EvalScope &sc, unsigned lane, Scalar v) {
  switch (n.kind) {
  case Kind::Reg:
    if (n.idx == 63)
      fail("RZ cannot be written");
    needWarpToChange(sc).setReg(n.idx, lane,
                                uint32_t(v.isFloat ? castTo(rt::ElemType::U32, v).i : v.i));
    if (v.isFloat) {
      float f = float(v.f);
      uint32_t bits;
      std::memcpy(&bits, &f, 4);
      needWarpToChange(sc).setReg(n.idx, lane, bits);
    }
    return;
  case Kind::Pred: {
    if (n.idx == 7)
      fail("PT cannot be written");
    needWarpToChange(sc).setPred(n.idx, 1u << lane, v.truthy());
    return;
  }
  case Kind::CCFlag: {
    needWarpToChange(sc).setCcFlag(n.idx, 1u << lane, v.truthy());
    return;
  }
  case Kind::CC: {
    emu::WarpEdit w = needWarpToChange(sc);
    for (unsigned i = 0; i < 4; ++i)
      w.setCcFlag(i, 1u << lane, v.i >> i & 1);
    return;
  }
  case Kind::Special: {
    emu::WarpEdit w = needWarpToChange(sc);
    if (Sp(n.idx) == Sp::Pc) {
      const int64_t pc = v.asInt();
      if (pc < 0 || pc % 8 || uint64_t(pc) / 8 >= w.view().code().size())
        fail("$pc must be an instruction address inside the kernel image");
      w.setPc(uint32_t(pc / 8));
      return;
    }
    if (Sp(n.idx) == Sp::Active) {
      w.setActive(uint32_t(v.asInt()));
      return;
    }
    fail("this convenience variable cannot be assigned");
  }
  case Kind::LaneSel:
    assignNode(*n.b, sc, checkedLane(*n.a, sc, lane), v);
    return;
  case Kind::Deref: {
    if (!n.explicitType && isC(*n.a, sc)) {
      assignC(n, sc, lane, v);
      return;
    }
    const uint64_t addr = uint64_t(evalNode(*n.a, sc, lane).asInt());
    uint8_t buf[8] = {};
    toValue(n.type, v).store(buf);
    SpaceRef sp = n.space;
    if (sp.space == Space::Local && sp.index < 0)
      sp.index = int(lane);
    std::string err;
    if (!writeMemory(sc.mem, sp, addr, std::span<const uint8_t>(buf, rt::sizeOf(n.type)), &err))
      fail(err);
    return;
  }
  case Kind::Ident: case Kind::Member: case Kind::Subscript:
    assignC(n, sc, lane, v);
    return;
  case Kind::Index: {
    if (isC(n, sc)) {
      assignC(n, sc, lane, v);
      return;
    }
    const auto [mem, b, i] = bufferElement(n, sc, lane);
    // A host write, as a script's `write`: through the session into the L2.
    uint8_t buf[8] = {};
    toValue(b->type, v).store(buf);
    const uint64_t n = rt::sizeOf(b->type);
    if (rt::Status s = sc.mem.session->writeGlobal(*mem, b->addr + i * n,
                                                   std::span<const uint8_t>(buf, n));
        !s)
      fail(s.message());
    return;
  }
  default:
    fail("cannot assign to this expression");
  }
}

} // namespace

Scalar expr::evalScalar(const Expr::Node &n, const EvalScope &sc, unsigned lane) {
  return evalNode(n, sc, lane);
}
Scalar expr::binaryOp(const std::string &op, Scalar a, Scalar b) { return evalBinary(op, a, b); }
uint32_t expr::specialValue(const EvalScope &sc, Sp k, unsigned lane) {
  return specialLaneValue(sc, k, lane);
}
int64_t expr::wholeIndex(const Expr::Node &e, const EvalScope &sc, unsigned lane,
                         const char *what) {
  return wholeNumber(e, sc, lane, what);
}

bool Expr::perLane() const { return root_->perLane; }
unsigned Expr::width() const { return root_->width; }
bool Expr::isFloat() const { return root_->isFloat; }
bool Expr::prefersHex() const { return root_->hex; }

Scalar Expr::evalLane(const EvalScope &scope, unsigned lane) const {
  return evalNode(*root_, scope, lane);
}

EvalResult Expr::eval(const EvalScope &scope, uint32_t lanes) const {
  EvalResult r;
  r.width = root_->width;
  r.isFloat = root_->isFloat;
  r.hex = root_->hex;
  // A PTX register's type is the map's, known only now (also `$lane[3].%r5`).
  const Node *ptx = root_->kind == Kind::LaneSel ? root_->b.get() : root_.get();
  if (ptx->kind == Kind::PTXReg) {
    const as::PTXRegLocation &loc = ptxRegisterHere(scope, ptx->name);
    r.width = loc.type == 'p' ? 1 : loc.bits;
    r.isFloat = loc.type == 'f';
    r.hex = loc.type == 'b';
  }
  if (!root_->perLane && !isC(scope)) {
    r.scalar = evalNode(*root_, scope, scope.mem.lane);
    r.isFloat = r.scalar.isFloat;
    return r;
  }
  r.perLane = true;
  for (unsigned l = 0; l < 32; ++l)
    if (lanes >> l & 1) {
      r.lanes[l] = evalNode(*root_, scope, l);
      r.valid |= 1u << l;
    }
  return r;
}

uint32_t Expr::truthMask(const EvalScope &scope, uint32_t lanes) const {
  if (!root_->perLane && !isC(scope))
    return evalNode(*root_, scope, scope.mem.lane).truthy() ? lanes : 0;
  uint32_t m = 0;
  for (unsigned l = 0; l < 32; ++l)
    if ((lanes >> l & 1) && evalNode(*root_, scope, l).truthy())
      m |= 1u << l;
  return m;
}

bool Expr::assignable() const {
  switch (root_->kind) {
  case Kind::Reg: case Kind::Pred: case Kind::CC: case Kind::CCFlag: case Kind::LaneSel:
  case Kind::Deref: case Kind::Index:
  case Kind::Ident: case Kind::Member: case Kind::Subscript: // C variables, when they are
    return true;
  case Kind::Special:
    return Sp(root_->idx) == Sp::Pc || Sp(root_->idx) == Sp::Active;
  default:
    return false;
  }
}

std::optional<Expr::MemoryTarget> Expr::memoryTarget(const EvalScope &scope,
                                                     unsigned lane) const {
  const Node &n = *root_;
  if (isC(scope)) // a C variable, member or element in memory, by its type
    return cMemoryTarget(n, scope, lane);
  if (n.kind == Kind::Deref) {
    MemoryTarget t;
    t.space = n.space;
    if (t.space.space == Space::Local && t.space.index < 0)
      t.space.index = int(lane);
    t.addr = uint64_t(evalNode(*n.a, scope, lane).asInt());
    t.type = n.type;
    return t;
  }
  if (n.kind == Kind::Index) {
    const BufferElement e = bufferElement(n, scope, lane);
    return MemoryTarget{SpaceRef{Space::Global, -1},
                        e.buffer->addr + e.index * rt::sizeOf(e.buffer->type), e.buffer->type};
  }
  return std::nullopt;
}

void Expr::assign(const EvalScope &scope, unsigned lane, Scalar v) const {
  assignNode(*root_, scope, lane, v);
}

} // namespace simt::dbg
