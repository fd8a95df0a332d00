//===-- DbgFuzzer.cpp - libFuzzer target: debugger command lines ----------===//
//
// Any text as simt-dbg command lines, one per line, against examples/vecadd
// with its run script: each input gets a fresh debugger. Device steps are
// bounded; `save` (the one command that writes a file) is left out, and the
// run script is a copy in the scratch directory, where relative paths go.
//
//===----------------------------------------------------------------------===//
#include "fuzz/FuzzSupport.h"

#include "dbg/CommandTable.h"
#include "dbg/Debugger.h"
#include "runtime/RunScript.h"

#include <filesystem>

using namespace simt;

namespace {
/// False for what a fuzz run must not do: `save` (or a prefix of it that
/// resolves to it) writes a file; an `alloc` beyond the bound.
bool allowed(std::string_view Line, uint64_t &BufferBytes) {
  std::string Word, Format, Rest;
  dbg::splitCommandWord(Line, Word, Format, Rest);
  auto abbreviates = [&](std::string_view Full) {
    return Word.size() >= 2 && Full.starts_with(Word);
  };
  if (abbreviates("save"))
    return false;
  if (abbreviates("alloc")) {
    auto C = rt::parseCommandLine("alloc " + Rest);
    if (C && *C)
      if (const auto *A = std::get_if<rt::AllocCommand>(&(*C)->op)) {
        const uint64_t Bytes = A->count * rt::sizeOf(A->type);
        if (Bytes > fuzz::kMaxBufferBytes - BufferBytes)
          return false;
        BufferBytes += Bytes;
      }
  }
  return true;
}

const std::string &scriptCopy() {
  static const std::string Path = [] {
    const std::string To = fuzz::scratchDir() + "/vecadd.simt";
    std::filesystem::copy_file(std::string(SIMT_SOURCE_DIR) + "/examples/vecadd.simt", To,
                               std::filesystem::copy_options::overwrite_existing);
    return To;
  }();
  return Path;
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  fuzz::NullStream Out;
  dbg::DebuggerOptions Opts;
  Opts.object = fuzz::exampleObject("vecadd");
  Opts.script = scriptCopy();
  Opts.config.device.maxSteps = fuzz::kMaxDeviceSteps;
  dbg::Debugger D(Opts, Out);
  if (!D.start())
    return 0;
  uint64_t BufferBytes = 0;
  std::string_view Rest = fuzz::text(Data, Size);
  while (!Rest.empty() && !D.quitRequested()) {
    const size_t Nl = Rest.find('\n');
    const std::string_view Line = Rest.substr(0, Nl);
    Rest = Nl == std::string_view::npos ? std::string_view() : Rest.substr(Nl + 1);
    if (allowed(Line, BufferBytes))
      D.execute(Line);
  }
  return 0;
}
