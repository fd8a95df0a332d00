// racecheck: warp-level programming. Lane 0 of each warp reserves the
// warp's 32 output slots with one atomicAdd and leaves the base in shared
// memory; the other lanes read it with nothing between. This ISA's warps
// run in lockstep, so the program is right here (it prints PASSED), but
// CUDA's model since Volta does not order lanes of a warp without a
// __syncwarp(): racecheck warns, as compute-sanitizer classifies hazards of
// warp-level programming, and --racecheck-detect-level error hides them.
// With the __syncwarp() CUDA 9 asks for (-arch=sm_35 -DSYNCWARP), the
// warp's barrier orders the store before the loads: no hazard. A fence
// (-DFENCE: __threadfence_block()) orders one thread's accesses, not the
// lanes' among themselves: the same warning.
// RUN: simt-nvcc -arch=sm_20 -O2 -lineinfo %s -o %t
// RUN: simt-sanitizer --tool racecheck %t > %t.out 2> %t.err
// RUN: FileCheck %s < %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: simt-sanitizer --tool racecheck --racecheck-report hazard --print-limit 1 %t 2>&1 | FileCheck %s --check-prefix=HAZARD
// RUN: simt-sanitizer --tool racecheck --racecheck-detect-level error %t 2>&1 | FileCheck %s --check-prefix=ERRORS-ONLY
// RUN: simt-nvcc -arch=sm_35 -DSYNCWARP -O2 -lineinfo %s -o %t.sync
// RUN: simt-sanitizer --tool racecheck %t.sync 2>&1 | FileCheck %s --check-prefix=SYNCWARP
// RUN: simt-nvcc -arch=sm_35 -DFENCE -O2 -lineinfo %s -o %t.fence
// RUN: simt-sanitizer --tool racecheck %t.fence 2>&1 | FileCheck %s --check-prefix=FENCE
#include <cstdio>

__global__ void reserveSlots(int *out, int *cursor) {
  __shared__ int base[2];
  unsigned warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  if (lane == 0)
    base[warp] = atomicAdd(cursor, 32);
#if defined(SYNCWARP)
  __syncwarp();
#elif defined(FENCE)
  __threadfence_block();
#endif
  // Warp-synchronous: lanes 1..31 read what lane 0 wrote.
  out[base[warp] + lane] = blockIdx.x * blockDim.x + threadIdx.x;
}

// Lane 0's store of the base (line 28) and the other lanes' load of it
// (line 35), 31 readers of its 4 bytes in each of the 4 warps: 496
// hazards, compute-sanitizer counting one a byte; a warning, so the exit
// status is the program's.
// CHECK:      ========= Warning: Race reported between Read access at reserveSlots(int *, int *)+0x{{[0-9a-f]+}} in {{.*}}race_warp.cu:35
// CHECK-NEXT: =========     and Write access at reserveSlots(int *, int *)+0x{{[0-9a-f]+}} in {{.*}}race_warp.cu:28 [496 hazards]
// CHECK:      ========= RACECHECK SUMMARY: 1 hazard displayed (0 errors, 1 warning)
// With the fence, the store comes first in the code: the record starts there.
// FENCE:      ========= Warning: Race reported between Write access at reserveSlots(int *, int *)+0x{{[0-9a-f]+}} in {{.*}}race_warp.cu:28
// FENCE-NEXT: =========     and Read access at reserveSlots(int *, int *)+0x{{[0-9a-f]+}} in {{.*}}race_warp.cu:35 [496 hazards]
// FENCE:      ========= RACECHECK SUMMARY: 1 hazard displayed (0 errors, 1 warning)
// CHECK-NOT:  SUMMARY
// OUT: PASSED

// Hazard mode names such hazards as compute-sanitizer does ("Warning:
// (Warp Level Programming) Potential WAR hazard ..." in its report for this
// program, where independent thread scheduling ran the other order).
// HAZARD:      ========= Warning: (Warp Level Programming) Potential RAW hazard detected at __shared__ 0x0 in block (0,0,0) :
// HAZARD-NEXT: =========     Write Thread (0,0,0) at reserveSlots(int *, int *)+0x{{[0-9a-f]+}} in {{.*}}race_warp.cu:28
// HAZARD-NEXT: =========     Read Thread (1,0,0) at reserveSlots(int *, int *)+0x{{[0-9a-f]+}} in {{.*}}race_warp.cu:35
// HAZARD:      ========= RACECHECK SUMMARY: 1 hazard displayed (0 errors, 496 warnings)

// ERRORS-ONLY-NOT: Race
// ERRORS-ONLY: ========= RACECHECK SUMMARY: 0 hazards displayed (0 errors, 0 warnings)
// ERRORS-ONLY-NOT: SUMMARY

// SYNCWARP-NOT: Race
// SYNCWARP: PASSED
// SYNCWARP: ========= RACECHECK SUMMARY: 0 hazards displayed (0 errors, 0 warnings)

int main() {
  const int n = 128;
  int *out, *cursor, h[n], seen[n] = {};
  cudaMalloc(&out, n * sizeof(int));
  cudaMalloc(&cursor, sizeof(int));
  cudaMemset(cursor, 0, sizeof(int));
  reserveSlots<<<2, 64>>>(out, cursor);
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  bool ok = true;
  for (int i = 0; i < n; ++i)
    if (h[i] < 0 || h[i] >= n || seen[h[i]]++)
      ok = false;
  printf("%s\n", ok ? "PASSED" : "FAILED");
  cudaFree(out);
  cudaFree(cursor);
  return ok ? 0 : 1;
}
