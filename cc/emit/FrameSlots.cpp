//===-- FrameSlots.cpp - Who writes the slots of an -O0 frame -------------===//
#include "cc/emit/FrameSlots.h"
#include "isa/SIMTDwarf.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <algorithm>

using namespace llvm;

namespace simt::cc {

namespace {
bool isDepot(const Operand &Op) {
  return Op.K == Operand::Symbol && StringRef(Op.Name).starts_with("__local_depot");
}
bool isLocalWindowBase(const Operand &Op) {
  return Op.K == Operand::Imm && Op.Int == int64_t(simt::dwarfabi::kLocalWindowBase);
}
} // namespace

FrameSlots::FrameSlots(const Function &F) {
  std::vector<bool> Root(F.numRegs(), false);
  // Registers that hold a root moved into the module's generic window for
  // local memory, or its low word (see below).
  std::vector<bool> InWindow(F.numRegs(), false);
  auto IsRoot = [&](const Operand &Op) {
    return isDepot(Op) || (Op.K == Operand::Reg && Op.RegId < Root.size() && Root[Op.RegId]);
  };
  auto IsInWindow = [&](const Operand &Op) {
    return Op.K == Operand::Reg && Op.RegId < InWindow.size() && InWindow[Op.RegId];
  };
  // The instructions that make roots: not uses of one.
  std::vector<const Instruction *> RootDefs;
  // mov R, __local_depot; cvta.local R2, R: in order, as clang writes them.
  // In a module that gives local memory a generic window (a local pointer
  // stored to memory: InferAddressSpaces.h), the addrspace pass moves the
  // generic root into the window and reaches the frame through the
  // window offset, right after it: add.u64 %SP, %SP, W; mov.b64 {%lo, _},
  // %SP; sub.u32 %shoff, %lo, W (W the window's base; -m32: sub.u32
  // %shoff, %SP, W); [%shoff+c] is then slot c, as [%SP+c] was.
  for (const auto &B : F.Blocks)
    for (const Instruction &I : B->Insts) {
      if (I.Guard)
        continue;
      const size_t N = I.Ops.size();
      const bool ToReg = N >= 2 && I.Ops[0].K == Operand::Reg;
      if (N == 2 && ToReg && IsRoot(I.Ops[1]) &&
          (I.Op == Opcode::Mov || (I.Op == Opcode::Cvta && I.Space == StateSpace::Local &&
                                   !I.has(Modifier::To)))) {
        Root[I.Ops[0].RegId] = true;
      } else if (N == 3 && ToReg && I.Op == Opcode::Add && IsRoot(I.Ops[1]) &&
                 I.Ops[1].K == Operand::Reg && I.Ops[1].RegId == I.Ops[0].RegId &&
                 isLocalWindowBase(I.Ops[2])) {
        InWindow[I.Ops[0].RegId] = true;
      } else if (N == 2 && I.Op == Opcode::Mov && I.Ops[0].K == Operand::Vector &&
                 I.Ops[0].Elems.size() == 2 && I.Ops[0].Elems[0].K == Operand::Reg &&
                 I.Ops[0].Elems[1].K == Operand::Sink && IsInWindow(I.Ops[1])) {
        InWindow[I.Ops[0].Elems[0].RegId] = true;
      } else if (N == 3 && ToReg && I.Op == Opcode::Sub && IsInWindow(I.Ops[1]) &&
                 isLocalWindowBase(I.Ops[2])) {
        Root[I.Ops[0].RegId] = true;
      } else {
        continue;
      }
      RootDefs.push_back(&I);
    }
  for (const auto &B : F.Blocks)
    for (const Instruction &I : B->Insts) {
      const bool Defines = (I.numDefOperands() == 1 && !I.Ops.empty() &&
                            I.Ops[0].K == Operand::Reg && Root[I.Ops[0].RegId]) ||
                           llvm::is_contained(RootDefs, &I);
      for (size_t N = 0; N < I.Ops.size(); ++N) {
        const Operand &Op = I.Ops[N];
        if (Op.K == Operand::Address) { // [root + c]: a slot
          const Operand *Base = Op.addressBase();
          if (Base && IsRoot(*Base) && I.Op == Opcode::St &&
              (I.Space == StateSpace::None || I.Space == StateSpace::Local))
            Stores.push_back({&I, Op.Int,
                              std::max(1u, typeBits(I.type()) / 8) *
                                  std::max<uint64_t>(1, I.Vec)});
          else if (Base && IsRoot(*Base) && I.Op != Opcode::Ld && I.Op != Opcode::St)
            LowestTaken = std::min<int64_t>(LowestTaken, 0); // an atomic on the frame
          continue;
        }
        if (Defines || !IsRoot(Op))
          continue;
        // add R, root, c: an object's address; any other use: anywhere.
        const Operand *Other = I.Op == Opcode::Add && I.Ops.size() == 3 && N > 0
                                   ? &I.Ops[3 - N]
                                   : nullptr;
        LowestTaken = std::min<int64_t>(
            LowestTaken, Other && Other->K == Operand::Imm && Other->Int >= 0 ? Other->Int : 0);
      }
    }
}

std::vector<const Instruction *> FrameSlots::storesTo(int64_t Offset, uint64_t Size) const {
  std::vector<const Instruction *> Out;
  for (const Store &S : Stores)
    if (S.Offset < Offset + int64_t(Size) && Offset < S.Offset + int64_t(S.Bytes))
      Out.push_back(S.I);
  std::sort(Out.begin(), Out.end(),
            [](const Instruction *A, const Instruction *B) { return A->Ord < B->Ord; });
  return Out;
}

const Instruction *FrameSlots::completingStore(int64_t Offset, uint64_t Size) const {
  std::vector<bool> Written(Size, false);
  for (const Instruction *I : storesTo(Offset, Size)) {
    for (const Store &S : Stores)
      if (S.I == I)
        for (int64_t B = std::max(S.Offset, Offset);
             B < std::min(S.Offset + int64_t(S.Bytes), Offset + int64_t(Size)); ++B)
          Written[size_t(B - Offset)] = true;
    if (std::all_of(Written.begin(), Written.end(), [](bool W) { return W; }))
      return I;
  }
  return nullptr;
}

bool FrameSlots::mayBeWrittenThroughPointer(int64_t Offset, uint64_t Size) const {
  return Offset + int64_t(Size) > LowestTaken;
}

} // namespace simt::cc
