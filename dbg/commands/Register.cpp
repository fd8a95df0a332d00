//===-- Register.cpp - Every command into the debugger's table ------------===//
//
// The table's contents are this folder's: the debugger's core knows the
// table, not the commands in it.
//
//===----------------------------------------------------------------------===//
#include "dbg/Debugger.h"
#include "dbg/commands/Commands.h"

#include <memory>

namespace simt::dbg {

void Debugger::registerCommands() {
  auto info = std::make_shared<CommandTable>();
  auto set = std::make_shared<CommandTable>();
  auto show = std::make_shared<CommandTable>();
  registerRunningCommands(root_, *set, *show);
  registerGdbSettings(*set, *show);
  auto maint = std::make_shared<CommandTable>();
  registerBreakpointCommands(root_, *info, *maint);
  registerDapQueries(*maint);
  root_.add({"maintenance", {"mt"}, "internals",
             "what simt-dbg tells and asks the debugger in the program",
             "maintenance host-breakpoint ... | host-breakpoint-hit N | dap-...\n"
             "simt-dbg's own calls when it drives a program through LLDB: host breakpoints\n"
             "share the one numbering and `info breakpoints`; its DAP server reads the\n"
             "device's state as JSON.",
             nullptr, Complete::Subcommand, maint});
  registerInspectionCommands(root_, *info, *set, *maint);
  registerExamineCommands(root_, *info);
  registerCodeCommands(root_);
  registerFrameCommands(root_, *info);
  registerSourceCommands(root_, *info);
  registerSimtCommands(root_, *info);
  registerCudaCommands(root_, *info);
  registerVariableCommands(root_, *info);
  registerHostCommands(*this, root_, info, set, show);
}

} // namespace simt::dbg
