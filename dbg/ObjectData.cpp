//===-- ObjectData.cpp - A loaded kernel's object, for its debug sections -===//
#include "dbg/ObjectData.h"

namespace simt::dbg {

std::string objectKey(const rt::LoadedKernel &k) {
  if (k.objectBytes)
    return "memory:" + std::to_string(reinterpret_cast<uintptr_t>(k.objectBytes.get()));
  return k.objectPath.empty() ? std::string() : "file:" + k.objectPath;
}

std::unique_ptr<llvm::MemoryBuffer> objectData(const rt::LoadedKernel &k) {
  if (k.objectBytes)
    return llvm::MemoryBuffer::getMemBufferCopy(
        llvm::StringRef(reinterpret_cast<const char *>(k.objectBytes->data()),
                        k.objectBytes->size()),
        k.objectPath);
  auto buf = llvm::MemoryBuffer::getFile(k.objectPath, /*IsText=*/false,
                                         /*RequiresNullTerminator=*/false);
  return buf ? std::move(*buf) : nullptr;
}

} // namespace simt::dbg
