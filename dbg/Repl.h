//===-- Repl.h - Reading command lines: libedit on a terminal, else plain -===//
//
// On a terminal the prompt uses libedit: emacs-style editing, history kept in
// ~/.simt_dbg_history (loaded at start, saved after every line, so it
// survives a killed session), and tab completion through a callback (the
// debugger completes commands, registers, labels and buffer names). Ctrl-C
// at the prompt abandons the line. When stdin is not a terminal, lines are
// read with std::getline and the prompt is printed as is (no echo).
//
//===----------------------------------------------------------------------===//
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace simt::dbg {

/// Candidates for `word`, the word under the cursor; `before` is the line up
/// to the start of that word.
using Completer =
    std::function<std::vector<std::string>(std::string_view before, std::string_view word)>;

class LineReader {
public:
  virtual ~LineReader() = default;
  /// The next line without its newline; false at end of input.
  virtual bool read(std::string &line) = 0;
};

/// A libedit reader when stdin is a terminal (and libedit is built in),
/// else a plain one. `historyFile` empty: no persisted history.
std::unique_ptr<LineReader> makeLineReader(const std::string &prompt, Completer completer,
                                           const std::string &historyFile);

/// gdb's empty line: it repeats the last stepping command (stepi, next,
/// continue, ...); other commands are not repeated.
class LineRepeater {
public:
  /// The line to execute for `line` as typed.
  std::string apply(std::string line);

private:
  std::string last_;
};

/// The prompt as the debuggers read it: `(simt-dbg) `, the reader made on
/// the first line (libedit on a terminal, ~/.simt_dbg_history), gdb's
/// empty-line repeat applied.
class PromptReader {
public:
  explicit PromptReader(Completer completer) : completer_(std::move(completer)) {}
  /// The next command line; false at end of input.
  bool read(std::string &line);

private:
  Completer completer_;
  std::unique_ptr<LineReader> reader_;
  LineRepeater repeat_;
};

/// Whether the command line being run was typed at a terminal (gdb's
/// from_tty): a few messages are printed only then, such as finish's "Run
/// till exit from ...". PromptReader sets it for each line it reads; lines
/// from -ex, -x and -batch are not typed.
bool typedAtTerminal();
void setTypedAtTerminal(bool typed);

/// ~/.simt_dbg_history ($HOME), or "" when HOME is unset.
std::string defaultHistoryFile();

/// The longest common prefix of the candidates.
std::string commonPrefix(const std::vector<std::string> &candidates);

} // namespace simt::dbg
