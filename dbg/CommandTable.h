//===-- CommandTable.h - Named commands with aliases, help and handlers ---===//
//
// The debugger is a table of commands (DESIGN.md 8): each has a name, gdb's
// aliases, a topic, a one-line summary, a help text and a handler. A word
// resolves to a command by exact name or alias first, then by unique prefix
// (as in gdb: `disas`, `cond`); prefix commands (`info`, `set`, `show`)
// carry a sub-table resolved the same way. Handlers report user errors by
// throwing CommandError; the dispatcher prints the message and returns to the
// prompt.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "support/Text.h"

#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace simt::dbg {

class Debugger;

/// A user error inside a command: printed, then back to the prompt.
struct CommandError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// What a handler receives: `p/x R5` gives name "print", format "x", args "R5".
struct Invocation {
  std::string name;   // the command's full name ("info warps" for subcommands)
  std::string format; // after a '/' glued to the command word, else empty
  std::string args;   // the rest of the line, trimmed
};

/// What tab completion offers for a command's arguments.
enum class Complete : uint8_t { None, Expression, Location, Subcommand, File };

class CommandTable;

struct CommandSpec {
  std::string name;
  std::vector<std::string> aliases;
  std::string topic;   // help groups: "breakpoints", "running", ...
  std::string summary; // one line
  std::string help;    // usage and details (may be several lines)
  std::function<void(Debugger &, const Invocation &)> handler;
  Complete complete = Complete::None;
  std::shared_ptr<CommandTable> sub; // prefix command: its subcommands
};

class CommandTable {
public:
  CommandSpec &add(CommandSpec spec);
  /// Resolves a word (name, alias, or unique prefix). Null with *error set
  /// ("Undefined command: \"foo\"" / "ambiguous command \"s\": set, show").
  const CommandSpec *find(std::string_view word, std::string *error) const;
  const std::vector<CommandSpec> &commands() const { return commands_; }
  /// Every name and alias, for completion.
  std::vector<std::string> words() const;

private:
  std::vector<CommandSpec> commands_;
};

/// A typed line without its comment: "" for a `#` line, and a trailing
/// ` # comment` cut off (command files, lit tests) except after `echo`.
std::string_view commandText(std::string_view line);

/// Splits "p/x R5" into ("p", "x", "R5"); leading/trailing blanks dropped.
void splitCommandWord(std::string_view line, std::string &word, std::string &format,
                      std::string &rest);

} // namespace simt::dbg
