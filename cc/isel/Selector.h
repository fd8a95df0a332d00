//===-- Selector.h - The instruction selector, shared by its files --------===//
//
// Instruction selection (ISel.h) runs one Selector per function. Its
// methods live in one file per family of PTX instructions, each with its
// section of the class below:
//   ISel.cpp                   the entry point, the walk over the blocks, the
//                              layout of .shared/.local variables, dispatch
//   Operands.cpp               sources into slots, literals into registers
//   Legalize64.cpp             64-bit integers and doubles as register pairs
//   SelectMoves.cpp            mov (vectors, special registers), clock64
//   SelectInteger.cpp          32- and 16-bit integer arithmetic, logic, bit
//                              fields, predicate logic
//   SelectFloat.cpp            f32 arithmetic, clz, the math sequences
//   SelectCompare.cpp          setp, selp, the register classes PTX fixes
//   SelectConvert.cpp          cvt between 32-bit and narrower types and f32
//   SelectInt64.cpp            64-bit integer arithmetic, setp, selp, carries
//   SelectDouble.cpp           f64 arithmetic
//   SelectConvert64.cpp        cvt with 64-bit integers or doubles, cvta
//   SelectMemory.cpp           ld/st in .global, .shared, .local, generic
//   SelectAtomicsVotesBits.cpp atom/red, vote, popc/brev/bfind/prmt/trap
//   SelectControl.cpp          kernel ld.param, branches, returns, barriers
//   SelectCalls.cpp            device-function calls and their ABI
//   SelectModuleVars.cpp       .const/.global module variables, ld.const
//
// Sources go to the instruction's Sb slot when they can (a register, a
// constant that fits the 20-bit field, a float whose low 12 bits are zero,
// a kernel parameter in c[0x0]); anything else is first moved to a
// temporary with MOV32I. Ra slots take registers only.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "cc/abi/CallABI.h"
#include "cc/abi/ModuleData.h"
#include "cc/abi/SharedLayout.h"
#include "cc/isel/ISel.h"
#include "cc/isel/LowerMath64.h"
#include "cc/ptx/Diagnostics.h"

#include "MCTargetDesc/SIMTMCTargetDesc.h"
#include "MCTargetDesc/SIMTOperandFlags.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

#include <bit>
#include <map>
#include <optional>

namespace simt::cc::isel {

/// The selector's error convention, which every method returning it
/// follows: true when the method has reported an error at the instruction
/// (what Diagnostics::error returns), false when it selected it. A family
/// ends in `return false` and fails with `return unsupported(I)` or `return
/// Diag.error(...)`. Note that this is the opposite of the passes' entry
/// points (lowerPrintf, insertReconvergence, ... return true on success)
/// and of the selector's plain bool methods: prepareCalls and addressOf
/// return true on success.
using ErrorReported = bool;

//===-- Types and literals ------------------------------------------------===//

inline bool isInt32(PTXType T) {
  return T == PTXType::B32 || T == PTXType::U32 || T == PTXType::S32;
}
inline bool isSubWord(PTXType T) {
  return T == PTXType::B8 || T == PTXType::U8 || T == PTXType::S8 || T == PTXType::B16 ||
         T == PTXType::U16 || T == PTXType::S16;
}

inline bool isInt16(PTXType T) {
  return T == PTXType::B16 || T == PTXType::U16 || T == PTXType::S16;
}

inline bool isInt64(PTXType T) {
  return T == PTXType::B64 || T == PTXType::U64 || T == PTXType::S64;
}

/// Whether I's selection uses the carry flag itself (64-bit add, sub, mad,
/// div, rem, mul.hi; f64 div, rcp, sqrt), as a chain's links cannot share.
bool usesCarryFlag(const Instruction &I);

inline RegClass classOf(PTXType T) {
  if (T == PTXType::Pred)
    return RegClass::Pred;
  return typeBits(T) == 64 ? RegClass::GPR64 : RegClass::GPR;
}

// The bits of a float literal as an f32 (a decimal or 0d literal rounds).
inline uint32_t f32Bits(const Operand &Op) {
  if (Op.FBits == 32)
    return uint32_t(Op.Int);
  return std::bit_cast<uint32_t>(float(std::bit_cast<double>(Op.Int)));
}

// N operands: a register destination, then registers or integer literals.
inline bool hasIntOperands(const Instruction &I, size_t N) {
  if (I.Ops.size() != N || I.Ops[0].K != Operand::Reg)
    return false;
  for (size_t K = 1; K < N; ++K)
    if (I.Ops[K].K != Operand::Reg && I.Ops[K].K != Operand::Imm)
      return false;
  return true;
}

inline SIMT::MulType mulType(bool Signed) {
  return Signed ? SIMT::MulType::S32 : SIMT::MulType::U32;
}

// PTX modifiers and types as the ISA's modifier values, shared by the 32-
// and 64-bit families.
/// The rounding of a float operation: RN, RZ, RM or RP (SelectFloat.cpp).
SIMT::Rnd roundingOf(const Instruction &I);
/// Whether I names an IEEE rounding (.rn, .rz, .rm or .rp).
bool hasRounding(const Instruction &I);
/// The comparison of an integer or a float setp, or nullopt
/// (SelectCompare.cpp).
std::optional<SIMT::ICmp> intCompareOf(const Instruction &I);
std::optional<SIMT::FCmp> floatCompareOf(const Instruction &I);
/// The combining operation of a setp (.and/.or/.xor), or nullopt
/// (SelectCompare.cpp).
std::optional<SIMT::BoolOp> combineOf(const Instruction &I);
/// An integer type as I2I/I2F/F2I take it, or nullopt (SelectConvert.cpp).
std::optional<SIMT::IntType> intTypeOf(PTXType T);
/// F2I's rounding for cvt's .rzi/.rni/.rmi/.rpi, or nullopt
/// (SelectConvert.cpp).
std::optional<SIMT::F2IRnd> integerRoundingOf(const Instruction &I);
// Memory accesses, shared with ld.const (SelectMemory.cpp).
/// The access width of a loaded or stored type, or nullopt.
std::optional<SIMT::Width> widthOf(PTXType T);
/// The registers (or values) a load or store moves: Val's elements for a
/// vector access, else Val; false when a vector access has no vector.
bool accessElements(const Instruction &I, const Operand &Val,
                    std::vector<const Operand *> &Elems);

//===-- 64-bit values (Legalize64.cpp) ------------------------------------===//

// The bits of a literal as an f64 (an f32 literal widens exactly; an
// integer converts).
inline uint64_t f64Bits(const Operand &Op) {
  if (Op.K == Operand::FImm)
    return Op.FBits == 64 ? uint64_t(Op.Int)
                          : std::bit_cast<uint64_t>(double(std::bit_cast<float>(uint32_t(Op.Int))));
  return std::bit_cast<uint64_t>(double(Op.Int));
}

// A 32-bit word of a 64-bit literal, as a literal.
inline Operand wordOf(const Operand &Op, bool Hi) {
  Operand W = Op;
  W.K = Operand::Imm;
  W.Int = int32_t(uint32_t(uint64_t(Op.Int) >> (Hi ? 32 : 0)));
  return W;
}

class Selector {
public:
  Selector(const Function &F, const SharedLayout &Shared, Diagnostics &Diag)
      : F(F), Shared(Shared), Diag(Diag) {}
  std::unique_ptr<MFunction> run();

private:
  //===-- The walk, variable layout and dispatch (ISel.cpp) ---------------===//
  [[nodiscard]] ErrorReported select(const Instruction &I);
  /// Reports an error unless I's operands, suffixes and register classes
  /// are what its family's selection takes.
  [[nodiscard]] ErrorReported checkSelectable(const Instruction &I);
  [[nodiscard]] ErrorReported selectFamily(const Instruction &I);
  [[nodiscard]] ErrorReported selectByWidth(const Instruction &I);
  [[nodiscard]] ErrorReported selectWord(const Instruction &I);
  void layoutVariables();
  [[nodiscard]] ErrorReported unsupported(const Instruction &I);
  /// The address of a module variable outside .shared: reported naming it.
  [[nodiscard]] ErrorReported unsupportedAddressOf(const Instruction &I, const Operand &Sym);
  /// A single-def register, or a constant: its value is the same wherever
  /// its one write reaches (PTX from SSA), so a read may move later.
  bool fixedValue(const Operand &Op) const {
    return Op.K == Operand::Imm || Op.K == Operand::FImm ||
           (Op.K == Operand::Reg && Op.RegId < DefCount.size() && DefCount[Op.RegId] == 1);
  }
  /// The setp that writes predicate `P` when it can be selected at a
  /// reader of P instead, as that reader: P written by it alone and read
  /// once, unnegated; the setp with no combining predicate of its own, no
  /// guard, and sources of fixed value.
  const Instruction *movableSetp(const Operand &P) const;

  //===-- Emission and operands (Operands.cpp) ----------------------------===//
  /// A builder of record B (mi::IADD, ...) for the current instruction,
  /// under its guard; Args go before the source (<Rec>WithImm's value).
  template <class B, class... Args> B build(Args... A) {
    B M(A..., CurI);
    if (CurI->Guard)
      M.guard(MOperand::vreg(VRegOf[*CurI->Guard]), CurI->GuardNegated);
    return M;
  }
  void emit(MInstBuilder B) { Cur->Insts.push_back(B.take()); }
  MOperand temp() { return MOperand::vreg(MF->newVReg(RegClass::GPR)); }
  MOperand materialize(uint32_t Bits);
  MOperand vreg(const Operand &Op) const { return MOperand::vreg(VRegOf[Op.RegId]); }
  /// A register for an Ra slot: the register, or a constant moved to a temporary.
  MOperand regOf(const Operand &Op, bool Float);
  /// An Sb source: the register, or the literal as an immediate when it
  /// fits, else moved to a temporary; Flags are SB_Neg/SB_Inv/SB_Abs
  /// applied to the source.
  SrcB srcB(const Operand &Op, bool Float, unsigned Flags = 0);
  /// A predicate source: the register with its `!`, or PT (!PT) for a
  /// constant 1 (0).
  MOperand predOf(const Operand &Op);
  /// MOV Dst, Sb (a register word or a literal).
  void move(MOperand Dst, const Operand &Src, std::optional<bool> Hi);

  //===-- 64-bit values as register pairs (Legalize64.cpp) ----------------===//
  // 64-bit values: register pairs, a word at a time (Sub 1 low, 2 high).
  MOperand word(const Operand &Op, bool Hi) {
    return MOperand::vreg(VRegOf[Op.RegId], Hi ? 2 : 1);
  }
  MOperand regWord(const Operand &Op, bool Hi);
  /// A word of a 64-bit Sb source.
  SrcB srcBWord(const Operand &Op, bool Hi, unsigned Flags = 0);
  /// The pair D = (int64 or uint64)R << K, 0 < K < 32: R shifted, and R's
  /// top K bits sign- or zero-filled (as ptxas writes mul.wide by 2^K).
  void widenedShift(const Operand &D, MOperand R, unsigned K, bool Signed);
  /// The high word of a value widened from Lo: Lo's sign, or zero.
  void extendHigh(MOperand Hi, MOperand Lo, bool Signed);
  /// A 64-bit operand's words as registers (a literal's in temporaries).
  Words64 words(const Operand &Op) { return {regWord(Op, false), regWord(Op, true)}; }
  // f64 operands: register pairs, literals as their IEEE bits.
  MOperand materialize64(uint64_t Bits);
  /// A register pair for an Ra slot: the pair, or a literal moved to one.
  MOperand pairOf(const Operand &Op);
  /// A 64-bit Sb source: a pair, a double immediate (its 20 high bits) or
  /// a literal moved to a pair.
  SrcB srcBDouble(const Operand &Op, unsigned Flags = 0);
  /// The 32-bit register that `cvt.s64.s32 R64, r` (Signed) or
  /// `cvt.u64.u32` writes into R64, when each is written by that one
  /// instruction alone: r then holds at any read of R64 the value the cvt
  /// read (PTX from SSA: the cvt dominates R64's reads, r's write the cvt).
  std::optional<unsigned> widenedFrom(const Operand &R64, bool &Signed) const;

  //===-- Moves (SelectMoves.cpp) -----------------------------------------===//
  [[nodiscard]] ErrorReported selectMov(const Instruction &I);
  [[nodiscard]] ErrorReported selectMovSpecial(const Instruction &I);
  [[nodiscard]] ErrorReported selectClock64(const Instruction &I, SIMT::SpecialReg Hi,
                                            SIMT::SpecialReg Lo);
  [[nodiscard]] ErrorReported selectMovVector(const Instruction &I);

  //===-- Integer arithmetic (SelectInteger.cpp) --------------------------===//
  [[nodiscard]] ErrorReported selectIntArith(const Instruction &I);
  [[nodiscard]] ErrorReported selectLogic(const Instruction &I);
  [[nodiscard]] ErrorReported selectBitField(const Instruction &I);
  [[nodiscard]] ErrorReported selectBitField64(const Instruction &I);
  [[nodiscard]] ErrorReported selectBitInsert64(const Instruction &I);
  [[nodiscard]] ErrorReported selectShift16(const Instruction &I);
  [[nodiscard]] ErrorReported selectInt16(const Instruction &I);
  /// A 16-bit operand sign- or zero-extended to 32 bits in a temporary.
  MOperand extend16(const Operand &Op, bool Signed);
  [[nodiscard]] ErrorReported selectPredLogic(const Instruction &I);

  //===-- Floating point (SelectFloat.cpp) --------------------------------===//
  [[nodiscard]] ErrorReported selectFloatArith(const Instruction &I);
  /// div, rem, sqrt, rcp, rsqrt, ex2, lg2, sin, cos: sequences (LowerMath.h).
  [[nodiscard]] ErrorReported selectMath(const Instruction &I);
  /// Where a lowered sequence for I goes (LowerMath.h), under I's guard.
  MathSink sinkFor(const Instruction &I);
  [[nodiscard]] ErrorReported selectClz(const Instruction &I);

  //===-- Comparisons and selects (SelectCompare.cpp) ---------------------===//
  /// Each register operand whose class PTX fixes (expectedClass) is of
  /// that class; an error naming the first that is not.
  [[nodiscard]] ErrorReported checkOperandClasses(const Instruction &I);
  [[nodiscard]] ErrorReported selectSetp(const Instruction &I);
  /// `setp ... p|q, ...`: an error unless both destinations are predicates.
  [[nodiscard]] ErrorReported checkSetpPair(const Instruction &I);
  [[nodiscard]] ErrorReported selectSelp(const Instruction &I);

  //===-- Conversions (SelectConvert.cpp) ---------------------------------===//
  [[nodiscard]] ErrorReported selectCvt(const Instruction &I);

  //===-- 64-bit integers (SelectInt64.cpp) -------------------------------===//
  [[nodiscard]] ErrorReported selectInt64(const Instruction &I);
  [[nodiscard]] ErrorReported selectMov64(const Instruction &I);
  [[nodiscard]] ErrorReported selectAddSub64(const Instruction &I);
  [[nodiscard]] ErrorReported selectMul64(const Instruction &I);
  [[nodiscard]] ErrorReported selectShift64(const Instruction &I);
  /// add.cc, addc, sub.cc, subc on 32 and 64 bits: IADD with .CC and .X.
  [[nodiscard]] ErrorReported selectCarry(const Instruction &I);
  [[nodiscard]] ErrorReported selectMadCarry(const Instruction &I);
  /// selp on 64 bits: a SEL per word.
  [[nodiscard]] ErrorReported selectSelp64(const Instruction &I);
  [[nodiscard]] ErrorReported selectSetp64(const Instruction &I);

  //===-- Doubles (SelectDouble.cpp) --------------------------------------===//
  /// f64 arithmetic, moves and the correctly rounded div/rcp/sqrt.
  [[nodiscard]] ErrorReported selectDouble(const Instruction &I);

  //===-- Conversions with 64-bit values (SelectConvert64.cpp) ------------===//
  [[nodiscard]] ErrorReported selectCvt64(const Instruction &I);
  [[nodiscard]] ErrorReported selectCvta(const Instruction &I);

  //===-- Memory (SelectMemory.cpp) ---------------------------------------===//
  [[nodiscard]] ErrorReported selectMemory(const Instruction &I);
  /// The base register and offset of a .global/.shared/.local/generic
  /// address, and whether it is 64-bit (.E). An offset beyond the access's
  /// signed OffsetBits-bit field is added into a new base register.
  bool addressOf(const Instruction &I, const Operand &Addr, MOperand &Base,
                 int64_t &Offset, bool &Wide, unsigned OffsetBits = 24);
  /// A load of type T into the low word Lo of the wider register Wide: its
  /// high word, sign-extended for signed types, zero otherwise (PTX).
  void extendHighWord(const Operand &Wide, MOperand Lo, PTXType T);

  //===-- Atomics, votes and bit intrinsics (SelectAtomicsVotesBits.cpp) --===//
  [[nodiscard]] ErrorReported selectAtomic(const Instruction &I);
  /// Whether any instruction of F reads the register (an atom whose old
  /// value nobody reads is a RED).
  bool isRead(unsigned RegId);
  std::optional<llvm::BitVector> ReadRegs;
  [[nodiscard]] ErrorReported selectVote(const Instruction &I);

  //===-- Warp-level instructions of sm_30+ (SelectWarp.cpp) --------------===//
  /// Whether the module's level is below SM (isa/SIMTLevel.h), after
  /// reporting that I needs FirstPTXTarget (the PTX target that has it).
  bool needsLevel(const Instruction &I, unsigned SM, llvm::StringRef FirstPTXTarget);
  [[nodiscard]] ErrorReported selectShfl(const Instruction &I);
  [[nodiscard]] ErrorReported selectActivemask(const Instruction &I);
  [[nodiscard]] ErrorReported selectWarpSync(const Instruction &I);
  [[nodiscard]] ErrorReported selectShf(const Instruction &I);
  [[nodiscard]] ErrorReported selectRedux(const Instruction &I);
  [[nodiscard]] ErrorReported selectMatch(const Instruction &I);
  [[nodiscard]] ErrorReported selectBmsk(const Instruction &I);
  /// Lane J's value of register A (SHFL.IDX), in a new temporary.
  MOperand laneValue(MOperand A, unsigned J);
  /// A `.sync` form's member mask stated by a WARPSYNC; false (nothing
  /// emitted) below sm_35.
  bool warpSync(const Operand &Mask);
  /// Whether lane J is a member of a match/redux mask: false where an
  /// immediate mask leaves it out; P is PT, or for a register mask a new
  /// predicate that says whether the mask has lane J.
  bool memberLane(const Operand &Mask, unsigned J, MOperand &P);
  [[nodiscard]] ErrorReported selectBitIntrinsic(const Instruction &I);
  /// vadd, vsub, vabsdiff, vmin, vmax, vshl, vshr (SelectVideo.cpp).
  [[nodiscard]] ErrorReported selectVideo(const Instruction &I);
  [[nodiscard]] ErrorReported selectVideoSet(const Instruction &I);
  /// A register (or pair, for Is64) holding Op: the register, or the
  /// literal moved into a temporary.
  MOperand valueReg(const Operand &Op, bool Is64);

  //===-- Parameters and control (SelectControl.cpp) ----------------------===//
  [[nodiscard]] ErrorReported selectLdParam(const Instruction &I);
  /// The c[0x0] offset of a kernel parameter plus Sym's offset (`mov.b64
  /// %rd, p` takes a struct parameter's address to index it), if Sym names
  /// one of F's parameters.
  std::optional<int64_t> paramAddress(const Operand &Sym) const;
  [[nodiscard]] ErrorReported selectControl(const Instruction &I);
  [[nodiscard]] ErrorReported selectBarrier(const Instruction &I);
  [[nodiscard]] ErrorReported selectCountedBarrier(const Instruction &I, SrcB Id,
                                                   const Operand &Count, bool Arrive);

  //===-- Calls (SelectCalls.cpp) -----------------------------------------===//
  // Calls (docs/cuda.md, "Device functions and the ABI"). Each word of the
  // argument and result registers is an ordinary virtual register while
  // st.param/ld.param fill and read it; only at the CAL and RET are they
  // copied to and from registers fixed to R4..R15, so the fixed ones live
  // for a few instructions.
  struct ParamPlace {
    std::vector<unsigned> *Words; // per ABI word: its virtual register, ~0u: none yet
    ABISlot Slot;
  };
  struct CallSeq {
    const Instruction *Call = nullptr;
    const Function *Callee = nullptr;
    std::vector<unsigned> Args, Rets;
    uint64_t StackArgBytes = 0; // the area R1 moves down by around the CAL
  };
  /// Lays out the function's own parameters and results and each call's;
  /// false after reporting one that does not fit the ABI.
  bool prepareCalls();
  /// The place of the .param Name seen from scope Scope, or null.
  const ParamPlace *paramPlace(unsigned Scope, llvm::StringRef Name) const;
  MOperand abiWord(const ParamPlace &P, unsigned Word);
  [[nodiscard]] ErrorReported selectParamAccess(const Instruction &I);
  [[nodiscard]] ErrorReported selectCall(const Instruction &I);
  /// Copies the result words into R4.. before a RET (uses of the RET), and
  /// stores those past R15 in the stack-argument area.
  void passResults(MInst &Ret);
  /// R(4+W) for an ABI word in a register.
  unsigned argRegister(unsigned W);
  /// LDL/STL of ABI word W (past R15) at its place in the stack-argument
  /// area: from R1 at a call, from the caller's R1 in the callee.
  MInst stackWord(unsigned Opcode, unsigned VReg, unsigned W, bool CallerFrame,
                  const Instruction *Source);
  /// The address of the .local variable at window offset Offset into Dst:
  /// the offset itself, or SP + offset in a frame.
  void localAddress(MOperand Dst, uint64_t Offset);
  std::map<std::pair<unsigned, std::string>, ParamPlace> Places; // (scope, name); ~0u: own
  std::map<unsigned, CallSeq> CallSeqs;                          // by the call's scope
  std::vector<unsigned> OwnParams, OwnRets;
  llvm::StringSet<> LocalVars; // .local variables (SymbolOffset holds .shared ones too)

  //===-- Module variables (SelectModuleVars.cpp) -------------------------===//
  // Module variables in constant and global memory (ModuleData.h).
  /// The place of the .const/.global variable Name, or null (Failed when
  /// it is one but cannot be placed, after reporting).
  const ModuleVarSlot *moduleVar(const Instruction &I, llvm::StringRef Name, bool &Failed);
  /// Dst = the address of S plus Offset: its bank offset for a .const
  /// variable, c[0x1][0x108] plus its block offset for a .global one. Dst
  /// is a pair when Wide.
  void selectVarAddress(const ModuleVarSlot &S, int64_t Offset, MOperand Dst, bool Wide);
  /// Dst = Src + Offset (IADD, or IADD.CC + IADD.X on pairs when Wide).
  void addOffset(MOperand Dst, MOperand Src, int64_t Offset, bool Wide);
  /// ld.const (bank 2) and ld.param of a kernel (bank 0): c[bank][offset]
  /// operands for constant addresses, LDC for per-thread ones (an array
  /// member of a struct parameter indexed by the thread).
  [[nodiscard]] ErrorReported selectLdBank(const Instruction &I, unsigned Bank);

  //===-- State -----------------------------------------------------------===//
  const Function &F;
  const SharedLayout &Shared; // the module's agreement on device functions' .shared
  Diagnostics &Diag;
  std::unique_ptr<MFunction> MF;
  std::vector<unsigned> VRegOf; // PTX register -> virtual register
  llvm::DenseMap<const BasicBlock *, MBlock *> BlockOf;
  /// Per PTX register: how many instructions write it, and the last one.
  std::vector<unsigned> DefCount, UseCount;
  std::vector<const Instruction *> DefOf;
  llvm::StringMap<uint64_t> SymbolOffset; // .shared/.local variables in their windows
  ModuleDataLayout Data;                  // .const/.global module variables
  MBlock *Cur = nullptr;
  const BasicBlock *CurBlock = nullptr; // CurI's
  const Instruction *CurI = nullptr;
  /// An add.cc/sub.cc whose carry an addc/subc has not consumed yet: the
  /// 64-bit sequences, which use the carry flag themselves, are refused
  /// until it is.
  const Instruction *CarryOut = nullptr;
  /// Whether an addc/subc/madc after I (a .cc) in its block takes I's
  /// carry, before another chain starts.
  bool carryTaken(const Instruction &I) const;
};

} // namespace simt::cc::isel
