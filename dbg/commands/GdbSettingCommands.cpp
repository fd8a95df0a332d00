//===-- GdbSettingCommands.cpp - set/show for gdb's common settings -------===//
#include "dbg/Debugger.h"
#include "dbg/GdbSettings.h"
#include "dbg/commands/Commands.h"

#include <memory>

namespace simt::dbg {

namespace {

std::string onOffText(bool on) { return on ? "on" : "off"; }

/// gdb's boolean settings: no value is `on`.
bool boolArg(std::string_view text) { return trim(text).empty() || onOff(text); }

/// gdb's limits: a number, 0 or `unlimited` for none.
size_t limitArg(std::string_view text) {
  text = trim(text);
  if (text.empty())
    throw CommandError("Argument required (integer to set it to, or \"unlimited\").");
  if (text == "unlimited")
    return 0;
  return size_t(countArg(text, 0, "limit"));
}
std::string limitText(size_t n) { return n ? std::to_string(n) : "unlimited"; }

struct Setting {
  const char *name, *help;
  std::function<void(std::string_view)> set;
  std::function<std::string()> shown; // show's sentence, gdb's words
};

std::vector<Setting> topSettings() {
  GdbSettings &g = gdbSettings();
  return {
      {"pagination", "set pagination on|off\nAccepted and kept: simt-dbg never pages its output.",
       [&g](std::string_view v) { g.pagination = boolArg(v); },
       [&g] { return "State of pagination is " + onOffText(g.pagination) + "."; }},
      {"confirm", "set confirm on|off\nWith off, `kill` asks nothing (in batch mode gdb prints the\n"
                  "question and its automatic answer).",
       [&g](std::string_view v) { g.confirm = boolArg(v); },
       [&g] {
         return "Whether to confirm potentially dangerous operations is " + onOffText(g.confirm) +
                ".";
       }},
      {"height", "set height N|unlimited\nAccepted and kept: simt-dbg never pages its output.",
       [&g](std::string_view v) { g.height = limitArg(v); },
       [&g] { return "Number of lines gdb thinks are in a page is " + limitText(g.height) + "."; }},
      {"width", "set width N|unlimited\nAccepted and kept: simt-dbg never wraps its lines.",
       [&g](std::string_view v) { g.width = limitArg(v); },
       [&g] {
         return "Number of characters gdb thinks are in a line is " + limitText(g.width) + ".";
       }},
      {"verbose", "set verbose on|off\nAccepted and kept: simt-dbg has no extra messages to give.",
       [&g](std::string_view v) { g.verbose = boolArg(v); },
       [&g] { return "Verbosity is " + onOffText(g.verbose) + "."; }},
  };
}

std::vector<Setting> printSettings() {
  GdbSettings &g = gdbSettings();
  return {
      {"pretty", "set print pretty on|off\nWith on, a device structure prints one member a line, "
                 "indented by its depth.",
       [&g](std::string_view v) { g.printPretty = boolArg(v); },
       [&g] { return "Pretty formatting of structures is " + onOffText(g.printPretty) + "."; }},
      {"elements", "set print elements N|unlimited\nThe most elements of a device array (or "
                   "characters of a string) print shows.",
       [&g](std::string_view v) { g.printElements = limitArg(v); },
       [&g] {
         return "Limit on string chars or array elements to print is " +
                limitText(g.printElements) + ".";
       }},
      {"repeats", "set print repeats N|unlimited\nA run of more than N equal elements prints "
                  "as `V <repeats K times>`.",
       [&g](std::string_view v) { g.printRepeats = limitArg(v); },
       [&g] {
         return "Threshold for repeated print elements is " + limitText(g.printRepeats) + ".";
       }},
  };
}

std::vector<Setting> breakpointSettings() {
  GdbSettings &g = gdbSettings();
  return {
      {"pending", "set breakpoint pending on|off|auto\nAccepted and kept: a breakpoint on code "
                  "not loaded yet (a kernel before\n`run`) is always pending, as gdb's `on`.",
       [&g](std::string_view v) {
         const std::string s(trim(v));
         if (s != "on" && s != "off" && s != "auto")
           throw CommandError("\"on\", \"off\" or \"auto\" expected.");
         g.breakpointPending = s;
       },
       [&g] {
         return "Debugger's behavior regarding pending breakpoints is " + g.breakpointPending + ".";
       }},
  };
}

void addAll(CommandTable &set, CommandTable &show, const std::vector<Setting> &settings) {
  for (const Setting &s : settings) {
    auto setter = s.set;
    auto shown = s.shown;
    std::string summary = std::string(s.help).substr(0, std::string(s.help).find('\n'));
    set.add({s.name, {}, "status", "gdb's setting: " + summary, s.help,
             [setter](Debugger &, const Invocation &inv) { setter(inv.args); }});
    show.add({s.name, {}, "status", "gdb's setting: " + summary, "show " + summary.substr(4),
              [shown](Debugger &d, const Invocation &) { d.out() << shown() << "\n"; }});
  }
}

/// `set print ...` / `set breakpoint ...`: a group of settings under one word.
void addGroup(CommandTable &set, CommandTable &show, const char *name, const char *summary,
              const std::vector<Setting> &settings) {
  auto setGroup = std::make_shared<CommandTable>(), showGroup = std::make_shared<CommandTable>();
  addAll(*setGroup, *showGroup, settings);
  set.add({name, {}, "status", summary, std::string("set ") + name + " SETTING VALUE", nullptr,
           Complete::Subcommand, setGroup});
  show.add({name, {}, "status", summary, std::string("show ") + name + " SETTING", nullptr,
            Complete::Subcommand, showGroup});
}

} // namespace

bool applyGdbSetting(std::string_view text) {
  const std::vector<std::string> w = words(text);
  if (w.empty())
    return false;
  const bool grouped = w[0] == "print" || w[0] == "breakpoint";
  const std::vector<Setting> settings = w[0] == "print"        ? printSettings()
                                        : w[0] == "breakpoint" ? breakpointSettings()
                                                               : topSettings();
  const std::string &name = grouped ? (w.size() > 1 ? w[1] : std::string()) : w[0];
  for (const Setting &s : settings) {
    if (name != s.name)
      continue;
    std::string_view value = trim(text);
    for (size_t skip = grouped ? 2 : 1; skip; --skip)
      value = trim(value.substr(std::min(value.size(), value.find_first_of(" \t"))));
    try {
      s.set(value);
      return true;
    } catch (const CommandError &) {
      return false;
    }
  }
  return false;
}

void registerGdbSettings(CommandTable &set, CommandTable &show) {
  addAll(set, show, topSettings());
  addGroup(set, show, "print", "how print shows values", printSettings());
  addGroup(set, show, "breakpoint", "breakpoint settings", breakpointSettings());
}

} // namespace simt::dbg
