//===-- SessionCommands.cpp - Running each run-script command -------------===//
//
// Session::execute and one Session::runCommand per command of
// RunScriptCommands.h. Errors are the message alone: runScript (or the
// debugger) puts the FILE:LINE in front.
//
//===----------------------------------------------------------------------===//
#include "runtime/LaunchArgs.h"
#include "runtime/ParamTypes.h"
#include "runtime/Session.h"

#include "runtime/ElementFiles.h"

#include <algorithm>
#include <cstring>
#include <fstream>

namespace simt::rt {

namespace {
/// A path of the script, relative to the script's folder unless absolute.
std::filesystem::path resolvePath(const std::string &p, const std::filesystem::path &baseDir) {
  std::filesystem::path path(p);
  return path.is_absolute() ? path : baseDir / path;
}

/// The buffer a command names.
Expected<const Buffer *> namedBuffer(DeviceMemory &mem, const std::string &name) {
  if (const Buffer *b = mem.findBuffer(name))
    return b;
  return Error{"no buffer named '" + name + "'"};
}
} // namespace

Status Session::execute(const Command &cmd, const std::filesystem::path &baseDir) {
  const Command *outer = executing_;
  executing_ = &cmd;
  Status st = std::visit([&](const auto &op) { return runCommand(op, baseDir); }, cmd.op);
  executing_ = outer;
  return st;
}

//===-- Programs and contexts ---------------------------------------------===//

Status Session::runCommand(const LoadCommand &c, const std::filesystem::path &baseDir) {
  return load(resolvePath(c.path, baseDir), GlobalsPlacement{c.globals, c.at});
}

Status Session::runCommand(const ContextCommand &c, const std::filesystem::path &) {
  useContext(c.name);
  return {};
}

//===-- Buffers -----------------------------------------------------------===//

Status Session::runCommand(const AllocCommand &c, const std::filesystem::path &baseDir) {
  DeviceMemory &mem = memory();
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
    noteHostWrite((*buf)->addr, (*buf)->bytes());
  return st;
}

Status Session::runCommand(const WriteCommand &c, const std::filesystem::path &baseDir) {
  DeviceMemory &mem = memory();
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
    noteHostWrite(addr, bytes->size());
    return {};
  }
  auto v = c.value.resolve(b->type);
  if (!v)
    return v.error();
  Status st = mem.writeElement(*b, c.index, *v);
  if (st)
    noteHostWrite(b->addr + c.index * sizeOf(b->type), sizeOf(b->type));
  return st;
}

Status Session::runCommand(const DumpCommand &c, const std::filesystem::path &) {
  DeviceMemory &mem = memory();
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
    out_ << c.buffer << "[" << i << "] = " << formatValue(*v) << "\n";
  }
  return {};
}

Status Session::runCommand(const SaveCommand &c, const std::filesystem::path &baseDir) {
  DeviceMemory &mem = memory();
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

Status Session::runCommand(const ExpectCommand &c, const std::filesystem::path &baseDir) {
  DeviceMemory &mem = memory();
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
    out_ << at << (at.empty() ? "" : "error: ") << "expect failed: " << f << "\n";
  out_ << scriptLineText();
  return {};
}

// `expect NAME[FROM..TO] == file(PATH, OFFSET)`: bit for bit; the first
// differing elements are printed, then how many more differ.
Status Session::expectFile(const Buffer &b, uint64_t first, std::optional<uint64_t> last,
                           bool whole, const FileSlice &file,
                           const std::filesystem::path &baseDir) {
  auto bytes = readElementFile(b, first, last, file, baseDir, "expect");
  if (!bytes)
    return bytes.error();
  const std::string source = fileSliceText(file);
  // As the value form reports: each failure at the script's line, then the line.
  const std::string at = scriptLocation() + (scriptLocation().empty() ? "" : "error: ");
  if (whole && bytes->size() != b.bytes()) {
    expectFailed_ = true;
    out_ << at << "expect failed: " << b.name << " has " << b.bytes() << " bytes, " << source << " "
         << bytes->size() << "\n"
         << scriptLineText();
    return {};
  }
  constexpr uint64_t kShown = 8;
  const unsigned size = sizeOf(b.type);
  const uint8_t *have = memory().translate(b.addr + first * size, bytes->size());
  uint64_t differing = 0;
  for (uint64_t i = 0; i < bytes->size() / size; ++i) {
    const uint8_t *want = reinterpret_cast<const uint8_t *>(bytes->data()) + i * size;
    if (std::memcmp(have + i * size, want, size) == 0)
      continue;
    if (++differing <= kShown)
      out_ << at << "expect failed: " << b.name << "[" << first + i
           << "] == " << formatValue(Value::load(b.type, have + i * size)) << ", expected "
           << formatValue(Value::load(b.type, want)) << " (" << source << ")\n";
  }
  if (differing > kShown)
    out_ << at << "expect failed: " << differing - kShown << " more elements of " << b.name
         << " differ from " << source << "\n";
  if (differing) {
    expectFailed_ = true;
    out_ << scriptLineText();
  }
  return {};
}

//===-- Constants and textures --------------------------------------------===//

Status Session::runCommand(const ConstCommand &c, const std::filesystem::path &) {
  if (c.symbol.empty())
    return writeConstant(c.bank, c.offset, c.bytes());
  auto resolved = resolveConstSymbol(c);
  if (!resolved)
    return resolved.error();
  return writeConstant(resolved->bank, resolved->offset, resolved->bytes());
}

// `bind T BUFFER [OPTION...] [FROM..TO]`: T's binding (isa/SIMTLimits.h)
// gets the buffer's elements FROM..TO (all of them by default), the texel
// format, the geometry and the sampling.
Status Session::runCommand(const BindCommand &c, const std::filesystem::path &) {
  auto tex = textureNamed(c.texture, "bind");
  if (!tex)
    return tex.error();
  const Buffer *b = memory().findBuffer(c.buffer);
  if (!b)
    return makeError("bind: no buffer named '" + c.buffer + "'");
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
  return bindTexture(**tex, t);
}

Status Session::runCommand(const UnbindCommand &c, const std::filesystem::path &) {
  auto tex = textureNamed(c.texture, "unbind");
  if (!tex)
    return tex.error();
  return bindTexture(**tex, std::nullopt);
}

//===-- Launches and the device -------------------------------------------===//

Status Session::runCommand(const LaunchCommand &c, const std::filesystem::path &) {
  Expected<const LoadedCode *> found = findKernel(c.kernel);
  if (!found)
    return found.error();
  const LoadedKernel *k = &(*found)->kernel;
  LaunchCommand launch = c; // local(BYTES) arguments placed
  if (Status st = placeLocalArgs(launch, k->info.shared, k->info.abi == 32 ? 4 : 8); !st)
    return st.error();
  DeviceMemory &mem = memory();
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
  Expected<emu::GridId> grid = this->launch(req);
  if (!grid)
    return grid.error();
  return {};
}

Status Session::runCommand(const WaitCommand &c, const std::filesystem::path &) {
  return wait(c.grid);
}

Status Session::runCommand(const AdvanceCommand &c, const std::filesystem::path &) {
  emu::RunResult r = device_->advance(c.cycles);
  flushPrintf();
  return checkRun(r);
}

Status Session::runCommand(const StatsCommand &, const std::filesystem::path &) {
  out_ << statsJson() << "\n";
  return {};
}

Status Session::runCommand(const MessageCommand &c, const std::filesystem::path &) {
  out_ << device_->measureMessage(c.via, c.words, c.latency).format() << "\n";
  return {};
}

Status Session::runCommand(const SetCommand &c, const std::filesystem::path &) {
  setMemcheck(c.memcheck);
  return {};
}

} // namespace simt::rt
