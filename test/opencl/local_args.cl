// __local pointer kernel arguments, as OpenCL hosts pass them
// (clSetKernelArg(k, i, BYTES, NULL)): run scripts write local(BYTES) and
// each argument gets its own slice of the launch's dynamic shared memory,
// after the kernel's own __local array. Two reductions share a pass (sum
// and max), so overlapping slices or a slice over the static array would
// change the results. Integer data: the host reference is exact.
// RUN: simt-cc %s -o %t.o
// RUN: simt-objdump --kernels %t.o | FileCheck %s --check-prefix=KERNELS
// KERNELS: sum_and_max {{[0-9]+}} 16 0
// RUN: %python %S/Inputs/cl_ref.py local_args > %t.simt
// RUN: simt-emu %t.o %t.simt --seeds 1-3
// A local(BYTES) is a whole argument, and has a size.
// RUN: not simt-emu %t.o --kernel sum_and_max --grid 1 --block 32 --arg 0u64 --arg 0u64 --arg 1u32 --arg '{local(4)}' --arg 'local(8)' 2>&1 | FileCheck %s --check-prefix=NESTED
// NESTED: not a member of a brace list
// RUN: printf 'launch sum_and_max grid=1 block=32 args=(a, b, c, local(0), local(8))\n' > %t.bad.simt
// RUN: not simt-emu %t.o %t.bad.simt 2>&1 | FileCheck %s --check-prefix=ZERO
// ZERO: argument 4 'local(0)': a local argument is local(BYTES), BYTES from 1

__kernel void sum_and_max(__global const int *in, __global int *out, uint n,
                          __local int *sums, __local int *maxes) {
  __local int offsets[4]; // static __local memory before the slices
  uint lid = get_local_id(0);
  if (lid < 4)
    offsets[lid] = (int)lid * 1000;
  int acc = 0, best = -2147483647 - 1;
  for (uint i = get_global_id(0); i < n; i += get_global_size(0)) {
    acc += in[i];
    best = max(best, in[i]);
  }
  sums[lid] = acc;
  maxes[lid] = best;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint s = get_local_size(0) / 2; s > 0; s >>= 1) {
    if (lid < s) {
      sums[lid] += sums[lid + s];
      maxes[lid] = max(maxes[lid], maxes[lid + s]);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0) {
    out[2 * get_group_id(0)] = sums[0] + offsets[get_group_id(0) % 4];
    out[2 * get_group_id(0) + 1] = maxes[0];
  }
}
