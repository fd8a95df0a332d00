//===-- Profiler.cpp - The profiler a run attaches ------------------------===//
#include "runtime/profiler/Profiler.h"

#include "runtime/DeviceSession.h"
#include "runtime/profiler/ChromeTrace.h"
#include "runtime/profiler/HtmlReport.h"
#include "runtime/profiler/MetricsTable.h"
#include "runtime/profiler/SummaryTable.h"

#include <cstdlib>
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

std::string expandLogName(const std::string &path, long pid) {
  std::string out;
  for (size_t i = 0; i < path.size(); ++i) {
    if (path[i] != '%' || i + 1 == path.size()) {
      out += path[i];
      continue;
    }
    const char c = path[++i];
    if (c == 'p') {
      out += std::to_string(pid);
    } else if (c == 'h') {
      char host[256] = {};
      gethostname(host, sizeof host - 1);
      out += host;
    } else if (c == '%') {
      out += '%';
    } else if (c == 'q' && i + 1 < path.size() && path[i + 1] == '{' &&
               path.find('}', i) != std::string::npos) {
      const size_t close = path.find('}', i);
      const char *value = std::getenv(path.substr(i + 2, close - i - 2).c_str());
      out += value ? value : "";
      i = close;
    } else {
      out += '%';
      out += c;
    }
  }
  return out;
}

void Profiler::writeTables(std::ostream &out, const std::string &prefix) const {
  const ProfileOptions &o = options_;
  const bool summary = o.summary || o.gpuSummary || o.apiSummary;
  const bool results = summary || o.gpuTrace || o.apiTrace || !o.metrics.empty() ||
                       !o.events.empty();
  if (results || o.kernelDetails || o.launchDetails)
    out << prefix << "Profiling application: " << profile_.program << "\n";
  if (results)
    out << prefix << "Profiling result:\n";
  const bool gpu = o.collects("gpu"), api = o.collects("api");
  if (o.gpuTrace && gpu && o.apiTrace && api)
    writeMergedTrace(out, profile_, o.csv);
  else if (o.gpuTrace && gpu)
    writeGpuTrace(out, profile_, o.csv);
  else if (o.apiTrace && api)
    writeApiTrace(out, profile_, o.csv);
  if (summary)
    writeSummary(out, profile_, gpu && (o.summary || o.gpuSummary),
                 api && (o.summary || o.apiSummary), o.csv);
  std::string unused;
  if (!o.events.empty()) {
    out << prefix << "Event result:\n";
    writeMetricResult(out, profile_, selectMetrics(o.events, true, &unused), true, o.csv);
  }
  if (!o.metrics.empty()) {
    out << prefix << "Metric result:\n";
    writeMetricResult(out, profile_, selectMetrics(o.metrics, false, &unused), false, o.csv);
  }
  if (o.kernelDetails)
    writeKernelDetails(out, profile_, prefix);
  if (o.launchDetails)
    writeLaunchDetails(out, profile_, prefix);
}

bool Profiler::finish(std::ostream &err, const std::string &prefix) {
  detach();
  profile_.hostSeconds = host_.now();
  bool ok = true;
  if (options_.logFile.empty()) {
    writeTables(err, prefix);
  } else {
    // Appended: simt-prof has written nvprof's first line there.
    const std::string path = expandLogName(options_.logFile, getpid());
    std::ofstream log(path, std::ios::app);
    writeTables(log, prefix);
    log.close();
    if (!log) {
      err << "simt-prof: error: cannot write '" << path << "'\n";
      ok = false;
    }
  }
  if (!options_.report.empty())
    ok &= writeFile(options_.report, htmlReport(profile_), err);
  if (!options_.chromeTrace.empty())
    ok &= writeFile(options_.chromeTrace, chromeTraceJson(profile_), err);
  return ok;
}

} // namespace simt::prof
