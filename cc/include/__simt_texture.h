/*===-- __simt_texture.h - Texture references: parsed, not fetched -------===*
 *
 * Programs of the Fermi era declare texture references at file scope
 * (texture<float, 1, cudaReadModeElementType> t;) and bind them in host
 * code. This target models no texture units: the declarations and the host
 * API parse, so a program whose kernels do not fetch through a texture
 * compiles, and a fetch (tex1Dfetch, tex2D, ...) in device code is an
 * error at its source line that says why. The reference is a device-side
 * variable, as in CUDA (clang's device_builtin_texture_type), so that the
 * fetch's argument is not also reported as a host variable.
 *===----------------------------------------------------------------------===*/
#ifndef SIMT_TEXTURE_H
#define SIMT_TEXTURE_H

#include "cuda_runtime_api.h"

template <class T, int Dim = 1, enum cudaTextureReadMode Mode = cudaReadModeElementType>
struct __attribute__((device_builtin_texture_type)) texture : public textureReference {};
template <class T, int Dim = 1> struct __attribute__((device_builtin_surface_type)) surface {};

/* The runtime's C++ conveniences over textureReference (declarations). */
template <class T, int Dim, enum cudaTextureReadMode Mode>
cudaError_t cudaBindTexture(size_t *offset, const texture<T, Dim, Mode> &tex, const void *devPtr,
                            const struct cudaChannelFormatDesc &desc, size_t size = ~(size_t)0);
template <class T, int Dim, enum cudaTextureReadMode Mode>
cudaError_t cudaBindTexture(size_t *offset, const texture<T, Dim, Mode> &tex, const void *devPtr,
                            size_t size = ~(size_t)0);
template <class T, int Dim, enum cudaTextureReadMode Mode>
cudaError_t cudaBindTexture2D(size_t *offset, const texture<T, Dim, Mode> &tex,
                              const void *devPtr, const struct cudaChannelFormatDesc &desc,
                              size_t width, size_t height, size_t pitch);
template <class T, int Dim, enum cudaTextureReadMode Mode>
cudaError_t cudaBindTextureToArray(const texture<T, Dim, Mode> &tex, const struct cudaArray *array,
                                   const struct cudaChannelFormatDesc &desc);
template <class T, int Dim, enum cudaTextureReadMode Mode>
cudaError_t cudaBindTextureToArray(const texture<T, Dim, Mode> &tex, const struct cudaArray *array);
template <class T, int Dim, enum cudaTextureReadMode Mode>
cudaError_t cudaUnbindTexture(const texture<T, Dim, Mode> &tex);
template <class T> struct cudaChannelFormatDesc cudaCreateChannelDesc(void);

#define __SIMT_NO_TEXTURE                                                         \
  __attribute__((unavailable("textures and surfaces need texture units, which "   \
                             "this target does not model: read the buffer "       \
                             "through a pointer")))
/* A fetch returns the texture's element type, so that what the program
   does with the value (float4 r = tex1Dfetch(t, i); tex1Dfetch(t, i) - c)
   type-checks and the fetch is the only error; the texture-object forms
   (tex1Dfetch<float>(obj, i)) take the result type explicitly. */
#define __SIMT_FETCH(NAME)                                                        \
  template <class T, int Dim, enum cudaTextureReadMode Mode, class... I>          \
  __device__ T NAME(const texture<T, Dim, Mode> &, I...) __SIMT_NO_TEXTURE;       \
  template <class R, class... I>                                                  \
  __device__ R NAME(cudaTextureObject_t, I...) __SIMT_NO_TEXTURE;
__SIMT_FETCH(tex1Dfetch)
__SIMT_FETCH(tex1D)
__SIMT_FETCH(tex2D)
__SIMT_FETCH(tex3D)
__SIMT_FETCH(tex1DLayered)
__SIMT_FETCH(tex2DLayered)
__SIMT_FETCH(texCubemap)
__SIMT_FETCH(tex2Dgather)
#undef __SIMT_FETCH
template <class... T> __device__ float surf1Dread(T...) __SIMT_NO_TEXTURE;
template <class... T> __device__ void surf1Dwrite(T...) __SIMT_NO_TEXTURE;
template <class... T> __device__ float surf2Dread(T...) __SIMT_NO_TEXTURE;
template <class... T> __device__ void surf2Dwrite(T...) __SIMT_NO_TEXTURE;
template <class... T> __device__ float surf3Dread(T...) __SIMT_NO_TEXTURE;
template <class... T> __device__ void surf3Dwrite(T...) __SIMT_NO_TEXTURE;
#undef __SIMT_NO_TEXTURE

#endif
