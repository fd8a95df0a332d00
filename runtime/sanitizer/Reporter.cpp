//===-- Reporter.cpp - Sanitizer reports in compute-sanitizer's words -----===//
#include "runtime/sanitizer/Reporter.h"

#include "support/Text.h"

#include <cstdio>
#include <sstream>

namespace simt::rt::sanitizer {

namespace {


// By MemSpace and MemAccessKind (emu/core/Trace.h).
constexpr const char *kSpaceNames[] = {"__global__", "__shared__", "__local__"};
constexpr const char *kAccessVerbs[] = {"read", "write", "atomic"};
const char *spaceName(emu::MemSpace s) { return kSpaceNames[int(s)]; }
const char *accessVerb(emu::MemAccessKind k) { return kAccessVerbs[int(k)]; }

/// "Write", "Read" (a race's side).
const char *raceSide(const AccessSite &a) {
  return a.kind == emu::MemAccessKind::Load ? "Read" : "Write";
}

const char *hazardName(FindingKind k) {
  switch (k) {
  case FindingKind::RaceReadAfterWrite: return "RAW";
  case FindingKind::RaceWriteAfterRead: return "WAR";
  default: return "WAW";
  }
}

bool isRace(FindingKind k) {
  return k == FindingKind::RaceReadAfterWrite || k == FindingKind::RaceWriteAfterRead ||
         k == FindingKind::RaceWriteAfterWrite;
}

} // namespace

std::string threadCoordinates(uint32_t thread, const uint32_t blockDim[3]) {
  const uint32_t x = blockDim[0] ? blockDim[0] : 1, y = blockDim[1] ? blockDim[1] : 1;
  return "(" + std::to_string(thread % x) + "," + std::to_string(thread / x % y) + "," +
         std::to_string(thread / x / y) + ")";
}

std::string atText(uint32_t pc, const SiteText &site) {
  std::string out = "at " + site.function + "+" + hex(pc - site.functionStart);
  return site.source.empty() ? out : out + " in " + site.source;
}

std::string placeText(uint64_t addr, uint64_t base, uint64_t size) {
  const std::string of =
      " the nearest allocation at " + hex(base) + " of size " + byteCount(size) + " bytes";
  if (addr < base)
    return "and is " + byteCount(base - addr) + " bytes before" + of;
  if (addr >= base + size)
    return "and is " + byteCount(addr - (base + size - 1)) + " bytes after" + of;
  return "and is inside" + of;
}

std::string headline(const Finding &f) {
  const AccessSite &a = f.access;
  const std::string size = " of size " + std::to_string(a.bytes) + " bytes";
  switch (f.kind) {
  case FindingKind::InvalidAccess:
  case FindingKind::MisalignedAccess:
  case FindingKind::UseAfterFree:
    return std::string("Invalid ") + spaceName(a.space) + " " + accessVerb(a.kind) + size;
  case FindingKind::DoubleFree: // device free (the host's are API errors)
    return "Malloc/Free error encountered : Double free";
  case FindingKind::InvalidFree:
    return "Malloc/Free error encountered : Invalid pointer to free";
  case FindingKind::DeviceTrap:
    return "Trace/breakpoint trap";
  case FindingKind::UninitializedRead:
    return std::string("Uninitialized ") + spaceName(a.space) + " memory read" + size;
  case FindingKind::DivergentBarrier:
  case FindingKind::WarpSyncMissingLanes:
    return "Barrier error detected. Divergent thread(s) in warp.";
  case FindingKind::BarrierMismatch:
    return "Barrier error detected. Divergent thread(s) in block.";
  case FindingKind::BarrierCountMismatch:
  case FindingKind::WarpSyncNotInMask:
    return "Barrier error detected. Invalid arguments.";
  case FindingKind::RaceReadAfterWrite:
  case FindingKind::RaceWriteAfterRead:
  case FindingKind::RaceWriteAfterWrite:
    return std::string(f.severity == Severity::Error ? "Error" : "Warning") + ": " +
           (f.warpLevel ? "(Warp Level Programming) " : "") + "Potential " +
           hazardName(f.kind) + " hazard detected at " + spaceName(a.space) + " " +
           hex(a.address);
  default:
    return f.detail;
  }
}

std::vector<std::string> deviceReport(const Finding &f, const SiteText &site,
                                      const SiteText *other,
                                      const std::vector<std::string> &where) {
  std::vector<std::string> lines;
  const AccessSite &a = f.access;
  const std::string block = "(" + std::to_string(a.cta[0]) + "," + std::to_string(a.cta[1]) +
                            "," + std::to_string(a.cta[2]) + ")";
  if (isRace(f.kind) && f.hasOther && other) {
    lines.push_back(headline(f) + " in block " + block + " :");
    lines.push_back(std::string(raceSide(f.other)) + " Thread " +
                    threadCoordinates(f.other.thread, other->blockDim) + " " +
                    atText(f.other.pc, *other));
    lines.push_back(std::string(raceSide(a)) + " Thread " +
                    threadCoordinates(a.thread, site.blockDim) + " " + atText(a.pc, site));
    if (f.other.hasValue)
      lines.push_back("Current Value : " + std::to_string(f.other.value) +
                      (a.hasValue ? ", Incoming Value : " + std::to_string(a.value) : ""));
    return lines;
  }
  lines.push_back(headline(f));
  lines.push_back(atText(a.pc, site));
  lines.push_back("by thread " + threadCoordinates(a.thread, site.blockDim) + " in block " +
                  block);
  lines.insert(lines.end(), where.begin(), where.end());
  if (!f.detail.empty() && f.kind != FindingKind::InvalidApiUse)
    lines.push_back(f.detail);
  lines.insert(lines.end(), site.backtrace.begin(), site.backtrace.end());
  return lines;
}

std::vector<std::string> raceRecordLines(const RaceRecord &r) {
  auto side = [](const RaceRecord::Side &s) {
    return std::string(s.write ? "Write" : "Read") + " access " + atText(s.pc, s.site);
  };
  std::vector<std::string> lines{
      std::string(r.severity == Severity::Error ? "Error" : "Warning") +
      ": Race reported between " + side(r.head)};
  for (const RaceRecord::Side &p : r.partners)
    lines.push_back("and " + side(p) + " [" + countText(p.hazards, "hazard") + "]");
  return lines;
}

std::string countText(uint64_t n, const char *noun) {
  return std::to_string(n) + " " + noun + (n == 1 ? "" : "s");
}

std::string byteCount(uint64_t n) {
  std::string digits = std::to_string(n), out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i && (digits.size() - i) % 3 == 0)
      out += ',';
    out += digits[i];
  }
  return out;
}

std::string Tally::text() const {
  return "errors " + std::to_string(errors) + "\nwarnings " + std::to_string(warnings) +
         "\nprinted " + std::to_string(printed) + "\nunprinted " + std::to_string(unprinted) +
         "\n";
}

std::optional<Tally> Tally::parse(const std::string &text) {
  std::istringstream in(text);
  Tally t;
  std::string e, w, p, u;
  if (!(in >> e >> t.errors >> w >> t.warnings >> p >> t.printed >> u >> t.unprinted) ||
      e != "errors" || w != "warnings" || p != "printed" || u != "unprinted")
    return std::nullopt;
  return t;
}

Tally &Tally::operator+=(const Tally &o) {
  errors += o.errors;
  warnings += o.warnings;
  printed += o.printed;
  unprinted += o.unprinted;
  return *this;
}

std::vector<std::string> closingLines(const Tally &tally, bool racecheck, bool programFailed) {
  std::vector<std::string> lines;
  if (programFailed)
    lines.push_back("Target application returned an error");
  if (racecheck) {
    lines.push_back("RACECHECK SUMMARY: " + countText(tally.printed, "hazard") +
                    " displayed (" + countText(tally.errors, "error") + ", " +
                    countText(tally.warnings, "warning") + ")");
    return lines;
  }
  if (tally.warnings)
    lines.push_back("WARNING SUMMARY: " + countText(tally.warnings, "warning"));
  lines.push_back("ERROR SUMMARY: " + countText(tally.errors, "error"));
  if (tally.unprinted)
    lines.push_back("ERROR SUMMARY: " + countText(tally.unprinted, "error") +
                    (tally.unprinted == 1 ? " was" : " were") +
                    " not printed. Use --print-limit option to adjust the number of printed "
                    "errors");
  return lines;
}

void printLines(std::ostream &out, const std::vector<std::string> &lines,
                std::string_view prefix) {
  for (const std::string &line : lines)
    out << prefix << ' ' << line << "\n";
  out.flush();
}

std::vector<std::string> reportLines(const std::vector<std::string> &lines,
                                     std::string_view prefix) {
  const std::string head = std::string(prefix) + " ";
  std::vector<std::string> printed;
  printed.reserve(lines.size() + 1);
  for (size_t i = 0; i < lines.size(); ++i)
    printed.push_back(head + (i ? "    " : "") + lines[i]);
  printed.push_back(head); // compute-sanitizer's separator keeps the prefix's space
  return printed;
}

//===-- Saved reports (--save, --read) ------------------------------------===//
//
// Text, one report after another: its level ("error", "warning", or "note"
// for a line outside any report), its lines each behind "| ", a blank line.

namespace {
constexpr std::string_view kSavedLine = "| ";
const char *levelWord(SavedReport::Level l) {
  return l == SavedReport::Level::Error ? "error"
         : l == SavedReport::Level::Warning ? "warning"
                                            : "note";
}
} // namespace

std::string SavedReport::text() const {
  std::string s = levelWord(level);
  s += "\n";
  for (const std::string &l : lines)
    s += std::string(kSavedLine) + l + "\n";
  return s + "\n";
}

Expected<std::vector<SavedReport>> SavedReport::parseAll(std::string_view text) {
  std::vector<SavedReport> out;
  std::optional<SavedReport> open;
  unsigned lineNo = 0;
  for (std::string_view line : split(text, '\n')) {
    ++lineNo;
    if (line.empty()) {
      if (open)
        out.push_back(std::move(*open));
      open.reset();
    } else if (open && line.starts_with(kSavedLine)) {
      open->lines.emplace_back(line.substr(kSavedLine.size()));
    } else if (!open && (line == "error" || line == "warning" || line == "note")) {
      open.emplace();
      open->level = line == "error" ? Level::Error : line == "warning" ? Level::Warning : Level::Note;
    } else {
      return makeError("line " + std::to_string(lineNo) +
                       " is not part of a saved report (simt-sanitizer --save writes them)");
    }
  }
  if (open)
    out.push_back(std::move(*open));
  return out;
}

Reporter::Reporter(std::ostream &out, uint64_t printLimit, bool printWarnings,
                   std::string prefix)
    : out_(out), printLimit_(printLimit), printWarnings_(printWarnings),
      prefix_(prefix.empty() ? std::string(kDefaultPrefix) : std::move(prefix)) {}

void Reporter::saveTo(const std::string &path, bool truncate) {
  save_.open(path, truncate ? std::ios::trunc : std::ios::app);
}

void Reporter::save(SavedReport::Level level, const std::vector<std::string> &lines) {
  if (save_.is_open()) {
    save_ << SavedReport{level, lines}.text();
    save_.flush();
  }
}

void Reporter::report(Severity severity, const std::vector<std::string> &lines) {
  const bool error = severity == Severity::Error;
  ++(error ? tally_.errors : tally_.warnings);
  save(error ? SavedReport::Level::Error : SavedReport::Level::Warning, lines);
  if (!error && !printWarnings_)
    return;
  if (printLimit_ && tally_.printed >= printLimit_) {
    tally_.unprinted += error;
    return;
  }
  ++tally_.printed;
  const std::vector<std::string> printed = reportLines(lines, prefix_);
  for (const std::string &l : printed)
    out_ << l << "\n";
  out_.flush();
  if (listener_)
    listener_(printed);
}

void Reporter::note(const std::string &line) {
  save(SavedReport::Level::Note, {line});
  out_ << prefix_ << ' ' << line << "\n";
}

} // namespace simt::rt::sanitizer
