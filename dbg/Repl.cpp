//===-- Repl.cpp - Command lines: libedit on a terminal, else plain -------===//
#include "dbg/Repl.h"

#include "dbg/Interrupt.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <unistd.h>

#if SIMT_HAVE_LIBEDIT
#include <histedit.h>
#endif

namespace simt::dbg {

std::string defaultHistoryFile() {
  const char *home = std::getenv("HOME");
  if (!home || !*home)
    return {};
  return std::string(home) + "/.simt_dbg_history";
}

std::string commonPrefix(const std::vector<std::string> &c) {
  if (c.empty())
    return {};
  std::string p = c.front();
  for (const std::string &s : c) {
    size_t n = 0;
    while (n < p.size() && n < s.size() && p[n] == s[n])
      ++n;
    p.resize(n);
  }
  return p;
}

namespace {

class PlainReader : public LineReader {
public:
  explicit PlainReader(std::string prompt) : prompt_(std::move(prompt)) {}
  bool read(std::string &line) override {
    std::cout << prompt_ << std::flush;
    if (!std::getline(std::cin, line)) {
      if (interruptPending() && !std::cin.eof()) {
        std::cin.clear();
        clearInterrupt();
        line.clear();
        return true;
      }
      return false;
    }
    if (!line.empty() && line.back() == '\r')
      line.pop_back();
    return true;
  }

private:
  std::string prompt_;
};

#if SIMT_HAVE_LIBEDIT
class EditReader : public LineReader {
public:
  EditReader(std::string prompt, Completer completer, std::string historyFile)
      : prompt_(std::move(prompt)), completer_(std::move(completer)),
        historyFile_(std::move(historyFile)) {
    hist_ = history_init();
    history(hist_, &ev_, H_SETSIZE, 1000);
    history(hist_, &ev_, H_SETUNIQUE, 1);
    if (!historyFile_.empty())
      history(hist_, &ev_, H_LOAD, historyFile_.c_str());
    el_ = el_init("simt-dbg", stdin, stdout, stderr);
    el_set(el_, EL_CLIENTDATA, this);
    el_set(el_, EL_EDITOR, "emacs");
    el_set(el_, EL_PROMPT, &EditReader::promptFn);
    el_set(el_, EL_HIST, history, hist_);
    el_set(el_, EL_ADDFN, "simt-complete", "complete a word", &EditReader::completeFn);
    el_set(el_, EL_BIND, "^I", "simt-complete", nullptr);
  }
  ~EditReader() override {
    el_end(el_);
    history_end(hist_);
  }

  bool read(std::string &line) override {
    for (;;) {
      int count = 0;
      errno = 0;
      const char *s = el_gets(el_, &count);
      if (interruptPending()) {
        // Ctrl-C at the prompt: drop the line, start a new one.
        clearInterrupt();
        std::fputs("^C\n", stdout);
        std::fflush(stdout);
        el_reset(el_);
        continue;
      }
      if (!s || count <= 0) {
        if (errno == EINTR) {
          el_reset(el_);
          continue;
        }
        return false;
      }
      line.assign(s, size_t(count));
      while (!line.empty() && (line.back() == '\n' || line.back() == '\r'))
        line.pop_back();
      if (line.find_first_not_of(" \t") != std::string::npos) {
        history(hist_, &ev_, H_ENTER, line.c_str());
        if (!historyFile_.empty())
          history(hist_, &ev_, H_SAVE, historyFile_.c_str());
      }
      return true;
    }
  }

private:
  static EditReader *self(EditLine *el) {
    void *p = nullptr;
    el_get(el, EL_CLIENTDATA, &p);
    return static_cast<EditReader *>(p);
  }
  static char *promptFn(EditLine *el) { return const_cast<char *>(self(el)->prompt_.c_str()); }

  static unsigned char completeFn(EditLine *el, int) {
    EditReader *r = self(el);
    const LineInfo *li = el_line(el);
    std::string before(li->buffer, li->cursor);
    size_t start = before.find_last_of(" \t(,=!&|<>+-*");
    start = start == std::string::npos ? 0 : start + 1;
    std::string word = before.substr(start);
    std::vector<std::string> c = r->completer_ ? r->completer_(std::string_view(before).substr(0, start), word)
                                               : std::vector<std::string>{};
    if (c.empty())
      return CC_REFRESH_BEEP;
    std::string common = commonPrefix(c);
    if (common.size() > word.size()) {
      std::string add = common.substr(word.size());
      if (c.size() == 1 && add.back() != ':') // `saxpy.cu:` goes on with a line
        add += ' ';
      el_insertstr(el, add.c_str());
      return CC_REFRESH;
    }
    if (c.size() == 1) {
      el_insertstr(el, " ");
      return CC_REFRESH;
    }
    // Several candidates and nothing to add: list them under the line.
    std::string out = "\n";
    size_t width = 0;
    for (const std::string &s : c)
      width = std::max(width, s.size());
    width += 2;
    size_t perRow = std::max<size_t>(1, 78 / width), col = 0;
    for (const std::string &s : c) {
      out += s;
      if (++col == perRow) {
        out += '\n';
        col = 0;
      } else {
        out += std::string(width - s.size(), ' ');
      }
    }
    if (col)
      out += '\n';
    std::fputs(out.c_str(), stdout);
    std::fflush(stdout);
    return CC_REDISPLAY;
  }

  std::string prompt_;
  Completer completer_;
  std::string historyFile_;
  EditLine *el_ = nullptr;
  History *hist_ = nullptr;
  HistEvent ev_{};
};
#endif

} // namespace

namespace {
bool typedNow = false;
} // namespace

bool typedAtTerminal() { return typedNow; }
void setTypedAtTerminal(bool typed) { typedNow = typed; }

bool PromptReader::read(std::string &line) {
  if (!reader_)
    reader_ = makeLineReader("(simt-dbg) ", completer_, defaultHistoryFile());
  if (!reader_->read(line))
    return false;
  typedNow = isatty(STDIN_FILENO);
  line = repeat_.apply(std::move(line));
  return true;
}

std::string LineRepeater::apply(std::string line) {
  const size_t first = line.find_first_not_of(" \t");
  if (first == std::string::npos)
    return last_;
  std::string word = line.substr(first);
  word = word.substr(0, word.find_first_of(" \t/"));
  static const char *const repeatable[] = {
      "stepi", "si", "nexti", "ni", "step", "s", "next", "n", "continue", "c",
      "reverse-stepi", "rsi", "reverse-step", "rs", "reverse-next", "rn"};
  last_.clear();
  for (const char *r : repeatable)
    if (word == r)
      last_ = line;
  return line;
}

std::unique_ptr<LineReader> makeLineReader(const std::string &prompt, Completer completer,
                                           const std::string &historyFile) {
#if SIMT_HAVE_LIBEDIT
  if (isatty(STDIN_FILENO) && isatty(STDOUT_FILENO))
    return std::make_unique<EditReader>(prompt, std::move(completer), historyFile);
#else
  (void)completer;
  (void)historyFile;
#endif
  return std::make_unique<PlainReader>(prompt);
}

} // namespace simt::dbg
