// A host local watched until its function returns (gdb's watchpoint scope).
#include <cstdio>

int accumulate(int n) {
  int total = 0;
  for (int i = 1; i <= n; ++i)
    total += i;
  return total;
}

int main() {
  int r = accumulate(2);
  std::printf("r=%d\n", r);
  return 0;
}
