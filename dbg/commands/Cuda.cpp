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
#include "dbg/TextTable.h"
#include "dbg/commands/Commands.h"
#include "isa/SIMTLevel.h"
#include "isa/SIMTLimits.h"
#include "runtime/KernelNames.h"

#include <cstdio>
#include <sstream>

namespace simt::dbg {

namespace {
/// cuda-gdb's device table: one emulated device, at no PCI address, its
/// level's compute capability as the SM type, its SMs and warp slots, the
/// registers a thread may have (R0..R62) and the SMs holding warps (one
/// bit each, whole bytes of hex digits, as the kernels' SMs Mask).
void infoDevices(Debugger &d, const Invocation &inv) {
  const CudaFilter f = cudaFilter(d, inv.args, CudaFilter{});
  if (f.device != CudaFilter::Any && f.device != 0) { // the one device is device 0
    d.out() << "No CUDA devices.\n";
    return;
  }
  emu::Device &dev = d.device();
  const uint32_t level = dev.config().level ? dev.config().level : levels::kBase;
  std::vector<uint8_t> bytes((dev.numSms() + 7) / 8, 0);
  for (uint32_t s = 0; s < dev.numSms(); ++s)
    if (emu::viewSm(dev, s).usedWarps())
      bytes[s / 8] |= uint8_t(1u << (s % 8));
  std::string mask = "0x";
  for (size_t b = bytes.size(); b-- > 0;) {
    char buf[4];
    std::snprintf(buf, sizeof buf, "%02x", bytes[b]);
    mask += buf;
  }
  TextTable t;
  for (const char *h : {"Dev", "PCI Bus/Dev ID", "Name", "Description", "SM Type", "SMs",
                        "Warps/SM", "Lanes/Warp", "Max Regs/Lane", "Active SMs Mask"})
    t.addColumn(h);
  t.addRow(true, {"0", "00:00.0", "SIMT emulator", "emulated GPU", levels::archName(level),
                  std::to_string(dev.numSms()), std::to_string(dev.config().warpsPerSm), "32",
                  std::to_string(limits::kMaxRegs), mask});
  t.print(d.out());
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
  cuda->add({"devices", {}, "simt", "the emulated device, as cuda-gdb lists devices",
             "info cuda devices [FILTER]", infoDevices});
  registerCudaDeviceTables(*cuda);
  info.add({"cuda", {}, "simt", "cuda-gdb's views: kernels, blocks, threads, devices, sms, ...",
            "info cuda kernels|blocks|threads|devices|sms|warps|lanes", nullptr,
            Complete::Subcommand, cuda});
}

} // namespace simt::dbg
