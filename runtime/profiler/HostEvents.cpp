//===-- HostEvents.cpp - The host side of a profile -----------------------===//
#include "runtime/profiler/HostEvents.h"

#include <algorithm>

namespace simt::prof {

void HostEvents::leave(std::string_view name, double start) {
  if (depth_ && --depth_ == 0)
    add(name, start);
}

void HostEvents::launched(emu::GridId grid, const void *stream) {
  auto it = std::find(streams_.begin(), streams_.end(), stream);
  if (it == streams_.end())
    it = streams_.insert(streams_.end(), stream);
  launches_.push_back({grid, static_cast<uint32_t>(it - streams_.begin()), now()});
}

} // namespace simt::prof
