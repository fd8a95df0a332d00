//===-- CaptureBuffers.cpp - The buffers a captured launch keeps ----------===//
//
// The rule (docs/programs.md, "Capturing launches"): an allocation is kept
// if the launch touched it, a parameter points into it, or it holds the
// kernel object's `__device__` variables; of its bytes, the 256-byte blocks
// whose contents the launch could see (it read them, or wrote only part of
// them), adjacent blocks joined into runs. The expects are the blocks it
// wrote.
//
//===----------------------------------------------------------------------===//
#include "runtime/capture/CaptureScript.h"

#include <algorithm>
#include <cstring>
#include <map>

namespace simt::rt {

namespace {

constexpr uint64_t kBlock = TouchedBlocks::kBlockBytes;

/// The element type of a buffer: `preferred` if its size is a whole number
/// of them, else u32 words, else bytes.
ElemType bufferType(std::optional<ElemType> preferred, uint64_t size) {
  if (preferred && size % sizeOf(*preferred) == 0)
    return *preferred;
  return size % 4 == 0 ? ElemType::U32 : ElemType::U8;
}

} // namespace

std::vector<CapturedBuffer> planBuffers(DeviceMemory &memory, const LaunchRequest &launch,
                                        const TouchedBlocks &touched,
                                        const std::vector<std::string> &paramTypes) {
  std::map<uint64_t, CapturedBuffer> byBase;
  auto bufferOf = [&](const emu::MemRange &a) -> CapturedBuffer & {
    CapturedBuffer &b = byBase[a.base];
    b.base = a.base;
    b.size = a.size;
    return b;
  };
  if (const emu::MemRange *a = memory.findAllocation(launch.kernel->globalVarBase)) {
    CapturedBuffer &b = bufferOf(*a);
    b.name = "globals";
    b.isGlobals = true;
    b.what = "the __device__ variables of the kernel's object";
  }
  const KernelInfo &info = launch.kernel->kernel.info;
  for (size_t i = 0; i < info.params.size(); ++i) {
    const ParamInfo &p = info.params[i];
    if (p.size != info.abi / 8)
      continue;
    uint64_t addr = 0;
    std::memcpy(&addr, launch.params.data() + (p.offset - limits::kFirstParamOffset), p.size);
    const emu::MemRange *a = addr ? memory.findAllocation(addr) : nullptr;
    if (!a || !bufferOf(*a).name.empty())
      continue;
    CapturedBuffer &b = bufferOf(*a);
    b.name = "arg" + std::to_string(i);
    const std::string cType = paramTypes.size() == info.params.size() ? paramTypes[i] : "";
    b.what = "parameter " + std::to_string(i) + (cType.empty() ? "" : ", " + cType);
    const bool typed = !cType.empty() && cType.back() == '*';
    b.type = bufferType(typed ? elemTypeOfC(cType.substr(0, cType.size() - 1)) : std::nullopt,
                        b.size);
  }
  // Every other allocation the launch touched.
  for (const auto &[index, block] : touched.blocks)
    if (const emu::MemRange *a = memory.findAllocation(index * kBlock))
      bufferOf(*a); // outside every allocation (--memcheck=page): not kept
  std::vector<CapturedBuffer> out;
  size_t others = 0;
  for (auto &[base, b] : byBase) {
    if (b.name.empty()) {
      b.name = "buf" + std::to_string(++others);
      b.what = "reached through memory";
      b.type = bufferType(std::nullopt, b.size);
    }
    b.before = touchedRuns(touched, TouchedBlocks::Block::contentsMatter, b.base, b.size);
    out.push_back(std::move(b));
  }
  return out;
}

namespace {
/// The runs of the blocks at `offsets` (from a buffer's start; sorted, no
/// repeats) of a buffer of `size` bytes.
std::vector<ByteRun> runsOfBlocks(const std::vector<uint64_t> &offsets, uint64_t size) {
  std::vector<ByteRun> runs;
  for (uint64_t offset : offsets) {
    const uint64_t bytes = std::min(kBlock, size - offset);
    if (!runs.empty() && runs.back().offset + runs.back().bytes == offset)
      runs.back().bytes += bytes;
    else
      runs.push_back({offset, bytes});
  }
  return runs;
}

/// Appends the offsets in [base, base + size) of the blocks `want` takes.
void blocksIn(const TouchedBlocks &blocks, bool (*want)(const TouchedBlocks::Block &),
              uint64_t base, uint64_t size, std::vector<uint64_t> &offsets) {
  // Allocations start on a block, so a block is in one allocation or none.
  for (const auto &[index, block] : blocks.blocks)
    if (want(block) && index * kBlock - base < size)
      offsets.push_back(index * kBlock - base);
}
} // namespace

std::vector<ByteRun> touchedRuns(const TouchedBlocks &blocks,
                                 bool (*want)(const TouchedBlocks::Block &), uint64_t base,
                                 uint64_t size) {
  std::vector<uint64_t> offsets;
  blocksIn(blocks, want, base, size, offsets);
  std::sort(offsets.begin(), offsets.end());
  return runsOfBlocks(offsets, size);
}

std::vector<ByteRun> writtenRuns(const CapturedBuffer &b, const TouchedBlocks &program,
                                 const TouchedBlocks &replay) {
  std::vector<uint64_t> offsets;
  blocksIn(program, TouchedBlocks::Block::wasWritten, b.base, b.size, offsets);
  blocksIn(replay, TouchedBlocks::Block::wasWritten, b.base, b.size, offsets);
  std::sort(offsets.begin(), offsets.end());
  offsets.erase(std::unique(offsets.begin(), offsets.end()), offsets.end());
  return runsOfBlocks(offsets, b.size);
}

} // namespace simt::rt
