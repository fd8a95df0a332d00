// OpenCL vector types and doubles: vload4/vstore4 of float4 with swizzles
// and componentwise arithmetic, dot and length, cl_khr_fp64 arithmetic and
// sqrt, and the work-item queries simt-cc's header adds to libclc's
// (get_work_dim, get_global_offset) over a 2-D range.
// RUN: simt-cc %s -o %t.o
// RUN: %python %S/Inputs/cl_ref.py vectors_f64 > %t.simt
// RUN: simt-emu %t.o %t.simt
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

__kernel void vectors_f64(__global float *v, __global double *d, __global int *info) {
  size_t x = get_global_id(0), y = get_global_id(1);
  size_t i = y * get_global_size(0) + x;
  float4 a = vload4(i, v);
  float4 b = a.wzyx * (float4)(1.0f, 2.0f, 3.0f, 4.0f) + 0.5f;
  vstore4(b, i, v);
  double s = (double)a.x * (double)b.y + (double)a.z / 3.0;
  d[2 * i] = sqrt(s + (double)get_global_offset(0));
  d[2 * i + 1] = (double)dot(a.xy, b.xy);
  info[i] = (int)get_work_dim() * 100 + (int)get_local_size(1) * 10 + (int)get_num_groups(1);
}
