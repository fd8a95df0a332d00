// The assignment step of k-means clustering: each thread takes one point
// (features stored feature-major, as GPU ports transpose them for
// coalescing), computes the squared distance to every centre and keeps the
// nearest (first on ties), and flags whether its membership changed. The
// host uses memcpy and cudaMemGetInfo without including <string.h>, as
// CUDA's header provides them.
// RUN: simt-cc %s -o %t.o
// RUN: %python %S/Inputs/apps.py kmeans > %t.simt
// RUN: simt-emu %t.o %t.simt --stats-file %t.json
// RUN: %python %S/Inputs/stack_empty.py %t.json
// RUN: simt-emu %t.o %t.simt --seeds 1-3
// RUN: simt-nvcc -O2 %s -o %t.app
// RUN: %t.app | FileCheck %s --check-prefix=MAIN
// MAIN: PASSED
#include <cuda_runtime.h>
#include <float.h>
#include <stdio.h>
#include <stdlib.h>

extern "C" __global__ void kmeans_assign(const float *features, const float *clusters,
                                         int *membership, int *changed, int npoints,
                                         int nclusters, int nfeatures) {
  int point = blockIdx.x * blockDim.x + threadIdx.x;
  if (point >= npoints)
    return;
  int index = -1;
  float min_dist = FLT_MAX;
  for (int c = 0; c < nclusters; c++) {
    float dist = 0.0f;
    for (int f = 0; f < nfeatures; f++) {
      float diff = features[f * npoints + point] - clusters[c * nfeatures + f];
      dist += diff * diff;
    }
    if (dist < min_dist) {
      min_dist = dist;
      index = c;
    }
  }
  changed[point] = membership[point] != index;
  membership[point] = index;
}

int main() {
  const int npoints = 150, nclusters = 5, nfeatures = 4;
  float *features = (float *)malloc(npoints * nfeatures * sizeof(float));
  float clusters[nclusters * nfeatures];
  for (int i = 0; i < npoints * nfeatures; ++i)
    features[i] = (float)(rand() % 16);
  memcpy(clusters, features, sizeof clusters);
  size_t free_bytes, total_bytes;
  cudaMemGetInfo(&free_bytes, &total_bytes);
  printf("device memory: %zu of %zu bytes free\n", free_bytes, total_bytes);
  float *d_features, *d_clusters;
  int *d_membership, *d_changed;
  cudaMalloc(&d_features, npoints * nfeatures * sizeof(float));
  cudaMalloc(&d_clusters, sizeof clusters);
  cudaMalloc(&d_membership, npoints * sizeof(int));
  cudaMalloc(&d_changed, npoints * sizeof(int));
  cudaMemcpy(d_features, features, npoints * nfeatures * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_clusters, clusters, sizeof clusters, cudaMemcpyHostToDevice);
  cudaMemset(d_membership, -1, npoints * sizeof(int));
  kmeans_assign<<<(npoints + 127) / 128, 128>>>(d_features, d_clusters, d_membership, d_changed,
                                                npoints, nclusters, nfeatures);
  cudaDeviceSynchronize();
  int membership[npoints], changed[npoints];
  cudaMemcpy(membership, d_membership, sizeof membership, cudaMemcpyDeviceToHost);
  cudaMemcpy(changed, d_changed, sizeof changed, cudaMemcpyDeviceToHost);
  // CPU reference: the nearest cluster by squared Euclidean distance, the
  // first on ties (integer features: exact distances); every point changes
  // from the initial -1.
  for (int i = 0; i < npoints; ++i) {
    int nearest = 0;
    float best = 0.0f;
    for (int c = 0; c < nclusters; ++c) {
      float d2 = 0.0f;
      for (int f = 0; f < nfeatures; ++f)
        d2 += (features[f * npoints + i] - clusters[c * nfeatures + f]) *
              (features[f * npoints + i] - clusters[c * nfeatures + f]);
      if (c == 0 || d2 < best) {
        best = d2;
        nearest = c;
      }
    }
    if (membership[i] != nearest || changed[i] != 1) {
      printf("mismatch at %d: membership %d != %d, changed %d != 1\n", i, membership[i], nearest,
             changed[i]);
      return 1;
    }
  }
  printf("PASSED\n");
  free(features);
  return 0;
}
