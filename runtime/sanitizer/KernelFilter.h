//===-- KernelFilter.h - --kernel-name: which launches are checked --------===//
#pragma once

#include <string_view>

namespace simt::rt::sanitizer {

/// Whether kernel `mangled` matches --kernel-name `filter`: "" (every
/// kernel), NAME or kne=NAME / kernel_name=NAME (the mangled, demangled or
/// plain name exactly), kns=TEXT / kernel_substring=TEXT (in the mangled or
/// demangled name), as compute-sanitizer's filters read.
bool kernelMatches(std::string_view filter, std::string_view mangled);

} // namespace simt::rt::sanitizer
