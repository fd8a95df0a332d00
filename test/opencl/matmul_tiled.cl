// Tiled matrix multiply over a 2-D NDRange: 16x16 work-groups stage tiles
// of A and B in __local memory, with barriers around each tile; sizes that
// are not multiples of the tile pad with zeros (divergent loads). Small
// integer entries keep every sum exact for the host reference.
// RUN: simt-cc %s -o %t.o
// RUN: %python %S/Inputs/cl_ref.py matmul_tiled > %t.simt
// RUN: simt-emu %t.o %t.simt

#define TILE 16

__kernel void matmul_tiled(__global const float *A, __global const float *B,
                           __global float *C, int M, int N, int K) {
  __local float As[TILE][TILE];
  __local float Bs[TILE][TILE];
  int col = get_global_id(0), row = get_global_id(1);
  int lx = get_local_id(0), ly = get_local_id(1);
  float acc = 0.0f;
  for (int t = 0; t < (K + TILE - 1) / TILE; ++t) {
    int ka = t * TILE + lx, kb = t * TILE + ly;
    As[ly][lx] = (row < M && ka < K) ? A[row * K + ka] : 0.0f;
    Bs[ly][lx] = (col < N && kb < K) ? B[kb * N + col] : 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k = 0; k < TILE; ++k)
      acc += As[ly][k] * Bs[k][lx];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (row < M && col < N)
    C[row * N + col] = acc;
}
