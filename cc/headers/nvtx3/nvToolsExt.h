/*===-- nvtx3/nvToolsExt.h - NVTX: annotations for tools ------------------===*
 *
 * The NVIDIA Tools Extension's C API (version 3, header-only as NVIDIA's):
 * marks, start/end and push/pop ranges, domains, registered strings,
 * category and thread names. NVTX calls a tool only where one is injected
 * (NVTX_INJECTION64_PATH); without one every call does nothing and
 * nvtxRangePush and nvtxRangePop answer NVTX_NO_PUSH_POP_TRACKING, as
 * NVIDIA's. The toolchain injects no tool: simt-prof and simt-sanitizer
 * do not show these ranges, and a program that uses them runs unchanged.
 *===----------------------------------------------------------------------===*/
#ifndef SIMT_NVTOOLSEXT_V3_H
#define SIMT_NVTOOLSEXT_V3_H
#define NVTOOLSEXT_V3 /* NVIDIA's guard */

#include <stddef.h>
#include <stdint.h>
#include <wchar.h>

#define NVTX_VERSION 3
#define NVTX_SUCCESS 0
#define NVTX_FAIL 1
#define NVTX_NO_PUSH_POP_TRACKING ((int)-2)

typedef uint64_t nvtxRangeId_t;
typedef struct nvtxDomainRegistration_st nvtxDomainRegistration;
typedef nvtxDomainRegistration *nvtxDomainHandle_t;
typedef struct nvtxStringRegistration_st nvtxStringRegistration;
typedef nvtxStringRegistration *nvtxStringHandle_t;

typedef enum nvtxColorType_t { NVTX_COLOR_UNKNOWN = 0, NVTX_COLOR_ARGB = 1 } nvtxColorType_t;
typedef enum nvtxMessageType_t {
  NVTX_MESSAGE_UNKNOWN = 0,
  NVTX_MESSAGE_TYPE_ASCII = 1,
  NVTX_MESSAGE_TYPE_UNICODE = 2,
  NVTX_MESSAGE_TYPE_REGISTERED = 3
} nvtxMessageType_t;
typedef union nvtxMessageValue_t {
  const char *ascii;
  const wchar_t *unicode;
  nvtxStringHandle_t registered;
} nvtxMessageValue_t;
typedef enum nvtxPayloadType_t {
  NVTX_PAYLOAD_UNKNOWN = 0,
  NVTX_PAYLOAD_TYPE_UNSIGNED_INT64 = 1,
  NVTX_PAYLOAD_TYPE_INT64 = 2,
  NVTX_PAYLOAD_TYPE_DOUBLE = 3,
  NVTX_PAYLOAD_TYPE_UNSIGNED_INT32 = 4,
  NVTX_PAYLOAD_TYPE_INT32 = 5,
  NVTX_PAYLOAD_TYPE_FLOAT = 6
} nvtxPayloadType_t;

/* The attributes of a mark or range, laid out as NVIDIA's version 2. */
typedef struct nvtxEventAttributes_v2 {
  uint16_t version;
  uint16_t size;
  uint32_t category;
  int32_t colorType;
  uint32_t color;
  int32_t payloadType;
  int32_t reserved0;
  union payload_t {
    uint64_t ullValue;
    int64_t llValue;
    double dValue;
    uint32_t uiValue;
    int32_t iValue;
    float fValue;
  } payload;
  int32_t messageType;
  nvtxMessageValue_t message;
} nvtxEventAttributes_v2;
typedef struct nvtxEventAttributes_v2 nvtxEventAttributes_t;
#define NVTX_EVENT_ATTRIB_STRUCT_SIZE ((uint16_t)sizeof(nvtxEventAttributes_t))

#define __SIMT_NVTX static inline

/* No tool: each call is a no-op, as NVIDIA's NVTX without an injected one. */
__SIMT_NVTX void nvtxInitialize(const void *reserved) { (void)reserved; }
__SIMT_NVTX void nvtxMarkEx(const nvtxEventAttributes_t *a) { (void)a; }
__SIMT_NVTX void nvtxMarkA(const char *m) { (void)m; }
__SIMT_NVTX void nvtxMarkW(const wchar_t *m) { (void)m; }
__SIMT_NVTX nvtxRangeId_t nvtxRangeStartEx(const nvtxEventAttributes_t *a) { (void)a; return 0; }
__SIMT_NVTX nvtxRangeId_t nvtxRangeStartA(const char *m) { (void)m; return 0; }
__SIMT_NVTX nvtxRangeId_t nvtxRangeStartW(const wchar_t *m) { (void)m; return 0; }
__SIMT_NVTX void nvtxRangeEnd(nvtxRangeId_t id) { (void)id; }
__SIMT_NVTX int nvtxRangePushEx(const nvtxEventAttributes_t *a) {
  (void)a;
  return NVTX_NO_PUSH_POP_TRACKING;
}
__SIMT_NVTX int nvtxRangePushA(const char *m) { (void)m; return NVTX_NO_PUSH_POP_TRACKING; }
__SIMT_NVTX int nvtxRangePushW(const wchar_t *m) { (void)m; return NVTX_NO_PUSH_POP_TRACKING; }
__SIMT_NVTX int nvtxRangePop(void) { return NVTX_NO_PUSH_POP_TRACKING; }
__SIMT_NVTX void nvtxNameCategoryA(uint32_t c, const char *n) { (void)c; (void)n; }
__SIMT_NVTX void nvtxNameCategoryW(uint32_t c, const wchar_t *n) { (void)c; (void)n; }
__SIMT_NVTX void nvtxNameOsThreadA(uint32_t t, const char *n) { (void)t; (void)n; }
__SIMT_NVTX void nvtxNameOsThreadW(uint32_t t, const wchar_t *n) { (void)t; (void)n; }

__SIMT_NVTX nvtxDomainHandle_t nvtxDomainCreateA(const char *n) { (void)n; return NULL; }
__SIMT_NVTX nvtxDomainHandle_t nvtxDomainCreateW(const wchar_t *n) { (void)n; return NULL; }
__SIMT_NVTX void nvtxDomainDestroy(nvtxDomainHandle_t d) { (void)d; }
__SIMT_NVTX void nvtxDomainMarkEx(nvtxDomainHandle_t d, const nvtxEventAttributes_t *a) {
  (void)d;
  (void)a;
}
__SIMT_NVTX nvtxRangeId_t nvtxDomainRangeStartEx(nvtxDomainHandle_t d,
                                                 const nvtxEventAttributes_t *a) {
  (void)d;
  (void)a;
  return 0;
}
__SIMT_NVTX void nvtxDomainRangeEnd(nvtxDomainHandle_t d, nvtxRangeId_t id) {
  (void)d;
  (void)id;
}
__SIMT_NVTX int nvtxDomainRangePushEx(nvtxDomainHandle_t d, const nvtxEventAttributes_t *a) {
  (void)d;
  (void)a;
  return NVTX_NO_PUSH_POP_TRACKING;
}
__SIMT_NVTX int nvtxDomainRangePop(nvtxDomainHandle_t d) {
  (void)d;
  return NVTX_NO_PUSH_POP_TRACKING;
}
__SIMT_NVTX nvtxStringHandle_t nvtxDomainRegisterStringA(nvtxDomainHandle_t d, const char *s) {
  (void)d;
  (void)s;
  return NULL;
}
__SIMT_NVTX nvtxStringHandle_t nvtxDomainRegisterStringW(nvtxDomainHandle_t d,
                                                         const wchar_t *s) {
  (void)d;
  (void)s;
  return NULL;
}
__SIMT_NVTX void nvtxDomainNameCategoryA(nvtxDomainHandle_t d, uint32_t c, const char *n) {
  (void)d;
  (void)c;
  (void)n;
}

#undef __SIMT_NVTX
#endif
