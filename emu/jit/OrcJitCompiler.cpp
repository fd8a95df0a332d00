//===-- OrcJitCompiler.cpp - The JIT's compiler on LLVM's ORC -------------===//
//
// With --jit on a kernel image is compiled whole at its first launch; with
// auto each run when the SM finds it hot (JitImage::untilHot). Either way a
// compile is one LLVM module: the semantics' bitcode, read lazily and only
// as far as the runs reach (Materialize.h), one function per run
// (RunIR.h), internalized so that only the runs remain once inlined, added to
// one LLJIT for the compiler's lifetime. The code cache is never emptied
// (grids hold its functions); once it holds its limit of instructions,
// further runs stay interpreted. Images are kept by their decoded contents:
// a freed image's address may come back holding other code, and equal code
// compiles to equal functions.
//
//===----------------------------------------------------------------------===//
#include "emu/jit/OrcJitCompiler.h"

#include "emu/jit/Bitcode.h"
#include "emu/jit/Materialize.h"
#include "emu/jit/RunIR.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/ExecutionEngine/Orc/ExecutionUtils.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/ExecutionEngine/Orc/ThreadSafeModule.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Transforms/IPO/AlwaysInliner.h"
#include "llvm/Transforms/IPO/GlobalDCE.h"
#include "llvm/Transforms/InstCombine/InstCombine.h"
#include "llvm/Transforms/Scalar/DeadStoreElimination.h"
#include "llvm/Transforms/Scalar/EarlyCSE.h"
#include "llvm/Transforms/Scalar/GVN.h"
#include "llvm/Transforms/Scalar/SROA.h"
#include "llvm/Transforms/Scalar/SimplifyCFG.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <mutex>
#include <time.h>
#include <vector>

namespace simt::emu::jit {

namespace {

/// Runs shorter than this are not compiled: a round needs two instructions
/// of every ready warp (SmJit.cpp).
constexpr unsigned kMinRun = 2;
/// Longer runs are compiled as pieces of this length: the optimizer's time
/// grows faster than a function's length (the memory dependences of its
/// rows), and a round rarely runs more than this many instructions.
constexpr uint32_t kPiece = 64;

/// The bitcode's functions and variables become internal, so that only the
/// runs are left once the optimizer has inlined them, and so that images
/// in one JITDylib do not clash.
void internalize(llvm::Module &m, const std::vector<std::string> &keep) {
  for (llvm::Function &f : m) {
    if (f.isDeclaration())
      continue;
    if (std::find(keep.begin(), keep.end(), f.getName().str()) == keep.end()) {
      f.setLinkage(llvm::GlobalValue::InternalLinkage);
      // Every helper is inlined (the FMA rows too, out of line in the
      // interpreter): the instruction's constants then reach all of it.
      f.removeFnAttr(llvm::Attribute::NoInline);
      f.addFnAttr(llvm::Attribute::AlwaysInline);
    }
    // Clang's target attributes name its default CPU: without them the
    // host's (the JIT's target machine) applies, and inlining is allowed.
    f.removeFnAttr("target-cpu");
    f.removeFnAttr("target-features");
    f.removeFnAttr("tune-cpu");
  }
  for (llvm::GlobalVariable &g : m.globals())
    if (!g.isDeclaration())
      g.setLinkage(llvm::GlobalValue::InternalLinkage);
}

void optimize(llvm::Module &m, llvm::TargetMachine &tm) {
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  llvm::PassBuilder pb(&tm);
  pb.registerModuleAnalyses(mam);
  pb.registerCGSCCAnalyses(cgam);
  pb.registerFunctionAnalyses(fam);
  pb.registerLoopAnalyses(lam);
  pb.crossRegisterProxies(lam, fam, cgam, mam);
  // What the runs do not reach (most of the bitcode: the interpreter's
  // classifier, other forms' helpers) goes first, not after the passes
  // worked on it.
  llvm::ModulePassManager mpm;
  mpm.addPass(llvm::GlobalDCEPass());
  // The bitcode's lane loops are vectorised already (32 lanes wide, when
  // the bitcode is built: emu/jit/CMakeLists.txt), so no loop pass is
  // needed here, only what folds each inlined step to its instruction:
  // SROA and instcombine fold the constant Inst, simplifycfg drops the
  // branches it decides, GVN keeps a row in registers from one
  // instruction to the next, DSE drops the stores that it overwrites. O2
  // on the same bitcode cost about twice as much for no faster code.
  mpm.addPass(llvm::AlwaysInlinerPass());
  llvm::FunctionPassManager fpm;
  fpm.addPass(llvm::SROAPass(llvm::SROAOptions::ModifyCFG));
  fpm.addPass(llvm::EarlyCSEPass(/*UseMemorySSA=*/true));
  fpm.addPass(llvm::InstCombinePass());
  fpm.addPass(llvm::SimplifyCFGPass());
  fpm.addPass(llvm::GVNPass());
  fpm.addPass(llvm::DSEPass());
  fpm.addPass(llvm::InstCombinePass());
  fpm.addPass(llvm::SimplifyCFGPass());
  mpm.addPass(llvm::createModuleToFunctionPassAdaptor(std::move(fpm)));
  mpm.addPass(llvm::GlobalDCEPass());
  mpm.run(m, mam);
}

/// CPU seconds of this thread, which compiles (LLJIT's default dispatcher
/// runs in the caller): on a loaded host wall time would count the other
/// processes too.
double threadSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

class OrcJitCompiler final : public JitCompiler {
public:
  OrcJitCompiler(std::unique_ptr<llvm::orc::LLJIT> jit, std::unique_ptr<llvm::TargetMachine> tm,
                 uint64_t cacheLimit, uint64_t hotIssues)
      : jit_(std::move(jit)), tm_(std::move(tm)), cacheLimit_(cacheLimit), hotIssues_(hotIssues) {}

  JitImage *imageFor(const std::vector<Inst> &code, JitMode mode) override {
    std::lock_guard<std::mutex> lock(mu_);
    for (JitImage &i : images_)
      if (i.mode == mode && i.code.size() == code.size() &&
          std::memcmp(i.code.data(), code.data(), code.size() * sizeof(Inst)) == 0)
        return i.runs.empty() ? nullptr : &i;
    JitImage &image = images_.emplace_back();
    image.compiler = this;
    image.mode = mode;
    image.code = code;
    image.sites.resize(code.size());
    for (const JitRun &r : jitRuns(code, kMinRun))
      for (uint32_t at = 0; at < r.length; at += kPiece)
        image.runs.push_back({r.first + at, std::min(kPiece, r.length - at)});
    std::vector<uint32_t> all;
    for (uint32_t i = 0; i < image.runs.size(); ++i) {
      const JitRun &r = image.runs[i];
      for (uint32_t k = 0; k < r.length; ++k)
        image.sites[r.first + k] = {nullptr, i, static_cast<uint16_t>(k),
                                    static_cast<uint16_t>(r.length - k)};
      // At least 1 in auto: 0 stands for compiled (or never to be).
      const uint64_t hot = std::min(hotIssues_, UINT64_MAX / r.length) * r.length;
      image.untilHot.push_back(mode == JitMode::Auto ? std::max<uint64_t>(hot, 1) : 0);
      all.push_back(i);
    }
    jitSetReach(code, image.sites);
    if (mode == JitMode::On)
      compile(image, all);
    return image.runs.empty() ? nullptr : &image;
  }

  void compileRun(JitImage &image, uint32_t run) override {
    std::lock_guard<std::mutex> lock(mu_);
    image.untilHot[run] = 0;
    if (!image.sites[image.runs[run].first].fn)
      compile(image, {run});
  }

  JitTotals totals() const override {
    std::lock_guard<std::mutex> lock(mu_);
    return totals_;
  }

private:
  /// Compiles runs `which` of `image` as one module, as many of them as the
  /// code cache has room for.
  void compile(JitImage &image, std::vector<uint32_t> which) {
    const double start = threadSeconds();
    std::vector<uint32_t> fit;
    for (uint32_t run : which) {
      if (totals_.instructions + image.runs[run].length > cacheLimit_) {
        ++totals_.refused;
        continue;
      }
      totals_.instructions += image.runs[run].length; // the room is taken even if LLVM fails
      fit.push_back(run);
    }
    if (fit.empty())
      return;
    auto ctx = std::make_unique<llvm::LLVMContext>();
    // The optimizer's warnings (an unroll pragma of the semantics it could
    // not honour) are not the user's business: the output stays the
    // interpreter's.
    ctx->setDiagnosticHandlerCallBack(
        [](const llvm::DiagnosticInfo *, void *) {}, nullptr);
    // Read lazily: only the bodies the runs reach are decoded
    // (Materialize.h); the bitcode's bytes live as long as the process.
    llvm::Expected<std::unique_ptr<llvm::Module>> parsed = llvm::getLazyBitcodeModule(
        llvm::MemoryBufferRef(semanticsBitcode(), "simt-jit-semantics"), *ctx);
    if (!parsed) {
      // The bitcode is built with the library: failing here is a build
      // fault; the runs are interpreted.
      llvm::consumeError(parsed.takeError());
      return;
    }
    std::unique_ptr<llvm::Module> m = std::move(*parsed);
    m->setDataLayout(jit_->getDataLayout());
    m->setTargetTriple(jit_->getTargetTriple().str());
    const std::string prefix = "simt_run_" + std::to_string(modules_++) + "_";
    std::vector<std::string> names;
    for (uint32_t run : fit) {
      names.push_back(prefix + std::to_string(names.size()));
      emitRun(*m, names.back(), image.code, image.runs[run]);
    }
    if (llvm::Error e = materializeReached(*m, names)) {
      llvm::consumeError(std::move(e));
      return;
    }
    internalize(*m, names);
    const double optimizeStart = threadSeconds();
    optimize(*m, *tm_);
    const double codegenStart = threadSeconds();
    totals_.optimizeSeconds += codegenStart - optimizeStart;
    if (std::getenv("SIMT_JIT_DUMP")) // a developer's look at what runs (docs/jit.md)
      m->print(llvm::errs(), nullptr);
    if (llvm::Error e = jit_->addIRModule(llvm::orc::ThreadSafeModule(std::move(m), std::move(ctx)))) {
      llvm::consumeError(std::move(e));
      return;
    }
    // The first lookup generates the whole module's code.
    std::vector<JitRunFn> fns;
    for (const std::string &name : names) {
      llvm::Expected<llvm::orc::ExecutorAddr> addr = jit_->lookup(name);
      if (!addr) {
        llvm::consumeError(addr.takeError());
        return;
      }
      fns.push_back(addr->toPtr<JitRunFn>());
    }
    totals_.codegenSeconds += threadSeconds() - codegenStart;
    if (std::none_of(image.sites.begin(), image.sites.end(),
                     [](const JitSite &s) { return s.fn != nullptr; }))
      ++totals_.images;
    for (size_t i = 0; i < fit.size(); ++i) {
      const JitRun &r = image.runs[fit[i]];
      for (uint32_t k = 0; k < r.length; ++k)
        image.sites[r.first + k].fn = fns[i];
    }
    totals_.runs += fit.size();
    image.compiledRuns += static_cast<uint32_t>(fit.size());
    totals_.compileSeconds += threadSeconds() - start;
  }

  std::unique_ptr<llvm::orc::LLJIT> jit_;
  std::unique_ptr<llvm::TargetMachine> tm_; // the optimizer's view of the host
  const uint64_t cacheLimit_;               // instructions
  const uint64_t hotIssues_;                // per instruction of a run (--jit auto)
  mutable std::mutex mu_;
  std::deque<JitImage> images_; // a deque: grids keep pointers to them
  uint64_t modules_ = 0;        // modules added to the LLJIT (their names' prefix)
  JitTotals totals_;
};

} // namespace

std::shared_ptr<JitCompiler> makeOrcJitCompiler(uint64_t cacheLimit, uint64_t hotIssues,
                                                std::string &error) {
  static std::once_flag init;
  std::call_once(init, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
  });
  auto fail = [&](llvm::Error e) -> std::shared_ptr<JitCompiler> {
    error = "the JIT cannot start: " + llvm::toString(std::move(e));
    return nullptr;
  };
  llvm::Expected<llvm::orc::JITTargetMachineBuilder> jtmb =
      llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!jtmb)
    return fail(jtmb.takeError());
  llvm::Expected<std::unique_ptr<llvm::TargetMachine>> tm = jtmb->createTargetMachine();
  if (!tm)
    return fail(tm.takeError());
  llvm::Expected<std::unique_ptr<llvm::orc::LLJIT>> jit =
      llvm::orc::LLJITBuilder().setJITTargetMachineBuilder(*jtmb).create();
  if (!jit)
    return fail(jit.takeError());
  // memcpy and memset, which the optimizer may call, from this process.
  llvm::Expected<std::unique_ptr<llvm::orc::DynamicLibrarySearchGenerator>> process =
      llvm::orc::DynamicLibrarySearchGenerator::GetForCurrentProcess(
          (*jit)->getDataLayout().getGlobalPrefix());
  if (!process)
    return fail(process.takeError());
  (*jit)->getMainJITDylib().addGenerator(std::move(*process));
  return std::make_shared<OrcJitCompiler>(std::move(*jit), std::move(*tm), cacheLimit,
                                          hotIssues);
}

} // namespace simt::emu::jit
