//===-- RunScriptConstants.cpp - Parsing const, bind, unbind --------------===//
#include "runtime/RunScriptLine.h"

#include <algorithm>
#include <iterator>
#include <utility>

namespace simt::rt {

std::vector<uint8_t> ConstCommand::bytes() const {
  std::vector<uint8_t> out(values.size() * sizeOf(type));
  for (size_t i = 0; i < values.size(); ++i)
    values[i].store(out.data() + i * sizeOf(type));
  return out;
}

namespace {

/// `const SYMBOL[:TYPE] = [V, ...]` / `const SYMBOL[:TYPE][INDEX] = V`.
Expected<ConstCommand> parseConstSymbol(ScriptLine &p) {
  ConstCommand c;
  c.symbol = std::string(p.identifier());
  if (p.consume(':')) {
    auto type = readType(p, "const");
    if (!type)
      return type.error();
    c.symbolType = *type;
  }
  bool indexed = p.peek() == '[';
  if (indexed) {
    auto index = readIndex(p, "const");
    if (!index)
      return index.error();
    c.index = *index;
  }
  if (!p.consume('='))
    return makeError("const: expected '=' after " + c.symbol +
                     (indexed ? "[" + std::to_string(c.index) + "]" : std::string()));
  if (indexed) {
    auto v = readLiteral(p, "const");
    if (!v)
      return v.error();
    c.literals.push_back(std::move(*v));
  } else {
    if (!p.consume('['))
      return makeError("const: expected a list '[V0, V1, ...]' after '=' (or " + c.symbol +
                       "[INDEX] = VALUE)");
    auto list = readLiteralList(p, "const");
    if (!list)
      return list.error();
    if (list->empty())
      return makeError("const: the list is empty");
    c.literals = std::move(*list);
  }
  if (auto st = expectEnd(p, "const"); !st)
    return st.error();
  return c;
}

/// `address=MODE[,MODE[,MODE]]`: one mode for every dimension, or one each.
Status readAddressModes(ScriptLine &p, BindCommand &b) {
  using simt::limits::TexAddressMode;
  static const std::pair<std::string_view, TexAddressMode> kModes[] = {
      {"clamp", TexAddressMode::Clamp},
      {"border", TexAddressMode::Border},
      {"wrap", TexAddressMode::Wrap},
      {"mirror", TexAddressMode::Mirror}};
  unsigned n = 0;
  do {
    std::string_view word = p.identifier();
    auto m = std::find_if(std::begin(kModes), std::end(kModes),
                          [&](const auto &k) { return k.first == word; });
    if (m == std::end(kModes))
      return makeError("bind: expected an address mode (clamp, border, wrap or mirror), found " +
                       quote(word.empty() ? p.token() : word));
    if (n == 3)
      return makeError("bind: address= takes at most three modes (x, y, z)");
    b.address[n++] = m->second;
  } while (p.consume(','));
  for (unsigned d = n; n == 1 && d < 3; ++d)
    b.address[d] = b.address[0];
  return {};
}

/// The texture reference a `bind` or `unbind` names.
Expected<std::string> readTextureName(ScriptLine &p, std::string_view cmd) {
  std::string name(p.identifier());
  if (name.empty())
    return makeError(std::string(cmd) + ": expected a texture reference's name");
  return name;
}

} // namespace

Expected<ConstCommand> ConstCommand::parse(ScriptLine &p) {
  if (isIdentStart(p.peek())) // a name; a bank is a number
    return parseConstSymbol(p);
  ConstCommand c;
  auto bank = readUInt(p, "const", "bank");
  if (!bank)
    return bank.error();
  if (*bank > limits::kLastConstBank)
    return makeError("const: bank " + std::to_string(*bank) + " does not exist (banks 0..15)");
  if (*bank < limits::kFirstUserConstBank)
    return makeError("const: bank " + std::to_string(*bank) +
                     " is not a user constant bank (bank 0 is the launch block, bank 1 the "
                     "runtime's; use banks 2..15)");
  c.bank = uint32_t(*bank);
  auto offset = readUInt(p, "const", "offset");
  if (!offset)
    return offset.error();
  if (*offset >= limits::kConstBankBytes)
    return makeError("const: offset " + std::to_string(*offset) +
                     " is outside the 64 KiB bank");
  c.offset = uint32_t(*offset);
  auto type = readType(p, "const");
  if (!type)
    return type.error();
  c.type = *type;
  while (true) {
    std::string_view t = p.literal();
    if (t.empty())
      return makeError("const: expected a value" +
                       (p.atEnd() ? std::string(" at the end of the line")
                                  : ", found " + quote(p.token())));
    auto v = parseValue(t, c.type);
    if (!v)
      return makeError("const: " + v.message());
    c.values.push_back(*v);
    if (p.atEnd())
      break;
    if (!p.consume(','))
      return makeError("const: expected ',' between values, found " + quote(p.token()));
  }
  uint64_t end = uint64_t(c.offset) + c.values.size() * sizeOf(c.type);
  if (end > limits::kConstBankBytes)
    return makeError("const: " + std::to_string(c.values.size()) + " x " +
                     std::string(typeName(c.type)) + " at offset " + std::to_string(c.offset) +
                     " run past the end of the 64 KiB bank");
  return c;
}

/// `bind TEXTURE BUFFER [OPTION...] [FROM..TO]`; the options are those of
/// BindCommand, in any order.
Expected<BindCommand> BindCommand::parse(ScriptLine &p) {
  const char *cmd = "bind";
  BindCommand b;
  auto texture = readTextureName(p, cmd);
  if (!texture)
    return texture.error();
  b.texture = *texture;
  auto name = readBufferName(p, cmd);
  if (!name)
    return name.error();
  b.buffer = *name;
  static const char *const kExtents[] = {"width=", "height=", "depth="};
  for (;;) {
    std::optional<uint64_t> *extent = nullptr;
    for (unsigned d = 0; d < 3; ++d)
      if (p.consume(kExtents[d]))
        extent = &b.extent[d];
    if (extent || p.consume("pitch=")) {
      const char *what = extent ? "a texel count" : "a row pitch in bytes";
      auto n = readUInt(p, cmd, what);
      if (!n)
        return n.error();
      if (*n == 0 || *n > UINT32_MAX)
        return makeError("bind: " + std::string(what) + " of " + std::to_string(*n) +
                         "; it is 1 to 2^32 - 1");
      *(extent ? extent : &b.pitch) = *n;
    } else if (p.consume("channels=")) {
      auto n = readUInt(p, cmd, "a channel count after 'channels='");
      if (!n)
        return n.error();
      if (*n != 1 && *n != 2 && *n != 4)
        return makeError("bind: channels=" + std::to_string(*n) +
                         ": a texel has 1, 2 or 4 channels");
      b.channels = unsigned(*n);
    } else if (p.consume("filter=")) {
      std::string_view f = p.identifier();
      if (f != "point" && f != "linear")
        return makeError("bind: expected filter=point or filter=linear, found " +
                         quote(f.empty() ? p.token() : f));
      b.linear = f == "linear";
    } else if (p.consume("address=")) {
      if (auto st = readAddressModes(p, b); !st)
        return st.error();
    } else if (p.consume("normalized")) {
      b.normalized = true;
    } else {
      break;
    }
  }
  if (auto st = readRange(p, cmd, b.from, b.to); !st)
    return st.error();
  if (auto st = expectEnd(p, cmd); !st)
    return st.error();
  return b;
}

Expected<UnbindCommand> UnbindCommand::parse(ScriptLine &p) {
  auto texture = readTextureName(p, "unbind");
  if (!texture)
    return texture.error();
  if (auto st = expectEnd(p, "unbind"); !st)
    return st.error();
  return UnbindCommand{*texture};
}

} // namespace simt::rt
