//===-- StartMain.cpp - The first prompt, before the program's main -------===//
//
// libsimt-dbg-cudart.so is preloaded into the program, so its
// __libc_start_main is the one the program's entry point calls: it hands
// glibc's own a main that gives the debugger's first prompt, once the
// program's constructors (clang's registration of its kernels among them)
// have run, and then calls the program's main.
//
//===----------------------------------------------------------------------===//
#include "dbg/program/ProgramAgent.h"

#include <dlfcn.h>

namespace {
using MainFn = int (*)(int, char **, char **);
MainFn programMain = nullptr;

int mainUnderDebugger(int argc, char **argv, char **envp) {
  if (simt::dbg::ProgramAgent *agent = simt::dbg::ProgramAgent::fromEnvironment())
    agent->beforeMain(argc, argv);
  return programMain(argc, argv, envp);
}
} // namespace

extern "C" int __libc_start_main(MainFn main, int argc, char **argv, void (*init)(),
                                 void (*fini)(), void (*rtldFini)(), void *stackEnd) {
  using StartFn = int (*)(MainFn, int, char **, void (*)(), void (*)(), void (*)(), void *);
  auto real = reinterpret_cast<StartFn>(dlsym(RTLD_NEXT, "__libc_start_main"));
  programMain = main;
  return real(mainUnderDebugger, argc, argv, init, fini, rtldFini, stackEnd);
}
