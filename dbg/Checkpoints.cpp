//===-- Checkpoints.cpp - Copies of the session for reverse-stepi ---------===//
#include "dbg/Checkpoints.h"

#include <ostream>

namespace simt::dbg {

namespace {
/// Checkpoints never run, so never print: a restore clones them again with
/// the debugger's stream. An ostream without a buffer drops everything.
std::ostream &nullStream() {
  static std::ostream sink(nullptr);
  return sink;
}

/// Whether the warp `uid` has fewer than `count` instructions in `d`, or
/// does not exist yet. A warp bound but not in an SM slot (a preempted CTA)
/// counts as not usable: its count is not checked.
bool targetAhead(emu::Device &d, uint64_t uid, uint64_t count) {
  if (uid > d.lastWarpUid())
    return true;
  for (uint32_t s = 0; s < d.numSms(); ++s)
    for (uint32_t slot = 0; slot < emu::viewSm(d, s).numSlots(); ++slot) {
      emu::WarpView w = emu::viewSlot(d, s, slot);
      if (w.uid() == uid && w.state() != emu::WarpState::Free)
        return w.instructions() < count;
    }
  return false;
}
} // namespace

void CheckpointStore::take(const rt::DeviceSession &session, const HostState &host,
                           size_t logSize) {
  Checkpoint c;
  c.session = session.clone(nullStream());
  c.host = host;
  c.logSize = logSize;
  c.bytes = session.footprint();
  list_.push_back(std::move(c));
  while (list_.size() > 1 && (list_.size() > kMaxCount || bytes() > kMaxBytes))
    list_.pop_front();
}

Checkpoint *CheckpointStore::newestBefore(uint64_t uid, uint64_t count) {
  for (auto it = list_.rbegin(); it != list_.rend(); ++it)
    if (targetAhead(it->session->device(), uid, count))
      return &*it;
  return nullptr;
}

void CheckpointStore::dropAfter(size_t logSize) {
  while (!list_.empty() && list_.back().logSize > logSize)
    list_.pop_back();
}

size_t CheckpointStore::bytes() const {
  size_t n = 0;
  for (const Checkpoint &c : list_)
    n += c.bytes;
  return n;
}

} // namespace simt::dbg
