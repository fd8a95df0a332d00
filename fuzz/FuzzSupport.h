//===-- FuzzSupport.h - What the libFuzzer targets share --------*- C++ -*-===//
//
// The targets (fuzz/*Fuzzer.cpp, built with -DSIMT_FUZZ=ON and clang-19)
// take untrusted bytes; this holds what they set up once per process: a
// private scratch directory (nothing a target runs may write elsewhere), the
// example objects assembled from examples/, and the bounds that keep one
// input's run short (device steps, buffer bytes).
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstddef>
#include <cstdint>
#include <ostream>
#include <streambuf>
#include <string>
#include <string_view>

namespace simt::fuzz {

/// Warp-instructions one input may run on the emulator.
inline constexpr uint64_t kMaxDeviceSteps = 20000;
/// Bytes of buffers one input may allocate.
inline constexpr uint64_t kMaxBufferBytes = uint64_t(8) << 20;

inline std::string_view text(const uint8_t *Data, size_t Size) {
  return std::string_view(reinterpret_cast<const char *>(Data), Size);
}

/// An output stream that drops everything (what the tools would print).
class NullStream : public std::ostream {
  struct Buf : std::streambuf {
    int overflow(int C) override { return traits_type::not_eof(C); }
    std::streamsize xsputn(const char *, std::streamsize N) override { return N; }
  } B;

public:
  NullStream() : std::ostream(&B) {}
};

/// A directory of this process's own (created on first use).
const std::string &scratchDir();

/// examples/NAME.s assembled to an object in scratchDir(); its path.
/// Aborts if the example does not assemble (the tree is broken, not the input).
const std::string &exampleObject(const std::string &name);

} // namespace simt::fuzz
