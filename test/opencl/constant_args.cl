// `__constant T *` kernel arguments (Rodinia's cfd and leukocyte,
// hybridsort's mergepack): the host passes a buffer for them as for any
// other pointer, and so does a run script; clang reads them with ld.const,
// which through such an argument (or a device function's parameter that is
// passed one, at -O0) is a global load of that buffer, not of constant bank
// 2. Expected values by hand: out[i] = coef[i % 4] * 2 + bias[0], with
// coef = [1, 2, 3, 4] and bias = [0.5].
// RUN: simt-cc %s -o %t.o
// RUN: simt-emu %t.o %S/Inputs/constant_args.simt | FileCheck %s
// RUN: simt-cc -O0 %s -o %t-o0.o
// RUN: simt-emu %t-o0.o %S/Inputs/constant_args.simt | FileCheck %s
// RUN: simt-cc %s -S -o - | FileCheck %s --check-prefix=ASM
// ASM-NOT: LDC
// CHECK:      out[0] = 2.5
// CHECK-NEXT: out[1] = 4.5
// CHECK-NEXT: out[2] = 6.5
// CHECK-NEXT: out[3] = 8.5
// CHECK-NEXT: out[4] = 2.5
// CHECK-NEXT: out[5] = 4.5

__attribute__((noinline)) float scaled(__constant float *c, int i) { return c[i & 3] * 2.0f; }

__kernel void apply(__global float *out, __constant float *coef, __constant float *bias) {
  int i = get_global_id(0);
  out[i] = scaled(coef, i) + bias[0];
}
