//===-- LinkSystemCalls.cpp - The PTX system calls a module leaves out ----===//
#include "cc/passes/LinkSystemCalls.h"
#include "cc/ptx/Diagnostics.h"
#include "cc/ptx/PTXIR.h"
#include "cc/ptx/PTXParser.h"
#include "cc/ptx/PTXSymbols.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <vector>

using namespace llvm;

namespace simt::cc {

namespace {

/// cc/syscalls/SystemCalls.ptx, embedded by the build (cc/passes/CMakeLists.txt).
constexpr char LibraryPTX[] =
#include "cc/passes/SystemCallsPTX.inc"
    ;

constexpr StringLiteral SystemCalls[] = {"malloc", "free", "__assertfail"};

} // namespace

bool linkSystemCalls(Module &M, Diagnostics &Diag) {
  // The system calls M declares without a body and uses.
  StringSet<> Used;
  for (const auto &F : M.Functions)
    forEachSymbol(*F, [&](const Operand &Op) { Used.insert(Op.Name); });
  std::vector<std::string> Work;
  for (StringRef Name : SystemCalls)
    if (const Function *F = M.function(Name); F && !F->HasBody && Used.contains(Name))
      Work.emplace_back(Name);
  if (Work.empty() || M.AddressSize != 64)
    return true;
  SourceMgr &SM = Diag.sourceMgr();
  unsigned Buf = SM.AddNewSourceBuffer(
      MemoryBuffer::getMemBuffer(StringRef(LibraryPTX, sizeof(LibraryPTX) - 1),
                                 "<PTX system calls>", /*RequiresNullTerminator=*/true),
      SMLoc());
  std::unique_ptr<Module> Library = parsePTX(Buf, Diag);
  if (!Library)
    return false;
  // What the calls use, transitively: functions by their calls and
  // variables by their names (the library's only references).
  StringSet<> Functions, Variables;
  while (!Work.empty()) {
    std::string Name = std::move(Work.back());
    Work.pop_back();
    const Function *F = Library->function(Name);
    if (!F || !Functions.insert(Name).second)
      continue;
    forEachSymbol(*F, [&](const Operand &Op) {
      if (Library->function(Op.Name))
        Work.push_back(Op.Name);
      else if (Library->global(Op.Name))
        Variables.insert(Op.Name);
    });
  }
  for (const VarDecl &V : Library->Globals)
    if (Variables.contains(V.Name) && !M.global(V.Name))
      M.addGlobal(V);
  for (auto &F : Library->Functions) {
    if (!Functions.contains(F->Name))
      continue;
    const Function *Own = M.function(F->Name);
    // A body of the module's own stays; so does its declaration of what
    // the library only declares (vprintf).
    if (Own && (Own->HasBody || !F->HasBody))
      continue;
    M.adoptFunction(std::move(F));
  }
  return true;
}

} // namespace simt::cc
