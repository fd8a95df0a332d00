//===-- ProfileOptions.cpp - The profiler's options and their flags -------===//
#include "runtime/profiler/ProfileOptions.h"

#include "runtime/OptionTables.h"
#include "runtime/profiler/Metrics.h"

#include <CLI/CLI.hpp>

#include <algorithm>

namespace simt::prof {

std::string checkMetricList(const std::string &list) {
  std::string error;
  selectMetrics(list, false, &error);
  return error;
}

std::string checkEventList(const std::string &list) {
  std::string error;
  selectMetrics(list, true, &error);
  return error;
}

std::vector<std::string_view> listItems(std::string_view list) {
  std::vector<std::string_view> items;
  for (size_t at = 0; at <= list.size();) {
    const size_t comma = std::min(list.find(',', at), list.size());
    items.push_back(list.substr(at, comma - at));
    at = comma + 1;
  }
  return items;
}

std::string checkTraceList(const std::string &list) {
  for (const std::string_view word : listItems(list))
    if (word != "gpu" && word != "api")
      return "'" + std::string(word) + "' is not what --trace takes (gpu, api or gpu,api)";
  return "";
}

bool ProfileOptions::any() const {
  return false
#define PROFILE_FILE(Field, ...) || !Field.empty()
#define PROFILE_VALUE(Field, ...) || !Field.empty()
#define PROFILE_SWITCH(Field, ...) || Field
#include "runtime/profiler/ProfileFlags.def"
      ;
}

bool ProfileOptions::collects(std::string_view what) const {
  if (collect.empty())
    return true;
  for (const std::string_view word : listItems(collect))
    if (word == what)
      return true;
  return false;
}

namespace {

CLI::Validator validator(std::string (*check)(const std::string &)) {
  return CLI::Validator([check](std::string &value) { return check(value); }, "LIST");
}

} // namespace

std::vector<CLI::Option *> addProfileOptions(CLI::App &app, ProfileOptions &o) {
  return {
#define PROFILE_FILE(Field, Flag, ProgFlag, Help, ...) app.add_option(Flag, o.Field, Help),
#define PROFILE_VALUE(Field, Flag, ProgFlag, Check, Help, ...)                                     \
  app.add_option(Flag, o.Field, Help)->check(validator(Check)),
#define PROFILE_SWITCH(Field, Flag, ProgFlag, Help, ...) app.add_flag(Flag, o.Field, Help),
#include "runtime/profiler/ProfileFlags.def"
  };
}

void addProgramProfileOptions(CLI::App &app, ProfileOptions &o) {
  // simt-prof checks the lists itself (checkProfileValues), so that its
  // errors name the option as nvprof's users know it.
#define PROFILE_FILE(Field, Flag, ProgFlag, Help, ProgHelp, ...)                                   \
  app.add_option(ProgFlag, o.Field, ProgHelp);
#define PROFILE_VALUE(Field, Flag, ProgFlag, Check, Help, ProgHelp, ...)                           \
  app.add_option(ProgFlag, o.Field, ProgHelp)->type_name("LIST");
#define PROFILE_SWITCH(Field, Flag, ProgFlag, Help, ProgHelp, ...)                                 \
  if (*ProgFlag)                                                                                 \
    app.add_flag(ProgFlag, o.Field, ProgHelp);
#include "runtime/profiler/ProfileFlags.def"
}

std::string checkProfileValues(const ProfileOptions &o) {
#define PROFILE_FILE(...)
#define PROFILE_VALUE(Field, Flag, ProgFlag, Check, ...)                                           \
  if (!o.Field.empty())                                                                          \
    if (std::string error = Check(o.Field); !error.empty())                                     \
      return std::string(ProgFlag) + ": " + error;
#define PROFILE_SWITCH(...)
#include "runtime/profiler/ProfileFlags.def"
  return "";
}

std::vector<std::string> profileFiles(const ProfileOptions &o) {
  return {
#define PROFILE_FILE(Field, ...) o.Field,
#define PROFILE_VALUE(...)
#define PROFILE_SWITCH(...)
#include "runtime/profiler/ProfileFlags.def"
  };
}

std::string profileFlags(const ProfileOptions &o) {
  std::string flags;
  auto add = [&](const std::string &word) { flags += (flags.empty() ? "" : " ") + word; };
  // The switches first, the order simt-prof has always passed them in.
#define PROFILE_FILE(...)
#define PROFILE_VALUE(...)
#define PROFILE_SWITCH(Field, Flag, ...)                                                           \
  if (o.Field)                                                                                   \
    add(Flag);
#include "runtime/profiler/ProfileFlags.def"
#define PROFILE_FILE(Field, Flag, ...)                                                             \
  if (!o.Field.empty())                                                                          \
    add(std::string(Flag) + " " + o.Field);
#define PROFILE_VALUE(Field, Flag, ...)                                                            \
  if (!o.Field.empty())                                                                          \
    add(std::string(Flag) + " " + o.Field);
#define PROFILE_SWITCH(...)
#include "runtime/profiler/ProfileFlags.def"
  return flags;
}

void printProfileMarkdown(std::ostream &os) {
#define PROFILE_FILE(Field, Flag, ProgFlag, Help, ProgHelp, Doc, ...)                              \
  rt::printMarkdownRow(os, {"`" Flag " FILE`", Doc});
#define PROFILE_VALUE(Field, Flag, ProgFlag, Check, Help, ProgHelp, Doc, ...)                      \
  rt::printMarkdownRow(os, {"`" Flag " LIST`", Doc});
#define PROFILE_SWITCH(Field, Flag, ProgFlag, Help, ProgHelp, Doc, ...)                            \
  rt::printMarkdownRow(os, {"`" Flag "`", Doc});
#include "runtime/profiler/ProfileFlags.def"
}

void printProgramProfileMarkdown(std::ostream &os) {
#define PROFILE_FILE(Field, Flag, ProgFlag, Help, ProgHelp, Doc, ProgDoc)                          \
  rt::printMarkdownRow(os, {"`" ProgFlag " FILE`", ProgDoc});
#define PROFILE_VALUE(Field, Flag, ProgFlag, Check, Help, ProgHelp, Doc, ProgDoc)                  \
  rt::printMarkdownRow(os, {"`" ProgFlag " LIST`", ProgDoc});
#define PROFILE_SWITCH(Field, Flag, ProgFlag, Help, ProgHelp, Doc, ProgDoc)                        \
  if (*ProgFlag)                                                                                 \
    rt::printMarkdownRow(os, {"`" ProgFlag "`", ProgDoc});
#include "runtime/profiler/ProfileFlags.def"
}

} // namespace simt::prof
