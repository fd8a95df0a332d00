//===-- DeviceMemory.cpp - Global memory of one context -------------------===//
//
// Named buffers over the address space: a buffer is one allocation, named
// in the address space so that fault reports say "buffer 'out'".
//
//===----------------------------------------------------------------------===//
#include "runtime/DeviceMemory.h"

namespace simt::rt {

DeviceMemory::DeviceMemory(const DeviceMemory &o) : AddressSpace(o) {
  for (const std::unique_ptr<Buffer> &b : o.buffers_)
    buffers_.push_back(std::make_unique<Buffer>(*b));
}

DeviceMemory::DeviceMemory(DeviceMemory &&o) noexcept
    : AddressSpace(std::move(o)), buffers_(std::move(o.buffers_)) {
  o.buffers_.clear();
}

DeviceMemory &DeviceMemory::operator=(DeviceMemory &&o) noexcept {
  if (this != &o) {
    AddressSpace::operator=(std::move(o));
    buffers_ = std::move(o.buffers_);
    o.buffers_.clear();
  }
  return *this;
}

Status DeviceMemory::free(uint64_t addr) {
  Status st = AddressSpace::free(addr);
  if (st)
    std::erase_if(buffers_, [&](const std::unique_ptr<Buffer> &b) { return b->addr == addr; });
  return st;
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

Expected<const Buffer *> DeviceMemory::createBuffer(std::string_view name, ElemType type,
                                                    uint64_t count, std::optional<uint64_t> at) {
  if (name.empty())
    return makeError("a buffer needs a name");
  if (findBuffer(name))
    return makeError("buffer '" + std::string(name) + "' already exists");
  if (count == 0)
    return makeError("buffer '" + std::string(name) + "' needs at least one element");
  if (count > UINT64_MAX / sizeOf(type))
    return makeError("buffer '" + std::string(name) + "' is too large");
  auto addr = at ? allocateAt(*at, count * sizeOf(type)) : allocate(count * sizeOf(type));
  if (!addr)
    return makeError("buffer '" + std::string(name) + "': " + addr.message());
  auto b = std::make_unique<Buffer>();
  b->name = std::string(name);
  b->type = type;
  b->count = count;
  b->addr = *addr;
  setName(*addr, b->name);
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
