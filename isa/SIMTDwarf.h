//===-- SIMTDwarf.h - DWARF numbering of this ISA's registers and spaces --===//
//
// What the DWARF that simt-cc writes (cc/emit/DebugInfo.h) and simt-dbg
// reads (dbg/Variables.h) means by a register number and an address class,
// in one place (docs/tools/simt-cc.md, "Debug information", documents it):
//
// - DW_OP_regN / DW_OP_bregN / DW_OP_regx N: R0..R62 are 0..62; a 64-bit
//   value in a pair is `DW_OP_regN DW_OP_piece 4 DW_OP_reg(N+1) DW_OP_piece
//   4`; P0..P6 are 64..70 (a predicate reads as 0 or 1).
// - DW_AT_address_class on a variable says which memory its location
//   addresses; on a pointer type, which memory the pointer points into
//   (no class: global, as a generic pointer of no window is). The numbers
//   are NVIDIA's where it has the space (its DWARF for PTX uses them too),
//   and this ISA's own above 0x100:
//   - Global (5): a global (device) address.
//   - Local (6): an offset in the lane's local window.
//   - Param (7): an offset in constant bank 0 (the launch block, whose
//     kernel parameters start at 0x20).
//   - Shared (8): an offset in the CTA's shared window.
//   - Const (4): a user constant bank and an offset, `bank << 16 | offset`.
//   - GlobalBlock (0x101): an offset in the object's global-variable block
//     (`__device__` variables), whose address a launch finds in
//     c[0x1][0x108].
//   - WindowUnknown (0x102), for pointers only: into shared, local or
//     constant memory, which one decided at run time (the debugger shows
//     the value but cannot follow it).
// - DW_AT_SIMT_pointer_spaces (0x3f40, a block) on a variable: the pointers
//   it holds (itself, or members and elements at byte offsets in it) that
//   point into a window, not global memory: ULEB128 pairs (offset, class),
//   a Const class followed by its bank. CUDA's pointers are generic, this
//   ISA's are not: a shared or local pointer is a window offset, except in
//   a module that gives a space a generic window (below), whose pointers
//   into that space are addresses in the window: a pointer of any class
//   but local and constant that holds an address in the shared window
//   [kSharedWindowBase, kSharedWindowBase + kWindowBytes) points into shared
//   memory at its offset in the window; one of any class but constant in
//   the local window into the lane's local memory; one of any class but
//   shared and local in the constant window into the constant bank of the
//   module's `__constant__` variables (a constant pointer's bank, else the
//   bank of the variables of the focused kernel's module).
// - A subprogram's DW_AT_frame_base is the base of its frame in the local
//   window: R1 (the stack pointer) less an offset in functions with a
//   frame (a location list: R1 moves in the prologue, the epilogue and
//   around calls), the constant 0 in kernels whose `.local` window starts
//   at 0. Local variables are DW_OP_fbreg OFFSET with class Local.
//
//===----------------------------------------------------------------------===//
#ifndef SIMT_ISA_SIMTDWARF_H
#define SIMT_ISA_SIMTDWARF_H

#include <cstdint>

namespace simt::dwarfabi {

inline constexpr unsigned kFirstPredRegNum = 64; // P0
inline constexpr unsigned kNumPreds = 7;          // P0..P6
inline constexpr unsigned kStackPointerRegNum = 1; // R1

enum AddressClass : uint16_t {
  Generic = 0, // no class: a global address
  Const = 4,
  Global = 5,
  Local = 6,
  Param = 7,
  Shared = 8,
  GlobalBlock = 0x101,
  WindowUnknown = 0x102,
};

inline constexpr uint16_t DW_AT_SIMT_pointer_spaces = 0x3f40;

/// Const class addresses: `bank << kConstBankShift | offset`.
inline constexpr unsigned kConstBankShift = 16;

/// The generic windows of a module whose shared, local or constant
/// pointers go through memory or through calls of several spaces
/// (cc/passes/InferAddressSpaces.h): window k is [k << 24, (k + 1) << 24),
/// the addresses whose bits above the 24th are exactly k (the compiler's
/// run-time space tag): 1 shared (the CTA's shared memory at the address's
/// offset in the window), 2 local (the lane's local memory), 3 constant (the
/// module's `__constant__` bank). All lie below every global allocation
/// (AddressSpace.h), so that a global access there faults.
inline constexpr unsigned kWindowShift = 24;
inline constexpr uint64_t kWindowBytes = uint64_t(1) << kWindowShift;
inline constexpr uint64_t kSharedWindowBase = 1 * kWindowBytes;
inline constexpr uint64_t kLocalWindowBase = 2 * kWindowBytes;
inline constexpr uint64_t kConstWindowBase = 3 * kWindowBytes;
inline constexpr uint64_t kSharedWindowBytes = kWindowBytes;

} // namespace simt::dwarfabi

#endif // SIMT_ISA_SIMTDWARF_H
