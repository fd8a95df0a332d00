//===-- Nvrtc.cpp - libnvrtc: CUDA C++ compiled at run time by simt-nvcc --===//
//
// A program is its source, headers and name expressions. Compiling writes
// them to a fresh directory and runs the simt-nvcc installed beside this
// library (LIBDIR/../bin) with NVRTC's options turned into nvcc's: -ptx
// always, and -cubin (this ISA's object) for a real architecture; what the
// compiler prints is the program's log. Each name expression initialises a
// __device__ pointer appended to the source: that instantiates it, and the
// PTX's initialiser names its mangled symbol, which is the lowered name.
//
//===----------------------------------------------------------------------===//
#include <nvrtc.h>

#include <cerrno>
#include <cstdlib>
#include <dlfcn.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <new>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

extern char **environ;

struct _nvrtcProgram {
  std::string source, name;
  std::vector<std::pair<std::string, std::string>> headers; // include name, text
  std::vector<std::string> nameExpressions;
  std::map<std::string, std::string> lowered;
  std::string log, ptx, cubin;
  bool compiled = false;
};

namespace {

namespace fs = std::filesystem;

/// NVRTC's options as simt-nvcc's arguments, and what only NVRTC decides.
struct Translation {
  std::vector<std::string> args;
  std::string arch = "compute_52"; // NVRTC's default: a virtual architecture
  bool defaultDevice = false;
  std::string error; // the log's line for an option refused
};

bool startsWith(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

/// The options nvcc spells as NVRTC does (with their values joined by '='
/// or, for the one-letter ones, appended): passed on as they are.
bool nvccSpellsIt(std::string_view o) {
  static constexpr std::string_view joined[] = {
      "-D", "-U", "-I", "--define-macro=", "--undefine-macro=", "--include-path=",
      "-include=", "--pre-include=", "-std=", "--std=", "--ftz=", "-ftz=", "--prec-div=",
      "-prec-div=", "--prec-sqrt=", "-prec-sqrt=", "--fmad=", "-fmad=", "--maxrregcount=",
      "-maxrregcount=", "--ptxas-options=", "-Xptxas=", "-rdc=", "--relocatable-device-code="};
  static constexpr std::string_view exact[] = {
      "-G", "--device-debug", "-lineinfo", "--generate-line-info", "--use_fast_math",
      "-use_fast_math", "-w", "--disable-warnings"};
  for (std::string_view p : exact)
    if (o == p)
      return true;
  for (std::string_view p : joined)
    if (startsWith(o, p) && o.size() > p.size())
      return true;
  return false;
}

/// NVRTC's options that change nothing here: diagnostics' form, timing,
/// precompiled headers, whole-program and optimisation hints.
bool acceptedAsIs(std::string_view o) {
  static constexpr std::string_view exact[] = {
      "-ewp", "--extensible-whole-program", "--extra-device-vectorization",
      "-extra-device-vectorization", "--no-source-include", "-no-source-include", "--restrict",
      "-restrict", "--display-error-number", "-err-no", "--no-display-error-number",
      "-no-err-no", "--device-int128", "-device-int128", "-pch", "--pch", "-minimal",
      "--minimal"};
  static constexpr std::string_view joined[] = {
      "--dopt=", "-dopt=", "--builtin-move-forward=", "-builtin-move-forward=",
      "--builtin-initializer-list=", "-builtin-initializer-list=", "--diag-error=",
      "-diag-error=", "--diag-suppress=", "-diag-suppress=", "--diag-warn=", "-diag-warn=",
      "--optimization-info=", "-opt-info=", "--time=", "-time=", "--split-compile=",
      "-split-compile=", "--fdevice-time-trace=", "-fdevice-time-trace=", "--create-pch=",
      "-create-pch=", "--use-pch=", "-use-pch=", "--pch-dir=", "-pch-dir=",
      "--pch-messages=", "-pch-messages=", "--instantiate-templates-in-pch=",
      "-instantiate-templates-in-pch=", "--jump-table-density=", "-jtd=",
      "--device-stack-protector=", "-device-stack-protector=", "--modify-stack-limit=",
      "-modify-stack-limit=", "--brief-diagnostics=", "-brief-diag=", "--pch-verbose=",
      "-pch-verbose="};
  for (std::string_view p : exact)
    if (o == p)
      return true;
  for (std::string_view p : joined)
    if (startsWith(o, p))
      return true;
  return false;
}

Translation translate(int n, const char *const *options) {
  Translation t;
  for (int i = 0; i < n; ++i) {
    if (!options || !options[i]) {
      t.error = "nvrtc: error: a null option";
      return t;
    }
    const std::string o = options[i];
    std::string value;
    if (startsWith(o, "--gpu-architecture=") || startsWith(o, "-arch=")) {
      value = o.substr(o.find('=') + 1);
    } else if (o == "-arch" || o == "--gpu-architecture") {
      if (i + 1 >= n || !options[i + 1]) {
        t.error = "nvrtc: error: " + o + " needs an architecture";
        return t;
      }
      value = options[++i];
    } else if (o == "-default-device" || o == "--device-as-default-execution-space") {
      t.defaultDevice = true;
      continue;
    } else if (o == "-dlto" || o == "--dlink-time-opt") {
      t.error = "nvrtc: error: " + o + ": this toolchain has no LTO IR (compile without it)";
      return t;
    } else if (o == "-dc" || o == "--device-c") {
      t.args.push_back("-rdc=true");
      continue;
    } else if (o == "-dw" || o == "--device-w") {
      t.args.push_back("-rdc=false");
      continue;
    } else if (o == "--fdevice-syntax-only" || o == "-fdevice-syntax-only") {
      t.args.push_back("-fsyntax-only");
      continue;
    } else if (nvccSpellsIt(o)) {
      t.args.push_back(startsWith(o, "-include=") ? "--pre-include=" + o.substr(9) : o);
      continue;
    } else if (acceptedAsIs(o)) {
      continue;
    } else {
      t.error = "nvrtc: error: unrecognized option " + o;
      return t;
    }
    const bool real = startsWith(value, "sm_"), virt = startsWith(value, "compute_");
    const size_t digits = real ? 3 : 8;
    if ((!real && !virt) || value.size() <= digits ||
        value.find_first_not_of("0123456789af", digits) != std::string::npos) {
      t.error = "nvrtc: error: invalid value for --gpu-architecture (-arch): " + value +
                (startsWith(value, "lto_") ? " (this toolchain has no LTO IR)" : "");
      return t;
    }
    t.arch = value;
  }
  return t;
}

/// The simt-nvcc beside this library (LIBDIR/../bin/simt-nvcc, the link
/// the program loaded resolved), else the one on PATH.
std::string compilerPath() {
  Dl_info info{};
  if (dladdr(reinterpret_cast<void *>(&nvrtcCompileProgram), &info) && info.dli_fname) {
    std::error_code ec;
    const fs::path lib = fs::canonical(info.dli_fname, ec);
    const fs::path nvcc = lib.parent_path().parent_path() / "bin" / "simt-nvcc";
    if (!ec && fs::exists(nvcc, ec))
      return nvcc.string();
  }
  return "simt-nvcc";
}

/// Runs `argv` with its standard output and error appended to `logPath`:
/// its exit status; -1 when it could not start; -2 when it ran but its
/// status is lost (a program that ignores SIGCHLD has its children reaped
/// for it).
int run(const std::vector<std::string> &argv, const std::string &logPath) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, logPath.c_str(), O_WRONLY | O_CREAT | O_APPEND,
                                   0600);
  posix_spawn_file_actions_adddup2(&actions, 1, 2);
  std::vector<char *> args;
  for (const std::string &a : argv)
    args.push_back(const_cast<char *>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = 0;
  const int failed = posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (failed)
    return -1;
  int status = 0;
  pid_t waited;
  while ((waited = waitpid(pid, &status, 0)) < 0 && errno == EINTR) {
  }
  if (waited < 0)
    return -2;
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

std::string readFile(const fs::path &p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

bool writeFile(const fs::path &p, std::string_view text) {
  std::error_code ec;
  fs::create_directories(p.parent_path(), ec);
  std::ofstream out(p, std::ios::binary);
  out << text;
  return bool(out);
}

/// The symbols the name-expression pointers were initialised with: their
/// PTX lines are `.global .align 8 .u64 __simt_nvrtc_name_N = SYMBOL;` (or
/// `= generic(SYMBOL);` for a variable). Those lines leave the PTX.
std::map<size_t, std::string> takeNamePointers(std::string &ptx) {
  static constexpr std::string_view prefix = "__simt_nvrtc_name_";
  std::map<size_t, std::string> symbols;
  std::string kept;
  std::istringstream lines(ptx);
  for (std::string line; std::getline(lines, line);) {
    const size_t at = line.find(prefix);
    if (at == std::string::npos) {
      kept += line + "\n";
      continue;
    }
    const size_t eq = line.find('=', at);
    if (eq == std::string::npos)
      continue; // a use of the pointer: none is made
    std::string value = line.substr(eq + 1);
    const size_t semi = value.find(';');
    value = value.substr(0, semi);
    if (const size_t open = value.find('('); open != std::string::npos)
      value = value.substr(open + 1, value.find(')') - open - 1);
    value.erase(0, value.find_first_not_of(" \t"));
    value.erase(value.find_last_not_of(" \t") + 1);
    symbols[std::stoul(line.substr(at + prefix.size()))] = value;
  }
  ptx = kept;
  return symbols;
}

/// Whether a header's include name stays inside the directory it is
/// written to: relative, and no `..`.
bool staysInside(const std::string &include) {
  const fs::path p(include);
  if (include.empty() || p.is_absolute())
    return false;
  for (const fs::path &part : p)
    if (part == "..")
      return false;
  return true;
}

/// A file name for the program's source: its name's last part, a .cu.
std::string sourceFileName(const std::string &name) {
  std::string base = fs::path(name).filename().string();
  if (base.empty() || base == "." || base == "..")
    base = "default_program";
  return base.ends_with(".cu") ? base : base + ".cu";
}

nvrtcResult compile(_nvrtcProgram &p, const Translation &t) {
  for (const auto &header : p.headers)
    if (!staysInside(header.first)) {
      p.log = "nvrtc: error: header name '" + header.first +
              "' is not a relative path inside the program's include directory\n";
      return NVRTC_ERROR_INVALID_INPUT;
    }
  const char *tmp = std::getenv("TMPDIR");
  std::string pattern = (fs::path(tmp && *tmp ? tmp : "/tmp") / "simt-nvrtc-XXXXXX").string();
  if (!mkdtemp(pattern.data()))
    return NVRTC_ERROR_INTERNAL_ERROR;
  const fs::path dir = pattern;
  struct Remove {
    fs::path dir;
    ~Remove() {
      std::error_code ec;
      fs::remove_all(dir, ec);
    }
  } removeAtEnd{dir};

  // NVRTC's own macro: programs leave out host-only headers under it.
  // No warning that an sm_NN builds for this ISA's level: NVRTC's default
  // architecture would put it in every log.
  std::vector<std::string> common = {compilerPath(), "-D__CUDACC_RTC__",
                                     "-Wno-deprecated-gpu-targets"};
  common.insert(common.end(), t.args.begin(), t.args.end());
  if (!p.headers.empty())
    common.push_back("-I" + (dir / "include").string());
  // #include "x.h" beside the source the program's name names, as a file.
  const fs::path named = fs::path(p.name).parent_path();
  std::error_code ec;
  if (!named.empty() && fs::is_directory(named, ec))
    common.push_back("-I" + named.string());
  for (const auto &[include, text] : p.headers)
    if (!writeFile(dir / "include" / include, text))
      return NVRTC_ERROR_INTERNAL_ERROR;

  // A static __constant__ variable is the host's to write (cuModuleGetGlobal
  // finds it, as in NVIDIA's objects), so the device compile must not take
  // it for a constant zero and fold its loads away: kept as used.
  std::string source = "#undef __constant__\n#define __constant__ __attribute__((constant, used))\n";
  if (t.defaultDevice) // functions without an execution space are device ones
    source += "#pragma clang force_cuda_host_device begin\n";
  std::string quoted; // the name in a string literal
  for (char c : p.name)
    quoted += c == '"' || c == '\\' ? std::string("\\") + c : std::string(1, c);
  source += "#line 1 \"" + quoted + "\"\n" + p.source + "\n";
  if (t.defaultDevice)
    source += "#pragma clang force_cuda_host_device end\n";
  if (!p.nameExpressions.empty())
    source += "#line 1 \"name expressions\"\n";
  for (size_t i = 0; i < p.nameExpressions.size(); ++i) {
    const std::string &e = p.nameExpressions[i];
    const size_t first = e.find_first_not_of(" \t");
    const bool address = first != std::string::npos && e[first] == '&';
    source += "__device__ const void *__simt_nvrtc_name_" + std::to_string(i) +
              " = (const void *)(" + (address ? "" : "&") + e + ");\n";
  }
  const fs::path src = dir / sourceFileName(p.name), log = dir / "log";
  if (!writeFile(src, source))
    return NVRTC_ERROR_INTERNAL_ERROR;

  // A real architecture (sm_NN) is the toolchain's level for it; a virtual
  // one (compute_NN) the same level's PTX. The object's compile says what
  // the PTX's said: its messages join the log only when it fails.
  const std::string level = "-arch=sm_" + t.arch.substr(t.arch.find('_') + 1);
  const bool real = startsWith(t.arch, "sm_");
  const auto step = [&](const char *what, const fs::path &out, const fs::path &messages) {
    std::vector<std::string> argv = common;
    argv.insert(argv.end(), {level, what, src.string(), "-o", out.string()});
    int status = run(argv, messages.string());
    if (status == -2) // its status is lost: it succeeded if it wrote its output
      status = fs::file_size(out, ec) > 0 && !ec ? 0 : 1;
    return status;
  };
  int status = step("-ptx", dir / "out.ptx", log);
  p.log = readFile(log);
  if (status == 0 && real) {
    status = step("-cubin", dir / "out.cubin", dir / "cubin.log");
    if (status != 0)
      p.log += readFile(dir / "cubin.log");
  }
  if (status < 0) {
    p.log += "nvrtc: error: cannot run " + common[0] + "\n";
    return NVRTC_ERROR_BUILTIN_OPERATION_FAILURE;
  }
  if (status != 0)
    return NVRTC_ERROR_COMPILATION;
  p.ptx = readFile(dir / "out.ptx");
  p.cubin = real ? readFile(dir / "out.cubin") : "";
  const std::map<size_t, std::string> symbols = takeNamePointers(p.ptx);
  for (size_t i = 0; i < p.nameExpressions.size(); ++i)
    if (auto it = symbols.find(i); it != symbols.end())
      p.lowered.emplace(p.nameExpressions[i], it->second);
  return NVRTC_SUCCESS;
}

/// Copies `text` with its terminating NUL (PTX and logs) or without (an
/// object).
nvrtcResult copyOut(const _nvrtcProgram *p, const std::string &text, char *out, bool nul) {
  if (!p || !out)
    return p ? NVRTC_ERROR_INVALID_INPUT : NVRTC_ERROR_INVALID_PROGRAM;
  std::copy(text.begin(), text.end(), out);
  if (nul)
    out[text.size()] = '\0';
  return NVRTC_SUCCESS;
}

nvrtcResult sizeOut(const _nvrtcProgram *p, size_t size, size_t *ret) {
  if (!p || !ret)
    return p ? NVRTC_ERROR_INVALID_INPUT : NVRTC_ERROR_INVALID_PROGRAM;
  *ret = size;
  return NVRTC_SUCCESS;
}

} // namespace

extern "C" {

const char *nvrtcGetErrorString(nvrtcResult result) {
  static constexpr const char *names[] = {
      "NVRTC_SUCCESS",
      "NVRTC_ERROR_OUT_OF_MEMORY",
      "NVRTC_ERROR_PROGRAM_CREATION_FAILURE",
      "NVRTC_ERROR_INVALID_INPUT",
      "NVRTC_ERROR_INVALID_PROGRAM",
      "NVRTC_ERROR_INVALID_OPTION",
      "NVRTC_ERROR_COMPILATION",
      "NVRTC_ERROR_BUILTIN_OPERATION_FAILURE",
      "NVRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION",
      "NVRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION",
      "NVRTC_ERROR_NAME_EXPRESSION_NOT_VALID",
      "NVRTC_ERROR_INTERNAL_ERROR",
      "NVRTC_ERROR_TIME_FILE_WRITE_FAILED",
      "NVRTC_ERROR_NO_PCH_CREATE_ATTEMPTED",
      "NVRTC_ERROR_PCH_CREATE_HEAP_EXHAUSTED",
      "NVRTC_ERROR_PCH_CREATE",
      "NVRTC_ERROR_CANCELLED",
      "NVRTC_ERROR_TIME_TRACE_FILE_WRITE_FAILED"};
  const unsigned i = unsigned(result);
  return i < std::size(names) ? names[i] : "NVRTC_ERROR unknown";
}

nvrtcResult nvrtcVersion(int *major, int *minor) {
  if (!major || !minor)
    return NVRTC_ERROR_INVALID_INPUT;
  *major = 12;
  *minor = 5;
  return NVRTC_SUCCESS;
}

// The architectures -arch takes (sm_NN): the toolchain builds each for its
// own ISA level, as simt-nvcc does.
static constexpr int kArchs[] = {35, 37, 50, 52, 53, 60, 61, 62, 70, 72, 75, 80, 86, 87, 89, 90};

nvrtcResult nvrtcGetNumSupportedArchs(int *numArchs) {
  if (!numArchs)
    return NVRTC_ERROR_INVALID_INPUT;
  *numArchs = int(std::size(kArchs));
  return NVRTC_SUCCESS;
}

nvrtcResult nvrtcGetSupportedArchs(int *supportedArchs) {
  if (!supportedArchs)
    return NVRTC_ERROR_INVALID_INPUT;
  std::copy(std::begin(kArchs), std::end(kArchs), supportedArchs);
  return NVRTC_SUCCESS;
}

nvrtcResult nvrtcCreateProgram(nvrtcProgram *prog, const char *src, const char *name,
                               int numHeaders, const char *const *headers,
                               const char *const *includeNames) {
  if (!prog || !src || numHeaders < 0 || (numHeaders > 0 && (!headers || !includeNames)))
    return NVRTC_ERROR_INVALID_INPUT;
  auto p = std::make_unique<_nvrtcProgram>();
  p->source = src;
  p->name = name && *name ? name : "default_program";
  for (int i = 0; i < numHeaders; ++i) {
    if (!includeNames[i])
      return NVRTC_ERROR_INVALID_INPUT;
    p->headers.emplace_back(includeNames[i], headers[i] ? headers[i] : "");
  }
  *prog = p.release();
  return NVRTC_SUCCESS;
}

nvrtcResult nvrtcDestroyProgram(nvrtcProgram *prog) {
  if (!prog || !*prog)
    return NVRTC_ERROR_INVALID_PROGRAM;
  delete *prog;
  *prog = nullptr;
  return NVRTC_SUCCESS;
}

nvrtcResult nvrtcCompileProgram(nvrtcProgram prog, int numOptions, const char *const *options) {
  if (!prog)
    return NVRTC_ERROR_INVALID_PROGRAM;
  if (numOptions < 0 || (numOptions > 0 && !options))
    return NVRTC_ERROR_INVALID_INPUT;
  prog->compiled = false;
  prog->log.clear();
  prog->ptx.clear();
  prog->cubin.clear();
  prog->lowered.clear();
  const Translation t = translate(numOptions, options);
  if (!t.error.empty()) {
    prog->log = t.error + "\n";
    return NVRTC_ERROR_INVALID_OPTION;
  }
  try {
    const nvrtcResult r = compile(*prog, t);
    prog->compiled = r == NVRTC_SUCCESS;
    return r;
  } catch (const std::bad_alloc &) {
    return NVRTC_ERROR_OUT_OF_MEMORY;
  } catch (const std::exception &e) {
    prog->log += std::string("nvrtc: error: ") + e.what() + "\n";
    return NVRTC_ERROR_INTERNAL_ERROR;
  }
}

nvrtcResult nvrtcGetPTXSize(nvrtcProgram prog, size_t *ret) {
  return sizeOut(prog, prog ? prog->ptx.size() + 1 : 0, ret);
}
nvrtcResult nvrtcGetPTX(nvrtcProgram prog, char *ptx) {
  return copyOut(prog, prog ? prog->ptx : "", ptx, true);
}
nvrtcResult nvrtcGetCUBINSize(nvrtcProgram prog, size_t *ret) {
  return sizeOut(prog, prog ? prog->cubin.size() : 0, ret);
}
nvrtcResult nvrtcGetCUBIN(nvrtcProgram prog, char *cubin) {
  return copyOut(prog, prog ? prog->cubin : "", cubin, false);
}
nvrtcResult nvrtcGetProgramLogSize(nvrtcProgram prog, size_t *ret) {
  return sizeOut(prog, prog ? prog->log.size() + 1 : 0, ret);
}
nvrtcResult nvrtcGetProgramLog(nvrtcProgram prog, char *log) {
  return copyOut(prog, prog ? prog->log : "", log, true);
}

// No LTO IR and no OptiX IR here: compiling never makes them.
nvrtcResult nvrtcGetLTOIRSize(nvrtcProgram prog, size_t *ret) { return sizeOut(prog, 0, ret); }
nvrtcResult nvrtcGetLTOIR(nvrtcProgram prog, char *) {
  return prog ? NVRTC_ERROR_INVALID_INPUT : NVRTC_ERROR_INVALID_PROGRAM;
}
nvrtcResult nvrtcGetOptiXIRSize(nvrtcProgram prog, size_t *ret) { return sizeOut(prog, 0, ret); }
nvrtcResult nvrtcGetOptiXIR(nvrtcProgram prog, char *) {
  return prog ? NVRTC_ERROR_INVALID_INPUT : NVRTC_ERROR_INVALID_PROGRAM;
}

nvrtcResult nvrtcAddNameExpression(nvrtcProgram prog, const char *const name_expression) {
  if (!prog)
    return NVRTC_ERROR_INVALID_PROGRAM;
  if (!name_expression || !*name_expression)
    return NVRTC_ERROR_INVALID_INPUT;
  if (prog->compiled)
    return NVRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION;
  prog->nameExpressions.push_back(name_expression);
  return NVRTC_SUCCESS;
}

nvrtcResult nvrtcGetLoweredName(nvrtcProgram prog, const char *const name_expression,
                                const char **lowered_name) {
  if (!prog)
    return NVRTC_ERROR_INVALID_PROGRAM;
  if (!name_expression || !lowered_name)
    return NVRTC_ERROR_INVALID_INPUT;
  if (!prog->compiled)
    return NVRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION;
  auto it = prog->lowered.find(name_expression);
  if (it == prog->lowered.end())
    return NVRTC_ERROR_NAME_EXPRESSION_NOT_VALID;
  *lowered_name = it->second.c_str();
  return NVRTC_SUCCESS;
}

// Precompiled headers: none is ever made.
static std::atomic<size_t> pchHeapSize{0};
nvrtcResult nvrtcGetPCHHeapSize(size_t *ret) {
  if (!ret)
    return NVRTC_ERROR_INVALID_INPUT;
  *ret = pchHeapSize;
  return NVRTC_SUCCESS;
}
nvrtcResult nvrtcSetPCHHeapSize(size_t size) {
  pchHeapSize = size;
  return NVRTC_SUCCESS;
}
nvrtcResult nvrtcGetPCHCreateStatus(nvrtcProgram prog) {
  return prog ? NVRTC_ERROR_NO_PCH_CREATE_ATTEMPTED : NVRTC_ERROR_INVALID_PROGRAM;
}
nvrtcResult nvrtcGetPCHHeapSizeRequired(nvrtcProgram prog, size_t *size) {
  return sizeOut(prog, 0, size);
}
// A compile here is one child process: it is not cancelled part way.
nvrtcResult nvrtcSetFlowCallback(nvrtcProgram prog, int (*)(void *, void *), void *) {
  return prog ? NVRTC_SUCCESS : NVRTC_ERROR_INVALID_PROGRAM;
}

} // extern "C"
