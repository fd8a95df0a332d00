/*===-- nvrtc.h - NVRTC: CUDA C++ compiled at run time ---------------------===*
 *
 * What libnvrtc (runtime/nvrtc, -lnvrtc) provides of NVIDIA's runtime
 * compilation API: a program is CUDA C++ source and headers given as
 * strings; compiling it runs this toolchain's simt-nvcc (beside the
 * library: LIBDIR/../bin) and gives its PTX and, for a real architecture
 * (sm_NN), this ISA's object as the "cubin", both of which cuModuleLoadData
 * loads. Name expressions (nvrtcAddNameExpression) instantiate templates
 * and give their mangled names. Options are NVRTC's (docs/cuda.md); there
 * is no LTO IR, OptiX IR or precompiled header here (those calls answer
 * NVRTC_ERROR_INVALID_INPUT, or say none was attempted).
 *===----------------------------------------------------------------------===*/
#ifndef SIMT_NVRTC_H
#define SIMT_NVRTC_H
#define __NVRTC_H__ /* NVIDIA's guard */

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
  NVRTC_SUCCESS = 0,
  NVRTC_ERROR_OUT_OF_MEMORY = 1,
  NVRTC_ERROR_PROGRAM_CREATION_FAILURE = 2,
  NVRTC_ERROR_INVALID_INPUT = 3,
  NVRTC_ERROR_INVALID_PROGRAM = 4,
  NVRTC_ERROR_INVALID_OPTION = 5,
  NVRTC_ERROR_COMPILATION = 6,
  NVRTC_ERROR_BUILTIN_OPERATION_FAILURE = 7,
  NVRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION = 8,
  NVRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION = 9,
  NVRTC_ERROR_NAME_EXPRESSION_NOT_VALID = 10,
  NVRTC_ERROR_INTERNAL_ERROR = 11,
  NVRTC_ERROR_TIME_FILE_WRITE_FAILED = 12,
  NVRTC_ERROR_NO_PCH_CREATE_ATTEMPTED = 13,
  NVRTC_ERROR_PCH_CREATE_HEAP_EXHAUSTED = 14,
  NVRTC_ERROR_PCH_CREATE = 15,
  NVRTC_ERROR_CANCELLED = 16,
  NVRTC_ERROR_TIME_TRACE_FILE_WRITE_FAILED = 17
} nvrtcResult;

typedef struct _nvrtcProgram *nvrtcProgram;

/* The enumerator's name ("NVRTC_ERROR_COMPILATION"), as NVIDIA's library. */
const char *nvrtcGetErrorString(nvrtcResult result);
/* The CUDA release whose API this is (12.5, as cuda.h's CUDA_VERSION). */
nvrtcResult nvrtcVersion(int *major, int *minor);
nvrtcResult nvrtcGetNumSupportedArchs(int *numArchs);
nvrtcResult nvrtcGetSupportedArchs(int *supportedArchs);

/* `src` and the `numHeaders` headers (contents, and the names #include
 * finds them by) are copied; `name` (default "default_program") names the
 * source in the log. */
nvrtcResult nvrtcCreateProgram(nvrtcProgram *prog, const char *src, const char *name,
                               int numHeaders, const char *const *headers,
                               const char *const *includeNames);
nvrtcResult nvrtcDestroyProgram(nvrtcProgram *prog);
nvrtcResult nvrtcCompileProgram(nvrtcProgram prog, int numOptions, const char *const *options);

nvrtcResult nvrtcGetPTXSize(nvrtcProgram prog, size_t *ptxSizeRet);
nvrtcResult nvrtcGetPTX(nvrtcProgram prog, char *ptx);
/* 0 bytes after a compile for a virtual architecture (compute_NN). */
nvrtcResult nvrtcGetCUBINSize(nvrtcProgram prog, size_t *cubinSizeRet);
nvrtcResult nvrtcGetCUBIN(nvrtcProgram prog, char *cubin);
nvrtcResult nvrtcGetLTOIRSize(nvrtcProgram prog, size_t *LTOIRSizeRet);
nvrtcResult nvrtcGetLTOIR(nvrtcProgram prog, char *LTOIR);
nvrtcResult nvrtcGetOptiXIRSize(nvrtcProgram prog, size_t *optixirSizeRet);
nvrtcResult nvrtcGetOptiXIR(nvrtcProgram prog, char *optixir);
nvrtcResult nvrtcGetProgramLogSize(nvrtcProgram prog, size_t *logSizeRet);
nvrtcResult nvrtcGetProgramLog(nvrtcProgram prog, char *log);

/* Before compiling: the address of a __global__ function or a
 * __device__/__constant__ variable ("&kernel<int>", "ns::table"), whose
 * template the compile instantiates; after it: the mangled name, owned by
 * the program. */
nvrtcResult nvrtcAddNameExpression(nvrtcProgram prog, const char *const name_expression);
nvrtcResult nvrtcGetLoweredName(nvrtcProgram prog, const char *const name_expression,
                                const char **lowered_name);

nvrtcResult nvrtcGetPCHHeapSize(size_t *ret);
nvrtcResult nvrtcSetPCHHeapSize(size_t size);
nvrtcResult nvrtcGetPCHCreateStatus(nvrtcProgram prog);
nvrtcResult nvrtcGetPCHHeapSizeRequired(nvrtcProgram prog, size_t *size);
nvrtcResult nvrtcSetFlowCallback(nvrtcProgram prog, int (*callback)(void *, void *),
                                 void *payload);

#ifdef __cplusplus
} /* extern "C" */

#include <cstdlib>
#include <cxxabi.h>
#include <string>
#include <typeinfo>

/* T's name as C++ spells it ("float", "ns::Point"), for a name expression
 * such as "kernel<" + name + ">". */
template <typename T> nvrtcResult nvrtcGetTypeName(std::string *result) {
  int status = 0;
  char *name = abi::__cxa_demangle(typeid(T).name(), nullptr, nullptr, &status);
  if (status != 0 || !name)
    return NVRTC_ERROR_INTERNAL_ERROR;
  *result = name;
  std::free(name);
  return NVRTC_SUCCESS;
}
#endif

#endif /* SIMT_NVRTC_H */
