//===-- MathSeq.h - Building blocks of the lowered sequences ----*- C++ -*-===//
//
// The instruction emitter the expansions of LowerMath.cpp and
// LowerMath64.cpp share: each helper appends one SIMT instruction to a
// MathSink's block, writing a new temporary (or a pair for 64-bit
// results) that it returns; the instruction that writes the PTX
// destination is the only guarded one.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "cc/isel/LowerMath.h"

#include "MCTargetDesc/SIMTMCTargetDesc.h"
#include "MCTargetDesc/SIMTOperandFlags.h"

#include <cassert>
#include <initializer_list>
#include <optional>
#include <utility>

namespace simt::cc::mathseq {

using llvm::StringRef;

/// An Sb source: a register with SB_* modifiers, or an immediate field.
struct Src {
  MOperand R = MOperand::zero();
  bool Imm = false;
  int64_t Field = 0;
  unsigned Flags = 0;
};
inline Src r(MOperand R, unsigned Flags = 0) { return {R, false, 0, Flags}; }
/// A 20-bit signed integer immediate.
inline Src i(int32_t V) {
  assert(V >= SIMT::SbImmMin && V <= SIMT::SbImmMax && "immediate does not fit Sb");
  return {MOperand::zero(), true, V & 0xfffff, 0};
}
/// A float immediate: its 20 high bits (the low 12 must be zero).
inline Src f(uint32_t Bits) {
  assert((Bits & 0xfff) == 0 && "float immediate does not fit Sb");
  return {MOperand::zero(), true, Bits >> 12, 0};
}

/// Emits a sequence into a MathSink: each helper writes a new temporary and
/// returns it, except after last(), when the next one writes the
/// destination under the PTX instruction's guard.
class Seq {
public:
  Seq(MathSink &S, MOperand D) : S(S), D(D) {}
  void last() { Last = true; }

  MOperand ffma(MOperand A, unsigned AFlags, Src B, MOperand C, StringRef Rnd = "RN") {
    MInstBuilder M = start(SIMT::FFMA);
    M.mod(SIMT::MG_Rnd, modValue(SIMT::MG_Rnd, Rnd)).regMod("ra", A, AFlags);
    sb(M, B);
    M.regMod("rc", C, 0);
    return def(M);
  }
  MOperand fmul(MOperand A, Src B, bool Ftz = false, unsigned AFlags = 0) {
    MInstBuilder M = start(SIMT::FMUL);
    M.mod(SIMT::MG_FTZ, Ftz).regMod("ra", A, AFlags);
    sb(M, B);
    return def(M);
  }
  MOperand fmul32i(MOperand A, uint32_t Bits) {
    MInstBuilder M = start(SIMT::FMUL32I);
    M.regMod("ra", A, 0).imm("imm", Bits);
    return def(M);
  }
  MOperand fadd(MOperand A, Src B) {
    MInstBuilder M = start(SIMT::FADD);
    M.regMod("ra", A, 0);
    sb(M, B);
    return def(M);
  }
  MOperand mufu(StringRef Fn, MOperand A) {
    MInstBuilder M = start(SIMT::MUFU);
    M.mod(SIMT::MG_Mufu, modValue(SIMT::MG_Mufu, Fn)).regMod("ra", A, 0);
    return def(M);
  }
  MOperand iadd(MOperand A, Src B, unsigned AFlags = 0) {
    MInstBuilder M = start(SIMT::IADD);
    M.regMod("ra", A, AFlags);
    sb(M, B);
    return def(M);
  }
  MOperand iadd32i(MOperand A, uint32_t V) {
    MInstBuilder M = start(SIMT::IADD32I);
    M.regMod("ra", A, 0).imm("imm", V);
    return def(M);
  }
  MOperand lop(StringRef Op, MOperand A, Src B) {
    MInstBuilder M = start(SIMT::LOP);
    M.mod(SIMT::MG_Logic, modValue(SIMT::MG_Logic, Op)).regMod("ra", A, 0);
    sb(M, B);
    return def(M);
  }
  MOperand lop32i(StringRef Op, MOperand A, uint32_t V) {
    MInstBuilder M = start(SIMT::LOP32I);
    M.mod(SIMT::MG_Logic, modValue(SIMT::MG_Logic, Op)).regMod("ra", A, 0).imm("imm", V);
    return def(M);
  }
  MOperand shift(bool Left, MOperand A, Src B, bool U32 = true) {
    MInstBuilder M = start(Left ? SIMT::SHL : SIMT::SHR);
    if (!Left)
      M.mod(SIMT::MG_U32, U32);
    M.reg("ra", A);
    sb(M, B);
    return def(M);
  }
  /// (A << Shift) + B.
  MOperand iscadd(MOperand A, Src B, unsigned Shift) {
    MInstBuilder M = start(SIMT::ISCADD);
    M.regMod("ra", A, 0).imm("shift", Shift);
    sb(M, B);
    return def(M);
  }
  MOperand imul(MOperand A, Src B, bool Hi) {
    unsigned U = modValue(SIMT::MG_AType, "U32");
    MInstBuilder M = start(SIMT::IMUL);
    M.mod(SIMT::MG_AType, U).mod(SIMT::MG_BType, U).mod(SIMT::MG_Hi, Hi).reg("ra", A);
    sb(M, B);
    return def(M);
  }
  MOperand iabs(MOperand A) {
    MInstBuilder M = start(SIMT::IABS);
    sb(M, r(A));
    return def(M);
  }
  MOperand imin(MOperand A, Src B) {
    MInstBuilder M = start(SIMT::IMNMX);
    M.mod(SIMT::MG_U32, false).reg("ra", A);
    sb(M, B);
    M.reg("pp", MOperand::zero()); // PT: the minimum
    return def(M);
  }
  /// P ? A : B (with !P when PNeg).
  MOperand sel(MOperand A, Src B, MOperand P, bool PNeg = false) {
    MInstBuilder M = start(SIMT::SEL);
    M.reg("ra", A);
    sb(M, B);
    M.reg("pp", P, PNeg);
    return def(M);
  }
  MOperand mov32i(uint32_t V) {
    MInstBuilder M = start(SIMT::MOV32I);
    M.imm("imm", V);
    return def(M);
  }
  MOperand i2f(MOperand A, StringRef Rnd, StringRef IntSrc = "U32") {
    MInstBuilder M = start(SIMT::I2F);
    M.mod(SIMT::MG_FltDst, modValue(SIMT::MG_FltDst, "F32"))
        .mod(SIMT::MG_IntSrc, modValue(SIMT::MG_IntSrc, IntSrc))
        .mod(SIMT::MG_Rnd, modValue(SIMT::MG_Rnd, Rnd));
    sb(M, r(A));
    return def(M);
  }
  /// A as a signed integer, rounded by F2I mode Rnd (TRUNC, ROUND, ...).
  MOperand f2s(MOperand A, StringRef Rnd) {
    MInstBuilder M = start(SIMT::F2I);
    M.mod(SIMT::MG_IntDst, modValue(SIMT::MG_IntDst, "S32"))
        .mod(SIMT::MG_FltSrc, modValue(SIMT::MG_FltSrc, "F32"))
        .mod(SIMT::MG_FTZ, false)
        .mod(SIMT::MG_F2IRnd, modValue(SIMT::MG_F2IRnd, Rnd));
    sb(M, r(A));
    return def(M);
  }
  /// The index of A's highest set bit, 0xFFFFFFFF for 0 (FLO.U32).
  MOperand flo(MOperand A) {
    MInstBuilder M = start(SIMT::FLO);
    M.mod(SIMT::MG_U32, true).mod(SIMT::MG_SH, false);
    sb(M, r(A));
    return def(M);
  }
  MOperand f2u(MOperand A) {
    MInstBuilder M = start(SIMT::F2I);
    M.mod(SIMT::MG_IntDst, modValue(SIMT::MG_IntDst, "U32"))
        .mod(SIMT::MG_FltSrc, modValue(SIMT::MG_FltSrc, "F32"))
        .mod(SIMT::MG_FTZ, false)
        .mod(SIMT::MG_F2IRnd, modValue(SIMT::MG_F2IRnd, "TRUNC"));
    sb(M, r(A));
    return def(M);
  }
  /// A new predicate: (A cmp B) bop P.
  MOperand isetp(StringRef Cmp, bool U32, MOperand A, Src B, StringRef Bop = "AND",
                 MOperand P = MOperand::zero(), bool PNeg = false) {
    MInstBuilder M(SIMT::ISETP, S.Source);
    M.mod(SIMT::MG_ICmp, modValue(SIMT::MG_ICmp, Cmp)).mod(SIMT::MG_U32, U32);
    M.mod(SIMT::MG_Bop, modValue(SIMT::MG_Bop, Bop)).reg("ra", A);
    sb(M, B);
    M.reg("pp", P, PNeg);
    return defPred(M);
  }
  MOperand fsetp(StringRef Cmp, MOperand A, unsigned AFlags, Src B) {
    MInstBuilder M(SIMT::FSETP, S.Source);
    M.mod(SIMT::MG_FCmp, modValue(SIMT::MG_FCmp, Cmp)).mod(SIMT::MG_FTZ, false);
    M.regMod("ra", A, AFlags);
    sb(M, B);
    M.reg("pp", MOperand::zero());
    return defPred(M);
  }
  /// P bop Q.
  MOperand psetp(StringRef Bop, MOperand P, MOperand Q) {
    MInstBuilder M(SIMT::PSETP, S.Source);
    M.mod(SIMT::MG_Bop, modValue(SIMT::MG_Bop, Bop));
    M.reg("pp", P).reg("pq", Q).reg("pr", MOperand::zero());
    return defPred(M);
  }

  //===-- 64-bit values: register pairs (Sub 1 the low word, 2 the high) --===//

  /// The next helper writes Dst (a temporary's word, say) instead of a new
  /// temporary.
  Seq &into(MOperand Dst) {
    Into = Dst;
    return *this;
  }
  /// A new pair and its words.
  MOperand pair() { return MOperand::vreg(S.MF.newVReg(RegClass::GPR64)); }
  static MOperand lo(MOperand P) { return MOperand::vreg(P.Reg, 1); }
  static MOperand hi(MOperand P) { return MOperand::vreg(P.Reg, 2); }
  /// A pair from two words (two moves into a new pair).
  MOperand pairOf(MOperand Lo, MOperand Hi) {
    MOperand P = pair();
    into(lo(P)).mov(r(Lo));
    into(hi(P)).mov(r(Hi));
    return P;
  }
  /// A 64-bit constant in a new pair.
  MOperand const64(uint64_t V) {
    MOperand P = pair();
    into(lo(P)).mov32i(uint32_t(V));
    into(hi(P)).mov32i(uint32_t(V >> 32));
    return P;
  }
  /// The destination's words from Lo and Hi, under the guard (the end of a
  /// 64-bit integer sequence).
  void lastPair(MOperand Lo, MOperand Hi) {
    Last = true;
    Into = lo(D);
    mov(r(Lo));
    Last = true;
    Into = hi(D);
    mov(r(Hi));
  }
  MOperand mov(Src B) {
    MInstBuilder M = start(SIMT::MOV);
    sb(M, B);
    return def(M);
  }
  /// IADD with carry out (.CC) and/or carry in (.X).
  MOperand iaddc(MOperand A, Src B, bool CC, bool X, unsigned AFlags = 0) {
    MInstBuilder M = start(SIMT::IADD);
    M.mod(SIMT::MG_CC, CC).mod(SIMT::MG_X, X).regMod("ra", A, AFlags);
    sb(M, B);
    return def(M);
  }
  /// Ra * Sb + Rc, unsigned, low or high word, with .X/.CC.
  MOperand imad(MOperand A, Src B, MOperand C, bool Hi, bool CC = false, bool X = false) {
    unsigned U = modValue(SIMT::MG_AType, "U32");
    MInstBuilder M = start(SIMT::IMAD);
    M.mod(SIMT::MG_AType, U).mod(SIMT::MG_BType, U).mod(SIMT::MG_Hi, Hi);
    M.mod(SIMT::MG_CC, CC).mod(SIMT::MG_X, X).reg("ra", A);
    sb(M, B);
    M.reg("rc", C);
    return def(M);
  }
  /// DADD or DMUL (Opcode) on pairs.
  MOperand darith(unsigned Opcode, MOperand A, unsigned AFlags, Src B, StringRef Rnd = "RN") {
    MInstBuilder M = start(Opcode);
    M.mod(SIMT::MG_Rnd, modValue(SIMT::MG_Rnd, Rnd)).regMod("ra", A, AFlags);
    sb(M, B);
    return def(M, RegClass::GPR64);
  }
  MOperand dadd(MOperand A, unsigned AFlags, Src B) { return darith(SIMT::DADD, A, AFlags, B); }
  MOperand dmul(MOperand A, unsigned AFlags, Src B) { return darith(SIMT::DMUL, A, AFlags, B); }
  MOperand dfma(MOperand A, unsigned AFlags, Src B, MOperand C, unsigned CFlags = 0,
                StringRef Rnd = "RN") {
    MInstBuilder M = start(SIMT::DFMA);
    M.mod(SIMT::MG_Rnd, modValue(SIMT::MG_Rnd, Rnd)).regMod("ra", A, AFlags);
    sb(M, B);
    M.regMod("rc", C, CFlags);
    return def(M, RegClass::GPR64);
  }
  MOperand dsetp(StringRef Cmp, MOperand A, unsigned AFlags, Src B, StringRef Bop = "AND",
                 MOperand P = MOperand::zero(), bool PNeg = false) {
    MInstBuilder M(SIMT::DSETP, S.Source);
    M.mod(SIMT::MG_FCmp, modValue(SIMT::MG_FCmp, Cmp));
    M.mod(SIMT::MG_Bop, modValue(SIMT::MG_Bop, Bop)).regMod("ra", A, AFlags);
    sb(M, B);
    M.reg("pp", P, PNeg);
    return defPred(M);
  }
  /// A conversion: Opcode I2F/F2I/F2F/I2I with its type and rounding groups
  /// already chosen by the caller; the result is a pair when Wide.
  MOperand convert(unsigned Opcode, std::initializer_list<std::pair<unsigned, unsigned>> Mods,
                   Src B, bool Wide) {
    MInstBuilder M = start(Opcode);
    for (auto [G, V] : Mods)
      M.mod(G, V);
    sb(M, B);
    return def(M, Wide ? RegClass::GPR64 : RegClass::GPR);
  }

private:
  MInstBuilder start(unsigned Opcode) {
    MInstBuilder M(Opcode, S.Source);
    if (Last && S.Guard)
      M.guard(*S.Guard, S.GuardNegated);
    return M;
  }
  static void sb(MInstBuilder &M, const Src &B) {
    if (B.Imm)
      M.srcImm("sb", B.Field);
    else
      M.regMod("sb", B.R, B.Flags);
  }
  MOperand def(MInstBuilder &M, RegClass C = RegClass::GPR) {
    MOperand R = Into ? *Into : Last ? D : MOperand::vreg(S.MF.newVReg(C));
    Last = false;
    Into.reset();
    M.reg("rd", R);
    S.Block.Insts.push_back(M.take());
    return R;
  }
  MOperand defPred(MInstBuilder &M) {
    assert(!Last && "a sequence ends in a register write");
    MOperand P = MOperand::vreg(S.MF.newVReg(RegClass::Pred));
    M.reg("pu", P).reg("pv", MOperand::zero());
    S.Block.Insts.push_back(M.take());
    return P;
  }

  MathSink &S;
  MOperand D;
  bool Last = false;
  std::optional<MOperand> Into;
};


} // namespace simt::cc::mathseq
