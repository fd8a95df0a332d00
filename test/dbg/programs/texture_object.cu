// The sm_35 level under simt-dbg (-G): a texture object's and a surface
// object's descriptors (`info texture` on the kernel's parameters: the
// memory, texel format, extent and sampling that cudaCreateTextureObject and
// cudaCreateSurfaceObject were given below), and lanes' values across a
// shuffle (`print -lanes`: lane L's `mine` is 10 L; `other`, its xor-1
// neighbour's, is 10 (L ^ 1)).
// RUN: simt-nvcc -G -arch=sm_35 %s -o %t
// RUN: simt-dbg --batch -ex 'break texture_object.cu:17' -ex run -ex 'info texture tex' -ex 'info texture surf' -ex 'print -lanes mine' -ex 'print -lanes other' -ex 'info texture nothing' -ex 'info texture 0x40' -ex delete -ex continue --args %t 2>&1 | FileCheck %s
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

__global__ void sampleAndShuffle(cudaTextureObject_t tex, cudaSurfaceObject_t surf, float *out) {
  const int lane = threadIdx.x;
  const int mine = lane * 10;
  const int other = __shfl_xor_sync(0xffffffffu, mine, 1);
  const float4 texel = tex2D<float4>(tex, lane / 32.0f, 0.5f);
  surf2Dwrite(texel.x + other, surf, lane * 4, 0);
  out[lane] = texel.x + other;
}

int main() {
  // tex: a 16 x 8 uchar4 array, read as normalized floats, filtered, wrapped
  // in x and z (cudaAddressModeWrap is 0), mirrored in y.
  cudaChannelFormatDesc bytes = cudaCreateChannelDesc<uchar4>();
  cudaArray *image;
  cudaMallocArray(&image, &bytes, 16, 8);
  cudaResourceDesc res;
  memset(&res, 0, sizeof res);
  res.resType = cudaResourceTypeArray;
  res.res.array.array = image;
  cudaTextureDesc td;
  memset(&td, 0, sizeof td);
  td.addressMode[0] = cudaAddressModeWrap;
  td.addressMode[1] = cudaAddressModeMirror;
  td.filterMode = cudaFilterModeLinear;
  td.readMode = cudaReadModeNormalizedFloat;
  td.normalizedCoords = 1;
  cudaTextureObject_t tex;
  cudaCreateTextureObject(&tex, &res, &td, nullptr);
  // surf: a 32 x 1 float array.
  cudaChannelFormatDesc floats = cudaCreateChannelDesc<float>();
  cudaArray *row;
  cudaMallocArray(&row, &floats, 32, 1, cudaArraySurfaceLoadStore);
  res.res.array.array = row;
  cudaSurfaceObject_t surf;
  cudaCreateSurfaceObject(&surf, &res);
  float *out;
  cudaMalloc(&out, 32 * sizeof(float));
  sampleAndShuffle<<<1, 32>>>(tex, surf, out);
  float host[32];
  cudaMemcpy(host, out, sizeof host, cudaMemcpyDeviceToHost);
  printf("out[3] = %g\n", host[3]);
  return 0;
}

// cuda-gdb's stop (dbg_*.generic.txt in the reference transcripts): the
// focus, a blank line, the kernel's frame with its arguments (the objects
// are unsigned long long: decimal), the line.
// CHECK: [Switching focus to CUDA kernel 0, grid 1, block (0,0,0), thread (0,0,0), device 0, sm 0, warp 0, lane 0]
// CHECK-EMPTY:
// CHECK-NEXT: CUDA thread hit Breakpoint 1, sampleAndShuffle<<<(1,1,1),(32,1,1)>>> (tex={{[0-9]+}}, surf={{[0-9]+}}, out=0x{{[0-9a-f]+}}) at {{.*}}texture_object.cu:17
// CHECK-NEXT: 17	  const float4 texel = tex2D<float4>(tex, lane / 32.0f, 0.5f);
// CHECK:      texture or surface object 0x{{[0-9a-f]+}}: its descriptor
// CHECK-NEXT:   memory:      0x{{[0-9a-f]+}}, 512 bytes
// CHECK-NEXT:   texel:       4 x u8 (4 bytes)
// CHECK-NEXT:   extent:      16 x 8 x 1 texels, rows 64 bytes apart
// CHECK-NEXT:   filter:      linear
// CHECK-NEXT:   address:     wrap / mirror / wrap (x / y / z)
// CHECK-NEXT:   coordinates: normalized
// CHECK:      texture or surface object 0x{{[0-9a-f]+}}: its descriptor
// CHECK-NEXT:   memory:      0x{{[0-9a-f]+}}, 128 bytes
// CHECK-NEXT:   texel:       1 x f32 (4 bytes)
// CHECK-NEXT:   extent:      32 x 1 x 1 texels, rows 128 bytes apart
// CHECK-NEXT:   filter:      point
// CHECK:      mine in grid 1 cta (0,0,0) warp 0; ( ) inactive, x exited:
// CHECK-NEXT:  [ 0] 0 10 20 30 40 50 60 70
// CHECK:      other in grid 1 cta (0,0,0) warp 0; ( ) inactive, x exited:
// CHECK-NEXT:  [ 0] 10 0 30 20 50 40 70 60
// CHECK-NEXT:  [ 8] 90 80 110 100 130 120 150 140
// A name that is no texture reference, and a number below 64 KiB:
// CHECK: No symbol "nothing" in current context.
// CHECK: 0x40 is a texture reference's address in its constant bank, not an object: name the reference (info texture NAME)
// texel.x is 0 (the array was never written): out[3] = other = 20.
// CHECK: out[3] = 20
