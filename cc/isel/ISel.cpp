//===-- ISel.cpp - PTX instructions to SIMT instructions ------------------===//
//
// One select* method per family of PTX instructions. Sources go to the
// instruction's Sb slot when they can (a register, a constant that fits the
// 20-bit field, a float whose low 12 bits are zero, a kernel parameter in
// c[0x0]); anything else is first moved to a temporary with MOV32I. Ra slots
// take registers only.
//
//===----------------------------------------------------------------------===//
#include "cc/isel/ISel.h"
#include "cc/abi/CallABI.h"
#include "cc/ptx/Diagnostics.h"
#include "cc/isel/LowerMath.h"
#include "cc/isel/LowerMath64.h"
#include "cc/abi/ModuleData.h"
#include "cc/abi/ParamLayout.h"
#include "isa/SIMTLimits.h"

#include "MCTargetDesc/SIMTMCTargetDesc.h"
#include "MCTargetDesc/SIMTOperandFlags.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/MathExtras.h"

#include <bit>
#include <map>

using namespace llvm;

namespace simt::cc {

namespace {

bool isInt32(PTXType T) { return T == PTXType::B32 || T == PTXType::U32 || T == PTXType::S32; }
bool isSubWord(PTXType T) {
  return T == PTXType::B8 || T == PTXType::U8 || T == PTXType::S8 || T == PTXType::B16 ||
         T == PTXType::U16 || T == PTXType::S16;
}

bool isInt16(PTXType T) {
  return T == PTXType::B16 || T == PTXType::U16 || T == PTXType::S16;
}

RegClass classOf(PTXType T) {
  if (T == PTXType::Pred)
    return RegClass::Pred;
  return typeBits(T) == 64 ? RegClass::GPR64 : RegClass::GPR;
}

// The bits of a float literal as an f32 (a decimal or 0d literal rounds).
uint32_t f32Bits(const Operand &Op) {
  if (Op.FBits == 32)
    return uint32_t(Op.Int);
  return std::bit_cast<uint32_t>(float(std::bit_cast<double>(Op.Int)));
}

// The bits of a literal as an f64 (an f32 literal widens exactly; an
// integer converts).
uint64_t f64Bits(const Operand &Op) {
  if (Op.K == Operand::FImm)
    return Op.FBits == 64 ? uint64_t(Op.Int)
                          : std::bit_cast<uint64_t>(double(std::bit_cast<float>(uint32_t(Op.Int))));
  return std::bit_cast<uint64_t>(double(Op.Int));
}

bool fitsSb(int64_t V) { return V >= SIMT::SbImmMin && V <= SIMT::SbImmMax; }

// N operands: a register destination, then registers or integer literals.
bool hasIntOperands(const Instruction &I, size_t N) {
  if (I.Ops.size() != N || I.Ops[0].K != Operand::Reg)
    return false;
  for (size_t K = 1; K < N; ++K)
    if (I.Ops[K].K != Operand::Reg && I.Ops[K].K != Operand::Imm)
      return false;
  return true;
}

bool isInt64(PTXType T) { return T == PTXType::B64 || T == PTXType::U64 || T == PTXType::S64; }

// A 32-bit word of a 64-bit literal, as a literal.
Operand wordOf(const Operand &Op, bool Hi) {
  Operand W = Op;
  W.K = Operand::Imm;
  W.Int = int32_t(uint32_t(uint64_t(Op.Int) >> (Hi ? 32 : 0)));
  return W;
}

class Selector {
public:
  Selector(const Function &F, Diagnostics &Diag) : F(F), Diag(Diag) {}
  std::unique_ptr<MFunction> run();

private:
  bool select(const Instruction &I);
  void layoutVariables();
  bool unsupported(const Instruction &I);

  // Emission.
  MInstBuilder build(unsigned Opcode);
  void emit(MInstBuilder &B) { Cur->Insts.push_back(B.take()); }
  MOperand temp() { return MOperand::vreg(MF->newVReg(RegClass::GPR)); }
  MOperand materialize(uint32_t Bits);

  // Operands.
  MOperand vreg(const Operand &Op) const { return MOperand::vreg(VRegOf[Op.RegId]); }
  /// A register for an Ra slot: the register, or a constant moved to a temporary.
  MOperand regOf(const Operand &Op, bool Float);
  /// Fills an Sb slot; Flags are SB_Neg/SB_Inv/SB_Abs applied to the source.
  void setSrcB(MInstBuilder &B, StringRef Slot, const Operand &Op, bool Float,
               unsigned Flags = 0);
  /// A predicate source: the register with its `!`, or PT for a constant 1.
  void setPred(MInstBuilder &B, StringRef Slot, const Operand &Op);
  // 64-bit values: register pairs, a word at a time (Sub 1 low, 2 high).
  MOperand word(const Operand &Op, bool Hi) {
    return MOperand::vreg(VRegOf[Op.RegId], Hi ? 2 : 1);
  }
  MOperand regWord(const Operand &Op, bool Hi);
  void setSrcBWord(MInstBuilder &B, StringRef Slot, const Operand &Op, bool Hi,
                   unsigned Flags = 0);
  /// MOV Dst, Sb (a register word or a literal).
  void move(MOperand Dst, const Operand &Src, std::optional<bool> Hi);
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
  /// Fills a 64-bit Sb slot: a pair, a double immediate (its 20 high bits)
  /// or a literal moved to a pair.
  void setSrcBDouble(MInstBuilder &B, StringRef Slot, const Operand &Op, unsigned Flags = 0);

  // Families.
  bool selectMov(const Instruction &I);
  bool selectMovSpecial(const Instruction &I);
  bool selectClock64(const Instruction &I);
  bool selectBarrier(const Instruction &I);
  bool selectMovVector(const Instruction &I);
  bool selectBitField64(const Instruction &I);
  bool selectIntArith(const Instruction &I);
  bool selectLogic(const Instruction &I);
  bool selectBitField(const Instruction &I);
  bool selectShift16(const Instruction &I);
  bool selectInt16(const Instruction &I);
  /// A 16-bit operand sign- or zero-extended to 32 bits in a temporary.
  MOperand extend16(const Operand &Op, bool Signed);
  bool selectPredLogic(const Instruction &I);
  bool selectFloatArith(const Instruction &I);
  /// div, rem, sqrt, rcp, rsqrt, ex2, lg2, sin, cos: sequences (LowerMath.h).
  bool selectMath(const Instruction &I);
  /// Where a lowered sequence for I goes (LowerMath.h), under I's guard.
  MathSink sinkFor(const Instruction &I);
  bool selectClz(const Instruction &I);
  /// The address of a module variable outside .shared: reported naming it.
  bool unsupportedAddressOf(const Instruction &I, const Operand &Sym);
  /// Each register operand whose class PTX fixes (expectedClass) is of
  /// that class; an error naming the first that is not.
  bool checkOperandClasses(const Instruction &I);
  bool selectSetp(const Instruction &I);
  bool selectSelp(const Instruction &I);
  bool selectCvt(const Instruction &I);
  bool selectLdParam(const Instruction &I);
  bool selectInt64(const Instruction &I);
  /// add.cc, addc, sub.cc, subc on 32 and 64 bits: IADD with .CC and .X.
  bool selectCarry(const Instruction &I);
  /// selp on 64 bits: a SEL per word.
  bool selectSelp64(const Instruction &I);
  /// f64 arithmetic, moves and the correctly rounded div/rcp/sqrt.
  bool selectDouble(const Instruction &I);
  bool selectSetp64(const Instruction &I);
  bool selectCvt64(const Instruction &I);
  bool selectCvta(const Instruction &I);
  bool selectMemory(const Instruction &I);
  bool selectAtomic(const Instruction &I);
  /// Whether any instruction of F reads the register (an atom whose old
  /// value nobody reads is a RED).
  bool isRead(unsigned RegId);
  std::optional<BitVector> ReadRegs;
  bool selectVote(const Instruction &I);
  bool selectBitIntrinsic(const Instruction &I);
  /// A register (or pair, for Is64) holding Op: the register, or the
  /// literal moved into a temporary.
  MOperand valueReg(const Operand &Op, bool Is64);
  /// The base register and offset of a .global/.shared/.local/generic
  /// address, and whether it is 64-bit (.E). An offset beyond the access's
  /// signed OffsetBits-bit field is added into a new base register.
  bool addressOf(const Instruction &I, const Operand &Addr, MOperand &Base,
                 int64_t &Offset, bool &Wide, unsigned OffsetBits = 24);
  bool selectControl(const Instruction &I);

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
  const ParamPlace *paramPlace(unsigned Scope, StringRef Name) const;
  MOperand abiWord(const ParamPlace &P, unsigned Word);
  bool selectParamAccess(const Instruction &I);
  bool selectCall(const Instruction &I);
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
  StringSet<> LocalVars; // .local variables (SymbolOffset holds .shared ones too)

  // Module variables in constant and global memory (ModuleData.h).
  /// The place of the .const/.global variable Name, or null (Failed when
  /// it is one but cannot be placed, after reporting).
  const ModuleVarSlot *moduleVar(const Instruction &I, StringRef Name, bool &Failed);
  /// Dst = the address of S plus Offset: its bank offset for a .const
  /// variable, c[0x1][0x108] plus its block offset for a .global one. Dst
  /// is a pair when Wide.
  void selectVarAddress(const ModuleVarSlot &S, int64_t Offset, MOperand Dst, bool Wide);
  /// Dst = Src + Offset (IADD, or IADD.CC + IADD.X on pairs when Wide).
  void addOffset(MOperand Dst, MOperand Src, int64_t Offset, bool Wide);
  /// ld.const (bank 2) and ld.param of a kernel (bank 0): c[bank][offset]
  /// operands for constant addresses, LDC for per-thread ones (an array
  /// member of a struct parameter indexed by the thread).
  bool selectLdBank(const Instruction &I, unsigned Bank);
  /// A load of type T into the low word Lo of the wider register Wide: its
  /// high word, sign-extended for signed types, zero otherwise (PTX).
  void extendHighWord(const Operand &Wide, MOperand Lo, PTXType T);
  /// The c[0x0] offset of a kernel parameter plus Sym's offset (`mov.b64
  /// %rd, p` takes a struct parameter's address to index it), if Sym names
  /// one of F's parameters.
  std::optional<int64_t> paramAddress(const Operand &Sym) const;

  const Function &F;
  Diagnostics &Diag;
  std::unique_ptr<MFunction> MF;
  std::vector<unsigned> VRegOf; // PTX register -> virtual register
  DenseMap<const BasicBlock *, MBlock *> BlockOf;
  /// Per PTX register: how many instructions write it, and the last one.
  std::vector<unsigned> DefCount, UseCount;
  std::vector<const Instruction *> DefOf;
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
  /// The 32-bit register that `cvt.s64.s32 R64, r` (Signed) or
  /// `cvt.u64.u32` writes into R64, when each is written by that one
  /// instruction alone: r then holds at any read of R64 the value the cvt
  /// read (PTX from SSA: the cvt dominates R64's reads, r's write the cvt).
  std::optional<unsigned> widenedFrom(const Operand &R64, bool &Signed) const;
  StringMap<uint64_t> SymbolOffset; // .shared/.local variables in their windows
  ModuleDataLayout Data;            // .const/.global module variables
  MBlock *Cur = nullptr;
  const Instruction *CurI = nullptr;
  /// An add.cc/sub.cc whose carry an addc/subc has not consumed yet: the
  /// 64-bit sequences, which use the carry flag themselves, are refused
  /// until it is.
  const Instruction *CarryOut = nullptr;
};

const Instruction *Selector::movableSetp(const Operand &P) const {
  if (P.K != Operand::Reg || P.Negated || P.RegId >= DefCount.size() || DefCount[P.RegId] != 1 ||
      UseCount[P.RegId] != 1)
    return nullptr;
  const Instruction &S = *DefOf[P.RegId];
  if (S.Op != Opcode::Setp || S.Guard || S.Ops.size() != 3 || !fixedValue(S.Ops[1]) ||
      !fixedValue(S.Ops[2]))
    return nullptr;
  return &S;
}

void Selector::widenedShift(const Operand &D, MOperand R, unsigned K, bool Signed) {
  for (bool H : {false, true}) {
    MInstBuilder M = build(H ? SIMT::SHR : SIMT::SHL);
    if (H)
      M.mod(SIMT::MG_U32, !Signed);
    M.reg("rd", word(D, H)).reg("ra", R).srcImm("sb", H ? 32 - K : K);
    emit(M);
  }
}

std::optional<unsigned> Selector::widenedFrom(const Operand &R64, bool &Signed) const {
  if (R64.K != Operand::Reg || R64.RegId >= DefCount.size() || DefCount[R64.RegId] != 1)
    return std::nullopt;
  const Instruction &C = *DefOf[R64.RegId];
  if (C.Op != Opcode::Cvt || C.Guard || C.Ops.size() != 2 || C.Ops[1].K != Operand::Reg ||
      C.Ops[1].RegId >= DefCount.size() || DefCount[C.Ops[1].RegId] != 1 || !C.Mods.empty())
    return std::nullopt;
  const PTXType D = C.type(0), S = C.type(1);
  if (!((D == PTXType::S64 && S == PTXType::S32) || (D == PTXType::U64 && S == PTXType::U32)))
    return std::nullopt;
  Signed = D == PTXType::S64;
  return C.Ops[1].RegId;
}

std::unique_ptr<MFunction> Selector::run() {
  MF = std::make_unique<MFunction>();
  MF->Source = &F;
  for (unsigned R = 0; R < F.numRegs(); ++R) {
    VRegOf.push_back(MF->newVReg(classOf(F.reg(R).Type), F.reg(R).Name));
    MF->VRegs.back().PTXReg = int(R);
  }
  DefCount.assign(F.numRegs(), 0);
  UseCount.assign(F.numRegs(), 0);
  DefOf.assign(F.numRegs(), nullptr);
  for (const auto &B : F.Blocks)
    for (const Instruction &I : B->Insts) {
      SmallVector<unsigned, 4> Regs;
      I.defs(Regs);
      for (unsigned R : Regs)
        if (R < DefCount.size()) {
          ++DefCount[R];
          DefOf[R] = &I;
        }
      Regs.clear();
      I.uses(Regs);
      for (unsigned R : Regs)
        if (R < UseCount.size())
          ++UseCount[R];
    }
  layoutVariables();
  Data = layoutModuleData(*F.getParent());
  if (!prepareCalls())
    return nullptr;
  for (const auto &B : F.Blocks) {
    MF->Blocks.push_back(std::make_unique<MBlock>());
    MF->Blocks.back()->Name = B->name();
    MF->Blocks.back()->Source = B.get();
    BlockOf[B.get()] = MF->Blocks.back().get();
  }
  // Control falls through to the next block unless the block ends in an
  // unguarded jump or return.
  for (size_t N = 0; N + 1 < F.Blocks.size(); ++N) {
    const Instruction *T = F.Blocks[N]->terminator();
    if (!T || T->Guard)
      MF->Blocks[N]->FallThrough = MF->Blocks[N + 1].get();
  }
  unsigned Before = Diag.errors();
  // A device function's parameters arrive in R4..: copied at the entry.
  if (!F.IsKernel && !MF->Blocks.empty()) {
    Cur = MF->Blocks.front().get();
    for (unsigned W = 0; W < OwnParams.size(); ++W) {
      OwnParams[W] = MF->newVReg(RegClass::GPR);
      if (W >= abi::NumArgRegs) {
        Cur->Insts.push_back(stackWord(SIMT::LDL, OwnParams[W], W, true, nullptr));
        continue;
      }
      MInstBuilder M(SIMT::MOV);
      M.reg("rd", MOperand::vreg(OwnParams[W])).regMod("sb", MOperand::vreg(argRegister(W)), 0);
      Cur->Insts.push_back(M.take());
    }
  }
  for (const auto &B : F.Blocks) {
    Cur = BlockOf[B.get()];
    for (const Instruction &I : B->Insts) {
      CurI = &I;
      if (select(I) && Diag.tooMany())
        return nullptr;
    }
  }
  return Diag.errors() == Before ? std::move(MF) : nullptr;
}

/// Adds the names of the variables Op refers to (directly or as an address
/// base or vector element).
static void collectSymbols(const Operand &Op, StringSet<> &Names) {
  if (Op.K == Operand::Symbol)
    Names.insert(Op.Name);
  for (const Operand &E : Op.Elems)
    collectSymbols(E, Names);
}

// Static .shared variables (the function's, and the module's that it
// refers to) from 0 in declaration order, then an `extern .shared` array of
// unknown size (the launch's dynamic shared memory); .local variables from 0
// of the window. Module variables of other kernels (a templated device
// function's shared tile, one per instantiation) would only lower occupancy.
void Selector::layoutVariables() {
  uint64_t Shared = 0, Local = 0;
  std::vector<const VarDecl *> Vars, Dynamic;
  StringSet<> Used;
  for (const BasicBlock *B : F.nodes())
    for (const Instruction &I : B->Insts)
      for (const Operand &Op : I.Ops)
        collectSymbols(Op, Used);
  // Module-scope .shared and .local variables (old nvcc and hand-written
  // PTX declare .local ones outside any function): a kernel that uses a
  // .local one has it in its window, as each thread has its own. A device
  // function would need the same one as its callers.
  for (const VarDecl &V : F.getParent()->Globals) {
    if ((V.Space != StateSpace::Shared && V.Space != StateSpace::Local) || !Used.contains(V.Name))
      continue;
    if (V.Space == StateSpace::Local && !F.IsKernel)
      Diag.error(V.Loc, "not supported yet: module-scope .local variable '" + V.Name +
                            "' used in device function '" + F.Name + "'");
    Vars.push_back(&V);
  }
  for (const VarDecl &V : F.Locals)
    if (V.Space == StateSpace::Shared || V.Space == StateSpace::Local)
      Vars.push_back(&V);
  for (const VarDecl *V : Vars) {
    uint64_t Size = V->sizeInBytes();
    uint64_t Align = V->Align ? V->Align : std::max(1u, typeBits(V->Type) / 8);
    if (V->Space == StateSpace::Shared && Size == 0) {
      Dynamic.push_back(V);
      continue;
    }
    uint64_t &Top = V->Space == StateSpace::Shared ? Shared : Local;
    if (V->Space == StateSpace::Local)
      LocalVars.insert(V->Name);
    Top = alignTo(Top, Align);
    SymbolOffset[V->Name] = Top;
    Top += Size;
  }
  Shared = alignTo(Shared, 16);
  for (const VarDecl *V : Dynamic)
    SymbolOffset[V->Name] = Shared;
  MF->SharedBytes = Shared;
  MF->LocalBytes = alignTo(Local, 4);
  // The kernel lays out the shared memory; a function's would have to
  // agree with every caller's.
  if (!F.IsKernel && Shared)
    Diag.error(F.Loc, "not supported yet: shared memory in device function '" + F.Name +
                          "' (inline it into the kernel)");
}

bool Selector::unsupported(const Instruction &I) {
  return Diag.error(I.Loc, "not supported yet: '" + opcodeSpelling(I) + "'");
}

// libclc's logf, powf, cbrtf, ... read tables in .const variables: the
// message names the variable rather than the move that takes its address.
bool Selector::unsupportedAddressOf(const Instruction &I, const Operand &Sym) {
  const VarDecl *V = F.getParent()->global(Sym.Name);
  if (!V || (V->Space != StateSpace::Const && V->Space != StateSpace::Global))
    return unsupported(I);
  bool Const = V->Space == StateSpace::Const;
  return Diag.error(I.Loc, "not supported yet: the address of '" +
                               Twine(Const ? ".const" : ".global") + "' variable '" + Sym.Name +
                               "' (module variables in " + (Const ? "constant" : "global") +
                               " memory" +
                               (Const ? "; libclc's tables for logf, powf, ...)" : ")"));
}

MInstBuilder Selector::build(unsigned Opcode) {
  MInstBuilder B(Opcode, CurI);
  if (CurI->Guard)
    B.guard(MOperand::vreg(VRegOf[*CurI->Guard]), CurI->GuardNegated);
  return B;
}

MOperand Selector::materialize(uint32_t Bits) {
  MOperand T = temp();
  MInstBuilder B(SIMT::MOV32I, CurI);
  B.reg("rd", T).imm("imm", Bits);
  emit(B);
  return T;
}

MOperand Selector::regOf(const Operand &Op, bool Float) {
  switch (Op.K) {
  case Operand::Reg:
    return vreg(Op);
  case Operand::FImm:
    return materialize(f32Bits(Op));
  case Operand::Imm:
    return Float ? materialize(std::bit_cast<uint32_t>(float(Op.Int)))
                 : materialize(uint32_t(Op.Int));
  default:
    return MOperand::zero(); // the caller checked the operand kinds
  }
}

void Selector::setSrcB(MInstBuilder &B, StringRef Slot, const Operand &Op, bool Float,
                       unsigned Flags) {
  if (Op.K == Operand::Reg) {
    B.regMod(Slot, vreg(Op), Flags);
    return;
  }
  if (Float) {
    uint32_t Bits = Op.K == Operand::FImm ? f32Bits(Op)
                                          : std::bit_cast<uint32_t>(float(Op.Int));
    if (Flags & SIMT::SB_Neg)
      Bits ^= 0x80000000u;
    if (Flags & SIMT::SB_Abs)
      Bits &= 0x7fffffffu;
    if ((Bits & 0xfff) == 0)
      B.srcImm(Slot, Bits >> 12);
    else
      B.regMod(Slot, materialize(Bits), 0);
    return;
  }
  int64_t V = Op.K == Operand::FImm ? int64_t(f32Bits(Op)) : Op.Int;
  V = int32_t(uint32_t(V)); // a 32-bit operation sees the low word
  if (Flags & SIMT::SB_Neg)
    V = int32_t(0u - uint32_t(V));
  if (Flags & SIMT::SB_Inv)
    V = ~V;
  if (fitsSb(V))
    B.srcImm(Slot, V & 0xfffff);
  else
    B.regMod(Slot, materialize(uint32_t(V)), 0);
}

void Selector::setPred(MInstBuilder &B, StringRef Slot, const Operand &Op) {
  if (Op.K == Operand::Reg)
    B.reg(Slot, vreg(Op), Op.Negated);
  else // a constant predicate: 1 is PT, 0 is !PT
    B.reg(Slot, MOperand::zero(), Op.Int == 0);
}

MOperand Selector::regWord(const Operand &Op, bool Hi) {
  if (Op.K == Operand::Reg)
    return word(Op, Hi);
  return materialize(uint32_t(wordOf(Op, Hi).Int));
}

void Selector::setSrcBWord(MInstBuilder &B, StringRef Slot, const Operand &Op, bool Hi,
                           unsigned Flags) {
  if (Op.K == Operand::Reg)
    B.regMod(Slot, word(Op, Hi), Flags);
  else
    setSrcB(B, Slot, wordOf(Op, Hi), false, Flags);
}

void Selector::move(MOperand Dst, const Operand &Src, std::optional<bool> Hi) {
  Operand W = Hi && Src.K != Operand::Reg ? wordOf(Src, *Hi) : Src;
  if (W.K != Operand::Reg && !fitsSb(int32_t(uint32_t(W.Int)))) {
    MInstBuilder B = build(SIMT::MOV32I);
    B.reg("rd", Dst).imm("imm", uint32_t(W.Int));
    emit(B);
    return;
  }
  MInstBuilder B = build(SIMT::MOV);
  B.reg("rd", Dst);
  if (Hi && W.K == Operand::Reg)
    B.regMod("sb", word(W, *Hi), 0);
  else
    setSrcB(B, "sb", W, false);
  emit(B);
}

void Selector::extendHigh(MOperand Hi, MOperand Lo, bool Signed) {
  MInstBuilder M = build(Signed ? SIMT::SHR : SIMT::MOV);
  if (Signed)
    M.mod(SIMT::MG_U32, 0).reg("rd", Hi).reg("ra", Lo).srcImm("sb", 31);
  else
    M.reg("rd", Hi).srcImm("sb", 0);
  emit(M);
}

//===-- Dispatch ----------------------------------------------------------===//

// The operations cc/isel/LowerMath.cpp expands.
static bool isMath(Opcode Op) {
  switch (Op) {
  case Opcode::Div: case Opcode::Rem: case Opcode::Sqrt: case Opcode::Rcp:
  case Opcode::Rsqrt: case Opcode::Ex2: case Opcode::Lg2: case Opcode::Sin:
  case Opcode::Cos:
    return true;
  default:
    return false;
  }
}

// Whether every modifier of I is one its selection honours: any other
// (.NaN, .relu, .volatile, a state space on arithmetic...) would be dropped
// silently, so it is reported instead.
static bool honoursSuffixes(const Instruction &I) {
  using M = Modifier;
  static constexpr Modifier FloatArith[] = {M::Rn, M::Rz, M::Rm, M::Rp, M::Ftz, M::Sat};
  static constexpr Modifier Ftz[] = {M::Ftz};
  static constexpr Modifier Cvta[] = {M::To};
  // Every access goes to memory (volatile changes nothing), and the cache
  // operators are hints the functional model has no use for.
  static constexpr Modifier Load[] = {M::Volatile, M::Ca, M::Cg, M::Cs, M::Lu, M::Cv};
  static constexpr Modifier Store[] = {M::Volatile, M::Wb, M::Cg, M::Cs, M::Wt};
  static constexpr Modifier Setp[] = {
      M::Eq,  M::Ne,  M::Lt,  M::Le,  M::Gt,  M::Ge,  M::Lo,  M::Ls, M::Hi,
      M::Hs,  M::Equ, M::Neu, M::Ltu, M::Leu, M::Gtu, M::Geu, M::Num, M::Nan,
      M::And, M::Or,  M::Xor, M::Ftz};
  static constexpr Modifier Cvt[] = {M::Rn,  M::Rz,  M::Rm,  M::Rp,  M::Rni,
                                     M::Rzi, M::Rmi, M::Rpi, M::Ftz, M::Sat};
  static constexpr Modifier Uni[] = {M::Uni};
  static constexpr Modifier Barrier[] = {M::Sync, M::Arrive, M::Red, M::Popc, M::And, M::Or};
  static constexpr Modifier Membar[] = {M::Cta, M::Gl, M::Sys};
  static constexpr Modifier Math[] = {M::Rn, M::Rz, M::Rm, M::Rp, M::Approx, M::Full, M::Ftz};
  // Every atomic is relaxed at its scope or stronger on this ISA: lanes in
  // order, one access each, nothing reordered around it.
  static constexpr Modifier Atomic[] = {M::Add, M::Min,  M::Max,     M::Inc, M::Dec,
                                        M::And, M::Or,   M::Xor,     M::Exch, M::Cas,
                                        M::Gpu, M::Cta,  M::Sys,     M::Relaxed,
                                        M::Acquire, M::Release, M::Noftz};
  static constexpr Modifier Vote[] = {M::All, M::Any, M::Uni, M::Ballot};
  static constexpr Modifier Bfind[] = {M::Shiftamt};
  bool Float = I.type() == PTXType::F32 || I.type() == PTXType::F64;
  static constexpr Modifier LoHi[] = {M::Lo, M::Hi, M::Wide, M::Cc}; // .cc: add/sub
  static constexpr Modifier Cc[] = {M::Cc};
  ArrayRef<Modifier> Allowed;
  switch (I.Op) {
  case Opcode::Add:
  case Opcode::Sub:
  case Opcode::Mul:
  case Opcode::Mad:
  case Opcode::Fma:
    Allowed = Float ? ArrayRef(FloatArith) : ArrayRef(LoHi);
    break;
  case Opcode::Addc:
  case Opcode::Subc: Allowed = Cc; break;
  case Opcode::Min:
  case Opcode::Max:
  case Opcode::Abs:
  case Opcode::Neg:
    Allowed = Float ? ArrayRef(Ftz) : ArrayRef<Modifier>();
    break;
  case Opcode::Setp: Allowed = Setp; break;
  case Opcode::Cvt: Allowed = Cvt; break;
  case Opcode::Bra: Allowed = Uni; break;
  case Opcode::Bar:
  case Opcode::Barrier: Allowed = Barrier; break;
  case Opcode::Membar: Allowed = Membar; break;
  case Opcode::Cvta: Allowed = Cvta; break;
  case Opcode::Atom:
  case Opcode::Red: Allowed = Atomic; break;
  case Opcode::Vote: Allowed = Vote; break;
  case Opcode::Bfind: Allowed = Bfind; break;
  case Opcode::Ld:
  case Opcode::St:
    if (I.Space != StateSpace::Param)
      Allowed = I.Op == Opcode::Ld ? ArrayRef(Load) : ArrayRef(Store);
    break;
  default:
    if (isMath(I.Op) && Float)
      Allowed = Math;
    break;
  }
  bool Memory = I.Op == Opcode::Ld || I.Op == Opcode::St || I.Op == Opcode::Atom ||
                I.Op == Opcode::Red;
  if ((I.Vec && I.Op != Opcode::Ld && I.Op != Opcode::St) ||
      (I.Space != StateSpace::None && !Memory && I.Op != Opcode::Cvta))
    return false;
  return all_of(I.Mods, [&](Modifier Mod) { return is_contained(Allowed, Mod); });
}

bool Selector::select(const Instruction &I) {
  if (I.Op == Opcode::Call)
    return selectCall(I);
  // prefetch{.space}.level [a], prefetchu.L1 [a]: a cache hint, nothing
  // for the functional model to do.
  if (I.Op == Opcode::Prefetch || I.Op == Opcode::Prefetchu)
    return false;
  // ldu{.global}: a load of a read-only value whose address is the same in
  // every thread of the warp, which an ordinary load reads as well.
  if (I.Op == Opcode::Ldu && (I.Space == StateSpace::Global || I.Space == StateSpace::None)) {
    Instruction Load = I;
    Load.Op = Opcode::Ld;
    return select(Load);
  }
  if ((I.Op == Opcode::Ld || I.Op == Opcode::St) && I.Space == StateSpace::Param &&
      I.Ops.size() == 2) {
    const Operand *Base = I.Ops[I.Op == Opcode::St ? 0 : 1].addressBase();
    if (Base && Base->K == Operand::Symbol && paramPlace(I.Scope, Base->Name))
      return selectParamAccess(I);
  }
  // clang -O0 takes the address of a device function's aggregate parameter
  // and mostly never uses it; a parameter has no address in this ABI.
  if (I.Op == Opcode::Mov && I.Ops.size() == 2 && I.Ops[0].K == Operand::Reg &&
      I.Ops[1].K == Operand::Symbol && paramPlace(I.Scope, I.Ops[1].Name)) {
    if (!isRead(I.Ops[0].RegId))
      return false;
    return Diag.error(I.Loc, "not supported yet: the address of parameter '" + I.Ops[1].Name +
                                 "' (device-function parameters travel in registers)");
  }
  if (I.Op == Opcode::Mov && I.Ops.size() == 2 &&
      (I.Ops[0].K == Operand::Vector || I.Ops[1].K == Operand::Vector))
    return selectMovVector(I);
  if (I.Op == Opcode::Mov && I.Ops.size() == 2 && I.Ops[1].K == Operand::Special)
    return selectMovSpecial(I);
  // Registers and constants only, except where a family takes more (moves
  // of special registers, parameter addresses, branch targets).
  bool Simple = all_of(I.Ops, [](const Operand &Op) {
    return Op.K == Operand::Reg || Op.K == Operand::Imm || Op.K == Operand::FImm;
  });
  bool Atomic = I.Op == Opcode::Atom || I.Op == Opcode::Red;
  if (!Simple && I.Op != Opcode::Mov && I.Op != Opcode::Ld && I.Op != Opcode::St &&
      I.Op != Opcode::Bra && I.Op != Opcode::Cvta && !Atomic)
    return unsupported(I);
  if (!honoursSuffixes(I))
    return unsupported(I);
  // A 64-bit cvt operand is a register pair (fuzz-ptxas: cvt.rmi.u64.f32
  // into a 32-bit register wrote F2I.U64 to an odd register).
  if (I.Op == Opcode::Cvt)
    for (unsigned N = 0; N < I.Ops.size() && N < I.Types.size(); ++N)
      if (I.Ops[N].K == Operand::Reg && typeBits(I.type(N)) == 64 &&
          classOf(F.reg(I.Ops[N].RegId).Type) != RegClass::GPR64)
        return Diag.error(I.Loc, "'" + opcodeSpelling(I) + "' needs a 64-bit register for "
                                     "operand " + std::to_string(N + 1) + "; '" +
                                     F.reg(I.Ops[N].RegId).Name + "' is not");
  if (checkOperandClasses(I))
    return true;
  // Families whose 64-bit forms are their own.
  switch (I.Op) {
  case Opcode::Atom:
  case Opcode::Red:
    return selectAtomic(I);
  case Opcode::Vote:
    return selectVote(I);
  case Opcode::Clz:
    return selectClz(I);
  case Opcode::Popc:
  case Opcode::Brev:
  case Opcode::Bfind:
  case Opcode::Prmt:
  case Opcode::Trap:
    return selectBitIntrinsic(I);
  case Opcode::Bfe:
    if (isInt64(I.type()))
      return selectBitField64(I);
    break;
  default:
    break;
  }
  bool Carry = I.Op == Opcode::Addc || I.Op == Opcode::Subc || I.has(Modifier::Cc);
  // The selections whose sequences use the carry flag themselves.
  bool UsesCarry =
      (isInt64(I.type()) &&
       is_contained({Opcode::Add, Opcode::Sub, Opcode::Neg, Opcode::Abs, Opcode::Mad,
                     Opcode::Div, Opcode::Rem},
                    I.Op)) ||
      (isInt64(I.type()) && I.Op == Opcode::Mul && I.has(Modifier::Hi)) ||
      (I.type() == PTXType::F64 && is_contained({Opcode::Div, Opcode::Rcp, Opcode::Sqrt}, I.Op));
  if (CarryOut && UsesCarry && !Carry)
    return Diag.error(I.Loc, "not supported yet: '" + opcodeSpelling(I) +
                                 "' between '" + opcodeSpelling(*CarryOut) +
                                 "' and the addc/subc that takes its carry");
  if (Carry)
    return selectCarry(I);
  if (I.type() == PTXType::F64 && I.Op != Opcode::Ld && I.Op != Opcode::St &&
      I.Op != Opcode::Cvt)
    return selectDouble(I);
  if (isInt64(I.type()) && I.Op != Opcode::Ld && I.Op != Opcode::St &&
      I.Op != Opcode::Cvt && I.Op != Opcode::Cvta) {
    if (I.Op == Opcode::Setp)
      return selectSetp64(I);
    if (I.Op == Opcode::Selp)
      return selectSelp64(I);
    return selectInt64(I);
  }
  if (isMath(I.Op))
    return selectMath(I);
  switch (I.Op) {
  case Opcode::Mov:
    return selectMov(I);
  case Opcode::Add:
  case Opcode::Sub:
  case Opcode::Mul:
  case Opcode::Mad:
  case Opcode::Min:
  case Opcode::Max:
  case Opcode::Neg:
  case Opcode::Abs:
  case Opcode::Shl:
  case Opcode::Shr:
  case Opcode::Fma:
    if (I.type() == PTXType::F32)
      return selectFloatArith(I);
    return selectIntArith(I);
  case Opcode::And:
  case Opcode::Or:
  case Opcode::Xor:
  case Opcode::Not:
    if (I.type() == PTXType::Pred)
      return selectPredLogic(I);
    return selectLogic(I);
  case Opcode::Bfe:
  case Opcode::Bfi:
    return selectBitField(I);
  case Opcode::Setp:
    return selectSetp(I);
  case Opcode::Selp:
    return selectSelp(I);
  case Opcode::Cvt:
    return selectCvt(I);
  case Opcode::Ld:
    if (I.Space == StateSpace::Param)
      return selectLdParam(I);
    return selectMemory(I);
  case Opcode::St:
    return selectMemory(I);
  case Opcode::Cvta:
    return selectCvta(I);
  case Opcode::Bra:
  case Opcode::Ret:
  case Opcode::Exit:
  case Opcode::Bar:
  case Opcode::Barrier:
  case Opcode::Membar:
    return selectControl(I);
  default:
    return unsupported(I);
  }
}

//===-- Moves -------------------------------------------------------------===//

static std::optional<StringRef> sregSpelling(const Operand &Op) {
  static constexpr const char *Names[4][3] = {
      {"SR_TID.X", "SR_TID.Y", "SR_TID.Z"},
      {"SR_NTID.X", "SR_NTID.Y", "SR_NTID.Z"},
      {"SR_CTAID.X", "SR_CTAID.Y", "SR_CTAID.Z"},
      {"SR_NCTAID.X", "SR_NCTAID.Y", "SR_NCTAID.Z"}};
  if (specialRegHasComponent(Op.SReg))
    return Names[unsigned(Op.SReg)][Op.Component];
  switch (Op.SReg) {
  case SpecialReg::Laneid: return StringRef("SR_LANEID");
  case SpecialReg::Warpid: return StringRef("SR_WARPID");
  case SpecialReg::Nwarpid: return StringRef("SR_NWARPID");
  case SpecialReg::Smid: return StringRef("SR_SMID");
  case SpecialReg::Clock: return StringRef("SR_CLOCK");
  case SpecialReg::LanemaskEq: return StringRef("SR_LANEMASK_EQ");
  case SpecialReg::LanemaskLt: return StringRef("SR_LANEMASK_LT");
  case SpecialReg::LanemaskLe: return StringRef("SR_LANEMASK_LE");
  case SpecialReg::LanemaskGt: return StringRef("SR_LANEMASK_GT");
  case SpecialReg::LanemaskGe: return StringRef("SR_LANEMASK_GE");
  default: return std::nullopt;
  }
}

// mov.b64 {lo, hi}, %rd / mov.b64 %rd, {lo, hi}: the words of a pair
// (clang's bit manipulation of doubles: copysign, __double2hiint, ...);
// mov.b32 {h0, h1}, %r / mov.b32 %r, {h0, h1}: 16-bit halves (SHR, BFI).
bool Selector::selectMovVector(const Instruction &I) {
  const bool Unpack = I.Ops[0].K == Operand::Vector;
  const Operand &Whole = I.Ops[Unpack ? 1 : 0], &Parts = I.Ops[Unpack ? 0 : 1];
  const PTXType T = I.type();
  const unsigned Bits = typeBits(T);
  if ((Bits != 64 && Bits != 32) || Parts.K != Operand::Vector || Parts.Elems.size() != 2 ||
      Whole.K != Operand::Reg ||
      (classOf(F.reg(Whole.RegId).Type) == RegClass::GPR64) != (Bits == 64))
    return unsupported(I);
  for (const Operand &E : Parts.Elems) {
    const bool Ok = E.K == Operand::Sink ? Unpack
                    : E.K == Operand::Reg ? classOf(F.reg(E.RegId).Type) == RegClass::GPR
                                          : !Unpack && E.K == Operand::Imm;
    if (!Ok)
      return unsupported(I);
  }
  const Operand &Lo = Parts.Elems[0], &Hi = Parts.Elems[1];
  if (Bits == 64) {
    if (Unpack) {
      for (bool High : {false, true})
        if (const Operand &E = High ? Hi : Lo; E.K == Operand::Reg)
          move(vreg(E), Whole, High);
    } else {
      move(word(Whole, false), Lo, std::nullopt);
      move(word(Whole, true), Hi, std::nullopt);
    }
    return false;
  }
  if (Unpack) { // the low half as it is (16-bit users ignore the rest)
    if (Lo.K == Operand::Reg)
      move(vreg(Lo), Whole, std::nullopt);
    if (Hi.K == Operand::Reg) {
      MInstBuilder S = build(SIMT::SHR);
      S.mod(SIMT::MG_U32, 1).reg("rd", vreg(Hi)).reg("ra", vreg(Whole)).srcImm("sb", 16);
      emit(S);
    }
    return false;
  }
  MInstBuilder Pack = build(SIMT::BFI); // hi's low 16 bits over bits 16..31 of lo
  Pack.reg("rd", vreg(Whole)).reg("ra", regOf(Hi, false)).srcImm("sb", 16 | 16 << 8);
  Pack.reg("rc", regOf(Lo, false));
  emit(Pack);
  return false;
}

// A special register: S2R, the runtime's words in bank 1 (%envreg), or the
// launch block in bank 0 (%ntid, %nctaid). cc/passes/SpecialOperands.cpp makes
// every other read of one such a mov.
bool Selector::selectMovSpecial(const Instruction &I) {
  const Operand &Src = I.Ops[1];
  if (Src.SReg == SpecialReg::Clock64)
    return selectClock64(I);
  std::optional<StringRef> Name = sregSpelling(Src);
  if (!Name && Src.SReg != SpecialReg::Envreg)
    return Diag.error(Src.Loc, "not supported yet: special register '" +
                                   specialRegName(Src.SReg) + "'");
  if (I.Ops[0].K != Operand::Reg || (!isInt32(I.type()) && !isSubWord(I.type())))
    return unsupported(I);
  MOperand D = vreg(I.Ops[0]);
  if (Src.SReg == SpecialReg::Envreg) {
    MInstBuilder B = build(SIMT::MOV); // the runtime's word in bank 1
    B.reg("rd", D).srcConst("sb", 1, simt::limits::kEnvRegSlot + 4 * unsigned(Src.Component));
    emit(B);
  } else if (Src.SReg == SpecialReg::Ntid || Src.SReg == SpecialReg::Nctaid) {
    // The launch block in bank 0: the constants pass makes the readers'
    // Sb operands c[0x0][..] and drops the MOV.
    MInstBuilder B = build(SIMT::MOV);
    const uint32_t Base =
        Src.SReg == SpecialReg::Ntid ? simt::limits::kNtidSlot : simt::limits::kNctaidSlot;
    B.reg("rd", D).srcConst("sb", 0, Base + 4 * unsigned(Src.Component));
    emit(B);
  } else {
    MInstBuilder B = build(SIMT::S2R);
    B.reg("rd", D).mod(SIMT::SRegNames, modValue(SIMT::SRegNames, *Name));
    emit(B);
  }
  return false;
}

// %clock64: the high word, the low word, the high word again. Should the low
// word wrap between the reads, the two high words differ and the value is
// the wrap itself (high word of the second read, low word 0): a time
// between the reads either way.
bool Selector::selectClock64(const Instruction &I) {
  if (I.Ops[0].K != Operand::Reg || classOf(F.reg(I.Ops[0].RegId).Type) != RegClass::GPR64)
    return unsupported(I);
  auto readClock = [&](MOperand D, StringRef Name) {
    MInstBuilder B = build(SIMT::S2R);
    B.reg("rd", D).mod(SIMT::SRegNames, modValue(SIMT::SRegNames, Name));
    emit(B);
  };
  const MOperand HiBefore = temp(), Lo = temp(), Wrapped = MOperand::vreg(MF->newVReg(RegClass::Pred));
  readClock(HiBefore, "SR_CLOCKHI");
  readClock(Lo, "SR_CLOCK");
  readClock(word(I.Ops[0], true), "SR_CLOCKHI");
  MInstBuilder Cmp = build(SIMT::ISETP);
  Cmp.mod(SIMT::MG_ICmp, modValue(SIMT::MG_ICmp, "NE")).mod(SIMT::MG_U32, true);
  Cmp.mod(SIMT::MG_Bop, modValue(SIMT::MG_Bop, "AND"));
  Cmp.reg("pu", Wrapped).reg("pv", MOperand::zero()).reg("ra", HiBefore);
  Cmp.regMod("sb", word(I.Ops[0], true), 0).reg("pp", MOperand::zero());
  emit(Cmp);
  MInstBuilder Sel = build(SIMT::SEL); // Pp ? Ra : Sb
  Sel.reg("rd", word(I.Ops[0], false)).reg("ra", MOperand::zero()).regMod("sb", Lo, 0);
  Sel.reg("pp", Wrapped);
  emit(Sel);
  return false;
}

bool Selector::selectMov(const Instruction &I) {
  PTXType T = I.type();
  if (I.Ops.size() != 2 || I.Ops[0].K != Operand::Reg)
    return unsupported(I);
  const Operand &Src = I.Ops[1];
  if (T == PTXType::Pred) { // p = q: PSETP.AND.AND p, PT, q, PT, PT
    if (Src.K != Operand::Reg && Src.K != Operand::Imm)
      return unsupported(I);
    MInstBuilder B = build(SIMT::PSETP);
    B.reg("pu", vreg(I.Ops[0])).reg("pv", MOperand::zero());
    setPred(B, "pp", Src);
    B.reg("pq", MOperand::zero()).reg("pr", MOperand::zero());
    emit(B);
    return false;
  }
  if (!isInt32(T) && T != PTXType::F32 && !isSubWord(T))
    return unsupported(I);
  if (Src.K == Operand::Symbol) { // 32-bit addressing (-m32)
    if (std::optional<int64_t> A = paramAddress(Src); A && isInt32(T)) {
      Operand V = Src;
      V.K = Operand::Imm;
      V.Int = *A;
      move(vreg(I.Ops[0]), V, std::nullopt);
      return false;
    }
    if (auto It = SymbolOffset.find(Src.Name); It != SymbolOffset.end() && isInt32(T)) {
      if (MF->Framed && LocalVars.contains(Src.Name)) {
        localAddress(vreg(I.Ops[0]), It->second + uint64_t(Src.Int));
        return false;
      }
      Operand V = Src; // a .shared/.local variable: its offset in the window
      V.K = Operand::Imm;
      V.Int = int64_t(It->second + uint64_t(Src.Int));
      move(vreg(I.Ops[0]), V, std::nullopt);
      return false;
    }
    bool Failed = false;
    const ModuleVarSlot *S = isInt32(T) ? moduleVar(I, Src.Name, Failed) : nullptr;
    if (Failed)
      return true;
    if (!S)
      return unsupportedAddressOf(I, Src);
    selectVarAddress(*S, Src.Int, vreg(I.Ops[0]), /*Wide=*/false);
    return false;
  }
  int64_t V = Src.K == Operand::FImm ? int64_t(f32Bits(Src)) : int32_t(uint32_t(Src.Int));
  if (Src.K != Operand::Reg && !fitsSb(V)) {
    MInstBuilder B = build(SIMT::MOV32I);
    B.reg("rd", vreg(I.Ops[0])).imm("imm", uint32_t(V));
    emit(B);
    return false;
  }
  MInstBuilder B = build(SIMT::MOV);
  B.reg("rd", vreg(I.Ops[0]));
  setSrcB(B, "sb", Src, /*Float=*/false);
  emit(B);
  return false;
}

//===-- Integer arithmetic ------------------------------------------------===//

MOperand Selector::extend16(const Operand &Op, bool Signed) {
  MOperand W = temp();
  MInstBuilder M = build(SIMT::I2I);
  M.mod(SIMT::MG_IntDst, modValue(SIMT::MG_IntDst, Signed ? "S32" : "U32"))
      .mod(SIMT::MG_IntSrc, modValue(SIMT::MG_IntSrc, Signed ? "S16" : "U16"))
      .reg("rd", W);
  setSrcB(M, "sb", Op, false);
  emit(M);
  return W;
}

// shl.b16 is the 32-bit SHL: the low half is right, and counts of 16 and
// more clear it. shr.u16/s16 shift in bits of the high half, so the operand
// is extended first.
bool Selector::selectShift16(const Instruction &I) {
  if (!hasIntOperands(I, 3) || I.Ops[0].K != Operand::Reg || I.Ops[1].K != Operand::Reg)
    return unsupported(I);
  bool Left = I.Op == Opcode::Shl, Signed = I.type() == PTXType::S16;
  if (Left && Signed)
    return unsupported(I);
  MInstBuilder M = build(Left ? SIMT::SHL : SIMT::SHR);
  if (!Left)
    M.mod(SIMT::MG_U32, !Signed);
  M.reg("rd", vreg(I.Ops[0]));
  M.reg("ra", Left ? regOf(I.Ops[1], false) : extend16(I.Ops[1], Signed));
  setSrcB(M, "sb", I.Ops[2], false);
  emit(M);
  return false;
}

// 16-bit arithmetic in 32-bit registers whose high half is undefined: add,
// sub, mul.lo, mad.lo and neg are the 32-bit instruction (the low half of
// the result depends on the low halves only); mul.hi, mul.wide, min and max
// extend their operands first and use the 32-bit operation on them.
bool Selector::selectInt16(const Instruction &I) {
  PTXType T = I.type();
  bool Signed = T == PTXType::S16, Hi = I.has(Modifier::Hi), Wide = I.has(Modifier::Wide);
  bool Extends = Hi || Wide || I.Op == Opcode::Min || I.Op == Opcode::Max;
  if (!Extends) {
    if (I.Op != Opcode::Add && I.Op != Opcode::Sub && I.Op != Opcode::Neg &&
        I.Op != Opcode::Mul && I.Op != Opcode::Mad)
      return unsupported(I);
    Instruction As32 = I;
    As32.Types[0] = Signed ? PTXType::S32 : PTXType::U32;
    return selectIntArith(As32);
  }
  if (I.Op == Opcode::Mad || !hasIntOperands(I, 3) || I.Ops[0].K != Operand::Reg)
    return unsupported(I);
  MOperand D = vreg(I.Ops[0]);
  MOperand A = extend16(I.Ops[1], Signed), B = extend16(I.Ops[2], Signed);
  if (I.Op == Opcode::Min || I.Op == Opcode::Max) { // IMNMX: PT min, !PT max
    MInstBuilder M = build(SIMT::IMNMX);
    M.mod(SIMT::MG_U32, !Signed).reg("rd", D).reg("ra", A).regMod("sb", B, 0);
    M.reg("pp", MOperand::zero(), /*Negated=*/I.Op == Opcode::Max);
    emit(M);
    return false;
  }
  // The 32-bit product of two extended halves is exact: .wide is it, .hi
  // its bits 16..31.
  MOperand P = Hi ? temp() : D;
  MInstBuilder M = build(SIMT::IMUL);
  SIMT::MulType Ty = Signed ? SIMT::MulType::S32 : SIMT::MulType::U32;
  M.mod<SIMT::MG_AType>(Ty).mod<SIMT::MG_BType>(Ty).mod(SIMT::MG_Hi, false);
  M.reg("rd", P).reg("ra", A).regMod("sb", B, 0);
  emit(M);
  if (Hi) {
    MInstBuilder S = build(SIMT::SHR);
    S.mod(SIMT::MG_U32, !Signed).reg("rd", D).reg("ra", P).srcImm("sb", 16);
    emit(S);
  }
  return false;
}

bool Selector::selectIntArith(const Instruction &I) {
  PTXType T = I.type();
  if (isInt16(T) && (I.Op == Opcode::Shl || I.Op == Opcode::Shr))
    return selectShift16(I);
  if (isInt16(T))
    return selectInt16(I);
  bool Signed = T == PTXType::S32;
  auto Ops = [&](size_t N) { return hasIntOperands(I, N); };
  // Carries, saturation and 24-bit forms come later.
  if (!isInt32(T) || I.has(Modifier::Cc) || I.has(Modifier::Sat) || I.Ops.empty() ||
      I.Ops[0].K != Operand::Reg)
    return unsupported(I);
  MOperand D = vreg(I.Ops[0]);
  switch (I.Op) {
  case Opcode::Add:
  case Opcode::Sub: {
    if (!Ops(3))
      return unsupported(I);
    bool IsSub = I.Op == Opcode::Sub;
    const Operand &B = I.Ops[2];
    if (IsSub && I.Ops[1].K == Operand::Imm && B.K == Operand::Reg &&
        fitsSb(int32_t(uint32_t(I.Ops[1].Int)))) { // k - b = -b + k
      MInstBuilder M = build(SIMT::IADD);
      M.reg("rd", D).regMod("ra", vreg(B), SIMT::RM_Neg);
      setSrcB(M, "sb", I.Ops[1], false);
      emit(M);
      return false;
    }
    if (B.K == Operand::Imm) {
      int64_t V = int32_t(uint32_t(IsSub ? -B.Int : B.Int));
      if (!fitsSb(V)) {
        MInstBuilder M = build(SIMT::IADD32I);
        M.reg("rd", D).regMod("ra", regOf(I.Ops[1], false), 0).imm("imm", uint32_t(V));
        emit(M);
        return false;
      }
    }
    MInstBuilder M = build(SIMT::IADD);
    M.reg("rd", D).regMod("ra", regOf(I.Ops[1], false), 0);
    setSrcB(M, "sb", B, false, IsSub ? unsigned(SIMT::SB_Neg) : 0u);
    emit(M);
    return false;
  }
  case Opcode::Mul:
  case Opcode::Mad: {
    bool Hi = I.has(Modifier::Hi);
    if (I.has(Modifier::Wide) && I.Op == Opcode::Mul && Ops(3)) {
      MOperand A = regOf(I.Ops[1], false);
      // By 2^k (an index scaled to bytes): two shifts, cheaper than
      // IMUL.HI on any SM, the emulator's included.
      const Operand &B = I.Ops[2];
      if (B.K == Operand::Imm && B.Int > 1 && B.Int <= INT32_MAX && isPowerOf2_64(B.Int)) {
        widenedShift(I.Ops[0], A, Log2_64(B.Int), Signed);
        return false;
      }
      // d = a * b as 64 bits: the low and the high word of the product.
      SIMT::MulType Ty = Signed ? SIMT::MulType::S32 : SIMT::MulType::U32;
      for (bool H : {false, true}) {
        MInstBuilder M = build(SIMT::IMUL);
        M.mod<SIMT::MG_AType>(Ty).mod<SIMT::MG_BType>(Ty).mod(SIMT::MG_Hi, H);
        M.reg("rd", word(I.Ops[0], H)).reg("ra", A);
        setSrcB(M, "sb", I.Ops[2], false);
        emit(M);
      }
      return false;
    }
    if (I.has(Modifier::Wide) || (!Hi && !I.has(Modifier::Lo)) ||
        !Ops(I.Op == Opcode::Mad ? 4 : 3))
      return unsupported(I);
    unsigned Ty = modValue(SIMT::MG_AType, Signed ? "S32" : "U32");
    MInstBuilder M = build(I.Op == Opcode::Mad ? SIMT::IMAD : SIMT::IMUL);
    M.mod(SIMT::MG_AType, Ty).mod(SIMT::MG_BType, Ty).mod(SIMT::MG_Hi, Hi);
    M.reg("rd", D).reg("ra", regOf(I.Ops[1], false));
    setSrcB(M, "sb", I.Ops[2], false);
    if (I.Op == Opcode::Mad)
      M.reg("rc", regOf(I.Ops[3], false));
    emit(M);
    return false;
  }
  case Opcode::Min:
  case Opcode::Max: {
    if (!Ops(3))
      return unsupported(I);
    // IMNMX: Pp ? min : max; PT selects min, !PT max.
    MInstBuilder M = build(SIMT::IMNMX);
    M.mod(SIMT::MG_U32, !Signed).reg("rd", D).reg("ra", regOf(I.Ops[1], false));
    setSrcB(M, "sb", I.Ops[2], false);
    M.reg("pp", MOperand::zero(), /*Negated=*/I.Op == Opcode::Max);
    emit(M);
    return false;
  }
  case Opcode::Neg: { // 0 - b
    if (!Ops(2))
      return unsupported(I);
    MInstBuilder M = build(SIMT::IADD);
    M.reg("rd", D).regMod("ra", MOperand::zero(), 0);
    setSrcB(M, "sb", I.Ops[1], false, SIMT::SB_Neg);
    emit(M);
    return false;
  }
  case Opcode::Abs: {
    if (!Ops(2) || !Signed)
      return unsupported(I);
    MInstBuilder M = build(SIMT::IABS);
    M.reg("rd", D);
    setSrcB(M, "sb", I.Ops[1], false);
    emit(M);
    return false;
  }
  case Opcode::Shl:
  case Opcode::Shr: {
    // PTX clamps shift counts to 32, as SHL/SHR without .W do.
    if (!Ops(3) || (I.Op == Opcode::Shl && Signed))
      return unsupported(I);
    MInstBuilder M = build(I.Op == Opcode::Shl ? SIMT::SHL : SIMT::SHR);
    if (I.Op == Opcode::Shr)
      M.mod(SIMT::MG_U32, !Signed);
    M.reg("rd", D).reg("ra", regOf(I.Ops[1], false));
    setSrcB(M, "sb", I.Ops[2], false);
    emit(M);
    return false;
  }
  default:
    return unsupported(I);
  }
}

// 16-bit logic (clang's and.b16 on a loaded bool) is the 32-bit operation:
// the low half is right, and nothing reads the high half of a 16-bit value
// without extending it first (cvt, setp).
bool Selector::selectLogic(const Instruction &I) {
  PTXType T = I.type();
  if ((!isInt32(T) && !isInt16(T)) || I.Ops.empty() || I.Ops[0].K != Operand::Reg)
    return unsupported(I);
  MOperand D = vreg(I.Ops[0]);
  if (I.Op == Opcode::Not) { // ~b: LOP.PASS_B d, RZ, ~b
    if (I.Ops.size() != 2)
      return unsupported(I);
    MInstBuilder M = build(SIMT::LOP);
    M.mod(SIMT::MG_Logic, modValue(SIMT::MG_Logic, "PASS_B"))
        .reg("rd", D)
        .regMod("ra", MOperand::zero(), 0);
    setSrcB(M, "sb", I.Ops[1], false, SIMT::SB_Inv);
    emit(M);
    return false;
  }
  if (I.Ops.size() != 3)
    return unsupported(I);
  StringRef Op = I.Op == Opcode::And ? "AND" : I.Op == Opcode::Or ? "OR" : "XOR";
  unsigned Logic = modValue(SIMT::MG_Logic, Op);
  const Operand &B = I.Ops[2];
  if (B.K == Operand::Imm && !fitsSb(int32_t(uint32_t(B.Int)))) {
    MInstBuilder M = build(SIMT::LOP32I);
    M.mod(SIMT::MG_Logic, Logic).reg("rd", D).regMod("ra", regOf(I.Ops[1], false), 0);
    M.imm("imm", uint32_t(B.Int));
    emit(M);
    return false;
  }
  MInstBuilder M = build(SIMT::LOP);
  M.mod(SIMT::MG_Logic, Logic).reg("rd", D).regMod("ra", regOf(I.Ops[1], false), 0);
  setSrcB(M, "sb", B, false);
  emit(M);
  return false;
}

// bfe d, a, pos, len and bfi d, a, b, pos, len: BFE/BFI with the control
// word pos | len << 8 in Sb (PTX takes both from their low 8 bits, as the
// instructions do). Constant fields are one literal; otherwise a BFI builds
// the word: len's low byte over bits 8..15 of pos (the bits above 15 of the
// control word are ignored).
bool Selector::selectBitField(const Instruction &I) {
  PTXType T = I.type();
  bool Insert = I.Op == Opcode::Bfi;
  size_t N = Insert ? 5 : 4;
  if (!isInt32(T) || !hasIntOperands(I, N) || I.Ops[0].K != Operand::Reg ||
      (Insert && T != PTXType::B32))
    return unsupported(I);
  const Operand &Pos = I.Ops[N - 2], &Len = I.Ops[N - 1];
  MInstBuilder M = build(Insert ? SIMT::BFI : SIMT::BFE);
  if (!Insert)
    M.mod(SIMT::MG_U32, T != PTXType::S32);
  M.reg("rd", vreg(I.Ops[0]));
  M.reg("ra", regOf(I.Ops[1], false));
  if (Pos.K == Operand::Imm && Len.K == Operand::Imm) {
    M.srcImm("sb", (Pos.Int & 0xff) | (Len.Int & 0xff) << 8);
  } else {
    MOperand Ctl = temp();
    MInstBuilder Pack = build(SIMT::BFI);
    Pack.reg("rd", Ctl).reg("ra", regOf(Len, false)).srcImm("sb", 8 | 8 << 8);
    Pack.reg("rc", regOf(Pos, false));
    emit(Pack);
    M.regMod("sb", Ctl, 0);
  }
  if (Insert) // the base the field goes into
    M.reg("rc", regOf(I.Ops[2], false));
  emit(M);
  return false;
}

// bfe.u64/.s64 with a constant field inside one word (libclc's frexp and
// ldexp take a double's exponent, bits 52..62): BFE on that word, the
// high word zero or the field's sign.
bool Selector::selectBitField64(const Instruction &I) {
  if (I.Ops.size() != 4 || I.Ops[0].K != Operand::Reg || I.Ops[1].K != Operand::Reg ||
      I.Ops[2].K != Operand::Imm || I.Ops[3].K != Operand::Imm)
    return unsupported(I);
  const int64_t Pos = I.Ops[2].Int & 0xff, Len = I.Ops[3].Int & 0xff;
  const bool Signed = I.type() == PTXType::S64;
  const bool High = Pos >= 32;
  if (Len < 1 || Len > 32 || (High ? Pos + Len > 64 : Pos + Len > 32))
    return Diag.error(I.Loc, "not supported yet: '" + opcodeSpelling(I) +
                                 "' of a field that is not inside one 32-bit word");
  MOperand Lo = word(I.Ops[0], false), Hi = word(I.Ops[0], true);
  MInstBuilder M = build(SIMT::BFE);
  M.mod(SIMT::MG_U32, !Signed).reg("rd", Lo).reg("ra", word(I.Ops[1], High));
  M.srcImm("sb", unsigned(Pos - (High ? 32 : 0)) | unsigned(Len) << 8);
  emit(M);
  extendHigh(Hi, Lo, Signed);
  return false;
}

// Predicate logic through PSETP: Pu = (Pp bop Pq) AND PT.
bool Selector::selectPredLogic(const Instruction &I) {
  size_t N = I.Op == Opcode::Not ? 2 : 3;
  if (I.Ops.size() != N || I.Ops[0].K != Operand::Reg)
    return unsupported(I);
  // `p = q op setp(a, b)` is one `setp.cmp.op p, a, b, q` (ISETP's own
  // combining predicate, as ptxas writes `a < n || b < m`); the first setp
  // then goes unread (the dce pass).
  if (I.Op != Opcode::Not && !I.Guard)
    for (unsigned K : {2u, 1u})
      if (const Instruction *Setp = movableSetp(I.Ops[K])) {
        Instruction Fused = *Setp;
        Fused.Mods.push_back(I.Op == Opcode::And ? Modifier::And
                             : I.Op == Opcode::Or ? Modifier::Or
                                                  : Modifier::Xor);
        Fused.Ops[0] = I.Ops[0];
        Fused.Ops.push_back(I.Ops[3 - K]);
        Fused.Loc = I.Loc;
        Fused.DL = I.DL;
        return select(Fused);
      }
  MInstBuilder M = build(SIMT::PSETP);
  if (I.Op != Opcode::Not)
    M.mod(SIMT::MG_Bop, modValue(SIMT::MG_Bop, I.Op == Opcode::And  ? "AND"
                                               : I.Op == Opcode::Or ? "OR"
                                                                    : "XOR"));
  M.reg("pu", vreg(I.Ops[0])).reg("pv", MOperand::zero());
  Operand Src = I.Ops[1];
  if (I.Op == Opcode::Not) { // !p AND PT
    Src.Negated = !Src.Negated;
    if (Src.K == Operand::Imm)
      Src.Int = !Src.Int;
  }
  setPred(M, "pp", Src);
  if (I.Op == Opcode::Not)
    M.reg("pq", MOperand::zero());
  else
    setPred(M, "pq", I.Ops[2]);
  M.reg("pr", MOperand::zero());
  emit(M);
  return false;
}

//===-- Floating point ----------------------------------------------------===//

static std::optional<StringRef> roundingOf(const Instruction &I) {
  if (I.has(Modifier::Rz))
    return StringRef("RZ");
  if (I.has(Modifier::Rm))
    return StringRef("RM");
  if (I.has(Modifier::Rp))
    return StringRef("RP");
  return StringRef("RN"); // .rn, and no rounding written (IEEE round to nearest)
}

bool Selector::selectFloatArith(const Instruction &I) {
  for (const Operand &Op : I.Ops)
    if (Op.K != Operand::Reg && Op.K != Operand::FImm)
      return unsupported(I);
  if (I.Ops.empty() || I.Ops[0].K != Operand::Reg || I.has(Modifier::Approx))
    return unsupported(I);
  MOperand D = vreg(I.Ops[0]);
  bool Ftz = I.has(Modifier::Ftz), Sat = I.has(Modifier::Sat);
  unsigned Rnd = modValue(SIMT::MG_Rnd, *roundingOf(I));
  auto Arith = [&](unsigned Opcode) {
    MInstBuilder M = build(Opcode);
    M.mod(SIMT::MG_FTZ, Ftz).mod(SIMT::MG_Sat, Sat).reg("rd", D);
    M.mod(SIMT::MG_Rnd, Rnd);
    return M;
  };
  switch (I.Op) {
  case Opcode::Add:
  case Opcode::Sub:
  case Opcode::Mul: {
    if (I.Ops.size() != 3)
      return unsupported(I);
    const Operand &B = I.Ops[2];
    bool IsMul = I.Op == Opcode::Mul;
    if (B.K == Operand::FImm && (f32Bits(B) & 0xfff) && *roundingOf(I) == "RN" &&
        (IsMul || !Sat)) {
      // A constant that does not fit Sb: the 32I forms (round to nearest).
      uint32_t Bits = f32Bits(B) ^ (I.Op == Opcode::Sub ? 0x80000000u : 0u);
      MInstBuilder M = build(IsMul ? SIMT::FMUL32I : SIMT::FADD32I);
      M.mod(SIMT::MG_FTZ, Ftz).reg("rd", D).regMod("ra", regOf(I.Ops[1], true), 0);
      if (IsMul)
        M.mod(SIMT::MG_Sat, Sat);
      M.imm("imm", Bits);
      emit(M);
      return false;
    }
    MInstBuilder M = Arith(IsMul ? SIMT::FMUL : SIMT::FADD);
    M.regMod("ra", regOf(I.Ops[1], true), 0);
    setSrcB(M, "sb", I.Ops[2], true, I.Op == Opcode::Sub ? unsigned(SIMT::SB_Neg) : 0u);
    emit(M);
    return false;
  }
  case Opcode::Fma:
  case Opcode::Mad: { // mad.f32 on sm_20 and later is fma
    if (I.Ops.size() != 4)
      return unsupported(I);
    MInstBuilder M = Arith(SIMT::FFMA);
    M.regMod("ra", regOf(I.Ops[1], true), 0);
    setSrcB(M, "sb", I.Ops[2], true);
    M.regMod("rc", regOf(I.Ops[3], true), 0);
    emit(M);
    return false;
  }
  case Opcode::Min:
  case Opcode::Max: {
    if (I.Ops.size() != 3)
      return unsupported(I);
    MInstBuilder M = build(SIMT::FMNMX);
    M.mod(SIMT::MG_FTZ, Ftz).reg("rd", D).regMod("ra", regOf(I.Ops[1], true), 0);
    setSrcB(M, "sb", I.Ops[2], true);
    M.reg("pp", MOperand::zero(), /*Negated=*/I.Op == Opcode::Max);
    emit(M);
    return false;
  }
  case Opcode::Abs:
  case Opcode::Neg: {
    if (I.Ops.size() != 2)
      return unsupported(I);
    bool IsAbs = I.Op == Opcode::Abs;
    if (Ftz) { // flushing needs an arithmetic instruction: |a| * 1, a * -1
      MInstBuilder M = Arith(SIMT::FMUL);
      M.regMod("ra", regOf(I.Ops[1], true), IsAbs ? unsigned(SIMT::RM_Abs) : 0u);
      M.srcImm("sb", (IsAbs ? 0x3f800000u : 0xbf800000u) >> 12);
      emit(M);
      return false;
    }
    // Otherwise the sign bit alone, exactly as PTX defines them.
    MInstBuilder M = build(SIMT::LOP32I);
    M.mod(SIMT::MG_Logic, modValue(SIMT::MG_Logic, IsAbs ? "AND" : "XOR"));
    M.reg("rd", D).regMod("ra", regOf(I.Ops[1], true), 0);
    M.imm("imm", IsAbs ? 0x7fffffffu : 0x80000000u);
    emit(M);
    return false;
  }
  default:
    return unsupported(I);
  }
}

// Integer division and the f32 operations the ISA has no one instruction
// for. .rn is exact (also for rcp); .approx is MUFU; the directed roundings
// of div/sqrt/rcp are not supported yet.
MathSink Selector::sinkFor(const Instruction &I) {
  MathSink S{*MF, *Cur, CurI, std::nullopt, false};
  if (I.Guard) {
    S.Guard = MOperand::vreg(VRegOf[*I.Guard]);
    S.GuardNegated = I.GuardNegated;
  }
  return S;
}

// clz.b32 (libclc's float reductions normalise with it); clz.b64 is the
// high word's count, or 32 + the low word's when the high word is zero.
bool Selector::selectClz(const Instruction &I) {
  bool Is64 = I.type() == PTXType::B64;
  if ((I.type() != PTXType::B32 && !Is64) || !hasIntOperands(I, 2) ||
      I.Ops[0].K != Operand::Reg)
    return unsupported(I);
  if (!Is64) {
    MathSink S = sinkFor(I);
    lowerClz(S, vreg(I.Ops[0]), regOf(I.Ops[1], false));
    return false;
  }
  if (I.Ops[1].K != Operand::Reg || classOf(F.reg(I.Ops[1].RegId).Type) != RegClass::GPR64)
    return Diag.error(I.Loc, "'" + opcodeSpelling(I) + "' needs a 64-bit source register");
  MOperand HiCount = temp(), LoCount = temp(), HiZero = MOperand::vreg(MF->newVReg(RegClass::Pred));
  MathSink S = sinkFor(I);
  lowerClz(S, HiCount, word(I.Ops[1], true));
  lowerClz(S, LoCount, word(I.Ops[1], false));
  MInstBuilder Zero = build(SIMT::ISETP);
  Zero.mod(SIMT::MG_ICmp, modValue(SIMT::MG_ICmp, "EQ")).mod(SIMT::MG_U32, true);
  Zero.mod(SIMT::MG_Bop, modValue(SIMT::MG_Bop, "AND"));
  Zero.reg("pu", HiZero).reg("pv", MOperand::zero()).reg("ra", word(I.Ops[1], true));
  Zero.srcImm("sb", 0).reg("pp", MOperand::zero());
  emit(Zero);
  MOperand LoPlus32 = temp();
  MInstBuilder Add = build(SIMT::IADD);
  Add.reg("rd", LoPlus32).regMod("ra", LoCount, 0).srcImm("sb", 32);
  emit(Add);
  MInstBuilder Sel = build(SIMT::SEL);
  Sel.reg("rd", vreg(I.Ops[0])).reg("ra", LoPlus32).regMod("sb", HiCount, 0).reg("pp", HiZero);
  emit(Sel);
  return false;
}

bool Selector::selectMath(const Instruction &I) {
  PTXType T = I.type();
  bool Binary = I.Op == Opcode::Div || I.Op == Opcode::Rem;
  if (I.Ops.size() != (Binary ? 3u : 2u) || I.Ops[0].K != Operand::Reg)
    return unsupported(I);
  // 16-bit division: the 32-bit one on the extended operands, whose low
  // half is the 16-bit quotient or remainder.
  if (Binary && isInt16(T)) {
    if (!hasIntOperands(I, 3))
      return unsupported(I);
    bool Signed = T == PTXType::S16;
    MOperand N = extend16(I.Ops[1], Signed), Dv = extend16(I.Ops[2], Signed);
    MathSink S = sinkFor(I);
    lowerIntDivRem(S, vreg(I.Ops[0]), N, Dv, Signed, I.Op == Opcode::Rem);
    return false;
  }
  MathSink S = sinkFor(I);
  MOperand D = vreg(I.Ops[0]);
  if (Binary && (T == PTXType::S32 || T == PTXType::U32)) {
    if (!hasIntOperands(I, 3))
      return unsupported(I);
    MOperand N = regOf(I.Ops[1], false), Dv = regOf(I.Ops[2], false);
    lowerIntDivRem(S, D, N, Dv, T == PTXType::S32, I.Op == Opcode::Rem);
    return false;
  }
  if (T != PTXType::F32 || I.Op == Opcode::Rem)
    return unsupported(I);
  for (const Operand &Op : ArrayRef(I.Ops).drop_front())
    if (Op.K != Operand::Reg && Op.K != Operand::FImm)
      return unsupported(I);
  bool Ftz = I.has(Modifier::Ftz), Approx = I.has(Modifier::Approx);
  bool Rn = I.has(Modifier::Rn), Full = I.has(Modifier::Full);
  MOperand X = regOf(I.Ops[1], true);
  switch (I.Op) {
  case Opcode::Div: {
    MOperand Y = regOf(I.Ops[2], true);
    if (Approx)
      lowerDivApprox(S, D, X, Y, Ftz);
    else if (Full)
      lowerDivFull(S, D, X, Y, Ftz);
    else if (Rn)
      lowerDivRN(S, D, X, Y, Ftz);
    else
      return unsupported(I);
    return false;
  }
  case Opcode::Sqrt:
  case Opcode::Rcp:
    if (Approx)
      lowerMufu(S, D, X, I.Op == Opcode::Sqrt ? MufuFn::Sqrt : MufuFn::Rcp, Ftz);
    else if (Rn && I.Op == Opcode::Sqrt)
      lowerSqrtRN(S, D, X, Ftz);
    else if (Rn)
      lowerDivRN(S, D, materialize(0x3f800000), X, Ftz);
    else
      return unsupported(I);
    return false;
  default: {
    if (!Approx)
      return unsupported(I);
    MufuFn Fn = I.Op == Opcode::Rsqrt ? MufuFn::Rsqrt
                : I.Op == Opcode::Ex2 ? MufuFn::Ex2
                : I.Op == Opcode::Lg2 ? MufuFn::Lg2
                : I.Op == Opcode::Sin ? MufuFn::Sin
                                      : MufuFn::Cos;
    lowerMufu(S, D, X, Fn, Ftz);
    return false;
  }
  }
}

//===-- Comparisons and selects -------------------------------------------===//

static std::optional<StringRef> compareSpelling(const Instruction &I, bool Float) {
  static const std::pair<Modifier, const char *> Int[] = {
      {Modifier::Eq, "EQ"}, {Modifier::Ne, "NE"}, {Modifier::Lt, "LT"}, {Modifier::Le, "LE"},
      {Modifier::Gt, "GT"}, {Modifier::Ge, "GE"}, {Modifier::Lo, "LT"}, {Modifier::Ls, "LE"},
      {Modifier::Hi, "GT"}, {Modifier::Hs, "GE"}};
  static const std::pair<Modifier, const char *> Flt[] = {
      {Modifier::Eq, "EQ"},   {Modifier::Ne, "NE"},   {Modifier::Lt, "LT"},
      {Modifier::Le, "LE"},   {Modifier::Gt, "GT"},   {Modifier::Ge, "GE"},
      {Modifier::Equ, "EQU"}, {Modifier::Neu, "NEU"}, {Modifier::Ltu, "LTU"},
      {Modifier::Leu, "LEU"}, {Modifier::Gtu, "GTU"}, {Modifier::Geu, "GEU"},
      {Modifier::Num, "NUM"}, {Modifier::Nan, "NAN"}};
  for (const auto &[M, S] : Float ? ArrayRef(Flt) : ArrayRef(Int))
    if (I.has(M))
      return StringRef(S);
  return std::nullopt;
}

namespace {
/// The register class PTX gives operand N of `I`: a predicate where it
/// takes one (Instruction::takesPredicate), else the instruction type's
/// width, except the operands whose type the family fixes (shift amounts,
/// bit positions, counts, wide results). nullopt where a wider register is
/// allowed (ld, st, cvt: their selections check) or the family checks its
/// own operands.
std::optional<RegClass> expectedClass(const Instruction &I, size_t N) {
  if (I.takesPredicate(N).value_or(false))
    return RegClass::Pred;
  const RegClass T = classOf(I.type());
  switch (I.Op) {
  case Opcode::Setp:
  case Opcode::Selp:
  case Opcode::Testp:
    return T;
  case Opcode::Set: // set.cmp.dtype.stype d, a, b[, c]
    return classOf(I.type(N == 0 ? 0 : 1));
  case Opcode::Slct: // slct.dtype.ctype d, a, b, c
    return classOf(I.type(N == 3 ? 1 : 0));
  case Opcode::Mul:
  case Opcode::Mad: // .wide: the result (and mad's addend) twice as wide
    if (I.has(Modifier::Wide) && (N == 0 || (I.Op == Opcode::Mad && N == 3)))
      return typeBits(I.type()) == 32 ? RegClass::GPR64 : RegClass::GPR;
    return T;
  case Opcode::Shl:
  case Opcode::Shr:
    return N == 2 ? RegClass::GPR : T; // the shift amount is .u32
  case Opcode::Bfe:
    return N >= 2 ? RegClass::GPR : T; // position and length are .u32
  case Opcode::Bfi:
    return N >= 3 ? RegClass::GPR : T;
  case Opcode::Popc:
  case Opcode::Clz:
  case Opcode::Bfind:
    return N == 0 ? RegClass::GPR : T; // the count is .u32
  case Opcode::Add:
  case Opcode::Sub:
  case Opcode::Addc:
  case Opcode::Subc:
  case Opcode::Madc:
  case Opcode::Mul24:
  case Opcode::Mad24:
  case Opcode::Sad:
  case Opcode::Div:
  case Opcode::Rem:
  case Opcode::Abs:
  case Opcode::Neg:
  case Opcode::Min:
  case Opcode::Max:
  case Opcode::And:
  case Opcode::Or:
  case Opcode::Xor:
  case Opcode::Not:
  case Opcode::Cnot:
  case Opcode::Brev:
  case Opcode::Prmt:
  case Opcode::Copysign:
  case Opcode::Rcp:
  case Opcode::Sqrt:
  case Opcode::Rsqrt:
  case Opcode::Sin:
  case Opcode::Cos:
  case Opcode::Lg2:
  case Opcode::Ex2:
  case Opcode::Fma:
  case Opcode::Mov:
    return T;
  default:
    return std::nullopt;
  }
}
} // namespace

// fuzz-ptxas: 'setp.lt.s32 %rd7, ...' set P0 and left %rd7 as it was, and
// a 64-bit register in a 32-bit add became a 32-bit IADD of a pair (the
// parser reports predicates in value positions and the reverse first).
bool Selector::checkOperandClasses(const Instruction &I) {
  auto Described = [](RegClass C, bool Article) -> std::string {
    if (C == RegClass::Pred)
      return "a predicate";
    return std::string(Article ? "a " : "") + (C == RegClass::GPR64 ? "64-bit" : "32-bit") +
           (Article ? " register" : "");
  };
  for (size_t N = 0; N < I.Ops.size(); ++N) {
    if (I.Ops[N].K != Operand::Reg)
      continue;
    const std::optional<RegClass> Want = expectedClass(I, N);
    const Register &R = F.reg(I.Ops[N].RegId);
    const RegClass C = classOf(R.Type);
    if (Want && C != *Want)
      return Diag.error(I.Loc, "'" + opcodeSpelling(I) + "' needs " + Described(*Want, true) +
                                   " for operand " + std::to_string(N + 1) + "; '" + R.Name +
                                   "' is " + Described(C, false));
  }
  return false;
}

bool Selector::selectSetp(const Instruction &I) {
  PTXType T = I.type();
  bool Double = T == PTXType::F64, Float = T == PTXType::F32 || Double;
  if ((!Float && !isInt32(T) && !isInt16(T)) || I.Ops.size() < 3 || I.Ops.size() > 4 ||
      I.Ops[0].K != Operand::Reg || (Double && I.has(Modifier::Ftz)))
    return unsupported(I);
  // 16-bit operands: the high half of a register is undefined, so each is
  // extended (I2I; constants here) and compared as 32 bits.
  std::optional<MOperand> WideA, WideB;
  Operand NarrowB = I.Ops[2];
  if (isInt16(T)) {
    bool S = T == PTXType::S16;
    WideA = extend16(I.Ops[1], S);
    if (NarrowB.K == Operand::Reg)
      WideB = extend16(NarrowB, S);
    else if (NarrowB.K == Operand::Imm)
      NarrowB.Int = S ? int64_t(int16_t(NarrowB.Int)) : int64_t(uint16_t(NarrowB.Int));
    else
      return unsupported(I);
  }
  std::optional<StringRef> Cmp = compareSpelling(I, Float);
  // The unsigned names (lo, ls, hi, hs) compare as unsigned; b32 too.
  bool Unsigned = (T != PTXType::S32 && T != PTXType::S16) || I.has(Modifier::Lo) ||
                  I.has(Modifier::Ls) || I.has(Modifier::Hi) || I.has(Modifier::Hs);
  std::optional<StringRef> Bop;
  if (I.has(Modifier::And))
    Bop = "AND";
  else if (I.has(Modifier::Or))
    Bop = "OR";
  else if (I.has(Modifier::Xor))
    Bop = "XOR";
  if (!Cmp || Bop.has_value() != (I.Ops.size() == 4))
    return unsupported(I);
  MInstBuilder M = build(Double ? SIMT::DSETP : Float ? SIMT::FSETP : SIMT::ISETP);
  M.mod(Float ? SIMT::MG_FCmp : SIMT::MG_ICmp,
        modValue(Float ? SIMT::MG_FCmp : SIMT::MG_ICmp, *Cmp));
  if (!Float)
    M.mod(SIMT::MG_U32, Unsigned);
  else if (!Double)
    M.mod(SIMT::MG_FTZ, I.has(Modifier::Ftz));
  if (Bop)
    M.mod(SIMT::MG_Bop, modValue(SIMT::MG_Bop, *Bop));
  M.reg("pu", vreg(I.Ops[0])).reg("pv", MOperand::zero());
  if (Double)
    M.regMod("ra", pairOf(I.Ops[1]), 0);
  else if (Float)
    M.regMod("ra", regOf(I.Ops[1], true), 0);
  else
    M.reg("ra", WideA ? *WideA : regOf(I.Ops[1], false));
  if (WideB)
    M.regMod("sb", *WideB, 0);
  else if (Double)
    setSrcBDouble(M, "sb", NarrowB);
  else
    setSrcB(M, "sb", NarrowB, Float);
  if (Bop)
    setPred(M, "pp", I.Ops[3]);
  else
    M.reg("pp", MOperand::zero());
  emit(M);
  return false;
}

bool Selector::selectSelp(const Instruction &I) {
  PTXType T = I.type();
  bool Float = T == PTXType::F32;
  if ((!Float && !isInt32(T) && !isInt16(T)) || I.Ops.size() != 4 ||
      I.Ops[0].K != Operand::Reg)
    return unsupported(I);
  // selp d, a, b, c = c ? a : b; SEL d, a, b, p = p ? a : b. A 16-bit value
  // is its register's low half: picking the register picks it.
  MInstBuilder M = build(SIMT::SEL);
  M.reg("rd", vreg(I.Ops[0])).reg("ra", regOf(I.Ops[1], Float));
  setSrcB(M, "sb", I.Ops[2], /*Float=*/false);
  setPred(M, "pp", I.Ops[3]);
  emit(M);
  return false;
}

//===-- Conversions -------------------------------------------------------===//

static std::optional<StringRef> intSpelling(PTXType T) {
  switch (T) {
  case PTXType::U8: case PTXType::B8: return StringRef("U8");
  case PTXType::S8: return StringRef("S8");
  case PTXType::U16: case PTXType::B16: return StringRef("U16");
  case PTXType::S16: return StringRef("S16");
  case PTXType::U32: case PTXType::B32: return StringRef("U32");
  case PTXType::S32: return StringRef("S32");
  case PTXType::U64: case PTXType::B64: return StringRef("U64");
  case PTXType::S64: return StringRef("S64");
  default: return std::nullopt;
  }
}

// F2I's rounding for cvt's .rzi/.rni/.rmi/.rpi, empty without one.
static StringRef integerRounding(const Instruction &I) {
  return I.has(Modifier::Rzi)   ? "TRUNC"
         : I.has(Modifier::Rni) ? "ROUND"
         : I.has(Modifier::Rmi) ? "FLOOR"
         : I.has(Modifier::Rpi) ? "CEIL"
                                : "";
}

bool Selector::selectCvt(const Instruction &I) {
  if (I.Types.size() != 2 || I.Ops.size() != 2 || I.Ops[0].K != Operand::Reg ||
      I.Ops[1].K != Operand::Reg)
    return unsupported(I);
  PTXType Dst = I.type(0), Src = I.type(1);
  if (isInt64(Dst) || isInt64(Src) || Dst == PTXType::F64 || Src == PTXType::F64)
    return selectCvt64(I);
  MOperand D = vreg(I.Ops[0]);
  bool Ftz = I.has(Modifier::Ftz), Sat = I.has(Modifier::Sat);
  std::optional<StringRef> DstInt = intSpelling(Dst), SrcInt = intSpelling(Src);
  if (Dst == PTXType::F32 && SrcInt) { // int -> f32, rounding .rn/.rz/.rm/.rp
    if (Sat || Ftz)
      return unsupported(I);
    MInstBuilder M = build(SIMT::I2F);
    M.mod(SIMT::MG_FltDst, modValue(SIMT::MG_FltDst, "F32"))
        .mod(SIMT::MG_IntSrc, modValue(SIMT::MG_IntSrc, *SrcInt))
        .mod(SIMT::MG_Rnd, modValue(SIMT::MG_Rnd, *roundingOf(I)))
        .reg("rd", D);
    setSrcB(M, "sb", I.Ops[1], false);
    emit(M);
    return false;
  }
  StringRef IntRnd = integerRounding(I);
  if (Dst == PTXType::F32 && Src == PTXType::F32) { // floorf, truncf, ...: cvt.rmi.f32.f32
    if (IntRnd.empty() && !Sat)
      return unsupported(I);
    MOperand V = regOf(I.Ops[1], true);
    if (!IntRnd.empty()) {
      MOperand R = Sat ? temp() : D;
      MathSink S = sinkFor(I);
      lowerRoundToInt(S, R, V, IntRnd, Ftz);
      V = R;
    }
    if (Sat) { // clamped to [0, 1], NaN to 0: FADD.SAT of +0 (exact otherwise)
      MInstBuilder M = build(SIMT::FADD);
      M.mod(SIMT::MG_FTZ, Ftz).mod(SIMT::MG_Sat, true).mod(SIMT::MG_Rnd, modValue(SIMT::MG_Rnd, "RN"));
      M.reg("rd", D).regMod("ra", V, 0).srcImm("sb", 0);
      emit(M);
    }
    return false;
  }
  if (DstInt && Src == PTXType::F32) { // f32 -> int needs an integer rounding
    if (IntRnd.empty())
      return unsupported(I);
    MInstBuilder M = build(SIMT::F2I);
    M.mod(SIMT::MG_IntDst, modValue(SIMT::MG_IntDst, *DstInt))
        .mod(SIMT::MG_FltSrc, modValue(SIMT::MG_FltSrc, "F32"))
        .mod(SIMT::MG_FTZ, Ftz)
        .mod(SIMT::MG_F2IRnd, modValue(SIMT::MG_F2IRnd, IntRnd))
        .reg("rd", D);
    setSrcB(M, "sb", I.Ops[1], false);
    emit(M);
    return false;
  }
  if (DstInt && SrcInt) {
    if (*DstInt == *SrcInt || (typeBits(Dst) == 32 && typeBits(Src) == 32 && !Sat)) {
      MInstBuilder M = build(SIMT::MOV); // same bits
      M.reg("rd", D);
      setSrcB(M, "sb", I.Ops[1], false);
      emit(M);
      return false;
    }
    MInstBuilder M = build(SIMT::I2I);
    M.mod(SIMT::MG_IntDst, modValue(SIMT::MG_IntDst, *DstInt))
        .mod(SIMT::MG_IntSrc, modValue(SIMT::MG_IntSrc, *SrcInt))
        .mod(SIMT::MG_Sat, Sat)
        .reg("rd", D);
    setSrcB(M, "sb", I.Ops[1], false);
    emit(M);
    return false;
  }
  return unsupported(I);
}


//===-- 64-bit integers -------------------------------------------------===//

// Pairs a word at a time: carries through .CC/.X for add and sub, funnel
// shifts by constants, logic word by word; shifts by registers, mul.hi,
// min/max/neg/abs and division are the sequences of LowerMath64.h.
bool Selector::selectInt64(const Instruction &I) {
  auto Simple = [&](size_t N) { return hasIntOperands(I, N); };
  if (I.Op == Opcode::Mov) {
    if (I.Ops.size() != 2 || I.Ops[0].K != Operand::Reg)
      return unsupported(I);
    const Operand &Src = I.Ops[1];
    if (Src.K == Operand::Symbol) { // the address of a .shared/.local variable
      if (std::optional<int64_t> A = paramAddress(Src)) {
        Operand V = Src;
        V.K = Operand::Imm;
        V.Int = *A;
        move(word(I.Ops[0], false), V, false);
        move(word(I.Ops[0], true), V, true);
        return false;
      }
      auto It = SymbolOffset.find(Src.Name);
      if (It == SymbolOffset.end()) {
        bool Failed = false;
        if (const ModuleVarSlot *S = moduleVar(I, Src.Name, Failed)) {
          selectVarAddress(*S, Src.Int, vreg(I.Ops[0]), /*Wide=*/true);
          return false;
        }
        return Failed || unsupportedAddressOf(I, Src);
      }
      Operand V = Src;
      V.K = Operand::Imm;
      V.Int = int64_t(It->second + uint64_t(Src.Int));
      if (MF->Framed && LocalVars.contains(Src.Name)) {
        localAddress(word(I.Ops[0], false), uint64_t(V.Int));
        V.Int = 0; // the windows are 32-bit
        move(word(I.Ops[0], true), V, true);
        return false;
      }
      move(word(I.Ops[0], false), V, false);
      move(word(I.Ops[0], true), V, true);
      return false;
    }
    if (Src.K != Operand::Reg && Src.K != Operand::Imm)
      return unsupported(I);
    move(word(I.Ops[0], false), Src, false);
    move(word(I.Ops[0], true), Src, true);
    return false;
  }
  if (I.has(Modifier::Cc) || I.has(Modifier::Sat))
    return unsupported(I);
  switch (I.Op) {
  case Opcode::Add:
  case Opcode::Sub: {
    if (!Simple(3))
      return unsupported(I);
    bool IsSub = I.Op == Opcode::Sub;
    Operand B = I.Ops[2];
    unsigned Flags = 0;
    if (B.K == Operand::Imm) {
      if (IsSub)
        B.Int = int64_t(0 - uint64_t(B.Int));
    } else if (IsSub) {
      Flags = SIMT::SB_Neg;
    }
    for (bool Hi : {false, true}) {
      MInstBuilder M = build(SIMT::IADD);
      M.mod(Hi ? SIMT::MG_X : SIMT::MG_CC, 1);
      M.reg("rd", word(I.Ops[0], Hi)).regMod("ra", regWord(I.Ops[1], Hi), 0);
      setSrcBWord(M, "sb", B, Hi, Flags);
      emit(M);
    }
    return false;
  }
  case Opcode::Mul: {
    // mul.lo.64, what indexing a 2D array with 64-bit addresses emits (a
    // row times the row's byte size): the low word of alo*blo, and the high
    // word from its high half plus the two cross products. The high word is
    // written before the low one, each after the last read of what it may
    // overwrite (d may be a or b).
    if (Simple(3) && I.has(Modifier::Hi)) {
      MathSink S = sinkFor(I);
      lowerMulHi64(S, vreg(I.Ops[0]), words(I.Ops[1]), words(I.Ops[2]),
                   I.type() == PTXType::S64);
      return false;
    }
    if (!Simple(3) || !I.has(Modifier::Lo) || I.Ops[1].K != Operand::Reg)
      return unsupported(I);
    const Operand &A = I.Ops[1], &B = I.Ops[2];
    auto Mul = [&](unsigned Opc, bool Hi, MOperand D, bool AHi, bool BHi,
                   std::optional<MOperand> C) {
      MInstBuilder M = build(Opc);
      M.mod<SIMT::MG_AType>(SIMT::MulType::U32).mod<SIMT::MG_BType>(SIMT::MulType::U32);
      M.mod(SIMT::MG_Hi, Hi).reg("rd", D).reg("ra", regWord(A, AHi));
      setSrcBWord(M, "sb", B, BHi);
      if (C)
        M.reg("rc", *C);
      emit(M);
    };
    MOperand T = temp();
    Mul(SIMT::IMUL, true, T, false, false, std::nullopt);
    if (B.K != Operand::Imm || uint64_t(B.Int) >> 32) // a constant's high word is often 0
      Mul(SIMT::IMAD, false, T, false, true, T);
    Mul(SIMT::IMAD, false, word(I.Ops[0], true), true, false, T);
    Mul(SIMT::IMUL, false, word(I.Ops[0], false), false, false, std::nullopt);
    return false;
  }
  case Opcode::Mad: {
    if (!Simple(4) || !I.has(Modifier::Lo))
      return unsupported(I);
    MathSink S = sinkFor(I);
    lowerMadLo64(S, vreg(I.Ops[0]), words(I.Ops[1]), words(I.Ops[2]), words(I.Ops[3]));
    return false;
  }
  case Opcode::And:
  case Opcode::Or:
  case Opcode::Xor: {
    if (!Simple(3))
      return unsupported(I);
    SIMT::Logic Op = I.Op == Opcode::And  ? SIMT::Logic::AND
                     : I.Op == Opcode::Or ? SIMT::Logic::OR
                                          : SIMT::Logic::XOR;
    for (bool Hi : {false, true}) {
      MInstBuilder M = build(SIMT::LOP);
      M.mod<SIMT::MG_Logic>(Op);
      M.reg("rd", word(I.Ops[0], Hi)).regMod("ra", regWord(I.Ops[1], Hi), 0);
      setSrcBWord(M, "sb", I.Ops[2], Hi);
      emit(M);
    }
    return false;
  }
  case Opcode::Shl:
  case Opcode::Shr: {
    bool Left = I.Op == Opcode::Shl, Signed = I.type() == PTXType::S64;
    if (!Simple(3) || (Left && Signed))
      return unsupported(I);
    if (I.Ops[2].K != Operand::Imm || I.Ops[1].K != Operand::Reg || I.Ops[2].Int < 0 ||
        I.Ops[2].Int > 63) { // by a register, or a constant PTX clamps to 64
      MathSink S = sinkFor(I);
      lowerShift64(S, vreg(I.Ops[0]), words(I.Ops[1]), regOf(I.Ops[2], false), Left, Signed);
      return false;
    }
    int64_t K = I.Ops[2].Int;
    bool FromSigned = false;
    if (Left && K > 0 && K < 32)
      if (std::optional<unsigned> Narrow = widenedFrom(I.Ops[1], FromSigned)) {
        // (int64)r << K from r itself (the cvt's words may then go unread).
        widenedShift(I.Ops[0], MOperand::vreg(VRegOf[*Narrow]), unsigned(K), FromSigned);
        return false;
      }
    // The word written first is the one whose source word is read last, so
    // that d may be a.
    MOperand DLo = word(I.Ops[0], false), DHi = word(I.Ops[0], true);
    MOperand ALo = word(I.Ops[1], false), AHi = word(I.Ops[1], true);
    auto Shift = [&](unsigned Opc, MOperand D, MOperand A, int64_t N, bool S) {
      MInstBuilder M = build(Opc);
      if (Opc == SIMT::SHR)
        M.mod(SIMT::MG_U32, !S);
      M.reg("rd", D).reg("ra", A).srcImm("sb", N);
      emit(M);
    };
    auto Or = [&](MOperand D, MOperand A, MOperand B) {
      MInstBuilder M = build(SIMT::LOP);
      M.mod<SIMT::MG_Logic>(SIMT::Logic::OR);
      M.reg("rd", D).regMod("ra", A, 0).regMod("sb", B, 0);
      emit(M);
    };
    if (K == 0) {
      move(DLo, I.Ops[1], false);
      move(DHi, I.Ops[1], true);
    } else if (Left && K < 32) {
      MOperand T1 = temp(), T2 = temp();
      Shift(SIMT::SHL, T1, AHi, K, false);
      Shift(SIMT::SHR, T2, ALo, 32 - K, false);
      Or(DHi, T1, T2);
      Shift(SIMT::SHL, DLo, ALo, K, false);
    } else if (Left) {
      Shift(SIMT::SHL, DHi, ALo, K - 32, false);
      Operand Zero = I.Ops[2];
      Zero.Int = 0;
      move(DLo, Zero, std::nullopt);
    } else if (K < 32) {
      MOperand T1 = temp(), T2 = temp();
      Shift(SIMT::SHR, T1, ALo, K, false);
      Shift(SIMT::SHL, T2, AHi, 32 - K, false);
      Or(DLo, T1, T2);
      Shift(SIMT::SHR, DHi, AHi, K, Signed);
    } else {
      Shift(SIMT::SHR, DLo, AHi, K - 32, Signed);
      if (Signed)
        Shift(SIMT::SHR, DHi, AHi, 31, true);
      else {
        Operand Zero = I.Ops[2];
        Zero.Int = 0;
        move(DHi, Zero, std::nullopt);
      }
    }
    return false;
  }
  case Opcode::Not: { // ~a a word at a time: LOP.PASS_B d, RZ, ~a
    if (!Simple(2))
      return unsupported(I);
    for (bool Hi : {false, true}) {
      MInstBuilder M = build(SIMT::LOP);
      M.mod<SIMT::MG_Logic>(SIMT::Logic::PASS_B);
      M.reg("rd", word(I.Ops[0], Hi)).regMod("ra", MOperand::zero(), 0);
      setSrcBWord(M, "sb", I.Ops[1], Hi, SIMT::SB_Inv);
      emit(M);
    }
    return false;
  }
  case Opcode::Neg:
  case Opcode::Abs:
  case Opcode::Min:
  case Opcode::Max: {
    bool Binary = I.Op == Opcode::Min || I.Op == Opcode::Max;
    if (!Simple(Binary ? 3 : 2) || (I.Op == Opcode::Abs && I.type() != PTXType::S64))
      return unsupported(I);
    MathSink S = sinkFor(I);
    if (Binary)
      lowerMinMax64(S, vreg(I.Ops[0]), words(I.Ops[1]), words(I.Ops[2]),
                    I.type() == PTXType::S64, I.Op == Opcode::Max);
    else
      lowerNegAbs64(S, vreg(I.Ops[0]), words(I.Ops[1]), I.Op == Opcode::Abs);
    return false;
  }
  case Opcode::Div:
  case Opcode::Rem: {
    if (!Simple(3) || I.type() == PTXType::B64)
      return unsupported(I);
    MathSink S = sinkFor(I);
    lowerIntDivRem64(S, vreg(I.Ops[0]), words(I.Ops[1]), words(I.Ops[2]),
                     I.type() == PTXType::S64, I.Op == Opcode::Rem);
    return false;
  }
  default:
    return unsupported(I);
  }
}

// a < b on pairs: (a.hi < b.hi) or (a.hi == b.hi and a.lo <u b.lo).
// With .and/.or/.xor, the comparison goes to a temporary that PSETP then
// combines with the predicate operand. Only the instruction writing the PTX
// predicate carries the guard: a temporary written under a guard would be
// live (its old value kept) from the kernel's entry on.
bool Selector::selectSetp64(const Instruction &I) {
  std::optional<StringRef> Combine;
  if (I.has(Modifier::And))
    Combine = "AND";
  else if (I.has(Modifier::Or))
    Combine = "OR";
  else if (I.has(Modifier::Xor))
    Combine = "XOR";
  if (I.Ops.size() != (Combine ? 4u : 3u) || I.Ops[0].K != Operand::Reg)
    return unsupported(I);
  std::optional<StringRef> Cmp = compareSpelling(I, false);
  if (!Cmp)
    return unsupported(I);
  bool Unsigned = I.type() != PTXType::S64 || I.has(Modifier::Lo) || I.has(Modifier::Ls) ||
                  I.has(Modifier::Hi) || I.has(Modifier::Hs);
  MOperand D = vreg(I.Ops[0]);
  auto Setp = [&](MOperand P, StringRef C, bool U, bool Hi, StringRef Bop, MOperand Q) {
    bool Final = P.K == MOperand::VReg && P.Reg == D.Reg;
    MInstBuilder M = Final ? build(SIMT::ISETP) : MInstBuilder(SIMT::ISETP, CurI);
    M.mod(SIMT::MG_ICmp, modValue(SIMT::MG_ICmp, C)).mod(SIMT::MG_U32, U);
    if (!Bop.empty())
      M.mod(SIMT::MG_Bop, modValue(SIMT::MG_Bop, Bop));
    M.reg("pu", P).reg("pv", MOperand::zero()).reg("ra", regWord(I.Ops[1], Hi));
    setSrcBWord(M, "sb", I.Ops[2], Hi);
    M.reg("pp", Q);
    emit(M);
  };
  MOperand P = Combine ? MOperand::vreg(MF->newVReg(RegClass::Pred)) : D;
  MOperand T = MOperand::vreg(MF->newVReg(RegClass::Pred));
  if (*Cmp == "EQ" || *Cmp == "NE") {
    Setp(T, *Cmp, true, false, "", MOperand::zero());
    Setp(P, *Cmp, true, true, *Cmp == "EQ" ? "AND" : "OR", T);
  } else {
    StringRef Strict = (*Cmp == "LT" || *Cmp == "LE") ? "LT" : "GT";
    Setp(T, *Cmp, true, false, "", MOperand::zero());
    Setp(T, "EQ", true, true, "AND", T);
    Setp(P, Strict, Unsigned, true, "OR", T);
  }
  if (Combine) { // d = (cmp bop q) AND PT
    MInstBuilder M = build(SIMT::PSETP);
    M.mod(SIMT::MG_Bop, modValue(SIMT::MG_Bop, *Combine));
    M.reg("pu", vreg(I.Ops[0])).reg("pv", MOperand::zero()).reg("pp", P);
    setPred(M, "pq", I.Ops[3]);
    M.reg("pr", MOperand::zero());
    emit(M);
  }
  return false;
}

// add.cc/sub.cc start a carry chain (IADD.CC), addc/subc continue it
// (IADD.X, with .CC when they pass it on); a 64-bit chain runs through
// both words. A subtrahend is a register with `-`, which IADD adds as its
// complement plus the carry in, as a borrow needs.
bool Selector::selectCarry(const Instruction &I) {
  PTXType T = I.type();
  bool In = I.Op == Opcode::Addc || I.Op == Opcode::Subc, Out = I.has(Modifier::Cc);
  bool IsSub = I.Op == Opcode::Sub || I.Op == Opcode::Subc;
  if ((!isInt32(T) && !isInt64(T)) || !hasIntOperands(I, 3) ||
      (I.Op != Opcode::Add && I.Op != Opcode::Sub && !In))
    return unsupported(I);
  if (In && !CarryOut)
    return Diag.error(I.Loc, "'" + opcodeSpelling(I) +
                                 "' takes a carry that no add.cc or sub.cc made");
  bool Is64 = isInt64(T);
  unsigned Flags = IsSub ? unsigned(SIMT::SB_Neg) : 0u;
  static constexpr bool Halves[] = {false, true};
  for (bool Hi : ArrayRef(Halves).take_front(Is64 ? 2 : 1)) {
    bool First = !Hi, Final = Hi == Is64;
    MInstBuilder M = build(SIMT::IADD);
    M.mod(SIMT::MG_X, First ? In : true).mod(SIMT::MG_CC, Final ? Out : true);
    M.reg("rd", Is64 ? word(I.Ops[0], Hi) : vreg(I.Ops[0]));
    M.regMod("ra", Is64 ? regWord(I.Ops[1], Hi) : regOf(I.Ops[1], false), 0);
    M.regMod("sb", Is64 ? regWord(I.Ops[2], Hi) : regOf(I.Ops[2], false), Flags);
    emit(M);
  }
  CarryOut = Out ? &I : nullptr;
  return false;
}

// selp.b64/u64/s64/f64 d, a, b, p: a SEL per word (each reads only its own
// words, so d may be a or b).
bool Selector::selectSelp64(const Instruction &I) {
  if (I.Ops.size() != 4 || I.Ops[0].K != Operand::Reg)
    return unsupported(I);
  Operand A = I.Ops[1], B = I.Ops[2];
  for (Operand *Op : {&A, &B}) {
    if (Op->K == Operand::FImm || (Op->K == Operand::Imm && I.type() == PTXType::F64)) {
      Op->Int = int64_t(f64Bits(*Op));
      Op->K = Operand::Imm;
    } else if (Op->K != Operand::Reg && Op->K != Operand::Imm) {
      return unsupported(I);
    }
  }
  for (bool Hi : {false, true}) {
    MInstBuilder M = build(SIMT::SEL);
    M.reg("rd", word(I.Ops[0], Hi)).reg("ra", regWord(A, Hi));
    setSrcBWord(M, "sb", B, Hi);
    setPred(M, "pp", I.Ops[3]);
    emit(M);
  }
  return false;
}

//===-- Doubles --------------------------------------------------------------===//

MOperand Selector::materialize64(uint64_t Bits) {
  MOperand P = MOperand::vreg(MF->newVReg(RegClass::GPR64));
  for (bool Hi : {false, true}) {
    MInstBuilder B(SIMT::MOV32I, CurI);
    B.reg("rd", MOperand::vreg(P.Reg, Hi ? 2 : 1)).imm("imm", uint32_t(Bits >> (Hi ? 32 : 0)));
    emit(B);
  }
  return P;
}

MOperand Selector::pairOf(const Operand &Op) {
  if (Op.K == Operand::Reg)
    return vreg(Op);
  return materialize64(f64Bits(Op));
}

void Selector::setSrcBDouble(MInstBuilder &B, StringRef Slot, const Operand &Op,
                             unsigned Flags) {
  if (Op.K == Operand::Reg) {
    B.regMod(Slot, vreg(Op), Flags);
    return;
  }
  uint64_t Bits = f64Bits(Op);
  if (Flags & SIMT::SB_Neg)
    Bits ^= uint64_t(1) << 63;
  if (Flags & SIMT::SB_Abs)
    Bits &= ~(uint64_t(1) << 63);
  if ((Bits & ((uint64_t(1) << 44) - 1)) == 0)
    B.srcImm(Slot, int64_t(Bits >> 44));
  else
    B.regMod(Slot, materialize64(Bits), 0);
}

// f64 arithmetic is DADD/DMUL/DFMA/DMNMX on pairs with PTX's roundings;
// abs and neg change the sign bit alone, as PTX defines them; div.rn,
// rcp.rn and sqrt.rn are the sequences of LowerMath64.h.
bool Selector::selectDouble(const Instruction &I) {
  for (const Operand &Op : I.Ops)
    if (Op.K != Operand::Reg && Op.K != Operand::FImm && Op.K != Operand::Imm)
      return unsupported(I);
  if (I.Ops.empty() || I.Ops[0].K != Operand::Reg || I.has(Modifier::Ftz) ||
      I.has(Modifier::Sat))
    return unsupported(I);
  auto Size = [&](size_t N) { return I.Ops.size() == N; };
  MOperand D = vreg(I.Ops[0]);
  unsigned Rnd = modValue(SIMT::MG_Rnd, *roundingOf(I));
  switch (I.Op) {
  case Opcode::Mov: {
    if (!Size(2))
      return unsupported(I);
    Operand Src = I.Ops[1];
    if (Src.K != Operand::Reg) {
      Src.Int = int64_t(f64Bits(Src));
      Src.K = Operand::Imm;
    }
    move(word(I.Ops[0], false), Src, false);
    move(word(I.Ops[0], true), Src, true);
    return false;
  }
  case Opcode::Add:
  case Opcode::Sub:
  case Opcode::Mul: {
    if (!Size(3))
      return unsupported(I);
    MInstBuilder M = build(I.Op == Opcode::Mul ? SIMT::DMUL : SIMT::DADD);
    M.mod(SIMT::MG_Rnd, Rnd).reg("rd", D).regMod("ra", pairOf(I.Ops[1]), 0);
    setSrcBDouble(M, "sb", I.Ops[2], I.Op == Opcode::Sub ? unsigned(SIMT::SB_Neg) : 0u);
    emit(M);
    return false;
  }
  case Opcode::Fma:
  case Opcode::Mad: {
    if (!Size(4))
      return unsupported(I);
    MInstBuilder M = build(SIMT::DFMA);
    M.mod(SIMT::MG_Rnd, Rnd).reg("rd", D).regMod("ra", pairOf(I.Ops[1]), 0);
    setSrcBDouble(M, "sb", I.Ops[2]);
    M.regMod("rc", pairOf(I.Ops[3]), 0);
    emit(M);
    return false;
  }
  case Opcode::Min:
  case Opcode::Max: {
    if (!Size(3))
      return unsupported(I);
    MInstBuilder M = build(SIMT::DMNMX);
    M.reg("rd", D).regMod("ra", pairOf(I.Ops[1]), 0);
    setSrcBDouble(M, "sb", I.Ops[2]);
    M.reg("pp", MOperand::zero(), /*Negated=*/I.Op == Opcode::Max);
    emit(M);
    return false;
  }
  case Opcode::Abs:
  case Opcode::Neg: {
    if (!Size(2))
      return unsupported(I);
    bool IsAbs = I.Op == Opcode::Abs;
    Operand Src = I.Ops[1];
    if (Src.K != Operand::Reg) {
      Src.Int = int64_t(f64Bits(Src));
      Src.K = Operand::Imm;
    }
    MInstBuilder M = build(SIMT::LOP32I);
    M.mod(SIMT::MG_Logic, modValue(SIMT::MG_Logic, IsAbs ? "AND" : "XOR"));
    M.reg("rd", word(I.Ops[0], true)).regMod("ra", regWord(Src, true), 0);
    M.imm("imm", IsAbs ? 0x7fffffffu : 0x80000000u);
    emit(M);
    move(word(I.Ops[0], false), Src, false);
    return false;
  }
  case Opcode::Setp:
    return selectSetp(I);
  case Opcode::Selp:
    return selectSelp64(I);
  case Opcode::Div:
  case Opcode::Rcp:
  case Opcode::Sqrt: {
    if (!I.has(Modifier::Rn) || I.has(Modifier::Approx) || !Size(I.Op == Opcode::Div ? 3 : 2))
      return unsupported(I);
    MathSink S = sinkFor(I);
    if (I.Op == Opcode::Sqrt)
      lowerSqrtRN64(S, D, pairOf(I.Ops[1]));
    else if (I.Op == Opcode::Rcp)
      lowerDivRN64(S, D, materialize64(0x3ff0000000000000), pairOf(I.Ops[1]));
    else
      lowerDivRN64(S, D, pairOf(I.Ops[1]), pairOf(I.Ops[2]));
    return false;
  }
  default:
    return unsupported(I);
  }
}

//===-- Conversions with 64-bit integers or doubles -------------------------===//

// Integers to integers: moves (and a sign fill) for the plain widenings and
// narrowings between 32 and 64 bits, I2I for the rest (sub-word types,
// saturation). To and from floats: I2F, F2I and F2F, whose types and
// roundings are PTX's; an f64 rounded to an integer value is a sequence.
bool Selector::selectCvt64(const Instruction &I) {
  PTXType Dst = I.type(0), Src = I.type(1);
  if (I.Ops.size() != 2 || I.Ops[0].K != Operand::Reg || I.Ops[1].K != Operand::Reg)
    return unsupported(I);
  bool Sat = I.has(Modifier::Sat), Ftz = I.has(Modifier::Ftz);
  std::optional<StringRef> DstInt = intSpelling(Dst), SrcInt = intSpelling(Src);
  bool DstFloat = Dst == PTXType::F32 || Dst == PTXType::F64;
  bool SrcFloat = Src == PTXType::F32 || Src == PTXType::F64;
  StringRef IntRnd = integerRounding(I);
  MOperand D = vreg(I.Ops[0]);
  auto FltType = [](PTXType T) {
    return modValue(SIMT::MG_FltDst, T == PTXType::F64 ? "F64" : "F32");
  };
  if (DstInt && SrcInt) {
    if (!Sat && isInt64(Dst) && isInt64(Src)) {
      move(word(I.Ops[0], false), I.Ops[1], false);
      move(word(I.Ops[0], true), I.Ops[1], true);
      return false;
    }
    if (!Sat && isInt64(Dst) && isInt32(Src)) {
      MOperand Lo = word(I.Ops[0], false), Hi = word(I.Ops[0], true);
      MInstBuilder M = build(SIMT::MOV);
      M.reg("rd", Lo).regMod("sb", vreg(I.Ops[1]), 0);
      emit(M);
      extendHigh(Hi, vreg(I.Ops[1]), Src == PTXType::S32);
      return false;
    }
    if (!Sat && isInt32(Dst) && isInt64(Src)) {
      MInstBuilder M = build(SIMT::MOV);
      M.reg("rd", D).regMod("sb", word(I.Ops[1], false), 0);
      emit(M);
      return false;
    }
    MInstBuilder M = build(SIMT::I2I);
    M.mod(SIMT::MG_IntDst, modValue(SIMT::MG_IntDst, *DstInt))
        .mod(SIMT::MG_IntSrc, modValue(SIMT::MG_IntSrc, *SrcInt))
        .mod(SIMT::MG_Sat, Sat)
        .reg("rd", D)
        .regMod("sb", vreg(I.Ops[1]), 0);
    emit(M);
    return false;
  }
  if (SrcInt && DstFloat) { // .rn/.rz/.rm/.rp
    if (Sat || Ftz || !IntRnd.empty())
      return unsupported(I);
    MInstBuilder M = build(SIMT::I2F);
    M.mod(SIMT::MG_FltDst, FltType(Dst))
        .mod(SIMT::MG_IntSrc, modValue(SIMT::MG_IntSrc, *SrcInt))
        .mod(SIMT::MG_Rnd, modValue(SIMT::MG_Rnd, *roundingOf(I)))
        .reg("rd", D)
        .regMod("sb", vreg(I.Ops[1]), 0);
    emit(M);
    return false;
  }
  if (DstInt && SrcFloat) { // .rni/.rzi/.rmi/.rpi; out-of-range values saturate
    if (IntRnd.empty() || (Ftz && Src == PTXType::F64))
      return unsupported(I);
    MInstBuilder M = build(SIMT::F2I);
    M.mod(SIMT::MG_IntDst, modValue(SIMT::MG_IntDst, *DstInt))
        .mod(SIMT::MG_FltSrc, FltType(Src))
        .mod(SIMT::MG_FTZ, Ftz)
        .mod(SIMT::MG_F2IRnd, modValue(SIMT::MG_F2IRnd, IntRnd))
        .reg("rd", D)
        .regMod("sb", vreg(I.Ops[1]), 0);
    emit(M);
    return false;
  }
  if (!DstFloat || !SrcFloat)
    return unsupported(I);
  if (Dst == PTXType::F64 && Src == PTXType::F64) {
    if (Ftz || (Sat && !IntRnd.empty()) || I.has(Modifier::Rn) || I.has(Modifier::Rz) ||
        I.has(Modifier::Rm) || I.has(Modifier::Rp))
      return unsupported(I);
    if (!IntRnd.empty()) {
      MathSink S = sinkFor(I);
      lowerRoundToInt64(S, D, vreg(I.Ops[1]), IntRnd);
      return false;
    }
    if (!Sat) {
      move(word(I.Ops[0], false), I.Ops[1], false);
      move(word(I.Ops[0], true), I.Ops[1], true);
      return false;
    }
  } else if (!IntRnd.empty() || (Dst == PTXType::F64 && (I.has(Modifier::Rz) ||
                                                          I.has(Modifier::Rm) ||
                                                          I.has(Modifier::Rp)))) {
    return unsupported(I); // integer rounding between sizes; f32 -> f64 is exact
  }
  // F2F: f32 -> f64 exactly (.ftz flushes the f32 input), f64 -> f32 in
  // the rounding asked for (.ftz flushes the result), .sat clamps to [0, 1].
  MInstBuilder M = build(SIMT::F2F);
  M.mod(SIMT::MG_FltDst, FltType(Dst))
      .mod(SIMT::MG_FltSrc, FltType(Src))
      .mod(SIMT::MG_FTZ, Ftz)
      .mod(SIMT::MG_Sat, Sat)
      .mod(SIMT::MG_Rnd, modValue(SIMT::MG_Rnd, *roundingOf(I)))
      .reg("rd", D)
      .regMod("sb", vreg(I.Ops[1]), 0);
  emit(M);
  return false;
}

// The ISA has no generic address space: a generic address is a global one,
// or, for shared, local and constant memory, the window offset (a
// `__constant__` variable's offset in its bank), once InferAddressSpaces has
// made every generic access through such a pointer an access of its space;
// either way cvta copies.
bool Selector::selectCvta(const Instruction &I) {
  if (I.Ops.size() != 2 || I.Ops[0].K != Operand::Reg ||
      (I.Ops[1].K != Operand::Reg && I.Ops[1].K != Operand::Symbol))
    return unsupported(I);
  bool Const = I.Space == StateSpace::Const;
  if (I.Space != StateSpace::Global && I.Space != StateSpace::Shared &&
      I.Space != StateSpace::Local && !Const)
    return unsupported(I);
  if (I.Ops[1].K == Operand::Symbol) { // cvta of a __device__ or __constant__ variable
    bool Failed = false;
    const ModuleVarSlot *S = I.Space == StateSpace::Global || Const
                                 ? moduleVar(I, I.Ops[1].Name, Failed)
                                 : nullptr;
    if (!S || S->IsConst != Const)
      return Failed || unsupportedAddressOf(I, I.Ops[1]);
    selectVarAddress(*S, I.Ops[1].Int, vreg(I.Ops[0]), isInt64(I.type()));
    return false;
  }
  if (isInt64(I.type())) {
    move(word(I.Ops[0], false), I.Ops[1], false);
    move(word(I.Ops[0], true), I.Ops[1], true);
  } else {
    move(vreg(I.Ops[0]), I.Ops[1], std::nullopt);
  }
  return false;
}

//===-- Memory --------------------------------------------------------------===//

bool Selector::addressOf(const Instruction &I, const Operand &Addr, MOperand &Base,
                         int64_t &Offset, bool &Wide, unsigned OffsetBits) {
  if (Addr.K != Operand::Address)
    return false;
  bool Global = I.Space == StateSpace::Global || I.Space == StateSpace::None;
  Offset = Addr.Int;
  Wide = false;
  Base = MOperand::zero();
  if (const Operand *B = Addr.addressBase()) {
    if (B->K == Operand::Reg) {
      bool Pair = MF->VRegs[VRegOf[B->RegId]].Class == RegClass::GPR64;
      if (Global) {
        Wide = Pair;
        Base = vreg(*B);
      } else {
        Base = Pair ? word(*B, false) : vreg(*B); // shared/local windows are 32-bit
      }
    } else if (B->K == Operand::Symbol) {
      auto It = SymbolOffset.find(B->Name);
      if (Global) { // a __device__ variable: from its block's address
        bool Failed = false;
        const ModuleVarSlot *S = moduleVar(I, B->Name, Failed);
        if (!S || S->IsConst)
          return false;
        Wide = F.getParent()->AddressSize == 64;
        Base = Wide ? MOperand::vreg(MF->newVReg(RegClass::GPR64)) : temp();
        // The block's address in the register, the variable's offset in the
        // access's immediate when it fits there.
        int64_t Folded = Offset + int64_t(S->Offset);
        bool Fits = Folded >= -(int64_t(1) << 23) && Folded < (int64_t(1) << 23);
        selectVarAddress(*S, Fits ? -int64_t(S->Offset) : 0, Base, Wide);
        if (Fits)
          Offset = Folded;
      } else if (It == SymbolOffset.end()) {
        return false;
      } else {
        Offset += int64_t(It->second);
        if (MF->Framed && LocalVars.contains(B->Name))
          Base = MOperand::vreg(MF->SP);
      }
    } else {
      return false;
    }
  } else {
    Wide = Global && F.getParent()->AddressSize == 64;
  }
  const int64_t Limit = int64_t(1) << (OffsetBits - 1);
  if (Offset >= -Limit && Offset < Limit)
    return true;
  // Beyond the access's offset field (an array 8 MiB on): into the address.
  MOperand Sum = Wide ? MOperand::vreg(MF->newVReg(RegClass::GPR64)) : temp();
  addOffset(Sum, Base, Offset, Wide);
  Base = Sum;
  Offset = 0;
  return true;
}

static std::optional<SIMT::Width> widthOf(PTXType T) {
  using W = SIMT::Width;
  switch (T) {
  case PTXType::U8: case PTXType::B8: return W::U8;
  case PTXType::S8: return W::S8;
  case PTXType::U16: case PTXType::B16: return W::U16;
  case PTXType::S16: return W::S16;
  case PTXType::U32: case PTXType::B32: case PTXType::S32: case PTXType::F32: return W::B32;
  case PTXType::U64: case PTXType::B64: case PTXType::S64: case PTXType::F64: return W::B64;
  default: return std::nullopt;
  }
}

// The registers (or values) a load or store moves: Val's elements for a
// vector access, else Val; false when a vector access has no vector.
static bool accessElements(const Instruction &I, const Operand &Val,
                           std::vector<const Operand *> &Elems) {
  if (!I.Vec) {
    Elems.push_back(&Val);
    return true;
  }
  if (Val.K != Operand::Vector)
    return false;
  for (const Operand &E : Val.Elems)
    Elems.push_back(&E);
  return true;
}

// ld/st in .global, .shared, .local and generic addresses. Vectors become
// one access per element (a better lowering would use .64/.128 on aligned
// register pairs and quads).
bool Selector::selectMemory(const Instruction &I) {
  bool Load = I.Op == Opcode::Ld;
  PTXType T = I.type();
  std::optional<SIMT::Width> Width = widthOf(T);
  if (Load && I.Space == StateSpace::Const && I.Types.size() == 1 && I.Ops.size() == 2)
    return selectLdBank(I, F.getParent()->ConstBank);
  if (I.Types.size() != 1 || I.Ops.size() != 2 ||
      I.Space == StateSpace::Const || I.Space == StateSpace::Tex)
    return unsupported(I);
  if (!Width)
    return Diag.error(I.Loc, "not supported yet: '" + opcodeSpelling(I) + "' (" +
                                 (T == PTXType::F64 ? "f64" : "this type") + ")");
  const Operand &Addr = Load ? I.Ops[1] : I.Ops[0];
  const Operand &Val = Load ? I.Ops[0] : I.Ops[1];
  MOperand Base;
  int64_t Offset;
  bool Wide;
  if (!addressOf(I, Addr, Base, Offset, Wide))
    return unsupported(I);
  bool Shared = I.Space == StateSpace::Shared, Local = I.Space == StateSpace::Local;
  unsigned Opc = Shared ? (Load ? SIMT::LDS : SIMT::STS)
                 : Local ? (Load ? SIMT::LDL : SIMT::STL)
                         : (Load ? SIMT::LD : SIMT::ST);
  unsigned Bytes = std::max(1u, typeBits(T) / 8);
  bool Is64 = typeBits(T) == 64;
  std::vector<const Operand *> Elems;
  if (!accessElements(I, Val, Elems))
    return unsupported(I);
  for (size_t N = 0; N < Elems.size(); ++N) {
    const Operand &E = *Elems[N];
    if (E.K == Operand::Sink)
      continue;
    MOperand R;
    bool Widen = false;
    if (E.K == Operand::Reg) {
      // PTX lets a store's source be wider than the access (truncated) but
      // never narrower; a load into a wider register extends, which a
      // single LD does not do.
      const Register &Reg = F.reg(E.RegId);
      const RegClass C = classOf(Reg.Type);
      if (C == RegClass::Pred || (Is64 && C != RegClass::GPR64))
        return Diag.error(I.Loc, "'" + opcodeSpelling(I) + "' needs a " +
                                     (Is64 ? "64" : "32") + "-bit register; '" +
                                     Reg.Name + "' is " +
                                     (C == RegClass::Pred ? "a predicate" : "32-bit"));
      // A load into a wider register extends (PTX: sign-extends signed
      // types): the low word is loaded, the high word made from it.
      Widen = Load && !Is64 && C == RegClass::GPR64;
      R = Widen ? word(E, false) : vreg(E);
    } else if (!Load && (E.K == Operand::Imm || E.K == Operand::FImm)) {
      if (Is64) {
        R = MOperand::vreg(MF->newVReg(RegClass::GPR64));
        MOperand Lo = R, Hi = R;
        Lo.Sub = 1;
        Hi.Sub = 2;
        move(Lo, E, false);
        move(Hi, E, true);
      } else {
        R = regOf(E, T == PTXType::F32);
      }
    } else {
      return unsupported(I);
    }
    MInstBuilder M = build(Opc);
    if (Opc == SIMT::LD || Opc == SIMT::ST)
      M.mod(SIMT::MG_E, Wide);
    M.mod<SIMT::MG_Width>(*Width);
    M.reg(Load ? "rd" : "rb", R).mem("addr", Base, Offset + int64_t(N * Bytes));
    emit(M);
    if (Widen)
      extendHighWord(E, R, T);
  }
  return false;
}

void Selector::extendHighWord(const Operand &Wide, MOperand Lo, PTXType T) {
  MInstBuilder H = build(isSignedType(T) ? SIMT::SHR : SIMT::MOV);
  if (isSignedType(T))
    H.mod(SIMT::MG_U32, false).reg("rd", word(Wide, true)).reg("ra", Lo).srcImm("sb", 31);
  else
    H.reg("rd", word(Wide, true)).srcImm("sb", 0);
  emit(H);
}

//===-- Atomics, votes and bit intrinsics -----------------------------------===//

MOperand Selector::valueReg(const Operand &Op, bool Is64) {
  if (Op.K == Operand::Reg)
    return vreg(Op);
  if (!Is64)
    return regOf(Op, Op.K == Operand::FImm);
  MOperand R = MOperand::vreg(MF->newVReg(RegClass::GPR64));
  MOperand Lo = R, Hi = R;
  Lo.Sub = 1;
  Hi.Sub = 2;
  move(Lo, Op, false);
  move(Hi, Op, true);
  return R;
}

bool Selector::isRead(unsigned RegId) {
  if (!ReadRegs) {
    ReadRegs.emplace(F.numRegs());
    SmallVector<unsigned, 8> Uses;
    for (const auto &B : F.Blocks)
      for (const Instruction &I : B->Insts) {
        Uses.clear();
        I.uses(Uses);
        for (unsigned R : Uses)
          ReadRegs->set(R);
      }
  }
  return ReadRegs->test(RegId);
}

// atom/red on global memory (and generic addresses, which are global once
// InferAddressSpaces has run, or shared) are one ATOM/RED: the ISA applies the lanes
// in ascending order, each atomically. Types: u32/b32, s32 (signed
// min/max), f32 (add), and 64-bit add, min/max.u64, the bitwise ops, exch
// and cas as U64.
bool Selector::selectAtomic(const Instruction &I) {
  using Op = SIMT::AtomOp;
  bool Returns = I.Op == Opcode::Atom;
  PTXType T = I.type();
  static constexpr std::pair<Modifier, Op> Ops[] = {
      {Modifier::Add, Op::ADD}, {Modifier::Min, Op::MIN}, {Modifier::Max, Op::MAX},
      {Modifier::Inc, Op::INC}, {Modifier::Dec, Op::DEC}, {Modifier::And, Op::AND},
      {Modifier::Or, Op::OR},   {Modifier::Xor, Op::XOR}, {Modifier::Exch, Op::EXCH},
      {Modifier::Cas, Op::CAS}};
  std::optional<Op> AOp;
  for (auto [Mod, O] : Ops)
    if (I.has(Mod))
      AOp = O;
  unsigned NumSrcs = AOp == Op::CAS ? 2 : 1;
  if (!AOp || I.Types.size() != 1 || I.Ops.size() != (Returns ? 2 : 1) + NumSrcs ||
      (Returns && I.Ops[0].K != Operand::Reg) || (!Returns && AOp == Op::CAS))
    return unsupported(I);
  // Shared ones are selected alike and become lock loops after the
  // reconvergence lowering (cc/mir/LowerSharedAtomics.h).
  if (I.Space != StateSpace::Global && I.Space != StateSpace::None &&
      I.Space != StateSpace::Shared)
    return unsupported(I);
  bool Is64 = typeBits(T) == 64, Signed = T == PTXType::S32 || T == PTXType::S64;
  bool Float = T == PTXType::F32;
  bool MinMax = AOp == Op::MIN || AOp == Op::MAX;
  bool Bitwise = AOp == Op::AND || AOp == Op::OR || AOp == Op::XOR;
  SIMT::AtomTy Ty = Is64 ? SIMT::AtomTy::U64
                    : Float ? SIMT::AtomTy::F32
                    : Signed && MinMax ? SIMT::AtomTy::S32
                                       : SIMT::AtomTy::U32;
  bool Valid = Float ? AOp == Op::ADD
               : Is64 ? (AOp == Op::ADD || Bitwise || AOp == Op::EXCH || AOp == Op::CAS ||
                         (MinMax && !Signed))
                      : (isInt32(T) && (!Bitwise || !Signed));
  if (!Valid || (typeBits(T) != 32 && !Is64))
    return Diag.error(I.Loc, "not supported yet: '" + opcodeSpelling(I) +
                                 "' (the ISA's atomics are u32, s32, f32 add and u64)");
  const Operand &Addr = I.Ops[Returns ? 1 : 0];
  MOperand Base;
  int64_t Offset;
  bool Wide;
  if (!addressOf(I, Addr, Base, Offset, Wide, /*OffsetBits=*/20))
    return unsupported(I);
  for (unsigned N = 0; N < NumSrcs; ++N) {
    const Operand &V = I.Ops[(Returns ? 2 : 1) + N];
    if (V.K == Operand::Reg && (classOf(F.reg(V.RegId).Type) == RegClass::GPR64) != Is64)
      return Diag.error(I.Loc, "'" + opcodeSpelling(I) + "' needs " +
                                   (Is64 ? "64" : "32") + "-bit registers; '" +
                                   F.reg(V.RegId).Name + "' is not");
  }
  MOperand B = valueReg(I.Ops[Returns ? 2 : 1], Is64);
  // RED has every operation but EXCH and CAS.
  bool Old = Returns && (isRead(I.Ops[0].RegId) || AOp == Op::EXCH || AOp == Op::CAS);
  MInstBuilder M = build(AOp == Op::CAS ? SIMT::ATOMCAS : Old ? SIMT::ATOM : SIMT::RED);
  M.mod(SIMT::MG_E, Wide).mod(SIMT::MG_AtomOp, unsigned(*AOp)).mod(SIMT::MG_AtomTy, unsigned(Ty));
  if (Old)
    M.reg("rd", vreg(I.Ops[0]));
  M.mem("addr", Base, Offset).reg("rb", B);
  if (AOp == Op::CAS)
    M.reg("rc", valueReg(I.Ops[3], Is64));
  emit(M);
  return false;
}

// vote.all/any/uni.pred d, {!}p -> VOTE.ALL/ANY/EQ RZ, d, {!}p;
// vote.ballot.b32 d, {!}p -> VOTE.ANY d, PT, {!}p (Rd is the ballot).
bool Selector::selectVote(const Instruction &I) {
  if (I.Ops.size() != 2 || I.Ops[0].K != Operand::Reg || I.Ops[1].K != Operand::Reg ||
      I.Types.size() != 1)
    return unsupported(I);
  bool Ballot = I.has(Modifier::Ballot);
  if (Ballot != (I.type() == PTXType::B32) || (!Ballot && I.type() != PTXType::Pred))
    return unsupported(I);
  StringRef Mode = I.has(Modifier::All) ? "ALL" : I.has(Modifier::Uni) ? "EQ" : "ANY";
  MInstBuilder M = build(SIMT::VOTE);
  M.mod(SIMT::MG_Vote, modValue(SIMT::MG_Vote, Mode));
  M.reg("rd", Ballot ? vreg(I.Ops[0]) : MOperand::zero());
  M.reg("pd", Ballot ? MOperand::zero() : vreg(I.Ops[0]));
  setPred(M, "ps", I.Ops[1]);
  emit(M);
  return false;
}

// popc (POPC; a 64-bit source as the sum of its words' counts), brev
// (BFE.U32.BREV of the whole word), bfind (FLO, .shiftamt as FLO.SH), prmt
// in its default mode (PRMT: PTX's {b, a} by selector c is the ISA's
// {Rc, Ra} by Sb), trap (BPT.TRAP).
bool Selector::selectBitIntrinsic(const Instruction &I) {
  PTXType T = I.type();
  if (I.Op == Opcode::Trap) {
    if (!I.Ops.empty())
      return unsupported(I);
    MInstBuilder M = build(SIMT::BPT);
    M.mod(SIMT::MG_Bpt, modValue(SIMT::MG_Bpt, "TRAP")).imm("imm", 0);
    emit(M);
    return false;
  }
  bool Prmt = I.Op == Opcode::Prmt;
  if (I.Ops.size() != (Prmt ? 4u : 2u) || I.Ops[0].K != Operand::Reg ||
      I.Ops[1].K != Operand::Reg || I.Types.size() != 1)
    return unsupported(I);
  MOperand D = vreg(I.Ops[0]);
  switch (I.Op) {
  case Opcode::Popc: {
    auto Count = [&](MOperand Dst, MOperand A) {
      MInstBuilder M = build(SIMT::POPC);
      M.reg("rd", Dst).regMod("ra", A, 0).regMod("sb", A, 0);
      emit(M);
    };
    if (T == PTXType::B32) {
      Count(D, vreg(I.Ops[1]));
      return false;
    }
    if (T != PTXType::B64)
      return unsupported(I);
    MOperand Lo = temp(), Hi = temp();
    Count(Lo, word(I.Ops[1], false));
    Count(Hi, word(I.Ops[1], true));
    MInstBuilder Sum = build(SIMT::IADD);
    Sum.reg("rd", D).regMod("ra", Lo, 0).regMod("sb", Hi, 0);
    emit(Sum);
    return false;
  }
  case Opcode::Brev: { // .b64: each word reversed into the other
    auto Reverse = [&](MOperand Dst, MOperand A) {
      MInstBuilder M = build(SIMT::BFE);
      M.mod(SIMT::MG_U32, true).mod(SIMT::MG_Brev, true);
      M.reg("rd", Dst).reg("ra", A).srcImm("sb", 32 << 8);
      emit(M);
    };
    if (T == PTXType::B32) {
      Reverse(D, vreg(I.Ops[1]));
      return false;
    }
    if (T != PTXType::B64)
      return unsupported(I);
    if (I.Ops[1].RegId == I.Ops[0].RegId) { // brev.b64 %rd, %rd: keep the high word
      MOperand Hi = temp();
      Reverse(Hi, word(I.Ops[1], true));
      Reverse(word(I.Ops[0], true), word(I.Ops[1], false));
      MInstBuilder M = build(SIMT::MOV);
      M.reg("rd", word(I.Ops[0], false)).regMod("sb", Hi, 0);
      emit(M);
      return false;
    }
    Reverse(word(I.Ops[0], false), word(I.Ops[1], true));
    Reverse(word(I.Ops[0], true), word(I.Ops[1], false));
    return false;
  }
  case Opcode::Bfind: {
    if (T != PTXType::U32 && T != PTXType::S32)
      return unsupported(I);
    MInstBuilder M = build(SIMT::FLO);
    M.mod(SIMT::MG_U32, T == PTXType::U32).mod(SIMT::MG_SH, I.has(Modifier::Shiftamt));
    M.reg("rd", D);
    setSrcB(M, "sb", I.Ops[1], false);
    emit(M);
    return false;
  }
  case Opcode::Prmt: {
    if (T != PTXType::B32 || !I.Mods.empty())
      return unsupported(I); // the f4e/b4e/rc8/ecl/ecr/rc16 modes
    MInstBuilder M = build(SIMT::PRMT);
    M.reg("rd", D).reg("ra", vreg(I.Ops[1]));
    setSrcB(M, "sb", I.Ops[3], false);
    M.reg("rc", regOf(I.Ops[2], false));
    emit(M);
    return false;
  }
  default:
    return unsupported(I);
  }
}

//===-- Parameters and control --------------------------------------------===//

// ld.param of a kernel's own parameter reads c[0x0] (ParamLayout.h).
bool Selector::selectLdParam(const Instruction &I) {
  if (!F.IsKernel || I.Types.size() != 1 || I.Ops.size() != 2)
    return unsupported(I);
  return selectLdBank(I, ParamBank);
}

std::optional<int64_t> Selector::paramAddress(const Operand &Sym) const {
  if (!F.IsKernel || Sym.K != Operand::Symbol)
    return std::nullopt;
  std::optional<ParamSlot> P = paramSlot(F, Sym.Name);
  if (!P)
    return std::nullopt;
  return int64_t(P->Offset) + Sym.Int;
}

bool Selector::selectControl(const Instruction &I) {
  switch (I.Op) {
  case Opcode::Bra: {
    MInstBuilder M = build(SIMT::BRA);
    M.mod(SIMT::MG_Uni, I.has(Modifier::Uni)).target("target", BlockOf[I.branchTarget()]);
    emit(M);
    return false;
  }
  case Opcode::Ret:
  case Opcode::Exit: {
    if (!F.IsKernel && I.Op == Opcode::Ret) {
      MInstBuilder M = build(SIMT::RET);
      MInst Ret = M.take();
      passResults(Ret);
      Cur->Insts.push_back(std::move(Ret));
      return false;
    }
    MInstBuilder M = build(SIMT::EXIT);
    emit(M);
    return false;
  }
  case Opcode::Bar:
  case Opcode::Barrier:
    return selectBarrier(I);
  case Opcode::Membar: {
    StringRef Level = I.has(Modifier::Cta) ? "CTA" : "GL"; // .gl and .sys
    MInstBuilder M = build(SIMT::MEMBAR);
    M.mod(SIMT::MG_Membar, modValue(SIMT::MG_Membar, Level));
    emit(M);
    return false;
  }
  default:
    return unsupported(I);
  }
}

// bar.sync a / barrier.sync a: BAR.SYNC a, every warp of the CTA;
// bar.red.popc.u32 d, a, {!}c: BAR.RED.POPC; bar.red.and/.or.pred p, a,
// {!}c: BAR.RED.AND/.OR into a register, then p = that != 0. The ISA's
// barriers count every non-exited warp of the CTA and make each arriving
// warp wait, so a thread count (`bar.sync 0, 64`) and bar.arrive are
// reported.
bool Selector::selectBarrier(const Instruction &I) {
  bool Red = I.has(Modifier::Red);
  unsigned IdAt = Red ? 1 : 0;
  if (I.has(Modifier::Arrive))
    return Diag.error(I.Loc, "not supported yet: '" + opcodeSpelling(I) +
                                 "' (the ISA's barriers make every arriving warp wait)");
  const size_t Plain = Red ? 3 : 1; // d, a, {!}c or a; a thread count b after a
  if (I.Ops.size() == Plain + 1)
    return Diag.error(I.Ops[IdAt + 1].Loc,
                      "not supported yet: a thread count in '" + opcodeSpelling(I) +
                          "' (the ISA's barriers wait for every warp of the CTA)");
  const Operand *Id = IdAt < I.Ops.size() ? &I.Ops[IdAt] : nullptr;
  if (!Id || Id->K != Operand::Imm)
    return unsupported(I);
  if (Id->Int < 0 || Id->Int > 15)
    return Diag.error(Id->Loc, "barrier " + Twine(Id->Int) + " of '" + opcodeSpelling(I) +
                                   "' is out of range: the CTA barriers are 0..15");
  if (!Red) {
    if (!I.has(Modifier::Sync) || I.Ops.size() != 1 || I.Mods.size() != 1)
      return unsupported(I);
    MInstBuilder M = build(SIMT::BARSYNC);
    M.srcImm("id", Id->Int);
    emit(M);
    return false;
  }
  bool Popc = I.has(Modifier::Popc), And = I.has(Modifier::And), Or = I.has(Modifier::Or);
  const Operand &Dst = I.Ops[0], &Pred = I.Ops.back();
  bool PredDst = I.type() == PTXType::Pred;
  if (I.Ops.size() != 3 || Dst.K != Operand::Reg || (Popc + And + Or) != 1 ||
      I.Mods.size() != 2 || PredDst == Popc ||
      (Popc && I.type() != PTXType::U32) ||
      (Pred.K != Operand::Reg && Pred.K != Operand::Imm) ||
      (Pred.K == Operand::Reg && F.reg(Pred.RegId).Type != PTXType::Pred))
    return unsupported(I);
  MOperand R = PredDst ? temp() : vreg(Dst);
  MInstBuilder M = build(SIMT::BARRED);
  M.mod(SIMT::MG_BarRed, modValue(SIMT::MG_BarRed, Popc ? "POPC" : And ? "AND" : "OR"));
  M.reg("rd", R).srcImm("id", Id->Int);
  setPred(M, "pp", Pred);
  emit(M);
  if (PredDst) { // p = R != 0
    MInstBuilder S = build(SIMT::ISETP);
    S.mod(SIMT::MG_ICmp, modValue(SIMT::MG_ICmp, "NE")).mod(SIMT::MG_U32, true);
    S.reg("pu", vreg(Dst)).reg("pv", MOperand::zero()).reg("ra", R).srcImm("sb", 0);
    S.reg("pp", MOperand::zero());
    emit(S);
  }
  return false;
}

//===-- Calls ---------------------------------------------------------------===//

// The callee and the argument and result lists of a call: `call (r), f, (a, b)`,
// `call f, (a)`, `call (r), f`, `call f`; Callee stays null for an indirect
// call (through a register).
static void callOperands(const Instruction &I, const Operand *&Callee, const Operand *&Rets,
                         const Operand *&Args) {
  Callee = Rets = Args = nullptr;
  for (const Operand &Op : I.Ops) {
    if (Op.K == Operand::List)
      (Callee || Op.K == Operand::Reg ? Args : Rets) = &Op;
    else if (!Callee && (Op.K == Operand::Symbol || Op.K == Operand::Reg))
      Callee = &Op;
  }
  if (Callee && Callee->K == Operand::Reg)
    Callee = nullptr;
}

bool Selector::prepareCalls() {
  bool HasCalls = any_of(F.Blocks, [](const auto &B) {
    return any_of(B->Insts, [](const Instruction &I) { return I.Op == Opcode::Call; });
  });
  MF->Framed = !F.IsKernel || HasCalls;
  if (MF->Framed)
    MF->SP = MF->fixedVReg(abi::StackPointer, "R1");
  bool Ok = true;
  const uint64_t StackAlign = stackAlignment(*F.getParent());
  auto Layout = [&](ArrayRef<const VarDecl *> Decls, unsigned Scope, std::vector<unsigned> &Words,
                    const Twine &What, SMLoc Loc) {
    std::optional<std::vector<ABISlot>> Slots = layoutABI(Decls);
    if (!Slots) {
      Ok = false;
      Diag.error(Loc, "not supported yet: " + What + " with more than " +
                          Twine(abi::MaxParamBytes) + " bytes");
      return;
    }
    Words.assign(abiWords(*Slots), ~0u);
    for (size_t N = 0; N < Decls.size(); ++N)
      Places[{Scope, Decls[N]->Name}] = {&Words, (*Slots)[N]};
  };
  if (!F.IsKernel) {
    if (BasicBlock *E = F.entry(); E && !E->Preds.empty())
      return Diag.error(F.Loc, "not supported yet: device function '" + F.Name +
                                   "' whose first block is a branch target"),
             false;
    std::vector<const VarDecl *> Ps, Rs;
    for (const VarDecl &P : F.Params)
      Ps.push_back(&P);
    for (const VarDecl &R : F.Returns)
      Rs.push_back(&R);
    Layout(Ps, ~0u, OwnParams, "the parameters of '" + F.Name + "'", F.Loc);
    Layout(Rs, ~0u, OwnRets, "the results of '" + F.Name + "'", F.Loc);
    MF->StackArgBytes = stackArgBytes(OwnParams.size(), OwnRets.size(), StackAlign);
  }
  for (const auto &B : F.Blocks)
    for (const Instruction &I : B->Insts) {
      if (I.Op != Opcode::Call)
        continue;
      const Operand *Callee, *Rets, *Args;
      callOperands(I, Callee, Rets, Args);
      if (!Callee)
        continue; // reported when it is selected
      CallSeq &C = CallSeqs[I.Scope];
      if (C.Call) {
        Ok = false;
        Diag.error(I.Loc, "not supported yet: two calls in one '{ }' call sequence");
        continue;
      }
      C.Call = &I;
      C.Callee = F.getParent()->function(Callee->Name);
      auto Decls = [&](const Operand *List) {
        std::vector<const VarDecl *> Out;
        for (const Operand &E : List ? List->Elems : std::vector<Operand>())
          for (const VarDecl &V : F.Locals)
            if (V.Space == StateSpace::Param && V.Scope == I.Scope && V.Name == E.Name)
              Out.push_back(&V);
        return Out;
      };
      Layout(Decls(Args), I.Scope, C.Args, "the arguments of a call of '" + Callee->Name + "'",
             I.Loc);
      Layout(Decls(Rets), I.Scope, C.Rets, "the results of a call of '" + Callee->Name + "'",
             I.Loc);
      C.StackArgBytes = stackArgBytes(C.Args.size(), C.Rets.size(), StackAlign);
    }
  return Ok;
}

const Selector::ParamPlace *Selector::paramPlace(unsigned Scope, StringRef Name) const {
  for (unsigned S = Scope;; S = F.ScopeParent[S]) {
    if (auto It = Places.find({S, Name.str()}); It != Places.end())
      return &It->second;
    if (S == 0)
      break;
  }
  auto It = Places.find({~0u, Name.str()});
  return It == Places.end() ? nullptr : &It->second;
}

MOperand Selector::abiWord(const ParamPlace &P, unsigned Word) {
  unsigned &V = (*P.Words)[Word];
  if (V == ~0u)
    V = MF->newVReg(RegClass::GPR);
  return MOperand::vreg(V);
}

// st.param and ld.param of a call's arguments and results, and of a device
// function's own: moves between the PTX registers and the ABI words. An
// element sits at its natural alignment (a 64-bit one on a word): a
// sub-word one is a field of its word (BFE when read, extended; BFI when
// written, as clang -O0 writes a uchar4 byte by byte).
bool Selector::selectParamAccess(const Instruction &I) {
  bool Store = I.Op == Opcode::St;
  const Operand &Addr = I.Ops[Store ? 0 : 1], &Val = I.Ops[Store ? 1 : 0];
  const ParamPlace &P = *paramPlace(I.Scope, Addr.addressBase()->Name);
  PTXType T = I.type();
  unsigned Bits = typeBits(T);
  if (Bits > 64 || T == PTXType::Pred)
    return unsupported(I);
  std::vector<const Operand *> Elems;
  if (I.Vec) {
    if (Val.K != Operand::Vector)
      return unsupported(I);
    for (const Operand &E : Val.Elems)
      Elems.push_back(&E);
  } else {
    Elems.push_back(&Val);
  }
  unsigned Bytes = std::max(1u, Bits / 8);
  for (size_t K = 0; K < Elems.size(); ++K) {
    const Operand &E = *Elems[K];
    int64_t Off = Addr.Int + int64_t(K * Bytes);
    if (Off < 0 || Off % std::min(Bytes, 4u) != 0 ||
        uint64_t(Off) + Bytes > alignTo(P.Slot.Size, 4))
      return Diag.error(I.Loc, "'" + opcodeSpelling(I) + "' of bytes " + Twine(Off) + ".." +
                                   Twine(Off + Bytes - 1) + " of '" + Addr.addressBase()->Name +
                                   "', which is " + Twine(P.Slot.Size) +
                                   " bytes: outside it or not at the element's alignment");
    unsigned W = P.Slot.FirstWord + unsigned(Off / 4);
    unsigned Field = unsigned(Off % 4) * 8 | Bits << 8; // BFE/BFI: position | length << 8
    if (E.K == Operand::Sink)
      continue;
    bool DstPair = E.K == Operand::Reg &&
                   MF->VRegs[VRegOf[E.RegId]].Class == RegClass::GPR64;
    if (Store) {
      if (E.K != Operand::Reg && E.K != Operand::Imm && E.K != Operand::FImm)
        return unsupported(I);
      bool Fresh = (*P.Words)[W] == ~0u;
      if (Bits == 64) {
        move(abiWord(P, W), E, false);
        move(abiWord(P, W + 1), E, true);
      } else if (Bits == 32 || (Fresh && Off % 4 == 0)) { // the bits above are not read
        move(abiWord(P, W), E, DstPair ? std::optional<bool>(false) : std::nullopt);
      } else {
        MOperand Old = Fresh ? MOperand::zero() : abiWord(P, W);
        MInstBuilder M = build(SIMT::BFI);
        M.reg("rd", abiWord(P, W)).reg("ra", DstPair ? word(E, false) : regOf(E, false));
        M.srcImm("sb", Field).reg("rc", Old);
        emit(M);
      }
      continue;
    }
    if (E.K != Operand::Reg)
      return unsupported(I);
    auto Mov = [&](MOperand Dst, MOperand Src) {
      MInstBuilder M = build(SIMT::MOV);
      M.reg("rd", Dst).regMod("sb", Src, 0);
      emit(M);
    };
    if (Bits == 64) {
      Mov(word(E, false), abiWord(P, W));
      Mov(word(E, true), abiWord(P, W + 1));
      continue;
    }
    MOperand Lo = DstPair ? word(E, false) : vreg(E);
    bool Signed = isSignedType(T);
    if (Bits == 32) {
      Mov(Lo, abiWord(P, W));
    } else { // sub-word: its field, extended
      MInstBuilder M = build(SIMT::BFE);
      M.mod(SIMT::MG_U32, !Signed).reg("rd", Lo).reg("ra", abiWord(P, W)).srcImm("sb", Field);
      emit(M);
    }
    if (DstPair) { // a narrow value into a 64-bit register: the high word
      MInstBuilder H = build(Signed ? SIMT::SHR : SIMT::MOV);
      if (Signed)
        H.mod(SIMT::MG_U32, false).reg("rd", word(E, true)).reg("ra", Lo).srcImm("sb", 31);
      else
        H.reg("rd", word(E, true)).regMod("sb", MOperand::zero(), 0);
      emit(H);
    }
  }
  return false;
}

bool Selector::selectCall(const Instruction &I) {
  const Operand *Callee, *Rets, *Args;
  callOperands(I, Callee, Rets, Args);
  if (!Callee)
    return Diag.error(I.Loc, "not supported yet: indirect calls ('" + opcodeSpelling(I) +
                                 "' through a register)");
  const CallSeq &C = CallSeqs[I.Scope];
  if (!C.Callee || !C.Callee->HasBody)
    return Diag.error(I.Loc, "a call of '" + Callee->Name +
                                 "', which has no body in this module (a device function of "
                                 "another file: build with simt-nvcc -rdc=true, which links "
                                 "the files' device code)");
  if (I.Guard)
    return Diag.error(I.Loc, "not supported yet: a guarded call ('@" +
                                 F.reg(*I.Guard).Name + " " + opcodeSpelling(I) + "')");
  if (!is_contained(MF->Callees, C.Callee))
    MF->Callees.push_back(C.Callee);
  MInstBuilder Cal(SIMT::CAL, &I);
  Cal.callee("target", C.Callee);
  MInst Call = Cal.take();
  // R1 moves down by the stack-argument area for the call's duration.
  auto MoveSP = [&](int64_t By) {
    MInstBuilder M(SIMT::IADD32I, &I);
    M.reg("rd", MOperand::vreg(MF->SP)).regMod("ra", MOperand::vreg(MF->SP), 0);
    M.imm("imm", uint32_t(By));
    emit(M);
  };
  if (C.StackArgBytes)
    MoveSP(-int64_t(C.StackArgBytes));
  for (unsigned W = 0; W < C.Args.size(); ++W) {
    if (C.Args[W] == ~0u)
      continue; // a word no st.param wrote (padding)
    if (W >= abi::NumArgRegs) {
      Cur->Insts.push_back(stackWord(SIMT::STL, C.Args[W], W, false, &I));
      continue;
    }
    unsigned R = argRegister(W);
    MInstBuilder M(SIMT::MOV, &I);
    M.reg("rd", MOperand::vreg(R)).regMod("sb", MOperand::vreg(C.Args[W]), 0);
    emit(M);
    Call.ImplicitUses.push_back(R);
  }
  std::vector<MInst> After;
  std::vector<unsigned> &RetWords = CallSeqs[I.Scope].Rets;
  for (unsigned W = 0; W < RetWords.size(); ++W) {
    RetWords[W] = MF->newVReg(RegClass::GPR);
    if (W >= abi::NumArgRegs) {
      After.push_back(stackWord(SIMT::LDL, RetWords[W], W, false, &I));
      continue;
    }
    unsigned R = argRegister(W);
    Call.ImplicitDefs.push_back(R);
    MInstBuilder M(SIMT::MOV, &I);
    M.reg("rd", MOperand::vreg(RetWords[W])).regMod("sb", MOperand::vreg(R), 0);
    After.push_back(M.take());
  }
  Cur->Insts.push_back(std::move(Call));
  for (MInst &M : After)
    Cur->Insts.push_back(std::move(M));
  if (C.StackArgBytes)
    MoveSP(int64_t(C.StackArgBytes));
  return false;
}

void Selector::passResults(MInst &Ret) {
  for (unsigned W = 0; W < OwnRets.size(); ++W) {
    if (OwnRets[W] == ~0u)
      continue; // no st.param writes it
    if (W >= abi::NumArgRegs) {
      Cur->Insts.push_back(stackWord(SIMT::STL, OwnRets[W], W, true, CurI));
      continue;
    }
    unsigned R = argRegister(W);
    MInstBuilder M(SIMT::MOV, CurI);
    M.reg("rd", MOperand::vreg(R)).regMod("sb", MOperand::vreg(OwnRets[W]), 0);
    emit(M);
    Ret.ImplicitUses.push_back(R);
  }
}

unsigned Selector::argRegister(unsigned W) {
  unsigned R = abi::FirstArgReg + W;
  return MF->fixedVReg(R, "R" + std::to_string(R));
}

MInst Selector::stackWord(unsigned Opcode, unsigned VReg, unsigned W, bool CallerFrame,
                          const Instruction *Source) {
  MInstBuilder M(Opcode, Source);
  M.mod<SIMT::MG_Width>(SIMT::Width::B32);
  M.mem("addr", MOperand::vreg(MF->SP), 4 * int64_t(W - abi::NumArgRegs));
  M.reg(Opcode == SIMT::LDL ? "rd" : "rb", MOperand::vreg(VReg));
  MInst I = M.take();
  I.CallerFrame = CallerFrame;
  return I;
}

void Selector::localAddress(MOperand Dst, uint64_t Offset) {
  MInstBuilder M = build(SIMT::IADD);
  M.reg("rd", Dst).regMod("ra", MOperand::vreg(MF->SP), 0);
  Operand Imm;
  Imm.K = Operand::Imm;
  Imm.Int = int64_t(Offset);
  setSrcB(M, "sb", Imm, false);
  emit(M);
}

//===-- Module variables ------------------------------------------------------===//

const ModuleVarSlot *Selector::moduleVar(const Instruction &I, StringRef Name, bool &Failed) {
  const ModuleVarSlot *S = Data.lookup(Name);
  if (!S)
    return nullptr;
  if (!S->Fits || S->Size == 0 || S->Var->Link == Linkage::Extern) {
    Failed = true;
    Diag.error(I.Loc, "not supported yet: " +
                          Twine(S->Size == 0 || S->Var->Link == Linkage::Extern
                                    ? "'" + Name + "', a module variable declared here and "
                                                   "defined elsewhere"
                                    : "'" + Name + "': .const variables beyond the 64 KiB of "
                                                   "constant bank 2"));
    return nullptr;
  }
  return S;
}

// A .const variable's address is its offset in bank 2 (ld.const reads it
// back as c[0x2][Ra+imm]); a .global one's comes from the runtime's bank:
// Fermi's compilers too read the addresses of __device__ variables from a
// constant bank, which costs one MOV per word instead of a relocation of a
// MOV32I per word, and keeps the code independent of where the loader put
// the variables.
void Selector::selectVarAddress(const ModuleVarSlot &S, int64_t Offset, MOperand Dst, bool Wide) {
  auto Word = [&](bool Hi) {
    MOperand W = Dst;
    if (Wide)
      W.Sub = Hi ? 2 : 1;
    return W;
  };
  const Operand Off = Operand::imm(int64_t(S.Offset) + Offset);
  if (S.IsConst) {
    for (bool Hi : {false, true})
      if (!Hi || Wide)
        move(Word(Hi), Off, Wide ? std::optional<bool>(Hi) : std::nullopt);
    return;
  }
  for (bool Hi : {false, true}) {
    if (Hi && !Wide)
      break;
    MInstBuilder M = build(SIMT::MOV);
    M.reg("rd", Word(Hi)).srcConst("sb", 1, simt::limits::kGlobalVarBaseSlot + (Hi ? 4 : 0));
    emit(M);
  }
  if (Off.Int != 0)
    addOffset(Dst, Dst, Off.Int, Wide);
}

void Selector::addOffset(MOperand Dst, MOperand Src, int64_t Offset, bool Wide) {
  auto Word = [&](MOperand P, bool Hi) {
    if (Wide && P.K == MOperand::VReg)
      P.Sub = Hi ? 2 : 1;
    return P;
  };
  const Operand Off = Operand::imm(Offset);
  for (bool Hi : {false, true}) {
    if (Hi && !Wide)
      break;
    MInstBuilder M = build(SIMT::IADD);
    if (Wide)
      M.mod(Hi ? SIMT::MG_X : SIMT::MG_CC, 1);
    M.reg("rd", Word(Dst, Hi)).regMod("ra", Word(Src, Hi), 0);
    setSrcBWord(M, "sb", Off, Hi);
    emit(M);
  }
}

bool Selector::selectLdBank(const Instruction &I, unsigned Bank) {
  PTXType T = I.type();
  std::optional<SIMT::Width> Width = widthOf(T);
  if (!Width)
    return Diag.error(I.Loc, "not supported yet: '" + opcodeSpelling(I) + "' (" +
                                 (T == PTXType::F64 ? "f64" : "this type") + ")");
  const Operand &Addr = I.Ops[1], &Val = I.Ops[0];
  if (Addr.K != Operand::Address)
    return unsupported(I);
  // Either a constant offset in the bank (a variable or parameter plus an
  // offset, or a literal address) or a register holding one (the address of
  // a variable or parameter moved into it and indexed).
  std::optional<int64_t> Fixed;
  MOperand Base = MOperand::zero();
  const Operand *B = Addr.addressBase();
  if (!B) {
    Fixed = Addr.Int;
  } else if (B->K == Operand::Symbol && Bank == ParamBank) {
    std::optional<ParamSlot> P = paramSlot(F, B->Name);
    if (!P)
      return unsupported(I);
    uint64_t Bytes = std::max(1u, typeBits(T) / 8) * std::max(1u, unsigned(I.Vec));
    if (Addr.Int < 0 || uint64_t(Addr.Int) + Bytes > P->Size)
      return Diag.error(I.Loc, "'" + opcodeSpelling(I) + "' reads outside parameter '" +
                                   B->Name + "' (" + Twine(P->Size) + " bytes) at offset " +
                                   Twine(Addr.Int));
    Fixed = int64_t(P->Offset) + Addr.Int;
  } else if (B->K == Operand::Symbol) {
    bool Failed = false;
    const ModuleVarSlot *S = moduleVar(I, B->Name, Failed);
    if (!S || !S->IsConst)
      return Failed || Diag.error(I.Loc, "'" + opcodeSpelling(I) + "' of '" + B->Name +
                                             "', which is not a .const variable");
    Fixed = int64_t(S->Offset) + Addr.Int;
  } else if (B->K == Operand::Reg) {
    bool Pair = MF->VRegs[VRegOf[B->RegId]].Class == RegClass::GPR64;
    Base = Pair ? word(*B, false) : vreg(*B); // a bank offset: the low word
  } else {
    return unsupported(I);
  }
  unsigned Bytes = std::max(1u, typeBits(T) / 8);
  bool Is64 = Bytes == 8;
  std::vector<const Operand *> Elems;
  if (!accessElements(I, Val, Elems))
    return unsupported(I);
  for (size_t N = 0; N < Elems.size(); ++N) {
    const Operand &E = *Elems[N];
    if (E.K == Operand::Sink)
      continue;
    if (E.K != Operand::Reg)
      return unsupported(I);
    const RegClass C = classOf(F.reg(E.RegId).Type);
    if (C == RegClass::Pred || (Is64 && C != RegClass::GPR64))
      return Diag.error(I.Loc, "'" + opcodeSpelling(I) + "' needs a " + (Is64 ? "64" : "32") +
                                   "-bit register; '" + F.reg(E.RegId).Name + "' is not one");
    // A load into a wider register extends (ld.param.s32 %rd, [p]).
    const bool Widen = !Is64 && C == RegClass::GPR64;
    const MOperand R = Widen ? word(E, false) : vreg(E);
    int64_t Off = (Fixed ? *Fixed : Addr.Int) + int64_t(N * Bytes);
    if (Fixed && (Off < 0 || Off + Bytes > simt::limits::kConstBankBytes))
      return Diag.error(I.Loc, "'" + opcodeSpelling(I) + "' reads outside constant bank " +
                                   Twine(Bank) + " (offset " + Twine(Off) + ")");
    if (Fixed && Off % 4 == 0 && Bytes >= 4) { // c[0x2][off] operands of MOVs
      for (bool Hi : {false, true}) {
        if (Hi && !Is64)
          break;
        MInstBuilder M = build(SIMT::MOV);
        M.reg("rd", Is64 ? word(E, Hi) : R).srcConst("sb", Bank, unsigned(Off) + (Hi ? 4 : 0));
        emit(M);
      }
    } else {
      if (Off < INT16_MIN || Off > INT16_MAX)
        return Diag.error(I.Loc, "not supported yet: '" + opcodeSpelling(I) + "' at offset " +
                                     Twine(Off) + " (LDC takes a 16-bit signed offset)");
      MInstBuilder M = build(SIMT::LDC);
      M.mod<SIMT::MG_Width>(*Width);
      M.reg("rd", R).constAddr("addr", Bank, Base, Off);
      emit(M);
    }
    if (Widen)
      extendHighWord(E, R, T);
  }
  return false;
}

} // namespace

std::unique_ptr<MFunction> selectInstructions(const Function &F, Diagnostics &Diag) {
  return Selector(F, Diag).run();
}

} // namespace simt::cc
