//===-- SanitizerFlags.cpp - simt-sanitizer's flags, from the table -------===//
#include "runtime/sanitizer/SanitizerFlags.h"

#include "runtime/OptionTables.h"

#include <CLI/CLI.hpp>

namespace simt::rt::sanitizer {

namespace {

std::vector<std::string> toolNames() {
  std::vector<std::string> names;
  for (Tool t : AllTools)
    names.emplace_back(toolName(t));
  return names;
}

} // namespace

SanitizerFlags::SanitizerFlags(CLI::App &app) {
  const SanitizerOptions defaults;
  tool_ = toolName(defaults.tool);
  app.add_option("--tool", tool_, "memcheck (default), racecheck, initcheck or synccheck")
      ->check(CLI::IsMember(toolNames()));
#define SANITIZER_CHOICE(Field, Name, Words, YesWords, Default, Help, ...)                         \
  words_.Field = choiceWord(defaults.Field, Words, YesWords);                                    \
  app.add_option("--" Name, words_.Field, Help)->check(CLI::IsMember(choiceWords(Words)));
#define SANITIZER_FLAG(Field, Name, Help, ...) app.add_flag("--" Name, typed_.Field, Help);
#define SANITIZER_NUMBER(Type, Field, Name, Default, Help, ...)                                    \
  app.add_option("--" Name, typed_.Field, Help);
#define SANITIZER_TEXT(Field, Name, Metavar, Help, ...)                                            \
  app.add_option("--" Name, typed_.Field, Help);
#define SANITIZER_SPEC_TEXT(Field, Name)
#define SANITIZER_WORD(Field, Name, Words, Help, ...)                                              \
  app.add_option("--" Name, typed_.Field, Help)->check(CLI::IsMember(choiceWords(Words)));
#include "runtime/sanitizer/SanitizerFlags.def"
#define SANITIZER_TOOL_FLAG(Field, Flags, DocName, Help, ...) app.add_flag(Flags, own_.Field, Help);
#define SANITIZER_TOOL_TEXT(Field, Name, Metavar, Help, ...)                                       \
  app.add_option("--" Name, own_.Field, Help);
#define SANITIZER_ACCEPTED(Name, Metavar, Help, ...)                                               \
  app.add_option("--" Name, ignored_.emplace_back(), Help);
#include "runtime/sanitizer/SanitizerCommandLine.def"
}

Expected<SanitizerOptions> SanitizerFlags::options() const {
  SanitizerOptions o = typed_;
  for (Tool t : AllTools)
    if (tool_ == toolName(t))
      o.tool = t;
#define SANITIZER_CHOICE(Field, Name, ...)                                                         \
  if (Status st = applyOption(o, Name, words_.Field); !st)                                       \
    return st.error();
#define SANITIZER_FLAG(...)
#define SANITIZER_NUMBER(...)
#define SANITIZER_TEXT(...)
#include "runtime/sanitizer/SanitizerFlags.def"
  return o;
}

void SanitizerFlags::printMarkdown(std::ostream &os) {
  std::string tools;
  for (const std::string &name : toolNames())
    tools += (tools.empty() ? "" : "|") + name;
  const SanitizerOptions d;
  printMarkdownRow(os,
                   {"`--tool " + tools + "`", docDefault("`{}`", toolName(d.tool)), "the tool"});
#define SANITIZER_CHOICE(Field, Name, Words, YesWords, Default, Help, DocDefault, Doc)             \
  printMarkdownRow(os, {"`--" Name " " Words "`",                                                \
                        docDefault(DocDefault, choiceWord(d.Field, Words, YesWords)), Doc});
#define SANITIZER_FLAG(Field, Name, Help, DocDefault, Doc)                                         \
  printMarkdownRow(os, {"`--" Name "`", DocDefault, Doc});
#define SANITIZER_NUMBER(Type, Field, Name, Default, Help, DocDefault, Doc)                        \
  printMarkdownRow(os, {"`--" Name " N`", docDefault(DocDefault, std::to_string(d.Field)), Doc});
#define SANITIZER_TEXT(Field, Name, Metavar, Help, DocDefault, Doc)                                \
  printMarkdownRow(os, {"`--" Name " " Metavar "`", DocDefault, Doc});
#define SANITIZER_SPEC_TEXT(Field, Name)
#include "runtime/sanitizer/SanitizerFlags.def"
#define SANITIZER_TOOL_FLAG(Field, Flags, DocName, Help, Doc) printMarkdownRow(os, {DocName, "", Doc});
#define SANITIZER_TOOL_TEXT(Field, Name, Metavar, Help, Doc)                                       \
  printMarkdownRow(os, {"`--" Name " " Metavar "`", "", Doc});
#define SANITIZER_ACCEPTED(Name, Metavar, Help, Doc)                                               \
  printMarkdownRow(os, {"`--" Name " " Metavar "`", "", Doc});
#include "runtime/sanitizer/SanitizerCommandLine.def"
}

} // namespace simt::rt::sanitizer
