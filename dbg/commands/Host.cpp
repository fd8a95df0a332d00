//===-- Host.cpp - help, quit, source, echo, run-script commands ----------===//
#include "dbg/CommandFile.h"
#include "dbg/Debugger.h"
#include "dbg/commands/Commands.h"
#include "runtime/Values.h"

#include <algorithm>

namespace simt::dbg {

std::vector<std::string> words(std::string_view s) {
  const std::vector<std::string_view> w = rt::splitWords(s);
  return {w.begin(), w.end()};
}

uint64_t countArg(std::string_view s, uint64_t fallback, const char *what) {
  s = trim(s);
  if (s.empty())
    return fallback;
  auto v = rt::parseUInt(s);
  if (!v)
    throw CommandError(std::string("bad ") + what + " '" + std::string(s) + "'");
  return *v;
}

std::vector<int> numberList(std::string_view s) {
  std::vector<int> out;
  for (const std::string &w : words(s)) {
    auto v = rt::parseUInt(w);
    if (!v || *v > 1000000)
      throw CommandError("bad number '" + w + "'");
    out.push_back(int(*v));
  }
  return out;
}

bool onOff(std::string_view s) {
  s = trim(s);
  if (s == "on" || s == "1" || s == "yes" || s == "enable")
    return true;
  if (s == "off" || s == "0" || s == "no" || s == "disable")
    return false;
  throw CommandError("\"on\" or \"off\" expected");
}

namespace {

std::string aliasText(const CommandSpec &c) {
  if (c.aliases.empty())
    return "";
  std::string s = " (";
  for (size_t i = 0; i < c.aliases.size(); ++i)
    s += (i ? ", " : "") + c.aliases[i];
  return s + ")";
}

void listTable(std::ostream &os, const CommandTable &t, const std::string &prefix) {
  for (const CommandSpec &c : t.commands()) {
    std::string left = "  " + (prefix.empty() ? "" : prefix + " ") + c.name + aliasText(c);
    if (left.size() < 30)
      left += std::string(30 - left.size(), ' ');
    else
      left += "  ";
    os << left << c.summary << "\n";
  }
}

void help(Debugger &d, const Invocation &inv) {
  std::ostream &os = d.out();
  if (inv.args.empty()) {
    os << "simt-dbg commands by topic; \"help COMMAND\" for details, aliases in "
          "parentheses.\n";
    std::vector<std::string> topics;
    // simt-dbg's own calls (`maintenance`) are left out, as gdb leaves out its.
    for (const CommandSpec &c : d.commands().commands())
      if (c.topic != "internals" &&
          std::find(topics.begin(), topics.end(), c.topic) == topics.end())
        topics.push_back(c.topic);
    for (const std::string &t : topics) {
      os << "\n" << t << ":\n";
      CommandTable sub;
      for (const CommandSpec &c : d.commands().commands())
        if (c.topic == t)
          sub.add(c);
      listTable(os, sub, "");
    }
    return;
  }
  const CommandTable *table = &d.commands();
  const CommandSpec *c = nullptr;
  std::string full;
  for (const std::string &w : words(inv.args)) {
    if (!table)
      break;
    std::string err;
    c = table->find(w, &err);
    if (!c)
      throw CommandError(err);
    full += (full.empty() ? "" : " ") + c->name;
    table = c->sub.get();
  }
  os << full << aliasText(*c) << " -- " << c->summary << "\n";
  if (!c->help.empty())
    os << c->help << (c->help.back() == '\n' ? "" : "\n");
  if (c->sub) {
    os << "\n\"" << full << "\" subcommands:\n";
    listTable(os, *c->sub, full);
  }
}

} // namespace

void registerHostCommands(Debugger &d, CommandTable &root, std::shared_ptr<CommandTable> info,
                          std::shared_ptr<CommandTable> set, std::shared_ptr<CommandTable> show) {
  (void)d;
  root.add({"help", {"h"}, "support", "list commands, or describe one",
            "help [COMMAND [SUBCOMMAND]]\n"
            "Without an argument lists every command by topic; with one prints its usage.",
            help, Complete::Subcommand});
  root.add({"quit", {"q", "exit"}, "support", "leave the debugger", "quit", [](Debugger &d, const Invocation &) {
              d.requestQuit();
            }});
  root.add({"echo", {}, "support", "print text (\\n for a newline)",
            "echo TEXT\nPrints TEXT; `\\n` is a newline (as in gdb, no newline is added).",
            [](Debugger &d, const Invocation &inv) {
              std::string s = inv.args;
              std::string out;
              for (size_t i = 0; i < s.size(); ++i) {
                if (s[i] == '\\' && i + 1 < s.size()) {
                  out += s[i + 1] == 'n' ? '\n' : s[i + 1];
                  ++i;
                } else {
                  out += s[i];
                }
              }
              d.out() << out;
            }});
  root.add({"source", {}, "support", "run debugger commands from a file",
            "source FILE\nExecutes each line of FILE as a command (`#` starts a comment).",
            [](Debugger &d, const Invocation &inv) {
              if (rt::Status s = runCommandFile(d, inv.args); !s)
                throw CommandError(s.message());
            },
            Complete::File});

  // The run-script language at the prompt (docs/run-scripts.md), with each
  // command's usage and summary from its declaration (runtime/RunScriptCommands.h).
  for (const rt::CommandSyntax &syntax : rt::kRunScriptSyntax) {
    if (syntax.keyword == "set")
      continue; // the debugger's own `set`, which has `set memcheck` too
    std::string n(syntax.keyword);
    // gdb's `advance LOCATION` as well as the script's cycle count.
    std::string usage = std::string(syntax.usage) + (n == "advance" ? " | LOCATION" : "");
    root.add({n, {}, "run script", std::string(syntax.summary),
              usage +
                  "\nA run-script command (docs/run-scripts.md), executed now. `wait` and "
                  "`advance` stop at breakpoints like `continue`." +
                  (n == "advance" ? "\nadvance LOCATION (FILE:LINE, FUNCTION, LABEL): as gdb's, "
                                    "continue until\nthat code is about to run."
                                  : ""),
              [n](Debugger &d, const Invocation &inv) {
                // gdb's `advance LOCATION` (a line, a function): not a cycle count,
                // and in a program always gdb's (`advance 52` is a line there).
                if (n == "advance" && (d.program() || (!inv.args.empty() &&
                                                       !rt::parseUInt(trim(inv.args))))) {
                  runToLocation(d, inv.args, "advance");
                  return;
                }
                auto c = rt::parseCommandLine(n + " " + inv.args);
                if (!c)
                  throw CommandError(c.message());
                if (!*c)
                  return;
                d.exec().hostCommand(**c, std::filesystem::current_path());
              },
              Complete::Expression});
  }

  CommandSpec infoSpec{"info", {"i", "inf"}, "status", "show things about the program",
                       "info SUBCOMMAND", [info](Debugger &d, const Invocation &inv) {
                         if (!inv.args.empty())
                           throw CommandError("Undefined info command: \"" + words(inv.args)[0] +
                                              "\".  Try \"help info\".");
                         d.out() << "\"info\" must be followed by the name of an info command:\n";
                         listTable(d.out(), *info, "info");
                       },
                       Complete::Subcommand, info};
  root.add(std::move(infoSpec));
  CommandSpec setSpec{"set", {}, "status", "change a setting or a value",
                      "set SETTING VALUE | set var EXPR = VALUE | set EXPR = VALUE",
                      [](Debugger &d, const Invocation &inv) {
                        if (inv.args.empty())
                          throw CommandError("argument required (setting or EXPR = VALUE)");
                        setVariable(d, inv.args);
                      },
                      Complete::Subcommand, set};
  root.add(std::move(setSpec));
  CommandSpec showSpec{"show", {}, "status", "show the settings", "show [SETTING]",
                       [show](Debugger &d, const Invocation &inv) {
                         if (!inv.args.empty())
                           throw CommandError("Undefined show command: \"" + words(inv.args)[0] +
                                              "\".  Try \"help show\".");
                         // The settings themselves; `show cuda ...` repeats one of them.
                         for (const CommandSpec &c : show->commands())
                           if (c.handler)
                             c.handler(d, Invocation{"show " + c.name, "", ""});
                       },
                       Complete::Subcommand, show};
  root.add(std::move(showSpec));
}

} // namespace simt::dbg
