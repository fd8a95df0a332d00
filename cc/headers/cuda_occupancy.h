/*===-- cuda_occupancy.h - NVIDIA's header of this name (simt-cc) --------===*
 *
 * NVIDIA's occupancy calculator for host code. Libraries include it by name
 * (Thrust) and ask the runtime instead (cudaOccupancyMaxActiveBlocksPerMultiprocessor,
 * declared in cuda_runtime_api.h), which answers from the device the program
 * runs on.
 *===----------------------------------------------------------------------===*/
#include "cuda_runtime_api.h"
