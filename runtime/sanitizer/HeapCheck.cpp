//===-- HeapCheck.cpp - memcheck of the device heap's blocks --------------===//
#include "runtime/sanitizer/HeapCheck.h"

#include "emu/device/Facade.h"
#include "support/Text.h"

#include <algorithm>
#include <bit>

namespace simt::rt::sanitizer {

using emu::sanitize::FindingKind;

namespace {

// As cc/headers/__simt_device_heap.h lays the heap out.
constexpr std::string_view kBytesVar = "_ZN11__simt_heap5bytesILi0EEE";
constexpr std::string_view kStateVar = "_ZN11__simt_heap5stateILi0EEE";
constexpr std::string_view kRefusedVar = "_ZN11__simt_heap7refusedILi0EEE";
constexpr const char *kFunctions[3] = {"malloc", "free", "__simt_heap_bad_free"};
enum Function { Malloc, Free, BadFree };
constexpr uint64_t kHeader = 16, kMinShift = 5, kClasses = 27;
constexpr uint64_t kStateWord = 0, kClassWord = 4, kSizeWord = 8; // bytes into a header
constexpr uint32_t kLive = 0x4c495645u, kFreed = 0x46524545u;
constexpr uint32_t kDoubleFree = 1;
constexpr uint64_t kRefusedBytes = 16, kWhyOffset = 8; // struct Refused {p; why;}

} // namespace

bool HeapCheck::KernelView::inHeapCode(uint64_t pc) const {
  for (const auto &range : code)
    if (pc >= range[0] && pc < range[1])
      return true;
  return false;
}

bool HeapCheck::Block::live() const { return state == kLive; }

bool HeapCheck::watch(const LoadedCode &code) {
  if (kernels_.count(&code.kernel))
    return watching();
  const VarInfo *bytes = session_.variableOf(code, kBytesVar);
  const VarInfo *state = session_.variableOf(code, kStateVar);
  const VarInfo *refused = session_.variableOf(code, kRefusedVar);
  if (!bytes || !state || !refused)
    return watching();
  KernelView view;
  view.heap = heaps_.size();
  for (size_t i = 0; i < heaps_.size(); ++i)
    if (heaps_[i].base == bytes->offset)
      view.heap = i;
  if (view.heap == heaps_.size()) {
    Heap h;
    h.base = bytes->offset;
    h.size = bytes->size;
    h.state = state->offset;
    h.refused = refused->offset;
    heaps_.push_back(std::move(h));
  }
  for (const ImageSection &s : code.kernel.sections)
    for (int f = Malloc; f <= BadFree; ++f)
      if (!s.isKernel && s.name == kFunctions[f]) {
        view.code[f][0] = s.addr;
        view.code[f][1] = s.addr + s.size;
      }
  kernels_[&code.kernel] = view;
  return true;
}

const HeapCheck::KernelView *HeapCheck::viewOf(emu::GridId id) {
  const emu::Grid *g = session_.device().grid(id);
  if (!g)
    return nullptr;
  const LoadedKernel *k = session_.kernelOf(*g);
  const auto it = kernels_.find(k);
  memory_ = session_.memoryOf(*g);
  return it == kernels_.end() || !memory_ ? nullptr : &it->second;
}

//===-- The blocks ---------------------------------------------------------------===//

uint64_t HeapCheck::walk(Heap &h) {
  const uint64_t carved = std::min(memory_->load<uint64_t>(h.state).value_or(0), h.size);
  // A header's state is written last (handOut): a block whose state is
  // still 0 is being carved, and the walk waits for it.
  while (h.walked + kHeader <= carved) {
    const uint64_t at = h.base + h.walked;
    const auto sizeClass = memory_->load<uint32_t>(at + kClassWord);
    const auto state = memory_->load<uint32_t>(at + kStateWord);
    if (!sizeClass || !state || !*state || *sizeClass >= kClasses)
      break;
    h.blocks.push_back(h.walked);
    h.walked += uint64_t{1} << (*sizeClass + kMinShift);
  }
  return carved;
}

HeapCheck::Block HeapCheck::blockAt(const Heap &h, size_t index) {
  Block b;
  b.offset = h.blocks[index];
  b.payload = h.base + b.offset + kHeader;
  b.requested = memory_->load<uint32_t>(h.base + b.offset + kSizeWord).value_or(0);
  b.state = memory_->load<uint32_t>(h.base + b.offset + kStateWord).value_or(0);
  return b;
}

size_t HeapCheck::indexOf(const Heap &h, uint64_t offset) const {
  return static_cast<size_t>(std::upper_bound(h.blocks.begin(), h.blocks.end(), offset) -
                             h.blocks.begin()) -
         1;
}

std::vector<std::string> HeapCheck::nearestLive(const Heap &h, size_t index, uint64_t addr) {
  const Block *best = nullptr;
  Block near[3];
  uint64_t bestDistance = ~uint64_t{0};
  for (size_t i = index ? index - 1 : 0, n = 0; i <= index + 1 && i < h.blocks.size(); ++i) {
    near[n] = blockAt(h, i);
    const Block &b = near[n++];
    if (!b.live())
      continue;
    const uint64_t end = b.payload + b.requested;
    const uint64_t d = addr < b.payload ? b.payload - addr : addr >= end ? addr - end : 0;
    if (d < bestDistance) {
      bestDistance = d;
      best = &b;
    }
  }
  if (!best)
    return {};
  return {placeText(addr, best->payload, best->requested), "Allocated by device malloc"};
}

//===-- Accesses -------------------------------------------------------------------===//

void HeapCheck::observe(const emu::TraceRecord &r, std::vector<HeapFinding> &out) {
  if (r.grid != lastGrid_) {
    lastGrid_ = r.grid;
    view_ = viewOf(r.grid);
  }
  if (!view_)
    return;
  Heap &h = heaps_[view_->heap];
  if (view_->inHeapCode(r.pc))
    return; // the heap's own accesses
  for (const emu::MemAccess &m : r.mem) {
    if (m.space != emu::MemSpace::Global)
      continue;
    for (uint32_t lanes = m.lanes; lanes; lanes &= lanes - 1) {
      const unsigned l = static_cast<unsigned>(std::countr_zero(lanes));
      if (m.addr[l] - h.base < h.size)
        checkAccess(h, r, m, l, out);
    }
  }
}

void HeapCheck::checkAccess(Heap &h, const emu::TraceRecord &r, const emu::MemAccess &m,
                            unsigned lane, std::vector<HeapFinding> &out) {
  const uint64_t addr = m.addr[lane], offset = addr - h.base;
  const uint64_t carved = walk(h);
  if (offset < carved && offset >= h.walked)
    return; // in a block still being carved: not known yet
  HeapFinding f;
  f.finding.kind = FindingKind::InvalidAccess;
  f.finding.access = emu::sanitize::memorySite(r.grid, r.cta, r.warp * emu::WarpSize + lane,
                                               r.pc, m.space, m.kind, m.bytes, addr);
  f.where.push_back("Access to " + hex(addr) + " is out of bounds");
  if (h.blocks.empty()) {
    out.push_back(std::move(f));
    return;
  }
  const size_t index = indexOf(h, std::min(offset, h.walked - 1));
  const Block b = blockAt(h, index);
  const bool inPayload = addr >= b.payload && addr - b.payload < b.requested;
  if (b.live() && inPayload && addr + m.bytes <= b.payload + b.requested)
    return;
  if (b.state == kFreed && inPayload) {
    f.finding.kind = FindingKind::UseAfterFree;
    f.where.push_back("and is " + byteCount(addr - b.payload) +
                      " bytes inside a freed allocation at " + hex(b.payload) + " of size " +
                      byteCount(b.requested) + " bytes");
    f.where.push_back("Allocated by device malloc, freed by device free");
  } else {
    const auto near = nearestLive(h, index, addr);
    f.where.insert(f.where.end(), near.begin(), near.end());
  }
  out.push_back(std::move(f));
}

//===-- Refused frees ---------------------------------------------------------------===//

std::vector<HeapFinding> HeapCheck::refusedFrees(const emu::FaultReport &fault,
                                                 std::optional<emu::WarpView> calls) {
  std::vector<HeapFinding> out;
  const KernelView *view = viewOf(fault.grid);
  lastGrid_ = 0; // viewOf moved the cached view's memory: the next record looks again
  if (!view || fault.kind != emu::FaultKind::Trap || fault.pc < view->code[BadFree][0] ||
      fault.pc >= view->code[BadFree][1])
    return out;
  Heap &h = heaps_[view->heap];
  walk(h);
  // The free's call: the innermost call made from outside the heap.
  uint32_t site = fault.pc;
  for (uint32_t level = calls ? calls->stackDepth() : 0; level-- > 0;) {
    const emu::Token t = calls->stackLevel(level).token;
    if (t.type == emu::TokenType::Call && t.pc > 0 && !view->inHeapCode((t.pc - 1) * 8)) {
      site = (t.pc - 1) * 8;
      break;
    }
  }
  for (uint32_t lanes = fault.lanes; lanes; lanes &= lanes - 1) {
    const unsigned l = static_cast<unsigned>(std::countr_zero(lanes));
    const uint64_t at = h.refused + l * kRefusedBytes;
    const uint64_t p = memory_->load<uint64_t>(at).value_or(0);
    HeapFinding f;
    f.finding.kind = memory_->load<uint32_t>(at + kWhyOffset).value_or(0) == kDoubleFree
                         ? FindingKind::DoubleFree
                         : FindingKind::InvalidFree;
    f.finding.access =
        emu::sanitize::memorySite(fault.grid, fault.cta, fault.warp * emu::WarpSize + l, site,
                                  emu::MemSpace::Global, emu::MemAccessKind::Store, 0, p);
    f.where.push_back("Address " + hex(p));
    const uint64_t offset = p - h.base;
    if (offset >= kHeader && offset < h.walked) {
      const Block b = blockAt(h, indexOf(h, offset - kHeader));
      const std::string block = "the allocation at " + hex(b.payload) + " of size " +
                                byteCount(b.requested) + " bytes";
      if (f.finding.kind == FindingKind::DoubleFree)
        f.where.push_back(block + " was freed before");
      else if (p != b.payload)
        f.where.push_back("inside " + block + ", not its start");
    }
    if (f.finding.kind == FindingKind::InvalidFree && f.where.size() == 1)
      f.where.push_back("not a pointer device malloc returned");
    out.push_back(std::move(f));
  }
  return out;
}

} // namespace simt::rt::sanitizer
