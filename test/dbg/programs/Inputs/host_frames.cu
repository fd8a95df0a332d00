#include <cstdio>
int g(int x) {
  return x * 2;
}
int f(int x) {
  int y = g(x);
  return y + 1;
}
int main() {
  printf("%d\n", f(20));
  return 0;
}
