// CHECK_CU(call): a driver API call that must succeed; otherwise the test
// prints the call and the error's name and exits 1.
#ifndef SIMT_TEST_CHECK_CU_H
#define SIMT_TEST_CHECK_CU_H

#include <cuda.h>

#include <cstdio>
#include <cstdlib>

#define CHECK_CU(call)                                                                             \
  do {                                                                                             \
    CUresult r_ = (call);                                                                          \
    if (r_ != CUDA_SUCCESS) {                                                                      \
      const char *name_ = "?";                                                                     \
      cuGetErrorName(r_, &name_);                                                                  \
      std::printf("%s: %s\n", #call, name_);                                                       \
      std::exit(1);                                                                                \
    }                                                                                              \
  } while (0)

#endif
