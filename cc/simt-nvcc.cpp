//===-- simt-nvcc.cpp - nvcc's command line over clang-19 and simt-cc -----===//
//
// simt-nvcc [nvcc's flags] FILES... (TOOLS.md "Programs", docs/programs.md).
// Each .cu file: its device code by simt-cc (this ISA's object), then its
// host code by clang-19 in CUDA host mode with that object embedded
// (-fcuda-include-gpubinary), which emits the registration calls and the
// launch stubs libcudart implements. .c/.cpp files go to clang-19 as host
// code; objects and archives go to the link, which adds libcudart (an RPATH
// set, so the program runs without LD_LIBRARY_PATH and with another CUDA's
// libcudart on it). -cuda writes a .cu file's host object as a C++ file for
// another host compiler (ObjectAsm.h). No NVIDIA software.
// Exit 0 on success, 1 when a step fails, 2 on bad usage.
//
//===----------------------------------------------------------------------===//
#include "cc/DeviceLink.h"
#include "cc/NvccDialect.h"
#include "cc/ObjectAsm.h"
#include "cc/TempFiles.h"
#include "isa/SIMTLevel.h"
#include "isa/SIMTLimits.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/StringSaver.h"
#include "llvm/Support/YAMLParser.h"
#include "llvm/Support/xxhash.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <functional>
#include <optional>
#include <string>
#include <vector>

using namespace llvm;

namespace {

/// What the command line asks for.
struct Options {
  enum class Mode { Link, Compile, DeviceLink, Library, Ptx, Cubin, Preprocess, Deps, Cuda } mode =
      Mode::Link;
  bool rdc = false; ///< -rdc=true, -dc: device code linked across files
  std::string output;
  std::vector<std::string> inputs;
  std::vector<std::string> inputLangs; ///< "-x" in force for each input ("" = by suffix)
  /// -O: the host's level only when given (nvcc passes none: the host
  /// compiler's -O0); the device's default is -O3, as ptxas's.
  std::optional<std::string> opt;
  bool debugHost = false, debugDevice = false, lineInfo = false, verbose = false;
  bool fastMath = false, dryRun = false;
  bool fmad = true; ///< -fmad=false: no multiply-add contraction in device code
  bool staticCudart = false;
  /// The level of this ISA the device code is built for (-arch; isa/SIMTLevel.h):
  /// without -arch the highest, as nvcc's default is a recent GPU's.
  unsigned level = simt::levels::kBase;
  bool archGiven = false;
  std::optional<unsigned> constBank; ///< -Xptxas --const-bank=N
  std::vector<std::string> preprocessor; ///< -D/-U/-I/-isystem/-include, in order
  std::string std;
  std::vector<std::string> hostFlags, linkerFlags, linkInputs;
  std::vector<std::string> depFlags; ///< -MD -MMD -MF FILE -MT T
};

[[noreturn]] void usageError(const std::string &Msg) {
  errs() << "simt-nvcc: error: " << Msg << " (simt-nvcc --help lists the flags)\n";
  std::exit(2);
}

void note(const std::string &Msg) { errs() << "simt-nvcc: note: " << Msg << "\n"; }

/// Splits nvcc's comma lists (-Xcompiler -O2,-fopenmp). As nvcc, a quoted
/// part keeps its commas and loses its quotes, and empty parts are dropped:
/// CMake's FindCUDA passes `-Xcompiler ,"-g"`.
std::vector<std::string> commaList(StringRef V) {
  std::vector<std::string> Parts(1);
  char Quote = 0;
  for (char C : V) {
    if (Quote ? C == Quote : C == '"' || C == '\'') {
      Quote = Quote ? 0 : C;
    } else if (C == ',' && !Quote) {
      Parts.emplace_back();
    } else {
      Parts.back() += C;
    }
  }
  std::erase_if(Parts, [](const std::string &P) { return P.empty(); });
  return Parts;
}

/// Checks an -arch/-code/-gencode value and raises Level to the level of
/// this ISA it needs (levels::levelForGpu: sm_1x/sm_2x and compute_* the
/// base, sm_3x sm_35); later targets build for the highest: Above names the
/// first such target, for parse()'s one warning.
void checkArch(StringRef V, std::string &Above, unsigned &Level) {
  for (const std::string &Part : commaList(V)) {
    StringRef P = Part;
    P.consume_front("arch=");
    P.consume_front("code=");
    P = P.trim("[]\"' ");
    if (P.empty() || P == "all" || P == "all-major" || P == "native")
      continue;
    unsigned Num = 0;
    StringRef Digits = P;
    // sm_90a, sm_100f: a feature-specific target of that number.
    if (Digits.ends_with("a") || Digits.ends_with("f"))
      Digits = Digits.drop_back();
    if (!(Digits.consume_front("sm_") || Digits.consume_front("compute_") ||
          Digits.consume_front("lto_")) ||
        Digits.getAsInteger(10, Num))
      usageError("'" + P.str() + "' is not a GPU architecture (sm_NN or compute_NN)");
    Level = std::max(Level, simt::levels::levelForGpu(Num));
    if (simt::levels::aboveEveryLevel(Num) && Above.empty())
      Above = P.str();
  }
}

void printHelp() {
  outs() << R"(simt-nvcc: build CUDA programs for the SIMT emulator (nvcc's command line)

usage: simt-nvcc [options] FILES...   (.cu, .c, .cpp/.cc/.cxx, .o, .a, .so)

  -o FILE                 output (program, object, C++ file, PTX or cubin)
  -c, --compile           compile each input to an object; no link
  -cuda, --cuda           each .cu as a C++ file (X.cu.cpp.ii) that a host
                          compiler (g++, clang++) compiles to the object -c makes
  -ptx                    clang's PTX of each .cu (device code)
  -cubin, -fatbin         this ISA's object of each .cu (what simt-cc writes)
  -E, -M                  preprocess / print dependencies (host side)
  -MD, -MMD, -MF F, -MT T dependency files while compiling
  -O0..-O3                optimisation: host (none: the host compiler's -O0) and device (-O3)
  -g                      host debug info;  -G: device DWARF too (variables; -O0)
  -lineinfo               device line tables (for simt-dbg and fault reports)
  -D, -U, -I, -isystem, -include     as for a C compiler (-DX, -D X, ...)
  -L DIR, -l LIB          link search path and libraries
  -std=c++NN              language standard (host and device)
  -x cu|c|c++             how the following inputs are read
  -Xcompiler A,B / --compiler-options   host compiler flags
  -Xlinker A,B / --linker-options       linker flags
  -Xptxas A,B             device assembler flags (noted; see docs/programs.md)
  -arch, -code, -gencode  sm_1x/sm_2x build for the Fermi-class level (sm_20),
                          sm_30 to sm_37 for the Kepler-class level (sm_35,
                          the default); later targets build for sm_35 with
                          one warning
  -maxrregcount N         accepted with a note (the translator allocates)
  -rdc=true, -dc          separate compilation: device functions and variables
                          across files, linked when the program is (or -dlink)
  -dlink                  the device link alone: an object to link with the others
  -lib                    a static library (ar) of the inputs' objects
  -m64                    64-bit (the only host ABI)
  --use_fast_math         defines __USE_FAST_MATH__ (device math stays exact)
  -ftz, -prec-div, -prec-sqrt =true|false   accepted (IEEE arithmetic)
  -fmad=false               no fused multiply-adds in device code
  --default-stream per-thread|legacy|null   per-thread defines its macro
  -ccbin DIR              ignored (clang-19 is the host compiler; -v notes it)
  --cudart shared|static|none   the runtime library (static links the shared
                          one, with a note)
  -forward-unknown-to-host-compiler   flags nvcc does not know go to the host
                          compiler (CMake's compile lines); -...-host-linker: the link
  --options-file F, -optf F   F's words, as if they stood here
  -v, --verbose           print nvcc's environment, then each step;
                          --dryrun: print, run nothing
  --version               versions

Environment at run time: SIMT_EMU_FLAGS (simt-emu's configuration flags, e.g.
"--sms 8 --stats-file s.json"). Reference: docs/tools/simt-nvcc.md, docs/programs.md.
)";
}

/// Reads nvcc's command line into Options a word at a time. Flags take
/// their value joined (-O3, -Ifoo, -lm, -arch=sm_20, --std=c++11) or as the
/// next word (-I foo, -o app).
class Parser {
public:
  Parser(int Argc, char **Argv) : Words(Argv, Argv + Argc) {}
  Options parse();

private:
  /// The command line, --options-file's words spliced in where it stood.
  std::vector<std::string> Words;
  size_t N = 1; ///< the word being read
  StringRef A;  ///< Words[N]
  Options O;
  std::string Lang; ///< the -x in force
  bool CudaPhase = false; ///< -cuda, which -c, -dc, -dlink and -lib give way to
  std::string ArchAbove; ///< the first -arch beyond this ISA's levels
  /// -Wno-deprecated-gpu-targets (or -w): no warning about ArchAbove.
  bool QuietArch = false;
  /// -forward-unknown-to-host-compiler / -linker (CMake passes the first on
  /// every compile): where a flag nvcc does not know goes instead of an error.
  bool ForwardToCompiler = false, ForwardToLinker = false;
  std::vector<std::string> VerboseNotes; ///< printed only with -v

  std::string next(StringRef Flag);
  std::optional<std::string> valueOf(std::initializer_list<StringRef> Spellings, bool Joined);
  void spliceOptionsFile(const std::string &Path);
  // Each takes the flag A if it is one of its kind: whether it did.
  bool outputKind();
  bool dependencyFlag();
  bool buildSwitch();
  bool compilerFlag();
  bool toolFlag();
  bool acceptedFlag();
};

/// --options-file F: F's words (quoted as a shell quotes them) are read as
/// if they stood on the command line in its place (CMake writes its object
/// lists and include paths to such files).
void Parser::spliceOptionsFile(const std::string &Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> File = MemoryBuffer::getFile(Path);
  if (!File)
    usageError("--options-file " + Path + ": " + File.getError().message());
  BumpPtrAllocator Alloc;
  StringSaver Saver(Alloc);
  SmallVector<const char *, 32> Read;
  cl::TokenizeGNUCommandLine((*File)->getBuffer(), Saver, Read);
  Words.insert(Words.begin() + N + 1, Read.begin(), Read.end());
}

/// The next word, the value of Flag.
std::string Parser::next(StringRef Flag) {
  if (N + 1 >= Words.size())
    usageError("'" + Flag.str() + "' needs a value");
  return Words[++N];
}

/// The value of a flag spelled -F V, -FV, -F=V or --long V / --long=V.
std::optional<std::string> Parser::valueOf(std::initializer_list<StringRef> Spellings,
                                           bool Joined) {
  for (StringRef S : Spellings) {
    if (A == S)
      return next(S);
    if (A.starts_with(S.str() + "="))
      return A.drop_front(S.size() + 1).str();
    if (Joined && A.starts_with(S) && S.size() == 2)
      return A.drop_front(S.size()).str();
  }
  return std::nullopt;
}

/// What the run makes (a program, objects, PTX, ...) and -rdc.
bool Parser::outputKind() {
  if (A == "-c" || A == "--compile") {
    O.mode = Options::Mode::Compile;
  } else if (A == "-dc" || A == "--device-c") {
    O.mode = Options::Mode::Compile;
    O.rdc = true;
  } else if (A == "-dlink" || A == "--device-link") {
    O.mode = Options::Mode::DeviceLink;
  } else if (A == "-lib" || A == "--lib") {
    O.mode = Options::Mode::Library;
  } else if (A == "-rdc=true" || A == "--relocatable-device-code=true") {
    O.rdc = true;
  } else if (A == "-cuda" || A == "--cuda") {
    CudaPhase = true;
  } else if (A == "-ptx" || A == "--ptx") {
    O.mode = Options::Mode::Ptx;
  } else if (A == "-cubin" || A == "--cubin" || A == "-fatbin" || A == "--fatbin") {
    O.mode = Options::Mode::Cubin;
  } else if (A == "-E" || A == "--preprocess") {
    O.mode = Options::Mode::Preprocess;
  } else if (A == "-M" || A == "--generate-dependencies" || A == "-MM") {
    O.mode = Options::Mode::Deps;
  } else {
    return false;
  }
  return true;
}

/// -M and its kin: dependency files written while compiling.
bool Parser::dependencyFlag() {
  if (A == "-MD" || A == "-MMD" || A == "--generate-dependencies-with-compile" ||
      A == "--generate-nonsystem-dependencies-with-compile") {
    O.depFlags.push_back(A.starts_with("-MM") || A.contains("nonsystem") ? "-MMD" : "-MD");
  } else if (auto V = valueOf({"-MF", "--dependency-output"}, false)) {
    O.depFlags.insert(O.depFlags.end(), {"-MF", *V});
  } else if (auto V = valueOf({"-MT", "--dependency-target-name"}, false)) {
    O.depFlags.insert(O.depFlags.end(), {"-MT", *V});
  } else {
    return false;
  }
  return true;
}

/// Optimisation, debug information, verbosity and the flags nvcc takes
/// without a value, those this driver ignores included.
bool Parser::buildSwitch() {
  if (A.size() == 3 && A.starts_with("-O") && A[2] >= '0' && A[2] <= '3') {
    O.opt = A.str();
  } else if (A == "-O") {
    O.opt = "-O" + next(A);
  } else if (auto V = valueOf({"--optimize", "-optimize"}, false)) {
    if (V->size() != 1 || (*V)[0] < '0' || (*V)[0] > '3')
      usageError("--optimize " + *V + ": expected 0, 1, 2 or 3");
    O.opt = "-O" + *V;
  } else if (A == "-g" || A == "--debug") {
    O.debugHost = true;
  } else if (A == "-G" || A == "--device-debug") {
    O.debugHost = O.debugDevice = true;
  } else if (A == "-lineinfo" || A == "--generate-line-info") {
    O.lineInfo = true;
  } else if (A == "-v" || A == "--verbose") {
    O.verbose = true;
  } else if (A == "-dryrun" || A == "--dryrun") {
    O.verbose = O.dryRun = true;
  } else if (A == "-m64" || A == "--machine=64") {
  } else if (A == "-m32" || A == "--machine=32") {
    usageError("32-bit host code is not supported (the device ABI here is 64-bit)");
  } else if (A == "--use_fast_math" || A == "-use_fast_math" || A == "--use-fast-math") {
    O.fastMath = true;
  } else if (A == "-rdc=false" || A == "--relocatable-device-code=false" || A == "-w" ||
             A == "--disable-warnings" || A == "-Wno-deprecated-gpu-targets" ||
             A == "-Wno-deprecated-declarations" || A == "--expt-relaxed-constexpr" || A == "--expt-extended-lambda" ||
             A == "-extended-lambda" || A == "-keep" || A == "--keep" ||
             A == "-res-usage" || A == "--resource-usage" || A == "-shared" ||
             A == "-Xcudafe" || A == "-cudart=shared") {
    if (A == "-w" || A == "--disable-warnings")
      O.hostFlags.push_back("-w");
    if (A == "-w" || A == "--disable-warnings" || A == "-Wno-deprecated-gpu-targets")
      QuietArch = true;
    if (A == "-shared")
      O.linkerFlags.push_back("-shared");
    if (A == "-Xcudafe")
      (void)next(A);
  } else {
    return false;
  }
  return true;
}

/// nvcc's flags that change nothing here, taken so that a Makefile's
/// command line works: device floating point (-ftz, -prec-div, -prec-sqrt:
/// the device's arithmetic is IEEE's, exact, whatever they say; -fmad does
/// change it, the contraction of multiplies and adds),
/// the language extensions clang has on (lambdas, relaxed constexpr), the
/// per-thread default stream (CUDA's macro is defined, as nvcc does), and
/// nvcc's own switches for its tools. Those with a value take it.
bool Parser::acceptedFlag() {
  static const char *const Switches[] = {
      "--extended-lambda", "-expt-relaxed-constexpr", "-expt-extended-lambda",
      "--restrict", "-restrict", "-allow-unsupported-compiler", "--allow-unsupported-compiler",
      "--display-error-number", "-err-no", "--no-display-error-number", "-no-err-no",
      "-src-in-ptx", "--source-in-ptx", "-noprof", "--dont-use-profile",
      "--keep-device-functions", "-keep-device-functions", "-lto", "--lto", "-dlto",
      "--dlink-time-opt"};
  for (const char *S : Switches)
    if (A == S) {
      VerboseNotes.push_back(A.str() + ": accepted; it changes nothing here");
      return true;
    }
  if (auto V = valueOf({"-ftz", "--ftz", "-prec-div", "--prec-div", "-prec-sqrt", "--prec-sqrt",
                        "-fmad", "--fmad"},
                       false)) {
    if (*V != "true" && *V != "false")
      usageError(A.split('=').first.str() + " " + *V + ": expected true or false");
    if (A.contains("fmad"))
      O.fmad = *V == "true";
    else
      VerboseNotes.push_back(A.str() + ": the device's floating point is IEEE's, exact; ignored");
  } else if (auto V = valueOf({"--default-stream", "-default-stream"}, false)) {
    if (*V != "per-thread" && *V != "legacy" && *V != "null")
      usageError("--default-stream " + *V + ": expected per-thread, legacy or null");
    if (*V == "per-thread")
      O.preprocessor.push_back("-DCUDA_API_PER_THREAD_DEFAULT_STREAM=1");
  } else if (auto V = valueOf({"-dopt", "--dopt", "--split-compile", "-split-compile",
                               "--split-compile-extended", "-split-compile-extended"},
                              false)) {
    VerboseNotes.push_back(A.str() + ": accepted; it changes nothing here");
  } else {
    return false;
  }
  return true;
}

/// The output and the flags in a C compiler's spelling: preprocessor,
/// library, language standard, -x.
bool Parser::compilerFlag() {
  if (auto V = valueOf({"-o", "--output-file"}, true)) {
    O.output = *V;
  } else if (auto V = valueOf({"-D", "--define-macro"}, true)) {
    O.preprocessor.push_back("-D" + *V);
  } else if (auto V = valueOf({"-U", "--undefine-macro"}, true)) {
    O.preprocessor.push_back("-U" + *V);
  } else if (auto V = valueOf({"-I", "--include-path"}, true)) {
    O.preprocessor.push_back("-I" + *V);
  } else if (auto V = valueOf({"-isystem", "--system-include"}, false)) {
    O.preprocessor.insert(O.preprocessor.end(), {"-isystem", *V});
  } else if (auto V = valueOf({"-include", "--pre-include"}, false)) {
    O.preprocessor.insert(O.preprocessor.end(), {"-include", *V});
  } else if (auto V = valueOf({"-L", "--library-path"}, true)) {
    O.linkInputs.push_back("-L" + *V);
  } else if (auto V = valueOf({"-l", "--library"}, true)) {
    // clang's OpenMP runtime (libomp) also serves code built for gcc's.
    O.linkInputs.push_back(*V == "gomp" ? "-fopenmp" : "-l" + *V);
  } else if (auto V = valueOf({"-std", "--std"}, false)) {
    O.std = "-std=" + *V;
  } else if (auto V = valueOf({"-x", "--x"}, true)) {
    if (*V != "cu" && *V != "c" && *V != "c++" && *V != "none")
      usageError("-x " + *V + ": expected cu, c, c++ or none");
    Lang = *V == "none" ? "" : *V;
  } else {
    return false;
  }
  return true;
}

/// nvcc's flags with a value for its tools and targets: -Xcompiler,
/// -Xlinker, -Xptxas, -arch, -cudart, -rdc and those ignored.
bool Parser::toolFlag() {
  if (auto V = valueOf({"-Xcompiler", "--compiler-options"}, false)) {
    for (std::string &F : commaList(*V))
      O.hostFlags.push_back(F);
  } else if (auto V = valueOf({"-Xlinker", "--linker-options"}, false)) {
    for (std::string &F : commaList(*V))
      O.linkerFlags.push_back("-Wl," + F);
  } else if (auto V = valueOf({"-Xptxas", "--ptxas-options"}, false)) {
    for (const std::string &F : commaList(*V)) {
      StringRef P = F;
      unsigned Bank = 0;
      if (P.consume_front("--const-bank=") && !P.getAsInteger(10, Bank) && Bank >= 2 &&
          Bank <= 15)
        O.constBank = Bank;
      else if (P != "-v" && P != "--verbose")
        note("-Xptxas " + F + ": not a translator option (it takes --const-bank=N); ignored");
    }
  } else if (auto V = valueOf({"-arch", "--gpu-architecture", "-code", "--gpu-code",
                               "-gencode", "--generate-code"},
                              false)) {
    checkArch(*V, ArchAbove, O.level);
    O.archGiven = true;
  } else if (auto V = valueOf({"-maxrregcount", "--maxrregcount"}, false)) {
    note("-maxrregcount " + *V + ": the translator allocates registers itself; ignored");
  } else if (auto V = valueOf({"-ccbin", "--compiler-bindir"}, false)) {
    // nvcc's Makefiles pass it on every compile; nvcc itself is silent.
    VerboseNotes.push_back("-ccbin " + *V + ": ignored (clang-19 compiles the host code)");
  } else if (auto V = valueOf({"--cudart", "-cudart"}, false)) {
    if (*V != "shared" && *V != "static" && *V != "none")
      usageError("--cudart " + *V + ": expected shared, static or none");
    O.staticCudart = *V == "static";
  } else if (auto V = valueOf({"-rdc", "--relocatable-device-code"}, false)) {
    if (*V != "true" && *V != "false")
      usageError("-rdc " + *V + ": expected true or false");
    O.rdc = *V == "true";
  } else if (auto V = valueOf({"-t", "--threads", "-Werror", "--Werror", "-diag-suppress",
                               "--diag-suppress", "-keep-dir", "--keep-dir"},
                              false)) {
  } else {
    return false;
  }
  return true;
}

Options Parser::parse() {
  for (; N < Words.size(); ++N) {
    A = Words[N];
    if (A == "--help" || A == "-h") {
      printHelp();
      std::exit(0);
    }
    if (A == "--version" || A == "-V") {
      // nvcc's first line, which build systems (CMake's compiler
      // identification) match to know an nvcc command line.
      outs() << "nvcc: NVIDIA (R) Cuda compiler driver's command line, taken by simt-nvcc, the "
                "SIMT toolchain's CUDA compiler driver (simt " SIMT_VERSION
                "; not NVIDIA software)\n"
             << "Cuda compilation tools, release 12.5, V12.5.40 (clang-19 host and device "
                "front end; device: compute capability 3.5, or 2.0 with -arch=sm_20, on the SIMT emulator)\n";
      std::exit(0);
    }
    if (!A.starts_with("-") || A == "-") {
      O.inputs.push_back(A.str());
      O.inputLangs.push_back(Lang);
      continue;
    }
    if (auto V = valueOf({"--options-file", "-optf"}, false)) {
      spliceOptionsFile(*V);
      continue;
    }
    if (A == "-forward-unknown-to-host-compiler" || A == "--forward-unknown-to-host-compiler" ||
        A == "-forward-unknown-opts" || A == "--forward-unknown-opts") {
      ForwardToCompiler = true;
      continue;
    }
    if (A == "-forward-unknown-to-host-linker" || A == "--forward-unknown-to-host-linker") {
      ForwardToLinker = true;
      continue;
    }
    if (outputKind() || dependencyFlag() || buildSwitch() || compilerFlag() || toolFlag() ||
        acceptedFlag())
      continue;
    if (A.starts_with("-W") || A.starts_with("-f") || ForwardToCompiler)
      // Host compiler warnings and codegen flags, as nvcc forwards them.
      O.hostFlags.push_back(A.str());
    else if (ForwardToLinker)
      O.linkerFlags.push_back(A.str());
    else
      usageError("unknown flag '" + A.str() + "'");
  }
  if (O.inputs.empty())
    usageError("no input files");
  if (!O.archGiven)
    O.level = simt::levels::kTop;
  if (!ArchAbove.empty() && !QuietArch)
    errs() << "simt-nvcc: warning: " << ArchAbove << " requested: the device is Kepler-class "
           << "(compute capability 3.5); building for it (what it lacks is an error where "
           << "the code uses it)\n";
  if (O.verbose)
    for (const std::string &Msg : VerboseNotes)
      note(Msg);
  // As nvcc, the earliest phase asked for wins: -E, -M, -ptx and -cubin
  // stop before -cuda's C++ file, which comes before objects and links.
  if (CudaPhase && (O.mode == Options::Mode::Link || O.mode == Options::Mode::Compile ||
                    O.mode == Options::Mode::DeviceLink || O.mode == Options::Mode::Library))
    O.mode = Options::Mode::Cuda;
  return O;
}

/// Where the driver's companions are: simt-cc beside it, the headers in
/// ../include (installed) or the source tree, libcudart in ../lib64.
struct Toolchain {
  std::string bindir, prefix, clang, clangxx, simtcc, include, libdir;
};

/// What nvcc -v prints first, its environment, in nvcc's words: build
/// systems read the toolkit's layout from it (CMake: TOP, the device
/// library's directory, INCLUDES, and LIBRARIES, which it finds again in the
/// link line to learn the host linker and its implicit libraries).
void printEnvironment(const Toolchain &T) {
  auto line = [](StringRef Name, const std::string &Value) {
    errs() << "#$ " << Name << "=" << Value << "\n";
  };
  line("_HERE_", T.bindir);
  line("_THERE_", T.bindir);
  line("TOP", T.prefix);
  line("NVVMIR_LIBRARY_DIR", T.prefix + "/nvvm/libdevice");
  const char *Path = std::getenv("PATH");
  line("PATH", T.bindir + ":" + (Path ? Path : ""));
  line("INCLUDES", "\"-I" + T.include + "\"");
  line("LIBRARIES", "  -L" + T.libdir);
}

Toolchain findToolchain(const char *Argv0) {
  Toolchain T;
  std::string Exe = sys::fs::getMainExecutable(Argv0, (void *)&findToolchain);
  SmallString<256> Bin(sys::path::parent_path(Exe));
  SmallString<256> Prefix(sys::path::parent_path(Bin));
  T.bindir = std::string(Bin);
  T.prefix = std::string(Prefix);
  SmallString<256> P(Bin);
  sys::path::append(P, "simt-cc");
  T.simtcc = std::string(P);
  P = Prefix;
  sys::path::append(P, "include");
  T.include = sys::fs::exists(P + "/simt_opencl.h") ? std::string(P) : SIMT_CUDA_INCLUDE_DIR;
  P = Prefix;
  sys::path::append(P, "lib64");
  T.libdir = std::string(P);
  auto Clang = sys::findProgramByName("clang-19");
  auto Clangxx = sys::findProgramByName("clang++-19");
  if (!Clang || !Clangxx) {
    errs() << "simt-nvcc: error: clang-19 not found on PATH (install Debian's clang-19)\n";
    std::exit(1);
  }
  T.clang = *Clang;
  T.clangxx = *Clangxx;
  return T;
}

class Driver {
public:
  Driver(Options O, Toolchain T) : O(std::move(O)), T(std::move(T)) {}
  int run();

private:
  Options O;
  Toolchain T;
  std::vector<std::string> Temps;
  /// -ivfsoverlay FILE while the .cu being compiled is read rewritten
  /// (nvccDialect); empty otherwise.
  std::vector<std::string> Overlay;

  int exec(const std::vector<std::string> &Cmd);
  std::string temp(StringRef Stem, StringRef Ext);
  std::string outputFor(StringRef Input, StringRef Ext) const;
  std::vector<std::string> cudaHostFlags() const;
  std::vector<std::string> hostFlags(bool Debug) const;
  /// The program's -D/-U/-I/-isystem/-include flags in order, as separate
  /// words; a directory holding another toolkit's CUDA headers comes after
  /// this project's (-idirafter).
  std::vector<std::string> preprocessorFlags() const;
  unsigned constBank(unsigned Index) const;
  /// Input's host object with its device code embedded, at Out. Named: the
  /// C++ file -cuda makes of it ("" otherwise), which dependency files name.
  int compileCu(const std::string &Input, const std::string &Out, unsigned Bank,
                const std::string &Named = "");
  /// -cuda: writes the object Obj, compiled from Input, as the C++ file Out.
  int writeCxx(const std::string &Input, const std::string &Obj, const std::string &Out);
  int deviceObject(const std::string &Input, const std::string &Out, bool KeepPTX,
                   unsigned Bank = 2);
  /// simt-cc's command for Input's device code (the flags both ways share).
  std::vector<std::string> deviceCommand(const std::string &Input, const std::string &Out) const;
  std::vector<std::string> rdcBitcodeCommand(const std::string &Input,
                                             const std::string &Out) const;
  /// The device link of separately compiled objects (DeviceLink.cpp): the
  /// object that registers their linked device code, or "" if none has any.
  int deviceLink(const std::vector<std::string> &Objects, std::string *Glue);
  int compileHost(const std::string &Input, bool IsC, const std::string &Out);
  /// Serves `Input` to clang with nvcc's spellings clang refuses rewritten
  /// (cc/NvccDialect.h), under its own name, warning where; false: an error.
  bool nvccDialect(const std::string &Input);
};

int Driver::exec(const std::vector<std::string> &Cmd) {
  if (O.verbose) {
    errs() << "#$";
    for (const std::string &A : Cmd)
      errs() << " " << A;
    errs() << "\n";
  }
  if (O.dryRun)
    return 0;
  std::vector<StringRef> Refs(Cmd.begin(), Cmd.end());
  std::string Err;
  int Status = sys::ExecuteAndWait(Cmd[0], Refs, std::nullopt, {}, 0, 0, &Err);
  if (Status < 0)
    errs() << "simt-nvcc: error: " << Cmd[0] << ": " << (Err.empty() ? "did not run" : Err)
           << "\n";
  return Status;
}

std::string Driver::temp(StringRef Stem, StringRef Ext) {
  SmallString<128> Path;
  // Removed on every exit path, signals included (TempFiles.h).
  if (std::error_code EC = simt::cc::createTempFile(Stem, Ext, Path)) {
    errs() << "simt-nvcc: error: cannot create a temporary file: " << EC.message() << "\n";
    std::exit(1);
  }
  Temps.push_back(std::string(Path));
  return std::string(Path);
}

std::string Driver::outputFor(StringRef Input, StringRef Ext) const {
  SmallString<128> Name(sys::path::filename(Input));
  sys::path::replace_extension(Name, Ext);
  return std::string(Name);
}

// What the host and device compiles of the program's code share: the
// preprocessor flags in order, the standard, and the definitions nvcc makes.
std::vector<std::string> Driver::cudaHostFlags() const {
  std::vector<std::string> F = {"-x", "cuda", "--cuda-host-only",
                                "--cuda-gpu-arch=" + simt::levels::archName(O.level),
                                "-nocudainc", "-nocudalib", "--cuda-path=",
                                // CUDA 12.5's launch ABI, matching CUDART_VERSION (12050):
                                // __cudaPushCallConfiguration, cudaLaunchKernel and
                                // __cudaRegisterFatBinaryEnd (clang 19 takes a version it
                                // does not know, 12.6 on, for CUDA 8's).
                                "-Xclang", "-target-sdk-version=12.5",
                                "-isystem", T.include, "-idirafter", T.include + "/fallback",
                                // By path: a user -I holding NVIDIA's headers cannot replace it.
                                "-include", T.include + "/cuda_runtime.h"};
  F.insert(F.end(), Overlay.begin(), Overlay.end());
  // The headers' view of the device code's level (simt-cc defines it too).
  if (O.level != simt::levels::kBase)
    F.push_back("-D__SIMT_ISA_LEVEL__=" + std::to_string(O.level));
  return F;
}

std::vector<std::string> Driver::hostFlags(bool Debug) const {
  std::vector<std::string> F;
  if (O.opt)
    F.push_back(*O.opt);
  if (Debug)
    F.push_back("-g");
  if (!O.std.empty())
    F.push_back(O.std);
  if (O.fastMath)
    F.push_back("-D__USE_FAST_MATH__");
  // As simt-cc: nvcc's C++14 dialect accepted `register` and a macro pasted
  // after a string.
  F.insert(F.end(), {"-Wno-register", "-Wno-reserved-user-defined-literal"});
  std::vector<std::string> P = preprocessorFlags();
  F.insert(F.end(), P.begin(), P.end());
  F.insert(F.end(), O.hostFlags.begin(), O.hostFlags.end());
  return F;
}

std::vector<std::string> Driver::rdcBitcodeCommand(const std::string &Input,
                                                   const std::string &Out) const {
  std::vector<std::string> Cmd = deviceCommand(Input, Out);
  Cmd.push_back("--rdc-bitcode");
  return Cmd;
}

int Driver::deviceObject(const std::string &Input, const std::string &Out, bool KeepPTX,
                         unsigned Bank) {
  std::vector<std::string> Cmd = deviceCommand(Input, Out);
  if (KeepPTX)
    Cmd.push_back("--keep-ptx");
  if (Bank != 2)
    Cmd.insert(Cmd.end(), {"--const-bank", std::to_string(Bank)});
  return exec(Cmd);
}

std::vector<std::string> Driver::deviceCommand(const std::string &Input,
                                               const std::string &Out) const {
  // -G is nvcc's device debugging: its variables, so no optimisation (as
  // nvcc, whose -G turns the device code's off); -lineinfo keeps the
  // optimisation and asks for lines only.
  std::vector<std::string> Cmd = {T.simtcc, Input, "-o", Out,
                                  O.debugDevice ? "-O0" : O.opt.value_or("-O3")};
  if (sys::path::extension(Input) != ".cu" && sys::path::extension(Input) != ".bc")
    Cmd.insert(Cmd.end(), {"-x", "cu"});
  Cmd.insert(Cmd.end(), Overlay.begin(), Overlay.end());
  // As nvcc's -v names the virtual architecture (CMake reads its default
  // CUDA_ARCHITECTURES from "-arch compute_NN").
  if (O.level != simt::levels::kBase)
    Cmd.insert(Cmd.end(), {"-arch", "compute_" + std::to_string(O.level)});
  if (O.debugDevice)
    Cmd.push_back("-g");
  else if (O.lineInfo)
    Cmd.push_back("-gline-tables-only");
  if (!O.std.empty())
    Cmd.push_back(O.std);
  if (O.fastMath)
    Cmd.push_back("-D__USE_FAST_MATH__");
  if (!O.fmad)
    Cmd.push_back("-ffp-contract=off");
  std::vector<std::string> P = preprocessorFlags();
  Cmd.insert(Cmd.end(), P.begin(), P.end());
  return Cmd;
}

std::vector<std::string> Driver::preprocessorFlags() const {
  // A Makefile's -I$(CUDA_PATH)/include names NVIDIA's headers, which
  // would shadow these (cuda_runtime.h is included by path; the rest are
  // found by name): as nvcc's own headers come first, so do these.
  auto foreign = [&](const std::string &Dir) {
    SmallString<256> Own, Theirs;
    return sys::fs::exists(Dir + "/cuda_runtime.h") && !sys::fs::real_path(Dir, Theirs) &&
           !sys::fs::real_path(T.include, Own) && Own != Theirs;
  };
  // nvcc defines __NVCC__ in every compile it runs, CUDA or C++, host or
  // device; headers test it to tell nvcc from a host compiler (XSBench's
  // `#if !defined(__NVCC__)` empties __host__ and __device__). First, so
  // that a -U__NVCC__ of the command line still undoes it.
  std::vector<std::string> F = {"-D__NVCC__"};
  for (size_t I = 0; I < O.preprocessor.size(); ++I) {
    const std::string &P = O.preprocessor[I];
    std::string Flag = P, Value;
    if (P == "-isystem" || P == "-include") {
      Value = O.preprocessor[++I];
    } else {
      Flag = P.substr(0, 2);
      Value = P.substr(2);
    }
    if ((Flag == "-I" || Flag == "-isystem") && foreign(Value))
      Flag = "-idirafter";
    F.insert(F.end(), {Flag, Value});
  }
  return F;
}

int Driver::compileCu(const std::string &Input, const std::string &Out, unsigned Bank,
                      const std::string &Named) {
  // Separate compilation embeds the device code as bitcode (clang puts it
  // in the object's __nv_relfatbin section), linked at the device link.
  std::string Dev = temp("simt-nvcc-device", O.rdc ? "bc" : "o");
  // -fgpu-rdc gives a static kernel or __device__ variable an external name
  // with a postfix that, without a compilation unit ID, hashes the -D
  // macros of the command line, which differ between the device compile and
  // the host's: the host's registration then names a kernel the device code
  // does not have. One ID, of the source's path, for both.
  std::string Cuid;
  if (O.rdc) {
    SmallString<256> Abs(Input);
    sys::fs::make_absolute(Abs);
    Cuid = "-cuid=" + utohexstr(xxh3_64bits(StringRef(Abs)), /*LowerCase=*/true);
  }
  std::vector<std::string> DevCmd;
  if (O.rdc) {
    DevCmd = rdcBitcodeCommand(Input, Dev);
    DevCmd.push_back(Cuid);
  }
  if (int S = O.rdc ? exec(DevCmd) : deviceObject(Input, Dev, false, Bank))
    return S;
  std::vector<std::string> Cmd = {T.clangxx};
  std::vector<std::string> C = cudaHostFlags(), H = hostFlags(O.debugHost);
  Cmd.insert(Cmd.end(), C.begin(), C.end());
  // -cuda's object goes into executables and shared libraries alike, by a
  // host compiler's assembler, which knows no .llvm_addrsig.
  if (!Named.empty())
    Cmd.insert(Cmd.end(), {"-fPIC", "-fno-addrsig"});
  Cmd.insert(Cmd.end(), H.begin(), H.end());
  Cmd.insert(Cmd.end(), O.depFlags.begin(), O.depFlags.end());
  if (!Named.empty() && !O.depFlags.empty()) {
    // As nvcc's: the target is the C++ file, the file beside it (X.d).
    SmallString<128> Deps(Named);
    sys::path::replace_extension(Deps, ".d");
    if (!is_contained(O.depFlags, "-MF"))
      Cmd.insert(Cmd.end(), {"-MF", std::string(Deps)});
    if (!is_contained(O.depFlags, "-MT"))
      Cmd.insert(Cmd.end(), {"-MT", Named});
  }
  if (O.rdc)
    Cmd.insert(Cmd.end(), {"-fgpu-rdc", "-Xclang", Cuid});
  Cmd.insert(Cmd.end(), {"-Xclang", "-fcuda-include-gpubinary", "-Xclang", Dev, "-c", Input,
                         "-o", Out});
  return exec(Cmd);
}

int Driver::writeCxx(const std::string &Input, const std::string &Obj, const std::string &Out) {
  if (O.dryRun)
    return 0;
  auto Object = MemoryBuffer::getFile(Obj);
  std::string Assembly, Error;
  if (!Object || !simt::cc::objectAsAssembly((*Object)->getBuffer(), Assembly, Error)) {
    errs() << "simt-nvcc: error: -cuda: " << Input << "'s object: "
           << (Object ? Error : Object.getError().message()) << "\n";
    return 1;
  }
  std::string Header =
      (sys::path::filename(Input) + " compiled by simt-nvcc -cuda (simt " SIMT_VERSION "): "
       "the object `simt-nvcc -c`\nmakes of it (host code, device code, registration) as "
       "GNU assembler text,\nposition-independent: compile it with a C++ or C compiler into "
       "a program or\na shared library, and link with -lcudart.")
          .str();
  std::string Text = simt::cc::asmTranslationUnit(Header, Assembly);
  if (Out == "-") {
    outs() << Text;
    return 0;
  }
  std::error_code EC;
  raw_fd_ostream File(Out, EC);
  if (!EC) {
    File << Text;
    File.close();
    EC = File.error();
  }
  if (EC) {
    errs() << "simt-nvcc: error: cannot write '" << Out << "': " << EC.message() << "\n";
    return 1;
  }
  return 0;
}

bool Driver::nvccDialect(const std::string &Input) {
  auto Text = MemoryBuffer::getFile(Input);
  if (!Text) {
    errs() << "simt-nvcc: error: cannot read '" << Input << "': " << Text.getError().message()
           << "\n";
    return false;
  }
  std::vector<simt::cc::DialectFix> Fixes;
  std::string Rewritten = simt::cc::rewriteNvccDialect((*Text)->getBuffer(), Fixes);
  if (Rewritten == (*Text)->getBuffer())
    return true;
  for (const simt::cc::DialectFix &F : Fixes)
    errs() << Input << ":" << F.line << ":" << F.column << ": warning: " << F.what << "\n";
  // clang reads the rewrite where it reads Input: its diagnostics, __FILE__,
  // #include "..." and dependency files see Input's name and folder.
  SmallString<256> Name(Input);
  sys::fs::make_absolute(Name);
  sys::path::remove_dots(Name, true);
  std::string Source = temp("simt-nvcc-source", "cu"), Yaml = temp("simt-nvcc-vfs", "yaml");
  std::error_code EC;
  raw_fd_ostream SourceOut(Source, EC);
  SourceOut << Rewritten;
  SourceOut.close();
  raw_fd_ostream YamlOut(Yaml, EC);
  YamlOut << "{ 'version': 0, 'use-external-names': false, 'roots': [ { 'type': 'directory', "
          << "'name': \"" << yaml::escape(sys::path::parent_path(Name)) << "\", 'contents': [ { "
          << "'type': 'file', 'name': \"" << yaml::escape(sys::path::filename(Name))
          << "\", 'external-contents': \"" << yaml::escape(Source) << "\" } ] } ] }\n";
  YamlOut.close();
  if (SourceOut.has_error() || YamlOut.has_error()) {
    errs() << "simt-nvcc: error: cannot write a temporary file\n";
    return false;
  }
  Overlay = {"-ivfsoverlay", Yaml};
  return true;
}

int Driver::compileHost(const std::string &Input, bool IsC, const std::string &Out) {
  std::vector<std::string> Cmd = {IsC ? T.clang : T.clangxx, "-isystem", T.include};
  std::vector<std::string> H = hostFlags(O.debugHost);
  if (IsC) // a C++ -std= is not C's
    H.erase(std::remove_if(H.begin(), H.end(),
                           [](const std::string &F) { return F.starts_with("-std=c++"); }),
            H.end());
  Cmd.insert(Cmd.end(), H.begin(), H.end());
  Cmd.insert(Cmd.end(), O.depFlags.begin(), O.depFlags.end());
  Cmd.insert(Cmd.end(), {"-c", Input, "-o", Out});
  return exec(Cmd);
}

// Each .cu file's __constant__ variables go to a user constant bank (2..15).
// Files may share a bank: each loaded module keeps its own bytes, which a
// launch of its kernels binds (runtime/ModuleBanks.h). In one command the
// files still get banks in order, so that alternating launches of their
// kernels need not write a bank again; compiled alone (-c), bank 2.
unsigned Driver::constBank(unsigned Index) const {
  constexpr unsigned First = simt::limits::kFirstUserConstBank,
                     Banks = simt::limits::kNumConstBanks - First;
  if (O.constBank)
    return *O.constBank;
  if (O.mode == Options::Mode::Link)
    return First + Index % Banks;
  return First;
}

int Driver::deviceLink(const std::vector<std::string> &Objects, std::string *Glue) {
  // The objects, and the static libraries -l names in the -L directories.
  std::vector<std::string> Inputs = Objects, Dirs;
  for (const std::string &L : O.linkInputs)
    if (StringRef(L).starts_with("-L"))
      Dirs.push_back(L.substr(2));
  for (const std::string &L : O.linkInputs)
    if (StringRef(L).starts_with("-l"))
      for (const std::string &Dir : Dirs) {
        std::string Archive = Dir + "/lib" + L.substr(2) + ".a";
        if (sys::fs::exists(Archive)) {
          Inputs.push_back(Archive);
          break;
        }
      }
  simt::cc::RelocatableDeviceCode Code;
  std::string Error;
  if (!simt::cc::collectRelocatableDeviceCode(Inputs, Code, Error)) {
    errs() << "simt-nvcc: error: device link: " << Error << "\n";
    return 1;
  }
  Glue->clear();
  if (Code.bitcode.empty())
    return 0;
  // The units' bitcode, linked into one module, then compiled and
  // translated as one program (simt-cc on a .bc file).
  auto Link = sys::findProgramByName("llvm-link-19");
  if (!Link) {
    errs() << "simt-nvcc: error: llvm-link-19 not found on PATH (install Debian's llvm-19)\n";
    return 1;
  }
  std::vector<std::string> LinkCmd = {*Link};
  for (const std::string &Bitcode : Code.bitcode) {
    std::string Path = temp("simt-nvcc-unit", "bc");
    std::error_code EC;
    raw_fd_ostream Out(Path, EC);
    Out << Bitcode;
    LinkCmd.push_back(Path);
  }
  std::string Linked = temp("simt-nvcc-linked", "bc"), Image = temp("simt-nvcc-dlink", "o");
  LinkCmd.insert(LinkCmd.end(), {"-o", Linked});
  if (int S = exec(LinkCmd))
    return S;
  if (int S = exec(deviceCommand(Linked, Image)))
    return S;
  std::string Source = temp("simt-nvcc-dlink", "cpp");
  {
    std::error_code EC;
    raw_fd_ostream Out(Source, EC);
    Out << simt::cc::registrationSource(Image, Code.moduleIds);
  }
  *Glue = O.mode == Options::Mode::DeviceLink && !O.output.empty() ? O.output
                                                                    : temp("simt-nvcc-dlink", "o");
  return exec({T.clangxx, "-c", Source, "-o", *Glue});
}

int Driver::run() {
  const bool OneOutput = O.mode == Options::Mode::Link || O.mode == Options::Mode::Library ||
                         O.mode == Options::Mode::DeviceLink || O.inputs.size() == 1;
  if (!O.output.empty() && !OneOutput && O.mode != Options::Mode::Deps &&
      O.mode != Options::Mode::Preprocess)
    usageError("-o names one file; " + std::to_string(O.inputs.size()) + " inputs given");
  std::vector<std::string> Objects;
  int Status = 0;
  unsigned CuIndex = 0;
  for (size_t I = 0; I < O.inputs.size() && Status == 0; ++I) {
    const std::string &In = O.inputs[I];
    StringRef Ext = sys::path::extension(In);
    const std::string &Lang = O.inputLangs[I];
    const bool Cu = Lang == "cu" || (Lang.empty() && Ext == ".cu");
    const bool IsC = Lang == "c" || (Lang.empty() && Ext == ".c");
    const bool Cxx = Lang == "c++" || (Lang.empty() && (Ext == ".cpp" || Ext == ".cc" ||
                                                        Ext == ".cxx" || Ext == ".C"));
    if (!Cu && !IsC && !Cxx) {
      if (Ext == ".o" || Ext == ".a" || Ext == ".so" || Ext == ".obj") {
        if (O.mode == Options::Mode::Link || O.mode == Options::Mode::DeviceLink ||
            O.mode == Options::Mode::Library)
          Objects.push_back(In);
        continue;
      }
      usageError("'" + In + "': unknown input kind (expected .cu, .c, .cpp, .o or .a)");
    }
    if (!sys::fs::exists(In)) {
      errs() << "simt-nvcc: error: '" << In << "': no such file\n";
      return 1;
    }
    auto named = [&](StringRef Ext) { return O.output.empty() ? outputFor(In, Ext) : O.output; };
    Overlay.clear();
    if (Cu && O.mode != Options::Mode::Preprocess && O.mode != Options::Mode::Deps &&
        !nvccDialect(In))
      return 1;
    switch (O.mode) {
    case Options::Mode::Ptx:
    case Options::Mode::Cubin: {
      if (!Cu)
        usageError("'" + In + "': -ptx and -cubin take .cu files");
      if (O.mode == Options::Mode::Cubin) {
        Status = deviceObject(In, named(".cubin"), false);
        break;
      }
      // simt-cc keeps clang's PTX beside its output: NAME.o -> NAME.ptx.
      std::string Obj = temp("simt-nvcc-device", "o");
      SmallString<128> Ptx(Obj);
      sys::path::replace_extension(Ptx, ".ptx");
      simt::cc::removeAtExit(Ptx);
      Temps.push_back(std::string(Ptx));
      Status = deviceObject(In, Obj, true);
      if (Status == 0 && !O.dryRun)
        if (std::error_code EC = sys::fs::copy_file(Ptx, named(".ptx"))) {
          errs() << "simt-nvcc: error: cannot write '" << named(".ptx") << "': " << EC.message()
                 << "\n";
          Status = 1;
        }
      break;
    }
    case Options::Mode::Preprocess:
    case Options::Mode::Deps: {
      std::vector<std::string> Cmd = {Cu || Cxx ? T.clangxx : T.clang};
      if (Cu) {
        std::vector<std::string> C = cudaHostFlags();
        Cmd.insert(Cmd.end(), C.begin(), C.end());
      } else {
        Cmd.insert(Cmd.end(), {"-isystem", T.include});
      }
      std::vector<std::string> H = hostFlags(false);
      Cmd.insert(Cmd.end(), H.begin(), H.end());
      Cmd.insert(Cmd.end(), O.depFlags.begin(), O.depFlags.end());
      Cmd.insert(Cmd.end(), {O.mode == Options::Mode::Deps ? "-M" : "-E", In});
      if (!O.output.empty())
        Cmd.insert(Cmd.end(), {"-o", O.output});
      Status = exec(Cmd);
      break;
    }
    case Options::Mode::DeviceLink:
      usageError("-dlink links objects; '" + In + "' is a source file (compile it with -dc)");
    case Options::Mode::Cuda: {
      if (!Cu) { // nvcc compiles it and keeps nothing
        note("-cuda: '" + In + "' is not CUDA; no C++ file is written for it");
        break;
      }
      std::string Out = O.output.empty() ? (sys::path::filename(In) + ".cpp.ii").str()
                                         : O.output;
      std::string Obj = temp("simt-nvcc", "o");
      Status = compileCu(In, Obj, constBank(CuIndex++), Out);
      if (Status == 0)
        Status = writeCxx(In, Obj, Out);
      break;
    }
    case Options::Mode::Compile:
    case Options::Mode::Library:
    case Options::Mode::Link: {
      std::string Out = O.mode == Options::Mode::Compile ? named(".o") : temp("simt-nvcc", "o");
      Status = Cu ? compileCu(In, Out, constBank(CuIndex++)) : compileHost(In, IsC, Out);
      Objects.push_back(Out);
      break;
    }
    }
  }
  if (Status == 0 && O.mode == Options::Mode::Library) {
    std::string Out = O.output.empty() ? "a.a" : O.output;
    sys::fs::remove(Out); // ar adds to an existing archive
    std::vector<std::string> Cmd = {"/usr/bin/ar", "rcs", Out};
    Cmd.insert(Cmd.end(), Objects.begin(), Objects.end());
    Status = exec(Cmd);
  }
  if (Status == 0 && O.mode == Options::Mode::DeviceLink) {
    std::string Glue;
    Status = deviceLink(Objects, &Glue);
    if (Status == 0 && Glue.empty())
      note("-dlink: no input holds relocatable device code (-rdc=true, -dc)");
  }
  if (Status == 0 && O.mode == Options::Mode::Link) {
    std::string Glue;
    Status = deviceLink(Objects, &Glue);
    if (!Glue.empty())
      Objects.push_back(Glue);
  }
  if (Status == 0 && O.mode == Options::Mode::Link) {
    if (O.staticCudart)
      note("--cudart static: libcudart is linked as the shared library (it carries the "
           "emulator)");
    // This libcudart wins over another CUDA's (NVIDIA's, where a Makefile
    // says -L$(CUDA_HOME)/lib64 or LD_LIBRARY_PATH names it): its directory
    // is searched first at the link, and the program's search path is an
    // RPATH, which the loader reads before LD_LIBRARY_PATH (a RUNPATH, the
    // new-dtags default, comes after it).
    std::vector<std::string> Cmd = {T.clangxx, "-L" + T.libdir};
    if (O.debugHost)
      Cmd.push_back("-g");
    Cmd.insert(Cmd.end(), O.hostFlags.begin(), O.hostFlags.end());
    Cmd.insert(Cmd.end(), Objects.begin(), Objects.end());
    Cmd.insert(Cmd.end(), O.linkInputs.begin(), O.linkInputs.end());
    Cmd.insert(Cmd.end(), O.linkerFlags.begin(), O.linkerFlags.end());
    Cmd.insert(Cmd.end(), {"-lcudart", "-Wl,--disable-new-dtags", "-Wl,-rpath," + T.libdir, "-lm",
                           "-lpthread", "-o", O.output.empty() ? "a.out" : O.output});
#ifdef SIMT_SANITIZED_RUNTIME
    // This build's libcudart brings gcc's ASan runtime, whose tmpnam and
    // friends make the linker warn at every link.
    Cmd.push_back("-Wl,--no-warnings");
#endif
    Status = exec(Cmd);
  }
  for (const std::string &P : Temps)
    sys::fs::remove(P);
  return Status == 0 ? 0 : 1;
}

} // namespace

int main(int argc, char **argv) {
  Options O = Parser(argc, argv).parse();
  Toolchain T = findToolchain(argv[0]);
  if (O.verbose)
    printEnvironment(T);
  return Driver(std::move(O), std::move(T)).run();
}
