// cudaLaunchKernelEx (CUDA 11.8) and cudaLaunchKernelExC: the launch of a
// configuration and its attributes. The template converts each argument
// to its parameter's type first (a long long to int, a float literal to
// double). Cooperative makes a cooperative launch (grid.sync() works in
// it); a cluster of one block is a plain launch, of more
// cudaErrorNotSupported (clusters are sm_90's); the launch-completion and
// programmatic events are recorded when the grid has finished; the
// scheduling hints (programmatic stream serialization, priority, an
// access policy window, a memory sync domain) change
// nothing; an unknown attribute is cudaErrorInvalidValue. And
// cudaOccupancyMaxPotentialBlockSize searches as CUDA's header does, from
// the largest block down, keeping the largest of equal occupancy.
// Expected values: the host arithmetic below.
// RUN: simt-nvcc -O2 %s -o %t
// RUN: %t | FileCheck %s
// CHECK: plain: 3 4.5 (cudaSuccess)
// CHECK-NEXT: hints: 6 (cudaSuccess)
// CHECK-NEXT: cooperative: 8 blocks saw 8 (cudaSuccess)
// CHECK-NEXT: cluster of 1: cudaSuccess; of 2: cudaErrorNotSupported; of 0: cudaErrorInvalidValue
// CHECK-NEXT: completion event: cudaSuccess, after the start: yes
// CHECK-NEXT: unknown attribute: cudaErrorInvalidValue
// CHECK-NEXT: no configuration: cudaErrorInvalidValue
// CHECK-NEXT: occupancy: block 1024, min grid {{[0-9]+}} = 2 per SM: yes
#include <cooperative_groups.h>
#include <cstdio>
namespace cg = cooperative_groups;

__global__ void store(int *out, int a, double b) {
  out[0] = a;
  reinterpret_cast<double *>(out)[1] = b;
}

__global__ void add(int *out, int a) { atomicAdd(out, a); }

// Each block adds one; after the grid-wide sync every block reads the sum.
__global__ void count(int *sum, int *seen) {
  cg::grid_group grid = cg::this_grid();
  if (threadIdx.x == 0)
    atomicAdd(sum, 1);
  grid.sync();
  if (threadIdx.x == 0)
    seen[blockIdx.x] = *sum;
}

static cudaLaunchConfig_t config(dim3 grid, dim3 block, cudaLaunchAttribute *attrs, unsigned n) {
  cudaLaunchConfig_t c = {};
  c.gridDim = grid;
  c.blockDim = block;
  c.attrs = attrs;
  c.numAttrs = n;
  return c;
}

int main() {
  int *d, *seen, h[4];
  cudaMalloc(&d, 16);
  cudaMalloc(&seen, 8 * sizeof(int));
  cudaMemset(d, 0, 16);

  cudaLaunchConfig_t c = config(1, 1, nullptr, 0);
  cudaError_t e = cudaLaunchKernelEx(&c, store, d, 3LL, 4.5f);
  cudaMemcpy(h, d, 16, cudaMemcpyDeviceToHost);
  printf("plain: %d %g (%s)\n", h[0], reinterpret_cast<double *>(h)[1], cudaGetErrorName(e));

  cudaMemset(d, 0, 16);
  cudaLaunchAttribute hints[4];
  hints[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
  hints[0].val.programmaticStreamSerializationAllowed = 1;
  hints[1].id = cudaLaunchAttributePriority;
  hints[1].val.priority = 0;
  hints[2].id = cudaLaunchAttributeAccessPolicyWindow;
  hints[2].val.accessPolicyWindow.base_ptr = d;
  hints[2].val.accessPolicyWindow.num_bytes = 16;
  hints[2].val.accessPolicyWindow.hitRatio = 1.0f;
  hints[2].val.accessPolicyWindow.hitProp = cudaAccessPropertyPersisting;
  hints[2].val.accessPolicyWindow.missProp = cudaAccessPropertyStreaming;
  hints[3].id = cudaLaunchAttributeMemSyncDomain;
  hints[3].val.memSyncDomain = cudaLaunchMemSyncDomainRemote;
  c = config(2, 32, hints, 4);
  e = cudaLaunchKernelEx(&c, add, d, 3); // 64 threads add 3: 192
  cudaMemcpy(h, d, 4, cudaMemcpyDeviceToHost);
  printf("hints: %d (%s)\n", h[0] / 32, cudaGetErrorName(e));

  cudaMemset(d, 0, 16);
  cudaLaunchAttribute coop;
  coop.id = cudaLaunchAttributeCooperative;
  coop.val.cooperative = 1;
  c = config(8, 64, &coop, 1);
  e = cudaLaunchKernelEx(&c, count, d, seen);
  int s[8];
  cudaMemcpy(s, seen, sizeof s, cudaMemcpyDeviceToHost);
  int same = 0;
  for (int b = 0; b < 8; ++b)
    same += s[b] == 8;
  printf("cooperative: %d blocks saw 8 (%s)\n", same, cudaGetErrorName(e));

  cudaLaunchAttribute cluster;
  cluster.id = cudaLaunchAttributeClusterDimension;
  cluster.val.clusterDim.x = 1;
  cluster.val.clusterDim.y = 1;
  cluster.val.clusterDim.z = 1;
  c = config(2, 32, &cluster, 1);
  cudaError_t one = cudaLaunchKernelEx(&c, add, d, 1);
  cluster.val.clusterDim.x = 2;
  cudaError_t two = cudaLaunchKernelEx(&c, add, d, 1);
  cluster.val.clusterDim.x = 0;
  cudaError_t none = cudaLaunchKernelEx(&c, add, d, 1);
  printf("cluster of 1: %s; of 2: %s; of 0: %s\n", cudaGetErrorName(one), cudaGetErrorName(two),
         cudaGetErrorName(none));

  cudaEvent_t start, done;
  cudaEventCreate(&start);
  cudaEventCreate(&done);
  cudaEventRecord(start, 0);
  cudaLaunchAttribute completion;
  completion.id = cudaLaunchAttributeLaunchCompletionEvent;
  completion.val.launchCompletionEvent.event = done;
  completion.val.launchCompletionEvent.flags = 0;
  c = config(4, 128, &completion, 1);
  e = cudaLaunchKernelEx(&c, add, d, 1);
  cudaDeviceSynchronize();
  float ms = -1;
  cudaEventElapsedTime(&ms, start, done);
  printf("completion event: %s, after the start: %s\n", cudaGetErrorName(cudaEventQuery(done)),
         e == cudaSuccess && ms > 0 ? "yes" : "no");

  cudaLaunchAttribute unknown;
  unknown.id = (cudaLaunchAttributeID)99;
  c = config(1, 1, &unknown, 1);
  printf("unknown attribute: %s\n", cudaGetErrorName(cudaLaunchKernelEx(&c, add, d, 1)));
  void *args[] = {&d, &one};
  printf("no configuration: %s\n", cudaGetErrorName(cudaLaunchKernelExC(nullptr, (const void *)add, args)));

  int minGrid = 0, block = 0, sms = 0;
  cudaOccupancyMaxPotentialBlockSize(&minGrid, &block, add);
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  printf("occupancy: block %d, min grid %d = 2 per SM: %s\n", block, minGrid,
         minGrid == 2 * sms ? "yes" : "no");
  return 0;
}
