__global__ __device__ void k(int *p) { p[0] = 1; }
int main() {
  int *d = 0;
  k<< <1, 1>> >(d);
  return undeclared;
}
