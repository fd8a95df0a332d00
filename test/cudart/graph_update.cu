// CUDA graphs as jacobiCudaGraphs and the CUDA samples' graph programs use
// them: a copy node in cudaMemcpy3D's terms (cudaGraphAddMemcpyNode),
// cudaGraphClone, and cudaGraphExecUpdate, which takes another captured
// graph's parameters where the shapes agree and refuses with the reason
// (cudaErrorGraphExecUpdateFailure) where they do not, leaving the
// executable graph as it was. Expected values: the adds below, by hand.
// RUN: simt-nvcc -O2 %s -o %t && %t | FileCheck %s
// CHECK: instantiated: 1 1 1 1, copied to the host: 1 1 1 1
// CHECK-NEXT: updated: no error, result 0; 11 11 11 11
// CHECK-NEXT: other shape: cudaErrorGraphExecUpdateFailure, result 3; unchanged: 21 21 21 21
// CHECK-NEXT: cuda 11 form: cudaErrorGraphExecUpdateFailure, result 3
// CHECK-NEXT: clone: 22 22 22 22
#include <cstdio>

__global__ void add(int *x, int v) { x[threadIdx.x] += v; }

static cudaGraph_t captured(cudaStream_t s, int *x, int v, int launches) {
  cudaGraph_t g;
  cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
  for (int i = 0; i < launches; ++i)
    add<<<1, 4, 0, s>>>(x, v);
  cudaStreamEndCapture(s, &g);
  return g;
}

int main() {
  const int n = 4;
  int *x, h[n], copied[n] = {0, 0, 0, 0};
  cudaMalloc(&x, n * sizeof(int));
  cudaMemset(x, 0, n * sizeof(int));
  cudaStream_t s;
  cudaStreamCreate(&s);

  cudaGraph_t g1 = captured(s, x, 1, 1);
  cudaGraphNode_t kernel;
  size_t count = 1;
  cudaGraphGetNodes(g1, &kernel, &count);
  cudaMemcpy3DParms p = {};
  p.srcPtr = make_cudaPitchedPtr(x, n * sizeof(int), n * sizeof(int), 1);
  p.dstPtr = make_cudaPitchedPtr(copied, n * sizeof(int), n * sizeof(int), 1);
  p.extent = make_cudaExtent(n * sizeof(int), 1, 1);
  p.kind = cudaMemcpyDeviceToHost;
  cudaGraphNode_t copy;
  cudaGraphAddMemcpyNode(&copy, g1, &kernel, 1, &p);
  cudaGraphExec_t exec;
  cudaGraphInstantiate(&exec, g1, 0);
  cudaGraphLaunch(exec, s);
  cudaStreamSynchronize(s);
  cudaMemcpy(h, x, sizeof h, cudaMemcpyDeviceToHost);
  std::printf("instantiated: %d %d %d %d, copied to the host: %d %d %d %d\n", h[0], h[1], h[2],
              h[3], copied[0], copied[1], copied[2], copied[3]);

  // The same shape (a kernel, then a copy), another value.
  cudaGraph_t g2 = captured(s, x, 10, 1);
  cudaGraphNode_t kernel2;
  cudaGraphGetNodes(g2, &kernel2, &count);
  cudaGraphNode_t copy2;
  cudaGraphAddMemcpyNode(&copy2, g2, &kernel2, 1, &p);
  cudaGraphExecUpdateResultInfo info;
  cudaError_t e = cudaGraphExecUpdate(exec, g2, &info);
  cudaGraphLaunch(exec, s);
  cudaStreamSynchronize(s);
  cudaMemcpy(h, x, sizeof h, cudaMemcpyDeviceToHost);
  std::printf("updated: %s, result %d; %d %d %d %d\n", cudaGetErrorString(e), int(info.result),
              h[0], h[1], h[2], h[3]);

  // Two kernels where a kernel and a copy were: a node of another type
  // (cudaGraphExecUpdateErrorNodeTypeChanged), refused; the executable graph
  // adds 10 still.
  cudaGraph_t g3 = captured(s, x, 100, 2);
  e = cudaGraphExecUpdate(exec, g3, &info);
  cudaGetLastError();
  cudaGraphLaunch(exec, s);
  cudaStreamSynchronize(s);
  cudaMemcpy(h, x, sizeof h, cudaMemcpyDeviceToHost);
  std::printf("other shape: %s, result %d; unchanged: %d %d %d %d\n", cudaGetErrorName(e),
              int(info.result), h[0], h[1], h[2], h[3]);
  // CUDA 11's form of the same refusal: the two results apart.
  cudaGraphNode_t errorNode = nullptr;
  cudaGraphExecUpdateResult why = cudaGraphExecUpdateSuccess;
  e = cudaGraphExecUpdate(exec, g3, &errorNode, &why);
  cudaGetLastError();
  std::printf("cuda 11 form: %s, result %d\n", cudaGetErrorName(e), int(why));

  cudaGraph_t clone;
  cudaGraphClone(&clone, g1);
  cudaGraphExec_t cloned;
  cudaGraphInstantiate(&cloned, clone, 0);
  cudaGraphLaunch(cloned, s);
  cudaStreamSynchronize(s);
  cudaMemcpy(h, x, sizeof h, cudaMemcpyDeviceToHost);
  std::printf("clone: %d %d %d %d\n", h[0], h[1], h[2], h[3]);
  return 0;
}
