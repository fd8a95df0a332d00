//===-- Values.h - Element types, typed values, initialisers ----*- C++ -*-===//
//
// The vocabulary shared by the run scripts, the emulator driver and the
// debugger: the element types of device buffers (u8 .. f64), a typed value
// held as raw bits, the literal syntax of TOOLS.md (`7u32`, `1.5f32`, plain
// numbers parsed for a known type, nan/inf), the canonical text form of a value
// (integers in decimal, floats as the shortest decimal that reads back
// exactly), buffer initialisers (`iota`, `random(SEED)`, `file(PATH)`, lists)
// and the float comparisons of `expect ... ~=`.
//
//===----------------------------------------------------------------------===//
#ifndef SIMT_RUNTIME_VALUES_H
#define SIMT_RUNTIME_VALUES_H

#include "support/Expected.h"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace simt::rt {

//===-- Errors ------------------------------------------------------------===//

// The runtime's APIs return support/Expected.h's Error/Expected pair.
using simt::Error;
using simt::Expected;
using simt::makeError;
using simt::Status;

//===-- Element types -----------------------------------------------------===//

enum class ElemType : uint8_t { U8, S8, U16, S16, U32, S32, U64, S64, F32, F64 };

inline constexpr ElemType kAllElemTypes[] = {
    ElemType::U8,  ElemType::S8,  ElemType::U16, ElemType::S16, ElemType::U32,
    ElemType::S32, ElemType::U64, ElemType::S64, ElemType::F32, ElemType::F64};

constexpr unsigned sizeOf(ElemType t) {
  switch (t) {
  case ElemType::U8: case ElemType::S8: return 1;
  case ElemType::U16: case ElemType::S16: return 2;
  case ElemType::U32: case ElemType::S32: case ElemType::F32: return 4;
  default: return 8;
  }
}
constexpr bool isFloat(ElemType t) { return t == ElemType::F32 || t == ElemType::F64; }
/// True for s8 .. s64 (floats are not "signed integers").
constexpr bool isSignedInt(ElemType t) {
  return t == ElemType::S8 || t == ElemType::S16 || t == ElemType::S32 || t == ElemType::S64;
}
std::string_view typeName(ElemType t);
std::optional<ElemType> parseElemType(std::string_view name);

//===-- Values ------------------------------------------------------------===//

/// A typed value as raw bits: the low sizeOf(type) bytes of `bits` in
/// little-endian order, the other bits zero.
struct Value {
  ElemType type = ElemType::U32;
  uint64_t bits = 0;
  /// Written as a bit pattern (a `0x..` literal for a float type); such a
  /// value is compared bit for bit by valuesMatch.
  bool rawBits = false;

  static Value fromBits(ElemType type, uint64_t bits); ///< truncates
  static Value fromInt(ElemType type, int64_t v) { return fromBits(type, uint64_t(v)); }
  static Value fromF32(float f);
  static Value fromF64(double d);
  /// Converts a double to `type`: float types round to nearest; integer types
  /// take the integer part (saturated to 64 bits), then its low n bits.
  static Value fromDouble(ElemType type, double d);
  /// Reads sizeOf(type) little-endian bytes.
  static Value load(ElemType type, const uint8_t *src);
  void store(uint8_t *dst) const;

  uint64_t asUnsigned() const { return bits; }
  int64_t asSigned() const;   ///< sign-extended from the type's width
  float asF32() const;
  double asF64() const;
  double asDouble() const;    ///< numeric value of any type, as a double
  bool isNaN() const;

  /// Same type and same bits.
  friend bool operator==(const Value &a, const Value &b) {
    return a.type == b.type && a.bits == b.bits;
  }
};

/// Parses a literal for a known type: decimal or `0x` integers (integer types
/// take [-2^(n-1), 2^n - 1], stored as n-bit two's complement), decimal and
/// `0x1.8p3` hex floats, `nan`, `inf`, `-inf` (case-insensitive). For a float
/// type a `0x` integer without `.`/`p` is the raw bit pattern. A literal may
/// carry a type suffix (`7u32`), which must then equal `type`.
Expected<Value> parseValue(std::string_view text, ElemType type);
/// Parses a literal with a mandatory type suffix: `7u32`, `-1s8`, `1.5f32`,
/// `nanf64`, `0x3f800000f32` (bits).
Expected<Value> parseTypedValue(std::string_view text);
/// The blank-separated (space, tab) words of a line.
std::vector<std::string_view> splitWords(std::string_view s);
/// Splits `7u32` into ("7", u32); no suffix gives (text, nullopt).
std::pair<std::string_view, std::optional<ElemType>> splitTypeSuffix(std::string_view text);
/// Accepts what parseValue accepts for some type (a syntax check for literals
/// whose type is known only later, e.g. `write NAME[I] = VALUE`).
Status checkLiteral(std::string_view text);
/// Parses a non-negative integer: decimal or `0x` hex.
std::optional<uint64_t> parseUInt(std::string_view text);

/// The canonical text: integers in decimal (signed types signed), floats as
/// the shortest decimal that reads back exactly, `nan`, `inf`, `-inf`, `-0`.
std::string formatValue(const Value &v);
/// Shortest round-trip text of a float / double (same rules as formatValue).
std::string formatFloat(float f);
std::string formatDouble(double d);
/// `0x` followed by the value's bits, 2*sizeOf(type) hex digits.
std::string formatHex(const Value &v);

//===-- Comparison --------------------------------------------------------===//

struct Tolerance {
  enum Kind : uint8_t { Exact, Ulp, Within } kind = Exact;
  uint64_t ulps = 0; ///< for Ulp
  double eps = 0;    ///< for Within
};

/// Distance in units in the last place between two floats of the same type
/// (+0 and -0 are 0 apart); 0 if both are NaN, nullopt if exactly one is NaN
/// or a value is not a float.
std::optional<uint64_t> ulpDistance(const Value &a, const Value &b);

/// The check of `expect`: Exact compares integers by value (in the actual's
/// type) and floats numerically (nan matches nan, -0 matches 0) unless
/// `expected.rawBits`, then bit for bit; Ulp and Within compare floats by
/// ulpDistance <= ulps and |a - b| <= eps, integers by their difference.
bool valuesMatch(const Value &actual, const Value &expected, const Tolerance &tol);

//===-- Random numbers and initialisers ------------------------------------===//

/// splitmix64 (Vigna): state += 0x9e3779b97f4a7c15, then the finaliser.
class SplitMix64 {
public:
  explicit SplitMix64(uint64_t seed) : state_(seed) {}
  uint64_t next();

private:
  uint64_t state_;
};

/// Element i of `random(SEED)` for an element type, from x_i, the i-th
/// output of splitmix64: integers keep the low bits, f32 = (x >> 40) * 2^-24,
/// f64 = (x >> 11) * 2^-53.
Value randomElement(ElemType type, uint64_t x);

struct InitValue { Value value; };             ///< every element
struct InitIota {};                            ///< 0, 1, 2, ...
struct InitRandom { uint64_t seed = 0; };      ///< random(SEED)
struct InitFile { std::string path; };         ///< file(PATH): raw bytes
struct InitList { std::vector<Value> values; }; ///< [v0, v1, ...]
/// No initialiser (monostate): zero-filled.
using Initializer =
    std::variant<std::monostate, InitValue, InitIota, InitRandom, InitFile, InitList>;

/// Parses `iota`, `random(SEED)`, `file(PATH)` (PATH may be "quoted"),
/// `[v0, v1, ...]` or a single value, for elements of `type`.
Expected<Initializer> parseInitializer(std::string_view text, ElemType type);

/// Fills `out` (sizeOf(type) * count bytes) from an initialiser. A list must
/// have exactly `count` values and a file exactly out.size() bytes; a relative
/// file path is taken relative to `baseDir` (empty: the working directory).
Status fillInitializer(const Initializer &init, ElemType type, std::span<uint8_t> out,
                       const std::filesystem::path &baseDir = {});

} // namespace simt::rt

#endif // SIMT_RUNTIME_VALUES_H
