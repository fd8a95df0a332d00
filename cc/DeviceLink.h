//===-- DeviceLink.h - simt-nvcc's device link of -rdc objects --*- C++ -*-===//
//
// Separate compilation (simt-nvcc -rdc=true / -dc): each host object carries
// its translation unit's device code as LLVM bitcode in the __nv_relfatbin
// section clang gives an -fgpu-rdc gpubinary, and its module constructor
// calls __cudaRegisterLinkedBinary_<module id>. The device link gathers the
// bitcode of every such object (archive members too), and writes the
// registration code: each __cudaRegisterLinkedBinary_<id> registers the one
// linked device object with libcudart and hands its handle to that unit's
// registration callback.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/StringRef.h"

#include <set>
#include <string>
#include <vector>

namespace simt::cc {

/// What the device link takes from the program's objects.
struct RelocatableDeviceCode {
  std::vector<std::string> bitcode;   ///< one unit's device code each
  std::set<std::string> moduleIds;    ///< __cudaRegisterLinkedBinary_ suffixes
};

/// Reads the objects and archives in `inputs` (others are skipped). Errors
/// name the file.
bool collectRelocatableDeviceCode(const std::vector<std::string> &inputs,
                                  RelocatableDeviceCode &out, std::string &message);

/// C++ source defining __cudaRegisterLinkedBinary_<id> for each id, over
/// the device object at `imagePath` (embedded with .incbin).
std::string registrationSource(llvm::StringRef imagePath, const std::set<std::string> &ids);

} // namespace simt::cc
