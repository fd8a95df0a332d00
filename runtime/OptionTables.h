//===-- OptionTables.h - Helpers of the options declared in tables --------===//
//
// Options declared in a table (a .def: SanitizerFlags, ProfileFlags,
// ConfigFlags) give CLI11 their choices' words from it, and the tools print
// the rows of their page's options table from it (--help-options-markdown),
// which test/docs/option-tables.test finds in the page: a page cannot drift
// from --help.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <initializer_list>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace simt::rt {

/// For `TOOL --help-options-markdown` (alone; not in --help): prints
/// `print`'s table rows on stdout and says true, for the tool to exit 0.
bool printOptionsMarkdown(int argc, char **argv, void (*print)(std::ostream &));

/// One row, `| CELL | CELL |`, each "|" in a cell escaped.
void printMarkdownRow(std::ostream &os, std::initializer_list<std::string_view> cells);

/// The page's default column: `pattern` with "{}" replaced by `value`
/// ("{} (all)" -> "0 (all)").
std::string docDefault(std::string_view pattern, std::string_view value);

/// A choice's words, "a|b|c", as CLI::IsMember takes them.
std::vector<std::string> choiceWords(std::string_view list);

} // namespace simt::rt
