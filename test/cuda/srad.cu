// Speckle-reducing anisotropic diffusion of an ultrasound-like image, in
// two kernels per iteration as GPU ports of SRAD do it: the first computes
// each pixel's four directional derivatives (clamped at the image edges),
// the normalised gradient and Laplacian, the instantaneous coefficient of
// variation and from it the diffusion coefficient (three divisions, a
// clamp to [0, 1]); the second diffuses with the coefficients of the pixel
// and of its south and east neighbours. The host computes the speckle
// scale q0^2 from the image statistics before each iteration.
// RUN: simt-cc %s -o %t.o
// RUN: %python %S/Inputs/rodinia.py srad > %t.simt
// RUN: simt-emu %t.o %t.simt --stats-file %t.json
// RUN: %python %S/Inputs/stack_empty.py %t.json
// RUN: simt-emu %t.o %t.simt --seeds 1-3
// RUN: simt-nvcc -O2 %s -o %t.app
// RUN: %t.app | FileCheck %s --check-prefix=MAIN
// MAIN: PASSED
#include <cuda_runtime.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define BLOCK 16

extern "C" __global__ void srad_cuda_1(const float *J, float *dN, float *dS, float *dW,
                                       float *dE, float *C, int rows, int cols, float q0sqr) {
  int j = blockIdx.x * blockDim.x + threadIdx.x, i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i >= rows || j >= cols)
    return;
  int k = i * cols + j;
  float Jc = J[k];
  float n = J[(i > 0 ? i - 1 : 0) * cols + j] - Jc;
  float s = J[(i < rows - 1 ? i + 1 : rows - 1) * cols + j] - Jc;
  float w = J[i * cols + (j > 0 ? j - 1 : 0)] - Jc;
  float e = J[i * cols + (j < cols - 1 ? j + 1 : cols - 1)] - Jc;
  float G2 = (n * n + s * s + w * w + e * e) / (Jc * Jc);
  float L = (n + s + w + e) / Jc;
  float num = (0.5f * G2) - ((1.0f / 16.0f) * (L * L));
  float den = 1.0f + 0.25f * L;
  float qsqr = num / (den * den);
  den = (qsqr - q0sqr) / (q0sqr * (1.0f + q0sqr));
  float c = 1.0f / (1.0f + den);
  if (c < 0.0f)
    c = 0.0f;
  else if (c > 1.0f)
    c = 1.0f;
  dN[k] = n;
  dS[k] = s;
  dW[k] = w;
  dE[k] = e;
  C[k] = c;
}

extern "C" __global__ void srad_cuda_2(float *J, const float *dN, const float *dS,
                                       const float *dW, const float *dE, const float *C,
                                       int rows, int cols, float lambda) {
  int j = blockIdx.x * blockDim.x + threadIdx.x, i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i >= rows || j >= cols)
    return;
  int k = i * cols + j;
  float cN = C[k], cW = C[k];
  float cS = C[(i < rows - 1 ? i + 1 : rows - 1) * cols + j];
  float cE = C[i * cols + (j < cols - 1 ? j + 1 : cols - 1)];
  float D = cN * dN[k] + cS * dS[k] + cW * dW[k] + cE * dE[k];
  J[k] = J[k] + 0.25f * lambda * D;
}

int main(int argc, char **argv) {
  int rows = 256, cols = 256, iterations = argc > 1 ? atoi(argv[1]) : 10;
  float lambda = 0.5f;
  int size = rows * cols;
  float *J = (float *)malloc(size * sizeof(float));
  for (int k = 0; k < size; k++)
    J[k] = 0.5f + (rand() % 1000) * 0.001f;
  // CPU reference (double precision): the same diffusion steps, the
  // coefficient clamped to [0, 1], the image's edges replicated. The
  // statistics are summed in float, as the loop below does (a float sum of
  // 65536 pixels is itself off by ~1e-4).
  double *G = (double *)malloc(size * sizeof(double)), *c = (double *)malloc(size * sizeof(double));
  double *d4 = (double *)malloc(4 * size * sizeof(double));
  for (int k = 0; k < size; k++)
    G[k] = J[k];
  for (int iter = 0; iter < iterations; iter++) {
    float sum = 0, sum2 = 0;
    for (int k = 0; k < size; k++) {
      sum += (float)G[k];
      sum2 += (float)G[k] * (float)G[k];
    }
    float mean = sum / size, var = sum2 / size - mean * mean;
    double q0sqr = var / (mean * mean);
    for (int i = 0; i < rows; i++)
      for (int j = 0; j < cols; j++) {
        int k = i * cols + j;
        double *d = d4 + 4 * k; // north, south, west, east
        d[0] = G[(i == 0 ? 0 : i - 1) * cols + j] - G[k];
        d[1] = G[(i == rows - 1 ? i : i + 1) * cols + j] - G[k];
        d[2] = G[i * cols + (j == 0 ? 0 : j - 1)] - G[k];
        d[3] = G[i * cols + (j == cols - 1 ? j : j + 1)] - G[k];
        double g2 = (d[0] * d[0] + d[1] * d[1] + d[2] * d[2] + d[3] * d[3]) / (G[k] * G[k]);
        double l = (d[0] + d[1] + d[2] + d[3]) / G[k];
        double qsqr = (0.5 * g2 - l * l / 16.0) / ((1.0 + 0.25 * l) * (1.0 + 0.25 * l));
        c[k] = 1.0 / (1.0 + (qsqr - q0sqr) / (q0sqr * (1.0 + q0sqr)));
        c[k] = c[k] < 0.0 ? 0.0 : c[k] > 1.0 ? 1.0 : c[k];
      }
    for (int i = 0; i < rows; i++)
      for (int j = 0; j < cols; j++) {
        int k = i * cols + j;
        double south = c[(i == rows - 1 ? i : i + 1) * cols + j];
        double east = c[i * cols + (j == cols - 1 ? j : j + 1)];
        double *d = d4 + 4 * k;
        G[k] += 0.25 * lambda * (c[k] * d[0] + south * d[1] + c[k] * d[2] + east * d[3]);
      }
  }
  float *d_J, *d_dN, *d_dS, *d_dW, *d_dE, *d_C;
  cudaMalloc(&d_J, size * sizeof(float));
  cudaMalloc(&d_dN, size * sizeof(float));
  cudaMalloc(&d_dS, size * sizeof(float));
  cudaMalloc(&d_dW, size * sizeof(float));
  cudaMalloc(&d_dE, size * sizeof(float));
  cudaMalloc(&d_C, size * sizeof(float));
  dim3 block(BLOCK, BLOCK), grid((cols + BLOCK - 1) / BLOCK, (rows + BLOCK - 1) / BLOCK);
  for (int iter = 0; iter < iterations; iter++) {
    float sum = 0, sum2 = 0;
    for (int k = 0; k < size; k++) { // the region of interest is the whole image
      sum += J[k];
      sum2 += J[k] * J[k];
    }
    float mean = sum / size, var = sum2 / size - mean * mean;
    float q0sqr = var / (mean * mean);
    cudaMemcpy(d_J, J, size * sizeof(float), cudaMemcpyHostToDevice);
    srad_cuda_1<<<grid, block>>>(d_J, d_dN, d_dS, d_dW, d_dE, d_C, rows, cols, q0sqr);
    srad_cuda_2<<<grid, block>>>(d_J, d_dN, d_dS, d_dW, d_dE, d_C, rows, cols, lambda);
    cudaMemcpy(J, d_J, size * sizeof(float), cudaMemcpyDeviceToHost);
  }
  printf("J[0] = %f\n", J[0]);
  // Values near 1 after steps in float: within 1e-5 of the reference.
  int status = 0;
  for (int k = 0; k < size && !status; k++)
    if (fabs(J[k] - G[k]) > 1e-5) {
      printf("mismatch at %d: %f != %f\n", k, J[k], G[k]);
      status = 1;
    }
  if (!status)
    printf("PASSED\n");
  cudaFree(d_J);
  cudaFree(d_C);
  free(J);
  free(G);
  free(c);
  free(d4);
  return status;
}
