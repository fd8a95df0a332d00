// A CUDA program as users write them: main() builds its input with
// srand/rand, copies it to the device, launches a kernel with <<<...>>>,
// copies the result back and checks it against the same histogram computed
// on the host. Built by simt-nvcc, it runs as it is:
//   simt-nvcc -O2 examples/histogram2d.cu -o histogram2d && ./histogram2d
#include <cstdio>
#include <cstdlib>

#define BINS_X 8
#define BINS_Y 8

// Each CTA counts its points in shared memory, then adds its counts to the
// global histogram: atomics on both levels.
__global__ void histogram2d(const float2 *points, int n, unsigned *bins) {
  __shared__ unsigned local[BINS_X * BINS_Y];
  for (int b = threadIdx.x; b < BINS_X * BINS_Y; b += blockDim.x)
    local[b] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    int bx = min(int(points[i].x * BINS_X), BINS_X - 1);
    int by = min(int(points[i].y * BINS_Y), BINS_Y - 1);
    atomicAdd(&local[by * BINS_X + bx], 1u);
  }
  __syncthreads();
  for (int b = threadIdx.x; b < BINS_X * BINS_Y; b += blockDim.x)
    if (local[b])
      atomicAdd(&bins[b], local[b]);
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 20000;
  float2 *points = (float2 *)malloc(n * sizeof(float2));
  srand(1);
  for (int i = 0; i < n; ++i) {
    float x = rand() / (float)RAND_MAX, y = rand() / (float)RAND_MAX;
    points[i] = make_float2(x, x * y); // denser near y = 0
  }
  float2 *d_points;
  unsigned *d_bins;
  cudaMalloc(&d_points, n * sizeof(float2));
  cudaMalloc(&d_bins, BINS_X * BINS_Y * sizeof(unsigned));
  cudaMemcpy(d_points, points, n * sizeof(float2), cudaMemcpyHostToDevice);
  cudaMemset(d_bins, 0, BINS_X * BINS_Y * sizeof(unsigned));
  histogram2d<<<4, 128>>>(d_points, n, d_bins);
  unsigned bins[BINS_X * BINS_Y];
  cudaMemcpy(bins, d_bins, sizeof bins, cudaMemcpyDeviceToHost);

  unsigned want[BINS_X * BINS_Y] = {0};
  for (int i = 0; i < n; ++i) {
    int bx = points[i].x * BINS_X, by = points[i].y * BINS_Y;
    want[(by < BINS_Y ? by : BINS_Y - 1) * BINS_X + (bx < BINS_X ? bx : BINS_X - 1)]++;
  }
  for (int b = 0; b < BINS_X * BINS_Y; ++b)
    if (bins[b] != want[b]) {
      printf("bin %d: %u, expected %u\n", b, bins[b], want[b]);
      return 1;
    }
  printf("row y=0: ");
  for (int x = 0; x < BINS_X; ++x)
    printf("%u ", bins[x]);
  printf("\n%d points in %d bins: PASSED\n", n, BINS_X * BINS_Y);
  cudaFree(d_points);
  cudaFree(d_bins);
  free(points);
  return 0;
}
