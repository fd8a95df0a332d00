// The C++ overloads of NVIDIA's cuda_runtime.h that programs call (the CUDA
// samples among them): cudaEventCreate with flags, cudaStreamAttachMemAsync
// on managed memory, CUDA 11's five-argument cudaGraphInstantiate, and the
// occupancy calculator's WithFlags and VariableSMem forms, which must agree
// with the plain one where the shared memory does not depend on the block.
// RUN: rm -rf %t && mkdir -p %t
// RUN: simt-nvcc -O2 %s -o %t/app
// RUN: %t/app | FileCheck %s
// CHECK: event: no error, stream attach: no error, bad flags: invalid argument
// CHECK: whole: no error, part: invalid argument, inside: invalid argument
// CHECK: graph: no error 3 3 3 3
// CHECK: occupancy agrees: 1 1
// CHECK: variable shared memory: block {{[1-9][0-9]*}}, fits: 1
#include <cstdio>

__global__ void bump(int *p) { p[threadIdx.x] += 1; }

__global__ void staged(float *out) {
  extern __shared__ float stage[];
  stage[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = stage[blockDim.x - 1 - threadIdx.x];
}

int main() {
  cudaEvent_t event;
  cudaError_t e1 = cudaEventCreate(&event, cudaEventDisableTiming);
  cudaStream_t stream;
  cudaStreamCreate(&stream);
  int *managed;
  cudaMallocManaged(&managed, 4 * sizeof(int));
  for (int i = 0; i < 4; ++i)
    managed[i] = 0;
  cudaError_t e2 = cudaStreamAttachMemAsync(stream, managed);
  cudaError_t e3 = cudaStreamAttachMemAsync(stream, managed, 0, 99);
  // The length is 0 or the whole allocation (CUDA's rule), from its start.
  cudaError_t whole = cudaStreamAttachMemAsync(stream, managed, 4 * sizeof(int));
  cudaError_t part = cudaStreamAttachMemAsync(stream, managed, sizeof(int));
  cudaError_t inside = cudaStreamAttachMemAsync(stream, managed + 1);
  std::printf("event: %s, stream attach: %s, bad flags: %s\n", cudaGetErrorString(e1),
              cudaGetErrorString(e2), cudaGetErrorString(e3));
  std::printf("whole: %s, part: %s, inside: %s\n", cudaGetErrorString(whole),
              cudaGetErrorString(part), cudaGetErrorString(inside));

  // Captured once, launched three times: each launch adds one.
  cudaGraph_t graph;
  cudaGraphExec_t exec;
  cudaStreamBeginCapture(stream, cudaStreamCaptureModeGlobal);
  bump<<<1, 4, 0, stream>>>(managed);
  cudaStreamEndCapture(stream, &graph);
  char log[64] = "unwritten";
  cudaGraphNode_t errorNode;
  cudaError_t e4 = cudaGraphInstantiate(&exec, graph, &errorNode, log, sizeof log);
  for (int i = 0; i < 3; ++i)
    cudaGraphLaunch(exec, stream);
  cudaStreamSynchronize(stream);
  std::printf("graph: %s %d %d %d %d\n", cudaGetErrorString(e4), managed[0], managed[1],
              managed[2], managed[3]);

  int grid = 0, block = 0, gridF = 0, blockF = 0, gridV = 0, blockV = 0;
  cudaOccupancyMaxPotentialBlockSize(&grid, &block, staged, 1024);
  cudaOccupancyMaxPotentialBlockSizeWithFlags(&gridF, &blockF, staged, 1024, 0,
                                              cudaOccupancyDefault);
  cudaOccupancyMaxPotentialBlockSizeVariableSMem(&gridV, &blockV, staged,
                                                 [](int) { return 1024; });
  std::printf("occupancy agrees: %d %d\n", grid == gridF && block == blockF,
              grid == gridV && block == blockV);
  // A float of shared memory per thread: the block found must launch.
  cudaOccupancyMaxPotentialBlockSizeVariableSMem(
      &gridV, &blockV, staged, [](int threads) { return threads * sizeof(float); });
  float *out;
  cudaMalloc(&out, size_t(gridV) * blockV * sizeof(float));
  staged<<<gridV, blockV, blockV * sizeof(float)>>>(out);
  std::printf("variable shared memory: block %d, fits: %d\n", blockV,
              cudaDeviceSynchronize() == cudaSuccess);
  return 0;
}
