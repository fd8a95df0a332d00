//===-- HostValues.h - Host frames and values as gdb prints them ----------===//
//
// LLDB describes frames and values in its own words; a cuda-gdb user reads
// gdb's: `main (argc=2, argv=0x7fffffffe7c8) at app.cu:30`, `$1 = (float *)
// 0x55555556aeb0`, `{x = 1, y = 2}`, `#1  0x... in f (n=3) at app.cu:12`.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <lldb/API/LLDB.h>

#include <string>
#include <vector>

namespace simt::dbg {

/// "0x55555555528c".
std::string hexText(uint64_t v);
/// A value as `print` shows it after `$N = `; `pointerType` adds a
/// pointer's type, as print does and frame lines do not. `format`: a
/// print/FMT letter (x d u o t z c f), for every scalar in the value.
std::string hostValueText(lldb::SBValue v, bool pointerType = true, char format = 0);
/// A type as gdb's whatis names it ("int *", "Params").
std::string gdbTypeName(lldb::SBType t);
/// A type as gdb's ptype spells it out: typedefs looked through, a
/// struct's or union's members, an enum's enumerators
/// ("struct Params {\n    int count;\n    float factor;\n} *").
std::string gdbTypeBody(lldb::SBType t);
/// The function's name without its parameter list ("digit_sum", "main").
std::string hostFunctionName(lldb::SBFrame f);
/// The function's name as gdb's `info breakpoints` shows it, with its
/// parameter types ("digit_sum(int)", "main(int, char**)").
std::string gdbFunctionName(lldb::SBFunction f);
/// "argc=2, argv=0x7fffffffe7c8": the frame's arguments as frame lines show them.
std::string hostArgsText(lldb::SBFrame f);
/// "main (argc=2, argv=0x7fffffffe7c8) at app.cu:30" (or "from LIB" without
/// line information).
std::string hostFrameText(lldb::SBFrame f);
/// A backtrace line: "#0  main (...) at app.cu:30", outer frames with their
/// return address ("#1  0x000055555555528c in f (...) at app.cu:12").
std::string hostBacktraceLine(lldb::SBFrame f, uint32_t index);
/// Whether the frame's pc is where a line's code begins.
bool atLineStart(lldb::SBFrame f);
/// A stop's frame as gdb prints it: hostFrameText, after "0x... in " where
/// the pc is not where its line's code begins (back from a call).
std::string hostStopFrameText(lldb::SBFrame f);
/// "30\t  int n = argc;" (the frame's line of source), or "" if unreadable.
std::string hostSourceLine(lldb::SBFrame f);
/// A file's whole path, "" for none.
std::string hostPath(lldb::SBFileSpec file);
/// A source file's lines (none when it cannot be read), read once.
const std::vector<std::string> &hostSourceText(const std::string &path);
/// Whether the frame has line information (code compiled with -g).
bool hasLineInfo(lldb::SBFrame f);
/// A line entry's file as gdb names it: as it was compiled
/// (rt::compiledName), "" without one.
std::string hostFileName(const lldb::SBLineEntry &le);

} // namespace simt::dbg
