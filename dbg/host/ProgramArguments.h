//===-- ProgramArguments.h - gdb's `run ARGS` and `set args` ----*- C++ -*-===//
//
// gdb hands a program's arguments to the shell, so quotes group words
// and `< FILE`, `> FILE`, `2> FILE`, `2>&1` and `&> FILE` redirect the
// program's standard input, output and error. simt-dbg starts the program
// itself (through LLDB): the same words, split here as a shell splits
// them, with those redirections.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "support/Expected.h"

#include <string>
#include <string_view>
#include <vector>

namespace simt::dbg::host {

struct ProgramArguments {
  std::vector<std::string> words; // argv[1...]
  std::string input, output, error; // empty: the debugger's own
  bool errorToOutput = false;        // `2>&1`
  bool redirects() const {
    return !input.empty() || !output.empty() || !error.empty() || errorToOutput;
  }
  std::string text;               // as typed, for `show args`
};

/// `100 "x y" < in.txt > out.txt 2>&1`: the words and the redirections
/// (no `$VAR`, glob or `~` expansion); an error for an unterminated quote,
/// a redirection with no file, `>>`, or a descriptor other than `2>&1`'s.
Expected<ProgramArguments> parseProgramArguments(std::string_view text);

/// The words as one line the shell splits back into them, gdb's way: a
/// backslash before each character the shell would take otherwise
/// (`--args ./app 100 "x y"` shows as `100 x\ y`).
std::string shellQuoted(const std::vector<std::string> &words);

} // namespace simt::dbg::host
