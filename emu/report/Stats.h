//===-- Stats.h - Emulator statistics and their JSON form -----------------===//
//
// What the emulator counts (TOOLS.md "Statistics JSON"): instructions per
// opcode and threads, SIMT branch divergence, the stack-cache model's
// counters (emu/core/StackCache.h), the constant-cache model's (emu/mem/ConstCache.h),
// cycles and wall time, per SM and (with detail) per warp. Counting happens
// per warp-instruction in the SM loop (one increment per opcode and one
// popcount), never per lane. JsonWriter is a small hand-written writer that
// the runtime reuses to add the keys the emulator does not know (`l2`,
// `contexts`).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "emu/mem/ConstCache.h"
#include "emu/core/Inst.h"
#include "emu/core/SimtStack.h"
#include "emu/core/StackCache.h"

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace simt::emu {

using GridId = uint32_t;

inline constexpr unsigned NumOps = static_cast<unsigned>(Op::NumOps);

/// Warp-instructions per opcode and the threads that executed them.
struct InstrCounts {
  uint64_t thread = 0;
  std::array<uint64_t, NumOps + 1> byOp{}; // [NumOps]: invalid encodings

  uint64_t warp() const;
  void add(const InstrCounts &other);
};

struct SmStats {
  uint32_t sm = 0;
  uint64_t cyclesBusy = 0; // cycles in which the SM issued an instruction
  InstrCounts instr;
  BranchStats simt;
  StackCacheStats stack;
  ConstCacheStats constCache;
};

/// One warp's lifetime (the `by_warp` records; --stats-detail).
struct WarpRecord {
  GridId grid = 0;
  std::string kernel;
  uint32_t cta[3] = {0, 0, 0};
  uint32_t warp = 0; // index within the CTA
  uint32_t sm = 0;
  uint64_t startCycle = 0, endCycle = 0;
  uint64_t instructions = 0, threads = 0;
  BranchStats simt;
  StackCacheStats stack;
};

struct DeviceStats {
  InstrCounts instr;
  BranchStats simt;
  StackCacheStats stack;
  bool hasConstCache = false;
  ConstCacheStats constCache;
  uint64_t cycles = 0;
  double wallSeconds = 0;
  std::vector<SmStats> bySm;
  bool detail = false;            // by_warp present
  std::vector<WarpRecord> byWarp; // finished warps first, then live ones

  double simdEfficiency() const {
    const uint64_t w = instr.warp();
    return w ? double(instr.thread) / (32.0 * double(w)) : 0.0;
  }
  /// Counts per base mnemonic ("ATOM" for ATOM and ATOMCAS), sorted by name,
  /// executed opcodes only.
  std::vector<std::pair<std::string, uint64_t>> byMnemonic() const;
};

/// "BAR.SYNC" -> "BAR": the base mnemonic of an opcode.
std::string_view baseMnemonic(Op op);

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
