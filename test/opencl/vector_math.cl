// OpenCL C through simt-cc: work-item functions over a 1-D range whose size
// is not a multiple of the work-group (the tail diverges), and the math
// builtins libclc provides (exp, log, sin, cos, sqrt, pow, hypot, fma, mad,
// clamp, mix, fmin/fmax), checked in ulp against Python's math module.
// RUN: simt-cc %s -o %t.o
// RUN: simt-objdump --kernels %t.o | FileCheck %s --check-prefix=KERNELS
// KERNELS: vector_math {{.*}} vector_math_param_0@0x20:8/8, vector_math_param_1@0x28:8/8, vector_math_param_2@0x30:8/8, vector_math_param_3@0x38:4/4
// RUN: %python %S/Inputs/cl_ref.py vector_math > %t.simt
// RUN: simt-emu %t.o %t.simt
// RUN: simt-cc %s -m32 -o %t32.o
// RUN: %python %S/Inputs/cl_ref.py vector_math --m32 > %t32.simt
// RUN: simt-emu %t32.o %t32.simt

__kernel void vector_math(__global const float *a, __global const float *b,
                          __global float *out, uint n) {
  size_t i = get_global_id(0);
  if (i >= n)
    return;
  float x = a[i], y = b[i];
  __global float *o = out + 12 * i;
  o[0] = exp(x);
  o[1] = log(y + 0.5f);
  o[2] = sin(4.0f * x);
  o[3] = cos(4.0f * y);
  o[4] = sqrt(x + y);
  o[5] = pow(y + 0.25f, x);
  o[6] = hypot(x, y);
  o[7] = fma(x, y, -0.5f);
  o[8] = clamp(x - y, -0.25f, 0.25f);
  o[9] = mix(x, y, 0.25f);
  o[10] = fmin(x, y) + fmax(x, y);
  o[11] = (float)get_local_id(0) + 1000.0f * (float)get_group_id(0);
}
