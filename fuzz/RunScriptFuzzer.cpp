//===-- RunScriptFuzzer.cpp - libFuzzer target: run scripts ---------------===//
//
// Any text as a run script (TOOLS.md): parsed, and when it parses, executed
// by a ScriptRunner on a DeviceSession (simt-emu's path) with the examples'
// objects loaded, under a bound on device steps and buffer bytes. `save` is left out (the only
// command that writes a file); paths resolve in the scratch directory.
//
//===----------------------------------------------------------------------===//
#include "fuzz/FuzzSupport.h"

#include "runtime/RunScript.h"
#include "runtime/DeviceSession.h"
#include "runtime/script/ScriptRunner.h"


using namespace simt;

namespace {
/// False for what a fuzz run must not do: write files, allocate beyond the bound.
bool allowed(const rt::Command &C, uint64_t &BufferBytes) {
  if (std::holds_alternative<rt::SaveCommand>(C.op))
    return false;
  if (const auto *A = std::get_if<rt::AllocCommand>(&C.op)) {
    const uint64_t Bytes = A->count * rt::sizeOf(A->type);
    if (Bytes > fuzz::kMaxBufferBytes - BufferBytes)
      return false;
    BufferBytes += Bytes;
  }
  return true;
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  static const char *Examples[] = {"vecadd", "reduce", "histogram", "spinlock", "recursion"};
  for (const char *E : Examples)
    (void)fuzz::exampleObject(E);
  auto Parsed = rt::parseScript(fuzz::text(Data, Size), "fuzz.simt");
  if (!Parsed.ok())
    return 0;
  fuzz::NullStream Out;
  rt::DeviceSessionConfig Cfg;
  Cfg.device.maxSteps = fuzz::kMaxDeviceSteps;
  rt::DeviceSession S(Cfg, Out);
  if (!S.load(fuzz::exampleObject("vecadd")))
    return 0;
  rt::ScriptRunner R(S);
  uint64_t BufferBytes = 0;
  for (const rt::Command &C : Parsed.script.commands) {
    if (!allowed(C, BufferBytes))
      continue;
    if (!R.execute(C, fuzz::scratchDir()))
      break;
  }
  R.reportRunning(Out);
  (void)S.whereGridsStand();
  (void)S.statsJson();
  return 0;
}
