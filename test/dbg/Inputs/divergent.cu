// Focused-lane stepping (test/dbg/source-focus-*.dbg), compiled by simt-cc -g
// at -O0 and -O2: a divergent if/else whose paths rejoin, a loop whose lanes
// leave it one by one, and a device function that clang keeps.

// The steps of the Collatz sequence from v to 1: each lane loops its own count.
__device__ __noinline__ int collatz(int v) {
  int k = 0;
  while (v > 1) {
    if (v & 1)
      v = 3 * v + 1;
    else
      v = v / 2;
    ++k;
  }
  return k;
}

// Odd values go one way, even ones the other; both count what they did.
__global__ void classify(const int *in, int *out, int *tally) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = in[i];
  int r;
  if (v & 1) {
    r = 3 * v + 1;
    atomicAdd(&tally[0], 1);
  } else {
    r = v / 2;
    atomicMax(&tally[1], r);
  }
  out[i] = r;
}

__global__ void count(const int *in, int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int k = collatz(in[i]);
  out[i] = k;
}
