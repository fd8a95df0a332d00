// The driver API loaded at run time, as programs that link no CUDA library
// do it (the CUDA samples' matrixMulDynlinkJIT): dlopen("libcuda.so.1") finds
// the install's through the RPATH simt-nvcc gives the program
// (test/tools/install.test).
#include <cstdio>
#include <dlfcn.h>
#include <cuda.h>
typedef CUresult (*InitFn)(unsigned);
typedef CUresult (*CountFn)(int *);
int main() {
  void *lib = dlopen("libcuda.so.1", RTLD_NOW);
  if (!lib) { printf("dlopen: %s\n", dlerror()); return 1; }
  InitFn init = (InitFn)dlsym(lib, "cuInit");
  CountFn count = (CountFn)dlsym(lib, "cuDeviceGetCount");
  int n = -1;
  CUresult r1 = init(0), r2 = count(&n);
  printf("cuInit %d, devices %d (%d)\n", r1, n, r2);
  return n != 1;
}
