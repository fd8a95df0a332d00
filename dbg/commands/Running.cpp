//===-- Running.cpp - run, continue, step*, finish, reverse-*, kill -------===//
#include "dbg/Debugger.h"
#include "dbg/commands/Commands.h"

#include <memory>

namespace simt::dbg {

namespace {

/// run and continue: the run script's, or the program's, runs.
void addRunCommands(CommandTable &root) {
  root.add({"run", {"r"}, "running", "run the script from the start until something stops it",
            "run\nQueues the run script's commands and executes them: host commands at once,\n"
            "`wait`/`advance` run the device until a breakpoint, a watchpoint, a fault,\n"
            "Ctrl-C or the end. Run again to restart from a fresh session.\n"
            "A program (simt-dbg --args): starts it, or starts it again from the beginning\n"
            "with the same breakpoints and settings.",
            [](Debugger &d, const Invocation &) { d.exec().run(); }});
  root.add({"continue", {"c", "cont", "fg"}, "running", "resume: the pending wait, then the script",
            "continue\nLets the stopped warp issue, finishes the pending `wait`/`advance`, then\n"
            "goes on with the script. A program (simt-dbg --args) goes on to its next\n"
            "device stop or its end.",
            [](Debugger &d, const Invocation &inv) {
              uint64_t n = countArg(inv.args, 1, "count");
              for (uint64_t i = 0; i < n; ++i)
                d.exec().cont();
            }});
}

/// Forward steps of the focused warp, by instruction or by source line.
void addSteppingCommands(CommandTable &root) {
  root.add({"stepi", {"si"}, "running", "execute one instruction of the focused warp",
            "stepi [N]\nExecutes N instructions (default 1) of the focused warp only; the other\n"
            "warps do not move. Prints the stop line and the next instruction.",
            [](Debugger &d, const Invocation &inv) { d.exec().stepi(countArg(inv.args, 1, "count")); }});
  root.add({"nexti", {"ni"}, "running", "stepi, stepping over CAL",
            "nexti [N]\nLike stepi, but a CAL/JCAL runs (the focused warp) until it returns.",
            [](Debugger &d, const Invocation &inv) { d.exec().nexti(countArg(inv.args, 1, "count")); }});
  root.add({"next", {"n"}, "running", "the focused lane to its next source line, over calls",
            "next [N]\nRuns the focused warp until the focused lane is active on another source\n"
            "line; while it waits on the SIMT stack (another path of a divergent branch\n"
            "runs, or it has left a loop the others are still in) the warp runs on without\n"
            "stopping. The stop keeps the focus on the lane unless it exits. A CAL runs to\n"
            "its return. Without line information (no simt-cc -g): nexti.",
            [](Debugger &d, const Invocation &inv) {
              for (uint64_t n = countArg(inv.args, 1, "count"); n-- > 0;)
                d.exec().stepLine(/*over=*/true, /*untilMode=*/false);
            }});
  root.add({"step", {"s"}, "running", "the next source line (into calls) | step warp | cta | all",
            "step [N] | step warp|cta|all\n"
            "N (default 1): like next, but a CAL stops at the called function's first line;\n"
            "without line information, one instruction of the focused warp (stepi).\n"
            "warp: one instruction of the focused warp (stepi); cta: one instruction of every\n"
            "warp of the focused CTA; all: one instruction of every warp on the device.",
            [](Debugger &d, const Invocation &inv) {
              std::string a(trim(inv.args));
              if (a.empty())
                d.exec().stepLine(/*over=*/false, /*untilMode=*/false);
              else if (a == "warp")
                d.exec().stepi(1);
              else if (a == "cta")
                d.exec().stepGroup(false);
              else if (a == "all")
                d.exec().stepGroup(true);
              else if (auto n = rt::parseUInt(a))
                for (uint64_t i = 0; i < *n; ++i)
                  d.exec().stepLine(/*over=*/false, /*untilMode=*/false);
              else
                throw CommandError("step warp, step cta or step all");
            }});
  root.add({"finish", {"fin"}, "running", "run until the selected frame's function returns",
            "finish\nSteps the focused warp until the CALL token of the selected frame's function\n"
            "(frame 0: the innermost call the focused lane made; after `up` or `frame N`,\n"
            "that frame's) has been popped (every calling lane returned).\n"
            "A function with a return type (simt-cc -g) shows the lane's value as\n"
            "`Value returned is $N = V`, kept in the value history. A breakpoint\n"
            "reached on the way (in a function it calls) stops there, as in gdb.",
            [](Debugger &d, const Invocation &) { d.exec().finish(); }});
}

/// The steps back, each a deterministic replay from a checkpoint.
void addReverseCommands(CommandTable &root) {
  root.add({"reverse-stepi", {"rsi"}, "running", "go back one instruction of the focused warp",
            "reverse-stepi [N]\nRe-executes the session (deterministically) from the newest checkpoint\n"
            "before the focused warp's previous instruction and stops just before it;\n"
            "stepping forward again repeats exactly what happened.",
            [](Debugger &d, const Invocation &inv) {
              d.exec().reverseStepi(countArg(inv.args, 1, "count"));
            }});
  root.add({"reverse-step", {"rs"}, "running", "back to the previous source line, into calls",
            "reverse-step [N]\nGoes back to where the focused lane's line began: the start of the\n"
            "current line, or of the line before when the stop is at a line's start (what\n"
            "`step` would have stopped at), entering the calls made on it. The lane is\n"
            "followed as by `next`: where it waited, the other lanes' lines do not count.\n"
            "Without line information: reverse-stepi.",
            [](Debugger &d, const Invocation &inv) {
              d.exec().reverseLine(countArg(inv.args, 1, "count"), /*over=*/false);
            }});
  root.add({"reverse-next", {"rn"}, "running", "back to the previous source line, over calls",
            "reverse-next [N]\nAs reverse-step, but a call made from the line is part of it (from a\n"
            "function's first line, back to the line that called it).",
            [](Debugger &d, const Invocation &inv) {
              d.exec().reverseLine(countArg(inv.args, 1, "count"), /*over=*/true);
            }});
  root.add({"reverse-continue", {"rc"}, "running",
            "back to the previous breakpoint or watchpoint hit",
            "reverse-continue\nGoes back to the last point before this one where a breakpoint set now\n"
            "(with its condition) was reached by any warp, or a watched value was written\n"
            "(stopping before the write), and focuses the warp and lane there; without one,\n"
            "back to the focused warp's first instruction.",
            [](Debugger &d, const Invocation &) { d.exec().reverseContinue(); }});
  root.add({"reverse-finish", {}, "running", "back to where the focused lane's function was called",
            "reverse-finish\nGoes back to the CAL that called the focused lane's function, before it\n"
            "executes (the counterpart of finish).",
            [](Debugger &d, const Invocation &) { d.exec().reverseFinish(); }});
}

void addKillCommand(CommandTable &root) {
  root.add({"kill", {"k"}, "running", "discard the session (a fresh one, nothing run)", "kill",
            [](Debugger &d, const Invocation &) {
              d.resetSession();
              d.focus() = Focus{};
              d.out() << "session discarded: `run` starts the script again\n";
            }});
}

/// Whether a launch stops, in simt-dbg's and in cuda-gdb's words, and cuda-gdb's other
/// `set cuda` setting (coalescing).
void addBreakOnLaunchSettings(CommandTable &set, CommandTable &show) {
  set.add({"break-on-launch", {}, "running", "stop when a grid is launched",
           "set break-on-launch on|off\nWith on, every `launch` stops at the first warp of the new grid.",
           [](Debugger &d, const Invocation &inv) { d.breakOnLaunch = onOff(inv.args); }});
  show.add({"break-on-launch", {}, "running", "whether launches stop", "show break-on-launch",
            [](Debugger &d, const Invocation &) {
              d.out() << "break-on-launch is " << (d.breakOnLaunch ? "on" : "off") << "\n";
            }});
  // cuda-gdb's spelling of the same: the emulated device runs no system
  // kernels, so `application` and `all` stop at every launch.
  auto setCuda = std::make_shared<CommandTable>(), showCuda = std::make_shared<CommandTable>();
  setCuda->add({"break_on_launch", {}, "running", "cuda-gdb's break-on-launch",
                "set cuda break_on_launch none|application|system|all",
                [](Debugger &d, const Invocation &inv) {
                  const std::string v(trim(inv.args));
                  if (v != "none" && v != "application" && v != "system" && v != "all")
                    throw CommandError("set cuda break_on_launch: none, application, system or all");
                  d.breakOnLaunch = v == "application" || v == "all";
                }});
  showCuda->add({"break_on_launch", {}, "running", "cuda-gdb's break-on-launch",
                 "show cuda break_on_launch", [](Debugger &d, const Invocation &) {
                   d.out() << "Break on kernel launch is "
                           << (d.breakOnLaunch ? "application" : "none") << ".\n";
                 }});
  // cuda-gdb answers its set as its show.
  auto showCoalescing = [](Debugger &d, const Invocation &) {
    d.out() << "Coalescing of the CUDA commands output is " << (d.cudaCoalescing ? "on" : "off")
            << ".\n";
  };
  setCuda->add({"coalescing", {}, "running", "info cuda blocks/threads as ranges or one a line",
                "set cuda coalescing on|off\nWith off, `info cuda blocks` lists every block "
                "with its device and SM,\nand `info cuda threads` every thread with its device, "
                "SM, warp and lane.",
                [showCoalescing](Debugger &d, const Invocation &inv) {
                  d.cudaCoalescing = onOff(inv.args);
                  showCoalescing(d, inv);
                }});
  showCuda->add({"coalescing", {}, "running", "whether cuda tables are coalesced",
                 "show cuda coalescing", showCoalescing});
  set.add({"cuda", {}, "running", "cuda-gdb's settings",
           "set cuda break_on_launch VALUE\nset cuda coalescing on|off", nullptr,
           Complete::Subcommand, setCuda});
  show.add({"cuda", {}, "running", "cuda-gdb's settings",
            "show cuda break_on_launch\nshow cuda coalescing", nullptr, Complete::Subcommand,
            showCuda});
}

/// How the device runs check what the program does: memcheck's rule and a
/// sanitizer tool.
void addCheckingSettings(CommandTable &set, CommandTable &show) {
  set.add({"memcheck", {}, "running", "how global accesses are checked",
           "set memcheck strict|page\nstrict (the default): an access outside its allocation "
           "faults;\npage: only one outside every allocation's 4 KiB pages, as on hardware.\n"
           "From the next launch on; kept by `run`.",
           [](Debugger &d, const Invocation &inv) {
             auto m = rt::parseMemcheck(trim(inv.args));
             if (!m)
               throw CommandError("\"strict\" or \"page\" expected");
             d.setMemcheck(*m);
           }});
  show.add({"memcheck", {}, "running", "how global accesses are checked", "show memcheck",
            [](Debugger &d, const Invocation &) {
              d.out() << "memcheck is "
                      << (d.options().config.memcheck == emu::Memcheck::Page ? "page" : "strict")
                      << "\n";
            }});
  set.add({"sanitize", {}, "running", "a sanitizer tool whose reports stop the run",
           "set sanitize racecheck|synccheck|initcheck[,OPTION=VALUE...] | set sanitize off\n"
           "The tool (docs/sanitizer.md) watches every instruction of the device runs; a\n"
           "report (a race's two accesses, a divergent barrier, an uninitialized read)\n"
           "stops the run before the next instruction, like a watchpoint, and is shown\n"
           "at the stop. racecheck reports each hazard as it happens. memcheck needs no\n"
           "tool here: its errors are faults, which stop anyway. Kept by `run`.",
           [](Debugger &d, const Invocation &inv) {
             if (Status st = d.sanitizer().set(trim(inv.args), d.session()); !st)
               throw CommandError(st.message());
           }});
  show.add({"sanitize", {}, "running", "the sanitizer tool watching the runs", "show sanitize",
            [](Debugger &d, const Invocation &) {
              d.out() << "sanitize is " << d.sanitizer().describe() << "\n";
            }});
}

void addListSizeSetting(CommandTable &set, CommandTable &show) {
  set.add({"listsize", {}, "running", "instructions disassemble shows around the PC",
           "set listsize N",
           [](Debugger &d, const Invocation &inv) { d.listSize = unsigned(countArg(inv.args, 10, "size")); }});
  show.add({"listsize", {}, "running", "instructions around the PC", "show listsize",
            [](Debugger &d, const Invocation &) {
              d.out() << "listsize is " << d.listSize << "\n";
            }});
  show.add({"version", {}, "running", "what simt-dbg this is", "show version",
            [](Debugger &d, const Invocation &) {
              // gdb's and cuda-gdb's first line names the debugger and its version.
              d.out() << "simt-dbg " SIMT_VERSION "\n"
                         "The SIMT toolchain's debugger: gdb's and cuda-gdb's commands over the\n"
                         "warp emulator, and a program's host code through LLDB.\n";
            }});
}

} // namespace

void registerRunningCommands(CommandTable &root, CommandTable &set, CommandTable &show) {
  // In this order: `help` lists a topic's commands as they were added.
  addRunCommands(root);
  addSteppingCommands(root);
  addReverseCommands(root);
  addKillCommand(root);
  addBreakOnLaunchSettings(set, show);
  addCheckingSettings(set, show);
  addListSizeSetting(set, show);
}

} // namespace simt::dbg
