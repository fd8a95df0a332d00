// Shared by multi_tu.cu and Inputs/scale.cu: a kernel template both files
// instantiate (one stub, registered by each translation unit).
#pragma once
template <typename T> __global__ void scale(T *p, T factor, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] *= factor;
}
int scale_on_device(int *host, int n, int factor); // Inputs/scale.cu
void fill_on_host(int *host, int n);               // Inputs/fill.cpp
