//===-- HeapCheck.h - memcheck of the device heap's blocks ----------------===//
//
// The device heap (cc/headers/__simt_device_heap.h) is one __device__ array
// to the emulator's byte-exact mapping, so memcheck checks its blocks here,
// from the trace hook, attached once a kernel of an object that has a heap
// is launched: every access the program makes inside the array must fall
// in the payload of a live block, within the bytes malloc was asked for.
// Blocks are carved in order from offset 0 by the heap's bump pointer and
// keep their size class for good, so their offsets are learned once, by
// walking the headers; a block's state and requested size are read from its
// header at each access (only accesses inside the heap pay).
//
// The heap's own accesses (headers, free lists) are told apart by the code
// that makes them: malloc, free and __simt_heap_bad_free are never inlined,
// so each is a function of the kernel's image. A PC range is exact at every
// optimisation level and needs no line table; no marker in the data could
// tell the heap's header store from a program's p[-1].
//
// A free the heap refuses leaves the pointer and the heap's verdict in the
// heap's `refused` mailbox, by lane, and traps: memcheck reads them there
// and finds the free's call among the warp's calls (its SIMT stack).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "emu/device/Facade.h"
#include "runtime/DeviceSession.h"
#include "runtime/sanitizer/Reporter.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace simt::rt::sanitizer {

/// A finding of the heap check, with the lines that place its address.
struct HeapFinding {
  Finding finding;
  std::vector<std::string> where;
};

class HeapCheck {
public:
  explicit HeapCheck(DeviceSession &session) : session_(session) {}
  /// Kernel `code` is about to be launched: from now on the heap of its
  /// object, if it has one, is checked. Whether any heap is.
  bool watch(const LoadedCode &code);
  bool watching() const { return !heaps_.empty(); }
  /// One executed warp-instruction (TraceMemory).
  void observe(const emu::TraceRecord &r, std::vector<HeapFinding> &out);
  /// The trap `fault` of `warp` (may be null): if it is the heap's refusal
  /// of a free, a finding per lane at the free's call; else none.
  std::vector<HeapFinding> refusedFrees(const emu::FaultReport &fault,
                                        std::optional<emu::WarpView> warp);

private:
  struct Heap {
    uint64_t base = 0, size = 0; // the array
    uint64_t state = 0;          // its State: the bump pointer first
    uint64_t refused = 0;        // its Refused by lane
    std::vector<uint64_t> blocks; // offsets of the blocks walked, ascending
    uint64_t walked = 0;          // the heap bytes those blocks cover
  };
  /// A kernel's view: its object's heap and where the heap's functions lie
  /// in its image (empty ranges: the kernel does not call them).
  struct KernelView {
    size_t heap = 0;
    uint64_t code[3][2] = {}; // malloc, free, __simt_heap_bad_free: [begin, end)
    bool inHeapCode(uint64_t pc) const;
  };
  /// A block as its header says now.
  struct Block {
    uint64_t offset = 0, payload = 0, requested = 0;
    uint32_t state = 0;
    bool live() const;
  };

  /// The view of grid `id`'s kernel, or null if its object has no heap.
  const KernelView *viewOf(emu::GridId id);
  /// Learns the blocks carved since the last walk whose headers are
  /// written; returns the bytes carved (the bump pointer, at most the heap).
  uint64_t walk(Heap &h);
  Block blockAt(const Heap &h, size_t index);
  /// The index of the block holding heap offset `offset` (< h.walked).
  size_t indexOf(const Heap &h, uint64_t offset) const;
  /// Lane `lane`'s access of `bytes` at `addr` inside heap `h`.
  void checkAccess(Heap &h, const emu::TraceRecord &r, const emu::MemAccess &m, unsigned lane,
                   std::vector<HeapFinding> &out);
  /// The lines placing `addr` against the live block nearest to block
  /// `index` (or its neighbours).
  std::vector<std::string> nearestLive(const Heap &h, size_t index, uint64_t addr);
  DeviceSession &session_;
  std::vector<Heap> heaps_;
  std::map<const LoadedKernel *, KernelView> kernels_;
  emu::GridId lastGrid_ = 0;
  const KernelView *view_ = nullptr;
  DeviceMemory *memory_ = nullptr;
};

} // namespace simt::rt::sanitizer
