//===-- HostValues.cpp - Host frames and values as gdb prints them --------===//
#include "dbg/host/HostValues.h"
#include "dbg/CValues.h"
#include "dbg/Frames.h"
#include "dbg/GdbSettings.h"
#include "dbg/Views.h"
#include "runtime/SourceNames.h"

#include <algorithm>
#include <cinttypes>
#include <optional>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <vector>

namespace simt::dbg {

std::string hexText(uint64_t v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%" PRIx64, v);
  return buf;
}

namespace {

bool isCharType(lldb::SBType t) {
  switch (t.GetCanonicalType().GetBasicType()) {
  case lldb::eBasicTypeChar:
  case lldb::eBasicTypeSignedChar:
  case lldb::eBasicTypeUnsignedChar:
    return true;
  default:
    return false;
  }
}

/// A scalar value (a number, a pointer, an enumerator) and its width in
/// bits, for the device side's formatters; none for a long double or an
/// aggregate.
std::optional<std::pair<Scalar, unsigned>> hostScalar(lldb::SBValue v) {
  lldb::SBType t = v.GetType().GetCanonicalType();
  const unsigned width = unsigned(t.GetByteSize() * 8);
  Scalar s;
  lldb::SBError e;
  switch (t.GetBasicType()) {
  case lldb::eBasicTypeFloat:
    s.isFloat = true;
    s.f = v.GetData().GetFloat(e, 0);
    break;
  case lldb::eBasicTypeDouble:
    s.isFloat = true;
    s.f = v.GetData().GetDouble(e, 0);
    break;
  case lldb::eBasicTypeLongDouble:
    return std::nullopt;
  default:
    if (width == 0 || width > 64)
      return std::nullopt;
    s.i = int64_t(v.GetValueAsUnsigned(e));
  }
  if (e.Fail())
    return std::nullopt;
  return std::pair{s, width};
}

std::string scalarText(lldb::SBValue v) {
  const char *text = v.GetValue();
  if (!text)
    return "<optimized out>";
  if (isCharType(v.GetType())) // gdb: 97 'a'
    return std::to_string(v.GetValueAsSigned()) + " " + text;
  // gdb's digits (0.1 is 0.10000000000000001; LLDB's own is 1.0E+13, NaN).
  if (auto s = hostScalar(v); s && s->first.isFloat)
    return gdbFloatText(s->first.f, s->second);
  return text;
}

/// "1 element", "3 elements": libstdc++'s printers' count.
std::string elementCount(uint32_t n) {
  return std::to_string(n) + (n == 1 ? " element" : " elements");
}

/// A standard library container or string as gdb's libstdc++ printers show
/// it (`std::vector of length 3, capacity 4 = {1, 2, 3}`, `"text"`, `std::map
/// with 2 elements = {[1] = 0.5, [2] = 1.5}`), from LLDB's own formatters'
/// children; none for other types.
std::optional<std::string> standardLibraryText(lldb::SBValue v, char format) {
  const char *raw = v.GetType().GetCanonicalType().GetName();
  const std::string_view name = raw ? raw : "";
  const auto is = [&](std::string_view prefix) { return name.starts_with(prefix); };
  if (is("std::__cxx11::basic_string<char,") || is("std::basic_string<char,")) {
    // Its characters, read from the process: `print elements` of them (when
    // unlimited, as many as an array's). libstdc++'s layout: the pointer
    // first (_M_dataplus._M_p, whose type clang leaves undescribed outside
    // libstdc++), then the length.
    lldb::SBError e;
    const uint64_t at = v.GetData().GetAddress(e, 0);
    const uint64_t length = v.GetChildMemberWithName("_M_string_length").GetValueAsUnsigned();
    const size_t elements = gdbSettings().printElements;
    std::string bytes(size_t(std::min<uint64_t>(length, elements ? elements : kArrayElementsRead)),
                      '\0');
    if (e.Fail() || (!bytes.empty() && v.GetProcess().ReadMemory(at, bytes.data(), bytes.size(), e) !=
                                           bytes.size()))
      return std::nullopt;
    return gdbCharArrayText(bytes) + (length > bytes.size() ? "..." : "");
  }
  const uint32_t n = v.GetNumChildren();
  std::vector<std::string> elems;
  const auto elements = [&](bool keyed) {
    for (uint32_t i = 0; i < n && i < kArrayElementsRead; ++i) {
      lldb::SBValue c = v.GetChildAtIndex(i);
      elems.push_back(keyed ? "[" + hostValueText(c.GetChildMemberWithName("first"), false, format) +
                                  "] = " +
                                  hostValueText(c.GetChildMemberWithName("second"), false, format)
                            : hostValueText(c, false, format));
    }
  };
  const auto withElements = [&](const std::string &head) {
    return n ? head + " = " + gdbArrayText(elems, elems.size() < n) : head;
  };
  if (is("std::vector<") && !is("std::vector<bool")) {
    lldb::SBValue plain = v.GetNonSyntheticValue();
    const uint64_t start = plain.GetValueForExpressionPath("._M_impl._M_start").GetValueAsUnsigned();
    const uint64_t end =
        plain.GetValueForExpressionPath("._M_impl._M_end_of_storage").GetValueAsUnsigned();
    const uint64_t each = std::max<uint64_t>(1, v.GetType().GetTemplateArgumentType(0).GetByteSize());
    elements(false);
    return withElements("std::vector of length " + std::to_string(n) + ", capacity " +
                        std::to_string(end >= start ? (end - start) / each : 0));
  }
  // The associative containers: the maps' elements as [key] = value.
  static const std::pair<const char *, bool> associative[] = {
      {"std::map<", true},           {"std::multimap<", true},
      {"std::unordered_map<", true}, {"std::unordered_multimap<", true},
      {"std::set<", false},          {"std::multiset<", false},
      {"std::unordered_set<", false}, {"std::unordered_multiset<", false}};
  for (const auto &[prefix, keyed] : associative)
    if (is(prefix)) {
      elements(keyed);
      return withElements(std::string(name.substr(0, name.find('<'))) + " with " +
                          elementCount(n));
    }
  return std::nullopt;
}

} // namespace

std::string hostValueText(lldb::SBValue v, bool pointerType, char format) {
  if (!v.IsValid())
    return "<error>";
  if (v.GetError().Fail() && !v.GetValue())
    return "<optimized out>";
  lldb::SBType t = v.GetType().GetCanonicalType();
  const lldb::TypeClass scalarClasses = lldb::TypeClass(
      lldb::eTypeClassBuiltin | lldb::eTypeClassEnumeration | lldb::eTypeClassPointer);
  if (format && (t.GetTypeClass() & scalarClasses))
    if (auto s = hostScalar(v)) // print/FMT: gdb's bits at the type's width
      return gdbFormatScalar(s->first, format, s->second, s->first.isFloat);
  switch (t.GetTypeClass()) {
  case lldb::eTypeClassReference: {
    // gdb: "(int &) @0x7ffe4c: 5" at the top, "@0x7ffe4c: 5" within.
    lldb::SBValue to = v.Dereference();
    const std::string s = "@" + hexText(to.IsValid() ? to.GetLoadAddress() : v.GetValueAsUnsigned()) +
                          ": " + (to.IsValid() ? hostValueText(to, false, format) : "<error>");
    return pointerType ? "(" + std::string(v.GetType().GetDisplayTypeName()) + ") " + s : s;
  }
  case lldb::eTypeClassPointer: {
    std::string s = hexText(v.GetValueAsUnsigned());
    if (isCharType(t.GetPointeeType()) && v.GetSummary())
      return s + " " + v.GetSummary();
    return pointerType ? "(" + std::string(v.GetType().GetDisplayTypeName()) + ") " + s : s;
  }
  case lldb::eTypeClassStruct:
  case lldb::eTypeClassClass:
  case lldb::eTypeClassUnion:
  case lldb::eTypeClassArray: {
    const bool named = t.GetTypeClass() != lldb::eTypeClassArray;
    if (named)
      if (std::optional<std::string> text = standardLibraryText(v, format))
        return *text;
    if (!named) {
      // Past the limit gdb reads no more elements; one more tells "...".
      const uint32_t n = v.GetNumChildren();
      std::vector<std::string> elems;
      for (uint32_t i = 0; i < n && i < kArrayElementsRead; ++i)
        elems.push_back(hostValueText(v.GetChildAtIndex(i), false, format));
      return gdbArrayText(elems, elems.size() < n);
    }
    std::string s = "{";
    for (uint32_t i = 0; i < v.GetNumChildren(); ++i) {
      lldb::SBValue c = v.GetChildAtIndex(i);
      s += (i ? ", " : "");
      if (named && c.GetName())
        s += std::string(c.GetName()) + " = ";
      s += hostValueText(c, false, format); // gdb types a pointer only at the top
    }
    return s + "}";
  }
  default:
    return scalarText(v);
  }
}

namespace {
/// An array type's dimensions ("[4][8]", "" for none); `t` becomes its
/// element type.
std::string stripArrays(lldb::SBType &t) {
  std::string dims;
  for (; t.IsArrayType(); t = t.GetArrayElementType()) {
    const uint64_t each = std::max<uint64_t>(1, t.GetArrayElementType().GetByteSize());
    dims += "[" + std::to_string(t.GetByteSize() / each) + "]";
  }
  return dims;
}
} // namespace

std::string gdbTypeName(lldb::SBType t) {
  // An array is "int [48]" to gdb, "int[48]" to LLDB.
  const std::string dims = stripArrays(t);
  const char *name = t.GetDisplayTypeName();
  return std::string(name ? name : "?") + (dims.empty() ? "" : " " + dims);
}

namespace {
/// "int count", "float v[4]", "const char *name": a member as declared.
std::string declaration(lldb::SBType t, const std::string &name) {
  const std::string dims = stripArrays(t);
  const std::string type = gdbTypeName(t);
  return type + (type.back() == '*' ? "" : " ") + name + dims;
}
} // namespace

std::string gdbTypeBody(lldb::SBType t) {
  t = t.GetCanonicalType();
  if (t.IsPointerType() || t.IsReferenceType()) {
    lldb::SBType to = t.IsPointerType() ? t.GetPointeeType() : t.GetDereferencedType();
    const std::string inner = gdbTypeBody(to);
    return inner + (inner.back() == '*' ? "*" : " *");
  }
  if (t.IsArrayType()) {
    const std::string dims = stripArrays(t);
    return gdbTypeBody(t) + " " + dims;
  }
  const lldb::TypeClass c = t.GetTypeClass();
  if (c == lldb::eTypeClassEnumeration) {
    std::string s = "enum " + gdbTypeName(t.GetUnqualifiedType()) + " {";
    lldb::SBTypeEnumMemberList members = t.GetEnumMembers();
    for (uint32_t i = 0; i < members.GetSize(); ++i)
      if (const char *name = members.GetTypeEnumMemberAtIndex(i).GetName())
        s += (i ? ", " : "") + std::string(name);
    return s + "}";
  }
  if (c != lldb::eTypeClassStruct && c != lldb::eTypeClassClass && c != lldb::eTypeClassUnion)
    return gdbTypeName(t);
  const char *keyword = c == lldb::eTypeClassUnion   ? "union "
                        : c == lldb::eTypeClassClass ? "class "
                                                     : "struct ";
  std::string s = keyword + gdbTypeName(t.GetUnqualifiedType()) + " {\n";
  if (c == lldb::eTypeClassClass)
    s += "  public:\n";
  for (uint32_t i = 0; i < t.GetNumberOfFields(); ++i) {
    lldb::SBTypeMember m = t.GetFieldAtIndex(i);
    s += "    " + declaration(m.GetType(), m.GetName() ? m.GetName() : "") + ";\n";
  }
  return s + "}";
}

std::string hostFunctionName(lldb::SBFrame f) {
  const char *raw = f.GetDisplayFunctionName();
  std::string name = withoutReturnType(raw ? raw : "??");
  // LLDB's names of a symbol without DWARF may end in the suffix of a
  // compiler's copy ("f(int) (.localalias)"): gdb's demangled names of the
  // same symbol do not show it.
  if (const size_t copy = name.find(" (."); copy != std::string::npos && name.back() == ')')
    name.resize(copy);
  // gdb names a function without debug information by its symbol, the
  // parameter types included (`interact() ()`), one with it by its name:
  // "digit_sum(int)" -> "digit_sum", the parameter list that closes it dropped.
  if (!f.GetFunction().IsValid())
    return name;
  // A method's qualifiers after its parameter list ("get() const") go
  // with it: gdb's frame line names it "Acc::get".
  for (bool again = true; again;) {
    again = false;
    for (const char *q : {" const", " volatile", " &&", " &"}) {
      const size_t n = std::strlen(q);
      if (name.size() > n && name.compare(name.size() - n, n, q) == 0) {
        name.resize(name.size() - n);
        again = true;
      }
    }
  }
  if (!name.empty() && name.back() == ')') {
    int depth = 0;
    for (size_t i = name.size(); i-- > 0;) {
      depth += name[i] == ')' ? 1 : name[i] == '(' ? -1 : 0;
      if (depth == 0) {
        name.resize(i);
        break;
      }
    }
  }
  return name;
}

namespace {
/// A parameter type as gdb's C++ names spell it (its demangler's style,
/// that of the mangled functions' names): LLDB's "char **" is "char**",
/// "const char *" is "char const*".
std::string gdbParameterType(std::string t) {
  std::string qualifiers;
  for (bool again = true; again;) {
    again = false;
    for (const char *q : {"const ", "volatile "})
      if (t.rfind(q, 0) == 0) {
        qualifiers += " " + std::string(q, std::strlen(q) - 1);
        t.erase(0, std::strlen(q));
        again = true;
      }
  }
  size_t base = t.find_first_of("*&");
  base = base == std::string::npos ? t.size() : base;
  while (base > 0 && t[base - 1] == ' ')
    --base;
  t.insert(base, qualifiers);
  std::string out;
  for (size_t i = 0; i < t.size(); ++i)
    if (!(t[i] == ' ' && i + 1 < t.size() && (t[i + 1] == '*' || t[i + 1] == '&')))
      out += t[i];
  return out;
}
} // namespace

std::string gdbFunctionName(lldb::SBFunction f) {
  const char *raw = f.GetDisplayName();
  std::string name = withoutReturnType(raw ? raw : "??");
  // A mangled name carries its parameter types; a C++ function without one
  // (main, an extern "C" function) gets them from its DWARF type, as gdb
  // builds them: "main(int, char**)". C names have none in gdb either.
  if (name.find('(') != std::string::npos ||
      !lldb::SBLanguageRuntime::LanguageIsCPlusPlus(f.GetLanguage()))
    return name;
  lldb::SBTypeList params = f.GetType().GetFunctionArgumentTypes();
  name += "(";
  for (uint32_t i = 0; i < params.GetSize(); ++i) {
    const char *type = params.GetTypeAtIndex(i).GetName();
    name += (i ? ", " : "") + gdbParameterType(type ? type : "?");
  }
  return name + ")";
}

bool hasLineInfo(lldb::SBFrame f) {
  lldb::SBLineEntry le = f.GetLineEntry();
  return le.IsValid() && le.GetLine() != 0 && le.GetFileSpec().GetFilename();
}

std::string hostFileName(const lldb::SBLineEntry &le) {
  char path[4096];
  if (!le.IsValid() || !le.GetFileSpec().GetPath(path, sizeof path))
    return "";
  return rt::compiledName(path);
}

std::string hostArgsText(lldb::SBFrame f) {
  std::string s;
  lldb::SBValueList args = f.GetVariables(/*arguments=*/true, false, false, true);
  for (uint32_t i = 0; i < args.GetSize(); ++i) {
    lldb::SBValue a = args.GetValueAtIndex(i);
    // gdb's `print frame-arguments scalars`: a structure, union or array
    // (or a reference to one) is "...".
    lldb::SBType t = a.GetType().GetCanonicalType();
    if (t.IsReferenceType())
      t = t.GetDereferencedType().GetCanonicalType();
    const bool aggregate = (t.GetTypeClass() & (lldb::eTypeClassStruct | lldb::eTypeClassClass |
                                                lldb::eTypeClassUnion | lldb::eTypeClassArray)) != 0;
    s += (i ? ", " : "") + std::string(a.GetName() ? a.GetName() : "?") + "=" +
         (aggregate ? std::string("...") : hostValueText(a, /*pointerType=*/false));
  }
  return s;
}

std::string hostFrameText(lldb::SBFrame f) {
  std::string s = hostFunctionName(f) + " (" + hostArgsText(f) + ")";
  if (hasLineInfo(f)) {
    lldb::SBLineEntry le = f.GetLineEntry();
    s += " at " + hostFileName(le) + ":" + std::to_string(le.GetLine());
  } else if (lldb::SBModule m = f.GetModule(); m.IsValid()) {
    char path[4096];
    if (m.GetFileSpec().GetPath(path, sizeof path))
      s += std::string(" from ") + path;
  }
  return s;
}

namespace {
/// "0x000055555555528c in ".
std::string addressIn(lldb::SBFrame f) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%016" PRIx64 " in ", f.GetPC());
  return buf;
}
} // namespace

std::string hostBacktraceLine(lldb::SBFrame f, uint32_t index) {
  // gdb: frame 0's address too when it stands within a line (after finish).
  return "#" + std::to_string(index) + "  " +
         (index > 0 || !atLineStart(f) ? addressIn(f) : "") + hostFrameText(f);
}

bool atLineStart(lldb::SBFrame f) {
  if (!hasLineInfo(f))
    return false;
  lldb::SBLineEntry here = f.GetLineEntry();
  if (here.GetStartAddress().GetFileAddress() != f.GetPCAddress().GetFileAddress())
    return false;
  // The end of a function's prologue starts a statement even on the line
  // of the prologue (a one-line method, `int get() const { return n; }`):
  // gdb's breakpoint at the function stops there, with no address shown.
  if (lldb::SBFunction fn = f.GetFunction(); fn.IsValid())
    if (fn.GetStartAddress().GetFileAddress() + fn.GetPrologueByteSize() ==
        f.GetPCAddress().GetFileAddress())
      return true;
  // clang starts a row at each column of a line, the first alone a
  // statement (is_stmt, which the SB API does not show): a row that goes on
  // the same line of the same function, such as the one after a call's
  // return, is the middle of that line to gdb.
  lldb::SBTarget target = f.GetThread().GetProcess().GetTarget();
  lldb::SBAddress before(f.GetPC() - 1, target);
  lldb::SBLineEntry prev = before.GetLineEntry();
  return !prev.IsValid() || prev.GetLine() != here.GetLine() ||
         prev.GetFileSpec() != here.GetFileSpec() || before.GetFunction() != f.GetFunction();
}

std::string hostStopFrameText(lldb::SBFrame f) {
  return (atLineStart(f) ? "" : addressIn(f)) + hostFrameText(f);
}

const std::vector<std::string> &hostSourceText(const std::string &path) {
  static std::map<std::string, std::vector<std::string>> files;
  auto [it, fresh] = files.try_emplace(path);
  if (fresh) {
    std::ifstream in(path);
    for (std::string line; std::getline(in, line);)
      it->second.push_back(line);
  }
  return it->second;
}

std::string hostPath(lldb::SBFileSpec file) {
  char path[4096];
  return file.IsValid() && file.GetPath(path, sizeof path) ? path : "";
}

std::string hostSourceLine(lldb::SBFrame f) {
  if (!hasLineInfo(f))
    return "";
  lldb::SBLineEntry le = f.GetLineEntry();
  const std::string path = hostPath(le.GetFileSpec());
  if (path.empty())
    return "";
  const std::vector<std::string> &text = hostSourceText(path);
  const uint32_t n = le.GetLine();
  if (n == 0 || n > text.size())
    return std::to_string(n) + "\t" + path + ": No such file or directory.";
  return std::to_string(n) + "\t" + text[n - 1];
}

} // namespace simt::dbg
