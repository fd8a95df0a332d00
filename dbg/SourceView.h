//===-- SourceView.h - Source positions of loaded kernels (simt-dbg) ------===//
//
// The debugger's side of the line tables (runtime/SourceLines.h): each loaded
// kernel's image address maps to the ELF section it came from and the
// offset there, and so to a source position; a `FILE:LINE` maps back to
// every image address where that line's code begins, in each kernel whose
// object has the file. The loader reads each object's table
// (LoadedKernel::lines); source text is read once per source file (a file
// that cannot be read just shows no text).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "runtime/SourceLines.h"
#include "runtime/ObjectFile.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace simt::rt {
class DeviceSession;
}

namespace simt::dbg {

/// The line table of the object kernel `k` was loaded from (null: none).
const rt::SourceLines *linesOf(const rt::LoadedKernel &k);
/// The source position of image address `pc` of kernel `k`.
std::optional<rt::SourcePos> sourcePos(const rt::LoadedKernel &k, uint64_t pc);

/// Whether the instruction at `pc` begins a stretch of its line's code: the
/// instruction before it is on another line or has none. Steps stop only
/// there, as gdb's do: back from a call into the middle of a line, they go
/// on to the next line.
bool startsLine(const rt::LoadedKernel &k, uint64_t pc);

/// A source line's code in one kernel image: [begin, end) byte ranges.
struct LineRange {
  uint64_t begin = 0, end = 0;
};
/// Where line `line` of the file `file` names (a path, or its tail such as
/// `saxpy.cu`) begins in kernel `k`; a line without code moves to the next
/// line that has some (as gdb does). `*actualLine` receives that line.
std::vector<LineRange> lineRanges(const rt::LoadedKernel &k, std::string_view file,
                                  unsigned line, unsigned *actualLine = nullptr);
/// The path of the line tables' file `name` names in any loaded kernel's
/// object, or "".
std::string findSourceFile(const rt::DeviceSession &s, std::string_view name);
/// Every source file of the loaded kernels' line tables.
std::vector<std::string> sourceFiles(const rt::DeviceSession &s);
/// Line `line` (1-based) of source file `path`, when the file can be read.
std::optional<std::string> sourceText(const std::string &path, unsigned line);
/// How many lines the file has (0 if it cannot be read).
unsigned sourceLineCount(const std::string &path);
/// "src/saxpy.cu": a source file as gdb names it, as it was compiled
/// (rt::compiledName).
std::string fileName(const std::string &path);
/// "src/saxpy.cu:12": the file's name (fileName) and the line.
std::string positionText(const rt::SourcePos &p);
/// "12\t    y[i] = a * x[i] + y[i];" or "12\tin saxpy.cu" when the text is
/// missing.
std::string sourceLineText(const std::string &path, unsigned line);

} // namespace simt::dbg
