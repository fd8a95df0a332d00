// Private vectors of 16 and 32 bytes in a kernel that calls a function, at
// -O0 (and -m32): clang lays them out in a `.local .align 16/32` depot and
// addresses a slot with `or`, trusting the frame's alignment; frames (and
// the call stack below the kernel's) are multiples of the module's largest
// .local alignment, so the stack pointer keeps it (a frame rounded to 8
// bytes put the kernel's depot at 0x18 and the `or` hit another slot:
// SHOC's scan and sort at -O0). Expected values by hand: running sums of
// each group of four inputs, [1, 2, 4, 8] -> [1, 3, 7, 15].
// RUN: simt-cc -O0 %s -o %t.o
// RUN: simt-emu %t.o %S/Inputs/frame_align.simt | FileCheck %s
// RUN: simt-cc -O0 -m32 %s -o %t-m32.o
// RUN: simt-emu %t-m32.o %S/Inputs/frame_align.simt | FileCheck %s
// RUN: simt-cc %s -o %t-o2.o
// RUN: simt-emu %t-o2.o %S/Inputs/frame_align.simt | FileCheck %s
// CHECK:      out[0] = 1
// CHECK-NEXT: out[1] = 3
// CHECK-NEXT: out[2] = 7
// CHECK-NEXT: out[3] = 15
// CHECK-NEXT: out[4] = 16
// CHECK-NEXT: out[5] = 48
// CHECK-NEXT: out[6] = 112
// CHECK-NEXT: out[7] = 240
// CHECK:      dout[0] = 1
// CHECK-NEXT: dout[1] = 3
// CHECK-NEXT: dout[2] = 7
// CHECK-NEXT: dout[3] = 15
// CHECK-NEXT: dout[4] = 16
// CHECK-NEXT: dout[5] = 48
// CHECK-NEXT: dout[6] = 112
// CHECK-NEXT: dout[7] = 240

#pragma OPENCL EXTENSION cl_khr_fp64 : enable

__attribute__((noinline)) float keep(float v, __local float *scratch) {
  scratch[get_local_id(0)] = v;
  return 0.0f;
}

__kernel void running4(__global const float4 *in, __global float4 *out,
                       __local float *scratch) {
  int i = get_global_id(0);
  float4 v = in[i];
  v.y += v.x;
  v.z += v.y;
  v.w += v.z;
  float zero = keep(v.w, scratch);
  v += zero;
  out[i] = v;
}

__kernel void running4d(__global const double4 *in, __global double4 *out,
                        __local float *scratch) {
  int i = get_global_id(0);
  double4 v = in[i];
  v.y += v.x;
  v.z += v.y;
  v.w += v.z;
  double zero = keep((float)v.w, scratch);
  v += zero;
  out[i] = v;
}
