//===-- ExpandCopyAsync.cpp - cp.async as a copy that is done at once -----===//
#include "cc/passes/ExpandCopyAsync.h"
#include "cc/passes/InstructionBuilder.h"

#include "llvm/ADT/SmallVector.h"

using namespace llvm;

namespace simt::cc {

namespace {

using namespace ptx_types;

class CopyAsyncExpander : InstructionBuilder {
public:
  CopyAsyncExpander(Function &F, const Instruction &Site, std::vector<Instruction> &Out)
      : InstructionBuilder(F, Site, Out, "%cpasync") {}
  bool run();

private:
  Operand imm(int64_t V) const { return Operand::imm(V, Site.Loc); }
  /// Address A moved on by Bytes.
  static Operand at(const Operand &A, int64_t Bytes) {
    Operand R = A;
    R.Int += Bytes;
    return R;
  }
  /// Word K (of Words) of the source, zero where the source ends before it;
  /// Size the source size in a register.
  Operand partialWord(const Operand &Src, unsigned K, const Operand &Size);
};

Operand CopyAsyncExpander::partialWord(const Operand &Src, unsigned K, const Operand &Size) {
  // Whole: the word lies inside the source. Byte B of a word the source
  // ends in: B < Size - 4K (never byte 3: the word would be whole).
  Operand W = temp(B32), Whole = temp(Pred), Ends = temp(Pred);
  emit(Opcode::Mov, {B32}, {W, imm(0)});
  emit(Opcode::Setp, {U32}, {Whole, Size, imm(4 * K + 4)}, {Modifier::Ge});
  emit(Opcode::Not, {Pred}, {Ends, Whole});
  guarded(withGuard(Whole), Opcode::Ld, {B32}, {W, at(Src, 4 * K)}).Space = StateSpace::Global;
  for (unsigned B = 0; B < 3; ++B) {
    Operand Inside = temp(Pred), Byte = temp(U32);
    emit(Opcode::Setp, {U32}, {Inside, Size, imm(4 * K + B)}, {Modifier::Gt});
    emit(Opcode::And, {Pred}, {Inside, Inside, Ends});
    const Operand P = withGuard(Inside);
    guarded(P, Opcode::Ld, {PTXType::U8}, {Byte, at(Src, 4 * K + B)}).Space = StateSpace::Global;
    guarded(P, Opcode::Shl, {B32}, {Byte, Byte, imm(8 * B)});
    guarded(P, Opcode::Or, {B32}, {W, W, Byte});
  }
  return W;
}

bool CopyAsyncExpander::run() {
  if (!Site.has(Modifier::Async))
    return false;
  if (Site.has(Modifier::CommitGroup) || Site.has(Modifier::WaitAll))
    return Site.Ops.empty(); // every copy is complete when it is issued
  if (Site.has(Modifier::WaitGroup))
    return Site.Ops.size() == 1 && op(0).K == Operand::Imm;
  // cp.async.ca|cg.shared.global [dst], [src], cp-size{, src-size | ignore-src}
  if (Site.Space != StateSpace::Shared || Site.Ops.size() < 3 || Site.Ops.size() > 4 ||
      op(0).K != Operand::Address || op(1).K != Operand::Address || op(2).K != Operand::Imm ||
      (op(2).Int != 4 && op(2).Int != 8 && op(2).Int != 16))
    return false;
  const unsigned Words = unsigned(op(2).Int / 4);
  if (Site.has(Modifier::Cg) && Words != 4)
    return false; // .cg copies 16 bytes only
  const Operand &Dst = op(0), &Src = op(1);
  std::optional<Operand> Extra;
  if (Site.Ops.size() == 4)
    Extra = op(3);
  const bool IgnoreSrc = Extra && Extra->K == Operand::Reg && F.reg(Extra->RegId).Type == Pred;
  const bool Whole = !Extra || (Extra->K == Operand::Imm && Extra->Int >= op(2).Int);
  if (Extra && !IgnoreSrc && Extra->K != Operand::Imm &&
      !(Extra->K == Operand::Reg && typeBits(F.reg(Extra->RegId).Type) == 32 &&
        !isFloatType(F.reg(Extra->RegId).Type)))
    return false; // a source size is a 32-bit integer
  SmallVector<Operand, 4> W;
  if (Whole || IgnoreSrc) {
    for (unsigned K = 0; K < Words; ++K)
      W.push_back(temp(B32));
    Operand Vec;
    Vec.K = Operand::Vector;
    Vec.Elems.assign(W.begin(), W.end());
    Operand Into = Words == 1 ? W[0] : Vec;
    if (IgnoreSrc) { // a true predicate: zeros, and no read of the source
      for (const Operand &R : W)
        emit(Opcode::Mov, {B32}, {R, imm(0)});
      Operand Read = temp(Pred), Ignore = *Extra;
      const bool Written = Ignore.Negated; // `!p`: read where p is true
      Ignore.Negated = false;
      unguarded(emit(Written ? Opcode::Mov : Opcode::Not, {Pred}, {Read, Ignore}));
      guarded(withGuard(Read), Opcode::Ld, {B32}, {Into, Src});
    } else {
      emit(Opcode::Ld, {B32}, {Into, Src});
    }
    Out.back().Space = StateSpace::Global;
    Out.back().Vec = Words == 1 ? 0 : uint8_t(Words);
  } else {
    Operand Size = Extra->K == Operand::Reg ? *Extra : temp(U32);
    if (Extra->K == Operand::Imm)
      emit(Opcode::Mov, {U32}, {Size, *Extra});
    for (unsigned K = 0; K < Words; ++K)
      W.push_back(partialWord(Src, K, Size));
  }
  Operand Vec;
  Vec.K = Operand::Vector;
  Vec.Elems.assign(W.begin(), W.end());
  Instruction &Store = emit(Opcode::St, {B32}, {Dst, Words == 1 ? W[0] : Vec});
  Store.Space = StateSpace::Shared;
  Store.Vec = Words == 1 ? 0 : uint8_t(Words);
  return true;
}

} // namespace

bool expandCopyAsync(Function &F, const Instruction &Site, std::vector<Instruction> &Out) {
  return runExpander<CopyAsyncExpander>(F, Site, Out);
}

} // namespace simt::cc
