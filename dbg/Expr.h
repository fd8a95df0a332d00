//===-- Expr.h - Expressions over lanes: print, conditions, set var, x ----===//
//
// One small language for everything that names state: registers (R0..R62,
// RZ), predicates (P0..P6, PT), CC and its flags (CC.ZF ...), special values
// ($lane, $tid.x, $ctaid.y, $warp, $sm, $pc, $active, $exited, $clock),
// one lane's view ($lane[3].R5), constants (c[0x2][0x10]), memory
// (*(u32 @shared)0x40, *(f32)R4), buffer elements and addresses (out[3],
// out), labels (their address), numbers, and C operators (|| && | ^ & == !=
// < <= > >= << >> + - * / % ! ~ unary -, casts (s32)R5 (f32)R5).
//
// An expression that reads per-lane state is evaluated for each lane of the
// warp (a breakpoint condition stops when any active lane is true; print shows
// a table); otherwise once. Registers read as unsigned 32-bit values (cast
// with (s32) to compare signed); arithmetic is 64-bit, float if either side
// is a float.
//
// In code compiled with simt-cc -g, names are also C variables (Variables.h)
// with their C types, and CUDA's threadIdx, blockIdx, blockDim, gridDim and
// warpSize: `i + 1`, `a[i]`, `s.m`, `p->m`, `*p`, `&v`, `*p@8` follow C (and
// gdb), per lane; a C name hides a buffer or label of the same name.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "dbg/Memory.h"
#include "runtime/ObjectFile.h"

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace simt::dbg {

struct CValue;

/// What names in an expression refer to.
struct EvalScope {
  MemoryView mem;                          // session, focused warp/grid/lane
  const rt::LoadedKernel *kernel = nullptr; // labels of the focused grid's kernel
  /// An outer frame's (gdb's `up`): the pc of its call, whose variables
  /// are read; unset for the innermost frame (the warp's pc).
  std::optional<uint32_t> framePc;
  /// Registers the frame's callees may have written since its call (bit r:
  /// Rr): a variable kept in one of them is not the frame's any more.
  uint64_t clobbered = 0;
  /// The frame's stack pointer (R1) less the warp's now: what its callees'
  /// prologues have taken off it, which their epilogues give back, so that
  /// an outer frame's variables at R1-relative addresses are found.
  int64_t stackPointerDelta = 0;
  /// The pc whose variables names refer to (a warp is needed).
  uint32_t pc() const;
};

struct Scalar {
  bool isFloat = false;
  int64_t i = 0;
  double f = 0;
  double asDouble() const { return isFloat ? f : double(i); }
  /// A float converts toward zero, saturating (NaN is 0): a C cast of an
  /// out-of-range double is undefined.
  int64_t asInt() const {
    if (!isFloat)
      return i;
    if (f != f)
      return 0;
    if (f <= -0x1p63)
      return INT64_MIN;
    if (f >= 0x1p63)
      return INT64_MAX;
    return int64_t(f);
  }
  bool truthy() const { return isFloat ? f != 0 : i != 0; }
};

struct EvalResult {
  bool perLane = false;
  Scalar scalar;                         // when !perLane
  std::array<Scalar, 32> lanes{};        // when perLane (lanes in `valid`)
  uint32_t valid = 0;
  unsigned width = 64;                   // natural width in bits (1: a truth value)
  bool isFloat = false;                  // natural type is a float
  bool hex = false;                      // reads best in hex (registers, addresses, masks)
};

/// Tokens in one expression: the parser, the evaluator and the tree's
/// destructor recurse over it.
inline constexpr size_t kMaxExprTokens = 1024;

class Expr {
public:
  struct Node;
  /// Parses; throws CommandError with a message naming the problem.
  static Expr parse(std::string_view text);

  const std::string &text() const { return text_; }
  /// Reads per-lane state outside a $lane[N] selection.
  bool perLane() const;
  /// Natural width in bits (1 for predicates and comparisons).
  unsigned width() const;
  bool isFloat() const;
  /// Reads best in hex: registers, memory words, $pc, masks.
  bool prefersHex() const;
  /// Evaluates for the lanes in `lanes` (per-lane expressions) or once.
  /// Throws CommandError (no focus, bad address, ...).
  EvalResult eval(const EvalScope &scope, uint32_t lanes = 0xffffffffu) const;
  Scalar evalLane(const EvalScope &scope, unsigned lane) const;
  /// Lanes (of `lanes`) where the expression is true; throws on errors.
  uint32_t truthMask(const EvalScope &scope, uint32_t lanes) const;

  /// A C expression in `scope`: it names a C variable there (simt-cc -g)
  /// or CUDA's threadIdx, blockIdx, blockDim, gridDim, warpSize, or uses
  /// C's `.`, `->`, `&`, `a[i]` of a C value, `*` of a pointer, or `@`.
  /// `print` shows it with its C type, for one lane (evalC).
  bool isC(const EvalScope &scope) const;
  CValue evalC(const EvalScope &scope, unsigned lane) const;

  /// Something `set var` can assign: a register, predicate, CC flag, $pc,
  /// $active, $lane[N].X, memory, or a buffer element.
  bool assignable() const;
  /// Assigns `v` in lane `lane` (ignored for lane-independent targets).
  void assign(const EvalScope &scope, unsigned lane, Scalar v) const;

  /// For `watch`: the typed memory location the expression names
  /// (*(T @space)ADDR or BUFFER[i]), its address evaluated in `lane`.
  struct MemoryTarget {
    SpaceRef space;
    uint64_t addr = 0;
    rt::ElemType type = rt::ElemType::U32;
  };
  std::optional<MemoryTarget> memoryTarget(const EvalScope &scope, unsigned lane) const;

private:
  std::shared_ptr<const Node> root_;
  std::string text_;
};

/// Parses a number (decimal, 0x hex, or float) as the whole of `text`.
bool parseNumber(std::string_view text, Scalar &out);

} // namespace simt::dbg
