// SIMT_CAPTURE (docs/programs.md, "Capturing launches"): every launch of the
// program written as a run script that simt-emu replays bit for bit, its
// expects passing; a changed input makes one fail. Launches of several
// kinds: buffers a parameter points into, memory reached through pointers
// in memory (a list), `__device__` and changed `__constant__` variables, a
// texture reference, a struct by value, printf, a few blocks of a large
// buffer (the data kept is what the launch touched), --memcheck=page and a
// launch that faults. Then selection by kernel name and launch number, and
// one capture turned into a lit test (simt-emu --lit-test) that passes and
// fails when its expected output changes.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: simt-nvcc -O2 %s -o %t/app
// RUN: cd %t && env SIMT_CAPTURE=all ./app > app.out 2> capture.err
// RUN: FileCheck %s --check-prefix=APP < %t/app.out
// RUN: FileCheck %s --check-prefix=CAPTURED < %t/capture.err
// APP: hello 7 from block 0
// APP: hello 7 from block 1
// APP: counts 978 1974, list 15, y[3] 41.875, big 1
// APP: PASSED
// CAPTURED: simt-capture: launch 1 (scale(float*, int, float)): all/launch-1.simt, 2 buffers, {{[0-9]+}} bytes of data
// CAPTURED-NEXT: simt-capture: launch 2 (count(float const*, int)): all/launch-2.simt, 2 buffers
// CAPTURED-NEXT: simt-capture: launch 3 (scale(float*, int, float)): all/launch-3.simt
// CAPTURED-NEXT: simt-capture: launch 4 (count(float const*, int)): all/launch-4.simt
// CAPTURED-NEXT: simt-capture: launch 5 (walk(Node const*, int*)): all/launch-5.simt, 7 buffers
// CAPTURED-NEXT: simt-capture: launch 6 (apply(Params, float*)): all/launch-6.simt, 3 buffers
// CAPTURED-NEXT: simt-capture: launch 7 (hello(int)): all/launch-7.simt, 1 buffer
// CAPTURED-NEXT: simt-capture: launch 8 (scatter(unsigned int*, int)): all/launch-8.simt, 2 buffers
// CAPTURED-NOT: warning
//
// Every capture replays with its expects holding (exit status 0).
// RUN: simt-emu %t/all/launch-1.simt
// RUN: simt-emu %t/all/launch-2.simt
// RUN: simt-emu %t/all/launch-3.simt
// RUN: simt-emu %t/all/launch-4.simt
// RUN: simt-emu %t/all/launch-5.simt
// RUN: simt-emu %t/all/launch-6.simt
// RUN: simt-emu %t/all/launch-7.simt | FileCheck %s --check-prefix=HELLO
// RUN: simt-emu %t/all/launch-8.simt
// HELLO: hello 7 from block 0
// HELLO-NEXT: hello 7 from block 1
//
// The scripts: the object's __device__ variables and the buffers where the
// program had them, the constants as the program changed them.
// RUN: FileCheck %s --check-prefix=SCALE < %t/all/launch-3.simt
// SCALE: # Launch 3 of app: scale(float*, int, float) (_Z5scalePfif), grid (4,1,1), block (256,1,1).
// SCALE: # Replay: simt-emu launch-3.simt
// SCALE-NEXT: load launch-3/app.o globals=globals at=0x[[GLOBALS:[0-9a-f]+]]
// SCALE: # arg0 (parameter 0, float*): 4000 bytes at 0x[[X:[0-9a-f]+]], 4000 of them touched
// SCALE-NEXT: alloc arg0 f32[1000] at=0x[[X]] = file(launch-3/arg0.in)
// SCALE-NEXT: # __constant__ coeff, as the program left it
// SCALE-NEXT: const {{[0-9]+}} 0x0 u32 0x3f000000, 0xbf800000, 0x40000000, 0x41000000
// SCALE-NEXT: launch _Z5scalePfif grid=4 block=256 args=(arg0, 1000s32, 2.5f32)
// SCALE-NEXT: wait
// SCALE-NEXT: expect arg0 == file(launch-3/arg0.out)
// RUN: FileCheck %s --check-prefix=COUNT < %t/all/launch-4.simt
// COUNT: write globals[0..47] = file(launch-4/globals.in)
// COUNT: launch _Z5countPKfi grid=4 block=256 args=(arg0, 1000s32)
// COUNT: expect globals == file(launch-4/globals.out)
// RUN: FileCheck %s --check-prefix=WALK < %t/all/launch-5.simt
// WALK: # arg0 (parameter 0, Node const*): 16 bytes at
// WALK: # buf1 (reached through memory): 16 bytes at
// WALK: # buf4 (reached through memory): 16 bytes at
// WALK: launch _Z4walkPK4NodePi grid=1 block=1 args=(arg0, arg1)
// WALK: expect arg1 == file(launch-5/arg1.out)
// RUN: FileCheck %s --check-prefix=APPLY < %t/all/launch-6.simt
// APPLY: # texture reference tex, as the program left it
// APPLY-NEXT: const {{[0-9]+}} 0x10 u32 0x{{[0-9a-f]+}}, 0x00000000, 0x0000003c, 0x{{[0-9a-f]+}}, 0x0000000f, 0x00000001, 0x00000001, 0x0000003c
// APPLY: launch _Z5apply6ParamsPf grid=1 block=15 args=({0x40000000u32, 0x0000000fu32, 0x00000000u32, 0x3fd00000u32}, arg1)
// Of a 1 MiB buffer, the four 256-byte blocks the launch touched:
// RUN: FileCheck %s --check-prefix=SCATTER < %t/all/launch-8.simt
// SCATTER: # arg0 (parameter 0, unsigned int*): 1048576 bytes at 0x{{[0-9a-f]+}}, 1024 of them touched
// SCATTER-NEXT: alloc arg0 u32[262144] at=0x{{[0-9a-f]+}}
// SCATTER-NEXT: write arg0[0..63] = file(launch-8/arg0.in)
// SCATTER-NEXT: write arg0[65536..65599] = file(launch-8/arg0.in, 256)
// SCATTER-NEXT: write arg0[131072..131135] = file(launch-8/arg0.in, 512)
// SCATTER-NEXT: write arg0[196608..196671] = file(launch-8/arg0.in, 768)
// SCATTER: expect arg0[0..63] == file(launch-8/arg0.out)
// SCATTER-NEXT: expect arg0[65536..65599] == file(launch-8/arg0.out, 256)
//
// A changed input: the replay computes something else and says where.
// RUN: cp -r %t/all %t/bad
// RUN: %python -c "f = open(r'%t/bad/launch-1/arg0.in', 'r+b'); f.seek(40); f.write(b'\x00\x00\x80\x3f')"
// RUN: not simt-emu %t/bad/launch-1.simt | FileCheck %s --check-prefix=BAD
// BAD: expect failed: arg0[10] == 4.5, expected 6.75 (file(launch-1/arg0.out))
// BAD-NOT: expect failed
//
// Selection: the second launch of count (the program's launch 4) only.
// RUN: env SIMT_CAPTURE=%t/sel SIMT_CAPTURE_KERNEL=count SIMT_CAPTURE_LAUNCH=2 %t/app 2>&1 >/dev/null | FileCheck %s --check-prefix=SEL
// RUN: ls %t/sel | FileCheck %s --check-prefix=SELFILES
// RUN: simt-emu %t/sel/launch-4.simt
// SEL: simt-capture: launch 4 (count(float const*, int)): {{.*}}sel/launch-4.simt
// SEL-NOT: simt-capture
// SELFILES: launch-4
// SELFILES-NEXT: launch-4.simt
// SELFILES-NOT: launch
// RUN: env SIMT_CAPTURE=%t/sel2 SIMT_CAPTURE_LAUNCH=2-3,7 %t/app 2>&1 >/dev/null | FileCheck %s --check-prefix=SEL2
// SEL2: launch 2 (count
// SEL2-NEXT: launch 3 (scale
// SEL2-NEXT: launch 7 (hello
// SEL2-NOT: simt-capture
// RUN: env SIMT_CAPTURE=%t/none SIMT_CAPTURE_KERNEL=nothing %t/app 2>&1 >/dev/null | FileCheck %s --check-prefix=NONE
// NONE: simt-capture: no launch captured: the program made 8 launches, 0 of kernel 'nothing'
// RUN: env SIMT_CAPTURE=%t/none SIMT_CAPTURE_LAUNCH=0 not %t/app 2>&1 | FileCheck %s --check-prefix=BADLIST
// BADLIST: simt-cudart: SIMT_CAPTURE_LAUNCH=0: '0' is not N, A-B or A- (launch numbers from 1)
//
// --memcheck=page is part of the capture.
// RUN: env SIMT_CAPTURE=%t/page SIMT_CAPTURE_LAUNCH=1 SIMT_EMU_FLAGS=--memcheck=page %t/app > /dev/null 2>&1
// RUN: FileCheck %s --check-prefix=PAGE < %t/page/launch-1.simt
// RUN: simt-emu %t/page/launch-1.simt
// PAGE: # Replay: simt-emu launch-1.simt
// PAGE-NEXT: set memcheck page
//
// A launch that faults: the replay stops with the same fault.
// RUN: env SIMT_CAPTURE=%t/fault not %t/app fault 2> %t/fault.err
// RUN: FileCheck %s --check-prefix=FAULTSCRIPT < %t/fault/launch-1.simt
// RUN: not simt-emu %t/fault/launch-1.simt 2>&1 | FileCheck %s --check-prefix=FAULT
// FAULTSCRIPT: wait
// FAULTSCRIPT-NEXT: # The launch stops here, in the program and in the replay:
// FAULTSCRIPT-NEXT: #   fault: global memory access out of range in kernel 'overrun(float*, int) (_Z7overrunPfi)' (grid 1)
// FAULTSCRIPT-NOT: expect
// FAULT: launch-1.simt:{{[0-9]+}}: error: fault: global memory access out of range in kernel 'overrun(float*, int) (_Z7overrunPfi)' (grid 1)
// FAULT: 0x{{[0-9a-f]+}} is 0 bytes after buffer 'arg0'
//
// A script given alone must load its objects.
// RUN: echo "alloc a u32[1]" > %t/noload.simt
// RUN: not simt-emu %t/noload.simt 2>&1 | FileCheck %s --check-prefix=NOLOAD
// NOLOAD: simt-emu: error: {{.*}}noload.simt loads no object: give the object first (simt-emu OBJECT SCRIPT)
//
// One command makes a capture a lit test: run here as lit would run it,
// it passes, and fails once its expected output is changed.
// RUN: simt-emu %t/all/launch-7.simt --lit-test %t/lit/hello.test > /dev/null
// RUN: FileCheck %s --check-prefix=LIT < %t/lit/hello.test
// LIT: {{RUN}}: simt-emu %S/Inputs/hello/launch-7.simt > %t.out
// LIT-NEXT: {{RUN}}: diff %S/Inputs/hello/launch-7.stdout %t.out
// RUN: ls %t/lit/Inputs/hello %t/lit/Inputs/hello/launch-7 | FileCheck %s --check-prefix=LITFILES
// LITFILES: launch-7
// LITFILES-NEXT: launch-7.simt
// LITFILES-NEXT: launch-7.stdout
// LITFILES: app.o
// RUN: sed -n 's/^RUN: //p' %t/lit/hello.test | sed -e 's|%%S|%t/lit|g' -e 's|%%t|%t/lit/run|g' > %t/lit/run.sh
// RUN: sh -e %t/lit/run.sh
// RUN: echo "hello 8 from block 0" > %t/lit/Inputs/hello/launch-7.stdout
// RUN: not sh -e %t/lit/run.sh
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

__constant__ float coeff[4] = {1, 2, 3, 4};
__device__ int counter;

struct Node {
  int value;
  const Node *next;
};
struct Params {
  float scale;
  int n;
  double bias;
};
texture<float, 1, cudaReadModeElementType> tex;

__global__ void scale(float *x, int n, float s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = x[i] * s + coeff[i % 4];
}

__global__ void count(const float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && x[i] > 10.0f)
    atomicAdd(&counter, 1);
}

__global__ void walk(const Node *head, int *out) {
  int sum = 0;
  for (const Node *p = head; p; p = p->next)
    sum += p->value;
  *out = sum;
}

__global__ void apply(Params p, float *y) {
  int i = threadIdx.x;
  if (i < p.n)
    y[i] = tex1Dfetch(tex, i) * p.scale + float(p.bias);
}

__global__ void hello(int k) {
  if (threadIdx.x == 0)
    printf("hello %d from block %d\n", k, blockIdx.x);
}

__global__ void scatter(unsigned *big, int stride) { big[threadIdx.x * stride] += 1; }

__global__ void overrun(float *x, int n) { x[threadIdx.x] += x[threadIdx.x + n]; }

static int check(cudaError_t e, const char *what) {
  if (e != cudaSuccess)
    printf("%s: %s\n", what, cudaGetErrorString(e));
  return e != cudaSuccess;
}

int main(int argc, char **argv) {
  if (argc > 1 && !strcmp(argv[1], "fault")) {
    float *x;
    cudaMalloc(&x, 32 * sizeof(float));
    cudaMemset(x, 0, 32 * sizeof(float));
    overrun<<<1, 32>>>(x, 32);
    return check(cudaDeviceSynchronize(), "overrun") ? 1 : 0;
  }
  const int n = 1000;
  static float h[n];
  for (int i = 0; i < n; ++i)
    h[i] = i * 0.25f;
  float *x;
  int failed = check(cudaMalloc(&x, sizeof h), "malloc");
  failed |= check(cudaMemcpy(x, h, sizeof h, cudaMemcpyHostToDevice), "copy");
  int counts[2];
  for (int k = 0; k < 2; ++k) {
    scale<<<4, 256>>>(x, n, 1.5f + k);
    count<<<4, 256>>>(x, n);
    failed |= check(cudaMemcpyFromSymbol(&counts[k], counter, sizeof(int)), "counter");
    const float changed[4] = {0.5f, -1, 2, 8};
    failed |= check(cudaMemcpyToSymbol(coeff, changed, sizeof changed), "coeff");
  }

  // A list of five nodes, each its own allocation, reached from the first.
  Node *nodes[5];
  for (int k = 0; k < 5; ++k)
    failed |= check(cudaMalloc(&nodes[k], sizeof(Node)), "node");
  for (int k = 0; k < 5; ++k) {
    Node v = {k + 1, k < 4 ? nodes[k + 1] : nullptr};
    failed |= check(cudaMemcpy(nodes[k], &v, sizeof v, cudaMemcpyHostToDevice), "node");
  }
  int *sum, list = 0;
  failed |= check(cudaMalloc(&sum, sizeof(int)), "sum");
  walk<<<1, 1>>>(nodes[0], sum);
  failed |= check(cudaMemcpy(&list, sum, sizeof list, cudaMemcpyDeviceToHost), "list");

  float *y;
  failed |= check(cudaMalloc(&y, 16 * sizeof(float)), "y");
  failed |= check(cudaBindTexture(nullptr, tex, x, 15 * sizeof(float)), "bind");
  apply<<<1, 15>>>(Params{2.0f, 15, 0.25}, y);
  float y3 = 0;
  failed |= check(cudaMemcpy(&y3, y + 3, sizeof y3, cudaMemcpyDeviceToHost), "y");

  hello<<<2, 32>>>(7);
  failed |= check(cudaDeviceSynchronize(), "hello");

  unsigned *big, one = 0;
  failed |= check(cudaMalloc(&big, 1 << 20), "big");
  failed |= check(cudaMemset(big, 0x01, 1 << 20), "memset");
  scatter<<<1, 4>>>(big, 65536);
  failed |= check(cudaMemcpy(&one, big + 65536, sizeof one, cudaMemcpyDeviceToHost), "big");

  printf("counts %d %d, list %d, y[3] %g, big %u\n", counts[0], counts[1], list, y3,
         one - 0x01010101u);
  printf(failed ? "FAILED\n" : "PASSED\n");
  return failed;
}
