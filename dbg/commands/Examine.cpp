//===-- Examine.cpp - x in every memory space, info const, info texture ---===//
#include "dbg/CValues.h"
#include "dbg/Debugger.h"
#include "dbg/Views.h"
#include "dbg/commands/Commands.h"
#include "emu/device/Facade.h"
#include "runtime/KernelNames.h"
#include "runtime/TextureBinding.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

namespace simt::dbg {

namespace {

//===-- x -------------------------------------------------------------------------===//

struct XFormat {
  uint64_t count = 1;
  char format = 'x';
  unsigned unit = 4;
};

XFormat parseXFormat(const std::string &f) {
  XFormat x;
  size_t i = 0;
  while (i < f.size() && std::isdigit(static_cast<unsigned char>(f[i])))
    ++i;
  if (i)
    x.count = std::stoull(f.substr(0, i));
  bool unitSet = false;
  for (; i < f.size(); ++i) {
    const char c = f[i];
    if (std::strchr("xdutfcia", c))
      x.format = c == 'a' ? 'x' : c;
    else if (c == 'b' || c == 'h' || c == 'w' || c == 'g') {
      x.unit = c == 'b' ? 1 : c == 'h' ? 2 : c == 'w' ? 4 : 8;
      unitSet = true;
    } else {
      throw CommandError(std::string("invalid format letter '") + c +
                         "' (count, then x d u t f c i, then b h w g)");
    }
  }
  if (x.format == 'f' && !unitSet)
    x.unit = 4;
  if (x.format == 'f' && x.unit < 4)
    throw CommandError("floats are w (f32) or g (f64)");
  if (x.format == 'c' && !unitSet)
    x.unit = 1;
  if (x.count == 0 || x.count > 4096)
    throw CommandError("count must be between 1 and 4096");
  return x;
}

void examine(Debugger &d, const Invocation &inv) {
  XFormat xf = parseXFormat(inv.format);
  std::string arg = inv.args;
  SpaceRef space;
  const bool spaceGiven = !arg.empty() && arg.front() == '@';
  if (spaceGiven) {
    size_t sp = arg.find_first_of(" \t");
    std::string word = arg.substr(0, sp);
    auto s = parseSpace(word);
    if (!s)
      throw CommandError("unknown memory space '" + word +
                         "' (@global @shared @local @local[N] @spill @const[B])");
    space = *s;
    arg = sp == std::string::npos ? "" : std::string(trim(std::string_view(arg).substr(sp)));
  }
  EvalScope sc = d.scope(space.space == Space::Shared || space.space == Space::Local ||
                         space.space == Space::Spill);
  if (xf.format == 'i') {
    // Instructions of the focused kernel.
    const rt::LoadedKernel *k = &d.focusedOrFirstKernel();
    sc.kernel = k;
    uint64_t pc = arg.empty() ? (sc.mem.warp ? sc.mem.warp->view().pcBytes() : 0)
                              : uint64_t(Expr::parse(arg).evalLane(sc, sc.mem.lane).asInt());
    const emu::Grid *focused = sc.mem.warp ? sc.mem.warp->view().grid() : nullptr;
    const uint32_t cur =
        focused && d.kernelOf(*focused) == k ? sc.mem.warp->view().pcBytes() : UINT32_MAX;
    for (uint64_t i = 0; i < xf.count && pc / 8 < k->image.size(); ++i, pc += 8) {
      char buf[32];
      std::snprintf(buf, sizeof buf, "%s0x%04llx", pc == cur ? "=> " : "   ",
                    static_cast<unsigned long long>(pc));
      std::string sym = d.symbolText(*k, uint32_t(pc));
      d.out() << buf << (sym.empty() ? "" : " " + sym) << ":  " << d.instText(*k, uint32_t(pc))
              << "\n";
    }
    return;
  }
  if (arg.empty())
    throw CommandError("argument required (an address: x/4xw @shared 0x40, x/8dw out)");
  Expr addrExpr = Expr::parse(arg);
  uint64_t addr;
  // A C pointer or object: the memory it points into or is in (x/4fw slot).
  std::optional<std::pair<SpaceRef, uint64_t>> c;
  if (!spaceGiven && addrExpr.isC(sc))
    c = memoryAt(addrExpr.evalC(sc, sc.mem.lane), sc);
  if (c) {
    space = c->first;
    addr = c->second;
  } else {
    addr = uint64_t(addrExpr.evalLane(sc, sc.mem.lane).asInt());
  }
  const uint64_t bytes = xf.count * xf.unit;
  std::vector<uint8_t> buf(bytes);
  std::string err;
  if (!readMemory(sc.mem, space, addr, buf, &err))
    throw CommandError(err);
  const unsigned perLine = xf.format == 'c' ? 8 : (xf.unit == 8 ? 2 : (xf.unit == 1 ? 8 : 4));
  const rt::DeviceMemory *mem = nullptr;
  if (space.space == Space::Global) {
    mem = sc.mem.grid ? d.session().memoryOf(*sc.mem.grid) : nullptr;
    if (!mem)
      mem = &d.session().memory();
  }
  static const rt::ElemType uTypes[9] = {rt::ElemType::U8, rt::ElemType::U8, rt::ElemType::U16,
                                         rt::ElemType::U8, rt::ElemType::U32, rt::ElemType::U8,
                                         rt::ElemType::U8, rt::ElemType::U8, rt::ElemType::U64};
  for (uint64_t i = 0; i < xf.count; ++i) {
    const uint64_t a = addr + i * xf.unit;
    if (i % perLine == 0) {
      if (i)
        d.out() << "\n";
      char head[64];
      if (space.space == Space::Global) {
        // A program's session prints gdb's address, unpadded.
        std::snprintf(head, sizeof head, d.program() ? "0x%llx" : "0x%08llx",
                      static_cast<unsigned long long>(a));
        std::string label;
        for (const rt::Buffer *b : mem->buffers())
          if (a >= b->addr && a < b->addr + b->bytes()) {
            label = " <" + b->name + (a == b->addr ? "" : "+" + std::to_string(a - b->addr)) + ">";
            break;
          }
        d.out() << head << label << ":";
      } else {
        std::snprintf(head, sizeof head, "@%s 0x%04llx:", spaceName(space).c_str(),
                      static_cast<unsigned long long>(a));
        d.out() << head;
      }
    }
    const uint8_t *p = buf.data() + i * xf.unit;
    std::string text;
    if (xf.format == 'f') {
      text = xf.unit == 4 ? rt::formatValue(rt::Value::load(rt::ElemType::F32, p))
                          : rt::formatValue(rt::Value::load(rt::ElemType::F64, p));
    } else if (xf.format == 'c') {
      const char c = char(*p);
      text = std::isprint(static_cast<unsigned char>(c)) ? std::string("'") + c + "'"
                                                         : std::to_string(int(*p));
    } else {
      rt::Value v = rt::Value::load(uTypes[xf.unit], p);
      Scalar s{false, int64_t(v.bits), 0};
      text = formatScalar(s, xf.format, xf.unit * 8, false, true, true);
    }
    d.out() << (d.program() ? "\t" : " ") << text; // gdb's x separates with tabs
  }
  d.out() << "\n";
}
//===-- info const ---------------------------------------------------------------------===//

std::string lineList(const std::vector<emu::ConstLineInfo> &lines, int bank) {
  std::string s;
  size_t shown = 0;
  for (const emu::ConstLineInfo &l : lines) {
    if (bank >= 0 && int(l.bank) != bank)
      continue;
    if (shown == 8) {
      s += " ...";
      break;
    }
    char buf[64];
    std::snprintf(buf, sizeof buf, " c[%u][0x%x] v%u%s%s", l.bank, l.offset, l.version,
                  l.dirty ? " dirty" : "", l.locked ? " locked" : "");
    s += buf;
    ++shown;
  }
  return s.empty() ? " (none)" : s;
}

std::string versions(const std::vector<emu::ConstVersion> &v) {
  std::string s;
  for (emu::ConstVersion x : v)
    s += (s.empty() ? "" : " ") + std::to_string(x);
  return s.empty() ? "none" : s;
}

void infoConst(Debugger &d, const Invocation &inv) {
  int bank = -1;
  if (!inv.args.empty()) {
    auto b = rt::parseUInt(inv.args);
    if (!b || *b > 15)
      throw CommandError("bank must be 0..15");
    bank = int(*b);
  }
  const emu::ConstCache *cc = d.device().constCache();
  if (!cc)
    throw CommandError("no constant cache model is attached");
  const emu::ConstCacheSnapshot s = cc->snapshot();
  d.out() << "constants: current version " << s.current << ", L2 holds version " << s.l2Version
          << " (" << emu::toString(s.coherence) << "); live " << versions(s.liveVersions)
          << "; in use " << versions(s.inUseVersions) << "\n";
  for (emu::GridId id = 1; const emu::Grid *g = d.device().grid(id); ++id)
    if (g->state == emu::GridState::Running || g->state == emu::GridState::Faulted)
      d.out() << "grid " << id << " (" << rt::demangleKernelName(g->kernelName()) << ") reads version " << g->constVersion
              << "\n";
  for (const emu::ConstSmInfo &sm : s.sms) {
    if (sm.sm >= d.device().numSms())
      continue;
    d.out() << "sm " << sm.sm << ": " << (sm.active ? "active" : "inactive") << ", version "
            << sm.version << (sm.coherent ? " (coherent with L2)" : " (not coherent with L2)")
            << ", L1:" << lineList(sm.l1, bank) << "\n";
  }
  d.out() << "L2:" << lineList(s.l2, bank) << "\n";
  d.out() << "L2 backup:" << lineList(s.backup, bank) << "\n";
  if (bank >= 0) {
    const emu::Grid *g = d.focusedGrid();
    EvalScope sc = d.scope(false);
    if (!g) {
      d.out() << "(no focused grid: bank contents are shown as a grid sees them)\n";
      return;
    }
    std::vector<uint8_t> bytes(64);
    if (!readMemory(sc.mem, SpaceRef{Space::Const, bank}, 0, bytes, nullptr))
      return;
    d.out() << "c[" << bank << "] as grid " << g->id << " sees it (version " << g->constVersion
            << "), first 64 bytes:\n";
    for (unsigned i = 0; i < 64; i += 16) {
      char buf[96];
      uint32_t w[4];
      std::memcpy(w, bytes.data() + i, 16);
      std::snprintf(buf, sizeof buf, "  0x%04x: 0x%08x 0x%08x 0x%08x 0x%08x\n", i, w[0], w[1],
                    w[2], w[3]);
      d.out() << buf;
    }
  }
}
//===-- info texture ---------------------------------------------------------------===//

// A texture reference by name (its binding, a constant variable), or a
// texture or surface object by handle (an expression: its descriptor's
// device address, isa/SIMTLimits.h's words either way).
void infoTexture(Debugger &d, const Invocation &inv) {
  const std::string arg(trim(inv.args));
  if (arg.empty())
    throw CommandError("argument required: a texture or surface object (an expression: "
                       "info texture tex, info texture R4) or a texture reference's name");
  rt::TextureWords words{};
  std::span<uint8_t> bytes(reinterpret_cast<uint8_t *>(words.data()), sizeof words);
  std::string what;
  if (const rt::VarInfo *v = d.session().findVariable(arg); v && v->isTexture) {
    if (auto st = d.session().readConstant(*v, uint32_t(v->offset), bytes); !st) // its module's copy
      throw CommandError(st.message());
    char buf[96];
    std::snprintf(buf, sizeof buf, "texture reference %s: its binding at c[0x%x][0x%llx]",
                  v->name.c_str(), v->bank, static_cast<unsigned long long>(v->offset));
    what = buf;
  } else {
    EvalScope sc = d.scope(false);
    const uint64_t handle = uint64_t(Expr::parse(arg).evalLane(sc, sc.mem.lane).asInt());
    char buf[128];
    if (handle < limits::kConstBankBytes) {
      std::snprintf(buf, sizeof buf,
                    "0x%llx is a texture reference's address in its constant bank, not an "
                    "object: name the reference (info texture NAME)",
                    static_cast<unsigned long long>(handle));
      throw CommandError(buf);
    }
    std::string err;
    if (!readMemory(sc.mem, SpaceRef{Space::Global, -1}, handle, bytes, &err))
      throw CommandError(err);
    std::snprintf(buf, sizeof buf, "texture or surface object 0x%llx: its descriptor",
                  static_cast<unsigned long long>(handle));
    what = buf;
  }
  d.out() << what << "\n" << rt::describeTextureWords(words);
}
} // namespace

void registerExamineCommands(CommandTable &root, CommandTable &info) {
  root.add({"x", {}, "data", "examine memory in any space",
            "x/NFU [@SPACE] ADDRESS\nN count, F format (x d u t f c, i for instructions), U unit\n"
            "(b h w g). SPACE: @global (default) @shared (focused CTA) @local / @local[N]\n"
            "(a lane's window) @spill (the warp's SIMT-stack spill region) @const[B].\n"
            "Example: x/8xw @shared 0x40, x/4dw out, x/4i $pc.",
            examine, Complete::Expression});
  info.add({"const", {"constants"}, "data", "constant versions and cache state per SM",
            "info const [BANK]\nVersions (current, the L2's, live, in use), each running grid's\n"
            "version, each SM's version tag and L1 lines, the L2 and backup lines; with BANK\n"
            "only that bank's lines and its first bytes as the focused grid sees them.",
            infoConst});
  info.add({"texture", {"tex"}, "data", "a texture or surface object's descriptor, or a reference's binding",
            "info texture EXPR | info texture NAME\nEXPR a texture or surface object's handle "
            "(a variable, a register, a number),\nNAME a texture reference: the memory, texel "
            "format, extent, filter, address\nmodes and coordinates its words say "
            "(docs/cuda.md, \"Texture and surface objects\").",
            infoTexture, Complete::Expression});
}

} // namespace simt::dbg
