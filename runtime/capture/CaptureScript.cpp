//===-- CaptureScript.cpp - A captured launch's script and data files -----===//
//
// DIR/launch-N.simt loads DIR/launch-N/OBJECT (its `__device__` variables
// where the program had them), recreates the kept buffers at their
// addresses with their kept runs (`alloc ... at=`, `write NAME[I] =
// file(...)`; runs that hold what a fresh buffer or the object already
// holds need no file), restates the constants that differ from the
// object's, launches, waits and expects what the launch wrote, bit for bit.
//
//===----------------------------------------------------------------------===//
#include "runtime/capture/CaptureScript.h"
#include "runtime/KernelNames.h"
#include "support/Text.h"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <sstream>

namespace simt::rt {

namespace fs = std::filesystem;

namespace {

/// A path as a script line writes it: "quoted" if it holds a blank, '"'
/// or a parenthesis (which would end `file(...)`).
std::string pathText(const std::string &p) {
  if (p.find_first_of(" \t\"()") == std::string::npos)
    return p;
  std::string out = "\"";
  for (char c : p)
    out += (c == '"' || c == '\\') ? std::string("\\") + c : std::string(1, c);
  return out + "\"";
}

std::string dimsText(const uint32_t (&d)[3]) {
  std::string s = std::to_string(d[0]);
  if (d[1] != 1 || d[2] != 1)
    s += "," + std::to_string(d[1]);
  if (d[2] != 1)
    s += "," + std::to_string(d[2]);
  return s;
}

} // namespace

CaptureWriter::CaptureWriter(DeviceSession &session, const LaunchRequest &launch,
                             const CaptureObject &object, const CaptureOptions &opts,
                             const TouchedBlocks &touched)
    : session_(session), launch_(launch), object_(object), opts_(opts), touched_(touched),
      stem_("launch-" + std::to_string(opts.number)), data_(opts.dir / stem_),
      script_(opts.dir / (stem_ + ".simt")) {}

Expected<std::string> CaptureWriter::writeSetup(CaptureReport &report) {
  auto loaded = loadObject(object_.bytes, object_.fileName);
  if (!loaded)
    return loaded.error();
  loaded_ = std::move(*loaded);
  std::error_code ec;
  fs::remove_all(data_, ec);
  fs::create_directories(data_, ec);
  if (ec)
    return makeError("cannot create '" + data_.string() + "': " + ec.message());
  paramTypes_ = kernelParamTypes(launch_.kernel->kernel.name());
  buffers_ = planBuffers(session_.memory(), launch_, touched_, paramTypes_);
  report.buffers = buffers_.size();
  header();
  auto object = writeFile(object_.fileName, object_.bytes, report);
  if (!object)
    return object.error();
  text_ << "load " << *object;
  for (const CapturedBuffer &b : buffers_)
    if (b.isGlobals)
      text_ << " globals=" << b.name << " at=" << hex(b.base);
  text_ << "\n";
  for (const CapturedBuffer &b : buffers_)
    if (Status st = recreate(b, report); !st)
      return st.error();
  constants();
  launch();
  return text_.str();
}

void CaptureWriter::header() {
  const LaunchRequest &l = launch_;
  text_ << "# Launch " << opts_.number << " of " << opts_.origin << ": "
        << describeKernelName(l.kernel->kernel.name()) << ", grid (" << l.grid[0] << ","
        << l.grid[1] << "," << l.grid[2] << "), block (" << l.block[0] << "," << l.block[1]
        << "," << l.block[2] << ").\n"
        << "# Captured by SIMT_CAPTURE (docs/programs.md, \"Capturing launches\"): the\n"
        << "# buffers keep the program's addresses and, of the 256-byte blocks the launch\n"
        << "# read or wrote, their contents before it; the expects hold what it wrote.\n"
        << "# Replay: simt-emu ";
  // A launch that may not end is replayed with the program's step limit.
  if (uint64_t steps = session_.config().device.maxSteps)
    text_ << "--max-steps " << steps << " ";
  text_ << stem_ << ".simt\n";
  if (session_.config().memcheck == emu::Memcheck::Page)
    text_ << "set memcheck page\n";
}

Expected<std::string> CaptureWriter::writeFile(const std::string &file,
                                               std::span<const uint8_t> bytes,
                                               CaptureReport &report) {
  std::ofstream out(data_ / file, std::ios::binary);
  out.write(reinterpret_cast<const char *>(bytes.data()), std::streamsize(bytes.size()));
  if (!out)
    return makeError("cannot write '" + (data_ / file).string() + "'");
  report.dataBytes += bytes.size();
  return pathText(stem_ + "/" + file);
}

Expected<std::vector<std::string>>
CaptureWriter::dataFile(const CapturedBuffer &b, const std::string &file, const uint8_t *bytes,
                        const std::vector<ByteRun> &runs, std::string_view sign, bool whole,
                        CaptureReport &report) {
  if (runs.empty())
    return std::vector<std::string>();
  std::vector<uint8_t> joined;
  for (const ByteRun &r : runs)
    joined.insert(joined.end(), bytes + r.offset, bytes + r.offset + r.bytes);
  auto path = writeFile(file, joined, report);
  if (!path)
    return path.error();
  std::vector<std::string> out;
  const unsigned size = sizeOf(b.type);
  uint64_t at = 0;
  for (const ByteRun &r : runs) {
    const std::string file = "file(" + *path + (at ? ", " + std::to_string(at) : "") + ")";
    if (whole && r.bytes == b.size)
      out.push_back(b.name + " " + std::string(sign) + " " + file);
    else
      out.push_back(b.name + "[" + std::to_string(r.offset / size) + ".." +
                    std::to_string((r.offset + r.bytes) / size - 1) + "] " + std::string(sign) +
                    " " + file);
    at += r.bytes;
  }
  return out;
}

std::vector<uint8_t> CaptureWriter::baseline(const CapturedBuffer &b) const {
  std::vector<uint8_t> bytes(b.size, 0);
  if (b.isGlobals)
    for (const LoadedVar &v : loaded_->vars)
      if (!v.info.isConst)
        if (std::vector<uint8_t> init = v.bytesAt(b.base, loaded_->vars);
            v.info.offset + init.size() <= b.size)
          std::copy(init.begin(), init.end(), bytes.begin() + long(v.info.offset));
  return bytes;
}

Status CaptureWriter::recreate(const CapturedBuffer &b, CaptureReport &report) {
  uint64_t kept = 0;
  for (const ByteRun &r : b.before)
    kept += r.bytes;
  text_ << "# " << b.name << " (" << b.what << "): " << b.size << " bytes at " << hex(b.base)
        << ", " << kept << " of them touched\n";
  // Runs that hold what the buffer holds anyway need no data.
  const std::vector<uint8_t> base = baseline(b);
  const uint8_t *now = session_.memory().translate(b.base, b.size);
  std::vector<ByteRun> runs;
  for (const ByteRun &r : b.before)
    if (std::memcmp(now + r.offset, base.data() + r.offset, r.bytes) != 0)
      runs.push_back(r);
  // One run of the whole buffer is its initialiser.
  const bool initialiser = !b.isGlobals && runs.size() == 1 && runs.front().bytes == b.size;
  auto writes = dataFile(b, b.name + ".in", now, runs, "=", initialiser, report);
  if (!writes)
    return writes.error();
  if (!b.isGlobals) {
    text_ << "alloc " << b.name << " " << typeName(b.type) << "[" << b.size / sizeOf(b.type)
          << "] at=" << hex(b.base);
    if (initialiser) {
      text_ << writes->front().substr(b.name.size()) << "\n";
      return {};
    }
    text_ << "\n";
  }
  for (const std::string &w : *writes)
    text_ << "write " << w << "\n";
  return {};
}

void CaptureWriter::constants() {
  // Where the object's global block is: the addresses its initializers hold
  // are part of the constants' initial bytes.
  uint64_t blockBase = 0;
  for (const LoadedVar &v : loaded_->vars)
    if (const VarInfo *placed = v.info.isConst ? nullptr
                                               : session_.variableOf(*launch_.kernel, v.info.name)) {
      blockBase = placed->offset - v.info.offset;
      break;
    }
  for (const LoadedVar &v : loaded_->vars) {
    if (!v.info.isConst || !v.info.size)
      continue;
    std::vector<uint8_t> now(v.info.size), initial(v.info.size, 0);
    const std::vector<uint8_t> init = v.bytesAt(blockBase, loaded_->vars);
    std::copy_n(init.begin(), std::min(init.size(), initial.size()), initial.begin());
    // The launching kernel's object's own bytes (runtime/ModuleBanks.h):
    // another object may share the bank.
    const VarInfo *loadedVar = session_.variableOf(*launch_.kernel, v.info.name);
    const Status read = loadedVar ? session_.readConstant(*loadedVar, uint32_t(v.info.offset), now)
                                  : session_.readConstant(v.info.bank, uint32_t(v.info.offset), now);
    if (!read || now == initial)
      continue;
    // Binding words, and bytes (clang's arrays of .b8), read better as
    // words in hexadecimal.
    ElemType type = v.info.isTexture ? ElemType::U32 : v.info.type;
    const bool words = v.info.isTexture || (type == ElemType::U8 && v.info.size % 4 == 0);
    if (words)
      type = ElemType::U32;
    if (v.info.size % sizeOf(type))
      type = ElemType::U8;
    text_ << "# " << (v.info.isTexture ? "texture reference " : "__constant__ ") << v.info.name
          << ", as the program left it\n";
    const unsigned size = sizeOf(type);
    for (uint64_t at = 0; at < v.info.size; at += 8 * size) {
      text_ << "const " << v.info.bank << " " << hex(v.info.offset + at) << " " << typeName(type)
            << " ";
      for (uint64_t k = at; k < std::min<uint64_t>(v.info.size, at + 8 * size); k += size) {
        const Value value = Value::load(type, now.data() + k);
        text_ << (k > at ? ", " : "") << (words ? formatHex(value) : literalText(value));
      }
      text_ << "\n";
    }
  }
}

void CaptureWriter::launch() {
  const LaunchRequest &l = launch_;
  text_ << "launch " << l.kernel->kernel.name() << " grid=" << dimsText(l.grid)
        << " block=" << dimsText(l.block);
  if (l.dynamicShared)
    text_ << " shared=" << l.dynamicShared;
  if (l.maxStack)
    text_ << " max_stack=" << *l.maxStack;
  text_ << " args=(" << launchArgsText(l, buffers_, paramTypes_) << ")\nwait\n";
}

Status CaptureWriter::writeExpects(const TouchedBlocks &program, const TouchedBlocks &replay,
                                   DeviceMemory &after, const std::string &replayError,
                                   CaptureReport &report) {
  if (!replayError.empty()) {
    text_ << "# The launch stops here, in the program and in the replay:\n";
    std::istringstream lines(replayError);
    for (std::string line; std::getline(lines, line);)
      text_ << "#   " << line << "\n";
  }
  for (const CapturedBuffer &b : buffers_) {
    const std::vector<ByteRun> runs = writtenRuns(b, program, replay);
    if (!replayError.empty() || runs.empty())
      continue;
    auto expects =
        dataFile(b, b.name + ".out", after.translate(b.base, b.size), runs, "==", true, report);
    if (!expects)
      return expects.error();
    for (const std::string &e : *expects)
      text_ << "expect " << e << "\n";
  }
  report.script = script_;
  std::ofstream out(script_);
  out << text_.str();
  if (!out)
    return makeError("cannot write '" + script_.string() + "'");
  return {};
}

} // namespace simt::rt
