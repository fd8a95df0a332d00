//===-- CommandFile.h - Running debugger commands from a file -------------===//
//
// `-x FILE` and `source FILE`: each line of the file through
// Debugger::execute. Nested `source` is bounded (a file that sources itself
// would otherwise recurse until the stack overflows), as gdb bounds it.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "runtime/Values.h"

#include <string>

namespace simt::dbg {

class Debugger;

/// How deep `source` may nest (the outermost command file counts as one).
inline constexpr unsigned kMaxSourceDepth = 32;

/// Runs each line of `path` until its end or `quit`; an error when the file
/// cannot be read or when command files are already nested kMaxSourceDepth deep.
rt::Status runCommandFile(Debugger &d, const std::string &path);

} // namespace simt::dbg
