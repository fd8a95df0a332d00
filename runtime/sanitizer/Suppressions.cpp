//===-- Suppressions.cpp - Reports a suppression file silences ------------===//
#include "runtime/sanitizer/Suppressions.h"

#include <fnmatch.h>

#include <fstream>
#include <sstream>

namespace simt::rt::sanitizer {

using emu::sanitize::FindingKind;

std::string_view kindKeyword(FindingKind kind) {
  switch (kind) {
  case FindingKind::InvalidAccess: return "invalid-access";
  case FindingKind::MisalignedAccess: return "misaligned";
  case FindingKind::UseAfterFree: return "use-after-free";
  case FindingKind::InvalidFree: return "invalid-free";
  case FindingKind::DoubleFree: return "double-free";
  case FindingKind::InvalidApiUse: return "api";
  case FindingKind::Leak: return "leak";
  case FindingKind::DeviceTrap: return "trap";
  case FindingKind::UninitializedRead: return "uninitialized";
  case FindingKind::UnusedAllocation: return "unused";
  case FindingKind::RaceReadAfterWrite: return "race-raw";
  case FindingKind::RaceWriteAfterRead: return "race-war";
  case FindingKind::RaceWriteAfterWrite: return "race-waw";
  case FindingKind::DivergentBarrier: return "divergent-barrier";
  case FindingKind::BarrierMismatch: return "barrier-mismatch";
  case FindingKind::BarrierCountMismatch: return "barrier-count";
  case FindingKind::WarpSyncMissingLanes: return "warp-sync-divergent";
  case FindingKind::WarpSyncNotInMask: return "warp-sync-mask";
  }
  return "?";
}

namespace {
bool knownKind(std::string_view word) {
  if (word == "*")
    return true;
  for (int k = 0; k <= int(emu::sanitize::LastFindingKind); ++k)
    if (kindKeyword(FindingKind(k)) == word)
      return true;
  return false;
}

bool globMatches(const std::string &glob, std::string_view text) {
  return fnmatch(glob.c_str(), std::string(text).c_str(), 0) == 0;
}
} // namespace

Expected<Suppressions> Suppressions::parse(std::string_view text, std::string_view file) {
  Suppressions out;
  std::istringstream in{std::string(text)};
  unsigned lineNo = 0;
  for (std::string line; std::getline(in, line);) {
    ++lineNo;
    if (size_t hash = line.find('#'); hash != std::string::npos)
      line.resize(hash);
    std::istringstream words(line);
    Rule r;
    if (!(words >> r.kind))
      continue;
    std::string extra;
    if (!(words >> r.function) || (words >> r.source && words >> extra) || !knownKind(r.kind))
      return makeError(std::string(file) + ":" + std::to_string(lineNo) +
                       ": a rule is KIND FUNCTION [SOURCE], KIND one of the report kinds "
                       "(docs/tools/simt-sanitizer.md)");
    out.rules_.push_back(std::move(r));
  }
  return out;
}

Expected<Suppressions> Suppressions::load(const std::string &path) {
  std::ifstream in(path);
  if (!in)
    return makeError("cannot read suppression file '" + path + "'");
  std::stringstream text;
  text << in.rdbuf();
  return parse(text.str(), path);
}

bool Suppressions::suppresses(FindingKind kind, std::string_view function,
                              std::string_view source) const {
  for (const Rule &r : rules_)
    if ((r.kind == "*" || r.kind == kindKeyword(kind)) && globMatches(r.function, function) &&
        (r.source.empty() || globMatches(r.source, source)))
      return true;
  return false;
}

} // namespace simt::rt::sanitizer
