//===-- ProfileOptions.cpp - The profiler's options and their flags -------===//
#include "runtime/profiler/ProfileOptions.h"

#include "runtime/OptionTables.h"

namespace simt::prof {

bool ProfileOptions::any() const {
  return false
#define PROFILE_FILE(Field, ...) || !Field.empty()
#define PROFILE_SWITCH(Field, ...) || Field
#include "runtime/profiler/ProfileFlags.def"
      ;
}

std::vector<CLI::Option *> addProfileOptions(CLI::App &app, ProfileOptions &o) {
  return {
#define PROFILE_FILE(Field, Flag, ProgFlag, Help, ...) app.add_option(Flag, o.Field, Help),
#define PROFILE_SWITCH(Field, Flag, ProgFlag, Help, ...) app.add_flag(Flag, o.Field, Help),
#include "runtime/profiler/ProfileFlags.def"
  };
}

void addProgramProfileOptions(CLI::App &app, ProfileOptions &o) {
#define PROFILE_FILE(Field, Flag, ProgFlag, Help, ProgHelp, ...)                                   \
  app.add_option(ProgFlag, o.Field, ProgHelp);
#define PROFILE_SWITCH(Field, Flag, ProgFlag, Help, ProgHelp, ...)                                 \
  if (*ProgFlag)                                                                                 \
    app.add_flag(ProgFlag, o.Field, ProgHelp);
#include "runtime/profiler/ProfileFlags.def"
}

std::vector<std::string> profileFiles(const ProfileOptions &o) {
  return {
#define PROFILE_FILE(Field, ...) o.Field,
#define PROFILE_SWITCH(...)
#include "runtime/profiler/ProfileFlags.def"
  };
}

std::string profileFlags(const ProfileOptions &o) {
  std::string flags;
  auto add = [&](const std::string &word) { flags += (flags.empty() ? "" : " ") + word; };
  // The switches first, the order simt-prof has always passed them in.
#define PROFILE_FILE(...)
#define PROFILE_SWITCH(Field, Flag, ...)                                                           \
  if (o.Field)                                                                                   \
    add(Flag);
#include "runtime/profiler/ProfileFlags.def"
#define PROFILE_FILE(Field, Flag, ...)                                                             \
  if (!o.Field.empty())                                                                          \
    add(std::string(Flag) + " " + o.Field);
#define PROFILE_SWITCH(...)
#include "runtime/profiler/ProfileFlags.def"
  return flags;
}

void printProfileMarkdown(std::ostream &os) {
#define PROFILE_FILE(Field, Flag, ProgFlag, Help, ProgHelp, Doc, ...)                              \
  rt::printMarkdownRow(os, {"`" Flag " FILE`", Doc});
#define PROFILE_SWITCH(Field, Flag, ProgFlag, Help, ProgHelp, Doc, ...)                            \
  rt::printMarkdownRow(os, {"`" Flag "`", Doc});
#include "runtime/profiler/ProfileFlags.def"
}

void printProgramProfileMarkdown(std::ostream &os) {
#define PROFILE_FILE(Field, Flag, ProgFlag, Help, ProgHelp, Doc, ProgDoc)                          \
  rt::printMarkdownRow(os, {"`" ProgFlag " FILE`", ProgDoc});
#define PROFILE_SWITCH(Field, Flag, ProgFlag, Help, ProgHelp, Doc, ProgDoc)                        \
  if (*ProgFlag)                                                                                 \
    rt::printMarkdownRow(os, {"`" ProgFlag "`", ProgDoc});
#include "runtime/profiler/ProfileFlags.def"
}

} // namespace simt::prof
