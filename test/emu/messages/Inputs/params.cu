// Kernels whose parameters the launch checks know by their C types.
__global__ void saxpy(float *x, float *y, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}
__global__ void scaled(bool on, double *out, double s) {
  if (on)
    out[0] *= s;
}
extern "C" __global__ void plain(int *out, int v) { out[0] = v; }
