//===-- NvccDialect.h - What nvcc accepts and clang refuses, rewritten ----===//
//
// Spellings older nvcc takes that clang-19 has no flag for: a launch with
// spaces inside its brackets (`k<< <grid, block>> >(...)`), `__device__`
// beside `__global__` on one function (nvcc warns and drops `__device__`),
// and a lone `%` before a PTX register's name in an inline asm with operands (`mov.u64 %0,
// %globaltimer;`, where clang wants `%%`). simt-nvcc rewrites them before
// clang reads the file, keeping every line where it was (and every column,
// but after a doubled `%` on its line), so that diagnostics and debug lines
// still point at the user's text (the rewrite is served under the file's
// own name).
//
//===----------------------------------------------------------------------===//
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace simt::cc {

/// One rewrite, 1-based line and column in the original text.
struct DialectFix {
  unsigned line = 0, column = 0;
  std::string what; ///< the warning's text
};

/// `source` with the spellings above rewritten in place (same lines);
/// `fixes` gets the warnings nvcc gives (the dropped `__device__`; a
/// launch's spaces and asm's `%` are nvcc's syntax, no warning).
std::string rewriteNvccDialect(std::string_view source, std::vector<DialectFix> &fixes);

} // namespace simt::cc
