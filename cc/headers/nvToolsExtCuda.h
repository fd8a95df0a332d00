/*===-- nvToolsExtCuda.h - NVTX under its version 2 path ------===*
 *
 * Older code includes <nvToolsExtCuda.h> (and links -lnvToolsExt): the same
 * header-only API as nvtx3/nvToolsExtCuda.h.
 *===----------------------------------------------------------------------===*/
#include "nvtx3/nvToolsExtCuda.h"
