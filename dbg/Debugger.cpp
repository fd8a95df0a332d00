//===-- Debugger.cpp - simt-dbg's state and the services commands use -----===//
#include "dbg/Debugger.h"
#include "dbg/CudaExceptions.h"
#include "dbg/Frames.h"
#include "dbg/ProgramControl.h"
#include "dbg/SourceView.h"

#include "dbg/Interrupt.h"
#include "dbg/PTXRegisters.h"
#include "dbg/Views.h"
#include "runtime/KernelNames.h"

#include "llvm/Support/Path.h"

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <new>
#include <sstream>

namespace simt::dbg {

Debugger::Debugger(DebuggerOptions opts, std::ostream &out)
    : opts_(std::move(opts)), out_(out), sessionBuf_(out.rdbuf()), sessionOut_(&sessionBuf_),
      exec_(std::make_unique<Execution>(*this)) {
  if (opts_.program) {
    slot_ = opts_.program->sessionSlot();
  } else {
    ownSession_ = std::make_unique<rt::DeviceSession>(opts_.config, sessionOut_);
    slot_ = &ownSession_;
  }
  registerCommands();
}

Debugger::~Debugger() = default;

std::filesystem::path Debugger::scriptDir() const {
  return std::filesystem::path(opts_.script).parent_path();
}

bool Debugger::start() {
  if (opts_.program)
    return true; // the program loads its own objects
  if (!opts_.script.empty()) {
    auto p = rt::parseScriptFile(opts_.script);
    if (!p) {
      out_ << "simt-dbg: error: " << p.message() << "\n";
      return false;
    }
    if (!p->ok()) {
      out_ << p->errorText();
      return false;
    }
    script_ = std::move(p->script);
  }
  // `simt-dbg SCRIPT` (a capture): its leading loads are the object, so that
  // breakpoints can name its kernels before `run`.
  auto &cmds = script_.commands;
  while (opts_.object.empty() && !cmds.empty() &&
         std::holds_alternative<rt::LoadCommand>(cmds.front().op)) {
    preload_.push_back(cmds.front());
    cmds.erase(cmds.begin());
  }
  if (opts_.object.empty() && preload_.empty()) {
    out_ << "simt-dbg: error: " << opts_.script
         << " loads no object: give the object first (simt-dbg OBJECT SCRIPT)\n";
    return false;
  }
  if (rt::Status s = loadObjects(**slot_); !s) {
    out_ << "simt-dbg: error: " << s.message() << "\n";
    return false;
  }
  return true;
}

rt::Status Debugger::loadObjects(rt::DeviceSession &s) {
  if (!opts_.object.empty())
    return s.load(opts_.object);
  for (const rt::Command &c : preload_)
    if (rt::Status st = rt::ScriptRunner(s).execute(c, scriptDir()); !st)
      return st;
  return {};
}

std::unique_ptr<rt::DeviceSession> Debugger::newSession() {
  if (opts_.program)
    return opts_.program->runStart(sessionOut_);
  auto s = std::make_unique<rt::DeviceSession>(opts_.config, sessionOut_);
  if (rt::Status st = loadObjects(*s); !st)
    out_ << "simt-dbg: error: " << st.message() << "\n";
  return s;
}

std::unique_ptr<rt::DeviceSession> Debugger::exchangeSession(std::unique_ptr<rt::DeviceSession> s) {
  std::swap(*slot_, s);
  sessionChanged();
  return s;
}

void Debugger::sessionChanged() {
  sanitizer_.sessionChanged(**slot_);
  bps_.invalidate();
  for (Watchpoint &w : bps_.watchpoints())
    w.known = false;
}

void Debugger::resetSession() {
  if (opts_.program) {
    opts_.program->kill();
    return;
  }
  adoptSession(newSession());
  exec_->reset();
}

/// Whether `rest`, what follows a command's first word, goes on an
/// expression that word began: `= 9`, `+= 1`, `++`, `[2] = 0`, `.x = 1`,
/// `->y = 2` (never `==`, a setting's value).
static bool continuesExpression(std::string_view rest) {
  if (rest.empty())
    return false;
  if (rest[0] == '=')
    return rest.size() < 2 || rest[1] != '=';
  for (std::string_view op : {"+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=",
                              "++", "--", "[", ".", "->"})
    if (rest.substr(0, op.size()) == op)
      return true;
  return false;
}

void Debugger::dispatch(const CommandTable &table, std::string_view line,
                        const std::string &prefix) {
  std::string word, format, rest;
  splitCommandWord(line, word, format, rest);
  std::string error;
  const CommandSpec *c = table.find(word, &error);
  if (!c) {
    if (!prefix.empty() && error.rfind("Undefined command", 0) == 0)
      error = "Undefined " + prefix + " command: \"" + word + "\".  Try \"help " + prefix + "\".";
    throw CommandError(error);
  }
  const std::string full = prefix.empty() ? c->name : prefix + " " + c->name;
  if (c->sub && !rest.empty()) {
    // `set var ...` and `info ...`: a subcommand when the next word names one.
    std::string subWord, subFormat, subRest;
    splitCommandWord(rest, subWord, subFormat, subRest);
    std::string subError;
    const CommandSpec *sub = c->sub->find(subWord, &subError);
    // `set height = 9`, `set w += 1`, `set h[2] = 0`: an assignment to a
    // variable (a kernel's `height`), not a setting, when what follows the
    // word is an assignment's or an lvalue's continuation.
    if (sub && c->handler && continuesExpression(subRest))
      sub = nullptr;
    if (sub || !c->handler) {
      dispatch(*c->sub, rest, full);
      return;
    }
  }
  if (!c->handler)
    throw CommandError("\"" + full + "\" must be followed by the name of a subcommand. Try \"help " + full + "\".");
  Invocation inv{full, format, rest};
  c->handler(*this, inv);
}

void Debugger::execute(std::string_view line) {
  line = commandText(line);
  failed_ = false;
  if (line.empty())
    return;
  std::string error;
  try {
    dispatch(root_, line, "");
  } catch (const CommandError &e) {
    failed_ = true;
    error = e.what();
  } catch (const std::bad_alloc &) {
    failed_ = true;
    // Local memory of many resident CTAs, a huge stack cache: what the host lacks.
    error = "out of host memory (the emulated state may be incomplete: `run` starts again)";
  } catch (const std::exception &e) {
    failed_ = true;
    error = std::string("internal error: ") + e.what();
  }
  if (failed_) {
    out_.flush();
    if (errorSink) {
      errorSink(error);
    } else {
      std::cerr << error << "\n";
      std::cerr.flush();
    }
  }
  // Keep the emulator detached between commands (a command may have thrown
  // out of a run).
  armInterrupt(nullptr);
  exec_->stopListening();
  out_.flush();
}

//===-- Focus --------------------------------------------------------------------===//

std::optional<emu::WarpView> Debugger::focusedWarp(bool required) {
  if (focus_.valid()) {
    if (auto i = findFocused(device(), focus_))
      if (std::optional<emu::WarpView> w = emu::viewWarp(device(), i->ref))
        return w;
    if (required)
      throw CommandError("the focused warp (" + focus_.text() + ") is no longer resident");
    return std::nullopt;
  }
  std::vector<emu::WarpInfo> all = device().warps();
  std::stable_sort(all.begin(), all.end(), [](const emu::WarpInfo &a, const emu::WarpInfo &b) {
    return (a.state == emu::WarpState::Active) > (b.state == emu::WarpState::Active);
  });
  for (const emu::WarpInfo &i : all)
    if (std::optional<emu::WarpView> w = emu::viewWarp(device(), i.ref)) {
      focus_ = Focus::of(*w, lowestLane(w->active()));
      return w;
    }
  if (required)
    throw CommandError("no warp is resident: launch a kernel (and stop in it) first");
  return std::nullopt;
}

const emu::Grid *Debugger::focusedGrid() {
  if (std::optional<emu::WarpView> w = focusedWarp(false))
    return w->grid();
  if (focus_.valid())
    return device().grid(focus_.grid);
  return nullptr;
}

const rt::LoadedKernel &Debugger::focusedOrFirstKernel() {
  if (const emu::Grid *g = focusedGrid())
    if (const rt::LoadedKernel *k = kernelOf(*g))
      return *k;
  auto all = session().kernels();
  if (all.empty())
    throw CommandError("no kernel is loaded");
  return *all.front();
}

EvalScope Debugger::scopeFor(emu::WarpView w, uint32_t lane) {
  EvalScope s;
  s.mem.session = slot_->get();
  s.mem.warp = emu::editWarp(device(), w.ref());
  s.mem.grid = w.grid();
  s.mem.lane = lane;
  s.kernel = w.grid() ? kernelOf(*w.grid()) : nullptr;
  return s;
}

EvalScope Debugger::scope(bool needWarp) {
  std::optional<emu::WarpView> w = focusedWarp(needWarp);
  if (w) {
    EvalScope s = scopeFor(*w, focus_.lane);
    if (const size_t n = selectedFrame(); n > 0 && s.kernel) {
      // gdb's `up`: names are the outer frame's, at its call.
      const std::vector<FrameSpec> frames = framesOf(*w);
      enterFrame(s, *s.kernel, *w, frames, std::min(n, frames.size() - 1));
    }
    return s;
  }
  EvalScope s;
  s.mem.session = slot_->get();
  s.mem.grid = focusedGrid();
  s.mem.lane = focus_.lane;
  s.kernel = s.mem.grid ? kernelOf(*s.mem.grid) : nullptr;
  return s;
}

//===-- Text ---------------------------------------------------------------------===//

std::string Debugger::instText(const rt::LoadedKernel &k, uint32_t pc) {
  if (pc / 8 >= k.image.size())
    return "<outside the kernel image>";
  std::string text;
  disasm_.print(k.image[pc / 8], pc, text, [&](uint64_t a) -> std::string {
    const rt::ImageSymbol *s = k.symbolAt(a);
    return s ? s->name : std::string();
  });
  return text;
}

std::string Debugger::instText(const emu::Grid &g, uint32_t pc) {
  if (const rt::LoadedKernel *k = kernelOf(g))
    return instText(*k, pc);
  return "<unknown kernel>";
}

std::optional<uint64_t> Debugger::branchTarget(const rt::LoadedKernel &k, uint32_t pc) {
  uint64_t t = 0;
  if (pc / 8 < k.image.size() && disasm_.branchTarget(k.image[pc / 8], pc, t))
    return t;
  return std::nullopt;
}

std::string Debugger::symbolText(const rt::LoadedKernel &k, uint32_t pc) {
  std::string d = k.describe(pc);
  if (d.empty() || d.rfind("0x", 0) == 0)
    return "";
  // Shown demangled, as gdb does with `set print asm-demangle on`.
  size_t plus = d.find('+');
  return "<" + rt::demangleKernelName(d.substr(0, plus)) +
         (plus == std::string::npos ? "" : d.substr(plus)) + ">";
}

std::string Debugger::pcLine(const emu::Grid &g, uint32_t pc) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "=> 0x%04x", pc);
  std::string line = buf;
  const rt::LoadedKernel *k = kernelOf(g);
  if (k) {
    std::string sym = symbolText(*k, pc);
    if (!sym.empty())
      line += " " + sym;
  }
  return line + ":  " + instText(g, pc);
}

//===-- Stops --------------------------------------------------------------------===//

void Debugger::reportStop(const StopEvent &e) {
  lastStop_ = e;
  ++stopCount_;
  for (const std::string &l : e.preface)
    out_ << l << "\n";
  if (e.hasWarp) {
    const Focus was = focus_;
    focus_ = e.where;
    frame_ = 0;
    std::optional<emu::WarpView> w = e.finished ? std::nullopt : focusedWarp(false);
    if (w &&
        (e.breakpoint || e.sourceStep || e.reason == kKernelEntryReason ||
         cudaExceptionOf(e.fault, e.faultSpace) || (program() && reachedRunTo(e))) &&
        reportSourceStop(e, *w, !sameThread(was, e.where)))
      return;
    char buf[64];
    std::snprintf(buf, sizeof buf, " pc 0x%04x mask 0x%08x", e.pc, e.mask);
    const emu::Grid *g = device().grid(e.where.grid);
    const rt::LoadedKernel *k = g && !e.finished ? kernelOf(*g) : nullptr;
    const std::optional<rt::SourcePos> pos =
        k ? (w ? framePosition(*k, *w, e.pc) : sourcePos(*k, e.pc)) : std::nullopt;
    if (w && pos && program() && e.reason == "step" && e.preface.empty() &&
        sameThread(was, e.where)) {
      // gdb's stepi in a program: the line, after the pc when the pc is
      // not where one of the line's pieces begins.
      const std::vector<LineRange> pieces = lineRanges(*k, pos->file, pos->line);
      if (std::none_of(pieces.begin(), pieces.end(),
                       [&](const LineRange &r) { return r.begin == e.pc; })) {
        std::snprintf(buf, sizeof buf, "0x%016llx\t", static_cast<unsigned long long>(e.pc));
        out_ << buf;
      }
      out_ << sourceLineText(pos->file, pos->line) << "\n";
      listMark = {pos->file, pos->line, 0};
      removeAfterStop(e);
      printDisplays();
      return;
    }
    if (w && !pos && k && !linesOf(*k) && program() && e.reason == "step" && e.preface.empty()) {
      // gdb's stepi in code without lines: the frame, with its address.
      out_ << frameText(*this, *w, e.where.lane, FrameSpec{e.pc, e.pc}) << "\n";
      removeAfterStop(e);
      printDisplays();
      return;
    }
    out_ << "stopped: " << e.reason << " grid " << e.where.grid << " cta "
         << ctaText(e.where.cta) << " warp " << e.where.warp << " lane " << e.where.lane << buf
         << (pos ? " at " + positionText(*pos) : "") << "\n";
    if (e.finished)
      out_ << "   (the warp has exited)\n";
    else if (g)
      out_ << pcLine(*g, e.pc) << "\n";
    if (pos) {
      out_ << sourceLineText(pos->file, pos->line) << "\n";
      listMark = {pos->file, pos->line, 0};
    }
  } else if (!e.reason.empty() && e.preface.empty()) {
    out_ << "stopped: " << e.reason << "\n";
  }
  removeAfterStop(e);
  printDisplays();
}

bool Debugger::reachedRunTo(const StopEvent &e) {
  return e.reason == "advance" || e.reason == "until";
}

void Debugger::removeAfterStop(const StopEvent &e) {
  for (int n : e.deleteAfter)
    bps_.remove(n);
  for (int n : deleteAtStop_)
    bps_.remove(n);
  deleteAtStop_.clear();
}

std::string Debugger::hitNumber(int number, const rt::LoadedKernel &k, uint32_t pc) {
  // gdb names the location hit when there are several: N.M, numbered as
  // `info breakpoints` lists them. In a program a kernel's name is also its
  // host stub's, a function of the host: cuda-gdb's breakpoint on it has
  // two locations, the stub (N.1, which the launch never stops at) and the
  // kernel (N.2), also where LLDB did not say where the stub is.
  const Breakpoint *b = bps_.breakpoint(number);
  if (!b)
    return std::to_string(number);
  const rt::ImageSection *sec = k.sectionAt(pc);
  size_t first = b->loc.hostPlaces.size();
  if (!first && program() && b->loc.namesFunction() && sec && sec->isKernel)
    first = 1;
  const std::vector<Site> sites = sitesOf(b->loc, session());
  size_t at = 0;
  while (at < sites.size() && !(sites[at].kernel == &k && sites[at].addr == pc))
    ++at;
  if (first + sites.size() < 2)
    return std::to_string(number);
  return std::to_string(number) + "." + std::to_string(first + at + 1);
}

bool Debugger::reportSourceStop(const StopEvent &e, emu::WarpView w, bool moved) {
  const rt::LoadedKernel *k = kernelOf(*w.grid());
  // A call's return point without a line of its own shows the call's.
  const std::optional<rt::SourcePos> pos = k ? framePosition(*k, w, e.pc) : std::nullopt;
  // Code without lines (built without -G or -lineinfo): in a program,
  // cuda-gdb's breakpoint stop all the same, the frame a function without
  // a symbol table's (`0x... in compute<<<...>>> ()`) and no source line.
  const bool lineless =
      !pos && k && !linesOf(*k) && program() && e.fault == emu::FaultKind::None;
  if (!pos && !lineless)
    return false;
  // cuda-gdb says when a stop moves the focus to another thread. A
  // breakpoint's hit: gdb's blank line and the frame as cuda-gdb describes
  // it; a step's end: the frame only when the step entered or left a
  // function (or moved); then the line.
  if (moved && !cudaExceptionOf(e.fault, e.faultSpace))
    out_ << switchingFocusText(w, e.where.lane) << "\n";
  const std::string frame = frameText(*this, w, e.where.lane, FrameSpec{e.pc, e.pc});
  if (const CudaException *x = cudaExceptionOf(e.fault, e.faultSpace)) {
    // cuda-gdb's words for an exception, the PC with its function's
    // demangled name ("PC 0x...  k(int*, int)  (shoob.cu:6)"); the host
    // thread is the program's main thread, which waits for the kernel.
    const rt::ImageSection *sec = k->sectionAt(e.pc);
    const std::string function =
        sec ? withoutReturnType(rt::demangleKernelName(sec->name)) : std::string();
    out_ << "CUDA Exception: " << x->name << "\nThe exception was triggered at PC "
         << frameAddress(e.pc) << (function.empty() ? "" : "  " + function) << "  ("
         << positionText(*pos) << ")\n\n";
    if (program())
      out_ << "Thread 1 \"" << program_invocation_short_name << "\" received signal";
    else
      out_ << "Program received signal";
    out_ << " CUDA_EXCEPTION_" << x->code << ", " << x->name << ".\n";
    if (moved)
      out_ << switchingFocusText(w, e.where.lane) << "\n";
    moved = false;
  }
  if (e.breakpoint)
    out_ << "\nCUDA thread hit " << (e.temporary ? "Temporary breakpoint " : "Breakpoint ")
         << hitNumber(e.breakpoint, *k, e.pc) << ", " << frame << "\n";
  else if (e.reason == kKernelEntryReason)
    out_ << "\nCUDA thread hit application kernel entry function breakpoint, " << frame << "\n";
  else if (e.newFrame || e.fault != emu::FaultKind::None || moved || reachedRunTo(e) || !pos)
    out_ << frame << "\n"; // until/advance LOCATION: gdb's frame and line; no line: the frame
  if (pos) {
    out_ << sourceLineText(pos->file, pos->line) << "\n";
    listMark = {pos->file, pos->line, 0};
  }
  removeAfterStop(e);
  printDisplays();
  return true;
}

namespace {
/// gdb's "/x " before a display's expression (nothing without a format).
std::string formatText(const Display &d) { return d.format.empty() ? "" : "/" + d.format + " "; }
} // namespace

void Debugger::printDisplay(const Display &d, bool atStop) {
  try {
    Expr e = Expr::parse(d.text);
    EvalScope s = scope(false);
    std::ostringstream value; // whole, or not at all if evaluating throws
    printValue(*this, value, e, d.format, s);
    out_ << d.number << ": " << formatText(d) << value.str();
  } catch (const CommandError &err) {
    // gdb shows a display only where its variables are in scope: at a stop
    // outside it, nothing.
    if (atStop && std::string_view(err.what()).starts_with("No symbol \""))
      return;
    out_ << d.number << ": " << formatText(d) << d.text << " = <" << err.what() << ">\n";
  }
}

void Debugger::printDisplays() {
  for (const Display &d : displays_)
    if (!d.host)
      printDisplay(d, true);
}

//===-- Completion -----------------------------------------------------------------===//

std::vector<std::string> Debugger::complete(std::string_view before, std::string_view word) {
  std::vector<std::string> pool;
  std::string first, fmt, rest;
  splitCommandWord(before, first, fmt, rest);
  const CommandSpec *c = nullptr;
  if (trim(before).empty()) {
    pool = root_.words();
  } else {
    c = root_.find(first, nullptr);
    if (c && c->sub && trim(rest).empty()) {
      pool = c->sub->words();
    } else {
      Complete kind = c ? c->complete : Complete::Expression;
      if (c && c->sub) {
        std::string sw, sf, sr;
        splitCommandWord(rest, sw, sf, sr);
        if (const CommandSpec *s = c->sub->find(sw, nullptr))
          kind = s->complete;
      }
      if (kind == Complete::Expression || kind == Complete::Location) {
        for (unsigned r = 0; r < 63; ++r)
          pool.push_back("R" + std::to_string(r));
        pool.insert(pool.end(), {"RZ", "P0", "P1", "P2", "P3", "P4", "P5", "P6", "PT", "CC",
                                 "$lane", "$pc", "$active", "$exited", "$tid.x", "$ctaid.x",
                                 "$warp", "$sm"});
        for (const rt::LoadedKernel *k : (*slot_)->kernels())
          for (const rt::ImageSymbol &s : k->symbols) {
            pool.push_back(s.name);
            if (s.kind == rt::ImageSymbol::Kernel)
              pool.push_back(rt::plainKernelName(s.name));
          }
        for (const rt::Buffer *b : (*slot_)->memory().buffers())
          pool.push_back(b->name);
        // The PTX registers of the focused function, where its object has them.
        for (std::string &n : ptxRegisterNames(scope(false)))
          pool.push_back(std::move(n));
      }
      if (kind == Complete::Location) // FILE:LINE, by the name and the base name
        for (const std::string &f : sourceFiles(**slot_)) {
          pool.push_back(fileName(f) + ":");
          pool.push_back(llvm::sys::path::filename(f).str() + ":");
        }
    }
  }
  std::vector<std::string> out;
  for (std::string &s : pool)
    if (s.compare(0, word.size(), word) == 0)
      out.push_back(std::move(s));
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

} // namespace simt::dbg
