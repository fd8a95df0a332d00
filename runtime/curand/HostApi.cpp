//===-- HostApi.cpp - libcurand: cuRAND's host API over the runtime -------===//
//
// curandCreateGenerator's generators fill device memory: the numbers are
// computed on the host (Generator.cpp) and copied on the generator's
// stream, which orders them with the program's kernels as cuRAND's own
// generation kernel would be. curandCreateGeneratorHost's fill host memory.
// XORWOW (the default), MRG32k3a, Philox4_32_10 and the Sobol' quasi-random
// generators are provided; asking for another (MTGP32, MT19937) is
// CURAND_STATUS_TYPE_ERROR with a note on standard error.
//
//===----------------------------------------------------------------------===//
#include "runtime/curand/Generator.h"
#include "runtime/curand/Sobol.h"
#include "runtime/LibraryProperty.h"

#include <cstdio>
#include <cuda_runtime.h>
#include <vector>

using simt::curand::Kind;
using simt::curand::Parameters;

namespace {

curandStatus_t create(curandGenerator_t *generator, curandRngType_t rng, bool onHost) {
  if (!generator)
    return CURAND_STATUS_NOT_INITIALIZED;
  if (!simt::curand::supported(rng)) {
    std::fprintf(stderr,
                 "simt-curand: generator type %d is not provided (XORWOW, the default, "
                 "MRG32K3A, PHILOX4_32_10 and the Sobol' ones are): "
                 "CURAND_STATUS_TYPE_ERROR\n",
                 int(rng));
    return CURAND_STATUS_TYPE_ERROR;
  }
  auto *g = new curandGenerator_st();
  g->rng = rng == CURAND_RNG_QUASI_DEFAULT ? CURAND_RNG_QUASI_SOBOL32 : rng;
  g->onHost = onHost;
  *generator = g;
  return CURAND_STATUS_SUCCESS;
}

curandStatus_t generate(curandGenerator_t g, Kind k, Parameters p, void *out, size_t n,
                        size_t elementBytes) {
  if (!g)
    return CURAND_STATUS_NOT_INITIALIZED;
  const bool quasi = simt::curand::isQuasi(g->rng);
  bool normal = k != Kind::Bits && k != Kind::Uniform && k != Kind::UniformDouble &&
                k != Kind::Poisson && k != Kind::LongLong;
  // XORWOW's normals come in pairs from one stream: an odd count is
  // refused, as cuRAND refuses it; Philox's take four at a time anyway. A
  // quasi-random call gives each dimension the same number of points.
  if ((normal && n % 2 && g->rng != CURAND_RNG_PSEUDO_PHILOX4_32_10 && !quasi) ||
      (quasi && n % g->dimensions))
    return CURAND_STATUS_LENGTH_NOT_MULTIPLE;
  // 32-bit integers from the 32-bit generators, 64-bit from the 64-bit ones.
  if ((k == Kind::LongLong) != simt::curand::is64(g->rng) &&
      (k == Kind::LongLong || k == Kind::Bits))
    return CURAND_STATUS_TYPE_ERROR;
  if (n && !out)
    return CURAND_STATUS_LAUNCH_FAILURE;
  if (g->onHost) {
    g->fill(k, p, out, n);
    return CURAND_STATUS_SUCCESS;
  }
  std::vector<unsigned char> host(n * elementBytes);
  g->fill(k, p, host.data(), n);
  if (cudaMemcpyAsync(out, host.data(), host.size(), cudaMemcpyHostToDevice, g->stream) !=
          cudaSuccess ||
      cudaStreamSynchronize(g->stream) != cudaSuccess)
    return CURAND_STATUS_LAUNCH_FAILURE;
  return CURAND_STATUS_SUCCESS;
}

} // namespace

extern "C" {

curandStatus_t curandCreateGenerator(curandGenerator_t *generator, curandRngType_t rng_type) {
  return create(generator, rng_type, false);
}
curandStatus_t curandCreateGeneratorHost(curandGenerator_t *generator,
                                         curandRngType_t rng_type) {
  return create(generator, rng_type, true);
}
curandStatus_t curandDestroyGenerator(curandGenerator_t generator) {
  if (!generator)
    return CURAND_STATUS_NOT_INITIALIZED;
  delete generator;
  return CURAND_STATUS_SUCCESS;
}
curandStatus_t curandGetVersion(int *version) {
  if (!version)
    return CURAND_STATUS_OUT_OF_RANGE;
  *version = CURAND_VERSION;
  return CURAND_STATUS_SUCCESS;
}
curandStatus_t curandGetProperty(libraryPropertyType type, int *value) {
  return simt::rt::libraryProperty(type, value, CURAND_VER_MAJOR, CURAND_VER_MINOR,
                                   CURAND_VER_PATCH)
             ? CURAND_STATUS_SUCCESS
             : CURAND_STATUS_OUT_OF_RANGE;
}
curandStatus_t curandSetStream(curandGenerator_t generator, cudaStream_t stream) {
  if (!generator)
    return CURAND_STATUS_NOT_INITIALIZED;
  generator->stream = stream;
  return CURAND_STATUS_SUCCESS;
}
curandStatus_t curandSetPseudoRandomGeneratorSeed(curandGenerator_t generator,
                                                  unsigned long long seed) {
  if (!generator)
    return CURAND_STATUS_NOT_INITIALIZED;
  if (simt::curand::isQuasi(generator->rng))
    return CURAND_STATUS_TYPE_ERROR;
  generator->seed = seed;
  generator->reset();
  return CURAND_STATUS_SUCCESS;
}
curandStatus_t curandSetGeneratorOffset(curandGenerator_t generator, unsigned long long offset) {
  if (!generator)
    return CURAND_STATUS_NOT_INITIALIZED;
  generator->offset = offset;
  generator->reset();
  return CURAND_STATUS_SUCCESS;
}
curandStatus_t curandSetGeneratorOrdering(curandGenerator_t generator, curandOrdering_t order) {
  if (!generator)
    return CURAND_STATUS_NOT_INITIALIZED;
  // The pseudo-random orderings other than DYNAMIC give the default's
  // numbers for these generators; DYNAMIC may order as it likes. The
  // quasi-random generators have their one ordering.
  if (simt::curand::isQuasi(generator->rng))
    return order == CURAND_ORDERING_QUASI_DEFAULT ? CURAND_STATUS_SUCCESS
                                                  : CURAND_STATUS_OUT_OF_RANGE;
  if (order < CURAND_ORDERING_PSEUDO_BEST || order > CURAND_ORDERING_PSEUDO_DYNAMIC)
    return CURAND_STATUS_OUT_OF_RANGE;
  return CURAND_STATUS_SUCCESS;
}
curandStatus_t curandGenerateSeeds(curandGenerator_t generator) {
  return generator ? CURAND_STATUS_SUCCESS : CURAND_STATUS_NOT_INITIALIZED;
}
curandStatus_t curandGenerate(curandGenerator_t generator, unsigned int *outputPtr, size_t num) {
  return generate(generator, Kind::Bits, {}, outputPtr, num, sizeof *outputPtr);
}
curandStatus_t curandGenerateUniform(curandGenerator_t generator, float *outputPtr, size_t num) {
  return generate(generator, Kind::Uniform, {}, outputPtr, num, sizeof *outputPtr);
}
curandStatus_t curandGenerateUniformDouble(curandGenerator_t generator, double *outputPtr,
                                           size_t num) {
  return generate(generator, Kind::UniformDouble, {}, outputPtr, num, sizeof *outputPtr);
}
curandStatus_t curandGenerateNormal(curandGenerator_t generator, float *outputPtr, size_t n,
                                    float mean, float stddev) {
  return generate(generator, Kind::Normal, {mean, stddev}, outputPtr, n, sizeof *outputPtr);
}
curandStatus_t curandGenerateNormalDouble(curandGenerator_t generator, double *outputPtr,
                                          size_t n, double mean, double stddev) {
  return generate(generator, Kind::NormalDouble, {mean, stddev}, outputPtr, n,
                  sizeof *outputPtr);
}
curandStatus_t curandGenerateLogNormal(curandGenerator_t generator, float *outputPtr, size_t n,
                                       float mean, float stddev) {
  return generate(generator, Kind::LogNormal, {mean, stddev}, outputPtr, n, sizeof *outputPtr);
}
curandStatus_t curandGeneratePoisson(curandGenerator_t generator, unsigned int *outputPtr,
                                     size_t n, double lambda) {
  if (!(lambda > 0))
    return generator ? CURAND_STATUS_OUT_OF_RANGE : CURAND_STATUS_NOT_INITIALIZED;
  const simt::curand::PoissonTable table(lambda);
  Parameters p;
  p.poisson = &table;
  return generate(generator, Kind::Poisson, p, outputPtr, n, sizeof *outputPtr);
}
// The distribution and its table in one device allocation, the table
// right after the header.
curandStatus_t curandCreatePoissonDistribution(double lambda,
                                               curandDiscreteDistribution_t *distribution) {
  if (!distribution || !(lambda > 0))
    return CURAND_STATUS_OUT_OF_RANGE;
  const simt::curand::PoissonTable table(lambda);
  const size_t header = sizeof(curandDiscreteDistribution_st);
  void *block = nullptr;
  if (cudaMalloc(&block, header + table.cdf.size() * sizeof(double)) != cudaSuccess)
    return CURAND_STATUS_ALLOCATION_FAILED;
  curandDiscreteDistribution_st d;
  d.lambda = lambda;
  d.first = table.first;
  d.length = unsigned(table.cdf.size());
  d.cdf = reinterpret_cast<const double *>(static_cast<char *>(block) + header);
  if (cudaMemcpy(block, &d, header, cudaMemcpyHostToDevice) != cudaSuccess ||
      cudaMemcpy(const_cast<double *>(d.cdf), table.cdf.data(), table.cdf.size() * sizeof(double),
                 cudaMemcpyHostToDevice) != cudaSuccess) {
    cudaFree(block);
    return CURAND_STATUS_INITIALIZATION_FAILED;
  }
  *distribution = static_cast<curandDiscreteDistribution_t>(block);
  return CURAND_STATUS_SUCCESS;
}
curandStatus_t curandDestroyDistribution(curandDiscreteDistribution_t distribution) {
  if (!distribution)
    return CURAND_STATUS_OUT_OF_RANGE;
  return cudaFree(distribution) == cudaSuccess ? CURAND_STATUS_SUCCESS
                                               : CURAND_STATUS_INITIALIZATION_FAILED;
}
curandStatus_t curandGenerateLongLong(curandGenerator_t generator, unsigned long long *outputPtr,
                                      size_t num) {
  return generate(generator, Kind::LongLong, {}, outputPtr, num, sizeof *outputPtr);
}
curandStatus_t curandSetQuasiRandomGeneratorDimensions(curandGenerator_t generator,
                                                       unsigned int dimensions) {
  if (!generator)
    return CURAND_STATUS_NOT_INITIALIZED;
  if (dimensions < 1 || dimensions > simt::curand::kSobolDimensions)
    return CURAND_STATUS_OUT_OF_RANGE;
  if (!simt::curand::isQuasi(generator->rng))
    return CURAND_STATUS_TYPE_ERROR;
  generator->dimensions = dimensions;
  generator->reset();
  return CURAND_STATUS_SUCCESS;
}
curandStatus_t curandGetDirectionVectors32(curandDirectionVectors32_t *vectors[],
                                           curandDirectionVectorSet_t set) {
  if (!vectors || (set != CURAND_DIRECTION_VECTORS_32_JOEKUO6 &&
                   set != CURAND_SCRAMBLED_DIRECTION_VECTORS_32_JOEKUO6))
    return CURAND_STATUS_OUT_OF_RANGE;
  *vectors = reinterpret_cast<curandDirectionVectors32_t *>(const_cast<unsigned int *>(
      simt::curand::sobolDirections32(set == CURAND_SCRAMBLED_DIRECTION_VECTORS_32_JOEKUO6)));
  return CURAND_STATUS_SUCCESS;
}
curandStatus_t curandGetDirectionVectors64(curandDirectionVectors64_t *vectors[],
                                           curandDirectionVectorSet_t set) {
  if (!vectors || (set != CURAND_DIRECTION_VECTORS_64_JOEKUO6 &&
                   set != CURAND_SCRAMBLED_DIRECTION_VECTORS_64_JOEKUO6))
    return CURAND_STATUS_OUT_OF_RANGE;
  *vectors = reinterpret_cast<curandDirectionVectors64_t *>(const_cast<unsigned long long *>(
      reinterpret_cast<const unsigned long long *>(simt::curand::sobolDirections64(
          set == CURAND_SCRAMBLED_DIRECTION_VECTORS_64_JOEKUO6))));
  return CURAND_STATUS_SUCCESS;
}
curandStatus_t curandGetScrambleConstants32(unsigned int **constants) {
  if (!constants)
    return CURAND_STATUS_OUT_OF_RANGE;
  *constants = const_cast<unsigned int *>(simt::curand::sobolScramble32());
  return CURAND_STATUS_SUCCESS;
}
curandStatus_t curandGetScrambleConstants64(unsigned long long **constants) {
  if (!constants)
    return CURAND_STATUS_OUT_OF_RANGE;
  *constants = const_cast<unsigned long long *>(
      reinterpret_cast<const unsigned long long *>(simt::curand::sobolScramble64()));
  return CURAND_STATUS_SUCCESS;
}
curandStatus_t curandGenerateLogNormalDouble(curandGenerator_t generator, double *outputPtr,
                                             size_t n, double mean, double stddev) {
  return generate(generator, Kind::LogNormalDouble, {mean, stddev}, outputPtr, n,
                  sizeof *outputPtr);
}

} // extern "C"
