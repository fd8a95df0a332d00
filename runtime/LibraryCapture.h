//===-- LibraryCapture.h - Host libraries' calls under stream capture -----===//
//
// libcublas, libcusparse and libcusolver compute on the host when a call is
// made. Captured into a graph (cudaStreamBeginCapture on the handle's
// stream), such a call would run once, at capture, and the graph's launches
// would leave its output as it was: NVIDIA's libraries record the call and
// run it at each launch. Rather than a silent wrong answer, they refuse it;
// the first refusal says why on standard error.
//
//===----------------------------------------------------------------------===//
#ifndef SIMT_RUNTIME_LIBRARYCAPTURE_H
#define SIMT_RUNTIME_LIBRARYCAPTURE_H

#include <cuda_runtime_api.h>

#include <cstdio>

namespace simt::rt {

/// Whether a call of `library` on `stream` is refused because the stream
/// is being captured; `status` names the answer in the note.
inline bool refusedUnderCapture(cudaStream_t stream, const char *library, const char *status) {
  cudaStreamCaptureStatus capture = cudaStreamCaptureStatusNone;
  if (cudaStreamIsCapturing(stream, &capture) != cudaSuccess ||
      capture == cudaStreamCaptureStatusNone)
    return false;
  static bool said = false; // one note per library: each has its own copy
  if (!said) {
    said = true;
    std::fprintf(stderr,
                 "simt-%s: a call on a stream being captured into a graph cannot be captured "
                 "(the library computes when called): %s\n",
                 library, status);
  }
  return true;
}

} // namespace simt::rt

#endif
