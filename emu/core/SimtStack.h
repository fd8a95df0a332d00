//===-- SimtStack.h - Per-warp SIMT stack and warp control ----------------===//
//
// Per-warp SIMT divergence stack and warp control (ISA.md 5.1, 5.2).
//
// Implements the control-flow rules of ISA.md 5.1 on 64-bit tokens stored in a
// StackCache: SSY/PBK/CAL push tokens, divergent branches push DIV tokens,
// and whenever a warp's active mask becomes empty it pops tokens until one
// yields live threads. BRK, RET and EXIT edit tokens lazily: the edits live in
// side metadata per stack level and are applied when the level is popped, so
// they never cost a stack-cache transaction. The warp executor calls one
// operation per control instruction (or `.S` bit) with the participating mask
// (active & guard true); the operation updates WarpControl (active mask, PC,
// finished) and returns the stall cycles and any fault for the executor to act
// on. PCs here are instruction indices (byte address / 8).
#pragma once

#include "emu/core/StackCache.h"

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace simt::emu {

// ---- Tokens (ISA.md 5.1) ----------------------------------------------------

enum class TokenType : uint8_t { Div = 0, Sync = 1, Brk = 2, Call = 3, Cont = 4 };

// "DIV", "SYNC", "BRK", "CALL", "CONT"; "?" for the unused encodings 5..7.
std::string_view tokenTypeName(TokenType type);

struct Token {
  static constexpr uint32_t kPcBits = 29;
  static constexpr uint32_t kMaxPc = (1u << kPcBits) - 1; // largest instruction index

  TokenType type = TokenType::Div;
  uint32_t mask = 0;
  uint32_t pc = 0; // instruction index; bits above kPcBits are dropped by pack()

  // mask in bits 0..31, pc in bits 32..60, type in bits 61..63.
  constexpr uint64_t pack() const {
    return uint64_t{mask} | (uint64_t{pc & kMaxPc} << 32) |
           (uint64_t{static_cast<uint8_t>(type)} << 61);
  }
  static constexpr Token unpack(uint64_t raw) {
    return {static_cast<TokenType>(raw >> 61), static_cast<uint32_t>(raw),
            static_cast<uint32_t>(raw >> 32) & kMaxPc};
  }
  bool operator==(const Token &) const = default;
};

// ---- Warp control -------------------------------------------------------------

struct WarpControl {
  uint32_t launched = 0; // lanes that exist (a partial last warp has fewer)
  uint32_t active = 0;   // lanes executing the instruction at pc
  uint32_t exited = 0;   // lanes that executed EXIT
  uint32_t pc = 0;       // instruction index of the next instruction
  bool finished = false; // no live lane is left; the warp is done

  uint32_t live() const { return launched & ~exited; }
};

enum class ControlStatus : uint8_t {
  Ok,
  StackOverflow, // a push beyond the depth limit (ISA.md 5.2); nothing was changed
  EmptyStackPop, // the active mask emptied with no token left but live lanes waiting
};

// Reason text for a fault report ("SIMT stack overflow", ...).
std::string_view controlStatusMessage(ControlStatus status);

struct ControlResult {
  ControlStatus status = ControlStatus::Ok;
  bool diverged = false;    // the warp split: a token holds lanes that are not running now
  bool finished = false;    // the warp ended during this operation
  uint32_t stallCycles = 0; // the warp is not ready for this many cycles (stack restores)
  uint32_t depth = 0;       // stack depth afterwards; at a fault, the depth at the fault
  uint32_t faultLanes = 0;  // StackOverflow: lanes that asked; EmptyStackPop: live lanes stranded

  bool ok() const { return status == ControlStatus::Ok; }
};

// Counts for the "simt" statistics object (TOOLS.md): BRA/BRX/JMP/JMX with at
// least one participating lane, and those that split the warp.
struct BranchStats {
  uint64_t branches = 0;
  uint64_t divergentBranches = 0;
  void add(const BranchStats &other) {
    branches += other.branches;
    divergentBranches += other.divergentBranches;
  }
};

// Debugger view of one stack level (position 0 is the bottom).
struct SimtLevelView {
  Token token;                 // as stored (what the stack cache holds)
  uint32_t pendingRemoval = 0; // lanes that broke or returned past this level
  uint32_t effectiveMask = 0;  // lanes a pop would resume now (mask minus removed and exited)
  StackLevelView storage;      // on chip / in spill storage
};

class SimtStack {
public:
  // Empty string when the stack can be built: a valid cache configuration and
  // a spill region of at least maxDepth * 8 bytes.
  static std::string validate(const StackCacheConfig &cache, uint32_t maxDepth,
                              size_t spillRegionBytes);

  // The depth limit is maxDepth, or fewer if the spill region is smaller than
  // maxDepth * 8 bytes (validate() reports that case as an error).
  SimtStack(const StackCacheConfig &cache, uint32_t maxDepth, std::span<uint8_t> spillRegion);

  // Starts a warp: all `launched` lanes active at `entryPc`, empty stack.
  // Statistics accumulate across launches until clearStats().
  void launch(uint32_t launched, uint32_t entryPc);
  // Rebinds the spill region (a new warp in this slot); call launch() next.
  void attachSpillRegion(std::span<uint8_t> spillRegion);
  // The same spill bytes now live at `moved` (StackCache::relocateSpillRegion).
  void relocateSpillRegion(std::span<uint8_t> moved) { cache_.relocateSpillRegion(moved); }
  void clearStats();

  // The executor reads pc/active after every operation and advances pc
  // itself for ordinary instructions.
  WarpControl &control() { return control_; }
  const WarpControl &control() const { return control_; }

  // In all operations `participating` is active & guard-true (a subset of
  // the active mask) and nextPc is the fall-through instruction. Operations
  // that only push never stall; those that may pop take the current cycle.

  // SSY / PBK: push SYNC / BRK {active, target}, continue at nextPc.
  // Nothing happens if no lane participates.
  ControlResult ssy(uint32_t participating, uint32_t target, uint32_t nextPc);
  ControlResult pbk(uint32_t participating, uint32_t target, uint32_t nextPc);
  // CAL / JCAL: push CALL{participating, returnPc} and jump. Lanes whose
  // guard is false get a DIV{returnPc} token below it, so they go on after
  // the callers return (a guarded call diverges like a branch).
  ControlResult call(uint32_t participating, uint32_t target, uint32_t returnPc);
  // BRA (also BRA CC.test): `taken` lanes (a subset of participating) go to
  // target. All active lanes taken: jump; none: fall through; else push
  // DIV{active & ~taken, nextPc} and run the taken lanes first.
  ControlResult branch(uint32_t participating, uint32_t taken, uint32_t target, uint32_t nextPc);
  // BRA (.U when `uniform`) as branch() / uniformBranch() when the warp
  // does not split: true having done it, false having changed nothing.
  bool branchWithoutSplit(uint32_t participating, uint32_t taken, uint32_t target,
                          uint32_t nextPc, bool uniform) {
    participating &= control_.active;
    taken &= participating;
    const bool all = uniform ? participating == control_.active : taken == control_.active;
    if (!all && !uniform && taken != 0)
      return false;
    branchStats_.branches += participating != 0;
    control_.pc = all ? target : nextPc;
    return true;
  }
  // BRA.U: jump if every active lane participates, else the whole warp falls
  // through; never pushes.
  ControlResult uniformBranch(uint32_t participating, uint32_t target, uint32_t nextPc);
  // BRX / JMP / JMX: participating lane i goes to laneTargets[i]. The lowest
  // target runs first; one DIV token per other target, pushed so that they
  // run in ascending target order; below them a DIV{nextPc} token for active
  // lanes whose guard was false (they run last, like BRA's not-taken lanes).
  ControlResult multiBranch(uint32_t participating, std::span<const uint32_t, 32> laneTargets,
                            uint32_t nextPc);
  // The `.S` bit, after the instruction executed: participating lanes leave
  // the active mask to wait for reconvergence; the rest go on at nextPc.
  ControlResult popSync(uint32_t participating, uint32_t nextPc, uint64_t cycle);
  // BRK: participating lanes leave the active mask and every token above the
  // nearest BRK token; the rest go on at nextPc.
  ControlResult brk(uint32_t participating, uint32_t nextPc, uint64_t cycle);
  // RET: participating lanes leave the active mask and every token above the
  // nearest CALL token; the rest go on at nextPc.
  ControlResult ret(uint32_t participating, uint32_t nextPc, uint64_t cycle);
  // EXIT: participating lanes finish; the rest go on at nextPc. When no live
  // lane is left the warp pops and discards the remaining tokens, then ends.
  ControlResult exit(uint32_t participating, uint32_t nextPc, uint64_t cycle);

  uint32_t depth() const { return cache_.depth(); }
  uint32_t depthLimit() const { return depthLimit_; }
  const StackCache &cache() const { return cache_; }
  const BranchStats &branchStats() const { return branchStats_; }
  SimtLevelView level(uint32_t position) const; // position < depth()

private:
  // SYNC, BRK, RET, EXIT: `lanes` leave the active mask; the rest go on at
  // nextPc, or the stack unwinds when none is left.
  ControlResult deactivate(uint32_t lanes, uint32_t nextPc, uint64_t cycle);
  // SSY and PBK: one token {type, active, target}, then nextPc.
  ControlResult pushReconvergence(TokenType type, uint32_t participating, uint32_t target,
                                  uint32_t nextPc);
  struct LevelMeta {
    TokenType type = TokenType::Div;
    uint32_t removed = 0; // lanes to drop from this level's mask when it is popped
  };

  ControlResult pushTokens(std::span<const Token> bottomFirst, uint32_t askingLanes);
  void leaveTokensAbove(TokenType boundary, uint32_t lanes);
  // Pops until a token yields live lanes (or the warp ends / faults).
  ControlResult unwindIfEmpty(uint64_t cycle);

  WarpControl control_; // first: the warp's issue reads it (emu/core/Warp.h)
  StackCache cache_;
  uint32_t maxDepth_ = 0;
  uint32_t depthLimit_ = 0;     // min(maxDepth_, slots in the spill region)
  std::vector<LevelMeta> meta_; // one per possible stack level (maxDepth_)
  BranchStats branchStats_;
};

} // namespace simt::emu
