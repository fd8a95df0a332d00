//===-- CliFwd.h - CLI11's classes, declared ------------------------------===//
//
// Headers that name CLI::App or CLI::Option include this, not <CLI/CLI.hpp>:
// CLI11 (2.1, Debian's) is header-only, and each file that includes it
// compiles its whole parser (seconds, and megabytes of object code), so
// only the files that build a command line include it.
//
//===----------------------------------------------------------------------===//
#pragma once

namespace CLI {
class App;
class Option;
} // namespace CLI
