//===-- OrcJitCompiler.cpp - The JIT's compiler on LLVM's ORC -------------===//
//
// A kernel image is compiled whole, at its first launch: one LLVM module
// made of the semantics' bitcode and one function per run (RunIR.h), the
// bitcode internalized so that only the runs remain after O2, added to one
// LLJIT for the compiler's lifetime. Images are kept by their decoded
// contents: a freed image's address may come back holding other code, and
// equal code compiles to equal functions.
//
//===----------------------------------------------------------------------===//
#include "emu/jit/OrcJitCompiler.h"

#include "emu/jit/Bitcode.h"
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
#include "llvm/Transforms/IPO/GlobalDCE.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <mutex>
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
/// --jit auto compiles only runs this long. A guess until the break-even
/// length is measured (issue 47).
constexpr unsigned kAutoMinRun = 8;

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
  // classifier, other forms' helpers) goes first, not after O2 worked on it.
  llvm::ModulePassManager mpm;
  mpm.addPass(llvm::GlobalDCEPass());
  mpm.addPass(pb.buildPerModuleDefaultPipeline(llvm::OptimizationLevel::O2));
  mpm.run(m, mam);
}

class OrcJitCompiler final : public JitCompiler {
public:
  OrcJitCompiler(std::unique_ptr<llvm::orc::LLJIT> jit, std::unique_ptr<llvm::TargetMachine> tm)
      : jit_(std::move(jit)), tm_(std::move(tm)) {}

  const JitSite *sitesFor(const std::vector<Inst> &code, JitMode mode) override {
    std::lock_guard<std::mutex> lock(mu_);
    for (const Image &i : images_)
      if (i.mode == mode && i.code.size() == code.size() &&
          std::memcmp(i.code.data(), code.data(), code.size() * sizeof(Inst)) == 0)
        return i.sites.empty() ? nullptr : i.sites.data();
    images_.push_back(Image{mode, code, {}});
    Image &image = images_.back();
    std::vector<JitRun> pieces;
    for (const JitRun &r : jitRuns(code, mode == JitMode::Auto ? kAutoMinRun : kMinRun))
      for (uint32_t at = 0; at < r.length; at += kPiece)
        pieces.push_back({r.first + at, std::min(kPiece, r.length - at)});
    compile(image, pieces);
    return image.sites.empty() ? nullptr : image.sites.data();
  }

  JitTotals totals() const override {
    std::lock_guard<std::mutex> lock(mu_);
    return totals_;
  }

private:
  struct Image {
    JitMode mode;
    std::vector<Inst> code;
    std::vector<JitSite> sites; // empty: nothing compiled
  };

  void compile(Image &image, const std::vector<JitRun> &runs) {
    if (runs.empty())
      return;
    const auto start = std::chrono::steady_clock::now();
    auto ctx = std::make_unique<llvm::LLVMContext>();
    // The optimizer's warnings (an unroll pragma of the semantics it could
    // not honour) are not the user's business: the output stays the
    // interpreter's.
    ctx->setDiagnosticHandlerCallBack(
        [](const llvm::DiagnosticInfo *, void *) {}, nullptr);
    auto buffer = llvm::MemoryBuffer::getMemBuffer(semanticsBitcode(), "simt-jit-semantics",
                                                   /*RequiresNullTerminator=*/false);
    llvm::Expected<std::unique_ptr<llvm::Module>> parsed =
        llvm::parseBitcodeFile(buffer->getMemBufferRef(), *ctx);
    if (!parsed) {
      // The bitcode is built with the library: failing here is a build
      // fault; the image is interpreted.
      llvm::consumeError(parsed.takeError());
      return;
    }
    std::unique_ptr<llvm::Module> m = std::move(*parsed);
    m->setDataLayout(jit_->getDataLayout());
    m->setTargetTriple(jit_->getTargetTriple().str());
    const std::string prefix = "simt_run_" + std::to_string(images_.size()) + "_";
    std::vector<std::string> names;
    for (const JitRun &r : runs) {
      names.push_back(prefix + std::to_string(names.size()));
      emitRun(*m, names.back(), image.code, r);
    }
    internalize(*m, names);
    optimize(*m, *tm_);
    if (std::getenv("SIMT_JIT_DUMP")) // a developer's look at what runs (docs/jit.md)
      m->print(llvm::errs(), nullptr);
    if (llvm::Error e = jit_->addIRModule(llvm::orc::ThreadSafeModule(std::move(m), std::move(ctx)))) {
      llvm::consumeError(std::move(e));
      return;
    }
    std::vector<JitSite> sites(image.code.size());
    for (size_t i = 0; i < runs.size(); ++i) {
      llvm::Expected<llvm::orc::ExecutorAddr> addr = jit_->lookup(names[i]);
      if (!addr) {
        llvm::consumeError(addr.takeError());
        return;
      }
      const auto fn = addr->toPtr<JitRunFn>();
      for (uint32_t k = 0; k < runs[i].length; ++k)
        sites[runs[i].first + k] = {fn, static_cast<uint16_t>(k),
                                    static_cast<uint16_t>(runs[i].length - k)};
      totals_.instructions += runs[i].length;
    }
    image.sites = std::move(sites);
    ++totals_.images;
    totals_.runs += runs.size();
    totals_.compileSeconds +=
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }

  std::unique_ptr<llvm::orc::LLJIT> jit_;
  std::unique_ptr<llvm::TargetMachine> tm_; // the optimizer's view of the host
  mutable std::mutex mu_;
  std::deque<Image> images_; // a deque: grids keep pointers into their sites
  JitTotals totals_;
};

} // namespace

std::shared_ptr<JitCompiler> makeOrcJitCompiler(std::string &error) {
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
  return std::make_shared<OrcJitCompiler>(std::move(*jit), std::move(*tm));
}

} // namespace simt::emu::jit
