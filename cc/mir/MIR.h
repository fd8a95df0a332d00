//===-- MIR.h - Selected SIMT instructions on virtual registers -----------===//
//
// The code after instruction selection: blocks of SIMT instructions whose
// operands are laid out exactly as the MC layer's (one slot per MC operand,
// in MCInst order: guard, modifier groups, registers and the sub-operands of
// compound operands), but naming virtual registers. Register allocation
// replaces those by R0..R62/P0..P6, and emission turns each MInst into an
// MCInst slot for slot. The layouts come from the generated
// SIMTOperands.def, so TableGen stays the one source of them.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "cc/ptx/PTXIR.h"

#include "MCTargetDesc/SIMTMCTargetDesc.h"  // the opcodes
#include "MCTargetDesc/SIMTOperandFlags.h"  // the modifier groups and their enums
#include "SIMTOperandRoles.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <cassert>
#include <initializer_list>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace llvm {
class raw_ostream;
}

namespace simt::cc {

struct MBlock;

/// What a virtual register holds: one 32-bit register, an even/odd pair
/// (64-bit values, addresses), or a predicate.
/// GPR64 is an aligned pair (even first register), GPR128 an aligned quad
/// (first register divisible by 4), which only 128-bit accesses use.
enum class RegClass : uint8_t { GPR, GPR64, GPR128, Pred };
/// The 32-bit registers a value of class C takes (a predicate: one).
inline unsigned wordsOf(RegClass C) {
  return C == RegClass::GPR64 ? 2 : C == RegClass::GPR128 ? 4 : 1;
}

struct MOperand {
  enum Kind : uint8_t {
    Imm,   // a modifier value, flags, an immediate, an offset
    VReg,  // a virtual register (Sub selects a word of a pair or quad)
    Zero,  // RZ, or PT in a predicate slot
    Block, // a branch target
    Func,  // a CAL target: a device function of the module (Callee)
  };
  Kind K = Imm;
  uint8_t Sub = 0; // VReg of a pair or quad: 0 the whole, 1 the low word, 2 the next, ...
  unsigned Reg = 0;
  int64_t Value = 0;
  const MBlock *Target = nullptr;
  const Function *Callee = nullptr;

  static MOperand imm(int64_t V) { return {Imm, 0, 0, V, nullptr}; }
  static MOperand vreg(unsigned R, uint8_t Sub = 0) { return {VReg, Sub, R, 0, nullptr}; }
  static MOperand zero() { return {Zero, 0, 0, 0, nullptr}; }
  static MOperand block(const MBlock *B) { return {Block, 0, 0, 0, B}; }
  static MOperand func(const Function *F) { return {Func, 0, 0, 0, nullptr, F}; }
  bool operator==(const MOperand &O) const {
    return K == O.K && Sub == O.Sub && Reg == O.Reg && Value == O.Value && Target == O.Target &&
           Callee == O.Callee;
  }
};

struct MInst {
  unsigned Opcode = 0;
  llvm::SmallVector<MOperand, 12> Ops; // one per MC operand
  const Instruction *Source = nullptr; // the PTX instruction it came from
  /// Registers a CAL or RET reads or writes beyond its MC operands: the
  /// ABI's argument and result registers (virtual registers fixed to them).
  llvm::SmallVector<unsigned, 4> ImplicitUses, ImplicitDefs;
  /// A memory operand at R1 whose offset counts from the caller's R1 (an
  /// argument or result in the stack-argument area): lowerFrame adds the
  /// frame's size once it is known.
  bool CallerFrame = false;
  /// A spill slot's access at R1, its offset from R1 as the function's body
  /// sees it: lowerFrame adds what a call's stack-argument area has moved
  /// R1 by where the access sits between that move and its undoing.
  bool SpillSlot = false;
};

struct MBlock {
  std::string Name;
  const BasicBlock *Source = nullptr; // null for blocks the lowering adds
  std::vector<MInst> Insts;
  /// Where control goes after the last instruction when it is not an
  /// unconditional jump: the next block of the PTX, or one the lowering
  /// chose. Emission adds a BRA when it is not the next in the layout.
  MBlock *FallThrough = nullptr;
  /// A block ending in BRK: the address its BRK token resumes at.
  MBlock *BreakTo = nullptr;

  /// The target of a BRA that ends the block, if any.
  MBlock *branchTarget() const;
  /// Branch target, fall-through and break successor (without duplicates).
  llvm::SmallVector<MBlock *, 2> successors() const;
};

struct VirtReg {
  RegClass Class = RegClass::GPR;
  std::string Name; // the PTX register's name, or %tN for a temporary
  int Fixed = -1;   // the physical register the ABI fixes it to (R1, R4..R15)
  int PTXReg = -1;  // the PTX register it is (Function::Regs), -1: the lowering's
  /// Set by the constants pass when the value is c[bank][offset] throughout
  /// the launch (bank << 16 | offset; a pair's low word): where the debugger
  /// finds it once no register holds it.
  int64_t ConstField = -1;
  /// Written once (whole, or word by word before any read), under its
  /// instruction's guard, and read only under the same guard (a vector
  /// access's quad): a guarded write kills it, so that it does not look
  /// live from the entry.
  bool KilledUnderGuard = false;
};

struct MFunction {
  const Function *Source = nullptr;
  std::vector<std::unique_ptr<MBlock>> Blocks;
  std::vector<VirtReg> VRegs;
  unsigned NumTemps = 0;
  uint64_t SharedBytes = 0, LocalBytes = 0; // static .shared and .local windows
  /// Where instruction selection put each .shared and .local variable the
  /// function uses: its offset in the shared window, or in the local window
  /// (from the frame's base, R1, when Framed). The DWARF's variables.
  llvm::StringMap<uint64_t> VarOffsets;
  /// Device functions, and kernels that call: local memory is a frame at
  /// the stack pointer SP (R1), not the window from 0 (docs/cuda.md, "Device
  /// functions and the ABI").
  bool Framed = false;
  unsigned SP = ~0u;              // the virtual register fixed to R1, when Framed
  /// A device function's stack-argument area, above its frame: what its
  /// callers reserve for the words past R4..R15 (CallABI.h).
  uint64_t StackArgBytes = 0;
  std::vector<const Function *> Callees; // the functions its CALs reach

  unsigned newVReg(RegClass C, std::string Name = "");
  /// A virtual register the ABI fixes to R<Phys>.
  unsigned fixedVReg(unsigned Phys, std::string Name);
  /// A new empty block placed before Before in the layout (at the end when
  /// null).
  MBlock *insertBlock(const MBlock *Before, std::string Name);
  size_t indexOf(const MBlock *B) const;
};

/// How an MC operand slot of an instruction is filled.
enum class SlotKind : uint8_t {
  Guard,    // predicate index | negation << 3 (PT when absent)
  Modifier, // a modifier group's value (or S2R's special register)
  Reg,      // GPR (or the even register of a pair, or a quad's first)
  RegMod,   // register + flags (RM_Neg/RM_Abs/RM_Inv)
  SrcB,     // register + value + flags (SB_Reg/SB_Imm/SB_Const | modifiers)
  Imm,      // a 32-bit or small immediate
  PredDst,  // predicate index (PT discards)
  PredSrc,  // predicate index | negation
  Mem,      // base register + offset
  Other,    // constant addresses, sub-word selectors, CC tests, offsets
  Target,   // branch target
};

struct Slot {
  llvm::StringRef Name;    // as in the .td: rd, ra, sb, x, cc, ... (diagnostics)
  llvm::StringRef TypeDef; // GPROp, SbI, modCC, ...
  SlotKind Kind;
  SIMT::OperandRole Role;  // Rd for $rd, ...; Modifier for every group
  unsigned McIndex, NumSubOps;
  unsigned Group;          // modifier group, or SIMT::NumModGroups
  unsigned Allowed;        // a group's values the slot takes (bit per value)
};

/// The operand slots of a SIMT instruction, in MC order.
llvm::ArrayRef<Slot> slotsOf(unsigned Opcode);
/// The slot of the operand with role Role ($sb: SIMT::OperandRole::Sb), or null.
const Slot *slotOf(unsigned Opcode, SIMT::OperandRole Role);
/// I's operand with role Role (the first MC operand of its slot); I has one.
const MOperand &operandOf(const MInst &I, SIMT::OperandRole Role);
llvm::StringRef mnemonicOf(unsigned Opcode);
/// The value of I's modifier group Group, 0 when I has no such group.
unsigned modifierOf(const MInst &I, unsigned Group);
/// The same as the group's enum: modifierOf<SIMT::MG_Logic>(I) == SIMT::Logic::AND.
template <SIMT::ModGroup G> SIMT::ModValue<G> modifierOf(const MInst &I) {
  return SIMT::ModValue<G>(modifierOf(I, G));
}
/// Whether I runs under a predicate other than PT.
bool isGuarded(const MInst &I);
/// Whether the record's only effect is writing its destination operands
/// (and CC under .CC): the .td's hasSideEffects, memory and control bits.
bool isPure(unsigned Opcode);
/// Whether the record's Ra and Sb may be swapped (the .td's isCommutable;
/// LOP.PASS_B excepted, which reads Sb only).
bool isCommutable(unsigned Opcode);

/// A register-to-register MOV with nothing else to it (no guard, source
/// modifier or .S): `MOV d, s` of whole registers, or one word of a pair
/// (`MOV d.lo, s.lo`). The destination's and source's operands, or null.
std::pair<const MOperand *, const MOperand *> plainCopy(const MInst &I);

/// One register operand of an instruction: a write (Def) or a read.
struct Access {
  unsigned VReg;
  uint8_t Sub;   // as MOperand::Sub
  bool Def;
  bool Kills;    // a whole, unguarded write: the old value is dead before it
  bool Guarded;  // the instruction has a guard
  unsigned McIndex; // the operand's index in MInst::Ops; ~0u: implicit (ABI)
};
/// The register operands I reads and writes, the guard's included.
void accessesOf(const MInst &I, llvm::SmallVectorImpl<Access> &Out);
/// The words of each virtual register some instruction of MF reads: a bit
/// per Access::Sub (1 the low word, 2 the next, up to a quad's 4), all of
/// them for a read of the whole register.
using WordsRead = llvm::DenseMap<unsigned, unsigned>;
WordsRead wordsRead(const MFunction &MF);
/// Erases from MF every instruction `Dead(I, Read)` calls dead, Read being
/// wordsRead(MF) as the round began, round after round until one erases
/// nothing (an erased instruction may leave its sources unread); returns
/// how many it erased.
unsigned eraseUnread(MFunction &MF,
                     llvm::function_ref<bool(const MInst &, const WordsRead &)> Dead);
/// Number of MC operands (sum of the slots' sub-operands).
unsigned numMCOperands(unsigned Opcode);

/// Whether V fits an integer Sb immediate (20 bits, signed).
inline bool fitsSbImm(int64_t V) { return V >= SIMT::SbImmMin && V <= SIMT::SbImmMax; }
/// Whether the float Bits fit a float Sb immediate (its high 20 bits).
inline bool fitsSbFloat(uint32_t Bits) { return (Bits & 0xfff) == 0; }

/// What an Sb operand holds: a register with SB_Neg/SB_Abs/SB_Inv, an
/// immediate's 20-bit field, or a constant c[bank][offset].
struct SrcB {
  MOperand R = MOperand::zero();
  int64_t Field = 0;             // immediate field, or bank << 16 | offset
  unsigned Flags = SIMT::SB_Reg; // kind | modifiers

  /// A register as it is.
  SrcB(MOperand R) : R(R) {}
  static SrcB reg(MOperand R, unsigned Flags = 0) { return SrcB(R, 0, SIMT::SB_Reg | Flags); }
  /// A 20-bit signed integer immediate.
  static SrcB imm(int32_t V) {
    assert(fitsSbImm(V) && "immediate does not fit Sb");
    return field(V & 0xfffff);
  }
  /// A float (or a double's high word) whose low 12 bits are zero.
  static SrcB fimm(uint32_t Bits) {
    assert(fitsSbFloat(Bits) && "float immediate does not fit Sb");
    return field(Bits >> 12);
  }
  /// The immediate field as encoded.
  static SrcB field(int64_t Field) { return SrcB(MOperand::zero(), Field, SIMT::SB_Imm); }
  static SrcB constant(unsigned Bank, unsigned Offset, unsigned Flags = 0) {
    return SrcB(MOperand::zero(), int64_t(Bank) << 16 | Offset, SIMT::SB_Const | Flags);
  }

private:
  SrcB(MOperand R, int64_t Field, unsigned Flags) : R(R), Field(Field), Flags(Flags) {}
};

/// The instruction under construction, filled by slot index: the core of
/// the typed builders in namespace mi (below), generated from the .td, which
/// name each operand and modifier of their record. Modifier groups left unset
/// take their default; leaving a required group or an operand unset is a
/// bug in the caller and aborts. The typed builders add no state, so one
/// may be passed on as an MInstBuilder.
class MInstBuilder {
public:
  explicit MInstBuilder(unsigned Opcode, const Instruction *Source = nullptr);
  unsigned opcode() const { return I.Opcode; }
  /// The guard of any record (slot 0), for code generic over records.
  MInstBuilder &guard(MOperand Pred, bool Negated) {
    setGuard(0, Pred, Negated);
    return *this;
  }
  MInst take();

protected:
  // Slot N of slotsOf(opcode()), of the kind each setter names.
  void setGuard(unsigned N, MOperand Pred, bool Negated);
  void setModifier(unsigned N, unsigned Value);
  void setReg(unsigned N, MOperand R);                     // Reg, PredDst
  void setPred(unsigned N, MOperand P, bool Negated);      // PredSrc
  void setRegMod(unsigned N, MOperand R, unsigned Flags);  // RegMod
  void setSrcB(unsigned N, const SrcB &V);                 // SrcB
  void setImm(unsigned N, int64_t V);                      // Imm
  void setRegImm(unsigned N, MOperand R, int64_t V);       // Mem, RegOff, RegSel
  void setConstAddr(unsigned N, unsigned Bank, MOperand Base, int64_t Offset);
  void setTarget(unsigned N, const MBlock *B);
  void setCallee(unsigned N, const Function *F);

private:
  const Slot &slot(unsigned N, std::initializer_list<SlotKind> Kinds);
  MInst I;
  llvm::SmallVector<bool, 16> Set; // per slot
};

/// A builder per record, named as the record: `mi::IADD(Src).rd(D).ra(A).sb(B)`,
/// `mi::ISETP().cmp(SIMT::ICmp::LT).u32()...`; and <Rec>WithImm for the
/// records with a 32-bit-immediate twin (IADDWithImm: IADD or IADD32I).
namespace mi {
#include "SIMTBuilders.inc"
} // namespace mi

/// `@%p IADD.X %r1, %r2, 0x4` style text of the selected code
/// (-print-after=isel).
void printMFunction(llvm::raw_ostream &OS, const MFunction &MF);

} // namespace simt::cc
