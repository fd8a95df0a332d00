//===-- LaunchArgs.cpp - Kernel arguments in C layout ---------------------===//
//
// Brace lists are parsed by splitting at the commas outside nested braces and
// parsing each member as a launch argument of its own; packing is a
// recursive walk that aligns each member's bytes as a C compiler would.
//
//===----------------------------------------------------------------------===//
#include "runtime/LaunchArgs.h"
#include "runtime/LaunchBlock.h"
#include "runtime/ParamTypes.h"
#include "runtime/RunScriptLine.h"
#include "support/Text.h"

#include <algorithm>

namespace simt::rt {

namespace {

uint64_t alignTo(uint64_t v, uint64_t a) { return (v + a - 1) / a * a; }

/// "1 byte", "4 bytes".
std::string byteCount(uint64_t n) { return std::to_string(n) + (n == 1 ? " byte" : " bytes"); }

/// "member N 'text': " before a member's error; a nested member's own
/// "member M..." becomes "member N.M...".
Error memberError(size_t n, std::string_view text, const std::string &message) {
  std::string at = "member " + std::to_string(n);
  if (message.rfind("member ", 0) == 0)
    return Error{at + "." + message.substr(7)};
  return Error{at + " " + quote(text) + ": " + message};
}

} // namespace

size_t findOutsideBrackets(std::string_view text, char c, size_t from) {
  int depth = 0;
  for (size_t i = from; i < text.size(); ++i) {
    if (text[i] == c && depth == 0)
      return i;
    if (text[i] == '{' || text[i] == '(')
      ++depth;
    else if (text[i] == '}' || text[i] == ')')
      depth = std::max(0, depth - 1);
  }
  return std::string_view::npos;
}

size_t findArgComma(std::string_view text, size_t from) {
  return findOutsideBrackets(text, ',', from);
}

Expected<LaunchArg> parseLaunchArg(std::string_view text) {
  text = trim(text);
  LaunchArg a;
  a.text = std::string(text);
  a.column = 1;
  if (text.empty())
    return makeError("empty argument");
  if (text.front() == '{') {
    auto agg = parseAggregateArg(text);
    if (!agg)
      return agg.error();
    a.arg = std::move(*agg);
    return a;
  }
  if (text.substr(0, 6) == "local(") {
    auto bytes = text.back() == ')' ? parseUInt(trim(text.substr(6, text.size() - 7)))
                                    : std::nullopt;
    if (!bytes || *bytes == 0 || *bytes > UINT32_MAX)
      return makeError("a local argument is local(BYTES), BYTES from 1, not " + quote(text));
    a.arg = LocalArg{uint32_t(*bytes)};
    return a;
  }
  size_t colon = text.find(':');
  std::string_view head = text.substr(0, colon);
  if (isIdentifier(head)) {
    if (colon == std::string_view::npos) {
      // nanf32 / inff64 are values, any other identifier names a buffer.
      if (auto v = parseTypedValue(text)) {
        a.arg = *v;
        return a;
      }
      a.arg = BufferArg{std::string(text), false};
      return a;
    }
    std::string_view width = text.substr(colon + 1);
    if (width == "32" || width == "64") {
      a.arg = BufferArg{std::string(head), width == "32"};
      return a;
    }
    return makeError("a buffer argument is NAME (its 64-bit address) or NAME:32 (4 bytes), "
                     "not " + quote(text));
  }
  auto v = parseTypedValue(text);
  if (!v) {
    if (checkLiteral(text))
      return makeError("a value needs a type suffix, e.g. " + std::string(text) + "u32, " +
                       std::string(text) + "s32 or " + std::string(text) + "f32");
    if (splitTypeSuffix(text).second)
      return v.error(); // a typed value with a bad number
    return makeError(quote(text) + " is neither a buffer name nor a typed value (e.g. 7u32, 1.5f32)");
  }
  a.arg = *v;
  return a;
}

Expected<AggregateArg> parseAggregateArg(std::string_view text) {
  text = trim(text);
  if (text.empty() || text.front() != '{')
    return makeError("a brace list starts with '{'");
  // The '}' that closes the first '{'.
  size_t close = std::string_view::npos;
  int depth = 0;
  for (size_t i = 0; i < text.size() && close == std::string_view::npos; ++i) {
    if (text[i] == '{')
      ++depth;
    else if (text[i] == '}' && --depth == 0)
      close = i;
  }
  if (close == std::string_view::npos)
    return makeError("missing '}' in " + quote(text));
  AggregateArg agg;
  std::string_view after = trim(text.substr(close + 1));
  if (!after.empty()) {
    auto n = after.front() == '@' ? parseUInt(trim(after.substr(1))) : std::nullopt;
    if (!n || *n == 0 || *n > 256 || (*n & (*n - 1)))
      return makeError("after '}' only '@N' may follow (an alignment: a power of two up to "
                       "256), not " + quote(after));
    agg.align = unsigned(*n);
  }
  std::string_view body = text.substr(1, close - 1);
  if (trim(body).empty())
    return makeError("an empty brace list: a struct or array has at least one member");
  for (size_t start = 0, n = 1;; ++n) {
    size_t comma = findArgComma(body, start);
    std::string_view item = trim(body.substr(
        start, comma == std::string_view::npos ? std::string_view::npos : comma - start));
    if (item.empty())
      return makeError("member " + std::to_string(n) + " is empty");
    auto m = parseLaunchArg(item);
    if (!m)
      return memberError(n, item, m.message());
    agg.members.push_back(std::move(*m));
    if (comma == std::string_view::npos)
      break;
    start = comma + 1;
  }
  return agg;
}

Expected<PackedArg> packLaunchArg(const LaunchArg &a, unsigned pointerBytes,
                                  const BufferAddressFn &bufferAddress) {
  PackedArg out;
  if (const auto *b = std::get_if<BufferArg>(&a.arg)) {
    auto addr = bufferAddress ? bufferAddress(b->name) : std::nullopt;
    if (!addr)
      return makeError("no buffer named " + quote(b->name));
    unsigned size = b->addr32 ? 4 : pointerBytes;
    if (size == 4 && *addr > UINT32_MAX)
      return makeError("buffer " + quote(b->name) +
                       " lies above 4 GiB, its address does not fit 32 bits");
    for (unsigned i = 0; i < size; ++i)
      out.bytes.push_back(uint8_t(*addr >> (8 * i)));
    out.align = size;
    return out;
  }
  if (const auto *v = std::get_if<Value>(&a.arg)) {
    out.bytes.resize(sizeOf(v->type));
    v->store(out.bytes.data());
    out.align = unsigned(out.bytes.size());
    return out;
  }
  if (std::holds_alternative<LocalArg>(a.arg))
    return makeError("local(BYTES) is a kernel argument of its own (a __local pointer), not a "
                     "member of a brace list");
  const AggregateArg &agg = std::get<AggregateArg>(a.arg);
  out.align = std::max(1u, agg.align);
  for (size_t i = 0; i < agg.members.size(); ++i) {
    auto m = packLaunchArg(agg.members[i], pointerBytes, bufferAddress);
    if (!m)
      return memberError(i + 1, agg.members[i].text, m.message());
    out.bytes.resize(alignTo(out.bytes.size(), m->align), 0);
    out.bytes.insert(out.bytes.end(), m->bytes.begin(), m->bytes.end());
    out.align = std::max(out.align, m->align);
  }
  out.bytes.resize(alignTo(out.bytes.size(), out.align), 0);
  return out;
}

Status placeLocalArgs(LaunchCommand &launch, uint32_t staticShared, unsigned pointerBytes) {
  uint64_t end = uint64_t(staticShared) + launch.shared;
  bool placed = false;
  for (LaunchArg &a : launch.args) {
    const auto *local = std::get_if<LocalArg>(&a.arg);
    if (!local)
      continue;
    const uint64_t at = alignTo(end, kLocalArgAlign);
    end = at + local->bytes;
    if (pointerBytes == 4 && at > UINT32_MAX)
      return makeError("argument " + quote(a.text) + ": its shared address does not fit 32 bits");
    a.arg = Value::fromBits(pointerBytes == 4 ? ElemType::U32 : ElemType::U64, at);
    placed = true;
  }
  if (!placed)
    return {};
  if (end - staticShared > UINT32_MAX)
    return makeError("the local(BYTES) arguments need " + std::to_string(end - staticShared) +
                     " bytes of dynamic shared memory");
  launch.shared = uint32_t(end - staticShared);
  return {};
}

Expected<std::vector<uint8_t>> packLaunchParams(const LaunchCommand &launch,
                                                const KernelInfo &kernel,
                                                const BufferAddressFn &bufferAddress) {
  auto argLabel = [&](size_t i) {
    return "argument " + std::to_string(i + 1) + " " + quote(launch.args[i].text);
  };
  // The bytes of each argument, in C layout.
  std::vector<PackedArg> vals;
  for (size_t i = 0; i < launch.args.size(); ++i) {
    auto packed = packLaunchArg(launch.args[i], kernel.abi == 32 ? 4 : 8, bufferAddress);
    if (!packed)
      return makeError(argLabel(i) + ": " + packed.message());
    vals.push_back(std::move(*packed));
  }
  ParamBlock params;
  if (kernel.params.empty()) {
    for (size_t i = 0; i < vals.size(); ++i)
      if (!params.append(vals[i].bytes, vals[i].align))
        return makeError(argLabel(i) + ": the arguments overflow constant bank 0");
    return params.take();
  }
  const ParamNames names(kernel);
  if (kernel.params.size() != vals.size()) {
    const std::string list = names.nameList();
    return makeError(names.kernel() + " takes " + std::to_string(kernel.params.size()) +
                     " parameter" + (kernel.params.size() == 1 ? "" : "s") +
                     (list.empty() ? "" : " " + list) + ", the launch passes " +
                     std::to_string(vals.size()));
  }
  for (size_t i = 0; i < vals.size(); ++i) {
    const ParamInfo &p = kernel.params[i];
    std::vector<uint8_t> &bytes = vals[i].bytes;
    // A struct's size is a multiple of its declared alignment (a float4
    // member makes a struct 16-aligned although its floats are not).
    const bool aggregate = std::holds_alternative<AggregateArg>(launch.args[i].arg);
    if (aggregate && p.align > 1 && bytes.size() % p.align)
      bytes.resize((bytes.size() + p.align - 1) / p.align * p.align, 0);
    if (p.size != bytes.size())
      return makeError(argLabel(i) + (aggregate ? " packs to " : " is ") +
                       byteCount(bytes.size()) +
                       (aggregate ? " in C layout" : "") + ", " + names.describe(i) + " is " +
                       byteCount(p.size));
    if (Status st = params.place(p, bytes, kernel.name); !st)
      return st.error();
  }
  return params.take();
}

} // namespace simt::rt
