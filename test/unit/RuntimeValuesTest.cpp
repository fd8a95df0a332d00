//===-- RuntimeValuesTest.cpp - runtime/Values unit tests -----------------===//
//
// Element types, literal parsing for every type and syntax, the canonical
// formatting (shortest round-trip floats), ulp distances and expect matching,
// splitmix64 and random() against an independent implementation and published
// reference outputs, and every buffer initialiser.
//
//===----------------------------------------------------------------------===//
#include "runtime/Values.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstring>
#include <fstream>
#include <limits>
#include <unistd.h>

using namespace simt::rt;

namespace {

Value mustParse(std::string_view text, ElemType t) {
  auto v = parseValue(text, t);
  EXPECT_TRUE(v.ok()) << text << ": " << (v ? "" : v.message());
  return v ? *v : Value{};
}

std::string parseError(std::string_view text, ElemType t) {
  auto v = parseValue(text, t);
  EXPECT_FALSE(v.ok()) << text << " parsed";
  return v ? std::string() : v.message();
}

// splitmix64 written out again from Vigna's definition, independently of
// runtime/Values.cpp.
uint64_t referenceSplitMix(uint64_t &state) {
  state += 0x9E3779B97F4A7C15ull;
  uint64_t z = state;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

} // namespace

TEST(ElemTypes, NamesSizesAndKinds) {
  const char *names[] = {"u8", "s8", "u16", "s16", "u32", "s32", "u64", "s64", "f32", "f64"};
  unsigned sizes[] = {1, 1, 2, 2, 4, 4, 8, 8, 4, 8};
  for (size_t i = 0; i < 10; ++i) {
    ElemType t = kAllElemTypes[i];
    EXPECT_EQ(typeName(t), names[i]);
    EXPECT_EQ(parseElemType(names[i]), t);
    EXPECT_EQ(sizeOf(t), sizes[i]);
  }
  EXPECT_FALSE(parseElemType("u128"));
  EXPECT_FALSE(parseElemType("U32"));
  EXPECT_FALSE(parseElemType(""));
  EXPECT_TRUE(isFloat(ElemType::F32));
  EXPECT_FALSE(isFloat(ElemType::S64));
  EXPECT_TRUE(isSignedInt(ElemType::S16));
  EXPECT_FALSE(isSignedInt(ElemType::U16));
  EXPECT_FALSE(isSignedInt(ElemType::F64));
}

TEST(ParseValue, Integers) {
  EXPECT_EQ(mustParse("0", ElemType::U32).bits, 0u);
  EXPECT_EQ(mustParse("42", ElemType::U32).bits, 42u);
  EXPECT_EQ(mustParse("+42", ElemType::S32).bits, 42u);
  EXPECT_EQ(mustParse("0x2A", ElemType::U16).bits, 42u);
  EXPECT_EQ(mustParse("0Xff", ElemType::U8).bits, 255u);
  EXPECT_EQ(mustParse("-1", ElemType::S32).bits, 0xffffffffu);
  EXPECT_EQ(mustParse("-1", ElemType::S32).asSigned(), -1);
  EXPECT_EQ(mustParse("-1", ElemType::U32).bits, 0xffffffffu); // two's complement
  EXPECT_EQ(mustParse("0xffffffff", ElemType::S32).asSigned(), -1);
  EXPECT_EQ(mustParse("-128", ElemType::S8).asSigned(), -128);
  EXPECT_EQ(mustParse("255", ElemType::S8).asSigned(), -1);
  EXPECT_EQ(mustParse("-2147483648", ElemType::S32).asSigned(), INT32_MIN);
  EXPECT_EQ(mustParse("18446744073709551615", ElemType::U64).bits, UINT64_MAX);
  EXPECT_EQ(mustParse("-9223372036854775808", ElemType::S64).asSigned(), INT64_MIN);
  EXPECT_EQ(mustParse("0xFFFFFFFFFFFFFFFF", ElemType::S64).asSigned(), -1);
  EXPECT_EQ(mustParse("  7 ", ElemType::U8).bits, 7u);
}

TEST(ParseValue, IntegerErrors) {
  EXPECT_EQ(parseError("256", ElemType::U8), "'256' is out of range for u8 (-128..255)");
  EXPECT_EQ(parseError("-129", ElemType::S8), "'-129' is out of range for s8 (-128..255)");
  EXPECT_EQ(parseError("65536", ElemType::S16), "'65536' is out of range for s16 (-32768..65535)");
  EXPECT_EQ(parseError("0x100000000", ElemType::U32),
            "'0x100000000' is out of range for u32 (-2147483648..4294967295)");
  EXPECT_EQ(parseError("18446744073709551616", ElemType::U64),
            "'18446744073709551616' is out of range for u64");
  EXPECT_EQ(parseError("1.5", ElemType::U32), "'1.5' is not an integer (type u32)");
  EXPECT_EQ(parseError("nan", ElemType::S32), "'nan' is not an integer (type s32)");
  EXPECT_EQ(parseError("1e3", ElemType::U64), "'1e3' is not an integer (type u64)");
  EXPECT_EQ(parseError("abc", ElemType::U32), "'abc' is not a number");
  EXPECT_EQ(parseError("12abc", ElemType::U32), "'12abc' is not a number");
  EXPECT_EQ(parseError("0x", ElemType::U32), "'0x' is not a number");
  EXPECT_EQ(parseError("--1", ElemType::S32), "'--1' is not a number");
  EXPECT_EQ(parseError("", ElemType::S32), "expected a value");
}

TEST(ParseValue, Floats) {
  EXPECT_EQ(mustParse("1.5", ElemType::F32).asF32(), 1.5f);
  EXPECT_EQ(mustParse("0.1", ElemType::F32).bits, 0x3dcccccdu); // rounded straight to float
  EXPECT_EQ(mustParse("0.1", ElemType::F64).bits, 0x3fb999999999999aull);
  EXPECT_EQ(mustParse("1", ElemType::F32).asF32(), 1.0f);
  EXPECT_EQ(mustParse("-2", ElemType::F64).asF64(), -2.0);
  EXPECT_EQ(mustParse(".5", ElemType::F32).asF32(), 0.5f);
  EXPECT_EQ(mustParse("1e3", ElemType::F32).asF32(), 1000.0f);
  EXPECT_EQ(mustParse("-1.25E-2", ElemType::F64).asF64(), -0.0125);
  EXPECT_EQ(mustParse("16777217", ElemType::F32).asF32(), 16777216.0f);
  EXPECT_EQ(mustParse("1e-45", ElemType::F32).bits, 1u);          // min denormal
  EXPECT_EQ(mustParse("4.9e-324", ElemType::F64).bits, 1u);
  EXPECT_EQ(mustParse("1e-50", ElemType::F32).bits, 0u);          // underflow to 0
  EXPECT_EQ(mustParse("-1e-50", ElemType::F32).bits, 0x80000000u); // -0
  EXPECT_EQ(mustParse("-0", ElemType::F32).bits, 0x80000000u);
  EXPECT_EQ(mustParse("-0.0", ElemType::F64).bits, 0x8000000000000000ull);
  EXPECT_EQ(mustParse("3.4028235e38", ElemType::F32).bits, 0x7f7fffffu);
  EXPECT_EQ(mustParse("0x1.8p1", ElemType::F32).asF32(), 3.0f);
  EXPECT_EQ(mustParse("-0x1p-1", ElemType::F64).asF64(), -0.5);
  EXPECT_EQ(mustParse("0x1P+4", ElemType::F64).asF64(), 16.0);
  EXPECT_FALSE(mustParse("1.5", ElemType::F32).rawBits);
}

TEST(ParseValue, FloatSpecials) {
  EXPECT_EQ(mustParse("nan", ElemType::F32).bits, 0x7fc00000u);
  EXPECT_EQ(mustParse("NaN", ElemType::F64).bits, 0x7ff8000000000000ull);
  EXPECT_EQ(mustParse("-nan", ElemType::F32).bits, 0xffc00000u);
  EXPECT_EQ(mustParse("inf", ElemType::F32).bits, 0x7f800000u);
  EXPECT_EQ(mustParse("+inf", ElemType::F32).bits, 0x7f800000u);
  EXPECT_EQ(mustParse("-inf", ElemType::F32).bits, 0xff800000u);
  EXPECT_EQ(mustParse("INF", ElemType::F64).bits, 0x7ff0000000000000ull);
  EXPECT_EQ(mustParse("Infinity", ElemType::F64).bits, 0x7ff0000000000000ull);
  EXPECT_EQ(mustParse("-inf", ElemType::F64).bits, 0xfff0000000000000ull);
}

TEST(ParseValue, FloatBitPatterns) {
  Value v = mustParse("0x3f800000", ElemType::F32);
  EXPECT_EQ(v.asF32(), 1.0f);
  EXPECT_TRUE(v.rawBits);
  EXPECT_EQ(mustParse("0x80000000", ElemType::F32).bits, 0x80000000u);
  EXPECT_EQ(mustParse("0x7fc00001", ElemType::F32).bits, 0x7fc00001u); // NaN payload kept
  EXPECT_EQ(mustParse("0x3ff0000000000000", ElemType::F64).asF64(), 1.0);
  // "f32"-looking hex digits belong to the pattern.
  EXPECT_EQ(mustParse("0x1f32", ElemType::F32).bits, 0x1f32u);
  EXPECT_EQ(parseError("0x100000000", ElemType::F32), "'0x100000000' is out of range for f32 bits");
  EXPECT_EQ(parseError("-0x3f800000", ElemType::F32),
            "'-0x3f800000': a bit pattern cannot be negative");
}

TEST(ParseValue, FloatErrors) {
  EXPECT_EQ(parseError("1e39", ElemType::F32), "'1e39' is out of range for f32");
  EXPECT_EQ(parseError("1e309", ElemType::F64), "'1e309' is out of range for f64");
  EXPECT_EQ(parseError("0x1p200", ElemType::F32), "'0x1p200' is out of range for f32");
  EXPECT_EQ(parseError("1.5.2", ElemType::F32), "'1.5.2' is not a number");
  EXPECT_EQ(parseError("one", ElemType::F64), "'one' is not a number");
  EXPECT_EQ(parseError("1.5x", ElemType::F64), "'1.5x' is not a number");
  EXPECT_EQ(parseError("nanx", ElemType::F32), "'nanx' is not a number");
}

TEST(ParseValue, SuffixMustMatchTheType) {
  EXPECT_EQ(mustParse("7u32", ElemType::U32).bits, 7u);
  EXPECT_EQ(mustParse("1.5f32", ElemType::F32).asF32(), 1.5f);
  EXPECT_EQ(parseError("7u16", ElemType::U32), "value '7u16' has type u16, expected u32");
  EXPECT_EQ(parseError("1.5f64", ElemType::F32), "value '1.5f64' has type f64, expected f32");
}

TEST(ParseTypedValue, EveryType) {
  struct Case {
    const char *text;
    ElemType type;
    uint64_t bits;
  } cases[] = {
      {"7u8", ElemType::U8, 7},
      {"-1s8", ElemType::S8, 0xff},
      {"0xffu16", ElemType::U16, 0xff},
      {"-2s16", ElemType::S16, 0xfffe},
      {"7u32", ElemType::U32, 7},
      {"-7s32", ElemType::S32, 0xfffffff9},
      {"0x123456789u64", ElemType::U64, 0x123456789},
      {"-1s64", ElemType::S64, UINT64_MAX},
      {"1.5f32", ElemType::F32, 0x3fc00000},
      {"-2.5f64", ElemType::F64, 0xc004000000000000},
      {"nanf32", ElemType::F32, 0x7fc00000},
      {"-inff64", ElemType::F64, 0xfff0000000000000},
      {"0x3f800000f32", ElemType::F32, 0x3f800000},
      {"1f32", ElemType::F32, 0x3f800000},
  };
  for (const Case &c : cases) {
    auto v = parseTypedValue(c.text);
    ASSERT_TRUE(v.ok()) << c.text << ": " << v.message();
    EXPECT_EQ(v->type, c.type) << c.text;
    EXPECT_EQ(v->bits, c.bits) << c.text;
  }
}

TEST(ParseTypedValue, Errors) {
  auto noSuffix = parseTypedValue("7");
  ASSERT_FALSE(noSuffix.ok());
  EXPECT_EQ(noSuffix.message(), "'7' needs a type suffix (u8 s8 u16 s16 u32 s32 u64 s64 f32 "
                                "f64), e.g. 7u32 or 1.5f32");
  EXPECT_FALSE(parseTypedValue("u32").ok());
  EXPECT_FALSE(parseTypedValue("7u33").ok());
  auto range = parseTypedValue("300u8");
  ASSERT_FALSE(range.ok());
  EXPECT_EQ(range.message(), "'300u8' is out of range for u8 (-128..255)");
  auto frac = parseTypedValue("1.5u32");
  ASSERT_FALSE(frac.ok());
  EXPECT_EQ(frac.message(), "'1.5u32' is not an integer (type u32)");
}

TEST(SplitTypeSuffix, Splits) {
  auto [a, ta] = splitTypeSuffix("7u32");
  EXPECT_EQ(a, "7");
  EXPECT_EQ(ta, ElemType::U32);
  auto [b, tb] = splitTypeSuffix("1.5");
  EXPECT_EQ(b, "1.5");
  EXPECT_FALSE(tb);
  auto [c, tc] = splitTypeSuffix("f64");
  EXPECT_EQ(c, "f64");
  EXPECT_FALSE(tc);
}

TEST(CheckLiteral, AnyNumberForSomeType) {
  for (const char *ok : {"0", "-1", "0xffffffffffffffff", "1.5", "-inf", "nan", "1e-300",
                         "7u32", "2.5f64", "0x1.8p1", "0x1f32"})
    EXPECT_TRUE(checkLiteral(ok).ok()) << ok;
  for (const char *bad : {"", "x", "1..2", "7u64x", "300u8", "1.5s32", "--1"})
    EXPECT_FALSE(checkLiteral(bad).ok()) << bad;
}

TEST(ParseUInt, DecimalAndHex) {
  EXPECT_EQ(parseUInt("0"), 0u);
  EXPECT_EQ(parseUInt("123"), 123u);
  EXPECT_EQ(parseUInt("0x7B"), 123u);
  EXPECT_EQ(parseUInt("18446744073709551615"), UINT64_MAX);
  EXPECT_FALSE(parseUInt("18446744073709551616"));
  EXPECT_FALSE(parseUInt("-1"));
  EXPECT_FALSE(parseUInt("+1"));
  EXPECT_FALSE(parseUInt("1.0"));
  EXPECT_FALSE(parseUInt(""));
  EXPECT_FALSE(parseUInt("0x"));
}

TEST(FormatValue, Integers) {
  EXPECT_EQ(formatValue(Value::fromBits(ElemType::U8, 255)), "255");
  EXPECT_EQ(formatValue(Value::fromBits(ElemType::S8, 255)), "-1");
  EXPECT_EQ(formatValue(Value::fromBits(ElemType::S16, 0x8000)), "-32768");
  EXPECT_EQ(formatValue(Value::fromBits(ElemType::U32, 0xffffffff)), "4294967295");
  EXPECT_EQ(formatValue(Value::fromBits(ElemType::S32, 0x80000000)), "-2147483648");
  EXPECT_EQ(formatValue(Value::fromBits(ElemType::U64, UINT64_MAX)), "18446744073709551615");
  EXPECT_EQ(formatValue(Value::fromBits(ElemType::S64, 1ull << 63)), "-9223372036854775808");
  EXPECT_EQ(formatValue(Value::fromInt(ElemType::U8, 300)), "44"); // truncated
}

TEST(FormatValue, FloatsShortestRoundTrip) {
  EXPECT_EQ(formatValue(Value::fromF32(0.1f)), "0.1");
  EXPECT_EQ(formatValue(Value::fromF64(0.1)), "0.1");
  EXPECT_EQ(formatValue(Value::fromF32(1.0f / 3.0f)), "0.33333334");
  EXPECT_EQ(formatValue(Value::fromF64(1.0 / 3.0)), "0.3333333333333333");
  EXPECT_EQ(formatValue(Value::fromBits(ElemType::F32, 1)), "1e-45");
  EXPECT_EQ(formatValue(Value::fromBits(ElemType::F64, 1)), "5e-324");
  EXPECT_EQ(formatValue(Value::fromF32(-0.0f)), "-0");
  EXPECT_EQ(formatValue(Value::fromF32(0.0f)), "0");
  EXPECT_EQ(formatValue(Value::fromF32(1.0f)), "1");
  EXPECT_EQ(formatValue(Value::fromF32(16777216.0f)), "16777216");
  EXPECT_EQ(formatValue(Value::fromF32(1e20f)), "1e+20");
  EXPECT_EQ(formatValue(Value::fromF32(3.4028235e38f)), "3.4028235e+38");
  EXPECT_EQ(formatValue(Value::fromF32(-1.5f)), "-1.5");
  EXPECT_EQ(formatValue(Value::fromF32(std::numeric_limits<float>::quiet_NaN())), "nan");
  EXPECT_EQ(formatValue(Value::fromBits(ElemType::F32, 0xffc00001)), "nan");
  EXPECT_EQ(formatValue(Value::fromF64(std::numeric_limits<double>::infinity())), "inf");
  EXPECT_EQ(formatValue(Value::fromF64(-std::numeric_limits<double>::infinity())), "-inf");
  EXPECT_EQ(formatFloat(0.2f), "0.2");
  EXPECT_EQ(formatDouble(100.0), "100");
}

TEST(FormatValue, EveryFormattedFloatReadsBackExactly) {
  uint64_t state = 12345;
  for (int i = 0; i < 20000; ++i) {
    uint64_t x = referenceSplitMix(state);
    Value f32 = Value::fromBits(ElemType::F32, x);
    Value f64 = Value::fromBits(ElemType::F64, x);
    for (const Value &v : {f32, f64}) {
      if (v.isNaN())
        continue;
      std::string s = formatValue(v);
      auto back = parseValue(s, v.type);
      ASSERT_TRUE(back.ok()) << s;
      EXPECT_EQ(back->bits, v.bits) << s;
    }
  }
  // Denormals, both zeros, extremes.
  for (uint32_t b : {0x00000001u, 0x007fffffu, 0x00800000u, 0x80000000u, 0x7f7fffffu, 0x00000000u,
                     0x80000001u}) {
    Value v = Value::fromBits(ElemType::F32, b);
    EXPECT_EQ(mustParse(formatValue(v), ElemType::F32).bits, b) << formatValue(v);
  }
}

TEST(FormatValue, Hex) {
  EXPECT_EQ(formatHex(Value::fromBits(ElemType::U8, 0xa)), "0x0a");
  EXPECT_EQ(formatHex(Value::fromF32(1.0f)), "0x3f800000");
  EXPECT_EQ(formatHex(Value::fromBits(ElemType::S64, 1)), "0x0000000000000001");
}

TEST(ValueBasics, LoadStoreAndConversions) {
  uint8_t buf[8] = {};
  Value::fromBits(ElemType::U32, 0x11223344).store(buf);
  EXPECT_EQ(buf[0], 0x44);
  EXPECT_EQ(buf[3], 0x11);
  EXPECT_EQ(buf[4], 0);
  EXPECT_EQ(Value::load(ElemType::U16, buf).bits, 0x3344u);
  EXPECT_EQ(Value::fromDouble(ElemType::S32, -3.7).asSigned(), -3);
  EXPECT_EQ(Value::fromDouble(ElemType::U8, 300.0).bits, 44u); // to integer, then n bits
  EXPECT_EQ(Value::fromDouble(ElemType::F32, 0.1).asF32(), 0.1f);
  EXPECT_EQ(Value::fromBits(ElemType::S8, 0x80).asDouble(), -128.0);
  EXPECT_EQ(Value::fromBits(ElemType::U8, 0x80).asDouble(), 128.0);
  EXPECT_EQ(Value::fromBits(ElemType::S8, 0x1ff).bits, 0xffu);
  EXPECT_TRUE(Value::fromF64(std::nan("")).isNaN());
  EXPECT_FALSE(Value::fromBits(ElemType::U32, 0x7fc00000).isNaN());
}

TEST(UlpDistance, Float32) {
  Value one = Value::fromF32(1.0f);
  Value next = Value::fromF32(std::nextafter(1.0f, 2.0f));
  Value prev = Value::fromF32(std::nextafter(1.0f, 0.0f));
  EXPECT_EQ(ulpDistance(one, one), 0u);
  EXPECT_EQ(ulpDistance(one, next), 1u);
  EXPECT_EQ(ulpDistance(prev, next), 2u);
  EXPECT_EQ(ulpDistance(Value::fromF32(0.0f), Value::fromF32(-0.0f)), 0u);
  EXPECT_EQ(ulpDistance(Value::fromBits(ElemType::F32, 1), Value::fromBits(ElemType::F32, 0x80000001)),
            2u); // across zero
  EXPECT_EQ(ulpDistance(Value::fromF32(std::numeric_limits<float>::max()),
                        Value::fromF32(std::numeric_limits<float>::infinity())),
            1u);
  EXPECT_EQ(ulpDistance(Value::fromF32(NAN), Value::fromBits(ElemType::F32, 0xffc00001)), 0u);
  EXPECT_FALSE(ulpDistance(Value::fromF32(NAN), one));
  EXPECT_FALSE(ulpDistance(one, Value::fromF64(1.0)));
  EXPECT_FALSE(ulpDistance(Value::fromBits(ElemType::U32, 1), Value::fromBits(ElemType::U32, 2)));
}

TEST(UlpDistance, Float64Extremes) {
  Value lo = Value::fromF64(-std::numeric_limits<double>::max());
  Value hi = Value::fromF64(std::numeric_limits<double>::max());
  EXPECT_EQ(ulpDistance(lo, hi), 2 * 0x7fefffffffffffffull);
  EXPECT_EQ(ulpDistance(Value::fromF64(1.0), Value::fromF64(std::nextafter(1.0, 2.0))), 1u);
}

TEST(ValuesMatch, Exact) {
  Tolerance exact;
  EXPECT_TRUE(valuesMatch(Value::fromF32(0.1f), mustParse("0.1", ElemType::F32), exact));
  EXPECT_FALSE(valuesMatch(Value::fromF32(0.1f), mustParse("0.10000001", ElemType::F32), exact));
  EXPECT_TRUE(valuesMatch(Value::fromF32(-0.0f), mustParse("0", ElemType::F32), exact));
  EXPECT_TRUE(valuesMatch(Value::fromBits(ElemType::F32, 0xffc00001), mustParse("nan", ElemType::F32),
                          exact));
  EXPECT_FALSE(valuesMatch(Value::fromF32(1.0f), mustParse("nan", ElemType::F32), exact));
  // A bit pattern compares bits: -0 is not 0 then.
  EXPECT_FALSE(valuesMatch(Value::fromF32(-0.0f), mustParse("0x00000000", ElemType::F32), exact));
  EXPECT_TRUE(valuesMatch(Value::fromF32(-0.0f), mustParse("0x80000000", ElemType::F32), exact));
  // Integers.
  EXPECT_TRUE(valuesMatch(Value::fromBits(ElemType::S32, 0xffffffff), mustParse("-1", ElemType::S32),
                          exact));
  EXPECT_TRUE(valuesMatch(Value::fromBits(ElemType::U32, 0xffffffff), mustParse("-1", ElemType::U32),
                          exact));
  EXPECT_FALSE(valuesMatch(Value::fromBits(ElemType::U32, 5), mustParse("6", ElemType::U32), exact));
  // An s8 expected value widened to the actual's s32.
  EXPECT_TRUE(valuesMatch(Value::fromInt(ElemType::S32, -1), Value::fromInt(ElemType::S8, -1), exact));
}

TEST(ValuesMatch, UlpAndWithin) {
  Tolerance ulp2{Tolerance::Ulp, 2, 0};
  Value one = Value::fromF32(1.0f);
  Value twoUp = Value::fromF32(std::nextafter(std::nextafter(1.0f, 2.0f), 2.0f));
  Value threeUp = Value::fromF32(std::nextafter(twoUp.asF32(), 2.0f));
  EXPECT_TRUE(valuesMatch(twoUp, one, ulp2));
  EXPECT_FALSE(valuesMatch(threeUp, one, ulp2));
  EXPECT_TRUE(valuesMatch(Value::fromF32(NAN), Value::fromF32(NAN), ulp2));
  EXPECT_FALSE(valuesMatch(Value::fromF32(NAN), one, ulp2));
  // An f64 expectation against an f32 actual is rounded to f32 first.
  EXPECT_TRUE(valuesMatch(Value::fromF32(0.1f), Value::fromF64(0.1), Tolerance{Tolerance::Ulp, 0, 0}));
  Tolerance within{Tolerance::Within, 0, 0.01};
  EXPECT_TRUE(valuesMatch(Value::fromF64(1.005), Value::fromF64(1.0), within));
  EXPECT_FALSE(valuesMatch(Value::fromF64(1.02), Value::fromF64(1.0), within));
  EXPECT_TRUE(valuesMatch(Value::fromF64(INFINITY), Value::fromF64(INFINITY), within));
  EXPECT_FALSE(valuesMatch(Value::fromF64(INFINITY), Value::fromF64(-INFINITY), within));
  // Integers: the difference.
  EXPECT_TRUE(valuesMatch(Value::fromInt(ElemType::S32, -3), Value::fromInt(ElemType::S32, -1),
                          Tolerance{Tolerance::Ulp, 2, 0}));
  EXPECT_FALSE(valuesMatch(Value::fromInt(ElemType::S32, -4), Value::fromInt(ElemType::S32, -1),
                           Tolerance{Tolerance::Ulp, 2, 0}));
  EXPECT_TRUE(valuesMatch(Value::fromBits(ElemType::U64, UINT64_MAX), Value::fromBits(ElemType::U64, 0),
                          Tolerance{Tolerance::Ulp, UINT64_MAX, 0}));
}

TEST(SplitMix64, PublishedReferenceOutputs) {
  // splitmix64 seeded with 0: the first outputs (Vigna's reference code).
  SplitMix64 r(0);
  EXPECT_EQ(r.next(), 0xe220a8397b1dcdafull);
  EXPECT_EQ(r.next(), 0x6e789e6aa1b965f4ull);
  EXPECT_EQ(r.next(), 0x06c45d188009454full);
}

TEST(SplitMix64, MatchesIndependentImplementation) {
  for (uint64_t seed : {0ull, 1ull, 42ull, 0xdeadbeefull, ~0ull}) {
    SplitMix64 r(seed);
    uint64_t s = seed;
    for (int i = 0; i < 1000; ++i)
      ASSERT_EQ(r.next(), referenceSplitMix(s)) << "seed " << seed << " i " << i;
  }
}

TEST(RandomElement, DefinitionPerType) {
  uint64_t x = 0xe220a8397b1dcdafull;
  EXPECT_EQ(randomElement(ElemType::U8, x).bits, 0xafu);
  EXPECT_EQ(randomElement(ElemType::S16, x).bits, 0xcdafu);
  EXPECT_EQ(randomElement(ElemType::U32, x).bits, 0x7b1dcdafu);
  EXPECT_EQ(randomElement(ElemType::S64, x).bits, x);
  EXPECT_EQ(randomElement(ElemType::F32, x).asF32(), float(double(x >> 40) / 16777216.0));
  EXPECT_EQ(randomElement(ElemType::F64, x).asF64(), double(x >> 11) / 9007199254740992.0);
  EXPECT_EQ(randomElement(ElemType::F32, UINT64_MAX).asF32(), 1.0f - 0x1p-24f);
  EXPECT_EQ(randomElement(ElemType::F64, 0).asF64(), 0.0);
}

TEST(ParseInitializer, Forms) {
  auto iota = parseInitializer("iota", ElemType::U32);
  ASSERT_TRUE(iota.ok());
  EXPECT_TRUE(std::holds_alternative<InitIota>(*iota));

  auto rnd = parseInitializer("random(42)", ElemType::F32);
  ASSERT_TRUE(rnd.ok());
  EXPECT_EQ(std::get<InitRandom>(*rnd).seed, 42u);
  auto rndHex = parseInitializer("random( 0x10 )", ElemType::F32);
  ASSERT_TRUE(rndHex.ok());
  EXPECT_EQ(std::get<InitRandom>(*rndHex).seed, 16u);

  auto file = parseInitializer("file(data/in.bin)", ElemType::U8);
  ASSERT_TRUE(file.ok());
  EXPECT_EQ(std::get<InitFile>(*file).path, "data/in.bin");
  auto quoted = parseInitializer("file(\"my file.bin\")", ElemType::U8);
  ASSERT_TRUE(quoted.ok());
  EXPECT_EQ(std::get<InitFile>(*quoted).path, "my file.bin");

  auto list = parseInitializer("[1, -2, 0x3 ,4]", ElemType::S32);
  ASSERT_TRUE(list.ok());
  const auto &vals = std::get<InitList>(*list).values;
  ASSERT_EQ(vals.size(), 4u);
  EXPECT_EQ(vals[1].asSigned(), -2);
  EXPECT_EQ(vals[2].bits, 3u);
  auto flist = parseInitializer("[1.5, nan, -inf]", ElemType::F64);
  ASSERT_TRUE(flist.ok());
  EXPECT_TRUE(std::get<InitList>(*flist).values[1].isNaN());
  auto empty = parseInitializer("[]", ElemType::S32);
  ASSERT_TRUE(empty.ok());
  EXPECT_TRUE(std::get<InitList>(*empty).values.empty());

  auto value = parseInitializer("2.5", ElemType::F32);
  ASSERT_TRUE(value.ok());
  EXPECT_EQ(std::get<InitValue>(*value).value.asF32(), 2.5f);
}

TEST(ParseInitializer, Errors) {
  auto msg = [](std::string_view text, ElemType t) {
    auto r = parseInitializer(text, t);
    EXPECT_FALSE(r.ok()) << text;
    return r ? std::string() : r.message();
  };
  EXPECT_EQ(msg("", ElemType::U32), "expected an initialiser after '='");
  EXPECT_EQ(msg("random()", ElemType::U32),
            "random(SEED): '' is not a non-negative integer below 2^64");
  EXPECT_EQ(msg("random(-1)", ElemType::U32),
            "random(SEED): '-1' is not a non-negative integer below 2^64");
  EXPECT_EQ(msg("random(1", ElemType::U32), "missing ')' in 'random(1'");
  EXPECT_EQ(msg("file()", ElemType::U32), "file(PATH): empty path");
  EXPECT_EQ(msg("file(x", ElemType::U32), "missing ')' in 'file(x'");
  EXPECT_EQ(msg("[1, 2", ElemType::U32), "missing ']' at the end of the list");
  EXPECT_EQ(msg("[1, , 2]", ElemType::U32), "list element 1 is empty");
  EXPECT_EQ(msg("[1, 2, 1.5]", ElemType::U32), "list element 2: '1.5' is not an integer (type u32)");
  EXPECT_EQ(msg("[1,]", ElemType::U32), "list element 1 is empty");
  EXPECT_EQ(msg("iotax", ElemType::U32), "'iotax' is not a number");
  EXPECT_EQ(msg("256", ElemType::U8), "'256' is out of range for u8 (-128..255)");
}

TEST(FillInitializer, ZeroValueIotaList) {
  std::vector<uint8_t> buf(300, 0xcc);
  ASSERT_TRUE(fillInitializer(Initializer{}, ElemType::U8, buf).ok());
  EXPECT_EQ(std::count(buf.begin(), buf.end(), 0), 300);

  ASSERT_TRUE(fillInitializer(InitIota{}, ElemType::U8, buf).ok());
  EXPECT_EQ(buf[255], 255);
  EXPECT_EQ(buf[256], 0); // wraps
  EXPECT_EQ(buf[299], 43);

  std::vector<uint8_t> f(4 * 5);
  ASSERT_TRUE(fillInitializer(InitIota{}, ElemType::F32, f).ok());
  for (int i = 0; i < 5; ++i)
    EXPECT_EQ(Value::load(ElemType::F32, f.data() + 4 * i).asF32(), float(i));

  ASSERT_TRUE(fillInitializer(InitValue{Value::fromF32(2.5f)}, ElemType::F32, f).ok());
  EXPECT_EQ(Value::load(ElemType::F32, f.data() + 16).asF32(), 2.5f);
  auto wrong = fillInitializer(InitValue{Value::fromF64(2.5)}, ElemType::F32, f);
  ASSERT_FALSE(wrong.ok());
  EXPECT_EQ(wrong.message(), "initialiser of type f64 for a f32 buffer");

  std::vector<uint8_t> s(2 * 3);
  auto list = parseInitializer("[-1, 2, 0x7fff]", ElemType::S16);
  ASSERT_TRUE(list.ok());
  ASSERT_TRUE(fillInitializer(*list, ElemType::S16, s).ok());
  EXPECT_EQ(Value::load(ElemType::S16, s.data()).asSigned(), -1);
  EXPECT_EQ(Value::load(ElemType::S16, s.data() + 4).asSigned(), 0x7fff);
  std::vector<uint8_t> s4(2 * 4);
  auto mismatch = fillInitializer(*list, ElemType::S16, s4);
  ASSERT_FALSE(mismatch.ok());
  EXPECT_EQ(mismatch.message(), "the list has 3 values, the buffer 4 elements");
  std::vector<uint8_t> odd(7);
  EXPECT_FALSE(fillInitializer(InitIota{}, ElemType::U32, odd).ok());
}

TEST(FillInitializer, RandomMatchesTheDefinition) {
  for (ElemType t : kAllElemTypes) {
    const size_t n = 64;
    std::vector<uint8_t> buf(n * sizeOf(t));
    ASSERT_TRUE(fillInitializer(InitRandom{7}, t, buf).ok());
    uint64_t state = 7;
    for (size_t i = 0; i < n; ++i) {
      uint64_t x = referenceSplitMix(state);
      const uint8_t *p = buf.data() + i * sizeOf(t);
      if (t == ElemType::F32) {
        float expect = float(x >> 40) * (1.0f / 16777216.0f);
        float got;
        std::memcpy(&got, p, 4);
        ASSERT_EQ(got, expect) << i;
        ASSERT_GE(got, 0.0f);
        ASSERT_LT(got, 1.0f);
      } else if (t == ElemType::F64) {
        double expect = double(x >> 11) * (1.0 / 9007199254740992.0);
        double got;
        std::memcpy(&got, p, 8);
        ASSERT_EQ(got, expect) << i;
      } else {
        uint64_t got = 0;
        std::memcpy(&got, p, sizeOf(t));
        uint64_t mask = sizeOf(t) == 8 ? ~0ull : (1ull << (8 * sizeOf(t))) - 1;
        ASSERT_EQ(got, x & mask) << typeName(t) << " " << i;
      }
    }
  }
}

TEST(FillInitializer, File) {
  auto dir = std::filesystem::temp_directory_path() / ("simt_values_test_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  {
    std::ofstream out(dir / "in.bin", std::ios::binary);
    uint32_t words[3] = {1, 0xdeadbeef, 3};
    out.write(reinterpret_cast<const char *>(words), sizeof(words));
  }
  std::vector<uint8_t> buf(12);
  ASSERT_TRUE(fillInitializer(InitFile{"in.bin"}, ElemType::U32, buf, dir).ok());
  EXPECT_EQ(Value::load(ElemType::U32, buf.data() + 4).bits, 0xdeadbeefu);
  ASSERT_TRUE(fillInitializer(InitFile{(dir / "in.bin").string()}, ElemType::U32, buf).ok());

  std::vector<uint8_t> big(16);
  auto size = fillInitializer(InitFile{"in.bin"}, ElemType::U32, big, dir);
  ASSERT_FALSE(size.ok());
  EXPECT_EQ(size.message(), "file(in.bin): the file has 12 bytes, the buffer 16 (4 x u32)");
  auto missing = fillInitializer(InitFile{"nope.bin"}, ElemType::U32, buf, dir);
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.message(),
            "file(nope.bin): cannot read '" + (dir / "nope.bin").string() + "': No such file or directory");
  // Reading stops past the buffer: a larger file, or an endless one.
  std::vector<uint8_t> small(8);
  auto larger = fillInitializer(InitFile{"in.bin"}, ElemType::U32, small, dir);
  ASSERT_FALSE(larger.ok());
  EXPECT_EQ(larger.message(), "file(in.bin): cannot read '" + (dir / "in.bin").string() +
                                  "': more than 8 bytes, the size of the buffer");
  auto zero = fillInitializer(InitFile{"/dev/zero"}, ElemType::U32, small, dir);
  ASSERT_FALSE(zero.ok());
  EXPECT_EQ(zero.message(),
            "file(/dev/zero): cannot read '/dev/zero': more than 8 bytes, the size of the buffer");
  auto isDir = fillInitializer(InitFile{"."}, ElemType::U32, small, dir);
  ASSERT_FALSE(isDir.ok());
  EXPECT_EQ(isDir.message(), "file(.): cannot read '" + (dir / ".").string() + "': Is a directory");
  std::filesystem::remove_all(dir);
}
