// The source that calls.s stands for: simt-cc does not translate calls
// to device functions yet, so calls.s is written by hand with `.loc`
// directives naming these lines (what simt-cc -g would record).
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
