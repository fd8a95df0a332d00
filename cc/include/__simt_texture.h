/*===-- __simt_texture.h - Texture references: 1-D fetches, the rest parsed ===*
 *
 * Programs of the Fermi era declare texture references at file scope
 * (texture<float, 1, cudaReadModeElementType> t;), bind them to a buffer in
 * host code and read them with tex1Dfetch(t, i). The reference is a
 * device-side variable, as in CUDA (clang's device_builtin_texture_type);
 * simt-ptxas makes clang's `.texref` a constant variable of four words, the
 * binding (isa/SIMTLimits.h kTextureBindingWords), which a run script's
 * `bind T BUFFER` writes, as cudaBindTexture does. tex1Dfetch reads element
 * i of the bound buffer through it, 0 past its end (or when nothing is
 * bound), and, in cudaReadModeNormalizedFloat, maps 8- and 16-bit integers
 * to [0, 1] (unsigned) or [-1, 1] (signed) as the texture unit does. This
 * target models no texture unit, so a texture read is a global load: no
 * filtering, addressing modes or arrays, and tex1D, tex2D, ..., surfaces and
 * texture objects stay errors at their source line that say why.
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
                             "through a pointer (tex1Dfetch of a texture "         \
                             "reference is supported: a global load)")))
/* A fetch returns the texture's element type, so that what the program
   does with the value (float4 r = tex1Dfetch(t, i); tex1Dfetch(t, i) - c)
   type-checks and the fetch is the only error; the texture-object forms
   (tex1Dfetch<float>(obj, i)) take the result type explicitly. */
#define __SIMT_FETCH_OBJECT(NAME)                                                 \
  template <class R, class... I>                                                  \
  __device__ R NAME(cudaTextureObject_t, I...) __SIMT_NO_TEXTURE;
#define __SIMT_FETCH(NAME)                                                        \
  template <class T, int Dim, enum cudaTextureReadMode Mode, class... I>          \
  __device__ T NAME(const texture<T, Dim, Mode> &, I...) __SIMT_NO_TEXTURE;       \
  __SIMT_FETCH_OBJECT(NAME)
__SIMT_FETCH_OBJECT(tex1Dfetch)
__SIMT_FETCH(tex1D)
__SIMT_FETCH(tex2D)
__SIMT_FETCH(tex3D)
__SIMT_FETCH(tex1DLayered)
__SIMT_FETCH(tex2DLayered)
__SIMT_FETCH(texCubemap)
__SIMT_FETCH(tex2Dgather)
#undef __SIMT_FETCH
#undef __SIMT_FETCH_OBJECT
template <class... T> __device__ float surf1Dread(T...) __SIMT_NO_TEXTURE;
template <class... T> __device__ void surf1Dwrite(T...) __SIMT_NO_TEXTURE;
template <class... T> __device__ float surf2Dread(T...) __SIMT_NO_TEXTURE;
template <class... T> __device__ void surf2Dwrite(T...) __SIMT_NO_TEXTURE;
template <class... T> __device__ float surf3Dread(T...) __SIMT_NO_TEXTURE;
template <class... T> __device__ void surf3Dwrite(T...) __SIMT_NO_TEXTURE;
#undef __SIMT_NO_TEXTURE

namespace __simt_tex {
/* What a fetch outside the bound range reads: texels are at most 16 bytes
   (four 32-bit channels). Not const: clang would put it in constant
   memory, and the fetch's pointer would then point into two spaces. */
static __device__ unsigned long long zero[2];

/* Element i of the buffer bound to the reference (the binding simt-ptxas
   gives it: address, size in bytes), T() outside it. clang passes the
   reference as its handle, its name, which the constant loads take as the
   binding's address (read as integers, so that -O0 code keeps no pointer
   to constant memory in its frame). The load is unconditional, from the
   element or from `zero`: no branch, so no divergence and no region for
   the reconvergence analysis, however many fetches a kernel makes. */
template <class T, int Dim, enum cudaTextureReadMode Mode>
__device__ __forceinline__ T element(texture<T, Dim, Mode> t, int i) {
  static_assert(sizeof(T) <= sizeof(zero), "a texel has at most four 32-bit channels");
  unsigned long long base;
  unsigned bytes;
  asm("ld.const.u64 %0, [%2];\n\tld.const.u32 %1, [%2+8];" : "=l"(base), "=r"(bytes) : "l"(t));
  const T *p = (unsigned)i < bytes / sizeof(T) ? (const T *)base + i : (const T *)zero;
  return *p;
}

/* cudaReadModeNormalizedFloat: an unsigned N-bit integer v reads as
   v / (2^N - 1), a signed one as max(v / (2^(N-1) - 1), -1); vectors per
   component. Other types have no normalized read (CUDA rejects them too). */
template <class T> struct normalized;
template <class T, int Max, bool Signed> struct normalizedScalar {
  typedef float type;
  static __device__ __forceinline__ float read(T v) {
    const float f = (float)v / (float)Max;
    return Signed && f < -1.0f ? -1.0f : f;
  }
};
template <> struct normalized<unsigned char> : normalizedScalar<unsigned char, 255, false> {};
template <> struct normalized<signed char> : normalizedScalar<signed char, 127, true> {};
template <> struct normalized<char> : normalizedScalar<char, 127, true> {};
template <> struct normalized<unsigned short> : normalizedScalar<unsigned short, 65535, false> {};
template <> struct normalized<short> : normalizedScalar<short, 32767, true> {};
#define __SIMT_NORMALIZED_VECTORS(V, S)                                           \
  template <> struct normalized<V##1> {                                           \
    typedef float1 type;                                                          \
    static __device__ __forceinline__ float1 read(V##1 v) {                       \
      return make_float1(normalized<S>::read(v.x));                               \
    }                                                                             \
  };                                                                              \
  template <> struct normalized<V##2> {                                           \
    typedef float2 type;                                                          \
    static __device__ __forceinline__ float2 read(V##2 v) {                       \
      return make_float2(normalized<S>::read(v.x), normalized<S>::read(v.y));     \
    }                                                                             \
  };                                                                              \
  template <> struct normalized<V##4> {                                           \
    typedef float4 type;                                                          \
    static __device__ __forceinline__ float4 read(V##4 v) {                       \
      return make_float4(normalized<S>::read(v.x), normalized<S>::read(v.y),      \
                         normalized<S>::read(v.z), normalized<S>::read(v.w));     \
    }                                                                             \
  };
__SIMT_NORMALIZED_VECTORS(uchar, unsigned char)
__SIMT_NORMALIZED_VECTORS(char, signed char)
__SIMT_NORMALIZED_VECTORS(ushort, unsigned short)
__SIMT_NORMALIZED_VECTORS(short, short)
#undef __SIMT_NORMALIZED_VECTORS
} // namespace __simt_tex

template <class T>
__device__ __forceinline__ T tex1Dfetch(texture<T, 1, cudaReadModeElementType> t, int i) {
  return __simt_tex::element(t, i);
}
template <class T>
__device__ __forceinline__ typename __simt_tex::normalized<T>::type
tex1Dfetch(texture<T, 1, cudaReadModeNormalizedFloat> t, int i) {
  return __simt_tex::normalized<T>::read(__simt_tex::element(t, i));
}

#endif
