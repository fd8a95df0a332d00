//===-- Plans.cpp - libcufft: plans, layouts and the six transforms -------===//
//
// A plan is its sizes (n[0] the slowest axis), its type, its batch and the
// layout of its input and output: element (b, x0, .., x_{r-1}) is at
// b * dist + ((x0 * embed[1] + x1) * embed[2] + ..) * stride, in elements of
// the side's type. Without embed arrays the layout is the basic one (dense,
// stride 1), as cuFFT's. A real-to-complex transform's complex side holds
// the n_{r-1} / 2 + 1 non-redundant outputs of its last axis.
//
// An execution waits for the plan's stream, reads the input's bytes
// through the runtime (device, managed or page-locked memory), transforms
// each batch in double (Fft.cpp) and writes the output back: the elements
// between a layout's elements keep their bytes.
//
//===----------------------------------------------------------------------===//
#include "runtime/LibraryProperty.h"
#include "runtime/cufft/Fft.h"

#include <cufft.h>
#include <map>
#include <mutex>

using simt::cufft::Complex;

namespace {

struct Layout {
  std::vector<int> embed;
  size_t stride = 1, dist = 0;
};

struct Plan {
  bool made = false;
  std::vector<int> n;
  cufftType type = CUFFT_C2C;
  int batch = 1;
  Layout in, out;
  cudaStream_t stream = nullptr;
};

std::mutex plansMutex;
std::map<cufftHandle, Plan> plans;
cufftHandle nextHandle = 1;

bool realInput(cufftType t) { return t == CUFFT_R2C || t == CUFFT_D2Z; }
bool realOutput(cufftType t) { return t == CUFFT_C2R || t == CUFFT_Z2D; }
bool validType(cufftType t) {
  return t == CUFFT_C2C || t == CUFFT_Z2Z || realInput(t) || realOutput(t);
}

/// A side's logical shape: the complex side of a real transform holds half
/// of its last axis.
std::vector<int> shapeOf(const Plan &p, bool complexSide) {
  std::vector<int> s = p.n;
  if (complexSide && p.type != CUFFT_C2C && p.type != CUFFT_Z2Z)
    s.back() = s.back() / 2 + 1;
  return s;
}

size_t product(const std::vector<int> &s) {
  size_t v = 1;
  for (int e : s)
    v *= size_t(e);
  return v;
}

/// The layout given, or the basic one for the shape.
Layout layoutOf(const std::vector<int> &shape, const int *embed, int stride, int dist) {
  Layout l;
  if (!embed) {
    l.embed = shape, l.stride = 1, l.dist = product(shape);
    return l;
  }
  l.embed.assign(embed, embed + shape.size());
  l.stride = size_t(stride), l.dist = size_t(dist);
  return l;
}

/// Element offset of multi-index x in layout l (batch apart).
size_t offsetOf(const Layout &l, const std::vector<int> &x) {
  size_t lin = 0;
  for (size_t d = 0; d < x.size(); ++d)
    lin = lin * size_t(d ? l.embed[d] : 1) + size_t(x[d]);
  return lin * l.stride;
}

/// The multi-index of linear index i over shape s.
std::vector<int> indexOf(size_t i, const std::vector<int> &s) {
  std::vector<int> x(s.size());
  for (size_t d = s.size(); d-- > 0;) {
    x[d] = int(i % size_t(s[d]));
    i /= size_t(s[d]);
  }
  return x;
}

/// Elements a side spans: the last batch's last element, plus one.
size_t spanOf(const Plan &p, const Layout &l, const std::vector<int> &shape) {
  std::vector<int> last(shape);
  for (int &e : last)
    --e;
  return size_t(p.batch - 1) * l.dist + offsetOf(l, last) + 1;
}

cufftResult makePlan(cufftHandle h, int rank, const int *n, const int *inembed, int istride,
                     int idist, const int *onembed, int ostride, int odist, cufftType type,
                     int batch, size_t *workSize) {
  std::lock_guard<std::mutex> lock(plansMutex);
  auto it = plans.find(h);
  if (it == plans.end())
    return CUFFT_INVALID_PLAN;
  if (!validType(type))
    return CUFFT_INVALID_TYPE;
  if (rank < 1 || rank > 3 || !n || batch < 1)
    return CUFFT_INVALID_VALUE;
  for (int d = 0; d < rank; ++d)
    if (n[d] < 1)
      return CUFFT_INVALID_SIZE;
  if ((inembed || onembed) && (istride < 1 || ostride < 1 || idist < 0 || odist < 0))
    return CUFFT_INVALID_VALUE;
  Plan &p = it->second;
  p.n.assign(n, n + rank);
  p.type = type, p.batch = batch;
  const bool inComplex = !realInput(type), outComplex = !realOutput(type);
  // As cuFFT: a null embed on either side means the basic layout on both.
  const bool basic = !inembed || !onembed;
  p.in = layoutOf(shapeOf(p, inComplex), basic ? nullptr : inembed, istride, idist);
  p.out = layoutOf(shapeOf(p, outComplex), basic ? nullptr : onembed, ostride, odist);
  p.made = true;
  if (workSize)
    *workSize = 0; // no device work area: the transform runs on the host
  return CUFFT_SUCCESS;
}

cufftResult newPlan(cufftHandle *h) {
  if (!h)
    return CUFFT_INVALID_VALUE;
  std::lock_guard<std::mutex> lock(plansMutex);
  *h = nextHandle++;
  plans[*h] = Plan{};
  return CUFFT_SUCCESS;
}

bool copyBytes(void *dst, const void *src, size_t bytes) {
  return !bytes || cudaMemcpy(dst, src, bytes, cudaMemcpyDefault) == cudaSuccess;
}

/// Runs plan h of type `want` on idata -> odata; Real is float or double.
template <class Real>
cufftResult execute(cufftHandle h, cufftType want, const void *idata, void *odata, int sign) {
  Plan p;
  {
    std::lock_guard<std::mutex> lock(plansMutex);
    auto it = plans.find(h);
    if (it == plans.end() || !it->second.made)
      return CUFFT_INVALID_PLAN;
    p = it->second;
  }
  if (p.type != want)
    return CUFFT_INVALID_TYPE;
  if (!idata || !odata || (sign != CUFFT_FORWARD && sign != CUFFT_INVERSE))
    return CUFFT_INVALID_VALUE;
  if (cudaStreamSynchronize(p.stream) != cudaSuccess)
    return CUFFT_EXEC_FAILED;
  const bool inReal = realInput(p.type), outReal = realOutput(p.type);
  const std::vector<int> inShape = shapeOf(p, !inReal), outShape = shapeOf(p, !outReal);
  const size_t inWidth = inReal ? 1 : 2, outWidth = outReal ? 1 : 2; // Reals per element
  std::vector<Real> in(spanOf(p, p.in, inShape) * inWidth),
      out(spanOf(p, p.out, outShape) * outWidth);
  if (!copyBytes(in.data(), idata, in.size() * sizeof(Real)) ||
      !copyBytes(out.data(), odata, out.size() * sizeof(Real)))
    return CUFFT_EXEC_FAILED;
  const size_t full = product(p.n);
  std::vector<Complex> x(full);
  for (int b = 0; b < p.batch; ++b) {
    auto inAt = [&](const std::vector<int> &idx) {
      size_t o = (size_t(b) * p.in.dist + offsetOf(p.in, idx)) * inWidth;
      return inReal ? Complex(in[o], 0) : Complex(in[o], in[o + 1]);
    };
    for (size_t i = 0; i < full; ++i) {
      std::vector<int> idx = indexOf(i, p.n);
      if (!outReal) {
        x[i] = inAt(idx);
        continue;
      }
      // Complex to real: the redundant half from Hermitian symmetry,
      // X(-x0, .., -x_{r-1}) = conj X(x0, .., x_{r-1}).
      const int last = p.n.back();
      if (idx.back() <= last / 2) {
        x[i] = inAt(idx);
        continue;
      }
      for (size_t d = 0; d < idx.size(); ++d)
        idx[d] = (p.n[d] - idx[d]) % p.n[d];
      x[i] = std::conj(inAt(idx));
    }
    simt::cufft::transformAll(x, p.n, inReal ? CUFFT_FORWARD : outReal ? CUFFT_INVERSE : sign);
    for (size_t i = 0, outs = product(outShape); i < outs; ++i) {
      std::vector<int> idx = indexOf(i, outShape);
      // The output's element among the full transform's.
      size_t fullIndex = 0;
      for (size_t d = 0; d < idx.size(); ++d)
        fullIndex = fullIndex * size_t(p.n[d]) + size_t(idx[d]);
      size_t o = (size_t(b) * p.out.dist + offsetOf(p.out, idx)) * outWidth;
      out[o] = Real(x[fullIndex].real());
      if (!outReal)
        out[o + 1] = Real(x[fullIndex].imag());
    }
  }
  return copyBytes(odata, out.data(), out.size() * sizeof(Real)) ? CUFFT_SUCCESS
                                                                  : CUFFT_EXEC_FAILED;
}

} // namespace

extern "C" {

cufftResult cufftCreate(cufftHandle *handle) { return newPlan(handle); }

cufftResult cufftMakePlanMany(cufftHandle plan, int rank, int *n, int *inembed, int istride,
                              int idist, int *onembed, int ostride, int odist, cufftType type,
                              int batch, size_t *workSize) {
  return makePlan(plan, rank, n, inembed, istride, idist, onembed, ostride, odist, type, batch,
                  workSize);
}
cufftResult cufftMakePlan1d(cufftHandle plan, int nx, cufftType type, int batch,
                            size_t *workSize) {
  return makePlan(plan, 1, &nx, nullptr, 1, 0, nullptr, 1, 0, type, batch, workSize);
}
cufftResult cufftMakePlan2d(cufftHandle plan, int nx, int ny, cufftType type, size_t *workSize) {
  int n[] = {nx, ny};
  return makePlan(plan, 2, n, nullptr, 1, 0, nullptr, 1, 0, type, 1, workSize);
}
cufftResult cufftMakePlan3d(cufftHandle plan, int nx, int ny, int nz, cufftType type,
                            size_t *workSize) {
  int n[] = {nx, ny, nz};
  return makePlan(plan, 3, n, nullptr, 1, 0, nullptr, 1, 0, type, 1, workSize);
}

/// The one-call forms: a handle, then its plan (no handle if that fails).
#define ONE_CALL(MAKE)                                                                          \
  if (cufftResult r = newPlan(plan))                                                            \
    return r;                                                                                   \
  cufftResult r = MAKE;                                                                         \
  if (r != CUFFT_SUCCESS)                                                                       \
    cufftDestroy(*plan);                                                                        \
  return r;
cufftResult cufftPlan1d(cufftHandle *plan, int nx, cufftType type, int batch) {
  ONE_CALL(cufftMakePlan1d(*plan, nx, type, batch, nullptr))
}
cufftResult cufftPlan2d(cufftHandle *plan, int nx, int ny, cufftType type) {
  ONE_CALL(cufftMakePlan2d(*plan, nx, ny, type, nullptr))
}
cufftResult cufftPlan3d(cufftHandle *plan, int nx, int ny, int nz, cufftType type) {
  ONE_CALL(cufftMakePlan3d(*plan, nx, ny, nz, type, nullptr))
}
cufftResult cufftPlanMany(cufftHandle *plan, int rank, int *n, int *inembed, int istride,
                          int idist, int *onembed, int ostride, int odist, cufftType type,
                          int batch) {
  ONE_CALL(cufftMakePlanMany(*plan, rank, n, inembed, istride, idist, onembed, ostride, odist,
                             type, batch, nullptr))
}
#undef ONE_CALL

cufftResult cufftEstimate1d(int nx, cufftType type, int batch, size_t *workSize) {
  if (!workSize)
    return CUFFT_INVALID_VALUE;
  *workSize = 0;
  return nx < 1 || batch < 1 ? CUFFT_INVALID_SIZE
                             : validType(type) ? CUFFT_SUCCESS : CUFFT_INVALID_TYPE;
}

/// The plan-wide settings: the work area is the host's, so its size is 0
/// and the calls that hand one over are accepted.
static cufftResult withPlan(cufftHandle h, Plan **p) {
  auto it = plans.find(h);
  if (it == plans.end())
    return CUFFT_INVALID_PLAN;
  *p = &it->second;
  return CUFFT_SUCCESS;
}
cufftResult cufftGetSize(cufftHandle handle, size_t *workSize) {
  std::lock_guard<std::mutex> lock(plansMutex);
  Plan *p;
  if (cufftResult r = withPlan(handle, &p))
    return r;
  if (!workSize)
    return CUFFT_INVALID_VALUE;
  *workSize = 0;
  return CUFFT_SUCCESS;
}
cufftResult cufftSetAutoAllocation(cufftHandle plan, int) {
  std::lock_guard<std::mutex> lock(plansMutex);
  Plan *p;
  return withPlan(plan, &p);
}
cufftResult cufftSetWorkArea(cufftHandle plan, void *) {
  std::lock_guard<std::mutex> lock(plansMutex);
  Plan *p;
  return withPlan(plan, &p);
}
cufftResult cufftSetStream(cufftHandle plan, cudaStream_t stream) {
  std::lock_guard<std::mutex> lock(plansMutex);
  Plan *p;
  if (cufftResult r = withPlan(plan, &p))
    return r;
  p->stream = stream;
  return CUFFT_SUCCESS;
}
cufftResult cufftDestroy(cufftHandle plan) {
  std::lock_guard<std::mutex> lock(plansMutex);
  return plans.erase(plan) ? CUFFT_SUCCESS : CUFFT_INVALID_PLAN;
}
cufftResult cufftGetVersion(int *version) {
  if (!version)
    return CUFFT_INVALID_VALUE;
  *version = CUFFT_VERSION;
  return CUFFT_SUCCESS;
}
cufftResult cufftGetProperty(libraryPropertyType type, int *value) {
  return simt::rt::libraryProperty(type, value, CUFFT_VER_MAJOR, CUFFT_VER_MINOR,
                                   CUFFT_VER_PATCH)
             ? CUFFT_SUCCESS
             : CUFFT_INVALID_VALUE;
}

cufftResult cufftExecC2C(cufftHandle plan, cufftComplex *idata, cufftComplex *odata,
                         int direction) {
  return execute<float>(plan, CUFFT_C2C, idata, odata, direction);
}
cufftResult cufftExecR2C(cufftHandle plan, cufftReal *idata, cufftComplex *odata) {
  return execute<float>(plan, CUFFT_R2C, idata, odata, CUFFT_FORWARD);
}
cufftResult cufftExecC2R(cufftHandle plan, cufftComplex *idata, cufftReal *odata) {
  return execute<float>(plan, CUFFT_C2R, idata, odata, CUFFT_INVERSE);
}
cufftResult cufftExecZ2Z(cufftHandle plan, cufftDoubleComplex *idata, cufftDoubleComplex *odata,
                         int direction) {
  return execute<double>(plan, CUFFT_Z2Z, idata, odata, direction);
}
cufftResult cufftExecD2Z(cufftHandle plan, cufftDoubleReal *idata, cufftDoubleComplex *odata) {
  return execute<double>(plan, CUFFT_D2Z, idata, odata, CUFFT_FORWARD);
}
cufftResult cufftExecZ2D(cufftHandle plan, cufftDoubleComplex *idata, cufftDoubleReal *odata) {
  return execute<double>(plan, CUFFT_Z2D, idata, odata, CUFFT_INVERSE);
}

} // extern "C"
