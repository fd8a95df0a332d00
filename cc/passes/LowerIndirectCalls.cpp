//===-- LowerIndirectCalls.cpp - Function pointers and calls through them -===//
#include "cc/passes/LowerIndirectCalls.h"
#include "cc/abi/CallABI.h"
#include "cc/ptx/Diagnostics.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"

#include <string>

using namespace llvm;

namespace simt::cc {

namespace {

class IndirectCalls {
public:
  IndirectCalls(Module &M, Diagnostics &Diag) : M(M), Diag(Diag) {}
  bool run();

private:
  void noteTaken(const Operand &Op);
  void replaceNames(Operand &Op);
  /// Lowers the indirect call at F.Blocks[B]->Insts[N]; the index of the
  /// block its sequence's successors are in, or none after an error.
  std::optional<size_t> lower(Function &F, size_t B, size_t N);
  std::vector<const Function *> candidates(const CallPrototype &P) const;

  Module &M;
  Diagnostics &Diag;
  DenseSet<const Function *> Taken;
  StringMap<uint64_t> Address;
  std::vector<const Function *> Ordered; // the functions with an address, in order
  unsigned NextLabel = 0;
};

bool isIndirectCall(const Instruction &I) {
  if (I.Op != Opcode::Call)
    return false;
  for (const Operand &Op : I.Ops) {
    if (Op.K == Operand::List)
      continue;
    return Op.K == Operand::Reg; // the first operand that is not a list
  }
  return false;
}

Operand labelOperand(BasicBlock *B, SMLoc Loc) {
  Operand Op;
  Op.K = Operand::Symbol;
  Op.SymKind = Operand::Label;
  Op.Name = B->Labels.front();
  Op.Target = B;
  Op.Loc = Loc;
  return Op;
}

/// Whether scope X is S or nested in it.
bool inside(const Function &F, unsigned X, unsigned S) {
  for (;; X = F.ScopeParent[X]) {
    if (X == S)
      return true;
    if (X == 0)
      return false;
  }
}

bool sameSizes(const std::vector<VarDecl> &A, const std::vector<VarDecl> &B) {
  if (A.size() != B.size())
    return false;
  for (size_t N = 0; N < A.size(); ++N)
    if (A[N].sizeInBytes() != B[N].sizeInBytes())
      return false;
  return true;
}

} // namespace

void IndirectCalls::noteTaken(const Operand &Op) {
  if (Op.K == Operand::Symbol)
    if (const Function *G = M.function(Op.Name))
      Taken.insert(G);
  for (const Operand &E : Op.Elems)
    noteTaken(E);
}

void IndirectCalls::replaceNames(Operand &Op) {
  if (Op.K == Operand::Symbol)
    if (auto It = Address.find(Op.Name); It != Address.end()) {
      int64_t Offset = Op.Int;
      SMLoc Loc = Op.Loc;
      Op = Operand::imm(int64_t(It->second) + Offset, Loc);
      return;
    }
  for (Operand &E : Op.Elems)
    replaceNames(E);
}

std::vector<const Function *> IndirectCalls::candidates(const CallPrototype &P) const {
  std::vector<const Function *> Out;
  for (const Function *G : Ordered)
    if (G->HasBody && !G->IsKernel && sameSizes(G->Params, P.Params) &&
        sameSizes(G->Returns, P.Returns))
      Out.push_back(G);
  return Out;
}

std::optional<size_t> IndirectCalls::lower(Function &F, size_t B, size_t N) {
  const Instruction Call = F.Blocks[B]->Insts[N];
  const CallPrototype *Proto = nullptr;
  const Operand *Target = nullptr;
  for (const Operand &Op : Call.Ops) {
    if (Op.K == Operand::Reg && !Target)
      Target = &Op;
    if (Op.K == Operand::Symbol && Op.SymKind == Operand::Prototype)
      Proto = F.prototype(Op.Name, Call.Scope);
  }
  auto Fail = [&](SMLoc Loc, const Twine &Msg) -> std::optional<size_t> {
    Diag.error(Loc, Msg);
    return std::nullopt;
  };
  if (!Proto)
    return Fail(Call.Loc, "an indirect call needs a '.callprototype' label as its last operand");
  if (Call.Guard)
    return Fail(Call.Loc, "not supported yet: a guarded indirect call");
  // The lists: `call (r), %rd, (a, b), proto`, the results' before the target.
  size_t Results = 0, Arguments = 0;
  bool SeenTarget = false;
  for (const Operand &Op : Call.Ops) {
    if (Op.K == Operand::Reg)
      SeenTarget = true;
    if (Op.K == Operand::List)
      (SeenTarget ? Arguments : Results) = Op.Elems.size();
  }
  if (Results != Proto->Returns.size() || Arguments != Proto->Params.size())
    return Fail(Call.Loc, "the call passes " + Twine(Arguments) + " arguments and takes " +
                              Twine(Results) + " results; its prototype '" + Proto->Name +
                              "' has " + Twine(Proto->Params.size()) + " and " +
                              Twine(Proto->Returns.size()));
  // The call sequence: the instructions of the call's `{ }` around it.
  const unsigned Scope = Call.Scope;
  std::vector<Instruction> &Insts = F.Blocks[B]->Insts;
  size_t First = N, Last = N + 1;
  if (Scope) {
    while (First > 0 && Insts[First - 1].Scope == Scope)
      --First;
    while (Last < Insts.size() && Insts[Last].Scope == Scope)
      ++Last;
    for (const Instruction &I : Insts)
      if (I.Scope != Scope && inside(F, I.Scope, Scope))
        return Fail(I.Loc, "not supported yet: a '{ }' inside an indirect call's sequence");
  }
  const unsigned Outer = Scope ? F.ScopeParent[Scope] : 0;
  std::vector<Instruction> Sequence(Insts.begin() + First, Insts.begin() + Last);
  std::vector<Instruction> Tail(Insts.begin() + Last, Insts.end());
  Insts.erase(Insts.begin() + First, Insts.end());

  std::vector<const Function *> Callees = candidates(*Proto);
  const std::string Prefix = "$__icall" + std::to_string(NextLabel++) + "_";
  auto NewBlock = [&](size_t &Pos, const std::string &Label) {
    BasicBlock *NB = F.insertBlock(++Pos);
    NB->Labels.push_back(Prefix + Label);
    return NB;
  };
  auto At = [&](Opcode Op, std::initializer_list<PTXType> Types, std::vector<Operand> Ops) {
    Instruction I = Instruction::at(Call, Op, Types, std::move(Ops));
    I.Scope = Outer;
    return I;
  };
  // The comparisons, a block each (a guarded bra ends its block), then the
  // trap, the calls and the join, in that order.
  size_t Pos = B;
  std::vector<BasicBlock *> Tests{F.Blocks[B].get()};
  for (size_t K = 1; K < Callees.size(); ++K)
    Tests.push_back(NewBlock(Pos, "test" + std::to_string(K)));
  BasicBlock *Trap = NewBlock(Pos, "none");
  std::vector<BasicBlock *> Calls;
  for (const Function *G : Callees)
    Calls.push_back(NewBlock(Pos, G->Name));
  BasicBlock *Join = NewBlock(Pos, "join");
  const bool Wide = typeBits(F.reg(Target->RegId).Type) == 64;
  unsigned P = 0;
  for (size_t K = 0; K < Callees.size(); ++K) {
    P = F.addRegister(PTXType::Pred, "%icall_p");
    Tests[K]->Insts.push_back(
        At(Opcode::Setp, {Wide ? PTXType::U64 : PTXType::U32},
           {Operand::reg(P, Call.Loc), *Target,
            Operand::imm(int64_t(Address.lookup(Callees[K]->Name)), Call.Loc)}));
    Tests[K]->Insts.back().Mods.push_back(Modifier::Eq);
    Instruction Bra = At(Opcode::Bra, {}, {labelOperand(Calls[K], Call.Loc)});
    Bra.Guard = P;
    Tests[K]->Insts.push_back(Bra);
  }
  // The trap is guarded by the last test's predicate, false in every thread
  // that gets there, so that the CFG goes on from it to the join: the join
  // then post-dominates the tests, and the threads reconverge there.
  Trap->Insts.push_back(At(Opcode::Trap, {}, {}));
  if (!Callees.empty()) {
    Trap->Insts.back().Guard = P;
    Trap->Insts.back().GuardNegated = true;
    Trap->Insts.push_back(At(Opcode::Bra, {}, {labelOperand(Join, Call.Loc)}));
  }
  // Each candidate's copy of the sequence, in a scope of its own with its
  // own copies of the sequence's .param declarations.
  std::vector<VarDecl> Params;
  for (const VarDecl &V : F.Locals)
    if (Scope && V.Scope == Scope)
      Params.push_back(V);
  for (size_t K = 0; K < Callees.size(); ++K) {
    unsigned Own = Outer;
    if (Scope) {
      Own = F.ScopeParent.size();
      F.ScopeParent.push_back(Outer);
      for (VarDecl V : Params) {
        V.Scope = Own;
        F.Locals.push_back(V);
      }
    }
    for (Instruction I : Sequence) {
      I.Scope = Own;
      if (I.Op == Opcode::Call) {
        std::vector<Operand> Ops;
        for (Operand &Op : I.Ops) {
          if (Op.K == Operand::Symbol && Op.SymKind == Operand::Prototype)
            continue;
          if (Op.K == Operand::Reg) {
            SMLoc Loc = Op.Loc;
            Op = Operand();
            Op.K = Operand::Symbol;
            Op.SymKind = Operand::Func;
            Op.Name = Callees[K]->Name;
            Op.Loc = Loc;
          }
          Ops.push_back(std::move(Op));
        }
        I.Ops = std::move(Ops);
      }
      Calls[K]->Insts.push_back(std::move(I));
    }
    if (K + 1 < Callees.size())
      Calls[K]->Insts.push_back(At(Opcode::Bra, {}, {labelOperand(Join, Call.Loc)}));
  }
  Join->Insts = std::move(Tail);
  return Pos;
}

bool IndirectCalls::run() {
  for (const VarDecl &G : M.Globals)
    if (G.Init)
      noteTaken(*G.Init);
  for (const auto &F : M.Functions)
    for (const auto &B : F->Blocks)
      for (const Instruction &I : B->Insts)
        if (I.Op != Opcode::Call)
          for (const Operand &Op : I.Ops)
            if (Op.K == Operand::Symbol && Op.SymKind == Operand::Func)
              noteTaken(Op);
  for (const auto &F : M.Functions)
    if (Taken.contains(F.get())) {
      Address[F->Name] = abi::FunctionAddressBase + Ordered.size() * abi::FunctionAddressStep;
      Ordered.push_back(F.get());
    }
  for (VarDecl &G : M.Globals)
    if (G.Init)
      replaceNames(*G.Init);
  bool Ok = true;
  for (const auto &F : M.Functions) {
    for (const auto &B : F->Blocks)
      for (Instruction &I : B->Insts)
        if (I.Op != Opcode::Call)
          for (Operand &Op : I.Ops)
            if (Op.K == Operand::Symbol && Op.SymKind == Operand::Func)
              replaceNames(Op);
    for (size_t B = 0; B < F->Blocks.size(); ++B)
      for (size_t N = 0; N < F->Blocks[B]->Insts.size(); ++N) {
        if (!isIndirectCall(F->Blocks[B]->Insts[N]))
          continue;
        std::optional<size_t> Join = lower(*F, B, N);
        if (!Join) {
          Ok = false; // reported; the call stays as it is
          continue;
        }
        B = *Join; // go on with the instructions after the sequence
        N = size_t(-1);
      }
  }
  return Ok;
}

bool lowerIndirectCalls(Module &M, Diagnostics &Diag) { return IndirectCalls(M, Diag).run(); }

} // namespace simt::cc
