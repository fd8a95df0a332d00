//===-- StatsJson.cpp - The emulator's statistics as JSON -----------------===//
#include "emu/report/StatsJson.h"

#include "emu/mem/L2.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <cmath>
#include <map>

namespace simt::emu {

//===-- JsonWriter ----------------------------------------------------------===//

void JsonWriter::newline() {
  if (!pretty_)
    return;
  out_ += '\n';
  out_.append(2 * first_.size(), ' ');
}

void JsonWriter::beforeValue() {
  if (afterKey_) {
    afterKey_ = false;
    return;
  }
  if (!first_.empty()) {
    if (!first_.back())
      out_ += ',';
    first_.back() = false;
    newline();
  }
}

JsonWriter &JsonWriter::beginObject() {
  beforeValue();
  out_ += '{';
  first_.push_back(true);
  return *this;
}

JsonWriter &JsonWriter::endObject() {
  const bool empty = first_.back();
  first_.pop_back();
  if (!empty)
    newline();
  out_ += '}';
  return *this;
}

JsonWriter &JsonWriter::beginArray() {
  beforeValue();
  out_ += '[';
  first_.push_back(true);
  return *this;
}

JsonWriter &JsonWriter::endArray() {
  endObject();
  out_.back() = ']';
  return *this;
}

JsonWriter &JsonWriter::key(std::string_view k) {
  beforeValue();
  writeString(k);
  out_ += pretty_ ? ": " : ":";
  afterKey_ = true;
  return *this;
}

JsonWriter &JsonWriter::value(uint64_t v) {
  beforeValue();
  out_ += std::to_string(v);
  return *this;
}

JsonWriter &JsonWriter::value(int64_t v) {
  beforeValue();
  out_ += std::to_string(v);
  return *this;
}

JsonWriter &JsonWriter::value(double v) {
  beforeValue();
  if (!std::isfinite(v)) {
    out_ += "null";
    return *this;
  }
  char buf[64];
  auto r = std::to_chars(buf, buf + sizeof buf, v);
  std::string_view s(buf, r.ptr - buf);
  out_ += s;
  if (s.find_first_of(".eE") == std::string_view::npos)
    out_ += ".0";
  return *this;
}

JsonWriter &JsonWriter::value(bool v) {
  beforeValue();
  out_ += v ? "true" : "false";
  return *this;
}

JsonWriter &JsonWriter::value(std::string_view s) {
  beforeValue();
  writeString(s);
  return *this;
}

void JsonWriter::writeString(std::string_view s) {
  out_ += '"';
  for (char c : s) {
    switch (c) {
    case '"': out_ += "\\\""; break;
    case '\\': out_ += "\\\\"; break;
    case '\n': out_ += "\\n"; break;
    case '\t': out_ += "\\t"; break;
    case '\r': out_ += "\\r"; break;
    default:
      if (static_cast<unsigned char>(c) < 0x20) {
        char buf[8];
        std::snprintf(buf, sizeof buf, "\\u%04x", c);
        out_ += buf;
      } else {
        out_ += c;
      }
    }
  }
  out_ += '"';
}

JsonWriter &JsonWriter::null() {
  beforeValue();
  out_ += "null";
  return *this;
}

JsonWriter &JsonWriter::raw(std::string_view json) {
  beforeValue();
  while (!json.empty() && json.back() == '\n')
    json.remove_suffix(1);
  if (!pretty_) {
    out_ += json;
    return *this;
  }
  // Pretty JSON written from depth 0 lines up under the current level.
  const std::string pad(2 * first_.size(), ' ');
  for (char c : json) {
    out_ += c;
    if (c == '\n')
      out_ += pad;
  }
  return *this;
}

//===-- The statistics object -------------------------------------------------===//

void writeJson(JsonWriter &w, const StackCacheStats &s) {
  w.beginObject();
  s.forEachField([&](const char *name, uint64_t v) { w.field(name, v); });
  w.endObject();
}

void writeJson(JsonWriter &w, const ConstCacheStats &s) {
  w.beginObject();
  w.field("l1_hits", s.l1_hits);
  w.field("l1_misses", s.l1_misses);
  w.field("l2_hits", s.l2_hits);
  w.field("l2_misses", s.l2_misses);
  w.field("versions_live_max", s.versions_live_max);
  w.field("l1_to_l1_copies", s.l1_to_l1_copies);
  w.field("l1_to_l2_copies", s.l1_to_l2_copies);
  w.field("locked_stalls", s.locked_stalls);
  w.field("backup_retired", s.backup_retired);
  w.endObject();
}

void writeJson(JsonWriter &w, const BranchStats &s, uint64_t warp, uint64_t thread) {
  w.beginObject();
  w.field("branches", s.branches);
  w.field("divergent_branches", s.divergentBranches);
  w.field("simd_efficiency", warp ? double(thread) / (32.0 * double(warp)) : 0.0);
  w.endObject();
}

static void writeInstr(JsonWriter &w, uint64_t warp, uint64_t thread) {
  w.beginObject();
  w.field("warp", warp);
  w.field("thread", thread);
  w.endObject();
}

std::string statsToJson(const DeviceStats &s, const StatsJsonExtras &extras, bool pretty) {
  JsonWriter w(pretty);
  const uint64_t warp = s.instr.warp();
  w.beginObject();
  w.field("schema", 1);
  w.key("instructions").beginObject();
  w.field("warp", warp);
  w.field("thread", s.instr.thread);
  w.key("by_opcode").beginObject();
  for (const auto &[name, n] : s.byMnemonic())
    w.field(name, n);
  w.endObject();
  w.endObject();
  w.key("simt");
  writeJson(w, s.simt, warp, s.instr.thread);
  w.key("stack_cache");
  writeJson(w, s.stack);
  if (s.hasConstCache) {
    w.key("const_cache");
    writeJson(w, s.constCache);
  }
  if (!extras.l2.empty())
    w.key("l2").raw(extras.l2);
  if (!extras.contexts.empty())
    w.key("contexts").raw(extras.contexts);
  w.field("cycles", s.cycles);
  w.field("wall_seconds", s.wallSeconds);
  if (s.jitMode == JitMode::On || (s.jitMode == JitMode::Auto && s.jit.images != 0)) {
    // Only where the JIT was asked to compile everything or compiled
    // something: a run that never reaches it under the default (auto)
    // writes what it wrote before there was a JIT.
    w.key("jit").beginObject();
    w.field("mode", s.jitMode == JitMode::On ? "on" : "auto");
    w.field("warp_instructions", s.jitInstr);
    w.field("images", s.jit.images);
    w.field("runs", s.jit.runs);
    w.field("instructions", s.jit.instructions);
    w.field("refused", s.jit.refused);
    w.field("compile_seconds", s.jit.compileSeconds);
    w.field("optimize_seconds", s.jit.optimizeSeconds);
    w.field("codegen_seconds", s.jit.codegenSeconds);
    w.endObject();
  }
  w.key("by_sm").beginArray();
  for (const SmStats &sm : s.bySm) {
    const uint64_t smWarp = sm.instr.warp();
    w.beginObject();
    w.field("sm", sm.sm);
    w.field("cycles_busy", sm.cyclesBusy);
    w.key("instructions");
    writeInstr(w, smWarp, sm.instr.thread);
    w.key("simt");
    writeJson(w, sm.simt, smWarp, sm.instr.thread);
    w.key("stack_cache");
    writeJson(w, sm.stack);
    if (s.hasConstCache) {
      w.key("const_cache");
      writeJson(w, sm.constCache);
    }
    w.endObject();
  }
  w.endArray();
  if (s.detail) {
    w.key("by_warp").beginArray();
    for (const WarpRecord &r : s.byWarp) {
      w.beginObject();
      w.field("grid", r.grid);
      w.field("kernel", r.kernel);
      w.key("cta").beginArray().value(r.cta[0]).value(r.cta[1]).value(r.cta[2]).endArray();
      w.field("warp", r.warp);
      w.field("sm", r.sm);
      w.field("start_cycle", r.startCycle);
      w.field("end_cycle", r.endCycle);
      w.key("instructions");
      writeInstr(w, r.instructions, r.threads);
      w.key("simt");
      writeJson(w, r.simt, r.instructions, r.threads);
      w.key("stack_cache");
      writeJson(w, r.stack);
      w.endObject();
    }
    w.endArray();
  }
  w.endObject();
  std::string out = w.take();
  if (pretty)
    out += '\n';
  return out;
}

void writeJson(JsonWriter &w, const L2System &l2) {
  const L2Config &cfg = l2.config();
  const L2SliceStats t = l2.totalStats();
  w.beginObject();
  w.field("hits", t.hits);
  w.field("misses", t.misses);
  w.field("host_writes", t.hostWrites);
  w.field("evictions", t.evictions);
  w.field("partitions", cfg.partitions);
  w.field("partition_bytes", cfg.interleave);
  w.field("line_bytes", cfg.lineBytes);
  w.field("slice_bytes", cfg.sliceBytes);
  w.field("latency_t", cfg.memLatency);
  w.key("by_partition").beginArray();
  for (uint32_t p = 0; p < cfg.partitions; ++p) {
    const L2SliceStats &s = l2.sliceStats(p);
    w.beginObject();
    w.field("partition", p);
    w.field("hits", s.hits);
    w.field("misses", s.misses);
    w.field("host_writes", s.hostWrites);
    w.field("evictions", s.evictions);
    w.endObject();
  }
  w.endArray();
  w.endObject();
}

std::string l2Json(const L2System &l2) {
  JsonWriter w;
  writeJson(w, l2);
  return w.take();
}

} // namespace simt::emu
