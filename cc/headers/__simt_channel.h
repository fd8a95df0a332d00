/*===-- __simt_channel.h - cudaCreateChannelDesc<T>() ----------------------===*
 *
 * The channel format of a texel type, for device code (texture references,
 * __simt_texture.h) and host code alike: NVIDIA's cuda_runtime.h gives a
 * host compiler's C++ its channel_descriptor.h, whose template
 * cudaCreateChannelDesc<float>() programs' .cpp files call
 * (convolutionTexture's main.cpp).
 *===----------------------------------------------------------------------===*/
#ifndef SIMT_CHANNEL_H
#define SIMT_CHANNEL_H
#if defined(__cplusplus)

#include "vector_types.h"
#include "cuda_runtime_api.h"

/* The channel format of a texel type, as cudaCreateChannelDesc<T>() gives
   it (constant, so that a reference's constructor initialises it
   statically). */
template <class T> struct __simt_channel;
#define __SIMT_CHANNEL(T, X, Y, Z, W, KIND)                                                 \
  template <> struct __simt_channel<T> {                                                   \
    static constexpr cudaChannelFormatDesc desc{X, Y, Z, W, KIND};                         \
  };
#define __SIMT_CHANNELS(S, V, BITS, KIND)                                                  \
  __SIMT_CHANNEL(S, BITS, 0, 0, 0, KIND)                                                   \
  __SIMT_CHANNEL(V##1, BITS, 0, 0, 0, KIND)                                                \
  __SIMT_CHANNEL(V##2, BITS, BITS, 0, 0, KIND)                                             \
  __SIMT_CHANNEL(V##4, BITS, BITS, BITS, BITS, KIND)
__SIMT_CHANNELS(signed char, char, 8, cudaChannelFormatKindSigned)
__SIMT_CHANNELS(unsigned char, uchar, 8, cudaChannelFormatKindUnsigned)
__SIMT_CHANNELS(short, short, 16, cudaChannelFormatKindSigned)
__SIMT_CHANNELS(unsigned short, ushort, 16, cudaChannelFormatKindUnsigned)
__SIMT_CHANNELS(int, int, 32, cudaChannelFormatKindSigned)
__SIMT_CHANNELS(unsigned int, uint, 32, cudaChannelFormatKindUnsigned)
__SIMT_CHANNELS(float, float, 32, cudaChannelFormatKindFloat)
__SIMT_CHANNEL(char, 8, 0, 0, 0, cudaChannelFormatKindSigned)
#undef __SIMT_CHANNELS
#undef __SIMT_CHANNEL
template <class T> static inline struct cudaChannelFormatDesc cudaCreateChannelDesc(void) {
  return __simt_channel<T>::desc;
}

#endif /* __cplusplus */
#endif
