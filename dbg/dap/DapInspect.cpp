//===-- DapInspect.cpp - DAP requests that look at a stop -----------------===//
#include "dbg/dap/DapAdapter.h"
#include "dbg/host/HostValues.h"
#include "dbg/program/HostedProtocol.h"

#include <cinttypes>
#include <cstdio>
#include <cstdlib>

namespace simt::dbg::dap {

namespace json = llvm::json;

namespace {

Object source(const std::string &path) {
  const size_t slash = path.rfind('/');
  return Object{{"name", slash == std::string::npos ? path : path.substr(slash + 1)},
                {"path", path}};
}

std::string hexAddress(uint64_t a) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%016" PRIx64, a);
  return buf;
}

} // namespace

WarpKey warpKeyOf(const Object &w) {
  WarpKey k;
  k.grid = uint64_t(w.getInteger("grid").value_or(0));
  if (const json::Array *c = w.getArray("cta"))
    for (size_t i = 0; i < 3 && i < c->size(); ++i)
      k.cta[i] = uint32_t((*c)[i].getAsInteger().value_or(0));
  k.warp = uint32_t(w.getInteger("warp").value_or(0));
  k.thread = w.getString("thread").value_or("").str();
  return k;
}

std::optional<Object> Adapter::ask(const std::string &query) {
  take();
  session_->callAgent(hosted::kExecuteFunction, "int (*)(const char *)", query);
  const std::string text = take();
  // The answer is the last line that is a JSON object (the agent may say
  // something before it).
  llvm::SmallVector<llvm::StringRef> lines;
  llvm::StringRef(text).split(lines, '\n');
  for (auto line = lines.rbegin(); line != lines.rend(); ++line) {
    if (!line->trim().starts_with("{"))
      continue;
    llvm::Expected<json::Value> v = json::parse(line->trim());
    if (!v) {
      llvm::consumeError(v.takeError());
      continue;
    }
    if (json::Object *o = v->getAsObject())
      return std::move(*o);
  }
  if (!text.empty())
    t_.event("output", Object{{"category", "console"}, {"output", text}});
  return std::nullopt;
}

int64_t Adapter::warpId(const WarpKey &k) {
  auto [it, fresh] = warpIds_.try_emplace(k, nextWarpId_);
  if (fresh)
    ++nextWarpId_;
  if (!k.thread.empty() || !warps_.count(it->second))
    warps_[it->second] = k;
  return it->second;
}

std::vector<Object> Adapter::askList(const std::string &query, llvm::StringRef key) {
  std::vector<Object> out;
  std::optional<Object> answer = ask(query);
  if (json::Array *list = answer ? answer->getArray(key) : nullptr)
    for (json::Value &v : *list)
      if (Object *o = v.getAsObject())
        out.push_back(std::move(*o));
  return out;
}

void Adapter::focusFrame(int64_t id) {
  const Frame f = frames_[size_t(id - 1)];
  focusWarp(f.thread, int(f.index));
}

std::vector<std::pair<int64_t, std::string>> Adapter::deviceThreads() {
  std::vector<std::pair<int64_t, std::string>> out;
  for (const Object &w : askList("maintenance dap-threads", "warps"))
    out.emplace_back(warpId(warpKeyOf(w)), w.getString("name").value_or("").str());
  return out;
}

bool Adapter::focusWarp(int64_t id, int frame) {
  auto it = warps_.find(id);
  if (it == warps_.end())
    return false;
  const WarpKey &k = it->second;
  if (!haveFocus_ || !(focused_ == k)) {
    if (k.thread.empty())
      deviceThreads(); // learn its lane 0's threadIdx
    char line[160];
    std::snprintf(line, sizeof line, "cuda grid %" PRIu64 " block (%u,%u,%u) thread %s", k.grid,
                  k.cta[0], k.cta[1], k.cta[2], warps_[id].thread.c_str());
    session_->callAgent(hosted::kExecuteFunction, "int (*)(const char *)", line);
    focused_ = k;
    haveFocus_ = true;
  }
  if (frame >= 0)
    session_->callAgent(hosted::kExecuteFunction, "int (*)(const char *)",
                        "frame " + std::to_string(frame));
  take(); // the focus lines
  return true;
}

void Adapter::threads(const Object &r) {
  json::Array out;
  if (session_->lldb().live()) {
    lldb::SBProcess &p = session_->lldb().process();
    for (uint32_t i = 0; i < p.GetNumThreads(); ++i) {
      lldb::SBThread t = p.GetThreadAtIndex(i);
      std::string name = "Thread " + std::to_string(t.GetIndexID());
      if (const char *n = t.GetName())
        name += std::string(" \"") + n + "\"";
      out.push_back(Object{{"id", int64_t(t.GetIndexID())}, {"name", name}});
    }
    for (auto &[id, name] : deviceThreads())
      out.push_back(Object{{"id", id}, {"name", name}});
  }
  t_.respond(r, Object{{"threads", std::move(out)}});
}

void Adapter::stackTrace(const Object &r) {
  const int64_t thread = integerArg(r, "threadId");
  const int64_t start = integerArg(r, "startFrame");
  const int64_t levels = integerArg(r, "levels");
  json::Array out;
  int64_t total = 0;
  auto add = [&](uint32_t index, Object f) {
    ++total;
    if (index < start || (levels > 0 && int64_t(out.size()) >= levels))
      return;
    frames_.push_back({thread, index});
    f["id"] = int64_t(frames_.size());
    out.push_back(std::move(f));
  };
  if (isWarp(thread)) {
    if (!focusWarp(thread))
      return t_.fail(r, "that CUDA warp is no longer on the device");
    uint32_t index = 0;
    for (const Object &f : askList("maintenance dap-frames", "frames")) {
      Object o{{"name", f.getString("name").value_or("??").str()},
               {"line", f.getInteger("line").value_or(0)},
               {"column", 1},
               {"instructionPointerReference", f.getString("memoryReference").value_or("").str()}};
      if (std::optional<llvm::StringRef> file = f.getString("file"))
        o["source"] = source(file->str());
      add(index++, std::move(o));
    }
  } else {
    lldb::SBThread t = session_->lldb().process().GetThreadByIndexID(uint32_t(thread));
    if (!t.IsValid())
      return t_.fail(r, "no thread " + std::to_string(thread));
    const uint32_t n = host::Session::framesToMain(t);
    for (uint32_t i = 0; i < n; ++i) {
      lldb::SBFrame f = t.GetFrameAtIndex(i);
      Object o{{"name", hostFunctionName(f)},
               {"column", 1},
               {"instructionPointerReference", hexAddress(f.GetPC())}};
      lldb::SBLineEntry le = f.GetLineEntry();
      o["line"] = le.IsValid() ? int64_t(le.GetLine()) : 0;
      char path[4096];
      if (le.IsValid() && le.GetFileSpec().GetPath(path, sizeof path) > 0)
        o["source"] = source(path);
      else
        o["presentationHint"] = "subtle";
      add(i, std::move(o));
    }
  }
  t_.respond(r, Object{{"stackFrames", std::move(out)}, {"totalFrames", total}});
}

void Adapter::scopes(const Object &r) {
  const int64_t id = integerArg(r, "frameId");
  if (id < 1 || id > int64_t(frames_.size()))
    return t_.fail(r, "no frame " + std::to_string(id));
  const Frame &f = frames_[size_t(id - 1)];
  json::Array out;
  auto scope = [&](const char *name, const char *hint, int64_t ref) {
    Object s{{"name", name}, {"variablesReference", ref}, {"expensive", false}};
    if (hint)
      s["presentationHint"] = hint;
    out.push_back(std::move(s));
  };
  if (isWarp(f.thread)) {
    scope("Locals", "locals", handle(DeviceVars{id, "locals"}));
    scope("Arguments", "arguments", handle(DeviceVars{id, "args"}));
    scope("Registers", "registers", handle(DeviceVars{id, "registers"}));
  } else {
    scope("Locals", "locals", handle(HostVars{id, false}));
    scope("Arguments", "arguments", handle(HostVars{id, true}));
  }
  t_.respond(r, Object{{"scopes", std::move(out)}});
}

void Adapter::variables(const Object &r) {
  const int64_t ref = integerArg(r, "variablesReference");
  if (ref < 1 || ref > int64_t(handles_.size()))
    return t_.fail(r, "no variables reference " + std::to_string(ref));
  const Handle h = handles_[size_t(ref - 1)];
  json::Array out;
  auto hostValue = [&](lldb::SBValue v) {
    Object o{{"name", v.GetName() ? v.GetName() : "?"},
             {"value", hostValueText(v, false)},
             {"type", v.GetTypeName() ? v.GetTypeName() : ""},
             {"variablesReference", 0}};
    if (v.MightHaveChildren() && v.GetNumChildren() > 0)
      o["variablesReference"] = handle(v);
    // readMemory's reference: where a pointer points, else the value's bytes.
    if (v.GetType().IsPointerType())
      o["memoryReference"] = hexText(v.GetValueAsUnsigned());
    else if (const lldb::addr_t a = v.GetLoadAddress(); a != LLDB_INVALID_ADDRESS)
      o["memoryReference"] = hexText(a);
    out.push_back(std::move(o));
  };
  if (const auto *hv = std::get_if<HostVars>(&h)) {
    const Frame f = frames_[size_t(hv->frame - 1)];
    lldb::SBThread t = session_->lldb().process().GetThreadByIndexID(uint32_t(f.thread));
    lldb::SBValueList vars = t.GetFrameAtIndex(f.index).GetVariables(hv->arguments, !hv->arguments,
                                                                     false, true);
    for (uint32_t i = 0; i < vars.GetSize(); ++i)
      hostValue(vars.GetValueAtIndex(i));
  } else if (const auto *v = std::get_if<lldb::SBValue>(&h)) {
    lldb::SBValue value = *v;
    for (uint32_t i = 0; i < std::min<uint32_t>(value.GetNumChildren(), 1000); ++i)
      hostValue(value.GetChildAtIndex(i));
  } else if (const auto *dv = std::get_if<DeviceVars>(&h)) {
    focusFrame(dv->frame);
    for (const Object &o : askList("maintenance dap-variables " + dv->kind, "variables")) {
      const std::string name = o.getString("name").value_or("").str();
      const std::string value = o.getString("value").value_or("").str();
      const std::string type = o.getString("type").value_or("").str();
      Object v{{"name", name},
               {"value", value},
               {"type", type},
               {"variablesReference", handle(DeviceLanes{dv->frame, name})}};
      if (!type.empty() && type.back() == '*' && value.rfind("0x", 0) == 0)
        v["memoryReference"] = kDeviceMemoryPrefix + value; // the focused lane's pointer
      out.push_back(std::move(v));
    }
  } else if (const auto *dl = std::get_if<DeviceLanes>(&h)) {
    focusFrame(dl->frame);
    for (const Object &o : askList("maintenance dap-lanes " + dl->expression, "lanes")) {
      std::string value = o.getString("value").value_or("").str();
      if (!o.getBoolean("active").value_or(false) && value != "(exited)")
        value += " (inactive)";
      out.push_back(Object{{"name", "lane " + std::to_string(o.getInteger("lane").value_or(0)) +
                                        " " + o.getString("thread").value_or("").str()},
                           {"value", value},
                           {"variablesReference", 0}});
    }
  }
  t_.respond(r, Object{{"variables", std::move(out)}});
}

void Adapter::evaluate(const Object &r) {
  const std::string expression = stringArg(r, "expression");
  const std::string context = stringArg(r, "context");
  const int64_t frame = integerArg(r, "frameId");
  if (frame >= 1 && frame <= int64_t(frames_.size())) {
    const Frame f = frames_[size_t(frame - 1)];
    if (isWarp(f.thread)) {
      focusWarp(f.thread, int(f.index));
    } else if (session_->atHostStop()) {
      session_->selectHostFrame(uint32_t(f.thread), f.index);
    } else if (context != "repl") {
      // A host frame at a device stop (the IDE's host thread, waiting in
      // the runtime): `print` would read the focused lane's names, so read
      // the frame's own through LLDB (a variable path: no code runs in a
      // program stopped inside the device debugger).
      lldb::SBFrame hf = session_->lldb().process().GetThreadByIndexID(uint32_t(f.thread))
                             .GetFrameAtIndex(f.index);
      lldb::SBValue v = hf.GetValueForVariablePath(expression.c_str());
      if (!v.IsValid() || v.GetError().Fail())
        return t_.fail(r, "No symbol \"" + expression +
                              "\" in this host frame (at a device stop, a host frame's "
                              "variables, members and elements are shown, not expressions)");
      Object body{{"result", hostValueText(v, false)},
                  {"type", v.GetTypeName() ? v.GetTypeName() : ""},
                  {"variablesReference", 0}};
      if (v.MightHaveChildren() && v.GetNumChildren() > 0)
        body["variablesReference"] = handle(v);
      return t_.respond(r, std::move(body));
    }
  }
  take();
  if (context == "repl") {
    // The debug console: any simt-dbg command; its output is the result.
    const unsigned before = session_->lastStop().count;
    session_->execute(expression);
    const std::string text = take();
    t_.respond(r, Object{{"result", trimmed(text)}, {"variablesReference", 0}});
    if (session_->lastStop().count != before)
      reportStop();
    return;
  }
  session_->execute("print " + expression);
  std::string text = trimmed(take());
  // "$3 = 42" (one value) or a table of lanes: the value is after " = ".
  if (text.rfind('$', 0) == 0 && text.find(" = ") != std::string::npos)
    return t_.respond(r, Object{{"result", text.substr(text.find(" = ") + 3)},
                                {"variablesReference", 0}});
  if (text.empty() || text.find('\n') == std::string::npos)
    return t_.fail(r, text.empty() ? "no value" : text);
  t_.respond(r, Object{{"result", text}, {"variablesReference", 0}});
}

void Adapter::disassemble(const Object &r) {
  const std::string ref = stringArg(r, "memoryReference");
  const int64_t offset = integerArg(r, "offset");
  const int64_t first = integerArg(r, "instructionOffset");
  const int64_t count = integerArg(r, "instructionCount");
  json::Array out;
  unsigned grid = 0;
  uint64_t pc = 0;
  if (std::sscanf(ref.c_str(), "cuda:%u:%" SCNx64, &grid, &pc) == 2) {
    std::optional<Object> answer =
        ask("maintenance dap-disassemble " + std::to_string(grid) + " " +
            std::to_string(int64_t(pc) + offset) + " " + std::to_string(first) + " " +
            std::to_string(count));
    const json::Array *insts = answer ? answer->getArray("instructions") : nullptr;
    if (!insts)
      return t_.fail(r, "cannot disassemble " + ref);
    for (const json::Value &v : *insts) {
      const Object *i = v.getAsObject();
      if (!i)
        continue;
      Object o;
      for (const char *key : {"address", "instruction", "symbol", "presentationHint"})
        if (std::optional<llvm::StringRef> text = i->getString(key))
          o[key] = text->str();
      if (std::optional<llvm::StringRef> file = i->getString("file")) {
        o["location"] = source(file->str());
        o["line"] = i->getInteger("line").value_or(0);
      }
      out.push_back(std::move(o));
    }
  } else {
    // Host code: x86 instructions have no fixed size, so the ones before
    // the address are left as padding.
    lldb::SBTarget &target = session_->lldb().target();
    const uint64_t at = std::strtoull(ref.c_str(), nullptr, 0) + uint64_t(offset);
    for (int64_t i = first; i < 0 && int64_t(out.size()) < count; ++i)
      out.push_back(Object{{"address", hexAddress(at)}, {"instruction", "??"},
                           {"presentationHint", "invalid"}});
    lldb::SBInstructionList insts =
        target.ReadInstructions(target.ResolveLoadAddress(at), uint32_t(count - int64_t(out.size())));
    for (uint32_t i = 0; i < insts.GetSize(); ++i) {
      lldb::SBInstruction inst = insts.GetInstructionAtIndex(i);
      const char *mnemonic = inst.GetMnemonic(target), *operands = inst.GetOperands(target);
      Object o{{"address", hexAddress(inst.GetAddress().GetLoadAddress(target))},
               {"instruction", std::string(mnemonic ? mnemonic : "") + " " +
                                   (operands ? operands : "")}};
      lldb::SBLineEntry le = inst.GetAddress().GetLineEntry();
      char path[4096];
      if (le.IsValid() && le.GetFileSpec().GetPath(path, sizeof path) > 0) {
        o["location"] = source(path);
        o["line"] = int64_t(le.GetLine());
      }
      out.push_back(std::move(o));
    }
  }
  t_.respond(r, Object{{"instructions", std::move(out)}});
}

} // namespace simt::dbg::dap
