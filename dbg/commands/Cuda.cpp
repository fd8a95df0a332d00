//===-- Cuda.cpp - cuda-gdb's info cuda views -----------------------------===//
//
// `info cuda kernels` (and gdb's `info launches`) lists the program's
// launches as cuda-gdb does: kernel (the grid id, what `cuda kernel N` and
// `focus grid N` take), status, stream, shape and the demangled function.
// `info cuda devices` describes the one emulated device; `info cuda sms`,
// `warps` and `lanes` are this debugger's `info sms`, `warps`, `lanes`.
// `capture DIR [KERNEL]` writes the program's next launches as replayable
// run scripts, as SIMT_CAPTURE does (runtime/capture/Capture.h).
//
//===----------------------------------------------------------------------===//
#include "dbg/Debugger.h"
#include "dbg/ProgramControl.h"
#include "dbg/commands/Commands.h"
#include "runtime/KernelNames.h"

#include <cstdio>
#include <sstream>

namespace simt::dbg {

namespace {
/// The stream a program's grid was launched into ("-" in a run script).
std::string streamOf(Debugger &d, emu::GridId id) {
  if (!d.program())
    return "-";
  for (const cudart::LaunchRecord &l : d.program()->launches())
    if (l.grid == id) {
      char buf[32];
      std::snprintf(buf, sizeof buf, l.stream ? "%#llx" : "0",
                    static_cast<unsigned long long>(l.stream));
      return buf;
    }
  return "?";
}

void infoKernels(Debugger &d) {
  bool any = false;
  for (emu::GridId id = 1; const emu::Grid *g = d.device().grid(id); ++id) {
    if (!any)
      d.out() << "  Kernel Status    Stream  GridDim        BlockDim       Invocation\n";
    any = true;
    char buf[320];
    std::snprintf(buf, sizeof buf, "%c %6u %-9s %-7s %-14s %-14s %s\n",
                  d.focus().grid == id ? '*' : ' ', id, emu::gridStateName(g->state),
                  streamOf(d, id).c_str(), ctaText(g->params.grid).c_str(),
                  ctaText(g->params.block).c_str(),
                  rt::demangleKernelName(g->kernelName()).c_str());
    d.out() << buf;
  }
  if (!any)
    d.out() << "No CUDA kernels.\n";
}

void infoDevices(Debugger &d) {
  emu::Device &dev = d.device();
  uint32_t slots = 0, used = 0;
  for (uint32_t s = 0; s < dev.numSms(); ++s) {
    slots = std::max(slots, dev.sm(s).numSlots());
    used += dev.sm(s).usedWarps() ? 1 : 0;
  }
  char buf[200];
  d.out() << "  Dev Description           SMs Warps/SM Lanes/Warp Active SMs\n";
  std::snprintf(buf, sizeof buf, "*   0 SIMT emulated device %4u %8u %10u %10u\n", dev.numSms(),
                slots, 32u, used);
  d.out() << buf;
}

void capture(Debugger &d, const Invocation &inv) {
  ProgramControl *p = d.program();
  if (!p)
    throw CommandError("capture is for programs (simt-dbg --args): a run script already is "
                       "a replayable launch");
  std::istringstream words(inv.args);
  std::string dir, kernel, extra;
  words >> dir >> kernel >> extra;
  if (dir.empty() || !extra.empty())
    throw CommandError("capture DIR [KERNEL] | capture off");
  if (dir == "off") {
    p->captureLaunches("", "");
    d.out() << "launches are no longer captured\n";
    return;
  }
  p->captureLaunches(dir, kernel);
  d.out() << "the program's next launches" << (kernel.empty() ? "" : " of " + kernel)
          << " are written to " << dir << "/launch-N.simt\n";
}
} // namespace

void registerCudaCommands(CommandTable &root, CommandTable &info) {
  root.add({"capture", {}, "running", "write the program's next launches as run scripts",
            "capture DIR [KERNEL] | capture off\n"
            "From now on, every launch the program makes (of KERNEL only, when given) is\n"
            "written to DIR/launch-N.simt with its data, as SIMT_CAPTURE=DIR does: simt-emu\n"
            "replays it bit for bit, simt-dbg opens it (docs/programs.md).",
            capture, Complete::File});
  auto cuda = std::make_shared<CommandTable>();
  cuda->add({"kernels", {"k"}, "simt", "the launches: kernel (grid), status, stream, shape",
             "info cuda kernels", [](Debugger &d, const Invocation &) { infoKernels(d); }});
  cuda->add({"devices", {}, "simt", "the emulated device", "info cuda devices",
             [](Debugger &d, const Invocation &) { infoDevices(d); }});
  cuda->add({"sms", {}, "simt", "every SM (as info sms)", "info cuda sms",
             [](Debugger &d, const Invocation &) { d.execute("info sms"); }});
  cuda->add({"warps", {}, "simt", "every resident warp (as info warps)", "info cuda warps",
             [](Debugger &d, const Invocation &) { d.execute("info warps"); }});
  cuda->add({"lanes", {}, "simt", "the focused warp's lanes (as info lanes)", "info cuda lanes",
             [](Debugger &d, const Invocation &) { d.execute("info lanes"); }});
  info.add({"cuda", {}, "simt", "cuda-gdb's views: kernels, devices, sms, warps, lanes",
            "info cuda kernels|devices|sms|warps|lanes", nullptr, Complete::Subcommand, cuda});
  info.add({"launches", {}, "simt", "the launches (as info cuda kernels)", "info launches",
            [](Debugger &d, const Invocation &) { infoKernels(d); }});
}

} // namespace simt::dbg
