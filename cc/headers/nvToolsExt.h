/*===-- nvToolsExt.h - NVTX under its version 2 path ------===*
 *
 * Older code includes <nvToolsExt.h> (and links -lnvToolsExt): the same
 * header-only API as nvtx3/nvToolsExt.h.
 *===----------------------------------------------------------------------===*/
#include "nvtx3/nvToolsExt.h"
