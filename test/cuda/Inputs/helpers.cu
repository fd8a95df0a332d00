// Device helpers as a user writes them, without __noinline__: at -O0
// clang keeps every one a function and calls it (calls-o0.test); gcd is
// recursive.
#include <cuda_runtime.h>

__device__ int clampi(int x, int lo, int hi) { return x < lo ? lo : x > hi ? hi : x; }
__device__ float lerp(float a, float b, int t) { return a + (b - a) * (float)t / 4.0f; }
__device__ int gcd(int a, int b) { return b == 0 ? a : gcd(b, a % b); }

extern "C" __global__ void helpers(const int *in, int *out, float *f, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    int v = in[i];
    out[2 * i] = clampi(v - 500, -200, 300);
    out[2 * i + 1] = gcd(v, 360);
    f[i] = lerp(1.0f, 5.0f, v & 3);
  }
}

int main() { return 0; }
