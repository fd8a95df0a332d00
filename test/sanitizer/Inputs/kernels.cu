// Kernels for the run-script tests (script.test): one bug each.
extern "C" __global__ void scale(float *out, float k) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = k * i; // no bounds check: the script launches too many threads
}

extern "C" __global__ void halves(int *out) {
  __shared__ int s[64];
  s[threadIdx.x] = threadIdx.x;
  if (threadIdx.x < 48) {
    s[threadIdx.x] += 1;
    __syncthreads(); // warp 1 arrives with 16 of its 32 threads
  }
  out[threadIdx.x] = s[threadIdx.x];
}
