//===-- SimtStack.cpp - Per-warp SIMT stack and warp control --------------===//
//
// Per-warp SIMT divergence stack and warp control (ISA.md 5.1, 5.2).
//
// Every pop resumes a token's lanes at its pc whatever the token's type; the
// type only matters to BRK and RET, which look for the nearest BRK or CALL
// level in the side metadata (never in the stack cache, whose lower entries
// may be spilled).
#include "emu/core/SimtStack.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>

namespace simt::emu {

std::string_view tokenTypeName(TokenType type) {
  switch (type) {
  case TokenType::Div: return "DIV";
  case TokenType::Sync: return "SYNC";
  case TokenType::Brk: return "BRK";
  case TokenType::Call: return "CALL";
  case TokenType::Cont: return "CONT";
  }
  return "?";
}

std::string_view controlStatusMessage(ControlStatus status) {
  switch (status) {
  case ControlStatus::Ok: return "ok";
  case ControlStatus::StackOverflow: return "SIMT stack overflow";
  case ControlStatus::EmptyStackPop: return "pop of an empty SIMT stack with live threads";
  }
  return "?";
}

std::string SimtStack::validate(const StackCacheConfig &cache, uint32_t maxDepth,
                                size_t spillRegionBytes) {
  if (std::string error = validateStackCacheConfig(cache); !error.empty())
    return error;
  if (spillRegionBytes < uint64_t{maxDepth} * 8)
    return "SIMT stack: spill region of " + std::to_string(spillRegionBytes) +
           " bytes is too small for a depth of " + std::to_string(maxDepth) + " (needs " +
           std::to_string(uint64_t{maxDepth} * 8) + ")";
  return {};
}

SimtStack::SimtStack(const StackCacheConfig &cache, uint32_t maxDepth,
                     std::span<uint8_t> spillRegion)
    : cache_(cache, spillRegion), maxDepth_(maxDepth),
      depthLimit_(std::min(maxDepth, cache_.capacity())), meta_(maxDepth) {}

void SimtStack::launch(uint32_t launched, uint32_t entryPc) {
  cache_.reset();
  control_ = {launched, launched, 0, entryPc, launched == 0};
}

void SimtStack::attachSpillRegion(std::span<uint8_t> spillRegion) {
  cache_.attach(spillRegion);
  depthLimit_ = std::min(maxDepth_, cache_.capacity());
}

void SimtStack::clearStats() {
  cache_.clearStats();
  branchStats_ = {};
}

ControlResult SimtStack::pushTokens(std::span<const Token> bottomFirst, uint32_t askingLanes) {
  ControlResult result;
  if (depth() + bottomFirst.size() > depthLimit_) {
    // Checked up front so that a multi-token push either happens whole or
    // not at all, leaving the state for the fault report.
    result.status = ControlStatus::StackOverflow;
    result.faultLanes = askingLanes;
    result.depth = depth();
    return result;
  }
  for (const Token &token : bottomFirst) {
    meta_[depth()] = {token.type, 0};
    [[maybe_unused]] const bool pushed = cache_.push(token.pack());
    assert(pushed); // depthLimit_ never exceeds the cache's capacity
  }
  result.depth = depth();
  return result;
}

void SimtStack::leaveTokensAbove(TokenType boundary, uint32_t lanes) {
  // Levels above the nearest `boundary` level (all levels if there is none:
  // those lanes can then only be stranded, which the final pop reports).
  uint32_t level = depth();
  while (level > 0 && meta_[level - 1].type != boundary) {
    meta_[level - 1].removed |= lanes;
    --level;
  }
}

ControlResult SimtStack::unwindIfEmpty(uint64_t cycle) {
  ControlResult result;
  while (control_.active == 0) {
    const uint32_t live = control_.live();
    if (live == 0 && depth() == 0) {
      // ISA.md 5.1: popping an empty stack with no live threads ends the warp.
      control_.finished = true;
      result.finished = true;
      break;
    }
    if (depth() == 0) {
      result.status = ControlStatus::EmptyStackPop;
      result.faultLanes = live;
      break;
    }
    const uint32_t removed = meta_[depth() - 1].removed;
    const StackPopResult popped = cache_.pop(cycle + result.stallCycles);
    result.stallCycles += popped.stallCycles;
    const Token token = Token::unpack(popped.raw);
    const uint32_t resumed = token.mask & ~removed & live;
    if (resumed != 0) { // otherwise an empty token: discard it and go on
      control_.active = resumed;
      control_.pc = token.pc;
    }
  }
  result.depth = depth();
  return result;
}

ControlResult SimtStack::pushReconvergence(TokenType type, uint32_t participating,
                                           uint32_t target, uint32_t nextPc) {
  if ((participating & control_.active) == 0) {
    control_.pc = nextPc;
    return {.depth = depth()};
  }
  const Token token{type, control_.active, target};
  ControlResult result = pushTokens({&token, 1}, participating);
  if (result.ok())
    control_.pc = nextPc;
  return result;
}

ControlResult SimtStack::ssy(uint32_t participating, uint32_t target, uint32_t nextPc) {
  return pushReconvergence(TokenType::Sync, participating, target, nextPc);
}

ControlResult SimtStack::pbk(uint32_t participating, uint32_t target, uint32_t nextPc) {
  return pushReconvergence(TokenType::Brk, participating, target, nextPc);
}

ControlResult SimtStack::call(uint32_t participating, uint32_t target, uint32_t returnPc) {
  participating &= control_.active;
  if (participating == 0) {
    control_.pc = returnPc;
    return {.depth = depth()};
  }
  const uint32_t guardFalse = control_.active & ~participating;
  const std::array<Token, 2> tokens{Token{TokenType::Div, guardFalse, returnPc},
                                    Token{TokenType::Call, participating, returnPc}};
  const std::span<const Token> toPush =
      guardFalse ? std::span<const Token>(tokens) : std::span<const Token>(&tokens[1], 1);
  ControlResult result = pushTokens(toPush, participating);
  if (!result.ok())
    return result;
  result.diverged = guardFalse != 0;
  control_.active = participating;
  control_.pc = target;
  return result;
}

ControlResult SimtStack::branch(uint32_t participating, uint32_t taken, uint32_t target,
                                uint32_t nextPc) {
  if (branchWithoutSplit(participating, taken, target, nextPc, false))
    return {.depth = depth()};
  participating &= control_.active;
  taken &= participating;
  ++branchStats_.branches;
  const Token notTaken{TokenType::Div, control_.active & ~taken, nextPc};
  ControlResult result = pushTokens({&notTaken, 1}, participating);
  if (!result.ok())
    return result;
  ++branchStats_.divergentBranches;
  result.diverged = true;
  control_.active = taken;
  control_.pc = target;
  return result;
}

ControlResult SimtStack::uniformBranch(uint32_t participating, uint32_t target,
                                       uint32_t nextPc) {
  branchWithoutSplit(participating, participating, target, nextPc, true);
  return {.depth = depth()};
}

ControlResult SimtStack::multiBranch(uint32_t participating,
                                     std::span<const uint32_t, 32> laneTargets,
                                     uint32_t nextPc) {
  participating &= control_.active;
  if (participating == 0) {
    control_.pc = nextPc;
    return {.depth = depth()};
  }
  ++branchStats_.branches;

  // Group participating lanes by target, in ascending target order
  // (insertion into a sorted array of at most 32 groups; no allocation).
  std::array<uint32_t, 32> targets;
  std::array<uint32_t, 32> masks;
  uint32_t groups = 0;
  for (uint32_t lanes = participating; lanes != 0; lanes &= lanes - 1) {
    const uint32_t lane = static_cast<uint32_t>(std::countr_zero(lanes));
    const uint32_t target = laneTargets[lane];
    uint32_t at = 0;
    while (at < groups && targets[at] < target)
      ++at;
    if (at < groups && targets[at] == target) {
      masks[at] |= 1u << lane;
      continue;
    }
    for (uint32_t i = groups; i > at; --i) {
      targets[i] = targets[i - 1];
      masks[i] = masks[i - 1];
    }
    targets[at] = target;
    masks[at] = 1u << lane;
    ++groups;
  }

  // Bottom first: the guard-false lanes, then the targets from the highest
  // down to the second lowest, so that pops run them in ascending order.
  std::array<Token, 33> tokens;
  size_t count = 0;
  const uint32_t guardFalse = control_.active & ~participating;
  if (guardFalse != 0)
    tokens[count++] = {TokenType::Div, guardFalse, nextPc};
  for (uint32_t i = groups; i-- > 1;)
    tokens[count++] = {TokenType::Div, masks[i], targets[i]};

  ControlResult result = pushTokens({tokens.data(), count}, participating);
  if (!result.ok())
    return result;
  if (count != 0) {
    ++branchStats_.divergentBranches;
    result.diverged = true;
  }
  control_.active = masks[0];
  control_.pc = targets[0];
  return result;
}

ControlResult SimtStack::deactivate(uint32_t lanes, uint32_t nextPc, uint64_t cycle) {
  control_.active &= ~lanes;
  control_.pc = nextPc;
  return unwindIfEmpty(cycle);
}

ControlResult SimtStack::popSync(uint32_t participating, uint32_t nextPc, uint64_t cycle) {
  participating &= control_.active;
  return deactivate(participating, nextPc, cycle);
}

ControlResult SimtStack::brk(uint32_t participating, uint32_t nextPc, uint64_t cycle) {
  participating &= control_.active;
  leaveTokensAbove(TokenType::Brk, participating);
  return deactivate(participating, nextPc, cycle);
}

ControlResult SimtStack::ret(uint32_t participating, uint32_t nextPc, uint64_t cycle) {
  participating &= control_.active;
  leaveTokensAbove(TokenType::Call, participating);
  return deactivate(participating, nextPc, cycle);
}

ControlResult SimtStack::exit(uint32_t participating, uint32_t nextPc, uint64_t cycle) {
  participating &= control_.active;
  control_.exited |= participating;
  return deactivate(participating, nextPc, cycle);
}

SimtLevelView SimtStack::level(uint32_t position) const {
  assert(position < depth());
  SimtLevelView view;
  view.storage = cache_.level(position);
  view.token = Token::unpack(view.storage.raw);
  view.pendingRemoval = meta_[position].removed;
  view.effectiveMask = view.token.mask & ~view.pendingRemoval & control_.live();
  return view;
}

} // namespace simt::emu
