//===-- Grid.h - A launched kernel: parameters and per-grid state ---------===//
//
// LaunchParams is what the runtime hands to Device::launch: the decoded code
// of the kernel image (kernel first, then its device functions; instruction i
// at byte address 8 * i), the kernel's resources, the grid and block shapes,
// the parameter bytes of the launch block (ISA.md 1.1), the constants version,
// the global memory it runs against and its context. Grid is the device's
// record of one launch: its constant banks 0 and 1, dispatch progress and outcome.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "emu/mem/ConstStore.h"
#include "emu/core/Fault.h"
#include "emu/core/Inst.h"
#include "emu/core/LaunchBlock.h"
#include "emu/mem/Memory.h"

#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

namespace simt::emu {

using GridId = uint32_t;
/// A context (ISA.md 7, emu/core/Context.h): 0 is the runtime's "default".
using ContextId = uint32_t;
inline constexpr ContextId kNoContext = UINT32_MAX;
struct JitImage; // emu/core/Jit.h
struct JitSite;  // emu/core/Jit.h

/// The kernel as loaded: decoded once, shared by every launch of it.
struct KernelDesc {
  std::string name;
  /// How reports show it (the runtime's demangled form); empty: `name`.
  std::string shownName;
  const std::vector<Inst> *code = nullptr; // must outlive the grid
  uint32_t regs = 63;      // registers per thread (.regs)
  uint32_t shared = 0;     // static shared bytes (.shared)
  uint32_t local = 0;      // local bytes per thread (.local)
  uint32_t maxStack = limits::kDefaultStackDepth; // SIMT stack depth limit (.max_stack)
  /// Where c[0x0] holds the launch's shape (Fermi's for listing kernels).
  LaunchLayout launchLayout = LaunchLayout::Isa;
};

struct LaunchParams {
  KernelDesc kernel;
  uint32_t grid[3] = {1, 1, 1};
  uint32_t block[3] = {1, 1, 1};
  uint32_t dynamicShared = 0;     // added to the static size (c[0x0][0x18], LaunchBlock.h)
  std::vector<uint8_t> params;    // placed at c[0x0][0x20]
  uint32_t maxStack = 0;          // launch override (max_stack=N); 0: the kernel's
  /// c[0x1][0x100], the initial local stack pointer; default: kernel.local.
  std::optional<uint32_t> localStackPointer;
  /// c[0x1][0x108], the device address of the global-variable block of the
  /// kernel's object (SIMTLimits.h kGlobalVarBaseSlot); 0 when it has none.
  uint64_t globalVarBase = 0;
  /// %envreg8..10 (SIMTLimits.h kPrintfBufferEnvReg): the launch's printf
  /// buffer and its size in bytes; 0 when the kernel does not print.
  uint64_t printfBuffer = 0;
  uint32_t printfBufferBytes = 0;
  /// %envreg1..2: a cooperative launch's grid workspace (SIMTLimits.h
  /// kGridWorkspaceBytes, zeroed: cooperative_groups' grid sync counts in
  /// its barrier word); 0 for other launches.
  uint64_t gridWorkspace = 0;
  /// The constants version the grid reads (banks 2..15). If set, the caller
  /// took a reference for the grid (ConstCache::bind); otherwise the device
  /// binds the current version itself when a ConstCache is attached. Either
  /// way the device releases the reference when the grid ends.
  std::optional<ConstVersion> constVersion;
  GlobalMemory memory;
  std::string name;               // `launch ... as NAME`; for reports
  /// The context the grid belongs to (Device::context(NAME)); its CTAs run
  /// only on SMs allocated to that context. `memory` must be that context's.
  ContextId context = 0;
};

enum class GridState : uint8_t {
  Running,   // CTAs pending or resident
  Done,      // every CTA finished
  Faulted,   // stopped by a fault; its warps stay frozen for inspection
  Discarded, // stopped by the host (discardGrid)
};

const char *gridStateName(GridState s);

class Grid {
public:
  GridId id = 0;
  LaunchParams params;
  GridState state = GridState::Running;
  ConstVersion constVersion = 0;
  bool holdsConstRef = false;

  // Shape and per-CTA resources, computed at launch.
  uint32_t numCtas = 0;
  uint32_t threadsPerCta = 0;
  uint32_t warpsPerCta = 0;
  uint32_t regsPerCta = 0;    // register file entries (warp-granular)
  uint32_t sharedPerCta = 0;  // static + dynamic bytes
  uint32_t localWindow = 0;   // bytes per thread
  uint32_t maxStack = 0;      // depth limit
  uint32_t codeSize = 0;      // instructions
  /// Registers R0..regSpan-1 are the only ones the image's instructions
  /// can read or write (registerSpan): what a warp of it needs zeroed.
  uint32_t regSpan = 0;
  /// The device's break-site bytes for this kernel image, one per
  /// instruction (Device::setBreakSite); owned by the device.
  const uint8_t *breakSites = nullptr;
  /// The JIT's view of this kernel image (emu/core/Jit.h), or null:
  /// interpreted; owned by the JIT compiler.
  JitImage *jit = nullptr;
  /// One byte per instruction: 1 where an SM isolated in a parallel epoch
  /// pauses (Sm::serializes); empty when the image has no such instruction.
  std::vector<uint8_t> serialSites;

  // Progress.
  uint32_t nextCta = 0;       // next CTA (linear index) to dispatch
  /// CTAs a parallel epoch reserved for an SM that did not start them
  /// (Device::reserveCtas, takeExcept), ascending: dispatched before nextCta.
  std::vector<uint32_t> returnedCtas;
  uint32_t ctasResident = 0;
  uint32_t ctasDone = 0;
  uint64_t launchCycle = 0;
  uint64_t endCycle = 0;
  std::optional<FaultReport> fault;

  // Constant banks 0 (launch block) and 1 (runtime ABI), little-endian.
  std::vector<uint8_t> bank0;
  std::vector<uint8_t> bank1;

  /// Whether some CTA is still to be dispatched, and how many.
  bool ctasToDispatch() const { return !returnedCtas.empty() || nextCta < numCtas; }
  uint32_t ctasUndispatched() const {
    return numCtas - nextCta + static_cast<uint32_t>(returnedCtas.size());
  }
  /// The next CTA to dispatch (the lowest returned one first).
  uint32_t takeCta() {
    if (returnedCtas.empty())
      return nextCta++;
    const uint32_t linear = returnedCtas.front();
    returnedCtas.erase(returnedCtas.begin());
    return linear;
  }
  /// The CTA at position `i` of the dispatch order (i < ctasUndispatched()):
  /// takeCta() would give it after taking the `i` before it.
  uint32_t ctaAt(uint32_t i) const {
    return i < returnedCtas.size() ? returnedCtas[i]
                                   : nextCta + (i - static_cast<uint32_t>(returnedCtas.size()));
  }
  /// The first `taken` of the dispatch order were taken, except `left`
  /// (ascending, in that order): they become the first ones.
  void takeExcept(uint32_t taken, std::vector<uint32_t> &left) {
    const uint32_t returned = static_cast<uint32_t>(returnedCtas.size());
    if (taken < returned)
      left.insert(left.end(), returnedCtas.begin() + taken, returnedCtas.end());
    else
      nextCta += taken - returned;
    returnedCtas.swap(left);
  }

  const Inst *code() const { return params.kernel.code->data(); }
  const std::string &kernelName() const { return params.kernel.name; }
  const std::string &shownName() const {
    return params.kernel.shownName.empty() ? params.kernel.name : params.kernel.shownName;
  }

  static uint32_t readBank(const std::vector<uint8_t> &bank, uint32_t offset) {
    if (offset + 4 > bank.size())
      return 0;
    uint32_t v;
    std::memcpy(&v, bank.data() + offset, 4);
    return v;
  }
  uint32_t bank0Word(uint32_t offset) const { return readBank(bank0, offset); }
  uint32_t bank1Word(uint32_t offset) const { return readBank(bank1, offset); }

  /// CTA coordinates of linear index `linear` (x fastest).
  void ctaCoords(uint32_t linear, uint32_t out[3]) const {
    const uint32_t *g = params.grid;
    out[0] = linear % g[0];
    out[1] = (linear / g[0]) % g[1];
    out[2] = linear / (g[0] * g[1]);
  }
};

} // namespace simt::emu
