//===-- ExpandVideo.cpp - PTX's SIMD video instructions as scalar ones ----===//
#include "cc/passes/ExpandVideo.h"
#include "cc/passes/InstructionBuilder.h"

#include "llvm/ADT/STLExtras.h"

#include <optional>

using namespace llvm;

namespace simt::cc {

namespace {

/// The elements a selector names, element 0 first, as indices of parts
/// (bytes 0-7 or halfwords 0-3 of {b, a}); Default when it is not written.
std::optional<SmallVector<unsigned, 4>> sourceParts(StringRef Sel, unsigned Parts,
                                                    StringRef Default) {
  if (Sel.empty())
    Sel = Default;
  char Kind = Parts == 4 ? 'b' : 'h';
  if (Sel.size() != Parts + 1 || Sel[0] != Kind)
    return std::nullopt;
  SmallVector<unsigned, 4> Elements;
  for (char C : reverse(Sel.drop_front())) // written from the highest element
    Elements.push_back(unsigned(C - '0'));
  return Elements;
}

/// The elements the destination's mask keeps (.b3210, .b20, .h1, ...; all
/// when it is not written).
std::optional<unsigned> maskOf(StringRef Sel, unsigned Parts) {
  if (Sel.empty())
    return (1u << Parts) - 1;
  if (Sel[0] != (Parts == 4 ? 'b' : 'h') || Sel.size() < 2)
    return std::nullopt;
  unsigned Mask = 0;
  for (char C : Sel.drop_front()) {
    unsigned E = unsigned(C - '0');
    if (E >= Parts || (Mask >> E & 1))
      return std::nullopt;
    Mask |= 1u << E;
  }
  return Mask;
}

class VideoExpander : InstructionBuilder {
public:
  VideoExpander(Function &F, const Instruction &Site, std::vector<Instruction> &Out)
      : InstructionBuilder(F, Site, Out, "%video") {}
  bool run();

private:
  /// Part P (an index into {b, a}) of the sources as a scalar operand.
  Operand part(unsigned P) const;
  /// Element E's result, a 32-bit value, in a new register.
  Operand element(unsigned E);
  /// The scalar instruction of the SIMD one (vavrg: vadd).
  Opcode scalarOp() const;
  Instruction &scalar(unsigned E, const Operand &Into, std::optional<Operand> Acc);

  unsigned Parts = 0, Width = 0;
  bool Set = false;                // vset2/4: the types are atype, btype
  std::optional<Modifier> Cmp;     // and the compare
  Operand A, B;
  SmallVector<unsigned, 4> ASel, BSel;
};

Opcode VideoExpander::scalarOp() const {
  switch (Site.Op) {
  case Opcode::Vadd2: case Opcode::Vadd4: case Opcode::Vavrg2: case Opcode::Vavrg4:
    return Opcode::Vadd;
  case Opcode::Vsub2: case Opcode::Vsub4: return Opcode::Vsub;
  case Opcode::Vabsdiff2: case Opcode::Vabsdiff4: return Opcode::Vabsdiff;
  case Opcode::Vmin2: case Opcode::Vmin4: return Opcode::Vmin;
  default: return Opcode::Vmax;
  }
}

Operand VideoExpander::part(unsigned P) const {
  unsigned PerWord = 32 / Width;
  Operand Op = P < PerWord ? A : B;
  Op.Selector = (Width == 8 ? "b" : "h") + std::to_string(P % PerWord);
  return Op;
}

/// The scalar instruction for element E writing Into (with .add, c
/// accumulated from Acc).
Instruction &VideoExpander::scalar(unsigned E, const Operand &Into,
                                   std::optional<Operand> Acc) {
  std::vector<Operand> Ops = {Into, part(ASel[E]), part(BSel[E])};
  if (Acc)
    Ops.push_back(*Acc);
  Instruction &I = Set ? emit(Opcode::Vset, {Site.type(0), Site.type(1)}, std::move(Ops), {*Cmp})
                       : emit(scalarOp(), {PTXType::S32, Site.type(1), Site.type(2)},
                              std::move(Ops));
  if (Acc)
    I.Mods.push_back(Modifier::Add);
  return I;
}

Operand VideoExpander::element(unsigned E) {
  PTXType S32 = PTXType::S32;
  Operand T = temp(S32);
  scalar(E, T, std::nullopt);
  if (Site.Op == Opcode::Vavrg2 || Site.Op == Opcode::Vavrg4) {
    // (a + b + 1) >> 1 for a sum at least 0, else (a + b) >> 1: halves
    // round away from zero.
    Operand NonNeg = temp(PTXType::Pred), Up = temp(S32), Rounded = temp(S32);
    emit(Opcode::Setp, {S32}, {NonNeg, T, Operand::imm(0)}, {Modifier::Ge});
    emit(Opcode::Add, {S32}, {Up, T, Operand::imm(1)});
    emit(Opcode::Selp, {S32}, {Rounded, Up, T, NonNeg});
    T = temp(S32);
    emit(Opcode::Shr, {S32}, {T, Rounded, Operand::imm(1)});
  }
  if (Site.has(Modifier::Sat)) {
    bool Signed = Site.type(0) == PTXType::S32;
    int64_t Lo = Signed ? -(int64_t(1) << (Width - 1)) : 0;
    int64_t Hi = Signed ? (int64_t(1) << (Width - 1)) - 1 : (int64_t(1) << Width) - 1;
    Operand Floor = temp(S32);
    emit(Opcode::Max, {S32}, {Floor, T, Operand::imm(Lo)});
    T = temp(S32);
    emit(Opcode::Min, {S32}, {T, Floor, Operand::imm(Hi)});
  }
  return T;
}

bool VideoExpander::run() {
  Parts = videoParts(Site.Op);
  Width = 32 / Parts;
  Set = Site.Op == Opcode::Vset2 || Site.Op == Opcode::Vset4;
  bool Add = Site.has(Modifier::Add);
  bool Sat = Site.has(Modifier::Sat);
  for (Modifier M : Site.Mods)
    if (is_contained({Modifier::Eq, Modifier::Ne, Modifier::Lt, Modifier::Le, Modifier::Gt,
                      Modifier::Ge},
                     M))
      Cmp = M;
  auto IsWord = [](PTXType T) { return T == PTXType::U32 || T == PTXType::S32; };
  if (Parts < 2 || Set != Cmp.has_value() || (Set && Sat) ||
      Site.Types.size() != (Set ? 2u : 3u) || !all_of(Site.Types, IsWord) ||
      Site.Ops.size() != 4 ||
      Site.Mods.size() != unsigned(Add) + unsigned(Sat) + unsigned(Set) || (Add && Sat) ||
      any_of(Site.Ops, [](const Operand &Op) { return Op.K != Operand::Reg; }) ||
      !Site.Ops[3].Selector.empty())
    return false;
  std::optional<unsigned> Mask = maskOf(op(0).Selector, Parts);
  auto SA = sourceParts(op(1).Selector, Parts, Parts == 4 ? "b3210" : "h10");
  auto SB = sourceParts(op(2).Selector, Parts, Parts == 4 ? "b7654" : "h32");
  if (!Mask || !SA || !SB)
    return false;
  ASel = *SA;
  BSel = *SB;
  A = op(1);
  B = op(2);
  A.Selector.clear();
  B.Selector.clear();
  Operand D = op(0);
  D.Selector.clear();

  SmallVector<unsigned, 4> Kept;
  for (unsigned E = 0; E < Parts; ++E)
    if (*Mask >> E & 1)
      Kept.push_back(E);
  Operand Acc = op(3);
  for (unsigned N = 0; N < Kept.size(); ++N) {
    unsigned E = Kept[N];
    Operand Into = N + 1 == Kept.size() ? D : temp(PTXType::U32);
    bool Avg = Site.Op == Opcode::Vavrg2 || Site.Op == Opcode::Vavrg4;
    if (Add && !Avg) {
      // c plus each element: the scalar instruction's own .add.
      scalar(E, Into, Acc);
    } else if (Add) {
      emit(Opcode::Add, {PTXType::U32}, {Into, Acc, element(E)});
    } else {
      emit(Opcode::Bfi, {PTXType::B32},
           {Into, element(E), Acc, Operand::imm(E * Width), Operand::imm(Width)});
    }
    Acc = Into;
  }
  return true;
}

} // namespace

bool expandVideo(Function &F, const Instruction &Site, std::vector<Instruction> &Out) {
  return runExpander<VideoExpander>(F, Site, Out);
}

} // namespace simt::cc
