//===-- LaunchArgs.h - Kernel arguments in C layout -------------*- C++ -*-===//
//
// A launch argument becomes the bytes of a kernel parameter here: a typed
// value its own bytes, a buffer its device address, a brace list (a struct or
// array passed by value, `{3s32, 1.5f32, buf, {1u8, 2u8}}`) its members in C
// layout -- each at its alignment (a value's or an address's size, a nested
// list's largest member's or its `@N`), the whole rounded up to its alignment
// -- which is how clang lays out the `.param .align A .b8 NAME[N]` it
// declares for a struct parameter.
//
//===----------------------------------------------------------------------===//
#ifndef SIMT_RUNTIME_LAUNCHARGS_H
#define SIMT_RUNTIME_LAUNCHARGS_H

#include "runtime/ObjectFile.h"
#include "runtime/RunScriptCommands.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string_view>
#include <vector>

namespace simt::rt {

/// Looks up a buffer's device address by name (nullopt: no such buffer).
using BufferAddressFn = std::function<std::optional<uint64_t>(std::string_view)>;

/// One argument's bytes and the alignment C gives them.
struct PackedArg {
  std::vector<uint8_t> bytes;
  unsigned align = 1;
};

/// The first `c` of `text` at or after `from` outside braces and parentheses,
/// or npos: `args=(...)`'s end, whose arguments may be `{...}` or `local(N)`.
size_t findOutsideBrackets(std::string_view text, char c, size_t from = 0);
/// The first comma of `text` at or after `from` outside braces and
/// parentheses, or npos: the separator of argument lists.
size_t findArgComma(std::string_view text, size_t from = 0);

/// One launch argument: a buffer name, `NAME:32`, a typed value (`7u32`),
/// `local(BYTES)` or a brace list of arguments (`{3s32, 1.5f32, buf, {1u8,
/// 2u8}}`, `{...}@16`).
Expected<LaunchArg> parseLaunchArg(std::string_view text);
/// Parses `{A, B, ...}` or `{A, B, ...}@N` (N a power of two up to 256), each
/// member a launch argument (parseLaunchArg). Errors name the member by its
/// position, nested positions joined by dots: "member 2.1 'x': ...".
Expected<AggregateArg> parseAggregateArg(std::string_view text);

/// The bytes of `a`. A plain buffer name is `pointerBytes` (8, or 4 for an
/// abi=32 kernel) long, `NAME:32` 4; an address that does not fit is an
/// error. Errors inside a brace list name the member as parseAggregateArg's.
Expected<PackedArg> packLaunchArg(const LaunchArg &a, unsigned pointerBytes,
                                  const BufferAddressFn &bufferAddress);

/// Where a `local(BYTES)` slice starts: OpenCL's largest vector alignment
/// that real kernels use (float4, int4, double2).
inline constexpr unsigned kLocalArgAlign = 16;

/// Gives each `local(BYTES)` argument a slice of dynamic shared memory, as
/// OpenCL implementations on CUDA hardware do: after the kernel's static
/// shared bytes and `shared=`'s, in argument order, each kLocalArgAlign
/// aligned. The argument becomes the slice's shared address (pointerBytes
/// wide) and `launch.shared` grows to cover the slices.
Status placeLocalArgs(LaunchCommand &launch, uint32_t staticShared, unsigned pointerBytes);

/// The parameter bytes of a `launch` (from c[0x0][0x20]: LaunchRequest::params),
/// laid out by ParamBlock (runtime/LaunchBlock.h). When the kernel declares
/// `.param`s, the arguments must match them in number and size and go to the
/// declared offsets; otherwise they are packed in order with natural
/// alignment. A plain buffer name is an 8-byte address for abi=64 kernels and
/// a 4-byte one for abi=32 kernels (which `NAME:32` requests explicitly); a
/// 4-byte address must lie below 4 GiB. A brace list packs in C layout, its
/// size rounded up to the parameter's declared alignment.
Expected<std::vector<uint8_t>> packLaunchParams(const LaunchCommand &launch,
                                                const KernelInfo &kernel,
                                                const BufferAddressFn &bufferAddress);

} // namespace simt::rt

#endif // SIMT_RUNTIME_LAUNCHARGS_H
