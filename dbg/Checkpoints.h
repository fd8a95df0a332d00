//===-- Checkpoints.h - Copies of the session for reverse-stepi -----------===//
//
// Before each forward action (a step, a run, a host command, a `set var`) the
// debugger keeps a checkpoint: a deep copy of the session
// (DeviceSession::clone) with the host state, tagged with the length of the
// execution log at that point (ReverseStep.h). reverse-stepi restores the newest checkpoint from
// which the target is still ahead and replays only the log after it, instead
// of the whole session. The store keeps at most kMaxCount checkpoints and
// about kMaxBytes of copies, dropping the oldest (a replay can always start
// from a fresh session).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "dbg/ReverseStep.h"
#include "runtime/DeviceSession.h"

#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>

namespace simt::dbg {

struct Checkpoint {
  std::unique_ptr<rt::DeviceSession> session;
  HostState host;
  size_t logSize = 0; // the state after the first logSize actions of the log
  size_t bytes = 0;   // DeviceSession::footprint()
};

class CheckpointStore {
public:
  static constexpr size_t kMaxCount = 32;
  static constexpr size_t kMaxBytes = size_t{512} << 20;

  void clear() { list_.clear(); }
  /// Keeps a copy of `session`; evicts the oldest beyond the limits.
  void take(const rt::DeviceSession &session, const HostState &host, size_t logSize);
  /// The newest checkpoint from which the warp `uid` has yet to reach
  /// `count` instructions (it had fewer, or did not exist), or null.
  Checkpoint *newestBefore(uint64_t uid, uint64_t count);
  /// Forgets the checkpoints taken after the first `logSize` actions (the
  /// log was cut there).
  void dropAfter(size_t logSize);
  size_t size() const { return list_.size(); }
  size_t bytes() const;

private:
  std::deque<Checkpoint> list_; // oldest first
};

} // namespace simt::dbg
