//===-- Profiler.cpp - The profiler a run attaches ------------------------===//
#include "runtime/profiler/Profiler.h"

#include "runtime/DeviceSession.h"
#include "runtime/profiler/ChromeTrace.h"
#include "runtime/profiler/HtmlReport.h"
#include "runtime/profiler/SummaryTable.h"

#include <fstream>
#include <unistd.h>

namespace simt::prof {

Profiler::Profiler(ProfileOptions options, std::string program)
    : options_(std::move(options)), start_(std::chrono::steady_clock::now()), host_(start_) {
  profile_.program = std::move(program);
}

Profiler::~Profiler() {
  if (collector_)
    collector_->detach();
}

void Profiler::attach(rt::DeviceSession &session) {
  detach();
  session_ = &session;
  collector_ = std::make_unique<Collector>(
      session.device(), start_,
      [this, &session](const emu::Grid &g) { profile_.describeCode(session, g); });
  collector_->attach();
}

void Profiler::detach() {
  if (!collector_)
    return;
  collector_->detach();
  profile_.harvest(*session_, *collector_, host_);
  collector_.reset();
  session_ = nullptr;
}

namespace {

bool writeFile(const std::string &path, const std::string &text, std::ostream &err) {
  std::ofstream f(path);
  f << text;
  f.close();
  if (f)
    return true;
  err << "simt-prof: error: cannot write '" << path << "'\n";
  return false;
}

} // namespace

std::string Profiler::processPrefix() { return "==" + std::to_string(getpid()) + "== "; }

bool Profiler::finish(std::ostream &err, const std::string &prefix) {
  detach();
  profile_.hostSeconds = host_.now();
  if (options_.summary || options_.gpuTrace || options_.kernelDetails || options_.launchDetails)
    err << prefix << "Profiling application: " << profile_.program << "\n";
  if (options_.summary)
    writeSummary(err, profile_, prefix);
  if (options_.gpuTrace)
    writeGpuTrace(err, profile_, prefix);
  if (options_.kernelDetails)
    writeKernelDetails(err, profile_, prefix);
  if (options_.launchDetails)
    writeLaunchDetails(err, profile_, prefix);
  bool ok = true;
  if (!options_.report.empty())
    ok &= writeFile(options_.report, htmlReport(profile_), err);
  if (!options_.trace.empty())
    ok &= writeFile(options_.trace, chromeTraceJson(profile_), err);
  return ok;
}

} // namespace simt::prof
