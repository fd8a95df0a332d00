// tex1Dfetch through texture references, as Fermi-era kernels read their
// inputs (a CSR matrix-vector product with the vector in a texture, graph
// nodes as int2, an 8-bit image in cudaReadModeNormalizedFloat, 16-bit
// signed samples), bound with the run script's `bind` as cudaBindTexture
// binds them: element i of the bound buffer or range, 0 past its end and
// when unbound, and a binding made between launches seen by the next one
// only. Expected values: Inputs/texture_fetch.py.
// RUN: simt-cc %s -o %t.o
// RUN: %python %S/Inputs/texture_fetch.py > %t.simt
// RUN: simt-emu %t.o %t.simt
// RUN: simt-cc -O0 %s -o %t-o0.o
// RUN: simt-emu %t-o0.o %t.simt
// A texture read is a global load from the binding's address (c[0x2]).
// RUN: simt-cc %s -S -o - | FileCheck %s --check-prefix=ASM
// ASM: .const_var x_tex, 2, 0x0, 36, texref
// ASM: LDC.64 R{{[0-9]+}}, c[0x2][R{{[0-9]+}}]
// Errors: a name that is not a texture reference, a range past the end.
// RUN: printf 'alloc a f32[4]\nbind nothing a\n' > %t-err1.simt
// RUN: not simt-emu %t.o %t-err1.simt 2>&1 | FileCheck %s --check-prefix=ERR1
// ERR1: bind: no texture reference named 'nothing' in the loaded objects
// RUN: printf 'alloc a f32[4]\nbind scale a\n' > %t-err2.simt
// RUN: not simt-emu %t.o %t-err2.simt 2>&1 | FileCheck %s --check-prefix=ERR2
// ERR2: bind: no texture reference named 'scale' in the loaded objects ('scale' is a variable)
// RUN: printf 'alloc a f32[4]\nbind x_tex a 2..4\n' > %t-err3.simt
// RUN: not simt-emu %t.o %t-err3.simt 2>&1 | FileCheck %s --check-prefix=ERR3
// ERR3: bind: a has 4 elements; 2..4 is past its end
// RUN: printf 'bind x_tex nobuf\n' > %t-err4.simt
// RUN: not simt-emu %t.o %t-err4.simt 2>&1 | FileCheck %s --check-prefix=ERR4
// ERR4: bind: no buffer named 'nobuf'
#include <cuda_runtime.h>

texture<float, 1, cudaReadModeElementType> x_tex;
texture<int2, 1> nodes_tex;
texture<uchar4, 1, cudaReadModeNormalizedFloat> image_tex;
texture<short, 1, cudaReadModeNormalizedFloat> samples_tex;
__constant__ float scale[4];

__global__ void spmv_csr(const int *rows, const int *cols, const float *vals, float *y,
                         int n) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < n) {
    float sum = 0.0f;
    for (int j = rows[row]; j < rows[row + 1]; ++j)
      sum += vals[j] * tex1Dfetch(x_tex, cols[j]);
    y[row] = sum * scale[0];
  }
}

// Node v's (first edge, degree); ids past the bound buffer read (0, 0).
__global__ void node_sizes(const int *ids, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    int2 node = tex1Dfetch(nodes_tex, ids[i]);
    out[i] = node.x * 1000 + node.y;
  }
}

// A flag that ends the parameter list selects the texture, as CUDA by
// Example's heat transfer does (its trailing bool reads from c[0x0][0x28]).
__global__ void pick(float *dst, bool fromX) {
  int i = threadIdx.x;
  dst[i] = fromX ? tex1Dfetch(x_tex, i) : -tex1Dfetch(x_tex, i + 1);
}

__global__ void unpack_pixels(float4 *out, float *samples, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    out[i] = tex1Dfetch(image_tex, i);
    samples[i] = tex1Dfetch(samples_tex, i - 1);
  }
}
