//===-- DeviceSession.h - The host side of a run: contexts, launches ------===//
//
// The one host API: libcudart, simt-emu and the debugger drive the device
// through it, and so does the run-script interpreter (runtime/script/
// ScriptRunner.h): load objects, allocate and fill buffers, issue constant
// commands, launch (asynchronously), wait/advance, read results, copy the
// whole session (checkpoints). One Device runs every context's grids; each
// context has its own global memory and loaded programs.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "emu/mem/ConstCache.h"
#include "emu/mem/ConstStore.h"
#include "emu/device/Device.h"
#include "runtime/DeviceMemory.h"
#include "runtime/ModuleBanks.h"
#include "runtime/ObjectFile.h"
#include "runtime/PrintfBuffer.h"
#include "runtime/TextureBinding.h"
#include "runtime/Values.h"

#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace simt::rt {

/// A kernel ready to launch: its metadata, its decoded code and the device
/// address of its object's `__device__` variables (0: none), which launches
/// put in c[0x1][0x108]. Loaded code never changes: copies of a session
/// (DeviceSession::clone) share it, so their grids' code pointers stay valid.
struct LoadedCode {
  LoadedKernel kernel;
  std::vector<emu::Inst> code;
  uint64_t globalVarBase = 0;
};

/// One launch as the host API states it: the kernel, the shape, and the
/// parameter bytes as they stand from c[0x0][0x20] (runtime/LaunchBlock.h's
/// ParamBlock lays them out, for the run script and the CUDA runtime alike).
struct LaunchRequest {
  const LoadedCode *kernel = nullptr;
  uint32_t grid[3] = {1, 1, 1};
  uint32_t block[3] = {1, 1, 1};
  uint32_t dynamicShared = 0;
  std::vector<uint8_t> params;
  std::optional<uint32_t> maxStack; ///< max_stack=N; default the kernel's
  std::string name;                 ///< `launch ... as NAME`
  /// A cooperative launch (cudaLaunchCooperativeKernel): the grid gets a
  /// zeroed grid workspace of its own (%envreg1/2), freed at its end.
  /// The caller checks that every CTA can be resident at once.
  bool cooperative = false;
};

/// Where `load FILE globals=NAME at=ADDR` puts an object's `__device__`
/// variables: their block as buffer `buffer` (u8 elements; unnamed if
/// empty), at `at` (else where the allocator puts it).
struct GlobalsPlacement {
  std::string buffer;
  std::optional<uint64_t> at;
};

struct DeviceSessionConfig {
  emu::DeviceConfig device;
  emu::ConstCacheConfig constCache;
  /// --memcheck / `set memcheck`: every context's global-memory check.
  emu::Memcheck memcheck = emu::Memcheck::Strict;
  /// Bytes of each launch's printf buffer (--printf-buffer; CUDA's 1 MiB).
  uint32_t printfBufferBytes = 1u << 20;
  /// The device's global memory for the CUDA runtime (--global-memory):
  /// what totalGlobalMem and cudaMemGetInfo report, and all that device
  /// allocations may take together. 1 GiB; host memory backs only the
  /// pages a program touches.
  uint64_t globalMemoryBytes = uint64_t(1) << 30;
};

class DeviceSession {
public:
  DeviceSession(const DeviceSessionConfig &cfg, std::ostream &out);
  ~DeviceSession();

  emu::Device &device() { return *device_; }
  const emu::Device &device() const { return *device_; }

  /// A deep copy of the session (a debugger checkpoint): contexts with their
  /// memory and buffers, the constant store and cache model, the device
  /// (Device::clone) and flags; it prints to `out`. Loaded code is shared.
  /// Between runs only.
  std::unique_ptr<DeviceSession> clone(std::ostream &out) const;
  /// Approximate host bytes a clone takes (global memory + Device::footprint).
  size_t footprint() const;

  Status load(const std::filesystem::path &path, const GlobalsPlacement &globals = {});

  //===-- Programs (the CUDA runtime, runtime/cudart) -----------------------===//

  /// Loads an object from memory into the current context (as `load`); its
  /// kernels and variables are then found by module, so that two objects'
  /// kernels of one name stay apart. Returns the module's index.
  Expected<size_t> loadModule(std::span<const uint8_t> bytes, std::string_view name);
  /// Kernel `name` (exact, as the object names it) of module `module`.
  const LoadedCode *kernelIn(size_t module, std::string_view name) const;
  /// Module variable `name` of module `module` (a `__device__` variable's
  /// offset is its device address).
  const VarInfo *variableIn(size_t module, std::string_view name) const;
  /// Every module variable of module `module`.
  std::vector<const VarInfo *> variablesOf(size_t module) const;
  /// Module variable `name` of the object kernel `code` was loaded from.
  const VarInfo *variableOf(const LoadedCode &code, std::string_view name) const;
  /// Every module variable of the object kernel `code` was loaded from.
  std::vector<const VarInfo *> variablesOf(const LoadedCode &code) const;
  /// Queues a grid (asynchronous, as `launch`); its printf buffer is made
  /// here. Errors are the device's launch checks.
  Expected<emu::GridId> launch(const LaunchRequest &request);
  /// Runs the device until every grid (or grid `grid`) has ended, then
  /// prints what the ended grids printed; a fault or --max-steps is an error
  /// carrying the report.
  Status runUntilIdle();
  Status runUntilEnded(emu::GridId grid);
  /// Runs the device `cycles` cycles on (Device::advance), then prints what
  /// the grids that ended printed; errors as above.
  Status advance(uint64_t cycles);
  /// A device run's result as the runs above return it: faults and the step
  /// limit are errors carrying the report (for runs made by others, e.g. a
  /// debugger in a program).
  Status checkRun(const emu::RunResult &r);
  /// A constant command: `bytes` at `offset` of bank `bank` join the pending
  /// constants version (ISA.md 6): running grids keep the version they read.
  /// The bank's holder (ModuleBanks.h) sees them in its image too.
  Status writeConstant(uint32_t bank, uint32_t offset, std::span<const uint8_t> bytes);
  /// Binds texture reference `tex` (a VarInfo with isTexture) or, with
  /// nullopt, unbinds it: the constant command that writes its binding
  /// words (isa/SIMTLimits.h), checked as `bind` checks them.
  Status bindTexture(const VarInfo &tex, const std::optional<TextureBinding> &binding);
  /// Reads c[bank][offset..] as the newest constants version holds it.
  Status readConstant(uint32_t bank, uint32_t offset, std::span<uint8_t> out) const;
  /// A constant command as module `module` of the current context sees its
  /// banks (runtime/ModuleBanks.h): its own image of `bank` takes the
  /// bytes, which reach the bank now only while the module holds it (else
  /// at the next launch of one of its kernels). A bank the module has no
  /// variables in takes a raw command.
  Status writeModuleConstant(size_t module, uint32_t bank, uint32_t offset,
                             std::span<const uint8_t> bytes);
  /// Reads c[bank][offset..] as module `module` sees it (its image).
  Status readModuleConstant(size_t module, uint32_t bank, uint32_t offset,
                            std::span<uint8_t> out) const;
  /// The module (of the current context) of `var`, a variable this session
  /// handed out (variableIn, variablesOf, findVariable); none for others.
  std::optional<size_t> moduleOf(const VarInfo &var) const;
  /// writeModuleConstant/readModuleConstant for the module of `var` (raw
  /// commands for a variable of none); `offset` is in the bank.
  Status writeConstant(const VarInfo &var, uint32_t offset, std::span<const uint8_t> bytes);
  Status readConstant(const VarInfo &var, uint32_t offset, std::span<uint8_t> out) const;
  bool faulted() const { return faulted_; }
  std::string statsJson() const;
  /// Prints the printf records of every grid that has ended since the last
  /// call (to the session's stream, in launch order) and frees their
  /// buffers, and ended cooperative grids' workspaces; the runs above
  /// call it, the debugger after each of its own.
  void flushPrintf();
  /// The stream the session prints to (printf, and a script's `dump`).
  std::ostream &out() const { return out_; }
  /// Where printf's warnings go (a full buffer): std::cerr, or a script
  /// runner's `err` while it runs a script.
  void setErrorStream(std::ostream &err) { err_ = &err; }
  /// Where each running grid stands: its CTAs and the warp `next` (the one
  /// about to issue) or its first resident warp, as --max-steps reports it.
  std::string whereGridsStand(const emu::WarpRef *next = nullptr) const;

  //===-- The debugger's view (simt-dbg) -------------------------------------===//

  const DeviceSessionConfig &config() const { return cfg_; }
  /// The device's level of the ISA, its compute capability times ten
  /// (isa/SIMTLevel.h): --arch's, else the highest level of the objects
  /// loaded so far (an object above a fixed level does not load).
  unsigned level() const { return level_; }
  /// Makes the device of level `level` (its limits too).
  void setLevel(unsigned level);
  /// `set memcheck strict|page`: for every context, from the next launch on.
  void setMemcheck(emu::Memcheck m);
  /// Makes context `name` the current one, creating it if new (`context`).
  void useContext(const std::string &name);
  /// The current context's global memory and buffers.
  DeviceMemory &memory();
  /// The global memory grid `g` runs against (its context's), or null.
  DeviceMemory *memoryOf(const emu::Grid &g);
  /// The loaded kernel (image, symbols, metadata) grid `g` runs, or null.
  const LoadedKernel *kernelOf(const emu::Grid &g) const;
  /// The loaded kernel and code grid `g` runs, or null.
  const LoadedCode *loadedOf(const emu::Grid &g) const;
  /// The decoded code of loaded kernel `k` (what its grids run), or null.
  const std::vector<emu::Inst> *codeOf(const LoadedKernel &k) const;
  /// A host store into global memory `mem` (memory() or memoryOf()) outside
  /// the script, e.g. the debugger's `set var`: writes the bytes and routes
  /// them into the L2 slices as a `write` does (Device::hostWrite), so the
  /// statistics and later loads see a host write. Error if not mapped.
  Status writeGlobal(DeviceMemory &mem, uint64_t addr, std::span<const uint8_t> bytes);
  /// The host has written [addr, addr + bytes) of the current context's
  /// memory itself (a copy straight into its bytes): routes the lines into
  /// the L2 slices as writeGlobal does.
  void noteHostWrite(uint64_t addr, uint64_t bytes);
  /// The module variable `name` of the current context's objects (the last
  /// loaded one of that name); a `__device__` variable's offset is its
  /// device address.
  const VarInfo *findVariable(std::string_view name) const;
  /// The current context's kernel `name` names (runtime/KernelNames.h:
  /// exact, demangled or plain).
  Expected<const LoadedCode *> findKernel(const std::string &name);
  /// Every loaded kernel of every context, in load order.
  std::vector<const LoadedKernel *> kernels() const;
  /// The grid the last successful `launch` created (0: none yet).
  emu::GridId lastGrid() const { return lastGrid_; }
  /// How many launches succeeded (every context's).
  uint64_t launches() const { return launches_; }
  struct ContextView {
    std::string name;
    emu::ContextId id = 0; // the device's id (Device::contexts())
    bool current = false;
    std::vector<const Buffer *> buffers;
    std::vector<std::string> kernels;
  };
  std::vector<ContextView> contexts() const;
  /// What a run computed: every buffer of every context with its bytes
  /// (named "CONTEXT/NAME" outside the first context), in creation order.
  struct BufferContents {
    std::string name;
    ElemType type = ElemType::U32;
    std::vector<uint8_t> bytes;
  };
  std::vector<BufferContents> bufferContents();

private:
  struct Context;
  DeviceSession(const DeviceSession &o, std::ostream &out);
  void installPrinter();
  Context &ctx() { return *contexts_[current_]; }
  /// `run` again while a subscriber deals with its faults (Device::runEnded).
  template <class Run> emu::RunResult observed(Run run);
  /// The host wrote [addr, addr + bytes) of context `ctx`: the L2 model
  /// and the device's subscribers learn of it.
  void hostWrote(emu::ContextId ctx, uint64_t addr, uint64_t bytes);
  Status addObject(LoadedObject obj, const GlobalsPlacement &globals = {});
  /// The source lines of a report on grid `grid` at byte address `pc`
  /// (runtime/SourceBacktrace.h), with the calls of `warp` if it is live.
  std::string sourceOf(emu::GridId grid, uint32_t pc, const emu::WarpRef &warp) const;
  /// Places an object's module variables: constant data into its banks
  /// (the images of module `module` of the current context, which holds
  /// them from now on), `__device__` variables into a new allocation;
  /// returns its address.
  Expected<uint64_t> loadVariables(const LoadedObject &obj, const GlobalsPlacement &globals,
                                   size_t module);
  /// Makes the banks hold the images of the module `code` was loaded from
  /// (a launch of it).
  Status bindModuleBanks(const LoadedCode &code);

  // DeviceSession(const DeviceSession &, std::ostream &) copies every
  // member: keep it in step.
  DeviceSessionConfig cfg_;
  unsigned level_;
  bool levelFixed_; ///< --arch gave the level
  std::ostream &out_;
  emu::ConstStore constStore_;
  std::unique_ptr<emu::ConstCache> constCache_;
  ModuleBanks banks_; ///< each module's own images of its user banks
  std::unique_ptr<emu::Device> device_;
  std::vector<std::unique_ptr<Context>> contexts_;
  size_t current_ = 0;
  emu::GridId lastGrid_ = 0;
  uint64_t launches_ = 0;
  bool faulted_ = false;
  std::vector<PrintfLaunch> pendingPrintf_; ///< launches whose records wait for the grid's end
  /// Cooperative grids' workspaces, freed at each grid's end.
  struct GridWorkspace {
    emu::GridId grid = 0;
    size_t context = 0;
    uint64_t addr = 0;
  };
  std::vector<GridWorkspace> gridWorkspaces_;
  /// Where "printf buffer full" goes (setErrorStream).
  std::ostream *err_ = &std::cerr;
};

} // namespace simt::rt
