// Host recursion for until/advance: gdb's manual's factorial example.
#include <cstdio>
#include <cstdlib>

int factorial(int value) {
  if (value > 1) {
    value *= factorial(value - 1);
  }
  return (value);
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 5;
  int f = factorial(n);
  printf("%d! = %d\n", n, f);
  return 0;
}
