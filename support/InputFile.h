//===-- InputFile.h - Bounded reading of the files a user names -----------===//
//
// One way for every tool to read a file named on its command line or in its
// input: an assembly source or `.include`, an object, a run script, a
// debugger command file, a buffer's `file(PATH)`. A missing file, a directory
// or an unreadable one is an error naming it ("cannot read 'X': Is a
// directory"), and what is read is bounded, so that /dev/zero or an endless
// pipe ends in an error instead of exhausting memory. The limits are listed in
// docs/limits.md. Errors are support/Expected.h's; this library depends on
// nothing else of the project.
//
//===----------------------------------------------------------------------===//
#ifndef SIMT_SUPPORT_INPUTFILE_H
#define SIMT_SUPPORT_INPUTFILE_H

#include "support/Expected.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace simt {

/// What the file is, for the limit and the error text.
enum class InputKind : uint8_t {
  AsmSource,   ///< simt-as input and every `.include`d file
  Object,      ///< an object file (simt-emu, simt-dbg, simt-objdump, `load`)
  Script,      ///< a run script or a debugger command file (`-x`, `source`)
  BufferData,  ///< `file(PATH)`: the caller passes the buffer's size as the limit
  RawWords,    ///< `simt-objdump --binary`
};

inline constexpr uint64_t kMaxAsmSourceBytes = uint64_t(64) << 20;
inline constexpr uint64_t kMaxObjectBytes = uint64_t(256) << 20;
inline constexpr uint64_t kMaxScriptBytes = uint64_t(16) << 20;
inline constexpr uint64_t kMaxRawWordsBytes = uint64_t(64) << 20;

/// The limit for a kind (BufferData has none of its own: 1 TiB, the largest buffer).
uint64_t inputLimit(InputKind kind);

/// Reads the whole file. `-` reads standard input when `allowStdin`. Errors:
/// "cannot read 'PATH': REASON" (the system's reason, or "more than N bytes,
/// the limit for KIND").
Expected<std::string> readInputFile(std::string_view path, InputKind kind,
                                    bool allowStdin = false);
/// The same with an explicit limit (file(PATH): the buffer's size).
Expected<std::string> readInputFile(std::string_view path, InputKind kind, uint64_t limit,
                                    bool allowStdin);

/// Checks, without reading, that `path` is a regular file within the limit of
/// its kind: for files that another library opens itself (MC's `.include`).
Status checkInputFile(std::string_view path, InputKind kind);

} // namespace simt

#endif // SIMT_SUPPORT_INPUTFILE_H
