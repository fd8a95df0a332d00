//===-- CommandFile.cpp - Running debugger commands from a file -----------===//
#include "dbg/CommandFile.h"
#include "dbg/Debugger.h"
#include "support/InputFile.h"

#include <string_view>

namespace simt::dbg {

namespace {
/// Command files being run, outermost first; one debugger per process.
unsigned depth = 0;

struct DepthGuard {
  DepthGuard() { ++depth; }
  ~DepthGuard() { --depth; }
};
} // namespace

rt::Status runCommandFile(Debugger &d, const std::string &path) {
  if (depth >= kMaxSourceDepth)
    return rt::makeError("'" + path + "': command files nested more than " +
                         std::to_string(kMaxSourceDepth) + " deep (a file that sources itself?)");
  auto text = readInputFile(path, InputKind::Script);
  if (!text)
    return text.error();
  DepthGuard guard;
  std::string_view rest = *text;
  while (!rest.empty() && !d.quitRequested()) {
    size_t nl = rest.find('\n');
    d.execute(rest.substr(0, nl));
    rest = nl == std::string_view::npos ? std::string_view() : rest.substr(nl + 1);
  }
  return {};
}

} // namespace simt::dbg
