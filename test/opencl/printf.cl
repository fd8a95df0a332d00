// OpenCL C's printf: clang calls `printf` itself, with the arguments packed
// as for CUDA's vprintf, and its string literals (the format and %s
// arguments) are __constant. simt-cc copies each format to global memory,
// where the runtime reads formats; records flag their %s arguments as
// constant-bank offsets. Lines come out in work-item order whatever the
// schedule; the expected text is formatted by Python's '%' operator (C's
// conversions) in Inputs/cl_ref.py.
// RUN: simt-cc %s -o %t.o
// RUN: %python %S/Inputs/cl_ref.py printf_items > %t.simt
// RUN: %python %S/Inputs/cl_ref.py printf_items_expected > %t.expected
// RUN: simt-emu %t.o %t.simt > %t.out
// RUN: diff %t.expected %t.out
// RUN: simt-emu %t.o %t.simt --sched random --seed 3 > %t.random
// RUN: diff %t.expected %t.random
// OpenCL's vector conversions are not supported yet: a clear error.
// RUN: not simt-cc -DVECTOR %s -o %t.bad.o 2>&1 | FileCheck %s
// CHECK: error: printf: unknown conversion '%v' in format "%v4f\n"

__kernel void items(__global const int *v) {
  int i = get_global_id(0);
  int r = printf("group %d item %u: %s %5.2f [%c] %#x\n", (int)get_group_id(0),
                 (uint)get_local_id(0), (v[i] & 1) ? "odd" : "even", v[i] * 0.5f,
                 'a' + i % 26, v[i] * 16);
  if (r < 0)
    printf("dropped\n");
}

#ifdef VECTOR
__kernel void vec(__global const float4 *v) { printf("%v4f\n", v[get_global_id(0)]); }
#endif
