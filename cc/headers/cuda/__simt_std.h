/* cuda::std, libcu++'s standard library for host and device, is the C++
 * library itself here: cuda::std names what ::std has (a using-directive,
 * so that qualified names such as cuda::std::array find std's), and
 * declares only what device code cannot take from the host's library
 * (cuda::std::atomic, <cuda/std/atomic>). Its templates are constexpr or,
 * like std::complex through clang's CUDA wrappers, device-callable. */
#pragma once

namespace cuda {
namespace std {
using namespace ::std;
} // namespace std
} // namespace cuda
