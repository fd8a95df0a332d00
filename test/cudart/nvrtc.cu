// NVRTC as the samples' *_nvrtc programs use it: CUDA C++ source compiled
// at run time for a real architecture (the object loaded with
// cuModuleLoadData) and for a virtual one (its PTX loaded), a header given
// as a string, a template kernel instantiated by its name expression and
// found by its lowered name, NVRTC's options (-D, --std, -default-device),
// a file-static __constant__ found by its name; lowered names of a
// namespaced template with a default argument, an unsigned template
// argument and a variable; __CUDACC_RTC__; a header name leaving its folder;
// a compile error's log names the program and line; the errors NVRTC
// documents for an unknown option, a lowered name before compiling, a name
// expression after it. Expected values: the same arithmetic on the host.
// RUN: simt-nvcc -O2 %s -o %t -lnvrtc -lcuda
// RUN: %t | FileCheck %s
// CHECK: version 12.5, 16 architectures, sm_35 among them: 1
// CHECK-NEXT: scale<float>: 0 wrong of 256 (cubin {{[1-9][0-9]*}} bytes)
// CHECK-NEXT: lowered: _ZN2ns4fillIfLi2EEEvPT_ _Z8constantILj3EEvPj table, fill: 0 wrong of 32
// CHECK-NEXT: scale<int>: 0 wrong of 256 (PTX, cubin 0 bytes)
// CHECK-NEXT: default device, static __constant__ of 4 bytes: 0 wrong of 256
// CHECK-NEXT: syntax error: NVRTC_ERROR_COMPILATION
// CHECK-NEXT: log: broken.cu:3:{{[0-9]+}}: error: {{.*}}
// CHECK-NEXT: unknown option: NVRTC_ERROR_INVALID_OPTION
// CHECK-NEXT: log: nvrtc: error: unrecognized option --no-such-option
// CHECK-NEXT: header ../outside.h: NVRTC_ERROR_INVALID_INPUT
// CHECK-NEXT: lowered name before compiling: NVRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION
// CHECK-NEXT: name expression after compiling: NVRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION
// CHECK-NEXT: unknown name expression: NVRTC_ERROR_NAME_EXPRESSION_NOT_VALID
#include "Inputs/check_cu.h"
#include <cuda.h>
#include <nvrtc.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

const char *kHeader = R"(
#pragma once
template <class T> __device__ T twice(T x) { return x + x; }
)";

// FACTOR comes from -D; `if constexpr` needs C++17 (--std=c++17).
const char *kSource = R"(
#include "twice.h"
#ifdef __CUDACC_RTC__
#define RTC 1
#else
#define RTC 0
#endif
namespace ns {
template <class T, int N = 2> __global__ void fill(T *out) { out[threadIdx.x] = T(N * RTC); }
}
template <unsigned V> __global__ void constant(unsigned *out) { out[threadIdx.x] = V; }
__device__ int table[4];
template <class T> __global__ void scale(T *out, const T *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if constexpr (sizeof(T) == 4)
    if (i < n)
      out[i] = twice(in[i]) * T(FACTOR);
}
)";

// With -default-device, a function with no execution space is a device one;
// a file-static __constant__ is the host's to set (cuModuleGetGlobal by its
// own name, as NVIDIA's binomialOptions_nvrtc sample does).
const char *kDefaultDevice = R"(
static __constant__ int step[1];
int plusOne(int x) { return x + 1; }
extern "C" __global__ void bump(int *v) { v[threadIdx.x] = plusOne(v[threadIdx.x]) + step[0]; }
)";

std::string log(nvrtcProgram p) {
  size_t size = 0;
  nvrtcGetProgramLogSize(p, &size);
  std::string text(size, '\0');
  nvrtcGetProgramLog(p, text.data());
  return text.c_str();
}

nvrtcProgram compile(const char *src, const char *name, std::vector<const char *> options,
                     std::vector<const char *> expressions = {}) {
  nvrtcProgram p;
  const char *headers[] = {kHeader}, *names[] = {"twice.h"};
  nvrtcCreateProgram(&p, src, name, 1, headers, names);
  for (const char *e : expressions)
    nvrtcAddNameExpression(p, e);
  nvrtcResult r = nvrtcCompileProgram(p, int(options.size()), options.data());
  if (r != NVRTC_SUCCESS) {
    std::printf("%s: %s\n%s", name, nvrtcGetErrorString(r), log(p).c_str());
    std::exit(1);
  }
  return p;
}

/// Runs `kernel` on n values of `in` (one block of n threads) and returns out.
template <class T> std::vector<T> launch(CUfunction kernel, const std::vector<T> &in) {
  const int n = int(in.size());
  CUdeviceptr dIn, dOut;
  CHECK_CU(cuMemAlloc(&dIn, n * sizeof(T)));
  CHECK_CU(cuMemAlloc(&dOut, n * sizeof(T)));
  CHECK_CU(cuMemcpyHtoD(dIn, in.data(), n * sizeof(T)));
  int count = n;
  void *args[] = {&dOut, &dIn, &count};
  CHECK_CU(cuLaunchKernel(kernel, 2, 1, 1, n / 2, 1, 1, 0, nullptr, args, nullptr));
  std::vector<T> out(n);
  CHECK_CU(cuMemcpyDtoH(out.data(), dOut, n * sizeof(T)));
  cuMemFree(dIn);
  cuMemFree(dOut);
  return out;
}

template <class T> int wrongScaled(const std::vector<T> &in, const std::vector<T> &out) {
  int wrong = 0;
  for (size_t i = 0; i < in.size(); ++i)
    wrong += out[i] != (in[i] + in[i]) * T(3);
  return wrong;
}

} // namespace

int main() {
  int major = 0, minor = 0, archs = 0;
  nvrtcVersion(&major, &minor);
  nvrtcGetNumSupportedArchs(&archs);
  std::vector<int> list(archs);
  nvrtcGetSupportedArchs(list.data());
  bool has35 = false;
  for (int a : list)
    has35 |= a == 35;
  std::printf("version %d.%d, %d architectures, sm_35 among them: %d\n", major, minor, archs,
              has35);

  CHECK_CU(cuInit(0));
  CUdevice dev;
  CUcontext ctx;
  CHECK_CU(cuDeviceGet(&dev, 0));
  CHECK_CU(cuCtxCreate(&ctx, 0, dev));
  const int n = 256;

  // A real architecture: the object, and the kernel by its lowered name.
  nvrtcProgram real = compile(kSource, "scale.cu", {"--gpu-architecture=sm_35", "-DFACTOR=3",
                                                    "--std=c++17", "-lineinfo"},
                              {"scale<float>", "&scale<int>", "ns::fill<float>", "constant<3>",
                               "&table"});
  size_t cubinSize = 0;
  nvrtcGetCUBINSize(real, &cubinSize);
  std::vector<char> cubin(cubinSize);
  nvrtcGetCUBIN(real, cubin.data());
  const char *lowered = nullptr;
  nvrtcGetLoweredName(real, "scale<float>", &lowered);
  CUmodule module;
  CHECK_CU(cuModuleLoadData(&module, cubin.data()));
  CUfunction scaleFloat;
  CHECK_CU(cuModuleGetFunction(&scaleFloat, module, lowered));
  std::vector<float> inF(n);
  for (int i = 0; i < n; ++i)
    inF[i] = 0.25f * float(i) - 7.0f;
  std::printf("scale<float>: %d wrong of %d (cubin %zu bytes)\n",
              wrongScaled(inF, launch(scaleFloat, inF)), n, cubinSize);
  nvrtcResult late = nvrtcAddNameExpression(real, "scale<double>");
  // A default template argument, an unsigned one written as 3, a variable;
  // __CUDACC_RTC__ is defined (fill writes N * 1).
  const char *fillName = nullptr, *constantName = nullptr, *tableName = nullptr;
  nvrtcGetLoweredName(real, "ns::fill<float>", &fillName);
  nvrtcGetLoweredName(real, "constant<3>", &constantName);
  nvrtcGetLoweredName(real, "&table", &tableName);
  CUfunction fill;
  CHECK_CU(cuModuleGetFunction(&fill, module, fillName));
  CUdeviceptr filled;
  CHECK_CU(cuMemAlloc(&filled, 32 * sizeof(float)));
  void *fillArgs[] = {&filled};
  CHECK_CU(cuLaunchKernel(fill, 1, 1, 1, 32, 1, 1, 0, nullptr, fillArgs, nullptr));
  float fills[32];
  CHECK_CU(cuMemcpyDtoH(fills, filled, sizeof fills));
  int fillWrong = 0;
  for (float f : fills)
    fillWrong += f != 2.0f;
  std::printf("lowered: %s %s %s, fill: %d wrong of 32\n", fillName, constantName, tableName,
              fillWrong);

  // A virtual architecture: PTX only, loaded (and translated) by the driver.
  nvrtcProgram virt = compile(kSource, "scale.cu", {"-arch=compute_35", "-DFACTOR=3",
                                                    "-std=c++17"},
                              {"scale<int>"});
  size_t ptxSize = 0, virtCubin = 1;
  nvrtcGetPTXSize(virt, &ptxSize);
  nvrtcGetCUBINSize(virt, &virtCubin);
  std::string ptx(ptxSize, '\0');
  nvrtcGetPTX(virt, ptx.data());
  nvrtcGetLoweredName(virt, "scale<int>", &lowered);
  CUmodule ptxModule;
  CHECK_CU(cuModuleLoadData(&ptxModule, ptx.c_str()));
  CUfunction scaleInt;
  CHECK_CU(cuModuleGetFunction(&scaleInt, ptxModule, lowered));
  std::vector<int> inI(n);
  for (int i = 0; i < n; ++i)
    inI[i] = i * 37 - 4000;
  std::printf("scale<int>: %d wrong of %d (PTX, cubin %zu bytes)\n",
              wrongScaled(inI, launch(scaleInt, inI)), n, virtCubin);

  // -default-device: plusOne has no __device__ and is called from a kernel.
  nvrtcProgram dd = compile(kDefaultDevice, "bump.cu", {"-arch=sm_35", "-default-device"});
  size_t ddSize = 0;
  nvrtcGetCUBINSize(dd, &ddSize);
  std::vector<char> ddCubin(ddSize);
  nvrtcGetCUBIN(dd, ddCubin.data());
  CUmodule ddModule;
  CHECK_CU(cuModuleLoadData(&ddModule, ddCubin.data()));
  CUfunction bump;
  CHECK_CU(cuModuleGetFunction(&bump, ddModule, "bump"));
  CUdeviceptr step;
  size_t stepBytes = 0;
  CHECK_CU(cuModuleGetGlobal(&step, &stepBytes, ddModule, "step"));
  const int five = 5;
  CHECK_CU(cuMemcpyHtoD(step, &five, sizeof five));
  CUdeviceptr dv;
  CHECK_CU(cuMemAlloc(&dv, n * sizeof(int)));
  CHECK_CU(cuMemcpyHtoD(dv, inI.data(), n * sizeof(int)));
  void *bumpArgs[] = {&dv};
  CHECK_CU(cuLaunchKernel(bump, 1, 1, 1, n, 1, 1, 0, nullptr, bumpArgs, nullptr));
  std::vector<int> bumped(n);
  CHECK_CU(cuMemcpyDtoH(bumped.data(), dv, n * sizeof(int)));
  int wrong = 0;
  for (int i = 0; i < n; ++i)
    wrong += bumped[i] != inI[i] + 1 + five;
  std::printf("default device, static __constant__ of %zu bytes: %d wrong of %d\n", stepBytes,
              wrong, n);

  // Errors: a syntax error on the program's third line, an unknown option.
  nvrtcProgram broken;
  nvrtcCreateProgram(&broken, "\n__global__ void k(int *p) {\n  p[0] = 1 +;\n}\n", "broken.cu",
                     0, nullptr, nullptr);
  const char *arch[] = {"-arch=sm_35"};
  std::printf("syntax error: %s\n", nvrtcGetErrorString(nvrtcCompileProgram(broken, 1, arch)));
  const std::string brokenLog = log(broken);
  std::printf("log: %s\n", brokenLog.substr(0, brokenLog.find('\n')).c_str());
  nvrtcProgram unknown;
  nvrtcCreateProgram(&unknown, kDefaultDevice, nullptr, 0, nullptr, nullptr);
  const char *bad[] = {"--no-such-option"};
  std::printf("unknown option: %s\n", nvrtcGetErrorString(nvrtcCompileProgram(unknown, 1, bad)));
  std::printf("log: %s", log(unknown).c_str());
  nvrtcProgram escaping;
  const char *outsideText[] = {"int x;"}, *outsideName[] = {"../outside.h"};
  nvrtcCreateProgram(&escaping, kDefaultDevice, "escaping.cu", 1, outsideText, outsideName);
  std::printf("header ../outside.h: %s\n",
              nvrtcGetErrorString(nvrtcCompileProgram(escaping, 1, arch)));
  std::printf("lowered name before compiling: %s\n",
              nvrtcGetErrorString(nvrtcGetLoweredName(unknown, "bump", &lowered)));
  std::printf("name expression after compiling: %s\n", nvrtcGetErrorString(late));
  std::printf("unknown name expression: %s\n",
              nvrtcGetErrorString(nvrtcGetLoweredName(real, "scale<char>", &lowered)));

  for (nvrtcProgram *p : {&real, &virt, &dd, &broken, &unknown, &escaping})
    nvrtcDestroyProgram(p);
  cuCtxDestroy(ctx);
  return 0;
}
