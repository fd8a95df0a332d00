// Host code for host-gdb-forms.test: a call whose result is stored on the
// caller's line after it returns (clang -O0 starts a row of line 20 at the
// return address, no statement's start).
#include <cstdio>

static int weighted(const int *v, int n) {
  int c = 0;
  for (int i = 0; i < n; ++i)
    c += v[i] * (i + 1);
  // `next` from line 13 returns into the middle of main's line 20: gdb
  // finishes that line and stops at 21.
  c += n;
  return c;
}

int main() {
  int data[8];
  for (int i = 0; i < 8; ++i)
    data[i] = i % 3;
  int c1 = weighted(data, 8);
  int twice = c1 * 2;
  printf("%d %d\n", c1, twice);
  return 0;
}
