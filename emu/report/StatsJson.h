//===-- StatsJson.h - The emulator's statistics as JSON ---------*- C++ -*-===//
//
// The statistics JSON of TOOLS.md from the counters of emu/core/Stats.h and
// the memory system's. JsonWriter is a small hand-written writer that the
// runtime reuses to add the keys the emulator does not know (`contexts`).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "emu/core/Stats.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace simt::emu {

class L2System;

/// A small streaming JSON writer: 2-space indentation, keys in call order.
class JsonWriter {
public:
  explicit JsonWriter(bool pretty = true) : pretty_(pretty) {}

  JsonWriter &beginObject();
  JsonWriter &endObject();
  JsonWriter &beginArray();
  JsonWriter &endArray();
  JsonWriter &key(std::string_view k); // inside an object, before a value
  JsonWriter &value(uint64_t v);
  JsonWriter &value(int64_t v);
  JsonWriter &value(uint32_t v) { return value(uint64_t{v}); }
  JsonWriter &value(int v) { return value(int64_t{v}); }
  JsonWriter &value(double v);
  JsonWriter &value(bool v);
  JsonWriter &value(std::string_view s);
  JsonWriter &value(const char *s) { return value(std::string_view(s)); }
  JsonWriter &null();
  /// Inserts already-formatted JSON as the next value (pretty JSON written
  /// from depth 0 is re-indented to the current depth).
  JsonWriter &raw(std::string_view json);
  template <class T> JsonWriter &field(std::string_view k, const T &v) {
    key(k);
    return value(v);
  }

  const std::string &str() const { return out_; }
  std::string take() { return std::move(out_); }

private:
  void beforeValue();
  void newline();
  void writeString(std::string_view s);

  std::string out_;
  std::vector<bool> first_; // per open container: no element yet
  bool pretty_;
  bool afterKey_ = false;
};

void writeJson(JsonWriter &w, const StackCacheStats &s);
void writeJson(JsonWriter &w, const ConstCacheStats &s);
void writeJson(JsonWriter &w, const BranchStats &s, uint64_t warp, uint64_t thread);
/// The "l2" statistics object (TOOLS.md): hits, misses, host_writes,
/// by_partition and the configuration.
void writeJson(JsonWriter &w, const L2System &l2);
std::string l2Json(const L2System &l2);

/// Keys the emulator does not own, as formatted JSON values (empty: omitted).
struct StatsJsonExtras {
  std::string l2;       // the "l2" object
  std::string contexts; // the "contexts" object
};

/// The statistics JSON of TOOLS.md (schema 1), stable keys in the order
/// given there.
std::string statsToJson(const DeviceStats &stats, const StatsJsonExtras &extras = {},
                        bool pretty = true);

} // namespace simt::emu
