//===-- Views.h - Tables of lanes, registers, predicates, SIMT stack ------===//
//
// Everything the debugger shows about warps as text: a value across the 32
// lanes of a warp (inactive lanes in parentheses, exited lanes as x), the
// resident warps, each lane's state and where it resumes, predicates and CC
// flags as lane bitmaps, the SIMT stack with where each token lives (on-chip
// entry, spill slot, or both when clean) and the stack cache's thread sets.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "dbg/Expr.h"
#include "dbg/Focus.h"
#include "emu/device/Facade.h"

#include <ostream>
#include <string>
#include <vector>

namespace simt::dbg {

class ValueHistory;

class Debugger;

/// "0x0000aaaa"
std::string hex32(uint32_t v);
/// One value in format x d u f t (or 0: the natural default).
/// Without a format: hex for `hex` values, else decimal (a single value
/// adds its hex form when that says more).
std::string formatScalar(const Scalar &v, char format, unsigned width, bool isFloat,
                         bool hex, bool table = false);
/// One value as gdb's print/FMT writes it: x, o and t with no leading
/// zeros (the value's bits at its width), z in hex at its full width, c as
/// the number and its character; d, u and f as formatScalar.
std::string gdbFormatScalar(const Scalar &v, char format, unsigned width, bool isFloat);
/// A float (width 32) or double as gdb prints one: %g with 9 or 17
/// significant digits (0.1f is 0.100000001), "inf", "-nan(0x400000)".
std::string gdbFloatText(double v, unsigned width);
/// Checks a print/x format letter (x d u o t z f c); throws CommandError
/// otherwise.
char formatLetter(const std::string &format);

/// `display`: "EXPR = value", or the lane table of a per-lane expression; a
/// C expression (Expr::isC) with its C type, for the focused lane. With
/// `history` (`print`), a single value is numbered there: "$1 = value".
void printValue(Debugger &d, std::ostream &os, const Expr &e, const std::string &format,
                const EvalScope &scope, ValueHistory *history = nullptr);
/// The focused lane's value of `e` as print writes it after "$N = " (for
/// `output` and `printf`): a C value with its type, else the number.
std::string laneValueText(Debugger &d, const Expr &e, const std::string &format,
                          const EvalScope &scope);
/// `print -lanes`: a C expression (Expr::isC) for each lane of the focused
/// warp that has not exited (a table when the values are short, else a lane a line).
void printValueLanes(std::ostream &os, const Expr &e, const std::string &format,
                     const EvalScope &scope);
/// A per-lane value of the focused warp as a table, 8 lanes a row.
void printLaneTable(std::ostream &os, const EvalResult &r, emu::WarpView w, char format);
/// The same of texts (empty for lanes without one), perRow lanes a row.
void printLaneCells(std::ostream &os, const std::vector<std::string> &cells, emu::WarpView w,
                    unsigned perRow);

void printWarps(Debugger &d, std::ostream &os);
void printLanes(Debugger &d, std::ostream &os, emu::WarpView w);
/// "SYNC token, level 0": the token holding a waiting lane.
std::string tokenText(const LaneState &st);
/// What a waiting lane waits for and where it resumes: "waiting at the
/// join 0x01b0 <k+0x1b0>", "waiting to run its path from 0x0168 <k+0x168>".
std::string waitingText(Debugger &d, emu::WarpView w, const LaneState &st);
/// "lane 1 is active", "lane 1 has exited", "lane 1 is not active: waiting
/// at the join 0x01b0 <k+0x1b0> (SYNC token, level 0)".
std::string laneStateText(Debugger &d, emu::WarpView w, uint32_t lane);
void printSimtStack(Debugger &d, std::ostream &os, emu::WarpView w);
void printPredicates(std::ostream &os, emu::WarpView w);
/// `info registers`: `regs` empty = every register of the kernel, P0-P6, CC.
void printRegisters(Debugger &d, std::ostream &os, emu::WarpView w, uint32_t lane,
                    const std::vector<std::string> &regs);

} // namespace simt::dbg
