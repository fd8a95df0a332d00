//===-- SourceBacktrace.cpp - Where a stopped warp is in the source -------===//
#include "runtime/SourceBacktrace.h"

#include "emu/core/SimtStack.h"
#include "runtime/KernelNames.h"

#include "llvm/Support/Path.h"

namespace simt::rt {

namespace {

/// "  at saxpy.cu:6 (in the kernel)" and the line's text, or "" when `pc`
/// has no position.
std::string frameText(const LoadedKernel &k, uint64_t pc, std::string_view lead) {
  const std::optional<SourcePos> pos = sourcePosOf(k, pc);
  if (!pos)
    return "";
  const ImageSection *sec = k.sectionAt(pc);
  std::string out = "\n  " + std::string(lead) + " " +
                    llvm::sys::path::filename(pos->file).str() + ":" +
                    std::to_string(pos->line) + " (in " +
                    (!sec || sec->isKernel ? std::string("the kernel")
                                           : "device function " + demangleKernelName(sec->name)) +
                    ")";
  const std::vector<std::string> *text = sourceFileLines(pos->file);
  if (text && pos->line <= text->size())
    out += "\n    " + std::to_string(pos->line) + " | " + (*text)[pos->line - 1];
  return out;
}

} // namespace

std::optional<SourcePos> sourcePosOf(const LoadedKernel &k, uint64_t pc) {
  const ImageSection *sec = k.lines ? k.sectionAt(pc) : nullptr;
  if (!sec)
    return std::nullopt;
  return k.lines->at(sec->section, pc - sec->addr);
}

std::string sourceBacktrace(const LoadedKernel &k, uint64_t pc, const emu::SimtStack *stack) {
  std::string out = frameText(k, pc, "at");
  if (out.empty() || !stack)
    return out;
  // A CALL token holds the return address; the call is the instruction
  // before it.
  for (uint32_t level = stack->depth(); level-- > 0;) {
    const emu::Token t = stack->level(level).token;
    if (t.type == emu::TokenType::Call && t.pc > 0)
      out += frameText(k, uint64_t(t.pc - 1) * 8, "called from");
  }
  return out;
}

} // namespace simt::rt
