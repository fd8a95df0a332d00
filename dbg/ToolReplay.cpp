//===-- ToolReplay.cpp - simt-emu's tools on a debugger session -----------===//
#include "dbg/ToolReplay.h"

#include "dbg/Debugger.h"
#include "dbg/Interrupt.h"

#include <csignal>
#include <iostream>

namespace simt::dbg {

ToolReplay::ToolReplay(Debugger &d, rt::ToolOptions options) : dbg_(d) {
  if (!rt::anyTool(options))
    return;
  // Where simt-emu writes them: the trace on standard output (or its
  // file), the tables and the statistics on standard error; the profile
  // names the script as simt-emu's does.
  const DebuggerOptions &o = d.options();
  stack_ = std::make_unique<rt::ToolStack>(
      rt::Frontend{.tool = "simt-dbg",
                   .errorPrefix = "simt-dbg: error: ",
                   .traceOut = &std::cout,
                   .program = o.script.empty() ? o.object : o.script,
                   .filesFailRun = true},
      std::move(options));
}

ToolReplay::~ToolReplay() = default;

rt::Status ToolReplay::start() {
  if (!stack_)
    return {};
  session_ = dbg_.newSession();
  return stack_->attach(*session_);
}

int ToolReplay::finish(int status) {
  if (!stack_ || !session_)
    return status;
  // Ctrl-C now ends simt-dbg: a replay cut short would leave the tools on
  // a session the debugger gives back (and their outputs partial).
  std::signal(SIGINT, SIG_DFL);
  clearInterrupt();
  // `set memcheck` since the start holds for it, as for reverse
  // execution's fresh sessions.
  session_->setMemcheck(dbg_.options().config.memcheck);
  dbg_.exec().replayHistory(std::move(session_));
  std::cout.flush();
  return stack_->finish(&dbg_.session(), status);
}

} // namespace simt::dbg
