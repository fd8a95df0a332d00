//===-- PrintfFormatTest.cpp - Device printf: format parser and formatter -===//
//
// support/PrintfFormat.h's argument layout (clang's vprintf packing: C
// promotions, natural alignment, `*` ints, 4-byte pointers and long under
// -m32) and its errors; runtime/PrintfBuffer's formatting of packed
// arguments against the host's own variadic snprintf called with the
// original format and the typed values, on fixed and random conversions.
//
//===----------------------------------------------------------------------===//
#include "runtime/PrintfBuffer.h"
#include "support/PrintfFormat.h"

#include <gtest/gtest.h>

#include <cstdarg>
#include <cstring>
#include <random>

namespace pf = simt::printf_format;
using simt::rt::formatPrintf;

namespace {

pf::Format layout(std::string_view fmt, unsigned ptr = 8) {
  pf::Format f;
  size_t pos = 0;
  std::string e = pf::parseFormat(fmt, ptr, f, pos);
  EXPECT_EQ(e, "") << fmt;
  return f;
}

std::string parseError(std::string_view fmt) {
  pf::Format f;
  size_t pos = 0;
  return pf::parseFormat(fmt, 8, f, pos);
}

std::vector<uint32_t> offsets(const pf::Format &f) {
  std::vector<uint32_t> o;
  for (const pf::Directive &d : f.directives)
    if (d.conv && d.conv != '%')
      o.push_back(d.offset);
  return o;
}

TEST(PrintfFormat, LayoutIsClangsPacking) {
  pf::Format f = layout("a %d %f %s %lld %c %%\n");
  EXPECT_EQ(offsets(f), (std::vector<uint32_t>{0, 8, 16, 24, 32}));
  EXPECT_EQ(f.argBytes, 36u);
  EXPECT_EQ(f.numArgs, 5u);
  // -m32: pointers and long are 4 bytes; doubles stay 8-aligned.
  pf::Format g = layout("%d %f %s %ld %p %zu", 4);
  EXPECT_EQ(offsets(g), (std::vector<uint32_t>{0, 8, 16, 20, 24, 28}));
  EXPECT_EQ(g.argBytes, 32u);
  pf::Format h = layout("%hhd %hd %lu %lx %jd %td");
  EXPECT_EQ(offsets(h), (std::vector<uint32_t>{0, 4, 8, 16, 24, 32}));
  // A `*` width and precision are ints before the value.
  pf::Format s = layout("%*.*f|%-*d");
  ASSERT_EQ(s.directives.size(), 3u);
  EXPECT_EQ(s.directives[0].widthOffset, 0u);
  EXPECT_EQ(s.directives[0].precisionOffset, 4u);
  EXPECT_EQ(s.directives[0].offset, 8u);
  EXPECT_EQ(s.directives[2].widthOffset, 16u);
  EXPECT_EQ(s.directives[2].offset, 20u);
  EXPECT_EQ(s.numArgs, 5u);
  EXPECT_EQ(layout("no conversions\n").argBytes, 0u);
}

TEST(PrintfFormat, Errors) {
  EXPECT_NE(parseError("%n").find("'%n' is not supported"), std::string::npos);
  EXPECT_NE(parseError("%Lf").find("long double"), std::string::npos);
  EXPECT_NE(parseError("%ls").find("wide characters"), std::string::npos);
  EXPECT_NE(parseError("%lc").find("wide characters"), std::string::npos);
  EXPECT_NE(parseError("%d %y").find("unknown conversion '%y'"), std::string::npos);
  EXPECT_NE(parseError("100%").find("incomplete conversion '%'"), std::string::npos);
  EXPECT_NE(parseError("%-5").find("incomplete"), std::string::npos);
  EXPECT_NE(parseError("%5%").find("takes no flags"), std::string::npos);
  EXPECT_NE(parseError("%lp").find("length modifier"), std::string::npos);
  EXPECT_NE(parseError("%hf").find("length modifier"), std::string::npos);
  EXPECT_EQ(parseError("%lf %le %%"), "");
}

/// Packs values as clang does for a layout: each at its offset.
struct Packer {
  std::vector<uint8_t> bytes;
  template <class T> void put(uint32_t at, T v) {
    if (bytes.size() < at + sizeof v)
      bytes.resize(at + sizeof v);
    std::memcpy(bytes.data() + at, &v, sizeof v);
  }
};

std::string host(const char *fmt, ...) {
  va_list ap, ap2;
  va_start(ap, fmt);
  va_copy(ap2, ap);
  int n = std::vsnprintf(nullptr, 0, fmt, ap);
  std::string s(size_t(n) + 1, '\0');
  std::vsnprintf(s.data(), s.size(), fmt, ap2);
  va_end(ap2);
  va_end(ap);
  s.pop_back();
  return s;
}

TEST(PrintfFormat, FormatsAsTheHostPrintf) {
  const char *fmt = "[%5d] [%-4x] [%08.3f] [%e] [%c] [%s] [%.2s] [%lld] [%llX] [%+i] [%#o] "
                    "[%hd] [%hhu] [%*d] [%.*g] [%p] [%a] [%%]\n";
  pf::Format f = layout(fmt);
  const auto &d = f.directives;
  std::vector<const pf::Directive *> c;
  for (const pf::Directive &x : d)
    if (x.conv && x.conv != '%')
      c.push_back(&x);
  ASSERT_EQ(c.size(), 17u);
  Packer p;
  p.put(c[0]->offset, int32_t(-42));
  p.put(c[1]->offset, int32_t(0xbeef));
  p.put(c[2]->offset, 3.14159);
  p.put(c[3]->offset, -1.5e-300);
  p.put(c[4]->offset, int32_t('Z'));
  p.put(c[5]->offset, uint64_t(0x1000));
  p.put(c[6]->offset, uint64_t(0x2000));
  p.put(c[7]->offset, int64_t(-9000000000LL));
  p.put(c[8]->offset, uint64_t(0xfedcba9876543210ULL));
  p.put(c[9]->offset, int32_t(7));
  p.put(c[10]->offset, int32_t(8));
  p.put(c[11]->offset, int32_t(int16_t(-1234))); // promoted: sign-extended
  p.put(c[12]->offset, int32_t(0x1ff));          // %hhu reads the low byte
  p.put(c[13]->widthOffset, int32_t(-6));        // a negative width is '-'
  p.put(c[13]->offset, int32_t(99));
  p.put(c[14]->precisionOffset, int32_t(3));
  p.put(c[14]->offset, 2.0 / 3.0);
  p.put(c[15]->offset, uint64_t(0xabc0));
  p.put(c[16]->offset, 1.5);
  auto read = [](uint64_t a) -> std::optional<std::string> {
    if (a == 0x1000)
      return "hello";
    if (a == 0x2000)
      return "world";
    return std::nullopt;
  };
  std::string want = host(fmt, -42, 0xbeef, 3.14159, -1.5e-300, 'Z', "hello", "world",
                          -9000000000LL, 0xfedcba9876543210ULL, 7, 8, short(-1234),
                          (unsigned char)0xff, -6, 99, 3, 2.0 / 3.0, (void *)0xabc0, 1.5);
  EXPECT_EQ(formatPrintf(fmt, p.bytes, false, read), want);
  // -m32: the same %s and %p from 4-byte pointers.
  pf::Format g = layout("%s|%p|%ld\n", 4);
  Packer q;
  q.put(g.directives[0].offset, uint32_t(0x1000));
  q.put(g.directives[2].offset, uint32_t(0x1234));
  q.put(g.directives[4].offset, int32_t(-5));
  EXPECT_EQ(formatPrintf("%s|%p|%ld\n", q.bytes, true, read),
            host("%s|%p|%ld\n", "hello", (void *)0x1234, -5L));
  // A null string as glibc prints it; a bad address is named.
  Packer n;
  n.put(0, uint64_t(0));
  n.put(8, uint64_t(0x3000));
  EXPECT_EQ(formatPrintf("%s %s", n.bytes, false, read), "(null) <bad string address 0x3000>");
  // A record too short for its format says so instead of reading past it.
  EXPECT_NE(formatPrintf("%d %d", std::vector<uint8_t>(4), false, read).find("needs 8"),
            std::string::npos);
}

// Random flags, widths and precisions on each conversion kind, against the
// host's printf given the typed value directly.
TEST(PrintfFormat, RandomConversions) {
  std::mt19937_64 rng(2024);
  const std::string flagChars = "-+ #0";
  auto pick = [&](size_t n) { return size_t(rng() % n); };
  for (int iter = 0; iter < 3000; ++iter) {
    std::string spec = "%";
    for (int k = pick(3); k > 0; --k)
      spec += flagChars[pick(flagChars.size())];
    if (pick(2))
      spec += std::to_string(pick(25));
    if (pick(2))
      spec += "." + std::to_string(pick(18));
    const char *convs[] = {"d", "i", "u", "x", "X", "o", "lld", "llx", "llu", "f", "e", "E",
                           "g", "G", "a", "A", "c"};
    std::string conv = convs[pick(std::size(convs))];
    bool isChar = conv == "c", isFloat = std::strchr("feEgGaA", conv[0]) != nullptr;
    if (isChar && spec.find('.') != std::string::npos)
      continue; // a precision on %c is undefined in C
    std::string fmt = spec + conv;
    pf::Format f = layout(fmt);
    Packer p;
    std::string want;
    if (isFloat) {
      double v;
      uint64_t bits = rng();
      std::memcpy(&v, &bits, sizeof v);
      if (pick(2))
        v = double(int64_t(rng() % 2000000) - 1000000) / 64.0;
      p.put(0, v);
      want = host(fmt.c_str(), v);
    } else if (conv.rfind("ll", 0) == 0) {
      uint64_t v = rng();
      p.put(0, v);
      want = host(fmt.c_str(), (unsigned long long)v);
    } else if (isChar) {
      int v = 32 + int(pick(95));
      p.put(0, int32_t(v));
      want = host(fmt.c_str(), v);
    } else {
      uint32_t v = uint32_t(rng());
      p.put(0, v);
      want = host(fmt.c_str(), v);
    }
    ASSERT_EQ(f.argBytes, p.bytes.size()) << fmt;
    EXPECT_EQ(formatPrintf(fmt, p.bytes, false, {}), want) << fmt;
  }
}

} // namespace
