/* libcu++'s atomics for host and device: cuda::atomic, cuda::atomic_ref
 * (with a thread scope) and cuda::std::atomic, cuda::std::atomic_ref (the
 * system scope), on clang's __atomic builtins, which compile to the
 * device's atomics (ATOM, RED, and compare-and-swap loops for what it
 * lacks) in device code and to the host's in host code; ordered loads,
 * stores and fences on the device are relaxed ones and MEMBAR.GL. A narrower scope
 * is kept as a type but orders as much as the system scope here: every
 * atomic of this device is device-wide and sequentially consistent. */
#pragma once

#include <atomic>
#include <cstddef>
#include <cuda/__simt_std.h>
#include <type_traits>

namespace cuda {

enum thread_scope {
  thread_scope_system = 0,
  thread_scope_device = 1,
  thread_scope_block = 2,
  thread_scope_thread = 3,
};

using memory_order = ::std::memory_order;
inline constexpr memory_order memory_order_relaxed = ::std::memory_order_relaxed;
inline constexpr memory_order memory_order_consume = ::std::memory_order_consume;
inline constexpr memory_order memory_order_acquire = ::std::memory_order_acquire;
inline constexpr memory_order memory_order_release = ::std::memory_order_release;
inline constexpr memory_order memory_order_acq_rel = ::std::memory_order_acq_rel;
inline constexpr memory_order memory_order_seq_cst = ::std::memory_order_seq_cst;

namespace __simt {
/* The builtins' memory order for one of std's. */
__host__ __device__ constexpr int order(memory_order o) {
  return o == memory_order_relaxed   ? __ATOMIC_RELAXED
         : o == memory_order_consume ? __ATOMIC_CONSUME
         : o == memory_order_acquire ? __ATOMIC_ACQUIRE
         : o == memory_order_release ? __ATOMIC_RELEASE
         : o == memory_order_acq_rel ? __ATOMIC_ACQ_REL
                                     : __ATOMIC_SEQ_CST;
}
/* A failed compare-exchange loads: its order without the release part. */
__host__ __device__ constexpr int failureOrder(memory_order o) {
  return o == memory_order_acq_rel ? __ATOMIC_ACQUIRE
         : o == memory_order_release ? __ATOMIC_RELAXED
                                     : order(o);
}

/* The operations on an object at `p`, shared by atomic and atomic_ref. */
template <class T> struct ops {
  /* On the device a relaxed load or store and MEMBAR.GL around it: clang's
   * NVPTX back end selects no ordered atomic load or store below sm_70. */
  static __host__ __device__ T load(const T *p, memory_order o) {
    T v;
#ifdef __CUDA_ARCH__
    __atomic_load(p, &v, __ATOMIC_RELAXED);
    if (o != memory_order_relaxed)
      __threadfence();
#else
    __atomic_load(p, &v, order(o));
#endif
    return v;
  }
  static __host__ __device__ void store(T *p, T v, memory_order o) {
#ifdef __CUDA_ARCH__
    if (o != memory_order_relaxed)
      __threadfence();
    __atomic_store(p, &v, __ATOMIC_RELAXED);
    if (o == memory_order_seq_cst)
      __threadfence();
#else
    __atomic_store(p, &v, order(o));
#endif
  }
  static __host__ __device__ T exchange(T *p, T v, memory_order o) {
    T old;
    __atomic_exchange(p, &v, &old, order(o));
    return old;
  }
  static __host__ __device__ bool cas(T *p, T &expected, T desired, bool weak, memory_order s,
                                      memory_order f) {
    return __atomic_compare_exchange(p, &expected, &desired, weak, order(s), failureOrder(f));
  }
};
} // namespace __simt

namespace __simt {
/* fetch_add's operand: a pointer's is a count of elements. */
template <class T> struct differenceOf {
  using type = T;
};
template <class U> struct differenceOf<U *> {
  using type = ptrdiff_t;
};
template <class T> using difference = typename differenceOf<T>::type;
template <class T> __host__ __device__ constexpr difference<T> scaled(difference<T> v) {
  if constexpr (::std::is_pointer<T>::value)
    return v * difference<T>(sizeof(typename ::std::remove_pointer<T>::type));
  else
    return v;
}
} // namespace __simt

/* What atomic and atomic_ref have in common, over `Derived::ptr()`. */
template <class T, class Derived> struct __simt_atomic_base {
  using value_type = T;
  static constexpr bool is_always_lock_free = sizeof(T) <= 8;
  __host__ __device__ bool is_lock_free() const noexcept { return is_always_lock_free; }
  __host__ __device__ T load(memory_order o = memory_order_seq_cst) const noexcept {
    return __simt::ops<T>::load(self().ptr(), o);
  }
  __host__ __device__ void store(T v, memory_order o = memory_order_seq_cst) const noexcept {
    __simt::ops<T>::store(self().ptr(), v, o);
  }
  __host__ __device__ operator T() const noexcept { return load(); }
  __host__ __device__ T exchange(T v, memory_order o = memory_order_seq_cst) const noexcept {
    return __simt::ops<T>::exchange(self().ptr(), v, o);
  }
  __host__ __device__ bool compare_exchange_strong(T &e, T d, memory_order s,
                                                   memory_order f) const noexcept {
    return __simt::ops<T>::cas(self().ptr(), e, d, false, s, f);
  }
  __host__ __device__ bool compare_exchange_strong(
      T &e, T d, memory_order o = memory_order_seq_cst) const noexcept {
    return __simt::ops<T>::cas(self().ptr(), e, d, false, o, o);
  }
  __host__ __device__ bool compare_exchange_weak(T &e, T d, memory_order s,
                                                 memory_order f) const noexcept {
    return __simt::ops<T>::cas(self().ptr(), e, d, true, s, f);
  }
  __host__ __device__ bool compare_exchange_weak(
      T &e, T d, memory_order o = memory_order_seq_cst) const noexcept {
    return __simt::ops<T>::cas(self().ptr(), e, d, true, o, o);
  }
  /* Integers and floats: the arithmetic the builtins do (a float's as a
   * compare-and-swap loop where the device has no add); a pointer moves by
   * elements, which the builtins count in bytes. */
  using difference_type = __simt::difference<T>;
  __host__ __device__ T fetch_add(difference_type v,
                                  memory_order o = memory_order_seq_cst) const noexcept {
    return __atomic_fetch_add(self().ptr(), __simt::scaled<T>(v), __simt::order(o));
  }
  __host__ __device__ T fetch_sub(difference_type v,
                                  memory_order o = memory_order_seq_cst) const noexcept {
    return __atomic_fetch_sub(self().ptr(), __simt::scaled<T>(v), __simt::order(o));
  }
  __host__ __device__ T fetch_and(T v, memory_order o = memory_order_seq_cst) const noexcept {
    return __atomic_fetch_and(self().ptr(), v, __simt::order(o));
  }
  __host__ __device__ T fetch_or(T v, memory_order o = memory_order_seq_cst) const noexcept {
    return __atomic_fetch_or(self().ptr(), v, __simt::order(o));
  }
  __host__ __device__ T fetch_xor(T v, memory_order o = memory_order_seq_cst) const noexcept {
    return __atomic_fetch_xor(self().ptr(), v, __simt::order(o));
  }
  /* libcu++'s extensions. */
  __host__ __device__ T fetch_min(T v, memory_order o = memory_order_seq_cst) const noexcept {
    T old = load(o == memory_order_release ? memory_order_relaxed : o);
    while (v < old && !compare_exchange_weak(old, v, o, o)) {
    }
    return old;
  }
  __host__ __device__ T fetch_max(T v, memory_order o = memory_order_seq_cst) const noexcept {
    T old = load(o == memory_order_release ? memory_order_relaxed : o);
    while (old < v && !compare_exchange_weak(old, v, o, o)) {
    }
    return old;
  }
  __host__ __device__ T operator++() const noexcept { return fetch_add(1) + 1; }
  __host__ __device__ T operator++(int) const noexcept { return fetch_add(1); }
  __host__ __device__ T operator--() const noexcept { return fetch_sub(1) - 1; }
  __host__ __device__ T operator--(int) const noexcept { return fetch_sub(1); }
  __host__ __device__ T operator+=(difference_type v) const noexcept { return fetch_add(v) + v; }
  __host__ __device__ T operator-=(difference_type v) const noexcept { return fetch_sub(v) - v; }
  __host__ __device__ T operator&=(T v) const noexcept { return fetch_and(v) & v; }
  __host__ __device__ T operator|=(T v) const noexcept { return fetch_or(v) | v; }
  __host__ __device__ T operator^=(T v) const noexcept { return fetch_xor(v) ^ v; }

private:
  __host__ __device__ const Derived &self() const { return static_cast<const Derived &>(*this); }
};

template <class T, thread_scope Scope = thread_scope_system>
class atomic_ref : public __simt_atomic_base<T, atomic_ref<T, Scope>> {
public:
  __host__ __device__ explicit atomic_ref(T &obj) noexcept : p_(&obj) {}
  __host__ __device__ atomic_ref(const atomic_ref &) noexcept = default;
  atomic_ref &operator=(const atomic_ref &) = delete; // it would rebind
  __host__ __device__ T operator=(T v) const noexcept {
    this->store(v);
    return v;
  }
  __host__ __device__ T *ptr() const noexcept { return p_; }

private:
  T *p_;
};

template <class T, thread_scope Scope = thread_scope_system>
class atomic : public __simt_atomic_base<T, atomic<T, Scope>> {
public:
  atomic() noexcept = default;
  __host__ __device__ constexpr atomic(T v) noexcept : v_(v) {}
  atomic(const atomic &) = delete;
  atomic &operator=(const atomic &) = delete;
  __host__ __device__ T operator=(T v) noexcept {
    this->store(v);
    return v;
  }
  __host__ __device__ T *ptr() const noexcept { return const_cast<T *>(&v_); }

private:
  T v_;
};

namespace __simt {
/* A fence: MEMBAR.GL on the device (clang's NVPTX back end selects no
 * atomic fence below sm_70), the host's own on the host. */
__host__ __device__ inline void fence(memory_order o) noexcept {
#ifdef __CUDA_ARCH__
  (void)o;
  __threadfence();
#else
  __atomic_thread_fence(order(o));
#endif
}
} // namespace __simt

__host__ __device__ inline void atomic_thread_fence(memory_order o,
                                                    thread_scope = thread_scope_system) noexcept {
  __simt::fence(o);
}

namespace std {
template <class T> using atomic = ::cuda::atomic<T, ::cuda::thread_scope_system>;
template <class T> using atomic_ref = ::cuda::atomic_ref<T, ::cuda::thread_scope_system>;
using ::cuda::memory_order;
using ::cuda::memory_order_relaxed;
using ::cuda::memory_order_consume;
using ::cuda::memory_order_acquire;
using ::cuda::memory_order_release;
using ::cuda::memory_order_acq_rel;
using ::cuda::memory_order_seq_cst;
__host__ __device__ inline void atomic_thread_fence(memory_order o) noexcept {
  ::cuda::__simt::fence(o);
}
} // namespace std

} // namespace cuda
