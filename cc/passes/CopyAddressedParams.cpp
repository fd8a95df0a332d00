//===-- CopyAddressedParams.cpp - Parameters whose address is taken -------===//
#include "cc/passes/CopyAddressedParams.h"
#include "cc/abi/ParamCopy.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>

using namespace llvm;

namespace simt::cc {

static Instruction paramWordMove(Opcode Op, StateSpace Space, const std::string &Var,
                                 unsigned Offset, unsigned Reg, const Instruction &Site) {
  Instruction I;
  I.Op = Op;
  I.Types = {PTXType::B32};
  I.Space = Space;
  I.Loc = Site.Loc;
  I.DL = Site.DL;
  Operand Base;
  Base.K = Operand::Symbol;
  Base.SymKind = Space == StateSpace::Param ? Operand::Param : Operand::Variable;
  Base.Name = Var;
  Operand Addr;
  Addr.K = Operand::Address;
  Addr.Int = Offset;
  Addr.Elems.push_back(std::move(Base));
  Operand Value = Operand::reg(Reg, Site.Loc);
  if (Op == Opcode::Ld)
    I.Ops = {Value, Addr};
  else
    I.Ops = {Addr, Value};
  return I;
}

bool copyAddressedParams(Function &F) {
  if (F.IsKernel || F.Blocks.empty() || F.Blocks.front()->Insts.empty())
    return false;
  StringMap<const VarDecl *> Own;
  for (const VarDecl &P : F.Params)
    Own[P.Name] = &P;
  // The parameters named as values; a call's lists name its own .params.
  StringMap<std::string> CopyOf;
  for (const auto &B : F.Blocks)
    for (const Instruction &I : B->Insts)
      if (I.Op != Opcode::Call)
        for (const Operand &Op : I.Ops)
          if (Op.K == Operand::Symbol && Own.count(Op.Name))
            CopyOf[Op.Name] = copyOfParam(Op.Name);
  if (CopyOf.empty())
    return false;
  std::vector<Instruction> Entry;
  const Instruction &Site = F.Blocks.front()->Insts.front();
  unsigned Word = F.addRegister(PTXType::B32, "%param_word");
  for (const VarDecl &P : F.Params) {
    auto It = CopyOf.find(P.Name);
    if (It == CopyOf.end())
      continue;
    VarDecl Copy;
    Copy.Space = StateSpace::Local;
    Copy.Type = PTXType::B8;
    Copy.Align = std::max(4u, P.Align ? P.Align : typeBits(P.Type) / 8);
    Copy.Name = It->second;
    Copy.Dims = {alignTo(P.sizeInBytes(), 4)};
    Copy.Loc = P.Loc;
    F.Locals.push_back(Copy);
    for (unsigned Off = 0; Off < Copy.Dims[0]; Off += 4) {
      Entry.push_back(paramWordMove(Opcode::Ld, StateSpace::Param, P.Name, Off, Word, Site));
      Entry.push_back(paramWordMove(Opcode::St, StateSpace::Local, Copy.Name, Off, Word, Site));
    }
  }
  for (const auto &B : F.Blocks)
    for (Instruction &I : B->Insts) {
      if (I.Op == Opcode::Call)
        continue;
      for (Operand &Op : I.Ops)
        if (Op.K == Operand::Symbol)
          if (auto It = CopyOf.find(Op.Name); It != CopyOf.end()) {
            Op.Name = It->second;
            Op.SymKind = Operand::Variable;
          }
      if (I.Op == Opcode::Ld && I.Space == StateSpace::Param && I.Ops.size() == 2)
        if (const Operand *Base = I.Ops[1].addressBase(); Base && Base->K == Operand::Reg)
          I.Space = StateSpace::Local;
    }
  std::vector<Instruction> &First = F.Blocks.front()->Insts;
  First.insert(First.begin(), std::make_move_iterator(Entry.begin()),
               std::make_move_iterator(Entry.end()));
  return true;
}

} // namespace simt::cc
