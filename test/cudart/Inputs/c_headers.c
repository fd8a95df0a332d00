/* Every header of the toolkit's host APIs that NVIDIA's compile as C
 * compiles as C here too (test/tools/install.test: c99 -pedantic). */
#include <builtin_types.h>
#include <channel_descriptor.h>
#include <cuComplex.h>
#include <cublas_v2.h>
#include <cuda.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_occupancy.h>
#include <cuda_profiler_api.h>
#include <cuda_runtime.h>
#include <cuda_runtime_api.h>
#include <cufft.h>
#include <curand.h>
#include <cusolverDn.h>
#include <cusparse.h>
#include <driver_types.h>
#include <library_types.h>
#include <math_constants.h>
#include <nvToolsExt.h>
#include <nvtx3/nvToolsExtCuda.h>
#include <nvtx3/nvToolsExtCudaRt.h>
#include <surface_types.h>
#include <texture_types.h>
#include <vector_functions.h>
#include <vector_types.h>

int main(void) {
  dim3 block = {32, 1, 1};
  cuDoubleComplex z = make_cuDoubleComplex(1.0, 2.0);
  return !(block.x == 32 && cuCreal(z) == 1.0);
}
