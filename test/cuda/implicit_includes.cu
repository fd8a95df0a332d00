// What nvcc's implicit cuda_runtime.h declares, a program may use without
// an #include of its own (as real programs do): printf, memset, malloc,
// sqrtf and clock in host and device code, assert, std::pair and
// std::swap on the host, a range-for over a braced list in a kernel.
// RUN: simt-nvcc -O2 %s -o %t && %t | FileCheck %s
// CHECK: device 16843009
// CHECK-NEXT: host 1 (3, 7) 12
__global__ void kernel(float *out, int *sum) {
  char bytes[4];
  memset(bytes, 1, 4);
  int word;
  memcpy(&word, bytes, 4);
  int s = 0;
  for (int v : {3, 4, 5})
    s += v;
  int *p = (int *)malloc(sizeof(int));
  *p = word & 255;
  out[0] = sqrtf(float(*p));
  free(p);
  *sum = s;
  printf("device %d\n", word);
}

int main() {
  float *d, h = 0;
  int *dsum, hsum = 0;
  cudaMalloc(&d, sizeof(float));
  cudaMalloc(&dsum, sizeof(int));
  kernel<<<1, 1>>>(d, dsum);
  cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
  cudaMemcpy(&hsum, dsum, sizeof hsum, cudaMemcpyDeviceToHost);
  std::pair<int, int> range(7, 3);
  std::swap(range.first, range.second);
  assert(clock() >= 0);
  printf("host %g (%d, %d) %d\n", h, range.first, range.second, hsum);
  return 0;
}
