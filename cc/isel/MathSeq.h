//===-- MathSeq.h - Where the lowered sequences go --------------*- C++ -*-===//
//
// What the expansions of LowerMath.cpp and LowerMath64.cpp share: Seq
// appends the instructions the typed builders (mi::, cc/mir/MIR.h)
// describe to a MathSink's block, each writing a new temporary (or a pair,
// or a predicate) that it returns, so that a sequence reads as expressions:
//
//   MOperand T = Q(mi::IADD().ra(X).sb(i(-1)));
//   MOperand P = Q.pred(mi::ISETP().cmp(ICmp::GE).u32().ra(T).sb(Y).pp(PT));
//
// The instruction that writes the PTX destination is the only guarded one.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "cc/isel/LowerMath.h"

#include <cassert>
#include <optional>

namespace simt::cc::mathseq {

// The modifier values the sequences name, unqualified.
using SIMT::BoolOp;
using SIMT::F2IRnd;
using SIMT::FCmp;
using SIMT::FloatType;
using SIMT::ICmp;
using SIMT::IntType;
using SIMT::Logic;
using SIMT::Mufu;

/// Short Sb immediates: a 20-bit signed integer, or a float (or a double's
/// high word) whose low 12 bits are zero.
inline SrcB i(int32_t V) { return SrcB::imm(V); }
inline SrcB f(uint32_t Bits) { return SrcB::fimm(Bits); }
/// PT as a predicate source, RZ as a register.
inline const MOperand PT = MOperand::zero(), RZ = MOperand::zero();

/// The compare (A cmp B) bop P, unsigned or signed.
inline mi::ISETP isetp(ICmp Cmp, bool U32, MOperand A, SrcB B, BoolOp Bop = BoolOp::AND,
                       MOperand P = PT) {
  return mi::ISETP().cmp(Cmp).u32(U32).bop(Bop).ra(A).sb(B).pp(P);
}

/// Emits a sequence into a MathSink: each instruction writes a new
/// temporary and returns it, except after last(), when the next one writes
/// the destination under the PTX instruction's guard.
class Seq {
public:
  Seq(MathSink &S, MOperand D) : S(S), D(D) {}
  void last() { Last = true; }
  /// The next instruction writes Dst (a temporary's word, say) instead of a
  /// new temporary.
  Seq &into(MOperand Dst) {
    Into = Dst;
    return *this;
  }

  /// Appends M with its Rd a new register of class C (or D after last(), or
  /// the into() register), and returns that register.
  template <class Builder> MOperand operator()(Builder M, RegClass C = RegClass::GPR) {
    MOperand R = Into ? *Into : Last ? D : MOperand::vreg(S.MF.newVReg(C));
    if (Last && S.Guard)
      M.guard(*S.Guard, S.GuardNegated);
    Last = false;
    Into.reset();
    append(M.rd(R));
    return R;
  }
  /// The same with a new pair (doubles, 64-bit conversions).
  template <class Builder> MOperand wide(Builder M) { return (*this)(M, RegClass::GPR64); }
  /// Appends M (a SETP) writing a new predicate as Pu, Pv discarded.
  template <class Builder> MOperand pred(Builder M) {
    assert(!Last && "a sequence ends in a register write");
    MOperand P = MOperand::vreg(S.MF.newVReg(RegClass::Pred));
    append(M.pu(P).pv(PT));
    return P;
  }

  //===-- 64-bit values: register pairs (Sub 1 the low word, 2 the high) --===//

  /// A new pair and its words.
  MOperand pair() { return MOperand::vreg(S.MF.newVReg(RegClass::GPR64)); }
  static MOperand lo(MOperand P) { return MOperand::vreg(P.Reg, 1); }
  static MOperand hi(MOperand P) { return MOperand::vreg(P.Reg, 2); }
  /// A pair from two words (two moves into a new pair).
  MOperand pairOf(MOperand Lo, MOperand Hi) {
    MOperand P = pair();
    into(lo(P))(mi::MOV().sb(Lo));
    into(hi(P))(mi::MOV().sb(Hi));
    return P;
  }
  /// A 64-bit constant in a new pair.
  MOperand const64(uint64_t V) {
    MOperand P = pair();
    into(lo(P))(mi::MOV32I().imm(uint32_t(V)));
    into(hi(P))(mi::MOV32I().imm(uint32_t(V >> 32)));
    return P;
  }
  /// The destination's words from Lo and Hi, under the guard (the end of a
  /// 64-bit integer sequence).
  void lastPair(MOperand Lo, MOperand Hi) {
    Last = true;
    into(lo(D))(mi::MOV().sb(Lo));
    Last = true;
    into(hi(D))(mi::MOV().sb(Hi));
  }

private:
  void append(MInstBuilder &M) {
    S.Block.Insts.push_back(M.take());
    S.Block.Insts.back().Source = S.Source;
  }

  MathSink &S;
  MOperand D;
  bool Last = false;
  std::optional<MOperand> Into;
};

/// Where a correctly rounded result that is not exact goes, for the
/// directed roundings: its magnitude rounds up ("away" from zero) under RP
/// for a positive result and under RM for a negative one, never under RZ.
/// SignWord holds the result's sign in bit 31. Returns the predicate, or
/// nothing where the magnitude never rounds up.
inline std::optional<MOperand> awayFromZero(Seq &Q, SIMT::Rnd Rnd, MOperand SignWord) {
  if (Rnd == SIMT::Rnd::RP)
    return Q.pred(isetp(ICmp::GE, false, SignWord, RZ));
  if (Rnd == SIMT::Rnd::RM)
    return Q.pred(isetp(ICmp::LT, false, SignWord, RZ));
  return std::nullopt;
}

/// Cond and Away (Away absent: never).
inline std::optional<MOperand> andAway(Seq &Q, MOperand Cond, std::optional<MOperand> Away) {
  if (!Away)
    return std::nullopt;
  return Q.pred(mi::PSETP().bop(BoolOp::AND).pp(Cond).pq(*Away).pr(PT));
}

} // namespace simt::cc::mathseq
