//===-- ISel.cpp - The selector's walk, variable layout and dispatch ------===//
//
// The Selector (Selector.h, which lists the files of its families): the
// walk over a function's blocks, the layout of its .shared and .local
// variables, and the dispatch of each instruction to its family.
//
//===----------------------------------------------------------------------===//
#include "cc/isel/Selector.h"
#include "cc/ptx/PTXSymbols.h"

#include "llvm/Support/MathExtras.h"

using namespace llvm;

namespace simt::cc::isel {

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
      auto M = mi::MOV().rd(MOperand::vreg(OwnParams[W]));
      Cur->Insts.push_back(M.sb(MOperand::vreg(argRegister(W))).take());
    }
  }
  for (const auto &B : F.Blocks) {
    Cur = BlockOf[B.get()];
    CurBlock = B.get();
    for (const Instruction &I : B->Insts) {
      CurI = &I;
      if (select(I) && Diag.tooMany())
        return nullptr;
    }
  }
  return Diag.errors() == Before ? std::move(MF) : nullptr;
}

// The function's .shared and .local variables in their windows
// (cc/abi/SharedLayout.h); what a device function cannot have is reported
// at its declaration.
void Selector::layoutVariables() {
  VariableWindows W = cc::layoutVariables(F, Shared);
  for (const VarDecl *V : W.Unplaced)
    Diag.error(V->Loc, "not supported yet: module-scope .local variable '" + V->Name +
                           "' used in device function '" + F.Name + "'");
  for (const auto &E : W.Offsets)
    SymbolOffset[E.getKey()] = E.getValue();
  for (const auto &E : W.Local)
    LocalVars.insert(E.getKey());
  MF->SharedBytes = W.SharedBytes;
  MF->LocalBytes = W.LocalBytes;
  MF->VarOffsets = SymbolOffset;
}

ErrorReported Selector::unsupported(const Instruction &I) {
  return Diag.error(I.Loc, "not supported yet: '" + opcodeSpelling(I) + "'");
}

// libclc's logf, powf, cbrtf, ... read tables in .const variables: the
// message names the variable rather than the move that takes its address.
ErrorReported Selector::unsupportedAddressOf(const Instruction &I, const Operand &Sym) {
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
  // Every access goes to memory when it issues (volatile, and the memory
  // orders .relaxed/.acquire/.release at any scope, change nothing), and
  // the cache operators are hints the functional model has no use for.
  static constexpr Modifier Load[] = {M::Volatile, M::Ca,      M::Cg,      M::Cs,  M::Lu,
                                      M::Cv,       M::Nc,      M::Relaxed, M::Acquire,
                                      M::Cta,      M::Gpu,     M::Sys};
  static constexpr Modifier Store[] = {M::Volatile, M::Wb,      M::Cg,  M::Cs,  M::Wt,
                                       M::Relaxed,  M::Release, M::Cta, M::Gpu, M::Sys};
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
  static constexpr Modifier Vote[] = {M::All, M::Any, M::Uni, M::Ballot, M::Sync};
  static constexpr Modifier Shfl[] = {M::Up, M::Down, M::Bfly, M::Idx, M::Sync};
  static constexpr Modifier Shf[] = {M::L, M::R, M::Wrap, M::Clamp};
  static constexpr Modifier Redux[] = {M::Sync, M::Add, M::Min, M::Max, M::And, M::Or, M::Xor};
  static constexpr Modifier Match[] = {M::Sync, M::Any, M::All};
  static constexpr Modifier WarpSync[] = {M::Warp, M::Sync};
  static constexpr Modifier Bfind[] = {M::Shiftamt};
  static constexpr Modifier Prmt[] = {M::F4e, M::B4e, M::Rc8, M::Ecl, M::Ecr, M::Rc16};
  static constexpr Modifier Video[] = {M::Sat, M::Add, M::Min, M::Max, M::Clamp, M::Wrap};
  static constexpr Modifier VideoSet[] = {M::Eq, M::Ne, M::Lt, M::Le, M::Gt, M::Ge,
                                          M::Add, M::Min, M::Max};
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
  case Opcode::Madc: Allowed = LoHi; break;
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
    Allowed = I.has(M::Warp) ? ArrayRef(WarpSync) : ArrayRef(Barrier);
    break;
  case Opcode::Barrier: Allowed = Barrier; break;
  case Opcode::Membar: Allowed = Membar; break;
  case Opcode::Cvta: Allowed = Cvta; break;
  case Opcode::Atom:
  case Opcode::Red: Allowed = Atomic; break;
  case Opcode::Vote: Allowed = Vote; break;
  case Opcode::Shfl: Allowed = Shfl; break;
  case Opcode::Shf: Allowed = Shf; break;
  case Opcode::Redux: Allowed = Redux; break;
  case Opcode::Match: Allowed = Match; break;
  case Opcode::Bmsk: Allowed = Shf; break; // .clamp, .wrap
  case Opcode::Bfind: Allowed = Bfind; break;
  case Opcode::Prmt: Allowed = Prmt; break;
  case Opcode::Vadd: case Opcode::Vsub: case Opcode::Vabsdiff: case Opcode::Vmin:
  case Opcode::Vmax: case Opcode::Vshl: case Opcode::Vshr:
    Allowed = Video;
    break;
  case Opcode::Vset: Allowed = VideoSet; break;
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

ErrorReported Selector::select(const Instruction &I) {
  if (I.Op == Opcode::Call)
    return selectCall(I);
  // prefetch{.space}.level [a], prefetchu.L1 [a]: a cache hint, nothing
  // for the functional model to do.
  if (I.Op == Opcode::Prefetch || I.Op == Opcode::Prefetchu)
    return false;
  // nanosleep: a warp that waits gives way; in lockstep there is nothing to
  // give way to.
  if (I.Op == Opcode::Nanosleep)
    return I.Ops.size() == 1 ? false : unsupported(I);
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
  if (checkSelectable(I))
    return true;
  return selectFamily(I);
}

// Registers and constants only, except where a family takes more (moves
// of special registers, parameter addresses, branch targets), with the
// suffixes and the register classes its selection honours.
ErrorReported Selector::checkSelectable(const Instruction &I) {
  bool Simple = all_of(I.Ops, [](const Operand &Op) {
    return Op.K == Operand::Reg || Op.K == Operand::Imm || Op.K == Operand::FImm;
  });
  bool Atomic = I.Op == Opcode::Atom || I.Op == Opcode::Red;
  if (!Simple && I.Op != Opcode::Mov && I.Op != Opcode::Ld && I.Op != Opcode::St &&
      I.Op != Opcode::Bra && I.Op != Opcode::Cvta && !Atomic &&
      !((I.Op == Opcode::Shfl || I.Op == Opcode::Match || I.Op == Opcode::Setp) &&
        I.Ops[0].K == Operand::Pair))
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
  return checkOperandClasses(I);
}

// The families whose 64-bit forms are their own, then the rest by width.
ErrorReported Selector::selectFamily(const Instruction &I) {
  switch (I.Op) {
  case Opcode::Atom:
  case Opcode::Red:
    return selectAtomic(I);
  case Opcode::Vote:
    return selectVote(I);
  case Opcode::Shfl:
    return selectShfl(I);
  case Opcode::Shf:
    return selectShf(I);
  case Opcode::Redux:
    return selectRedux(I);
  case Opcode::Match:
    return selectMatch(I);
  case Opcode::Bmsk:
    return selectBmsk(I);
  case Opcode::Activemask:
    return selectActivemask(I);
  case Opcode::Bar:
    if (I.has(Modifier::Warp))
      return selectWarpSync(I);
    break;
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
  case Opcode::Vadd: case Opcode::Vsub: case Opcode::Vabsdiff: case Opcode::Vmin:
  case Opcode::Vmax: case Opcode::Vshl: case Opcode::Vshr: case Opcode::Vmad:
  case Opcode::Vset:
    return selectVideo(I);
  case Opcode::Bfi:
    if (I.type() == PTXType::B64)
      return selectBitInsert64(I);
    break;
  default:
    break;
  }
  return selectByWidth(I);
}

// The selections whose sequences use the carry flag themselves.
bool usesCarryFlag(const Instruction &I) {
  return (isInt64(I.type()) &&
          is_contained({Opcode::Add, Opcode::Sub, Opcode::Neg, Opcode::Abs, Opcode::Mad,
                        Opcode::Div, Opcode::Rem},
                       I.Op)) ||
         (isInt64(I.type()) && I.Op == Opcode::Mul && I.has(Modifier::Hi)) ||
         (I.type() == PTXType::F64 && is_contained({Opcode::Div, Opcode::Rcp, Opcode::Sqrt}, I.Op));
}

// The carry chain, doubles and 64-bit integers, each with its own
// selections; then the 32-bit families.
ErrorReported Selector::selectByWidth(const Instruction &I) {
  bool Carry = I.Op == Opcode::Addc || I.Op == Opcode::Subc || I.Op == Opcode::Madc ||
               I.has(Modifier::Cc);
  if (CarryOut && usesCarryFlag(I) && !Carry)
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
  return selectWord(I);
}

// 32-bit (and narrower) instructions by family.
ErrorReported Selector::selectWord(const Instruction &I) {
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

} // namespace simt::cc::isel

namespace simt::cc {

std::unique_ptr<MFunction> selectInstructions(const Function &F, const SharedLayout &Shared,
                                              Diagnostics &Diag) {
  return isel::Selector(F, Shared, Diag).run();
}

} // namespace simt::cc
