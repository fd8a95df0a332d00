//===-- SanitizerTest.cpp - The sanitizer's reporter, options and state ---===//
//
// runtime/sanitizer/: the report wording (compute-sanitizer's lines), the
// print limit and summary, suppression matching, initcheck's shadow, the
// allocation log, --kernel-name filters, the --sanitize spec, and
// synccheck on hand-made trace records.
#include "emu/sanitize/SyncCheck.h"
#include "runtime/sanitizer/Allocations.h"
#include "runtime/sanitizer/KernelFilter.h"
#include "runtime/sanitizer/Reporter.h"
#include "runtime/sanitizer/SanitizerOptions.h"
#include "runtime/sanitizer/Shadow.h"
#include "runtime/sanitizer/Suppressions.h"

#include <gtest/gtest.h>

#include <sstream>

namespace simt::rt::sanitizer {
namespace {

using emu::sanitize::Finding;
using emu::sanitize::FindingKind;

Finding globalWrite() {
  Finding f;
  f.kind = FindingKind::InvalidAccess;
  f.access.cta[0] = 3;
  f.access.thread = 31 + 2 * 32; // (31,2,0) in an 32x4 CTA
  f.access.pc = 0x70;
  f.access.kind = emu::MemAccessKind::Store;
  f.access.bytes = 4;
  f.access.address = 0x10000400;
  return f;
}

SiteText stencilSite() {
  SiteText s;
  s.function = "stencil(float const*, float*, int)";
  s.source = "stencil.cu:12";
  s.blockDim[0] = 32;
  s.blockDim[1] = 4;
  return s;
}

TEST(SanitizerReport, InvalidAccessLines) {
  const auto lines = deviceReport(globalWrite(), stencilSite(), nullptr,
                                  {"Access to 0x10000400 is out of bounds"});
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_EQ(lines[0], "Invalid __global__ write of size 4 bytes");
  EXPECT_EQ(lines[1], "at stencil(float const*, float*, int)+0x70 in stencil.cu:12");
  EXPECT_EQ(lines[2], "by thread (31,2,0) in block (3,0,0)");
  EXPECT_EQ(lines[3], "Access to 0x10000400 is out of bounds");
}

TEST(SanitizerReport, NoLineTableNamesThePcAndKernel) {
  SiteText s = stencilSite();
  s.source.clear();
  EXPECT_EQ(atText(0x70, s), "at stencil(float const*, float*, int)+0x70");
}

// A device function's offset counts from its own first instruction.
TEST(SanitizerReport, OffsetWithinTheFunction) {
  SiteText s = stencilSite();
  s.function = "weight(int)";
  s.functionStart = 0x400;
  EXPECT_EQ(atText(0x418, s), "at weight(int)+0x18 in stencil.cu:12");
}

TEST(SanitizerReport, Headlines) {
  Finding f = globalWrite();
  f.access.space = emu::MemSpace::Shared;
  f.access.kind = emu::MemAccessKind::Load;
  EXPECT_EQ(headline(f), "Invalid __shared__ read of size 4 bytes");
  f.kind = FindingKind::UninitializedRead;
  f.access.space = emu::MemSpace::Global;
  EXPECT_EQ(headline(f), "Uninitialized __global__ memory read of size 4 bytes");
  f.kind = FindingKind::DivergentBarrier;
  // With compute-sanitizer's full stop (../shared/reference/nvidia/san_divergent_barrier.1.txt).
  EXPECT_EQ(headline(f), "Barrier error detected. Divergent thread(s) in warp.");
}

TEST(SanitizerReport, RaceAnalysisAndHazardForms) {
  Finding f;
  f.kind = FindingKind::RaceReadAfterWrite;
  f.access.space = emu::MemSpace::Shared;
  f.access.pc = 0x40;
  f.access.thread = 1;
  f.hasOther = true;
  f.other = f.access;
  f.other.kind = emu::MemAccessKind::Store;
  f.other.pc = 0x30;
  f.other.thread = 0;
  f.hazards = 31;
  const SiteText s = stencilSite();
  // The analysis: one record per first location, a line per partner
  // (compute-sanitizer's layout in ../shared/reference/nvidia/san_race_*).
  RaceRecord r;
  r.severity = Severity::Error;
  r.head = {0x30, true, s, 0};
  r.partners = {{0x40, false, s, 31}, {0x58, true, s, 1}};
  auto a = raceRecordLines(r);
  ASSERT_EQ(a.size(), 3u);
  EXPECT_EQ(a[0], "Error: Race reported between Write access at stencil(float const*, "
                  "float*, int)+0x30 in stencil.cu:12");
  EXPECT_EQ(a[1], "and Read access at stencil(float const*, float*, int)+0x40 in "
                  "stencil.cu:12 [31 hazards]");
  EXPECT_EQ(a[2], "and Write access at stencil(float const*, float*, int)+0x58 in "
                  "stencil.cu:12 [1 hazard]");
  auto h = deviceReport(f, s, &s, {});
  EXPECT_EQ(h[0], "Error: Potential RAW hazard detected at __shared__ 0x0 in block (0,0,0) :");
  EXPECT_EQ(h[1], "Write Thread (0,0,0) at stencil(float const*, float*, int)+0x30 in "
                  "stencil.cu:12");
}

TEST(SanitizerReport, PrefixLimitAndSummary) {
  // compute-sanitizer's layout: "========= " before every line, the
  // separator too; past --print-limit errors are counted, and the summary
  // says how many were not printed.
  std::ostringstream out;
  Reporter r(out, 1, true);
  r.report(Severity::Error, {"first", "detail"});
  r.report(Severity::Error, {"second"});
  r.report(Severity::Warning, {"third"});
  printLines(out, closingLines(r.tally(), false, false));
  EXPECT_EQ(out.str(), "========= first\n"
                       "=========     detail\n"
                       "========= \n"
                       "========= WARNING SUMMARY: 1 warning\n"
                       "========= ERROR SUMMARY: 2 errors\n"
                       "========= ERROR SUMMARY: 1 error was not printed. Use --print-limit "
                       "option to adjust the number of printed errors\n");
  EXPECT_EQ(r.errors(), 2u);
}

TEST(SanitizerReport, PrintLevelAndClosingLines) {
  // --print-level error: warnings are counted, never printed.
  std::ostringstream out;
  Reporter r(out, 0, false);
  r.report(Severity::Warning, {"a warning"});
  r.report(Severity::Error, {"an error"});
  EXPECT_EQ(out.str(), "========= an error\n========= \n");
  EXPECT_EQ(r.warnings(), 1u);
  // The counts simt-sanitizer reads back from the program.
  auto back = Tally::parse(r.tally().text());
  ASSERT_TRUE(back);
  EXPECT_EQ(back->errors, 1u);
  EXPECT_EQ(back->warnings, 1u);
  EXPECT_EQ(back->printed, 1u);
  EXPECT_FALSE(Tally::parse("errors 1\n"));
  // racecheck ends with its own summary alone, after the program's failure.
  Tally races;
  races.errors = 512;
  races.printed = 2;
  EXPECT_EQ(closingLines(races, true, true),
            (std::vector<std::string>{"Target application returned an error",
                                      "RACECHECK SUMMARY: 2 hazards displayed (512 errors, 0 "
                                      "warnings)"}));
}

TEST(SanitizerOptions, LogFileNames) {
  setenv("SIMT_LOG_TEST", "dir", 1);
  EXPECT_EQ(*expandLogFileName("san.%p.log", 42), "san.42.log");
  EXPECT_EQ(*expandLogFileName("%q{SIMT_LOG_TEST}/a%%b", 1), "dir/a%b");
  EXPECT_EQ(*expandLogFileName("%q{SIMT_LOG_UNSET_VARIABLE}x", 1), "x");
  EXPECT_FALSE(expandLogFileName("a%d", 1));
}

TEST(SanitizerSuppressions, Matching) {
  auto s = Suppressions::parse("# comment\n"
                               "uninitialized twice(*)\n"
                               "invalid-access * *halo.cu:1?\n"
                               "leak cudaMalloc\n",
                               "supp.txt");
  ASSERT_TRUE(s) << s.message();
  EXPECT_EQ(s->size(), 3u);
  EXPECT_TRUE(s->suppresses(FindingKind::UninitializedRead, "twice(float const*, float*)", ""));
  EXPECT_FALSE(s->suppresses(FindingKind::UninitializedRead, "thrice(float*)", ""));
  EXPECT_TRUE(s->suppresses(FindingKind::InvalidAccess, "k(int*)", "/src/halo.cu:12"));
  EXPECT_FALSE(s->suppresses(FindingKind::InvalidAccess, "k(int*)", "/src/halo.cu:120"));
  EXPECT_FALSE(s->suppresses(FindingKind::MisalignedAccess, "k(int*)", "/src/halo.cu:12"));
  EXPECT_TRUE(s->suppresses(FindingKind::Leak, "cudaMalloc", ""));
}

TEST(SanitizerSuppressions, BadRuleNamesTheLine) {
  auto s = Suppressions::parse("leak cudaMalloc\nno-such-kind k\n", "supp.txt");
  ASSERT_FALSE(s);
  EXPECT_NE(s.message().find("supp.txt:2:"), std::string::npos) << s.message();
}

TEST(SanitizerShadow, WrittenAndUsedBytes) {
  Shadow sh;
  EXPECT_TRUE(sh.read(0x1000, 4)); // untracked: written by definition
  sh.track(0x1000, 16);
  sh.track(0x2000, 8);
  EXPECT_FALSE(sh.read(0x1000, 4));
  sh.write(0x1004, 4);
  EXPECT_TRUE(sh.read(0x1004, 4));
  EXPECT_FALSE(sh.read(0x1006, 4)); // two bytes written, two not
  sh.write(0x100c, 0x2000 - 0x100c + 8); // a copy over both blocks' ends
  EXPECT_TRUE(sh.read(0x2004, 4));
  const auto unused = sh.unused();
  ASSERT_EQ(unused.size(), 1u);
  EXPECT_EQ(unused[0].base, 0x1000u);
  EXPECT_EQ(unused[0].unusedBytes, 2u); // bytes 10 and 11: neither read nor written
  EXPECT_EQ(unused[0].firstUnused, 10u);
  sh.forget(0x1000);
  EXPECT_TRUE(sh.read(0x1000, 4));
}

TEST(SanitizerAllocations, FreedAndLeaked) {
  Allocations a;
  a.allocated(0x1000, 256, "cudaMalloc");
  a.allocated(0x2000, 64, "cudaMalloc");
  ASSERT_TRUE(a.freed(0x1000, "cudaFree"));
  EXPECT_FALSE(a.freed(0x1000, "cudaFree"));
  ASSERT_NE(a.freedAt(0x1010), nullptr);
  EXPECT_EQ(a.freedAt(0x1010)->ordinal, 1u);
  EXPECT_EQ(a.live(0x1010), nullptr);
  a.allocated(0x1000, 128, "cudaMalloc"); // the range handed out again
  EXPECT_EQ(a.freedAt(0x1010), nullptr);
  const auto leaks = a.leaks();
  ASSERT_EQ(leaks.size(), 2u);
  EXPECT_EQ(leaks[0].base, 0x2000u);
  EXPECT_EQ(leaks[1].ordinal, 3u);
}

TEST(SanitizerOptions, SpecRoundTrip) {
  auto o = parseSanitizeSpec("racecheck,racecheck-report=all,print-limit=5,kernel-name=kns=red,"
                             "launch-skip=2,error-exitcode=9,leak-check=full");
  ASSERT_TRUE(o) << o.message();
  EXPECT_EQ(o->tool, Tool::Racecheck);
  EXPECT_TRUE(o->everyHazard);
  EXPECT_EQ(o->printLimit, 5u);
  EXPECT_EQ(o->kernelName, "kns=red");
  EXPECT_EQ(o->launchSkip, 2u);
  EXPECT_EQ(o->errorExitcode, 9);
  auto again = parseSanitizeSpec(toSpec(*o));
  ASSERT_TRUE(again);
  EXPECT_EQ(toSpec(*again), toSpec(*o));
  EXPECT_FALSE(parseSanitizeSpec("memcheck,leak-check=some"));
  EXPECT_FALSE(parseSanitizeSpec("valgrind"));
  EXPECT_FALSE(parseSanitizeSpec("memcheck,print-limit=x"));
}

TEST(SanitizerKernelFilter, Forms) {
  EXPECT_TRUE(kernelMatches("", "_Z4gemmPfS_S_"));
  EXPECT_TRUE(kernelMatches("gemm", "_Z4gemmPfS_S_"));
  EXPECT_TRUE(kernelMatches("kne=_Z4gemmPfS_S_", "_Z4gemmPfS_S_"));
  EXPECT_FALSE(kernelMatches("gem", "_Z4gemmPfS_S_"));
  EXPECT_TRUE(kernelMatches("kns=gem", "_Z4gemmPfS_S_"));
  EXPECT_FALSE(kernelMatches("kns=sgemm", "_Z4gemmPfS_S_"));
}

TEST(SanitizerReport, SavedReportsReadBackAsWritten) {
  const std::vector<SavedReport> reports = {
      {SavedReport::Level::Error, {"Invalid __global__ write of size 4 bytes", "| a bar line"}},
      {SavedReport::Level::Warning, {"Uninitialized __global__ memory read"}},
      {SavedReport::Level::Note, {"LEAK SUMMARY: 64 bytes leaked in 1 allocations"}}};
  std::string text;
  for (const SavedReport &r : reports)
    text += r.text();
  auto back = SavedReport::parseAll(text);
  ASSERT_TRUE(back) << back.message();
  ASSERT_EQ(back->size(), 3u);
  for (size_t i = 0; i < reports.size(); ++i) {
    EXPECT_EQ((*back)[i].level, reports[i].level);
    EXPECT_EQ((*back)[i].lines, reports[i].lines);
  }
  auto junk = SavedReport::parseAll("error\n| x\nstray\n");
  ASSERT_FALSE(junk);
  EXPECT_NE(junk.message().find("line 3"), std::string::npos);
}

TEST(SanitizerReport, PrefixBeginsEveryLine) {
  std::ostringstream out;
  Reporter r(out, 0, true, "==X==");
  r.report(Severity::Error, {"first", "second"});
  r.note("LEAK SUMMARY: 0 bytes");
  EXPECT_EQ(out.str(), "==X== first\n==X==     second\n==X== \n==X== LEAK SUMMARY: 0 bytes\n");
}

} // namespace
} // namespace simt::rt::sanitizer

namespace simt::emu::sanitize {
namespace {

/// A BAR.SYNC 0 executed by warp `warp` of CTA 0 at `pc` with `lanes`
/// arriving and `live` lanes not exited.
TraceRecord barrier(const Inst &bar, uint32_t warp, uint32_t pc, uint32_t lanes, uint32_t live) {
  TraceRecord r;
  r.grid = 1;
  r.warp = warp;
  r.pc = pc;
  r.inst = &bar;
  r.participating = lanes;
  r.live = live;
  return r;
}

TEST(SanitizerSyncCheck, DivergentAndMismatchedBarriers) {
  Inst bar;
  bar.op = Op::BARSYNC;
  bar.sb.kind = SrcKind::Imm;
  bar.sb.value = 0;
  auto check = makeSyncCheck();
  GridInfo g;
  g.grid = 1;
  g.blockDim[0] = 64;
  check->beginGrid(g);
  std::vector<Finding> out;
  // Both warps whole at the same barrier, twice: nothing.
  for (int phase = 0; phase < 2; ++phase)
    for (uint32_t w = 0; w < 2; ++w)
      check->observe(barrier(bar, w, 0x40, AllLanes, AllLanes), out);
  EXPECT_TRUE(out.empty());
  // Lanes that exited do not count as missing.
  check->observe(barrier(bar, 0, 0x40, 0xffff, 0xffff), out);
  EXPECT_TRUE(out.empty());
  // Warp 1's third arrival is at another barrier instruction: a record
  // for each of its threads, as compute-sanitizer gives.
  check->observe(barrier(bar, 1, 0x80, AllLanes, AllLanes), out);
  ASSERT_EQ(out.size(), 32u);
  for (uint32_t lane = 0; lane < 32; ++lane) {
    EXPECT_EQ(out[lane].kind, FindingKind::BarrierMismatch);
    EXPECT_EQ(out[lane].access.thread, 32u + lane);
    EXPECT_EQ(out[lane].access.pc, 0x80u);
  }
  out.clear();
  // Half a warp at a barrier: a record for each thread that arrived.
  check->observe(barrier(bar, 0, 0x40, 0x0000ff00, AllLanes), out);
  ASSERT_EQ(out.size(), 8u);
  EXPECT_EQ(out[0].kind, FindingKind::DivergentBarrier);
  EXPECT_EQ(out[0].access.thread, 8u);
  EXPECT_EQ(out[7].access.thread, 15u);
  check->endGrid(1, out);
}

TEST(SanitizerSyncCheck, WarpSyncMasks) {
  Inst sync;
  sync.op = Op::WARPSYNCi;
  auto check = makeSyncCheck();
  GridInfo g;
  g.grid = 1;
  g.blockDim[0] = 32;
  check->beginGrid(g);
  std::vector<Finding> out;
  auto at = [&](uint32_t lanes, uint32_t live, uint32_t named, uint32_t outside) {
    TraceRecord r = barrier(sync, 0, 0x40, lanes, live);
    r.sync = {named, outside};
    check->observe(r, out);
  };
  // The whole warp, or the lanes that have not exited, named and there.
  at(AllLanes, AllLanes, AllLanes, 0);
  at(0xff, 0xff, AllLanes, 0);
  EXPECT_TRUE(out.empty());
  // Live lanes 16..31 named and elsewhere.
  at(0xffff, AllLanes, AllLanes, 0);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].kind, FindingKind::WarpSyncMissingLanes);
  EXPECT_EQ(out[0].access.thread, 0u);
  EXPECT_NE(out[0].detail.find("lanes 16-31"), std::string::npos);
  out.clear();
  // Lane 3 outside its own mask.
  at(AllLanes, AllLanes, AllLanes, 1u << 3);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].kind, FindingKind::WarpSyncNotInMask);
  EXPECT_EQ(out[0].access.thread, 3u);
  check->endGrid(1, out);
}

} // namespace
} // namespace simt::emu::sanitize
