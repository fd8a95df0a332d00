//===-- Jit.cpp - The runs the JIT compiles -------------------------------===//
//
// A run is cut wherever an instruction is not compilable; a branch target
// inside one need not cut it, since a run may be entered at any of its
// instructions (JitRunFn's `first`).
//
//===----------------------------------------------------------------------===//
#include "emu/core/Jit.h"

#include "emu/core/FastForms.h"

#include <algorithm>

namespace simt::emu {

JitCompiler::~JitCompiler() = default;

bool jitCompilable(const Inst &inst) {
  return inst.fast != 0 && !fast::isControl(fast::Form(inst.fast >> 2));
}

std::vector<JitRun> jitRuns(const std::vector<Inst> &code, unsigned minLength) {
  std::vector<JitRun> runs;
  const uint32_t n = static_cast<uint32_t>(code.size());
  for (uint32_t pc = 0; pc < n;) {
    if (!jitCompilable(code[pc])) {
      ++pc;
      continue;
    }
    uint32_t end = pc;
    while (end < n && jitCompilable(code[end]))
      ++end;
    if (end - pc >= minLength)
      for (uint32_t first = pc; first < end; first += kMaxJitRun)
        runs.push_back({first, std::min<uint32_t>(kMaxJitRun, end - first)});
    pc = end;
  }
  return runs;
}

} // namespace simt::emu
