//===-- SanitizerOptions.cpp - The sanitizer's options and their text -----===//
#include "runtime/sanitizer/SanitizerOptions.h"

#include "support/Text.h"

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <vector>

namespace simt::rt::sanitizer {

std::string_view toolName(Tool tool) {
  switch (tool) {
  case Tool::Memcheck: return "memcheck";
  case Tool::Racecheck: return "racecheck";
  case Tool::Initcheck: return "initcheck";
  case Tool::Synccheck: return "synccheck";
  }
  return "memcheck";
}

namespace {

bool contains(const std::vector<std::string_view> &words, std::string_view word) {
  for (std::string_view w : words)
    if (w == word)
      return true;
  return false;
}

Status setChoice(bool &field, std::string_view name, std::string_view value,
                 std::string_view words, std::string_view yesWords) {
  if (contains(split(words, '|'), value)) {
    field = contains(split(yesWords, '|'), value);
    return {};
  }
  return makeError(std::string(name) + " is " + std::string(choiceWord(true, words, yesWords)) +
                   " or " + std::string(choiceWord(false, words, yesWords)) + ", not '" +
                   std::string(value) + "'");
}

template <class T> Status setNumber(T &field, std::string_view name, std::string_view value) {
  auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), field);
  if (ec != std::errc() || end != value.data() + value.size())
    return makeError(std::string(name) + " takes a number, not '" + std::string(value) + "'");
  return {};
}

} // namespace

std::string_view choiceWord(bool value, std::string_view words, std::string_view yesWords) {
  const std::vector<std::string_view> yes = split(yesWords, '|');
  if (value)
    return yes[0];
  for (std::string_view w : split(words, '|'))
    if (!contains(yes, w))
      return w;
  return {};
}

/// A word option's value: one of `words` ("a|b|c").
Status oneOf(std::string_view name, std::string_view value, std::string_view words) {
  for (std::string_view w : split(words, '|'))
    if (value == w)
      return {};
  std::string list(words);
  std::replace(list.begin(), list.end(), '|', ',');
  return makeError(std::string(name) + " is one of " + list + ", not '" + std::string(value) + "'");
}

Status applyOption(SanitizerOptions &o, std::string_view name, std::string_view value) {
#define SANITIZER_CHOICE(Field, Name, Words, YesWords, ...)                                        \
  if (name == Name)                                                                              \
    return setChoice(o.Field, name, value, Words, YesWords);
#define SANITIZER_FLAG(Field, Name, ...)                                                           \
  if (name == Name)                                                                              \
    return setChoice(o.Field, name, value.empty() ? "yes" : value, "yes|no", "yes");
#define SANITIZER_NUMBER(Type, Field, Name, ...)                                                   \
  if (name == Name)                                                                              \
    return setNumber(o.Field, name, value);
#define SANITIZER_TEXT(Field, Name, ...)                                                           \
  if (name == Name) {                                                                            \
    o.Field = value;                                                                             \
    return {};                                                                                   \
  }
#define SANITIZER_WORD(Field, Name, Words, ...)                                                    \
  if (name == Name) {                                                                            \
    o.Field = value;                                                                             \
    return oneOf(name, value, Words);                                                            \
  }
#include "runtime/sanitizer/SanitizerFlags.def"
  return makeError("unknown sanitizer option '" + std::string(name) + "'");
}

Expected<SanitizerOptions> parseSanitizeSpec(std::string_view spec) {
  const std::vector<std::string_view> parts = split(spec, ',');
  SanitizerOptions o;
  bool known = false;
  for (Tool t : AllTools)
    if (parts[0] == toolName(t)) {
      o.tool = t;
      known = true;
    }
  if (!known)
    return makeError("--sanitize: '" + std::string(parts[0]) +
                     "' is not a tool (memcheck, racecheck, initcheck, synccheck)");
  for (size_t i = 1; i < parts.size(); ++i) {
    const size_t eq = parts[i].find('=');
    const std::string_view name = parts[i].substr(0, eq);
    const std::string_view value =
        eq == std::string_view::npos ? std::string_view() : parts[i].substr(eq + 1);
    if (Status st = applyOption(o, name, value); !st)
      return makeError("--sanitize: " + st.message());
  }
  return o;
}

std::string toSpec(const SanitizerOptions &o) {
  const SanitizerOptions d;
  std::string s(toolName(o.tool));
  auto add = [&](std::string_view name, std::string_view value) {
    s += ",";
    s += name;
    s += "=";
    s += value;
  };
#define SANITIZER_CHOICE(Field, Name, Words, YesWords, ...)                                        \
  if (o.Field != d.Field)                                                                        \
    add(Name, choiceWord(o.Field, Words, YesWords));
#define SANITIZER_FLAG(Field, Name, ...)                                                           \
  if (o.Field)                                                                                   \
    add(Name, "yes");
#define SANITIZER_NUMBER(Type, Field, Name, ...)                                                   \
  if (o.Field != d.Field)                                                                        \
    add(Name, std::to_string(o.Field));
#define SANITIZER_TEXT(Field, Name, ...)                                                           \
  if (!o.Field.empty())                                                                          \
    add(Name, o.Field);
#include "runtime/sanitizer/SanitizerFlags.def"
  return s;
}

Expected<std::string> expandLogFileName(std::string_view pattern, long pid) {
  std::string out;
  for (size_t i = 0; i < pattern.size(); ++i) {
    if (pattern[i] != '%') {
      out += pattern[i];
      continue;
    }
    const std::string_view rest = pattern.substr(i + 1);
    if (rest.starts_with('%')) {
      out += '%';
      ++i;
    } else if (rest.starts_with('p')) {
      out += std::to_string(pid);
      ++i;
    } else if (rest.starts_with("q{") && rest.find('}') != std::string_view::npos) {
      const size_t close = rest.find('}');
      const std::string var(rest.substr(2, close - 2));
      if (const char *value = std::getenv(var.c_str()))
        out += value;
      i += close + 1;
    } else {
      return makeError("'" + std::string(pattern) +
                       "': a '%' must be followed by p, q{VAR} or %");
    }
  }
  return out;
}

} // namespace simt::rt::sanitizer
