//===-- Memory.cpp - The debugger's access to every memory space ----------===//
#include "dbg/Memory.h"
#include "support/Text.h"

#include "emu/device/Facade.h"
#include "isa/SIMTLimits.h"

#include <cstdio>
#include <cstring>
#include <optional>

namespace simt::dbg {

namespace {
std::optional<int> bracketIndex(std::string_view s) {
  // "[3]" -> 3
  if (s.size() < 3 || s.front() != '[' || s.back() != ']')
    return std::nullopt;
  auto v = rt::parseUInt(s.substr(1, s.size() - 2));
  if (!v || *v > 0xffff)
    return std::nullopt;
  return int(*v);
}

} // namespace

std::optional<SpaceRef> parseSpace(std::string_view w) {
  if (!w.empty() && w.front() == '@')
    w.remove_prefix(1);
  auto split = [&](std::string_view name) -> std::optional<std::string_view> {
    if (w.substr(0, name.size()) != name)
      return std::nullopt;
    return w.substr(name.size());
  };
  if (w == "global" || w == "g")
    return SpaceRef{Space::Global, -1};
  if (w == "shared" || w == "s")
    return SpaceRef{Space::Shared, -1};
  if (w == "spill")
    return SpaceRef{Space::Spill, -1};
  if (w == "param")
    return SpaceRef{Space::Const, 0};
  if (auto rest = split("local")) {
    if (rest->empty())
      return SpaceRef{Space::Local, -1};
    if (auto i = bracketIndex(*rest); i && *i < 32)
      return SpaceRef{Space::Local, *i};
    return std::nullopt;
  }
  for (std::string_view name : {"const", "c"})
    if (auto rest = split(name)) {
      if (rest->empty() && name == "const")
        return SpaceRef{Space::Const, 0};
      if (auto i = bracketIndex(*rest); i && *i < 16)
        return SpaceRef{Space::Const, *i};
    }
  return std::nullopt;
}

std::string spaceName(const SpaceRef &s) {
  switch (s.space) {
  case Space::Global: return "global";
  case Space::Shared: return "shared";
  case Space::Spill: return "spill";
  case Space::Local: return s.index < 0 ? "local" : "local[" + std::to_string(s.index) + "]";
  case Space::Const: return "const[" + std::to_string(s.index) + "]";
  }
  return "?";
}

uint8_t *memoryBytes(const MemoryView &v, const SpaceRef &s, uint64_t addr, uint64_t bytes,
                     std::string *error) {
  auto fail = [&](std::string m) -> uint8_t * {
    if (error)
      *error = std::move(m);
    return nullptr;
  };
  // The focused warp's memory, through the one door the device opens for
  // changes (a watchpoint compares these bytes; `set var` stores into them).
  std::optional<emu::WarpEdit> warp;
  if (v.warp)
    warp.emplace(*v.warp);
  auto range = [&](uint8_t *base, uint64_t size, const char *what) -> uint8_t * {
    if (addr > size || bytes > size - addr)
      return fail(std::string(what) + " address " + hex(addr) + " is outside its " +
                  std::to_string(size) + " bytes");
    return base + addr;
  };
  switch (s.space) {
  case Space::Global: {
    rt::DeviceMemory *mem = v.grid ? v.session->memoryOf(*v.grid) : nullptr;
    if (!mem)
      mem = &v.session->memory();
    if (uint8_t *p = mem->translate(addr, bytes))
      return p;
    return fail("cannot access global memory at " + hex(addr) + ": " +
                mem->describeAddress(addr));
  }
  case Space::Shared: {
    if (!warp || !warp->view().hasCta())
      return fail("no focused CTA: shared memory needs a resident warp");
    const std::span<uint8_t> shared = warp->shared();
    return range(shared.data(), shared.size(), "shared");
  }
  case Space::Local: {
    if (!warp || !warp->view().hasLocal())
      return fail("no focused warp: local memory needs a resident warp");
    const uint32_t lane = s.index >= 0 ? uint32_t(s.index) : v.lane;
    return range(warp->local(lane), warp->view().localWindow(), "local");
  }
  case Space::Spill: {
    if (!warp || !warp->view().hasLocal() || !v.grid)
      return fail("no focused warp: the spill region needs a resident warp");
    return range(warp->spill(), uint64_t{v.grid->maxStack} * 8, "spill");
  }
  case Space::Const:
    return fail("constant memory is read-only here (use the `const` command)");
  }
  return nullptr;
}

bool readMemory(const MemoryView &v, const SpaceRef &s, uint64_t addr, std::span<uint8_t> out,
                std::string *error) {
  if (s.space == Space::Const) {
    const unsigned bank = unsigned(s.index < 0 ? 0 : s.index);
    if (!v.grid && bank < limits::kFirstUserConstBank) {
      if (error)
        *error = "no focused grid: banks 0 and 1 belong to a launch";
      return false;
    }
    if (addr > limits::kConstBankBytes || out.size() > limits::kConstBankBytes - addr) {
      if (error)
        *error = "constant address " + hex(addr) + " is outside the 64 KiB bank";
      return false;
    }
    if (bank < limits::kFirstUserConstBank) {
      const std::vector<uint8_t> &b = bank == limits::kParamBank ? v.grid->bank0 : v.grid->bank1;
      for (size_t i = 0; i < out.size(); ++i)
        out[i] = addr + i < b.size() ? b[addr + i] : 0;
      return true;
    }
    // Banks 2..15 as the focused grid's version has them, else the newest.
    const emu::ConstCache *cc = v.session ? v.session->device().constCache() : nullptr;
    const emu::ConstVersion ver = v.grid ? v.grid->constVersion : (cc ? cc->store().current() : 0);
    if (!cc || !cc->store().read(ver, bank, uint32_t(addr), out.data(), uint32_t(out.size())))
      std::memset(out.data(), 0, out.size());
    return true;
  }
  uint8_t *p = memoryBytes(v, s, addr, out.size(), error);
  if (!p)
    return false;
  std::memcpy(out.data(), p, out.size());
  return true;
}

bool writeMemory(const MemoryView &v, const SpaceRef &s, uint64_t addr,
                 std::span<const uint8_t> in, std::string *error) {
  uint8_t *p = memoryBytes(v, s, addr, in.size(), error);
  if (!p)
    return false;
  if (s.space == Space::Global) {
    // A host write, as a script's `write`: through the session into the L2.
    rt::DeviceMemory *mem = v.grid ? v.session->memoryOf(*v.grid) : nullptr;
    rt::Status st = v.session->writeGlobal(mem ? *mem : v.session->memory(), addr, in);
    if (!st && error)
      *error = st.message();
    return bool(st);
  }
  std::memcpy(p, in.data(), in.size());
  return true;
}

} // namespace simt::dbg
