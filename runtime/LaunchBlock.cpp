//===-- LaunchBlock.cpp - Constant bank 0 of a launch, from the host ------===//
#include "runtime/LaunchBlock.h"
#include "isa/SIMTLimits.h"

#include <algorithm>
#include <string>

namespace simt::rt {

using limits::kFirstParamOffset;
using limits::kConstBankBytes;
static_assert(kFirstParamOffset == emu::kLaunchBlockBytes,
              "the parameters start where the device's launch block ends");

emu::LaunchLayout launchLayoutOf(const KernelInfo &kernel) {
  return kernel.listing ? emu::LaunchLayout::Fermi : emu::LaunchLayout::Isa;
}

void ParamBlock::put(uint64_t offset, std::span<const uint8_t> bytes) {
  const size_t at = size_t(offset - kFirstParamOffset);
  if (bytes_.size() < at + bytes.size())
    bytes_.resize(at + bytes.size(), 0);
  std::copy(bytes.begin(), bytes.end(), bytes_.begin() + long(at));
}

Status ParamBlock::place(const ParamInfo &param, std::span<const uint8_t> bytes,
                         std::string_view kernel) {
  const std::string what = "parameter '" + param.name + "' of kernel '" + std::string(kernel) + "'";
  if (param.offset < kFirstParamOffset)
    return makeError(what + " at c[0x0][" + std::to_string(param.offset) +
                     "] overlaps the launch block");
  if (uint64_t(param.offset) + bytes.size() > kConstBankBytes)
    return makeError(what + " lies outside constant bank 0");
  put(param.offset, bytes);
  return {};
}

bool ParamBlock::append(std::span<const uint8_t> bytes, unsigned align) {
  const uint64_t end = kFirstParamOffset + bytes_.size();
  const uint64_t at = (end + align - 1) / align * align;
  if (at + bytes.size() > kConstBankBytes)
    return false;
  put(at, bytes);
  return true;
}

} // namespace simt::rt
