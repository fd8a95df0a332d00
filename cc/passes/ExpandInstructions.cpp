//===-- ExpandInstructions.cpp - Composite PTX instructions expanded ------===//
#include "cc/passes/ExpandInstructions.h"
#include "cc/passes/ExpandCopyAsync.h"
#include "cc/passes/ExpandHalf.h"
#include "cc/passes/ExpandMbarrier.h"
#include "cc/passes/ExpandSurface.h"
#include "cc/passes/ExpandTexture.h"
#include "cc/passes/ExpandVideo.h"
#include "cc/passes/InstructionBuilder.h"

#include "llvm/ADT/STLExtras.h"

#include <bit>
#include <optional>

using namespace llvm;

namespace simt::cc {

namespace {

using namespace ptx_types;

bool isComparison(Modifier M) {
  switch (M) {
  case Modifier::Eq: case Modifier::Ne: case Modifier::Lt: case Modifier::Le:
  case Modifier::Gt: case Modifier::Ge: case Modifier::Lo: case Modifier::Ls:
  case Modifier::Hi: case Modifier::Hs: case Modifier::Equ: case Modifier::Neu:
  case Modifier::Ltu: case Modifier::Leu: case Modifier::Gtu: case Modifier::Geu:
  case Modifier::Num: case Modifier::Nan: case Modifier::And: case Modifier::Or:
  case Modifier::Xor: case Modifier::Ftz:
    return true;
  default:
    return false;
  }
}

bool is16(PTXType T) { return T == PTXType::B16 || T == PTXType::U16 || T == PTXType::S16; }
bool is32(PTXType T) { return T == PTXType::B32 || T == PTXType::U32 || T == PTXType::S32; }
bool is64(PTXType T) { return T == PTXType::B64 || T == PTXType::U64 || T == PTXType::S64; }

class Expander : InstructionBuilder {
public:
  Expander(Function &F, const Instruction &Site, std::vector<Instruction> &Out)
      : InstructionBuilder(F, Site, Out, "%exp") {}

  /// Whether Site was expanded into Out.
  bool run();

private:
  bool operands(unsigned N) const { return Site.Ops.size() == N && op(0).K == Operand::Reg; }

  bool set();
  bool slct();
  bool cnot();
  bool lop3();
  Operand twoInput(unsigned Table, std::optional<Operand> Into = {});
  bool copysign();
  bool testp();
  bool sad();
  bool madWide();
  bool mul24();
  bool cvtaOfVariable();
  bool dotProduct();
  bool findNthSet();
  bool szext();
  bool tanh();
  bool fence();
  bool elect();
  Operand extend24(const Operand &V, bool Signed);
};

bool Expander::run() {
  if (isHalfInstruction(Site))
    return expandHalf(F, Site, Out);
  switch (Site.Op) {
  case Opcode::Set: return set();
  case Opcode::Slct: return slct();
  case Opcode::Cnot: return cnot();
  case Opcode::Lop3: return lop3();
  case Opcode::Copysign: return copysign();
  case Opcode::Testp: return testp();
  case Opcode::Sad: return sad();
  case Opcode::Mad: return Site.has(Modifier::Wide) && madWide();
  case Opcode::Mul24:
  case Opcode::Mad24: return mul24();
  case Opcode::Cvta: return cvtaOfVariable();
  case Opcode::Dp4a:
  case Opcode::Dp2a: return dotProduct();
  case Opcode::Fns: return findNthSet();
  case Opcode::Szext: return szext();
  case Opcode::Tanh: return tanh();
  case Opcode::Cp:
    return Site.has(Modifier::Mbarrier) ? expandMbarrier(F, Site, Out)
                                        : expandCopyAsync(F, Site, Out);
  case Opcode::Mbarrier: return expandMbarrier(F, Site, Out);
  case Opcode::Fence: return fence();
  case Opcode::Elect: return elect();
  // griddepcontrol.wait/.launch_dependents (sm_90, programmatic dependent
  // launch): a grid starts here once the grid before it in its stream has
  // finished, so it has nothing to wait for or to signal.
  case Opcode::Griddepcontrol: return Site.Ops.empty();
  case Opcode::Tex: return expandTexture(F, Site, Out);
  case Opcode::Suld:
  case Opcode::Sust: return expandSurface(F, Site, Out);
  default: return videoParts(Site.Op) >= 2 && expandVideo(F, Site, Out);
  }
}

// szext.clamp|wrap.u32|s32 d, a, b (sm_70): a's low N bits zero- or
// sign-extended, N = min(b, 32) or b mod 32: bfe from bit 0 of length N
// (a length of 0 gives 0, as szext does for N = 0).
bool Expander::szext() {
  const bool Wrap = Site.has(Modifier::Wrap);
  if (!operands(3) || Site.Types.size() != 1 || Wrap == Site.has(Modifier::Clamp) ||
      (Site.type() != PTXType::U32 && Site.type() != PTXType::S32))
    return false;
  Operand N = temp(PTXType::U32);
  if (Wrap)
    emit(Opcode::And, {PTXType::B32}, {N, op(2), Operand::imm(31)});
  else
    emit(Opcode::Min, {PTXType::U32}, {N, op(2), Operand::imm(32)});
  emit(Opcode::Bfe, {Site.type()}, {op(0), op(1), Operand::imm(0), N});
  return true;
}

// tanh.approx.f32 d, a (sm_75), which the ISA has no unit for: on |a|,
// below 0.5 the odd series to a^7 (its error, below 2^-13 relative, is
// under the instruction's 2^-10.987), above 1 - 2 / (e^(2|a|) + 1) with
// ex2 and rcp; then a's sign (so -0 gives -0); an infinite a gives 1, a
// NaN stays NaN.
bool Expander::tanh() {
  if (!operands(2) || Site.Types.size() != 1 || Site.type() != PTXType::F32 ||
      !Site.has(Modifier::Approx) || Site.Mods.size() != 1)
    return false;
  auto fimm = [](float V) { return f32Imm(std::bit_cast<uint32_t>(V)); };
  Operand A = inRegister(op(1), F32), Mag = temp(F32), Sq = temp(F32), Q = temp(F32),
          Small = temp(F32), T = temp(F32), E = temp(F32), Inv = temp(F32), Big = temp(F32),
          Bits = temp(U32), Sign = temp(U32), IsSmall = temp(PTXType::Pred);
  emit(Opcode::Abs, {F32}, {Mag, A});
  emit(Opcode::Mul, {F32}, {Sq, Mag, Mag}, {Modifier::Rn});
  emit(Opcode::Fma, {F32}, {Q, Sq, fimm(-17.0f / 315), fimm(2.0f / 15)}, {Modifier::Rn});
  emit(Opcode::Fma, {F32}, {Q, Sq, Q, fimm(-1.0f / 3)}, {Modifier::Rn});
  emit(Opcode::Mul, {F32}, {Q, Q, Sq}, {Modifier::Rn});
  emit(Opcode::Fma, {F32}, {Small, Mag, Q, Mag}, {Modifier::Rn});
  emit(Opcode::Mul, {F32}, {T, Mag, fimm(2.8853900817779268f)}, {Modifier::Rn}); // 2 / ln 2
  emit(Opcode::Ex2, {F32}, {E, T}, {Modifier::Approx});
  emit(Opcode::Add, {F32}, {E, E, fimm(1.0f)}, {Modifier::Rn});
  emit(Opcode::Rcp, {F32}, {Inv, E}, {Modifier::Approx});
  emit(Opcode::Fma, {F32}, {Big, Inv, fimm(-2.0f), fimm(1.0f)}, {Modifier::Rn});
  emit(Opcode::Setp, {F32}, {IsSmall, Mag, fimm(0.5f)}, {Modifier::Lt});
  emit(Opcode::Selp, {F32}, {Big, Small, Big, IsSmall});
  emit(Opcode::Mov, {B32}, {Bits, Big});
  emit(Opcode::Mov, {B32}, {Sign, A});
  emit(Opcode::And, {B32}, {Sign, Sign, Operand::imm(0x80000000)});
  emit(Opcode::Or, {B32}, {Bits, Bits, Sign});
  emit(Opcode::Mov, {B32}, {op(0), Bits});
  return true;
}

// fence{.sc|.acq_rel|.acquire|.release}.scope (sm_70; no ordering is
// .acq_rel): membar of the scope (cta; gl for gpu, cluster and sys, which
// MEMBAR.GL orders here). fence.proxy and fence.mbarrier_init order the
// asynchronous proxy's and mbarrier initialisations' writes, which this
// device makes at once, in order: nothing.
bool Expander::fence() {
  if (!Site.Ops.empty())
    return false;
  if (Site.has(Modifier::Proxy) || Site.has(Modifier::MbarrierInit))
    return true;
  emit(Opcode::Membar, {}, {},
       {Site.has(Modifier::Cta) ? Modifier::Cta
                                : Site.has(Modifier::Sys) ? Modifier::Sys : Modifier::Gl});
  return true;
}

// elect.sync d|p, membermask (sm_90): the leader is the lowest lane of the
// mask that is active (and whose guard is true), the same every time; d
// its lane, p true in it.
bool Expander::elect() {
  if (Site.Ops.size() != 2 || op(0).K != Operand::Pair || op(0).Elems.size() != 2 ||
      !Site.has(Modifier::Sync))
    return false;
  const Operand &D = op(0).Elems[0], &P = op(0).Elems[1];
  Operand Members = temp(B32), Lowest = temp(B32), Leader = temp(U32), Lane = temp(U32);
  Operand LaneId;
  LaneId.K = Operand::Special;
  LaneId.SReg = SpecialReg::Laneid;
  emit(Opcode::Activemask, {B32}, {Members});
  emit(Opcode::And, {B32}, {Members, Members, op(1)});
  emit(Opcode::Neg, {PTXType::S32}, {Lowest, Members});
  emit(Opcode::And, {B32}, {Lowest, Lowest, Members});
  emit(Opcode::Bfind, {U32}, {Leader, Lowest});
  if (D.K == Operand::Reg)
    emit(Opcode::Mov, {U32}, {D, Leader});
  if (P.K == Operand::Reg) {
    emit(Opcode::Mov, {U32}, {Lane, LaneId});
    emit(Opcode::Setp, {U32}, {P, Lane, Leader}, {Modifier::Eq});
  }
  return true;
}

// set.cmp[.bop][.ftz].dtype.stype d, a, b[, {!}c]: d = (a cmp b) bop c ?
// (1.0f for .f32, 0xffffffff for .u32/.s32) : 0.
bool Expander::set() {
  PTXType D = Site.type(0), S = Site.type(1);
  if (Site.Types.size() != 2 || (D != PTXType::F32 && !is32(D)) ||
      (!operands(3) && !operands(4)) || !all_of(Site.Mods, isComparison))
    return false;
  Operand P = temp(PTXType::Pred);
  std::vector<Operand> Ops(Site.Ops.begin(), Site.Ops.end());
  Ops[0] = P;
  Out.push_back(Instruction::at(Site, Opcode::Setp, {S}, std::move(Ops)));
  Out.back().Mods = Site.Mods;
  emit(Opcode::Selp, {D},
       {op(0), D == PTXType::F32 ? f32Imm(0x3f800000) : Operand::imm(0xffffffff),
        Operand::imm(0), P});
  return true;
}

// slct.dtype.s32 d, a, b, c / slct[.ftz].dtype.f32 d, a, b, c: d = c >= 0 ? a : b.
bool Expander::slct() {
  PTXType D = Site.type(0), C = Site.type(1);
  bool Ftz = Site.has(Modifier::Ftz);
  if (Site.Types.size() != 2 || !operands(4) || Site.Mods.size() > (Ftz ? 1u : 0u) ||
      (C != PTXType::S32 && C != PTXType::F32) || (Ftz && C != PTXType::F32))
    return false;
  Operand P = temp(PTXType::Pred);
  Operand Zero = C == PTXType::F32 ? f32Imm(0) : Operand::imm(0);
  if (Ftz)
    emit(Opcode::Setp, {C}, {P, op(3), Zero}, {Modifier::Ge, Modifier::Ftz});
  else
    emit(Opcode::Setp, {C}, {P, op(3), Zero}, {Modifier::Ge});
  emit(Opcode::Selp, {D}, {op(0), op(1), op(2), P});
  return true;
}

// cnot.bN d, a: d = a == 0 ? 1 : 0.
bool Expander::cnot() {
  PTXType T = Site.type();
  if (Site.Types.size() != 1 || !operands(2) || !Site.Mods.empty() ||
      (!is16(T) && !is32(T) && !is64(T)))
    return false;
  Operand P = temp(PTXType::Pred);
  emit(Opcode::Setp, {T}, {P, op(1), Operand::imm(0)}, {Modifier::Eq});
  emit(Opcode::Selp, {T}, {op(0), Operand::imm(1), Operand::imm(0), P});
  return true;
}

// lop3.b32 d, a, b, c, lut: the bitwise function whose truth table is lut
// (PTX: lut = F(0xF0, 0xCC, 0xAA)), as d = f0 ^ (a & (f0 ^ f1)), f1 and f0
// the table's halves where a is 1 and where it is 0, functions of b and c
// (twoInput); equal halves need no a, and a zero f0 leaves d = a & f1.
bool Expander::lop3() {
  if (Site.Types.size() != 1 || !operands(5) || !Site.Mods.empty() || !is32(Site.type()) ||
      op(4).K != Operand::Imm)
    return false;
  const unsigned Lut = unsigned(op(4).Int) & 0xff, F1 = Lut >> 4, F0 = Lut & 0xf;
  if (F0 == F1) {
    twoInput(F0, op(0));
    return true;
  }
  const Operand Differ = twoInput(F0 ^ F1);
  if (!F0) {
    emit(Opcode::And, {PTXType::B32}, {op(0), op(1), Differ});
    return true;
  }
  const Operand Low = twoInput(F0), Flip = temp(PTXType::B32);
  emit(Opcode::And, {PTXType::B32}, {Flip, op(1), Differ});
  emit(Opcode::Xor, {PTXType::B32}, {op(0), Low, Flip});
  return true;
}

// The function of b and c (lop3's operands 2 and 3) whose 4-entry truth
// table is Table (entry (b << 1) | c), into Into or a new register.
Operand Expander::twoInput(unsigned Table, std::optional<Operand> Into) {
  const Operand D = Into ? *Into : temp(B32);
  // Each table as an operation on b or ~b and c or ~c, its result inverted
  // or not; constants and single operands as moves.
  struct Form {
    Opcode Op;
    bool NotB, NotC, NotD;
  };
  static const std::optional<Form> Forms[16] = {
      /*0x0*/ std::nullopt,                       /*0x1*/ Form{Opcode::Or, false, false, true},
      /*0x2*/ Form{Opcode::And, true, false, false}, /*0x3*/ std::nullopt,
      /*0x4*/ Form{Opcode::And, false, true, false}, /*0x5*/ std::nullopt,
      /*0x6*/ Form{Opcode::Xor, false, false, false}, /*0x7*/ Form{Opcode::And, false, false, true},
      /*0x8*/ Form{Opcode::And, false, false, false}, /*0x9*/ Form{Opcode::Xor, false, false, true},
      /*0xa*/ std::nullopt,                       /*0xb*/ Form{Opcode::Or, true, false, false},
      /*0xc*/ std::nullopt,                       /*0xd*/ Form{Opcode::Or, false, true, false},
      /*0xe*/ Form{Opcode::Or, false, false, false}, /*0xf*/ std::nullopt};
  auto inverted = [&](const Operand &V) {
    const Operand N = temp(B32);
    emit(Opcode::Not, {B32}, {N, V});
    return N;
  };
  const Operand &B = op(2), &C = op(3);
  switch (Table) {
  case 0x0: emit(Opcode::Mov, {B32}, {D, Operand::imm(0)}); return D;
  case 0xf: emit(Opcode::Mov, {B32}, {D, Operand::imm(0xffffffff)}); return D;
  case 0xc: emit(Opcode::Mov, {B32}, {D, B}); return D;
  case 0xa: emit(Opcode::Mov, {B32}, {D, C}); return D;
  case 0x3: emit(Opcode::Not, {B32}, {D, B}); return D;
  case 0x5: emit(Opcode::Not, {B32}, {D, C}); return D;
  default: break;
  }
  const Form &F = *Forms[Table];
  const Operand X = F.NotB ? inverted(B) : B, Y = F.NotC ? inverted(C) : C;
  if (!F.NotD) {
    emit(F.Op, {B32}, {D, X, Y});
    return D;
  }
  const Operand R = temp(B32);
  emit(F.Op, {B32}, {R, X, Y});
  emit(Opcode::Not, {B32}, {D, R});
  return D;
}

// copysign.f32/.f64 d, a, b: b with the sign of a.
bool Expander::copysign() {
  PTXType T = Site.type();
  if (Site.Types.size() != 1 || !operands(3) || !Site.Mods.empty() ||
      (T != PTXType::F32 && T != PTXType::F64))
    return false;
  bool Wide = T == PTXType::F64;
  PTXType B = Wide ? PTXType::B64 : PTXType::B32;
  const uint64_t Sign = Wide ? uint64_t(1) << 63 : uint64_t(1) << 31;
  Operand S = temp(B), M = temp(B);
  emit(Opcode::And, {B}, {S, op(1), Operand::imm(int64_t(Sign))});
  emit(Opcode::And, {B}, {M, op(2), Operand::imm(int64_t(Sign - 1))});
  emit(Opcode::Or, {B}, {op(0), S, M});
  return true;
}

// testp.op.f32/.f64 p, a on the bits: with m = |a|'s bits, finite is
// m < inf, infinite m == inf, subnormal 0 < m <= the largest subnormal,
// normal finite and not subnormal (zeros are normal, PTX ISA), number and
// notanumber setp.num/.nan.
bool Expander::testp() {
  PTXType T = Site.type();
  if (Site.Types.size() != 1 || !operands(2) || Site.Mods.size() != 1 ||
      (T != PTXType::F32 && T != PTXType::F64))
    return false;
  Modifier Op = Site.Mods[0];
  if (Op == Modifier::Number || Op == Modifier::Notanumber) {
    emit(Opcode::Setp, {T}, {op(0), op(1), op(1)},
         {Op == Modifier::Number ? Modifier::Num : Modifier::Nan});
    return true;
  }
  if (Op != Modifier::Finite && Op != Modifier::Infinite && Op != Modifier::Normal &&
      Op != Modifier::Subnormal)
    return false;
  bool Wide = T == PTXType::F64;
  PTXType B = Wide ? PTXType::B64 : PTXType::B32, U = Wide ? PTXType::U64 : PTXType::U32;
  int64_t Abs = Wide ? int64_t(~(uint64_t(1) << 63)) : 0x7fffffff;
  int64_t Inf = Wide ? int64_t(0x7ff0000000000000) : 0x7f800000;
  int64_t MaxSub = Wide ? int64_t(0x000fffffffffffff) : 0x007fffff;
  Operand M = temp(B);
  emit(Opcode::And, {B}, {M, op(1), Operand::imm(Abs)});
  if (Op == Modifier::Finite || Op == Modifier::Infinite) {
    emit(Opcode::Setp, {U}, {op(0), M, Operand::imm(Inf)},
         {Op == Modifier::Finite ? Modifier::Lo : Modifier::Eq});
    return true;
  }
  // m - 1 < MaxSub (unsigned) is 0 < m <= MaxSub: subnormal.
  Operand Less = temp(U), Sub = temp(PTXType::Pred);
  emit(Opcode::Sub, {U}, {Less, M, Operand::imm(1)});
  Operand SubDst = Op == Modifier::Subnormal ? op(0) : Sub;
  emit(Opcode::Setp, {U}, {SubDst, Less, Operand::imm(MaxSub)}, {Modifier::Lo});
  if (Op == Modifier::Normal) {
    Operand NotSub = Sub;
    NotSub.Negated = true;
    emit(Opcode::Setp, {U}, {op(0), M, Operand::imm(Inf), NotSub},
         {Modifier::Lo, Modifier::And});
  }
  return true;
}

// sad.type d, a, b, c: d = c + |a - b| = c + (max(a, b) - min(a, b)).
bool Expander::sad() {
  PTXType T = Site.type();
  if (Site.Types.size() != 1 || !operands(4) || !Site.Mods.empty() ||
      (!is16(T) && !is32(T) && !is64(T)) || T == PTXType::B16 || T == PTXType::B32 ||
      T == PTXType::B64)
    return false;
  Operand Hi = temp(T), Lo = temp(T), Diff = temp(T);
  emit(Opcode::Max, {T}, {Hi, op(1), op(2)});
  emit(Opcode::Min, {T}, {Lo, op(1), op(2)});
  emit(Opcode::Sub, {T}, {Diff, Hi, Lo});
  emit(Opcode::Add, {T}, {op(0), Diff, op(3)});
  return true;
}

// mad.wide.type d, a, b, c: d = a * b (twice the width) + c.
bool Expander::madWide() {
  PTXType T = Site.type();
  if (Site.Types.size() != 1 || !operands(4) || Site.Mods.size() != 1)
    return false;
  PTXType W;
  switch (T) {
  case PTXType::U16: W = PTXType::U32; break;
  case PTXType::S16: W = PTXType::S32; break;
  case PTXType::U32: W = PTXType::U64; break;
  case PTXType::S32: W = PTXType::S64; break;
  default: return false;
  }
  Operand P = temp(W);
  emit(Opcode::Mul, {T}, {P, op(1), op(2)}, {Modifier::Wide});
  emit(Opcode::Add, {W}, {op(0), P, op(3)});
  return true;
}

// The low 24 bits of V, zero- or sign-extended.
Operand Expander::extend24(const Operand &V, bool Signed) {
  if (V.K == Operand::Imm)
    return Operand::imm(Signed ? int64_t(int32_t(uint32_t(V.Int) << 8) >> 8)
                               : int64_t(V.Int & 0xffffff));
  Operand R = temp(PTXType::B32);
  if (Signed) {
    emit(Opcode::Shl, {PTXType::B32}, {R, V, Operand::imm(8)});
    emit(Opcode::Shr, {PTXType::S32}, {R, R, Operand::imm(8)});
  } else {
    emit(Opcode::And, {PTXType::B32}, {R, V, Operand::imm(0xffffff)});
  }
  return R;
}

// mul24.lo/.hi.u32/.s32 d, a, b: the 48-bit product t of the low 24 bits of
// a and b (sign-extended for .s32); .lo is t<31..0>, .hi t<47..16>.
// mad24 adds c to that.
bool Expander::mul24() {
  PTXType T = Site.type();
  bool Mad = Site.Op == Opcode::Mad24, Hi = Site.has(Modifier::Hi);
  if (Site.Types.size() != 1 || !operands(Mad ? 4 : 3) || Site.Mods.size() != 1 ||
      (!Hi && !Site.has(Modifier::Lo)) || (T != PTXType::U32 && T != PTXType::S32))
    return false;
  bool Signed = T == PTXType::S32;
  Operand A = extend24(op(1), Signed), B = extend24(op(2), Signed);
  Operand Product = Mad ? temp(T) : op(0);
  if (!Hi) {
    emit(Opcode::Mul, {T}, {Product, A, B}, {Modifier::Lo});
  } else {
    // t<47..16> = (t<31..0> >> 16) | (t<63..32> << 16); the 48-bit product
    // of 24-bit operands is exact in 64 bits.
    Operand Low = temp(T), High = temp(T);
    emit(Opcode::Mul, {T}, {Low, A, B}, {Modifier::Lo});
    emit(Opcode::Mul, {T}, {High, A, B}, {Modifier::Hi});
    emit(Opcode::Shr, {PTXType::U32}, {Low, Low, Operand::imm(16)});
    emit(Opcode::Shl, {PTXType::B32}, {High, High, Operand::imm(16)});
    emit(Opcode::Or, {PTXType::B32}, {Product, Low, High});
  }
  if (Mad)
    emit(Opcode::Add, {T}, {op(0), Product, op(3)});
  return true;
}

// dp4a.atype.btype d, a, b, c: c plus the products of a's and b's four
// bytes; dp2a.lo/.hi.atype.btype: c plus a's two halfwords times b's low
// (or high) two bytes; each part sign- or zero-extended by its type, the
// sum modulo 2^32 (sm_61's instructions, which nvcc writes for __dp4a and
// __dp2a_lo/hi): a bfe per part and a mad.lo per product.
bool Expander::dotProduct() {
  bool Four = Site.Op == Opcode::Dp4a;
  auto IsWord = [](PTXType T) { return T == PTXType::U32 || T == PTXType::S32; };
  if (Site.Types.size() != 2 || !IsWord(Site.type(0)) || !IsWord(Site.type(1)) ||
      !operands(4) || Site.Mods.size() != (Four ? 0u : 1u) ||
      (!Four && !Site.has(Modifier::Lo) && !Site.has(Modifier::Hi)))
    return false;
  const PTXType S32 = PTXType::S32;
  Operand A = inRegister(op(1), PTXType::B32), B = inRegister(op(2), PTXType::B32);
  Operand Acc = op(3);
  const unsigned Parts = Four ? 4 : 2, AWidth = Four ? 8 : 16;
  const unsigned BFirst = !Four && Site.has(Modifier::Hi) ? 2 : 0;
  for (unsigned K = 0; K < Parts; ++K) {
    Operand PartA = temp(S32), PartB = temp(S32);
    emit(Opcode::Bfe, {Site.type(0)},
         {PartA, A, Operand::imm(K * AWidth), Operand::imm(AWidth)});
    emit(Opcode::Bfe, {Site.type(1)},
         {PartB, B, Operand::imm((BFirst + K) * 8), Operand::imm(8)});
    Operand Into = K + 1 == Parts ? op(0) : temp(S32);
    emit(Opcode::Mad, {S32}, {Into, PartA, PartB, Acc}, {Modifier::Lo});
    Acc = Into;
  }
  return true;
}

// fns.b32 d, mask, base, offset (__fns): the position of the offset-th set
// bit of mask from bit base on, toward the MSB (offset > 0) or the LSB
// (offset < 0); for offset 0, base when its bit is set; 0xffffffff when
// there is none. Toward the LSB is toward the MSB in the reversed mask
// from bit 31 - base. The n-th set bit of the window (the mask's bits from
// base up) is found by halving it five times: where n exceeds the count
// of the lower half, it is in the upper one.
bool Expander::findNthSet() {
  if (Site.Types.size() != 1 || Site.type() != PTXType::B32 || !operands(4) ||
      !Site.Mods.empty())
    return false;
  const PTXType B32 = PTXType::B32, U32 = PTXType::U32, S32 = PTXType::S32,
                Pred = PTXType::Pred;
  auto Imm = [](int64_t V) { return Operand::imm(V); };
  Operand Mask = inRegister(op(1), B32), Base = inRegister(op(2), U32),
          Offset = inRegister(op(3), S32);
  Operand Down = temp(Pred), Reversed = temp(B32), M = temp(B32), Flipped = temp(U32),
          From = temp(U32), N = temp(U32), Window = temp(B32), Pos = temp(U32);
  emit(Opcode::Setp, {S32}, {Down, Offset, Imm(0)}, {Modifier::Lt});
  emit(Opcode::Brev, {B32}, {Reversed, Mask});
  emit(Opcode::Selp, {B32}, {M, Reversed, Mask, Down});
  emit(Opcode::Sub, {U32}, {Flipped, Imm(31), Base});
  emit(Opcode::Selp, {U32}, {From, Flipped, Base, Down});
  emit(Opcode::Abs, {S32}, {N, Offset});
  emit(Opcode::Shl, {B32}, {Window, Imm(-1), From});
  emit(Opcode::And, {B32}, {M, M, Window});
  emit(Opcode::Mov, {U32}, {Pos, Imm(0)});
  for (unsigned Half : {16u, 8u, 4u, 2u, 1u}) {
    Operand Low = temp(B32), Count = temp(U32), Up = temp(Pred), Rest = temp(U32),
            Shifted = temp(B32), Moved = temp(U32);
    emit(Opcode::And, {B32}, {Low, M, Imm((int64_t(1) << Half) - 1)});
    emit(Opcode::Popc, {B32}, {Count, Low});
    emit(Opcode::Setp, {U32}, {Up, N, Count}, {Modifier::Gt});
    emit(Opcode::Sub, {U32}, {Rest, N, Count});
    emit(Opcode::Selp, {U32}, {N, Rest, N, Up});
    emit(Opcode::Shr, {B32}, {Shifted, M, Imm(Half)});
    emit(Opcode::Selp, {B32}, {M, Shifted, M, Up});
    emit(Opcode::Add, {U32}, {Moved, Pos, Imm(Half)});
    emit(Opcode::Selp, {U32}, {Pos, Moved, Pos, Up});
  }
  // Found: the window's last bit is set and it is the n-th.
  Operand Bit = temp(B32), Found = temp(Pred), Result = temp(U32), Mirrored = temp(U32);
  emit(Opcode::And, {B32}, {Bit, M, Imm(1)});
  emit(Opcode::Setp, {U32}, {Found, Bit, Imm(0)}, {Modifier::Ne});
  emit(Opcode::Setp, {U32}, {Found, N, Imm(1)}, {Modifier::Eq, Modifier::And}).Ops.push_back(Found);
  emit(Opcode::Sub, {U32}, {Mirrored, Imm(31), Pos});
  emit(Opcode::Selp, {U32}, {Pos, Mirrored, Pos, Down});
  emit(Opcode::Selp, {U32}, {Result, Pos, Imm(-1), Found});
  // offset 0: base itself when its bit is set.
  Operand AtBase = temp(B32), Set = temp(Pred), Zero = temp(Pred), Own = temp(U32);
  emit(Opcode::Shr, {B32}, {AtBase, Mask, Base});
  emit(Opcode::And, {B32}, {AtBase, AtBase, Imm(1)});
  emit(Opcode::Setp, {U32}, {Set, AtBase, Imm(0)}, {Modifier::Ne});
  emit(Opcode::Selp, {U32}, {Own, Base, Imm(-1), Set});
  emit(Opcode::Setp, {S32}, {Zero, Offset, Imm(0)}, {Modifier::Eq});
  emit(Opcode::Selp, {U32}, {op(0), Own, Result, Zero});
  return true;
}

// cvta.shared/.local.uN d, var (older nvcc): the variable's address in its
// window, then the conversion, as clang writes it (mov t, var; cvta d, t).
// Global and constant variables are converted as they are (ISel).
bool Expander::cvtaOfVariable() {
  if (!operands(2) || op(1).K != Operand::Symbol || Site.Mods.size() != 0 ||
      (Site.Space != StateSpace::Shared && Site.Space != StateSpace::Local))
    return false;
  // A register of its own: written once, its space stays known.
  Operand Window = temp(Site.type());
  emit(Opcode::Mov, {Site.type()}, {Window, op(1)});
  Out.push_back(Instruction::at(Site, Opcode::Cvta, {Site.type()}, {op(0), Window}));
  Out.back().Space = Site.Space;
  return true;
}

} // namespace

bool expandInstructions(Function &F) {
  bool Changed = false;
  for (auto &B : F.Blocks) {
    std::vector<Instruction> Out;
    Out.reserve(B->Insts.size());
    for (Instruction &I : B->Insts)
      if (Expander(F, I, Out).run())
        Changed = true;
      else
        Out.push_back(std::move(I));
    B->Insts = std::move(Out);
  }
  return Changed;
}

} // namespace simt::cc
