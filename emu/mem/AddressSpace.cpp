//===-- AddressSpace.cpp - Global memory of one context -------------------===//
//
// First-fit placement in the low window then the high window, each allocation
// followed by an unmapped guard; host backing mapped over the allocation's
// pages, on host pages of its own (zero pages until touched; a device line is
// a host line, so SMs on different host threads storing to different device
// lines never share a host line); translation
// by a last-hit cache, then a binary search over the sorted allocations.
//
//===----------------------------------------------------------------------===//
#include "emu/mem/AddressSpace.h"
#include "support/Text.h"

#include <sys/mman.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <new>

namespace simt::emu {

namespace {

constexpr uint64_t alignUp(uint64_t v, uint64_t a) { return (v + a - 1) & ~(a - 1); }
constexpr uint64_t alignDown(uint64_t v, uint64_t a) { return v & ~(a - 1); }
constexpr uint64_t kPage = AddressSpace::kPageBytes;
/// Where an allocation's host block starts: a guard page before its pages.
constexpr uint64_t blockStart(uint64_t base) { return alignDown(base, kPage) - kPage; }
/// Host bytes backing an allocation: its pages and a guard page either side.
constexpr uint64_t blockBytes(uint64_t base, uint64_t size) {
  return alignUp(base + size, kPage) + kPage - blockStart(base);
}

/// `bytes` of zeroed host memory starting on a host page; null if none.
uint8_t *mapBlock(uint64_t bytes) {
  if (bytes > SIZE_MAX)
    return nullptr;
  void *p = mmap(nullptr, size_t(bytes), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                 -1, 0);
  return p == MAP_FAILED ? nullptr : static_cast<uint8_t *>(p);
}

/// The same at host address `at` exactly, never over an existing mapping
/// (MAP_FIXED_NOREPLACE: Linux 4.17); null if that range is taken.
uint8_t *mapBlockAt(uint64_t at, uint64_t bytes) {
  if (bytes > SIZE_MAX)
    return nullptr;
  void *p = mmap(reinterpret_cast<void *>(uintptr_t(at)), size_t(bytes), PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
  if (p == MAP_FAILED)
    return nullptr;
  if (p != reinterpret_cast<void *>(uintptr_t(at))) { // a kernel before 4.17: a hint only
    munmap(p, size_t(bytes));
    return nullptr;
  }
  return static_cast<uint8_t *>(p);
}

} // namespace

AddressSpace::Config AddressSpace::Config::forContext(unsigned k) {
  Config c;
  constexpr uint64_t kWindow = 0x1000'0000;
  constexpr uint64_t k4G = uint64_t(1) << 32;
  uint64_t lo = (uint64_t(k) + 1) * kWindow;
  if (lo + kWindow <= k4G) {
    c.lowBase = lo;
    c.lowEnd = lo + kWindow;
  } else {
    c.lowBase = c.lowEnd = 0; // no low window
  }
  c.highBase = (uint64_t(k) + 1) << 40;
  c.highEnd = (uint64_t(k) + 2) << 40;
  if (k < 48) {
    c.hostBase = (uint64_t(k) + 64) << 40;
    c.hostEnd = (uint64_t(k) + 65) << 40;
  }
  return c;
}

AddressSpace::AddressSpace() : config_(Config::forContext(0)) {}
AddressSpace::AddressSpace(Config config) : config_(config) {}

AddressSpace::~AddressSpace() { releaseAll(); }

void AddressSpace::releaseAll() {
  for (MemRange &a : allocs_)
    release(a);
}

void AddressSpace::release(const MemRange &a) const {
  if (!borrowed_.count(a.base))
    munmap(blockOf(a), size_t(blockBytes(a.base, a.size)));
}

uint8_t *AddressSpace::blockOf(const MemRange &a) { return a.host - (a.base - blockStart(a.base)); }

AddressSpace::AddressSpace(const AddressSpace &o)
    : config_(o.config_), names_(o.names_), generation_(o.generation_),
      memcheck_(o.memcheck_) {
  allocs_.reserve(o.allocs_.size());
  for (const MemRange &a : o.allocs_) {
    const uint64_t bytes = blockBytes(a.base, a.size);
    uint8_t *block = mapBlock(bytes);
    if (!block) {
      releaseAll();
      throw std::bad_alloc();
    }
    // A borrowed range's neighbouring bytes are the process's, maybe unmapped.
    if (o.borrowed_.count(a.base))
      std::memcpy(block + (a.base - blockStart(a.base)), a.host, a.size);
    else
      std::memcpy(block, blockOf(a), bytes);
    allocs_.push_back(MemRange{a.base, a.size, block + (a.base - blockStart(a.base))});
  }
}

AddressSpace::AddressSpace(AddressSpace &&o) noexcept
    : config_(o.config_), allocs_(std::move(o.allocs_)), names_(std::move(o.names_)),
      borrowed_(std::move(o.borrowed_)), generation_(o.generation_ + 1),
      memcheck_(o.memcheck_) {
  o.allocs_.clear();
  o.names_.clear();
  o.borrowed_.clear();
  ++o.generation_;
}

AddressSpace &AddressSpace::operator=(AddressSpace &&o) noexcept {
  if (this != &o) {
    releaseAll();
    config_ = o.config_;
    allocs_ = std::move(o.allocs_);
    names_ = std::move(o.names_);
    borrowed_ = std::move(o.borrowed_);
    generation_ = std::max(generation_, o.generation_) + 1;
    memcheck_ = o.memcheck_;
    o.allocs_.clear();
    o.names_.clear();
    o.borrowed_.clear();
    ++o.generation_;
    cache_ = Translator(*this);
  }
  return *this;
}

std::optional<uint64_t> AddressSpace::placeIn(uint64_t lo, uint64_t hi, uint64_t bytes,
                                              uint64_t align, uint64_t guard) const {
  if (lo >= hi || lo == 0)
    return std::nullopt;
  uint64_t c = alignUp(lo, align);
  for (const MemRange &a : allocs_) {
    uint64_t end = a.base + a.size;
    if (end + guard <= c)
      continue; // entirely below the candidate, guard included
    if (a.base >= hi)
      break;
    if (c < hi && bytes <= hi - c && c + bytes + guard <= a.base)
      return c; // fits before a
    c = alignUp(end + guard, align);
  }
  if (c < hi && bytes <= hi - c)
    return c;
  return std::nullopt;
}

Expected<uint64_t> AddressSpace::place(uint64_t bytes) const {
  const uint64_t guard = alignUp(std::max<uint64_t>(config_.guard, 1), kAlignment);
  if (auto c = placeIn(config_.lowBase, config_.lowEnd, bytes, kAlignment, guard))
    return *c;
  if (auto c = placeIn(config_.highBase, config_.highEnd, bytes, kAlignment, guard))
    return *c;
  return makeError("out of device memory: no room for " + std::to_string(bytes) + " bytes");
}

Expected<uint64_t> AddressSpace::allocateHostVisible(uint64_t bytes) {
  if (bytes == 0)
    return makeError("cannot allocate 0 bytes");
  // Page-aligned, two pages apart: the host blocks (a guard page either
  // side of an allocation's pages) must not overlap, being fixed in place.
  auto addr = placeIn(config_.hostBase, config_.hostEnd, bytes, kPage, 2 * kPage);
  if (!addr)
    return makeError("no room for " + std::to_string(bytes) + " bytes of host-visible memory");
  return map(*addr, bytes, /*hostAtAddr=*/true);
}

Expected<uint64_t> AddressSpace::borrowHostRange(uint64_t addr, uint64_t bytes) {
  if (bytes == 0 || addr == 0)
    return makeError("cannot map an empty range or address 0");
  for (const MemRange &a : allocs_)
    if (addr < a.base + a.size && a.base < addr + bytes)
      return makeError("[" + hex(addr) + ", +" + std::to_string(bytes) + ") overlaps " +
                       describeAddress(std::max(addr, a.base)));
  MemRange a{addr, bytes, reinterpret_cast<uint8_t *>(uintptr_t(addr))};
  auto it = std::lower_bound(allocs_.begin(), allocs_.end(), a.base,
                             [](const MemRange &x, uint64_t b) { return x.base < b; });
  allocs_.insert(it, a);
  borrowed_.insert(addr);
  ++generation_;
  return addr;
}

Expected<uint64_t> AddressSpace::allocate(uint64_t bytes) {
  if (bytes == 0)
    return makeError("cannot allocate 0 bytes");
  auto addr = place(bytes);
  if (!addr)
    return addr;
  return map(*addr, bytes);
}

Expected<uint64_t> AddressSpace::allocateAt(uint64_t addr, uint64_t bytes) {
  if (bytes == 0)
    return makeError("cannot allocate 0 bytes");
  if (addr % kAlignment)
    return makeError(hex(addr) + " is not " + std::to_string(kAlignment) + "-byte aligned");
  auto inWindow = [&](uint64_t lo, uint64_t hi) {
    return lo != 0 && addr >= lo && addr < hi && bytes <= hi - addr;
  };
  if (!inWindow(config_.lowBase, config_.lowEnd) && !inWindow(config_.highBase, config_.highEnd))
    return makeError("[" + hex(addr) + ", +" + std::to_string(bytes) +
                     ") is outside this context's address windows");
  for (const MemRange &a : allocs_)
    if (addr < a.base + a.size && a.base < addr + bytes)
      return makeError("[" + hex(addr) + ", +" + std::to_string(bytes) + ") overlaps " +
                       describeAddress(std::max(addr, a.base)));
  return map(addr, bytes);
}

Expected<uint64_t> AddressSpace::map(uint64_t addr, uint64_t bytes, bool hostAtAddr) {
  uint8_t *host = hostAtAddr ? mapBlockAt(blockStart(addr), blockBytes(addr, bytes))
                             : mapBlock(blockBytes(addr, bytes));
  if (!host)
    return makeError(hostAtAddr ? "the host already maps " + hex(addr) + " (" +
                                      std::to_string(bytes) + " bytes)"
                                : "out of host memory for " + std::to_string(bytes) + " bytes");
  MemRange a{addr, bytes, host + (addr - blockStart(addr))};
  auto it = std::lower_bound(allocs_.begin(), allocs_.end(), a.base,
                             [](const MemRange &x, uint64_t b) { return x.base < b; });
  allocs_.insert(it, a);
  return addr;
}

Status AddressSpace::free(uint64_t addr) {
  auto it = std::lower_bound(allocs_.begin(), allocs_.end(), addr,
                             [](const MemRange &x, uint64_t b) { return x.base < b; });
  if (it == allocs_.end() || it->base != addr)
    return makeError("free: " + hex(addr) + " is not the start of an allocation");
  release(*it);
  allocs_.erase(it);
  names_.erase(addr);
  borrowed_.erase(addr);
  ++generation_;
  return {};
}

const MemRange *AddressSpace::findAllocation(uint64_t addr) const {
  auto it = std::upper_bound(allocs_.begin(), allocs_.end(), addr,
                             [](uint64_t b, const MemRange &x) { return b < x.base; });
  if (it == allocs_.begin())
    return nullptr;
  --it;
  return addr - it->base < it->size ? &*it : nullptr;
}

void AddressSpace::setMemcheck(Memcheck m) {
  if (m != memcheck_)
    ++generation_;
  memcheck_ = m;
}

MemRange AddressSpace::pageRange(size_t i) const {
  const MemRange &a = allocs_[i];
  if (borrowed_.count(a.base)) // the bytes around it are the process's
    return a;
  uint64_t lo = blockStart(a.base), hi = alignUp(a.base + a.size, kPage) + kPage;
  // Neighbours' guard pages may overlap: the lower allocation owns the
  // overlap, and no range reaches into another allocation's own bytes.
  if (i > 0) {
    const MemRange &prev = allocs_[i - 1];
    lo = std::max(lo, std::min(alignUp(prev.base + prev.size, kPage) + kPage, a.base));
  }
  if (i + 1 < allocs_.size())
    hi = std::min(hi, allocs_[i + 1].base);
  return MemRange{lo, hi - lo, a.host - (a.base - lo)};
}

bool AddressSpace::findMapped(uint64_t addr, MemRange *out, Memcheck mode) const {
  // The allocations that may map addr: the one at or below it and the next.
  auto it = std::upper_bound(allocs_.begin(), allocs_.end(), addr,
                             [](uint64_t b, const MemRange &x) { return b < x.base; });
  const size_t next = size_t(it - allocs_.begin());
  if (next > 0) {
    const MemRange &a = allocs_[next - 1];
    if (addr - a.base < a.size) {
      *out = mode == Memcheck::Strict ? a : pageRange(next - 1);
      return true;
    }
  }
  if (mode == Memcheck::Strict)
    return false;
  for (size_t i : {next - 1, next}) {
    if (i >= allocs_.size()) // next - 1 wraps when next is 0
      continue;
    MemRange r = pageRange(i);
    if (addr - r.base < r.size) {
      *out = r;
      return true;
    }
  }
  return false;
}

std::string AddressSpace::describeFault(uint64_t addr) const {
  std::string d = describeAddress(addr);
  MemRange r;
  if (memcheck_ == Memcheck::Strict && findMapped(addr, &r, Memcheck::Page))
    d += " (simt-emu --memcheck=page allows accesses within an allocation's pages, as "
         "hardware does)";
  return d;
}

uint8_t *AddressSpace::Translator::slow(uint64_t addr, uint64_t size) {
  const MemRange *a = mem_->findAllocation(addr);
  if (!a)
    return nullptr;
  base_ = a->base;
  size_ = a->size;
  host_ = a->host;
  gen_ = mem_->generation_;
  uint64_t off = addr - base_;
  if (size > size_ - off)
    return nullptr;
  return host_ + off;
}

uint64_t AddressSpace::firstUnmapped(uint64_t addr) const {
  const MemRange *a = findAllocation(addr);
  return a ? a->base + a->size : addr;
}

Status AddressSpace::read(uint64_t addr, std::span<uint8_t> out) {
  if (out.empty())
    return {};
  const uint8_t *p = translate(addr, out.size());
  if (!p)
    return makeError("read of " + std::to_string(out.size()) + " bytes at " + hex(addr) +
                     ": " + describeAddress(firstUnmapped(addr)));
  std::memcpy(out.data(), p, out.size());
  return {};
}

Status AddressSpace::write(uint64_t addr, std::span<const uint8_t> in) {
  if (in.empty())
    return {};
  uint8_t *p = translate(addr, in.size());
  if (!p)
    return makeError("write of " + std::to_string(in.size()) + " bytes at " + hex(addr) +
                     ": " + describeAddress(firstUnmapped(addr)));
  std::memcpy(p, in.data(), in.size());
  return {};
}

std::string AddressSpace::describeAddress(uint64_t addr) const {
  auto label = [&](const MemRange &a) {
    std::string range = "[" + hex(a.base) + ", " + hex(a.base + a.size) + ")";
    auto name = names_.find(a.base);
    if (name != names_.end())
      return "buffer '" + name->second + "' " + range;
    return "allocation " + range;
  };
  std::string what = hex(addr);
  if (const MemRange *a = findAllocation(addr))
    return what + " is inside " + label(*a) + " at offset " + std::to_string(addr - a->base);
  auto it = std::upper_bound(allocs_.begin(), allocs_.end(), addr,
                             [](uint64_t b, const MemRange &x) { return b < x.base; });
  const MemRange *before = it == allocs_.begin() ? nullptr : &*(it - 1);
  const MemRange *after = it == allocs_.end() ? nullptr : &*it;
  // Anything within 64 KiB of an allocation is reported relative to it.
  constexpr uint64_t kNear = 0x10000;
  uint64_t dBefore = before ? addr - (before->base + before->size) : UINT64_MAX;
  uint64_t dAfter = after ? after->base - addr : UINT64_MAX;
  // Distances as AddressSanitizer counts them: "0 bytes after" is the first
  // byte past the end.
  auto bytes = [](uint64_t n) { return std::to_string(n) + (n == 1 ? " byte" : " bytes"); };
  if (before && dBefore < kNear && dBefore < dAfter)
    return what + " is " + bytes(dBefore) + " after " + label(*before) +
           ", outside every allocation";
  if (after && dAfter < kNear)
    return what + " is " + bytes(dAfter) + " before " + label(*after) +
           ", outside every allocation";
  return what + " is outside every allocation";
}

} // namespace simt::emu
