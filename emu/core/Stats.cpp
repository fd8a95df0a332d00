//===-- Stats.cpp - What the emulator counts ------------------------------===//
#include "emu/core/Stats.h"

#include <map>

namespace simt::emu {

uint64_t InstrCounts::warp() const {
  uint64_t n = 0;
  for (uint64_t c : byOp)
    n += c;
  return n;
}

void InstrCounts::add(const InstrCounts &other) {
  thread += other.thread;
  for (size_t i = 0; i < byOp.size(); ++i)
    byOp[i] += other.byOp[i];
}

std::string_view baseMnemonic(Op op) {
  if (op >= Op::NumOps)
    return "INVALID";
  std::string_view m = opInfo(op).mnemonic;
  return m.substr(0, m.find('.'));
}

std::vector<std::pair<std::string, uint64_t>> DeviceStats::byMnemonic() const {
  std::map<std::string, uint64_t> m;
  for (unsigned i = 0; i <= NumOps; ++i)
    if (instr.byOp[i])
      m[std::string(baseMnemonic(static_cast<Op>(i)))] += instr.byOp[i];
  return {m.begin(), m.end()};
}

} // namespace simt::emu
