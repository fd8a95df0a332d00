//===-- ProgramControl.h - A program under the debugger, for commands -----===//
//
// With `simt-dbg --args ./app` the debugger lives in the program's process
// (dbg/program/ProgramAgent.h): the program's CUDA runtime owns the session
// and runs the host code; the debugger gets control at the program's start,
// at launches and whenever the device runs. Commands that start, resume or
// end the program (`run`, `continue`, `kill`) and the CUDA views (`info cuda
// kernels`) go through this interface; in a run-script session there is none.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "runtime/DeviceSession.h"
#include "runtime/cudart/DeviceAgent.h"

#include <memory>
#include <ostream>
#include <vector>

namespace simt::dbg {

class ProgramControl {
public:
  virtual ~ProgramControl() = default;
  /// The runtime's session slot (checkpoints are installed there).
  virtual std::unique_ptr<rt::DeviceSession> *sessionSlot() = 0;
  /// A copy of the session as the current device run began: where a replay
  /// (reverse execution) starts when no checkpoint is nearer.
  virtual std::unique_ptr<rt::DeviceSession> runStart(std::ostream &out) = 0;
  /// Whether the program's main has been started.
  virtual bool started() const = 0;
  /// `run`: start the program, or (started) start it again from the beginning.
  virtual void run() = 0;
  /// `continue`: the program goes on from the stop.
  virtual void resume() = 0;
  /// `kill`: the program ends here.
  virtual void kill() = 0;
  /// `capture DIR [KERNEL]`: the program's next launches (of KERNEL) are
  /// written to DIR as replayable run scripts, as SIMT_CAPTURE writes them;
  /// an empty `dir` stops that.
  virtual void captureLaunches(const std::string &dir, const std::string &kernel) = 0;
  /// The launches the program made, oldest first.
  virtual const std::vector<cudart::LaunchRecord> &launches() const = 0;
  /// The address of the host stub of the kernel whose symbol is `mangled`
  /// (the runtime's registration), or 0: a kernel's host location where
  /// no host debugger says where it is.
  virtual uint64_t kernelStub(const std::string &mangled) const = 0;
};

} // namespace simt::dbg
