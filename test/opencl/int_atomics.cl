// Integer builtins and atomics: a 32-bin histogram counted with atomic_inc
// into __local bins (shared atomics, lowered to load-and-lock loops) and
// merged with atomic_add into global memory, plus popcount, clz, mul_hi,
// rotate, add_sat, abs_diff, min/max and a global atomic_max, each checked
// against Python.
// RUN: simt-cc %s -o %t.o
// RUN: simt-cc %s -S -o - | FileCheck %s
// CHECK: LDSLK
// CHECK: STSUL
// RUN: %python %S/Inputs/cl_ref.py int_atomics > %t.simt
// RUN: simt-emu %t.o %t.simt --seeds 1-3

#define BINS 32

__kernel void histogram(__global const uint *data, __global uint *hist, uint n,
                        __global int *maxval) {
  __local uint bins[BINS];
  uint lid = get_local_id(0);
  if (lid < BINS)
    bins[lid] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint i = get_global_id(0); i < n; i += get_global_size(0)) {
    atomic_inc(&bins[data[i] % BINS]);
    atomic_max(maxval, (int)(data[i] >> 8));
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  if (lid < BINS)
    atomic_add(&hist[lid], bins[lid]);
}

__kernel void bits(__global const uint *a, __global const uint *b, __global uint *out) {
  size_t i = get_global_id(0);
  uint x = a[i], y = b[i];
  __global uint *o = out + 8 * i;
  o[0] = popcount(x);
  o[1] = clz(x >> (y & 31));
  o[2] = mul_hi(x, y);
  // clang-19 lowers a rotate by a register for targets before sm_32 to PTX
  // shifts by the unmasked count, which PTX clamps: rotate(x, 33u) gives 0
  // there (docs/cuda.md, OpenCL C). Counts below 32 are exact.
  o[3] = rotate(x, y >> 27);
  o[4] = add_sat(x, y);
  o[5] = abs_diff((int)x, (int)y);
  o[6] = (uint)max((int)x, (int)y) ^ min(x, y);
  o[7] = (uint)mul_hi((int)x, (int)y);
}
