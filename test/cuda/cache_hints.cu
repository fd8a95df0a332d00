// CUDA's cache-hinted loads and stores (__ldcg, __ldca, __ldcs, __ldlu,
// __ldcv; __stwb, __stcg, __stcs, __stwt), as kernels written for newer
// GPUs use them (a public layer-norm kernel stores with __stcs): on scalar
// and vector types, a stored value converted to the pointer's type, at
// sm_20 and sm_35. They are ordinary accesses here. Expected values: the
// host's arithmetic below (element 3: 3 + 6 + 9 + 12 + 15 = 45, then
// halved: 22.5).
// RUN: simt-nvcc -arch=sm_20 -O2 %s -o %t && %t | FileCheck %s
// RUN: simt-nvcc -arch=sm_35 -O0 %s -o %t35 && %t35 | FileCheck %s
// CHECK: mismatches 0 out[3] 22.5
#include <cstdio>

__global__ void hinted(const float *in, const float4 *in4, float *out, float4 *out4, double *outd,
                       int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float s = __ldcg(in + i) + __ldca(in + i) * 2 + __ldcs(in + i) * 3 + __ldlu(in + i) * 4 +
            __ldcv(in + i) * 5;
  __stcs(out + i, s * 0.5); // a double, stored as the float it converts to
  float4 v = __ldcs(in4 + i);
  v.w += 1.0f;
  __stwb(out4 + i, v);
  __stcg(outd + i, (double)s);
  __stwt(outd + n + i, 2.0 * s);
}

int main() {
  const int n = 100;
  float h[n];
  float4 h4[n];
  for (int i = 0; i < n; ++i) {
    h[i] = (float)i;
    h4[i] = make_float4(i, 2 * i, 3 * i, 4 * i);
  }
  float *din, *dout;
  float4 *din4, *dout4;
  double *dd;
  cudaMalloc(&din, sizeof h);
  cudaMalloc(&din4, sizeof h4);
  cudaMalloc(&dout, sizeof h);
  cudaMalloc(&dout4, sizeof h4);
  cudaMalloc(&dd, 2 * n * sizeof(double));
  cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
  cudaMemcpy(din4, h4, sizeof h4, cudaMemcpyHostToDevice);
  hinted<<<(n + 63) / 64, 64>>>(din, din4, dout, dout4, dd, n);
  float out[n];
  float4 out4[n];
  double d[2 * n];
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  cudaMemcpy(out4, dout4, sizeof out4, cudaMemcpyDeviceToHost);
  cudaMemcpy(d, dd, sizeof d, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < n; ++i) {
    float s = 15.0f * i;
    bad += out[i] != s * 0.5f;
    bad += out4[i].x != h4[i].x || out4[i].y != h4[i].y || out4[i].z != h4[i].z ||
           out4[i].w != h4[i].w + 1.0f;
    bad += d[i] != s || d[n + i] != 2.0 * s;
  }
  printf("mismatches %d out[3] %g\n", bad, out[3]);
  return bad != 0;
}
