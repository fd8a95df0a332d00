//===-- SourceBacktrace.cpp - Where a stopped warp is in the source -------===//
#include "runtime/SourceBacktrace.h"

#include "emu/core/SimtStack.h"
#include "runtime/KernelNames.h"

#include "llvm/Support/Path.h"

namespace simt::rt {

namespace {

/// "  at saxpy.cu:6 (in the kernel)" and the line's text, or "" when the
/// frame has no position.
std::string frameText(const DeviceFrame &f, std::string_view lead) {
  if (!f.pos)
    return "";
  const ImageSection *sec = f.section;
  std::string out = "\n  " + std::string(lead) + " " +
                    llvm::sys::path::filename(f.pos->file).str() + ":" +
                    std::to_string(f.pos->line) + " (in " +
                    (!sec || sec->isKernel ? std::string("the kernel")
                                           : "device function " + demangleKernelName(sec->name)) +
                    ")";
  const std::vector<std::string> *text = sourceFileLines(f.pos->file);
  if (text && f.pos->line <= text->size())
    out += "\n    " + std::to_string(f.pos->line) + " | " + (*text)[f.pos->line - 1];
  return out;
}

} // namespace

std::optional<SourcePos> sourcePosOf(const LoadedKernel &k, uint64_t pc) {
  const ImageSection *sec = k.lines ? k.sectionAt(pc) : nullptr;
  if (!sec)
    return std::nullopt;
  return k.lines->at(sec->section, pc - sec->addr);
}

std::vector<DeviceFrame> deviceFrames(const LoadedKernel &k, uint64_t pc,
                                      const emu::SimtStack *stack) {
  auto frameAt = [&](uint64_t at) { return DeviceFrame{at, k.sectionAt(at), sourcePosOf(k, at)}; };
  std::vector<DeviceFrame> frames{frameAt(pc)};
  if (!stack)
    return frames;
  // A CALL token holds the return address; the call is the instruction
  // before it.
  for (uint32_t level = stack->depth(); level-- > 0;) {
    const emu::Token t = stack->level(level).token;
    if (t.type == emu::TokenType::Call && t.pc > 0)
      frames.push_back(frameAt(uint64_t(t.pc - 1) * 8));
  }
  return frames;
}

std::string sourceBacktrace(const LoadedKernel &k, uint64_t pc, const emu::SimtStack *stack) {
  const std::vector<DeviceFrame> frames = deviceFrames(k, pc, stack);
  std::string out = frameText(frames.front(), "at");
  if (out.empty())
    return out;
  for (size_t i = 1; i < frames.size(); ++i)
    out += frameText(frames[i], "called from");
  return out;
}

} // namespace simt::rt
