//===-- StartupOptions.cpp - gdb's command-line options for simt-dbg ------===//
#include "dbg/StartupOptions.h"

#include "support/InputFile.h"

#include <sstream>
#include <string_view>

namespace simt::dbg {

namespace {
/// gdb accepts one or two dashes on every long option.
std::string_view undash(std::string_view a) {
  if (a.rfind("--", 0) == 0)
    return a.substr(2);
  if (a.rfind("-", 0) == 0)
    return a.substr(1);
  return {};
}
} // namespace

StartupOptions splitStartupOptions(int argc, char **argv) {
  StartupOptions o;
  if (argc > 0)
    o.rest.emplace_back(argv[0]);
  for (int i = 1; i < argc; ++i) {
    const std::string_view a = argv[i];
    std::string_view name = undash(a), value;
    bool hasValue = false;
    if (size_t eq = name.find('='); eq != std::string_view::npos && name.size() > 1) {
      value = name.substr(eq + 1);
      name = name.substr(0, eq);
      hasValue = true;
    }
    const bool isCommand = name == "ex" || name == "eval-command";
    const bool isFile = name == "x" || name == "command";
    if (name == "args" && !hasValue) {
      o.programArgv.assign(argv + i + 1, argv + argc);
      break;
    }
    if ((name == "batch" || name == "q" || name == "quiet" || name == "silent" ||
         name == "nx" || name == "nh") &&
        !hasValue) {
      o.batch |= name == "batch";
      continue;
    }
    if (!isCommand && !isFile) {
      o.rest.emplace_back(a);
      continue;
    }
    if (!hasValue) {
      if (i + 1 >= argc) {
        o.error = "option '" + std::string(a) + "' requires an argument";
        return o;
      }
      value = argv[++i];
    }
    o.commands.push_back({isFile, std::string(value)});
  }
  return o;
}

rt::Expected<std::vector<std::string>> startupLines(const std::vector<StartupCommand> &cmds,
                                                    std::vector<size_t> *origins) {
  std::vector<std::string> lines;
  for (const StartupCommand &c : cmds) {
    if (!c.isFile) {
      lines.push_back(c.text);
      if (origins)
        origins->push_back(size_t(&c - cmds.data()));
      continue;
    }
    auto text = readInputFile(c.text, InputKind::Script);
    if (!text)
      return text.error();
    std::istringstream in(*text);
    for (std::string line; std::getline(in, line);) {
      lines.push_back(line);
      if (origins)
        origins->push_back(size_t(&c - cmds.data()));
    }
  }
  return lines;
}

} // namespace simt::dbg
