//===-- KernelFilter.cpp - --kernel-name: which launches are checked ------===//
#include "runtime/sanitizer/KernelFilter.h"

#include "runtime/KernelNames.h"

namespace simt::rt::sanitizer {

bool kernelMatches(std::string_view filter, std::string_view mangled) {
  if (filter.empty())
    return true;
  std::string_view key, value = filter;
  if (const size_t eq = filter.find('='); eq != std::string_view::npos) {
    key = filter.substr(0, eq);
    value = filter.substr(eq + 1);
  }
  // The demangled name in LLVM's words and in NVIDIA's (as reports show it).
  const std::string demangled = demangleKernelName(mangled);
  const std::string shown = cudaStyleSignature(demangled);
  if (key == "kns" || key == "kernel_substring")
    return mangled.find(value) != std::string_view::npos ||
           demangled.find(value) != std::string::npos || shown.find(value) != std::string::npos;
  return value == mangled || value == demangled || value == shown ||
         value == plainKernelName(mangled);
}

} // namespace simt::rt::sanitizer
