//===-- SelectMemory.cpp - ld and st in memory ----------------------------===//
#include "cc/isel/Selector.h"

using namespace llvm;

namespace simt::cc::isel {

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

std::optional<SIMT::Width> widthOf(PTXType T) {
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
bool accessElements(const Instruction &I, const Operand &Val,
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

// Whether a .v2 of 64-bit elements can move through one quad: 64-bit
// registers (a load may also drop one, `_`), or for a store literals; a
// load into a register of another size goes element by element.
static bool wordsCopyable(const Function &F, const std::vector<const Operand *> &Elems,
                          bool Load) {
  return std::all_of(Elems.begin(), Elems.end(), [&](const Operand *E) {
    if (E->K == Operand::Reg)
      return classOf(F.reg(E->RegId).Type) == RegClass::GPR64;
    return Load ? E->K == Operand::Sink : E->K == Operand::Imm || E->K == Operand::FImm;
  });
}

// ld/st in .global, .shared, .local and generic addresses. A .v2 of 64-bit
// elements is one 128-bit access on an aligned quad, its elements copied
// word by word: one memory transaction, as on hardware, so that another
// thread sees all of it or none of it (CUB's decoupled look-back publishes
// a tile's status and value as one longlong2, and its readers rely on
// that). Other vectors are one access per element: the copies would cost
// a float2's or float4's load more instructions than its accesses, since
// the allocator does not yet give the elements the quad's registers.
ErrorReported Selector::selectMemory(const Instruction &I) {
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
  unsigned Bytes = std::max(1u, typeBits(T) / 8);
  bool Is64 = typeBits(T) == 64;
  std::vector<const Operand *> Elems;
  if (!accessElements(I, Val, Elems))
    return unsupported(I);
  // LD, ST, LDS, STS, LDL, STL or LDG of R, W wide, at Offset + Delta.
  auto Access = [&](MOperand R, SIMT::Width W, int64_t Delta) {
    auto One = [&](auto M) {
      if constexpr (requires { M.e(Wide); }) // global: 64-bit addresses
        M.e(Wide);
      M.width(W);
      if constexpr (requires { M.rd(R); })
        M.rd(R);
      else
        M.rb(R);
      emit(M.addr(Base, Offset + Delta));
    };
    if (Shared)
      Load ? One(build<mi::LDS>()) : One(build<mi::STS>());
    else if (Local)
      Load ? One(build<mi::LDL>()) : One(build<mi::STL>());
    else if (Load && I.has(Modifier::Nc) && F.getParent()->IsaLevel >= 35)
      One(build<mi::LDG>()); // ld.global.nc: the read-only path
    else
      Load ? One(build<mi::LD>()) : One(build<mi::ST>());
  };
  if (I.Vec && Is64 && Elems.size() == 2 && wordsCopyable(F, Elems, Load)) {
    const unsigned Quad = MF->newVReg(RegClass::GPR128);
    MF->VRegs[Quad].KilledUnderGuard = true;
    // Element N's low (Hi false) or high word in the quad.
    auto QuadWord = [&](size_t N, bool Hi) { return MOperand::vreg(Quad, uint8_t(2 * N + Hi + 1)); };
    for (size_t N = 0; N < 2 && !Load; ++N)
      for (bool Hi : {false, true})
        move(QuadWord(N, Hi), *Elems[N], Hi);
    Access(MOperand::vreg(Quad), SIMT::Width::B128, 0);
    for (size_t N = 0; N < 2 && Load; ++N)
      for (bool Hi : {false, true})
        if (Elems[N]->K == Operand::Reg)
          emit(build<mi::MOV>().rd(word(*Elems[N], Hi)).sb(QuadWord(N, Hi)));
    return false;
  }
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
    Access(R, *Width, int64_t(N * Bytes));
    if (Widen)
      extendHighWord(E, R, T);
  }
  return false;
}

void Selector::extendHighWord(const Operand &Wide, MOperand Lo, PTXType T) {
  extendHigh(word(Wide, true), Lo, isSignedType(T));
}

} // namespace simt::cc::isel
