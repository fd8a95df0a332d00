//===-- OrcJitCompiler.h - The JIT's compiler on LLVM's ORC ---------------===//
//
// The one implementation of emu::JitCompiler (emu/core/Jit.h). Whoever makes
// a device with --jit on or auto (runtime/DeviceSession.cpp, simt-bench)
// makes one and hands it to Device::setJitCompiler.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "emu/core/Jit.h"

#include <cstdint>
#include <memory>
#include <string>

namespace simt::emu::jit {

/// A compiler for code of this host whose code cache holds at most
/// `cacheLimit` instructions and that compiles a run in --jit auto once
/// `hotIssues` warp-instructions per instruction of it were interpreted;
/// or null with `error` set.
std::shared_ptr<JitCompiler> makeOrcJitCompiler(uint64_t cacheLimit, uint64_t hotIssues,
                                                std::string &error);

} // namespace simt::emu::jit
