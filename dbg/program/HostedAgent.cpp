//===-- HostedAgent.cpp - The agent's entry points for simt-dbg's calls ---===//
//
// The functions HostedProtocol.h names, with C linkage so that simt-dbg's
// LLDB finds them by their plain names in the stopped process.
//
//===----------------------------------------------------------------------===//
#include "dbg/program/HostedProtocol.h"
#include "dbg/program/ProgramAgent.h"

using simt::dbg::ProgramAgent;

extern "C" {

/// simt-dbg's breakpoint is here; it must stay a call the compiler keeps.
__attribute__((noinline, used)) void __simt_dbg_stopped() { asm volatile(""); }

__attribute__((used)) int __simt_dbg_execute(const char *line) {
  ProgramAgent *agent = ProgramAgent::fromEnvironment();
  return agent ? agent->executeHosted(line) : 0;
}

__attribute__((used)) const char *__simt_dbg_last_error() {
  ProgramAgent *agent = ProgramAgent::fromEnvironment();
  return agent ? agent->lastError() : "";
}

__attribute__((used)) int __simt_dbg_resolves(const char *location) {
  ProgramAgent *agent = ProgramAgent::fromEnvironment();
  return agent && agent->resolvesOnDevice(location) ? 1 : 0;
}

__attribute__((used)) unsigned __simt_dbg_record_value(const char *text) {
  ProgramAgent *agent = ProgramAgent::fromEnvironment();
  return agent ? agent->recordValue(text) : 0;
}

__attribute__((used)) int __simt_dbg_newest_breakpoint() {
  ProgramAgent *agent = ProgramAgent::fromEnvironment();
  return agent ? agent->newestBreakpoint() : 0;
}

__attribute__((used)) int __simt_dbg_newest_display() {
  ProgramAgent *agent = ProgramAgent::fromEnvironment();
  return agent ? agent->newestDisplay() : 0;
}

__attribute__((used)) int __simt_dbg_save_control() {
  ProgramAgent *agent = ProgramAgent::fromEnvironment();
  if (!agent)
    return 0;
  agent->saveBeforeKill();
  return 1;
}

} // extern "C"
