//===-- CaptureArgs.cpp - A captured launch's arguments as script text ----===//
//
// The parameters' C types come from the kernel's demangled name; they pick
// the literal each argument is written as (the bytes are the launch's
// either way), and the element type of a buffer a pointer parameter points
// into.
//
//===----------------------------------------------------------------------===//
#include "runtime/capture/CaptureScript.h"
#include "runtime/KernelNames.h"
#include "support/Text.h"

#include <cmath>
#include <cstring>

namespace simt::rt {

namespace {

/// `text` without the qualifiers that do not change a type's bytes.
std::string unqualified(std::string_view text) {
  std::string out;
  for (std::string_view word : splitWords(text))
    if (word != "const" && word != "volatile" && word != "__restrict__" && word != "__restrict")
      out += (out.empty() ? "" : " ") + std::string(word);
  return out;
}

/// The little-endian value of `bytes` (at most 8) at `at`.
uint64_t readLittle(const uint8_t *at, unsigned bytes) {
  uint64_t v = 0;
  std::memcpy(&v, at, bytes);
  return v;
}

/// The unsigned integer type of `bytes` bytes (1, 2, 4 or 8).
ElemType unsignedOfSize(unsigned bytes) {
  switch (bytes) {
  case 1: return ElemType::U8;
  case 2: return ElemType::U16;
  case 4: return ElemType::U32;
  default: return ElemType::U64;
  }
}

} // namespace

std::vector<std::string> kernelParamTypes(std::string_view mangled) {
  const std::string shown = demangleKernelName(mangled);
  if (shown == mangled || shown.empty() || shown.back() != ')')
    return {};
  // The parameter list is the last balanced (...) of the name.
  size_t open = shown.size() - 1;
  for (int depth = 0; open-- > 0;) {
    if (shown[open] == ')')
      ++depth;
    else if (shown[open] == '(' && depth-- == 0)
      break;
  }
  std::vector<std::string> out;
  std::string_view list(shown.data() + open + 1, shown.size() - open - 2);
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i <= list.size(); ++i) {
    const char c = i < list.size() ? list[i] : ',';
    depth += (c == '(' || c == '<' || c == '[') - (c == ')' || c == '>' || c == ']');
    if (c == ',' && depth == 0) {
      if (std::string_view t = trim(list.substr(start, i - start)); !t.empty() && t != "void")
        out.emplace_back(t);
      start = i + 1;
    }
  }
  return out;
}

std::optional<ElemType> elemTypeOfC(std::string_view cType) {
  const std::string t = unqualified(cType);
  static const std::pair<std::string_view, ElemType> Exact[] = {
      {"float", ElemType::F32},         {"double", ElemType::F64},
      {"int", ElemType::S32},           {"signed int", ElemType::S32},
      {"unsigned int", ElemType::U32},  {"unsigned", ElemType::U32},
      {"short", ElemType::S16},         {"unsigned short", ElemType::U16},
      {"char", ElemType::S8},           {"signed char", ElemType::S8},
      {"unsigned char", ElemType::U8},  {"bool", ElemType::U8},
      {"long", ElemType::S64},          {"long long", ElemType::S64},
      {"unsigned long", ElemType::U64}, {"unsigned long long", ElemType::U64},
  };
  for (const auto &[name, type] : Exact)
    if (t == name)
      return type;
  // CUDA's vector types: float4, uint2, longlong2, ...
  static const std::pair<std::string_view, ElemType> Vectors[] = {
      {"float", ElemType::F32},    {"double", ElemType::F64},   {"uint", ElemType::U32},
      {"int", ElemType::S32},      {"ushort", ElemType::U16},   {"short", ElemType::S16},
      {"uchar", ElemType::U8},     {"char", ElemType::S8},      {"ulonglong", ElemType::U64},
      {"longlong", ElemType::S64},
  };
  for (const auto &[name, type] : Vectors)
    if (t.size() == name.size() + 1 && t.starts_with(name) && t.back() >= '1' && t.back() <= '4')
      return type;
  return std::nullopt;
}

std::string literalText(const Value &v) {
  const bool finite = !isFloat(v.type) || std::isfinite(v.asDouble());
  return finite ? formatValue(v) : formatHex(v);
}

std::string typedLiteral(const Value &v) { return literalText(v) + std::string(typeName(v.type)); }

std::string launchArgsText(const LaunchRequest &launch, const std::vector<CapturedBuffer> &buffers,
                           const std::vector<std::string> &paramTypes) {
  const KernelInfo &info = launch.kernel->kernel.info;
  const unsigned pointerBytes = info.abi / 8;
  std::string out;
  for (size_t i = 0; i < info.params.size(); ++i) {
    const ParamInfo &p = info.params[i];
    const uint8_t *at = launch.params.data() + (p.offset - limits::kFirstParamOffset);
    const std::string cType = paramTypes.size() == info.params.size() ? paramTypes[i] : "";
    const bool pointer = cType.empty() ? p.size == pointerBytes : cType.back() == '*';
    std::string text;
    if (pointer && p.size == pointerBytes) {
      const uint64_t addr = readLittle(at, p.size);
      for (const CapturedBuffer &b : buffers)
        if (b.base == addr)
          text = b.name;
      if (text.empty())
        text = formatHex(Value::fromBits(unsignedOfSize(p.size), addr)) +
               std::string(typeName(unsignedOfSize(p.size)));
    } else {
      // A scalar of its C type, else of its size; a struct or vector as a
      // brace list of its elements, or of 32-bit words in hexadecimal.
      std::optional<ElemType> type = pointer ? std::nullopt : elemTypeOfC(cType);
      const bool words = !type || p.size % sizeOf(*type);
      if (words) {
        unsigned word = p.size <= 8 ? 8 : 4;
        while (p.size % word || word > std::max(p.align, 1u))
          word /= 2;
        type = unsignedOfSize(word);
      }
      const unsigned n = p.size / sizeOf(*type);
      for (unsigned k = 0; k < n; ++k) {
        const Value v = Value::load(*type, at + k * sizeOf(*type));
        text += (k ? ", " : "") + (words && n > 1 ? formatHex(v) + std::string(typeName(v.type))
                                                  : typedLiteral(v));
      }
      if (n != 1)
        text = "{" + text + "}";
    }
    out += (i ? ", " : "") + text;
  }
  return out;
}

} // namespace simt::rt
