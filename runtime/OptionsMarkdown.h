//===-- OptionsMarkdown.h - The options tables of docs/, from the code ----===//
//
// The tools whose options are declared in a table (.def) print the rows
// of their page's options table from it (--help-options-markdown), and
// test/docs/option-tables.test finds those rows in the page: a page cannot
// drift from --help.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <initializer_list>
#include <ostream>
#include <string>
#include <string_view>

namespace simt::rt {

/// For `TOOL --help-options-markdown` (alone; not in --help): prints
/// `print`'s table rows on stdout and says true, for the tool to exit 0.
bool printOptionsMarkdown(int argc, char **argv, void (*print)(std::ostream &));

/// One row, `| CELL | CELL |`, each "|" in a cell escaped.
void printMarkdownRow(std::ostream &os, std::initializer_list<std::string_view> cells);

/// The page's default column: `pattern` with "{}" replaced by `value`
/// ("{} (all)" -> "0 (all)").
std::string docDefault(std::string_view pattern, std::string_view value);

} // namespace simt::rt
