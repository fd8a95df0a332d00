//===-- InferAddressSpaces.cpp - Generic accesses made .shared/.local -----===//
#include "cc/passes/InferAddressSpaces.h"
#include "cc/analysis/CFG.h"
#include "cc/ptx/Diagnostics.h"
#include "cc/ptx/PTXTypes.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SCCIterator.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"

#include <bit>
#include <map>
#include <set>
#include <vector>

using namespace llvm;

namespace simt::cc {

namespace {

/// What a register may hold, joined over its writes: a set of no generic
/// pointer into a window (Other: integers, global pointers) and generic
/// pointers into a window (shared, local, or the constant bank of
/// `__constant__` variables); empty (None) before any write is seen. A set
/// of two or more is mixed: the space is known at run time only.
///
/// ConstArg: an OpenCL kernel's `__constant T *` argument (`.ptr .const`),
/// a buffer the host passes, as any other, in global memory: its
/// `ld.const` loads become global loads. For spaces it counts as global.
enum class Provenance : uint8_t {
  None = 0, Other = 1, Shared = 2, Local = 4, Const = 8, ConstArg = 16
};
constexpr uint8_t kWindows = 2 | 4 | 8;
constexpr Provenance kSpaces[] = {Provenance::Other, Provenance::Shared, Provenance::Local,
                                  Provenance::Const};

Provenance join(Provenance A, Provenance B) { return Provenance(uint8_t(A) | uint8_t(B)); }
/// P's spaces: a ConstArg pointer is a global one.
uint8_t spaceBits(Provenance P) {
  uint8_t Bits = uint8_t(P);
  return Bits & 16 ? (Bits & ~16) | 1 : Bits;
}
bool mayBe(Provenance P, Provenance Space) { return spaceBits(P) & uint8_t(Space); }
bool isMixed(Provenance P) { return std::popcount(spaceBits(P)) > 1; }
/// Whether P may be a generic pointer into a window.
bool mayPointIntoWindow(Provenance P) { return uint8_t(P) & kWindows; }
bool isWindow(Provenance P) { return mayPointIntoWindow(P) && !isMixed(P); }
/// The run-time tag of a space (a mixed pointer's companion register), and
/// the number of its generic window (isa/SIMTDwarf.h): a window address's
/// bits above kWindowShift are its tag.
unsigned tagOf(Provenance Space) {
  return Space == Provenance::Shared ? 1 : Space == Provenance::Local ? 2
                                       : Space == Provenance::Const ? 3
                                                                    : 0;
}
constexpr unsigned kMaxTag = 3;
/// The base of Space's window in a module that gives it one.
int64_t windowBase(Provenance Space) { return int64_t(tagOf(Space)) << kWindowShift; }
static_assert(kSharedWindowBase == 1 << kWindowShift &&
              dwarfabi::kLocalWindowBase == 2 << kWindowShift &&
              dwarfabi::kConstWindowBase == 3 << kWindowShift);
/// The one window space of Bits (window spaces), if it is one.
std::optional<Provenance> onlyWindow(uint8_t Bits) {
  Bits &= kWindows;
  if (std::popcount(Bits) != 1)
    return std::nullopt;
  return Provenance(Bits);
}

/// A pointer plus an integer points where the pointer does.
Provenance offsetOf(Provenance A, Provenance B) {
  auto isPointer = [](Provenance P) { return uint8_t(P) & (kWindows | 16); };
  bool PtrA = isPointer(A), PtrB = isPointer(B);
  if (PtrA != PtrB)
    return PtrA ? A : B;
  return join(A, B);
}

/// The provenance of a generic pointer into state space S.
Provenance pointerInto(StateSpace S) {
  switch (S) {
  case StateSpace::Shared: return Provenance::Shared;
  case StateSpace::Local: return Provenance::Local;
  case StateSpace::Const: return Provenance::Const;
  default: return Provenance::Other;
  }
}

Provenance ofCvta(const Instruction &I) {
  if (I.has(Modifier::To))
    return Provenance::Other; // a window offset or a global address
  return pointerInto(I.Space);
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

/// A plain 64-bit integer load (or vector load: a struct of pointers; or
/// atomic: a pointer exchanged) from memory a pointer may have been stored
/// to (not a parameter, not a constant bank): in a module that stores
/// shared pointers, what it gives may be a generic address in the window.
bool mayLoadGenericPointer(const Instruction &I) {
  const PTXType T = I.type();
  const bool Memory = I.Space == StateSpace::None || I.Space == StateSpace::Global ||
                      I.Space == StateSpace::Shared || I.Space == StateSpace::Local;
  return (I.Op == Opcode::Ld || I.Op == Opcode::Atom) && Memory && !I.Ops.empty() &&
         (I.Ops[0].K == Operand::Reg || I.Ops[0].K == Operand::Vector) &&
         typeBits(T) == 64 && !isFloatType(T);
}

/// The registers a load writes: its destination or its vector's elements.
SmallVector<Operand, 4> loadedRegs(const Instruction &I) {
  SmallVector<Operand, 4> Regs;
  if (!I.Ops.empty() && I.Ops[0].K == Operand::Reg)
    Regs.push_back(I.Ops[0]);
  else if (!I.Ops.empty() && I.Ops[0].K == Operand::Vector)
    for (const Operand &E : I.Ops[0].Elems)
      if (E.K == Operand::Reg)
        Regs.push_back(E);
  return Regs;
}

bool is64Bit(const Function &F, const Operand &R) { return typeBits(F.reg(R.RegId).Type) == 64; }

/// The low word of a generic address in register P (the windows lie below
/// 4 GiB: shared, local and constant memory are reached through it) and, if
/// High, the high
/// word, read with `mov.b64 {lo, hi}, p` before Site; a 32-bit P is its own
/// low word. Word arithmetic, unlike 64-bit arithmetic, needs no carry, so
/// the dce pass removes what no one reads.
std::pair<Operand, std::optional<Operand>> wordsOf(Function &F, const Instruction &Site,
                                                   const Operand &P, bool High,
                                                   std::vector<Instruction> &Out) {
  if (!is64Bit(F, P))
    return {P, std::nullopt};
  const Operand Lo = Operand::reg(F.addRegister(PTXType::B32, "%lo"), Site.Loc);
  std::optional<Operand> Hi;
  Operand Words;
  Words.K = Operand::Vector;
  Words.Loc = Site.Loc;
  Words.Elems.push_back(Lo);
  if (High)
    Hi = Operand::reg(F.addRegister(PTXType::B32, "%hi"), Site.Loc);
  Operand Sink;
  Sink.K = Operand::Sink;
  Words.Elems.push_back(Hi ? *Hi : Sink);
  Out.push_back(Instruction::at(Site, Opcode::Mov, {PTXType::B64}, {Words, P}));
  return {Lo, Hi};
}

/// Before Site, D = the offset in its window of the window address whose
/// low word is Lo (the windows lie below 4 GiB), for a pointer into the
/// window spaces Bits: its one window's base subtracted, or, when it may be
/// in several, the bits below the window size kept (either one IADD32I/LOP).
Instruction windowOffset(const Instruction &Site, const Operand &D, const Operand &Lo,
                         uint8_t Bits) {
  if (std::optional<Provenance> Space = onlyWindow(Bits))
    return Instruction::at(Site, Opcode::Sub, {PTXType::U32},
                           {D, Lo, Operand::imm(windowBase(*Space), Site.Loc)});
  return Instruction::at(Site, Opcode::And, {PTXType::B32},
                         {D, Lo, Operand::imm((int64_t(1) << kWindowShift) - 1, Site.Loc)});
}

/// Whether each block of F (by its place in F.Blocks) lies on a cycle of
/// the control flow: what it writes may be written again. The strongly
/// connected components of F's CFG, built here (the cfg pass runs later;
/// a branch ends its block at this stage, so its edges are the
/// terminators' and fall-throughs), walked from each block no walk has
/// reached yet, so that a loop no path from the entry reaches counts too.
std::vector<bool> blocksInCycles(Function &F) {
  buildCFG(F);
  const size_t N = F.Blocks.size();
  std::vector<bool> InCycle(N), Reached(N);
  for (auto &Root : F.Blocks) {
    if (Reached[Root->index()])
      continue;
    for (auto SCC = scc_begin(Root.get()); !SCC.isAtEnd(); ++SCC)
      for (BasicBlock *B : *SCC)
        if (!B->isVirtualExit()) {
          Reached[B->index()] = true;
          InCycle[B->index()] = SCC.hasCycle();
        }
  }
  return InCycle;
}

/// How many instructions of F write each register.
std::vector<unsigned> writesOf(const Function &F) {
  std::vector<unsigned> Writes(F.numRegs());
  SmallVector<unsigned, 4> Regs;
  for (auto &B : F.Blocks)
    for (const Instruction &I : B->Insts) {
      Regs.clear();
      I.defs(Regs);
      for (unsigned R : Regs)
        ++Writes[R];
    }
  return Writes;
}

/// A call of F: the callee (null when the module has no such function) and
/// its return and argument parameter lists, `call (r), f, (a, b)`.
struct CallSite {
  const Instruction &I;
  const Function *Callee = nullptr;
  ArrayRef<Operand> Returns, Args;
};
template <class Fn> void forEachCall(const Function &F, Fn Visit) {
  for (auto &B : F.Blocks)
    for (const Instruction &I : B->Insts) {
      if (I.Op != Opcode::Call)
        continue;
      CallSite C{I, nullptr, {}, {}};
      bool AfterCallee = false;
      for (const Operand &Op : I.Ops) {
        if (Op.K == Operand::Symbol && Op.SymKind == Operand::Func) {
          C.Callee = F.getParent()->function(Op.Name);
          AfterCallee = true;
        } else if (Op.K == Operand::List) {
          (AfterCallee ? C.Args : C.Returns) = Op.Elems;
        }
      }
      Visit(C);
    }
}

/// The frame of a function at -O0: clang keeps every local variable in
/// `__local_depot`, reached from its roots (`mov %SPL, __local_depot0;
/// cvta.local %SP, %SPL`) as [%SP+c] or [%SPL+c], pointer variables too.
/// When every use of a root is such an address or a frame address root + c
/// (an object's address: the `this` of a member call, an array passed on)
/// and no two accesses overlap unless they are the same (offset, size), a
/// slot is its offset, and a pointer stored to it and loaded back keeps its
/// provenance; otherwise slots are not followed (a window pointer stored to
/// one stays an error). Through an object's address anything at or above it
/// may change (its own bytes; beyond them, in C, never, but nothing here
/// says where it ends), never what is below: slots below the lowest such
/// address are followed, the others are not. An address only passed to
/// functions that write nothing but their own frames (FrameSafe: the
/// `SharedMemory<T>` operator, a getter) changes nothing.
class Frame {
public:
  explicit Frame(const Function &F, const DenseSet<const Function *> *FrameSafe = nullptr)
      : Root(F.numRegs()), FrameSafe(FrameSafe) {
    findRoots(F);
    findCallArguments(F);
    Followed = anyRoot() && rootsOnlyAddress(F);
    if (Followed)
      findOverlaps(F);
  }

  /// Whether every store and atomic of F writes F's own frame slots or an
  /// explicit space other than .local (none through a pointer it was given).
  bool writesOnlyOwnFrame(const Function &F) const {
    for (auto &B : F.Blocks)
      for (const Instruction &I : B->Insts) {
        if (I.Op != Opcode::St && I.Op != Opcode::Atom && I.Op != Opcode::Red)
          continue;
        if (I.Space != StateSpace::None && I.Space != StateSpace::Local)
          continue;
        const Operand *Addr = addressOperand(I);
        const Operand *Base = Addr ? Addr->addressBase() : nullptr;
        if (!isFrameBase(Base))
          return false;
      }
    return true;
  }
  /// The slot a memory access reaches, if slots are followed.
  std::optional<int64_t> slotOf(const Instruction &I) const {
    const Operand *Addr = addressOf(I);
    if (!Followed || !Addr)
      return std::nullopt;
    const Operand *B = Addr->addressBase();
    if (isFrameBase(B) &&
        Addr->Int + int64_t(bytesOf(I)) <= Escaped && !Overlapped.contains(Addr->Int))
      return Addr->Int;
    return std::nullopt;
  }

private:
  static bool isDepot(const Operand &Op) {
    return Op.K == Operand::Symbol && StringRef(Op.Name).starts_with("__local_depot");
  }
  /// Whether an address's base is a frame root or the depot itself.
  bool isFrameBase(const Operand *Base) const {
    return Base && ((Base->K == Operand::Reg && Root[Base->RegId]) || isDepot(*Base));
  }
  /// The address of a generic or .local access (one that may reach the frame).
  static const Operand *addressOf(const Instruction &I) {
    if (I.Space != StateSpace::None && I.Space != StateSpace::Local)
      return nullptr;
    return addressOperand(I);
  }
  bool anyRoot() const { return llvm::is_contained(Root, true); }
  void findRoots(const Function &F) {
    const std::vector<unsigned> Defs = writesOf(F);
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
  static unsigned bytesOf(const Instruction &I) {
    return std::max(1u, typeBits(I.type()) / 8) * std::max<unsigned>(1, I.Vec);
  }
  /// `add R, root, c` (either order): an object's address, root + c.
  std::optional<int64_t> objectAddress(const Instruction &I) const {
    if (I.Op != Opcode::Add || I.Ops.size() != 3)
      return std::nullopt;
    for (unsigned N : {1u, 2u}) {
      const Operand &R = I.Ops[N], &C = I.Ops[3 - N];
      if (R.K == Operand::Reg && Root[R.RegId] && C.K == Operand::Imm && C.Int >= 0)
        return C.Int;
    }
    return std::nullopt;
  }
  /// The callee each argument parameter of F's calls is passed to.
  void findCallArguments(const Function &F) {
    forEachCall(F, [&](const CallSite &C) {
      for (const Operand &A : C.Args)
        if (A.K == Operand::Symbol && C.Callee)
          ArgumentOf[{C.I.Scope, A.Name}] = C.Callee;
    });
  }
  /// The object addresses (registers) only passed to FrameSafe functions:
  /// each of their uses is `st.param` of a call argument to one.
  DenseSet<unsigned> passedOnlyToSafeCallees(const Function &F) const {
    DenseSet<unsigned> Objects, Unsafe;
    for (auto &B : F.Blocks)
      for (const Instruction &I : B->Insts)
        if (objectAddress(I))
          Objects.insert(I.Ops[0].RegId);
    if (!FrameSafe || Objects.empty())
      return {};
    for (auto &B : F.Blocks)
      for (const Instruction &I : B->Insts) {
        const Operand *Base = I.Ops.empty() ? nullptr : I.Ops[0].addressBase();
        auto It = Base && Base->K == Operand::Symbol ? ArgumentOf.find({I.Scope, Base->Name})
                                                     : ArgumentOf.end();
        const bool SafeArgument = I.Op == Opcode::St && I.Space == StateSpace::Param &&
                                  It != ArgumentOf.end() && FrameSafe->contains(It->second);
        for (size_t N = 0; N < I.Ops.size(); ++N) {
          if (N == 0 && objectAddress(I))
            continue; // the definition
          auto use = [&](const Operand &Op) {
            if (Op.K == Operand::Reg && Objects.contains(Op.RegId) && !(SafeArgument && N == 1))
              Unsafe.insert(Op.RegId);
          };
          use(I.Ops[N]);
          for (const Operand &E : I.Ops[N].Elems)
            use(E);
        }
      }
    for (unsigned R : Unsafe)
      Objects.erase(R);
    return Objects;
  }
  bool rootsOnlyAddress(const Function &F) {
    const DenseSet<unsigned> Harmless = passedOnlyToSafeCallees(F);
    for (auto &B : F.Blocks)
      for (const Instruction &I : B->Insts) {
        if (std::optional<int64_t> At = objectAddress(I)) {
          if (!Harmless.contains(I.Ops[0].RegId))
            Escaped = std::min(Escaped, *At);
          continue;
        }
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
  /// The slots some other access overlaps (clang -O0 reads a bool kept in
  /// an int's slot with `ld.u8`): those are not followed, the rest are.
  void findOverlaps(const Function &F) {
    std::set<std::pair<int64_t, unsigned>> Accesses; // (offset, bytes)
    for (auto &B : F.Blocks)
      for (const Instruction &I : B->Insts) {
        const Operand *Addr = addressOf(I);
        const Operand *Base = Addr ? Addr->addressBase() : nullptr;
        if (isFrameBase(Base))
          Accesses.insert({Addr->Int, bytesOf(I)});
      }
    for (auto It = Accesses.begin(); It != Accesses.end(); ++It)
      for (auto Next = std::next(It);
           Next != Accesses.end() && Next->first < It->first + int64_t(It->second); ++Next) {
        Overlapped.insert(It->first);
        Overlapped.insert(Next->first);
      }
  }

  std::vector<bool> Root;
  const DenseSet<const Function *> *FrameSafe;
  std::map<std::pair<unsigned, std::string>, const Function *> ArgumentOf;
  bool Followed = false;
  int64_t Escaped = INT64_MAX; // the lowest object address taken
  std::set<int64_t> Overlapped;
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

} // namespace

/// What each device function's parameters may point into, and what it
/// returns: joined over the module's calls and returns.
struct ParamSpaces::Impl {
  DenseMap<const Function *, std::vector<Provenance>> Of;
  DenseMap<const Function *, Provenance> Returns;
  DenseSet<const Function *> FrameSafe; // write nothing but their own frames
  /// The spaces (Provenance bits) whose generic pointers are window
  /// addresses in this module (a pointer into one is stored to memory, or
  /// passed or returned where it may point into several spaces).
  uint8_t Windows = 0;
  /// The fixed point of Of and Returns over M's calls.
  void solve(const Module &M);
  const std::vector<Provenance> *of(const Function &F) const {
    auto It = Of.find(&F);
    return It == Of.end() ? nullptr : &It->second;
  }
  Provenance returnOf(const Function *F) const {
    auto It = Returns.find(F);
    return It == Returns.end() || It->second == Provenance::None ? Provenance::Other
                                                                 : It->second;
  }
};

namespace {

class Inference {
public:
  /// Spaces: what F's parameters may point into and what its callees
  /// return (null: nothing, global).
  Inference(const Function &F, const ParamSpaces::Impl *Spaces)
      : F(F), Spaces(Spaces), Params(Spaces ? Spaces->of(F) : nullptr),
        Slots(F, Spaces ? &Spaces->FrameSafe : nullptr),
        Of(F.numRegs(), Provenance::None), Windows(Spaces ? Spaces->Windows : 0) {
    findReturnParams();
  }

  /// What F returns (its `st.param [func_retval0]` values).
  Provenance returned() const {
    Provenance P = Provenance::None;
    for (auto &B : F.Blocks)
      for (const Instruction &I : B->Insts)
        if (I.Op == Opcode::St && I.Space == StateSpace::Param && I.Ops.size() == 2)
          if (const Operand *Base = I.Ops[0].addressBase();
              Base && Base->K == Operand::Symbol && isReturnSlot(F, Base->Name))
            P = join(P, of(I.Ops[1]));
    return P;
  }

  const Frame &frame() const { return Slots; }

  /// Calls Fn(callee, argument index, provenance) for each argument of each
  /// call: what `st.param [paramN], %v` stored before the call names paramN.
  template <class Fn> void forEachCallArgument(Fn Visit) const {
    StringMap<Provenance> Stored;
    for (auto &B : F.Blocks)
      for (const Instruction &I : B->Insts) {
        if (I.Op == Opcode::St && I.Space == StateSpace::Param && I.Ops.size() == 2) {
          const Operand *Base = I.Ops[0].addressBase();
          const Operand &Val = I.Ops[1]; // a vector's first word is at 0
          if (Base && Base->K == Operand::Symbol && I.Ops[0].Int == 0)
            Stored[Base->Name] =
                of(Val.K == Operand::Vector && !Val.Elems.empty() ? Val.Elems[0] : Val);
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

  /// What frame slot Slot may hold.
  Provenance slotContent(int64_t Slot) const { return SlotOf.lookup(Slot); }
  const DenseMap<int64_t, Provenance> &slots() const { return SlotOf; }

  /// What a load gives: what its frame slot or parameter holds, else Other
  /// (or, in a window module, a global pointer or one into a window: the
  /// memory may hold one that was stored there).
  Provenance ofLoad(const Instruction &I) const {
    if (std::optional<int64_t> Slot = Slots.slotOf(I))
      return SlotOf.lookup(*Slot);
    if (loadsWindowAddress(I))
      return Provenance(uint8_t(Provenance::Other) | Windows);
    return ofParam(I);
  }

  /// Whether I, in a window module, loads a 64-bit word that may be a window
  /// address stored to memory: from memory, or a member of a parameter or
  /// result passed by value (a struct's pointer past its first word, or any
  /// of a vector's: ParamSpaces follows a parameter's first word only).
  bool loadsWindowAddress(const Instruction &I) const {
    if (!Windows)
      return false;
    if (mayLoadGenericPointer(I))
      return true;
    const Operand *Addr = I.Op == Opcode::Ld && I.Space == StateSpace::Param
                              ? addressOperand(I)
                              : nullptr;
    const Operand *Base = Addr ? Addr->addressBase() : nullptr;
    if (!Base || Base->K != Operand::Symbol || (Addr->Int == 0 && I.Ops[0].K == Operand::Reg))
      return false;
    const bool KernelParam = F.IsKernel && paramIndex(F, Base->Name);
    return !KernelParam && typeBits(I.type()) == 64 && !isFloatType(I.type());
  }

  /// What I stores to memory the pass does not follow (anything but a
  /// followed frame slot and, with ParamSpaces, a call's argument or a
  /// result): the provenance of the value; None for anything else.
  Provenance storedToMemory(const Instruction &I) const {
    if ((I.Op == Opcode::Atom || I.Op == Opcode::Red) && !Slots.slotOf(I))
      return atomicOperands(I);
    if (I.Op != Opcode::St || I.Ops.size() != 2 || Slots.slotOf(I))
      return Provenance::None;
    const Operand *ParamBase = I.Space == StateSpace::Param ? I.Ops[0].addressBase() : nullptr;
    if (Spaces && ParamBase && ParamBase->K == Operand::Symbol && I.Ops[0].Int == 0 &&
        I.Ops[1].K != Operand::Vector)
      return Provenance::None; // ParamSpaces carries its space
    const Operand &Val = I.Ops[1];
    Provenance Stored = Val.K == Operand::Vector ? Provenance::None : of(Val);
    for (const Operand &E : Val.Elems)
      Stored = offsetOf(Stored, of(E));
    return Stored;
  }

  /// The spaces whose generic pointers are window addresses (bits).
  uint8_t windows() const { return Windows; }
  /// Whether the generic pointers into Space are window addresses.
  bool windowed(Provenance Space) const { return Windows & uint8_t(Space) & kWindows; }

  /// What an atomic writes to memory: its operands after the address (an
  /// exchange or a compare-and-swap may store a pointer).
  Provenance atomicOperands(const Instruction &I) const {
    Provenance P = Provenance::None;
    bool AfterAddress = false;
    for (const Operand &Op : I.Ops) {
      if (AfterAddress)
        P = join(P, of(Op));
      AfterAddress |= Op.K == Operand::Address;
    }
    return P;
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
    if (loadsWindowAddress(I) && I.Ops[0].K == Operand::Vector) {
      bool Changed = false;
      for (const Operand &E : loadedRegs(I))
        Changed |= joinInto(Of[E.RegId], ofLoad(I));
      return Changed;
    }
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
      P = mayPointIntoWindow(Src(2)) ? Provenance::Other : Src(1);
      break;
    case Opcode::Selp: P = join(Src(1), Src(2)); break;
    case Opcode::Ld: P = ofLoad(I); break;
    case Opcode::Atom: P = Windows ? ofLoad(I) : Provenance::Other; break;
    default: P = Provenance::Other; break;
    }
    return joinInto(Of[I.Ops[0].RegId], P);
  }

  /// A load of one of F's own parameters: what the calls pass there; of a
  /// call's return parameter: what the callee returns.
  Provenance ofParam(const Instruction &I) const {
    const Operand *Addr = I.Space == StateSpace::Param ? addressOperand(I) : nullptr;
    const Operand *Base = Addr ? Addr->addressBase() : nullptr;
    if (!Base || Base->K != Operand::Symbol || Addr->Int != 0)
      return Provenance::Other;
    if (auto It = ReturnParams.find({I.Scope, Base->Name}); It != ReturnParams.end())
      return Spaces ? Spaces->returnOf(It->second) : Provenance::Other;
    std::optional<unsigned> N = paramIndex(F, Base->Name);
    if (N && F.IsKernel && F.Params[*N].IsPtr && F.Params[*N].PtrSpace == StateSpace::Const)
      return Provenance::ConstArg;
    return Params && N && *N < Params->size() ? (*Params)[*N] : Provenance::Other;
  }

  /// The return parameters of F's calls (`call (retval0), f, ...` in its
  /// `{ }` scope), and their callees.
  void findReturnParams() {
    forEachCall(F, [&](const CallSite &C) {
      for (const Operand &R : C.Returns)
        if (R.K == Operand::Symbol && C.Callee)
          ReturnParams[{C.I.Scope, R.Name}] = C.Callee;
    });
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
  const ParamSpaces::Impl *Spaces;
  const std::vector<Provenance> *Params;
  std::map<std::pair<unsigned, std::string>, const Function *> ReturnParams;
  Frame Slots;
  std::vector<Provenance> Of;
  DenseMap<int64_t, Provenance> SlotOf; // what the frame's slots may hold
  uint8_t Windows;
};

// isspacep.space p, a: the provenance of a answers it (a generic address
// of no window is global, as for accesses), and it becomes a mov of the
// constant predicate, or, for an address whose space is known at run time
// only, a comparison of its tag. .param is reported.
bool answerIsspacep(Instruction &I, Provenance P, std::optional<Operand> Tag) {
  StateSpace S = I.Space;
  if (I.Ops.size() != 2 || I.Ops[0].K != Operand::Reg ||
      (S != StateSpace::Global && S != StateSpace::Shared && S != StateSpace::Local &&
       S != StateSpace::Const))
    return true; // the selection reports the form
  const Provenance Asked = pointerInto(S);
  I.Space = StateSpace::None;
  if (isMixed(P) && Tag) {
    I.Op = Opcode::Setp;
    I.Types.assign({PTXType::U32});
    I.Mods.assign({Modifier::Eq});
    I.Ops = {I.Ops[0], *Tag, Operand::imm(tagOf(Asked), I.Ops[1].Loc)};
    return true;
  }
  I.Op = Opcode::Mov;
  I.Types.assign({PTXType::Pred});
  // Never written (None): no window's pointer, as for accesses.
  I.Ops[1] = Operand::imm(mayBe(P == Provenance::None ? Provenance::Other : P, Asked),
                          I.Ops[1].Loc);
  return true;
}

/// Pointers whose space is known at run time only: a select or a join of,
/// say, a global and a shared pointer, as clang makes of `c ? g[i] : s[j]`
/// (Parboil's stencil). The ISA has no generic addresses, so each such
/// register R gets a companion u32 tag, written with every write of R (0
/// global, 1 shared, 2 local, 3 constant), and an access through R becomes
/// one access per space R may point into, each guarded by a comparison of
/// the tag: the one whose space it is runs.
///
/// A pointer derived from another (mov, cvt, add, sub, and, or of it and
/// integers, or, at -O0, kept in a frame slot and loaded back) has the same
/// tag. Where every write of a register (or slot) copies the tag of one
/// root, a register or slot written once outside every cycle of the
/// control flow (a parameter's load, the -O0 frame slot it is stored to),
/// its tag is the root's register and is never copied; and the accesses
/// through such pointers, outside guards of their own, share predicates
/// computed once, after the root's tag is written (one for two spaces, the
/// second arm under its negation): the compare is per pointer, not per
/// access.
class RunTimeSpaces {
public:
  RunTimeSpaces(Function &F, const Inference &Inf, Diagnostics &Diag)
      : F(F), Inf(Inf), Diag(Diag), Tag(F.numRegs()) {
    findRangeCheckedLoads();
    findTagRoots();
  }

  bool isMixedReg(const Operand &Op) const {
    return Op.K == Operand::Reg && Op.RegId < Tag.size() && isMixed(Inf.of(Op));
  }
  /// A window module's vector load with an element of several spaces.
  bool loadsMixedVector(const Instruction &I) const {
    return tagsByRange(I) && I.Ops[0].K == Operand::Vector &&
           any_of(loadedRegs(I), [&](const Operand &E) { return isMixedReg(E); });
  }
  /// The tag operand of Op: its tag register, or the constant of its space.
  Operand tagOf(const Operand &Op) {
    if (!isMixedReg(Op)) {
      Provenance P = Op.K == Operand::Reg && Op.RegId < Tag.size() ? Inf.of(Op)
                                                                   : Provenance::Other;
      return Operand::imm(cc::tagOf(P), Op.Loc);
    }
    return Operand::reg(tagRegOf({false, Op.RegId}), Op.Loc);
  }

  /// After I, which writes a mixed register: the write of its tag (none
  /// where it shares its root's), and the root's predicates.
  bool writeTag(const Instruction &I, std::vector<Instruction> &Out) {
    if (!writeOwnTag(I, Out))
      return false;
    if (loadsMixedVector(I)) {
      for (const Operand &E : loadedRegs(I))
        if (isMixedReg(E))
          predicatesAfterRoot({false, E.RegId}, I, Out);
    } else {
      predicatesAfterRoot({false, I.Ops[0].RegId}, I, Out);
    }
    return true;
  }

private:
  /// The operand of I (after its destination) that may point into a
  /// window: the pointer of a pointer-and-integer add/and/or.
  Operand pointerOperand(const Instruction &I) const {
    for (size_t N = 1; N < I.Ops.size(); ++N)
      if (I.Ops[N].K == Operand::Reg && mayPointIntoWindow(Inf.of(I.Ops[N])))
        return I.Ops[N];
    return Operand::imm(0);
  }

  bool writeOwnTag(const Instruction &I, std::vector<Instruction> &Out) {
    if (loadsMixedVector(I)) {
      for (const Operand &E : loadedRegs(I))
        if (isMixedReg(E))
          tagByRange(I, E, tagOf(E), Out);
      return true;
    }
    const Operand &D = I.Ops[0];
    if (sharesTag({false, D.RegId}))
      return true; // its root's tag is its own
    Operand T = tagOf(D);
    auto Src = [&](size_t N) { return N < I.Ops.size() ? I.Ops[N] : Operand::imm(0); };
    Operand From;
    switch (I.Op) {
    case Opcode::Cvta: From = Operand::imm(cc::tagOf(ofCvta(I))); break;
    case Opcode::Mov:
    case Opcode::Cvt:
    case Opcode::Sub: From = tagOf(Src(1)); break;
    case Opcode::Add:
    case Opcode::And:
    case Opcode::Or: From = tagOf(pointerOperand(I)); break;
    case Opcode::Selp:
      Out.push_back(Instruction::at(I, Opcode::Selp, {PTXType::U32},
                                    {T, tagOf(Src(1)), tagOf(Src(2)), Src(3)}));
      return true;
    case Opcode::Atom:
      if (!Inf.windows()) {
        From = Operand::imm(0); // an integer
        break;
      }
      [[fallthrough]]; // a window module's exchange may give a pointer
    case Opcode::Ld:
      if (std::optional<int64_t> Slot = Inf.frame().slotOf(I);
          Slot && isMixed(Inf.slotContent(*Slot))) {
        From = Operand::reg(tagRegOf({true, *Slot}), I.Loc); // -O0: the frame slot's tag
      } else if (tagsByRange(I)) {
        tagByRange(I, D, T, Out);
        return true;
      } else if (Provenance Loaded = Inf.ofLoad(I); isMixed(Loaded)) {
        Diag.error(I.Loc, I.Space == StateSpace::Param
                              ? "not supported yet: a pointer passed or returned that may "
                                "point into more than one state space (its space is not "
                                "passed with it, and the ISA has no generic address space)"
                              : "not supported yet: loading a generic pointer that may point "
                                "into more than one state space (its space is not stored "
                                "with it)");
        return false;
      } else {
        From = Operand::imm(cc::tagOf(Loaded));
      }
      break;
    default: From = Operand::imm(0); break; // arithmetic: an integer
    }
    Out.push_back(Instruction::at(I, Opcode::Mov, {PTXType::U32}, {T, From}));
    return true;
  }

public:
  /// After I, a store to a frame slot that may hold a mixed pointer (clang's
  /// -O0 keeps every variable in one): the slot's tag, a register, as the
  /// slot is one (slots are disjoint and only reached at their offsets).
  bool storesToMixedSlot(const Instruction &I) const {
    std::optional<int64_t> Slot = Inf.frame().slotOf(I);
    return I.Op == Opcode::St && I.Ops.size() == 2 && Slot && isMixed(Inf.slotContent(*Slot));
  }
  void writeSlotTag(const Instruction &I, std::vector<Instruction> &Out) {
    const TagNode Slot{true, *Inf.frame().slotOf(I)};
    if (sharesTag(Slot))
      return;
    Out.push_back(Instruction::at(I, Opcode::Mov, {PTXType::U32},
                                  {Operand::reg(slotTag(Slot.second), I.Loc), tagOf(I.Ops[1])}));
    predicatesAfterRoot(Slot, I, Out);
  }

  /// I, a generic access through a mixed base, as one access per space.
  bool splitAccess(const Instruction &I, const Operand &Base, std::vector<Instruction> &Out) {
    const Provenance P = Inf.of(Base);
    const bool Writes = I.Op != Opcode::Ld;
    if (mayBe(P, Provenance::Const) && Writes && !Inf.windowed(Provenance::Const)) {
      Diag.error(I.Loc, "'" + opcodeSpelling(I) +
                            "' may write constant memory through a generic pointer "
                            "(kernels cannot write __constant__ variables)");
      return false;
    }
    const Operand T = tagOf(Base);
    const Arms *Once = I.Guard ? nullptr : armsOf(Base);
    for (Provenance Space : kSpaces) {
      if (!mayBe(P, Space))
        continue;
      // A write through a constant pointer (undefined in CUDA) and an
      // atomic on local memory (undefined in PTX) are global accesses at
      // the pointer's value, a window address or a local offset, which no
      // context maps: they fault.
      const bool Global = Space == Provenance::Other || (Space == Provenance::Const && Writes) ||
                          (Space == Provenance::Local && I.Op != Opcode::Ld && I.Op != Opcode::St);
      Instruction Access = I;
      Access.Space = Global ? StateSpace::None : spaceOf(Space);
      if (Once) { // the predicate its root's tag gave once
        const auto &[Pred, Negated] = Once->guardOf(Space);
        if (!Global && Inf.windowed(Space))
          rebaseIntoWindow(Access, Space, Out);
        Access.Guard = Pred;
        Access.GuardNegated = Negated;
        Out.push_back(std::move(Access));
        continue;
      }
      // The tag names the space, within the access's own guard.
      const unsigned Pred = F.addRegister(PTXType::Pred, "%inspace");
      Instruction Test = Instruction::at(I, Opcode::Setp, {PTXType::U32},
                                         {Operand::reg(Pred, I.Loc), T,
                                          Operand::imm(cc::tagOf(Space), I.Loc)},
                                         {Modifier::Eq});
      Test.Guard.reset();
      Test.GuardNegated = false;
      if (I.Guard) {
        Operand G = Operand::reg(*I.Guard, I.Loc);
        G.Negated = I.GuardNegated;
        Test.Ops.push_back(G);
        Test.Mods.push_back(Modifier::And);
      }
      Out.push_back(std::move(Test));
      if (!Global && Inf.windowed(Space))
        rebaseIntoWindow(Access, Space, Out);
      Access.Guard = Pred;
      Access.GuardNegated = false;
      Out.push_back(std::move(Access));
    }
    return true;
  }

  /// I, an access of Space through a generic pointer of a module that gives
  /// Space a window (a window address), made to address the offset in it.
  void rebaseIntoWindow(Instruction &I, Provenance Space, std::vector<Instruction> &Out) {
    Operand *Addr = nullptr;
    for (Operand &Op : I.Ops)
      if (Op.K == Operand::Address)
        Addr = &Op;
    if (!Addr || Addr->Elems.empty() || Addr->Elems[0].K != Operand::Reg)
      return;
    Operand &Base = Addr->Elems[0];
    if (WindowOffsets.contains(Base.RegId)) { // computed at its one write
      Base = Operand::reg(offsetReg(Base.RegId), Base.Loc);
      return;
    }
    const Operand Lo = wordsOf(F, I, Base, false, Out).first;
    const Operand Offset = Operand::reg(F.addRegister(PTXType::U32, "%shoff"), I.Loc);
    Out.push_back(windowOffset(I, Offset, Lo, uint8_t(Space)));
    Base = Offset;
  }

  /// After I: the window offsets of the registers it writes that are
  /// addressed through, kept with each write (a loop's accesses through one
  /// pointer pay nothing, its step one add): from the offset of the pointer
  /// it is a copy of or an immediate away from (its offset is kept too),
  /// else from its low word. A range-checked load has its own.
  void offsetsAfterWrite(const Instruction &I, std::vector<Instruction> &Out) {
    SmallVector<unsigned, 4> Regs;
    I.defs(Regs);
    for (unsigned R : Regs) {
      if (!WindowOffsets.contains(R) || RangeChecked.contains(R))
        continue;
      if (offsetStep(I, R, Out))
        continue;
      const Operand Lo = wordsOf(F, I, Operand::reg(R, I.Loc), false, Out).first;
      Out.push_back(windowOffset(I, Operand::reg(offsetReg(R), I.Loc), Lo, windowBits(R)));
    }
  }

private:
  /// For I, `mov R, S` or `add/sub R, S, imm` (a pointer stays in its window:
  /// the windows are 16 MiB and no object straddles two) where S's offset is
  /// kept: R's offset from S's, one instruction.
  bool offsetStep(const Instruction &I, unsigned R, std::vector<Instruction> &Out) {
    if (I.Ops.empty() || I.Ops[0].K != Operand::Reg || I.Ops[0].RegId != R)
      return false;
    auto kept = [&](const Operand &Op) -> std::optional<unsigned> {
      if (Op.K != Operand::Reg)
        return std::nullopt;
      auto It = WindowOffsets.find(Op.RegId);
      return It == WindowOffsets.end() ? std::nullopt : std::optional<unsigned>(It->second);
    };
    const Operand D = Operand::reg(offsetReg(R), I.Loc);
    if (I.Op == Opcode::Mov && I.Ops.size() == 2) {
      if (std::optional<unsigned> S = kept(I.Ops[1])) {
        Out.push_back(Instruction::at(I, Opcode::Mov, {PTXType::U32}, {D, Operand::reg(*S, I.Loc)}));
        return true;
      }
      return false;
    }
    if ((I.Op != Opcode::Add && I.Op != Opcode::Sub) || I.Ops.size() != 3)
      return false;
    for (unsigned N : {1u, 2u}) {
      const Operand &C = I.Ops[3 - N];
      std::optional<unsigned> S = kept(I.Ops[N]);
      if (!S || C.K != Operand::Imm || (I.Op == Opcode::Sub && N != 1))
        continue;
      // The low word of the step: offsets are 32-bit, as the window addresses' low words.
      Out.push_back(Instruction::at(I, I.Op, {PTXType::S32},
                                    {D, Operand::reg(*S, I.Loc),
                                     Operand::imm(int64_t(int32_t(uint32_t(C.Int))), I.Loc)}));
      return true;
    }
    return false;
  }

  /// A node a tag lives in: a register, or (-O0) a followed frame slot
  /// (first: whether it is a slot; second: the register or the slot's offset).
  using TagNode = std::pair<bool, int64_t>;

  /// Where a tag of Node is: its root's register (for a register or slot
  /// whose every write copies one root's tag), else its own.
  unsigned tagRegOf(TagNode Node) {
    const TagNode N = rootOf(Node).value_or(Node);
    if (N.first)
      return slotTag(N.second);
    if (!Tag[N.second])
      Tag[N.second] = F.addRegister(PTXType::U32, "%space");
    return *Tag[N.second];
  }
  std::optional<TagNode> rootOf(TagNode N) const {
    auto It = Roots.find(N);
    return It == Roots.end() ? std::nullopt : std::optional<TagNode>(It->second);
  }
  /// Whether N's tag is another's (a root's), which N's writes never copy.
  bool sharesTag(TagNode N) const {
    std::optional<TagNode> R = rootOf(N);
    return R && *R != N;
  }

  /// The guards of the arms of the accesses that share a root: one
  /// predicate per space, or, for two spaces, one, the second arm's negated.
  struct Arms {
    uint8_t Bits = 0; // the spaces
    SmallVector<std::pair<Provenance, std::pair<unsigned, bool>>, 4> Guards;
    std::pair<unsigned, bool> guardOf(Provenance Space) const {
      for (const auto &[S, G] : Guards)
        if (S == Space)
          return G;
      llvm_unreachable("an arm of a space the root may not point into");
    }
  };
  /// The shared arms of an access through Base, if its root has them for
  /// Base's spaces.
  const Arms *armsOf(const Operand &Base) const {
    std::optional<TagNode> R =
        Base.K == Operand::Reg ? rootOf({false, Base.RegId}) : std::nullopt;
    auto It = R ? Hoisted.find(*R) : Hoisted.end();
    return It != Hoisted.end() && It->second.Bits == spaceBits(Inf.of(Base)) ? &It->second
                                                                              : nullptr;
  }
  /// After the write of root N's tag (at Site): the predicates of its arms.
  void predicatesAfterRoot(TagNode N, const Instruction &Site, std::vector<Instruction> &Out) {
    auto It = Hoisted.find(N);
    if (It == Hoisted.end() || sharesTag(N))
      return;
    const Operand T = Operand::reg(tagRegOf(N), Site.Loc);
    unsigned Last = ~0u;
    for (const auto &[Space, G] : It->second.Guards) {
      if (G.first == Last)
        continue; // the negated arm of a pair
      Last = G.first;
      Out.push_back(Instruction::at(Site, Opcode::Setp, {PTXType::U32},
                                    {Operand::reg(G.first, Site.Loc), T,
                                     Operand::imm(cc::tagOf(Space), Site.Loc)},
                                    {Modifier::Eq}));
    }
  }

  /// How a write of a mixed register (or frame slot) gives its tag: a copy
  /// of another's (From), one of its own (a constant, a select, a range
  /// check), or none (an instruction writeTag does not tag).
  struct TagWrite {
    enum Kind : uint8_t { Copy, Own, Untagged } K = Own;
    TagNode From{};
  };
  TagWrite tagWriteOf(const Instruction &I, unsigned D) const {
    if (loadsMixedVector(I))
      return {TagWrite::Own};
    if (I.numDefOperands() != 1 || I.Ops.empty() || I.Ops[0].K != Operand::Reg ||
        I.Ops[0].RegId != D || I.Op == Opcode::Isspacep)
      return {TagWrite::Untagged};
    auto copyOf = [&](const Operand &Op) -> TagWrite {
      if (isMixedReg(Op))
        return {TagWrite::Copy, {false, Op.RegId}};
      return {TagWrite::Own};
    };
    switch (I.Op) {
    case Opcode::Mov:
    case Opcode::Cvt:
    case Opcode::Sub: return I.Ops.size() > 1 ? copyOf(I.Ops[1]) : TagWrite{TagWrite::Own};
    case Opcode::Add:
    case Opcode::And:
    case Opcode::Or: return copyOf(pointerOperand(I));
    case Opcode::Atom:
    case Opcode::Ld:
      if (I.Op == Opcode::Atom && !Inf.windows())
        return {TagWrite::Own};
      if (std::optional<int64_t> Slot = Inf.frame().slotOf(I);
          Slot && isMixed(Inf.slotContent(*Slot)))
        return {TagWrite::Copy, {true, *Slot}};
      return {TagWrite::Own};
    default: return {TagWrite::Own};
    }
  }

  /// Roots: for each mixed register and slot, the root whose tag it has,
  /// if one. A node written once outside every cycle (stable) is its own
  /// root, or its source's when that is a stable copy too; any other node
  /// has the root that every one of its writes copies (an optimistic fixed
  /// point, a node's copies of itself aside), else none. Then the roots
  /// whose accesses share predicates (Hoisted).
  void findTagRoots() {
    const std::vector<bool> InCycle = blocksInCycles(F);
    struct Writes {
      unsigned Count = 0;
      bool Stable = true; // outside every cycle, each tagged
      SmallVector<TagWrite, 2> Of;
    };
    std::map<TagNode, Writes> Nodes;
    auto wrote = [&](TagNode N, bool Cycle, TagWrite W) {
      Writes &Ws = Nodes[N];
      ++Ws.Count;
      Ws.Stable &= !Cycle && W.K != TagWrite::Untagged;
      Ws.Of.push_back(W);
    };
    for (size_t B = 0; B < F.Blocks.size(); ++B)
      for (const Instruction &I : F.Blocks[B]->Insts) {
        SmallVector<unsigned, 4> Defs;
        I.defs(Defs);
        for (unsigned D : Defs)
          if (isMixedReg(Operand::reg(D)))
            wrote({false, D}, InCycle[B], tagWriteOf(I, D));
        std::optional<int64_t> Slot = Inf.frame().slotOf(I);
        if (!Slot || !isMixed(Inf.slotContent(*Slot)) ||
            (I.Op != Opcode::St && I.Op != Opcode::Atom && I.Op != Opcode::Red))
          continue;
        TagWrite W{TagWrite::Untagged};
        if (storesToMixedSlot(I))
          W = isMixedReg(I.Ops[1]) ? TagWrite{TagWrite::Copy, {false, I.Ops[1].RegId}}
                                   : TagWrite{TagWrite::Own};
        wrote({true, *Slot}, InCycle[B], W);
      }
    auto stable = [&](TagNode N) {
      auto It = Nodes.find(N);
      return It != Nodes.end() && It->second.Count == 1 && It->second.Stable;
    };
    auto stableRoot = [&](TagNode N) {
      std::set<TagNode> Seen;
      while (Seen.insert(N).second) {
        const TagWrite &W = Nodes[N].Of.front();
        if (W.K != TagWrite::Copy || !stable(W.From))
          break;
        N = W.From;
      }
      return N;
    };
    // Unstable nodes: nullopt is no write seen yet (bottom), Conflict none.
    const TagNode Conflict{true, INT64_MIN};
    std::map<TagNode, std::optional<TagNode>> Val;
    for (bool Changed = true; Changed;) {
      Changed = false;
      for (const auto &[N, Ws] : Nodes) {
        if (stable(N))
          continue;
        std::optional<TagNode> V;
        for (const TagWrite &W : Ws.Of) {
          if (W.K == TagWrite::Copy && W.From == N)
            continue;
          std::optional<TagNode> In =
              W.K != TagWrite::Copy || !Nodes.count(W.From) ? Conflict
              : stable(W.From)                              ? stableRoot(W.From)
                                                            : Val[W.From];
          if (In)
            V = !V || *V == *In ? *In : Conflict;
        }
        if (!Ws.Stable && llvm::any_of(Ws.Of, [](const TagWrite &W) {
              return W.K == TagWrite::Untagged;
            }))
          V = Conflict;
        if (Val[N] != V) {
          Val[N] = V;
          Changed = true;
        }
      }
    }
    for (const auto &[N, Ws] : Nodes) {
      if (stable(N))
        Roots[N] = stableRoot(N);
      else if (std::optional<TagNode> V = Val[N]; V && *V != Conflict)
        Roots[N] = *V;
    }
    // The roots of the accesses through mixed pointers, outside guards of
    // their own, of the root's spaces: their arms' predicates.
    for (auto &B : F.Blocks)
      for (const Instruction &I : B->Insts) {
        const Operand *Addr = I.Space == StateSpace::None ? addressOperand(I) : nullptr;
        const Operand *Base = Addr ? Addr->addressBase() : nullptr;
        if (I.Guard || !Base || !isMixedReg(*Base))
          continue;
        std::optional<TagNode> R = rootOf({false, Base->RegId});
        const uint8_t Bits = spaceBits(Inf.of(*Base));
        if (!R || Hoisted.count(*R) ||
            Bits != spaceBits(R->first ? Inf.slotContent(R->second)
                                       : Inf.of(Operand::reg(unsigned(R->second)))))
          continue;
        Arms &A = Hoisted[*R];
        A.Bits = Bits;
        SmallVector<Provenance, 4> Spaces;
        for (Provenance Space : kSpaces)
          if (spaceBits(Space) & Bits)
            Spaces.push_back(Space);
        for (size_t K = 0; K < Spaces.size(); ++K) {
          const bool Negated = Spaces.size() == 2 && K == 1;
          const unsigned P = Negated ? A.Guards.front().second.first
                                     : F.addRegister(PTXType::Pred, "%inspace");
          A.Guards.push_back({Spaces[K], {P, Negated}});
        }
        // One predicate for two spaces: loops through the pointer can be
        // copied per space (cc/passes/UnswitchSpaces.h).
        auto asSpace = [](Provenance S) {
          return S == Provenance::Other ? StateSpace::Global : spaceOf(S);
        };
        if (Spaces.size() == 2)
          F.SpaceTests.push_back(
              {A.Guards.front().second.first, asSpace(Spaces[0]), asSpace(Spaces[1])});
      }
  }

  /// Whether I loads a pointer of several spaces, all global or windowed,
  /// in a window module: its tag comes from the window it lies in (not from
  /// a frame slot).
  bool tagsByRange(const Instruction &I) const {
    if (!Inf.windows() || (I.Op != Opcode::Ld && I.Op != Opcode::Atom))
      return false;
    if (std::optional<int64_t> Slot = Inf.frame().slotOf(I);
        Slot && isMixed(Inf.slotContent(*Slot)))
      return false;
    const Provenance Loaded = Inf.ofLoad(I);
    return isMixed(Loaded) && !(spaceBits(Loaded) & kWindows & ~Inf.windows());
  }
  /// The windowed spaces register R may point into.
  uint8_t windowBits(unsigned R) const {
    return spaceBits(Inf.of(Operand::reg(R, {}))) & Inf.windows();
  }
  /// The registers written once whose shared offset is computed with their
  /// write (by a load's range check, or after the write): accesses through
  /// them use that offset (the write dominates every read).
  void findRangeCheckedLoads() {
    const std::vector<unsigned> Writes = writesOf(F);
    for (auto &B : F.Blocks)
      for (const Instruction &I : B->Insts)
        if (tagsByRange(I))
          for (const Operand &D : loadedRegs(I))
            if (isMixedReg(D) && Writes[D.RegId] == 1) {
              RangeChecked.insert(D.RegId);
              offsetReg(D.RegId);
            }
    if (!Inf.windows())
      return;
    // The window offset of each base of a generic access that may point
    // into a window, kept with each of its writes.
    for (auto &B : F.Blocks)
      for (const Instruction &I : B->Insts) {
        const Operand *Addr = I.Space == StateSpace::None ? addressOperand(I) : nullptr;
        const Operand *Base = Addr ? Addr->addressBase() : nullptr;
        if (Base && Base->K == Operand::Reg && windowBits(Base->RegId))
          offsetReg(Base->RegId);
      }
  }
  /// The register of R's window offset (R's low word - window base).
  unsigned offsetReg(unsigned R) {
    auto [It, New] = WindowOffsets.try_emplace(R, 0);
    if (New)
      It->second = F.addRegister(PTXType::U32, "%shoff");
    return It->second;
  }

  /// After a load of a pointer that may be global or in a window (a window
  /// module's): its tag, the window it lies in.
  void tagByRange(const Instruction &I, const Operand &D, const Operand &T,
                  std::vector<Instruction> &Out) {
    auto [Lo, Hi] = wordsOf(F, I, D, true, Out);
    auto pred = [&] { return Operand::reg(F.addRegister(PTXType::Pred, "%inwindow"), I.Loc); };
    // In window k: the bits above the window size are k, its tag (a value
    // of one window space is in it or global; of several, the tag is those
    // bits when they name a window).
    const uint8_t Bits = spaceBits(Inf.ofLoad(I)) & Inf.windows();
    const std::optional<Provenance> Only = onlyWindow(Bits);
    const Operand Above = Operand::reg(F.addRegister(PTXType::U32, "%window"), I.Loc);
    Out.push_back(Instruction::at(I, Opcode::Shr, {PTXType::U32},
                                  {Above, Lo, Operand::imm(kWindowShift, I.Loc)}));
    Operand In = pred();
    Out.push_back(Instruction::at(
        I, Opcode::Setp, {PTXType::U32},
        {In, Above, Operand::imm(Only ? cc::tagOf(*Only) : kMaxTag + 1, I.Loc)},
        {Only ? Modifier::Eq : Modifier::Lt}));
    if (Hi) {
      const Operand Low = In;
      In = pred();
      Out.push_back(Instruction::at(I, Opcode::Setp, {PTXType::U32},
                                    {In, *Hi, Operand::imm(0), Low},
                                    {Modifier::Eq, Modifier::And}));
    }
    Out.push_back(Instruction::at(
        I, Opcode::Selp, {PTXType::U32},
        {T, Only ? Operand::imm(cc::tagOf(*Only), I.Loc) : Above,
         Operand::imm(cc::tagOf(Provenance::Other), I.Loc), In}));
    if (RangeChecked.contains(D.RegId))
      Out.push_back(windowOffset(I, Operand::reg(offsetReg(D.RegId), I.Loc), Lo, Bits));
  }

  unsigned slotTag(int64_t Slot) {
    auto [It, New] = SlotTag.try_emplace(Slot, 0);
    if (New)
      It->second = F.addRegister(PTXType::U32, "%slotspace");
    return It->second;
  }

  Function &F;
  const Inference &Inf;
  Diagnostics &Diag;
  std::vector<std::optional<unsigned>> Tag;
  std::map<int64_t, unsigned> SlotTag;
  std::map<TagNode, TagNode> Roots; // the root whose tag each node has
  std::map<TagNode, Arms> Hoisted;  // the roots whose accesses share predicates
  DenseSet<unsigned> RangeChecked;
  DenseMap<unsigned, unsigned> WindowOffsets; // registers written once
};

/// In a module that gives space X a window, after `cvta.X d, s`: the offset
/// moved into the window (d + base); after `cvta.to.X d, p` of a pointer
/// that may be an X window address: out of it (d - base). Otherwise
/// nothing. (A 64-bit add is three instructions; adding to the low word
/// alone would take as many copies to split and join the pair.)
void moveWindow(const Function &F, const Instruction &I, const Inference &Inf,
                std::vector<Instruction> &Out) {
  if (I.Ops.size() != 2 || I.Ops[0].K != Operand::Reg)
    return;
  const Provenance Space = pointerInto(I.Space);
  const bool Into = !I.has(Modifier::To);
  if (!Inf.windowed(Space) || (!Into && !mayBe(Inf.of(I.Ops[1]), Space)))
    return;
  const Operand &D = I.Ops[0];
  Out.push_back(Instruction::at(I, Into ? Opcode::Add : Opcode::Sub,
                                {is64Bit(F, D) ? PTXType::U64 : PTXType::U32},
                                {D, D, Operand::imm(windowBase(Space), I.Loc)}));
}

/// The spaces whose generic pointers M must make window addresses, with
/// Spaces solved for the windows found so far: those of a window pointer
/// stored to memory the pass does not follow, and those of a parameter or
/// result that may point into several spaces (its space is not passed).
uint8_t windowsNeeded(const Module &M, const ParamSpaces::Impl &Spaces) {
  uint8_t Needed = 0;
  auto passed = [&](Provenance P) {
    if (isMixed(P))
      Needed |= spaceBits(P) & kWindows;
  };
  for (const auto &[F, Params] : Spaces.Of)
    for_each(Params, passed);
  for (const auto &[F, P] : Spaces.Returns)
    passed(P);
  for (const auto &F : M.Functions) {
    if (!F->HasBody)
      continue;
    Inference Inf(*F, &Spaces);
    Inf.run();
    for (auto &B : F->Blocks)
      for (const Instruction &I : B->Insts)
        Needed |= spaceBits(Inf.storedToMemory(I)) & kWindows;
  }
  return Needed;
}

} // namespace

ParamSpaces::ParamSpaces(const Module &M) : P(std::make_unique<Impl>()) {
  // FrameSafe: the functions that write only their own frames and call only
  // such functions (a fixed point from all of them down).
  for (const auto &F : M.Functions)
    if (F->HasBody && Frame(*F).writesOnlyOwnFrame(*F))
      P->FrameSafe.insert(F.get());
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const auto &F : M.Functions) {
      if (!P->FrameSafe.contains(F.get()))
        continue;
      bool CallsUnsafe = false;
      forEachCall(*F, [&](const CallSite &C) {
        CallsUnsafe |= !C.Callee || !P->FrameSafe.contains(C.Callee);
      });
      if (CallsUnsafe) {
        P->FrameSafe.erase(F.get());
        Changed = true;
      }
    }
  }
  P->solve(M);
  // A module that stores a window pointer to memory: its loads may give one
  // back, which may reach other functions (and mix with pointers of other
  // spaces there); solved again with the windows until none is added.
  for (uint8_t Needed; (Needed = windowsNeeded(M, *P) | P->Windows) != P->Windows;) {
    P->Windows = Needed;
    P->solve(M);
  }
}

void ParamSpaces::Impl::solve(const Module &M) {
  Of.clear();
  Returns.clear();
  for (const auto &F : M.Functions)
    if (F->HasBody && !F->IsKernel)
      Of[F.get()].assign(F->Params.size(), Provenance::None);
  // Each round can only raise a parameter's provenance (None < one space <
  // Mixed): it ends.
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const auto &F : M.Functions) {
      if (!F->HasBody)
        continue;
      Inference Inf(*F, this);
      Inf.run();
      if (!F->IsKernel)
        Changed |= Inference::joinInto(Returns[F.get()], Inf.returned());
      Inf.forEachCallArgument([&](const Function *Callee, unsigned N, Provenance A) {
        auto It = Of.find(Callee);
        if (It != Of.end() && N < It->second.size())
          Changed |= Inference::joinInto(It->second[N], A);
      });
    }
  }
}

ParamSpaces::~ParamSpaces() = default;

bool inferAddressSpaces(Function &F, Diagnostics &Diag, const ParamSpaces *Params) {
  Inference Inf(F, Params ? &Params->impl() : nullptr);
  Inf.run();
  const bool Window = Inf.windows();
  // For the debugger: which window the pointers kept in frame slots point
  // into (a slot not listed holds none: a window pointer stored anywhere
  // but a followed slot is an error below). A pointer of several spaces,
  // all global or windowed, is not listed: its value says which
  // (isa/SIMTDwarf.h).
  F.DepotPointers.clear();
  F.SpaceTests.clear();
  for (const auto &[Slot, P] : Inf.slots())
    if (mayPointIntoWindow(P) && !(isMixed(P) && !(spaceBits(P) & kWindows & ~Inf.windows())))
      F.DepotPointers[Slot] = isMixed(P) ? StateSpace::None : spaceOf(P);
  RunTimeSpaces Mixed(F, Inf, Diag);
  bool Ok = true;
  for (auto &B : F.Blocks) {
    std::vector<Instruction> Out;
    Out.reserve(B->Insts.size());
    for (Instruction &I : B->Insts) {
      // After I, the tag of the mixed pointer it writes.
      const bool WritesMixed =
          I.numDefOperands() == 1 && !I.Ops.empty() &&
          (Mixed.isMixedReg(I.Ops[0]) || Mixed.loadsMixedVector(I)) && I.Op != Opcode::Isspacep;
      // Or the tag of the frame slot it stores to.
      const bool TagsSlot = Mixed.storesToMixedSlot(I);
      // Tags follow I as the inference saw it: an access of a frame slot
      // rebased into the local window no longer names its slot.
      std::optional<Instruction> Original;
      if (WritesMixed || TagsSlot)
        Original = I;
      // Then, in a window module, the window offsets of what it writes
      // (Offsets: false where the caller moves the value first).
      auto keep = [&](bool Offsets = true) {
        Out.push_back(std::move(I));
        const Instruction Done = Out.back(); // Out grows
        if (WritesMixed)
          Ok &= Mixed.writeTag(*Original, Out);
        if (TagsSlot)
          Mixed.writeSlotTag(*Original, Out);
        if (Window && Offsets)
          Mixed.offsetsAfterWrite(Done, Out);
      };
      // A frame slot's content is followed, and so is a call's argument
      // (ParamSpaces); anywhere else, a pointer of a space without a window
      // would lose its space (ParamSpaces gives every space stored one: a
      // window address there, the loads check the range).
      const Operand *ParamBase = I.Space == StateSpace::Param && I.Ops.size() == 2
                                     ? I.Ops[0].addressBase()
                                     : nullptr;
      if (Provenance Stored = Inf.storedToMemory(I); mayPointIntoWindow(Stored)) {
        if (spaceBits(Stored) & kWindows & ~Inf.windows()) {
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
          keep();
          continue;
        }
      }
      if (I.Op == Opcode::Cvta && Inf.windowed(pointerInto(I.Space))) {
        const Instruction Cvta = I; // keep moves I
        keep(false);
        moveWindow(F, Cvta, Inf, Out);
        Mixed.offsetsAfterWrite(Cvta, Out);
        continue;
      }
      if (I.Op == Opcode::Isspacep) {
        const Operand Addr = I.Ops.size() == 2 ? I.Ops[1] : Operand();
        std::optional<Operand> Tag;
        if (Mixed.isMixedReg(Addr))
          Tag = Mixed.tagOf(Addr);
        Ok &= answerIsspacep(I, Inf.of(Addr), Tag);
        keep();
        continue;
      }
      const Operand *Addr = addressOperand(I);
      if (const Operand *CB = Addr && I.Space == StateSpace::Const ? Addr->addressBase() : nullptr;
          CB && CB->K == Operand::Reg && (uint8_t(Inf.of(*CB)) & uint8_t(Provenance::ConstArg))) {
        if (Inf.of(*CB) != Provenance::ConstArg) {
          Diag.error(I.Loc, "not supported yet: '" + opcodeSpelling(I) +
                                "' through a pointer that may be a __constant kernel "
                                "argument or point elsewhere");
          Ok = false;
        }
        I.Space = StateSpace::Global; // the argument's buffer, in global memory
      }
      const Operand *Base = Addr && I.Space == StateSpace::None ? Addr->addressBase() : nullptr;
      Provenance P = Base ? Inf.of(*Base) : Provenance::Other;
      if (Base && isMixed(P)) {
        const Operand BaseCopy = *Base;
        Ok &= Mixed.splitAccess(I, BaseCopy, Out);
        if (WritesMixed) // a load of a mixed pointer through a mixed one
          Ok &= Mixed.writeTag(I, Out);
        if (Window)
          Mixed.offsetsAfterWrite(I, Out);
        continue;
      }
      if (Base && P == Provenance::Const && I.Op != Opcode::Ld) {
        Diag.error(I.Loc, "'" + opcodeSpelling(I) +
                              "' writes constant memory through a generic pointer "
                              "(kernels cannot write __constant__ variables)");
        Ok = false;
      } else if (Base && isWindow(P)) {
        I.Space = spaceOf(P);
        if (Inf.windowed(P))
          Mixed.rebaseIntoWindow(I, P, Out);
      }
      keep();
    }
    B->Insts = std::move(Out);
  }
  return Ok;
}

} // namespace simt::cc
