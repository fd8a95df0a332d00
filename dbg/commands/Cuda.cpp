//===-- Cuda.cpp - cuda-gdb's info cuda views -----------------------------===//
//
// `info cuda kernels`, `blocks` and `threads` (CudaTables.cpp), `sms`,
// `warps` and `lanes` (CudaDeviceTables.cpp) are cuda-gdb's tables, with its
// filters. `info cuda devices` describes the one emulated device.
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
void infoDevices(Debugger &d) {
  emu::Device &dev = d.device();
  uint32_t slots = 0, used = 0;
  for (uint32_t s = 0; s < dev.numSms(); ++s) {
    slots = std::max(slots, emu::viewSm(dev, s).numSlots());
    used += emu::viewSm(dev, s).usedWarps() ? 1 : 0;
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
  registerCudaTables(*cuda, info);
  cuda->add({"devices", {}, "simt", "the emulated device", "info cuda devices",
             [](Debugger &d, const Invocation &) { infoDevices(d); }});
  registerCudaDeviceTables(*cuda);
  info.add({"cuda", {}, "simt", "cuda-gdb's views: kernels, blocks, threads, devices, sms, ...",
            "info cuda kernels|blocks|threads|devices|sms|warps|lanes", nullptr,
            Complete::Subcommand, cuda});
}

} // namespace simt::dbg
