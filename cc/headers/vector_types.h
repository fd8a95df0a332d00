/*===-- vector_types.h - CUDA's vector types and dim3 (simt-cc) ----------===*
 *
 * char1..4 through double1..2 with CUDA's alignments, dim3, and the
 * make_TYPEN constructors. Written for simt-cc; usable in host and device
 * code.
 *===----------------------------------------------------------------------===*/
#ifndef SIMT_VECTOR_TYPES_H
#define SIMT_VECTOR_TYPES_H
#define __VECTOR_TYPES_H__ /* NVIDIA's guard: its copy in a user -I directory stays out */

#include "__simt_qualifiers.h"

/* Typedefs as well as tags: C code (a host .c file including the runtime
 * API, as cuSPARSE's C samples do) names them without `struct`. */
#define __SIMT_VEC1(T, N) typedef struct N##1 { T x; } N##1;
#define __SIMT_VEC2(T, N, A) typedef struct __attribute__((aligned(A))) N##2 { T x, y; } N##2;
#define __SIMT_VEC3(T, N) typedef struct N##3 { T x, y, z; } N##3;
#define __SIMT_VEC4(T, N, A) \
  typedef struct __attribute__((aligned(A))) N##4 { T x, y, z, w; } N##4;
#define __SIMT_MAKE1(T, N) \
  static __host__ __device__ __inline__ N##1 make_##N##1(T x) { N##1 r; r.x = x; return r; }
#define __SIMT_MAKE2(T, N) \
  static __host__ __device__ __inline__ N##2 make_##N##2(T x, T y) { \
    N##2 r; r.x = x; r.y = y; return r; }
#define __SIMT_MAKE3(T, N) \
  static __host__ __device__ __inline__ N##3 make_##N##3(T x, T y, T z) { \
    N##3 r; r.x = x; r.y = y; r.z = z; return r; }
#define __SIMT_MAKE4(T, N) \
  static __host__ __device__ __inline__ N##4 make_##N##4(T x, T y, T z, T w) { \
    N##4 r; r.x = x; r.y = y; r.z = z; r.w = w; return r; }
#define __SIMT_TYPES(T, N, A2, A4) \
  __SIMT_VEC1(T, N) __SIMT_VEC2(T, N, A2) __SIMT_VEC3(T, N) __SIMT_VEC4(T, N, A4) \
  __SIMT_MAKE1(T, N) __SIMT_MAKE2(T, N) __SIMT_MAKE3(T, N) __SIMT_MAKE4(T, N)

__SIMT_TYPES(signed char, char, 2, 4)
__SIMT_TYPES(unsigned char, uchar, 2, 4)
__SIMT_TYPES(short, short, 4, 8)
__SIMT_TYPES(unsigned short, ushort, 4, 8)
__SIMT_TYPES(int, int, 8, 16)
__SIMT_TYPES(unsigned int, uint, 8, 16)
__SIMT_TYPES(long, long, 2 * sizeof(long), 16)
__SIMT_TYPES(unsigned long, ulong, 2 * sizeof(long), 16)
__SIMT_TYPES(long long, longlong, 16, 16)
__SIMT_TYPES(unsigned long long, ulonglong, 16, 16)
__SIMT_TYPES(float, float, 8, 16)
__SIMT_TYPES(double, double, 16, 16)

typedef struct dim3 {
  unsigned int x, y, z;
#ifdef __cplusplus
  __host__ __device__ constexpr dim3(unsigned int x = 1, unsigned int y = 1, unsigned int z = 1)
      : x(x), y(y), z(z) {}
  __host__ __device__ constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
  __host__ __device__ constexpr operator uint3() const { return uint3{x, y, z}; }
#endif
} dim3;

#endif
