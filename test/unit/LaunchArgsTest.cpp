//===-- LaunchArgsTest.cpp - Brace lists packed in C layout ---------------===//
//
// The reference layout is the host compiler's: each test fills a C++ struct
// declared like the CUDA kernel's parameter, and the packed bytes of the
// matching brace list must equal the struct's bytes (padding zeroed).
//
//===----------------------------------------------------------------------===//
#include "runtime/LaunchArgs.h"

#include <gtest/gtest.h>

#include <cstring>

using namespace simt::rt;

namespace {

constexpr uint64_t kBuf = 0x10001100;

BufferAddressFn buffers() {
  return [](std::string_view n) -> std::optional<uint64_t> {
    if (n == "buf")
      return kBuf;
    if (n == "high")
      return 0x10000000000;
    return std::nullopt;
  };
}

Expected<PackedArg> pack(std::string_view text, unsigned pointerBytes = 8) {
  auto a = parseLaunchArg(text);
  if (!a)
    return a.error();
  return packLaunchArg(*a, pointerBytes, buffers());
}

template <class T> std::vector<uint8_t> bytesOf(const T &v) {
  std::vector<uint8_t> b(sizeof(T));
  std::memcpy(b.data(), &v, sizeof(T));
  return b;
}

// Zeroed first so that the padding compares equal.
template <class T> T zeroed() {
  T v;
  std::memset(static_cast<void *>(&v), 0, sizeof(T));
  return v;
}

struct P {
  int n;
  float s;
  uint64_t buf;
  double d;
  signed char c[3];
};

struct Inner {
  short a;
  double d;
};

struct alignas(16) Float4 {
  float x, y, z, w;
};

struct Int2 {
  int x, y;
};

struct Q {
  Float4 v;
  Int2 pairs[4];
  Inner in;
  unsigned char tail;
};

} // namespace

TEST(LaunchArgs, StructMatchesTheHostLayout) {
  P ref = zeroed<P>();
  ref.n = 3;
  ref.s = 1.5f;
  ref.buf = kBuf;
  ref.d = -2.25;
  ref.c[0] = 1;
  ref.c[1] = -2;
  ref.c[2] = 3;
  auto p = pack("{3s32, 1.5f32, buf, -2.25f64, {1s8, -2s8, 3s8}}");
  ASSERT_TRUE(p.ok()) << p.message();
  EXPECT_EQ(p->align, alignof(P));
  EXPECT_EQ(p->bytes, bytesOf(ref));
}

TEST(LaunchArgs, NestedArraysAndExplicitAlignment) {
  Q ref = zeroed<Q>();
  ref.v = {1.5f, 2.0f, 3.0f, 0.25f};
  for (int i = 0; i < 4; ++i)
    ref.pairs[i] = {2 * i + 1, 2 * i + 2};
  ref.in.a = -7;
  ref.in.d = 0.125;
  ref.tail = 200;
  auto q = pack("{{1.5f32, 2.0f32, 3.0f32, 0.25f32}@16, {{1s32, 2s32}, {3s32, 4s32}, "
                "{5s32, 6s32}, {7s32, 8s32}}, {-7s16, 0.125f64}, 200u8}");
  ASSERT_TRUE(q.ok()) << q.message();
  EXPECT_EQ(q->align, alignof(Q));
  EXPECT_EQ(q->bytes, bytesOf(ref));
}

TEST(LaunchArgs, MemberAfterSmallerOnesIsAligned) {
  struct S {
    char c;
    uint64_t p;
    short h;
  };
  S ref = zeroed<S>();
  ref.c = 9;
  ref.p = kBuf;
  ref.h = 300;
  auto s = pack("{9s8, buf, 300s16}");
  ASSERT_TRUE(s.ok()) << s.message();
  EXPECT_EQ(s->bytes, bytesOf(ref));
  // A 32-bit-ABI kernel's pointers are 4 bytes, as `buf:32` always is.
  struct S32 {
    char c;
    uint32_t p;
  };
  S32 ref32 = zeroed<S32>();
  ref32.c = 9;
  ref32.p = uint32_t(kBuf);
  for (auto [text, width] : {std::pair{"{9s8, buf}", 4u}, std::pair{"{9s8, buf:32}", 8u}}) {
    auto s32 = pack(text, width);
    ASSERT_TRUE(s32.ok()) << s32.message();
    EXPECT_EQ(s32->bytes, bytesOf(ref32)) << text;
  }
}

TEST(LaunchArgs, ScalarsKeepTheirSize) {
  auto v = pack("-3s16");
  ASSERT_TRUE(v.ok());
  EXPECT_EQ(v->bytes, (std::vector<uint8_t>{0xfd, 0xff}));
  EXPECT_EQ(v->align, 2u);
  auto b = pack("buf");
  ASSERT_TRUE(b.ok());
  EXPECT_EQ(b->bytes.size(), 8u);
  EXPECT_EQ(b->align, 8u);
}

TEST(LaunchArgs, ErrorsNameTheMember) {
  EXPECT_EQ(pack("{1s32, 7}").message(),
            "member 2 '7': a value needs a type suffix, e.g. 7u32, 7s32 or 7f32");
  EXPECT_EQ(pack("{1s32, {2u8, nobuf}}").message(), "member 2.2 'nobuf': no buffer named 'nobuf'");
  EXPECT_EQ(pack("{1s32, {2u8, high:32}}").message(),
            "member 2.2 'high:32': buffer 'high' lies above 4 GiB, its address does not fit 32 "
            "bits");
  EXPECT_EQ(pack("{}").message(), "an empty brace list: a struct or array has at least one member");
  EXPECT_EQ(pack("{1s32,, 2s32}").message(), "member 2 is empty");
  EXPECT_EQ(pack("{1s32, {2s32}").message(), "missing '}' in '{1s32, {2s32}'");
  EXPECT_EQ(pack("{1s32}@3").message(),
            "after '}' only '@N' may follow (an alignment: a power of two up to 256), not '@3'");
  EXPECT_EQ(pack("{1s32} x").message(),
            "after '}' only '@N' may follow (an alignment: a power of two up to 256), not 'x'");
}

TEST(LaunchArgs, CommasInsideBracesDoNotSeparate) {
  std::string_view t = "{1s32, {2u8, 3u8}}, buf";
  EXPECT_EQ(findArgComma(t), 18u);
  EXPECT_EQ(findArgComma(t, 19), std::string_view::npos);
}

TEST(LaunchArgs, ParenthesesDoNotSeparateEither) {
  std::string_view t = "buf, local(64)), rest";
  EXPECT_EQ(findArgComma(t), 3u);
  EXPECT_EQ(findOutsideBrackets(t, ')'), 14u); // args=(...)'s end, not local('s
}

// OpenCL hosts on CUDA hardware put __local arguments after the kernel's
// static shared memory and the dynamic bytes, in argument order.
TEST(LaunchArgs, LocalArgumentsGetAlignedSlicesAfterStaticAndDynamicShared) {
  LaunchCommand l;
  l.shared = 8;
  for (const char *text : {"local(100)", "7u32", "local(4)"}) {
    auto a = parseLaunchArg(text);
    ASSERT_TRUE(a.ok()) << a.message();
    l.args.push_back(*a);
  }
  ASSERT_TRUE(placeLocalArgs(l, /*staticShared=*/20, /*pointerBytes=*/8).ok());
  // Static 0..20, shared= 20..28; slices at 32 (alignTo(28, 16)) and 144.
  const auto *first = std::get_if<Value>(&l.args[0].arg);
  const auto *last = std::get_if<Value>(&l.args[2].arg);
  ASSERT_TRUE(first && last);
  EXPECT_EQ(first->type, ElemType::U64);
  EXPECT_EQ(first->bits, 32u);
  EXPECT_EQ(last->bits, 144u);
  EXPECT_EQ(std::get<Value>(l.args[1].arg).bits, 7u);
  EXPECT_EQ(l.shared, 148u - 20u); // the dynamic bytes cover both slices

  LaunchCommand narrow;
  narrow.args.push_back(*parseLaunchArg("local(4)"));
  ASSERT_TRUE(placeLocalArgs(narrow, 0, /*pointerBytes=*/4).ok());
  EXPECT_EQ(std::get<Value>(narrow.args[0].arg).type, ElemType::U32);
  EXPECT_EQ(narrow.shared, 4u);

  EXPECT_FALSE(parseLaunchArg("local(0)").ok());
  EXPECT_FALSE(parseLaunchArg("local(4").ok());
}
