//===-- SelectCalls.cpp - Device-function calls and their ABI -------------===//
#include "cc/isel/Selector.h"

#include "llvm/Support/MathExtras.h"

using namespace llvm;

namespace simt::cc::isel {

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
ErrorReported Selector::selectParamAccess(const Instruction &I) {
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
        auto M = build<mi::BFI>().rd(abiWord(P, W)).ra(DstPair ? word(E, false) : regOf(E, false));
        emit(M.sb(SrcB::imm(int32_t(Field))).rc(Old));
      }
      continue;
    }
    if (E.K != Operand::Reg)
      return unsupported(I);
    auto Mov = [&](MOperand Dst, MOperand Src) { emit(build<mi::MOV>().rd(Dst).sb(Src)); };
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
      auto M = build<mi::BFE>().u32(!Signed).rd(Lo).ra(abiWord(P, W));
      emit(M.sb(SrcB::imm(int32_t(Field))));
    }
    if (DstPair) { // a narrow value into a 64-bit register: the high word
      if (Signed)
        emit(build<mi::SHR>().u32(false).rd(word(E, true)).ra(Lo).sb(SrcB::imm(31)));
      else
        Mov(word(E, true), MOperand::zero());
    }
  }
  return false;
}

ErrorReported Selector::selectCall(const Instruction &I) {
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
  MInst Call = mi::CAL(&I).target(C.Callee).take();
  // R1 moves down by the stack-argument area for the call's duration.
  const MOperand SP = MOperand::vreg(MF->SP);
  auto MoveSP = [&](int64_t By) { emit(mi::IADD32I(&I).rd(SP).ra(SP).imm(uint32_t(By))); };
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
    emit(mi::MOV(&I).rd(MOperand::vreg(R)).sb(MOperand::vreg(C.Args[W])));
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
    After.push_back(mi::MOV(&I).rd(MOperand::vreg(RetWords[W])).sb(MOperand::vreg(R)).take());
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
    emit(mi::MOV(CurI).rd(MOperand::vreg(R)).sb(MOperand::vreg(OwnRets[W])));
    Ret.ImplicitUses.push_back(R);
  }
}

unsigned Selector::argRegister(unsigned W) {
  unsigned R = abi::FirstArgReg + W;
  return MF->fixedVReg(R, "R" + std::to_string(R));
}

MInst Selector::stackWord(unsigned Opcode, unsigned VReg, unsigned W, bool CallerFrame,
                          const Instruction *Source) {
  const MOperand SP = MOperand::vreg(MF->SP), V = MOperand::vreg(VReg);
  const int64_t Offset = 4 * int64_t(W - abi::NumArgRegs);
  const SIMT::Width B32 = SIMT::Width::B32;
  MInst I = Opcode == SIMT::LDL ? mi::LDL(Source).width(B32).addr(SP, Offset).rd(V).take()
                                : mi::STL(Source).width(B32).addr(SP, Offset).rb(V).take();
  I.CallerFrame = CallerFrame;
  return I;
}

void Selector::localAddress(MOperand Dst, uint64_t Offset) {
  auto M = build<mi::IADD>().rd(Dst).ra(MOperand::vreg(MF->SP));
  emit(M.sb(srcB(Operand::imm(int64_t(Offset)), false)));
}

} // namespace simt::cc::isel
