//===-- FuzzSupport.cpp - What the libFuzzer targets share ----------------===//
#include "fuzz/FuzzSupport.h"

#include "asm/Assembler.h"
#include "support/InputFile.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>

namespace simt::fuzz {

const std::string &scratchDir() {
  static const std::string Dir = [] {
    char Template[] = "/tmp/simt-fuzz-XXXXXX";
    if (!mkdtemp(Template)) {
      std::perror("simt fuzz: mkdtemp");
      std::abort();
    }
    return std::string(Template);
  }();
  return Dir;
}

const std::string &exampleObject(const std::string &name) {
  static std::map<std::string, std::string> Paths;
  auto It = Paths.find(name);
  if (It != Paths.end())
    return It->second;
  const std::string Src = std::string(SIMT_SOURCE_DIR) + "/examples/" + name + ".s";
  auto Text = readInputFile(Src, InputKind::AsmSource);
  llvm::SmallString<0> Obj;
  llvm::raw_svector_ostream OS(Obj);
  as::AssembleOptions Opts;
  Opts.FileName = Src;
  if (!Text || as::assemble(*Text, Opts, OS, llvm::errs()) != 0) {
    std::fprintf(stderr, "simt fuzz: cannot assemble %s\n", Src.c_str());
    std::abort();
  }
  const std::string Path = scratchDir() + "/" + name + ".o";
  std::ofstream(Path, std::ios::binary).write(Obj.data(), std::streamsize(Obj.size()));
  return Paths[name] = Path;
}

} // namespace simt::fuzz
