//===-- DeviceSession.cpp - The host side of a run ------------------------===//
//
// Contexts, loading, constants, launches and running the device; texture
// binding words are in TextureBinding.cpp, the run-script commands in
// runtime/script/.
//
//===----------------------------------------------------------------------===//
#include "runtime/DeviceSession.h"
#include "emu/device/Facade.h"
#include "emu/jit/OrcJitCompiler.h"
#include "runtime/Decoder.h"
#include "runtime/KernelNames.h"
#include "runtime/LaunchBlock.h"
#include "runtime/SourceBacktrace.h"
#include "support/Text.h"

#include <algorithm>
#include <cstring>
#include <iostream>
#include <sstream>

namespace simt::rt {

struct DeviceSession::Context {
  std::string name;
  DeviceMemory memory;
  /// Loaded code never changes: copies of the session (clone()) share it,
  /// so their grids' code pointers stay valid.
  std::vector<std::shared_ptr<const LoadedCode>> kernels;
  /// The module variables of the objects loaded, in load order (a later
  /// object's variable of the same name hides an earlier one's).
  std::vector<VarInfo> vars;
  /// Each loaded object's kernels and variables: [first, end) of each list.
  struct Module {
    size_t firstKernel = 0, endKernel = 0, firstVar = 0, endVar = 0;
  };
  std::vector<Module> modules;
  emu::ContextId id = 0; // the device's id for this context (ISA.md 7)
  explicit Context(std::string n, unsigned index)
      : name(std::move(n)), memory(DeviceMemory::Config::forContext(index)) {}
  Context(const Context &o)
      : name(o.name), memory(o.memory), kernels(o.kernels), vars(o.vars), modules(o.modules),
        id(o.id) {}
};

DeviceSession::DeviceSession(const DeviceSessionConfig &cfg, std::ostream &out)
    : cfg_(cfg), level_(cfg.device.level ? cfg.device.level : levels::kBase),
      levelFixed_(cfg.device.level != 0), out_(out) {
  emu::ConstCacheConfig cc = cfg.constCache;
  cc.numSMs = cfg.device.sms;
  constCache_ = std::make_unique<emu::ConstCache>(constStore_, cc);
  device_ = std::make_unique<emu::Device>(cfg.device.atLevel(level_));
  device_->setConstCache(constCache_.get());
  if (cfg.device.jit != emu::JitMode::Off) {
    // Without a compiler every grid is interpreted: the same results.
    std::string error;
    device_->setJitCompiler(emu::jit::makeOrcJitCompiler(cfg.device.jitCache, cfg.device.jitHot, error));
    if (!error.empty())
      std::cerr << "warning: " << error << "; running interpreted\n";
  }
  setLevel(level_);
  installPrinter();
  useContext("default");
}

void DeviceSession::setLevel(unsigned level) {
  level_ = level;
  device_->setLevel(level);
  cfg_.device = device_->config();
}

void DeviceSession::useContext(const std::string &name) {
  for (size_t i = 0; i < contexts_.size(); ++i)
    if (contexts_[i]->name == name) {
      current_ = i;
      return;
    }
  contexts_.push_back(std::make_unique<Context>(name, unsigned(contexts_.size())));
  contexts_.back()->id = device_->context(name);
  contexts_.back()->memory.setMemcheck(cfg_.memcheck);
  current_ = contexts_.size() - 1;
}

void DeviceSession::setMemcheck(emu::Memcheck m) {
  cfg_.memcheck = m;
  for (const auto &c : contexts_)
    c->memory.setMemcheck(m);
}

DeviceSession::DeviceSession(const DeviceSession &o, std::ostream &out)
    : cfg_(o.cfg_), level_(o.level_), levelFixed_(o.levelFixed_), out_(out),
      constStore_(o.constStore_),
      constCache_(std::make_unique<emu::ConstCache>(*o.constCache_, constStore_)),
      banks_(o.banks_), current_(o.current_), lastGrid_(o.lastGrid_), launches_(o.launches_),
      faulted_(o.faulted_), pendingPrintf_(o.pendingPrintf_), gridWorkspaces_(o.gridWorkspaces_) {
  emu::Device::CloneBindings b;
  b.constCache = constCache_.get();
  for (const auto &c : o.contexts_) {
    contexts_.push_back(std::make_unique<Context>(*c));
    b.memories[&c->memory] = emu::bindGlobalMemory(contexts_.back()->memory);
  }
  device_ = o.device_->clone(b);
  installPrinter();
}

std::unique_ptr<DeviceSession> DeviceSession::clone(std::ostream &out) const {
  return std::unique_ptr<DeviceSession>(new DeviceSession(*this, out));
}

size_t DeviceSession::footprint() const {
  size_t bytes = device_->footprint();
  for (const auto &c : contexts_)
    for (const Allocation &a : c->memory.allocations())
      bytes += a.size;
  return bytes;
}

void DeviceSession::installPrinter() {
  // Fault reports and traces show the instruction as the disassembler does.
  device_->setInstPrinter([this](const emu::Grid &g, const emu::Inst &in) {
    for (const auto &c : contexts_)
      for (const auto &lc : c->kernels)
        if (&lc->code == g.params.kernel.code && in.pc / 8 < lc->kernel.image.size())
          return decoder().text(lc->kernel.image[in.pc / 8], in.pc);
    return std::string();
  });
}

DeviceSession::~DeviceSession() = default;

Status DeviceSession::load(const std::filesystem::path &path, const GlobalsPlacement &globals) {
  auto obj = loadObject(path);
  if (!obj)
    return obj.error();
  return addObject(std::move(*obj), globals);
}

Expected<size_t> DeviceSession::loadModule(std::span<const uint8_t> bytes, std::string_view name) {
  auto obj = loadObject(bytes, name);
  if (!obj)
    return obj.error();
  auto kept = std::make_shared<const std::vector<uint8_t>>(bytes.begin(), bytes.end());
  for (LoadedKernel &k : obj->kernels)
    k.objectBytes = kept;
  if (Status st = addObject(std::move(*obj)); !st)
    return st.error();
  return ctx().modules.size() - 1;
}

// An object's level against the device's: a device of a fixed level (--arch)
// takes no object above it; otherwise the device becomes the object's level.
// Each instruction must be of the object's level (a word written with .quad
// may name a record of a higher one).
static Status checkLevels(const LoadedObject &obj, const std::vector<emu::Inst> &code,
                          const LoadedKernel &k) {
  for (const emu::Inst &in : code) {
    if (in.op == emu::Op::NumOps) // a word that decodes to nothing: a fault if it runs
      continue;
    const unsigned needs = levels::kRecordLevel[static_cast<unsigned>(in.op)];
    if (needs > obj.target)
      return Error{obj.path + ": kernel '" + k.name() + "' at " + hex(in.pc) + ": " +
                   emu::opInfo(in.op).mnemonic + " needs " + levels::archName(needs) +
                   "; the object is built for " + levels::archName(obj.target)};
  }
  return {};
}

Status DeviceSession::addObject(LoadedObject obj, const GlobalsPlacement &globals) {
  if (obj.target > level_ && levelFixed_)
    return Error{obj.path + ": built for " + levels::archName(obj.target) + ", above the " +
                 "device's " + levels::archName(level_) + " (--arch " +
                 levels::archName(level_) + ")"};
  // Decoded and checked before anything of the object is placed.
  std::vector<std::shared_ptr<LoadedCode>> codes;
  for (LoadedKernel &k : obj.kernels) {
    auto lc = std::make_shared<LoadedCode>();
    lc->code = decoder().decode(k.image);
    if (Status st = checkLevels(obj, lc->code, k); !st)
      return st;
    lc->kernel = std::move(k);
    codes.push_back(std::move(lc));
  }
  Context &c = ctx();
  Context::Module m;
  m.firstKernel = c.kernels.size();
  m.firstVar = c.vars.size();
  auto base = loadVariables(obj, globals, c.modules.size());
  if (!base)
    return base.error();
  if (obj.target > level_)
    setLevel(obj.target);
  for (std::shared_ptr<LoadedCode> &lc : codes) {
    lc->globalVarBase = *base;
    c.kernels.push_back(std::move(lc));
  }
  m.endKernel = c.kernels.size();
  m.endVar = c.vars.size();
  c.modules.push_back(m);
  return {};
}

const LoadedCode *DeviceSession::kernelIn(size_t module, std::string_view name) const {
  const Context &c = *contexts_[current_];
  if (module >= c.modules.size())
    return nullptr;
  for (size_t i = c.modules[module].firstKernel; i < c.modules[module].endKernel; ++i)
    if (c.kernels[i]->kernel.name() == name)
      return c.kernels[i].get();
  return nullptr;
}

const VarInfo *DeviceSession::variableIn(size_t module, std::string_view name) const {
  const Context &c = *contexts_[current_];
  if (module >= c.modules.size())
    return nullptr;
  for (size_t i = c.modules[module].firstVar; i < c.modules[module].endVar; ++i)
    if (c.vars[i].name == name)
      return &c.vars[i];
  return nullptr;
}

const VarInfo *DeviceSession::variableOf(const LoadedCode &code, std::string_view name) const {
  for (const VarInfo *v : variablesOf(code))
    if (v->name == name)
      return v;
  return nullptr;
}

std::vector<const VarInfo *> DeviceSession::variablesOf(const LoadedCode &code) const {
  std::vector<const VarInfo *> out;
  for (const auto &c : contexts_)
    for (const Context::Module &m : c->modules)
      for (size_t i = m.firstKernel; i < m.endKernel; ++i)
        if (c->kernels[i].get() == &code) {
          for (size_t v = m.firstVar; v < m.endVar; ++v)
            out.push_back(&c->vars[v]);
          return out;
        }
  return out;
}

std::vector<const VarInfo *> DeviceSession::variablesOf(size_t module) const {
  std::vector<const VarInfo *> out;
  const Context &c = *contexts_[current_];
  if (module < c.modules.size())
    for (size_t i = c.modules[module].firstVar; i < c.modules[module].endVar; ++i)
      out.push_back(&c.vars[i]);
  return out;
}

Status DeviceSession::writeConstant(uint32_t bank, uint32_t offset,
                                    std::span<const uint8_t> bytes) {
  std::string e = constCache_->constantCommand(bank, offset, bytes);
  if (!e.empty())
    return Error{e};
  banks_.wroteBank(bank, offset, bytes);
  return {};
}

//===-- Module banks (runtime/ModuleBanks.h) ------------------------------===//

Status DeviceSession::writeModuleConstant(size_t module, uint32_t bank, uint32_t offset,
                                          std::span<const uint8_t> bytes) {
  // Checked as the command itself would be, also when it only reaches the
  // image for now.
  if (bank < limits::kFirstUserConstBank || bank > limits::kLastConstBank ||
      size_t(offset) + bytes.size() > limits::kConstBankBytes)
    return writeConstant(bank, offset, bytes);
  bool reachesBank = false;
  if (!banks_.write({current_, module}, bank, offset, bytes, &reachesBank))
    return writeConstant(bank, offset, bytes);
  if (!reachesBank)
    return {};
  if (std::string e = constCache_->constantCommand(bank, offset, bytes); !e.empty())
    return Error{e};
  return {};
}

Status DeviceSession::readModuleConstant(size_t module, uint32_t bank, uint32_t offset,
                                         std::span<uint8_t> out) const {
  const ModuleBanks::Key m{current_, module};
  if (bank >= limits::kNumConstBanks || banks_.holder(bank) == m ||
      size_t(offset) + out.size() > limits::kConstBankBytes || !banks_.read(m, bank, offset, out))
    return readConstant(bank, offset, out);
  return {};
}

std::optional<size_t> DeviceSession::moduleOf(const VarInfo &var) const {
  const Context &c = *contexts_[current_];
  if (c.vars.empty() || &var < c.vars.data() || &var >= c.vars.data() + c.vars.size())
    return std::nullopt;
  const size_t at = size_t(&var - c.vars.data());
  for (size_t m = 0; m < c.modules.size(); ++m)
    if (at >= c.modules[m].firstVar && at < c.modules[m].endVar)
      return m;
  return std::nullopt;
}

Status DeviceSession::writeConstant(const VarInfo &var, uint32_t offset,
                                    std::span<const uint8_t> bytes) {
  if (std::optional<size_t> m = moduleOf(var))
    return writeModuleConstant(*m, var.bank, offset, bytes);
  return writeConstant(var.bank, offset, bytes);
}

Status DeviceSession::readConstant(const VarInfo &var, uint32_t offset,
                                   std::span<uint8_t> out) const {
  if (std::optional<size_t> m = moduleOf(var))
    return readModuleConstant(*m, var.bank, offset, out);
  return readConstant(var.bank, offset, out);
}

Status DeviceSession::bindModuleBanks(const LoadedCode &code) {
  const Context &c = *contexts_[current_];
  for (size_t m = 0; m < c.modules.size(); ++m)
    for (size_t k = c.modules[m].firstKernel; k < c.modules[m].endKernel; ++k)
      if (c.kernels[k].get() == &code) {
        for (const ModuleBanks::Command &cmd : banks_.bind({current_, m}))
          if (std::string e = constCache_->constantCommand(cmd.bank, cmd.offset, cmd.bytes);
              !e.empty())
            return Error{"the __constant__ variables of '" + code.kernel.name() + "': " + e};
        return {};
      }
  return {};
}

// `__constant__` data is a constant command at load (it joins the pending
// constants version, which the next launch seals: ISA.md 6); `__device__`
// variables get one allocation, the object's global-variable block.
Expected<uint64_t> DeviceSession::loadVariables(const LoadedObject &obj,
                                                const GlobalsPlacement &globals, size_t module) {
  uint64_t base = 0;
  Context &c = ctx();
  const uint64_t bytes = obj.globalBlockBytes();
  if (!bytes && (!globals.buffer.empty() || globals.at))
    return makeError(obj.path + ": globals= and at= place __device__ variables; the object "
                                "has none");
  if (bytes) {
    constexpr uint64_t kAllocAlign = 256; // AddressSpace::allocate
    if (obj.globalBlockAlign() > kAllocAlign)
      return makeError(obj.path + ": a __device__ variable aligned to " +
                       std::to_string(obj.globalBlockAlign()) +
                       " bytes (device allocations are 256-byte aligned)");
    Expected<uint64_t> addr = uint64_t(0);
    if (!globals.buffer.empty()) {
      auto buf = c.memory.createBuffer(globals.buffer, ElemType::U8, bytes, globals.at);
      addr = buf ? Expected<uint64_t>((*buf)->addr) : Expected<uint64_t>(buf.error());
    } else {
      addr = globals.at ? c.memory.allocateAt(*globals.at, bytes) : c.memory.allocate(bytes);
    }
    if (!addr)
      return makeError(obj.path + ": its __device__ variables (" + std::to_string(bytes) +
                       " bytes): " + addr.message());
    base = *addr;
    if (globals.buffer.empty())
      c.memory.setName(base, "__device__ variables of " +
                                 std::filesystem::path(obj.path).filename().string());
    for (const LoadedVar &v : obj.vars)
      if (!v.info.isConst)
        if (std::vector<uint8_t> init = v.bytesAt(base, obj.vars); !init.empty())
          std::memcpy(c.memory.translate(base + v.info.offset, init.size()), init.data(),
                      init.size());
    hostWrote(c.id, base, bytes);
  }
  // __constant__ variables' initial bytes, with the addresses they hold.
  std::vector<std::vector<uint8_t>> constBytes(obj.vars.size());
  for (size_t i = 0; i < obj.vars.size(); ++i)
    if (obj.vars[i].info.isConst)
      constBytes[i] = obj.vars[i].bytesAt(base, obj.vars);
  // A bank no module holds yet takes the initializers as commands, over
  // what commands wrote there before; one that another module holds takes
  // this module's whole image, so that no byte of the other shows through.
  const ModuleBanks::Key key{current_, module};
  auto isUserBank = [](uint32_t bank) {
    return bank >= limits::kFirstUserConstBank && bank <= limits::kLastConstBank;
  };
  for (size_t i = 0; i < obj.vars.size(); ++i) {
    const LoadedVar &v = obj.vars[i];
    if (v.info.isConst && isUserBank(v.info.bank) &&
        v.info.offset + std::max<uint64_t>(v.info.size, constBytes[i].size()) <=
            limits::kConstBankBytes)
      banks_.addVariable(key, v.info.bank, v.info.offset, v.info.size, constBytes[i]);
  }
  std::vector<uint32_t> freeBanks;
  for (uint32_t bank : banks_.banksOf(key))
    if (!banks_.holder(bank))
      freeBanks.push_back(bank);
  auto isFree = [&](uint32_t bank) {
    return std::find(freeBanks.begin(), freeBanks.end(), bank) != freeBanks.end();
  };
  for (size_t i = 0; i < obj.vars.size(); ++i) {
    const LoadedVar &v = obj.vars[i];
    // A variable outside the user banks takes its command, which says why
    // it cannot be.
    if (v.info.isConst && (!banks_.hasImage(key, v.info.bank) || isFree(v.info.bank))) {
      std::string e =
          constCache_->constantCommand(v.info.bank, uint32_t(v.info.offset), constBytes[i]);
      if (!e.empty()) {
        banks_.remove(key);
        return makeError(obj.path + ": __constant__ variable '" + v.info.name + "': " + e);
      }
    }
  }
  for (uint32_t bank : freeBanks) {
    std::vector<uint8_t> asHeld(banks_.imageOf(key, bank).size());
    (void)constStore_.read(constStore_.current(), bank, 0, asHeld.data(), asHeld.size());
    banks_.hold(key, bank, asHeld);
  }
  for (const ModuleBanks::Command &cmd : banks_.bind(key))
    if (std::string e = constCache_->constantCommand(cmd.bank, cmd.offset, cmd.bytes);
        !e.empty()) {
      banks_.remove(key);
      return makeError(obj.path + ": its __constant__ variables in bank " +
                       std::to_string(cmd.bank) + ": " + e);
    }
  for (const LoadedVar &v : obj.vars) {
    VarInfo info = v.info;

    if (!info.isConst)
      info.offset += base; // kept as the device address
    c.vars.push_back(std::move(info));
  }
  return base;
}

const VarInfo *DeviceSession::findVariable(std::string_view name) const {
  const auto &vars = contexts_[current_]->vars;
  for (auto it = vars.rbegin(); it != vars.rend(); ++it)
    if (it->name == name)
      return &*it;
  return nullptr;
}

Expected<const LoadedCode *> DeviceSession::findKernel(const std::string &name) {
  std::vector<std::string_view> names;
  for (auto &lc : ctx().kernels)
    names.push_back(lc->kernel.name());
  Expected<size_t> at = resolveKernelName(names, name);
  if (!at)
    return at.error();
  return ctx().kernels[*at].get();
}

std::string DeviceSession::sourceOf(emu::GridId grid, uint32_t pc, const emu::WarpRef &warp) const {
  const emu::Grid *g = device_->grid(grid);
  const LoadedKernel *k = g ? kernelOf(*g) : nullptr;
  if (!k)
    return "";
  const std::optional<emu::WarpView> w = emu::viewWarp(*device_, warp);
  return sourceBacktrace(*k, pc, w && w->grid() == g ? w->stack() : nullptr);
}

Status DeviceSession::checkRun(const emu::RunResult &r) {
  if (r.status == emu::RunStatus::Fault) {
    faulted_ = true;
    if (!r.fault)
      return Error{"fault"};
    return Error{r.fault->format() + sourceOf(r.fault->grid, r.fault->pc, r.warp)};
  }
  if (r.status == emu::RunStatus::StepLimit) {
    faulted_ = true;
    return Error{r.message.empty() ? "step limit reached (--max-steps)" : r.message};
  }
  if (r.status == emu::RunStatus::Interrupted) {
    // A watcher's stop (--timeout) gives its reason; Ctrl-C none.
    const std::string counts = " after " + std::to_string(device_->steps()) +
                               " warp-instructions at cycle " + std::to_string(device_->cycle());
    return Error{(r.message.empty() ? "interrupted" + counts : "stopped" + counts + ": " + r.message) +
                 "\n" + whereGridsStand(&r.warp)};
  }
  return {};
}

Status DeviceSession::runUntilIdle() {
  emu::RunResult r = observed([&] { return device_->runUntilIdle(); });
  flushPrintf();
  return checkRun(r);
}

// A grid's records are printed once it has ended (done, faulted or
// discarded: what a faulting kernel printed first helps to find why).
void DeviceSession::flushPrintf() {
  std::vector<PrintfLaunch> still;
  for (PrintfLaunch &l : pendingPrintf_) {
    const emu::Grid *g = device_->grid(l.grid);
    if (g && g->state == emu::GridState::Running) {
      still.push_back(std::move(l));
      continue;
    }
    DeviceMemory &mem = contexts_[l.context]->memory;
    // OpenCL C's %s strings: bank 2 as the constant commands left it.
    auto readConst = [&](uint64_t offset) -> std::optional<std::string> {
      std::string s;
      for (; offset < emu::kConstBankBytes; ++offset) {
        char c = 0;
        if (!constStore_.read(constStore_.current(), 2, uint32_t(offset), &c, 1))
          return std::nullopt;
        if (!c)
          return s;
        s += c;
      }
      return std::nullopt; // no NUL before the end of the bank
    };
    if (g)
      printPrintfRecords(l, mem, readConst, out_, *err_);
    (void)mem.free(l.buffer);
  }
  pendingPrintf_ = std::move(still);
  // Ended cooperative grids' workspaces go with their records.
  std::erase_if(gridWorkspaces_, [&](const GridWorkspace &b) {
    const emu::Grid *g = device_->grid(b.grid);
    if (g && g->state == emu::GridState::Running)
      return false;
    (void)contexts_[b.context]->memory.free(b.addr);
    return true;
  });
}

Status DeviceSession::bindTexture(const VarInfo &tex,
                                  const std::optional<TextureBinding> &binding) {
  auto cmd = textureBindingCommand(tex, binding);
  if (!cmd)
    return cmd.error();
  return writeConstant(tex, cmd->offset, cmd->bytes());
}

Status DeviceSession::readConstant(uint32_t bank, uint32_t offset, std::span<uint8_t> out) const {
  if (!constStore_.read(constStore_.current(), bank, offset, out.data(), out.size()))
    return Error{"c[" + std::to_string(bank) + "][" + std::to_string(offset) + "], " +
                 std::to_string(out.size()) + " bytes: not in a user constant bank"};
  return {};
}

Expected<emu::GridId> DeviceSession::launch(const LaunchRequest &req) {
  DeviceMemory &mem = ctx().memory;
  const LoadedKernel *k = &req.kernel->kernel;
  const std::vector<emu::Inst> *code = &req.kernel->code;
  emu::LaunchParams p;
  p.kernel.name = k->name();
  p.kernel.shownName = describeKernelName(k->name());
  p.kernel.code = code;
  p.kernel.regs = k->info.regs ? k->info.regs : 63;
  p.kernel.shared = k->info.shared;
  p.kernel.local = k->info.local;
  p.kernel.maxStack = k->info.maxStack;
  p.kernel.launchLayout = launchLayoutOf(k->info);
  std::copy(req.grid, req.grid + 3, p.grid);
  std::copy(req.block, req.block + 3, p.block);
  p.dynamicShared = req.dynamicShared;
  p.params = req.params;
  if (req.maxStack)
    p.maxStack = *req.maxStack;
  p.globalVarBase = req.kernel->globalVarBase;
  // Before the grid binds the constants version: the banks hold this
  // kernel's module's images for it (ModuleBanks.h).
  if (Status st = bindModuleBanks(*req.kernel); !st)
    return st.error();
  // A kernel that prints gets a buffer of its own (docs/cuda.md "printf").
  PrintfLaunch printfLaunch;
  if (usesPrintfBuffer(*code)) {
    auto buf = mem.allocate(cfg_.printfBufferBytes);
    if (!buf)
      return makeError("the printf buffer of '" + p.kernel.shownName + "' (" +
                       std::to_string(cfg_.printfBufferBytes) +
                       " bytes, --printf-buffer): " + buf.message());
    mem.setName(*buf, "printf buffer of " + p.kernel.shownName);
    hostWrote(ctx().id, *buf, 16); // the zeroed cursor and drop count
    printfLaunch.buffer = p.printfBuffer = *buf;
    printfLaunch.bytes = p.printfBufferBytes = cfg_.printfBufferBytes;
    printfLaunch.context = current_;
    printfLaunch.kernel = p.kernel.shownName;
    std::copy(p.grid, p.grid + 3, printfLaunch.gridDim);
    std::copy(p.block, p.block + 3, printfLaunch.blockDim);
  }
  // A cooperative grid's workspace: cooperative_groups' grid sync counts
  // the arrived CTAs in its barrier word (cc/headers/cooperative_groups.h).
  if (req.cooperative) {
    auto ws = mem.allocate(limits::kGridWorkspaceBytes);
    if (!ws) {
      if (printfLaunch.buffer)
        (void)mem.free(printfLaunch.buffer);
      return makeError("the grid workspace of '" + p.kernel.shownName + "': " + ws.message());
    }
    mem.setName(*ws, "grid workspace of " + p.kernel.shownName);
    hostWrote(ctx().id, *ws, limits::kGridWorkspaceBytes);
    p.gridWorkspace = *ws;
  }
  const uint64_t workspace = p.gridWorkspace;
  p.memory = emu::bindGlobalMemory(mem);
  p.context = ctx().id;
  p.name = req.name;
  emu::LaunchResult r = device_->launch(std::move(p));
  if (!r.ok()) {
    for (uint64_t addr : {printfLaunch.buffer, workspace})
      if (addr)
        (void)mem.free(addr);
    return makeError(r.error);
  }
  if (printfLaunch.buffer) {
    printfLaunch.grid = r.grid;
    pendingPrintf_.push_back(std::move(printfLaunch));
  }
  if (workspace)
    gridWorkspaces_.push_back({r.grid, current_, workspace});
  lastGrid_ = r.grid;
  ++launches_;
  return r.grid;
}

Status DeviceSession::runUntilEnded(emu::GridId grid) {
  emu::RunResult r = observed([&] { return device_->runUntil(grid); });
  flushPrintf();
  return checkRun(r);
}

Status DeviceSession::advance(uint64_t cycles) {
  emu::RunResult r = device_->advance(cycles);
  flushPrintf();
  return checkRun(r);
}

DeviceMemory &DeviceSession::memory() { return ctx().memory; }

DeviceMemory *DeviceSession::memoryOf(const emu::Grid &g) {
  for (auto &c : contexts_)
    if (g.params.memory.ctx == static_cast<const void *>(&c->memory))
      return &c->memory;
  return nullptr;
}

const LoadedCode *DeviceSession::loadedOf(const emu::Grid &g) const {
  for (const auto &c : contexts_)
    for (const auto &lc : c->kernels)
      if (&lc->code == g.params.kernel.code)
        return lc.get();
  return nullptr;
}

const LoadedKernel *DeviceSession::kernelOf(const emu::Grid &g) const {
  const LoadedCode *lc = loadedOf(g);
  return lc ? &lc->kernel : nullptr;
}

const std::vector<emu::Inst> *DeviceSession::codeOf(const LoadedKernel &k) const {
  for (const auto &c : contexts_)
    for (const auto &lc : c->kernels)
      if (&lc->kernel == &k)
        return &lc->code;
  return nullptr;
}

Status DeviceSession::writeGlobal(DeviceMemory &mem, uint64_t addr,
                                  std::span<const uint8_t> bytes) {
  const Context *owner = nullptr;
  for (const auto &c : contexts_)
    if (&c->memory == &mem)
      owner = c.get();
  uint8_t *p = mem.translate(addr, bytes.size());
  if (!owner || (!p && !bytes.empty())) {
    std::ostringstream m;
    m << "cannot write global memory at 0x" << std::hex << addr << ": "
      << (owner ? mem.describeAddress(addr) : "not a context's memory");
    return Error{m.str()};
  }
  std::copy(bytes.begin(), bytes.end(), p);
  hostWrote(owner->id, addr, bytes.size());
  return {};
}

void DeviceSession::noteHostWrite(uint64_t addr, uint64_t bytes) {
  hostWrote(ctx().id, addr, bytes);
}

void DeviceSession::hostWrote(emu::ContextId ctx, uint64_t addr, uint64_t bytes) {
  device_->hostWrite(ctx, addr, bytes); // the subscribers are told
}

template <class Run> emu::RunResult DeviceSession::observed(Run run) {
  emu::RunResult r = run();
  while (device_->runEnded(r))
    r = run();
  return r;
}

std::vector<const LoadedKernel *> DeviceSession::kernels() const {
  std::vector<const LoadedKernel *> out;
  for (const auto &c : contexts_)
    for (const auto &lc : c->kernels)
      out.push_back(&lc->kernel);
  return out;
}

std::vector<DeviceSession::ContextView> DeviceSession::contexts() const {
  std::vector<ContextView> out;
  for (size_t i = 0; i < contexts_.size(); ++i) {
    const Context &c = *contexts_[i];
    ContextView v;
    v.name = c.name;
    v.id = c.id;
    v.current = i == current_;
    v.buffers = c.memory.buffers();
    for (const auto &lc : c.kernels)
      v.kernels.push_back(lc->kernel.name());
    out.push_back(std::move(v));
  }
  return out;
}

std::vector<DeviceSession::BufferContents> DeviceSession::bufferContents() {
  std::vector<BufferContents> out;
  for (size_t i = 0; i < contexts_.size(); ++i) {
    Context &c = *contexts_[i];
    for (const Buffer *b : c.memory.buffers()) {
      const std::span<uint8_t> bytes = c.memory.bytes(*b);
      out.push_back({i == 0 ? b->name : c.name + "/" + b->name, b->type,
                     std::vector<uint8_t>(bytes.begin(), bytes.end())});
    }
  }
  return out;
}

std::string DeviceSession::statsJson() const { return device_->statsJson(); }

std::string DeviceSession::whereGridsStand(const emu::WarpRef *next) const {
  std::string out;
  const std::vector<emu::WarpInfo> resident = device_->warps();
  for (emu::GridId id : device_->runningGrids()) {
    const emu::Grid *g = device_->grid(id);
    if (!g)
      continue;
    emu::FaultReport at;
    at.grid = id;
    at.gridName = g->params.name;
    at.kernel = g->shownName();
    if (!out.empty())
      out += "\n";
    out += "  " + at.formatKernel() + ": " + std::to_string(g->ctasDone) + " of " +
           std::to_string(g->numCtas) + " CTAs finished, " + std::to_string(g->ctasResident) +
           " resident";
    // The warp about to issue, else the first with active lanes, else the first.
    auto rank = [&](const emu::WarpInfo &i) { return next && i.ref == *next ? 2 : i.active ? 1 : 0; };
    const emu::WarpInfo *w = nullptr;
    for (const emu::WarpInfo &i : resident)
      if (i.grid == id && (!w || rank(i) > rank(*w)))
        w = &i;
    if (!w)
      continue;
    std::copy(w->cta, w->cta + 3, at.cta);
    at.warp = w->warp;
    at.sm = w->ref.sm;
    at.lanes = w->active;
    at.pc = w->pc;
    at.cycle = emu::viewSm(*device_, w->ref.sm).cycle();
    at.instruction = device_->instText(*g, w->pc / 8);
    out += "; " + std::string(next && w->ref == *next ? "next to issue" : "a resident warp") +
           ":\n" + at.formatSite() + sourceOf(id, w->pc, w->ref);
  }
  return out.empty() ? "  no grid is running" : out;
}

} // namespace simt::rt
