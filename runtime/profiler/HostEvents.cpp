//===-- HostEvents.cpp - The host side of a profile -----------------------===//
#include "runtime/profiler/HostEvents.h"

#include <algorithm>

namespace simt::prof {

void HostEvents::leave(std::string_view name, double start) {
  if (depth_ && --depth_ == 0)
    add(name, start);
}

uint32_t HostEvents::streamNumber(const void *stream) {
  auto it = std::find(streams_.begin(), streams_.end(), stream);
  if (it == streams_.end())
    it = streams_.insert(streams_.end(), stream);
  return static_cast<uint32_t>(it - streams_.begin());
}

void HostEvents::launched(emu::GridId grid, const void *stream) {
  launches_.push_back({grid, streamNumber(stream), now()});
}

void HostEvents::copied(CopyKind kind, uint64_t bytes, const void *stream,
                        uint64_t deviceCycle) {
  copies_.push_back({kind, bytes, streamNumber(stream), deviceCycle, now()});
}

} // namespace simt::prof
