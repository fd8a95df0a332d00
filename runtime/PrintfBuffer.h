//===-- PrintfBuffer.h - Device printf records, formatted at wait ---------===//
//
// The host half of device printf (docs/cuda.md "printf"): a launch of a
// kernel whose code reads the printf buffer's slots (%envreg8..10 in
// constant bank 1) gets a buffer of its own; when the grid has ended, its
// records (support/PrintfFormat.h) are formatted in thread order (CTA, then
// thread, then the order each thread printed in) with the host's snprintf
// for each conversion, and a note says how many did not fit.
//
//===----------------------------------------------------------------------===//
#ifndef SIMT_RUNTIME_PRINTFBUFFER_H
#define SIMT_RUNTIME_PRINTFBUFFER_H

#include "emu/core/Inst.h"
#include "emu/mem/AddressSpace.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace simt::rt {

/// Whether a kernel's code reads the printf buffer's address or size.
bool usesPrintfBuffer(const std::vector<emu::Inst> &code);

/// A launch with a printf buffer whose records are not printed yet.
struct PrintfLaunch {
  uint32_t grid = 0;
  size_t context = 0;    ///< the session's context index (its memory)
  uint64_t buffer = 0;   ///< device address
  uint32_t bytes = 0;
  std::string kernel;    ///< as reports show it
  uint32_t gridDim[3] = {1, 1, 1};
  uint32_t blockDim[3] = {1, 1, 1};
};

/// Reads a NUL-terminated string of device memory at an address; none when
/// the address is not in an allocation or the string runs past its end.
using DeviceStringReader = std::function<std::optional<std::string>(uint64_t)>;

/// One record's text: `format` applied to the packed `args` (pointers of
/// 4 bytes when `pointer32`). %s strings come from `readString`.
std::string formatPrintf(std::string_view format, std::span<const uint8_t> args, bool pointer32,
                         const DeviceStringReader &readString);

/// Prints the records of `l` from `mem` to `out` in thread order, and to
/// `err` how many records were dropped for want of room. The %s strings of
/// records flagged kRecordConstStrings come from `readConstString`
/// (offsets in constant bank 2).
void printPrintfRecords(const PrintfLaunch &l, emu::AddressSpace &mem,
                        const DeviceStringReader &readConstString, std::ostream &out,
                        std::ostream &err);

} // namespace simt::rt

#endif // SIMT_RUNTIME_PRINTFBUFFER_H
