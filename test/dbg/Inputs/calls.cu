// The source that calls.s stands for, written by hand with `.loc`
// directives naming these lines (calls_cc.cu is the same compiled by
// simt-cc -g, whose calls are translated).
__device__ int classify(int t) {
  if (t < 16)
    return 1;
  return 2;
}

__global__ void calls(int *out) {
  int t = threadIdx.x;
  int r = classify(t);
  out[t] = r;
}
