//===-- ParamTypes.cpp - Kernel parameters by their C names and types -----===//
#include "runtime/ParamTypes.h"

#include "runtime/KernelNames.h"
#include "runtime/RunScriptLine.h"
#include "support/Text.h"

#include <algorithm>
#include <array>

namespace simt::rt {

namespace {

/// "(int*, void (*)(int, float), Pair<int, 2>)" split at its top-level
/// commas: the parameter types.
std::vector<std::string> splitParameters(std::string_view list) {
  std::vector<std::string> out;
  if (list.size() < 2 || list.front() != '(' || list.back() != ')')
    return out;
  list = list.substr(1, list.size() - 2);
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i <= list.size(); ++i) {
    const char c = i < list.size() ? list[i] : ',';
    if (c == '(' || c == '<' || c == '[')
      ++depth;
    else if (c == ')' || c == '>' || c == ']')
      --depth;
    else if (c == ',' && depth == 0) {
      std::string_view item = trim(list.substr(start, i - start));
      if (!item.empty())
        out.emplace_back(item);
      start = i + 1;
    }
  }
  return out;
}

/// `type` without `const`/`volatile` on its outermost level.
std::string_view stripQualifiers(std::string_view type) {
  for (bool changed = true; changed;) {
    changed = false;
    for (std::string_view q : {"const", "volatile"}) {
      if (type.size() > q.size() && type.substr(0, q.size()) == q && type[q.size()] == ' ') {
        type = trim(type.substr(q.size()));
        changed = true;
      }
      if (type.size() > q.size() && type.substr(type.size() - q.size()) == q &&
          type[type.size() - q.size() - 1] == ' ') {
        type = trim(type.substr(0, type.size() - q.size()));
        changed = true;
      }
    }
  }
  return type;
}

/// "a float value", "an integer value", "a buffer's address".
std::string argumentKind(const LaunchArg &a) {
  if (std::holds_alternative<BufferArg>(a.arg))
    return "a buffer's address";
  return isFloat(std::get<Value>(a.arg).type) ? "a float value" : "an integer value";
}

/// Why `a` does not suit a parameter of kind `to`: the text after "for
/// <parameter>", or "" when it suits (or cannot be judged).
std::string mismatch(const LaunchArg &a, CTypeKind to, ElemType bitsAs) {
  if (const auto *v = std::get_if<Value>(&a.arg)) {
    const bool isF = isFloat(v->type);
    if (to == CTypeKind::Pointer && (isF || v->bits != 0))
      return ", a pointer: give a buffer name";
    if ((to == CTypeKind::Integer || to == CTypeKind::Bool) && isF)
      return ": the kernel reads its bits as " +
             formatValue(Value::fromBits(bitsAs, v->bits));
    if (to == CTypeKind::Floating && !isF) {
      const Value read = Value::fromBits(bitsAs, v->bits);
      const std::string number = formatValue(*v);
      return ": the kernel reads its bits as " + formatValue(read) + " (write " + number +
             std::string(typeName(bitsAs)) + " for " + number + ")";
    }
    return "";
  }
  if (std::holds_alternative<BufferArg>(a.arg) &&
      (to == CTypeKind::Floating || to == CTypeKind::Bool))
    return ": the kernel reads the address's bits";
  return "";
}

} // namespace

CTypeKind classifyCType(std::string_view type) {
  type = stripQualifiers(trim(type));
  if (type.empty())
    return CTypeKind::Other;
  if (type.back() == '*' || type.back() == '&' || type.find("(*)") != std::string_view::npos)
    return CTypeKind::Pointer;
  if (type == "bool")
    return CTypeKind::Bool;
  if (type == "float" || type == "double" || type == "_Float16")
    return CTypeKind::Floating;
  static constexpr std::array<std::string_view, 17> kIntegers = {
      "char",      "signed char",     "unsigned char",      "short",
      "unsigned short", "int",        "unsigned int",       "long",
      "unsigned long",  "long long",  "unsigned long long", "__int128",
      "unsigned __int128", "wchar_t", "char8_t",            "char16_t",
      "char32_t"};
  if (std::find(kIntegers.begin(), kIntegers.end(), type) != kIntegers.end())
    return CTypeKind::Integer;
  return CTypeKind::Other;
}

std::optional<KernelSignature> kernelSignature(std::string_view name) {
  std::optional<std::string> list = demangledParameters(name);
  if (!list)
    return std::nullopt;
  KernelSignature sig;
  sig.function = demangleKernelName(name);
  for (std::string &t : splitParameters(*list)) {
    const CTypeKind kind = classifyCType(t);
    sig.params.push_back({std::move(t), kind});
  }
  return sig;
}

ParamNames::ParamNames(const KernelInfo &k) : k_(k), sig_(kernelSignature(k.name)) {
  kernel_ = sig_ ? sig_->function : "kernel '" + k.name + "'";
}

std::string ParamNames::nameOf(size_t index) const {
  if (index >= k_.params.size())
    return "";
  const std::string &n = k_.params[index].name;
  // clang's PTX names a kernel's parameters KERNEL_param_N.
  const std::string generated = k_.name + "_param_";
  if (n.size() > generated.size() && n.compare(0, generated.size(), generated) == 0 &&
      std::all_of(n.begin() + long(generated.size()), n.end(),
                  [](char c) { return c >= '0' && c <= '9'; }))
    return "";
  return n;
}

const CParam *ParamNames::type(size_t index) const {
  // A signature that disagrees with the `.param`s in number says nothing.
  if (!sig_ || sig_->params.size() != k_.params.size() || index >= sig_->params.size())
    return nullptr;
  return &sig_->params[index];
}

std::string ParamNames::describe(size_t index) const {
  std::string out = "parameter " + std::to_string(index + 1);
  if (std::string n = nameOf(index); !n.empty())
    out += " '" + n + "'";
  if (const CParam *t = type(index))
    out += " (" + t->type + ")";
  return out + " of " + kernel_;
}

std::string ParamNames::nameList() const {
  std::string names;
  for (size_t i = 0; i < k_.params.size(); ++i) {
    std::string n = nameOf(i);
    if (n.empty())
      return "";
    names += (names.empty() ? "" : ", ") + n;
  }
  return names.empty() ? "" : "(" + names + ")";
}

std::vector<std::string> launchArgWarnings(const LaunchCommand &launch, const KernelInfo &k) {
  std::vector<std::string> out;
  const ParamNames names(k);
  for (size_t i = 0; i < launch.args.size() && i < k.params.size(); ++i) {
    const LaunchArg &a = launch.args[i];
    const CParam *t = names.type(i);
    if (!t || !(std::holds_alternative<Value>(a.arg) || std::holds_alternative<BufferArg>(a.arg)))
      continue;
    // The kernel reads the bits as its own type: a float or an integer of
    // the parameter's size.
    const unsigned size = k.params[i].size;
    const ElemType bitsAs = t->kind == CTypeKind::Floating
                                ? (size == 8 ? ElemType::F64 : ElemType::F32)
                                : size == 8 ? ElemType::S64
                                : size == 2 ? ElemType::S16
                                : size == 1 ? ElemType::U8
                                            : ElemType::S32;
    if (t->kind == CTypeKind::Floating && size != 4 && size != 8)
      continue; // a half: no value syntax to suggest
    const std::string why = mismatch(a, t->kind, bitsAs);
    if (!why.empty())
      out.push_back("argument " + std::to_string(i + 1) + " " + quote(a.text) + " is " +
                    argumentKind(a) + " for " + names.describe(i) + why);
  }
  return out;
}

} // namespace simt::rt
