//===-- HostBacktrace.cpp - The program's calls that led to a CUDA call ---===//
#include "runtime/sanitizer/HostBacktrace.h"

#include "runtime/KernelNames.h"
#include "support/Text.h"

#include "llvm/DebugInfo/Symbolize/Symbolize.h"
#include "llvm/Demangle/Demangle.h"

#include <cerrno>
#include <dlfcn.h>
#include <execinfo.h>
#include <link.h>

namespace simt::rt::sanitizer {

namespace {

constexpr int kMaxFrames = 64;

/// Where `pc` lies: its module's file and the address the file gives it.
struct ModuleAddress {
  std::string file, name;
  uint64_t address = 0;
};

bool locate(uintptr_t pc, ModuleAddress &out) {
  Dl_info info;
  if (!dladdr(reinterpret_cast<void *>(pc), &info) || !info.dli_fbase || !info.dli_fname)
    return false;
  const auto *header = static_cast<const ElfW(Ehdr) *>(info.dli_fbase);
  // A position-dependent executable's addresses are its file's.
  out.address = header->e_type == ET_EXEC ? pc : pc - uintptr_t(info.dli_fbase);
  out.file = info.dli_fname;
  // The program itself: dladdr names it as it was started (maybe relative).
  if (out.file.empty() || out.file == program_invocation_name)
    out.file = "/proc/self/exe";
  const std::string shown = info.dli_fname[0] ? info.dli_fname : program_invocation_name;
  out.name = shown.substr(shown.rfind('/') + 1);
  return true;
}

} // namespace

HostBacktrace HostBacktrace::capture() {
  void *frames[kMaxFrames];
  const int n = ::backtrace(frames, kMaxFrames);
  Dl_info self;
  const bool known = dladdr(reinterpret_cast<void *>(&HostBacktrace::capture), &self);
  HostBacktrace stack;
  for (int i = 0; i < n; ++i) {
    Dl_info info;
    if (known && dladdr(frames[i], &info) && info.dli_fbase == self.dli_fbase)
      continue; // this library's own frames
    stack.pcs_.push_back(reinterpret_cast<uintptr_t>(frames[i]));
  }
  return stack;
}

std::string reportedName(std::string_view symbol, const std::string &demangle, bool device) {
  if (demangle == "no")
    return std::string(symbol);
  if (demangle == "simple")
    return simpleFunctionName(symbol);
  return device ? cudaStyleSignature(demangleKernelName(symbol)) : llvm::demangle(symbol);
}

std::vector<std::string> HostBacktrace::frameLines(const std::string &demangle) const {
  // Never destroyed: the last reports (leaks) come from an exit handler,
  // after a function-local static's destructor would have run. Symbols
  // come back mangled: reportedName names them.
  static auto &symbolizer = *new llvm::symbolize::LLVMSymbolizer([] {
    llvm::symbolize::LLVMSymbolizer::Options o;
    o.Demangle = false;
    return o;
  }());
  std::vector<std::string> lines;
  for (uintptr_t pc : pcs_) {
    ModuleAddress where;
    if (!locate(pc, where))
      continue;
    // The call is the instruction before the return address.
    auto info = symbolizer.symbolizeCode(
        where.file, {where.address - 1, llvm::object::SectionedAddress::UndefSection});
    std::string function = "??";
    if (info && info->FunctionName != llvm::DILineInfo::BadString)
      function = info->FunctionName;
    else if (!info)
      llvm::consumeError(info.takeError());
    // The launch's stub is the runtime's, which compute-sanitizer's short
    // backtraces leave out. Demangled, a kernel's stub is named in its
    // namespace (`img::__device_stub__blur`) and a template's after its
    // return type (`void __device_stub__fill<int>(...)`): look for the word.
    if (function.find("__device_stub__") != std::string::npos)
      continue;
    function = reportedName(function, demangle, false);
    lines.push_back("Host Frame: " + function + " [" + hex(where.address) + "] in " + where.name);
    if (function == "main")
      break;
  }
  return lines;
}

std::vector<std::string> hostBacktraceLines(const HostBacktrace &stack, const char *when,
                                            const std::string &demangle) {
  std::vector<std::string> frames = stack.frameLines(demangle);
  if (frames.empty())
    return {};
  std::vector<std::string> lines{std::string("Saved host backtrace up to driver entry point at ") +
                                 when};
  for (std::string &f : frames)
    lines.push_back("    " + std::move(f));
  return lines;
}

} // namespace simt::rt::sanitizer
