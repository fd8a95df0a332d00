// thrust::reduce_by_key over enough tiles that CUB's decoupled look-back
// reads a predecessor's tile descriptor (status, key and value in one
// 16-byte word) while that tile publishes it: the 16-byte store and load
// must each be one transaction (test/cc/vector-access.ptx). Element by
// element, 5,000 keys gave 307 wrong groups and 100,000 lost 3,226 groups.
// The expected values are the host's: key i / 5, five ones a group.
// UNSUPPORTED: asan
// Building it prints nothing: clang's "loop not unrolled" on CUB's unroll
// hints is no warning of nvcc's.
// RUN: simt-nvcc -O2 %s -o %t 2> %t.err && %t | FileCheck %s
// RUN: not grep warning %t.err
// CHECK: 5000 keys: 1000 groups (host 1000), 0 wrong
// CHECK: 100000 keys: 20000 groups (host 20000), 0 wrong
#include <thrust/device_vector.h>
#include <thrust/reduce.h>
#include <cstdio>
#include <vector>

static void check(int n) {
  std::vector<int> h(n);
  for (int i = 0; i < n; ++i)
    h[i] = i / 5;
  thrust::device_vector<int> keys(h.begin(), h.end()), ones(n, 1), groupKeys(n), sums(n);
  auto end = thrust::reduce_by_key(keys.begin(), keys.end(), ones.begin(), groupKeys.begin(),
                                   sums.begin());
  const int groups = int(end.first - groupKeys.begin());
  std::vector<int> k(groups), s(groups);
  thrust::copy(groupKeys.begin(), groupKeys.begin() + groups, k.begin());
  thrust::copy(sums.begin(), sums.begin() + groups, s.begin());
  int wrong = 0;
  for (int g = 0; g < groups; ++g)
    wrong += k[g] != g || s[g] != (g == (n - 1) / 5 ? n - 5 * g : 5);
  printf("%d keys: %d groups (host %d), %d wrong\n", n, groups, (n + 4) / 5, wrong);
}

int main() {
  check(5000);
  check(100000);
  return 0;
}
