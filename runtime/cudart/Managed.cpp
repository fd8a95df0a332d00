//===-- Managed.cpp - __managed__ variables, one value for both sides -----===//
//
// clang compiles a `__device__` variable twice: the device variable, and a
// host shadow that the runtime only uses as the variable's handle. The
// headers' `__managed__` is `__device__` with the host shadow placed in the
// section __simt_managed, which is how registration tells a managed
// variable (clang gives CUDA no other mark: its `managed` attribute is
// HIP's). The program then reads and writes the shadow as the variable
// itself, and the runtime keeps shadow and device variable equal where a
// device of compute capability 3.x lets the host touch managed data: the
// host's writes reach the device at each launch, and the device's values
// come back once the device has run to idle (cudaDeviceSynchronize, a
// synchronous copy, a stream or event synchronisation). Host accesses
// while a kernel runs are errors on that hardware, so nothing in between
// can be observed. The runtime's own copies and memsets reconcile before
// and after they run (a copy to the variable's symbol is its new value).
// The shadow takes the variable's initializer at registration, before
// main runs.
//
// A shadow's host address is not a device address: kernels use the
// variable by name (or cudaGetSymbolAddress's pointer).
//
//===----------------------------------------------------------------------===//
#include "runtime/cudart/Runtime.h"

#include "runtime/DeviceSession.h"
#include "runtime/ObjectFile.h"

#include <elf.h>
#include <link.h>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace simt::cudart {

namespace {

constexpr const char *kManagedSection = "__simt_managed";

/// The file offsets of an ELF64 file's section named `name`, as load
/// addresses (before the object's load bias), or nothing.
std::vector<std::pair<uint64_t, uint64_t>> sectionRanges(const std::string &path,
                                                         const char *name) {
  std::vector<std::pair<uint64_t, uint64_t>> ranges;
  std::ifstream in(path, std::ios::binary);
  Elf64_Ehdr eh{};
  if (!in.read(reinterpret_cast<char *>(&eh), sizeof eh) ||
      std::memcmp(eh.e_ident, ELFMAG, SELFMAG) != 0 || eh.e_ident[EI_CLASS] != ELFCLASS64 ||
      eh.e_shentsize != sizeof(Elf64_Shdr) || eh.e_shstrndx >= eh.e_shnum)
    return ranges;
  std::vector<Elf64_Shdr> sections(eh.e_shnum);
  in.seekg(std::streamoff(eh.e_shoff));
  if (!in.read(reinterpret_cast<char *>(sections.data()),
               std::streamsize(sections.size() * sizeof(Elf64_Shdr))))
    return ranges;
  const Elf64_Shdr &names = sections[eh.e_shstrndx];
  std::string table(names.sh_size, '\0');
  in.seekg(std::streamoff(names.sh_offset));
  if (!in.read(table.data(), std::streamsize(table.size())))
    return ranges;
  for (const Elf64_Shdr &s : sections)
    if (s.sh_name < table.size() && std::strcmp(table.c_str() + s.sh_name, name) == 0 &&
        (s.sh_flags & SHF_ALLOC))
      ranges.emplace_back(s.sh_addr, s.sh_addr + s.sh_size);
  return ranges;
}

/// The loaded object (the program or a shared library) that holds an
/// address: its file and load bias.
struct Holder {
  const void *address;
  std::string path;
  uint64_t bias = 0;
  bool found = false;
};

int findHolder(dl_phdr_info *info, size_t, void *data) {
  auto *h = static_cast<Holder *>(data);
  const uint64_t a = reinterpret_cast<uint64_t>(h->address);
  for (unsigned i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr) &ph = info->dlpi_phdr[i];
    const uint64_t start = info->dlpi_addr + ph.p_vaddr;
    if (ph.p_type == PT_LOAD && a >= start && a < start + ph.p_memsz) {
      h->path = info->dlpi_name && *info->dlpi_name ? info->dlpi_name : "/proc/self/exe";
      h->bias = info->dlpi_addr;
      h->found = true;
      return 1;
    }
  }
  return 0;
}

} // namespace

bool Runtime::isManagedShadow(const void *host) {
  Holder h{host, {}, 0, false};
  dl_iterate_phdr(findHolder, &h);
  if (!h.found)
    return false;
  // Registration runs under the runtime's lock; each file is read once.
  static std::map<std::string, std::vector<std::pair<uint64_t, uint64_t>>> cache;
  auto it = cache.find(h.path);
  if (it == cache.end())
    it = cache.emplace(h.path, sectionRanges(h.path, kManagedSection)).first;
  const uint64_t a = reinterpret_cast<uint64_t>(host) - h.bias;
  return std::any_of(it->second.begin(), it->second.end(),
                     [&](const auto &r) { return a >= r.first && a < r.second; });
}

void Runtime::registerManaged(Module *m, void *host, const char *deviceName, size_t size) {
  if (!m || !host || !deviceName || !m->error.empty())
    return;
  // The initializer, from the module's object (one read per module).
  static const Module *parsedFor = nullptr;
  static std::optional<rt::LoadedObject> parsed;
  if (parsedFor != m) {
    parsedFor = m;
    Expected<rt::LoadedObject> obj = rt::loadObject(m->image, m->name);
    parsed = obj ? std::optional(std::move(*obj)) : std::nullopt;
  }
  auto *bytes = static_cast<uint8_t *>(host);
  std::memset(bytes, 0, size);
  if (parsed)
    for (const rt::LoadedVar &v : parsed->vars)
      if (v.info.name == deviceName && !v.info.isConst)
        std::memcpy(bytes, v.bytes.data(), std::min(size, v.bytes.size()));
  managed_.push_back(ManagedEntry{m, bytes, deviceName, size, {bytes, bytes + size}});
}

uint8_t *Runtime::managedDeviceBytes(const ManagedEntry &e) {
  const rt::VarInfo *v =
      e.module->loaded ? session_->variableIn(*e.module->loaded, e.deviceName) : nullptr;
  return v ? session_->memory().translate(v->offset, e.size) : nullptr;
}

void Runtime::pushManaged() {
  for (ManagedEntry &e : managed_) {
    if (std::equal(e.seen.begin(), e.seen.end(), e.host))
      continue;
    loadModule(*e.module);
    if (uint8_t *dev = managedDeviceBytes(e)) {
      // The bytes the host changed; the others are the device's, which the
      // shadow takes (one memory): an address the loader wrote into the
      // initializer (`__managed__ int *p = &x;`) is not the shadow's zero.
      for (size_t i = 0; i < e.size; ++i)
        if (e.host[i] != e.seen[i])
          dev[i] = e.host[i];
      std::memcpy(e.host, dev, e.size);
      e.seen.assign(dev, dev + e.size);
    }
  }
}

void Runtime::reconcileManaged() {
  if (managed_.empty() || !session_)
    return;
  // A shadow the host wrote since the last launch holds the newer value
  // (no kernel can have run on it since): it goes to the device first.
  pushManaged();
  if (session_->device().idle())
    pullManaged();
}

void Runtime::pullManaged() {
  for (ManagedEntry &e : managed_) {
    if (const uint8_t *dev = managedDeviceBytes(e)) {
      std::memcpy(e.host, dev, e.size);
      e.seen.assign(dev, dev + e.size);
    }
  }
}

} // namespace simt::cudart
