//===-- ProfileJson.cpp - A profile's figures as JSON ---------------------===//
#include "runtime/profiler/ProfileJson.h"

#include "runtime/profiler/SourceView.h"

#include <map>

namespace simt::prof {

namespace {

void writeCounts(emu::JsonWriter &w, const PcCounts &c) {
  w.field("warp_instructions", c.warp)
      .field("thread_instructions", c.thread)
      .field("active_thread_instructions", c.active)
      .field("divergent_branches", c.divergent)
      .field("memory_requests", c.memRequests)
      .field("memory_bytes", c.memBytes)
      .field("memory_segments", c.memSegments);
}

void writeEvents(emu::JsonWriter &w, const EventCounts &e) {
  w.field("barrier_wait_cycles", e.barrierWaitCycles)
      .field("lock_failures", e.lockFailures)
      .field("l2_hits", e.l2Hits)
      .field("l2_misses", e.l2Misses)
      .field("stack_spills", e.stack.spills)
      .field("stack_restores", e.stack.restores)
      .field("const_l1_hits", e.constCache.l1_hits)
      .field("const_l1_misses", e.constCache.l1_misses)
      .field("const_l2_hits", e.constCache.l2_hits)
      .field("const_l2_misses", e.constCache.l2_misses);
}

} // namespace

std::string profileJson(const Profile &p) {
  emu::JsonWriter w(false);
  w.beginObject().field("program", p.program).key("kernels").beginArray();
  for (const KernelProfile &k : p.kernels) {
    w.beginObject().field("name", k.name).field("launches", k.launches).field("cycles", k.cycles);
    writeCounts(w, k.totals);
    writeEvents(w, k.events);
    w.field("barriers", k.executed(CountedEvent::Barrier))
        .field("atomics", k.executed(CountedEvent::Atomic))
        .field("shuffles", k.executed(CountedEvent::Shuffle))
        .field("read_only_loads", k.executed(CountedEvent::ReadOnlyLoad))
        .field("const_versions", uint64_t(k.constVersions.size()));
    std::map<std::string, uint64_t> byOpcode;
    for (const InstProfile &i : k.insts)
      if (i.counts.warp)
        byOpcode[i.mnemonic] += i.counts.warp;
    w.key("by_opcode").beginObject();
    for (const auto &[m, n] : byOpcode)
      w.field(m, n);
    w.endObject().key("lines").beginArray();
    for (const SourceRow &r : sourceRows(k)) {
      w.beginObject().field("file", r.file).field("line", r.line).field("text", r.text);
      writeCounts(w, r.counts);
      w.endObject();
    }
    w.endArray().key("instructions").beginArray();
    for (const InstProfile &i : k.insts) {
      w.beginObject().field("pc", i.pc).field("text", i.text);
      writeCounts(w, i.counts);
      w.endObject();
    }
    w.endArray().endObject();
  }
  w.endArray().key("launches").beginArray();
  for (const LaunchProfile &l : p.launches) {
    w.beginObject().field("grid", l.grid).field("kernel", l.kernel).field("stream", l.stream);
    w.field("cycles", l.cycles()).field("ctas_per_sm_achieved", l.ctasPerSmAchieved);
    w.field("ctas_per_sm_possible", l.ctasPerSmPossible);
    writeCounts(w, l.counts);
    writeEvents(w, l.events);
    w.endObject();
  }
  w.endArray().key("device").beginObject();
  w.field("warp_instructions", p.stats.instr.warp())
      .field("thread_instructions", p.stats.instr.thread)
      .field("divergent_branches", p.stats.simt.divergentBranches)
      .field("cycles", p.stats.cycles);
  w.endObject().endObject();
  return w.take();
}

} // namespace simt::prof
