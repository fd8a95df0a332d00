// One frame of a particle filter tracking an object in an image, in the
// shape of GPU particle-filter ports: each particle moves by a step drawn
// from its own linear congruential generator, scores the pixels under a
// disk of offsets around it (clamped at the image edges) and takes the
// score as its likelihood; a block reduction sums the weights, one block
// normalises them while thread 0 builds the CDF serially and draws the
// systematic resampling offset, and every particle then searches the CDF
// linearly for its ancestor (divergent trip counts) and copies its
// position; a second search kernel bisects the CDF for the same ancestors. Two frames run, the second from the resampled positions.
// Weights are integers / 256 (exact sums); the divisions and the offsets'
// additions are reproduced with the binary32 rounding in the reference, so
// the comparisons of the search, and the ancestors, are exact.
// RUN: simt-cc %s -o %t.o
// RUN: %python %S/Inputs/rodinia.py particle_filter > %t.simt
// RUN: simt-emu %t.o %t.simt --stats-file %t.json
// RUN: %python %S/Inputs/stack_empty.py %t.json
// RUN: simt-emu %t.o %t.simt --seeds 1-3
// RUN: simt-nvcc -O2 %s -o %t.app
// RUN: %t.app | FileCheck %s --check-prefix=MAIN
// MAIN: PASSED
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#define THREADS 64

__device__ unsigned lcg_next(unsigned *state) {
  *state = *state * 1664525u + 1013904223u;
  return *state;
}

extern "C" __global__ void likelihood_kernel(float *arrayX, float *arrayY, float *weights,
                                             unsigned *seed, const unsigned char *image,
                                             const int *disk_x, const int *disk_y,
                                             int disk_size, int width, int height, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  unsigned s = seed[i];
  float x = arrayX[i] + (float)((int)(lcg_next(&s) >> 29) - 4);
  float y = arrayY[i] + (float)((int)(lcg_next(&s) >> 29) - 4);
  seed[i] = s;
  arrayX[i] = x;
  arrayY[i] = y;
  int score = 0;
  for (int k = 0; k < disk_size; k++) {
    int px = min(max((int)x + disk_x[k], 0), width - 1);
    int py = min(max((int)y + disk_y[k], 0), height - 1);
    score += image[py * width + px];
  }
  weights[i] = weights[i] * (float)score;
}

extern "C" __global__ void sum_kernel(const float *weights, float *partial, int n) {
  __shared__ float buf[THREADS];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  buf[threadIdx.x] = i < n ? weights[i] : 0.0f;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s)
      buf[threadIdx.x] += buf[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    partial[blockIdx.x] = buf[0];
}

extern "C" __global__ void normalize_kernel(float *weights, const float *partial, int blocks,
                                            float *CDF, float *u, unsigned resample_seed,
                                            int n) {
  __shared__ float u1;
  int i = threadIdx.x;
  float sum = 0.0f;
  for (int b = 0; b < blocks; b++)
    sum += partial[b];
  if (i < n)
    weights[i] = weights[i] / sum;
  __syncthreads();
  if (i == 0) {
    CDF[0] = weights[0];
    for (int k = 1; k < n; k++)
      CDF[k] = CDF[k - 1] + weights[k];
    unsigned s = resample_seed;
    u1 = (float)(lcg_next(&s) >> 8) * (1.0f / 16777216.0f) / (float)n;
  }
  __syncthreads();
  if (i < n)
    u[i] = u1 + i / (float)n;
}

extern "C" __global__ void find_index_kernel(const float *arrayX, const float *arrayY,
                                             const float *CDF, const float *u, float *xj,
                                             float *yj, float *weights, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int index = -1;
  for (int x = 0; x < n; x++) {
    if (CDF[x] >= u[i]) {
      index = x;
      break;
    }
  }
  if (index == -1)
    index = n - 1;
  xj[i] = arrayX[index];
  yj[i] = arrayY[index];
  weights[i] = 1.0f / n;
}

// The same search by bisection (the first x with CDF[x] >= u, else n - 1),
// as larger filters do it: the ancestors for the host's statistics.
extern "C" __global__ void find_index_bsearch(const float *CDF, const float *u, int *ancestor,
                                              int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float value = u[i];
  int lo = 0, hi = n - 1;
  while (lo < hi) {
    int mid = (lo + hi) / 2;
    if (CDF[mid] >= value)
      hi = mid;
    else
      lo = mid + 1;
  }
  ancestor[i] = lo;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1024, width = 128, height = 128, frames = 10;
  int disk_x[13], disk_y[13], disk = 0;
  for (int dy = -2; dy <= 2; dy++)
    for (int dx = -2; dx <= 2; dx++)
      if (dx * dx + dy * dy <= 4) {
        disk_x[disk] = dx;
        disk_y[disk++] = dy;
      }
  unsigned char *image = (unsigned char *)malloc(width * height);
  for (int p = 0; p < width * height; p++)
    image[p] = rand() & 255;
  float *x = (float *)malloc(n * sizeof(float)), *w = (float *)malloc(n * sizeof(float));
  unsigned *seed = (unsigned *)malloc(n * sizeof(unsigned));
  for (int i = 0; i < n; i++) {
    x[i] = width / 2;
    w[i] = 1.0f / n;
    seed[i] = rand();
  }
  int blocks = (n + THREADS - 1) / THREADS;
  float *d_x, *d_y, *d_xj, *d_yj, *d_w, *d_partial, *d_cdf, *d_u;
  unsigned *d_seed;
  unsigned char *d_image;
  int *d_dx, *d_dy, *d_ancestor;
  cudaMalloc(&d_x, n * sizeof(float));
  cudaMalloc(&d_y, n * sizeof(float));
  cudaMalloc(&d_xj, n * sizeof(float));
  cudaMalloc(&d_yj, n * sizeof(float));
  cudaMalloc(&d_w, n * sizeof(float));
  cudaMalloc(&d_cdf, n * sizeof(float));
  cudaMalloc(&d_u, n * sizeof(float));
  cudaMalloc(&d_partial, blocks * sizeof(float));
  cudaMalloc(&d_seed, n * sizeof(unsigned));
  cudaMalloc(&d_image, width * height);
  cudaMalloc(&d_ancestor, n * sizeof(int));
  cudaMalloc(&d_dx, sizeof disk_x);
  cudaMalloc(&d_dy, sizeof disk_y);
  cudaMemcpy(d_x, x, n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_y, x, n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_w, w, n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_seed, seed, n * sizeof(unsigned), cudaMemcpyHostToDevice);
  cudaMemcpy(d_image, image, width * height, cudaMemcpyHostToDevice);
  cudaMemcpy(d_dx, disk_x, sizeof disk_x, cudaMemcpyHostToDevice);
  cudaMemcpy(d_dy, disk_y, sizeof disk_y, cudaMemcpyHostToDevice);
  unsigned resample_seed[frames]; // kept for the CPU reference
  for (int f = 0; f < frames; f++) {
    likelihood_kernel<<<blocks, THREADS>>>(d_x, d_y, d_w, d_seed, d_image, d_dx, d_dy, disk,
                                           width, height, n);
    sum_kernel<<<blocks, THREADS>>>(d_w, d_partial, n);
    resample_seed[f] = rand();
    normalize_kernel<<<1, n>>>(d_w, d_partial, blocks, d_cdf, d_u, resample_seed[f], n);
    find_index_bsearch<<<blocks, THREADS>>>(d_cdf, d_u, d_ancestor, n);
    find_index_kernel<<<blocks, THREADS>>>(d_x, d_y, d_cdf, d_u, d_xj, d_yj, d_w, n);
    float *t = d_x;
    d_x = d_xj;
    d_xj = t;
    t = d_y;
    d_y = d_yj;
    d_yj = t;
  }
  float *y = (float *)malloc(n * sizeof(float));
  int *ancestor = (int *)malloc(n * sizeof(int));
  cudaMemcpy(x, d_x, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaMemcpy(y, d_y, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaMemcpy(ancestor, d_ancestor, n * sizeof(int), cudaMemcpyDeviceToHost);
  printf("particle 0 at x = %f\n", x[0]);

  // CPU reference: the same frames in float. The weights' total is summed
  // as the device does (a tree per block of THREADS, then the blocks in
  // order) so that the CDF, and hence every resampling choice, is the same
  // float for float; positions are whole numbers, compared exactly.
  float *gx = (float *)malloc(n * sizeof(float)), *gy = (float *)malloc(n * sizeof(float));
  float *gw = (float *)malloc(n * sizeof(float)), *cdf = (float *)malloc(n * sizeof(float));
  float *nx = (float *)malloc(n * sizeof(float)), *ny = (float *)malloc(n * sizeof(float));
  int *gindex = (int *)malloc(n * sizeof(int));
  for (int i = 0; i < n; i++) {
    gx[i] = gy[i] = width / 2;
    gw[i] = 1.0f / n;
  }
  for (int f = 0; f < frames; f++) {
    for (int i = 0; i < n; i++) {
      seed[i] = seed[i] * 1664525u + 1013904223u;
      gx[i] += (float)((int)(seed[i] >> 29) - 4);
      seed[i] = seed[i] * 1664525u + 1013904223u;
      gy[i] += (float)((int)(seed[i] >> 29) - 4);
      int score = 0;
      for (int k = 0; k < disk; k++) {
        int px = (int)gx[i] + disk_x[k], py = (int)gy[i] + disk_y[k];
        px = px < 0 ? 0 : px >= width ? width - 1 : px;
        py = py < 0 ? 0 : py >= height ? height - 1 : py;
        score += image[py * width + px];
      }
      gw[i] *= (float)score;
    }
    float total = 0.0f;
    for (int b = 0; b < blocks; b++) {
      float buf[THREADS];
      for (int t = 0; t < THREADS; t++)
        buf[t] = b * THREADS + t < n ? gw[b * THREADS + t] : 0.0f;
      for (int half = THREADS / 2; half > 0; half /= 2)
        for (int t = 0; t < half; t++)
          buf[t] += buf[t + half];
      total += buf[0];
    }
    for (int i = 0; i < n; i++) {
      gw[i] /= total;
      cdf[i] = i == 0 ? gw[0] : cdf[i - 1] + gw[i];
    }
    unsigned r = resample_seed[f] * 1664525u + 1013904223u;
    float u1 = (float)(r >> 8) * (1.0f / 16777216.0f) / (float)n;
    for (int i = 0; i < n; i++) {
      float u = u1 + i / (float)n;
      int j = 0;
      while (j < n - 1 && cdf[j] < u)
        j++;
      gindex[i] = j;
      nx[i] = gx[gindex[i]];
      ny[i] = gy[gindex[i]];
    }
    for (int i = 0; i < n; i++) {
      gx[i] = nx[i];
      gy[i] = ny[i];
      gw[i] = 1.0f / n;
    }
  }
  int status = 0;
  for (int i = 0; i < n && !status; i++)
    if (x[i] != gx[i] || y[i] != gy[i] || ancestor[i] != gindex[i]) {
      printf("mismatch at %d: x %f != %f, y %f != %f, ancestor %d != %d\n", i, x[i], gx[i], y[i],
             gy[i], ancestor[i], gindex[i]);
      status = 1;
    }
  if (!status)
    printf("PASSED\n");
  free(gx);
  free(gy);
  free(gw);
  free(cdf);
  free(nx);
  free(ny);
  free(gindex);
  free(y);
  free(ancestor);
  free(x);
  free(w);
  free(seed);
  free(image);
  return status;
}
