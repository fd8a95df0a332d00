//===-- ObjectData.h - A loaded kernel's object, for its debug sections ---===//
//
// The debugger reads an object's debug sections (variables, PTX register
// maps) once per object: from its file, or from the bytes the loader kept
// when the object came from memory (a program's fat binary). The key names
// the object for those caches.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "runtime/ObjectFile.h"

#include "llvm/Support/MemoryBuffer.h"

#include <memory>
#include <string>

namespace simt::dbg {

/// The object's identity: its path, or its bytes' address; "" for none.
std::string objectKey(const rt::LoadedKernel &k);
/// The object's bytes (null if they cannot be read).
std::unique_ptr<llvm::MemoryBuffer> objectData(const rt::LoadedKernel &k);

} // namespace simt::dbg
