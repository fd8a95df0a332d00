//===-- SourceView.cpp - Source positions of loaded kernels (simt-dbg) ----===//
#include "dbg/SourceView.h"

#include "runtime/DeviceSession.h"
#include "runtime/SourceBacktrace.h"
#include "runtime/SourceNames.h"

#include "llvm/Support/Path.h"

#include <algorithm>

namespace simt::dbg {

namespace {

const rt::ImageSection *sectionNamed(const rt::LoadedKernel &k, const std::string &elfName) {
  for (const rt::ImageSection &s : k.sections)
    if (s.section == elfName)
      return &s;
  return nullptr;
}

} // namespace

const rt::SourceLines *linesOf(const rt::LoadedKernel &k) { return k.lines.get(); }

std::optional<rt::SourcePos> sourcePos(const rt::LoadedKernel &k, uint64_t pc) {
  return rt::sourcePosOf(k, pc);
}

bool startsLine(const rt::LoadedKernel &k, uint64_t pc) {
  const std::optional<rt::SourcePos> here = sourcePos(k, pc);
  if (!here || pc < 8)
    return true;
  const std::optional<rt::SourcePos> before = sourcePos(k, pc - 8);
  return !before || before->line != here->line || before->file != here->file;
}

std::vector<LineRange> lineRanges(const rt::LoadedKernel &k, std::string_view file,
                                  unsigned line, unsigned *actualLine) {
  const rt::SourceLines *t = linesOf(k);
  if (!t)
    return {};
  const std::string path = t->findFile(llvm::StringRef(file.data(), file.size()));
  if (path.empty())
    return {};
  const std::vector<unsigned> lines = t->linesOf(path);
  auto at = std::lower_bound(lines.begin(), lines.end(), line);
  if (at == lines.end())
    return {};
  if (actualLine)
    *actualLine = *at;
  std::vector<LineRange> out;
  for (const rt::CodeRange &r : t->rangesOf(path, *at))
    if (const rt::ImageSection *sec = sectionNamed(k, r.section))
      out.push_back({sec->addr + r.begin, sec->addr + r.end});
  std::sort(out.begin(), out.end(), [](const LineRange &a, const LineRange &b) {
    return a.begin < b.begin;
  });
  return out;
}

std::string findSourceFile(const rt::DeviceSession &s, std::string_view name) {
  for (const rt::LoadedKernel *k : s.kernels())
    if (const rt::SourceLines *t = linesOf(*k)) {
      std::string path = t->findFile(llvm::StringRef(name.data(), name.size()));
      if (!path.empty())
        return path;
    }
  return "";
}

std::vector<std::string> sourceFiles(const rt::DeviceSession &s) {
  std::vector<std::string> out;
  for (const rt::LoadedKernel *k : s.kernels())
    if (const rt::SourceLines *t = linesOf(*k))
      for (const std::string &f : t->files())
        if (std::find(out.begin(), out.end(), f) == out.end())
          out.push_back(f);
  return out;
}

std::optional<std::string> sourceText(const std::string &path, unsigned line) {
  const std::vector<std::string> *lines = rt::sourceFileLines(path);
  if (!lines || line == 0 || line > lines->size())
    return std::nullopt;
  return (*lines)[line - 1];
}

unsigned sourceLineCount(const std::string &path) {
  const std::vector<std::string> *lines = rt::sourceFileLines(path);
  return lines ? unsigned(lines->size()) : 0;
}

std::string fileName(const std::string &path) { return rt::compiledName(path); }

std::string positionText(const rt::SourcePos &p) {
  return fileName(p.file) + ":" + std::to_string(p.line);
}

std::string sourceLineText(const std::string &path, unsigned line) {
  if (auto text = sourceText(path, line))
    return std::to_string(line) + "\t" + *text;
  return std::to_string(line) + "\tin " + fileName(path);
}

} // namespace simt::dbg
