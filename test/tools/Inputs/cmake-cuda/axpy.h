#pragma once
#include <cuda_runtime.h>

// y[i] += a * twice(x[i]) on the device, x and y device pointers.
void scaledAxpy(int n, float a, const float *x, float *y);
// Defined in another file: the device link resolves it.
__device__ float twice(float v);
