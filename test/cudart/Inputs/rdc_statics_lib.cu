// The second file of rdc_statics.cu: statics of the same names as the
// first file's, which must stay apart from them.
static __constant__ int scale[4];
static __device__ int result[4];

static __global__ void apply() { result[threadIdx.x] = scale[threadIdx.x] + 100; }

void runSecond(int *out) {
  const int h[4] = {10, 20, 30, 40};
  cudaMemcpyToSymbol(scale, h, sizeof h);
  apply<<<1, 4>>>();
  cudaMemcpyFromSymbol(out, result, 4 * sizeof(int));
}
