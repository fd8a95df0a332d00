// CUDA graphs: work captured from a stream (cudaStreamBeginCapture: its
// launches, cudaMemcpyAsync, cudaMemsetAsync, cudaLaunchHostFunc) or added
// node by node, instantiated and launched again and again, as the CUDA
// Programming Guide's graph examples use them. Expected values: the same
// arithmetic on the host.
// - Capture: while capturing nothing runs (the buffer is unchanged, the
//   host function has not run, cudaStreamIsCapturing says Active); each
//   launch of the graph runs it all in order (x = 2x + 1 then a sum, ten
//   times).
// - Nodes: a memset node (4-byte elements), two kernel nodes whose order
//   comes from a dependency added afterwards (cudaGraphAddDependencies), a
//   copy node back; cudaGraphExecKernelNodeSetParams changes a launch's
//   argument in the executable graph only; a pitched memset node of 2-byte
//   elements fills its rows at launch and leaves the bytes between them.
// - Errors: capturing the legacy default stream, ending a capture never
//   begun, a cycle.
// RUN: simt-nvcc -O2 %s -o %t && %t | FileCheck %s
// CHECK: capturing: status 1, buffer untouched 1, host function ran 0 times
// CHECK-NEXT: captured nodes: 4
// CHECK-NEXT: after 10 launches: x ok 1, sums ok 1, host function ran 10 times
// CHECK-NEXT: nodes: 0 bad of 256
// CHECK-NEXT: exec params: 0 bad of 256, graph unchanged 1
// CHECK-NEXT: pitched fill: ok 1
// CHECK-NEXT: errors: cudaErrorStreamCaptureUnsupported cudaErrorIllegalState cudaErrorInvalidValue
#include <cstdio>
#include <cstring>
#include <vector>

__global__ void affine(float *x, int n, float a, float b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = a * x[i] + b;
}

__global__ void total(const float *x, int n, float *sum) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(sum, x[i]);
}

static int hostRuns = 0;
static void CUDART_CB countRun(void *) { ++hostRuns; }

int main() {
  const int n = 256;
  std::vector<float> h(n);
  for (int i = 0; i < n; ++i)
    h[i] = float(i % 7);
  float *x, *sum, *sums;
  cudaMalloc(&x, n * sizeof(float));
  cudaMalloc(&sum, sizeof(float));
  cudaMalloc(&sums, 10 * sizeof(float));
  cudaMemcpy(x, h.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  cudaStream_t s;
  cudaStreamCreate(&s);

  cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
  affine<<<(n + 127) / 128, 128, 0, s>>>(x, n, 2.0f, 1.0f);
  cudaMemsetAsync(sum, 0, sizeof(float), s);
  total<<<(n + 127) / 128, 128, 0, s>>>(x, n, sum);
  cudaLaunchHostFunc(s, countRun, nullptr);
  cudaStreamCaptureStatus status;
  cudaStreamIsCapturing(s, &status);
  std::vector<float> now(n);
  cudaMemcpy(now.data(), x, n * sizeof(float), cudaMemcpyDeviceToHost);
  printf("capturing: status %d, buffer untouched %d, host function ran %d times\n", int(status),
         now == h, hostRuns);
  cudaGraph_t graph;
  cudaStreamEndCapture(s, &graph);
  size_t count = 0;
  cudaGraphGetNodes(graph, nullptr, &count);
  printf("captured nodes: %zu\n", count);
  cudaGraphExec_t exec;
  cudaGraphInstantiate(&exec, graph, 0);
  std::vector<float> want = h, wantSums;
  for (int r = 0; r < 10; ++r) {
    cudaGraphLaunch(exec, s);
    cudaMemcpyAsync(sums + r, sum, sizeof(float), cudaMemcpyDeviceToDevice, s);
    float t = 0;
    for (float &v : want)
      t += (v = 2 * v + 1);
    wantSums.push_back(t);
  }
  cudaStreamSynchronize(s);
  std::vector<float> got(n), gotSums(10);
  cudaMemcpy(got.data(), x, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaMemcpy(gotSums.data(), sums, 10 * sizeof(float), cudaMemcpyDeviceToHost);
  printf("after 10 launches: x ok %d, sums ok %d, host function ran %d times\n", got == want,
         gotSums == wantSums, hostRuns);

  // Built node by node: fill y with 3.0f, y = 2y + 1 after y = y - 5 (the
  // order from a dependency added last), copy back.
  float *y;
  cudaMalloc(&y, n * sizeof(float));
  std::vector<float> back(n);
  cudaGraph_t g2;
  cudaGraphCreate(&g2, 0);
  float three = 3.0f;
  cudaMemsetParams fill = {};
  fill.dst = y, fill.elementSize = 4;
  memcpy(&fill.value, &three, sizeof three); // the float's bits
  fill.width = n, fill.height = 1;
  cudaGraphNode_t fillNode, doubleNode, minusNode, copyNode;
  cudaGraphAddMemsetNode(&fillNode, g2, nullptr, 0, &fill);
  int nn = n;
  float two = 2, one = 1, unit = 1, minusFive = -5;
  void *doubleArgs[] = {&y, &nn, &two, &one}, *minusArgs[] = {&y, &nn, &unit, &minusFive};
  cudaKernelNodeParams kp = {};
  kp.func = (void *)affine, kp.gridDim = dim3(2), kp.blockDim = dim3(128);
  kp.kernelParams = doubleArgs;
  cudaGraphAddKernelNode(&doubleNode, g2, &fillNode, 1, &kp);
  kp.kernelParams = minusArgs;
  cudaGraphAddKernelNode(&minusNode, g2, &fillNode, 1, &kp);
  cudaGraphAddDependencies(g2, &minusNode, &doubleNode, 1);
  cudaGraphAddMemcpyNode1D(&copyNode, g2, &doubleNode, 1, back.data(), y, n * sizeof(float),
                           cudaMemcpyDeviceToHost);
  cudaGraphExec_t exec2;
  cudaGraphInstantiate(&exec2, g2, 0);
  cudaGraphLaunch(exec2, s);
  cudaStreamSynchronize(s);
  int bad = 0;
  for (float v : back)
    bad += v != 2 * (3.0f - 5) + 1;
  printf("nodes: %d bad of %d\n", bad, n);
  // The executable graph's y = y - 5 becomes y = y - 1; the graph keeps -5.
  float minusOne = -1;
  void *changed[] = {&y, &nn, &unit, &minusOne};
  kp.kernelParams = changed;
  cudaGraphExecKernelNodeSetParams(exec2, minusNode, &kp);
  cudaGraphLaunch(exec2, s);
  cudaStreamSynchronize(s);
  bad = 0;
  for (float v : back)
    bad += v != 2 * (3.0f - 1) + 1;
  cudaGraphExec_t exec3;
  cudaGraphInstantiate(&exec3, g2, 0);
  cudaGraphLaunch(exec3, s);
  cudaStreamSynchronize(s);
  printf("exec params: %d bad of %d, graph unchanged %d\n", bad, n, back[0] == -3.0f);

  // A pitched fill of 2-byte elements: two rows of three, 10 bytes apart;
  // the bytes between the rows keep what they held when the graph ran.
  unsigned char *pitched;
  cudaMalloc(&pitched, 20);
  cudaMemset(pitched, 0xee, 20);
  cudaGraph_t g4;
  cudaGraphCreate(&g4, 0);
  cudaMemsetParams rowsFill = {};
  rowsFill.dst = pitched, rowsFill.pitch = 10, rowsFill.value = 0x1234, rowsFill.elementSize = 2;
  rowsFill.width = 3, rowsFill.height = 2;
  cudaGraphNode_t rowsNode;
  cudaGraphAddMemsetNode(&rowsNode, g4, nullptr, 0, &rowsFill);
  cudaMemset(pitched + 6, 0x55, 4); // after the node was added
  cudaGraphExec_t exec4;
  cudaGraphInstantiate(&exec4, g4, 0);
  cudaGraphLaunch(exec4, s);
  cudaStreamSynchronize(s);
  unsigned char bytes[20];
  cudaMemcpy(bytes, pitched, 20, cudaMemcpyDeviceToHost);
  bool pitchedOk = true;
  for (int i = 0; i < 20; ++i) {
    int col = i % 10;
    unsigned char want = col < 6 ? (col % 2 ? 0x12 : 0x34) : i < 10 ? 0x55 : 0xee;
    pitchedOk = pitchedOk && bytes[i] == want;
  }
  printf("pitched fill: ok %d\n", pitchedOk);
  cudaGraphExecDestroy(exec4);
  cudaGraphDestroy(g4);

  cudaError_t legacy = cudaStreamBeginCapture(nullptr, cudaStreamCaptureModeGlobal);
  cudaGraph_t none;
  cudaError_t notBegun = cudaStreamEndCapture(s, &none);
  cudaGraphAddDependencies(g2, &doubleNode, &minusNode, 1); // minus -> double -> minus
  cudaGraphExec_t cyclic;
  cudaError_t cycle = cudaGraphInstantiate(&cyclic, g2, 0);
  printf("errors: %s %s %s\n", cudaGetErrorName(legacy), cudaGetErrorName(notBegun),
         cudaGetErrorName(cycle));
  cudaGraphExecDestroy(exec);
  cudaGraphExecDestroy(exec2);
  cudaGraphExecDestroy(exec3);
  cudaGraphDestroy(graph);
  cudaGraphDestroy(g2);
  return 0;
}
