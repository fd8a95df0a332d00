//===-- Images.cpp - Device objects handed over without their length ------===//
//
// clang's registration (__cudaRegisterFatBinary) and cuModuleLoadData give
// the runtime a pointer to an object and no length: only the object's header
// says where it ends (simt-cc writes the section header table last). A
// corrupt or truncated header must not make the runtime read past what the
// program gave it, so the header is checked before it is believed: its
// sizes consistent, the object no larger than the tools load
// (kMaxObjectBytes), every byte it claims in readable memory. The loader
// (runtime/ObjectFile) then checks the rest within those bytes.
//
//===----------------------------------------------------------------------===//
#include "runtime/cudart/Runtime.h"

#include "support/InputFile.h"
#include "support/Text.h"

#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <elf.h>
#include <fstream>

namespace simt::cudart {

namespace {

/// Whether [p, p + n) lies in readable mappings of this process. Without
/// /proc it cannot tell, and says yes: the size is bounded all the same.
bool readableMemory(const void *p, size_t n) {
  std::ifstream maps("/proc/self/maps");
  if (!maps)
    return true;
  uintptr_t at = reinterpret_cast<uintptr_t>(p);
  const uintptr_t end = at + n;
  std::string line;
  // The mappings come in address order: each must begin where the range
  // covered so far ends.
  while (at < end && std::getline(maps, line)) {
    uintptr_t lo, hi;
    char r;
    if (std::sscanf(line.c_str(), "%" SCNxPTR "-%" SCNxPTR " %c", &lo, &hi, &r) != 3 || hi <= at)
      continue;
    if (lo > at || r != 'r')
      return false;
    at = hi;
  }
  return at >= end;
}

/// The object's size from its header (the end of the section header table),
/// or why the header cannot be believed.
Expected<uint64_t> claimedSize(const Elf64_Ehdr &h) {
  if (std::memcmp(h.e_ident, ELFMAG, SELFMAG) != 0 || h.e_ident[EI_CLASS] != ELFCLASS64 ||
      h.e_ident[EI_DATA] != ELFDATA2LSB)
    return makeError("not an ELF64 little-endian object from simt-cc");
  if (h.e_ehsize != sizeof(Elf64_Ehdr) || h.e_shentsize != sizeof(Elf64_Shdr))
    return makeError("ELF header: e_ehsize " + std::to_string(h.e_ehsize) + " and e_shentsize " +
                     std::to_string(h.e_shentsize) + " are not ELF64's 64 and 64");
  if (h.e_shnum == 0 || h.e_shstrndx >= h.e_shnum)
    return makeError("ELF header: e_shstrndx " + std::to_string(h.e_shstrndx) +
                     " is not one of its " + std::to_string(h.e_shnum) + " sections");
  // Checked one at a time, the sum cannot overflow.
  const uint64_t tableBytes = uint64_t(h.e_shnum) * sizeof(Elf64_Shdr);
  if (h.e_shoff < sizeof(Elf64_Ehdr) || h.e_shoff > kMaxObjectBytes ||
      h.e_shoff + tableBytes > kMaxObjectBytes)
    return makeError("ELF header: the section header table at e_shoff " + hex(h.e_shoff) +
                     " is not within " + std::to_string(kMaxObjectBytes) +
                     " bytes, the largest object the tools load");
  const uint64_t size = h.e_shoff + tableBytes;
  if (h.e_phnum && (h.e_phentsize != sizeof(Elf64_Phdr) || h.e_phoff > size ||
                    (size - h.e_phoff) / sizeof(Elf64_Phdr) < h.e_phnum))
    return makeError("ELF header: " + std::to_string(h.e_phnum) + " program headers of " +
                     std::to_string(h.e_phentsize) + " bytes at e_phoff " + hex(h.e_phoff) +
                     " are not within the object's " + std::to_string(size) + " bytes");
  return size;
}

} // namespace

Expected<std::span<const uint8_t>> elfObjectBytes(const void *image) {
  const auto *p = static_cast<const uint8_t *>(image);
  if (!readableMemory(p, sizeof(Elf64_Ehdr)))
    return makeError("its ELF header is not in readable memory (a truncated object)");
  Elf64_Ehdr h;
  std::memcpy(&h, p, sizeof h);
  Expected<uint64_t> size = claimedSize(h);
  if (!size)
    return makeError(size.message());
  if (!readableMemory(p, *size))
    return makeError("its header claims " + std::to_string(*size) +
                     " bytes, past the end of readable memory (a truncated or corrupt object)");
  return std::span<const uint8_t>(p, size_t(*size));
}

} // namespace simt::cudart
