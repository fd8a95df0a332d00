//===-- PTXRegisters.cpp - PTX registers of the focused lane (simt-dbg) ---===//
#include "dbg/PTXRegisters.h"
#include "dbg/ObjectData.h"

#include "dbg/CommandTable.h"
#include "emu/device/Facade.h"
#include "runtime/Values.h"

#include "llvm/Support/MemoryBuffer.h"

#include <cstring>
#include <map>
#include <memory>

namespace simt::dbg {

namespace {

const as::RegisterMap *mapOfObject(const rt::LoadedKernel &k) {
  static std::map<std::string, std::unique_ptr<as::RegisterMap>> cache;
  auto [it, added] = cache.try_emplace(objectKey(k));
  if (added) {
    if (auto buf = objectData(k)) {
      auto map = as::RegisterMap::read(buf->getBuffer(), k.objectPath);
      if (map && !map->empty())
        it->second = std::make_unique<as::RegisterMap>(std::move(*map));
      else if (!map)
        llvm::consumeError(map.takeError()); // shows as "no map"
    }
  }
  return it->second.get();
}

[[noreturn]] void fail(const std::string &m) { throw CommandError(m); }

struct Here {
  const as::RegisterMap *map = nullptr;
  const rt::ImageSection *section = nullptr;
  uint64_t pc = 0;
};

Here here(const EvalScope &sc) {
  if (!sc.mem.warp)
    fail("no focused warp (launch a kernel and stop in it, or use `focus`)");
  Here h;
  h.pc = sc.mem.warp->view().pcBytes();
  if (!sc.kernel)
    fail("no kernel for the focused warp");
  h.map = registerMapOf(*sc.kernel);
  if (!h.map)
    fail("no PTX register map in the object of '" + sc.kernel->name() +
         "' (compile it with simt-cc -g, or simt-ptxas from PTX with .loc)");
  h.section = sc.kernel->sectionAt(h.pc);
  if (!h.section)
    fail("pc " + sc.kernel->describe(h.pc) + " is in no function's code");
  return h;
}

float halfToFloat(uint16_t h) {
  const uint32_t sign = uint32_t(h >> 15) << 31, exp = h >> 10 & 0x1f, man = h & 0x3ff;
  uint32_t bits;
  if (exp == 0x1f) {
    bits = sign | 0x7f800000u | man << 13;
  } else if (exp) {
    bits = sign | (exp + 112) << 23 | man << 13;
  } else {
    const float f = float(man) * 0x1p-24f; // subnormal (or zero)
    std::memcpy(&bits, &f, 4);
    bits |= sign;
  }
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

} // namespace

const as::RegisterMap *registerMapOf(const rt::LoadedKernel &k) {
  return objectKey(k).empty() ? nullptr : mapOfObject(k);
}

std::vector<const as::PTXRegLocation *> ptxRegistersAt(const rt::LoadedKernel &k, uint64_t pc) {
  const as::RegisterMap *map = registerMapOf(k);
  const rt::ImageSection *sec = map ? k.sectionAt(pc) : nullptr;
  if (!sec)
    return {};
  return map->liveAt(sec->name, pc - sec->addr);
}

const as::PTXRegLocation *findPTXRegister(const EvalScope &sc, const std::string &name) {
  const Here h = here(sc);
  for (const as::PTXRegLocation *l : h.map->liveAt(h.section->name, h.pc - h.section->addr))
    if (l->name == name)
      return l;
  if (!h.map->has(h.section->name, name))
    fail("no PTX register '" + name + "' has a location in '" + h.section->name +
         "' (not a register of it, or one no instruction reads)");
  return nullptr;
}

const as::PTXRegLocation &ptxRegisterHere(const EvalScope &sc, const std::string &name) {
  if (const as::PTXRegLocation *l = findPTXRegister(sc, name))
    return *l;
  fail(name + " = <optimized out> (not live at " +
       sc.kernel->describe(sc.mem.warp->view().pcBytes()) + ")");
}

uint64_t readPTXBits(const EvalScope &sc, unsigned lane, const as::PTXRegLocation &loc) {
  if (!sc.mem.warp)
    fail("no focused warp (launch a kernel and stop in it, or use `focus`)");
  const emu::WarpRegs &r = sc.mem.warp->view().regs();
  auto reg = [&](unsigned n) -> uint64_t { return n < 63 ? r.r[n][lane] : 0; };
  uint64_t bits = 0;
  switch (loc.kind) {
  case as::PTXRegLocation::GPR:
    bits = reg(loc.reg);
    break;
  case as::PTXRegLocation::Pair:
    bits = reg(loc.reg) | reg(loc.reg + 1) << 32;
    break;
  case as::PTXRegLocation::Pred:
    return loc.reg < 7 ? (r.pred[loc.reg] >> lane) & 1 : 0;
  case as::PTXRegLocation::Local:
  case as::PTXRegLocation::Const: {
    const bool local = loc.kind == as::PTXRegLocation::Local;
    const uint64_t addr = (local && loc.reg != 255 ? reg(loc.reg) : 0) + loc.offset;
    const SpaceRef space = local ? SpaceRef{Space::Local, int(lane)}
                                 : SpaceRef{Space::Const, int(loc.reg)};
    uint8_t buf[8] = {};
    std::string err;
    if (!readMemory(sc.mem, space, addr, std::span<uint8_t>(buf, loc.bits > 32 ? 8 : 4), &err))
      fail(loc.name + " (" + (local ? "spilled to " : "in ") + loc.where() + "): " + err);
    for (unsigned b = 0; b < 8; ++b)
      bits |= uint64_t(buf[b]) << (8 * b);
    break;
  }
  }
  if (loc.type == 'p') // a spilled predicate kept as 0/1 in a GPR
    return bits != 0;
  return loc.bits >= 64 ? bits : bits & ((uint64_t(1) << loc.bits) - 1);
}

Scalar ptxScalar(const as::PTXRegLocation &loc, uint64_t bits) {
  Scalar s;
  if (loc.type == 'f') {
    s.isFloat = true;
    if (loc.bits == 64) {
      std::memcpy(&s.f, &bits, 8);
    } else if (loc.bits == 32) {
      const uint32_t w = uint32_t(bits);
      float f;
      std::memcpy(&f, &w, 4);
      s.f = f;
    } else {
      s.f = halfToFloat(uint16_t(bits));
    }
    return s;
  }
  if (loc.type == 's' && loc.bits < 64 && loc.bits > 1) {
    const uint64_t m = uint64_t(1) << (loc.bits - 1);
    s.i = int64_t((bits ^ m) - m);
    return s;
  }
  s.i = int64_t(bits);
  return s;
}

std::string ptxValueText(const as::PTXRegLocation &loc, uint64_t bits) {
  if (loc.type == 'p')
    return std::to_string(bits);
  const unsigned digits = loc.bits < 8 ? 2 : loc.bits / 4;
  char hex[24];
  std::snprintf(hex, sizeof hex, "0x%0*llx", int(digits), static_cast<unsigned long long>(bits));
  const Scalar v = ptxScalar(loc, bits);
  std::string natural;
  if (v.isFloat)
    natural = loc.bits == 64 ? rt::formatDouble(v.f) : rt::formatFloat(float(v.f));
  else if (loc.type == 's')
    natural = std::to_string(v.i);
  else
    natural = std::to_string(uint64_t(v.i));
  return std::string(hex) + "  " + natural;
}

std::vector<std::string> ptxRegisterNames(const EvalScope &sc) {
  if (!sc.mem.warp || !sc.kernel)
    return {};
  const as::RegisterMap *map = registerMapOf(*sc.kernel);
  const rt::ImageSection *sec = map ? sc.kernel->sectionAt(sc.mem.warp->view().pcBytes()) : nullptr;
  return sec ? map->names(sec->name) : std::vector<std::string>{};
}

} // namespace simt::dbg
