//===-- KernelNames.cpp - Kernels named by their plain or demangled names -===//
#include "runtime/KernelNames.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Demangle/Demangle.h"

#include <algorithm>
#include <cstdlib>
#include <memory>

namespace simt::rt {

namespace {

/// The names a mangled kernel answers to besides its exact one.
struct DemangledNames {
  std::string full, qualified, plain, parameters;
};

std::string takeBuffer(char *buf) {
  std::unique_ptr<char, decltype(&std::free)> owner(buf, &std::free);
  return buf ? std::string(buf) : std::string();
}

bool demangleParts(std::string_view name, DemangledNames &out) {
  std::string mangled(name);
  llvm::ItaniumPartialDemangler d;
  if (d.partialDemangle(mangled.c_str()) || !d.isFunction())
    return false;
  out.full = takeBuffer(d.finishDemangle(nullptr, nullptr));
  out.qualified = takeBuffer(d.getFunctionName(nullptr, nullptr));
  out.plain = takeBuffer(d.getFunctionBaseName(nullptr, nullptr));
  out.parameters = takeBuffer(d.getFunctionParameters(nullptr, nullptr));
  return !out.full.empty();
}

bool isQualifier(std::string_view t) { return t == "const" || t == "volatile"; }

/// One parameter's type in NVIDIA's words (cudaStyleSignature).
std::string cudaStyleType(std::string_view type) {
  // The trailing qualifiers and declarators, last first.
  std::vector<std::string_view> tail;
  for (;;) {
    while (!type.empty() && type.back() == ' ')
      type.remove_suffix(1);
    if (type.empty())
      break;
    if (type.back() == '*' || type.back() == '&') {
      tail.push_back(type.substr(type.size() - 1));
      type.remove_suffix(1);
      continue;
    }
    const size_t space = type.find_last_of(" *&");
    const std::string_view word = type.substr(space == std::string_view::npos ? 0 : space + 1);
    if (!isQualifier(word) || word.size() == type.size())
      break;
    tail.push_back(word);
    type.remove_suffix(word.size());
  }
  if (type.empty() || type.find_first_of("()[]") != std::string_view::npos)
    return "";
  std::string leading, declarators;
  size_t i = tail.size();
  for (; i-- > 0 && isQualifier(tail[i]);)
    leading += std::string(tail[i]) + " ";
  for (++i; i-- > 0;)
    declarators += isQualifier(tail[i]) ? std::string(tail[i]) + " " : std::string(tail[i]);
  while (!declarators.empty() && declarators.back() == ' ')
    declarators.pop_back();
  return leading + std::string(type) + (declarators.empty() ? "" : " " + declarators);
}

} // namespace

namespace {
/// Where the bracketed group that ends `s` opens (`(` of "f(int)" with '('
/// and ')'; `<` of "f<A<int>>" with '<' and '>'), groups of the same
/// brackets inside it counted; npos when `s` does not end in `close` or the
/// group never opens.
size_t trailingGroupStart(std::string_view s, char open, char close) {
  if (s.empty() || s.back() != close)
    return std::string_view::npos;
  int depth = 0;
  for (size_t i = s.size(); i-- > 0;) {
    depth += s[i] == close ? 1 : s[i] == open ? -1 : 0;
    if (depth == 0)
      return i;
  }
  return std::string_view::npos;
}
} // namespace

std::string cudaStyleSignature(std::string_view demangled) {
  // The parameter list: the parenthesised group the signature ends with.
  const size_t open = trailingGroupStart(demangled, '(', ')');
  if (open == std::string_view::npos)
    return std::string(demangled);
  std::string out(demangled.substr(0, open + 1));
  const std::string_view list = demangled.substr(open + 1, demangled.size() - open - 2);
  int depth = 0;
  size_t start = 0;
  for (size_t j = 0; j <= list.size(); ++j) {
    const char c = j < list.size() ? list[j] : ',';
    depth += (c == '<' || c == '(' || c == '[') ? 1 : (c == '>' || c == ')' || c == ']') ? -1 : 0;
    if (c != ',' || depth != 0)
      continue;
    std::string_view param = list.substr(start, j - start);
    while (!param.empty() && param.front() == ' ')
      param.remove_prefix(1);
    const std::string styled = cudaStyleType(param);
    out += (start ? ", " : "") + (styled.empty() ? std::string(param) : styled);
    start = j + 1;
  }
  return out + ")";
}

std::string demangleKernelName(std::string_view name) {
  DemangledNames d;
  return demangleParts(name, d) ? d.full : std::string(name);
}

std::string plainKernelName(std::string_view name) {
  DemangledNames d;
  return demangleParts(name, d) && !d.plain.empty() ? d.plain : std::string(name);
}

std::string simpleFunctionName(std::string_view name) {
  DemangledNames d;
  if (!demangleParts(name, d) || d.qualified.empty())
    return std::string(name);
  // Without the template arguments that end it (blur<float>).
  const size_t open = trailingGroupStart(d.qualified, '<', '>');
  return open == std::string::npos ? d.qualified : d.qualified.substr(0, open);
}

std::optional<std::string> demangledParameters(std::string_view name) {
  DemangledNames d;
  if (!demangleParts(name, d) || d.parameters.empty())
    return std::nullopt;
  return d.parameters;
}

std::string describeKernelName(std::string_view name) {
  std::string shown = demangleKernelName(name);
  return shown == name ? shown : shown + " (" + std::string(name) + ")";
}

std::vector<size_t> kernelsNamed(const std::vector<std::string_view> &names,
                                 std::string_view query) {
  for (size_t i = 0; i < names.size(); ++i)
    if (names[i] == query)
      return {i};
  std::vector<size_t> matches;
  for (size_t i = 0; i < names.size(); ++i) {
    DemangledNames d;
    if (demangleParts(names[i], d) &&
        (d.full == query || d.qualified == query || d.plain == query))
      matches.push_back(i);
  }
  return matches;
}

std::string closestKernelName(const std::vector<std::string_view> &names,
                              std::string_view query) {
  // Clang's bound for typo corrections: a third of the name, rounded up.
  const unsigned bound = unsigned(query.size() + 2) / 3;
  std::string best;
  unsigned bestDistance = bound + 1;
  auto consider = [&](const std::string &name) {
    if (name.empty() || kernelsNamed(names, name).size() != 1)
      return; // a name that would not resolve is no help
    const unsigned d = llvm::StringRef(name).edit_distance(
        llvm::StringRef(query.data(), query.size()), /*AllowReplacements=*/true, bound);
    if (d < bestDistance) {
      bestDistance = d;
      best = name;
    }
  };
  for (std::string_view n : names) {
    DemangledNames d;
    if (demangleParts(n, d)) {
      consider(d.plain);
      consider(d.qualified);
    }
    consider(std::string(n));
  }
  return best;
}

Expected<size_t> resolveKernelName(const std::vector<std::string_view> &names,
                                   std::string_view query) {
  std::vector<size_t> matches = kernelsNamed(names, query);
  if (matches.size() == 1)
    return matches.front();
  if (matches.empty()) {
    std::string message = "no kernel named '" + std::string(query) + "' is loaded";
    if (std::string near = closestKernelName(names, query); !near.empty())
      message += "; did you mean '" + near + "'?";
    return Error{message};
  }
  std::string list;
  for (size_t i : matches)
    list += (list.empty() ? "" : ", ") + describeKernelName(names[i]);
  return Error{"kernel name '" + std::string(query) + "' is ambiguous: " + list +
               "; give the mangled name"};
}

} // namespace simt::rt
