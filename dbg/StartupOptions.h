//===-- StartupOptions.h - gdb's command-line options for simt-dbg --------===//
//
// gdb takes `-batch`, `-ex CMD` (`-eval-command CMD`) and `-x FILE`
// (`-command FILE`), any number of each, and runs the commands and files in
// command-line order; `--args PROGRAM ARGS...` ends the options. CLI11
// cannot keep the order between two options, so these are taken out of the
// command line before it sees the rest (simt-dbg's own and the device
// options). gdb's -q/-quiet/-nx/-nh are accepted and mean nothing here:
// simt-dbg prints no banner in batch mode and reads no init file.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "runtime/Values.h"

#include <string>
#include <vector>

namespace simt::dbg {

/// One -x FILE or -ex CMD, in command-line order.
struct StartupCommand {
  bool isFile = false;
  std::string text; ///< the file's path, or the command line
};

struct StartupOptions {
  std::vector<std::string> rest;        ///< argv[0] and what CLI11 parses
  std::vector<StartupCommand> commands; ///< -x and -ex, in order
  std::vector<std::string> programArgv; ///< after --args
  bool batch = false;
  std::string error; ///< bad usage (an option without its argument)
};

StartupOptions splitStartupOptions(int argc, char **argv);

/// The startup commands' lines in order: each -x file's lines, each -ex's
/// command. An error names a file that cannot be read. `origins`, when
/// given, receives each line's StartupCommand index (an error in a -x
/// file's line ends that file, as in gdb).
rt::Expected<std::vector<std::string>> startupLines(const std::vector<StartupCommand> &cmds,
                                                    std::vector<size_t> *origins = nullptr);

} // namespace simt::dbg
