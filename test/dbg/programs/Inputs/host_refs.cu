// Host functions with references, a structure by value and a one-line
// const method, for host-gdb-frames.test.
#include <cstdio>
struct Cfg { int n; float scale; };
class Acc {
public:
  int total = 0;
  int get() const { return total; }
  void add(Cfg c) { total += c.n; }
};
__global__ void k(int *o) { o[threadIdx.x] = threadIdx.x; }
static int bump(int &counter, const Cfg &cfg, Cfg *pc) {
  counter += cfg.n;
  return counter + pc->n;
}
int main() {
  int c = 5;
  Cfg cfg = {3, 0.5f};
  Acc a;
  a.add(cfg);
  int r = bump(c, cfg, &cfg) + a.get();
  printf("%d\n", r);
  return r == 14 ? 0 : 1;
}
