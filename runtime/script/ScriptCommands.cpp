//===-- ScriptCommands.cpp - Running each run-script command --------------===//
//
// One ScriptRunner::runCommand per command of RunScriptCommands.h, on the
// runner's DeviceSession. Errors are the message alone: runScript (or the
// debugger) puts the FILE:LINE in front.
//
//===----------------------------------------------------------------------===//
#include "isa/SIMTLimits.h"
#include "runtime/LaunchArgs.h"
#include "runtime/ParamTypes.h"
#include "runtime/script/ScriptRunner.h"

#include "runtime/ElementFiles.h"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <string_view>

namespace simt::rt {

namespace {
/// A path of the script, relative to the script's folder unless absolute.
std::filesystem::path resolvePath(const std::string &p, const std::filesystem::path &baseDir) {
  std::filesystem::path path(p);
  return path.is_absolute() ? path : baseDir / path;
}

/// The buffer a command names; `prefix` begins the error ("bind: ").
Expected<const Buffer *> namedBuffer(DeviceMemory &mem, const std::string &name,
                                     std::string_view prefix = "") {
  if (const Buffer *b = mem.findBuffer(name))
    return b;
  return Error{std::string(prefix) + "no buffer named '" + name + "'"};
}
} // namespace

//===-- Programs and contexts ---------------------------------------------===//

Status ScriptRunner::runCommand(const LoadCommand &c, const std::filesystem::path &baseDir) {
  return session_.load(resolvePath(c.path, baseDir), GlobalsPlacement{c.globals, c.at});
}

Status ScriptRunner::runCommand(const ContextCommand &c, const std::filesystem::path &) {
  session_.useContext(c.name);
  return {};
}

//===-- Buffers -----------------------------------------------------------===//

Status ScriptRunner::runCommand(const AllocCommand &c, const std::filesystem::path &baseDir) {
  DeviceMemory &mem = session_.memory();
  auto buf = mem.createBuffer(c.name, c.type, c.count, c.at);
  if (!buf)
    return buf.error();
  uint8_t *host = mem.translate((*buf)->addr, (*buf)->bytes());
  if (!host && (*buf)->bytes())
    return Error{"internal: buffer not mapped"};
  Status st =
      fillInitializer(c.init, c.type, std::span<uint8_t>(host, (*buf)->bytes()), baseDir);
  // An initialised buffer is a host write: it goes into the L2 slices.
  if (st && !std::holds_alternative<std::monostate>(c.init))
    session_.noteHostWrite((*buf)->addr, (*buf)->bytes());
  return st;
}

Status ScriptRunner::runCommand(const WriteCommand &c, const std::filesystem::path &baseDir) {
  DeviceMemory &mem = session_.memory();
  auto found = namedBuffer(mem, c.buffer);
  if (!found)
    return found.error();
  const Buffer *b = *found;
  if (c.file) {
    auto bytes = readElementFile(*b, c.index, c.last, *c.file, baseDir, "write");
    if (!bytes)
      return bytes.error();
    const uint64_t addr = b->addr + c.index * sizeOf(b->type);
    std::memcpy(mem.translate(addr, bytes->size()), bytes->data(), bytes->size());
    session_.noteHostWrite(addr, bytes->size());
    return {};
  }
  auto v = c.value.resolve(b->type);
  if (!v)
    return v.error();
  Status st = mem.writeElement(*b, c.index, *v);
  if (st)
    session_.noteHostWrite(b->addr + c.index * sizeOf(b->type), sizeOf(b->type));
  return st;
}

Status ScriptRunner::runCommand(const DumpCommand &c, const std::filesystem::path &) {
  DeviceMemory &mem = session_.memory();
  auto found = namedBuffer(mem, c.buffer);
  if (!found)
    return found.error();
  const Buffer *b = *found;
  ElemType t = c.type.value_or(b->type);
  uint64_t n = b->bytes() / sizeOf(t);
  uint64_t from = c.from.value_or(0), to = c.to ? std::min(*c.to, n - 1) : n - 1;
  for (uint64_t i = from; n && i <= to; ++i) {
    auto v = mem.readElement(*b, i, t);
    if (!v)
      return v.error();
    session_.out() << c.buffer << "[" << i << "] = " << formatValue(*v) << "\n";
  }
  return {};
}

Status ScriptRunner::runCommand(const SaveCommand &c, const std::filesystem::path &baseDir) {
  DeviceMemory &mem = session_.memory();
  auto found = namedBuffer(mem, c.buffer);
  if (!found)
    return found.error();
  const Buffer *b = *found;
  std::ofstream f(resolvePath(c.path, baseDir), std::ios::binary);
  const uint8_t *host = mem.translate(b->addr, b->bytes());
  f.write(reinterpret_cast<const char *>(host), std::streamsize(b->bytes()));
  if (!f)
    return Error{"cannot write '" + c.path + "'"};
  return {};
}

Status ScriptRunner::runCommand(const ExpectCommand &c, const std::filesystem::path &baseDir) {
  DeviceMemory &mem = session_.memory();
  auto found = namedBuffer(mem, c.buffer);
  if (!found)
    return found.error();
  const Buffer *b = *found;
  uint64_t first = c.index.value_or(0);
  if (c.file)
    return expectFile(*b, first, c.last, !c.index, *c.file, baseDir);
  // Each failure on its own line; the script's line follows them once.
  std::vector<std::string> failures;
  const bool countDiffers = !c.index && c.values.size() != b->count;
  if (countDiffers)
    failures.push_back(c.buffer + " has " + std::to_string(b->count) + " elements, the list " +
                       std::to_string(c.values.size()));
  for (size_t j = 0; !countDiffers && j < c.values.size(); ++j) {
    auto want = c.values[j].resolve(b->type);
    if (!want)
      return want.error();
    auto got = mem.readElement(*b, first + j);
    if (!got)
      return got.error();
    if (!valuesMatch(*got, *want, c.tolerance))
      failures.push_back(c.buffer + "[" + std::to_string(first + j) + "] == " +
                         formatValue(*got) + ", expected " + formatValue(*want));
  }
  if (failures.empty())
    return {};
  expectFailed_ = true;
  // At the prompt (no location) the failure reads as it always has.
  const std::string at = scriptLocation();
  for (const std::string &f : failures)
    session_.out() << at << (at.empty() ? "" : "error: ") << "expect failed: " << f << "\n";
  session_.out() << scriptLineText();
  return {};
}

// `expect NAME[FROM..TO] == file(PATH, OFFSET)`: bit for bit; the first
// differing elements are printed, then how many more differ.
Status ScriptRunner::expectFile(const Buffer &b, uint64_t first, std::optional<uint64_t> last,
                                bool whole, const FileSlice &file,
                                const std::filesystem::path &baseDir) {
  std::ostream &out = session_.out();
  auto bytes = readElementFile(b, first, last, file, baseDir, "expect");
  if (!bytes)
    return bytes.error();
  const std::string source = fileSliceText(file);
  // As the value form reports: each failure at the script's line, then the line.
  const std::string at = scriptLocation() + (scriptLocation().empty() ? "" : "error: ");
  if (whole && bytes->size() != b.bytes()) {
    expectFailed_ = true;
    out << at << "expect failed: " << b.name << " has " << b.bytes() << " bytes, " << source
        << " " << bytes->size() << "\n"
        << scriptLineText();
    return {};
  }
  constexpr uint64_t kShown = 8;
  const unsigned size = sizeOf(b.type);
  const uint8_t *have = session_.memory().translate(b.addr + first * size, bytes->size());
  uint64_t differing = 0;
  for (uint64_t i = 0; i < bytes->size() / size; ++i) {
    const uint8_t *want = reinterpret_cast<const uint8_t *>(bytes->data()) + i * size;
    if (std::memcmp(have + i * size, want, size) == 0)
      continue;
    if (++differing <= kShown)
      out << at << "expect failed: " << b.name << "[" << first + i
          << "] == " << formatValue(Value::load(b.type, have + i * size)) << ", expected "
          << formatValue(Value::load(b.type, want)) << " (" << source << ")\n";
  }
  if (differing > kShown)
    out << at << "expect failed: " << differing - kShown << " more elements of " << b.name
        << " differ from " << source << "\n";
  if (differing) {
    expectFailed_ = true;
    out << scriptLineText();
  }
  return {};
}

//===-- Constants and textures --------------------------------------------===//

// `const SYMBOL[:TYPE][INDEX] = ...` as the numeric command it stands for.
Expected<ConstCommand> ScriptRunner::resolveConstSymbol(const ConstCommand &c) const {
  const VarInfo *v = session_.findVariable(c.symbol);
  if (!v)
    return makeError("const: no __constant__ variable named '" + c.symbol +
                     "' in the loaded objects");
  if (!v->isConst)
    return makeError("const: '" + c.symbol + "' is a __device__ variable in global memory, "
                     "not a __constant__ one");
  ConstCommand out;
  out.bank = v->bank;
  out.type = c.symbolType.value_or(v->type);
  const uint64_t elem = sizeOf(out.type), count = v->size / elem;
  if (c.index + c.literals.size() > count)
    return makeError("const: " + c.symbol + " holds " + std::to_string(count) + " " +
                     std::string(typeName(out.type)) + " element" + (count == 1 ? "" : "s") +
                     (c.index ? "; index " + std::to_string(c.index) + " is past the end"
                              : "; the list has " + std::to_string(c.literals.size())));
  out.offset = uint32_t(v->offset + c.index * elem);
  for (const ValueLiteral &l : c.literals) {
    auto val = l.resolve(out.type);
    if (!val)
      return makeError("const: " + val.message());
    out.values.push_back(*val);
  }
  return out;
}

Expected<const VarInfo *> ScriptRunner::textureNamed(const std::string &name,
                                                     std::string_view cmd) const {
  const VarInfo *v = session_.findVariable(name);
  if (!v || !v->isTexture || v->size != 4 * limits::kTextureBindingWords)
    return makeError(std::string(cmd) + ": no texture reference named '" + name +
                     "' in the loaded objects" +
                     (v ? " ('" + name + "' is a variable)" : std::string()));
  return v;
}

Status ScriptRunner::runCommand(const ConstCommand &c, const std::filesystem::path &) {
  if (c.symbol.empty())
    return session_.writeConstant(c.bank, c.offset, c.bytes());
  auto resolved = resolveConstSymbol(c);
  if (!resolved)
    return resolved.error();
  // Into the bytes of the variable's own object (runtime/ModuleBanks.h).
  return session_.writeConstant(*session_.findVariable(c.symbol), resolved->offset,
                                resolved->bytes());
}

// `bind T BUFFER [OPTION...] [FROM..TO]`: T's binding (isa/SIMTLimits.h)
// gets the buffer's elements FROM..TO (all of them by default), the texel
// format, the geometry and the sampling.
Status ScriptRunner::runCommand(const BindCommand &c, const std::filesystem::path &) {
  auto tex = textureNamed(c.texture, "bind");
  if (!tex)
    return tex.error();
  auto found = namedBuffer(session_.memory(), c.buffer, "bind: ");
  if (!found)
    return found.error();
  const Buffer *b = *found;
  const uint64_t first = c.from.value_or(0), last = c.to.value_or(b->count ? b->count - 1 : 0);
  if (c.from && (first >= b->count || last >= b->count))
    return makeError("bind: " + c.buffer + " has " + std::to_string(b->count) +
                     " elements; " + std::to_string(first) + ".." +
                     std::to_string(last) + " is past its end");
  TextureBinding t;
  t.memory = c.buffer;
  t.addr = b->addr + first * sizeOf(b->type);
  t.bytes = b->count ? (last - first + 1) * sizeOf(b->type) : 0;
  t.channelType = b->type;
  t.channels = c.channels;
  std::copy(c.extent, c.extent + 3, t.extent);
  t.pitch = c.pitch;
  t.linear = c.linear;
  t.normalized = c.normalized;
  std::copy(c.address, c.address + 3, t.address);
  return session_.bindTexture(**tex, t);
}

Status ScriptRunner::runCommand(const UnbindCommand &c, const std::filesystem::path &) {
  auto tex = textureNamed(c.texture, "unbind");
  if (!tex)
    return tex.error();
  return session_.bindTexture(**tex, std::nullopt);
}

//===-- Launches and the device -------------------------------------------===//

Status ScriptRunner::runCommand(const LaunchCommand &c, const std::filesystem::path &) {
  Expected<const LoadedCode *> found = session_.findKernel(c.kernel);
  if (!found)
    return found.error();
  const LoadedKernel *k = &(*found)->kernel;
  LaunchCommand launch = c; // local(BYTES) arguments placed
  if (Status st = placeLocalArgs(launch, k->info.shared, k->info.abi == 32 ? 4 : 8); !st)
    return st.error();
  DeviceMemory &mem = session_.memory();
  auto params = packLaunchParams(launch, k->info, [&](std::string_view n) -> std::optional<uint64_t> {
    const Buffer *b = mem.findBuffer(n);
    if (!b)
      return std::nullopt;
    return b->addr;
  });
  if (!params)
    return params.error();
  for (const std::string &w : launchArgWarnings(c, k->info))
    *err_ << scriptLocation() << "warning: " << w << "\n" << scriptLineText();
  LaunchRequest req;
  req.kernel = *found;
  req.grid[0] = c.grid.x, req.grid[1] = c.grid.y, req.grid[2] = c.grid.z;
  req.block[0] = c.block.x, req.block[1] = c.block.y, req.block[2] = c.block.z;
  req.dynamicShared = launch.shared;
  req.params = std::move(*params);
  req.maxStack = c.maxStack;
  req.name = c.name;
  Expected<emu::GridId> grid = session_.launch(req);
  if (!grid)
    return grid.error();
  return {};
}

Status ScriptRunner::runCommand(const WaitCommand &c, const std::filesystem::path &) {
  if (!c.grid)
    return session_.runUntilIdle();
  std::optional<emu::GridId> grid = gridNamed(*c.grid);
  if (!grid)
    return Error{"no grid named '" + *c.grid + "'"};
  return session_.runUntilEnded(*grid);
}

Status ScriptRunner::runCommand(const AdvanceCommand &c, const std::filesystem::path &) {
  return session_.advance(c.cycles);
}

Status ScriptRunner::runCommand(const StatsCommand &, const std::filesystem::path &) {
  session_.out() << session_.statsJson() << "\n";
  return {};
}

Status ScriptRunner::runCommand(const MessageCommand &c, const std::filesystem::path &) {
  session_.out() << session_.device().measureMessage(c.via, c.words, c.latency).format() << "\n";
  return {};
}

Status ScriptRunner::runCommand(const SetCommand &c, const std::filesystem::path &) {
  session_.setMemcheck(c.memcheck);
  return {};
}

} // namespace simt::rt
