//===-- ToolStack.cpp - The tools a front end attaches to a session -------===//
#include "runtime/tools/ToolStack.h"

#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <unistd.h>

namespace simt::rt {

std::string commandLine(const std::string &fallback) {
  std::ifstream in("/proc/self/cmdline", std::ios::binary);
  std::string words((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  while (!words.empty() && words.back() == '\0')
    words.pop_back();
  if (words.empty())
    return fallback;
  for (char &c : words)
    if (c == '\0')
      c = ' ';
  return words;
}

ToolStack::ToolStack(Frontend frontend, ToolOptions options)
    : options_(std::move(options)), frontend_(std::move(frontend)) {}

ToolStack::~ToolStack() = default;

Status ToolStack::attach(DeviceSession &session) {
  everAttached_ = true;
  if (options_.trace) {
    // The file is opened once: a program's later sessions append to it.
    if (!options_.traceFile.empty() && !traceFile_.is_open()) {
      traceFile_.open(options_.traceFile);
      if (!traceFile_)
        return Error{"cannot write '" + options_.traceFile + "'"};
    }
    trace_ = std::make_unique<TraceWriter>(
        session.device(), options_.traceFile.empty() ? *frontend_.traceOut : traceFile_);
    trace_->attach();
  }
  // Parsed once, at the first session (--target-processes
  // application-only: a process the program started inherits the flags,
  // and runs unchecked).
  sanitizer::SanitizerOptions San;
  if (!options_.sanitize.empty() && !sanitizer_)
    San = *sanitizer::parseSanitizeSpec(options_.sanitize);
  if (!options_.sanitize.empty() && !sanitizer_ &&
      (San.rootProcess.empty() || San.rootProcess == std::to_string(getpid()))) {
    // Reports go to standard output among the program's, as
    // compute-sanitizer's do, or to --log-file's file.
    std::ostream *Out = &std::cout;
    if (!San.logFile.empty()) {
      auto Name = sanitizer::expandLogFileName(San.logFile, long(getpid()));
      if (!Name)
        return Error{"--log-file: " + Name.message()};
      // Under simt-sanitizer, which wrote the banner and writes the
      // summary, the reports go after the one and before the other.
      sanitizerLog_.close();
      sanitizerLog_.open(*Name, San.summaryFile.empty() ? std::ios::trunc : std::ios::app);
      if (!sanitizerLog_)
        return Error{"cannot write '" + *Name + "'"};
      Out = &sanitizerLog_;
    }
    sanitizer_ = std::make_unique<sanitizer::Sanitizer>(std::move(San), *Out);
    if (frontend_.hostBacktraces)
      sanitizer_->saveHostBacktraces();
  }
  if (sanitizer_) {
    if (Status St = sanitizer_->start(session); !St) {
      sanitizer_.reset();
      trace_.reset();
      return St;
    }
  }
  // The profiler subscribes for the SMs' counters: no records.
  if (options_.profile.any()) {
    if (!profiler_)
      profiler_ = std::make_unique<prof::Profiler>(options_.profile, frontend_.program);
    profiler_->attach(session);
  }
  return {};
}

void ToolStack::detach(DeviceSession &session, const std::function<void()> &endGrids) {
  if (profiler_)
    profiler_->detach();
  trace_.reset();
  endGrids();
  if (sanitizer_)
    sanitizer_->detach();
  if (options_.statsToStderr || !options_.statsFile.empty())
    detachedStats_ = session.statsJson();
}

std::unique_ptr<RunWatch> ToolStack::watch(emu::Device &device) const {
  // The progress line is for a person watching a terminal, and stays off
  // while a trace writes a line per instruction.
  const bool Progress = isatty(STDERR_FILENO) && !options_.trace;
  if (!options_.timeoutSeconds && !Progress)
    return nullptr;
  RunWatch::Options Watch;
  Watch.timeoutSeconds = options_.timeoutSeconds;
  Watch.tool = frontend_.tool;
  if (!options_.timeoutSeconds)
    Watch.hint = frontend_.timeoutHint;
  if (Progress)
    Watch.progress = &std::cerr;
  return std::make_unique<RunWatch>(device, Watch);
}

int ToolStack::finish(DeviceSession *session, int status, const std::function<void()> &report) {
  if (sanitizer_ && !frontend_.summaryLast)
    status = sanitizer_->finish(status);
  const std::string ProfilePrefix = frontend_.pidPrefix ? prof::Profiler::processPrefix() : "";
  if (profiler_ && !profiler_->finish(std::cerr, ProfilePrefix) && frontend_.filesFailRun &&
      status == 0)
    status = 1;
  trace_.reset();
  if (capture_)
    capture_->finish(std::cerr);
  if (report)
    report();
  if (!writeStats(session ? session->statsJson() : detachedStats_) && frontend_.filesFailRun)
    status = 1;
  if (frontend_.summaryLast) {
    std::cout.flush();
    if (sanitizer_) {
      // The summary comes after what the program printed.
      std::fflush(nullptr);
      status = sanitizer_->finish(status);
    }
  }
  return status;
}

bool ToolStack::writeStats(const std::string &json) {
  if (json.empty())
    return true;
  if (options_.statsToStderr)
    std::cerr << json << "\n";
  if (options_.statsFile.empty())
    return true;
  std::ofstream F(options_.statsFile);
  F << json << "\n";
  if (F)
    return true;
  std::cerr << frontend_.errorPrefix << "cannot write '" << options_.statsFile << "'\n";
  return false;
}

} // namespace simt::rt
