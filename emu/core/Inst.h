//===-- Inst.h - The emulator's compact decoded instruction ---------------===//
//
// Each kernel is decoded once at load time (runtime/Decoder.cpp, through the
// LLVM MC disassembler) into an array of Inst; the hot loop never sees LLVM
// or raw encodings. The opcode list and the modifier groups are generated
// from the TableGen records (build/isa/SIMTInstrs.def, SIMTModGroups.h,
// SIMTInstrEnums.h).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "SIMTInstrEnums.h"
#include "SIMTModGroups.h"

#include <cstdint>

namespace simt::emu {

/// One emulator opcode per TableGen instruction record (ATOMCAS, BARRED,
/// BRAcc... keep their record names).
enum class Op : uint16_t {
#define SIMT_INSTR(Rec, Mnemonic, SemClass, Opcode, MayDiverge, IsControl,     \
                   WritesCC, MemSpace, ...)                                    \
  Rec,
#include "SIMTInstrs.def"
  NumOps
};

/// Register index that reads zero and discards writes.
inline constexpr uint8_t RZ = 63;
/// Predicate index that reads true and discards writes.
inline constexpr uint8_t PT = 7;

/// A predicate source {!}Pn (also the guard).
struct PredRef {
  uint8_t idx = PT;
  bool neg = false;
};

/// A register source with its modifiers: `-R`, `|R|`, `~R`, and VSETP's
/// sub-word selector (a SIMT::SubWord value).
struct RegRef {
  uint8_t reg = RZ;
  bool neg = false;
  bool abs = false;
  bool inv = false;
  uint8_t sel = 0;
};

enum class SrcKind : uint8_t { Reg, Imm, Const };

/// The Sb operand. For Imm, `value` is already the 32-bit operand value:
/// integer forms sign-extend the 20-bit field, float forms shift it to the
/// top (field << 12), double forms give the high word of the double (the low
/// word is 0). For Const, bank/offset name the constant word.
struct SrcB {
  SrcKind kind = SrcKind::Reg;
  RegRef reg;          // kind == Reg: the register; neg/abs/inv apply to a
                       // register or a constant (never set on immediates)
  uint32_t value = 0;  // kind == Imm
  uint8_t bank = 0;    // kind == Const
  uint32_t offset = 0; // kind == Const, byte offset
};

/// A decoded instruction. Fields an instruction does not have keep their
/// defaults; `mod` holds every modifier group's value (defaults filled in).
struct Inst {
  Op op = Op::NumOps;
  uint32_t pc = 0;          // byte address in the kernel image
  PredRef guard;            // @Pn / @!Pn; PT when absent
  bool popSync = false;     // the .S bit
  uint8_t fast = 0;         // its plain form (emu/core/FastForms.h), 0: none
  uint8_t mod[SIMT::NumModGroups] = {};

  uint8_t rd = RZ;          // destination (or the stored register of ST/STS/...)
  RegRef ra, rb, rc;        // rb: the second register of ATOM/ST/VSETP forms
  SrcB sb;                  // Sb, also BAR's barrier id
  SrcB sc;                  // a constant third source (IMADrc, FFMArc, ...:
                            // kind Const); otherwise kind Reg and Rc is rc
  uint8_t pu = PT, pv = PT, pd = PT;  // predicate destinations
  PredRef pp, pq, pr, ps;             // predicate sources

  uint32_t imm = 0;         // Imm32/FImm32 bits, shift/mask/BPT code, S2R's
                            // special register index, BRA's CC test
  uint8_t memBase = RZ;     // [Ra+offset] of memory ops, BRX/JMX's Ra
  int32_t memOffset = 0;
  uint8_t constBank = 0;    // LDC's c[bank][Ra+offset]
  uint32_t target = 0;      // branch target, byte address in the kernel image

  uint32_t modOf(SIMT::ModGroup g) const { return mod[g]; }
  /// The value of group G as the enum generated for it (SIMT::Width, ...).
  template <SIMT::ModGroup G> SIMT::ModValue<G> modValue() const {
    return SIMT::ModValue<G>(mod[G]);
  }
};

/// Static facts about each opcode, generated from the records: what the
/// emulator, its checkers and the profiler ask of an instruction is here,
/// never a test of opcodes or mnemonics of their own.
struct OpInfo {
  const char *record;
  const char *mnemonic;
  SIMT::SemClass semClass; // the emu/sem/ file of its semantics
  uint8_t encoding;       // the opcode field, bits 56..63
  bool mayDiverge;
  bool isControl;
  bool writesCC;
  const char *memSpace;   // "", "global", "shared", "local", "const"
  bool mayLoad, mayStore; // reads / writes memory (atomics both)
  bool isBranch, isCall, isReturn;
  SIMT::ModGroup accessSize; // the group whose value's bytes a lane's
                             // access moves (bytesOf), or NumModGroups
  bool isBarrier;         // a CTA barrier: the warp waits for its CTA
  bool isWarpBarrier;     // the warp-level barrier (__syncwarp)
  SIMT::CountedEvent event; // what the profiler counts it as, or None
  bool isAtomic;          // a global atomic or reduction
  bool isLock;            // a lock's load (LDLK) or store (STUL), any space
  bool isCountedBarrier;  // a barrier of a thread count (BAR.SYNC id, n; BAR.ARV)

  /// The load that tries to take a lock: Pd says, lane by lane, whether it did.
  bool isLockLoad() const { return isLock && mayLoad; }
};

inline constexpr OpInfo OpTable[] = {
#define SIMT_INSTR(Rec, Mnemonic, Class, Opcode, MayDiverge, IsControl,        \
                   WritesCC, MemSpace, MayLoad, MayStore, IsBranch, IsCall,    \
                   IsReturn, AccessSize, IsBarrier, IsWarpBarrier, Counts,     \
                   IsAtomic, IsLock, IsCountedBarrier)                         \
  {#Rec, Mnemonic, SIMT::SemClass::Class, Opcode, MayDiverge != 0,             \
   IsControl != 0, WritesCC != 0, MemSpace, MayLoad != 0, MayStore != 0,       \
   IsBranch != 0, IsCall != 0, IsReturn != 0, AccessSize, IsBarrier != 0,      \
   IsWarpBarrier != 0, SIMT::CountedEvent::Counts, IsAtomic != 0, IsLock != 0, \
   IsCountedBarrier != 0},
#include "SIMTInstrs.def"
};

inline const OpInfo &opInfo(Op op) { return OpTable[static_cast<unsigned>(op)]; }

} // namespace simt::emu
