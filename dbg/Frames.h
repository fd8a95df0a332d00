//===-- Frames.h - gdb's one-line description of a device frame -----------===//
//
// What a stop, `frame` and `backtrace` print for a frame, as cuda-gdb does:
//   scale<<<(2,1,1),(64,1,1)>>> (x=0x7ffdd3e00000, a=2, n=70) at two_kernels.cu:14
//   digit_sum (x=9) at walk.cu:10
//   0x0000000000000048 in diverge<<<(1,1,1),(64,1,1)>>> ()
// The kernel's frame carries the launch's shape; the arguments are the
// focused lane's, scalars by value and aggregates as `...` (gdb's default
// `print frame-arguments scalars`); the address leads when the pc is not
// where a line's code begins, or there are no line tables.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "emu/device/Facade.h"
#include "runtime/SourceLines.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace simt::rt {
struct LoadedKernel;
}

namespace simt::dbg {

class Debugger;
struct EvalScope;

struct FrameSpec {
  uint32_t pc = 0;          ///< where the frame is (a return address for outer frames)
  uint32_t linePc = 0;      ///< the pc whose line it shows (the call's for outer frames)
  bool showAddress = false; ///< print "0x... in " even at a line's start
  bool withArgs = true;     ///< the arguments' values (frame 0's are the live ones)
  uint32_t level = 0;       ///< its index in framesOf(w) (0: the warp's own pc)
};

/// "scale<<<(2,1,1),(64,1,1)>>> (x=0x7ffdd3e00000, a=2, n=70)": the
/// function at the frame with the arguments in lane `lane` of warp `w`.
std::string frameFunctionText(Debugger &d, emu::WarpView w, uint32_t lane, const FrameSpec &f);
/// The function text with the address before it and the position after
/// it, as gdb's frame lines.
std::string frameText(Debugger &d, emu::WarpView w, uint32_t lane, const FrameSpec &f);
/// Warp w's frames, innermost first: the pc, then each CALL token's return
/// address (its line: the call's; its arguments: not read).
std::vector<FrameSpec> framesOf(emu::WarpView w);
/// The registers that frames 0..n-1 of `frames` (framesOf(w)) and whatever
/// they call may have written since frame n called (bit r: Rr): frame n's
/// values in the others are still its own.
uint64_t registersWrittenBelow(const rt::LoadedKernel &k, emu::WarpView w,
                               const std::vector<FrameSpec> &frames, size_t n);
/// Bytes the function at byte pc `pc` has taken off the stack pointer R1
/// (its prologue's, until an epilogue gives them back); nullopt when its
/// code does not say.
std::optional<uint32_t> stackPointerDrop(const rt::LoadedKernel &k, emu::WarpView w,
                                         uint32_t pc);
/// Makes `sc` frame n's (gdb's `up n`): names resolve at its call and
/// registersWrittenBelow's registers are gone, but for R1, which its
/// callees restore (EvalScope::stackPointerDelta). Frame 0 leaves it as it
/// is.
void enterFrame(EvalScope &sc, const rt::LoadedKernel &k, emu::WarpView w,
                const std::vector<FrameSpec> &frames, size_t n);

/// cuda-gdb's Invocation column: "scale(x=0x7ffdd3e00000, a=2, n=70)", the
/// arguments read in a warp of the grid that runs in the kernel's own frame
/// (else the kernel's demangled signature).
std::string invocationText(Debugger &d, const emu::Grid &g);
/// A demangled name as gdb shows a function: without a template instance's
/// leading return type ("twice<int>(int)" for "int twice<int>(int)").
std::string withoutReturnType(std::string name);
/// gdb's address form: "0x0000000000000048".
std::string frameAddress(uint64_t pc);

/// The source position a frame at byte pc `pc` of w's code shows: the line
/// table's row for it, or, at a call's return point that has no line (the
/// NOP.S that ends the call's path at its join gets line 0,
/// cc/emit/LinePositions.h), the call's: cuda-gdb's line table has the
/// call's line there (`finish` out of `if (c) f();` stops "at x.cu:10").
/// `*borrowed` (if given) says it is the call's: the pc is then within the
/// line, and gdb shows the address. The warp's own pc where inlined calls
/// begin shows the outermost call's line (inlinedCallSiteAt), as gdb's
/// frame does after skipping the inlined frames there.
std::optional<rt::SourcePos> framePosition(const rt::LoadedKernel &k, emu::WarpView w,
                                           uint64_t pc, bool *borrowed = nullptr);

} // namespace simt::dbg
