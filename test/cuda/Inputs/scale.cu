// v[i] = v[i] * SCALE + OFFSET, SCALE from a header found with -I and
// OFFSET from -D (without them it does not compile).
#include "scale.h"
extern "C" __global__ void scale(int *v) { v[threadIdx.x] = v[threadIdx.x] * SCALE + OFFSET; }
