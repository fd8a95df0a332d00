// A work-group tree reduction in __local memory with barriers: each group
// sums its elements (a grid-stride loop over the input first), then halves
// the active work-items every step; the last steps run in a single warp
// but still with barriers, as portable OpenCL must. Integer sums, so the
// host reference is exact.
// RUN: simt-cc %s -o %t.o
// RUN: simt-cc %s -S -o - | FileCheck %s
// CHECK: .kernel group_sum
// CHECK: .shared 1024
// CHECK: BAR.SYNC
// RUN: %python %S/Inputs/cl_ref.py reduce_local > %t.simt
// RUN: simt-emu %t.o %t.simt --seeds 1-3

#define GROUP 256

__kernel void group_sum(__global const int *in, __global int *partial, uint n) {
  __local int sums[GROUP];
  uint lid = get_local_id(0);
  int acc = 0;
  for (uint i = get_global_id(0); i < n; i += get_global_size(0))
    acc += in[i];
  sums[lid] = acc;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint s = get_local_size(0) / 2; s > 0; s >>= 1) {
    if (lid < s)
      sums[lid] += sums[lid + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0)
    partial[get_group_id(0)] = sums[0];
}
