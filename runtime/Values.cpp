//===-- Values.cpp - Element types, typed values, initialisers ------------===//
//
// Literal parsing (std::from_chars, so floats are correctly rounded straight
// to the element type), shortest round-trip formatting (std::to_chars), ulp
// distances, splitmix64 and the buffer initialisers of TOOLS.md.
//
//===----------------------------------------------------------------------===//
#include "runtime/Values.h"
#include "support/InputFile.h"
#include "support/Text.h"

#include <bit>
#include <charconv>
#include <cmath>
#include <cstring>
#include <iterator>
#include <limits>

namespace simt::rt {

namespace {

char lower(char c) { return (c >= 'A' && c <= 'Z') ? char(c - 'A' + 'a') : c; }

bool equalsLower(std::string_view s, std::string_view lowerWord) {
  if (s.size() != lowerWord.size())
    return false;
  for (size_t i = 0; i < s.size(); ++i)
    if (lower(s[i]) != lowerWord[i])
      return false;
  return true;
}

bool isHexDigit(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}
bool isDigit(char c) { return c >= '0' && c <= '9'; }

bool hasHexPrefix(std::string_view s) {
  return s.size() >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
}

/// `[+-]?0x<hexdigits>`: a literal that could swallow an `f32`-like suffix.
bool isPlainHexInt(std::string_view s) {
  if (!s.empty() && (s[0] == '+' || s[0] == '-'))
    s.remove_prefix(1);
  if (!hasHexPrefix(s) || s.size() == 2)
    return false;
  for (char c : s.substr(2))
    if (!isHexDigit(c))
      return false;
  return true;
}

uint64_t widthMask(ElemType t) {
  unsigned bits = sizeOf(t) * 8;
  return bits == 64 ? ~uint64_t(0) : (uint64_t(1) << bits) - 1;
}

std::string quoted(std::string_view s) { return "'" + std::string(s) + "'"; }

/// Parses `[+-]?(0x<hex>|<dec>)` into sign and magnitude.
enum class IntParse { Ok, NotInteger, Overflow };
IntParse parseSignedMagnitude(std::string_view s, bool &neg, uint64_t &mag) {
  neg = false;
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) {
    neg = s[0] == '-';
    s.remove_prefix(1);
  }
  int base = 10;
  if (hasHexPrefix(s)) {
    base = 16;
    s.remove_prefix(2);
  }
  if (s.empty())
    return IntParse::NotInteger;
  for (char c : s)
    if (base == 16 ? !isHexDigit(c) : !isDigit(c))
      return IntParse::NotInteger;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), mag, base);
  if (ec == std::errc::result_out_of_range)
    return IntParse::Overflow;
  if (ec != std::errc() || p != s.data() + s.size())
    return IntParse::NotInteger;
  return IntParse::Ok;
}

/// The whole of `s` as a float in `format`; an out-of-range value is zero
/// (underflow) or sets `overflow`.
template <class F>
bool parseFloatAs(std::string_view s, std::chars_format format, F &out, bool &overflow) {
  overflow = false;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out, format);
  if (p != s.data() + s.size())
    return false;
  if (ec == std::errc::result_out_of_range) {
    // Underflow rounds to zero; overflow is an error. Tell them apart by the
    // magnitude a long double parse gives.
    std::string copy = (format == std::chars_format::hex ? "0x" : "") + std::string(s);
    long double ld = std::strtold(copy.c_str(), nullptr);
    if (ld > 1.0L) {
      overflow = true;
      return true;
    }
    out = F(0);
    return true;
  }
  return ec == std::errc();
}

template <class F> bool parseDecimalFloat(std::string_view s, F &out, bool &overflow) {
  overflow = false;
  // from_chars also takes "inf"/"nan"; those are handled by the caller.
  if (s.empty() || !(isDigit(s[0]) || s[0] == '.'))
    return false;
  return parseFloatAs(s, std::chars_format::general, out, overflow);
}

/// `s` is the part after "0x".
template <class F> bool parseHexFloat(std::string_view s, F &out, bool &overflow) {
  overflow = false;
  if (s.empty())
    return false;
  return parseFloatAs(s, std::chars_format::hex, out, overflow);
}

Expected<Value> parseIntegerFor(std::string_view num, ElemType type, std::string_view text) {
  bool neg;
  uint64_t mag;
  switch (parseSignedMagnitude(num, neg, mag)) {
  case IntParse::NotInteger: {
    std::string_view body = num;
    if (!body.empty() && (body[0] == '+' || body[0] == '-'))
      body.remove_prefix(1);
    double d;
    bool ovf;
    if (equalsLower(body, "nan") || equalsLower(body, "inf") ||
        parseDecimalFloat(body, d, ovf) ||
        (hasHexPrefix(body) && parseHexFloat(body.substr(2), d, ovf)))
      return makeError(quoted(text) + " is not an integer (type " +
                       std::string(typeName(type)) + ")");
    return makeError(quoted(text) + " is not a number");
  }
  case IntParse::Overflow:
    return makeError(quoted(text) + " is out of range for " + std::string(typeName(type)));
  case IntParse::Ok:
    break;
  }
  unsigned n = sizeOf(type) * 8;
  uint64_t maxPos = widthMask(type);
  uint64_t maxNeg = uint64_t(1) << (n - 1);
  if ((neg && mag > maxNeg) || (!neg && mag > maxPos)) {
    std::string lo = "-" + std::to_string(maxNeg);
    return makeError(quoted(text) + " is out of range for " + std::string(typeName(type)) +
                     " (" + lo + ".." + std::to_string(maxPos) + ")");
  }
  return Value::fromBits(type, neg ? uint64_t(0) - mag : mag);
}

template <class F>
Expected<Value> parseFloatFor(std::string_view num, ElemType type, std::string_view text) {
  std::string_view body = num;
  bool neg = false;
  if (!body.empty() && (body[0] == '+' || body[0] == '-')) {
    neg = body[0] == '-';
    body.remove_prefix(1);
  }
  auto make = [&](F f) -> Value {
    if (neg)
      f = -f;
    if constexpr (sizeof(F) == 4)
      return Value::fromF32(f);
    else
      return Value::fromF64(f);
  };
  if (equalsLower(body, "nan"))
    return make(std::numeric_limits<F>::quiet_NaN());
  if (equalsLower(body, "inf") || equalsLower(body, "infinity"))
    return make(std::numeric_limits<F>::infinity());
  F f{};
  bool overflow = false;
  if (hasHexPrefix(body)) {
    std::string_view digits = body.substr(2);
    if (isPlainHexInt(body)) {
      // A bit pattern.
      if (neg)
        return makeError(quoted(text) + ": a bit pattern cannot be negative");
      bool n2;
      uint64_t mag;
      if (parseSignedMagnitude(body, n2, mag) != IntParse::Ok || mag > widthMask(type))
        return makeError(quoted(text) + " is out of range for " +
                         std::string(typeName(type)) + " bits");
      Value v = Value::fromBits(type, mag);
      v.rawBits = true;
      return v;
    }
    if (!parseHexFloat(digits, f, overflow))
      return makeError(quoted(text) + " is not a number");
  } else if (!parseDecimalFloat(body, f, overflow)) {
    return makeError(quoted(text) + " is not a number");
  }
  if (overflow)
    return makeError(quoted(text) + " is out of range for " + std::string(typeName(type)));
  return make(f);
}

std::string unquote(std::string_view s) {
  s = trim(s);
  if (s.size() >= 2 && s.front() == '"' && s.back() == '"') {
    std::string out;
    for (size_t i = 1; i + 1 < s.size(); ++i) {
      if (s[i] == '\\' && i + 2 < s.size())
        ++i;
      out += s[i];
    }
    return out;
  }
  return std::string(s);
}

} // namespace

//===-- Element types -----------------------------------------------------===//

std::string_view typeName(ElemType t) {
  switch (t) {
  case ElemType::U8: return "u8";
  case ElemType::S8: return "s8";
  case ElemType::U16: return "u16";
  case ElemType::S16: return "s16";
  case ElemType::U32: return "u32";
  case ElemType::S32: return "s32";
  case ElemType::U64: return "u64";
  case ElemType::S64: return "s64";
  case ElemType::F32: return "f32";
  case ElemType::F64: return "f64";
  }
  return "?";
}

std::optional<ElemType> parseElemType(std::string_view name) {
  for (ElemType t : kAllElemTypes)
    if (typeName(t) == name)
      return t;
  return std::nullopt;
}

//===-- Values ------------------------------------------------------------===//

Value Value::fromBits(ElemType type, uint64_t bits) {
  Value v;
  v.type = type;
  v.bits = bits & widthMask(type);
  return v;
}

Value Value::fromF32(float f) {
  return fromBits(ElemType::F32, std::bit_cast<uint32_t>(f));
}

Value Value::fromF64(double d) {
  return fromBits(ElemType::F64, std::bit_cast<uint64_t>(d));
}

Value Value::fromDouble(ElemType type, double d) {
  switch (type) {
  case ElemType::F32: return fromF32(float(d));
  case ElemType::F64: return fromF64(d);
  default:
    break;
  }
  if (std::isnan(d))
    return fromBits(type, 0);
  if (isSignedInt(type)) {
    if (d <= -9223372036854775808.0)
      return fromInt(type, std::numeric_limits<int64_t>::min());
    if (d >= 9223372036854775807.0)
      return fromInt(type, std::numeric_limits<int64_t>::max());
    return fromInt(type, int64_t(d));
  }
  if (d <= 0)
    return fromBits(type, d <= -1.0 ? uint64_t(int64_t(d)) : 0);
  if (d >= 18446744073709551615.0)
    return fromBits(type, ~uint64_t(0));
  return fromBits(type, uint64_t(d));
}

Value Value::load(ElemType type, const uint8_t *src) {
  uint64_t b = 0;
  for (unsigned i = 0; i < sizeOf(type); ++i)
    b |= uint64_t(src[i]) << (8 * i);
  return fromBits(type, b);
}

void Value::store(uint8_t *dst) const {
  for (unsigned i = 0; i < sizeOf(type); ++i)
    dst[i] = uint8_t(bits >> (8 * i));
}

int64_t Value::asSigned() const {
  unsigned n = sizeOf(type) * 8;
  if (n == 64)
    return int64_t(bits);
  uint64_t sign = uint64_t(1) << (n - 1);
  return int64_t((bits ^ sign) - sign);
}

float Value::asF32() const { return std::bit_cast<float>(uint32_t(bits)); }
double Value::asF64() const { return std::bit_cast<double>(bits); }

double Value::asDouble() const {
  switch (type) {
  case ElemType::F32: return asF32();
  case ElemType::F64: return asF64();
  default:
    return isSignedInt(type) ? double(asSigned()) : double(bits);
  }
}

bool Value::isNaN() const {
  return (type == ElemType::F32 && std::isnan(asF32())) ||
         (type == ElemType::F64 && std::isnan(asF64()));
}

std::pair<std::string_view, std::optional<ElemType>> splitTypeSuffix(std::string_view text) {
  // Longest names first so that "u16" is not read as "6" + ... (no type name
  // is a suffix of another, but keep the order explicit).
  for (ElemType t : kAllElemTypes) {
    std::string_view n = typeName(t);
    if (text.size() > n.size() && text.substr(text.size() - n.size()) == n)
      return {text.substr(0, text.size() - n.size()), t};
  }
  return {text, std::nullopt};
}

Expected<Value> parseValue(std::string_view text, ElemType type) {
  text = trim(text);
  if (text.empty())
    return makeError("expected a value");
  std::string_view num = text;
  auto [prefix, suffix] = splitTypeSuffix(text);
  // `0x1f32` for an f32 is the bit pattern 0x1f32, not 0x1 with a suffix.
  if (suffix && !isPlainHexInt(text)) {
    if (*suffix != type)
      return makeError("value " + quoted(text) + " has type " +
                       std::string(typeName(*suffix)) + ", expected " +
                       std::string(typeName(type)));
    num = prefix;
  }
  switch (type) {
  case ElemType::F32: return parseFloatFor<float>(num, type, text);
  case ElemType::F64: return parseFloatFor<double>(num, type, text);
  default: return parseIntegerFor(num, type, text);
  }
}

Expected<Value> parseTypedValue(std::string_view text) {
  text = trim(text);
  auto [prefix, suffix] = splitTypeSuffix(text);
  if (!suffix || prefix.empty())
    return makeError(quoted(text) +
                     " needs a type suffix (u8 s8 u16 s16 u32 s32 u64 s64 f32 f64), "
                     "e.g. 7u32 or 1.5f32");
  switch (*suffix) {
  case ElemType::F32: return parseFloatFor<float>(prefix, *suffix, text);
  case ElemType::F64: return parseFloatFor<double>(prefix, *suffix, text);
  default: return parseIntegerFor(prefix, *suffix, text);
  }
}

Status checkLiteral(std::string_view text) {
  text = trim(text);
  auto [prefix, suffix] = splitTypeSuffix(text);
  if (suffix && !isPlainHexInt(text)) {
    auto v = parseTypedValue(text);
    if (!v)
      return v.error();
    return {};
  }
  // Any number at all: an integer of some width or a double.
  bool neg;
  uint64_t mag;
  if (parseSignedMagnitude(text, neg, mag) == IntParse::Ok)
    return {};
  auto v = parseValue(text, ElemType::F64);
  if (!v)
    return v.error();
  return {};
}

std::optional<uint64_t> parseUInt(std::string_view text) {
  text = trim(text);
  if (text.empty() || text[0] == '+' || text[0] == '-')
    return std::nullopt;
  bool neg;
  uint64_t mag;
  if (parseSignedMagnitude(text, neg, mag) != IntParse::Ok)
    return std::nullopt;
  return mag;
}

template <class F> static std::string formatFloating(F f) {
  if (std::isnan(f))
    return "nan";
  if (std::isinf(f))
    return f < 0 ? "-inf" : "inf";
  char buf[64];
  auto [p, ec] = std::to_chars(buf, buf + sizeof(buf), f);
  (void)ec;
  return std::string(buf, p);
}

std::string formatFloat(float f) { return formatFloating(f); }
std::string formatDouble(double d) { return formatFloating(d); }

std::string formatValue(const Value &v) {
  switch (v.type) {
  case ElemType::F32: return formatFloat(v.asF32());
  case ElemType::F64: return formatDouble(v.asF64());
  default:
    return isSignedInt(v.type) ? std::to_string(v.asSigned()) : std::to_string(v.bits);
  }
}

std::string formatHex(const Value &v) {
  static const char digits[] = "0123456789abcdef";
  std::string s = "0x";
  for (int i = int(sizeOf(v.type)) * 2 - 1; i >= 0; --i)
    s += digits[(v.bits >> (4 * i)) & 0xf];
  return s;
}

//===-- Comparison --------------------------------------------------------===//

std::optional<uint64_t> ulpDistance(const Value &a, const Value &b) {
  if (!isFloat(a.type) || a.type != b.type)
    return std::nullopt;
  bool na = a.isNaN(), nb = b.isNaN();
  if (na || nb)
    return (na && nb) ? std::optional<uint64_t>(0) : std::nullopt;
  // Map sign-magnitude bits onto a line of integers where adjacent floats are
  // adjacent integers and +0 == -0 == 0.
  auto key = [](const Value &v) -> int64_t {
    uint64_t sign = v.type == ElemType::F32 ? 0x80000000u : 0x8000000000000000u;
    uint64_t mag = v.bits & ~sign;
    return (v.bits & sign) ? -int64_t(mag) : int64_t(mag);
  };
  int64_t ka = key(a), kb = key(b);
  return ka >= kb ? uint64_t(ka) - uint64_t(kb) : uint64_t(kb) - uint64_t(ka);
}

bool valuesMatch(const Value &actual, const Value &expected, const Tolerance &tol) {
  uint64_t mask = widthMask(actual.type);
  if (expected.rawBits)
    return (actual.bits & mask) == (expected.bits & mask);
  bool floatCompare = isFloat(actual.type) || isFloat(expected.type);
  if (!floatCompare) {
    // Integers: expected converted to the actual's width.
    Value e = Value::fromBits(actual.type, expected.bits);
    if (isSignedInt(expected.type))
      e = Value::fromInt(actual.type, expected.asSigned());
    if (tol.kind == Tolerance::Exact)
      return e.bits == actual.bits;
    // |a - b| of the values as the actual's type reads them (exact in 64 bits:
    // the wrapped difference of the larger minus the smaller).
    uint64_t d;
    if (isSignedInt(actual.type)) {
      int64_t a = actual.asSigned(), b = e.asSigned();
      d = a >= b ? uint64_t(a) - uint64_t(b) : uint64_t(b) - uint64_t(a);
    } else {
      d = actual.bits >= e.bits ? actual.bits - e.bits : e.bits - actual.bits;
    }
    if (tol.kind == Tolerance::Ulp)
      return d <= tol.ulps;
    return double(d) <= tol.eps;
  }
  double a = actual.asDouble(), b = expected.asDouble();
  bool na = std::isnan(a), nb = std::isnan(b);
  if (na || nb)
    return na && nb;
  switch (tol.kind) {
  case Tolerance::Exact:
    return a == b;
  case Tolerance::Ulp: {
    if (!isFloat(actual.type))
      return std::fabs(a - b) <= double(tol.ulps);
    Value e = expected.type == actual.type ? expected : Value::fromDouble(actual.type, b);
    auto d = ulpDistance(actual, e);
    return d && *d <= tol.ulps;
  }
  case Tolerance::Within:
    return a == b || std::fabs(a - b) <= tol.eps;
  }
  return false;
}

//===-- Random numbers and initialisers ------------------------------------===//

uint64_t SplitMix64::next() {
  uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

Value randomElement(ElemType type, uint64_t x) {
  switch (type) {
  case ElemType::F32: return Value::fromF32(float(x >> 40) * 0x1p-24f);
  case ElemType::F64: return Value::fromF64(double(x >> 11) * 0x1p-53);
  default: return Value::fromBits(type, x);
  }
}

Expected<Initializer> parseInitializer(std::string_view text, ElemType type) {
  text = trim(text);
  if (text.empty())
    return makeError("expected an initialiser after '='");
  if (text == "iota")
    return Initializer(InitIota{});
  auto call = [&](std::string_view fn, std::string_view &arg) {
    if (text.size() < fn.size() || text.substr(0, fn.size()) != fn)
      return false;
    std::string_view rest = trim(text.substr(fn.size()));
    if (rest.empty() || rest.front() != '(')
      return false;
    arg = rest.substr(1);
    return true;
  };
  std::string_view arg;
  if (call("random", arg)) {
    if (arg.empty() || arg.back() != ')')
      return makeError("missing ')' in " + quoted(text));
    arg = trim(arg.substr(0, arg.size() - 1));
    auto seed = parseUInt(arg);
    if (!seed)
      return makeError("random(SEED): " + quoted(arg) +
                       " is not a non-negative integer below 2^64");
    return Initializer(InitRandom{*seed});
  }
  if (call("file", arg)) {
    if (arg.empty() || arg.back() != ')')
      return makeError("missing ')' in " + quoted(text));
    std::string path = unquote(arg.substr(0, arg.size() - 1));
    if (path.empty())
      return makeError("file(PATH): empty path");
    return Initializer(InitFile{path});
  }
  if (text.front() == '[') {
    if (text.back() != ']')
      return makeError("missing ']' at the end of the list");
    std::string_view body = trim(text.substr(1, text.size() - 2));
    InitList list;
    if (body.empty())
      return Initializer(list);
    size_t index = 0;
    while (true) {
      size_t comma = body.find(',');
      std::string_view item = trim(body.substr(0, comma));
      if (item.empty())
        return makeError("list element " + std::to_string(index) + " is empty");
      auto v = parseValue(item, type);
      if (!v)
        return makeError("list element " + std::to_string(index) + ": " + v.message());
      list.values.push_back(*v);
      ++index;
      if (comma == std::string_view::npos)
        break;
      body = body.substr(comma + 1);
    }
    return Initializer(std::move(list));
  }
  auto v = parseValue(text, type);
  if (!v)
    return v.error();
  return Initializer(InitValue{*v});
}

Status fillInitializer(const Initializer &init, ElemType type, std::span<uint8_t> out,
                       const std::filesystem::path &baseDir) {
  unsigned size = sizeOf(type);
  if (out.size() % size)
    return makeError("buffer size is not a multiple of the element size");
  uint64_t count = out.size() / size;
  struct Visitor {
    ElemType type;
    unsigned size;
    uint64_t count;
    std::span<uint8_t> out;
    const std::filesystem::path &baseDir;

    Status operator()(std::monostate) {
      std::memset(out.data(), 0, out.size());
      return {};
    }
    Status operator()(const InitValue &iv) {
      if (iv.value.type != type)
        return makeError("initialiser of type " + std::string(typeName(iv.value.type)) +
                         " for a " + std::string(typeName(type)) + " buffer");
      for (uint64_t i = 0; i < count; ++i)
        iv.value.store(out.data() + i * size);
      return {};
    }
    Status operator()(const InitIota &) {
      for (uint64_t i = 0; i < count; ++i) {
        Value v = isFloat(type) ? Value::fromDouble(type, double(i)) : Value::fromBits(type, i);
        v.store(out.data() + i * size);
      }
      return {};
    }
    Status operator()(const InitRandom &r) {
      SplitMix64 rng(r.seed);
      for (uint64_t i = 0; i < count; ++i)
        randomElement(type, rng.next()).store(out.data() + i * size);
      return {};
    }
    Status operator()(const InitFile &f) {
      std::filesystem::path p(f.path);
      if (p.is_relative() && !baseDir.empty())
        p = baseDir / p;
      // Reading stops past the buffer's size: a larger file is an error.
      auto bytes = readInputFile(p.string(), InputKind::BufferData, out.size(), false);
      if (!bytes)
        return makeError("file(" + f.path + "): " + bytes.message());
      if (bytes->size() != out.size())
        return makeError("file(" + f.path + "): the file has " + std::to_string(bytes->size()) +
                         " bytes, the buffer " + std::to_string(out.size()) + " (" +
                         std::to_string(count) + " x " + std::string(typeName(type)) + ")");
      std::memcpy(out.data(), bytes->data(), bytes->size());
      return {};
    }
    Status operator()(const InitList &l) {
      if (l.values.size() != count)
        return makeError("the list has " + std::to_string(l.values.size()) +
                         " values, the buffer " + std::to_string(count) + " elements");
      for (uint64_t i = 0; i < count; ++i) {
        if (l.values[i].type != type)
          return makeError("list element " + std::to_string(i) + " has type " +
                           std::string(typeName(l.values[i].type)) + ", the buffer " +
                           std::string(typeName(type)));
        l.values[i].store(out.data() + i * size);
      }
      return {};
    }
  };
  return std::visit(Visitor{type, size, count, out, baseDir}, init);
}

std::vector<std::string_view> splitWords(std::string_view s) {
  std::vector<std::string_view> out;
  size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t'))
      ++i;
    size_t j = i;
    while (j < s.size() && s[j] != ' ' && s[j] != '\t')
      ++j;
    if (j > i)
      out.push_back(s.substr(i, j - i));
    i = j;
  }
  return out;
}

} // namespace simt::rt
