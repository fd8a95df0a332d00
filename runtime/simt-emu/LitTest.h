//===-- LitTest.h - A passing run script as a lit test ----------*- C++ -*-===//
//
// `simt-emu [OBJECT] SCRIPT --lit-test DIR/NAME.test` runs the script and,
// if it passes, writes a lit test that runs it again: DIR/NAME.test with
// its RUN lines, and DIR/Inputs/NAME/ holding the script, every file it
// reads (its `load`s, `file(...)` initialisers, writes and expects, at the
// same relative paths), the object and what the run printed, which the
// test compares (docs/programs.md, "Capturing launches": a captured launch
// becomes a regression test in one command).
//
//===----------------------------------------------------------------------===//
#ifndef SIMT_RUNTIME_SIMT_EMU_LITTEST_H
#define SIMT_RUNTIME_SIMT_EMU_LITTEST_H

#include "runtime/RunScript.h"

#include <filesystem>
#include <ostream>
#include <sstream>
#include <streambuf>
#include <string>
#include <vector>

namespace simt::rt {

/// What simt-emu ran, for the test to run again.
struct LitTestRun {
  std::filesystem::path script;         ///< as given
  const Script *parsed = nullptr;       ///< its commands
  std::filesystem::path object;         ///< empty: the script loads its own
  std::vector<std::string> flags;       ///< simt-emu's other flags, as given
  std::string printed;                  ///< the run's standard output
};

/// Writes `test` and its Inputs/ directory (see the file comment).
Status writeLitTest(const std::filesystem::path &test, const LitTestRun &run);

/// An ostream that writes to `out` and keeps a copy (what --lit-test compares).
class TeeStream : public std::ostream {
public:
  explicit TeeStream(std::ostream &out) : std::ostream(&buf_), buf_(out) {}
  std::string copy() const { return buf_.copy.str(); }

private:
  struct Buf : std::streambuf {
    explicit Buf(std::ostream &o) : out(o) {}
    int overflow(int c) override {
      if (c != traits_type::eof()) {
        out.put(char(c));
        copy.put(char(c));
      }
      return c;
    }
    std::streamsize xsputn(const char *s, std::streamsize n) override {
      out.write(s, n);
      copy.write(s, n);
      return n;
    }
    int sync() override {
      out.flush();
      return 0;
    }
    std::ostream &out;
    std::ostringstream copy;
  };
  Buf buf_;
};

} // namespace simt::rt

#endif // SIMT_RUNTIME_SIMT_EMU_LITTEST_H
