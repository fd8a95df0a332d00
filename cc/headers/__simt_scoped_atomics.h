/*===-- __simt_scoped_atomics.h - sm_60's _block and _system atomics ------===*
 *
 * atomicAdd_block, atomicAdd_system and the same of every atomic: CUDA 8
 * gave each a scope, a block's threads or the whole system with the host.
 * This device has one memory with no scopes to order apart (and no host
 * thread that touches device memory during a kernel), so each scoped atomic
 * is the device-wide one, which orders at least as much: a forwarding
 * template over the plain overloads, at every level. Included after every
 * plain atomic (atomicAdd on double too); those of class types (__half's,
 * from cuda_fp16.h later) are found by their argument's namespace.
 *===----------------------------------------------------------------------===*/
#ifndef SIMT_SCOPED_ATOMICS_H
#define SIMT_SCOPED_ATOMICS_H
#ifdef __cplusplus

#define __SIMT_SCOPED_ATOMIC(Fn, Scope)                                                      \
  template <class... __A>                                                                    \
  static __device__ __forceinline__ auto Fn##Scope(__A... __a)->decltype(Fn(__a...)) {       \
    return Fn(__a...);                                                                       \
  }
#define __SIMT_SCOPED_ATOMICS(Fn)                                                            \
  __SIMT_SCOPED_ATOMIC(Fn, _block)                                                           \
  __SIMT_SCOPED_ATOMIC(Fn, _system)
__SIMT_SCOPED_ATOMICS(atomicAdd)
__SIMT_SCOPED_ATOMICS(atomicSub)
__SIMT_SCOPED_ATOMICS(atomicExch)
__SIMT_SCOPED_ATOMICS(atomicMin)
__SIMT_SCOPED_ATOMICS(atomicMax)
__SIMT_SCOPED_ATOMICS(atomicInc)
__SIMT_SCOPED_ATOMICS(atomicDec)
__SIMT_SCOPED_ATOMICS(atomicAnd)
__SIMT_SCOPED_ATOMICS(atomicOr)
__SIMT_SCOPED_ATOMICS(atomicXor)
__SIMT_SCOPED_ATOMICS(atomicCAS)
#undef __SIMT_SCOPED_ATOMICS
#undef __SIMT_SCOPED_ATOMIC

#endif
#endif
