//===-- Streams.cpp - Streams, events and synchronisation -----------------===//
//
// Grids of different streams run concurrently as the emulator's concurrent
// grids; work queued in a stream first runs the device until the stream's
// previous grid has ended (Runtime::waitForStream), and the legacy default
// stream orders itself with every blocking stream. An event records the
// grids its stream had queued and completes at the emulated cycle the last
// of them ended, so cudaEventElapsedTime measures emulated time at the
// modeled clock (kClockKHz).
//
//===----------------------------------------------------------------------===//
#include "runtime/cudart/Runtime.h"
#include "runtime/cudart/Graphs.h"

using simt::cudart::Runtime;

namespace {
cudaError_t recordEvent(Runtime &RT, cudaEvent_t event, cudaStream_t stream) {
  if (cudaError_t e = RT.ready())
    return RT.result(e);
  simt::cudart::Event *ev = RT.event(event);
  simt::cudart::Stream *s = RT.stream(stream);
  if (!ev || !s)
    return RT.result(cudaErrorInvalidResourceHandle);
  ev->recorded = true;
  ev->after = RT.pendingIn(*s);
  ev->cycle.reset();
  if (ev->after.empty())
    ev->cycle = RT.session()->device().cycle();
  return cudaSuccess;
}

/// The event's completion cycle, running the device until it completes.
cudaError_t completeEvent(Runtime &RT, simt::cudart::Event &ev) {
  if (ev.cycle)
    return cudaSuccess;
  for (simt::emu::GridId g : ev.after)
    if (cudaError_t e = RT.synchronize(g))
      return e;
  ev.cycle = RT.completedAt(ev.after);
  return cudaSuccess;
}
} // namespace

extern "C" {

cudaError_t cudaDeviceSynchronize(void) try {
  SIMT_CUDART_ENTRY;
  return RT.result(RT.synchronize());
} SIMT_CUDART_CATCH
cudaError_t cudaThreadSynchronize(void) { return cudaDeviceSynchronize(); }

cudaError_t cudaStreamCreateWithFlags(cudaStream_t *stream, unsigned int flags) try {
  SIMT_CUDART_ENTRY;
  if (!stream || flags > cudaStreamNonBlocking)
    return RT.result(cudaErrorInvalidValue);
  if (cudaError_t e = RT.ready()) // a device fault: NVIDIA's answer is the fault
    return RT.result(e);
  *stream = reinterpret_cast<cudaStream_t>(RT.createStream(flags));
  return cudaSuccess;
} SIMT_CUDART_CATCH
cudaError_t cudaStreamCreate(cudaStream_t *stream) {
  return cudaStreamCreateWithFlags(stream, cudaStreamDefault);
}
// Priorities order nothing on this device: every stream's grids are
// scheduled alike.
cudaError_t cudaStreamCreateWithPriority(cudaStream_t *stream, unsigned int flags, int) {
  return cudaStreamCreateWithFlags(stream, flags);
}
cudaError_t cudaDeviceGetStreamPriorityRange(int *leastPriority, int *greatestPriority) {
  if (leastPriority)
    *leastPriority = 0;
  if (greatestPriority)
    *greatestPriority = 0;
  return cudaSuccess;
}

cudaError_t cudaStreamDestroy(cudaStream_t stream) try {
  SIMT_CUDART_ENTRY;
  if (!stream || !RT.destroyStream(stream))
    return RT.result(cudaErrorInvalidResourceHandle);
  return cudaSuccess;
} SIMT_CUDART_CATCH

cudaError_t cudaStreamSynchronize(cudaStream_t stream) try {
  SIMT_CUDART_ENTRY;
  simt::cudart::Stream *s = RT.stream(stream);
  if (!s)
    return RT.result(cudaErrorInvalidResourceHandle);
  return RT.result(RT.waitForStream(*s));
} SIMT_CUDART_CATCH

cudaError_t cudaStreamQuery(cudaStream_t stream) try {
  SIMT_CUDART_ENTRY;
  simt::cudart::Stream *s = RT.stream(stream);
  if (!s)
    return RT.result(cudaErrorInvalidResourceHandle);
  if (cudaError_t e = RT.ready())
    return RT.result(e);
  return RT.pendingIn(*s).empty() ? cudaSuccess : cudaErrorNotReady;
} SIMT_CUDART_CATCH

cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned int flags) try {
  SIMT_CUDART_ENTRY;
  simt::cudart::Event *ev = RT.event(event);
  if (!RT.stream(stream) || !ev)
    return RT.result(cudaErrorInvalidResourceHandle);
  if (flags != 0)
    return RT.result(cudaErrorInvalidValue);
  // Later work of the stream follows the event: the device runs until the
  // event's grids have ended before the stream queues more.
  return RT.result(completeEvent(RT, *ev));
} SIMT_CUDART_CATCH

cudaError_t cudaStreamAddCallback(cudaStream_t stream, cudaStreamCallback_t callback,
                                  void *userData, unsigned int flags) try {
  SIMT_CUDART_ENTRY;
  simt::cudart::Stream *s = RT.stream(stream);
  if (!s)
    return RT.result(cudaErrorInvalidResourceHandle);
  if (!callback || flags != 0)
    return RT.result(cudaErrorInvalidValue);
  // It runs on a host thread that synchronises with the device once the
  // stream's earlier work has ended, before anything queued after it.
  if (cudaError_t e = RT.ready())
    return RT.result(e);
  RT.addCallback(stream, *s, callback, userData);
  return cudaSuccess;
} SIMT_CUDART_CATCH

namespace {
/// A cudaLaunchHostFunc function and its argument, run as a stream callback.
struct HostFunc {
  cudaHostFn_t fn;
  void *userData;
};
void CUDART_CB runHostFunc(cudaStream_t, cudaError_t, void *data) {
  const HostFunc f = *static_cast<HostFunc *>(data);
  delete static_cast<HostFunc *>(data);
  f.fn(f.userData);
}
} // namespace

cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t fn, void *userData) {
  if (!fn)
    return cudaErrorInvalidValue;
  {
    Runtime &RT = Runtime::get();
    std::lock_guard<std::recursive_mutex> Lock(RT.mutex);
    if (simt::cudart::captureHostFunc(RT, stream, fn, userData))
      return cudaSuccess;
  }
  auto *f = new HostFunc{fn, userData};
  const cudaError_t e = cudaStreamAddCallback(stream, runHostFunc, f, 0);
  if (e != cudaSuccess)
    delete f;
  return e;
}

cudaError_t cudaStreamGetPriority(cudaStream_t stream, int *priority) try {
  SIMT_CUDART_ENTRY;
  if (!priority)
    return RT.result(cudaErrorInvalidValue);
  if (!RT.stream(stream))
    return RT.result(cudaErrorInvalidResourceHandle);
  *priority = 0; // the one priority (cudaDeviceGetStreamPriorityRange)
  return cudaSuccess;
} SIMT_CUDART_CATCH

namespace {

/// A stream attribute's value before any is set, as CUDA's streams start.
cudaLaunchAttributeValue defaultAttribute(cudaLaunchAttributeID attr) {
  cudaLaunchAttributeValue v{};
  if (attr == cudaLaunchAttributeSynchronizationPolicy)
    v.syncPolicy = cudaSyncPolicyAuto;
  if (attr == cudaLaunchAttributeMemSyncDomainMap)
    v.memSyncDomainMap = {0, 1};
  return v;
}

/// The stream whose attribute `attr` a call sets or gets, or the error:
/// an unknown stream, no value, or an attribute only launches have.
cudaError_t attributeOf(Runtime &RT, cudaStream_t stream, cudaLaunchAttributeID attr,
                        const void *value, simt::cudart::Stream **out) {
  *out = RT.stream(stream);
  if (!*out)
    return RT.result(cudaErrorInvalidResourceHandle);
  const bool streams = attr == cudaLaunchAttributeAccessPolicyWindow ||
                       attr == cudaLaunchAttributeSynchronizationPolicy ||
                       attr == cudaLaunchAttributePriority ||
                       attr == cudaLaunchAttributeMemSyncDomainMap ||
                       attr == cudaLaunchAttributeMemSyncDomain;
  return !value || !streams ? RT.result(cudaErrorInvalidValue) : cudaSuccess;
}

} // namespace

cudaError_t cudaStreamSetAttribute(cudaStream_t stream, cudaStreamAttrID attr,
                                   const cudaStreamAttrValue *value) try {
  SIMT_CUDART_ENTRY;
  simt::cudart::Stream *s;
  if (cudaError_t e = attributeOf(RT, stream, attr, value, &s))
    return e;
  cudaLaunchAttributeValue v = *value;
  switch (attr) {
  case cudaLaunchAttributeAccessPolicyWindow:
    // The window may be no larger than cudaDevAttrMaxAccessPolicyWindowSize,
    // which is 0 here (no persisting L2); a ratio is a fraction.
    if (v.accessPolicyWindow.num_bytes > 0 || !(v.accessPolicyWindow.hitRatio >= 0.f) ||
        v.accessPolicyWindow.hitRatio > 1.f)
      return RT.result(cudaErrorInvalidValue);
    break;
  case cudaLaunchAttributeSynchronizationPolicy:
    if (v.syncPolicy < cudaSyncPolicyAuto || v.syncPolicy > cudaSyncPolicyBlockingSync)
      return RT.result(cudaErrorInvalidValue);
    break;
  case cudaLaunchAttributePriority:
    v.priority = 0; // clamped to the one priority, as cudaStreamCreateWithPriority does
    break;
  case cudaLaunchAttributeMemSyncDomain:
    if (v.memSyncDomain != cudaLaunchMemSyncDomainDefault &&
        v.memSyncDomain != cudaLaunchMemSyncDomainRemote)
      return RT.result(cudaErrorInvalidValue);
    break;
  default: break;
  }
  s->attributes[attr] = v;
  return cudaSuccess;
} SIMT_CUDART_CATCH

cudaError_t cudaStreamGetAttribute(cudaStream_t stream, cudaStreamAttrID attr,
                                   cudaStreamAttrValue *value) try {
  SIMT_CUDART_ENTRY;
  simt::cudart::Stream *s;
  if (cudaError_t e = attributeOf(RT, stream, attr, value, &s))
    return e;
  auto it = s->attributes.find(attr);
  *value = it != s->attributes.end() ? it->second : defaultAttribute(attr);
  return cudaSuccess;
} SIMT_CUDART_CATCH

cudaError_t cudaStreamCopyAttributes(cudaStream_t dst, cudaStream_t src) try {
  SIMT_CUDART_ENTRY;
  simt::cudart::Stream *d = RT.stream(dst), *s = RT.stream(src);
  if (!d || !s)
    return RT.result(cudaErrorInvalidResourceHandle);
  d->attributes = s->attributes;
  return cudaSuccess;
} SIMT_CUDART_CATCH

cudaError_t cudaCtxResetPersistingL2Cache(void) try {
  SIMT_CUDART_ENTRY;
  return cudaSuccess;
} SIMT_CUDART_CATCH

// Whether the stream's work is being captured into a graph (Graphs.cpp).
cudaError_t cudaStreamIsCapturing(cudaStream_t stream,
                                  enum cudaStreamCaptureStatus *status) try {
  SIMT_CUDART_ENTRY;
  if (!status)
    return RT.result(cudaErrorInvalidValue);
  simt::cudart::Stream *s = RT.stream(stream);
  if (!s)
    return RT.result(cudaErrorInvalidResourceHandle);
  *status = s->capture ? cudaStreamCaptureStatusActive : cudaStreamCaptureStatusNone;
  return cudaSuccess;
} SIMT_CUDART_CATCH

cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event, unsigned int flags) try {
  SIMT_CUDART_ENTRY;
  if (!event || flags > 7)
    return RT.result(cudaErrorInvalidValue);
  if (cudaError_t e = RT.ready())
    return RT.result(e);
  *event = reinterpret_cast<cudaEvent_t>(RT.createEvent(flags));
  return cudaSuccess;
} SIMT_CUDART_CATCH
cudaError_t cudaEventCreate(cudaEvent_t *event) {
  return cudaEventCreateWithFlags(event, cudaEventDefault);
}

cudaError_t cudaEventDestroy(cudaEvent_t event) try {
  SIMT_CUDART_ENTRY;
  return RT.destroyEvent(event) ? cudaSuccess : RT.result(cudaErrorInvalidResourceHandle);
} SIMT_CUDART_CATCH

cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream) try {
  SIMT_CUDART_ENTRY;
  return recordEvent(RT, event, stream);
} SIMT_CUDART_CATCH

cudaError_t cudaEventSynchronize(cudaEvent_t event) try {
  SIMT_CUDART_ENTRY;
  simt::cudart::Event *ev = RT.event(event);
  if (!ev)
    return RT.result(cudaErrorInvalidResourceHandle);
  if (!ev->recorded)
    return cudaSuccess;
  return RT.result(completeEvent(RT, *ev));
} SIMT_CUDART_CATCH

cudaError_t cudaEventQuery(cudaEvent_t event) try {
  SIMT_CUDART_ENTRY;
  simt::cudart::Event *ev = RT.event(event);
  if (!ev)
    return RT.result(cudaErrorInvalidResourceHandle);
  if (!ev->recorded || ev->cycle)
    return cudaSuccess;
  if (cudaError_t e = RT.ready())
    return RT.result(e);
  ev->cycle = RT.completedAt(ev->after);
  return ev->cycle ? cudaSuccess : cudaErrorNotReady;
} SIMT_CUDART_CATCH

cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end) try {
  SIMT_CUDART_ENTRY;
  simt::cudart::Event *a = RT.event(start), *b = RT.event(end);
  if (!ms)
    return RT.result(cudaErrorInvalidValue);
  if (!a || !b)
    return RT.result(cudaErrorInvalidResourceHandle);
  if ((a->flags | b->flags) & cudaEventDisableTiming)
    return RT.result(cudaErrorInvalidResourceHandle);
  if (!a->recorded || !b->recorded)
    return RT.result(cudaErrorInvalidResourceHandle);
  if (cudaError_t e = RT.ready())
    return RT.result(e);
  if (!a->cycle)
    a->cycle = RT.completedAt(a->after);
  if (!b->cycle)
    b->cycle = RT.completedAt(b->after);
  if (!a->cycle || !b->cycle)
    return RT.result(cudaErrorNotReady);
  *ms = float((double(*b->cycle) - double(*a->cycle)) / simt::cudart::kClockKHz);
  return cudaSuccess;
} SIMT_CUDART_CATCH

} // extern "C"
