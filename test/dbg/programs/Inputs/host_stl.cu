// Host containers around a kernel launch (host-stl.test).
#include <cstdio>
#include <map>
#include <set>
#include <string>
#include <vector>

__global__ void bump(int *p) { p[threadIdx.x] += 10; }

int main() {
  std::vector<int> counts = {1, 2, 3};
  counts.reserve(8);
  std::string label = "tile \"A\"";
  std::map<int, float> weights = {{3, 0.25f}, {7, 1.5f}};
  std::set<int> seen = {4};
  std::vector<double> none;
  int *d;
  cudaMalloc(&d, 3 * sizeof(int));
  cudaMemcpy(d, counts.data(), 3 * sizeof(int), cudaMemcpyHostToDevice);
  bump<<<1, 3>>>(d);
  cudaMemcpy(counts.data(), d, 3 * sizeof(int), cudaMemcpyDeviceToHost);
  printf("%d %s %zu %zu %zu\n", counts[2], label.c_str(), weights.size(), seen.size(), none.size());
  return 0;
}
