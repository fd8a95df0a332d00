//===-- Dap.cpp - The device's state as JSON, for simt-dbg's DAP server ---===//
//
// `maintenance dap-*`: what the Debug Adapter Protocol server (dbg/dap/)
// asks the device debugger in the program, one JSON object on one line, so
// that it never reads the tables people read. The server calls them through
// LLDB like any device command (HostedProtocol.h):
//   dap-stop                  why the device stopped, and where
//   dap-threads               the resident warps (a DAP thread each)
//   dap-frames                the focused lane's frames
//   dap-variables locals|args|registers   the focused lane's values (frame 0)
//   dap-lanes EXPR            EXPR in each of the focused warp's lanes
//   dap-memory ADDRESS COUNT  COUNT bytes of global memory, as far as readable
//   dap-disassemble GRID PC FIRST COUNT   COUNT instructions from instruction
//                             FIRST (negative: before) of PC in GRID's image
//
//===----------------------------------------------------------------------===//
#include "dbg/Debugger.h"
#include "dbg/Frames.h"
#include "dbg/SourceView.h"
#include "dbg/Variables.h"
#include "dbg/commands/Commands.h"
#include "emu/core/Grid.h"
#include "runtime/KernelNames.h"

#include "llvm/Support/Base64.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

#include <cstdio>
#include <filesystem>

namespace simt::dbg {

namespace {

namespace json = llvm::json;

void emit(Debugger &d, json::Object o) {
  d.out() << llvm::formatv("{0}", json::Value(std::move(o))).str() << "\n";
}

/// DAP's stopped-event reason for a device stop.
std::string dapReason(const StopEvent &e) {
  if (e.breakpoint)
    return "breakpoint";
  const std::string &r = e.reason;
  if (r.rfind("watchpoint", 0) == 0)
    return "data breakpoint";
  if (r == "interrupt")
    return "pause";
  if (r == "fault" || r == "trap" || r == "sanitizer" || r == "step limit" || r == "blocked")
    return "exception";
  if (r == kKernelEntryReason || r == "launch")
    return "function breakpoint";
  return "step";
}

json::Array coords(const uint32_t c[3]) { return json::Array{c[0], c[1], c[2]}; }

/// A warp as the server names it: its grid, block and index in the block.
json::Object warpKey(const emu::WarpInfo &i) {
  return json::Object{{"grid", i.grid}, {"cta", coords(i.cta)}, {"warp", i.warp}};
}

/// Where the source of `pc` is, as an absolute path and a line.
void addSource(json::Object &o, const rt::LoadedKernel &k, uint64_t pc) {
  if (std::optional<rt::SourcePos> p = sourcePos(k, pc)) {
    std::error_code ec;
    const std::filesystem::path abs = std::filesystem::absolute(p->file, ec);
    o["file"] = ec ? p->file : abs.lexically_normal().string();
    o["line"] = p->line;
  }
}

void stop(Debugger &d, const Invocation &) {
  const StopEvent &e = d.lastStop();
  json::Object o{{"reason", dapReason(e)}, {"description", e.reason},
                 {"breakpoint", e.breakpoint}};
  if (e.hasWarp)
    if (std::optional<emu::WarpInfo> i = findFocused(d.device(), d.focus()))
      o["warp"] = warpKey(*i);
  emit(d, std::move(o));
}

void threads(Debugger &d, const Invocation &) {
  json::Array warps;
  std::optional<emu::WarpInfo> focused;
  if (d.focus().valid())
    focused = findFocused(d.device(), d.focus());
  for (const emu::WarpInfo &i : d.device().warps()) {
    const emu::Grid *g = d.device().grid(i.grid);
    std::optional<emu::WarpView> w = emu::viewWarp(d.device(), i.ref);
    if (!g || !w || i.state == emu::WarpState::Free)
      continue;
    json::Object o = warpKey(i);
    o["thread"] = threadText(*w, 0);
    o["name"] = "CUDA " + rt::plainKernelName(g->kernelName()) + " block " +
                ctaText(i.cta) + " warp " + std::to_string(i.warp) + " threads " +
                threadText(*w, 0) + "-" + threadText(*w, 31);
    o["focused"] = focused && focused->ref.sm == i.ref.sm && focused->ref.slot == i.ref.slot;
    warps.push_back(std::move(o));
  }
  emit(d, json::Object{{"warps", std::move(warps)}});
}

void frames(Debugger &d, const Invocation &) {
  json::Array out;
  std::optional<emu::WarpView> w = d.focusedWarp(false);
  if (w) {
    const rt::LoadedKernel *k = d.kernelOf(*w->grid());
    char ref[48];
    for (const FrameSpec &f : framesOf(*w)) {
      json::Object o{{"name", frameFunctionText(d, *w, d.focus().lane, f)}, {"pc", f.pc}};
      std::snprintf(ref, sizeof ref, "cuda:%u:0x%x", unsigned(w->grid()->id), f.pc);
      o["memoryReference"] = std::string(ref); // json keeps a char * by reference
      if (k)
        addSource(o, *k, f.linePc);
      out.push_back(std::move(o));
    }
  }
  emit(d, json::Object{{"frames", std::move(out)}});
}

json::Object variable(std::string name, std::string value, std::string type) {
  return json::Object{{"name", std::move(name)}, {"value", std::move(value)},
                      {"type", std::move(type)}};
}

void variables(Debugger &d, const Invocation &inv) {
  json::Array out;
  EvalScope sc = d.scope(true);
  if (inv.args == "registers") {
    emu::WarpView w = sc.mem.warp->view();
    const uint32_t lane = sc.mem.lane;
    std::vector<std::string> names;
    for (uint32_t r = 0; r < std::min<uint32_t>(w.grid()->regSpan, 63); ++r)
      names.push_back("R" + std::to_string(r));
    for (int p = 0; p < 7; ++p)
      names.push_back("P" + std::to_string(p));
    for (const char *n : {"$pc", "$active"})
      names.push_back(n);
    for (const std::string &n : names) {
      const Expr e = Expr::parse(n);
      const Scalar v = e.evalLane(sc, lane);
      char buf[32];
      std::snprintf(buf, sizeof buf, e.width() == 1 ? "%llu" : "0x%llx",
                    static_cast<unsigned long long>(uint64_t(v.i)));
      out.push_back(variable(n, buf, e.width() == 1 ? "predicate" : "register"));
    }
  } else if (inv.args == "locals" || inv.args == "args") {
    if (sc.kernel) // the selected frame's (an outer one's at its call)
      if (std::optional<VarScope> s = varScopeAt(*sc.kernel, sc.pc()))
        for (const Variable &v : inv.args == "args" ? argsAt(*s) : localsAt(*s)) {
          std::string text;
          try {
            text = formatCValueBare(valueOf(*s, v, sc, sc.mem.lane), sc);
          } catch (const CommandError &err) {
            text = std::string("<error: ") + err.what() + ">";
          }
          out.push_back(variable(v.name, text, typeName(typeOf(*s, v))));
        }
  } else {
    throw CommandError("usage: maintenance dap-variables locals|args|registers");
  }
  emit(d, json::Object{{"variables", std::move(out)}});
}

void lanes(Debugger &d, const Invocation &inv) {
  const Expr e = Expr::parse(inv.args);
  EvalScope sc = d.scope(true);
  const emu::WarpControl &c = sc.mem.warp->view().control();
  const bool isC = e.isC(sc);
  json::Array out;
  for (unsigned l = 0; l < 32; ++l) {
    if (!(c.launched >> l & 1))
      continue;
    std::string value;
    if (c.exited >> l & 1) {
      value = "(exited)";
    } else {
      try {
        if (isC) {
          value = formatCValue(e.evalC(sc, l), sc);
        } else {
          char buf[32];
          std::snprintf(buf, sizeof buf, e.prefersHex() ? "0x%llx" : "%lld",
                        static_cast<long long>(e.evalLane(sc, l).i));
          value = buf;
        }
      } catch (const CommandError &err) {
        value = std::string("<") + err.what() + ">";
      }
    }
    out.push_back(json::Object{{"lane", l},
                               {"thread", threadText(sc.mem.warp->view(), l)},
                               {"value", value},
                               {"active", bool(c.active >> l & 1)}});
  }
  emit(d, json::Object{{"lanes", std::move(out)}});
}

void memory(Debugger &d, const Invocation &inv) {
  const std::vector<std::string> w = words(inv.args);
  const std::optional<uint64_t> addr = w.size() == 2 ? rt::parseUInt(w[0]) : std::nullopt;
  const std::optional<uint64_t> count = w.size() == 2 ? rt::parseUInt(w[1]) : std::nullopt;
  if (!addr || !count)
    throw CommandError("usage: maintenance dap-memory ADDRESS COUNT");
  const MemoryView view = d.scope(false).mem;
  std::vector<uint8_t> bytes(std::min<uint64_t>(*count, 1 << 16));
  std::string error;
  size_t readable = bytes.size();
  if (!readMemory(view, SpaceRef{}, *addr, bytes, &error)) {
    // DAP wants the readable start: up to the first byte that is not.
    readable = 0;
    while (readable < bytes.size() &&
           readMemory(view, SpaceRef{}, *addr + readable,
                      std::span<uint8_t>(bytes).subspan(readable, 1), &error))
      ++readable;
  }
  const uint64_t unreadable = bytes.size() - readable;
  bytes.resize(readable);
  emit(d, json::Object{{"data", llvm::encodeBase64(bytes)}, {"unreadable", unreadable}});
}

void disassemble(Debugger &d, const Invocation &inv) {
  const std::vector<std::string> w = words(inv.args);
  if (w.size() != 4)
    throw CommandError("usage: maintenance dap-disassemble GRID PC FIRST COUNT");
  const emu::Grid *g = d.device().grid(emu::GridId(std::stoul(w[0])));
  const rt::LoadedKernel *k = g ? d.kernelOf(*g) : nullptr;
  if (!k)
    throw CommandError("no grid " + w[0]);
  const int64_t pc = std::stoll(w[1], nullptr, 0);
  const int64_t first = std::stoll(w[2]);
  const int64_t count = std::stoll(w[3]);
  json::Array out;
  for (int64_t n = 0; n < count; ++n) {
    const int64_t at = pc + (first + n) * 8;
    char addr[32];
    std::snprintf(addr, sizeof addr, "0x%016llx", static_cast<unsigned long long>(at));
    json::Object o{{"address", std::string(addr)}};
    if (at < 0 || uint64_t(at) / 8 >= k->image.size()) {
      o["instruction"] = "??";
      o["presentationHint"] = "invalid";
    } else {
      o["instruction"] = d.instText(*k, uint32_t(at));
      if (std::string sym = d.symbolText(*k, uint32_t(at)); !sym.empty())
        o["symbol"] = sym;
      addSource(o, *k, uint64_t(at));
    }
    out.push_back(std::move(o));
  }
  emit(d, json::Object{{"instructions", std::move(out)}});
}

} // namespace

void registerDapQueries(CommandTable &maint) {
  maint.add({"dap-stop", {}, "internals", "why the device stopped (JSON)",
             "maintenance dap-stop", stop});
  maint.add({"dap-threads", {}, "internals", "the resident warps (JSON)",
             "maintenance dap-threads", threads});
  maint.add({"dap-frames", {}, "internals", "the focused lane's frames (JSON)",
             "maintenance dap-frames", frames});
  maint.add({"dap-variables", {}, "internals", "the focused lane's values (JSON)",
             "maintenance dap-variables locals|args|registers", variables});
  maint.add({"dap-lanes", {}, "internals", "an expression in every lane (JSON)",
             "maintenance dap-lanes EXPR", lanes});
  maint.add({"dap-memory", {}, "internals", "bytes of the device's global memory (JSON, base64)",
             "maintenance dap-memory ADDRESS COUNT", memory});
  maint.add({"dap-disassemble", {}, "internals", "instructions around a pc (JSON)",
             "maintenance dap-disassemble GRID PC FIRST COUNT", disassemble});
}

} // namespace simt::dbg
