/*===-- driver_types.h - NVIDIA's header of this name (simt-cc) ------------------===*
 *
 * The runtime's types live in cuda_runtime_api.h here; libraries that
 * include this header by name (Thrust, CUB) find them through it.
 *===----------------------------------------------------------------------===*/
#include "cuda_runtime_api.h"
