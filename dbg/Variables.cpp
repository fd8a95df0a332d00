//===-- Variables.cpp - C variables of the code at a pc (simt-dbg) --------===//
#include "dbg/Variables.h"

#include "runtime/ObjectDwarf.h"
#include "dbg/CommandTable.h"
#include "dbg/ObjectData.h"
#include "dbg/SourceView.h"
#include "emu/device/Facade.h"
#include "isa/SIMTDwarf.h"
#include "isa/SIMTLimits.h"
#include "runtime/ObjectFile.h"

#include "llvm/DebugInfo/DWARF/DWARFContext.h"
#include "llvm/DebugInfo/DWARF/DWARFExpression.h"
#include "llvm/DebugInfo/DWARF/DWARFUnit.h"
#include "llvm/Support/LEB128.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cstring>
#include <regex>
#include <functional>
#include <map>
#include <memory>

namespace simt::dbg {

using namespace llvm;
namespace da = simt::dwarfabi;

struct ObjectVariables {
  rt::ObjectDwarf dwarf;
  TypeCache types;
};

namespace {

[[noreturn]] void fail(const std::string &m) { throw CommandError(m); }

/// Objects are read at most once (null: no variables in it).
ObjectVariables *objectOf(const rt::LoadedKernel &k) {
  static std::map<std::string, std::unique_ptr<ObjectVariables>> cache;
  auto [it, added] = cache.try_emplace(objectKey(k));
  if (added) {
    if (auto buf = objectData(k)) {
      auto d = rt::ObjectDwarf::read(buf->getBuffer(), k.objectPath);
      if (!d)
        consumeError(d.takeError()); // shows as "no variables"
      else if (!d->section(".debug_info").empty()) {
        it->second = std::make_unique<ObjectVariables>();
        it->second->dwarf = std::move(*d);
      }
    }
  }
  return it->second.get();
}

bool covers(const DWARFDie &d, uint64_t address) {
  llvm::Expected<DWARFAddressRangesVector> ranges = d.getAddressRanges();
  if (!ranges) {
    consumeError(ranges.takeError());
    return false;
  }
  for (const DWARFAddressRange &r : *ranges)
    if (r.LowPC <= address && address < r.HighPC)
      return true;
  return false;
}

/// The DIE whose name and type a variable has (an inlined copy's origin).
DWARFDie origin(const DWARFDie &d) {
  if (DWARFDie o = d.getAttributeValueAsReferencedDie(dwarf::DW_AT_abstract_origin))
    return o;
  return d;
}

} // namespace

std::string functionName(const VarScope &s) {
  if (!s.function)
    return "";
  const DWARFDie f = origin(s.function);
  const char *n = f.getShortName();
  if (!n)
    return "";
  // gdb names a member function or a namespace's function by its qualified
  // name (`Acc::add (this=0x..., v=9)`): the scopes that hold its
  // declaration (a definition outside its class points there).
  DWARFDie decl = f;
  if (DWARFDie spec = f.getAttributeValueAsReferencedDie(dwarf::DW_AT_specification))
    decl = spec;
  return scopePrefix(decl) + n;
}

namespace {

bool isVariable(const DWARFDie &d) {
  return d.getTag() == dwarf::DW_TAG_variable || d.getTag() == dwarf::DW_TAG_formal_parameter;
}

Variable variableOf(const DWARFDie &d, bool global) {
  Variable v;
  v.die = d;
  const char *n = origin(d).getShortName();
  v.name = n ? n : "";
  v.isParam = d.getTag() == dwarf::DW_TAG_formal_parameter;
  v.isGlobal = global;
  return v;
}

/// The expression of attribute `attr` that holds at `address` (a single
/// one, or the entry of a location list that covers it).
std::optional<SmallVector<uint8_t, 4>> expressionAt(const DWARFDie &d, dwarf::Attribute attr,
                                                    uint64_t address) {
  llvm::Expected<DWARFLocationExpressionsVector> locs = d.getLocations(attr);
  if (!locs) {
    consumeError(locs.takeError());
    return std::nullopt;
  }
  for (const DWARFLocationExpression &l : *locs)
    if (!l.Range || (l.Range->LowPC <= address && address < l.Range->HighPC))
      return l.Expr;
  return std::nullopt;
}

/// Where an expression puts a variable: an address, or registers.
struct StorageLocation {
  bool memory = true;
  uint64_t addr = 0;
  std::vector<CValue::Piece> pieces;
};

uint64_t registerValue(const EvalScope &sc, unsigned reg, unsigned lane) {
  if (reg >= 63 || !sc.mem.warp)
    fail("no register numbered " + std::to_string(reg) + " in this ISA's DWARF");
  const uint32_t now = sc.mem.warp->view().reg(reg, lane);
  if (reg == da::kStackPointerRegNum) // the frame's own, as its callees will restore it
    return uint32_t(int64_t(now) + sc.stackPointerDelta);
  return now;
}

/// Evaluates the operations this ISA's DWARF uses (isa/SIMTDwarf.h);
/// nullopt for any other.
std::optional<StorageLocation> evaluate(ArrayRef<uint8_t> bytes, const EvalScope &sc, unsigned lane,
                                 std::function<std::optional<uint64_t>()> frameBase) {
  DWARFExpression expr(DataExtractor(StringRef(reinterpret_cast<const char *>(bytes.data()),
                                               bytes.size()),
                                     /*IsLittleEndian=*/true, 8),
                       8);
  std::vector<uint64_t> stack;
  StorageLocation loc;
  int reg = -1; // a DW_OP_regN not yet closed by a piece
  // An outer frame's value in a register its callees may have written is
  // gone (optimized out, as gdb says of what it cannot recover).
  auto gone = [&](uint64_t r) { return r < 64 && (sc.clobbered >> r & 1); };
  for (const DWARFExpression::Operation &op : expr) {
    if (op.isError())
      return std::nullopt;
    const uint8_t c = op.getCode();
    if (c >= dwarf::DW_OP_lit0 && c <= dwarf::DW_OP_lit31) {
      stack.push_back(c - dwarf::DW_OP_lit0);
    } else if (c >= dwarf::DW_OP_reg0 && c <= dwarf::DW_OP_reg31) {
      reg = c - dwarf::DW_OP_reg0;
    } else if (c == dwarf::DW_OP_regx) {
      reg = int(op.getRawOperand(0));
    } else if (c >= dwarf::DW_OP_breg0 && c <= dwarf::DW_OP_breg31) {
      if (gone(c - dwarf::DW_OP_breg0))
        return std::nullopt;
      stack.push_back(registerValue(sc, c - dwarf::DW_OP_breg0, lane) + op.getRawOperand(0));
    } else if (c == dwarf::DW_OP_constu || c == dwarf::DW_OP_addr) {
      stack.push_back(op.getRawOperand(0));
    } else if (c == dwarf::DW_OP_plus_uconst && !stack.empty()) {
      stack.back() += op.getRawOperand(0);
    } else if (c == dwarf::DW_OP_fbreg) {
      std::optional<uint64_t> base = frameBase();
      if (!base)
        return std::nullopt;
      stack.push_back(*base + op.getRawOperand(0));
    } else if (c == dwarf::DW_OP_piece && reg >= 0) {
      if (gone(uint64_t(reg)))
        return std::nullopt;
      loc.memory = false;
      loc.pieces.push_back({unsigned(reg), unsigned(op.getRawOperand(0))});
      reg = -1;
    } else {
      return std::nullopt;
    }
  }
  if (reg >= 0) { // one whole register
    if (gone(uint64_t(reg)))
      return std::nullopt;
    loc.memory = false;
    loc.pieces.push_back({unsigned(reg), 4});
    return loc;
  }
  if (!loc.pieces.empty())
    return loc;
  if (stack.size() != 1)
    return std::nullopt;
  loc.addr = stack.back();
  return loc;
}

std::vector<PointerSpace> pointerSpacesOf(const DWARFDie &d) {
  std::vector<PointerSpace> out;
  std::optional<DWARFFormValue> v = d.find(dwarf::Attribute(da::DW_AT_SIMT_pointer_spaces));
  std::optional<ArrayRef<uint8_t>> b = v ? v->getAsBlock() : std::nullopt;
  if (!b)
    return out;
  const uint8_t *p = b->data(), *end = b->data() + b->size();
  while (p < end) {
    unsigned n = 0;
    PointerSpace s;
    s.offset = decodeULEB128(p, &n, end);
    p += n;
    s.addressClass = uint16_t(decodeULEB128(p, &n, end));
    p += n;
    if (s.addressClass == da::Const) {
      s.bank = unsigned(decodeULEB128(p, &n, end));
      p += n;
    }
    if (!n)
      break;
    out.push_back(s);
  }
  return out;
}

} // namespace

/// The function definition among `parent`'s children that covers
/// `address`, looking into namespaces (a namespace's functions are its
/// children; a class's members defined in it have their definitions at
/// the unit's level).
static DWARFDie subprogramCovering(const DWARFDie &parent, uint64_t address) {
  DWARFDie found;
  for (const DWARFDie &c : parent.children()) {
    if (c.getTag() == dwarf::DW_TAG_subprogram && covers(c, address))
      found = c;
    else if (c.getTag() == dwarf::DW_TAG_namespace)
      if (DWARFDie inner = subprogramCovering(c, address))
        found = inner;
  }
  return found;
}

std::optional<VarScope> varScopeAt(const rt::LoadedKernel &k, uint64_t pc) {
  ObjectVariables *obj = objectKey(k).empty() ? nullptr : objectOf(k);
  const rt::ImageSection *sec = obj ? k.sectionAt(pc) : nullptr;
  if (!sec)
    return std::nullopt;
  std::optional<uint64_t> address = obj->dwarf.address(sec->section, pc - sec->addr);
  DWARFContext &ctx = obj->dwarf.context();
  if (!address || ctx.getNumCompileUnits() == 0)
    return std::nullopt;
  VarScope s;
  s.object = obj;
  s.address = *address;
  for (const auto &cu : ctx.compile_units()) {
    DWARFDie unit = cu->getUnitDIE(/*ExtractUnitDIEOnly=*/false);
    if (DWARFDie f = subprogramCovering(unit, *address)) {
      s.unit = unit;
      s.function = f;
      break;
    }
    if (!s.unit)
      s.unit = unit;
  }
  if (!s.function)
    return s;
  // Down the blocks and inlined calls that cover the pc.
  std::vector<DWARFDie> chain{s.function};
  for (bool deeper = true; deeper;) {
    deeper = false;
    for (const DWARFDie &c : chain.back().children())
      if ((c.getTag() == dwarf::DW_TAG_lexical_block ||
           c.getTag() == dwarf::DW_TAG_inlined_subroutine) &&
          covers(c, *address)) {
        chain.push_back(c);
        deeper = true;
        break;
      }
  }
  s.blocks.assign(chain.rbegin(), chain.rend());
  return s;
}

VarScope varScopeOf(const EvalScope &sc) {
  if (!sc.mem.warp || !sc.kernel)
    fail("no frame selected (launch a kernel and stop in it, or use `focus`)");
  std::optional<VarScope> s = varScopeAt(*sc.kernel, sc.pc());
  if (!s)
    fail("no symbol table is loaded for '" + sc.kernel->name() +
         "' (compile it with simt-cc -g; -gline-tables-only has lines only)");
  return *s;
}

/// Whether `line` of `file` still belongs to the signature of a function
/// whose name is on `declLine`: the line itself, or the line of its
/// opening brace (`void\nf(int a,\n  int b)\n{` puts the prologue on the
/// brace's line): the first line from the name on with a `{`, no `;`
/// before it. A statement's line (`if (c) {` in optimised code, whose
/// first instructions may be a statement's) comes after the brace's. The
/// source is needed.
static bool inSignature(const std::string &file, unsigned declLine, unsigned line) {
  constexpr unsigned kLongestSignature = 40; // lines from the name to the brace
  if (line == declLine)
    return true;
  if (line < declLine || line - declLine > kLongestSignature)
    return false;
  for (unsigned l = declLine; l <= line; ++l) {
    std::optional<std::string> text = sourceText(file, l);
    if (!text || text->find(';') != std::string::npos ||
        (l < line) == (text->find('{') != std::string::npos))
      return false;
  }
  return true;
}

/// The first instruction of the function at `entry` (its section `sec`)
/// after `entry` on a line `prologue` does not accept; `entry` if none.
template <class Pred>
static uint64_t pastLines(const rt::LoadedKernel &k, const rt::ImageSection &sec, uint64_t entry,
                          Pred prologue) {
  for (uint64_t pc = entry + 8; pc < sec.addr + sec.size; pc += 8)
    if (std::optional<rt::SourcePos> p = sourcePos(k, pc); p && p->line && !prologue(p->line))
      return pc;
  return entry;
}

uint64_t afterPrologue(const rt::LoadedKernel &k, uint64_t entry) {
  std::optional<VarScope> s = varScopeAt(k, entry);
  const rt::ImageSection *sec = k.sectionAt(entry);
  if (!sec || sec->addr != entry)
    return entry;
  if (!s || !s->function) {
    // Line tables only (-lineinfo): the end of the function's first line,
    // gdb's rule for clang's code, where that line opens the function
    // (ends in its `{`: `f(int n) {`, or the brace alone); a statement's
    // line (hand-written assembly's `.loc`) is kept.
    std::optional<rt::SourcePos> first = sourcePos(k, entry);
    std::optional<std::string> text = first ? sourceText(first->file, first->line) : std::nullopt;
    const size_t last = text ? text->find_last_not_of(" \t\r") : std::string::npos;
    if (last == std::string::npos || (*text)[last] != '{' || text->find(';') != std::string::npos)
      return entry;
    return pastLines(k, *sec, entry, [&](unsigned line) { return line == first->line; });
  }
  std::optional<uint64_t> declLine =
      dwarf::toUnsigned(s->function.findRecursively(dwarf::DW_AT_decl_line)); // a member: its declaration's
  std::optional<rt::SourcePos> first = sourcePos(k, entry);
  if (!declLine || !first || !inSignature(first->file, unsigned(*declLine), first->line))
    return entry;
  // Past every instruction of the signature's lines (the name's, then the
  // brace's, where both have some).
  const uint64_t past = pastLines(k, *sec, entry, [&](unsigned line) {
    return inSignature(first->file, unsigned(*declLine), line);
  });
  // Only a prologue row (clang's, at column 0) has the fallback below: in
  // optimised code the entry row is already a statement's.
  if (past != entry || first->column != 0)
    return past;
  // The whole function on its signature's line (`__device__ int sq(int v) {
  // return v * v; }`, a class's one-line member): gdb's rule for clang's
  // code, the end of the line table's first row, where the body's row (the
  // same line, another column) begins after the parameters' stores.
  for (uint64_t pc = entry + 8; pc < sec->addr + sec->size; pc += 8)
    if (std::optional<rt::SourcePos> p = sourcePos(k, pc);
        p && p->line && (p->line != first->line || p->column != first->column))
      return pc;
  return entry;
}

std::optional<rt::SourcePos> inlinedCallSiteAt(const rt::LoadedKernel &k, uint64_t pc) {
  std::optional<VarScope> s = varScopeAt(k, pc);
  if (!s || !s->function)
    return std::nullopt;
  // Innermost outward: the lexical blocks between are passed, the first
  // inlined call that does not begin here ends the walk.
  DWARFDie outermost;
  for (const DWARFDie &b : s->blocks) {
    if (b.getTag() == dwarf::DW_TAG_lexical_block)
      continue;
    if (b.getTag() != dwarf::DW_TAG_inlined_subroutine)
      break;
    llvm::Expected<DWARFAddressRangesVector> ranges = b.getAddressRanges();
    if (!ranges) {
      consumeError(ranges.takeError());
      break;
    }
    std::optional<uint64_t> entry;
    for (const DWARFAddressRange &r : *ranges)
      entry = std::min(entry.value_or(r.LowPC), r.LowPC);
    if (entry != s->address)
      break;
    outermost = b;
  }
  if (!outermost)
    return std::nullopt;
  std::optional<uint64_t> file = dwarf::toUnsigned(outermost.find(dwarf::DW_AT_call_file));
  std::optional<uint64_t> line = dwarf::toUnsigned(outermost.find(dwarf::DW_AT_call_line));
  const DWARFDebugLine::LineTable *table =
      s->unit ? s->object->dwarf.context().getLineTableForUnit(s->unit.getDwarfUnit()) : nullptr;
  rt::SourcePos pos;
  if (!file || !line || !*line || !table ||
      !table->getFileNameByIndex(*file, "",
                                 DILineInfoSpecifier::FileLineInfoKind::AbsoluteFilePath,
                                 pos.file))
    return std::nullopt;
  pos.line = unsigned(*line);
  pos.column = unsigned(dwarf::toUnsigned(outermost.find(dwarf::DW_AT_call_column), 0));
  return pos;
}

std::vector<Variable> localsAt(const VarScope &s) {
  std::vector<Variable> out;
  for (const DWARFDie &b : s.blocks)
    for (const DWARFDie &c : b.children())
      if (isVariable(c) && !(b == s.function && c.getTag() == dwarf::DW_TAG_formal_parameter))
        out.push_back(variableOf(c, false));
  return out;
}

std::vector<Variable> argsAt(const VarScope &s) {
  std::vector<Variable> out;
  if (s.function)
    for (const DWARFDie &c : s.function.children())
      if (c.getTag() == dwarf::DW_TAG_formal_parameter)
        out.push_back(variableOf(c, false));
  return out;
}

/// The object's other compile units: after simt-nvcc -rdc's device link
/// one object has a unit per .cu file, and gdb finds a global variable or
/// a type in any file (clang describes a type two files share in one unit,
/// the other's refers to it there).
static std::vector<DWARFDie> otherUnits(const VarScope &s) {
  std::vector<DWARFDie> out;
  if (s.object)
    for (const auto &cu : s.object->dwarf.context().compile_units())
      if (DWARFDie u = cu->getUnitDIE(/*ExtractUnitDIEOnly=*/false); u && u != s.unit)
        out.push_back(u);
  return out;
}

/// The namespace-scope variable of `scope` (a unit or a namespace in it)
/// that `name` names: qualified (`phys::gravity`) for one in a namespace,
/// plain for the global namespace's; only an external definition where
/// `externalOnly`, and no declaration where `definitions`.
static std::optional<Variable> scopeVariable(const DWARFDie &scope, std::string_view name,
                                             bool definitions, bool externalOnly) {
  for (const DWARFDie &c : scope.children()) {
    if (c.getTag() == dwarf::DW_TAG_namespace) {
      if (std::optional<Variable> v = scopeVariable(c, name, definitions, externalOnly))
        return v;
      continue;
    }
    if (c.getTag() != dwarf::DW_TAG_variable ||
        (definitions && c.find(dwarf::DW_AT_declaration)) ||
        (externalOnly && !dwarf::toUnsigned(c.find(dwarf::DW_AT_external), 0)))
      continue;
    Variable v = variableOf(c, true);
    if (scopePrefix(c) + v.name == name)
      return v;
  }
  return std::nullopt;
}

std::optional<Variable> findVariable(const VarScope &s, std::string_view name) {
  // gdb's global scope: `::counter` is the namespace-scope one, whatever
  // local or parameter of that name is in scope.
  const bool global = name.starts_with("::");
  if (global)
    name.remove_prefix(2);
  for (const DWARFDie &b : global ? std::vector<DWARFDie>() : s.blocks)
    for (const DWARFDie &c : b.children())
      if (isVariable(c)) {
        Variable v = variableOf(c, false);
        if (v.name == name)
          return v;
      }
  if (s.unit)
    if (std::optional<Variable> v = scopeVariable(s.unit, name, false, false))
      return v;
  // Then, as gdb, another file's: an external variable, then a static one.
  const std::vector<DWARFDie> others = otherUnits(s);
  for (bool external : {true, false})
    for (const DWARFDie &u : others)
      if (std::optional<Variable> v = scopeVariable(u, name, true, external))
        return v;
  return std::nullopt;
}

TypeRef typeOf(const VarScope &s, const Variable &v) {
  return s.object->types.typeOf(origin(v.die).getAttributeValueAsReferencedDie(dwarf::DW_AT_type));
}

TypeRef returnTypeOf(const VarScope &s) {
  if (!s.function)
    return nullptr;
  // Through DW_AT_abstract_origin or DW_AT_specification: an out-of-line
  // copy or a definition has its type at the declaration.
  std::optional<DWARFFormValue> ref = s.function.findRecursively(dwarf::DW_AT_type);
  DWARFDie type = ref ? s.function.getAttributeValueAsReferencedDie(*ref) : DWARFDie();
  return type ? s.object->types.typeOf(type) : nullptr;
}

TypeRef findType(const VarScope &s, std::string_view name) {
  for (const char *tag : {"struct ", "union ", "enum ", "class "})
    if (name.substr(0, std::strlen(tag)) == tag)
      name.remove_prefix(std::strlen(tag));
  if (!s.unit)
    return nullptr;
  std::function<TypeRef(const DWARFDie &)> search = [&](const DWARFDie &d) -> TypeRef {
    for (const DWARFDie &c : d.children()) {
      switch (c.getTag()) {
      case dwarf::DW_TAG_base_type: case dwarf::DW_TAG_structure_type:
      case dwarf::DW_TAG_class_type: case dwarf::DW_TAG_union_type:
      case dwarf::DW_TAG_enumeration_type: case dwarf::DW_TAG_typedef:
        if (c.getShortName() && !c.find(dwarf::DW_AT_declaration) &&
            (c.getShortName() == name || scopePrefix(c) + c.getShortName() == name))
          return s.object->types.typeOf(c);
        break;
      case dwarf::DW_TAG_namespace:
        if (TypeRef t = search(c))
          return t;
        break;
      default:
        break;
      }
    }
    return nullptr;
  };
  if (TypeRef t = search(s.unit))
    return t;
  for (const DWARFDie &u : otherUnits(s))
    if (TypeRef t = search(u))
      return t;
  return nullptr;
}

namespace {
/// One `extern __shared__ TYPE NAME[];` of a source file.
struct ExternSharedDecl {
  unsigned line;
  std::string name, type;
};

/// The file's extern shared arrays, read once (a name nothing else has is
/// looked up here on every evaluation).
const std::vector<ExternSharedDecl> &externSharedDecls(const std::string &file) {
  static std::map<std::string, std::vector<ExternSharedDecl>> cache;
  auto [it, fresh] = cache.try_emplace(file);
  if (!fresh)
    return it->second;
  // `extern __shared__ [__align__(N), N may be sizeof(T)] [qualifiers] TYPE NAME[];`
  static const std::regex decl(
      "extern\\s+__shared__\\s+(?:__align__\\s*\\((?:[^()]|\\([^()]*\\))*\\)\\s+)?"
      "((?:(?:const|volatile|unsigned|signed|long|short|struct)\\s+)*"
      "[A-Za-z_][\\w:]*(?:\\s*\\*)*)\\s*\\b([A-Za-z_]\\w*)\\s*\\[\\s*\\]");
  const unsigned lines = sourceLineCount(file);
  for (unsigned l = 1; l <= lines; ++l) {
    std::optional<std::string> text = sourceText(file, l);
    std::smatch m;
    if (text && text->find("__shared__") != std::string::npos &&
        std::regex_search(*text, m, decl))
      it->second.push_back({l, m[2].str(), m[1].str()});
  }
  return it->second;
}
} // namespace

std::optional<std::string> externSharedType(const VarScope &s, std::string_view name) {
  if (!s.function)
    return std::nullopt;
  const std::string file = s.function.getDeclFile(
      llvm::DILineInfoSpecifier::FileLineInfoKind::AbsoluteFilePath);
  if (file.empty())
    return std::nullopt;
  // The function's own declaration (the nearest after its first line), or
  // else the file's last one before it.
  const unsigned declLine = unsigned(s.function.getDeclLine());
  const ExternSharedDecl *found = nullptr;
  for (const ExternSharedDecl &d : externSharedDecls(file))
    if (d.name == name && (!found || found->line < declLine))
      found = &d;
  if (!found)
    return std::nullopt;
  std::string type = found->type;
  // Qualifiers say nothing about how to read it.
  for (const char *q : {"const ", "volatile "})
    for (size_t at; (at = type.find(q)) != std::string::npos;)
      type.erase(at, std::strlen(q));
  // A template's parameter: its argument in this instance.
  const size_t end = std::min(type.size(), type.find_first_of(" *"));
  for (const DWARFDie &c : s.function.children())
    if (c.getTag() == dwarf::DW_TAG_template_type_parameter && c.getShortName() &&
        type.substr(0, end) == c.getShortName())
      if (DWARFDie t = c.getAttributeValueAsReferencedDie(dwarf::DW_AT_type))
        type = typeName(s.object->types.typeOf(t)) + type.substr(end);
  return type;
}

/// The variable's own value (a reference's address).
static CValue storedValueOf(const VarScope &s, const Variable &v, const EvalScope &sc,
                            unsigned lane) {
  TypeRef type = typeOf(s, v);
  std::optional<SmallVector<uint8_t, 4>> expr = expressionAt(v.die, dwarf::DW_AT_location, s.address);
  if (!expr)
    return optimizedOut(type);
  auto frameBase = [&]() -> std::optional<uint64_t> {
    std::optional<SmallVector<uint8_t, 4>> fb =
        s.function ? expressionAt(s.function, dwarf::DW_AT_frame_base, s.address) : std::nullopt;
    std::optional<StorageLocation> l = fb ? evaluate(*fb, sc, lane, [] { return std::nullopt; })
                                   : std::nullopt;
    return l && l->memory ? std::optional<uint64_t>(l->addr) : std::nullopt;
  };
  std::optional<StorageLocation> loc = evaluate(*expr, sc, lane, frameBase);
  if (!loc)
    return optimizedOut(type);
  CValue out;
  if (!loc->memory) {
    out.type = type;
    out.where = CValue::Registers;
    out.pieces = loc->pieces;
    out.lane = lane;
  } else {
    const uint16_t cls = uint16_t(dwarf::toUnsigned(v.die.find(dwarf::DW_AT_address_class), 0));
    uint64_t addr = loc->addr;
    SpaceRef space;
    switch (cls) {
    case da::Local: space = {Space::Local, int(lane)}; break;
    case da::Shared: space = {Space::Shared, -1}; break;
    case da::Param: space = {Space::Const, int(limits::kParamBank)}; break;
    case da::Const:
      space = {Space::Const, int(addr >> da::kConstBankShift)};
      addr &= (uint64_t(1) << da::kConstBankShift) - 1;
      break;
    case da::GlobalBlock: { // the object's `__device__` variables, where the launch has them
      uint8_t base[8];
      std::string err;
      if (!readMemory(sc.mem, SpaceRef{Space::Const, int(limits::kRuntimeBank)},
                      limits::kGlobalVarBaseSlot, base, &err))
        fail(v.name + ": " + err);
      uint64_t b = 0;
      for (unsigned i = 0; i < 8; ++i)
        b |= uint64_t(base[i]) << (8 * i);
      addr += b;
      break;
    }
    default: break;
    }
    out = memoryValue(type, space, addr, lane);
  }
  out.pointers = pointerSpacesOf(v.die);
  return out;
}

CValue valueOf(const VarScope &s, const Variable &v, const EvalScope &sc, unsigned lane) {
  const CValue stored = storedValueOf(s, v, sc, lane);
  // A reference stands for its referent, as C++ reads it (`o.x` of a
  // `const Vec2 &o`).
  const TypeRef t = stripped(stored.type);
  if (!t || t->kind != CType::Pointer || !t->reference || stored.where == CValue::OptimizedOut)
    return stored;
  CValue referent = pointee(stored, sc);
  referent.reference = stored.type;
  referent.referenceAddress = uint64_t(scalarOf(stored, sc).i);
  return referent;
}

} // namespace simt::dbg
