//===-- ElementFiles.h - Buffer elements read from file(PATH, OFFSET) -----===//
//
// `write NAME[FROM..TO] = file(PATH, OFFSET)` and `expect NAME[FROM..TO] ==
// file(PATH, OFFSET)` (docs/run-scripts.md): the bytes a file supplies for a
// range of a buffer's elements. A slice is read on its own (a capture's
// data file holds every kept run of a buffer, one after the other), and
// what is read is bounded by the elements it is for.
//
//===----------------------------------------------------------------------===//
#ifndef SIMT_RUNTIME_ELEMENTFILES_H
#define SIMT_RUNTIME_ELEMENTFILES_H

#include "runtime/DeviceMemory.h"
#include "runtime/RunScriptCommands.h"

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace simt::rt {

/// The bytes `file` supplies for elements `first`..`last` of buffer `b`
/// (without `last`: as many as the file holds from its offset on, which must
/// fit). Relative paths are taken from `baseDir`. Errors begin with `cmd`
/// and the operand.
Expected<std::string> readElementFile(const Buffer &b, uint64_t first,
                                      std::optional<uint64_t> last, const FileSlice &file,
                                      const std::filesystem::path &baseDir, std::string_view cmd);

/// `file(PATH)` or `file(PATH, OFFSET)`, for messages.
std::string fileSliceText(const FileSlice &file);

} // namespace simt::rt

#endif // SIMT_RUNTIME_ELEMENTFILES_H
