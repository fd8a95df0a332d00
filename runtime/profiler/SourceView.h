//===-- SourceView.h - A kernel's counters per source line ----------------===//
//
// Every instruction of a kernel falls in exactly one row: its source line
// (simt-cc -g / -lineinfo), or "no line" for instructions the line table
// does not cover; without a line table, one row per instruction. So the
// rows' counters sum to the kernel's totals. Rows come worst first: the
// most lanes lost (32 per warp-instruction minus the threads that ran it),
// then the most warp-instructions.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "runtime/profiler/Profile.h"

#include <string>
#include <vector>

namespace simt::prof {

struct SourceRow {
  std::string file; ///< "" for an instruction row or the "no line" row
  unsigned line = 0;
  std::string text; ///< the source line, or the instruction's assembly
  PcCounts counts;
  std::vector<const InstProfile *> insts;
};

std::vector<SourceRow> sourceRows(const KernelProfile &k);

} // namespace simt::prof
