//===-- OrcJitCompiler.h - The JIT's compiler on LLVM's ORC ---------------===//
//
// The one implementation of emu::JitCompiler (emu/core/Jit.h). Whoever makes
// a device with --jit on or auto (runtime/DeviceSession.cpp, simt-bench)
// makes one and hands it to Device::setJitCompiler.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "emu/core/Jit.h"

#include <memory>
#include <string>

namespace simt::emu::jit {

/// A compiler for code of this host, or null with `error` set.
std::shared_ptr<JitCompiler> makeOrcJitCompiler(std::string &error);

} // namespace simt::emu::jit
