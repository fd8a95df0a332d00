//===-- Facade.h - The device as the tools see it: views and edits --------===//
//
// The debugger, the sanitizer and the profiler look at resident warps and
// CTAs through these views instead of the core's Warp, Cta and Sm, so that
// the core can change its layout without their knowing and so that every
// change a tool makes to a warp goes through one place (WarpEdit).
//
// A view is a pointer to the core's object with inline accessors: nothing
// is copied, nothing is virtual, and the emulator's issue loop never sees
// one. A view is valid while its warp stays in its slot (until the device
// runs again, or the grid is discarded): take it from the Device by handle
// (viewWarp) when it is needed rather than keeping it.
//
// The vocabulary the views speak is the core's plain data: Grid (the launch
// record, as Device::grid returns it), WarpState, WarpControl's masks,
// SimtLevelView and Token (a SIMT stack level; the SimtStack itself, const,
// for walks that take it whole), FaultReport, Inst.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "emu/device/Device.h"

#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <span>

namespace simt::emu {

/// The condition code flags ZF, SF, CF, OF (a lane mask each) by number, as
/// the debugger's $cc.N names them.
inline std::array<uint32_t *, 4> ccFlags(WarpRegs &r) {
  return {&r.ccZF, &r.ccSF, &r.ccCF, &r.ccOF};
}
inline std::array<const uint32_t *, 4> ccFlags(const WarpRegs &r) {
  return {&r.ccZF, &r.ccSF, &r.ccCF, &r.ccOF};
}

/// A resident CTA: its place in the grid, shared memory and barriers.
class CtaView {
public:
  explicit CtaView(const Cta &c) : c_(&c) {}

  GridId gridId() const { return c_->grid->id; }
  uint32_t linear() const { return c_->linear; }
  /// ctaid.x, .y, .z.
  const uint32_t (&id() const)[3] { return c_->id; }
  uint32_t numWarps() const { return c_->numWarps; }
  std::span<const uint8_t> shared() const { return c_->shared; }
  uint64_t startCycle() const { return c_->startCycle; }

private:
  const Cta *c_;
};

/// A resident warp: identity, control, registers and SIMT stack.
class WarpView {
public:
  explicit WarpView(const Warp &w) : w_(&w) {}

  // Identity.
  WarpRef ref() const { return {smId(), w_->slot, w_->uid}; }
  /// Null only for a slot no warp was ever bound to.
  const Grid *grid() const { return w_->grid; }
  GridId gridId() const { return w_->grid ? w_->grid->id : 0; }
  bool hasCta() const { return w_->cta != nullptr; }
  CtaView cta() const { return CtaView(*w_->cta); }
  uint32_t index() const { return w_->index; } // within the CTA
  uint32_t smId() const { return w_->sm ? w_->sm->id() : 0; }
  /// The clock of the warp's SM.
  uint64_t smCycle() const { return w_->sm->cycle(); }
  uint32_t slot() const { return w_->slot; }
  uint64_t uid() const { return w_->uid; }
  /// Thread index (linear within the CTA) of `lane`.
  uint32_t threadIndex(unsigned lane) const { return w_->threadIndex(lane); }

  // Control.
  WarpState state() const { return w_->state; }
  uint32_t pc() const { return w_->ctl().pc; } // instruction index
  uint32_t pcBytes() const { return w_->pcBytes(); }
  const WarpControl &control() const { return w_->ctl(); }
  uint32_t active() const { return w_->ctl().active; }
  uint32_t exited() const { return w_->ctl().exited; }
  uint32_t launched() const { return w_->ctl().launched; }
  uint32_t live() const { return w_->ctl().live(); }
  const BarrierWait &barrierWait() const { return w_->bar; }
  uint64_t readyAt() const { return w_->readyAt; }
  uint64_t instructions() const { return w_->instructions; }
  uint64_t startCycle() const { return w_->startCycle; }

  // Code.
  std::span<const Inst> code() const { return {w_->code, w_->codeSize}; }

  // Registers.
  uint32_t reg(unsigned r, unsigned lane) const { return w_->regs.r[r][lane]; }
  const uint32_t (&regLanes(unsigned r) const)[WarpSize] { return w_->regs.r[r]; }
  /// Predicate `p`'s lanes (PT: all).
  uint32_t pred(unsigned p) const { return w_->regs.pred[p]; }
  /// Condition code flag `flag`'s lanes, in the order ZF, SF, CF, OF.
  uint32_t ccFlag(unsigned flag) const { return *ccFlags(w_->regs)[flag]; }
  const WarpRegs &regs() const { return w_->regs; }

  // SIMT stack.
  bool hasStack() const { return w_->hasStack(); }
  uint32_t stackDepth() const { return w_->hasStack() ? w_->stack().depth() : 0; }
  /// The stack itself, read-only (null without one), for the walks that
  /// take it whole (rt::sourceBacktrace).
  const SimtStack *stack() const { return w_->hasStack() ? &w_->stack() : nullptr; }
  /// Level `position` < stackDepth(), 0 the bottom.
  SimtLevelView stackLevel(uint32_t position) const { return w_->stack().level(position); }
  /// The stack cache's counters so far (needs hasStack()).
  const StackCacheStats &stackCacheStats() const { return w_->stack().cache().stats(); }

  // Local memory: lane l's window is localWindow() bytes from local(l), the
  // SIMT stack's spill region after the 32 windows (hasLocal(): any).
  bool hasLocal() const { return w_->local != nullptr; }
  const uint8_t *local(unsigned lane) const { return w_->local + lane * w_->localWindow; }
  uint32_t localWindow() const { return w_->localWindow; }

  // The last fault's side information.
  const std::string &faultDetail() const { return w_->faultDetail; }

private:
  const Warp *w_;
};

/// What a tool may change in a stopped warp, and nothing else: the
/// debugger's `set var`, register and predicate assignments, and jumps.
class WarpEdit {
public:
  explicit WarpEdit(Warp &w) : w_(&w) {}

  WarpView view() const { return WarpView(*w_); }
  void setReg(unsigned r, unsigned lane, uint32_t value) { w_->regs.r[r][lane] = value; }
  /// Sets predicate `p` to `on` in the lanes of `lanes` (PT is not written).
  void setPred(unsigned p, uint32_t lanes, bool on) {
    w_->regs.writePred(static_cast<uint8_t>(p), on ? lanes : 0, lanes);
  }
  /// Sets condition code flag `flag` (ZF, SF, CF, OF) to `on` in `lanes`.
  void setCcFlag(unsigned flag, uint32_t lanes, bool on) {
    uint32_t &f = *ccFlags(w_->regs)[flag];
    f = on ? f | lanes : f & ~lanes;
  }
  /// The instruction index the warp issues next.
  void setPc(uint32_t index) { w_->ctl().pc = index; }
  /// The lanes that issue next: `lanes` of the live ones.
  void setActive(uint32_t lanes) { w_->ctl().active = lanes & w_->ctl().live(); }
  /// The memory a tool may store into: the CTA's shared memory (empty
  /// without a CTA), lane `lane`'s local window, the SIMT stack's spill
  /// region (after the 32 windows).
  std::span<uint8_t> shared() {
    return w_->cta ? std::span<uint8_t>(w_->cta->shared) : std::span<uint8_t>();
  }
  uint8_t *local(unsigned lane) { return w_->local + lane * w_->localWindow; }
  uint8_t *spill() { return w_->local + uint64_t{w_->localWindow} * WarpSize; }

private:
  Warp *w_;
};

/// The warp `ref` names, or nothing if it is stale.
inline std::optional<WarpView> viewWarp(Device &dev, WarpRef ref) {
  if (const Warp *w = dev.warp(ref))
    return WarpView(*w);
  return std::nullopt;
}
/// The warp bound to slot `slot` of SM `sm` (whatever its state).
inline WarpView viewSlot(const Device &dev, uint32_t sm, uint32_t slot) {
  return WarpView(dev.sm(sm).warp(slot));
}
inline std::optional<WarpEdit> editWarp(Device &dev, WarpRef ref) {
  if (Warp *w = dev.warp(ref))
    return WarpEdit(*w);
  return std::nullopt;
}

/// An SM: its clock, warp slots and resident CTAs.
class SmView {
public:
  explicit SmView(const Sm &s) : s_(&s) {}

  uint64_t cycle() const { return s_->cycle(); }
  uint32_t numSlots() const { return s_->numSlots(); }
  uint32_t usedWarps() const { return s_->usedWarps(); }
  size_t numCtas() const { return s_->ctas().size(); }
  CtaView cta(size_t i) const { return CtaView(*s_->ctas()[i]); }
  /// Calls `f(WarpView)` for each warp resident now (bound and not
  /// finished), in slot order.
  template <class F> void forEachResidentWarp(F &&f) const {
    for (uint64_t m = s_->residentMask(); m; m &= m - 1)
      f(WarpView(s_->warp(static_cast<uint32_t>(std::countr_zero(m)))));
  }

private:
  const Sm *s_;
};

inline SmView viewSm(const Device &dev, uint32_t sm) { return SmView(dev.sm(sm)); }

} // namespace simt::emu
