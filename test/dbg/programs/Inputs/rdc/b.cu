__device__ int helper(int x) {
  int y = x * 3;
  return y + 1;
}
