//===-- SourceNames.cpp - Source files named as they were compiled --------===//
#include "runtime/SourceNames.h"

#include "llvm/BinaryFormat/Dwarf.h"
#include "llvm/DebugInfo/DWARF/DWARFContext.h"
#include "llvm/DebugInfo/DWARF/DWARFUnit.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Support/Path.h"

#include <mutex>
#include <set>
#include <utility>

using namespace llvm;

namespace simt::rt {

namespace {
/// Units compiled by a relative name: (their source's directory, the
/// compilation directory), both absolute.
struct RelativeUnits {
  std::mutex lock;
  std::set<std::pair<std::string, std::string>> dirs;
  std::set<std::string> readFiles;
  std::set<std::string> lineTableOnly; // files of objects without units
};

RelativeUnits &units() {
  static RelativeUnits u;
  return u;
}

/// Whether `path` is `dir` or lies below it.
bool under(StringRef path, StringRef dir) {
  return path.starts_with(dir) &&
         (path.size() == dir.size() || sys::path::is_separator(path[dir.size()]));
}
} // namespace

void noteCompileUnits(DWARFContext &dwarf, const std::vector<std::string> &files) {
  std::set<std::pair<std::string, std::string>> found;
  if (dwarf.getNumCompileUnits() == 0) {
    RelativeUnits &u = units();
    std::lock_guard<std::mutex> hold(u.lock);
    u.lineTableOnly.insert(files.begin(), files.end());
    return;
  }
  for (const auto &cu : dwarf.compile_units()) {
    DWARFDie unit = cu->getUnitDIE(/*ExtractUnitDIEOnly=*/true);
    const char *name = dwarf::toString(unit.find(dwarf::DW_AT_name), "");
    const char *dir = dwarf::toString(unit.find(dwarf::DW_AT_comp_dir), "");
    if (!*name || !*dir || !sys::path::is_absolute(dir) || sys::path::is_absolute(name))
      continue;
    SmallString<256> source(dir);
    sys::path::append(source, name);
    sys::path::remove_dots(source, /*remove_dot_dot=*/true);
    found.emplace(sys::path::parent_path(source).str(), dir);
  }
  RelativeUnits &u = units();
  std::lock_guard<std::mutex> hold(u.lock);
  u.dirs.insert(found.begin(), found.end());
}

void noteCompileUnitsOf(const std::string &path) {
  {
    RelativeUnits &u = units();
    std::lock_guard<std::mutex> hold(u.lock);
    if (!u.readFiles.insert(path).second)
      return;
  }
  llvm::Expected<object::OwningBinary<object::ObjectFile>> file =
      object::ObjectFile::createObjectFile(path);
  if (!file) {
    consumeError(file.takeError());
    return;
  }
  std::unique_ptr<DWARFContext> dwarf = DWARFContext::create(*file->getBinary());
  noteCompileUnits(*dwarf);
}

std::string compiledName(const std::string &path) {
  RelativeUnits &u = units();
  std::lock_guard<std::mutex> hold(u.lock);
  if (u.lineTableOnly.count(path))
    return sys::path::filename(path).str();
  for (const auto &[sourceDir, compDir] : u.dirs)
    if (under(path, sourceDir) && under(path, compDir) && path.size() > compDir.size())
      return path.substr(compDir.size() + 1);
  return path;
}

} // namespace simt::rt
