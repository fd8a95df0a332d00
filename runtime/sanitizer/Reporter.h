//===-- Reporter.h - Sanitizer reports in compute-sanitizer's words -------===//
//
// Words the tools' findings as compute-sanitizer does, each line behind its
// prefix ("========= "), a blank prefixed line after each report:
//   ========= Invalid __global__ write of size 4 bytes
//   =========     at 0x70 in stencil.cu:12:stencil(float const*, float*, int)
//   =========     by thread (31,0,0) in block (3,0,0)
//   =========     Address 0x10000400 is out of bounds
//   =========     and is 0 bytes after the nearest allocation at 0x10000000 of size 1024 bytes
// counts errors and warnings, stops printing after --print-limit reports
// (they still count), and ends with "ERROR SUMMARY: N errors".
//
//===----------------------------------------------------------------------===//
#pragma once

#include "emu/sanitize/Finding.h"
#include "support/Expected.h"

#include <cstdint>
#include <fstream>
#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace simt::rt::sanitizer {

using emu::sanitize::AccessSite;
using emu::sanitize::Finding;
using emu::sanitize::FindingKind;
using emu::sanitize::Severity;

/// Where a device finding happened, resolved by the session: the function
/// (demangled, with its parameters), "FILE:LINE" when the object has line
/// tables, the CTA's shape, and the call chain lines (may be empty).
struct SiteText {
  std::string function;
  std::string source;
  /// Where the function holding the pc starts in its kernel's image
  /// (bytes): reports say FUNCTION+OFFSET, as compute-sanitizer does.
  uint64_t functionStart = 0;
  uint32_t blockDim[3] = {1, 1, 1};
  std::vector<std::string> backtrace;
};

/// "(x,y,z)" of linear thread index `thread` in a CTA of `blockDim`.
std::string threadCoordinates(uint32_t thread, const uint32_t blockDim[3]);
/// "at FUNCTION+0x70 in FILE:LINE", or "at FUNCTION+0x70" without lines.
std::string atText(uint32_t pc, const SiteText &site);
/// Where `addr` lies against the allocation [base, base + size):
/// "and is 4 bytes after the nearest allocation at 0x... of size 800 bytes"
/// (or "before", or "inside"). As compute-sanitizer counts: "after" from
/// the allocation's last byte (the first byte past it is 1 byte after),
/// "before" to its first.
std::string placeText(uint64_t addr, uint64_t base, uint64_t size);
/// A finding's first line: "Invalid __global__ write of size 4 bytes", ...
std::string headline(const Finding &f);
/// The lines of a device finding (no prefix). `where` describes the
/// address (memcheck: "Address 0x... is out of bounds", "and is ...");
/// `other` is a race's earlier access: the race as one hazard (racecheck's
/// --racecheck-report hazard; its analysis records are RaceRecords).
std::vector<std::string> deviceReport(const Finding &f, const SiteText &site,
                                      const SiteText *other,
                                      const std::vector<std::string> &where);
/// One racecheck analysis record (compute-sanitizer's): the location that
/// comes first in the code, then each location racing with it and the
/// hazards between the two.
struct RaceRecord {
  struct Side {
    uint32_t pc = 0;
    bool write = false;
    SiteText site;
    uint64_t hazards = 0; ///< a partner's
  };
  Severity severity = Severity::Warning; ///< an Error if any of its hazards is one
  Side head;
  std::vector<Side> partners;
};
std::vector<std::string> raceRecordLines(const RaceRecord &r);

/// "1 error", "3 errors".
std::string countText(uint64_t n, const char *noun);
/// A count of bytes as compute-sanitizer prints it: "4,000".
std::string byteCount(uint64_t n);

/// What a run's reports came to: the counts its closing lines give.
struct Tally {
  uint64_t errors = 0, warnings = 0;
  /// Reports printed, and errors past --print-limit (counted, not shown).
  uint64_t printed = 0, unprinted = 0;
  /// Written to (and read back from) simt-sanitizer's counts file.
  std::string text() const;
  static std::optional<Tally> parse(const std::string &text);
  /// Two processes' counts, summed up in one run.
  Tally &operator+=(const Tally &o);
};

/// The lines that close a run, as compute-sanitizer ends it: "Target
/// application returned an error" when the program's own status is not 0,
/// then racecheck's "RACECHECK SUMMARY: ..." (alone), or the warnings' and
/// errors' summaries and how many errors --print-limit kept back.
std::vector<std::string> closingLines(const Tally &tally, bool racecheck, bool programFailed);

/// compute-sanitizer's prefix of every line it prints (--prefix).
inline constexpr std::string_view kDefaultPrefix = "=========";
/// "========= LINE" for each line, as the reports are printed.
void printLines(std::ostream &out, const std::vector<std::string> &lines,
                std::string_view prefix = kDefaultPrefix);
/// A report's lines as printed: behind the prefix, all but the first
/// indented, and the prefix alone after them.
std::vector<std::string> reportLines(const std::vector<std::string> &lines,
                                     std::string_view prefix);

/// One report as --save writes it and --read prints it again.
struct SavedReport {
  enum class Level { Error, Warning, Note };
  Level level = Level::Error;
  std::vector<std::string> lines;
  std::string text() const;
  /// The reports of a saved file, in order.
  static Expected<std::vector<SavedReport>> parseAll(std::string_view text);
};

class Reporter {
public:
  /// `printWarnings`: --print-level info/warn (error/fatal: warnings are
  /// counted, not printed).
  /// `prefix`: --prefix's (empty: compute-sanitizer's `=========`).
  Reporter(std::ostream &out, uint64_t printLimit, bool printWarnings, std::string prefix = {});
  /// --save: every report (those past the print limit too) is also
  /// written to `path` (emptied first when `truncate`).
  void saveTo(const std::string &path, bool truncate);
  const std::string &prefix() const { return prefix_; }
  /// Counts a report and prints its lines (the first as is, the rest
  /// indented), unless the print limit is reached or its level is not printed.
  void report(Severity severity, const std::vector<std::string> &lines);
  /// Called with each report's lines as printed (prefix, indent and the
  /// closing separator), after they are written: a tool that shows the
  /// reports elsewhere (the debugger's stops) takes them whole from here.
  using Listener = std::function<void(const std::vector<std::string> &printed)>;
  void setListener(Listener l) { listener_ = std::move(l); }
  /// A line outside any report ("LEAK SUMMARY: ...").
  void note(const std::string &line);
  const Tally &tally() const { return tally_; }
  uint64_t errors() const { return tally_.errors; }
  uint64_t warnings() const { return tally_.warnings; }
  std::ostream &out() { return out_; }

private:
  void save(SavedReport::Level level, const std::vector<std::string> &lines);

  std::ostream &out_;
  uint64_t printLimit_;
  bool printWarnings_;
  std::string prefix_;
  std::ofstream save_;
  Tally tally_;
  Listener listener_;
};

} // namespace simt::rt::sanitizer
