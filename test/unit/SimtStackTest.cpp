//===-- SimtStackTest.cpp - The per-warp SIMT stack -----------------------===//
//
// Unit tests for the per-warp SIMT stack (ISA.md 5.1, 5.2).
//
// Each test drives SimtStack the way the warp executor does for a small
// hand-written control-flow shape (PCs are instruction indices chosen for
// readability) and checks the active mask, PC and stack after every step.
// A randomized test compares the lazy token edits against an eager reference
// that rewrites every token at once.
#include "emu/core/SimtStack.h"
#include "isa/SIMTLimits.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <map>
#include <ostream>
#include <random>
#include <vector>

namespace simt::emu {

// Readable failure messages for token comparisons.
void PrintTo(const Token &token, std::ostream *out) {
  *out << tokenTypeName(token.type) << "{mask=0x" << std::hex << token.mask << std::dec
       << ", pc=" << token.pc << "}";
}

namespace {

constexpr uint32_t kAll = 0xFFFF'FFFFu;
constexpr uint32_t kLow = 0x0000'FFFFu;
constexpr uint32_t kHigh = 0xFFFF'0000u;

// A warp with its own spill region, launched with `launched` lanes at pc 0.
struct WarpUnderTest {
  std::vector<uint8_t> region;
  SimtStack stack;

  explicit WarpUnderTest(uint32_t maxDepth = simt::limits::kDefaultStackDepth,
                         const StackCacheConfig &cache = {}, uint32_t launched = kAll)
      : region(maxDepth * 8), stack(cache, maxDepth, region) {
    stack.launch(launched, 0);
  }
  const WarpControl &warp() const { return stack.control(); }
  Token tokenAt(uint32_t position) const { return stack.level(position).token; }
  Token top() const { return tokenAt(stack.depth() - 1); }
};

void expectAt(const WarpUnderTest &t, uint32_t active, uint32_t pc, uint32_t depth) {
  EXPECT_EQ(t.warp().active, active);
  EXPECT_EQ(t.warp().pc, pc);
  EXPECT_EQ(t.stack.depth(), depth);
  EXPECT_FALSE(t.warp().finished);
}

// ---- tokens ------------------------------------------------------------------------

TEST(TokenTest, PacksMaskPcAndTypeWhereTheSpecSays) {
  const Token token{TokenType::Call, 0xDEAD'BEEFu, 0x123'4567u};
  const uint64_t raw = token.pack();
  EXPECT_EQ(raw & 0xFFFF'FFFFu, 0xDEAD'BEEFu);
  EXPECT_EQ((raw >> 32) & 0x1FFF'FFFFu, 0x123'4567u);
  EXPECT_EQ(raw >> 61, 3u);
  EXPECT_EQ(raw, 0xDEAD'BEEFull | (0x123'4567ull << 32) | (3ull << 61));
  EXPECT_EQ(Token::unpack(raw), token);
}

TEST(TokenTest, RoundTripsEveryTypeAndTheLargestPc) {
  for (TokenType type : {TokenType::Div, TokenType::Sync, TokenType::Brk, TokenType::Call,
                         TokenType::Cont}) {
    const Token token{type, 0x8000'0001u, Token::kMaxPc};
    EXPECT_EQ(Token::unpack(token.pack()), token);
    EXPECT_EQ(token.pack() >> 61, static_cast<uint64_t>(type));
  }
  EXPECT_EQ(Token::kMaxPc, (1u << 29) - 1);
  // A pc wider than 29 bits cannot leak into the type field.
  EXPECT_EQ(Token::unpack(Token{TokenType::Div, 0, 0xFFFF'FFFFu}.pack()).type, TokenType::Div);
}

TEST(TokenTest, NamesTypes) {
  EXPECT_EQ(tokenTypeName(TokenType::Div), "DIV");
  EXPECT_EQ(tokenTypeName(TokenType::Sync), "SYNC");
  EXPECT_EQ(tokenTypeName(TokenType::Brk), "BRK");
  EXPECT_EQ(tokenTypeName(TokenType::Call), "CALL");
  EXPECT_EQ(tokenTypeName(TokenType::Cont), "CONT");
  EXPECT_EQ(tokenTypeName(Token::unpack(7ull << 61).type), "?");
}

// ---- branches ----------------------------------------------------------------------

TEST(SimtBranchTest, UniformBranchesPushNothing) {
  WarpUnderTest t;
  EXPECT_TRUE(t.stack.branch(kAll, kAll, 20, 1).ok()); // every lane takes it
  expectAt(t, kAll, 20, 0);
  EXPECT_FALSE(t.stack.branch(kAll, 0, 40, 21).diverged); // no lane takes it
  expectAt(t, kAll, 21, 0);
  t.stack.branch(0, 0, 40, 22); // guard false everywhere: not an executed branch
  expectAt(t, kAll, 22, 0);
  EXPECT_EQ(t.stack.branchStats().branches, 2u);
  EXPECT_EQ(t.stack.branchStats().divergentBranches, 0u);
}

TEST(SimtBranchTest, DivergentBranchRunsTakenLanesFirst) {
  WarpUnderTest t;
  const ControlResult result = t.stack.branch(kLow, kLow, 5, 2);
  EXPECT_TRUE(result.ok());
  EXPECT_TRUE(result.diverged);
  EXPECT_EQ(result.depth, 1u);
  expectAt(t, kLow, 5, 1);
  EXPECT_EQ(t.top(), (Token{TokenType::Div, kHigh, 2}));
  EXPECT_EQ(t.stack.branchStats().divergentBranches, 1u);
}

// BRA CC.test: all lanes participate, only some take it.
TEST(SimtBranchTest, TakenSubsetOfParticipatingLanesDiverges) {
  WarpUnderTest t;
  t.stack.branch(kAll, 0x0000'00FFu, 9, 1);
  expectAt(t, 0x0000'00FFu, 9, 1);
  EXPECT_EQ(t.top().mask, 0xFFFF'FF00u);
}

TEST(SimtBranchTest, BraUJumpsOnlyWhenEveryActiveLaneAgrees) {
  WarpUnderTest t;
  t.stack.uniformBranch(kLow, 30, 1);
  expectAt(t, kAll, 1, 0);
  t.stack.uniformBranch(kAll, 30, 2);
  expectAt(t, kAll, 30, 0);
  EXPECT_EQ(t.stack.branchStats().branches, 2u);
  EXPECT_EQ(t.stack.branchStats().divergentBranches, 0u);
}

// The scheduler's fast path (Sm::issueFast): branchWithoutSplit does what
// branch() / uniformBranch() do whenever the warp does not split, and
// nothing at all when it would.
TEST(SimtBranchTest, BranchWithoutSplitIsBranchUnlessTheWarpSplits) {
  std::mt19937 rng(17);
  const uint32_t masks[] = {0, kAll, kLow, kHigh, 1, 0x8000'0000u, 0x00FF'FF00u};
  for (int n = 0; n < 2000; ++n) {
    const uint32_t active = masks[rng() % std::size(masks)] | 1;
    uint32_t part = masks[rng() % std::size(masks)];
    if (n % 3 == 0)
      part = active; // every active lane (as often as a converged loop)
    const bool uniform = rng() % 2;
    WarpUnderTest fast, slow;
    for (WarpUnderTest *t : {&fast, &slow}) // a DIV token leaves `active` running
      if (active != kAll)
        t->stack.branch(active, active, 3, 1);
    const uint32_t pcBefore = fast.warp().pc;
    const bool done = fast.stack.branchWithoutSplit(part, part, 40, 4, uniform);
    const ControlResult r =
        uniform ? slow.stack.uniformBranch(part, 40, 4) : slow.stack.branch(part, part, 40, 4);
    if (!done) {
      EXPECT_TRUE(r.diverged) << std::hex << active << " " << part;
      EXPECT_EQ(fast.warp().pc, pcBefore);
      EXPECT_EQ(fast.warp().active, active);
      EXPECT_EQ(fast.stack.branchStats().branches, slow.stack.branchStats().branches - 1);
      continue;
    }
    EXPECT_FALSE(r.diverged);
    EXPECT_EQ(fast.warp().pc, slow.warp().pc) << std::hex << active << " " << part;
    EXPECT_EQ(fast.warp().active, slow.warp().active);
    EXPECT_EQ(fast.stack.depth(), slow.stack.depth());
    EXPECT_EQ(fast.stack.branchStats().branches, slow.stack.branchStats().branches);
  }
}

// if/else under SSY: 0 SSY 10; 1 @P BRA 5; 2..4 else, 4 NOP.S; 5..8 then, 8 NOP.S; 10 join.
TEST(SimtBranchTest, IfElseReconvergesAtTheSyncToken) {
  WarpUnderTest t;
  EXPECT_TRUE(t.stack.ssy(kAll, 10, 1).ok());
  expectAt(t, kAll, 1, 1);
  EXPECT_EQ(t.top(), (Token{TokenType::Sync, kAll, 10}));
  t.stack.branch(kLow, kLow, 5, 2);
  expectAt(t, kLow, 5, 2);
  ControlResult result = t.stack.popSync(kLow, 9, 100); // then-part done
  EXPECT_EQ(result.stallCycles, 0u);
  expectAt(t, kHigh, 2, 1); // DIV: else-part
  result = t.stack.popSync(kHigh, 5, 101);
  expectAt(t, kAll, 10, 0); // SYNC: reconverged
  EXPECT_FALSE(result.finished);
}

// Guard-false lanes of a `.S` instruction go on; only the executing lanes wait.
TEST(SimtBranchTest, PopSyncKeepsGuardFalseLanesRunning) {
  WarpUnderTest t;
  t.stack.ssy(kAll, 10, 1);
  t.stack.popSync(kLow, 2, 0);
  expectAt(t, kHigh, 2, 1);
  t.stack.popSync(kHigh, 3, 0);
  expectAt(t, kAll, 10, 0);
}

// Outer if (A = low half) containing an inner if (A1 = lowest byte).
TEST(SimtBranchTest, NestedSsyRegions) {
  WarpUnderTest t;
  constexpr uint32_t kA1 = 0x0000'00FFu, kA2 = 0x0000'FF00u;
  t.stack.ssy(kAll, 50, 1);
  t.stack.branch(kLow, kLow, 10, 2);    // A at 10, DIV{high, 2}
  t.stack.ssy(kLow, 30, 11);            // inner SYNC{A, 30}
  t.stack.branch(kA1, kA1, 20, 12);     // A1 at 20, DIV{A2, 12}
  expectAt(t, kA1, 20, 4);
  t.stack.popSync(kA1, 21, 0);          // A1 done with inner then
  expectAt(t, kA2, 12, 3);
  t.stack.popSync(kA2, 13, 0);          // A2 done with inner else
  expectAt(t, kLow, 30, 2);             // inner join, A reconverged
  t.stack.popSync(kLow, 31, 0);         // A done with outer then
  expectAt(t, kHigh, 2, 1);
  t.stack.popSync(kHigh, 3, 0);         // outer else done
  expectAt(t, kAll, 50, 0);
  EXPECT_EQ(t.stack.branchStats().divergentBranches, 2u);
}

// ---- multi-target branches -----------------------------------------------------------

TEST(SimtMultiBranchTest, ThreeTargetsRunInAscendingOrderThenGuardFalseLanes) {
  WarpUnderTest t;
  std::array<uint32_t, 32> targets{};
  for (uint32_t lane = 0; lane < 8; ++lane) targets[lane] = 30;       // group C
  for (uint32_t lane = 8; lane < 16; ++lane) targets[lane] = 10;      // group A
  for (uint32_t lane = 16; lane < 24; ++lane) targets[lane] = 20;     // group B
  for (uint32_t lane = 24; lane < 28; ++lane) targets[lane] = 5;      // guard false: ignored
  for (uint32_t lane = 28; lane < 32; ++lane) targets[lane] = 10;     // group A too
  constexpr uint32_t kA = 0xF000'FF00u, kB = 0x00FF'0000u, kC = 0x0000'00FFu;
  constexpr uint32_t kGuardFalse = 0x0F00'0000u;

  t.stack.ssy(kAll, 90, 1);
  const ControlResult result = t.stack.multiBranch(kAll & ~kGuardFalse, targets, 2);
  EXPECT_TRUE(result.diverged);
  expectAt(t, kA, 10, 4);
  EXPECT_EQ(t.tokenAt(1), (Token{TokenType::Div, kGuardFalse, 2}));
  EXPECT_EQ(t.tokenAt(2), (Token{TokenType::Div, kC, 30}));
  EXPECT_EQ(t.tokenAt(3), (Token{TokenType::Div, kB, 20}));

  t.stack.popSync(kA, 11, 0);
  expectAt(t, kB, 20, 3);
  t.stack.popSync(kB, 21, 0);
  expectAt(t, kC, 30, 2);
  t.stack.popSync(kC, 31, 0);
  expectAt(t, kGuardFalse, 2, 1);
  t.stack.popSync(kGuardFalse, 3, 0);
  expectAt(t, kAll, 90, 0);
  EXPECT_EQ(t.stack.branchStats().branches, 1u);
  EXPECT_EQ(t.stack.branchStats().divergentBranches, 1u);
}

TEST(SimtMultiBranchTest, FourTargetsAllLanesParticipating) {
  WarpUnderTest t;
  std::array<uint32_t, 32> targets{};
  for (uint32_t lane = 0; lane < 32; ++lane)
    targets[lane] = 100 - 10 * (lane % 4); // 100, 90, 80, 70 by lane % 4
  t.stack.multiBranch(kAll, targets, 1);
  expectAt(t, 0x8888'8888u, 70, 3);
  EXPECT_EQ(t.tokenAt(0), (Token{TokenType::Div, 0x1111'1111u, 100}));
  EXPECT_EQ(t.tokenAt(1), (Token{TokenType::Div, 0x2222'2222u, 90}));
  EXPECT_EQ(t.tokenAt(2), (Token{TokenType::Div, 0x4444'4444u, 80}));
}

TEST(SimtMultiBranchTest, OneTargetIsAJumpOrABranch) {
  WarpUnderTest t;
  std::array<uint32_t, 32> targets;
  targets.fill(40);
  EXPECT_FALSE(t.stack.multiBranch(kAll, targets, 1).diverged);
  expectAt(t, kAll, 40, 0);
  EXPECT_TRUE(t.stack.multiBranch(kLow, targets, 41).diverged); // guard false on high lanes
  expectAt(t, kLow, 40, 1);
  EXPECT_EQ(t.top(), (Token{TokenType::Div, kHigh, 41}));
  t.stack.multiBranch(0, targets, 50); // nobody participates
  expectAt(t, kLow, 50, 1);
  EXPECT_EQ(t.stack.branchStats().branches, 2u);
  EXPECT_EQ(t.stack.branchStats().divergentBranches, 1u);
}

// ---- loops: PBK / BRK -------------------------------------------------------------------

// 0 PBK 20; 1 loop: ...; 2 @P BRK; 3 BRA 1; 20 after the loop.
TEST(SimtLoopTest, LanesBreakInDifferentIterations) {
  WarpUnderTest t;
  t.stack.pbk(kAll, 20, 1);
  EXPECT_EQ(t.top(), (Token{TokenType::Brk, kAll, 20}));
  t.stack.brk(0x0000'000Fu, 3, 0);
  expectAt(t, 0xFFFF'FFF0u, 3, 1);
  t.stack.branch(0xFFFF'FFF0u, 0xFFFF'FFF0u, 1, 4);
  t.stack.brk(0x0000'FFF0u, 3, 0);
  expectAt(t, kHigh, 3, 1);
  t.stack.branch(kHigh, kHigh, 1, 4);
  const ControlResult result = t.stack.brk(kHigh, 3, 0);
  EXPECT_TRUE(result.ok());
  expectAt(t, kAll, 20, 0);
}

// 0 PBK 30; 1 loop: SSY 10; 2 @P BRA 6 (A = low half); 3..5 B-part, 9 NOP.S;
// 6 A: BRK. The DIV and SYNC tokens above the BRK token lose A.
TEST(SimtLoopTest, BreakOutOfADivergentRegion) {
  WarpUnderTest t;
  t.stack.pbk(kAll, 30, 1);
  t.stack.ssy(kAll, 10, 2);
  t.stack.branch(kLow, kLow, 6, 3);
  expectAt(t, kLow, 6, 3);
  t.stack.brk(kLow, 7, 0);
  expectAt(t, kHigh, 3, 2); // DIV{B} popped: B runs its part
  EXPECT_EQ(t.stack.level(1).pendingRemoval, kLow);
  EXPECT_EQ(t.stack.level(1).effectiveMask, kHigh);
  EXPECT_EQ(t.stack.level(0).pendingRemoval, 0u);
  t.stack.popSync(kHigh, 10, 0);
  expectAt(t, kHigh, 10, 1); // SYNC resumes only B: A broke past it
  t.stack.brk(kHigh, 11, 0);
  expectAt(t, kAll, 30, 0);
}

// A SYNC token whose lanes all broke is empty when popped: discarded.
TEST(SimtLoopTest, TokenEmptiedByBreaksIsDiscarded) {
  WarpUnderTest t;
  t.stack.pbk(kAll, 30, 1);
  t.stack.ssy(kAll, 10, 2);
  t.stack.branch(kLow, kLow, 6, 3); // A first, DIV{B}
  t.stack.brk(kLow, 7, 0);          // pops DIV: B
  expectAt(t, kHigh, 3, 2);
  const uint64_t popsBefore = t.stack.cache().stats().pops;
  t.stack.brk(kHigh, 4, 0); // SYNC{all} is now empty: discarded, then BRK
  expectAt(t, kAll, 30, 0);
  EXPECT_EQ(t.stack.cache().stats().pops - popsBefore, 2u);
}

// ---- calls: CAL / RET ---------------------------------------------------------------------

TEST(SimtCallTest, UniformCallAndReturn) {
  WarpUnderTest t;
  const ControlResult result = t.stack.call(kAll, 40, 3);
  EXPECT_FALSE(result.diverged);
  expectAt(t, kAll, 40, 1);
  EXPECT_EQ(t.top(), (Token{TokenType::Call, kAll, 3}));
  t.stack.ret(kAll, 41, 0);
  expectAt(t, kAll, 3, 0);
}

// f: 30 SSY 40; 31 @P BRA 35 (A); 32..39 B-part with NOP.S at 39; 35 A: RET.
TEST(SimtCallTest, ReturnFromADivergentCall) {
  WarpUnderTest t;
  t.stack.call(kAll, 30, 3);
  t.stack.ssy(kAll, 40, 31);
  t.stack.branch(kLow, kLow, 35, 32);
  expectAt(t, kLow, 35, 3);
  t.stack.ret(kLow, 36, 0); // A returns early: leaves DIV and SYNC
  expectAt(t, kHigh, 32, 2);
  t.stack.popSync(kHigh, 40, 0);
  expectAt(t, kHigh, 40, 1); // the join runs for B only
  t.stack.ret(kHigh, 41, 0);
  expectAt(t, kAll, 3, 0); // CALL resumes every caller at the return address
}

TEST(SimtCallTest, PartialReturnLeavesTheRestRunning) {
  WarpUnderTest t;
  t.stack.call(kAll, 30, 3);
  t.stack.ret(kLow, 31, 0);
  expectAt(t, kHigh, 31, 1);
  EXPECT_EQ(t.stack.level(0).pendingRemoval, 0u) << "the CALL token itself keeps its lanes";
  t.stack.ret(kHigh, 33, 0);
  expectAt(t, kAll, 3, 0);
}

TEST(SimtCallTest, RecursionNestsCallTokens) {
  WarpUnderTest t;
  for (uint32_t level = 0; level < 10; ++level)
    t.stack.call(kAll, 100, 200 + level);
  EXPECT_EQ(t.stack.depth(), 10u);
  for (uint32_t level = 10; level-- > 0;) {
    t.stack.ret(kAll, 101, 0);
    expectAt(t, kAll, 200 + level, level);
  }
}

// A guarded CAL: the callers get CALL{callers}; the other lanes wait below it
// in a DIV token for the return address.
TEST(SimtCallTest, GuardedCallDivergesLikeABranch) {
  WarpUnderTest t;
  const ControlResult result = t.stack.call(kLow, 40, 3);
  EXPECT_TRUE(result.diverged);
  expectAt(t, kLow, 40, 2);
  EXPECT_EQ(t.tokenAt(0), (Token{TokenType::Div, kHigh, 3}));
  EXPECT_EQ(t.tokenAt(1), (Token{TokenType::Call, kLow, 3}));
  t.stack.ret(kLow, 41, 0);
  expectAt(t, kLow, 3, 1);
  t.stack.exit(kLow, 4, 0);
  expectAt(t, kHigh, 3, 0);
  EXPECT_EQ(t.stack.branchStats().branches, 0u) << "CAL is not a counted branch";
}

// ---- mixed SSY / PBK / CAL ----------------------------------------------------------------

// A loop that calls f; f breaks some lanes out of the caller's loop (BRK
// looks past the CALL token to the nearest BRK token) and returns the rest.
TEST(SimtMixedTest, BreakFromInsideACallLeavesTheCallToken) {
  WarpUnderTest t;
  t.stack.pbk(kAll, 50, 1);   // level 0: BRK{all, 50}
  t.stack.call(kAll, 80, 3);  // level 1: CALL{all, 3}
  t.stack.brk(kLow, 81, 0);   // low lanes break out of the loop from f
  expectAt(t, kHigh, 81, 2);
  EXPECT_EQ(t.stack.level(1).pendingRemoval, kLow);
  t.stack.ret(kHigh, 82, 0);
  expectAt(t, kHigh, 3, 1); // only the lanes still in f return
  t.stack.brk(kHigh, 4, 0);
  expectAt(t, kAll, 50, 0);
}

// f contains a loop; some lanes RET from inside it: they leave the BRK token
// (it lies above the CALL token), the others break and then return.
TEST(SimtMixedTest, ReturnFromInsideALoopInACall) {
  WarpUnderTest t;
  t.stack.ssy(kAll, 90, 1);    // level 0: SYNC{all, 90}
  t.stack.call(kAll, 20, 2);   // level 1: CALL{all, 2}
  t.stack.pbk(kAll, 30, 21);   // level 2: BRK{all, 30}
  t.stack.ret(kLow, 23, 0);
  expectAt(t, kHigh, 23, 3);
  EXPECT_EQ(t.stack.level(2).pendingRemoval, kLow);
  EXPECT_EQ(t.stack.level(1).pendingRemoval, 0u);
  t.stack.brk(kHigh, 24, 0);
  expectAt(t, kHigh, 30, 2); // only the high lanes leave the loop
  t.stack.ret(kHigh, 31, 0);
  expectAt(t, kAll, 2, 1);
  t.stack.popSync(kAll, 3, 0);
  expectAt(t, kAll, 90, 0);
}

// ---- EXIT ---------------------------------------------------------------------------------

TEST(SimtExitTest, SomeLanesExitInsideDivergence) {
  WarpUnderTest t;
  constexpr uint32_t kExiting = 0x0000'000Fu;
  t.stack.ssy(kAll, 10, 1);
  t.stack.branch(kLow, kLow, 5, 2);
  t.stack.exit(kExiting, 6, 0); // @P EXIT inside the then-part
  expectAt(t, kLow & ~kExiting, 6, 2);
  EXPECT_EQ(t.warp().exited, kExiting);
  t.stack.popSync(kLow & ~kExiting, 9, 0);
  expectAt(t, kHigh, 2, 1);
  t.stack.popSync(kHigh, 5, 0);
  expectAt(t, kAll & ~kExiting, 10, 0); // SYNC drops the exited lanes
}

TEST(SimtExitTest, TokenOfExitedLanesIsDiscarded) {
  WarpUnderTest t;
  t.stack.ssy(kAll, 50, 1);            // SYNC{all}
  t.stack.branch(kLow, kLow, 10, 2);   // DIV{high}
  t.stack.ssy(kLow, 20, 11);           // SYNC{low}
  const ControlResult result = t.stack.exit(kLow, 12, 0);
  EXPECT_FALSE(result.finished);
  expectAt(t, kHigh, 2, 1); // SYNC{low} discarded, DIV{high} resumed
  t.stack.popSync(kHigh, 3, 0);
  expectAt(t, kHigh, 50, 0);
}

// ISA.md 5.1: with no live thread the warp pops (and discards) every token
// left; popping the empty stack then ends it.
TEST(SimtExitTest, LastLanesExitingPopTheRestAndEndTheWarp) {
  WarpUnderTest t;
  t.stack.ssy(kAll, 50, 1);
  t.stack.pbk(kAll, 60, 2);
  t.stack.exit(kLow, 3, 0);
  expectAt(t, kHigh, 3, 2);
  const ControlResult result = t.stack.exit(kHigh, 4, 0);
  EXPECT_TRUE(result.ok());
  EXPECT_TRUE(result.finished);
  EXPECT_TRUE(t.warp().finished);
  EXPECT_EQ(t.warp().active, 0u);
  EXPECT_EQ(t.stack.cache().stats().pops, 2u);
  EXPECT_EQ(t.stack.depth(), 0u);
}

TEST(SimtExitTest, DivergedWarpWithoutSsyEndsWhenTheLastPathExits) {
  WarpUnderTest t;
  t.stack.branch(kLow, kLow, 5, 2);
  t.stack.exit(kLow, 6, 0);
  expectAt(t, kHigh, 2, 0);
  EXPECT_TRUE(t.stack.exit(kHigh, 3, 0).finished);
}

TEST(SimtExitTest, PartialWarpOnlyHasItsLaunchedLanes) {
  WarpUnderTest t(64, {}, /*launched=*/0x0000'0FFFu);
  expectAt(t, 0x0000'0FFFu, 0, 0);
  t.stack.ssy(0x0000'0FFFu, 10, 1);
  EXPECT_EQ(t.top().mask, 0x0000'0FFFu);
  EXPECT_TRUE(t.stack.exit(0x0000'0FFFu, 2, 0).finished);
  WarpUnderTest empty(64, {}, 0);
  EXPECT_TRUE(empty.warp().finished);
}

// ---- faults -------------------------------------------------------------------------------

TEST(SimtFaultTest, PushBeyondTheDepthLimitFaultsAndChangesNothing) {
  WarpUnderTest t(/*maxDepth=*/4);
  for (uint32_t i = 0; i < 4; ++i)
    ASSERT_TRUE(t.stack.ssy(kAll, 10 + i, 1 + i).ok());
  ControlResult result = t.stack.pbk(kAll, 99, 5);
  EXPECT_EQ(result.status, ControlStatus::StackOverflow);
  EXPECT_EQ(result.depth, 4u);
  EXPECT_EQ(result.faultLanes, kAll);
  expectAt(t, kAll, 4, 4); // unchanged: the executor reports the fault at this pc

  result = t.stack.branch(kLow, kLow, 50, 6);
  EXPECT_EQ(result.status, ControlStatus::StackOverflow);
  EXPECT_EQ(result.faultLanes, kLow);
  expectAt(t, kAll, 4, 4);
  EXPECT_EQ(controlStatusMessage(result.status), "SIMT stack overflow");
  // A uniform branch needs no token and still works at the limit.
  EXPECT_TRUE(t.stack.branch(kAll, kAll, 50, 6).ok());
}

TEST(SimtFaultTest, MultiTokenPushesAreAllOrNothing) {
  WarpUnderTest t(/*maxDepth=*/3);
  t.stack.ssy(kAll, 90, 1);
  std::array<uint32_t, 32> targets{};
  for (uint32_t lane = 0; lane < 32; ++lane)
    targets[lane] = 10 * (lane % 4); // four targets: three DIV tokens
  EXPECT_EQ(t.stack.multiBranch(kAll, targets, 2).status, ControlStatus::StackOverflow);
  expectAt(t, kAll, 1, 1);
  t.stack.ssy(kAll, 91, 2);
  EXPECT_EQ(t.stack.call(kLow, 40, 3).status, ControlStatus::StackOverflow); // needs 2
  expectAt(t, kAll, 2, 2);
  EXPECT_TRUE(t.stack.call(kAll, 40, 3).ok()); // needs 1
}

TEST(SimtFaultTest, SyncWithoutSsyPopsAnEmptyStackWithLiveLanes) {
  WarpUnderTest t;
  const ControlResult result = t.stack.popSync(kAll, 1, 0);
  EXPECT_EQ(result.status, ControlStatus::EmptyStackPop);
  EXPECT_EQ(result.faultLanes, kAll);
  EXPECT_FALSE(t.warp().finished);
  EXPECT_EQ(controlStatusMessage(result.status),
            "pop of an empty SIMT stack with live threads");
}

TEST(SimtFaultTest, StrandedLanesAreReportedWhenTheStackRunsOut) {
  WarpUnderTest t;
  t.stack.branch(kLow, kLow, 5, 2); // DIV{high}, no SSY
  t.stack.exit(0x0000'00FFu, 6, 0);
  t.stack.popSync(0x0000'FF00u, 7, 0); // waits for a SYNC that does not exist
  expectAt(t, kHigh, 2, 0);
  const ControlResult result = t.stack.popSync(kHigh, 3, 0);
  EXPECT_EQ(result.status, ControlStatus::EmptyStackPop);
  EXPECT_EQ(result.faultLanes, kAll & ~0x0000'00FFu);
}

TEST(SimtFaultTest, BreakWithoutPbkStrandsItsLanes) {
  WarpUnderTest t;
  t.stack.ssy(kAll, 10, 1);
  t.stack.brk(kLow, 2, 0);
  EXPECT_EQ(t.stack.level(0).pendingRemoval, kLow);
  const ControlResult result = t.stack.popSync(kHigh, 3, 0);
  expectAt(t, kHigh, 10, 0); // the SYNC resumes the lanes that did not break
  EXPECT_TRUE(result.ok());
  EXPECT_EQ(t.stack.exit(kHigh, 11, 0).status, ControlStatus::EmptyStackPop);
}

TEST(SimtFaultTest, ValidateChecksTheSpillRegionSize) {
  EXPECT_EQ(SimtStack::validate({}, 64, 512), "");
  EXPECT_NE(SimtStack::validate({}, 64, 511).find("too small"), std::string::npos);
  StackCacheConfig bad;
  bad.entries = 6;
  EXPECT_NE(SimtStack::validate(bad, 64, 512), "");
  std::vector<uint8_t> small(10 * 8);
  SimtStack stack({}, 64, small);
  EXPECT_EQ(stack.depthLimit(), 10u);
}

// ---- the stack cache underneath -----------------------------------------------------------

// Small cache (4 entries, sets of 2): 21 tokens, then one BRK empties 20
// SYNC tokens and pops down to the BRK token in a single unwind. Restores
// ahead are in flight while the warp pops, so every second set stalls.
TEST(SimtSpillTest, DeepUnwindPopsThroughSpilledTokensAndStalls) {
  StackCacheConfig cache;
  cache.entries = 4;
  cache.setEntries = 2;
  WarpUnderTest t(64, cache);
  t.stack.pbk(kAll, 99, 1);
  for (uint32_t i = 0; i < 20; ++i)
    t.stack.ssy(kAll, 50 + i, 2 + i);
  EXPECT_EQ(t.stack.cache().stats().spills, 10u);
  EXPECT_FALSE(t.stack.level(0).storage.onChip);
  EXPECT_TRUE(t.stack.level(0).storage.inSpill);
  EXPECT_EQ(t.stack.level(0).token, (Token{TokenType::Brk, kAll, 99}));

  const ControlResult result = t.stack.brk(kAll, 30, 1000);
  EXPECT_TRUE(result.ok());
  expectAt(t, kAll, 99, 0);
  EXPECT_EQ(result.stallCycles, 5u * 200);
  const StackCacheStats &s = t.stack.cache().stats();
  EXPECT_EQ(s.pops, 21u);
  EXPECT_EQ(s.restores, 9u);
  EXPECT_EQ(s.stallRestores, 5u);
  EXPECT_EQ(s.stallCycles, 1000u);
}

TEST(SimtSpillTest, SpilledTokensComeBackIntact) {
  StackCacheConfig cache;
  cache.entries = 4;
  cache.setEntries = 2;
  WarpUnderTest t(64, cache);
  for (uint32_t level = 0; level < 30; ++level)
    t.stack.call(kAll, 100, 1000 + level);
  uint64_t cycle = 0;
  for (uint32_t level = 30; level-- > 0;) {
    const ControlResult result = t.stack.ret(kAll, 101, cycle);
    cycle += result.stallCycles + 1;
    expectAt(t, kAll, 1000 + level, level);
  }
}

TEST(SimtSpillTest, RelaunchEmptiesTheStackAndKeepsStats) {
  WarpUnderTest t;
  t.stack.ssy(kAll, 10, 1);
  t.stack.branch(kLow, kLow, 5, 2);
  t.stack.launch(kLow, 7);
  expectAt(t, kLow, 7, 0);
  EXPECT_EQ(t.warp().exited, 0u);
  EXPECT_EQ(t.stack.cache().stats().pushes, 2u);
  EXPECT_EQ(t.stack.branchStats().divergentBranches, 1u);
  t.stack.clearStats();
  EXPECT_EQ(t.stack.cache().stats().pushes, 0u);
  EXPECT_EQ(t.stack.branchStats().branches, 0u);
  std::vector<uint8_t> other(8 * 8);
  t.stack.attachSpillRegion(other);
  EXPECT_EQ(t.stack.depthLimit(), 8u);
}

// ---- randomized: lazy token edits against eager rewriting ---------------------------------

// The reference applies BRK/RET/EXIT edits to every token at once, then pops
// exactly as ISA.md 5.1 says. Each control instruction is a member named as
// SimtStack's, acting on the lanes active before it; it returns the status the
// stack must report.
struct EagerReference {
  uint32_t launched = kAll, active = kAll, exited = 0, pc = 0, limit = 0;
  bool finished = false;
  std::vector<Token> stack;

  ControlStatus ssy(uint32_t target, uint32_t next) {
    return pushThenGo({{TokenType::Sync, active, target}}, next);
  }
  ControlStatus pbk(uint32_t target, uint32_t next) {
    return pushThenGo({{TokenType::Brk, active, target}}, next);
  }
  ControlStatus call(uint32_t calling, uint32_t target, uint32_t next) {
    if (calling == 0) {
      pc = next;
      return ControlStatus::Ok;
    }
    if (!(calling == active ? push({{TokenType::Call, active, next}})
                            : push({{TokenType::Div, active & ~calling, next},
                                    {TokenType::Call, calling, next}})))
      return ControlStatus::StackOverflow;
    active = calling;
    pc = target;
    return ControlStatus::Ok;
  }
  ControlStatus branch(uint32_t taken, uint32_t target, uint32_t next) {
    if (taken == 0 || taken == active) {
      pc = taken ? target : next;
      return ControlStatus::Ok;
    }
    if (!push({{TokenType::Div, active & ~taken, next}}))
      return ControlStatus::StackOverflow;
    active = taken;
    pc = target;
    return ControlStatus::Ok;
  }
  // The lowest target runs first; every other target, and `next` for the
  // lanes that do not branch, waits in a DIV token.
  ControlStatus multiBranch(uint32_t branching, const std::array<uint32_t, 32> &targets,
                            uint32_t next) {
    if (branching == 0) {
      pc = next;
      return ControlStatus::Ok;
    }
    std::map<uint32_t, uint32_t> lanesByTarget;
    for (uint32_t lane = 0; lane < 32; ++lane)
      if (branching >> lane & 1)
        lanesByTarget[targets[lane]] |= 1u << lane;
    std::vector<Token> tokens;
    if (active & ~branching)
      tokens.push_back({TokenType::Div, active & ~branching, next});
    for (auto it = lanesByTarget.rbegin(); std::next(it) != lanesByTarget.rend(); ++it)
      tokens.push_back({TokenType::Div, it->second, it->first});
    if (!push(tokens))
      return ControlStatus::StackOverflow;
    active = lanesByTarget.begin()->second;
    pc = lanesByTarget.begin()->first;
    return ControlStatus::Ok;
  }
  ControlStatus popSync(uint32_t lanes, uint32_t next) { return leave(lanes, next); }
  ControlStatus brk(uint32_t lanes, uint32_t next) {
    removeAbove(TokenType::Brk, lanes);
    return leave(lanes, next);
  }
  ControlStatus ret(uint32_t lanes, uint32_t next) {
    removeAbove(TokenType::Call, lanes);
    return leave(lanes, next);
  }
  ControlStatus exit(uint32_t lanes, uint32_t next) {
    exited |= lanes;
    return leave(lanes, next);
  }

private:
  bool push(const std::vector<Token> &bottomFirst) {
    if (stack.size() + bottomFirst.size() > limit)
      return false;
    stack.insert(stack.end(), bottomFirst.begin(), bottomFirst.end());
    return true;
  }
  ControlStatus pushThenGo(const std::vector<Token> &bottomFirst, uint32_t next) {
    if (!push(bottomFirst))
      return ControlStatus::StackOverflow;
    pc = next;
    return ControlStatus::Ok;
  }
  void removeAbove(TokenType boundary, uint32_t lanes) {
    for (size_t i = stack.size(); i > 0 && stack[i - 1].type != boundary; --i)
      stack[i - 1].mask &= ~lanes;
  }
  // `lanes` stop here; when no lane is left active, pop to the next token
  // that still has a live lane.
  ControlStatus leave(uint32_t lanes, uint32_t next) {
    active &= ~lanes;
    pc = next;
    return unwind();
  }
  ControlStatus unwind() {
    while (active == 0) {
      const uint32_t live = launched & ~exited;
      if (live == 0 && stack.empty()) {
        finished = true;
        return ControlStatus::Ok;
      }
      if (stack.empty())
        return ControlStatus::EmptyStackPop;
      const Token token = stack.back();
      stack.pop_back();
      if (token.mask & live) {
        active = token.mask & live;
        pc = token.pc;
      }
    }
    return ControlStatus::Ok;
  }
};

// BRX's per-lane targets: up to four, some shared, some equal to `next`.
std::array<uint32_t, 32> randomBranchTargets(std::mt19937 &random, uint32_t next) {
  std::array<uint32_t, 32> targets;
  for (uint32_t lane = 0; lane < 32; ++lane)
    targets[lane] = next + random() % 4;
  return targets;
}

class SimtStackRandomTest : public ::testing::TestWithParam<uint32_t> {};

TEST_P(SimtStackRandomTest, LazyEditsMatchEagerRewriting) {
  StackCacheConfig cache;
  cache.entries = 4;
  cache.setEntries = 2;
  constexpr uint32_t kLimit = 24;
  std::mt19937 random(GetParam());
  uint64_t cycle = 0, stallCycles = 0;
  size_t deepest = 0;
  int warpsChecked = 0, overflows = 0, emptyPops = 0, finished = 0;

  for (int run = 0; run < 200; ++run) {
    // Few lanes, so that exits can end warps; every other run favours
    // pushes, so that it reaches the depth limit.
    const uint32_t launched = (random() & random() & random()) | 1u;
    const bool pushHeavy = run % 2 == 0;
    WarpUnderTest t(kLimit, cache, launched);
    EagerReference ref;
    ref.launched = ref.active = launched;
    ref.limit = kLimit;
    for (int step = 0; step < 200 && !ref.finished; ++step) {
      const uint32_t active = ref.active;
      const uint32_t someActive = active & random();
      const uint32_t target = random() % 1000, next = random() % 1000;
      ControlResult got;
      ControlStatus want = ControlStatus::Ok;
      uint32_t op = (pushHeavy && random() % 2 == 0) ? random() % 4 : random() % 10;
      if (ref.stack.empty() && op >= 4 && op <= 7 && random() % 8 != 0)
        op = 8; // mostly avoid the empty-stack fault: exit instead
      switch (op) {
      case 0:
        got = t.stack.ssy(active, target, next);
        want = ref.ssy(target, next);
        break;
      case 1:
        got = t.stack.pbk(active, target, next);
        want = ref.pbk(target, next);
        break;
      case 2:
        got = t.stack.call(someActive, target, next);
        want = ref.call(someActive, target, next);
        break;
      case 3:
        got = t.stack.branch(active, someActive, target, next);
        want = ref.branch(someActive, target, next);
        break;
      case 9: {
        const std::array<uint32_t, 32> targets = randomBranchTargets(random, next);
        got = t.stack.multiBranch(someActive, targets, next);
        want = ref.multiBranch(someActive, targets, next);
        break;
      }
      case 4:
      case 5:
        got = t.stack.popSync(someActive, next, cycle);
        want = ref.popSync(someActive, next);
        break;
      case 6:
        got = t.stack.brk(someActive, next, cycle);
        want = ref.brk(someActive, next);
        break;
      case 7:
        got = t.stack.ret(someActive, next, cycle);
        want = ref.ret(someActive, next);
        break;
      case 8: {
        // Exit less often, so that warps live long enough to nest.
        if (random() % 2 != 0)
          continue;
        const uint32_t exiting = someActive & random();
        got = t.stack.exit(exiting, next, cycle);
        want = ref.exit(exiting, next);
        break;
      }
      }
      cycle += got.stallCycles + 1;
      stallCycles += got.stallCycles;
      ASSERT_EQ(got.status, want) << "run " << run << " step " << step;
      if (want == ControlStatus::StackOverflow)
        ++overflows;
      if (want == ControlStatus::EmptyStackPop)
        ++emptyPops;
      if (want != ControlStatus::Ok)
        break; // a fault stops the warp
      deepest = std::max<size_t>(deepest, ref.stack.size());
      finished += ref.finished;
      ASSERT_EQ(t.warp().finished, ref.finished) << "run " << run << " step " << step;
      ASSERT_EQ(t.stack.depth(), ref.stack.size()) << "run " << run << " step " << step;
      if (ref.finished)
        break;
      ASSERT_EQ(t.warp().active, ref.active) << "run " << run << " step " << step;
      ASSERT_EQ(t.warp().pc, ref.pc) << "run " << run << " step " << step;
      for (uint32_t level = 0; level < ref.stack.size(); ++level) {
        const SimtLevelView view = t.stack.level(level);
        ASSERT_EQ(view.token.type, ref.stack[level].type);
        ASSERT_EQ(view.token.pc, ref.stack[level].pc);
        ASSERT_EQ(view.effectiveMask, ref.stack[level].mask & ~ref.exited);
      }
      std::string why;
      ASSERT_TRUE(t.stack.cache().checkInvariants(&why)) << why;
    }
    ++warpsChecked;
  }
  EXPECT_EQ(warpsChecked, 200);
  // The walk must have reached every outcome and gone deep into spill storage.
  EXPECT_GT(overflows, 0);
  EXPECT_GT(emptyPops, 0);
  EXPECT_GT(finished, 0);
  EXPECT_GT(deepest, 12u);
  EXPECT_GT(stallCycles, 0u);
}

INSTANTIATE_TEST_SUITE_P(Seeds, SimtStackRandomTest, ::testing::Values(1u, 2u, 3u, 4u));

} // namespace
} // namespace simt::emu
