//===-- Runtime.h - The CUDA runtime's process state on the emulator ------===//
//
// libcudart (TOOLS.md "Programs") runs a program's kernels on one emulated
// device, in process, through the same DeviceSession API simt-emu uses. This is
// the state every API call shares: the session (made on first use, with
// SIMT_EMU_FLAGS's configuration), the objects clang's registration code
// hands over (a fat binary per translation unit) with their kernels and
// variables by host address, launch configurations, streams and events,
// the errors (last error per host thread, sticky device faults), and the
// driver API's own state (DriverState.h).
//
// Every entry point takes the lock (host threads call the API concurrently)
// and returns through Runtime::result, which records the last error.
//
//===----------------------------------------------------------------------===//
#ifndef SIMT_RUNTIME_CUDART_RUNTIME_H
#define SIMT_RUNTIME_CUDART_RUNTIME_H

#include "isa/SIMTLimits.h"
#include "runtime/capture/Capture.h"
#include "runtime/cudart/DeviceAgent.h"
#include "runtime/cudart/DriverState.h"
#include "runtime/DeviceSession.h"
#include "runtime/tools/ToolStack.h"

#include <cuda_runtime.h>
#include <functional>
#include <utility>

#include <cerrno>
#include <cstdint>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace simt::cudart {

/// The modeled clock (cudaDeviceProp::clockRate, kHz): emulated cycles
/// become milliseconds for events at this rate (a GTX 480-class shader
/// clock), as the profiler's kernel times do (its DeviceModel.h holds it).
inline constexpr int kClockKHz = prof::kClockKHz;

/// Where __constant__ variables appear to the host as device addresses
/// (cuModuleGetGlobal, cudaGetSymbolAddress): c[bank][offset] as module
/// `module` (DeviceSession's index) sees it is kConstantWindow +
/// (module * limits::kNumConstBanks + bank) * limits::kConstBankBytes +
/// offset (constantWindowAddress): modules may share a bank, each with its
/// own bytes (runtime/ModuleBanks.h). Host copies to and from these
/// addresses are constant commands and reads of that module's bytes; no
/// kernel can load from them (constants are banks, not memory, on this
/// device).
inline constexpr uint64_t kConstantWindow = 0xC000'0000'0000'0000ull;
inline uint64_t constantWindowAddress(size_t module, uint32_t bank, uint32_t offset) {
  return kConstantWindow +
         (uint64_t{module} * limits::kNumConstBanks + bank) * limits::kConstBankBytes + offset;
}

/// The bytes of the ELF64 little-endian object (what simt-cc writes) whose
/// header `image` points at, up to the end of its section headers, which
/// come last (Images.cpp): the header is believed only where it is
/// consistent and the bytes it claims are readable; an error saying why
/// otherwise.
Expected<std::span<const uint8_t>> elfObjectBytes(const void *image);

/// One translation unit's device object, as clang's module constructor
/// registers it (`__cudaRegisterFatBinary`).
struct Module {
  const void *wrapper = nullptr; ///< clang's wrapper; null for cuModuleLoad's
  std::span<const uint8_t> image;
  std::vector<uint8_t> owned;    ///< the image, when the runtime made it (PTX, a file)
  std::string name;                 ///< for messages: "fat binary N"
  std::optional<size_t> loaded;     ///< the session's module index once loaded
  std::string error;                ///< why it could not be loaded
  bool unloaded = false;            ///< cuModuleUnload'ed: never loaded again
};

/// A `__global__` function by its host stub's address.
struct KernelEntry {
  Module *module = nullptr;
  std::string deviceName;
};

/// A `__device__`/`__constant__` variable or texture reference by its host
/// shadow's address.
struct SymbolEntry {
  Module *module = nullptr;
  std::string deviceName;
  size_t size = 0;
  bool constant = false;
  bool texture = false;
};

/// A `__managed__` variable: its host shadow (which the program reads and
/// writes) and its device variable, kept equal at the points a program of
/// compute capability 3.x may touch managed data (runtime/cudart/Managed.cpp).
struct ManagedEntry {
  Module *module = nullptr;
  uint8_t *host = nullptr;
  std::string deviceName;
  size_t size = 0;
  std::vector<uint8_t> seen; ///< the host bytes as last made equal to the device's
};

/// A stream: the grid its work last queued (0: none pending), so later work
/// in it waits for that grid.
struct Stream {
  unsigned flags = 0;
  emu::GridId last = 0;
  /// cudaStreamBeginCapture's graph: the stream's work goes there until
  /// cudaStreamEndCapture (Graphs.cpp).
  cudaGraph_t capture = nullptr;
  /// cudaStreamSetAttribute's values (hints: they change no scheduling).
  std::map<int, cudaLaunchAttributeValue> attributes;
};

/// An event: the grids it follows and the emulated cycle it completed at.
struct Event {
  unsigned flags = 0;
  bool recorded = false;
  std::vector<emu::GridId> after;
  std::optional<uint64_t> cycle; ///< known once every grid in `after` ended
};

/// One `<<<...>>>` configuration (cudaConfigureCall or
/// __cudaPushCallConfiguration) and, for the CUDA 8 ABI, its arguments.
struct LaunchConfig {
  dim3 grid, block;
  size_t shared = 0;
  cudaStream_t stream = nullptr;
  std::vector<std::pair<size_t, std::vector<uint8_t>>> args; ///< (offset, bytes)
};

/// The arguments of a launch given as an array of pointers, one per
/// parameter of `params` (cudaLaunchKernel's `args`, cuLaunchKernel's
/// `kernelParams`); false if the array or one of its pointers is null.
bool argumentSpans(const std::vector<rt::ParamInfo> &params, void *const *args,
                   std::vector<std::span<const uint8_t>> *spans);

class Runtime {
public:
  /// The process's runtime (never destroyed: host threads and atexit
  /// handlers may call the API after static destructors run).
  static Runtime &get();

  std::recursive_mutex mutex;

  /// Page-locked host memory (cudaMallocHost, cudaHostAlloc): each block is a
  /// device allocation whose bytes the host uses directly, so the device
  /// reaches it at the address cudaHostGetDevicePointer gives. By host
  /// address: {device address, bytes, flags}.
  struct PinnedBlock {
    uint64_t device = 0;
    size_t bytes = 0;
    unsigned flags = 0;
  };
  std::map<const void *, PinnedBlock> pinned;
  /// The pinned block holding host address `p`, or null.
  const std::pair<const void *const, PinnedBlock> *pinnedAt(const void *p) const;
  /// Host ranges cudaHostRegister'ed: start -> bytes.
  std::map<const void *, size_t> hostRegistered;
  /// The cudaHostRegister range holding p, or null.
  const std::pair<const void *const, size_t> *registeredAt(const void *p) const;

  /// The device's global memory: what totalGlobalMem and cudaMemGetInfo
  /// report, and all that device allocations may take together
  /// (--global-memory).
  size_t globalBytes() const { return size_t(cfg_.globalMemoryBytes); }
  /// Device memory in use: every allocation of the device's address space
  /// but page-locked host memory, which lives there too.
  size_t deviceBytesInUse() const;
  /// A device allocation of `bytes`, or nothing when globalBytes() cannot
  /// hold it beside what is in use (cudaErrorMemoryAllocation).
  std::optional<uint64_t> allocateDevice(size_t bytes);

  //===-- Errors --------------------------------------------------------------===//

  /// Records `e` as the calling thread's last error (unless cudaSuccess) and
  /// returns it: every entry point returns through here.
  cudaError_t result(cudaError_t e);
  /// Prints "simt-cudart: CALL: MESSAGE" on stderr and returns result(e):
  /// for what CUDA would only return a code, when the reason is this device's.
  /// CALL is the program's outermost call under way, else `call`.
  cudaError_t fail(cudaError_t e, std::string_view call, std::string_view message);
  /// A declared call this runtime does not implement: warns once per call.
  cudaError_t unsupported(std::string_view call, std::string_view why);
  cudaError_t lastError(bool reset);
  /// What an entry point returns for the exception it caught
  /// (SIMT_CUDART_CATCH): a failed allocation is cudaErrorMemoryAllocation,
  /// anything else cudaErrorUnknown, the reason printed.
  cudaError_t caught(const char *call);

  /// While alive, the calling thread's last error stays what it was: a
  /// driver API call (which goes through the runtime's calls) sets none.
  class KeepLastError {
  public:
    KeepLastError();
    ~KeepLastError();
    KeepLastError(const KeepLastError &) = delete;
    KeepLastError &operator=(const KeepLastError &) = delete;

  private:
    cudaError_t saved_;
  };

  /// Whether the calling thread has a current context (the driver API's
  /// view; this runtime has one context): a runtime call makes it current,
  /// as CUDA's runtime makes the primary context current, and
  /// cuCtxSetCurrent(NULL) or cuCtxPopCurrent leave the thread without one.
  static bool &contextCurrent();
  /// The driver API's own state (cuInit, its context and handles).
  DriverState &driver() { return driver_; }

  /// The outermost API call under way (ApiCall), so that result() can
  /// name it when the sanitizer reports a failed call.
  class ApiCall {
  public:
    ApiCall(Runtime &rt, const char *name);
    ~ApiCall();
    ApiCall(const ApiCall &) = delete;
    ApiCall &operator=(const ApiCall &) = delete;

  private:
    Runtime &rt_;
    bool outermost_;
  };
  /// The sticky error of a device fault (cudaSuccess while none).
  cudaError_t sticky() const { return sticky_; }

  //===-- The device ------------------------------------------------------------===//

  /// The session, made on first use; nullptr if SIMT_EMU_FLAGS is wrong
  /// (the reason printed once; calls return cudaErrorInitializationError).
  rt::DeviceSession *session();
  /// The profile's host events (SIMT_EMU_FLAGS=--profile...), or null.
  prof::HostEvents *profilerEvents() {
    return tools_.profiler() ? &tools_.profiler()->host() : nullptr;
  }
  /// session(), or the error a call that needs it returns.
  cudaError_t ready();
  const rt::DeviceSessionConfig &config() const { return cfg_; }
  /// The device as it runs: the configuration at the session's level (the
  /// base level before a session exists).
  emu::DeviceConfig deviceConfig() const {
    const unsigned asked = cfg_.device.level ? cfg_.device.level : levels::kBase;
    return cfg_.device.atLevel(session_ ? session_->level() : asked);
  }
  /// CTAs of kernel `k` with `threads` threads and `dynamicShared` bytes
  /// that one SM holds at once (emu::occupancy, the scheduler's own rule),
  /// 0 if none fits: the occupancy API's answer and a cooperative launch's
  /// bound.
  uint64_t ctasPerSm(const rt::KernelInfo &k, uint64_t threads, size_t dynamicShared) const;
  /// The block size that keeps the most of kernel `k`'s threads resident
  /// (cudaOccupancyMaxPotentialBlockSize, the driver's too), searched as
  /// CUDA's header does: from the limit (0: none) down, a warp at a time,
  /// the largest on ties, done once an SM is full; `dynamicShared(b)` the
  /// dynamic shared memory a block of b threads asks for. {0, 0} if none
  /// fits, else {block size, the grid that fills the device}.
  std::pair<int, int> bestBlockSize(const rt::KernelInfo &k, int limit,
                                    const std::function<size_t(int)> &dynamicShared) const;
  /// Where the session lives: a debugger in the program (DeviceAgent.h)
  /// installs checkpoints here.
  std::unique_ptr<rt::DeviceSession> &sessionSlot() { return session_; }
  /// The debugger's agent (null: none): it runs the device from now on.
  void setAgent(DeviceAgent *agent) { agent_ = agent; }
  DeviceAgent *agent() const { return agent_; }
  /// From now on, launches go through `capturer` (the debugger's `capture`;
  /// null: no more), as SIMT_CAPTURE's do.
  void captureLaunches(std::unique_ptr<rt::LaunchCapturer> capturer) {
    tools_.setCapture(std::move(capturer));
  }
  /// Launches issued so far.
  uint64_t launchCount() const { return launches_; }
  /// SIMT_EMU_FLAGS=--sanitize=TOOL's sanitizer (null: none).
  rt::sanitizer::Sanitizer *sanitizer() { return tools_.sanitizer(); }

  /// Runs the device until every grid (or `grid`) has ended. A fault is
  /// printed once and becomes the sticky error, which this returns (a run
  /// stopped by --timeout: cudaErrorLaunchTimeout).
  cudaError_t synchronize(std::optional<emu::GridId> grid = std::nullopt);

  /// Bytes of the device heap (cc/headers/__simt_device_heap.h) of the
  /// loaded objects that allocate (the largest), or nullopt if none does.
  std::optional<uint64_t> deviceHeapBytes();

  //===-- Registration ----------------------------------------------------------===//

  Module *registerModule(const void *wrapper);
  /// A module the driver API loads (cuModuleLoad*): an object's bytes, or
  /// PTX text, translated here into the first user constant bank no loaded
  /// module uses. Null, with the reason in *error, if it cannot be loaded.
  Module *loadDriverModule(std::vector<uint8_t> bytes, std::string name, std::string *error);
  /// cuModuleUnload: the module's `__device__` variables are freed and its
  /// constant bank is free for the next module; its code stays for grids
  /// still running. False if it is not loaded.
  bool unloadDriverModule(Module &m);
  /// PTX text to this ISA's object, its constants in a bank no loaded module
  /// uses; false with the diagnostics in *error.
  bool translatePtx(std::string text, const std::string &name, std::vector<uint8_t> *object,
                    std::string *error);
  void unregisterModule(Module *m);
  void registerKernel(Module *m, const void *stub, const char *deviceName);
  void registerSymbol(Module *m, const void *host, const char *deviceName, size_t size,
                      bool constant, bool texture);
  /// A `__managed__` variable (a `__device__` variable whose host shadow
  /// the headers put in the __simt_managed section: isManagedShadow): the
  /// shadow takes the variable's initial value now.
  void registerManaged(Module *m, void *host, const char *deviceName, size_t size);
  /// Whether `host` is the shadow of a `__managed__` variable.
  static bool isManagedShadow(const void *host);
  /// Makes the managed variables' shadows and device variables equal: the
  /// host's writes go to the device, then, when no grid runs, the device's
  /// values come back. At synchronisations, and around the runtime's own
  /// copies and memsets (which may read or write a managed variable).
  void reconcileManaged();
  /// The host stub registered for the kernel whose symbol is `deviceName`
  /// (its mangled name), or null: what a debugger names as a kernel's host
  /// location when it has no host debugger to ask.
  const void *stubOf(std::string_view deviceName) const;
  /// The kernel of a stub and its loaded code (loading its module first).
  cudaError_t kernel(const void *stub, const rt::LoadedCode **code, std::string_view call);
  /// The variable a symbol names: a registered host shadow, or (CUDA before
  /// 5.0) a NUL-terminated name; its VarInfo in the session.
  cudaError_t symbol(const void *symbol, const rt::VarInfo **var, std::string_view call);
  /// The binding variable of a registered texture reference (loading its
  /// module first), or null.
  const rt::VarInfo *textureVar(const void *texref);

  //===-- Launches --------------------------------------------------------------===//

  std::vector<LaunchConfig> &configStack();
  /// Launches `code` with argument bytes `args` (one entry per parameter,
  /// in order), after the work `stream` must wait for; a cooperative
  /// launch (its CTAs checked to fit the device at once) after all the
  /// device's work, so that no other grid holds the room they need.
  cudaError_t launch(const rt::LoadedCode &code, dim3 grid, dim3 block, size_t shared,
                     cudaStream_t stream, const std::vector<std::span<const uint8_t>> &args,
                     std::string_view call, bool cooperative = false);
  /// The same for a kernel's host stub.
  cudaError_t launch(const void *stub, dim3 grid, dim3 block, size_t shared, cudaStream_t stream,
                     const std::vector<std::span<const uint8_t>> &args, std::string_view call);

  //===-- Streams and events ---------------------------------------------------===//

  /// The stream a handle names (0, cudaStreamLegacy, cudaStreamPerThread: the
  /// default stream), or nullptr for an unknown handle.
  Stream *stream(cudaStream_t s);
  Stream *createStream(unsigned flags);
  bool destroyStream(cudaStream_t s);
  /// Runs the device until the work queued before now in `s` has ended (for
  /// the default stream: all work of blocking streams too) and runs the
  /// stream's callbacks: what work about to be queued in `s` waits for.
  cudaError_t waitForStream(Stream &s);
  Event *createEvent(unsigned flags);
  bool destroyEvent(cudaEvent_t e);
  Event *event(cudaEvent_t e);
  /// Grids queued in `s` that the next work of `s` follows.
  std::vector<emu::GridId> pendingIn(Stream &s);
  /// Whether every grid of `after` has ended, and the cycle the last ended.
  std::optional<uint64_t> completedAt(const std::vector<emu::GridId> &after);

  /// A host callback (cudaStreamAddCallback): it runs once the grids queued
  /// before it in its stream have ended, before the stream's later work.
  void addCallback(cudaStream_t stream, Stream &s, cudaStreamCallback_t fn, void *data);
  /// Runs the callbacks whose grids have ended (all of `only`'s first).
  void runCallbacks(Stream *only = nullptr);

  /// cudaDeviceReset: every allocation, stream and event gone, the device
  /// anew, the objects loaded again.
  void reset();
  /// At exit: grids still running and unread sticky errors are reported.
  void atExit();

private:
  Runtime() = default;
  void loadModule(Module &m);
  void noteFault(const std::string &report, cudaError_t e);
  /// The object of `code`'s module as SIMT_CAPTURE writes it.
  rt::CaptureObject captureObjectOf(const rt::LoadedCode &code);
  bool assertionFailed();
  /// Discards the grids still running, then prints the printf records of
  /// every grid that has ended.
  void discardRunningGrids();
  /// Before a launch: the managed variables the host wrote since they
  /// were last made equal go to the device.
  void pushManaged();
  /// The device's managed variables back to their host shadows.
  void pullManaged();
  /// A managed variable's bytes in device memory (null: its module is not
  /// loaded).
  uint8_t *managedDeviceBytes(const ManagedEntry &e);

  rt::DeviceSessionConfig cfg_;
  std::unique_ptr<rt::DeviceSession> session_;
  DeviceAgent *agent_ = nullptr;
  uint64_t launches_ = 0;
  bool configured_ = false, configError_ = false;
  /// SIMT_EMU_FLAGS's trace, sanitizer, profiler, statistics and
  /// --timeout, and SIMT_CAPTURE. Standard output is the program's: the
  /// trace goes to stderr (or a file); the sanitizer's summary comes after
  /// all the program printed.
  rt::ToolStack tools_{{.tool = "simt-cudart",
                        .errorPrefix = "simt-cudart: ",
                        .traceOut = &std::cerr,
                        .program = rt::commandLine(program_invocation_name), // "./app -n 10", as nvprof
                        .pidPrefix = true,
                        .timeoutHint = " (SIMT_EMU_FLAGS=--timeout SECONDS stops it)",
                        .summaryLast = true,
                        .hostBacktraces = true}};
  std::vector<std::unique_ptr<Module>> modules_;
  std::map<const void *, KernelEntry> kernels_;
  std::map<const void *, SymbolEntry> symbols_;
  std::vector<ManagedEntry> managed_;
  std::vector<std::unique_ptr<Stream>> streams_;
  Stream defaultStream_;
  std::vector<std::unique_ptr<Event>> events_;
  struct Callback {
    cudaStream_t handle;
    Stream *stream;
    std::vector<emu::GridId> after;
    cudaStreamCallback_t fn;
    void *data;
  };
  std::vector<Callback> callbacks_;
  bool inCallbacks_ = false;
  bool inCallback_ = false; // a stream callback's function is running
  cudaError_t sticky_ = cudaSuccess;
  bool stickyRead_ = true;
  const char *call_ = nullptr;  ///< ApiCall's outermost call, or null
  uint64_t callHostReports_ = 0; ///< the sanitizer's host reports when it began
  std::map<std::string, bool, std::less<>> warned_;
  DriverState driver_;
};

/// The entry points' preamble: the lock, and a reference to the runtime.
/// With a profile under way (simt-prof), the call is also timed.
#define SIMT_CUDART_ENTRY                                                                          \
  ::simt::cudart::Runtime &RT = ::simt::cudart::Runtime::get();                                    \
  std::lock_guard<std::recursive_mutex> Lock(RT.mutex);                                            \
  ::simt::cudart::Runtime::ApiCall Call(RT, __func__);                                             \
  ::simt::prof::ApiScope<::simt::cudart::Runtime> ProfiledCall(RT, __func__)

/// Ends an entry point's function-try-block, so that no exception leaves the
/// C API (a C caller cannot catch one, nor does a CUDA program expect any):
///
///   cudaError_t cudaX(...) try {
///     SIMT_CUDART_ENTRY;
///     ...
///   } SIMT_CUDART_CATCH
#define SIMT_CUDART_CATCH                                                                          \
  catch (...) {                                                                                    \
    return ::simt::cudart::Runtime::get().caught(__func__);                                        \
  }
/// The same for an entry point that returns something else: VALUE (nothing
/// for a void function) after the error is recorded.
#define SIMT_CUDART_CATCH_RETURNING(...)                                                           \
  catch (...) {                                                                                    \
    ::simt::cudart::Runtime::get().caught(__func__);                                               \
    return __VA_ARGS__;                                                                            \
  }

} // namespace simt::cudart

#endif // SIMT_RUNTIME_CUDART_RUNTIME_H
