// Host-computed library calls under stream capture: libcublas and
// libcusolver compute when called, so a call on a stream being captured
// into a graph would run once, at capture, and the graph's launches would
// not repeat it. They refuse it with NOT_SUPPORTED and say why once (NVIDIA's
// record the call); the same call after the capture ends runs.
// RUN: rm -rf %t && mkdir -p %t
// RUN: simt-nvcc -O2 %s -o %t/app -lcublas -lcusolver
// RUN: %t/app 2> %t/err | FileCheck %s
// RUN: FileCheck %s --check-prefix=NOTE < %t/err
// CHECK: captured: axpy 15 (NOT_SUPPORTED 15), potrf 9 (NOT_SUPPORTED 9), end capture 0
// CHECK: after the capture: axpy 0, y = 1 2
// NOTE: simt-cublas: a call on a stream being captured into a graph cannot be captured (the library computes when called): CUBLAS_STATUS_NOT_SUPPORTED
// NOTE: simt-cusolver: a call on a stream being captured into a graph cannot be captured (the library computes when called): CUSOLVER_STATUS_NOT_SUPPORTED
#include <cublas_v2.h>
#include <cusolverDn.h>
#include <cstdio>

int main() {
  const double hx[2] = {1, 2};
  double hy[2] = {0, 0}, *x, *y, *a, *work;
  int *info;
  cudaMalloc(&x, sizeof hx);
  cudaMalloc(&y, sizeof hy);
  cudaMalloc(&a, sizeof(double));
  cudaMalloc(&work, 16 * sizeof(double));
  cudaMalloc(&info, sizeof(int));
  cudaMemcpy(x, hx, sizeof hx, cudaMemcpyHostToDevice);
  cudaMemcpy(y, hy, sizeof hy, cudaMemcpyHostToDevice);
  cudaStream_t stream;
  cudaStreamCreate(&stream);
  cublasHandle_t blas;
  cublasCreate(&blas);
  cublasSetStream(blas, stream);
  cusolverDnHandle_t solver;
  cusolverDnCreate(&solver);
  cusolverDnSetStream(solver, stream);
  const double one = 1;
  cudaGraph_t graph;
  cudaStreamBeginCapture(stream, cudaStreamCaptureModeGlobal);
  cublasStatus_t axpy = cublasDaxpy(blas, 2, &one, x, 1, y, 1);
  cusolverStatus_t potrf = cusolverDnDpotrf(solver, CUBLAS_FILL_MODE_LOWER, 1, a, 1, work, 16, info);
  cudaError_t end = cudaStreamEndCapture(stream, &graph);
  std::printf("captured: axpy %d (NOT_SUPPORTED %d), potrf %d (NOT_SUPPORTED %d), end capture %d\n",
              axpy, CUBLAS_STATUS_NOT_SUPPORTED, potrf, CUSOLVER_STATUS_NOT_SUPPORTED, end);
  axpy = cublasDaxpy(blas, 2, &one, x, 1, y, 1);
  cudaMemcpy(hy, y, sizeof hy, cudaMemcpyDeviceToHost);
  std::printf("after the capture: axpy %d, y = %g %g\n", axpy, hy[0], hy[1]);
  return 0;
}
