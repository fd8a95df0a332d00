//===-- SourceView.cpp - A kernel's counters per source line --------------===//
#include "runtime/profiler/SourceView.h"

#include <algorithm>
#include <map>

namespace simt::prof {

std::vector<SourceRow> sourceRows(const KernelProfile &k) {
  std::vector<SourceRow> rows;
  if (!k.hasLines) {
    for (const InstProfile &i : k.insts)
      rows.push_back({"", 0, i.text, i.counts, {&i}});
  } else {
    std::map<std::pair<std::string, unsigned>, size_t> at;
    for (const InstProfile &i : k.insts) {
      auto [it, fresh] = at.try_emplace({i.file, i.line}, rows.size());
      if (fresh) {
        rows.push_back({i.file, i.line, i.file.empty() ? "(no line)" : i.source, {}, {}});
      }
      SourceRow &r = rows[it->second];
      r.counts.add(i.counts);
      r.insts.push_back(&i);
    }
  }
  std::stable_sort(rows.begin(), rows.end(), [](const SourceRow &a, const SourceRow &b) {
    if (a.counts.lanesLost() != b.counts.lanesLost())
      return a.counts.lanesLost() > b.counts.lanesLost();
    return a.counts.warp > b.counts.warp;
  });
  return rows;
}

} // namespace simt::prof
