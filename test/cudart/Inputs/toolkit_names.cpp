// Names that programs written for NVIDIA's toolkit take from its headers,
// compiled by the host compiler against the installed ones
// (test/tools/install.test): cuBLAS through cusolverDn.h alone, gemmEx with
// a cudaDataType compute type (the CUDA 10 form), cudaCreateChannelDesc<T>()
// in a .cpp file, cuSPARSE's CUSPARSEAPI, CUDA 13's emulation enums,
// cufftXtMakePlanMany, NVTX under both paths (no tool: a range push
// answers NVTX_NO_PUSH_POP_TRACKING). Each result is checked here on the host.
#include <cuda_runtime.h>
#include <cufftXt.h>
#include <cusolverDn.h>
#include <cusparse.h>
#include <nvToolsExt.h>
#include <nvtx3/nvToolsExtCudaRt.h>
#include <cstdio>

#ifndef CUSPARSEAPI
#error "cusparse.h defines CUSPARSEAPI, as NVIDIA's"
#endif

static int failures = 0;
static void check(bool ok, const char *what) {
  if (!ok) {
    std::printf("FAILED: %s\n", what);
    ++failures;
  }
}

int main() {
  nvtxEventAttributes_t range = {};
  range.version = NVTX_VERSION;
  range.size = NVTX_EVENT_ATTRIB_STRUCT_SIZE;
  range.colorType = NVTX_COLOR_ARGB;
  range.color = 0xff00ff00;
  range.messageType = NVTX_MESSAGE_TYPE_ASCII;
  range.message.ascii = "setup";
  check(nvtxRangePushEx(&range) == NVTX_NO_PUSH_POP_TRACKING, "nvtxRangePushEx");
  nvtxNameCudaDeviceA(0, "the emulator");
  // C = A B for A = [[1 3] [2 4]] (column-major 1 2 3 4) and B = I + 1.
  const float a[4] = {1, 2, 3, 4}, b[4] = {2, 1, 1, 2};
  float c[4] = {0, 0, 0, 0};
  float *dA, *dB, *dC;
  cudaMalloc(&dA, sizeof a);
  cudaMalloc(&dB, sizeof b);
  cudaMalloc(&dC, sizeof c);
  cudaMemcpy(dA, a, sizeof a, cudaMemcpyHostToDevice);
  cudaMemcpy(dB, b, sizeof b, cudaMemcpyHostToDevice);
  cublasHandle_t blas;
  check(cublasCreate(&blas) == CUBLAS_STATUS_SUCCESS, "cublasCreate from cusolverDn.h");
  const float one = 1, zero = 0;
  check(cublasGemmEx(blas, CUBLAS_OP_N, CUBLAS_OP_N, 2, 2, 2, &one, dA, CUDA_R_32F, 2, dB,
                     CUDA_R_32F, 2, &zero, dC, CUDA_R_32F, 2, CUDA_R_32F,
                     CUBLAS_GEMM_DEFAULT) == CUBLAS_STATUS_SUCCESS,
        "gemmEx with a cudaDataType compute type");
  cudaMemcpy(c, dC, sizeof c, cudaMemcpyDeviceToHost);
  for (int j = 0; j < 2; ++j)
    for (int i = 0; i < 2; ++i)
      check(c[j * 2 + i] == a[i] * b[j * 2] + a[2 + i] * b[j * 2 + 1], "gemmEx's product");
  cublasDestroy(blas);

  cudaChannelFormatDesc desc = cudaCreateChannelDesc<float>();
  check(desc.x == 32 && desc.y == 0 && desc.f == cudaChannelFormatKindFloat,
        "cudaCreateChannelDesc<float>()");
  cudaEmulationMantissaControl control = CUDA_EMULATION_MANTISSA_CONTROL_DYNAMIC;
  check(control == 0, "CUDA 13's emulation enums");

  // An impulse's transform: all ones.
  const int n = 8;
  cufftComplex impulse[n] = {}, spectrum[n];
  impulse[0].x = 1;
  cufftComplex *dData;
  cudaMalloc(&dData, sizeof impulse);
  cudaMemcpy(dData, impulse, sizeof impulse, cudaMemcpyHostToDevice);
  cufftHandle plan;
  long long size = n;
  size_t work = 0;
  cufftCreate(&plan);
  check(cufftXtMakePlanMany(plan, 1, &size, nullptr, 1, n, CUDA_C_32F, nullptr, 1, n, CUDA_C_32F,
                            1, &work, CUDA_C_32F) == CUFFT_SUCCESS,
        "cufftXtMakePlanMany");
  check(cufftExecC2C(plan, dData, dData, CUFFT_FORWARD) == CUFFT_SUCCESS, "cufftExecC2C");
  cudaMemcpy(spectrum, dData, sizeof spectrum, cudaMemcpyDeviceToHost);
  for (const cufftComplex &v : spectrum)
    check(v.x == 1 && v.y == 0, "an impulse's spectrum");
  cufftDestroy(plan);
  std::printf("toolkit names: %d failures; C = %g %g %g %g\n", failures, c[0], c[1], c[2], c[3]);
  return failures != 0;
}
