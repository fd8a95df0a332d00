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

bool jitRoundable(const Inst &inst) {
  return inst.fast != 0 && (!fast::isControl(fast::Form(inst.fast >> 2)) || inst.op == Op::BRA);
}

void jitSetReach(const std::vector<Inst> &code, std::vector<JitSite> &sites) {
  const uint32_t n = static_cast<uint32_t>(code.size());
  // Edges backwards: into[at[t] .. at[t + 1]) are the roundable
  // instructions that can go on at t (t == n: outside the image, or a
  // target between instructions).
  std::vector<uint32_t> at(n + 2, 0), into;
  auto successors = [&](uint32_t pc, auto &&fn) {
    fn(std::min(pc + 1, n));
    if (const uint32_t target = code[pc].target; code[pc].op == Op::BRA)
      fn(target % 8 ? n : std::min(target / 8, n));
  };
  for (uint32_t pc = 0; pc < n; ++pc)
    if (jitRoundable(code[pc]))
      successors(pc, [&](uint32_t t) { ++at[t + 1]; });
  for (uint32_t t = 0; t <= n; ++t)
    at[t + 1] += at[t];
  into.resize(at[n + 1]);
  std::vector<uint32_t> fill(at.begin(), at.end() - 1);
  for (uint32_t pc = 0; pc < n; ++pc)
    if (jitRoundable(code[pc]))
      successors(pc, [&](uint32_t t) { into[fill[t]++] = pc; });

  constexpr uint32_t kUnknown = UINT32_MAX;
  std::vector<uint32_t> dist(n + 1, kUnknown), queue;
  for (uint32_t pc = 0; pc <= n; ++pc)
    if (pc == n || !jitRoundable(code[pc])) {
      dist[pc] = 0;
      queue.push_back(pc);
    }
  for (size_t head = 0; head < queue.size(); ++head) {
    const uint32_t t = queue[head];
    for (uint32_t i = at[t]; i < at[t + 1]; ++i)
      if (const uint32_t pc = into[i]; dist[pc] == kUnknown) {
        dist[pc] = dist[t] + 1;
        queue.push_back(pc);
      }
  }
  uint32_t toBranch = 0;
  for (uint32_t pc = n; pc-- > 0;) {
    toBranch = code[pc].op == Op::BRA || !jitRoundable(code[pc]) ? 0 : toBranch + 1;
    sites[pc].reach = static_cast<uint16_t>(std::min<uint32_t>(dist[pc], UINT16_MAX));
    sites[pc].toBranch = static_cast<uint16_t>(std::min<uint32_t>(toBranch, UINT16_MAX));
  }
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
