//===-- TopLevel.h - Where a character stands outside brackets and quotes -===//
//
// Expressions typed at the prompt are split at characters that stand at
// their top level: printf's commas between arguments, gdb's `@` of an
// artificial array (`a[2]@4`). A comma inside `f(a, b)` or a string does not
// split them.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <string_view>
#include <vector>

namespace simt::dbg {

/// The positions of `c` in `text` outside (), [] and {} and outside
/// "..." and '...' (with their backslash escapes), in order.
std::vector<size_t> topLevelPositions(std::string_view text, char c);

} // namespace simt::dbg
