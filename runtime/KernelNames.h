//===-- KernelNames.h - Kernels named by their plain or demangled names ---===//
//
// clang names CUDA kernels with C++ mangling (`_Z4gemmPfS_S_`). Every tool
// that takes a kernel's name (run scripts' `launch`, `simt-emu --kernel`, the
// debugger's locations) resolves it here, and every tool that shows one
// (simt-objdump, fault reports, the debugger) formats it here, so that one
// set of rules holds (docs/cuda.md, "Kernel names"). The emulator core stays
// free of LLVM: the runtime hands it the text to show.
//
//===----------------------------------------------------------------------===//
#ifndef SIMT_RUNTIME_KERNELNAMES_H
#define SIMT_RUNTIME_KERNELNAMES_H

#include "runtime/Values.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace simt::rt {

/// `gemm(float*, float*, float*)` for `_Z4gemmPfS_S_`; a name that is not a
/// mangled C++ name is returned as it is.
std::string demangleKernelName(std::string_view name);

/// A demangled signature in the words NVIDIA's tools (compute-sanitizer,
/// cuda-gdb) use, qualifiers first and declarators spaced:
/// `scan(const float *, float *const *, int &)` for LLVM's
/// `scan(float const*, float* const*, int&)`. A parameter that is not a
/// qualified type with pointer or reference declarators (a function
/// pointer, an array reference) is left as it is.
std::string cudaStyleSignature(std::string_view demangled);

/// `gemm` for `_Z4gemmPfS_S_` (no scope, template arguments or parameters);
/// a name that is not mangled is returned as it is.
std::string plainKernelName(std::string_view name);

/// `img::blur` for `_ZN3img4blurIfEEvPKT_PS1_i`: the demangled name with its
/// scope, without parameters or template arguments (compute-sanitizer's
/// --demangle simple); a name that is not mangled is returned as it is.
std::string simpleFunctionName(std::string_view name);

/// The parameter list of a mangled function name: "(float*, float*, float*)"
/// for `_Z4gemmPfS_S_`; nullopt for a name that is not one.
std::optional<std::string> demangledParameters(std::string_view name);

/// The demangled name followed by the exact one where they differ:
/// `gemm(float*, float*, float*) (_Z4gemmPfS_S_)`, or `vadd`.
std::string describeKernelName(std::string_view name);

/// The indices of `names` that `query` names: the exact match alone if
/// there is one, else every kernel whose demangled, qualified or plain name
/// it is.
std::vector<size_t> kernelsNamed(const std::vector<std::string_view> &names,
                                 std::string_view query);

/// The name nearest `query` (LLVM's edit distance, at most a third of its
/// length rounded up, as clang's typo correction) among the plain, qualified and exact names of
/// `names` that name one kernel each; "" when none is that near.
std::string closestKernelName(const std::vector<std::string_view> &names,
                              std::string_view query);

/// Which of `names` (the loaded kernels' exact names) `query` names: the
/// exact name always; otherwise the demangled name, the qualified function
/// name (`ns::gemm`, `fill<float>`) or the plain name (`gemm`, `fill`) when
/// exactly one kernel has it. Errors: "no kernel named 'x' is loaded" (with
/// "; did you mean 'y'?" for closestKernelName's answer), or "kernel name
/// 'x' is ambiguous: ..." listing the candidates (one line).
Expected<size_t> resolveKernelName(const std::vector<std::string_view> &names,
                                   std::string_view query);

} // namespace simt::rt

#endif // SIMT_RUNTIME_KERNELNAMES_H
