//===-- PrintfFormat.h - Device printf: format strings and records --------===//
//
// Device printf (docs/cuda.md "printf") is split between the translator,
// which turns each `vprintf(format, args)` into code that copies the
// argument bytes into a record of the launch's printf buffer, and the
// runtime, which formats the records when the grid is waited for. Both read
// the format string the same way: this parser, and the record layout below.
//
// The arguments are as clang packs them for vprintf: each in order at its
// natural alignment after C's default promotions (a float is a double, a
// char or short an int), a `*` width or precision an int before its value.
// Header-only and free of LLVM: the translator and the runtime include it.
//
//===----------------------------------------------------------------------===//
#ifndef SIMT_SUPPORT_PRINTFFORMAT_H
#define SIMT_SUPPORT_PRINTFFORMAT_H

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace simt::printf_format {

//===-- The printf buffer and its records ---------------------------------===//

/// The buffer starts with a header the runtime zeroes at launch: the u64
/// cursor (bytes of records reserved, dropped ones included) and the u32
/// count of records dropped because they did not fit. Records follow.
inline constexpr uint32_t kCursorOffset = 0;
inline constexpr uint32_t kDroppedOffset = 8;
inline constexpr uint32_t kBufferHeaderBytes = 16;

/// A record: u32 its size in bytes (header and arguments, a multiple of 8),
/// u32 flags, u64 the format string's generic address, u32 %ctaid.x/y/z,
/// u32 %tid.x/y/z, then the argument bytes as clang packed them.
inline constexpr uint32_t kRecordSizeOffset = 0;
inline constexpr uint32_t kRecordFlagsOffset = 4;
inline constexpr uint32_t kRecordFormatOffset = 8;
inline constexpr uint32_t kRecordCtaidOffset = 16;
inline constexpr uint32_t kRecordTidOffset = 28;
inline constexpr uint32_t kRecordHeaderBytes = 40;
/// Flags: pointers (and `long`) are 4 bytes (simt-cc -m32).
inline constexpr uint32_t kRecordPointer32 = 1;
/// %s arguments are offsets in constant bank 2, not addresses: OpenCL C's
/// string literals are __constant (the format itself is copied to global
/// memory by the compiler).
inline constexpr uint32_t kRecordConstStrings = 2;
/// Set by the record's first store and cleared by its last (the flags
/// again): a record with it was being written by a thread the grid's stop
/// (a trap, a fault elsewhere) caught mid-record, and is not printed; CUDA
/// prints no half-written line either. (Objects translated before the bit
/// never set it.)
inline constexpr uint32_t kRecordWriting = 4;

/// The default buffer size, CUDA's (cudaLimitPrintfFifoSize).
inline constexpr uint32_t kDefaultBufferBytes = 1u << 20;

//===-- Format strings ----------------------------------------------------===//

enum class Length : uint8_t { None, HH, H, L, LL, J, Z, T };

/// A piece of a format string: literal text, or one conversion with the
/// places of its arguments in the packed argument bytes.
struct Directive {
  std::string_view text; ///< the literal, or the conversion from '%' on
  char conv = 0;         ///< 0 for a literal; d i u o x X c s p f F e E g G a A, or '%'
  std::string flags;     ///< of "-+ #0", as written
  int width = -1;        ///< -1: none; else the written width
  int precision = -1;    ///< -1: none; else the written precision
  bool starWidth = false, starPrecision = false;
  Length length = Length::None;
  // Byte offsets of the arguments (a `*` value is an int of 4 bytes).
  uint32_t widthOffset = 0, precisionOffset = 0, offset = 0;
  uint32_t size = 0; ///< bytes of the value (0 for '%' and literals)
};

struct Format {
  std::vector<Directive> directives;
  uint32_t argBytes = 0; ///< the end of the last argument
  unsigned numArgs = 0;  ///< values consumed, `*` ones included
};

/// Parses `fmt` (without its NUL) for arguments packed with pointers of
/// `pointerBytes` (8, or 4 under -m32; `long` is the same size). Returns ""
/// or an error; `errorPos` is then the offset in `fmt` where it is.
inline std::string parseFormat(std::string_view fmt, unsigned pointerBytes, Format &out,
                               size_t &errorPos) {
  out = Format();
  auto place = [&](uint32_t size) {
    uint32_t at = (out.argBytes + size - 1) / size * size;
    out.argBytes = at + size;
    ++out.numArgs;
    return at;
  };
  auto digits = [&](size_t &i) {
    int v = 0;
    while (i < fmt.size() && fmt[i] >= '0' && fmt[i] <= '9') {
      v = v * 10 + (fmt[i++] - '0');
      if (v > 100000)
        v = 100000; // bounded; snprintf gets the clamped value
    }
    return v;
  };
  size_t i = 0;
  while (i < fmt.size()) {
    size_t start = i;
    if (fmt[i] != '%') {
      while (i < fmt.size() && fmt[i] != '%')
        ++i;
      Directive d;
      d.text = fmt.substr(start, i - start);
      out.directives.push_back(d);
      continue;
    }
    Directive d;
    ++i;
    while (i < fmt.size() && std::string_view("-+ #0").find(fmt[i]) != std::string_view::npos)
      d.flags += fmt[i++];
    if (i < fmt.size() && fmt[i] == '*') {
      d.starWidth = true;
      ++i;
    } else if (i < fmt.size() && fmt[i] >= '0' && fmt[i] <= '9') {
      d.width = digits(i);
    }
    if (i < fmt.size() && fmt[i] == '.') {
      ++i;
      if (i < fmt.size() && fmt[i] == '*') {
        d.starPrecision = true;
        ++i;
      } else {
        d.precision = digits(i);
      }
    }
    auto has = [&](std::string_view s) { return fmt.substr(i, s.size()) == s; };
    if (has("hh")) d.length = Length::HH, i += 2;
    else if (has("ll")) d.length = Length::LL, i += 2;
    else if (has("h")) d.length = Length::H, ++i;
    else if (has("l")) d.length = Length::L, ++i;
    else if (has("j")) d.length = Length::J, ++i;
    else if (has("z")) d.length = Length::Z, ++i;
    else if (has("t")) d.length = Length::T, ++i;
    else if (has("L") || has("q")) {
      errorPos = i;
      return std::string("printf: the length modifier '") + fmt[i] +
             "' is not supported on the device (long double)";
    }
    if (i >= fmt.size()) {
      errorPos = start;
      return "printf: incomplete conversion '" + std::string(fmt.substr(start)) +
             "' at the end of the format";
    }
    d.conv = fmt[i++];
    d.text = fmt.substr(start, i - start);
    errorPos = start;
    const uint32_t longBytes = d.length == Length::LL || d.length == Length::J ? 8
                               : d.length == Length::None || d.length == Length::H ||
                                       d.length == Length::HH
                                   ? 4
                                   : pointerBytes; // l, z, t
    switch (d.conv) {
    case '%':
      if (d.text != "%%")
        return "printf: '" + std::string(d.text) + "': '%%' takes no flags, width or precision";
      break;
    case 'd': case 'i': case 'u': case 'o': case 'x': case 'X':
      d.size = longBytes;
      break;
    case 'c':
    case 's':
      if (d.length != Length::None)
        return "printf: '" + std::string(d.text) + "': wide characters are not supported on "
               "the device";
      d.size = d.conv == 'c' ? 4 : pointerBytes;
      break;
    case 'p':
      if (d.length != Length::None)
        return "printf: '" + std::string(d.text) + "': a length modifier on '%p'";
      d.size = pointerBytes;
      break;
    case 'f': case 'F': case 'e': case 'E': case 'g': case 'G': case 'a': case 'A':
      if (d.length != Length::None && d.length != Length::L) // %lf is %f
        return "printf: '" + std::string(d.text) + "': a length modifier on a floating conversion";
      d.size = 8; // a float argument is promoted to double
      break;
    case 'n':
      return "printf: '%n' is not supported on the device (it would write through a pointer)";
    default:
      return "printf: unknown conversion '" + std::string(d.text) + "'";
    }
    if (d.conv != '%') {
      if (d.starWidth)
        d.widthOffset = place(4);
      if (d.starPrecision)
        d.precisionOffset = place(4);
      d.offset = place(d.size);
    }
    out.directives.push_back(d);
  }
  return "";
}

} // namespace simt::printf_format

#endif // SIMT_SUPPORT_PRINTFFORMAT_H
