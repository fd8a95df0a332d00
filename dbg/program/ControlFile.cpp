//===-- ControlFile.cpp - Reading and writing the control file ------------===//
#include "dbg/program/ControlFile.h"

#include <fstream>
#include <sstream>

namespace simt::dbg {

namespace {
constexpr const char *kEndNames[] = {"running", "exited", "killed", "quit", "end-of-input",
                                        "killed-by-driver"};

std::string escape(const std::string &s) {
  std::string out;
  for (char c : s) {
    if (c == '\\')
      out += "\\\\";
    else if (c == '\n')
      out += "\\n";
    else
      out += c;
  }
  return out;
}

std::string unescape(const std::string &s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\\' && i + 1 < s.size()) {
      ++i;
      out += s[i] == 'n' ? '\n' : s[i];
    } else {
      out += s[i];
    }
  }
  return out;
}
} // namespace

rt::Status writeControlFile(const std::string &path, const ControlState &state) {
  // Written whole to a new file, then renamed: the reader never sees half.
  const std::string tmp = path + ".new";
  {
    std::ofstream f(tmp, std::ios::trunc);
    f << "batch " << state.batch << "\n"
      << "autorun " << state.autorun << "\n"
      << "hosted " << state.hosted << "\n"
      << "console " << escape(state.console) << "\n"
      << "end " << kEndNames[int(state.end)] << "\n";
    for (const std::string &c : state.persistent)
      f << "persistent " << escape(c) << "\n";
    for (const std::string &l : state.input)
      f << "input " << escape(l) << "\n";
    if (!f)
      return rt::makeError("cannot write the control file '" + tmp + "'");
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0)
    return rt::makeError("cannot write the control file '" + path + "'");
  return {};
}

rt::Expected<ControlState> readControlFile(const std::string &path) {
  std::ifstream f(path);
  if (!f)
    return rt::makeError("cannot read the control file '" + path + "'");
  ControlState s;
  for (std::string line; std::getline(f, line);) {
    const size_t sp = line.find(' ');
    const std::string key = line.substr(0, sp);
    const std::string value = sp == std::string::npos ? "" : unescape(line.substr(sp + 1));
    if (key == "batch")
      s.batch = value == "1";
    else if (key == "autorun")
      s.autorun = value == "1";
    else if (key == "hosted")
      s.hosted = value == "1";
    else if (key == "console")
      s.console = value;
    else if (key == "persistent")
      s.persistent.push_back(value);
    else if (key == "input")
      s.input.push_back(value);
    else if (key == "end")
      for (int e = 0; e < int(std::size(kEndNames)); ++e)
        if (value == kEndNames[e])
          s.end = RunEnd(e);
  }
  return s;
}

} // namespace simt::dbg
