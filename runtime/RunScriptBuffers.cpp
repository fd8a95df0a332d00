//===-- RunScriptBuffers.cpp - Parsing alloc, write, dump, save, expect ---===//
#include "runtime/RunScriptLine.h"

#include <cmath>

namespace simt::rt {

Expected<AllocCommand> AllocCommand::parse(ScriptLine &p) {
  AllocCommand a;
  auto name = readBufferName(p, "alloc");
  if (!name)
    return name.error();
  a.name = *name;
  auto type = readType(p, "alloc");
  if (!type)
    return type.error();
  a.type = *type;
  if (!p.consume('['))
    return makeError("alloc: expected '[COUNT]' after the type " + quote(typeName(a.type)));
  std::optional<uint64_t> count;
  if (p.peek() != ']') {
    auto c = readUInt(p, "alloc", "count");
    if (!c)
      return c.error();
    count = *c;
  }
  if (!p.consume(']'))
    return makeError("alloc: expected ']' after the count");
  if (consumeKey(p, "at")) {
    auto at = readAddress(p, "alloc");
    if (!at)
      return at.error();
    a.at = *at;
  }
  if (p.consume('=')) {
    std::string_view initText = p.rest();
    auto init = parseInitializer(initText, a.type);
    if (!init)
      return makeError("alloc: " + init.message());
    a.init = std::move(*init);
  } else if (!p.atEnd()) {
    return makeError("alloc: unexpected " + quote(p.token()) + " (an initialiser follows '=')");
  }
  const auto *list = std::get_if<InitList>(&a.init);
  if (!count) {
    if (!list)
      return makeError("alloc: " + a.name + ": the count may be left out only with a list "
                       "initialiser ([v0, v1, ...])");
    count = list->values.size();
  } else if (list && list->values.size() != *count) {
    return makeError("alloc: " + a.name + ": the list has " +
                     std::to_string(list->values.size()) + " values for " +
                     std::to_string(*count) + " elements");
  }
  if (*count == 0)
    return makeError("alloc: " + a.name + ": the count must be at least 1");
  if (*count > (uint64_t(1) << 40) / sizeOf(a.type))
    return makeError("alloc: " + a.name + ": " + std::to_string(*count) + " x " +
                     std::string(typeName(a.type)) + " is larger than 1 TiB");
  a.count = *count;
  return a;
}

Expected<WriteCommand> WriteCommand::parse(ScriptLine &p) {
  WriteCommand w;
  auto name = readBufferName(p, "write");
  if (!name)
    return name.error();
  w.buffer = *name;
  if (Status st = readElements(p, "write", w.index, w.last); !st)
    return st.error();
  if (!p.consume('='))
    return makeError("write: expected '=' after " + w.buffer + "[" + std::to_string(w.index) + "]");
  auto file = readFileOperand(p, "write");
  if (!file)
    return file.error();
  if (*file) {
    w.file = std::move(*file);
    if (auto st = expectEnd(p, "write"); !st)
      return st.error();
    return w;
  }
  if (w.last)
    return makeError("write: a range of elements is written from file(PATH[, OFFSET])");
  auto v = readLiteral(p, "write");
  if (!v)
    return v.error();
  w.value = std::move(*v);
  if (auto st = expectEnd(p, "write"); !st)
    return st.error();
  return w;
}

Expected<DumpCommand> DumpCommand::parse(ScriptLine &p) {
  DumpCommand d;
  auto name = readBufferName(p, "dump");
  if (!name)
    return name.error();
  d.buffer = *name;
  if (p.peekRaw() == ':') {
    p.consume(':');
    auto t = readType(p, "dump");
    if (!t)
      return t.error();
    d.type = *t;
  }
  if (auto st = readRange(p, "dump", d.from, d.to); !st)
    return st.error();
  if (auto st = expectEnd(p, "dump"); !st)
    return st.error();
  return d;
}

Expected<SaveCommand> SaveCommand::parse(ScriptLine &p) {
  SaveCommand s;
  auto name = readBufferName(p, "save");
  if (!name)
    return name.error();
  s.buffer = *name;
  auto path = p.path();
  if (!path)
    return makeError("save: " + path.message());
  s.path = *path;
  if (auto st = expectEnd(p, "save"); !st)
    return st.error();
  return s;
}

Expected<ExpectCommand> ExpectCommand::parse(ScriptLine &p) {
  ExpectCommand e;
  auto name = readBufferName(p, "expect");
  if (!name)
    return name.error();
  e.buffer = *name;
  if (p.peek() == '[') {
    uint64_t first = 0;
    if (Status st = readElements(p, "expect", first, e.last); !st)
      return st.error();
    e.index = first;
  }
  bool approx;
  if (p.consume("=="))
    approx = false;
  else if (p.consume("~="))
    approx = true;
  else
    return makeError("expect: expected '==' or '~='" +
                     (p.atEnd() ? std::string() : ", found " + quote(p.token())));
  auto file = readFileOperand(p, "expect");
  if (!file)
    return file.error();
  if (*file) {
    if (approx)
      return makeError("expect: a file is compared bit for bit: use '==', not '~='");
    e.file = std::move(*file);
  } else if (e.last) {
    return makeError("expect: a range of elements is compared with file(PATH[, OFFSET])");
  } else if (p.consume('[')) {
    if (e.index)
      return makeError("expect: " + e.buffer + "[" + std::to_string(*e.index) +
                       "] is one element: compare it with one value, not a list");
    auto list = readLiteralList(p, "expect");
    if (!list)
      return list.error();
    e.values = std::move(*list);
  } else {
    if (!e.index)
      return makeError("expect: the whole buffer " + e.buffer +
                       " is compared with a list [v0, v1, ...]; use " + e.buffer +
                       "[INDEX] for one element");
    auto v = readLiteral(p, "expect");
    if (!v)
      return v.error();
    e.values.push_back(std::move(*v));
  }
  if (approx) {
    std::string_view kw = p.identifier();
    if (kw == "ulp") {
      auto n = readUInt(p, "expect", "an ulp count");
      if (!n)
        return n.error();
      e.tolerance.kind = Tolerance::Ulp;
      e.tolerance.ulps = *n;
    } else if (kw == "within") {
      std::string_view t = p.literal();
      auto eps = parseValue(t, ElemType::F64);
      if (t.empty() || !eps || std::isnan(eps->asF64()) || eps->asF64() < 0)
        return makeError("expect: within " + (t.empty() ? std::string("...") : std::string(t)) +
                         ": expected a non-negative number");
      e.tolerance.kind = Tolerance::Within;
      e.tolerance.eps = eps->asF64();
    } else {
      return makeError("expect: '~=' needs a tolerance: 'ulp N' or 'within EPS'" +
                       (kw.empty() && p.atEnd() ? std::string()
                                                : ", found " + quote(kw.empty() ? p.token() : kw)));
    }
  }
  if (auto st = expectEnd(p, "expect"); !st)
    return st.error();
  return e;
}

} // namespace simt::rt
