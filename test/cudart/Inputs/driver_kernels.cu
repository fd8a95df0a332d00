// Kernels that driver_api.cu loads as a module (PTX or this ISA's object).
__constant__ float gain;
__device__ int launches;

extern "C" __global__ void saxpy_gain(float *y, const float *x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = gain * (a * x[i] + y[i]);
  if (i == 0)
    atomicAdd(&launches, 1);
}
