//===-- Runtime.cpp - The CUDA runtime's process state --------------------===//
#include "runtime/cudart/Runtime.h"
#include "runtime/cudart/Graphs.h"

#include "runtime/cudart/CudaErrors.h"
#include "emu/device/Occupancy.h"
#include "runtime/tools/ConfigOptions.h"
#include "cc/Translate.h"
#include "isa/SIMTLimits.h"
#include "runtime/LaunchBlock.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <set>
#include <unistd.h>

namespace simt::cudart {

using rt::VarInfo;

namespace {
thread_local cudaError_t LastError = cudaSuccess;
/// Configurations pushed by <<<...>>> on this host thread (nested launches
/// from a kernel's argument expressions push twice).
thread_local std::vector<LaunchConfig> ConfigStack;

} // namespace

namespace {
cudaError_t errorOfFault(emu::FaultKind kind, bool assertion) {
  if (kind == emu::FaultKind::Trap && assertion)
    return cudaErrorAssert;
  switch (kind) {
  case emu::FaultKind::MemoryOutOfRange: return cudaErrorIllegalAddress;
  case emu::FaultKind::MemoryMisaligned: return cudaErrorMisalignedAddress;
  case emu::FaultKind::InvalidInstruction: return cudaErrorIllegalInstruction;
  case emu::FaultKind::StackOverflow:
  case emu::FaultKind::StackUnderflow: return cudaErrorHardwareStackError;
  default: return cudaErrorLaunchFailure;
  }
}
} // namespace

Runtime &Runtime::get() {
  static Runtime *R = [] {
    auto *r = new Runtime();
    std::atexit([] { Runtime::get().atExit(); });
    return r;
  }();
  return *R;
}

//===-- Errors ----------------------------------------------------------------===//

Runtime::KeepLastError::KeepLastError() : saved_(LastError) {}
Runtime::KeepLastError::~KeepLastError() { LastError = saved_; }

bool &Runtime::contextCurrent() {
  thread_local bool current = false;
  return current;
}

Runtime::ApiCall::ApiCall(Runtime &rt, const char *name) : rt_(rt), outermost_(!rt.call_) {
  if (std::string_view(name).starts_with("cuda"))
    contextCurrent() = true;
  if (!outermost_)
    return;
  rt.call_ = name;
  rt.callHostReports_ = rt.sanitizer() ? rt.sanitizer()->hostReports() : 0;
}

Runtime::ApiCall::~ApiCall() {
  if (outermost_)
    rt_.call_ = nullptr;
}

namespace {
/// Whether a failed runtime call is one the sanitizer reports, as
/// compute-sanitizer's --report-api-errors does: not the calls that return
/// an earlier error, nor "not ready" (a query's answer, not a failure).
bool reportedApiError(std::string_view call, cudaError_t e) {
  return e != cudaErrorNotReady && call.starts_with("cuda") && call != "cudaGetLastError" &&
         call != "cudaPeekAtLastError";
}
} // namespace

cudaError_t Runtime::result(cudaError_t e) {
  rt::sanitizer::Sanitizer *san = sanitizer();
  if (e != cudaSuccess && call_ && san && reportedApiError(call_, e) &&
      san->hostReports() == callHostReports_)
    san->apiFailed(apiError(e, call_));
  if (e != cudaSuccess)
    LastError = e;
  if (e != cudaSuccess && e == sticky_)
    stickyRead_ = true; // the program was told
  return e;
}

cudaError_t Runtime::fail(cudaError_t e, std::string_view call, std::string_view message) {
  // The call the program made (cudaMallocArray), not the one it went through.
  std::cerr << "simt-cudart: " << (call_ ? std::string_view(call_) : call) << ": " << message
            << "\n";
  return result(e);
}

cudaError_t Runtime::caught(const char *call) {
  std::lock_guard<std::recursive_mutex> lock(mutex);
  try {
    throw;
  } catch (const std::bad_alloc &) {
    return fail(cudaErrorMemoryAllocation, call, "out of host memory");
  } catch (const std::exception &e) {
    std::cerr << "simt-cudart: " << call << ": internal error: " << e.what() << "\n";
  } catch (...) {
    std::cerr << "simt-cudart: " << call << ": internal error: an unknown exception\n";
  }
  return result(cudaErrorUnknown);
}

cudaError_t Runtime::unsupported(std::string_view call, std::string_view why) {
  auto [it, first] = warned_.emplace(std::string(call), true);
  if (first)
    std::cerr << "simt-cudart: " << call << " is not supported: " << why
              << " (cudaErrorNotSupported)\n";
  return result(cudaErrorNotSupported);
}

cudaError_t Runtime::lastError(bool reset) {
  // The last error clears even after a device fault, as NVIDIA's runtime
  // does; every later call that needs the device fails with the fault again
  // (ready()), which sets it anew.
  const cudaError_t e = LastError;
  if (e != cudaSuccess && e == sticky_)
    stickyRead_ = true;
  if (reset)
    LastError = cudaSuccess;
  return e;
}

void Runtime::noteFault(const std::string &report, cudaError_t e) {
  if (sticky_ != cudaSuccess)
    return;
  if (!report.empty())
    std::cerr << report << "\n";
  sticky_ = e;
  stickyRead_ = false;
  LastError = sticky_;
}

//===-- The device --------------------------------------------------------------===//

rt::DeviceSession *Runtime::session() {
  if (session_)
    return session_.get();
  if (configError_)
    return nullptr;
  if (!configured_) {
    configured_ = true;
    CLI::App App{"SIMT_EMU_FLAGS: the emulator's configuration for CUDA programs"};
    App.footer("Reference: docs/tools/simt-emu.md (the device options), docs/programs.md.");
    rt::ConfigOptionText Text;
    rt::ToolOptions &Tools = tools_.options();
    rt::addConfigOptions(App, cfg_, Text);
    rt::addSanitizeOption(App, Text);
    rt::addToolOptions(App, Tools, rt::ToolFlagsFor::Program);
    prof::addProfileOptions(App, Tools.profile);
    std::vector<std::string> Args;
    if (const char *Flags = std::getenv("SIMT_EMU_FLAGS")) {
      std::istringstream In(Flags);
      for (std::string A; In >> A;)
        Args.push_back(A);
    }
    std::string Error;
    try {
      std::vector<std::string> Reversed(Args.rbegin(), Args.rend());
      App.parse(Reversed);
      rt::finishToolOptions(App, Tools);
      Error = rt::finishConfigOptions(cfg_, Text);
      Tools.sanitize = Text.sanitize;
    } catch (const CLI::CallForHelp &) {
      std::cout << App.help();
      Error = "help printed";
    } catch (const CLI::ParseError &E) {
      Error = E.what();
    }
    if (!Error.empty()) {
      std::cerr << "simt-cudart: SIMT_EMU_FLAGS: " << Error << "\n";
      configError_ = true;
      return nullptr;
    }
    auto Capture = rt::LaunchCapturer::fromEnvironment();
    if (!Capture) {
      std::cerr << "simt-cudart: " << Capture.message() << "\n";
      configError_ = true;
      return nullptr;
    }
    tools_.setCapture(std::move(*Capture));
  }
  session_ = std::make_unique<rt::DeviceSession>(cfg_, std::cout);
  if (Status St = tools_.attach(*session_); !St) {
    std::cerr << "simt-cudart: SIMT_EMU_FLAGS: " << St.message() << "\n";
    session_.reset();
    configError_ = true;
    return nullptr;
  }
  for (auto &m : modules_)
    loadModule(*m);
  return session_.get();
}

cudaError_t Runtime::ready() {
  // A stream callback may not call the API that needs the device (CUDA's
  // documentation; NVIDIA's runtime answers cudaErrorNotPermitted).
  if (inCallback_)
    return result(cudaErrorNotPermitted);
  if (!session())
    return result(cudaErrorInitializationError);
  return sticky_ != cudaSuccess ? result(sticky_) : cudaSuccess;
}

cudaError_t Runtime::synchronize(std::optional<emu::GridId> grid) {
  if (cudaError_t e = ready())
    return e;
  Status st;
  bool timedOut = false;
  if (agent_) {
    // Under simt-dbg: the debugger runs the device, stopping where asked.
    const emu::RunResult r = agent_->runDevice(grid);
    session_->flushPrintf();
    st = session_->checkRun(r);
  } else {
    // A person at a terminal whose program seems to hang sees, after a few
    // seconds, that the device runs and how to stop it. Without a terminal
    // or a --timeout there is nothing to watch for.
    std::unique_ptr<rt::RunWatch> watch = tools_.watch(session_->device());
    st = grid ? session_->runUntilEnded(*grid) : session_->runUntilIdle();
    timedOut = watch && watch->timedOut();
  }
  if (!st) {
    const emu::FaultReport *f = session_->device().lastFault();
    const rt::sanitizer::Sanitizer *san = sanitizer();
    const cudaError_t e = timedOut ? cudaErrorLaunchTimeout
                                   : errorOfFault(f ? f->kind : emu::FaultKind::Trap,
                                                  assertionFailed());
    if (san && san->reportedLastFault()) // memcheck's report says it all
      noteFault("", cudaErrorLaunchFailure);
    else if (e == cudaErrorAssert) // the threads' `Assertion ... failed.` lines, as CUDA's
      noteFault("", e);
    else if (san) // the sanitizer's API error record tells of it, as compute-sanitizer's
      noteFault("", e);
    else
      noteFault(st.message(), e);
    // The faulted grid stays frozen for a debugger; the program's other
    // grids cannot go on past a sticky error.
    discardRunningGrids();
    runCallbacks();
    return sticky_;
  }
  reconcileManaged();
  runCallbacks();
  return cudaSuccess;
}

// Whether a device assert has failed: its flag (cc/headers/__simt_fermi_limits.h)
// is set in a loaded object's __device__ variables.
bool Runtime::assertionFailed() {
  static constexpr std::string_view kFlag = "_Z20__simt_assert_failedILi0EE";
  for (auto &m : modules_)
    if (m->loaded)
      if (const VarInfo *v = session_->variableIn(*m->loaded, kFlag)) {
        const uint8_t *p = session_->memory().translate(v->offset, 4);
        if (p && (p[0] | p[1] | p[2] | p[3]))
          return true;
      }
  return false;
}

//===-- Registration --------------------------------------------------------------===//

std::optional<uint64_t> Runtime::deviceHeapBytes() {
  // The heap's bytes are a __device__ template variable of simt-cc's
  // header: its mangled name, with the size it was compiled with.
  static constexpr std::string_view kHeapBytes = "_ZN11__simt_heap5bytesILi0EEE";
  std::optional<uint64_t> bytes;
  if (!session())
    return bytes;
  for (auto &m : modules_) {
    loadModule(*m);
    if (m->loaded)
      if (const VarInfo *v = session_->variableIn(*m->loaded, kHeapBytes))
        bytes = std::max(bytes.value_or(0), v->size);
  }
  return bytes;
}

Module *Runtime::registerModule(const void *wrapper) {
  auto m = std::make_unique<Module>();
  m->wrapper = wrapper;
  m->name = "fat binary " + std::to_string(modules_.size() + 1);
  // clang's wrapper: {magic 0x466243B1, version 1, the embedded file, 0}.
  struct Wrapper {
    int magic, version;
    const void *data, *unused;
  };
  const auto *w = static_cast<const Wrapper *>(wrapper);
  const auto *data = w ? static_cast<const uint8_t *>(w->data) : nullptr;
  if (!w || w->magic != 0x466243B1 || !data)
    m->error = "not a fat binary wrapper";
  else if (std::memcmp(data, "\x50\xed\x55\xba", 4) == 0 ||
           std::memcmp(data, "\xba\x55\xed\x50", 4) == 0)
    m->error = "an NVIDIA fat binary (nvcc's); rebuild the program with simt-nvcc, which "
               "embeds this ISA's objects";
  else if (auto bytes = elfObjectBytes(data))
    m->image = *bytes;
  else
    m->error = "the embedded device code: " + bytes.message();
  Module *raw = m.get();
  modules_.push_back(std::move(m));
  if (session_)
    loadModule(*raw);
  return raw;
}

Module *Runtime::loadDriverModule(std::vector<uint8_t> bytes, std::string name,
                                  std::string *error) {
  if (!session()) {
    *error = "SIMT_EMU_FLAGS is wrong";
    return nullptr;
  }
  auto m = std::make_unique<Module>();
  m->name = std::move(name);
  if (bytes.size() >= 4 && std::memcmp(bytes.data(), "\x7f" "ELF", 4) == 0) {
    m->owned = std::move(bytes);
  } else if (!translatePtx(std::string(bytes.begin(), bytes.end()), m->name, &m->owned, error)) {
    return nullptr;
  }
  m->image = m->owned;
  Module *raw = m.get();
  modules_.push_back(std::move(m));
  loadModule(*raw);
  if (!raw->loaded || !raw->error.empty()) {
    // A refused module leaves nothing behind (a program may try many).
    *error = raw->error;
    unloadDriverModule(*raw);
    modules_.pop_back();
    return nullptr;
  }
  return raw;
}

bool Runtime::translatePtx(std::string text, const std::string &name, std::vector<uint8_t> *object,
                           std::string *error) {
  // Into a constant bank no loaded module uses yet: modules may share one
  // (runtime/ModuleBanks.h), but each launch that changes modules then
  // writes the bank's bytes again.
  std::set<uint32_t> used;
  for (auto &other : modules_)
    if (other->loaded)
      for (const VarInfo *v : session_->variablesOf(*other->loaded))
        if (v->isConst)
          used.insert(v->bank);
  cc::PipelineOptions opts;
  while (used.count(opts.ConstBank) && opts.ConstBank < limits::kLastConstBank)
    ++opts.ConstBank;
  while (!text.empty() && text.back() == '\0')
    text.pop_back();
  llvm::SmallString<0> bytes;
  std::string diags;
  llvm::raw_string_ostream errs(diags);
  if (cc::translatePTX(llvm::MemoryBuffer::getMemBufferCopy(text, name), bytes, opts,
                       llvm::nulls(), errs)) {
    *error = "PTX: " + diags;
    return false;
  }
  object->assign(bytes.begin(), bytes.end());
  return true;
}

bool Runtime::unloadDriverModule(Module &m) {
  if (!m.loaded || m.wrapper)
    return false;
  for (const VarInfo *v : session_->variablesOf(*m.loaded))
    if (!v->isConst)
      (void)session_->memory().free(v->offset);
  m.loaded.reset();
  m.unloaded = true;
  // The session keeps its own copy of the code for grids still running.
  m.image = {};
  std::vector<uint8_t>().swap(m.owned);
  return true;
}

void Runtime::loadModule(Module &m) {
  if (m.loaded || m.unloaded || !m.error.empty())
    return;
  auto id = session_->loadModule(m.image, m.name);
  if (!id) {
    m.error = id.message();
    return;
  }
  // Two modules may name the same constant bank (files compiled one by
  // one all do): each keeps its own bytes, which a launch of its kernels
  // binds (runtime/ModuleBanks.h), so no two share a variable's bytes.
  m.loaded = *id;
}

void Runtime::unregisterModule(Module *) {
  // Objects stay loaded until exit: a template kernel's stub registered by
  // two translation units may name either, and grids may still run.
}

void Runtime::registerKernel(Module *m, const void *stub, const char *deviceName) {
  if (!m)
    return; // its object's registration failed (out of memory): the kernel stays unknown
  // A kernel template instantiated in several translation units has one
  // stub (an inline function) registered by each: the first wins.
  kernels_.emplace(stub, KernelEntry{m, deviceName});
}

const void *Runtime::stubOf(std::string_view deviceName) const {
  for (const auto &[stub, entry] : kernels_)
    if (entry.deviceName == deviceName)
      return stub;
  return nullptr;
}

void Runtime::registerSymbol(Module *m, const void *host, const char *deviceName, size_t size,
                             bool constant, bool texture) {
  if (!m)
    return; // as registerKernel
  symbols_.emplace(host, SymbolEntry{m, deviceName, size, constant, texture});
}

cudaError_t Runtime::kernel(const void *stub, const rt::LoadedCode **code,
                            std::string_view call) {
  if (cudaError_t e = ready())
    return e;
  auto it = kernels_.find(stub);
  if (it == kernels_.end())
    // NVIDIA's answers: no function at all, and a pointer that is none of
    // the program's kernels.
    return fail(stub ? cudaErrorInvalidResourceHandle : cudaErrorInvalidDeviceFunction, call,
                "not a registered __global__ function (a launch from a static constructor "
                "that runs before its file's kernels are registered, or a host function)");
  Module &m = *it->second.module;
  loadModule(m);
  if (!m.loaded || !m.error.empty())
    return fail(cudaErrorInvalidKernelImage, call,
                "kernel '" + it->second.deviceName + "': its device code cannot be loaded: " +
                    m.error);
  *code = session_->kernelIn(*m.loaded, it->second.deviceName);
  if (!*code)
    return fail(cudaErrorInvalidDeviceFunction, call,
                "kernel '" + it->second.deviceName + "' is not in its device object");
  return cudaSuccess;
}

cudaError_t Runtime::symbol(const void *symbol, const rt::VarInfo **var, std::string_view call) {
  if (cudaError_t e = ready())
    return e;
  if (!symbol)
    return result(cudaErrorInvalidSymbol);
  auto it = symbols_.find(symbol);
  if (it != symbols_.end()) {
    Module &m = *it->second.module;
    loadModule(m);
    *var = m.loaded && m.error.empty()
               ? session_->variableIn(*m.loaded, it->second.deviceName)
               : nullptr;
    if (!*var)
      return fail(cudaErrorInvalidSymbol, call,
                  "variable '" + it->second.deviceName + "' is not in its device object" +
                      (m.error.empty() ? "" : ": " + m.error));
    return cudaSuccess;
  }
  // A name (CUDA before 5.0): the first registered variable of that name.
  const char *name = static_cast<const char *>(symbol);
  size_t len = strnlen(name, 1024);
  if (len == 0 || len == 1024)
    return result(cudaErrorInvalidSymbol);
  for (auto &[host, e] : symbols_)
    if (e.deviceName == std::string_view(name, len) && e.module->loaded)
      if ((*var = session_->variableIn(*e.module->loaded, e.deviceName)))
        return cudaSuccess;
  return result(cudaErrorInvalidSymbol);
}

const VarInfo *Runtime::textureVar(const void *texref) {
  auto it = symbols_.find(texref);
  if (it == symbols_.end() || !it->second.texture || !session())
    return nullptr;
  Module &m = *it->second.module;
  loadModule(m);
  return m.loaded ? session_->variableIn(*m.loaded, it->second.deviceName) : nullptr;
}

//===-- Launches ------------------------------------------------------------------===//

std::vector<LaunchConfig> &Runtime::configStack() { return ConfigStack; }

bool argumentSpans(const std::vector<rt::ParamInfo> &params, void *const *args,
                   std::vector<std::span<const uint8_t>> *spans) {
  if (params.empty())
    return true;
  if (!args)
    return false;
  for (size_t i = 0; i < params.size(); ++i) {
    if (!args[i])
      return false;
    spans->emplace_back(static_cast<const uint8_t *>(args[i]), params[i].size);
  }
  return true;
}

uint64_t Runtime::ctasPerSm(const rt::KernelInfo &k, uint64_t threads,
                            size_t dynamicShared) const {
  if (threads == 0 || threads > limits::kMaxCtaThreads)
    return 0;
  return emu::occupancy(deviceConfig(),
                        emu::ctaShape(uint32_t(threads), k.regs, k.shared + dynamicShared))
      .ctas;
}

std::pair<int, int> Runtime::bestBlockSize(const rt::KernelInfo &k, int limit,
                                           const std::function<size_t(int)> &dynamicShared) const {
  const int most = int(limits::kMaxCtaThreads);
  limit = limit > 0 ? std::min(limit, most) : most;
  // The device at the session's level (sm_35's 64 warps an SM, not the
  // base level's 48).
  const emu::DeviceConfig device = deviceConfig();
  const int full = int(device.warpsPerSm) * 32;
  int best = 0, bestThreads = 0, bestCtas = 0;
  // The limit itself first where it is not a whole number of warps.
  for (int aligned = (limit + 31) / 32 * 32; aligned > 0 && bestThreads < full; aligned -= 32) {
    const int b = std::min(aligned, limit);
    const int ctas = int(ctasPerSm(k, uint64_t(b), dynamicShared(b)));
    if (ctas * b > bestThreads)
      best = b, bestThreads = ctas * b, bestCtas = ctas;
  }
  return {best, bestCtas * int(device.sms)};
}

cudaError_t Runtime::launch(const void *stub, dim3 grid, dim3 block, size_t shared,
                            cudaStream_t streamHandle,
                            const std::vector<std::span<const uint8_t>> &args,
                            std::string_view call) {
  const rt::LoadedCode *code = nullptr;
  if (cudaError_t e = kernel(stub, &code, call))
    return e;
  return launch(*code, grid, block, shared, streamHandle, args, call);
}

cudaError_t Runtime::launch(const rt::LoadedCode &loaded, dim3 grid, dim3 block, size_t shared,
                            cudaStream_t streamHandle,
                            const std::vector<std::span<const uint8_t>> &args,
                            std::string_view call, bool cooperative) {
  if (cudaError_t e = ready())
    return e;
  if (captureLaunch(*this, streamHandle, loaded, grid, block, shared, args))
    return cudaSuccess;
  const rt::LoadedCode *code = &loaded;
  Stream *s = stream(streamHandle);
  if (!s)
    return result(cudaErrorInvalidResourceHandle);
  const rt::KernelInfo &info = code->kernel.info;
  const std::string shown = code->kernel.name();
  // The parameters at their declared offsets (`.param`s from the PTX).
  rt::LaunchRequest req;
  req.kernel = code;
  if (info.params.size() != args.size())
    return fail(cudaErrorInvalidValue, call,
                "kernel '" + shown + "' takes " + std::to_string(info.params.size()) +
                    " parameters; the launch passed " + std::to_string(args.size()));
  rt::ParamBlock params;
  for (size_t i = 0; i < args.size(); ++i) {
    const rt::ParamInfo &p = info.params[i];
    if (args[i].size() != p.size)
      return fail(cudaErrorInvalidValue, call,
                  "kernel '" + shown + "' parameter " + std::to_string(i) + " ('" + p.name +
                      "') is " + std::to_string(p.size) + " bytes; the launch passed " +
                      std::to_string(args[i].size()));
    if (Status st = params.place(p, args[i], shown); !st)
      return fail(cudaErrorInvalidValue, call, st.message());
  }
  req.params = params.take();
  // The device's launch checks, in CUDA's classes: a bad shape is
  // cudaErrorInvalidConfiguration (not sticky), too much shared memory
  // cudaErrorInvalidValue (NVIDIA's answer); what no SM can hold is refused
  // by the launch itself below.
  emu::LaunchShape shape;
  shape.grid[0] = grid.x, shape.grid[1] = grid.y, shape.grid[2] = grid.z;
  shape.block[0] = block.x, shape.block[1] = block.y, shape.block[2] = block.z;
  shape.regsPerThread = info.regs;
  // (dynamic bytes past any SM's are too many whatever the static size)
  shape.sharedBytes = shared > limits::kMaxSharedBytes ? shared : info.shared + shared;
  switch (session_->device().validateLaunch(shape).problem) {
  case emu::LaunchProblem::Dimensions: return result(cudaErrorInvalidConfiguration);
  case emu::LaunchProblem::SharedMemory: return result(cudaErrorInvalidValue);
  case emu::LaunchProblem::Resources:
  case emu::LaunchProblem::None: break;
  }
  // A cooperative launch's CTAs all resident at once, by the rule the
  // scheduler places them by (a block no SM holds fails as any launch).
  if (cooperative) {
    const uint64_t perSm = ctasPerSm(info, uint64_t(block.x) * block.y * block.z, shared);
    if (perSm && uint64_t(grid.x) * grid.y * grid.z > perSm * deviceConfig().sms)
      return result(cudaErrorCooperativeLaunchTooLarge);
  }
  if (cudaError_t e = cooperative ? synchronize() : waitForStream(*s))
    return e;
  std::copy(shape.grid, shape.grid + 3, req.grid);
  req.cooperative = cooperative;
  std::copy(shape.block, shape.block + 3, req.block);
  req.dynamicShared = uint32_t(shared);
  pushManaged(); // before a capture, which must see the device as the launch does
  if (rt::LaunchCapturer *capture = tools_.capture())
    capture->onLaunch(*session_, req, captureObjectOf(*code), program_invocation_short_name,
                       std::cerr);
  Expected<emu::GridId> id = session_->launch(req);
  if (!id) {
    // The device's own checks: resources a CTA cannot have on one SM.
    std::cerr << "simt-cudart: " << call << ": kernel '" << shown << "': " << id.message()
              << "\n";
    return result(cudaErrorLaunchOutOfResources);
  }
  s->last = *id;
  ++launches_;
  if (prof::HostEvents *events = profilerEvents())
    events->launched(*id, streamHandle == cudaStreamLegacy ? nullptr : streamHandle);
  if (agent_) {
    LaunchRecord rec;
    rec.grid = *id;
    rec.kernel = shown;
    rec.stream = reinterpret_cast<uintptr_t>(streamHandle == cudaStreamLegacy ? nullptr : streamHandle);
    std::copy(req.grid, req.grid + 3, rec.gridDim);
    std::copy(req.block, req.block + 3, rec.blockDim);
    agent_->launched(rec);
  }
  return cudaSuccess;
}

rt::CaptureObject Runtime::captureObjectOf(const rt::LoadedCode &code) {
  // A fat binary is the program's object ("app.o", "app-2.o" for a second
  // file's); a driver module keeps its file's name ("kernels.o").
  size_t fatBinaries = 0;
  for (auto &m : modules_) {
    fatBinaries += m->wrapper != nullptr;
    if (!m->loaded || session_->kernelIn(*m->loaded, code.kernel.name()) != &code)
      continue;
    std::string name = m->wrapper ? program_invocation_short_name
                                  : llvm::sys::path::stem(m->name).str();
    if (m->wrapper && fatBinaries > 1)
      name += "-" + std::to_string(fatBinaries);
    return rt::CaptureObject{name + ".o", m->image};
  }
  return rt::CaptureObject{"kernel.o", {}};
}

//===-- Streams and events -------------------------------------------------------===//

Stream *Runtime::stream(cudaStream_t h) {
  if (!h || h == cudaStreamLegacy || h == cudaStreamPerThread)
    return &defaultStream_;
  for (auto &s : streams_)
    if (reinterpret_cast<cudaStream_t>(s.get()) == h)
      return s.get();
  return nullptr;
}

Stream *Runtime::createStream(unsigned flags) {
  streams_.push_back(std::make_unique<Stream>());
  streams_.back()->flags = flags;
  return streams_.back().get();
}

bool Runtime::destroyStream(cudaStream_t h) {
  for (auto it = streams_.begin(); it != streams_.end(); ++it)
    if (reinterpret_cast<cudaStream_t>(it->get()) == h) {
      streams_.erase(it); // its queued work goes on (CUDA: destroyed once idle)
      return true;
    }
  return false;
}

std::vector<emu::GridId> Runtime::pendingIn(Stream &s) {
  std::vector<emu::GridId> out;
  auto add = [&](emu::GridId g) {
    if (g && session_->device().gridState(g) == emu::GridState::Running)
      out.push_back(g);
  };
  if (&s == &defaultStream_) {
    // The legacy default stream follows every blocking stream's work.
    add(defaultStream_.last);
    for (auto &o : streams_)
      if (!(o->flags & cudaStreamNonBlocking))
        add(o->last);
  } else {
    add(s.last);
    if (!(s.flags & cudaStreamNonBlocking))
      add(defaultStream_.last);
  }
  return out;
}

cudaError_t Runtime::waitForStream(Stream &s) {
  if (cudaError_t e = ready())
    return e;
  for (emu::GridId g : pendingIn(s))
    if (cudaError_t e = synchronize(g))
      return e;
  runCallbacks(&s);
  return cudaSuccess;
}

void Runtime::addCallback(cudaStream_t handle, Stream &s, cudaStreamCallback_t fn, void *data) {
  callbacks_.push_back(Callback{handle, &s, pendingIn(s), fn, data});
  runCallbacks(); // nothing pending in its stream: at once
}

void Runtime::runCallbacks(Stream *only) {
  if (inCallbacks_)
    return; // a synchronisation below: the loop goes on
  inCallbacks_ = true;
  // In order of addition; one whose grids have not all ended waits (and so
  // do the later ones of its stream).
  std::vector<Stream *> blocked;
  for (size_t i = 0; i < callbacks_.size();) {
    Callback c = callbacks_[i];
    bool isBlocked = std::find(blocked.begin(), blocked.end(), c.stream) != blocked.end();
    std::optional<uint64_t> done = isBlocked ? std::nullopt : completedAt(c.after);
    if (!done && only == c.stream) {
      for (emu::GridId g : c.after)
        (void)synchronize(g);
      done = 0;
    }
    if (!done) {
      blocked.push_back(c.stream);
      ++i;
      continue;
    }
    callbacks_.erase(callbacks_.begin() + i);
    // The callback runs on this thread here (a thread of the driver's on
    // NVIDIA's): what its calls set is not this thread's last error.
    const cudaError_t last = LastError;
    inCallback_ = true;
    c.fn(c.handle, sticky_, c.data);
    inCallback_ = false;
    LastError = last;
  }
  inCallbacks_ = false;
}

Event *Runtime::createEvent(unsigned flags) {
  events_.push_back(std::make_unique<Event>());
  events_.back()->flags = flags;
  return events_.back().get();
}

bool Runtime::destroyEvent(cudaEvent_t h) {
  for (auto it = events_.begin(); it != events_.end(); ++it)
    if (reinterpret_cast<cudaEvent_t>(it->get()) == h) {
      events_.erase(it);
      return true;
    }
  return false;
}

Event *Runtime::event(cudaEvent_t h) {
  for (auto &e : events_)
    if (reinterpret_cast<cudaEvent_t>(e.get()) == h)
      return e.get();
  return nullptr;
}

std::optional<uint64_t> Runtime::completedAt(const std::vector<emu::GridId> &after) {
  uint64_t cycle = 0;
  for (emu::GridId g : after) {
    const emu::Grid *grid = session_->device().grid(g);
    if (!grid)
      continue;
    if (grid->state == emu::GridState::Running)
      return std::nullopt;
    cycle = std::max(cycle, grid->endCycle);
  }
  return cycle;
}

const std::pair<const void *const, size_t> *Runtime::registeredAt(const void *p) const {
  auto it = hostRegistered.upper_bound(p);
  if (it == hostRegistered.begin())
    return nullptr;
  --it;
  const auto *q = static_cast<const uint8_t *>(p), *base = static_cast<const uint8_t *>(it->first);
  return q < base + it->second ? &*it : nullptr;
}

const std::pair<const void *const, Runtime::PinnedBlock> *Runtime::pinnedAt(const void *p) const {
  auto it = pinned.upper_bound(p);
  if (it == pinned.begin())
    return nullptr;
  --it;
  const auto *base = static_cast<const uint8_t *>(it->first);
  const auto *q = static_cast<const uint8_t *>(p);
  return q >= base && q < base + it->second.bytes ? &*it : nullptr;
}

size_t Runtime::deviceBytesInUse() const {
  size_t used = 0;
  for (const auto &a : session_->memory().allocations())
    used += a.size;
  for (const auto &[host, block] : pinned)
    used -= block.bytes;
  for (const auto &[host, bytes] : hostRegistered) // the program's memory
    used -= bytes;
  return used;
}

std::optional<uint64_t> Runtime::allocateDevice(size_t bytes) {
  if (bytes > globalBytes() - std::min(globalBytes(), deviceBytesInUse()))
    return std::nullopt;
  auto addr = session_->memory().allocate(bytes);
  if (!addr)
    return std::nullopt;
  return *addr;
}

void Runtime::reset() {
  pinned.clear();
  hostRegistered.clear();
  if (session_)
    tools_.detach(*session_, [this] { discardRunningGrids(); });
  session_.reset();
  for (auto &m : modules_)
    m->loaded.reset();
  if (agent_)
    agent_->sessionReplaced();
  streams_.clear();
  events_.clear();
  callbacks_.clear();
  defaultStream_ = Stream{};
  sticky_ = cudaSuccess;
  stickyRead_ = true;
  // The calling thread's last error is the runtime's, not the device's: it
  // outlives the reset (NVIDIA's runtime keeps it).
}

void Runtime::atExit() {
  std::lock_guard<std::recursive_mutex> Lock(mutex);
  if (session_) {
    session_->flushPrintf();
    for (emu::GridId g : session_->device().runningGrids()) {
      const emu::Grid *grid = session_->device().grid(g);
      std::cerr << "simt-cudart: at exit: grid " << g << " (" << (grid ? grid->shownName() : "?")
                << ") was still running (nothing synchronised with it): stopped\n";
      session_->device().discardGrid(g);
    }
    if (sticky_ != cudaSuccess && !stickyRead_)
      std::cerr << "simt-cudart: at exit: the program never read the error of its device fault ("
                << runtimeError(sticky_).name << ")\n";
  } else if (!tools_.everAttached()) {
    return;
  }
  // After a final cudaDeviceReset (the CUDA samples end so, for the
  // profilers) the tools report all the same. The program's status is
  // exit()'s, which an atexit handler cannot see: the sanitizer's errors
  // replace it (--error-exitcode), as compute-sanitizer's do.
  if (const int Status = tools_.finish(session_.get(), 0)) {
    std::fflush(nullptr);
    std::_Exit(Status);
  }
}

void Runtime::discardRunningGrids() {
  for (emu::GridId g : session_->device().runningGrids())
    session_->device().discardGrid(g);
  session_->flushPrintf();
}

} // namespace simt::cudart
