// CUDA's SIMD intrinsics on the halfwords and bytes of a word (__vadd4,
// __vabsdiffs2, __vcmpltu4, __vsads4, ...) and the DPX functions of CUDA 12
// (__vimax3_s32, __viaddmin_s16x2_relu, __vibmax_u16x2, ...), every one on
// 2048 operand triples (random words, and words made of the parts' edge
// values 0, 1, -1, the most negative and the most positive), against a
// reference here that follows the Math API's definitions part by part on
// int8_t/int16_t arrays. The DPX functions are __host__ __device__: the
// host calls them too.
// RUN: simt-nvcc -O2 %s -o %t && %t | FileCheck %s
// CHECK: 126 results, 0 wrong
// CHECK-NEXT: host DPX: 0 wrong
// CHECK-NEXT: PASSED
#include <stdint.h>
#include <stdio.h>
#include <string.h>

const int N = 2048;

#define UNARY(X) X(__vabs2) X(__vabs4) X(__vabsss2) X(__vabsss4) X(__vneg2) X(__vneg4) \
  X(__vnegss2) X(__vnegss4)
#define BINARY_PAIR(X, F) X(F##2) X(F##4)
#define BINARY(X) BINARY_PAIR(X, __vadd) BINARY_PAIR(X, __vaddss) BINARY_PAIR(X, __vaddus)  \
  BINARY_PAIR(X, __vsub) BINARY_PAIR(X, __vsubss) BINARY_PAIR(X, __vsubus)                  \
  BINARY_PAIR(X, __vabsdiffs) BINARY_PAIR(X, __vabsdiffu) BINARY_PAIR(X, __vavgu)           \
  BINARY_PAIR(X, __vhaddu) BINARY_PAIR(X, __vavgs) BINARY_PAIR(X, __vmaxs)                  \
  BINARY_PAIR(X, __vmaxu) BINARY_PAIR(X, __vmins) BINARY_PAIR(X, __vminu)                   \
  BINARY_PAIR(X, __vsads) BINARY_PAIR(X, __vsadu) BINARY_PAIR(X, __vcmpeq)                  \
  BINARY_PAIR(X, __vcmpne) BINARY_PAIR(X, __vseteq) BINARY_PAIR(X, __vsetne)                \
  BINARY_PAIR(X, __vcmpges) BINARY_PAIR(X, __vcmpgeu) BINARY_PAIR(X, __vcmpgts)             \
  BINARY_PAIR(X, __vcmpgtu) BINARY_PAIR(X, __vcmples) BINARY_PAIR(X, __vcmpleu)             \
  BINARY_PAIR(X, __vcmplts) BINARY_PAIR(X, __vcmpltu) BINARY_PAIR(X, __vsetges)             \
  BINARY_PAIR(X, __vsetgeu) BINARY_PAIR(X, __vsetgts) BINARY_PAIR(X, __vsetgtu)             \
  BINARY_PAIR(X, __vsetles) BINARY_PAIR(X, __vsetleu) BINARY_PAIR(X, __vsetlts)             \
  BINARY_PAIR(X, __vsetltu)
#define TERNARY_S32(X) X(__vimax3_s32) X(__vimin3_s32) X(__vimax3_s32_relu)               \
  X(__vimin3_s32_relu) X(__viaddmax_s32) X(__viaddmin_s32) X(__viaddmax_s32_relu)         \
  X(__viaddmin_s32_relu)
#define TERNARY_U32(X) X(__vimax3_u32) X(__vimin3_u32) X(__viaddmax_u32) X(__viaddmin_u32)  \
  X(__vimax3_s16x2) X(__vimax3_u16x2) X(__vimin3_s16x2) X(__vimin3_u16x2)                   \
  X(__vimax3_s16x2_relu) X(__vimin3_s16x2_relu) X(__viaddmax_s16x2) X(__viaddmax_u16x2)     \
  X(__viaddmin_s16x2) X(__viaddmin_u16x2) X(__viaddmax_s16x2_relu) X(__viaddmin_s16x2_relu)
#define BINARY_RELU(X) X(__vimax_s32_relu, int) X(__vimin_s32_relu, int)                  \
  X(__vimax_s16x2_relu, unsigned) X(__vimin_s16x2_relu, unsigned)
#define WITH_PRED32(X) X(__vibmax_s32, int) X(__vibmax_u32, unsigned) X(__vibmin_s32, int)  \
  X(__vibmin_u32, unsigned)
#define WITH_PRED16(X) X(__vibmax_s16x2) X(__vibmax_u16x2) X(__vibmin_s16x2) X(__vibmin_u16x2)

// Every result in one list: the function's name, and its value per thread.
#define NAME1(F) #F,
#define NAME2(F, T) #F, #F " pred",
#define NAME_R(F, T) #F,
static const char *kNames[] = {UNARY(NAME1) BINARY(NAME1) TERNARY_S32(NAME1) TERNARY_U32(NAME1)
                                   BINARY_RELU(NAME_R) WITH_PRED32(NAME2) WITH_PRED16(NAME1)
                                       WITH_PRED16(NAME1)};
const int kResults = sizeof kNames / sizeof kNames[0];

__global__ void simd(const unsigned *A, const unsigned *B, const unsigned *C, unsigned *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned a = A[i], b = B[i], c = C[i];
  unsigned *o = out + i;
  int k = 0;
#define CALL1(F) o[N * k++] = F(a);
#define CALL2(F) o[N * k++] = F(a, b);
#define CALL3S(F) o[N * k++] = (unsigned)F((int)a, (int)b, (int)c);
#define CALL3U(F) o[N * k++] = F(a, b, c);
#define CALLR(F, T) o[N * k++] = (unsigned)F((T)a, (T)b);
#define CALLP32(F, T) { bool p; o[N * k++] = (unsigned)F((T)a, (T)b, &p); o[N * k++] = p; }
#define CALLP16(F) { bool hi, lo; o[N * k++] = F(a, b, &hi, &lo); o[N * (k + 3)] = hi * 2 + lo; }
  UNARY(CALL1) BINARY(CALL2) TERNARY_S32(CALL3S) TERNARY_U32(CALL3U) BINARY_RELU(CALLR)
  WITH_PRED32(CALLP32) WITH_PRED16(CALLP16)
}

// The reference: the parts of a word as numbers, and a word from parts.
static void parts(unsigned w, int width, bool is_signed, int *p) {
  for (int k = 0; k < 32 / width; ++k) {
    if (width == 8)
      p[k] = is_signed ? (int)(int8_t)(w >> (8 * k)) : (int)(uint8_t)(w >> (8 * k));
    else
      p[k] = is_signed ? (int)(int16_t)(w >> (16 * k)) : (int)(uint16_t)(w >> (16 * k));
  }
}
static unsigned word(const int *p, int width) {
  unsigned w = 0;
  for (int k = 0; k < 32 / width; ++k)
    w |= ((unsigned)p[k] & ((1u << width) - 1)) << (width * k);
  return w;
}
static int clamp(long long v, long long lo, long long hi) { return (int)(v < lo ? lo : v > hi ? hi : v); }
static int smin(int width) { return -(1 << (width - 1)); }
static int smax(int width) { return (1 << (width - 1)) - 1; }
static int umax(int width) { return (1 << width) - 1; }

// One part's result of the function whose name (without its width digit)
// is op; x, y, z the parts read as signed or unsigned as op says.
static int part_op(const char *op, int width, int x, int y) {
  if (!strcmp(op, "__vabs")) return x < 0 ? -x : x;
  if (!strcmp(op, "__vabsss")) return clamp(x < 0 ? -(long long)x : x, smin(width), smax(width));
  if (!strcmp(op, "__vneg")) return -x;
  if (!strcmp(op, "__vnegss")) return clamp(-(long long)x, smin(width), smax(width));
  if (!strcmp(op, "__vadd") || !strcmp(op, "__vaddus") || !strcmp(op, "__vaddss")) {
    long long s = (long long)x + y;
    return op[6] == 'u' ? clamp(s, 0, umax(width)) : op[6] == 's' ? clamp(s, smin(width), smax(width)) : (int)s;
  }
  if (!strcmp(op, "__vsub") || !strcmp(op, "__vsubus") || !strcmp(op, "__vsubss")) {
    long long s = (long long)x - y;
    return op[6] == 'u' ? clamp(s, 0, umax(width)) : op[6] == 's' ? clamp(s, smin(width), smax(width)) : (int)s;
  }
  if (!strncmp(op, "__vabsdiff", 10)) return x > y ? x - y : y - x;
  if (!strcmp(op, "__vavgu")) return (x + y + 1) / 2;
  if (!strcmp(op, "__vhaddu")) return (x + y) / 2;
  if (!strcmp(op, "__vavgs")) { // rounded half away from zero
    int s = x + y;
    return s >= 0 ? (s + 1) / 2 : -((-s + 1) / 2);
  }
  if (!strncmp(op, "__vmax", 6)) return x > y ? x : y;
  if (!strncmp(op, "__vmin", 6)) return x < y ? x : y;
  bool set = !strncmp(op, "__vset", 6);
  const char *cmp = op + 6;
  bool r = !strncmp(cmp, "eq", 2) ? x == y : !strncmp(cmp, "ne", 2) ? x != y
         : !strncmp(cmp, "ge", 2) ? x >= y : !strncmp(cmp, "gt", 2) ? x > y
         : !strncmp(cmp, "le", 2) ? x <= y : x < y;
  return set ? (int)r : -(int)r;
}

static bool signed_parts(const char *op) {
  static const char *const kSigned[] = {"__vabs", "__vabsss", "__vneg", "__vnegss", "__vaddss",
                                        "__vsubss", "__vabsdiffs", "__vavgs", "__vmaxs",
                                        "__vmins", "__vsads"};
  for (const char *s : kSigned)
    if (!strcmp(op, s))
      return true;
  size_t n = strlen(op); // compares: "s" last
  return (!strncmp(op, "__vcmp", 6) || !strncmp(op, "__vset", 6)) && n == 9 && op[8] == 's';
}

// The video (…2/…4) functions.
static unsigned ref_video(const char *name, unsigned a, unsigned b) {
  char op[32];
  size_t n = strlen(name);
  memcpy(op, name, n - 1);
  op[n - 1] = 0;
  int width = name[n - 1] == '2' ? 16 : 8, count = 32 / width;
  bool s = signed_parts(op);
  int pa[4], pb[4], r[4];
  parts(a, width, s, pa);
  parts(b, width, s, pb);
  if (!strncmp(op, "__vsad", 6)) {
    unsigned sum = 0;
    for (int k = 0; k < count; ++k)
      sum += (unsigned)(pa[k] > pb[k] ? pa[k] - pb[k] : pb[k] - pa[k]);
    return sum;
  }
  for (int k = 0; k < count; ++k)
    r[k] = part_op(op, width, pa[k], pb[k]);
  return word(r, width);
}

// The DPX functions: on 32-bit values, or on halfwords ("16x2").
static long long dpx_value(const char *name, long long x, long long y, long long z, int width,
                           bool is_signed) {
  long long wrap = 1ll << width, v;
  auto wrapped = [&](long long s) {
    s &= wrap - 1;
    return is_signed && s >= wrap / 2 ? s - wrap : s;
  };
  bool is_max = strstr(name, "max") != nullptr;
  if (strstr(name, "iadd"))
    v = wrapped(x + y), v = is_max ? (v > z ? v : z) : (v < z ? v : z);
  else if (strstr(name, "3_"))
    v = is_max ? (x > y ? x : y) : (x < y ? x : y), v = is_max ? (v > z ? v : z) : (v < z ? v : z);
  else
    v = is_max ? (x > y ? x : y) : (x < y ? x : y);
  if (strstr(name, "relu") && v < 0)
    v = 0;
  return v;
}
static unsigned ref_dpx(const char *name, unsigned a, unsigned b, unsigned c) {
  bool is_signed = strstr(name, "_s") != nullptr;
  if (strstr(name, "16x2")) {
    int pa[2], pb[2], pc[2], r[2];
    parts(a, 16, is_signed, pa);
    parts(b, 16, is_signed, pb);
    parts(c, 16, is_signed, pc);
    if (!strstr(name, "3_") && !strstr(name, "iadd")) // two operands
      memcpy(pc, pb, sizeof pc);
    for (int k = 0; k < 2; ++k)
      r[k] = (int)dpx_value(name, pa[k], pb[k], pc[k], 16, is_signed);
    return word(r, 16);
  }
  long long x = is_signed ? (long long)(int)a : a, y = is_signed ? (long long)(int)b : b;
  long long z = is_signed ? (long long)(int)c : c;
  if (!strstr(name, "3_") && !strstr(name, "iadd"))
    z = y;
  return (unsigned)dpx_value(name, x, y, z, 32, is_signed);
}

// __vib*: the max or min, and whether a won (per halfword: hi * 2 + lo).
static unsigned ref_vib(const char *name, unsigned a, unsigned b, bool pred) {
  bool is_max = strstr(name, "max") != nullptr, is_signed = strstr(name, "_s") != nullptr;
  int width = strstr(name, "16x2") ? 16 : 32, count = 32 / width;
  long long pa[2], pb[2];
  int r[2];
  unsigned won = 0;
  for (int k = 0; k < count; ++k) {
    if (width == 32) {
      pa[k] = is_signed ? (long long)(int)a : a;
      pb[k] = is_signed ? (long long)(int)b : b;
    } else {
      int x[2], y[2];
      parts(a, 16, is_signed, x);
      parts(b, 16, is_signed, y);
      pa[k] = x[k];
      pb[k] = y[k];
    }
    bool a_wins = is_max ? pa[k] >= pb[k] : pa[k] <= pb[k];
    won |= (unsigned)a_wins << k;
    r[k] = (int)(a_wins ? pa[k] : pb[k]);
  }
  if (pred)
    return width == 32 ? won : ((won & 1) | ((won >> 1) << 1));
  return width == 32 ? (unsigned)r[0] : word(r, 16);
}

static unsigned reference(int k, unsigned a, unsigned b, unsigned c) {
  const char *name = kNames[k];
  if (strstr(name, "__vib"))
    return ref_vib(name, a, b, strstr(name, " pred") != nullptr ||
                                   (strstr(name, "16x2") && k >= kResults - 4));
  if (name[3] == 'i')
    return ref_dpx(name, a, b, c);
  return ref_video(name, a, b);
}

static unsigned long long state = 0x9E3779B97F4A7C15ull;
static unsigned next32() {
  state = state * 6364136223846793005ull + 1442695040888963407ull;
  return (unsigned)(state >> 32);
}
// Words made of edge parts: 0, 1, -1, the most negative, the most positive.
static unsigned edge_word() {
  static const unsigned kBytes[] = {0x00, 0x01, 0xff, 0x80, 0x7f, 0xfe, 0x81};
  unsigned w = 0;
  for (int k = 0; k < 4; ++k)
    w |= kBytes[next32() % 7] << (8 * k);
  return w;
}

int main() {
  static unsigned a[N], b[N], c[N], out[kResults * N];
  for (int i = 0; i < N; ++i) {
    bool edges = i % 2;
    a[i] = edges ? edge_word() : next32();
    b[i] = edges ? edge_word() : next32();
    c[i] = i % 3 ? next32() : edge_word();
  }
  unsigned *da, *db, *dc, *dout;
  cudaMalloc(&da, sizeof a);
  cudaMalloc(&db, sizeof b);
  cudaMalloc(&dc, sizeof c);
  cudaMalloc(&dout, sizeof out);
  cudaMemcpy(da, a, sizeof a, cudaMemcpyHostToDevice);
  cudaMemcpy(db, b, sizeof b, cudaMemcpyHostToDevice);
  cudaMemcpy(dc, c, sizeof c, cudaMemcpyHostToDevice);
  simd<<<N / 128, 128>>>(da, db, dc, dout);
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (int k = 0; k < kResults; ++k) {
    int bad = 0;
    for (int i = 0; i < N; ++i) {
      unsigned want = reference(k, a[i], b[i], c[i]);
      if (out[k * N + i] != want && bad++ < 2)
        printf("  %s(%08x, %08x, %08x) = %08x, want %08x\n", kNames[k], a[i], b[i], c[i],
               out[k * N + i], want);
    }
    wrong += bad;
  }
  printf("%d results, %d wrong\n", kResults, wrong);
  // The DPX functions on the host: the same definitions.
  int host_wrong = 0;
  for (int i = 0; i < N; ++i) {
    unsigned got[] = {(unsigned)__vimax3_s32((int)a[i], (int)b[i], (int)c[i]),
                      __viaddmin_u16x2(a[i], b[i], c[i]),
                      __vimax_s16x2_relu(a[i], b[i])};
    const char *names[] = {"__vimax3_s32", "__viaddmin_u16x2", "__vimax_s16x2_relu"};
    for (int j = 0; j < 3; ++j)
      host_wrong += got[j] != ref_dpx(names[j], a[i], b[i], c[i]);
  }
  printf("host DPX: %d wrong\n", host_wrong);
  printf(wrong || host_wrong ? "FAILED\n" : "PASSED\n");
  return wrong || host_wrong;
}
