/* Host code in C (c99, -pedantic), as NVIDIA's cuSPARSE samples write it:
 * the runtime API, cuSPARSE's generic SpMV, cuBLAS and cuRAND's host API
 * through the toolkit's headers, each result checked here against the same
 * arithmetic on the host (exact: small integers in float). */
#include <cublas_v2.h>
#include <cuda_runtime_api.h>
#include <curand.h>
#include <cusparse.h>
#include <stdio.h>

#define N 4

static int failures = 0;

static void check(int ok, const char *what) {
  if (!ok) {
    printf("FAILED: %s\n", what);
    ++failures;
  }
}

int main(void) {
  /* A = [[1 0 2 0] [0 3 0 0] [4 0 5 6] [0 0 0 7]] in CSR; y = A x. */
  const int rowPtr[N + 1] = {0, 2, 3, 6, 7};
  const int cols[7] = {0, 2, 1, 0, 2, 3, 3};
  const float vals[7] = {1, 2, 3, 4, 5, 6, 7};
  const float x[N] = {1, 2, 3, 4};
  float y[N] = {0, 0, 0, 0}, expect[N];
  int i, k;
  for (i = 0; i < N; ++i) {
    expect[i] = 0;
    for (k = rowPtr[i]; k < rowPtr[i + 1]; ++k)
      expect[i] += vals[k] * x[cols[k]];
  }
  int *dRows, *dCols;
  float *dVals, *dX, *dY;
  cudaMalloc((void **)&dRows, sizeof rowPtr);
  cudaMalloc((void **)&dCols, sizeof cols);
  cudaMalloc((void **)&dVals, sizeof vals);
  cudaMalloc((void **)&dX, sizeof x);
  cudaMalloc((void **)&dY, sizeof y);
  cudaMemcpy(dRows, rowPtr, sizeof rowPtr, cudaMemcpyHostToDevice);
  cudaMemcpy(dCols, cols, sizeof cols, cudaMemcpyHostToDevice);
  cudaMemcpy(dVals, vals, sizeof vals, cudaMemcpyHostToDevice);
  cudaMemcpy(dX, x, sizeof x, cudaMemcpyHostToDevice);
  cudaMemcpy(dY, y, sizeof y, cudaMemcpyHostToDevice);

  cusparseHandle_t sparse;
  cusparseSpMatDescr_t matA;
  cusparseDnVecDescr_t vecX, vecY;
  float alpha = 1, beta = 0;
  size_t bufferSize = 0;
  void *buffer = NULL;
  check(cusparseCreate(&sparse) == CUSPARSE_STATUS_SUCCESS, "cusparseCreate");
  cusparseCreateCsr(&matA, N, N, 7, dRows, dCols, dVals, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                    CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F);
  cusparseCreateDnVec(&vecX, N, dX, CUDA_R_32F);
  cusparseCreateDnVec(&vecY, N, dY, CUDA_R_32F);
  cusparseSpMV_bufferSize(sparse, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, matA, vecX, &beta,
                          vecY, CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT, &bufferSize);
  cudaMalloc(&buffer, bufferSize ? bufferSize : 1);
  check(cusparseSpMV(sparse, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, matA, vecX, &beta, vecY,
                     CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT, buffer) == CUSPARSE_STATUS_SUCCESS,
        "cusparseSpMV");
  cudaMemcpy(y, dY, sizeof y, cudaMemcpyDeviceToHost);
  for (i = 0; i < N; ++i)
    check(y[i] == expect[i], "SpMV's y");
  cusparseDestroySpMat(matA);
  cusparseDestroyDnVec(vecX);
  cusparseDestroyDnVec(vecY);
  cusparseDestroy(sparse);

  /* cuBLAS: dot(x, y) of the vectors above. */
  cublasHandle_t blas;
  float dot = 0, dotExpect = 0;
  for (i = 0; i < N; ++i)
    dotExpect += x[i] * expect[i];
  cublasCreate(&blas);
  check(cublasSdot(blas, N, dX, 1, dY, 1, &dot) == CUBLAS_STATUS_SUCCESS, "cublasSdot");
  check(dot == dotExpect, "cublasSdot's value");
  cublasDestroy(blas);

  /* cuRAND's host API: uniform floats in (0, 1]. */
  curandGenerator_t gen;
  float u[N];
  curandCreateGenerator(&gen, CURAND_RNG_PSEUDO_DEFAULT);
  curandSetPseudoRandomGeneratorSeed(gen, 42ULL);
  check(curandGenerateUniform(gen, dY, N) == CURAND_STATUS_SUCCESS, "curandGenerateUniform");
  cudaMemcpy(u, dY, sizeof u, cudaMemcpyDeviceToHost);
  for (i = 0; i < N; ++i)
    check(u[i] > 0 && u[i] <= 1, "a uniform in (0, 1]");
  curandDestroyGenerator(gen);

  dim3 grid = {2, 1, 1};
  float2 pair = make_float2(1.5f, 2.5f);
  check(grid.x == 2 && pair.y == 2.5f, "dim3 and float2 in C");
  cudaFree(dRows);
  cudaFree(dCols);
  cudaFree(dVals);
  cudaFree(dX);
  cudaFree(dY);
  cudaFree(buffer);
  printf("C host API: %d failures; y = %g %g %g %g, dot %g\n", failures, y[0], y[1], y[2], y[3],
         dot);
  return failures != 0;
}
