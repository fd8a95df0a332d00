// Control flow the SIMT stack cannot follow as clang writes it: a device
// function that returns from inside two loops (the inner loop left for
// two levels at once) and a tokenizer whose switch sits in a while loop
// with `continue` in its cases. At -O0 and -G (every debug build) and at
// -O2, simt-cc structurizes such code with LLVM's structurizer
// (cc/StructurizeIR.h) and the kernels give what the same functions give
// on the host.
// RUN: simt-nvcc -O0 %s -o %t0 && %t0 | FileCheck %s
// RUN: simt-nvcc -G %s -o %tg && %tg | FileCheck %s
// RUN: simt-nvcc -O2 %s -o %t2 && %t2 | FileCheck %s
// CHECK: pairs: 0 wrong of 128
// CHECK-NEXT: tokens: 0 wrong of 64
#include <cstdio>

// The first pair (i, j) with a[i] + a[j] == t, skipping negatives
// (continue), stopping a row at a negative (break), giving up early.
__host__ __device__ int firstPair(const int *a, int n, int t) {
  for (int i = 0; i < n; i++) {
    if (a[i] < 0)
      continue;
    for (int j = i + 1; j < n; j++) {
      if (a[j] < 0)
        break;
      if (a[i] + a[j] == t)
        return i * 1000 + j;
      if (a[i] + a[j] > 3 * t)
        return -3;
    }
  }
  return -1;
}

// Counts words, numbers and operators in a line of text.
__host__ __device__ int tokens(const char *s, int len) {
  int count = 0, i = 0;
  while (i < len) {
    char c = s[i];
    switch (c) {
    case ' ':
    case '\t':
      i++;
      continue;
    case '+':
    case '-':
    case '*':
      count += 100;
      i++;
      continue;
    case '#':
      return count + 1; // a comment ends the line
    default:
      break;
    }
    if (c >= '0' && c <= '9') {
      while (i < len && s[i] >= '0' && s[i] <= '9')
        i++;
      count += 10;
    } else {
      while (i < len && s[i] != ' ' && s[i] != '+' && s[i] != '-' && s[i] != '#')
        i++;
      count += 1;
    }
  }
  return count;
}

__global__ void pairs(const int *a, int n, int *out) {
  out[threadIdx.x] = firstPair(a, n, threadIdx.x % 50);
}

__global__ void lines(const char *text, int width, int *out) {
  out[threadIdx.x] = tokens(text + threadIdx.x * width, width);
}

int main() {
  const int n = 100, width = 24, rows = 64;
  int a[n], got[128];
  for (int i = 0; i < n; i++)
    a[i] = (i * 37) % 61 - (i % 29 == 0 ? 70 : 0);
  static char text[rows * width];
  const char *parts[] = {"x", "12", "+", " ", "abc", "-", "7", "#", "*", "\t", "q9", "300"};
  for (int r = 0; r < rows; r++)
    for (int k = 0; k < width; k++)
      text[r * width + k] = parts[(r * 7 + k * 5 + k / 3) % 12][0];
  int *da, *dout;
  char *dtext;
  cudaMalloc(&da, sizeof a);
  cudaMalloc(&dout, sizeof got);
  cudaMalloc(&dtext, sizeof text);
  cudaMemcpy(da, a, sizeof a, cudaMemcpyHostToDevice);
  cudaMemcpy(dtext, text, sizeof text, cudaMemcpyHostToDevice);
  pairs<<<1, 128>>>(da, n, dout);
  cudaMemcpy(got, dout, sizeof got, cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (int t = 0; t < 128; t++)
    wrong += got[t] != firstPair(a, n, t % 50);
  printf("pairs: %d wrong of 128\n", wrong);
  lines<<<1, rows>>>(dtext, width, dout);
  cudaMemcpy(got, dout, rows * sizeof(int), cudaMemcpyDeviceToHost);
  wrong = 0;
  for (int r = 0; r < rows; r++)
    wrong += got[r] != tokens(text + r * width, width);
  printf("tokens: %d wrong of %d\n", wrong, rows);
  return 0;
}
