//===-- Metrics.cpp - nvprof's metrics and events the model counts --------===//
#include "runtime/profiler/Metrics.h"

#include "runtime/profiler/ProfileOptions.h"

#include <string>

namespace simt::prof {

namespace {

using F = LaunchFigures;

double ratio(double part, double whole) { return whole > 0 ? part / whole : 0; }

/// An event: a count, its name its title.
constexpr Metric count(const char *name, const char *definition, bool perLaunch,
                       double (*value)(const F &)) {
  return Metric{name, name, definition, MetricUnit::Count, perLaunch, value};
}

} // namespace

std::span<const Metric> allMetrics() {
  static constexpr Metric metrics[] = {
      {"achieved_occupancy", "Achieved Occupancy",
       "Ratio of the average active warps per active cycle to the maximum number of warps "
       "supported on a multiprocessor (the CTAs' resident warps, cycle by cycle)",
       MetricUnit::Ratio, true,
       [](const F &f) { return ratio(ratio(f.activeWarps, f.activeCycles), f.warpsPerSm); }},
      {"branch_efficiency", "Branch Efficiency",
       "Ratio of non-divergent branches to total branches expressed as percentage (100% "
       "without branches)",
       MetricUnit::Percent, false,
       [](const F &f) {
         return f.branches > 0 ? 100 * (f.branches - f.divergent) / f.branches : 100.0;
       }},
      {"gld_efficiency", "Global Memory Load Efficiency",
       "Ratio of requested global memory load bytes to the bytes of the 128-byte segments they "
       "touch, expressed as percentage",
       MetricUnit::Percent, false,
       [](const F &f) { return 100 * ratio(f.gldBytes, 128 * f.gldSegments); }},
      {"gld_transactions", "Global Load Transactions",
       "Number of global memory load transactions (128-byte segments)", MetricUnit::Count, false,
       [](const F &f) { return f.gldSegments; }},
      {"gld_transactions_per_request", "Global Load Transactions Per Request",
       "Average number of global memory load transactions performed for each global memory "
       "load",
       MetricUnit::Ratio, false, [](const F &f) { return ratio(f.gldSegments, f.gldRequests); }},
      {"gst_efficiency", "Global Memory Store Efficiency",
       "Ratio of requested global memory store bytes to the bytes of the 128-byte segments they "
       "touch, expressed as percentage",
       MetricUnit::Percent, false,
       [](const F &f) { return 100 * ratio(f.gstBytes, 128 * f.gstSegments); }},
      {"gst_transactions", "Global Store Transactions",
       "Number of global memory store transactions (128-byte segments)", MetricUnit::Count,
       false, [](const F &f) { return f.gstSegments; }},
      {"gst_transactions_per_request", "Global Store Transactions Per Request",
       "Average number of global memory store transactions performed for each global memory "
       "store",
       MetricUnit::Ratio, false, [](const F &f) { return ratio(f.gstSegments, f.gstRequests); }},
      {"inst_executed", "Instructions Executed",
       "The number of instructions executed (warp-instructions)", MetricUnit::Count, true,
       [](const F &f) { return f.inst; }},
      {"ipc", "Executed IPC",
       "Instructions executed per cycle in which a multiprocessor has an active warp",
       MetricUnit::Ratio, true, [](const F &f) { return ratio(f.inst, f.activeCycles); }},
      {"l2_read_hit_rate", "L2 Read Hit Rate",
       "Hit rate at L2 cache for all read requests (the 128-byte lines global loads read, "
       "one request per distinct line of a warp's load), expressed as percentage",
       MetricUnit::Percent, true,
       [](const F &f) { return 100 * ratio(f.l2ReadHits, f.l2ReadHits + f.l2ReadMisses); }},
      {"l2_read_transactions", "L2 Read Transactions",
       "Memory read transactions seen at L2 cache for all read requests (the 128-byte lines "
       "global loads read, one per distinct line of a warp's load)",
       MetricUnit::Count, true, [](const F &f) { return f.l2ReadHits + f.l2ReadMisses; }},
      {"shared_load_transactions", "Shared Load Transactions",
       "Number of shared memory load transactions (a warp's load takes one per pass through "
       "the 32 banks: an N-way bank conflict N)",
       MetricUnit::Count, false, [](const F &f) { return f.sharedLoadPasses; }},
      {"shared_load_transactions_per_request", "Shared Memory Load Transactions Per Request",
       "Average number of shared memory load transactions performed for each shared memory "
       "load",
       MetricUnit::Ratio, false,
       [](const F &f) { return ratio(f.sharedLoadPasses, f.sharedLoads); }},
      {"shared_store_transactions", "Shared Store Transactions",
       "Number of shared memory store transactions (a warp's store takes one per pass through "
       "the 32 banks: an N-way bank conflict N)",
       MetricUnit::Count, false, [](const F &f) { return f.sharedStorePasses; }},
      {"shared_store_transactions_per_request", "Shared Memory Store Transactions Per Request",
       "Average number of shared memory store transactions performed for each shared memory "
       "store",
       MetricUnit::Ratio, false,
       [](const F &f) { return ratio(f.sharedStorePasses, f.sharedStores); }},
      {"sm_efficiency", "Multiprocessor Activity",
       "The percentage of time at least one warp is active on a multiprocessor averaged over "
       "all multiprocessors on the GPU",
       MetricUnit::Percent, true,
       [](const F &f) { return 100 * ratio(f.activeCycles, f.elapsedSmCycles); }},
      {"warp_execution_efficiency", "Warp Execution Efficiency",
       "Ratio of the average active threads per warp to the maximum number of threads per warp "
       "supported on a multiprocessor expressed as percentage",
       MetricUnit::Percent, true,
       [](const F &f) { return 100 * ratio(f.activeThreadInst, 32 * f.inst); }},
      {"warp_nonpred_execution_efficiency", "Warp Non-Predicated Execution Efficiency",
       "Ratio of the average active threads per warp executing non-predicated instructions to "
       "the maximum number of threads per warp supported on a multiprocessor expressed as "
       "percentage",
       MetricUnit::Percent, true,
       [](const F &f) { return 100 * ratio(f.threadInst, 32 * f.inst); }},
  };
  return metrics;
}

std::span<const Metric> allEvents() {
  static constexpr Metric events[] = {
      count("active_cycles", "Number of cycles a multiprocessor has at least one active warp, "
            "summed over the multiprocessors", true, [](const F &f) { return f.activeCycles; }),
      count("active_warps", "Accumulated number of active warps per cycle, summed over the "
            "multiprocessors", true, [](const F &f) { return f.activeWarps; }),
      count("atom_count", "Number of warps executing atomic operations (ATOM)", false,
            [](const F &f) { return f.atomics; }),
      count("branch", "Number of branch instructions executed per warp", false,
            [](const F &f) { return f.branches; }),
      count("divergent_branch", "Number of branches that split a warp", true,
            [](const F &f) { return f.divergent; }),
      count("gld_request", "Number of executed global load instructions per warp", false,
            [](const F &f) { return f.gldRequests; }),
      count("gred_count", "Number of warps executing reduction operations on global memory (RED)",
            false, [](const F &f) { return f.reductions; }),
      count("gst_request", "Number of executed global store instructions per warp", false,
            [](const F &f) { return f.gstRequests; }),
      count("inst_executed", "Number of instructions executed per warp", true,
            [](const F &f) { return f.inst; }),
      count("local_load", "Number of executed local load instructions per warp", false,
            [](const F &f) { return f.localLoads; }),
      count("local_store", "Number of executed local store instructions per warp", false,
            [](const F &f) { return f.localStores; }),
      count("not_predicated_off_thread_inst_executed", "Number of instructions executed by the "
            "threads whose guard predicate held", true, [](const F &f) { return f.threadInst; }),
      count("shared_ld_bank_conflict", "Number of shared load bank conflicts: the passes "
            "through the 32 banks a warp's shared loads take beyond one each", false,
            [](const F &f) { return f.sharedLoadPasses - f.sharedLoads; }),
      count("shared_load", "Number of executed shared load instructions per warp", false,
            [](const F &f) { return f.sharedLoads; }),
      count("shared_st_bank_conflict", "Number of shared store bank conflicts: the passes "
            "through the 32 banks a warp's shared stores take beyond one each", false,
            [](const F &f) { return f.sharedStorePasses - f.sharedStores; }),
      count("shared_store", "Number of executed shared store instructions per warp", false,
            [](const F &f) { return f.sharedStores; }),
      count("sm_cta_launched", "Number of thread blocks launched", true,
            [](const F &f) { return f.ctas; }),
      count("thread_inst_executed", "Number of instructions executed by the active threads, "
            "predicated-off threads included", true,
            [](const F &f) { return f.activeThreadInst; }),
      count("threads_launched", "Number of threads launched", true,
            [](const F &f) { return f.threads; }),
      count("warps_launched", "Number of warps launched", true,
            [](const F &f) { return f.warps; }),
  };
  return events;
}

std::vector<const Metric *> selectMetrics(std::string_view list, bool events, std::string *error) {
  const std::span<const Metric> known = events ? allEvents() : allMetrics();
  std::vector<const Metric *> out;
  const char *what = events ? "event" : "metric";
  const std::string query = events ? "--query-events" : "--query-metrics";
  if (list == "all") {
    for (const Metric &m : known)
      out.push_back(&m);
    return out;
  }
  for (const std::string_view name : listItems(list)) {
    const Metric *found = nullptr;
    for (const Metric &m : known)
      if (name == m.name)
        found = &m;
    if (!found) {
      *error = name.empty() ? std::string("an empty ") + what + " name in '" + std::string(list) + "'"
                            : std::string("unknown ") + what + " '" + std::string(name) +
                                  "' (simt-prof " + query + " lists them)";
      return {};
    }
    out.push_back(found);
  }
  return out;
}

LaunchFigures figuresOf(const Profile &p, const KernelProfile &k, const LaunchProfile &l) {
  LaunchFigures f;
  f.inst = double(l.counts.warp);
  f.threadInst = double(l.counts.thread);
  f.activeThreadInst = double(l.counts.active);
  f.divergent = double(l.counts.divergent);
  f.ctas = double(l.gridDim[0]) * l.gridDim[1] * l.gridDim[2];
  f.warps = f.ctas * l.warpsPerCta;
  f.threads = f.ctas * l.blockDim[0] * l.blockDim[1] * l.blockDim[2];
  f.activeCycles = double(l.activeCycles);
  f.activeWarps = double(l.activeWarps);
  f.elapsedSmCycles = double(l.cycles()) * p.sms;
  f.warpsPerSm = p.warpsPerSm;
  f.l2ReadHits = double(l.events.l2ReadHits);
  f.l2ReadMisses = double(l.events.l2ReadMisses);
  // By instruction: the kernel's sums, per launch.
  const double per = k.launches ? 1.0 / double(k.launches) : 0;
  for (const InstProfile &i : k.insts) {
    if (i.op >= emu::Op::NumOps || !i.counts.warp)
      continue;
    const emu::OpInfo &info = emu::opInfo(i.op);
    const std::string_view space = info.memSpace;
    const double warps = double(i.counts.warp) * per;
    const double requests = double(i.counts.memRequests) * per;
    if (info.isBranch)
      f.branches += warps;
    if (info.event == CountedEvent::Atomic) {
      (i.mnemonic == "RED" ? f.reductions : f.atomics) += warps;
      continue;
    }
    const bool load = info.mayLoad && !info.mayStore, store = info.mayStore && !info.mayLoad;
    if (space == "global" && load) {
      f.gldRequests += requests;
      f.gldSegments += double(i.counts.memSegments) * per;
      f.gldBytes += double(i.counts.memBytes) * per;
    } else if (space == "global" && store) {
      f.gstRequests += requests;
      f.gstSegments += double(i.counts.memSegments) * per;
      f.gstBytes += double(i.counts.memBytes) * per;
    } else if (space == "shared" && (load || store)) {
      (load ? f.sharedLoads : f.sharedStores) += requests;
      (load ? f.sharedLoadPasses : f.sharedStorePasses) += double(i.counts.sharedPasses) * per;
    } else if (space == "local") {
      (load ? f.localLoads : f.localStores) += load || store ? requests : 0;
    }
  }
  return f;
}

} // namespace simt::prof
