//===-- simt-cc.cpp - CUDA C (or PTX) to SIMT objects ---------------------===//
//
// simt-cc kernel.cu -o kernel.o [-S] [-D NAME[=V]] [-I DIR] [-O0..3] [-m32]
// [-cl-std=CLx.y] [--keep-ptx] [--libclc-dir DIR] (TOOLS.md). A .cu file
// goes through Debian's clang-19 in CUDA device-only mode with the project's
// headers (cc/headers, installed beside the tools), a .cl file through
// clang-19's OpenCL C with its own builtin declarations; both link libclc's
// NVPTX bitcode for the math library (and, for OpenCL, the work-item
// functions), and no NVIDIA software. The PTX clang writes is translated
// in-process by simt-ptxas's translatePTX. A .ptx file is translated as it
// is. Exit 0 on success, 1 on errors in the input, 2 on bad usage.
//
//===----------------------------------------------------------------------===//
#include "cc/TempFiles.h"
#include "cc/StructurizeIR.h"
#include "cc/Translate.h"
#include "cc/ptx/PTXSourceLines.h"
#include "isa/SIMTLevel.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <CLI/CLI.hpp>

using namespace llvm;
using namespace simt::cc;

// The headers: beside the installed tools, else in the source tree.
static std::string includeDir(const char *Argv0) {
  std::string Exe = sys::fs::getMainExecutable(Argv0, (void *)&includeDir);
  SmallString<256> Installed(sys::path::parent_path(sys::path::parent_path(Exe)));
  sys::path::append(Installed, "include");
  if (sys::fs::exists(Installed + "/simt_opencl.h"))
    return std::string(Installed);
  return SIMT_CUDA_INCLUDE_DIR;
}

// Code clang's and our headers expand to is attributed to the user's line
// (ToolchainLines.h); clang's resource headers live in
// <its prefix>/lib/clang/<version>/include.
static std::vector<std::string> toolchainHeaderDirs(const char *Argv0) {
  std::vector<std::string> Dirs{includeDir(Argv0)};
  // The clang-19 found at build time (the one on PATH may be a wrapper).
  if (StringRef Built = SIMT_CLANG_RESOURCE_DIR; !Built.empty())
    Dirs.push_back(sys::path::parent_path(Built).str());
  if (ErrorOr<std::string> Clang = sys::findProgramByName("clang-19")) {
    SmallString<256> Real;
    if (sys::fs::real_path(*Clang, Real))
      Real = *Clang;
    SmallString<256> Resource(sys::path::parent_path(sys::path::parent_path(Real)));
    sys::path::append(Resource, "lib", "clang");
    Dirs.push_back(std::string(Resource));
  }
  return Dirs;
}

namespace {

/// The command line, in the compilers' spelling and in CLI11's.
struct Options {
  std::string Input, Output, LibclcDir = SIMT_LIBCLC_DIR;
  std::string OptLevel = "-O2", CLStd = "-cl-std=CL1.2";
  // CUDA C's contraction (-ffp-contract=): nvcc's -fmad=false is "off".
  std::string FpContract = "fast-honor-pragmas";
  bool M32 = false, Debug = false, LineTablesOnly = false;
  // -arch sm_NN (also -arch=sm_NN, --cuda-gpu-arch=sm_NN): the GPU the code
  // is written for, compiled for the level of this ISA that has it.
  std::string ArchArg;
  std::string Language; // -x cu|cuda|cl|ptx: the input's kind, whatever its suffix
  std::vector<std::string> Defines, Includes, ClangFlags;
  bool Text = false, KeepPTX = false, RdcBitcode = false;
  unsigned StackSize = 0, ConstBank = 2;
};

/// How a .cu, .cl or .bc input goes through clang.
struct ClangJob {
  bool OpenCL = false, Bitcode = false;
  // Separate compilation: the device code is written as bitcode, untranslated.
  bool Rdc = false;
  // Errors in the PTX are shown at the .cu line it came from.
  bool SourceLines = false;
  std::string GpuArch, IncludeDir, Libclc, PTXPath;
  // The input clang compiles: a linked program's with libclc joined.
  std::string Input;
};

} // namespace

// -O0..-O3, -m32 and -g in the compilers' spelling (CLI11 cannot take -O2).
// -std=, -U, -isystem DIR, -idirafter DIR, -include FILE and -ivfsoverlay
// FILE go to clang as they are, in order (simt-nvcc passes a program's
// preprocessor flags on, and the file it serves rewritten:
// cc/NvccDialect.h). What is left is CLI11's, argv[0] first.
static std::vector<std::string> takeCompilerFlags(int argc, char **argv, Options &O) {
  std::vector<std::string> Args;
  for (int N = 0; N < argc; ++N) {
    StringRef A(argv[N]);
    if (N > 0 && A == "-x" && N + 1 < argc) {
      StringRef L(argv[++N]);
      O.Language = L == "cuda" ? ".cu" : "." + L.str();
      continue;
    }
    if (N > 0 &&
        (A == "-isystem" || A == "-idirafter" || A == "-include" || A == "-U" ||
         A == "-ivfsoverlay") &&
        N + 1 < argc) {
      O.ClangFlags.insert(O.ClangFlags.end(), {A.str(), argv[++N]});
      continue;
    }
    if (N > 0 && (A.starts_with("-std=") || (A.starts_with("-U") && A.size() > 2))) {
      O.ClangFlags.push_back(A.str());
      continue;
    }
    // simt-nvcc -rdc's compilation unit ID, the host compile's too (clang's
    // postfix of an externalized static kernel or variable). A driver
    // option: the driver's own -cuid for a device compile would override an
    // -Xclang one.
    if (N > 0 && A.starts_with("-cuid=")) {
      O.ClangFlags.push_back(A.str());
      continue;
    }
    if (N > 0 && (A == "-arch" || A == "--cuda-gpu-arch") && N + 1 < argc) {
      O.ArchArg = argv[++N];
      continue;
    }
    if (N > 0 && (A.starts_with("-arch=") || A.starts_with("--cuda-gpu-arch="))) {
      O.ArchArg = A.split('=').second.str();
      continue;
    }
    if (N > 0 && A.size() == 3 && A.starts_with("-O") && A[2] >= '0' && A[2] <= '3')
      O.OptLevel = A.str();
    else if (N > 0 && A == "-m32")
      O.M32 = true;
    else if (N > 0 && (A == "-g" || A == "-gline-tables-only")) {
      O.Debug = true;
      O.LineTablesOnly = A != "-g";
    }
    else if (N > 0 && A.starts_with("-cl-std="))
      O.CLStd = A.str();
    else if (N > 0 && A.starts_with("-ffp-contract="))
      O.FpContract = A.split('=').second.str();
    else
      Args.push_back(A.str());
  }
  return Args;
}

/// Fills O from the command line; the exit status if the tool stops here
/// (--help, --version, a usage error).
static std::optional<int> parseCommandLine(int argc, char **argv, Options &O) {
  std::vector<std::string> Args = takeCompilerFlags(argc, argv, O);
  std::vector<char *> Argv;
  for (std::string &A : Args)
    Argv.push_back(A.data());

  CLI::App App{"simt-cc: compile CUDA C (device code) or PTX to SIMT kernels"};
  App.set_version_flag("--version", "simt-cc " SIMT_VERSION);
  App.add_option("input", O.Input, "a .cu, .cl or .ptx file")->required();
  App.add_option("-o", O.Output, "output object (or assembly with -S); '-' for stdout");
  App.add_flag("-S", O.Text, "write this ISA's assembly text instead of an object");
  App.add_option("-D", O.Defines, "define a macro (NAME or NAME=VALUE)")->allow_extra_args(false);
  App.add_option("-I", O.Includes, "add a header search directory")->allow_extra_args(false);
  App.add_option("--const-bank", O.ConstBank,
                 "the user constant bank of the __constant__ (.const) variables (2..15; "
                 "simt-nvcc gives each file of a program its own)")
      ->check(CLI::Range(2u, 15u));
  App.add_option("--stack-size", O.StackSize,
                 "bytes of call stack per thread for kernels with recursive calls "
                 "(default 1024, as CUDA's)")
      ->check(CLI::Range(8u, 512u * 1024u));
  App.add_flag("--keep-ptx", O.KeepPTX, "keep clang's PTX beside the output (NAME.ptx)");
  App.add_flag("--rdc-bitcode", O.RdcBitcode,
               "separate compilation (simt-nvcc -rdc): write the .cu file's device code as "
               "LLVM bitcode with external device functions and variables, for a device link; "
               "a .bc input (the linked program) is then compiled and translated");
  App.add_option("--libclc-dir", O.LibclcDir,
                 "directory of libclc's NVPTX bitcode (the math library; default " +
                     (O.LibclcDir.empty() ? std::string("none found at configure time")
                                          : O.LibclcDir) +
                     ")");
  App.footer("Also -arch sm_NN (or -arch=sm_NN, --cuda-gpu-arch=sm_NN): the GPU the code is\n"
             "written for: sm_1x/sm_2x build for the sm_20 level (the default), sm_30 and\n"
             "later for sm_35 (__CUDA_ARCH__ 350; beyond sm_37 with a warning);\n"
             "-O0, -O1, -O2 (the default), -O3: clang's optimisation level;\n"
             "-m32: 32-bit device pointers (32-bit PTX addresses);\n"
             "-cl-std=CL1.0|CL1.1|CL1.2|CL2.0|CL3.0: the OpenCL C version of a .cl\n"
             "file (CL1.2 by default);\n"
             "-std=..., -U NAME, -isystem DIR, -include FILE: passed to clang;\n"
             "-x cu|cuda|cl|ptx: the input's language, whatever its suffix;\n"
             "-g (or -gline-tables-only): DWARF line tables (.debug_line) from clang's\n"
             "PTX .loc, for simt-dbg at source level and simt-objdump -l.\n"
             "Reference: docs/tools/simt-cc.md.");
  try {
    App.parse(int(Argv.size()), Argv.data());
  } catch (const CLI::ParseError &E) {
    int Code = App.exit(E);
    return Code == 0 ? 0 : 2;
  }
  return std::nullopt;
}

// The level: sm_1x/sm_2x are the base (Fermi), sm_30 and later the
// highest, sm_35 (isa/SIMTLevel.h); a GPU beyond it builds for it with a
// warning, as nvcc's forward-compatible PTX would run there. None if
// ArchArg names no GPU.
static std::optional<unsigned> levelForArch(StringRef ArchArg) {
  if (ArchArg.empty())
    return simt::levels::kBase;
  StringRef Digits = ArchArg;
  unsigned SM = 0;
  if (!(Digits.consume_front("sm_") || Digits.consume_front("compute_")) ||
      Digits.rtrim("abf").getAsInteger(10, SM) || SM < 10) {
    errs() << "simt-cc: error: -arch " << ArchArg << ": expected sm_NN (such as sm_35)\n";
    return std::nullopt;
  }
  unsigned Level = simt::levels::levelForGpu(SM);
  if (simt::levels::aboveEveryLevel(SM))
    errs() << "simt-cc: warning: " << ArchArg << " requested: building for "
           << simt::levels::archName(Level) << ", this ISA's highest level (what the code "
           << "needs beyond it is an error where it is used)\n";
  return Level;
}

// The math library: libclc's bitcode for the pointer size. Only what the
// kernel calls is linked, internalized and inlined.
static std::optional<std::string> findLibclc(const Options &O) {
  SmallString<128> Libclc(O.LibclcDir);
  sys::path::append(Libclc, O.M32 ? "nvptx--nvidiacl.bc" : "nvptx64--nvidiacl.bc");
  if (O.LibclcDir.empty() || !sys::fs::exists(Libclc)) {
    errs() << "simt-cc: error: libclc's NVPTX bitcode (the math library) not found: "
           << (O.LibclcDir.empty() ? "no libclc directory was found at configure time"
                                   : "'" + std::string(Libclc) + "' does not exist")
           << " (install Debian's libclc-19 or pass --libclc-dir DIR)\n";
    return std::nullopt;
  }
  return std::string(Libclc);
}

// A linked program: libclc joins it here (only what it calls, made
// internal), through llvm-link, which can keep the triple warning quiet.
// The linked file, or none after an error.
static std::optional<std::string> linkLibclc(const std::string &Input, StringRef Libclc) {
  ErrorOr<std::string> Link = sys::findProgramByName("llvm-link-19");
  SmallString<128> WithLibclc;
  if (!Link || createTempFile("simt-cc-linked", "bc", WithLibclc)) {
    errs() << "simt-cc: error: llvm-link-19 not found on PATH (install Debian's llvm-19)\n";
    return std::nullopt;
  }
  std::vector<StringRef> LinkCmd = {*Link, "--suppress-warnings", "--only-needed",
                                    "--internalize", Input, Libclc, "-o", WithLibclc};
  std::string LinkErr;
  if (sys::ExecuteAndWait(*Link, LinkCmd, std::nullopt, {}, 0, 0, &LinkErr) != 0) {
    errs() << "simt-cc: error: linking libclc into '" << Input << "' failed " << LinkErr
           << "\n";
    return std::nullopt;
  }
  return std::string(WithLibclc);
}

// The pinned device-only compilation: no CUDA installation is looked for
// (an empty --cuda-path), no NVIDIA headers or libdevice. OpenCL C goes
// to the same NVPTX backend through the nvcl target, with clang's own
// declarations of the OpenCL builtins, whose mangled names libclc defines.
static std::vector<std::string> clangInvocation(const std::string &Clang, const Options &O,
                                                const ClangJob &J) {
  const std::string &Inc = J.IncludeDir;
  if (J.Bitcode) // a device link's output: the program's device code, linked
    return {Clang, "-x", "ir", "--target=nvptx64-nvidia-cuda", "-march=" + J.GpuArch,
            O.OptLevel, "-S"};
  // OpenCL C is C99, whose plain `inline` function is an inline definition
  // only: without inlining (-O0, or a call the inliner declines) the call
  // is left to an external definition no file provides. OpenCL compilers
  // treat `inline` as a hint; GNU89's rules keep the definition.
  if (J.OpenCL)
    return {Clang, "-x", "cl", O.CLStd, "-target",
            O.M32 ? "nvptx-nvidia-nvcl" : "nvptx64-nvidia-nvcl", O.OptLevel, "-S", "-Xclang",
            "-finclude-default-header", "-isystem", Inc, "-include", "simt_opencl.h",
            "-fgnu89-inline"};
  return {Clang, "-x", "cuda", "--cuda-device-only", "--cuda-gpu-arch=" + J.GpuArch,
          "-nocudainc", "-nocudalib", "--cuda-path=", O.OptLevel, "-S", "-isystem", Inc,
          "-idirafter", Inc + "/fallback",
          // By path: a user -I holding NVIDIA's headers cannot replace it.
          "-include", Inc + "/cuda_runtime.h"};
}

// clang's defaults that CUDA programs written for nvcc do not expect.
static void addNvccDialectFlags(std::vector<std::string> &Cmd, const std::string &FpContract) {
  // Contraction per instruction: clang's CUDA default (fast) also tells the
  // NVPTX backend to fuse any fmul into a later fadd, libclc's included,
  // which breaks its error-free transformations (fma(a, b, -a*b) after a*b)
  // and costs sinf/cosf/tanf thousands of ulp. fast-honor-pragmas still
  // marks the kernel's own arithmetic contractible, as nvcc fuses it.
  // OpenCL's default (contraction within an expression, FP_CONTRACT) is
  // already per expression.
  Cmd.push_back("-ffp-contract=" + FpContract);
  // clang's C++17 rejects the `register` storage class; nvcc's default
  // dialect before CUDA 12 (C++14) accepted it silently, and older CUDA code
  // (SHOC's S3D and MaxFlops) still declares its variables `register`.
  Cmd.push_back("-Wno-register");
  // A macro right after a string ("node ("fNID")"), which gcc and nvcc read
  // as two tokens with a warning and C++11 reads as a literal suffix, an
  // error (Rodinia's mummergpu): gcc's reading.
  Cmd.push_back("-Wno-reserved-user-defined-literal");
  // `#pragma unroll` that clang's unroller cannot honour (CUB's radix sort
  // loops) is a hint to nvcc, never a warning: every Thrust program printed
  // "loop not unrolled" four times.
  Cmd.push_back("-Wno-pass-failed");
  // A warp function given a value only some lanes set (`int i; if (lane ==
  // 0) i = atomicAdd(&n, 1); i = __shfl_sync(~0u, i, 0);`, ECL-CC's
  // worklists) passes the others' undefined one. clang marks arguments
  // noundef, so to LLVM that call proves every lane set it: the lane test
  // went, and every lane ran the atomic. nvcc's NVVM marks nothing.
  Cmd.insert(Cmd.end(), {"-Xclang", "-no-enable-noundef-analysis"});
}

/// The whole clang command line for J at Level.
static std::vector<std::string> clangCommand(const std::string &Clang, const Options &O,
                                             unsigned Level, const ClangJob &J) {
  std::vector<std::string> Cmd = clangInvocation(Clang, O, J);
  if (O.M32 && !J.OpenCL && !J.Bitcode)
    Cmd.push_back("-m32");
  // Above the base level: PTX 7.0, whose warp functions (shfl.sync,
  // vote.sync, activemask, bar.warp.sync) clang's builtins need; the
  // headers see the level as __SIMT_ISA_LEVEL__ (also in simt-nvcc's host
  // compile, which has no __CUDA_ARCH__).
  if (Level != simt::levels::kBase && !J.OpenCL) {
    Cmd.insert(Cmd.end(), {"-Xclang", "-target-feature", "-Xclang", "+ptx70"});
    if (!J.Bitcode)
      Cmd.push_back("-D__SIMT_ISA_LEVEL__=" + std::to_string(Level));
  }
  // -g: clang's DWARF, which the translator carries to the object
  // (variables, types, scopes). For optimised device code clang's driver
  // writes line tables only (NVIDIA's ptxas cannot take more); the full
  // kind is asked of its front end directly, so that variables are known
  // by name (and said to be optimised out where they have no location).
  if (O.Debug && O.LineTablesOnly) {
    Cmd.push_back("-gline-tables-only");
  } else if (O.Debug) {
    Cmd.push_back("-g");
    if (O.OptLevel != "-O0")
      Cmd.insert(Cmd.end(), {"-Xclang", "-debug-info-kind=constructor"});
  }
  if (J.SourceLines && !O.Debug)
    Cmd.push_back("-gline-directives-only");
  // libclc's triple is nvptx64-unknown-nvidiacl, clang's nvptx64-nvidia-cuda
  // or -nvcl: the same target, so the linker's triple warning is noise.
  // Separate compilation links it once, at the device link.
  if (!J.Bitcode && !J.Rdc)
    Cmd.insert(Cmd.end(), {"-Xclang", "-mlink-builtin-bitcode", "-Xclang", J.Libclc,
                           "-Wno-linker-warnings"});
  if (!J.OpenCL)
    addNvccDialectFlags(Cmd, O.FpContract);
  for (const std::string &D : O.Defines)
    Cmd.push_back("-D" + D);
  for (const std::string &I : O.Includes)
    Cmd.push_back("-I" + I);
  Cmd.insert(Cmd.end(), O.ClangFlags.begin(), O.ClangFlags.end());
  if (J.Rdc) {
    // The device code as bitcode that keeps its external device functions
    // and variables, written as the output: nothing to translate yet.
    llvm::erase(Cmd, "-S");
    Cmd.insert(Cmd.end(), {"-fgpu-rdc", "-emit-llvm", "-c", "-o", O.Output, O.Input});
  } else {
    Cmd.insert(Cmd.end(), {"-o", J.PTXPath, J.Input});
  }
  return Cmd;
}

/// Translates the PTX clang wrote for J; diagnostics to Errs.
static int translateClangPTX(const Options &O, const ClangJob &J, PipelineOptions Opts,
                             raw_ostream &Errs) {
  auto Buf = MemoryBuffer::getFile(J.PTXPath, /*IsText=*/true);
  if (!Buf) {
    errs() << "simt-cc: error: cannot read clang's PTX: " << Buf.getError().message() << "\n";
    return 1;
  }
  // Errors point into the PTX where no source line is known: name it after
  // the source (or the kept file).
  std::string Name = O.KeepPTX ? J.PTXPath : O.Input + " (as PTX)";
  StringRef PTX = (*Buf)->getBuffer();
  std::optional<PTXSourceLines> Lines;
  std::string Translated;
  if (J.SourceLines) {
    Lines.emplace(PTX, O.Input);
    Opts.SourceLines = &*Lines;
    if (!O.Debug)
      PTX = Translated = withoutLineDirectives(PTX);
  }
  return translatePTX(MemoryBuffer::getMemBufferCopy(PTX, Name), O.Output, Opts, outs(), Errs);
}

static int runClang(const std::string &Clang, const std::vector<std::string> &Cmd) {
  std::vector<StringRef> CmdRefs(Cmd.begin(), Cmd.end());
  std::string ErrMsg;
  const int Status = sys::ExecuteAndWait(Clang, CmdRefs, std::nullopt, {}, 0, 0, &ErrMsg);
  if (Status != 0 && !ErrMsg.empty())
    errs() << "simt-cc: error: " << ErrMsg << "\n";
  return Status;
}

/// The second route for device code the translator finds unstructured
/// (StructurizeIR.h): clang's LLVM IR of J, optimised at J's level and
/// structurized, then clang's code generator alone at -O0 (its branch
/// folding and tail merging at -O2 undo the structure: on a Miller-Rabin
/// kernel they gave PTX the translator took and ran wrong), and the
/// translator again (its diagnostics to Errs). The exit status.
static int compileStructurized(const std::string &Clang, const Options &O, unsigned Level,
                               const ClangJob &J, const PipelineOptions &Opts,
                               raw_ostream &Errs) {
  SmallString<128> IR, Structured;
  if (createTempFile("simt-cc-ir", "ll", IR) ||
      createTempFile("simt-cc-structured", "bc", Structured))
    return 1;
  ClangJob Front = J;
  Front.PTXPath = std::string(IR);
  std::vector<std::string> Cmd = clangCommand(Clang, O, Level, Front);
  Cmd.insert(Cmd.begin() + 1, "-emit-llvm");
  if (O.OptLevel == "-O0") // optnone would keep the structurizer away
    Cmd.insert(Cmd.begin() + 1, {"-Xclang", "-disable-O0-optnone"});
  if (runClang(Clang, Cmd) != 0)
    return 1;
  std::string Why;
  if (!structurizeIR(IR, Structured, &Why)) {
    errs() << "simt-cc: error: structurizing the device code: " << Why << "\n";
    return 1;
  }
  ClangJob Back = J;
  Back.Bitcode = true;
  Back.Input = std::string(Structured);
  Options CodeGen = O;
  CodeGen.OptLevel = "-O0";
  Cmd = clangCommand(Clang, CodeGen, Level, Back);
  Cmd.insert(Cmd.begin() + 1, {"-Xclang", "-disable-llvm-optzns"});
  if (runClang(Clang, Cmd) != 0)
    return 1;
  return translateClangPTX(O, J, Opts, Errs);
}

/// clang-19's -fgpu-rdc renames a static __device__ or __constant__ variable
/// that host code names (cudaMemcpyToSymbol) to NAME__static__CUID, but a
/// device function emitted before the host's use keeps referring to NAME,
/// now an external declaration that nothing defines (the device link's
/// "declared here and defined elsewhere"). Points such uses at the renamed
/// definition, in the unit's bitcode at Path.
static bool resolveExternalizedStatics(const std::string &Path) {
  auto Buf = MemoryBuffer::getFile(Path);
  if (!Buf)
    return false;
  LLVMContext Ctx;
  Expected<std::unique_ptr<llvm::Module>> M = parseBitcodeFile((*Buf)->getMemBufferRef(), Ctx);
  if (!M) {
    consumeError(M.takeError());
    return false;
  }
  std::vector<GlobalVariable *> Replaced;
  for (GlobalVariable &Def : (*M)->globals()) {
    if (Def.isDeclaration())
      continue;
    StringRef Name = Def.getName();
    size_t At = Name.rfind("__static__");
    if (At == StringRef::npos || At == 0)
      continue;
    GlobalVariable *Decl = (*M)->getGlobalVariable(Name.take_front(At), /*AllowInternal=*/true);
    if (!Decl || !Decl->isDeclaration() || Decl->getType() != Def.getType())
      continue;
    Decl->replaceAllUsesWith(&Def);
    Replaced.push_back(Decl);
  }
  if (Replaced.empty())
    return true;
  for (GlobalVariable *Decl : Replaced)
    Decl->eraseFromParent();
  std::error_code EC;
  raw_fd_ostream Out(Path, EC);
  if (EC)
    return false;
  WriteBitcodeToFile(**M, Out);
  return true;
}

/// Compiles J's input with clang and translates its PTX (or, with -rdc,
/// leaves its bitcode as the output).
static int compileWithClang(const Options &O, unsigned Level, ClangJob J,
                            const PipelineOptions &Opts) {
  ErrorOr<std::string> Clang = sys::findProgramByName("clang-19");
  if (!Clang) {
    errs() << "simt-cc: error: clang-19 not found on PATH (install Debian's clang-19)\n";
    return 1;
  }
  std::optional<std::string> Libclc = findLibclc(O);
  if (!Libclc)
    return 1;
  J.Libclc = *Libclc;
  SmallString<128> PTXPath;
  if (O.KeepPTX) {
    PTXPath = O.Output == "-" ? sys::path::filename(O.Input) : StringRef(O.Output);
    sys::path::replace_extension(PTXPath, ".ptx");
  } else if (std::error_code EC = createTempFile("simt-cc", "ptx", PTXPath)) {
    errs() << "simt-cc: error: cannot create a temporary file: " << EC.message() << "\n";
    return 1;
  }
  J.PTXPath = std::string(PTXPath);
  J.Input = O.Input;
  if (J.Bitcode) {
    std::optional<std::string> Linked = linkLibclc(O.Input, J.Libclc);
    if (!Linked)
      return 1;
    J.Input = *Linked;
  }
  if (J.Rdc)
    sys::fs::remove(J.PTXPath);
  std::vector<std::string> Cmd = clangCommand(*Clang, O, Level, J);
  std::vector<StringRef> CmdRefs(Cmd.begin(), Cmd.end());
  std::string ErrMsg;
  int Status = sys::ExecuteAndWait(*Clang, CmdRefs, std::nullopt, {}, 0, 0, &ErrMsg);
  if (J.Rdc) {
    if (Status != 0 && !ErrMsg.empty())
      errs() << "simt-cc: error: " << ErrMsg << "\n";
    if (Status == 0 && !resolveExternalizedStatics(O.Output)) {
      errs() << "simt-cc: error: cannot rewrite '" << O.Output << "'\n";
      return 1;
    }
    return Status == 0 ? 0 : 1;
  }
  // The temporary files go at exit (TempFiles.h).
  if (Status != 0) {
    if (!ErrMsg.empty())
      errs() << "simt-cc: error: " << ErrMsg << "\n";
    return 1;
  }
  // A kernel whose control flow the SIMT stack cannot follow as clang
  // wrote it goes the structurized route (64-bit CUDA C; its errors are
  // the first route's if that fails too).
  std::string Errors;
  raw_string_ostream ErrorStream(Errors);
  const int Result = translateClangPTX(O, J, Opts, ErrorStream);
  if (Result != 0 && !J.OpenCL && !J.Bitcode && !O.M32 &&
      Errors.find("unstructured control flow") != std::string::npos) {
    std::string Retried;
    raw_string_ostream RetryErrors(Retried);
    if (compileStructurized(*Clang, O, Level, J, Opts, RetryErrors) == 0)
      return 0;
  }
  errs() << Errors;
  return Result;
}

int main(int argc, char **argv) {
  Options O;
  if (std::optional<int> Exit = parseCommandLine(argc, argv, O))
    return *Exit;
  std::optional<unsigned> Level = levelForArch(O.ArchArg);
  if (!Level)
    return 2;
  std::string Ext = O.Language.empty() ? sys::path::extension(O.Input).str() : O.Language;
  if (O.Output.empty()) {
    SmallString<128> Default(sys::path::filename(O.Input));
    sys::path::replace_extension(Default, O.Text ? ".s" : ".o");
    O.Output = std::string(Default);
  }
  PipelineOptions Opts;
  Opts.Text = O.Text;
  Opts.StackSize = O.StackSize;
  Opts.ConstBank = O.ConstBank;
  Opts.Unoptimised = O.OptLevel == "-O0";
  Opts.ToolchainHeaderDirs = toolchainHeaderDirs(argv[0]);
  if (Ext == ".ptx") {
    auto Buf = MemoryBuffer::getFileOrSTDIN(O.Input, /*IsText=*/true);
    if (!Buf) {
      errs() << "simt-cc: error: cannot read '" << O.Input << "': "
             << Buf.getError().message() << "\n";
      return 1;
    }
    return translatePTX(std::move(*Buf), O.Output, Opts, outs(), errs());
  }
  ClangJob J;
  J.OpenCL = Ext == ".cl";
  J.Bitcode = Ext == ".bc";
  if (Ext != ".cu" && !J.OpenCL && !J.Bitcode) {
    errs() << "simt-cc: error: '" << O.Input << "': expected a .cu, .cl or .ptx file\n";
    return 2;
  }
  J.Rdc = O.RdcBitcode && !J.Bitcode && !J.OpenCL;
  // Errors in the PTX are shown at the .cu line it came from
  // (PTXSourceLines.h), so clang always writes `.loc`; without -g they are
  // taken out again before translation. A kept PTX file is one the user
  // has: it stays as clang writes it without them, and errors point into it.
  J.SourceLines = !J.OpenCL && !J.Bitcode && !J.Rdc && !O.KeepPTX;
  J.GpuArch = simt::levels::archName(*Level);
  J.IncludeDir = includeDir(argv[0]);
  return compileWithClang(O, *Level, std::move(J), Opts);
}
