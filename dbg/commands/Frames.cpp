//===-- Frames.cpp - frame, up, down, info frame --------------------------===//
//
// gdb's frame selection over the focused warp's frames (Frames.h): `frame`
// prints the selected one with its source line, `frame N`, `up [N]` and
// `down [N]` select another, with gdb's messages at either end. A stop or
// a focus change selects frame 0 again. print, info locals and info args
// read the selected frame's variables at its call (Debugger::scope): those
// in memory, and those in registers no callee below it may have written
// (registersWrittenBelow); the rest are <optimized out>, as gdb says of
// what it cannot recover.
//
//===----------------------------------------------------------------------===//
#include "dbg/Debugger.h"
#include "dbg/Frames.h"
#include "dbg/SourceView.h"
#include "dbg/commands/Commands.h"
#include "runtime/Values.h"

namespace simt::dbg {

namespace {

/// Prints frame `n` of the focused warp as gdb's `frame` does and selects it.
void showFrame(Debugger &d, size_t n) {
  std::optional<emu::WarpView> w = d.focusedWarp();
  const std::vector<FrameSpec> frames = framesOf(*w);
  if (n >= frames.size())
    throw CommandError("No frame at level " + std::to_string(n) + ".");
  d.selectFrame(n);
  d.out() << "#" << n << "  " << frameText(d, *w, d.focus().lane, frames[n]) << "\n";
  if (const rt::LoadedKernel *k = d.kernelOf(*w->grid()))
    if (std::optional<rt::SourcePos> pos = framePosition(*k, *w, frames[n].linePc)) {
      d.out() << sourceLineText(pos->file, pos->line) << "\n";
      d.listMark = {pos->file, pos->line, 0};
    }
}

size_t frameCountArg(const std::string &args, const char *what) {
  if (args.empty())
    return 1;
  auto n = rt::parseUInt(args);
  if (!n)
    throw CommandError(std::string(what) + " takes a frame count, not '" + args + "'");
  return size_t(*n);
}

void infoFrame(Debugger &d) {
  std::optional<emu::WarpView> w = d.focusedWarp();
  const std::vector<FrameSpec> frames = framesOf(*w);
  const size_t n = std::min<size_t>(d.selectedFrame(), frames.size() - 1);
  const FrameSpec &f = frames[n];
  const rt::LoadedKernel *k = d.kernelOf(*w->grid());
  const std::optional<rt::SourcePos> pos = k ? framePosition(*k, *w, f.linePc) : std::nullopt;
  d.out() << "Stack level " << n << ", frame of grid " << w->grid()->id << " block "
          << ctaText(w->cta().id()) << " thread " << threadText(*w, d.focus().lane) << ":\n"
          << " pc = " << frameAddress(f.pc) << " in " << frameFunctionText(d, *w, d.focus().lane, f)
          << (pos ? " (" + positionText(*pos) + ")" : "");
  if (n + 1 < frames.size())
    d.out() << "; saved pc = " << frameAddress(frames[n + 1].pc);
  d.out() << "\n";
  if (n + 1 < frames.size())
    d.out() << " called by frame at level " << n + 1 << "\n";
  if (n > 0)
    d.out() << " caller of frame at level " << n - 1 << "\n";
}

} // namespace

void registerFrameCommands(CommandTable &root, CommandTable &info) {
  root.add({"frame", {"f"}, "data", "print or select a frame of the focused thread",
            "frame [N]\nPrints the selected frame (gdb's frame line and its source line);\n"
            "with N selects frame N of `backtrace`.",
            [](Debugger &d, const Invocation &inv) {
              showFrame(d, inv.args.empty() ? d.selectedFrame() : frameCountArg(inv.args, "frame"));
            }});
  root.add({"up", {}, "data", "select the frame N (1) calls out",
            "up [N]\nSelects and prints the frame N levels towards the kernel (at most the\n"
            "kernel's).",
            [](Debugger &d, const Invocation &inv) {
              // gdb stops at the outermost frame; only there is it an error.
              const size_t last = framesOf(*d.focusedWarp()).size() - 1;
              if (d.selectedFrame() >= last)
                throw CommandError("Initial frame selected; you cannot go up.");
              showFrame(d, std::min(last, d.selectedFrame() + frameCountArg(inv.args, "up")));
            }});
  root.add({"down", {}, "data", "select the frame N (1) calls in",
            "down [N]\nSelects and prints the frame N levels towards the innermost (at most\n"
            "frame 0).",
            [](Debugger &d, const Invocation &inv) {
              const size_t by = frameCountArg(inv.args, "down");
              if (d.selectedFrame() == 0)
                throw CommandError("Bottom (innermost) frame selected; you cannot go down.");
              showFrame(d, d.selectedFrame() - std::min(by, d.selectedFrame()));
            }});
  info.add({"frame", {}, "data", "the selected frame: pc, function, caller",
            "info frame", [](Debugger &d, const Invocation &) { infoFrame(d); }});
}

} // namespace simt::dbg
