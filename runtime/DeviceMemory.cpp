//===- runtime/DeviceMemory.cpp - Global memory of one context ------------===//
//
// First-fit placement in the low window then the high window, each allocation
// followed by an unmapped guard; host backing from calloc (large blocks are
// zero pages until touched); translation by a last-hit cache, then a binary
// search over the sorted allocations.
//
//===----------------------------------------------------------------------===//
#include "runtime/DeviceMemory.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <new>

namespace simt::rt {

namespace {

constexpr uint64_t alignUp(uint64_t v, uint64_t a) { return (v + a - 1) & ~(a - 1); }

std::string hex(uint64_t v) {
  char buf[32];
  std::snprintf(buf, sizeof(buf), "0x%llx", static_cast<unsigned long long>(v));
  return buf;
}

} // namespace

DeviceMemory::Config DeviceMemory::Config::forContext(unsigned k) {
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
  return c;
}

DeviceMemory::DeviceMemory() : config_(Config::forContext(0)) {}
DeviceMemory::DeviceMemory(Config config) : config_(config) {}

DeviceMemory::~DeviceMemory() {
  for (Allocation &a : allocs_)
    std::free(a.host);
}

DeviceMemory::DeviceMemory(const DeviceMemory &o)
    : config_(o.config_), generation_(o.generation_) {
  allocs_.reserve(o.allocs_.size());
  for (const Allocation &a : o.allocs_) {
    auto *host = static_cast<uint8_t *>(std::malloc(size_t(a.size)));
    if (!host) {
      for (Allocation &done : allocs_)
        std::free(done.host);
      throw std::bad_alloc();
    }
    std::memcpy(host, a.host, size_t(a.size));
    allocs_.push_back(Allocation{a.base, a.size, host});
  }
  for (const std::unique_ptr<Buffer> &b : o.buffers_)
    buffers_.push_back(std::make_unique<Buffer>(*b));
}

DeviceMemory::DeviceMemory(DeviceMemory &&o) noexcept
    : config_(o.config_), allocs_(std::move(o.allocs_)), buffers_(std::move(o.buffers_)),
      generation_(o.generation_ + 1) {
  o.allocs_.clear();
  o.buffers_.clear();
  ++o.generation_;
}

DeviceMemory &DeviceMemory::operator=(DeviceMemory &&o) noexcept {
  if (this != &o) {
    for (Allocation &a : allocs_)
      std::free(a.host);
    config_ = o.config_;
    allocs_ = std::move(o.allocs_);
    buffers_ = std::move(o.buffers_);
    generation_ = std::max(generation_, o.generation_) + 1;
    o.allocs_.clear();
    o.buffers_.clear();
    ++o.generation_;
    cache_ = Translator(*this);
  }
  return *this;
}

Expected<uint64_t> DeviceMemory::place(uint64_t bytes) const {
  const uint64_t guard = alignUp(std::max<uint64_t>(config_.guard, 1), kAlignment);
  auto tryWindow = [&](uint64_t lo, uint64_t hi) -> std::optional<uint64_t> {
    if (lo >= hi || lo == 0)
      return std::nullopt;
    uint64_t c = alignUp(lo, kAlignment);
    for (const Allocation &a : allocs_) {
      uint64_t end = a.base + a.size;
      if (end + guard <= c)
        continue; // entirely below the candidate, guard included
      if (a.base >= hi)
        break;
      if (c < hi && bytes <= hi - c && c + bytes + guard <= a.base)
        return c; // fits before a
      c = alignUp(end + guard, kAlignment);
    }
    if (c < hi && bytes <= hi - c)
      return c;
    return std::nullopt;
  };
  if (auto c = tryWindow(config_.lowBase, config_.lowEnd))
    return *c;
  if (auto c = tryWindow(config_.highBase, config_.highEnd))
    return *c;
  return makeError("out of device memory: no room for " + std::to_string(bytes) + " bytes");
}

Expected<uint64_t> DeviceMemory::allocate(uint64_t bytes) {
  if (bytes == 0)
    return makeError("cannot allocate 0 bytes");
  auto addr = place(bytes);
  if (!addr)
    return addr;
  if (bytes > SIZE_MAX)
    return makeError("out of host memory for " + std::to_string(bytes) + " bytes");
  auto *host = static_cast<uint8_t *>(std::calloc(size_t(bytes), 1));
  if (!host)
    return makeError("out of host memory for " + std::to_string(bytes) + " bytes");
  Allocation a{*addr, bytes, host};
  auto it = std::lower_bound(allocs_.begin(), allocs_.end(), a.base,
                             [](const Allocation &x, uint64_t b) { return x.base < b; });
  allocs_.insert(it, a);
  return *addr;
}

Status DeviceMemory::free(uint64_t addr) {
  auto it = std::lower_bound(allocs_.begin(), allocs_.end(), addr,
                             [](const Allocation &x, uint64_t b) { return x.base < b; });
  if (it == allocs_.end() || it->base != addr)
    return makeError("free: " + hex(addr) + " is not the start of an allocation");
  std::free(it->host);
  allocs_.erase(it);
  std::erase_if(buffers_, [&](const std::unique_ptr<Buffer> &b) { return b->addr == addr; });
  ++generation_;
  return {};
}

const Allocation *DeviceMemory::lookup(uint64_t addr) const {
  auto it = std::upper_bound(allocs_.begin(), allocs_.end(), addr,
                             [](uint64_t b, const Allocation &x) { return b < x.base; });
  if (it == allocs_.begin())
    return nullptr;
  --it;
  return addr - it->base < it->size ? &*it : nullptr;
}

const Allocation *DeviceMemory::findAllocation(uint64_t addr) const { return lookup(addr); }

uint8_t *DeviceMemory::Translator::slow(uint64_t addr, uint64_t size) {
  const Allocation *a = mem_->lookup(addr);
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

uint64_t DeviceMemory::firstUnmapped(uint64_t addr) const {
  const Allocation *a = lookup(addr);
  return a ? a->base + a->size : addr;
}

Status DeviceMemory::read(uint64_t addr, std::span<uint8_t> out) {
  if (out.empty())
    return {};
  const uint8_t *p = translate(addr, out.size());
  if (!p)
    return makeError("read of " + std::to_string(out.size()) + " bytes at " + hex(addr) +
                     ": " + describeAddress(firstUnmapped(addr)));
  std::memcpy(out.data(), p, out.size());
  return {};
}

Status DeviceMemory::write(uint64_t addr, std::span<const uint8_t> in) {
  if (in.empty())
    return {};
  uint8_t *p = translate(addr, in.size());
  if (!p)
    return makeError("write of " + std::to_string(in.size()) + " bytes at " + hex(addr) +
                     ": " + describeAddress(firstUnmapped(addr)));
  std::memcpy(p, in.data(), in.size());
  return {};
}

Expected<Value> DeviceMemory::readValue(uint64_t addr, ElemType type) {
  uint8_t buf[8];
  auto st = read(addr, std::span<uint8_t>(buf, sizeOf(type)));
  if (!st)
    return st.error();
  return Value::load(type, buf);
}

Status DeviceMemory::writeValue(uint64_t addr, const Value &v) {
  uint8_t buf[8];
  v.store(buf);
  return write(addr, std::span<const uint8_t>(buf, sizeOf(v.type)));
}

std::string DeviceMemory::describeAddress(uint64_t addr) const {
  auto label = [&](const Allocation &a) {
    for (const auto &b : buffers_)
      if (b->addr == a.base)
        return "buffer '" + b->name + "' [" + hex(a.base) + ", " + hex(a.base + a.size) + ")";
    return "allocation [" + hex(a.base) + ", " + hex(a.base + a.size) + ")";
  };
  std::string what = hex(addr);
  if (const Allocation *a = lookup(addr))
    return what + " is inside " + label(*a) + " at offset " + std::to_string(addr - a->base);
  auto it = std::upper_bound(allocs_.begin(), allocs_.end(), addr,
                             [](uint64_t b, const Allocation &x) { return b < x.base; });
  const Allocation *before = it == allocs_.begin() ? nullptr : &*(it - 1);
  const Allocation *after = it == allocs_.end() ? nullptr : &*it;
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

Expected<const Buffer *> DeviceMemory::createBuffer(std::string_view name, ElemType type,
                                                    uint64_t count) {
  if (name.empty())
    return makeError("a buffer needs a name");
  if (findBuffer(name))
    return makeError("buffer '" + std::string(name) + "' already exists");
  if (count == 0)
    return makeError("buffer '" + std::string(name) + "' needs at least one element");
  if (count > UINT64_MAX / sizeOf(type))
    return makeError("buffer '" + std::string(name) + "' is too large");
  auto addr = allocate(count * sizeOf(type));
  if (!addr)
    return makeError("buffer '" + std::string(name) + "': " + addr.message());
  auto b = std::make_unique<Buffer>();
  b->name = std::string(name);
  b->type = type;
  b->count = count;
  b->addr = *addr;
  buffers_.push_back(std::move(b));
  return static_cast<const Buffer *>(buffers_.back().get());
}

const Buffer *DeviceMemory::findBuffer(std::string_view name) const {
  for (const auto &b : buffers_)
    if (b->name == name)
      return b.get();
  return nullptr;
}

std::vector<const Buffer *> DeviceMemory::buffers() const {
  std::vector<const Buffer *> out;
  for (const auto &b : buffers_)
    out.push_back(b.get());
  return out;
}

std::span<uint8_t> DeviceMemory::bytes(const Buffer &b) {
  uint8_t *p = translate(b.addr, b.bytes());
  return p ? std::span<uint8_t>(p, b.bytes()) : std::span<uint8_t>();
}

Expected<Value> DeviceMemory::readElement(const Buffer &b, uint64_t index,
                                          std::optional<ElemType> as) {
  ElemType t = as.value_or(b.type);
  uint64_t n = elementCount(b, t);
  if (index >= n)
    return makeError("index " + std::to_string(index) + " is out of range for '" + b.name +
                     "' (" + std::to_string(n) + " x " + std::string(typeName(t)) + ")");
  return readValue(b.addr + index * sizeOf(t), t);
}

Status DeviceMemory::writeElement(const Buffer &b, uint64_t index, const Value &v) {
  if (v.type != b.type)
    return makeError("value of type " + std::string(typeName(v.type)) + " for buffer '" +
                     b.name + "' of type " + std::string(typeName(b.type)));
  if (index >= b.count)
    return makeError("index " + std::to_string(index) + " is out of range for '" + b.name +
                     "' (" + std::to_string(b.count) + " elements)");
  return writeValue(b.addr + index * sizeOf(b.type), v);
}

} // namespace simt::rt
