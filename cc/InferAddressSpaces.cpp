//===-- InferAddressSpaces.cpp - Generic accesses made .shared/.local -----===//
#include "cc/InferAddressSpaces.h"
#include "cc/Diagnostics.h"
#include "cc/PTXTypes.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"

#include <map>
#include <vector>

using namespace llvm;

namespace simt::cc {

namespace {

/// What a register may hold, joined over its writes: nothing seen yet
/// (None), no generic pointer into a window (Other: integers, global
/// pointers), a generic pointer into one window (shared, local, or the
/// constant bank of `__constant__` variables), or several of these (Mixed).
enum class Provenance : uint8_t { None, Other, Shared, Local, Const, Mixed };

Provenance join(Provenance A, Provenance B) {
  if (A == Provenance::None || A == B)
    return B;
  return B == Provenance::None ? A : Provenance::Mixed;
}

bool isWindow(Provenance P) {
  return P == Provenance::Shared || P == Provenance::Local || P == Provenance::Const;
}

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
  case StateSpace::Const: return Provenance::Const;
  default: return Provenance::Other;
  }
}

StringRef nameOf(Provenance P) {
  switch (P) {
  case Provenance::Shared: return "shared";
  case Provenance::Local: return "local";
  case Provenance::Const: return "constant";
  default: return "shared, local or constant";
  }
}

StateSpace spaceOf(Provenance P) {
  return P == Provenance::Shared ? StateSpace::Shared
         : P == Provenance::Local ? StateSpace::Local
                                  : StateSpace::Const;
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

/// The frame of a function at -O0: clang keeps every local variable in
/// `__local_depot`, reached from its roots (`mov %SPL, __local_depot0;
/// cvta.local %SP, %SPL`) as [%SP+c] or [%SPL+c], pointer variables too.
/// When every use of a root is such an address (no frame address is
/// computed, passed or stored) and no two accesses overlap unless they are
/// the same (offset, size), a slot is its offset, and a pointer stored to
/// it and loaded back keeps its provenance; otherwise slots are not
/// followed (a window pointer stored to one stays an error).
class Frame {
public:
  explicit Frame(const Function &F) : Root(F.numRegs()) {
    findRoots(F);
    Followed = anyRoot() && rootsOnlyAddress(F) && slotsDisjoint(F);
  }
  /// The slot a memory access reaches, if slots are followed.
  std::optional<int64_t> slotOf(const Instruction &I) const {
    const Operand *Addr = addressOf(I);
    if (!Followed || !Addr)
      return std::nullopt;
    const Operand *B = Addr->addressBase();
    if (B && ((B->K == Operand::Reg && Root[B->RegId]) || isDepot(*B)))
      return Addr->Int;
    return std::nullopt;
  }

private:
  static bool isDepot(const Operand &Op) {
    return Op.K == Operand::Symbol && StringRef(Op.Name).starts_with("__local_depot");
  }
  /// The address of a generic or .local access (one that may reach the frame).
  static const Operand *addressOf(const Instruction &I) {
    if (I.Space != StateSpace::None && I.Space != StateSpace::Local)
      return nullptr;
    return addressOperand(I);
  }
  bool anyRoot() const { return llvm::is_contained(Root, true); }
  void findRoots(const Function &F) {
    std::vector<unsigned> Defs(F.numRegs());
    SmallVector<unsigned, 4> Regs;
    for (auto &B : F.Blocks)
      for (const Instruction &I : B->Insts) {
        Regs.clear();
        I.defs(Regs);
        for (unsigned R : Regs)
          ++Defs[R];
      }
    // mov R, __local_depot; cvta.local R2, R (or of the symbol): in order.
    for (auto &B : F.Blocks)
      for (const Instruction &I : B->Insts) {
        if (I.Guard || I.Ops.size() != 2 || I.Ops[0].K != Operand::Reg ||
            Defs[I.Ops[0].RegId] != 1)
          continue;
        const Operand &Src = I.Ops[1];
        bool FromRoot = isDepot(Src) || (Src.K == Operand::Reg && Root[Src.RegId]);
        if ((I.Op == Opcode::Mov && isDepot(Src)) ||
            (I.Op == Opcode::Cvta && I.Space == StateSpace::Local && !I.has(Modifier::To) &&
             FromRoot))
          Root[I.Ops[0].RegId] = true;
      }
  }
  bool rootsOnlyAddress(const Function &F) const {
    for (auto &B : F.Blocks)
      for (const Instruction &I : B->Insts) {
        bool Defining = I.Ops.size() == 2 && I.Ops[0].K == Operand::Reg && Root[I.Ops[0].RegId];
        for (size_t N = I.numDefOperands(); N < I.Ops.size(); ++N) {
          const Operand &Op = I.Ops[N];
          bool AsBase = Op.K == Operand::Address && addressOf(I) == &Op;
          if (AsBase || Defining)
            continue;
          SmallVector<unsigned, 4> Regs;
          if (Op.K == Operand::Reg)
            Regs.push_back(Op.RegId);
          for (const Operand &E : Op.Elems)
            if (E.K == Operand::Reg)
              Regs.push_back(E.RegId);
          if (llvm::any_of(Regs, [&](unsigned R) { return Root[R]; }) || isDepot(Op))
            return false;
        }
      }
    return true;
  }
  bool slotsDisjoint(const Function &F) const {
    std::map<int64_t, unsigned> Size; // offset -> bytes
    for (auto &B : F.Blocks)
      for (const Instruction &I : B->Insts) {
        const Operand *Addr = addressOf(I);
        const Operand *Base = Addr ? Addr->addressBase() : nullptr;
        if (!Base || !((Base->K == Operand::Reg && Root[Base->RegId]) || isDepot(*Base)))
          continue;
        unsigned Bytes = std::max(1u, typeBits(I.type()) / 8) * std::max<unsigned>(1, I.Vec);
        auto [It, New] = Size.try_emplace(Addr->Int, Bytes);
        if (!New && It->second != Bytes)
          return false;
      }
    int64_t End = INT64_MIN;
    for (auto [Offset, Bytes] : Size) {
      if (Offset < End)
        return false;
      End = Offset + Bytes;
    }
    return true;
  }

  std::vector<bool> Root;
  bool Followed = false;
};

/// The parameter index of Name in F, if it is one of F's parameters.
std::optional<unsigned> paramIndex(const Function &F, StringRef Name) {
  for (unsigned N = 0; N < F.Params.size(); ++N)
    if (F.Params[N].Name == Name)
      return N;
  return std::nullopt;
}

bool isReturnSlot(const Function &F, StringRef Name) {
  return any_of(F.Returns, [&](const VarDecl &R) { return R.Name == Name; });
}

class Inference {
public:
  /// Params: what F's parameters may point into (null: nothing, global).
  Inference(const Function &F, const std::vector<Provenance> *Params)
      : F(F), Params(Params), Slots(F), Of(F.numRegs(), Provenance::None) {}

  const Frame &frame() const { return Slots; }

  /// Calls Fn(callee, argument index, provenance) for each argument of each
  /// call: what `st.param [paramN], %v` stored before the call names paramN.
  template <class Fn> void forEachCallArgument(Fn Visit) const {
    StringMap<Provenance> Stored;
    for (auto &B : F.Blocks)
      for (const Instruction &I : B->Insts) {
        if (I.Op == Opcode::St && I.Space == StateSpace::Param && I.Ops.size() == 2) {
          const Operand *Base = I.Ops[0].addressBase();
          if (Base && Base->K == Operand::Symbol && I.Ops[0].Int == 0)
            Stored[Base->Name] = of(I.Ops[1]);
          continue;
        }
        if (I.Op != Opcode::Call)
          continue;
        const Function *Callee = nullptr;
        for (const Operand &Op : I.Ops) {
          if (Op.K == Operand::Symbol && Op.SymKind == Operand::Func)
            Callee = F.getParent()->function(Op.Name);
          else if (Op.K == Operand::List && Callee)
            for (unsigned N = 0; N < Op.Elems.size(); ++N)
              if (Op.Elems[N].K == Operand::Symbol)
                Visit(Callee, N, Stored.lookup(Op.Elems[N].Name));
        }
      }
  }

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
  /// What I's destination (or frame slot) receives from its sources;
  /// whether it changed.
  bool transfer(const Instruction &I) {
    std::optional<int64_t> Slot = Slots.slotOf(I);
    if (I.Op == Opcode::St && Slot && I.Ops.size() == 2)
      return joinInto(SlotOf[*Slot], of(I.Ops[1]));
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
    case Opcode::Ld: P = Slot ? SlotOf.lookup(*Slot) : ofParam(I); break;
    default: P = Provenance::Other; break;
    }
    return joinInto(Of[I.Ops[0].RegId], P);
  }

  /// A load of one of F's own parameters: what the calls pass there.
  Provenance ofParam(const Instruction &I) const {
    const Operand *Addr = I.Space == StateSpace::Param ? addressOperand(I) : nullptr;
    const Operand *Base = Addr ? Addr->addressBase() : nullptr;
    if (!Params || !Base || Base->K != Operand::Symbol || Addr->Int != 0)
      return Provenance::Other;
    std::optional<unsigned> N = paramIndex(F, Base->Name);
    return N && *N < Params->size() ? (*Params)[*N] : Provenance::Other;
  }

public:
  static bool joinInto(Provenance &D, Provenance P) {
    Provenance New = join(D, P);
    if (New == D)
      return false;
    D = New;
    return true;
  }

private:
  const Function &F;
  const std::vector<Provenance> *Params;
  Frame Slots;
  std::vector<Provenance> Of;
  DenseMap<int64_t, Provenance> SlotOf; // what the frame's slots may hold
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

struct ParamSpaces::Impl {
  DenseMap<const Function *, std::vector<Provenance>> Of;
  const std::vector<Provenance> *of(const Function &F) const {
    auto It = Of.find(&F);
    return It == Of.end() ? nullptr : &It->second;
  }
};

ParamSpaces::ParamSpaces(const Module &M) : P(std::make_unique<Impl>()) {
  for (const auto &F : M.Functions)
    if (F->HasBody && !F->IsKernel)
      P->Of[F.get()].assign(F->Params.size(), Provenance::None);
  // Each round can only raise a parameter's provenance (None < one space <
  // Mixed): it ends.
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const auto &F : M.Functions) {
      if (!F->HasBody)
        continue;
      Inference Inf(*F, P->of(*F));
      Inf.run();
      Inf.forEachCallArgument([&](const Function *Callee, unsigned N, Provenance A) {
        auto It = P->Of.find(Callee);
        if (It != P->Of.end() && N < It->second.size())
          Changed |= Inference::joinInto(It->second[N], A);
      });
    }
  }
}

ParamSpaces::~ParamSpaces() = default;

bool inferAddressSpaces(Function &F, Diagnostics &Diag, const ParamSpaces *Params) {
  Inference Inf(F, Params ? Params->impl().of(F) : nullptr);
  Inf.run();
  bool Ok = true;
  for (auto &B : F.Blocks)
    for (Instruction &I : B->Insts) {
      // A frame slot's content is followed, and so is a call's argument
      // (ParamSpaces); anywhere else, and in a result, a window's pointer
      // would lose its space.
      const Operand *ParamBase = I.Space == StateSpace::Param && I.Ops.size() == 2
                                     ? I.Ops[0].addressBase()
                                     : nullptr;
      bool Argument = Params && ParamBase && ParamBase->K == Operand::Symbol &&
                      I.Ops[0].Int == 0 && !isReturnSlot(F, ParamBase->Name);
      if (I.Op == Opcode::St && I.Ops.size() == 2 && !Inf.frame().slotOf(I) && !Argument) {
        const Operand &Val = I.Ops[1];
        Provenance Stored = Val.K == Operand::Vector ? Provenance::None : Inf.of(Val);
        for (const Operand &E : Val.Elems)
          Stored = offsetOf(Stored, Inf.of(E));
        if (isWindow(Stored) || Stored == Provenance::Mixed) {
          Diag.error(I.Loc, "not supported yet: " +
                                Twine(I.Space != StateSpace::Param ? "storing"
                                      : ParamBase && isReturnSlot(F, ParamBase->Name)
                                          ? "returning"
                                          : "passing") +
                                " a generic pointer to " +
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
      } else if (P == Provenance::Const && I.Op != Opcode::Ld) {
        Diag.error(I.Loc, "'" + opcodeSpelling(I) +
                              "' writes constant memory through a generic pointer "
                              "(kernels cannot write __constant__ variables)");
        Ok = false;
      } else if (isWindow(P)) {
        I.Space = spaceOf(P);
      }
    }
  return Ok;
}

} // namespace simt::cc
