// cuLaunchCooperativeKernel of PTX in nvcc's form of cooperative groups'
// grid sync (Inputs/grid_sync_nvcc_abi.ptx: the grid workspace from
// %envreg1/%envreg2, as NVIDIA's runtime passes it), loaded with
// cuModuleLoadData: each CTA adds its elements into its partial sum, the
// grid meets, and thread 0 of CTA 0 adds the partials. Launched three times
// (the barrier word of each launch starts at 0); an ordinary cuLaunchKernel
// of the same kernel sees no workspace (its second output word 0; it does
// not sync: CTA 0 alone, so its sum is CTA 0's partial). Expected values:
// the host sums below.
// RUN: simt-nvcc -O2 %s -o %t -lcuda
// RUN: %t %S/Inputs/grid_sync_nvcc_abi.ptx 2>/dev/null | FileCheck %s
// RUN: env SIMT_EMU_FLAGS="--sms 2 --epochs parallel --threads 2" %t %S/Inputs/grid_sync_nvcc_abi.ptx 2>/dev/null | FileCheck %s
// CHECK: cooperative: sum ok, workspace 1
// CHECK-NEXT: cooperative: sum ok, workspace 1
// CHECK-NEXT: cooperative: sum ok, workspace 1
// CHECK-NEXT: ordinary: workspace 0
// CHECK-NEXT: too large: CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE
#include <cuda.h>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <vector>

int main(int argc, char **argv) {
  if (argc < 2)
    return 2;
  std::ifstream file(argv[1]);
  std::stringstream ptx;
  ptx << file.rdbuf();
  CUdevice dev;
  CUcontext ctx;
  CUmodule module;
  CUfunction gridSum;
  cuInit(0);
  cuDeviceGet(&dev, 0);
  cuCtxCreate(&ctx, 0, dev);
  if (cuModuleLoadData(&module, ptx.str().c_str()) != CUDA_SUCCESS ||
      cuModuleGetFunction(&gridSum, module, "gridSum") != CUDA_SUCCESS) {
    printf("load failed\n");
    return 1;
  }
  const unsigned blocks = 5, threads = 64, n = blocks * threads;
  std::vector<unsigned> host(n);
  unsigned sum = 0, first = 0;
  for (unsigned i = 0; i < n; ++i) {
    host[i] = (i * 7 + 3) % 101;
    sum += host[i];
    if (i < threads)
      first += host[i];
  }
  CUdeviceptr in, partial, out;
  cuMemAlloc(&in, n * sizeof(unsigned));
  cuMemAlloc(&partial, blocks * sizeof(unsigned));
  cuMemAlloc(&out, 2 * sizeof(unsigned));
  cuMemcpyHtoD(in, host.data(), n * sizeof(unsigned));
  void *args[] = {&in, &partial, &out};
  unsigned result[2];
  for (int launch = 0; launch < 3; ++launch) {
    cuMemsetD32(partial, 0, blocks);
    CUresult r = cuLaunchCooperativeKernel(gridSum, blocks, 1, 1, threads, 1, 1, 0, 0, args);
    cuMemcpyDtoH(result, out, sizeof result);
    printf("cooperative: sum %s, workspace %u\n",
           r == CUDA_SUCCESS && result[0] == sum ? "ok" : "WRONG", result[1]);
  }
  cuMemsetD32(partial, 0, blocks);
  cuLaunchKernel(gridSum, 1, 1, 1, threads, 1, 1, 0, 0, args, nullptr);
  cuMemcpyDtoH(result, out, sizeof result);
  printf("ordinary: workspace %u%s\n", result[1], result[0] == first ? "" : " (WRONG sum)");
  const char *name = nullptr;
  CUresult r = cuLaunchCooperativeKernel(gridSum, 100000, 1, 1, threads, 1, 1, 0, 0, args);
  cuGetErrorName(r, &name);
  printf("too large: %s\n", name ? name : "?");
  return 0;
}
