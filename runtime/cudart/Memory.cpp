//===-- Memory.cpp - Device and pinned memory, copies, memset, symbols ----===//
//
// Device pointers are the context's device addresses (runtime/DeviceMemory.h);
// a copy resolves each side to host bytes, checks it against the copy's kind,
// orders itself after the stream's work (a blocking copy after all the
// default stream's), and tells the L2 model about what the host wrote. A
// profile (simt-prof) is told of each copy and set once, with its bytes
// (a 2D copy as one, as nvprof shows it), so that its GPU activities hold
// them (runtime/profiler/HostEvents.h).
// `__constant__` writes are constant commands (ISA.md 6): grids already
// running keep reading the version they started with, so they need no wait.
//
//===----------------------------------------------------------------------===//
#include "runtime/cudart/CudaErrors.h"
#include "runtime/cudart/Runtime.h"
#include "runtime/cudart/Graphs.h"

#include <climits>
#include <cstdio>
#include <cstring>

using simt::cudart::Runtime;
using simt::rt::DeviceMemory;

namespace {
/// PinnedBlock::flags' mark of a cudaMallocManaged block (above
/// cudaHostAlloc's flags and cudaMemAttach*).
constexpr unsigned kManagedBlock = 1u << 31;
/// One side of a copy: host bytes, and the device address they back (0 for
/// host memory).
struct Side {
  uint8_t *bytes = nullptr;
  uint64_t device = 0;
};

/// `p` as a device address whose `count` bytes lie in one allocation (for
/// no bytes, anywhere from its start to its end, as CUDA accepts).
uint8_t *deviceBytes(DeviceMemory &mem, const void *p, size_t count) {
  static uint8_t nothing;
  uint64_t addr = reinterpret_cast<uintptr_t>(p);
  if (count == 0)
    return mem.findAllocation(addr) || (addr && mem.findAllocation(addr - 1)) ? &nothing
                                                                               : nullptr;
  const simt::emu::MemRange *a = mem.findAllocation(addr);
  if (!a || addr + count > a->base + a->size || addr + count < addr)
    return nullptr;
  return mem.translate(addr, count);
}

/// `call` refused `count` bytes at device pointer `p` (not all in one
/// allocation): the sanitizer, if on, reports it with the reason.
cudaError_t badRange(Runtime &RT, const char *call, const void *p, size_t count) {
  if (auto *S = RT.sanitizer()) {
    const uint64_t addr = reinterpret_cast<uintptr_t>(p);
    char head[96];
    std::snprintf(head, sizeof head, "%s of %zu bytes at 0x%llx: ", call, count,
                  static_cast<unsigned long long>(addr));
    const simt::emu::MemRange *a = RT.session()->memory().findAllocation(addr);
    char why[128];
    if (a)
      std::snprintf(why, sizeof why, "%llu bytes past the end of the allocation at 0x%llx of size %llu bytes",
                    static_cast<unsigned long long>(addr + count - a->base - a->size),
                    static_cast<unsigned long long>(a->base),
                    static_cast<unsigned long long>(a->size));
    else
      std::snprintf(why, sizeof why, "not in a device allocation");
    S->apiError(simt::cudart::apiError(cudaErrorInvalidValue, call),
                simt::emu::sanitize::FindingKind::InvalidApiUse, std::string(head) + why);
  }
  return cudaErrorInvalidValue;
}

/// cudaFree refused `p` (the sanitizer says why).
cudaError_t badFree(Runtime &RT, const void *p) {
  if (auto *S = RT.sanitizer())
    S->badFree(reinterpret_cast<uintptr_t>(p),
               simt::cudart::apiError(cudaErrorInvalidValue, "cudaFree"));
  return RT.result(cudaErrorInvalidValue); // NVIDIA's runtime's answer (CUDA 13)
}

bool isDevicePointer(DeviceMemory &mem, const void *p) {
  return mem.findAllocation(reinterpret_cast<uintptr_t>(p)) != nullptr;
}

/// `kind`, with cudaMemcpyDefault resolved by where the pointers point.
cudaMemcpyKind directionOf(DeviceMemory &mem, const void *dst, const void *src,
                           cudaMemcpyKind kind) {
  if (kind != cudaMemcpyDefault)
    return kind;
  bool dd = isDevicePointer(mem, dst), sd = isDevicePointer(mem, src);
  return dd ? (sd ? cudaMemcpyDeviceToDevice : cudaMemcpyHostToDevice)
            : (sd ? cudaMemcpyDeviceToHost : cudaMemcpyHostToHost);
}

/// The profile learns of a copy or set of `count` bytes the device made
/// (a host-to-host copy is none).
void reportCopy(Runtime &RT, cudaMemcpyKind kind, size_t count, cudaStream_t stream,
                bool isSet = false) {
  simt::prof::HostEvents *events = RT.profilerEvents();
  if (!events || !count || (!isSet && kind == cudaMemcpyHostToHost))
    return;
  using simt::prof::CopyKind;
  const CopyKind k = isSet                             ? CopyKind::Memset
                     : kind == cudaMemcpyHostToDevice  ? CopyKind::HtoD
                     : kind == cudaMemcpyDeviceToHost  ? CopyKind::DtoH
                                                       : CopyKind::DtoD;
  events->copied(k, count, stream == cudaStreamLegacy ? nullptr : stream,
                 RT.session()->device().cycle());
}

/// Resolves the two sides of a copy of `count` bytes of kind `kind`.
cudaError_t resolveCopy(Runtime &RT, void *dst, const void *src, size_t count,
                        cudaMemcpyKind kind, Side *d, Side *s, const char *call = "cudaMemcpy") {
  DeviceMemory &mem = RT.session()->memory();
  kind = directionOf(mem, dst, src, kind);
  if (kind < cudaMemcpyHostToHost || kind > cudaMemcpyDefault)
    return RT.result(cudaErrorInvalidMemcpyDirection);
  auto side = [&](const void *p, bool device, Side *out) -> cudaError_t {
    if (!device) {
      if (!p && count)
        return cudaErrorInvalidValue;
      out->bytes = const_cast<uint8_t *>(static_cast<const uint8_t *>(p));
      return cudaSuccess;
    }
    out->bytes = deviceBytes(mem, p, count);
    if (!out->bytes)
      return badRange(RT, call, p, count);
    out->device = reinterpret_cast<uintptr_t>(p);
    return cudaSuccess;
  };
  bool devDst = kind == cudaMemcpyHostToDevice || kind == cudaMemcpyDeviceToDevice;
  bool devSrc = kind == cudaMemcpyDeviceToHost || kind == cudaMemcpyDeviceToDevice;
  if (cudaError_t e = side(dst, devDst, d))
    return RT.result(e);
  if (cudaError_t e = side(src, devSrc, s))
    return RT.result(e);
  return cudaSuccess;
}

/// The host's bytes reach the device: the L2 model learns of the write.
void noteHostWrite(Runtime &RT, const Side &d, size_t count) {
  if (d.device && count)
    RT.session()->noteHostWrite(d.device, count);
}

/// The module, bank and offset of a constant-window address (Runtime.h
/// kConstantWindow).
struct ConstantWindowAt {
  size_t module = 0;
  uint32_t bank = 0, offset = 0;
};
bool inConstantWindow(const void *p, ConstantWindowAt *at) {
  uint64_t a = reinterpret_cast<uintptr_t>(p) - simt::cudart::kConstantWindow;
  if (a > ~uint64_t{0} - simt::cudart::kConstantWindow) // below the window
    return false;
  const uint64_t bank = a / simt::limits::kConstBankBytes;
  at->module = size_t(bank / simt::limits::kNumConstBanks);
  at->bank = uint32_t(bank % simt::limits::kNumConstBanks);
  at->offset = uint32_t(a % simt::limits::kConstBankBytes);
  return true;
}

/// `report`: the profile is told of it (false: the caller tells it).
cudaError_t copy(Runtime &RT, void *dst, const void *src, size_t count, cudaMemcpyKind kind,
                 cudaStream_t stream, bool report = true) {
  if (cudaError_t e = RT.ready())
    return RT.result(e);
  ConstantWindowAt at;
  if (inConstantWindow(dst, &at) && kind != cudaMemcpyDeviceToHost) {
    // A __constant__ written through its address: a constant command.
    std::vector<uint8_t> bytes(count);
    if (cudaError_t e = copy(RT, bytes.data(), src, count,
                             kind == cudaMemcpyHostToDevice ? cudaMemcpyHostToHost
                                                            : cudaMemcpyDefault,
                             stream, false))
      return e;
    simt::Status st = RT.session()->writeModuleConstant(at.module, at.bank, at.offset, bytes);
    if (!st)
      return RT.fail(cudaErrorInvalidValue, "cudaMemcpy", st.message());
    if (report)
      reportCopy(RT,
                 isDevicePointer(RT.session()->memory(), src) ? cudaMemcpyDeviceToDevice
                                                              : cudaMemcpyHostToDevice,
                 count, stream);
    return cudaSuccess;
  }
  if (inConstantWindow(src, &at) && kind != cudaMemcpyHostToDevice) {
    std::vector<uint8_t> bytes(count);
    simt::Status st = RT.session()->readModuleConstant(at.module, at.bank, at.offset, bytes);
    if (!st)
      return RT.fail(cudaErrorInvalidValue, "cudaMemcpy", st.message());
    if (cudaError_t e = copy(RT, dst, bytes.data(), count,
                             kind == cudaMemcpyDeviceToHost ? cudaMemcpyHostToHost
                                                            : cudaMemcpyDefault,
                             stream, false))
      return e;
    if (report)
      reportCopy(RT,
                 isDevicePointer(RT.session()->memory(), dst) ? cudaMemcpyDeviceToDevice
                                                              : cudaMemcpyDeviceToHost,
                 count, stream);
    return cudaSuccess;
  }
  simt::cudart::Stream *s = RT.stream(stream);
  if (!s)
    return RT.result(cudaErrorInvalidResourceHandle);
  if (!count) { // nothing to copy, whatever the pointers (CUDA's answer); a wait still
    if (cudaError_t e = RT.waitForStream(*s))
      return RT.result(e);
    return cudaSuccess;
  }
  Side d, sr;
  if (cudaError_t e = resolveCopy(RT, dst, src, count, kind, &d, &sr))
    return e;
  if (cudaError_t e = RT.waitForStream(*s))
    return RT.result(e);
  RT.reconcileManaged(); // the copy may read or write a __managed__ variable
  // Under simt-dbg the wait may end in a checkpoint's copy of the session
  // (reverse execution): the device bytes are found again in the session now.
  if (cudaError_t e = resolveCopy(RT, dst, src, count, kind, &d, &sr))
    return e;
  if (count)
    std::memmove(d.bytes, sr.bytes, count);
  noteHostWrite(RT, d, count);
  RT.reconcileManaged();
  if (report)
    reportCopy(RT, directionOf(RT.session()->memory(), dst, src, kind), count, stream);
  return cudaSuccess;
}

cudaError_t copy2D(Runtime &RT, void *dst, size_t dpitch, const void *src, size_t spitch,
                   size_t width, size_t height, cudaMemcpyKind kind, cudaStream_t stream) {
  if (width > dpitch || width > spitch)
    return RT.result(cudaErrorInvalidValue); // NVIDIA's runtime's answer (CUDA 13)
  for (size_t row = 0; row < height; ++row)
    if (cudaError_t e = copy(RT, static_cast<uint8_t *>(dst) + row * dpitch,
                             static_cast<const uint8_t *>(src) + row * spitch, width, kind,
                             stream, false))
      return e;
  if (height && RT.session())
    reportCopy(RT, directionOf(RT.session()->memory(), dst, src, kind), width * height, stream);
  return cudaSuccess;
}

cudaError_t fill(Runtime &RT, void *devPtr, int value, size_t count, cudaStream_t stream,
                 bool report = true) {
  if (cudaError_t e = RT.ready())
    return RT.result(e);
  simt::cudart::Stream *s = RT.stream(stream);
  if (!s)
    return RT.result(cudaErrorInvalidResourceHandle);
  Side d;
  d.bytes = deviceBytes(RT.session()->memory(), devPtr, count);
  if (!d.bytes)
    return RT.result(badRange(RT, "cudaMemset", devPtr, count));
  d.device = reinterpret_cast<uintptr_t>(devPtr);
  if (cudaError_t e = RT.waitForStream(*s))
    return RT.result(e);
  RT.reconcileManaged();
  d.bytes = deviceBytes(RT.session()->memory(), devPtr, count); // as in copy()
  if (!d.bytes)
    return RT.result(badRange(RT, "cudaMemset", devPtr, count));
  std::memset(d.bytes, value, count);
  noteHostWrite(RT, d, count);
  RT.reconcileManaged();
  if (report)
    reportCopy(RT, cudaMemcpyDeviceToDevice, count, stream, true);
  return cudaSuccess;
}

cudaError_t symbolCopy(Runtime &RT, const void *symbol, void *host, size_t count, size_t offset,
                       cudaMemcpyKind kind, cudaStream_t stream, bool toSymbol,
                       const char *call) {
  // To a symbol: from the host or the device; from one: to either.
  const cudaMemcpyKind wrong = toSymbol ? cudaMemcpyDeviceToHost : cudaMemcpyHostToDevice;
  if (kind == wrong || kind == cudaMemcpyHostToHost || unsigned(kind) > cudaMemcpyDefault)
    return RT.result(cudaErrorInvalidMemcpyDirection);
  const simt::rt::VarInfo *v = nullptr;
  if (cudaError_t e = RT.symbol(symbol, &v, call))
    return e;
  if (offset > v->size || count > v->size - offset)
    return RT.result(cudaErrorInvalidValue);
  if (v->isConst) {
    // Host memory on the other side (a device pointer is read or written
    // after the stream's work, as a copy).
    std::vector<uint8_t> bytes(count);
    const bool hostOther = kind == cudaMemcpyHostToDevice || kind == cudaMemcpyDeviceToHost ||
                           (kind == cudaMemcpyDefault &&
                            !isDevicePointer(RT.session()->memory(), host));
    if (toSymbol) {
      if (hostOther)
        std::memcpy(bytes.data(), host, count);
      else if (cudaError_t e = copy(RT, bytes.data(), host, count, cudaMemcpyDeviceToHost,
                                    stream, false))
        return e;
      simt::Status st = RT.session()->writeConstant(*v, uint32_t(v->offset + offset), bytes);
      if (!st)
        return RT.fail(cudaErrorInvalidSymbol, call, st.message());
      reportCopy(RT, hostOther ? cudaMemcpyHostToDevice : cudaMemcpyDeviceToDevice, count,
                 stream);
      return cudaSuccess;
    }
    simt::Status st = RT.session()->readConstant(*v, uint32_t(v->offset + offset), bytes);
    if (!st)
      return RT.fail(cudaErrorInvalidSymbol, call, st.message());
    if (hostOther) {
      std::memcpy(host, bytes.data(), count);
    } else if (cudaError_t e = copy(RT, host, bytes.data(), count, cudaMemcpyHostToDevice,
                                    stream, false)) {
      return e;
    }
    reportCopy(RT, hostOther ? cudaMemcpyDeviceToHost : cudaMemcpyDeviceToDevice, count, stream);
    return cudaSuccess;
  }
  void *dev = reinterpret_cast<void *>(uintptr_t(v->offset + offset));
  cudaMemcpyKind k = kind == cudaMemcpyDefault ? kind
                     : toSymbol ? (kind == cudaMemcpyDeviceToDevice ? kind : cudaMemcpyHostToDevice)
                                : (kind == cudaMemcpyDeviceToDevice ? kind : cudaMemcpyDeviceToHost);
  return toSymbol ? copy(RT, dev, host, count, k, stream) : copy(RT, host, dev, count, k, stream);
}
} // namespace

extern "C" {

cudaError_t cudaMalloc(void **devPtr, size_t size) try {
  SIMT_CUDART_ENTRY;
  if (!devPtr)
    return RT.result(cudaErrorInvalidValue);
  if (cudaError_t e = RT.ready())
    return RT.result(e);
  if (size == 0) {
    *devPtr = nullptr;
    return cudaSuccess;
  }
  auto addr = RT.allocateDevice(size);
  if (!addr)
    return RT.result(cudaErrorMemoryAllocation);
  *devPtr = reinterpret_cast<void *>(uintptr_t(*addr));
  if (auto *S = RT.sanitizer())
    S->allocated(*addr, size, "cudaMalloc");
  return cudaSuccess;
} SIMT_CUDART_CATCH

cudaError_t cudaFree(void *devPtr) try {
  SIMT_CUDART_ENTRY;
  if (cudaError_t e = RT.ready())
    return RT.result(e);
  if (!devPtr)
    return cudaSuccess;
  // CUDA's cudaFree synchronises: a running grid may still use the block.
  if (cudaError_t e = RT.synchronize())
    return RT.result(e);
  uint64_t addr = reinterpret_cast<uintptr_t>(devPtr);
  const simt::emu::MemRange *a = RT.session()->memory().findAllocation(addr);
  if (!a || a->base != addr || RT.registeredAt(devPtr))
    return badFree(RT, devPtr);
  for (auto it = RT.pinned.begin(); it != RT.pinned.end(); ++it)
    if (it->second.device == addr) {
      if (!(it->second.flags & kManagedBlock))
        return badFree(RT, devPtr); // cudaFreeHost's
      RT.pinned.erase(it); // cudaMallocManaged's: cudaFree's
      break;
    }
  if (!RT.session()->memory().free(addr))
    return badFree(RT, devPtr);
  if (auto *S = RT.sanitizer())
    S->freed(addr, "cudaFree");
  return cudaSuccess;
} SIMT_CUDART_CATCH

cudaError_t cudaHostAlloc(void **ptr, size_t size, unsigned int flags) try {
  SIMT_CUDART_ENTRY;
  if (!ptr || flags > 7)
    return RT.result(cudaErrorInvalidValue);
  if (cudaError_t e = RT.ready())
    return RT.result(e);
  if (!size) { // as CUDA: success, and no memory
    *ptr = nullptr;
    return cudaSuccess;
  }
  // Unified addressing, as on a 64-bit Fermi: the block's device address is
  // its host address, so kernels take the pointer itself. Where the process
  // already maps the host window, a device address of its own (then only
  // cudaHostGetDevicePointer's pointer works in kernels).
  auto addr = RT.session()->memory().allocateHostVisible(size);
  if (!addr)
    addr = RT.session()->memory().allocate(size);
  if (!addr)
    return RT.result(cudaErrorMemoryAllocation);
  RT.session()->memory().setName(*addr, "page-locked host memory");
  void *host = RT.session()->memory().translate(*addr, size);
  RT.pinned[host] = Runtime::PinnedBlock{*addr, size, flags};
  *ptr = host;
  return cudaSuccess;
} SIMT_CUDART_CATCH

cudaError_t cudaMallocHost(void **ptr, size_t size) {
  return cudaHostAlloc(ptr, size, cudaHostAllocDefault);
}

cudaError_t cudaFreeHost(void *ptr) try {
  SIMT_CUDART_ENTRY;
  if (!ptr)
    return cudaSuccess;
  auto it = RT.pinned.find(ptr);
  if (it == RT.pinned.end() || (it->second.flags & kManagedBlock)) // managed: cudaFree's
    return RT.result(cudaErrorInvalidValue);
  if (cudaError_t e = RT.synchronize())
    return RT.result(e);
  (void)RT.session()->memory().free(it->second.device);
  RT.pinned.erase(it);
  return cudaSuccess;
} SIMT_CUDART_CATCH

cudaError_t cudaHostGetDevicePointer(void **pDevice, void *pHost, unsigned int flags) try {
  SIMT_CUDART_ENTRY;
  if (!pDevice || flags != 0)
    return RT.result(cudaErrorInvalidValue);
  if (RT.registeredAt(pHost)) { // mapped at its own address
    *pDevice = pHost;
    return cudaSuccess;
  }
  const auto *block = RT.pinnedAt(pHost);
  if (!block)
    return RT.fail(cudaErrorInvalidValue, "cudaHostGetDevicePointer",
                   "not memory from cudaHostAlloc, cudaMallocHost or cudaHostRegister");
  *pDevice = reinterpret_cast<void *>(
      uintptr_t(block->second.device + (static_cast<const uint8_t *>(pHost) -
                                        static_cast<const uint8_t *>(block->first))));
  return cudaSuccess;
} SIMT_CUDART_CATCH

cudaError_t cudaHostGetFlags(unsigned int *flags, void *pHost) try {
  SIMT_CUDART_ENTRY;
  const auto *block = RT.pinnedAt(pHost);
  if (!flags || !block || (block->second.flags & kManagedBlock)) // managed: not host memory
    return RT.result(cudaErrorInvalidValue);
  *flags = block->second.flags;
  return cudaSuccess;
} SIMT_CUDART_CATCH

// Registered memory is mapped, as with unified addressing: the range
// becomes an allocation of the emulated device at its own address, whose
// bytes are the program's (AddressSpace::borrowHostRange), so a kernel
// dereferences the host pointer itself (cudaHostGetDevicePointer gives it
// back). Copies from it work as from any host memory.
cudaError_t cudaHostRegister(void *ptr, size_t size, unsigned int) try {
  SIMT_CUDART_ENTRY;
  if (!ptr || !size)
    return RT.result(cudaErrorInvalidValue);
  if (cudaError_t e = RT.ready())
    return RT.result(e);
  const auto *p = static_cast<const uint8_t *>(ptr);
  auto next = RT.hostRegistered.lower_bound(ptr);
  const bool overlapsNext = next != RT.hostRegistered.end() &&
                            static_cast<const uint8_t *>(next->first) < p + size;
  const bool overlapsPrevious =
      next != RT.hostRegistered.begin() &&
      static_cast<const uint8_t *>(std::prev(next)->first) + std::prev(next)->second > p;
  if (overlapsNext || overlapsPrevious)
    return RT.result(cudaErrorHostMemoryAlreadyRegistered);
  const uint64_t addr = reinterpret_cast<uintptr_t>(ptr);
  if (!RT.session()->memory().borrowHostRange(addr, size))
    return RT.fail(cudaErrorInvalidValue, "cudaHostRegister",
                   "the range overlaps memory the emulated device already has");
  RT.session()->memory().setName(addr, "registered host memory");
  RT.hostRegistered.emplace(ptr, size);
  return cudaSuccess;
} SIMT_CUDART_CATCH
cudaError_t cudaHostUnregister(void *ptr) try {
  SIMT_CUDART_ENTRY;
  if (!ptr)
    return RT.result(cudaErrorInvalidValue);
  if (!RT.hostRegistered.erase(ptr))
    return RT.result(cudaErrorHostMemoryNotRegistered);
  // A kernel may still use it; the device gives the range back.
  if (cudaError_t e = RT.synchronize())
    return RT.result(e);
  (void)RT.session()->memory().free(reinterpret_cast<uintptr_t>(ptr));
  return cudaSuccess;
} SIMT_CUDART_CATCH

// Managed memory is host-visible memory (allocateHostVisible): one address
// that host code and kernels both dereference, so there is nothing to
// migrate; the host may not touch it while a kernel runs, as on a Kepler
// device (concurrentManagedAccess 0), and cudaDeviceSynchronize is where it
// sees what the kernels wrote. Kept among the pinned blocks, marked.
cudaError_t cudaMallocManaged(void **devPtr, size_t size, unsigned int flags) try {
  SIMT_CUDART_ENTRY;
  if (!devPtr || size == 0 || (flags != cudaMemAttachGlobal && flags != cudaMemAttachHost))
    return RT.result(cudaErrorInvalidValue);
  if (cudaError_t e = RT.ready())
    return RT.result(e);
  auto addr = RT.session()->memory().allocateHostVisible(size);
  if (!addr)
    return RT.result(cudaErrorMemoryAllocation);
  RT.session()->memory().setName(*addr, "managed memory");
  void *host = RT.session()->memory().translate(*addr, size);
  RT.pinned[host] = Runtime::PinnedBlock{*addr, size, kManagedBlock | flags};
  *devPtr = host;
  if (auto *S = RT.sanitizer())
    S->allocated(*addr, size, "cudaMallocManaged");
  return cudaSuccess;
} SIMT_CUDART_CATCH

namespace {
/// Whether [p, p + count) lies in one block of managed memory.
bool isManagedRange(Runtime &rt, const void *p, size_t count) {
  const auto *block = rt.pinnedAt(p);
  return block && (block->second.flags & kManagedBlock) &&
         static_cast<const uint8_t *>(p) + count <=
             static_cast<const uint8_t *>(block->first) + block->second.bytes;
}
} // namespace

// Prefetching and advice move nothing here (the memory is where both sides
// see it); they check their arguments as CUDA does.
namespace {
cudaError_t prefetch(Runtime &RT, const void *devPtr, size_t count, int dstDevice) {
  if (dstDevice != cudaCpuDeviceId && dstDevice != 0)
    return RT.result(cudaErrorInvalidDevice);
  if (!isManagedRange(RT, devPtr, count))
    return RT.result(cudaErrorInvalidValue);
  return cudaSuccess;
}
cudaError_t advise(Runtime &RT, const void *devPtr, size_t count, cudaMemoryAdvise advice,
                   int device) {
  if (advice < cudaMemAdviseSetReadMostly || advice > cudaMemAdviseUnsetAccessedBy)
    return RT.result(cudaErrorInvalidValue);
  if (device != cudaCpuDeviceId && device != 0)
    return RT.result(cudaErrorInvalidDevice);
  if (!isManagedRange(RT, devPtr, count))
    return RT.result(cudaErrorInvalidValue);
  return cudaSuccess;
}
/// A location's device number for the plain forms: the device, or the
/// host (cudaCpuDeviceId); -2 where it names neither. A device's negative
/// id is no host: INT_MAX, which the checks answer cudaErrorInvalidDevice.
int deviceOfLocation(const cudaMemLocation &l) {
  switch (l.type) {
  case cudaMemLocationTypeDevice:
    return l.id >= 0 ? l.id : INT_MAX;
  case cudaMemLocationTypeHost:
  case cudaMemLocationTypeHostNuma:
  case cudaMemLocationTypeHostNumaCurrent:
    return cudaCpuDeviceId;
  default:
    return -2;
  }
}
} // namespace

cudaError_t cudaMemPrefetchAsync(const void *devPtr, size_t count, int dstDevice,
                                 cudaStream_t) try {
  SIMT_CUDART_ENTRY;
  return prefetch(RT, devPtr, count, dstDevice);
} SIMT_CUDART_CATCH
cudaError_t cudaMemAdvise(const void *devPtr, size_t count, enum cudaMemoryAdvise advice,
                          int device) try {
  SIMT_CUDART_ENTRY;
  return advise(RT, devPtr, count, advice, device);
} SIMT_CUDART_CATCH
// Attaching managed memory to a stream says whose work the host waits for
// before it touches the memory, where a device cannot share it at once;
// here both sides always can, so the arguments are checked, as CUDA checks
// them (managed memory from the start of its allocation, a length of 0 or
// the whole allocation, one of the three flags), and nothing moves.
cudaError_t cudaStreamAttachMemAsync(cudaStream_t, void *devPtr, size_t length,
                                     unsigned int flags) try {
  SIMT_CUDART_ENTRY;
  if (flags != cudaMemAttachGlobal && flags != cudaMemAttachHost &&
      flags != cudaMemAttachSingle)
    return RT.result(cudaErrorInvalidValue);
  const auto *block = RT.pinnedAt(devPtr);
  if (!block || !(block->second.flags & kManagedBlock) || block->first != devPtr ||
      (length != 0 && length != block->second.bytes))
    return RT.result(cudaErrorInvalidValue);
  return cudaSuccess;
} SIMT_CUDART_CATCH
// CUDA 12.2's forms, CUDA 13's only ones (the headers' overloads): to a
// location, a device or the host.
cudaError_t cudaMemPrefetchAsync_v2(const void *devPtr, size_t count, cudaMemLocation location,
                                    unsigned int flags, cudaStream_t) try {
  SIMT_CUDART_ENTRY;
  if (flags != 0 || deviceOfLocation(location) == -2)
    return RT.result(cudaErrorInvalidValue);
  return prefetch(RT, devPtr, count, deviceOfLocation(location));
} SIMT_CUDART_CATCH
cudaError_t cudaMemAdvise_v2(const void *devPtr, size_t count, enum cudaMemoryAdvise advice,
                             cudaMemLocation location) try {
  SIMT_CUDART_ENTRY;
  if (deviceOfLocation(location) == -2)
    return RT.result(cudaErrorInvalidValue);
  return advise(RT, devPtr, count, advice, deviceOfLocation(location));
} SIMT_CUDART_CATCH

cudaError_t cudaMallocPitch(void **devPtr, size_t *pitch, size_t width, size_t height) try {
  SIMT_CUDART_ENTRY;
  if (!pitch)
    return RT.result(cudaErrorInvalidValue);
  // Rows aligned as Fermi's texture pitch alignment; a size past 2^64 is no
  // size (CUDA: cudaErrorInvalidValue).
  size_t p = (width + 511) & ~size_t(511);
  if (p < width || (height && p > SIZE_MAX / height))
    return RT.result(cudaErrorInvalidValue);
  if (cudaError_t e = cudaMalloc(devPtr, p * height))
    return e;
  *pitch = p;
  return cudaSuccess;
} SIMT_CUDART_CATCH

cudaError_t cudaMemGetInfo(size_t *freeBytes, size_t *total) try {
  SIMT_CUDART_ENTRY;
  if (!freeBytes || !total)
    return RT.result(cudaErrorInvalidValue);
  if (cudaError_t e = RT.ready())
    return RT.result(e);
  const size_t used = RT.deviceBytesInUse();
  *total = RT.globalBytes();
  *freeBytes = used < *total ? *total - used : 0;
  return cudaSuccess;
} SIMT_CUDART_CATCH

cudaError_t cudaMemcpy(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind) try {
  SIMT_CUDART_ENTRY;
  return copy(RT, dst, src, count, kind, nullptr);
} SIMT_CUDART_CATCH
cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind,
                            cudaStream_t stream) try {
  SIMT_CUDART_ENTRY;
  if (simt::cudart::captureCopy(RT, stream, dst, src, count, kind))
    return cudaSuccess;
  return copy(RT, dst, src, count, kind, stream);
} SIMT_CUDART_CATCH
cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
                         size_t height, enum cudaMemcpyKind kind) try {
  SIMT_CUDART_ENTRY;
  return copy2D(RT, dst, dpitch, src, spitch, width, height, kind, nullptr);
} SIMT_CUDART_CATCH
cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch,
                              size_t width, size_t height, enum cudaMemcpyKind kind,
                              cudaStream_t stream) try {
  SIMT_CUDART_ENTRY;
  return copy2D(RT, dst, dpitch, src, spitch, width, height, kind, stream);
} SIMT_CUDART_CATCH
cudaError_t cudaMemcpyPeer(void *dst, int dstDevice, const void *src, int srcDevice,
                           size_t count) try {
  SIMT_CUDART_ENTRY;
  if (dstDevice != 0 || srcDevice != 0)
    return RT.result(cudaErrorInvalidDevice);
  return copy(RT, dst, src, count, cudaMemcpyDeviceToDevice, nullptr);
} SIMT_CUDART_CATCH
cudaError_t cudaMemcpyPeerAsync(void *dst, int dstDevice, const void *src, int srcDevice,
                                size_t count, cudaStream_t stream) try {
  SIMT_CUDART_ENTRY;
  if (dstDevice != 0 || srcDevice != 0)
    return RT.result(cudaErrorInvalidDevice);
  return copy(RT, dst, src, count, cudaMemcpyDeviceToDevice, stream);
} SIMT_CUDART_CATCH

cudaError_t cudaMemset(void *devPtr, int value, size_t count) try {
  SIMT_CUDART_ENTRY;
  return fill(RT, devPtr, value, count, nullptr);
} SIMT_CUDART_CATCH
cudaError_t cudaMemsetAsync(void *devPtr, int value, size_t count, cudaStream_t stream) try {
  SIMT_CUDART_ENTRY;
  if (simt::cudart::captureFill(RT, stream, devPtr, value, count))
    return cudaSuccess;
  return fill(RT, devPtr, value, count, stream);
} SIMT_CUDART_CATCH
// Stream-ordered allocation: the block exists at once (so work queued on
// the stream after it may use it) and goes once the stream's earlier work
// has ended (cudaFree waits for the device).
cudaError_t cudaMemset2DAsync(void *devPtr, size_t pitch, int value, size_t width, size_t height,
                              cudaStream_t stream) try {
  SIMT_CUDART_ENTRY;
  if (!RT.stream(stream))
    return RT.result(cudaErrorInvalidResourceHandle);
  return cudaMemset2D(devPtr, pitch, value, width, height);
} SIMT_CUDART_CATCH

cudaError_t cudaMemset2D(void *devPtr, size_t pitch, int value, size_t width, size_t height) try {
  SIMT_CUDART_ENTRY;
  if (width > pitch)
    return RT.result(cudaErrorInvalidPitchValue);
  for (size_t row = 0; row < height; ++row)
    if (cudaError_t e = fill(RT, static_cast<uint8_t *>(devPtr) + row * pitch, value, width,
                             nullptr, false))
      return e;
  if (height)
    reportCopy(RT, cudaMemcpyDeviceToDevice, width * height, nullptr, true);
  return cudaSuccess;
} SIMT_CUDART_CATCH

cudaError_t cudaMemcpyToSymbol(const void *symbol, const void *src, size_t count, size_t offset,
                               enum cudaMemcpyKind kind) try {
  SIMT_CUDART_ENTRY;
  return symbolCopy(RT, symbol, const_cast<void *>(src), count, offset, kind, nullptr, true,
                    "cudaMemcpyToSymbol");
} SIMT_CUDART_CATCH
cudaError_t cudaMemcpyFromSymbol(void *dst, const void *symbol, size_t count, size_t offset,
                                 enum cudaMemcpyKind kind) try {
  SIMT_CUDART_ENTRY;
  return symbolCopy(RT, symbol, dst, count, offset, kind, nullptr, false, "cudaMemcpyFromSymbol");
} SIMT_CUDART_CATCH
cudaError_t cudaMemcpyToSymbolAsync(const void *symbol, const void *src, size_t count,
                                    size_t offset, enum cudaMemcpyKind kind,
                                    cudaStream_t stream) try {
  SIMT_CUDART_ENTRY;
  return symbolCopy(RT, symbol, const_cast<void *>(src), count, offset, kind, stream, true,
                    "cudaMemcpyToSymbolAsync");
} SIMT_CUDART_CATCH
cudaError_t cudaMemcpyFromSymbolAsync(void *dst, const void *symbol, size_t count, size_t offset,
                                      enum cudaMemcpyKind kind, cudaStream_t stream) try {
  SIMT_CUDART_ENTRY;
  return symbolCopy(RT, symbol, dst, count, offset, kind, stream, false,
                    "cudaMemcpyFromSymbolAsync");
} SIMT_CUDART_CATCH

cudaError_t cudaGetSymbolAddress(void **devPtr, const void *symbol) try {
  SIMT_CUDART_ENTRY;
  const simt::rt::VarInfo *v = nullptr;
  if (!devPtr)
    return RT.result(cudaErrorInvalidValue);
  if (cudaError_t e = RT.symbol(symbol, &v, "cudaGetSymbolAddress"))
    return e;
  // A __constant__ lives in a constant bank, as its module sees it: its
  // address is one the copies understand (Runtime.h kConstantWindow), not
  // one a kernel can load from.
  *devPtr = reinterpret_cast<void *>(uintptr_t(
      v->isConst ? simt::cudart::constantWindowAddress(RT.session()->moduleOf(*v).value_or(0),
                                                       v->bank, uint32_t(v->offset))
                 : v->offset));
  return cudaSuccess;
} SIMT_CUDART_CATCH

cudaError_t cudaGetSymbolSize(size_t *size, const void *symbol) try {
  SIMT_CUDART_ENTRY;
  const simt::rt::VarInfo *v = nullptr;
  if (!size)
    return RT.result(cudaErrorInvalidValue);
  if (cudaError_t e = RT.symbol(symbol, &v, "cudaGetSymbolSize"))
    return e;
  *size = v->size;
  return cudaSuccess;
} SIMT_CUDART_CATCH

cudaError_t cudaPointerGetAttributes(struct cudaPointerAttributes *attr, const void *ptr) try {
  SIMT_CUDART_ENTRY;
  if (!attr)
    return RT.result(cudaErrorInvalidValue);
  if (cudaError_t e = RT.ready())
    return RT.result(e);
  *attr = {};
  if (RT.registeredAt(ptr)) {
    attr->memoryType = attr->type = cudaMemoryTypeHost;
    attr->hostPointer = attr->devicePointer = const_cast<void *>(ptr);
    return cudaSuccess;
  }
  if (const auto *block = RT.pinnedAt(ptr)) {
    attr->memoryType = attr->type =
        block->second.flags & kManagedBlock ? cudaMemoryTypeManaged : cudaMemoryTypeHost;
    attr->hostPointer = const_cast<void *>(ptr);
    attr->devicePointer = reinterpret_cast<void *>(uintptr_t(
        block->second.device + (static_cast<const uint8_t *>(ptr) -
                                static_cast<const uint8_t *>(block->first))));
    return cudaSuccess;
  }
  if (isDevicePointer(RT.session()->memory(), ptr)) {
    attr->memoryType = attr->type = cudaMemoryTypeDevice;
    attr->devicePointer = const_cast<void *>(ptr);
    return cudaSuccess;
  }
  attr->device = -1;
  // CUDA 8 answers an unregistered host pointer with an error.
  return RT.result(cudaErrorInvalidValue);
} SIMT_CUDART_CATCH

} // extern "C"
