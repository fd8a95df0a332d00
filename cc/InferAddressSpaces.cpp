//===-- InferAddressSpaces.cpp - Generic accesses made .shared/.local -----===//
#include "cc/InferAddressSpaces.h"
#include "cc/Diagnostics.h"

#include <vector>

using namespace llvm;

namespace simt::cc {

namespace {

/// What a register may hold, joined over its writes: nothing seen yet
/// (None), no generic pointer into a window (Other: integers, global
/// pointers), a generic pointer into one window, or several of these (Mixed).
enum class Provenance : uint8_t { None, Other, Shared, Local, Mixed };

Provenance join(Provenance A, Provenance B) {
  if (A == Provenance::None || A == B)
    return B;
  return B == Provenance::None ? A : Provenance::Mixed;
}

bool isWindow(Provenance P) { return P == Provenance::Shared || P == Provenance::Local; }

/// A pointer plus an integer points where the pointer does.
Provenance offsetOf(Provenance A, Provenance B) {
  bool PtrA = isWindow(A) || A == Provenance::Mixed;
  bool PtrB = isWindow(B) || B == Provenance::Mixed;
  if (PtrA != PtrB)
    return PtrA ? A : B;
  return join(A, B);
}

Provenance ofCvta(const Instruction &I) {
  if (I.has(Modifier::To))
    return Provenance::Other; // a window offset or a global address
  switch (I.Space) {
  case StateSpace::Shared: return Provenance::Shared;
  case StateSpace::Local: return Provenance::Local;
  default: return Provenance::Other;
  }
}

StringRef nameOf(Provenance P) {
  return P == Provenance::Shared ? "shared" : P == Provenance::Local ? "local" : "shared or local";
}

/// The address operand of a memory access, or null.
const Operand *addressOperand(const Instruction &I) {
  if (I.Op != Opcode::Ld && I.Op != Opcode::St && I.Op != Opcode::Atom &&
      I.Op != Opcode::Red)
    return nullptr;
  for (const Operand &Op : I.Ops)
    if (Op.K == Operand::Address)
      return &Op;
  return nullptr;
}

class Inference {
public:
  explicit Inference(Function &F) : F(F), Of(F.numRegs(), Provenance::None) {}

  void run() {
    for (bool Changed = true; Changed;) {
      Changed = false;
      for (auto &B : F.Blocks)
        for (const Instruction &I : B->Insts)
          Changed |= transfer(I);
    }
  }

  /// Immediates and symbols are Other: a symbol is a window offset or a
  /// global address until a cvta makes it generic.
  Provenance of(const Operand &Op) const {
    return Op.K == Operand::Reg ? Of[Op.RegId] : Provenance::Other;
  }

private:
  /// What I's destination receives from its sources; whether it changed.
  bool transfer(const Instruction &I) {
    if (I.numDefOperands() != 1 || I.Ops.empty() || I.Ops[0].K != Operand::Reg)
      return false;
    auto Src = [&](size_t N) { return N < I.Ops.size() ? of(I.Ops[N]) : Provenance::Other; };
    Provenance P;
    switch (I.Op) {
    case Opcode::Cvta: P = ofCvta(I); break;
    case Opcode::Mov:
    case Opcode::Cvt: P = I.Ops.size() == 2 ? Src(1) : Provenance::Other; break;
    case Opcode::Add:
    case Opcode::And:
    case Opcode::Or: P = offsetOf(Src(1), Src(2)); break;
    case Opcode::Sub: // a pointer minus an integer; a difference of two is an integer
      P = isWindow(Src(2)) || Src(2) == Provenance::Mixed ? Provenance::Other : Src(1);
      break;
    case Opcode::Selp: P = join(Src(1), Src(2)); break;
    default: P = Provenance::Other; break;
    }
    Provenance &D = Of[I.Ops[0].RegId];
    Provenance New = join(D, P);
    if (New == D)
      return false;
    D = New;
    return true;
  }

  Function &F;
  std::vector<Provenance> Of;
};

// isspacep.space p, a: the provenance of a answers it (a generic address
// of no window is global, as for accesses), and it becomes a mov of the
// constant predicate. .const and .param, and addresses that may point into
// two spaces, are reported.
bool answerIsspacep(Instruction &I, Provenance P, Diagnostics &Diag) {
  StateSpace S = I.Space;
  if (I.Ops.size() != 2 || I.Ops[0].K != Operand::Reg ||
      (S != StateSpace::Global && S != StateSpace::Shared && S != StateSpace::Local))
    return true; // the selection reports the form
  if (P == Provenance::Mixed)
    return !Diag.error(I.Loc, "not supported yet: 'isspacep' of a generic address that may "
                              "point into more than one state space");
  bool In = S == StateSpace::Shared   ? P == Provenance::Shared
            : S == StateSpace::Local ? P == Provenance::Local
                                     : !isWindow(P);
  I.Op = Opcode::Mov;
  I.Types.assign({PTXType::Pred});
  I.Space = StateSpace::None;
  I.Ops[1] = Operand::imm(In, I.Ops[1].Loc);
  return true;
}

} // namespace

bool inferAddressSpaces(Function &F, Diagnostics &Diag) {
  Inference Inf(F);
  Inf.run();
  bool Ok = true;
  for (auto &B : F.Blocks)
    for (Instruction &I : B->Insts) {
      // Arguments of calls (st.param) are the call lowering's to follow.
      if (I.Op == Opcode::St && I.Space != StateSpace::Param && I.Ops.size() == 2) {
        const Operand &Val = I.Ops[1];
        Provenance Stored = Val.K == Operand::Vector ? Provenance::None : Inf.of(Val);
        for (const Operand &E : Val.Elems)
          Stored = offsetOf(Stored, Inf.of(E));
        if (isWindow(Stored) || Stored == Provenance::Mixed) {
          Diag.error(I.Loc, "not supported yet: storing a generic pointer to " +
                                nameOf(Stored) +
                                " memory (the ISA has no generic address space and "
                                "the pointer's space would be lost)");
          Ok = false;
          continue;
        }
      }
      if (I.Op == Opcode::Isspacep) {
        Ok &= answerIsspacep(I, Inf.of(I.Ops.size() == 2 ? I.Ops[1] : Operand()), Diag);
        continue;
      }
      const Operand *Addr = addressOperand(I);
      if (!Addr || I.Space != StateSpace::None)
        continue;
      const Operand *Base = Addr->addressBase();
      Provenance P = Base ? Inf.of(*Base) : Provenance::Other;
      if (P == Provenance::Mixed) {
        Diag.error(I.Loc, "not supported yet: a generic address that may point into "
                          "more than one state space (the ISA has no generic "
                          "address space)");
        Ok = false;
      } else if (isWindow(P)) {
        I.Space = P == Provenance::Shared ? StateSpace::Shared : StateSpace::Local;
      }
    }
  return Ok;
}

} // namespace simt::cc
