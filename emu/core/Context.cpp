//===-- Context.cpp - Multiple simultaneous contexts: configuration -------===//
//
// The configuration of emu/core/Context.h: --ctx-alloc parsing and validation.
// The scheduling itself is emu/device/ContextScheduler.cpp.
//
//===----------------------------------------------------------------------===//
#include "emu/core/Context.h"

#include <charconv>

namespace simt::emu {

//===-- Configuration -----------------------------------------------------------===//

std::string parseCtxAlloc(std::string_view text, std::vector<CtxShare> &out) {
  out.clear();
  if (text.empty())
    return "--ctx-alloc: expected NAME:SMS[,NAME:SMS...]";
  size_t pos = 0;
  while (pos <= text.size()) {
    size_t end = text.find(',', pos);
    if (end == std::string_view::npos)
      end = text.size();
    std::string_view item = text.substr(pos, end - pos);
    const size_t colon = item.rfind(':');
    if (colon == std::string_view::npos || colon == 0)
      return "--ctx-alloc: '" + std::string(item) + "' is not NAME:SMS";
    std::string_view name = item.substr(0, colon), count = item.substr(colon + 1);
    uint32_t n = 0;
    auto [p, ec] = std::from_chars(count.data(), count.data() + count.size(), n);
    if (ec != std::errc() || p != count.data() + count.size() || n == 0)
      return "--ctx-alloc: the SM count of '" + std::string(name) +
             "' must be a positive integer, found '" + std::string(count) + "'";
    for (const CtxShare &s : out)
      if (s.name == name)
        return "--ctx-alloc: context '" + std::string(name) + "' is named twice";
    out.push_back({std::string(name), n});
    pos = end + 1;
  }
  return {};
}

std::string ContextConfig::validate(uint32_t sms) const {
  if (slice == 0)
    return "--ctx-slice must be at least 1 cycle";
  for (const CtxShare &s : alloc)
    if (s.sms == 0 || s.sms > sms)
      return "--ctx-alloc: context '" + s.name + "' asks for " + std::to_string(s.sms) +
             " SMs; the device has " + std::to_string(sms);
  return {};
}

} // namespace simt::emu
