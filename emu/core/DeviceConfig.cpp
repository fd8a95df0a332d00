//===-- DeviceConfig.cpp - The emulated GPU's configuration ---------------===//
#include "emu/core/DeviceConfig.h"

namespace simt::emu {

std::string DeviceConfig::validate() const {
  if (sms == 0)
    return "--sms must be at least 1";
  if (warpsPerSm == 0 || warpsPerSm > limits::kMaxWarpSlots || warpsPerSmAsked > limits::kMaxWarpSlots)
    return "--warps-per-sm must be between 1 and 64";
  if (quantum == 0)
    return "the SM quantum must be at least 1 cycle";
  if (std::string e = validateStackCacheConfig(stackCache); !e.empty())
    return e;
  if (std::string e = l2.validate(); !e.empty())
    return e;
  if (std::string e = contexts.validate(sms); !e.empty())
    return e;
  return {};
}

DeviceConfig DeviceConfig::atLevel(unsigned sm) const {
  DeviceConfig c = *this;
  const levels::Level &l = levels::bySm(sm);
  c.level = sm;
  c.regsPerSm = l.regsPerSm;
  c.maxCtasPerSm = l.maxCtasPerSm;
  c.warpsPerSm = warpsPerSmAsked ? warpsPerSmAsked : l.warpsPerSm;
  return c;
}

} // namespace simt::emu
