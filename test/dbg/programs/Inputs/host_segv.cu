#include <cstdio>
int main() {
  int *volatile p = nullptr;
  printf("before\n");
  fflush(stdout);
  *p = 1; // a segmentation fault in host code
  return 0;
}
