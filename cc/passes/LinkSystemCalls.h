//===-- LinkSystemCalls.h - The PTX system calls a module leaves out ------===//
//
// The PTX ISA's system calls (malloc, free, __assertfail; vprintf too, which
// the printf pass lowers) are declared by a module (`.extern .func`) and
// supplied by the assembler: nvcc's PTX calls them so for every device
// malloc, free and assert. linkSystemCalls gives such a module the
// toolchain's own bodies, the device heap and the device assert that CUDA C
// gets from cc/headers (cc/syscalls/SystemCalls.ptx, clang's PTX of them).
//
//===----------------------------------------------------------------------===//
#pragma once

namespace simt::cc {

class Diagnostics;
class Module;

/// Adds to M the bodies of the system calls it declares without one, with
/// the functions and variables they use (a name M has stays M's). Modules
/// of 32-bit addresses are left as they are: their calls stay errors.
/// False on errors reported.
bool linkSystemCalls(Module &M, Diagnostics &Diag);

} // namespace simt::cc
