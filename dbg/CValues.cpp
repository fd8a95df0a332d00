//===-- CValues.cpp - C values of one lane, read and shown as gdb does ----===//
#include "dbg/CValues.h"

#include "dbg/CommandTable.h"
#include "dbg/GdbSettings.h"
#include "dbg/Views.h"
#include "emu/device/Facade.h"
#include "isa/SIMTCallABI.h"
#include "isa/SIMTDwarf.h"
#include "runtime/Values.h"

#include <cstdio>
#include <cstring>

namespace simt::dbg {

namespace da = simt::dwarfabi;

namespace {

[[noreturn]] void fail(const std::string &m) { throw CommandError(m); }

uint64_t sizeOf(const TypeRef &t) {
  TypeRef s = stripped(t);
  return s ? s->size : 0;
}

std::string hexAddress(uint64_t a) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(a));
  return buf;
}

/// The memory a pointer of class `cls` points into.
SpaceRef spaceOfClass(uint16_t cls, unsigned bank, unsigned lane) {
  switch (cls) {
  case da::Shared: return SpaceRef{Space::Shared, -1};
  case da::Local: return SpaceRef{Space::Local, int(lane)};
  case da::Param: return SpaceRef{Space::Const, 0};
  case da::Const: return SpaceRef{Space::Const, int(bank)};
  case da::WindowUnknown:
    fail("the pointer may point into shared, local or constant memory, which one is known "
         "only at run time (the program keeps the space apart; the debugger cannot follow it)");
  default: return SpaceRef{Space::Global, -1};
  }
}

/// The constant bank of the `__constant__` variables of the focused grid's
/// module, which its constant window is (isa/SIMTDwarf.h): a module's are
/// all in one bank.
unsigned constWindowBank(const MemoryView &mem) {
  const rt::LoadedCode *code =
      mem.session && mem.grid ? mem.session->loadedOf(*mem.grid) : nullptr;
  if (!code)
    fail("no focused grid: an address in the constant window is in the constant bank of the "
         "focused kernel's module");
  for (const rt::VarInfo *v : mem.session->variablesOf(*code))
    if (v->isConst)
      return v->bank;
  fail("the focused kernel's module has no __constant__ variables for an address in the "
       "constant window to point into");
}

/// The memory a pointer of space p holding addr points into, and where: a
/// generic (or shared, or run-time) address in the shared window of a module
/// that gives shared memory one is shared memory at its offset in the
/// window, one in the local window (a local pointer's too) the lane's
/// local memory, and one in the constant window (a constant pointer's too,
/// not a shared one's) the constant bank of the module's `__constant__`
/// variables, the one its class names or else the focused grid's module's
/// (isa/SIMTDwarf.h); anything else is what its class says.
std::pair<SpaceRef, uint64_t> pointedTo(const PointerSpace &p, uint64_t addr, unsigned lane,
                                        const MemoryView &mem) {
  const bool MayBeWindow = p.addressClass == da::Generic || p.addressClass == da::Global ||
                           p.addressClass == da::Shared || p.addressClass == da::WindowUnknown;
  if (MayBeWindow && addr - da::kSharedWindowBase < da::kSharedWindowBytes)
    return {SpaceRef{Space::Shared, -1}, addr - da::kSharedWindowBase};
  if ((MayBeWindow || p.addressClass == da::Local) &&
      addr - da::kLocalWindowBase < da::kWindowBytes)
    return {SpaceRef{Space::Local, int(lane)}, addr - da::kLocalWindowBase};
  if (p.addressClass != da::Shared && (MayBeWindow || p.addressClass == da::Const) &&
      addr - da::kConstWindowBase < da::kWindowBytes) {
    const unsigned bank = p.addressClass == da::Const ? p.bank : constWindowBank(mem);
    return {SpaceRef{Space::Const, int(bank)}, addr - da::kConstWindowBase};
  }
  return {spaceOfClass(p.addressClass, p.bank, lane), addr};
}

/// "@shared " for a pointer's text (global ones say nothing, as cuda-gdb).
std::string spacePrefix(const PointerSpace &p) {
  switch (p.addressClass) {
  case da::Shared: return "@shared ";
  case da::Local: return "@local ";
  case da::Param: return "@param ";
  case da::Const: return "@const[" + std::to_string(p.bank) + "] ";
  case da::WindowUnknown: return "@window? ";
  default: return "";
  }
}

uint64_t loadUnsigned(const std::string &b) {
  uint64_t v = 0;
  for (size_t i = 0; i < b.size() && i < 8; ++i)
    v |= uint64_t(uint8_t(b[i])) << (8 * i);
  return v;
}

std::vector<PointerSpace> shifted(const std::vector<PointerSpace> &ps, uint64_t from,
                                  uint64_t size) {
  std::vector<PointerSpace> out;
  for (const PointerSpace &p : ps)
    if (p.offset >= from && p.offset < from + size)
      out.push_back({p.offset - from, p.addressClass, p.bank});
  return out;
}

/// A part of v: `size` bytes at `offset`, as type t.
CValue part(const CValue &v, uint64_t offset, TypeRef t) {
  CValue p = v;
  p.type = t;
  p.reference = nullptr; // a member or an element is no reference's referent
  const uint64_t size = sizeOf(t);
  p.pointers = shifted(v.pointers, offset, size);
  switch (v.where) {
  case CValue::Memory:
    p.addr = v.addr + offset;
    break;
  case CValue::Bytes:
    p.bytes = offset < v.bytes.size() ? v.bytes.substr(offset, size) : std::string();
    break;
  case CValue::Registers: {
    p.pieces.clear();
    uint64_t at = 0;
    for (const CValue::Piece &r : v.pieces) { // the pieces that overlap [offset, +size)
      if (at + r.bytes > offset && at < offset + size && at >= offset)
        p.pieces.push_back(r);
      else if (at < offset && at + r.bytes > offset)
        fail("a part of a register is not addressable here");
      at += r.bytes;
    }
    break;
  }
  case CValue::OptimizedOut:
    break;
  }
  return p;
}

uint32_t registerBits(const EvalScope &sc, unsigned reg, unsigned lane) {
  if (!sc.mem.warp)
    fail("no focused warp");
  const emu::WarpRegs &r = sc.mem.warp->view().regs();
  if (reg < 63)
    return r.r[reg][lane];
  if (reg >= da::kFirstPredRegNum && reg < da::kFirstPredRegNum + da::kNumPreds)
    return (r.pred[reg - da::kFirstPredRegNum] >> lane) & 1;
  fail("no register numbered " + std::to_string(reg) + " in this ISA's DWARF");
}

} // namespace

CValue optimizedOut(TypeRef t, std::string why) {
  CValue v;
  v.type = std::move(t);
  v.where = CValue::OptimizedOut;
  v.why = std::move(why);
  return v;
}

CValue memoryValue(TypeRef t, SpaceRef space, uint64_t addr, unsigned lane) {
  CValue v;
  v.type = std::move(t);
  v.where = CValue::Memory;
  v.space = space;
  v.addr = addr;
  v.lane = lane;
  return v;
}

CValue scalarValue(TypeRef t, const Scalar &s) {
  CValue v;
  v.type = t;
  TypeRef st = stripped(t);
  const uint64_t size = st ? st->size : 8;
  uint8_t buf[8] = {};
  if (st && st->kind == CType::Float) {
    if (size == 4) {
      const float f = float(s.asDouble());
      std::memcpy(buf, &f, 4);
    } else {
      const double d = s.asDouble();
      std::memcpy(buf, &d, 8);
    }
  } else {
    const uint64_t bits = uint64_t(s.asInt());
    std::memcpy(buf, &bits, 8);
  }
  v.bytes.assign(reinterpret_cast<const char *>(buf), std::min<uint64_t>(size, 8));
  return v;
}

CValue returnedValue(TypeRef t, const EvalScope &sc, unsigned lane) {
  CValue v;
  v.type = std::move(t);
  v.lane = lane;
  const uint64_t size = sizeOf(v.type);
  const uint32_t sp = registerBits(sc, callabi::kStackPointer, lane);
  for (uint64_t k = 0; 4 * k < size; ++k) {
    uint8_t word[4];
    if (k < callabi::kNumArgRegs) {
      const uint32_t bits = registerBits(sc, unsigned(callabi::kFirstArgReg + k), lane);
      std::memcpy(word, &bits, 4);
    } else { // past the registers: the caller's stack-argument area
      std::string err;
      if (!readMemory(sc.mem, SpaceRef{Space::Local, int(lane)},
                      sp + 4 * (k - callabi::kNumArgRegs), word, &err))
        fail(err);
    }
    v.bytes.append(reinterpret_cast<const char *>(word), 4);
  }
  v.bytes.resize(size); // a sub-word value is its word's low bytes
  return v;
}

std::string readBytes(const CValue &v, const EvalScope &sc, uint64_t offset, uint64_t n) {
  switch (v.where) {
  case CValue::OptimizedOut:
    fail("value has been optimized out");
  case CValue::Bytes:
    if (offset + n > v.bytes.size())
      fail("value has no such bytes");
    return v.bytes.substr(offset, n);
  case CValue::Memory: {
    std::string out(n, '\0');
    std::string err;
    if (!readMemory(sc.mem, v.space, v.addr + offset,
                    std::span<uint8_t>(reinterpret_cast<uint8_t *>(out.data()), n), &err))
      fail(err);
    return out;
  }
  case CValue::Registers: {
    std::string all;
    for (const CValue::Piece &p : v.pieces) {
      const uint32_t bits = registerBits(sc, p.reg, v.lane);
      for (unsigned b = 0; b < p.bytes; ++b)
        all.push_back(char(b < 4 ? bits >> (8 * b) : 0));
    }
    if (offset + n > all.size())
      fail("value has no such bytes");
    return all.substr(offset, n);
  }
  }
  fail("cannot read value");
}

Scalar scalarOf(const CValue &v, const EvalScope &sc) {
  TypeRef t = stripped(v.type);
  if (!isScalar(t))
    fail("a value of type " + typeName(v.type) + " is not a number");
  if (v.where == CValue::OptimizedOut)
    fail("value has been optimized out");
  const std::string b = readBytes(v, sc, 0, t->size);
  const uint64_t bits = loadUnsigned(b);
  if (t->kind == CType::Float) {
    if (t->size == 4) {
      float f;
      const uint32_t w = uint32_t(bits);
      std::memcpy(&f, &w, 4);
      return Scalar{true, 0, double(f)};
    }
    double d;
    std::memcpy(&d, &bits, 8);
    return Scalar{true, 0, d};
  }
  if (t->isSigned && t->size < 8) {
    const uint64_t m = uint64_t(1) << (8 * t->size - 1);
    return Scalar{false, int64_t((bits ^ m) - m), 0};
  }
  return Scalar{false, int64_t(bits), 0};
}

CValue memberOf(const CValue &v, const CType::Member &m) { return part(v, m.offset, m.type); }

CValue elementOf(const CValue &v, uint64_t i) {
  TypeRef a = stripped(v.type);
  const uint64_t size = sizeOf(a->target);
  return part(v, i * size, a->target);
}

PointerSpace pointerSpace(const CValue &v) {
  for (const PointerSpace &p : v.pointers) // the value's own knowledge (with a bank)
    if (p.offset == 0)
      return p;
  TypeRef t = stripped(v.type);
  if (t && t->kind == CType::Pointer && t->addressClass)
    return PointerSpace{0, t->addressClass, 0};
  return PointerSpace{0, da::Generic, 0};
}

CValue pointee(const CValue &ptr, const EvalScope &sc, int64_t index) {
  TypeRef t = stripped(ptr.type);
  if (!t || t->kind != CType::Pointer)
    fail("attempt to take contents of a non-pointer value");
  TypeRef target = t->target;
  TypeRef st = stripped(target);
  if (!st || st->kind == CType::Void || st->kind == CType::Function)
    fail("attempt to take contents of a non-pointer value (" + typeName(ptr.type) + ")");
  const uint64_t addr = uint64_t(scalarOf(ptr, sc).i) + uint64_t(index) * st->size;
  const auto [space, at] = pointedTo(pointerSpace(ptr), addr, ptr.lane, sc.mem);
  return memoryValue(target, space, at, ptr.lane);
}

std::optional<std::pair<SpaceRef, uint64_t>> memoryAt(const CValue &v, const EvalScope &sc) {
  TypeRef t = stripped(v.type);
  if (t && t->kind == CType::Pointer && v.where != CValue::OptimizedOut) {
    return pointedTo(pointerSpace(v), uint64_t(scalarOf(v, sc).i), v.lane, sc.mem);
  }
  if (v.where == CValue::Memory && t &&
      (t->kind == CType::Array || t->kind == CType::Struct || t->kind == CType::Union))
    return std::make_pair(v.space, v.addr);
  return std::nullopt;
}

CValue addressOf(const CValue &v) {
  if (v.where != CValue::Memory)
    fail("attempt to take address of value not located in memory");
  uint16_t cls = da::Generic;
  unsigned bank = 0;
  switch (v.space.space) {
  case Space::Shared: cls = da::Shared; break;
  case Space::Local: cls = da::Local; break;
  case Space::Const:
    cls = v.space.index == 0 ? uint16_t(da::Param) : uint16_t(da::Const);
    bank = unsigned(v.space.index);
    break;
  case Space::Spill: fail("attempt to take address of the SIMT stack's spill region");
  default: break;
  }
  CValue p;
  p.type = pointerTo(v.type, cls);
  p.lane = v.lane;
  const uint64_t a = v.addr;
  p.bytes.assign(reinterpret_cast<const char *>(&a), 8);
  p.pointers.push_back({0, cls, bank});
  return p;
}

//===-- Text ---------------------------------------------------------------===//

namespace {

// gdb's `print elements` and `print repeats` (0: unlimited).
size_t maxElements() {
  const size_t n = gdbSettings().printElements;
  return n ? n : SIZE_MAX;
}
size_t repeatThreshold() {
  const size_t n = gdbSettings().printRepeats;
  return n ? n : SIZE_MAX;
}

} // namespace

std::string charText(int64_t c) {
  const unsigned char u = static_cast<unsigned char>(c);
  std::string s = std::to_string(c) + " '";
  switch (u) {
  case '\0': return s + "\\000'";
  case '\n': return s + "\\n'";
  case '\t': return s + "\\t'";
  case '\'': return s + "\\''";
  case '\\': return s + "\\\\'";
  default: break;
  }
  if (std::isprint(u))
    return s + char(u) + "'";
  char oct[8];
  std::snprintf(oct, sizeof oct, "\\%03o", u);
  return s + oct + "'";
}

namespace {

/// Depth 0: the value printed; within a structure or array gdb shows a
/// pointer's address alone (`{x = 0x10000000, n = 4}`), typed only at the top.
std::string scalarText(const CValue &v, const EvalScope &sc, char fmt, unsigned depth) {
  TypeRef t = stripped(v.type);
  const Scalar s = scalarOf(v, sc);
  const unsigned width = unsigned(t->size * 8);
  if (fmt && fmt != 'f' && fmt != 'c')
    return gdbFormatScalar(s, fmt, width, false);
  switch (t->kind) {
  case CType::Float:
    return gdbFormatScalar(s, fmt, width, true);
  case CType::Bool:
    return s.i ? "true" : "false";
  case CType::Char:
    return charText(s.i);
  case CType::Pointer: {
    if (depth)
      return hexAddress(uint64_t(s.i));
    const PointerSpace p = pointerSpace(v);
    return "(" + spacePrefix(p) + typeName(v.type) + ") " + hexAddress(uint64_t(s.i));
  }
  case CType::Enum:
    for (const auto &[name, value] : t->enumerators)
      if (value == s.i)
        return name;
    return std::to_string(s.i);
  default:
    if (fmt == 'c')
      return charText(s.i);
    return t->isSigned ? std::to_string(s.i) : std::to_string(uint64_t(s.i));
  }
}

/// Depth: how deep in a structure or array the value is printed (gdb's
/// `print pretty` indents a structure's members by it).
std::string text(const CValue &v, const EvalScope &sc, char fmt, unsigned depth = 0);


} // namespace

std::string gdbCharArrayText(const std::string &bytes) {
  std::string b = bytes;
  if (!b.empty() && b.back() == '\0')
    b.pop_back();
  auto escaped = [](char c, char quote) {
    const unsigned char u = static_cast<unsigned char>(c);
    if (c == quote || c == '\\')
      return std::string("\\") + c;
    if (c == '\n')
      return std::string("\\n");
    if (std::isprint(u))
      return std::string(1, c);
    char oct[8];
    std::snprintf(oct, sizeof oct, "\\%03o", u);
    return std::string(oct);
  };
  std::string out, quoted;
  auto flush = [&] {
    if (!quoted.empty())
      out += (out.empty() ? "" : ", ") + ("\"" + quoted + "\"");
    quoted.clear();
  };
  for (size_t i = 0; i < b.size();) {
    size_t j = i + 1;
    while (j < b.size() && b[j] == b[i])
      ++j;
    if (j - i > repeatThreshold()) {
      flush();
      out += (out.empty() ? "" : ", ") + ("'" + escaped(b[i], '\'') + "' <repeats " +
                                          std::to_string(j - i) + " times>");
    } else {
      for (size_t k = i; k < j; ++k)
        quoted += escaped(b[k], '"');
    }
    i = j;
  }
  flush();
  return out.empty() ? "\"\"" : out;
}

std::string gdbArrayText(const std::vector<std::string> &elems, bool more) {
  std::string out = "{";
  size_t shown = 0, i = 0;
  for (; i < elems.size() && shown < maxElements(); ++shown) {
    size_t run = 1;
    while (i + run < elems.size() && elems[i + run] == elems[i])
      ++run;
    out += i ? ", " : "";
    if (run > repeatThreshold()) {
      out += elems[i] + " <repeats " + std::to_string(run) + " times>";
      i += run;
      shown += repeatThreshold() - 1;
    } else {
      out += elems[i];
      ++i;
    }
  }
  return out + (i < elems.size() || more ? "..." : "") + "}";
}

namespace {

std::string arrayText(const CValue &v, const EvalScope &sc, char fmt, unsigned depth) {
  TypeRef t = stripped(v.type);
  if (!t->count)
    return "{...}";
  if (TypeRef e = stripped(t->target); e && e->kind == CType::Char && !fmt)
    return gdbCharArrayText(readBytes(v, sc, 0, std::min<uint64_t>(t->count, maxElements())));
  std::vector<std::string> items;
  const uint64_t n = std::min<uint64_t>(t->count, kArrayElementsRead);
  for (uint64_t i = 0; i < n; ++i)
    items.push_back(text(elementOf(v, i), sc, fmt, depth + 1));
  return gdbArrayText(items, t->count > n);
}

std::string text(const CValue &v, const EvalScope &sc, char fmt, unsigned depth) {
  if (v.where == CValue::OptimizedOut)
    return "<optimized out>";
  TypeRef t = stripped(v.type);
  if (!t)
    return "void";
  try {
    switch (t->kind) {
    case CType::Array:
      return arrayText(v, sc, fmt, depth);
    case CType::Struct: case CType::Union: {
      // gdb's `print pretty on`: one member a line, two spaces a level.
      const bool pretty = gdbSettings().printPretty && !t->members.empty();
      const std::string inner = pretty ? "\n" + std::string(2 * (depth + 1), ' ') : "";
      std::string out = "{";
      for (size_t i = 0; i < t->members.size(); ++i) {
        const CType::Member &m = t->members[i];
        out += (i ? "," : "") + (pretty ? inner : i ? " " : "") +
               (m.name.empty() ? std::string() : m.name + " = ");
        if (m.bitSize) {
          const uint64_t bytes = (m.bitOffset + m.bitSize + 7) / 8;
          const uint64_t bits = loadUnsigned(readBytes(v, sc, m.offset, bytes));
          out += std::to_string((bits >> m.bitOffset) & ((uint64_t(1) << m.bitSize) - 1));
        } else {
          out += text(memberOf(v, m), sc, fmt, depth + 1);
        }
      }
      return out + (pretty ? "\n" + std::string(2 * depth, ' ') : "") + "}";
    }
    case CType::Void: case CType::Function:
      return "<" + typeName(v.type) + ">";
    default:
      return scalarText(v, sc, fmt, depth);
    }
  } catch (const CommandError &e) {
    if (v.where == CValue::Memory)
      return "<error: " + std::string(e.what()) + ">";
    throw;
  }
}

} // namespace

namespace {
/// gdb's "@0x428: " before a reference's referent.
std::string referencePrefix(const CValue &v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "@0x%llx: ", static_cast<unsigned long long>(v.referenceAddress));
  return buf;
}
} // namespace

std::string formatCValue(const CValue &v, const EvalScope &sc, char fmt) {
  if (v.reference)
    return "(" + typeName(v.reference) + ") " + referencePrefix(v) + text(v, sc, fmt);
  return text(v, sc, fmt);
}

std::string formatCValueBare(const CValue &v, const EvalScope &sc) {
  if (v.reference)
    return referencePrefix(v) + text(v, sc, 0);
  std::string t = text(v, sc, 0);
  if (v.where == CValue::OptimizedOut || !v.type || stripped(v.type)->kind != CType::Pointer ||
      t.empty() || t[0] != '(')
    return t;
  const size_t end = t.find(") ");
  return end == std::string::npos ? t : t.substr(end + 2);
}

} // namespace simt::dbg
