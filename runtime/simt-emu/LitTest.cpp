//===-- LitTest.cpp - A passing run script as a lit test ------------------===//
#include "runtime/simt-emu/LitTest.h"

#include <fstream>
#include <set>

namespace simt::rt {

namespace fs = std::filesystem;

namespace {

/// The files a script reads, as it names them (relative to its folder).
std::set<std::string> filesRead(const Script &script) {
  std::set<std::string> out;
  for (const Command &c : script.commands) {
    if (const auto *l = std::get_if<LoadCommand>(&c.op))
      out.insert(l->path);
    else if (const auto *a = std::get_if<AllocCommand>(&c.op)) {
      if (const auto *f = std::get_if<InitFile>(&a->init))
        out.insert(f->path);
    } else if (const auto *w = std::get_if<WriteCommand>(&c.op)) {
      if (w->file)
        out.insert(w->file->path);
    } else if (const auto *e = std::get_if<ExpectCommand>(&c.op)) {
      if (e->file)
        out.insert(e->file->path);
    }
  }
  return out;
}

/// `s` quoted for lit's shell if it needs to be.
std::string shellWord(const std::string &s) {
  if (!s.empty() && s.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                        "0123456789-_=.,/:+%@") == std::string::npos)
    return s;
  std::string out = "'";
  for (char c : s)
    out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

Status copyInto(const fs::path &from, const fs::path &to) {
  std::error_code ec;
  fs::create_directories(to.parent_path(), ec);
  if (!ec)
    fs::copy_file(from, to, fs::copy_options::overwrite_existing, ec);
  if (ec)
    return makeError("--lit-test: cannot copy '" + from.string() + "' to '" + to.string() +
                     "': " + ec.message());
  return {};
}

} // namespace

Status writeLitTest(const fs::path &test, const LitTestRun &run) {
  const std::string name = test.stem().string();
  const fs::path inputs = test.parent_path() / "Inputs" / name;
  const fs::path scriptDir = run.script.parent_path();
  std::error_code ec;
  fs::remove_all(inputs, ec);
  for (const std::string &file : filesRead(*run.parsed)) {
    const fs::path rel = fs::path(file).lexically_normal();
    if (rel.is_absolute() || rel.empty() || *rel.begin() == "..")
      return makeError("--lit-test: the script reads '" + file +
                       "', outside its folder: the test could not take it along");
    if (Status st = copyInto(scriptDir / rel, inputs / rel); !st)
      return st;
  }
  const std::string at = "%S/Inputs/" + name + "/";
  std::string command = "simt-emu";
  if (!run.object.empty()) {
    if (Status st = copyInto(run.object, inputs / run.object.filename()); !st)
      return st;
    command += " " + shellWord(at + run.object.filename().string());
  }
  const std::string script = run.script.filename().string();
  if (Status st = copyInto(run.script, inputs / script); !st)
    return st;
  command += " " + shellWord(at + script);
  for (const std::string &flag : run.flags)
    command += " " + shellWord(flag);

  std::ofstream out(test);
  out << "# " << script << ", which passed when `simt-emu --lit-test` wrote this test: it\n"
      << "# fails if the run computes (or prints) anything else. Inputs: Inputs/" << name
      << "/.\n";
  if (run.printed.empty()) {
    out << "RUN: " << command << "\n";
  } else {
    const std::string expected = run.script.stem().string() + ".stdout";
    std::ofstream(inputs / expected) << run.printed;
    out << "RUN: " << command << " > %t.out\n"
        << "RUN: diff " << at << expected << " %t.out\n";
  }
  if (!out)
    return makeError("--lit-test: cannot write '" + test.string() + "'");
  return {};
}

} // namespace simt::rt
