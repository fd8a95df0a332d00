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

// The host program: the textures bound with cudaBindTexture, the kernels'
// results against CPU loops that read element i of the bound range and 0
// outside it (and 0 from an unbound reference, as this runtime reads one).
// The spmv inputs are small integers, so the sums are exact in any order;
// a normalized read is v / 255 (8-bit unsigned) or max(v / 32767, -1)
// (16-bit signed), one correctly rounded float division on the host, so
// every comparison is exact.
// RUN: simt-nvcc -O2 %s -o %t.app
// RUN: %t.app | FileCheck %s --check-prefix=MAIN
// MAIN: PASSED
#include <stdio.h>

static unsigned state = 21;
static unsigned next_rand() {
  state = state * 1664525u + 1013904223u;
  return state >> 8;
}

static int compare(const char *what, const float *got, const float *want, int n) {
  for (int i = 0; i < n; ++i)
    if (got[i] != want[i]) {
      printf("%s[%d] = %.9g, expected %.9g\n", what, i, got[i], want[i]);
      return 1;
    }
  return 0;
}
static int compare(const char *what, const int *got, const int *want, int n) {
  for (int i = 0; i < n; ++i)
    if (got[i] != want[i]) {
      printf("%s[%d] = %d, expected %d\n", what, i, got[i], want[i]);
      return 1;
    }
  return 0;
}

int main() {
  // spmv_csr: y = 2 A x, x a texture bound to the first m of m + 4 floats;
  // column ids go up to m + 3, past the bound range (read as 0).
  const int n = 70, m = 40;
  int rows[n + 1];
  rows[0] = 0;
  for (int r = 0; r < n; ++r)
    rows[r + 1] = rows[r] + (int)(next_rand() % 5);
  const int nnz = rows[n];
  int *cols = new int[nnz];
  float *vals = new float[nnz], x[m + 4], y[n], yref[n];
  for (int j = 0; j < nnz; ++j) {
    cols[j] = (int)(next_rand() % (m + 4));
    vals[j] = (float)(next_rand() % 7) - 3.0f;
  }
  for (int k = 0; k < m + 4; ++k)
    x[k] = k < m ? (float)(next_rand() % 9) - 4.0f : 100.0f; // never read
  int *d_rows, *d_cols;
  float *d_vals, *d_x, *d_y;
  cudaMalloc(&d_rows, sizeof rows);
  cudaMalloc(&d_cols, nnz * sizeof(int));
  cudaMalloc(&d_vals, nnz * sizeof(float));
  cudaMalloc(&d_x, sizeof x);
  cudaMalloc(&d_y, sizeof y);
  cudaMemcpy(d_rows, rows, sizeof rows, cudaMemcpyHostToDevice);
  cudaMemcpy(d_cols, cols, nnz * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d_vals, vals, nnz * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_x, x, sizeof x, cudaMemcpyHostToDevice);
  const float scale_h[4] = {2.0f, 0.0f, 0.0f, 0.0f};
  cudaMemcpyToSymbol(scale, scale_h, sizeof scale_h);
  size_t offset = 1;
  if (cudaBindTexture(&offset, x_tex, d_x, m * sizeof(float)) != cudaSuccess || offset != 0) {
    printf("cudaBindTexture(x_tex) failed (offset %zu)\n", offset);
    return 1;
  }
  spmv_csr<<<(n + 31) / 32, 32>>>(d_rows, d_cols, d_vals, d_y, n);
  cudaMemcpy(y, d_y, sizeof y, cudaMemcpyDeviceToHost);
  for (int r = 0; r < n; ++r) {
    float sum = 0.0f;
    for (int j = rows[r]; j < rows[r + 1]; ++j)
      sum += vals[j] * (cols[j] < m ? x[cols[j]] : 0.0f);
    yref[r] = 2.0f * sum;
  }
  if (compare("spmv_csr: y", y, yref, n))
    return 1;

  // pick: the trailing bool chooses x_tex[i] or -x_tex[i + 1] (x_tex[m]: 0).
  float picked[m], pref[m];
  for (int flag = 1; flag >= 0; --flag) {
    pick<<<1, m>>>(d_y, flag != 0);
    cudaMemcpy(picked, d_y, sizeof picked, cudaMemcpyDeviceToHost);
    for (int i = 0; i < m; ++i)
      pref[i] = flag ? x[i] : i + 1 < m ? -x[i + 1] : 0.0f;
    if (compare(flag ? "pick(true)" : "pick(false)", picked, pref, m))
      return 1;
  }

  // node_sizes: 30 nodes as int2, ids up to 35; then the texture bound to
  // a copy of the last 10 nodes only; then unbound.
  const int nodes_n = 30, ids_n = 64, tail = 20;
  int2 nodes[nodes_n];
  int ids[ids_n], sizes[ids_n], sref[ids_n];
  for (int v = 0; v < nodes_n; ++v) {
    unsigned r = next_rand();
    nodes[v] = make_int2((int)(r % 500), (int)((r >> 12) % 17));
  }
  for (int i = 0; i < ids_n; ++i)
    ids[i] = (int)(next_rand() % 36);
  int2 *d_nodes, *d_tail;
  int *d_ids, *d_sizes;
  cudaMalloc(&d_nodes, sizeof nodes);
  cudaMalloc(&d_tail, (nodes_n - tail) * sizeof(int2));
  cudaMalloc(&d_ids, sizeof ids);
  cudaMalloc(&d_sizes, sizeof sizes);
  cudaMemcpy(d_nodes, nodes, sizeof nodes, cudaMemcpyHostToDevice);
  cudaMemcpy(d_tail, nodes + tail, (nodes_n - tail) * sizeof(int2), cudaMemcpyHostToDevice);
  cudaMemcpy(d_ids, ids, sizeof ids, cudaMemcpyHostToDevice);
  for (int pass = 0; pass < 3; ++pass) {
    const int first = pass == 0 ? 0 : tail, count = pass == 2 ? 0 : nodes_n - first;
    if (pass == 0)
      cudaBindTexture(0, nodes_tex, d_nodes, sizeof nodes);
    else if (pass == 1)
      cudaBindTexture(0, nodes_tex, d_tail, count * sizeof(int2));
    else
      cudaUnbindTexture(nodes_tex);
    node_sizes<<<2, 32>>>(d_ids, d_sizes, ids_n);
    cudaMemcpy(sizes, d_sizes, sizeof sizes, cudaMemcpyDeviceToHost);
    for (int i = 0; i < ids_n; ++i)
      sref[i] = ids[i] < count ? nodes[first + ids[i]].x * 1000 + nodes[first + ids[i]].y : 0;
    const char *what[3] = {"node_sizes (all nodes)", "node_sizes (last 10)",
                           "node_sizes (unbound)"};
    if (compare(what[pass], sizes, sref, ids_n))
      return 1;
  }

  // unpack_pixels: 48 RGBA pixels of every 8-bit value (the edges last),
  // 47 16-bit samples (thread i reads sample i - 1; thread 0 index -1: 0).
  const int px = 48, ns = 47;
  unsigned char pixels[4 * px];
  short samples[ns];
  for (int k = 0; k < 4 * px; ++k)
    pixels[k] = (unsigned char)next_rand();
  const unsigned char edge_px[6] = {0, 1, 127, 128, 254, 255};
  for (int k = 0; k < 6; ++k)
    pixels[4 * px - 6 + k] = edge_px[k];
  for (int k = 0; k < ns; ++k)
    samples[k] = (short)((next_rand() & 0xffff) - 0x8000);
  const short edge_s[4] = {-32768, -32767, 32767, 0};
  for (int k = 0; k < 4; ++k)
    samples[ns - 4 + k] = edge_s[k];
  unsigned char *d_pixels;
  short *d_samples;
  float4 *d_rgba;
  float *d_levels;
  cudaMalloc(&d_pixels, sizeof pixels);
  cudaMalloc(&d_samples, sizeof samples);
  cudaMalloc(&d_rgba, px * sizeof(float4));
  cudaMalloc(&d_levels, px * sizeof(float));
  cudaMemcpy(d_pixels, pixels, sizeof pixels, cudaMemcpyHostToDevice);
  cudaMemcpy(d_samples, samples, sizeof samples, cudaMemcpyHostToDevice);
  cudaBindTexture(0, image_tex, d_pixels, sizeof pixels);
  cudaBindTexture(0, samples_tex, d_samples, sizeof samples);
  unpack_pixels<<<2, 32>>>(d_rgba, d_levels, px);
  float rgba[4 * px], levels[px], rgba_ref[4 * px], levels_ref[px];
  cudaMemcpy(rgba, d_rgba, sizeof rgba, cudaMemcpyDeviceToHost);
  cudaMemcpy(levels, d_levels, sizeof levels, cudaMemcpyDeviceToHost);
  for (int k = 0; k < 4 * px; ++k)
    rgba_ref[k] = (float)pixels[k] / 255.0f;
  for (int i = 0; i < px; ++i) {
    float v = i == 0 ? 0.0f : (float)samples[i - 1] / 32767.0f;
    levels_ref[i] = v < -1.0f ? -1.0f : v;
  }
  if (compare("unpack_pixels: rgba", rgba, rgba_ref, 4 * px) ||
      compare("unpack_pixels: samples", levels, levels_ref, px))
    return 1;

  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess) {
    printf("CUDA error: %s\n", cudaGetErrorString(err));
    return 1;
  }
  cudaUnbindTexture(x_tex);
  cudaUnbindTexture(image_tex);
  cudaUnbindTexture(samples_tex);
  cudaFree(d_rows);
  cudaFree(d_cols);
  cudaFree(d_vals);
  cudaFree(d_x);
  cudaFree(d_y);
  cudaFree(d_nodes);
  cudaFree(d_tail);
  cudaFree(d_ids);
  cudaFree(d_sizes);
  cudaFree(d_pixels);
  cudaFree(d_samples);
  cudaFree(d_rgba);
  cudaFree(d_levels);
  delete[] cols;
  delete[] vals;
  printf("PASSED\n");
  return 0;
}
