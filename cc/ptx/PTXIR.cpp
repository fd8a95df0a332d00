//===-- PTXIR.cpp - The typed IR simt-ptxas works on ----------------------===//
#include "cc/ptx/PTXIR.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace simt::cc {

Instruction Instruction::at(const Instruction &Site, Opcode Op,
                            std::initializer_list<PTXType> Types, std::vector<Operand> Ops,
                            std::initializer_list<Modifier> Mods) {
  Instruction I;
  I.Op = Op;
  I.Types.assign(Types);
  I.Mods.assign(Mods);
  I.Ops = std::move(Ops);
  I.Guard = Site.Guard;
  I.GuardNegated = Site.GuardNegated;
  I.Loc = Site.Loc;
  I.DL = Site.DL;
  I.Scope = Site.Scope;
  I.Ord = Site.Ord;
  return I;
}

bool Instruction::has(Modifier M) const { return is_contained(Mods, M); }

bool Instruction::isTerminator() const { return isBranch() || isReturn(); }

bool Instruction::isReturn() const {
  return Op == Opcode::Ret || Op == Opcode::Exit || Op == Opcode::Trap;
}

BasicBlock *Instruction::branchTarget() const {
  if (!isBranch() || Ops.empty() || Ops[0].K != Operand::Symbol)
    return nullptr;
  return Ops[0].Target;
}

std::optional<bool> Instruction::takesPredicate(size_t N) const {
  switch (Op) {
  case Opcode::Setp:
    return N == 0 || N == 3; // the destination, the combining predicate
  case Opcode::Selp:
  case Opcode::Set:
    return N == 3; // the selector, the combining predicate
  case Opcode::Isspacep:
  case Opcode::Testp:
    return N == 0;
  case Opcode::Vote:
  case Opcode::Bar:
  case Opcode::Shfl:
  case Opcode::Match:
  case Opcode::Cp: // cp.async's fourth: a source size or an ignore-src predicate
  case Opcode::Mbarrier: // test_wait's predicate, arrive's state
  case Opcode::Elect:    // d|p
    return std::nullopt;
  default:
    return type() == PTXType::Pred; // and, or, xor, not, mov of predicates
  }
}

unsigned Instruction::numDefOperands() const {
  switch (Op) {
  case Opcode::St:
  case Opcode::Red:
  case Opcode::Sust:
  case Opcode::Sured:
  case Opcode::Bar:
  case Opcode::Barrier: // bar.red writes the reduction
    return has(Modifier::Red) && !Ops.empty() ? 1 : 0;
  case Opcode::Bra:
  case Opcode::Membar:
  case Opcode::Ret:
  case Opcode::Exit:
  case Opcode::Trap:
  case Opcode::Brkpt:
  case Opcode::Prefetch:
  case Opcode::Prefetchu:
  case Opcode::Cp: // its destination is memory
  case Opcode::Fence:
  case Opcode::Griddepcontrol:
  case Opcode::Nanosleep:
  case Opcode::Pmevent:
  case Opcode::Call: // results come back through .param loads
    return 0;
  case Opcode::Mbarrier: // init and inval write the object only
    return has(Modifier::Init) || has(Modifier::Inval) || Ops.empty() ? 0 : 1;
  default:
    return Ops.empty() ? 0 : 1;
  }
}

static void collectRegs(const Operand &Op, SmallVectorImpl<unsigned> &Regs) {
  if (Op.K == Operand::Reg)
    Regs.push_back(Op.RegId);
  for (const Operand &E : Op.Elems)
    collectRegs(E, Regs);
}

void Instruction::defs(SmallVectorImpl<unsigned> &Regs) const {
  if (numDefOperands())
    collectRegs(Ops[0], Regs);
}

void Instruction::uses(SmallVectorImpl<unsigned> &Regs) const {
  if (Guard)
    Regs.push_back(*Guard);
  for (size_t I = numDefOperands(); I < Ops.size(); ++I)
    collectRegs(Ops[I], Regs);
}

std::string BasicBlock::name() const {
  if (VirtualExit)
    return "exit";
  if (!Labels.empty())
    return Labels.front();
  return "bb." + std::to_string(Index);
}

void BasicBlock::printAsOperand(raw_ostream &OS, bool) const { OS << name(); }

StringRef linkageName(Linkage L) {
  switch (L) {
  case Linkage::None: return "";
  case Linkage::Visible: return "visible";
  case Linkage::Extern: return "extern";
  case Linkage::Weak: return "weak";
  case Linkage::Common: return "common";
  }
  return "";
}

uint64_t VarDecl::sizeInBytes() const {
  uint64_t Size = std::max(1u, typeBits(Type) / 8) * std::max<unsigned>(1, Vec);
  for (uint64_t D : Dims)
    Size = D && Size <= UINT64_MAX / D ? Size * D : 0;
  return Size;
}

Function::Function(Module *M) : Parent(M), Exit(std::make_unique<BasicBlock>(this, 0)) {
  Exit->VirtualExit = true;
}

BasicBlock *Function::addBlock() {
  Blocks.push_back(std::make_unique<BasicBlock>(this, Blocks.size()));
  return Blocks.back().get();
}

BasicBlock *Function::insertBlock(size_t Pos) {
  auto It = Blocks.insert(Blocks.begin() + Pos, std::make_unique<BasicBlock>(this, Pos));
  refreshNodes();
  return It->get();
}

const CallPrototype *Function::prototype(StringRef Name, unsigned Scope) const {
  for (unsigned S = Scope;; S = ScopeParent[S]) {
    for (const CallPrototype &P : Prototypes)
      if (P.Scope == S && P.Name == Name)
        return &P;
    if (S == 0)
      return nullptr;
  }
}

unsigned Function::addRegister(PTXType T, StringRef Prefix) {
  std::string Name;
  do
    Name = (Prefix + Twine(NextRegName[Prefix]++)).str();
  while (RegByName.count(Name));
  unsigned Id = Regs.size();
  Regs.push_back({Name, T, 0});
  RegByName[Name] = Id;
  RegDecl D;
  D.Type = T;
  D.Name = Name;
  D.FirstId = Id;
  RegDecls.push_back(D);
  return Id;
}

void Function::refreshNodes() {
  Nodes.clear();
  for (auto &B : Blocks) {
    B->Index = Nodes.size();
    Nodes.push_back(B.get());
  }
  Exit->Index = Nodes.size();
  Nodes.push_back(Exit.get());
}

const VarDecl *Module::global(StringRef Name) const {
  auto It = GlobalByName.find(Name);
  return It == GlobalByName.end() ? nullptr : &Globals[It->second];
}

void Module::addFunction(std::unique_ptr<Function> F) {
  Function *&Slot = FunctionByName[F->Name];
  if (Slot)
    for (auto &Existing : Functions)
      if (Existing.get() == Slot) {
        Slot = F.get();
        Existing = std::move(F);
        return;
      }
  Slot = F.get();
  Functions.push_back(std::move(F));
}

void Module::adoptFunction(std::unique_ptr<Function> F) {
  F->Parent = this;
  addFunction(std::move(F));
}

void Module::addGlobal(VarDecl V) {
  GlobalByName[V.Name] = Globals.size();
  Globals.push_back(std::move(V));
}

} // namespace simt::cc
