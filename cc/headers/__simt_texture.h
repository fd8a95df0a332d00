/*===-- __simt_texture.h - Texture references: fetches and sampling --------===*
 *
 * Programs of the Fermi era declare texture references at file scope
 * (texture<float, 2, cudaReadModeElementType> t;), bind them to a buffer in
 * host code and read them with tex1Dfetch(t, i) or tex1D/tex2D/tex3D(t, x,
 * ...). The reference is a device-side variable, as in CUDA (clang's
 * device_builtin_texture_type); simt-ptxas makes clang's `.texref` a
 * constant variable, the binding (isa/SIMTLimits.h kTextureBindingWords),
 * which a run script's `bind T BUFFER ...` writes, as cudaBindTexture,
 * cudaBindTexture2D and the reference's filterMode, addressMode and
 * normalized fields do. tex1Dfetch reads element i of the bound buffer
 * through it (here, in C++), 0 past its end (or when nothing is bound), and,
 * in cudaReadModeNormalizedFloat, maps 8- and 16-bit integers to [0, 1]
 * (unsigned) or [-1, 1] (signed) as the texture unit does. tex1D, tex2D and
 * tex3D are PTX's `tex`, which simt-ptxas lowers to global loads and
 * arithmetic: this target models no texture unit. At -arch=sm_35, texture
 * and surface objects (tex2D<T>(obj, x, y), surf2Dwrite(v, obj, x, y)) are
 * the same PTX on a descriptor in device memory; at sm_20 they, like
 * layered and cubemap textures and gathers at every level, are errors at
 * their source line that say why.
 *===----------------------------------------------------------------------===*/
#ifndef SIMT_TEXTURE_H
#define SIMT_TEXTURE_H

#include "cuda_runtime_api.h"

#include "__simt_channel.h"

/* A texture reference: point sampling, clamped, unnormalized coordinates and
   its element type's channels unless the program sets them, as CUDA's. */
template <class T, int Dim = 1, enum cudaTextureReadMode Mode = cudaReadModeElementType>
struct __attribute__((device_builtin_texture_type)) texture : public textureReference {
  constexpr texture(int norm = 0, enum cudaTextureFilterMode filter = cudaFilterModePoint,
                    enum cudaTextureAddressMode address = cudaAddressModeClamp)
      : textureReference{norm, filter, {address, address, address}, __simt_channel<T>::desc,
                         0, 0, cudaFilterModePoint, 0.0f, 0.0f, 0.0f} {}
  constexpr texture(int norm, enum cudaTextureFilterMode filter,
                    enum cudaTextureAddressMode address, struct cudaChannelFormatDesc desc)
      : textureReference{norm, filter, {address, address, address}, desc,
                         0, 0, cudaFilterModePoint, 0.0f, 0.0f, 0.0f} {}
};
template <class T, int Dim = 1> struct __attribute__((device_builtin_surface_type)) surface {};

/* The runtime's C++ conveniences over textureReference. */
template <class T, int Dim, enum cudaTextureReadMode Mode>
static inline cudaError_t cudaBindTexture(size_t *offset, const texture<T, Dim, Mode> &tex,
                                          const void *devPtr,
                                          const struct cudaChannelFormatDesc &desc,
                                          size_t size = ~(size_t)0) {
  return cudaBindTexture(offset, &tex, devPtr, &desc, size);
}
template <class T, int Dim, enum cudaTextureReadMode Mode>
static inline cudaError_t cudaBindTexture(size_t *offset, const texture<T, Dim, Mode> &tex,
                                          const void *devPtr, size_t size = ~(size_t)0) {
  return cudaBindTexture(offset, &tex, devPtr, &tex.channelDesc, size);
}
template <class T, int Dim, enum cudaTextureReadMode Mode>
static inline cudaError_t cudaBindTexture2D(size_t *offset, const texture<T, Dim, Mode> &tex,
                                            const void *devPtr,
                                            const struct cudaChannelFormatDesc &desc,
                                            size_t width, size_t height, size_t pitch) {
  return cudaBindTexture2D(offset, &tex, devPtr, &desc, width, height, pitch);
}
template <class T, int Dim, enum cudaTextureReadMode Mode>
static inline cudaError_t cudaBindTexture2D(size_t *offset, const texture<T, Dim, Mode> &tex,
                                            const void *devPtr, size_t width, size_t height,
                                            size_t pitch) {
  return cudaBindTexture2D(offset, &tex, devPtr, &tex.channelDesc, width, height, pitch);
}
template <class T, int Dim, enum cudaTextureReadMode Mode>
static inline cudaError_t cudaBindTextureToArray(const texture<T, Dim, Mode> &tex,
                                                 const struct cudaArray *array,
                                                 const struct cudaChannelFormatDesc &desc) {
  return cudaBindTextureToArray(&tex, array, &desc);
}
template <class T, int Dim, enum cudaTextureReadMode Mode>
static inline cudaError_t cudaBindTextureToArray(const texture<T, Dim, Mode> &tex,
                                                 const struct cudaArray *array) {
  struct cudaChannelFormatDesc desc;
  cudaError_t e = cudaGetChannelDesc(&desc, array);
  return e != cudaSuccess ? e : cudaBindTextureToArray(&tex, array, &desc);
}
template <class T, int Dim, enum cudaTextureReadMode Mode>
static inline cudaError_t cudaUnbindTexture(const texture<T, Dim, Mode> &tex) {
  return cudaUnbindTexture(&tex);
}

#define __SIMT_NO_TEXTURE                                                         \
  __attribute__((unavailable("layered and cubemap textures and gathers need a "   \
                             "texture unit, which this target does not have: "    \
                             "1-, 2- and 3-D textures are read through their "     \
                             "binding or descriptor as global loads")))
/* A fetch returns the texture's element type, so that what the program
   does with the value (float4 r = tex1DLayered(t, x, l); ...) type-checks
   and the fetch is the only error; the texture-object forms take the
   result type explicitly. */
#define __SIMT_FETCH(NAME)                                                        \
  template <class T, int Dim, enum cudaTextureReadMode Mode, class... I>          \
  __device__ T NAME(const texture<T, Dim, Mode> &, I...) __SIMT_NO_TEXTURE;       \
  template <class R, class... I>                                                  \
  __device__ R NAME(cudaTextureObject_t, I...) __SIMT_NO_TEXTURE;
__SIMT_FETCH(tex1DLayered)
__SIMT_FETCH(tex2DLayered)
__SIMT_FETCH(texCubemap)
__SIMT_FETCH(tex2Dgather)
#undef __SIMT_FETCH
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
/* A texture read's four result lanes (PTX's {d0, d1, d2, d3}). */
template <class L> struct lanes4 {
  L v[4];
};

template <class T> struct normalized;
template <class T, int Max, bool Signed> struct normalizedScalar {
  typedef float type;
  static __device__ __forceinline__ float make(lanes4<float> r) { return r.v[0]; }
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
    static __device__ __forceinline__ float1 make(lanes4<float> r) {             \
      return make_float1(r.v[0]);                                                   \
    }                                                                             \
    static __device__ __forceinline__ float1 read(V##1 v) {                       \
      return make_float1(normalized<S>::read(v.x));                               \
    }                                                                             \
  };                                                                              \
  template <> struct normalized<V##2> {                                           \
    typedef float2 type;                                                          \
    static __device__ __forceinline__ float2 make(lanes4<float> r) {             \
      return make_float2(r.v[0], r.v[1]);                                             \
    }                                                                             \
    static __device__ __forceinline__ float2 read(V##2 v) {                       \
      return make_float2(normalized<S>::read(v.x), normalized<S>::read(v.y));     \
    }                                                                             \
  };                                                                              \
  template <> struct normalized<V##4> {                                           \
    typedef float4 type;                                                          \
    static __device__ __forceinline__ float4 make(lanes4<float> r) {             \
      return make_float4(r.v[0], r.v[1], r.v[2], r.v[3]);                                 \
    }                                                                             \
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

/* tex1D/tex2D/tex3D: PTX's `tex` with float coordinates, whose texture
   operand is the reference's handle in a register (its binding's address:
   PTX for sm_2x has no texture objects), lowered by simt-ptxas
   (cc/passes/ExpandInstructions.cpp): the binding's geometry, filter, address
   modes and normalized coordinates apply there. L is the lanes' type:
   float, int or unsigned (.f32, .s32, .u32). */
template <class L> struct sample;
#define __SIMT_SAMPLE(L, DT, C)                                                   \
  template <> struct sample<L> {                                                  \
    template <class H> static __device__ __forceinline__ lanes4<L> fetch(H t, int x) { \
      lanes4<L> r;                                                                \
      asm("tex.1d.v4." DT ".s32 {%0, %1, %2, %3}, [%4, {%5}];"                     \
          : "=" C(r.v[0]), "=" C(r.v[1]), "=" C(r.v[2]), "=" C(r.v[3])              \
          : "l"(t), "r"(x));                                                      \
      return r;                                                                   \
    }                                                                             \
    template <class H> static __device__ __forceinline__ lanes4<L> at(H t, float x) { \
      lanes4<L> r;                                                                \
      asm("tex.1d.v4." DT ".f32 {%0, %1, %2, %3}, [%4, {%5}];"                     \
          : "=" C(r.v[0]), "=" C(r.v[1]), "=" C(r.v[2]), "=" C(r.v[3])              \
          : "l"(t), "f"(x));                                                      \
      return r;                                                                   \
    }                                                                             \
    template <class H>                                                            \
    static __device__ __forceinline__ lanes4<L> at(H t, float x, float y) {      \
      lanes4<L> r;                                                                \
      asm("tex.2d.v4." DT ".f32 {%0, %1, %2, %3}, [%4, {%5, %6}];"                 \
          : "=" C(r.v[0]), "=" C(r.v[1]), "=" C(r.v[2]), "=" C(r.v[3])              \
          : "l"(t), "f"(x), "f"(y));                                              \
      return r;                                                                   \
    }                                                                             \
    template <class H>                                                            \
    static __device__ __forceinline__ lanes4<L> at(H t, float x, float y, float z) { \
      lanes4<L> r;                                                                \
      asm("tex.3d.v4." DT ".f32 {%0, %1, %2, %3}, [%4, {%5, %6, %7, %7}];"         \
          : "=" C(r.v[0]), "=" C(r.v[1]), "=" C(r.v[2]), "=" C(r.v[3])              \
          : "l"(t), "f"(x), "f"(y), "f"(z));                                      \
      return r;                                                                   \
    }                                                                             \
  };
__SIMT_SAMPLE(float, "f32", "f")
__SIMT_SAMPLE(int, "s32", "r")
__SIMT_SAMPLE(unsigned, "u32", "r")
#undef __SIMT_SAMPLE

/* A texel type read as itself (cudaReadModeElementType): its lanes' type
   and the value from the four lanes (members set one by one: -O0 code
   keeps calls of make_uchar4 and friends, whose byte vectors the ABI does
   not return). */
template <class T> struct texel;
#define __SIMT_TEXEL(S, V, L)                                                     \
  template <> struct texel<S> {                                                   \
    typedef L lanes;                                                              \
    static __device__ __forceinline__ S make(lanes4<L> r) { return (S)r.v[0]; }   \
  };                                                                              \
  template <> struct texel<V##1> {                                                \
    typedef L lanes;                                                              \
    static __device__ __forceinline__ V##1 make(lanes4<L> r) {                    \
      V##1 t;                                                                     \
      t.x = (S)r.v[0];                                                            \
      return t;                                                                   \
    }                                                                             \
  };                                                                              \
  template <> struct texel<V##2> {                                                \
    typedef L lanes;                                                              \
    static __device__ __forceinline__ V##2 make(lanes4<L> r) {                    \
      V##2 t;                                                                     \
      t.x = (S)r.v[0];                                                            \
      t.y = (S)r.v[1];                                                            \
      return t;                                                                   \
    }                                                                             \
  };                                                                              \
  template <> struct texel<V##4> {                                                \
    typedef L lanes;                                                              \
    static __device__ __forceinline__ V##4 make(lanes4<L> r) {                    \
      V##4 t;                                                                     \
      t.x = (S)r.v[0];                                                            \
      t.y = (S)r.v[1];                                                            \
      t.z = (S)r.v[2];                                                            \
      t.w = (S)r.v[3];                                                            \
      return t;                                                                   \
    }                                                                             \
  };
__SIMT_TEXEL(float, float, float)
__SIMT_TEXEL(int, int, int)
__SIMT_TEXEL(unsigned int, uint, unsigned)
__SIMT_TEXEL(short, short, int)
__SIMT_TEXEL(unsigned short, ushort, unsigned)
__SIMT_TEXEL(signed char, char, int)
__SIMT_TEXEL(unsigned char, uchar, unsigned)
#undef __SIMT_TEXEL
template <> struct texel<char> : texel<signed char> {};
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


/* tex1D, tex2D, tex3D: sampling (cc/passes/ExpandInstructions.cpp, docs/cuda.md
   "Textures"): the element type, or, in cudaReadModeNormalizedFloat, 8- and
   16-bit integers as floats. */
#define __SIMT_TEX_SAMPLE(NAME, DIM, PARAMS, ARGS)                                \
  template <class T>                                                              \
  __device__ __forceinline__ T NAME(texture<T, DIM, cudaReadModeElementType> t, PARAMS) { \
    typedef typename __simt_tex::texel<T>::lanes L;                               \
    return __simt_tex::texel<T>::make(__simt_tex::sample<L>::at(t, ARGS));        \
  }                                                                               \
  template <class T>                                                              \
  __device__ __forceinline__ typename __simt_tex::normalized<T>::type NAME(       \
      texture<T, DIM, cudaReadModeNormalizedFloat> t, PARAMS) {                   \
    return __simt_tex::normalized<T>::make(__simt_tex::sample<float>::at(t, ARGS)); \
  }
#define __SIMT_COMMA ,
__SIMT_TEX_SAMPLE(tex1D, 1, float x, x)
__SIMT_TEX_SAMPLE(tex2D, 2, float x __SIMT_COMMA float y, x __SIMT_COMMA y)
__SIMT_TEX_SAMPLE(tex3D, 3, float x __SIMT_COMMA float y __SIMT_COMMA float z,
                  x __SIMT_COMMA y __SIMT_COMMA z)
#undef __SIMT_COMMA
#undef __SIMT_TEX_SAMPLE

#define __SIMT_C ,
#if defined(__SIMT_ISA_LEVEL__) && __SIMT_ISA_LEVEL__ >= 35
/* Texture and surface objects: compute capability 3.0 (-arch=sm_35). */
/* Texture objects: the handle is the device address of the object's
   descriptor (cudaCreateTextureObject), which PTX's tex reads as it reads a
   reference's binding. R is the result: a float type reads .f32 lanes
   (8- and 16-bit integer texels normalized, as cudaReadModeNormalizedFloat),
   an integer type its own. This device's textures have one level, so the
   Lod and Grad forms read level 0. */
#define __SIMT_OBJECT_FORMS(NAME, AT, PARAMS, ARGS)                               \
  template <class R> __device__ __forceinline__ R NAME(cudaTextureObject_t t, PARAMS) { \
    typedef typename __simt_tex::texel<R>::lanes L;                               \
    return __simt_tex::texel<R>::make(__simt_tex::sample<L>::AT(t, ARGS));        \
  }                                                                               \
  template <class R>                                                              \
  __device__ __forceinline__ void NAME(R *r, cudaTextureObject_t t, PARAMS) {     \
    typedef typename __simt_tex::texel<R>::lanes L;                               \
    *r = __simt_tex::texel<R>::make(__simt_tex::sample<L>::AT(t, ARGS));          \
  }
__SIMT_OBJECT_FORMS(tex1Dfetch, fetch, int x, x)
__SIMT_OBJECT_FORMS(tex1D, at, float x, x)
__SIMT_OBJECT_FORMS(tex2D, at, float x __SIMT_C float y, x __SIMT_C y)
__SIMT_OBJECT_FORMS(tex3D, at, float x __SIMT_C float y __SIMT_C float z, x __SIMT_C y __SIMT_C z)
__SIMT_OBJECT_FORMS(tex1DLod, at, float x __SIMT_C float level, x)
__SIMT_OBJECT_FORMS(tex2DLod, at, float x __SIMT_C float y __SIMT_C float level, x __SIMT_C y)
__SIMT_OBJECT_FORMS(tex3DLod, at, float x __SIMT_C float y __SIMT_C float z __SIMT_C float level,
                    x __SIMT_C y __SIMT_C z)
__SIMT_OBJECT_FORMS(tex1DGrad, at, float x __SIMT_C float dPdx __SIMT_C float dPdy, x)
__SIMT_OBJECT_FORMS(tex2DGrad, at, float x __SIMT_C float y __SIMT_C float2 dPdx __SIMT_C float2 dPdy,
                    x __SIMT_C y)
__SIMT_OBJECT_FORMS(tex3DGrad, at,
                    float x __SIMT_C float y __SIMT_C float z __SIMT_C float4 dPdx __SIMT_C
                        float4 dPdy,
                    x __SIMT_C y __SIMT_C z)
#undef __SIMT_OBJECT_FORMS

/* Surface objects: PTX's suld.b and sust.b (cc/passes/ExpandSurface.cpp),
   x in bytes, y in rows, z in slices; the boundary mode says what an
   access outside does (trap, clamp to the edge, or read zeros and drop the
   store). A value of 1, 2, 4, 8 or 16 bytes moves as one access. */
namespace __simt_surf {
#define __SIMT_UNPAREN(...) __VA_ARGS__
#define __SIMT_SURF_LD(MODE, GEOM, COORDS, TYPE, DATA, OUTS, INS)                 \
  asm volatile("suld.b." GEOM "." TYPE "." MODE " " DATA ", [%[s], " COORDS "];"  \
               : __SIMT_UNPAREN OUTS                                              \
               : __SIMT_UNPAREN INS)
#define __SIMT_SURF_ST(MODE, GEOM, COORDS, TYPE, DATA, OUTS, INS)                 \
  asm volatile("sust.b." GEOM "." TYPE "." MODE " [%[s], " COORDS "], " DATA ";"  \
               :                                                                  \
               : __SIMT_UNPAREN OUTS, __SIMT_UNPAREN INS                          \
               : "memory")
#define __SIMT_SURF_MODES(OP, ...)                                                \
  if (m == cudaBoundaryModeZero)                                                  \
    OP("zero", __VA_ARGS__);                                                      \
  else if (m == cudaBoundaryModeClamp)                                            \
    OP("clamp", __VA_ARGS__);                                                     \
  else                                                                            \
    OP("trap", __VA_ARGS__)
/* One geometry's load and store of a value's words (by value: -O0 code
   keeps no pointer to a local); COORDS the coordinates' operands, IN their
   inputs. */
#define __SIMT_SURF_GEOMETRY(NAME, GEOM, COORDS, PARAMS, IN)                      \
  static __device__ __forceinline__ words ld##NAME(cudaSurfaceObject_t s,        \
                                                   cudaSurfaceBoundaryMode m, PARAMS) { \
    words r;                                                                      \
    __SIMT_SURF_MODES(__SIMT_SURF_LD, GEOM, COORDS, TYPE, DATA, LD_OUTS,          \
                      ([s] "l"(s), __SIMT_UNPAREN IN));                           \
    return r;                                                                     \
  }                                                                               \
  static __device__ __forceinline__ void st##NAME(words v, cudaSurfaceObject_t s, \
                                                  cudaSurfaceBoundaryMode m, PARAMS) { \
    __SIMT_SURF_MODES(__SIMT_SURF_ST, GEOM, COORDS, TYPE, DATA, ST_INS,           \
                      ([s] "l"(s), __SIMT_UNPAREN IN));                           \
  }
#define __SIMT_SURF_GEOMETRIES                                                    \
  __SIMT_SURF_GEOMETRY(1, "1d", "{%[x]}", int x, ([x] "r"(x)))                    \
  __SIMT_SURF_GEOMETRY(2, "2d", "{%[x], %[y]}", int x __SIMT_C int y,             \
                       ([x] "r"(x), [y] "r"(y)))                                  \
  __SIMT_SURF_GEOMETRY(3, "3d", "{%[x], %[y], %[z], %[z]}",                       \
                       int x __SIMT_C int y __SIMT_C int z,                       \
                       ([x] "r"(x), [y] "r"(y), [z] "r"(z)))

/* A value of Bytes as PTX moves it: its words, their type and registers. */
template <int Bytes> struct raw;
#define TYPE "b8"
#define DATA "{%[d0]}"
#define LD_OUTS ([d0] "=h"(r.w[0]))
#define ST_INS ([d0] "h"(v.w[0]))
template <> struct raw<1> {
  struct words { unsigned short w[1]; };
  __SIMT_SURF_GEOMETRIES
};
#undef TYPE
#define TYPE "b16"
template <> struct raw<2> {
  struct words { unsigned short w[1]; };
  __SIMT_SURF_GEOMETRIES
};
#undef TYPE
#undef LD_OUTS
#undef ST_INS
#define TYPE "b32"
#define LD_OUTS ([d0] "=r"(r.w[0]))
#define ST_INS ([d0] "r"(v.w[0]))
template <> struct raw<4> {
  struct words { unsigned w[1]; };
  __SIMT_SURF_GEOMETRIES
};
#undef TYPE
#undef LD_OUTS
#undef ST_INS
#define TYPE "b64"
#define LD_OUTS ([d0] "=l"(r.w[0]))
#define ST_INS ([d0] "l"(v.w[0]))
template <> struct raw<8> {
  struct words { unsigned long long w[1]; };
  __SIMT_SURF_GEOMETRIES
};
#undef TYPE
#undef DATA
#undef LD_OUTS
#undef ST_INS
#define TYPE "v4.b32"
#define DATA "{%[d0], %[d1], %[d2], %[d3]}"
#define LD_OUTS ([d0] "=r"(r.w[0]), [d1] "=r"(r.w[1]), [d2] "=r"(r.w[2]), [d3] "=r"(r.w[3]))
#define ST_INS ([d0] "r"(v.w[0]), [d1] "r"(v.w[1]), [d2] "r"(v.w[2]), [d3] "r"(v.w[3]))
template <> struct raw<16> {
  struct words { unsigned w[4]; };
  __SIMT_SURF_GEOMETRIES
};
#undef TYPE
#undef DATA
#undef LD_OUTS
#undef ST_INS
#undef __SIMT_SURF_GEOMETRIES
#undef __SIMT_SURF_GEOMETRY
#undef __SIMT_SURF_MODES
#undef __SIMT_SURF_ST
#undef __SIMT_SURF_LD
#undef __SIMT_UNPAREN

/* T's bytes as words and back (a value of 1 byte in a 16-bit word). */
template <class T> __device__ __forceinline__ typename raw<sizeof(T)>::words wordsOf(T v) {
  typename raw<sizeof(T)>::words w = {};
  __builtin_memcpy(&w, &v, sizeof(T));
  return w;
}
template <class T> __device__ __forceinline__ T valueOf(typename raw<sizeof(T)>::words w) {
  T v;
  __builtin_memcpy(&v, &w, sizeof(T));
  return v;
}
} // namespace __simt_surf

#define __SIMT_SURF_FORMS(D, PARAMS, ARGS)                                        \
  template <class T>                                                              \
  __device__ __forceinline__ T surf##D##Dread(                                    \
      cudaSurfaceObject_t s, PARAMS, cudaSurfaceBoundaryMode m = cudaBoundaryModeTrap) { \
    return __simt_surf::valueOf<T>(__simt_surf::raw<sizeof(T)>::ld##D(s, m, ARGS)); \
  }                                                                               \
  template <class T>                                                              \
  __device__ __forceinline__ void surf##D##Dread(                                 \
      T *r, cudaSurfaceObject_t s, PARAMS, cudaSurfaceBoundaryMode m = cudaBoundaryModeTrap) { \
    *r = surf##D##Dread<T>(s, ARGS, m);                                           \
  }                                                                               \
  template <class T>                                                              \
  __device__ __forceinline__ void surf##D##Dwrite(                                \
      T v, cudaSurfaceObject_t s, PARAMS, cudaSurfaceBoundaryMode m = cudaBoundaryModeTrap) { \
    __simt_surf::raw<sizeof(T)>::st##D(__simt_surf::wordsOf(v), s, m, ARGS);      \
  }
__SIMT_SURF_FORMS(1, int x, x)
__SIMT_SURF_FORMS(2, int x __SIMT_C int y, x __SIMT_C y)
__SIMT_SURF_FORMS(3, int x __SIMT_C int y __SIMT_C int z, x __SIMT_C y __SIMT_C z)
#undef __SIMT_SURF_FORMS
#else
/* Fermi (sm_20) has texture references only: the object forms are errors
   at the call that say so (the texture-reference forms above work). */
#define __SIMT_NO_OBJECTS(WHAT)                                                   \
  __attribute__((unavailable(WHAT " need sm_30; this target is Fermi (sm_20), "   \
                             "which has texture references only (texture<T, "      \
                             "Dim>, cudaBindTexture): use one, or build with "     \
                             "-arch=sm_35")))
#define __SIMT_NO_TEXTURE_OBJECT(NAME)                                            \
  template <class R, class... I>                                                  \
  __device__ R NAME(cudaTextureObject_t, I...) __SIMT_NO_OBJECTS("texture objects");
__SIMT_NO_TEXTURE_OBJECT(tex1Dfetch)
__SIMT_NO_TEXTURE_OBJECT(tex1D)
__SIMT_NO_TEXTURE_OBJECT(tex2D)
__SIMT_NO_TEXTURE_OBJECT(tex3D)
__SIMT_NO_TEXTURE_OBJECT(tex1DLod)
__SIMT_NO_TEXTURE_OBJECT(tex2DLod)
__SIMT_NO_TEXTURE_OBJECT(tex3DLod)
__SIMT_NO_TEXTURE_OBJECT(tex1DGrad)
__SIMT_NO_TEXTURE_OBJECT(tex2DGrad)
__SIMT_NO_TEXTURE_OBJECT(tex3DGrad)
#undef __SIMT_NO_TEXTURE_OBJECT
template <class... T> __device__ float surf1Dread(T...) __SIMT_NO_OBJECTS("surface objects");
template <class... T> __device__ void surf1Dwrite(T...) __SIMT_NO_OBJECTS("surface objects");
template <class... T> __device__ float surf2Dread(T...) __SIMT_NO_OBJECTS("surface objects");
template <class... T> __device__ void surf2Dwrite(T...) __SIMT_NO_OBJECTS("surface objects");
template <class... T> __device__ float surf3Dread(T...) __SIMT_NO_OBJECTS("surface objects");
template <class... T> __device__ void surf3Dwrite(T...) __SIMT_NO_OBJECTS("surface objects");
#undef __SIMT_NO_OBJECTS
#endif
#undef __SIMT_C

#endif
