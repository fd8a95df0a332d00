//===-- CaptureSelection.cpp - Which launches SIMT_CAPTURE writes ---------===//
//
// SIMT_CAPTURE=DIR turns capturing on; SIMT_CAPTURE_KERNEL=NAME keeps the
// launches of one kernel (named as run scripts name kernels: exact,
// demangled, qualified or plain), SIMT_CAPTURE_LAUNCH=LIST the launches of
// those numbers, counted from 1 among the launches SIMT_CAPTURE_KERNEL
// keeps (among all launches without it), as ncu's --kernel-name and
// --launch-skip count. Files are named by the launch's number in the whole
// program, so a capture of one launch writes the file a capture of all of
// them would.
//
//===----------------------------------------------------------------------===//
#include "runtime/capture/Capture.h"
#include "runtime/KernelNames.h"
#include "support/Text.h"

#include <cstdlib>

namespace simt::rt {

namespace {

std::string environment(const char *name) {
  const char *v = std::getenv(name);
  return v ? std::string(trim(v)) : std::string();
}

/// `N`, `A-B` or `A-`, comma-separated, numbers from 1.
Expected<std::vector<std::pair<uint64_t, uint64_t>>> parseLaunchList(std::string_view text) {
  std::vector<std::pair<uint64_t, uint64_t>> out;
  auto bad = [&](std::string_view item) {
    return makeError("SIMT_CAPTURE_LAUNCH=" + std::string(text) + ": '" + std::string(item) +
                     "' is not N, A-B or A- (launch numbers from 1)");
  };
  size_t start = 0;
  while (start <= text.size()) {
    size_t comma = std::min(text.find(',', start), text.size());
    std::string_view item = trim(text.substr(start, comma - start));
    start = comma + 1;
    size_t dash = item.find('-');
    auto first = parseUInt(item.substr(0, dash));
    std::optional<uint64_t> last = first;
    if (dash != std::string_view::npos)
      last = dash + 1 == item.size() ? std::optional<uint64_t>(UINT64_MAX)
                                     : parseUInt(item.substr(dash + 1));
    if (!first || !last || *first == 0 || *last < *first)
      return bad(item);
    out.emplace_back(*first, *last);
  }
  return out;
}

} // namespace

Expected<std::unique_ptr<LaunchCapturer>> LaunchCapturer::fromEnvironment() {
  const std::string dir = environment("SIMT_CAPTURE");
  if (dir.empty())
    return std::unique_ptr<LaunchCapturer>();
  auto c = make(dir, environment("SIMT_CAPTURE_KERNEL"));
  if (std::string list = environment("SIMT_CAPTURE_LAUNCH"); !list.empty()) {
    auto indices = parseLaunchList(list);
    if (!indices)
      return indices.error();
    c->indices_ = std::move(*indices);
  }
  return c;
}

std::unique_ptr<LaunchCapturer> LaunchCapturer::make(std::filesystem::path dir,
                                                     std::string kernel,
                                                     uint64_t launchesSoFar) {
  auto c = std::make_unique<LaunchCapturer>();
  c->dir_ = std::move(dir);
  c->kernel_ = std::move(kernel);
  c->launches_ = launchesSoFar;
  return c;
}

bool LaunchCapturer::selected(std::string_view kernel) {
  if (!kernel_.empty() && kernelsNamed({kernel}, kernel_).empty())
    return false;
  ++matching_;
  if (indices_.empty())
    return true;
  for (const auto &[first, last] : indices_)
    if (matching_ >= first && matching_ <= last)
      return true;
  return false;
}

void LaunchCapturer::onLaunch(DeviceSession &session, const LaunchRequest &launch,
                              const CaptureObject &object, const std::string &origin,
                              std::ostream &err) {
  ++launches_;
  const std::string kernel = launch.kernel->kernel.name();
  if (!selected(kernel))
    return;
  const std::string what =
      "simt-capture: launch " + std::to_string(launches_) + " (" + demangleKernelName(kernel) + ")";
  std::error_code ec;
  std::filesystem::create_directories(dir_, ec);
  auto report = captureLaunch(session, launch, object,
                              CaptureOptions{dir_, launches_, origin});
  if (!report) {
    err << what << ": not captured: " << report.message() << "\n";
    return;
  }
  ++captured_;
  err << what << ": " << report->script.string() << ", " << report->buffers << " buffer"
      << (report->buffers == 1 ? "" : "s") << ", " << report->dataBytes << " bytes of data\n";
  if (!report->replayDiffers.empty())
    err << what << ": warning: the replay differs from the program's run (the launch depends "
                   "on the schedule, on the device's state or on SIMT_EMU_FLAGS): "
        << report->replayDiffers << "; the expects hold the replay's results\n";
}

void LaunchCapturer::finish(std::ostream &err) const {
  if (captured_)
    return;
  err << "simt-capture: no launch captured: the program made " << launches_ << " launch"
      << (launches_ == 1 ? "" : "es");
  if (!kernel_.empty())
    err << ", " << matching_ << " of kernel '" << kernel_ << "'";
  err << "\n";
}

} // namespace simt::rt
