//===-- Expected.h - A value or a one-line error --------------------------===//
//
// The small Error/Expected pair that the runtime's APIs and the emulator's
// global memory return instead of throwing. Header-only and free of LLVM, so
// the emulator (which links no LLVM) and every tool can share it.
//
//===----------------------------------------------------------------------===//
#ifndef SIMT_SUPPORT_EXPECTED_H
#define SIMT_SUPPORT_EXPECTED_H

#include <optional>
#include <string>
#include <utility>
#include <variant>

namespace simt {

/// A failure reported to the user: one line of text, no trailing newline.
struct Error {
  std::string message;
};

/// A value or an Error. Check with `if (!e)` before dereferencing.
template <class T> class [[nodiscard]] Expected {
public:
  Expected(T value) : v_(std::in_place_index<0>, std::move(value)) {}
  Expected(Error error) : v_(std::in_place_index<1>, std::move(error)) {}

  explicit operator bool() const { return v_.index() == 0; }
  bool ok() const { return v_.index() == 0; }
  T &operator*() { return std::get<0>(v_); }
  const T &operator*() const { return std::get<0>(v_); }
  T *operator->() { return &std::get<0>(v_); }
  const T *operator->() const { return &std::get<0>(v_); }
  T &value() { return std::get<0>(v_); }
  const T &value() const { return std::get<0>(v_); }
  const Error &error() const { return std::get<1>(v_); }
  const std::string &message() const { return std::get<1>(v_).message; }

private:
  std::variant<T, Error> v_;
};

/// Success or an Error.
template <> class [[nodiscard]] Expected<void> {
public:
  Expected() = default;
  Expected(Error error) : e_(std::move(error)) {}
  explicit operator bool() const { return !e_; }
  bool ok() const { return !e_; }
  const Error &error() const { return *e_; }
  const std::string &message() const { return e_->message; }

private:
  std::optional<Error> e_;
};
using Status = Expected<void>;

inline Error makeError(std::string message) { return Error{std::move(message)}; }

} // namespace simt

#endif // SIMT_SUPPORT_EXPECTED_H
