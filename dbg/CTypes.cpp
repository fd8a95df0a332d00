//===-- CTypes.cpp - C types of the variables simt-dbg shows --------------===//
#include "dbg/CTypes.h"

#include "isa/SIMTDwarf.h"

#include "llvm/BinaryFormat/Dwarf.h"
#include "llvm/DebugInfo/DWARF/DWARFFormValue.h"
#include "llvm/DebugInfo/DWARF/DWARFUnit.h"

namespace simt::dbg {

using namespace llvm;

TypeRef stripped(TypeRef T) {
  while (T && (T->kind == CType::Typedef || T->kind == CType::Const ||
               T->kind == CType::Volatile))
    T = T->target;
  return T;
}

bool isScalar(const TypeRef &T) {
  TypeRef S = stripped(T);
  if (!S)
    return false;
  switch (S->kind) {
  case CType::Bool: case CType::Int: case CType::Char: case CType::Float:
  case CType::Pointer: case CType::Enum:
    return true;
  default:
    return false;
  }
}

TypeRef builtinType(const std::string &name) {
  static const struct {
    const char *name;
    CType::Kind kind;
    uint64_t size;
    bool isSigned;
  } table[] = {
      {"int", CType::Int, 4, true},          {"unsigned int", CType::Int, 4, false},
      {"long", CType::Int, 8, true},         {"unsigned long", CType::Int, 8, false},
      {"float", CType::Float, 4, true},      {"double", CType::Float, 8, true},
      {"bool", CType::Bool, 1, false},       {"char", CType::Char, 1, true},
      {"signed char", CType::Char, 1, true}, {"unsigned char", CType::Char, 1, false},
      {"short", CType::Int, 2, true},        {"unsigned short", CType::Int, 2, false},
      {"long long", CType::Int, 8, true},    {"unsigned long long", CType::Int, 8, false},
  };
  static std::map<std::string, TypeRef> made;
  if (auto it = made.find(name); it != made.end())
    return it->second;
  for (const auto &e : table)
    if (name == e.name) {
      auto t = std::make_shared<CType>();
      t->kind = e.kind;
      t->name = e.name;
      t->size = e.size;
      t->isSigned = e.isSigned;
      return made[name] = t;
    }
  return nullptr;
}

TypeRef cudaVectorType(const std::string &name) {
  static std::map<std::string, TypeRef> made;
  if (auto it = made.find(name); it != made.end())
    return it->second;
  auto t = std::make_shared<CType>();
  t->kind = CType::Struct;
  t->name = name;
  t->size = 12;
  const TypeRef u = builtinType("unsigned int");
  t->members = {{"x", 0, u}, {"y", 4, u}, {"z", 8, u}};
  return made[name] = t;
}

TypeRef pointerTo(TypeRef T, uint16_t addressClass) {
  auto p = std::make_shared<CType>();
  p->kind = CType::Pointer;
  p->size = 8;
  p->target = std::move(T);
  p->addressClass = addressClass;
  return p;
}

TypeRef arrayOf(TypeRef T, uint64_t count) {
  auto a = std::make_shared<CType>();
  a->kind = CType::Array;
  a->count = count;
  a->size = (T ? T->size : 0) * count;
  a->target = std::move(T);
  return a;
}

namespace {

/// C's declarator syntax: the type's name around `inner` (what is declared
/// of it: "*", "[4]", a name).
std::string declarator(const TypeRef &T, const std::string &inner) {
  auto join = [&](const std::string &base) { return inner.empty() ? base : base + " " + inner; };
  if (!T)
    return join("void");
  switch (T->kind) {
  case CType::Pointer: {
    TypeRef S = stripped(T->target);
    const bool wrap = S && (S->kind == CType::Array || S->kind == CType::Function);
    const std::string op = T->reference ? "&" : "*";
    return declarator(T->target, wrap ? "(" + op + inner + ")" : op + inner);
  }
  case CType::Array:
    return declarator(T->target,
                      inner + "[" + (T->count ? std::to_string(T->count) : std::string()) + "]");
  case CType::Const: case CType::Volatile: {
    const char *q = T->kind == CType::Const ? "const" : "volatile";
    TypeRef S = T->target;
    if (S && S->kind == CType::Pointer) // `float *const p`
      return declarator(S, std::string(q) + (inner.empty() ? "" : " " + inner));
    return std::string(q) + " " + declarator(S, inner);
  }
  case CType::Function:
    return declarator(T->target, inner + "(...)");
  case CType::Void:
    return join("void");
  default:
    return join(T->name.empty() ? "<anonymous>" : T->name);
  }
}

} // namespace

std::string typeName(const TypeRef &T) {
  std::string s = declarator(T, "");
  // "float *", not "float * ": the declarator leaves no name.
  return s;
}

std::string typeBody(const TypeRef &T) {
  TypeRef S = T;
  while (S && S->kind == CType::Typedef)
    S = S->target;
  if (!S || (S->kind != CType::Struct && S->kind != CType::Union && S->kind != CType::Enum))
    return declarator(S, "");
  std::string out = S->kind == CType::Struct ? (S->isClass ? "class" : "struct")
                    : S->kind == CType::Union ? "union"
                                              : "enum";
  if (!S->name.empty())
    out += " " + S->name;
  out += " {\n";
  if (S->kind == CType::Enum) {
    for (size_t i = 0; i < S->enumerators.size(); ++i)
      out += "    " + S->enumerators[i].first + (i + 1 < S->enumerators.size() ? ",\n" : "\n");
    return out + "}";
  }
  // As gdb: an access label where the access differs from the one before
  // (a class starts private, a struct public), methods after a blank line.
  CType::Access access = S->isClass ? CType::Private : CType::Public;
  const auto label = [&](CType::Access a) {
    if (a != access)
      out += a == CType::Public ? "  public:\n" : a == CType::Protected ? "  protected:\n" : "  private:\n";
    access = a;
  };
  for (const CType::Member &m : S->members) {
    label(m.access);
    out += "    " + declarator(m.type, m.name) +
           (m.bitSize ? " : " + std::to_string(m.bitSize) : std::string()) + ";\n";
  }
  if (!S->methods.empty() && !S->members.empty())
    out += "\n";
  for (const CType::Method &m : S->methods) {
    label(m.access);
    out += "    " + m.declaration + ";\n";
  }
  return out + "}";
}

//===-- From DWARF ---------------------------------------------------------===//

std::string scopePrefix(const DWARFDie &d) {
  std::string prefix;
  for (DWARFDie p = d.getParent(); p; p = p.getParent()) {
    const dwarf::Tag t = p.getTag();
    if (t != dwarf::DW_TAG_namespace && t != dwarf::DW_TAG_structure_type &&
        t != dwarf::DW_TAG_class_type && t != dwarf::DW_TAG_union_type)
      break;
    const char *scope = p.getShortName();
    if (!scope && t != dwarf::DW_TAG_namespace)
      break; // an unnamed class (a lambda's closure): no name to qualify by
    prefix = std::string(scope ? scope : "(anonymous namespace)") + "::" + prefix;
  }
  return prefix;
}

TypeRef TypeCache::typeOf(const DWARFDie &d) {
  if (!d)
    return nullptr;
  if (auto it = cache_.find(d.getOffset()); it != cache_.end())
    return it->second;
  std::shared_ptr<CType> t;
  return make(d, t);
}

CType::Access TypeCache::accessOf(const DWARFDie &m, bool inClass) {
  const uint64_t a = dwarf::toUnsigned(m.find(dwarf::DW_AT_accessibility), 0);
  if (a >= CType::Public && a <= CType::Private)
    return CType::Access(a);
  return inClass ? CType::Private : CType::Public;
}

std::string TypeCache::methodDeclaration(const DWARFDie &m, const std::string &className) {
  const char *n = m.getShortName();
  const std::string name = n ? n : "";
  std::string params;
  bool isConst = false, isStatic = true; // a member function without `this` is static
  for (const DWARFDie &p : m.children()) {
    if (p.getTag() == dwarf::DW_TAG_unspecified_parameters) {
      params += params.empty() ? "..." : ", ...";
      continue;
    }
    if (p.getTag() != dwarf::DW_TAG_formal_parameter)
      continue;
    TypeRef type = typeOf(p.getAttributeValueAsReferencedDie(dwarf::DW_AT_type));
    if (p.find(dwarf::DW_AT_artificial)) { // `this`: a pointer to const in a const method
      TypeRef pointee = type && type->kind == CType::Pointer ? type->target : nullptr;
      isConst = pointee && pointee->kind == CType::Const;
      isStatic = false;
      continue;
    }
    params += (params.empty() ? "" : ", ") + typeName(type);
  }
  // gdb writes an empty list (void), but a destructor's ().
  if (params.empty() && name.rfind('~', 0) != 0)
    params = "void";
  std::string decl = name + "(" + params + ")" + (isConst ? " const" : "");
  // A constructor has the class's name (a template's without its
  // arguments: Box<int>'s is Box).
  const std::string bare = className.substr(0, className.find('<'));
  const bool constructor = !bare.empty() && (name == bare || bare.ends_with("::" + name));
  const std::string prefix =
      std::string(dwarf::toUnsigned(m.find(dwarf::DW_AT_virtuality), 0) ? "virtual " : "") +
      (isStatic && !constructor ? "static " : "");
  if (constructor || name.rfind('~', 0) == 0)
    return prefix + decl;
  DWARFDie ret = m.getAttributeValueAsReferencedDie(dwarf::DW_AT_type);
  return prefix + declarator(ret ? typeOf(ret) : nullptr, decl);
}

TypeRef TypeCache::make(const DWARFDie &d, std::shared_ptr<CType> &t) {
  t = std::make_shared<CType>();
  cache_[d.getOffset()] = t; // before the members: a struct may point to itself
  if (const char *n = d.getShortName())
    t->name = n;
  switch (d.getTag()) { // a named type in a namespace or class: gdb's qualified name
  case dwarf::DW_TAG_structure_type: case dwarf::DW_TAG_class_type:
  case dwarf::DW_TAG_union_type: case dwarf::DW_TAG_enumeration_type:
  case dwarf::DW_TAG_typedef:
    if (!t->name.empty())
      t->name = scopePrefix(d) + t->name;
    break;
  default:
    break;
  }
  t->size = dwarf::toUnsigned(d.find(dwarf::DW_AT_byte_size), 0);
  DWARFDie inner = d.getAttributeValueAsReferencedDie(dwarf::DW_AT_type);
  switch (d.getTag()) {
  case dwarf::DW_TAG_base_type: {
    const uint64_t enc = dwarf::toUnsigned(d.find(dwarf::DW_AT_encoding), 0);
    switch (enc) {
    case dwarf::DW_ATE_float: t->kind = CType::Float; break;
    case dwarf::DW_ATE_boolean: t->kind = CType::Bool; break;
    case dwarf::DW_ATE_signed_char: case dwarf::DW_ATE_unsigned_char:
      t->kind = t->size == 1 ? CType::Char : CType::Int;
      break;
    default: t->kind = CType::Int; break;
    }
    t->isSigned = enc == dwarf::DW_ATE_signed || enc == dwarf::DW_ATE_signed_char ||
                  enc == dwarf::DW_ATE_float;
    break;
  }
  case dwarf::DW_TAG_pointer_type: case dwarf::DW_TAG_reference_type:
  case dwarf::DW_TAG_rvalue_reference_type:
    t->kind = CType::Pointer;
    t->reference = d.getTag() != dwarf::DW_TAG_pointer_type;
    if (!t->size)
      t->size = d.getDwarfUnit()->getAddressByteSize();
    t->addressClass = uint16_t(dwarf::toUnsigned(d.find(dwarf::DW_AT_address_class), 0));
    t->target = typeOf(inner);
    break;
  case dwarf::DW_TAG_typedef: case dwarf::DW_TAG_const_type: case dwarf::DW_TAG_volatile_type:
  case dwarf::DW_TAG_restrict_type: case dwarf::DW_TAG_atomic_type: {
    const dwarf::Tag tag = d.getTag();
    t->kind = tag == dwarf::DW_TAG_typedef      ? CType::Typedef
              : tag == dwarf::DW_TAG_const_type ? CType::Const
              : tag == dwarf::DW_TAG_volatile_type ? CType::Volatile
                                                   : CType::Typedef;
    t->target = typeOf(inner);
    if (tag != dwarf::DW_TAG_typedef)
      t->name.clear();
    if (tag == dwarf::DW_TAG_restrict_type || tag == dwarf::DW_TAG_atomic_type) {
      t->kind = CType::Typedef; // shown as what it qualifies
      t->name = t->target ? typeName(t->target) : "void";
    }
    t->size = t->target ? t->target->size : 0;
    break;
  }
  case dwarf::DW_TAG_array_type: {
    // int a[2][3]: an array of 2 arrays of 3, built from the last subrange.
    std::vector<uint64_t> dims;
    for (const DWARFDie &r : d.children()) {
      if (r.getTag() != dwarf::DW_TAG_subrange_type)
        continue;
      if (auto c = dwarf::toUnsigned(r.find(dwarf::DW_AT_count)))
        dims.push_back(*c);
      else if (auto u = dwarf::toUnsigned(r.find(dwarf::DW_AT_upper_bound)))
        dims.push_back(*u + 1);
      else
        dims.push_back(0);
    }
    if (dims.empty())
      dims.push_back(0);
    TypeRef elem = typeOf(inner);
    for (size_t i = dims.size(); i-- > 1;)
      elem = arrayOf(elem, dims[i]);
    t->kind = CType::Array;
    t->count = dims.front();
    t->target = elem;
    t->size = (elem ? elem->size : 0) * t->count;
    break;
  }
  case dwarf::DW_TAG_structure_type: case dwarf::DW_TAG_class_type: case dwarf::DW_TAG_union_type:
    t->kind = d.getTag() == dwarf::DW_TAG_union_type ? CType::Union : CType::Struct;
    t->isClass = d.getTag() == dwarf::DW_TAG_class_type;
    for (const DWARFDie &m : d.children()) {
      if (m.getTag() == dwarf::DW_TAG_subprogram && !m.find(dwarf::DW_AT_artificial)) {
        t->methods.push_back({methodDeclaration(m, t->name), accessOf(m, t->isClass)});
        continue;
      }
      if (m.getTag() != dwarf::DW_TAG_member || m.find(dwarf::DW_AT_external))
        continue; // static members live elsewhere
      CType::Member mem;
      mem.access = accessOf(m, t->isClass);
      if (const char *n = m.getShortName())
        mem.name = n;
      mem.offset = dwarf::toUnsigned(m.find(dwarf::DW_AT_data_member_location), 0);
      mem.type = typeOf(m.getAttributeValueAsReferencedDie(dwarf::DW_AT_type));
      mem.bitSize = unsigned(dwarf::toUnsigned(m.find(dwarf::DW_AT_bit_size), 0));
      std::optional<uint64_t> bits = dwarf::toUnsigned(m.find(dwarf::DW_AT_data_bit_offset));
      // DWARF 2's DW_AT_bit_offset counts from the storage unit's top bit.
      if (auto fromTop = dwarf::toUnsigned(m.find(dwarf::DW_AT_bit_offset)); fromTop && mem.bitSize)
        if (auto unit = dwarf::toUnsigned(m.find(dwarf::DW_AT_byte_size)))
          bits = mem.offset * 8 + *unit * 8 - *fromTop - mem.bitSize;
      if (bits) {
        mem.offset = *bits / 8;
        mem.bitOffset = unsigned(*bits % 8);
      }
      t->members.push_back(std::move(mem));
    }
    break;
  case dwarf::DW_TAG_enumeration_type:
    t->kind = CType::Enum;
    t->isSigned = true;
    for (const DWARFDie &e : d.children())
      if (e.getTag() == dwarf::DW_TAG_enumerator)
        if (auto v = e.find(dwarf::DW_AT_const_value))
          t->enumerators.push_back({e.getShortName() ? e.getShortName() : "",
                                    v->getAsSignedConstant().value_or(
                                        int64_t(v->getAsUnsignedConstant().value_or(0)))});
    if (!t->size)
      t->size = 4;
    break;
  case dwarf::DW_TAG_subroutine_type:
    t->kind = CType::Function;
    t->target = typeOf(inner);
    break;
  default: // unspecified_type (nullptr_t), ...
    t->kind = CType::Void;
    break;
  }
  return t;
}

} // namespace simt::dbg
