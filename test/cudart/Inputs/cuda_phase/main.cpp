// The host program of nvcc-cuda.test, compiled by g++ alone: both builds
// of axpy.cu, checked against the host's own arithmetic.
#include <cstdio>

extern "C" int axpy_one(float a, const float *x, float *y, int n);
extern "C" int axpy_two(float a, const float *x, float *y, int n);

static int check(const char *name, int (*f)(float, const float *, float *, int), float offset) {
  const int n = 1000;
  static float x[n], y[n];
  for (int i = 0; i < n; ++i)
    x[i] = i, y[i] = 3 * i;
  if (f(2.0f, x, y, n))
    return 1;
  for (int i = 0; i < n; ++i)
    if (y[i] != 2.0f * i + 3 * i + offset) {
      printf("%s: FAILED at %d: %g, not %g\n", name, i, y[i], 2.0f * i + 3 * i + offset);
      return 1;
    }
  printf("%s: %d elements PASSED\n", name, n);
  return 0;
}

int main() {
  return check("axpy_one", axpy_one, 1) | check("axpy_two", axpy_two, 2);
}
