/*===-- nvToolsExtCudaRt.h - NVTX under its version 2 path ------===*
 *
 * Older code includes <nvToolsExtCudaRt.h> (and links -lnvToolsExt): the same
 * header-only API as nvtx3/nvToolsExtCudaRt.h.
 *===----------------------------------------------------------------------===*/
#include "nvtx3/nvToolsExtCudaRt.h"
