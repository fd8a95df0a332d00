//===-- InstructionBuilder.h - One PTX instruction rewritten as several ---===//
//
// What a rewrite of one instruction (the site) into a sequence needs: new
// registers of the function, and instructions at the site (its location and
// guard; Instruction::at) appended to the output.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "cc/ptx/PTXIR.h"

#include <vector>

namespace simt::cc {

class InstructionBuilder {
protected:
  InstructionBuilder(Function &F, const Instruction &Site, std::vector<Instruction> &Out,
                     llvm::StringRef Prefix)
      : F(F), Site(Site), Out(Out), Prefix(Prefix) {}

  /// A new register of type T, named Prefix and a number.
  Operand temp(PTXType T) { return Operand::reg(F.addRegister(T, Prefix), Site.Loc); }
  /// Appends an instruction; the reference lasts until the next emit.
  Instruction &emit(Opcode Op, std::initializer_list<PTXType> Types, std::vector<Operand> Ops,
                    std::initializer_list<Modifier> Mods = {}) {
    Out.push_back(Instruction::at(Site, Op, Types, std::move(Ops), Mods));
    return Out.back();
  }
  const Operand &op(unsigned N) const { return Site.Ops[N]; }
  /// A register holding Op: Op itself, or the constant moved to a new one
  /// of type T.
  Operand inRegister(const Operand &Op, PTXType T) {
    if (Op.K == Operand::Reg)
      return Op;
    Operand R = temp(T);
    emit(Opcode::Mov, {T}, {R, Op});
    return R;
  }

  /// An instruction of the expansion that runs in every lane (no guard).
  static void unguarded(Instruction &I) {
    I.Guard.reset();
    I.GuardNegated = false;
  }
  /// P and the site's guard, computed in every lane, so that the lanes the
  /// site's guard leaves out get false: the guard of an instruction that
  /// must run only where P holds (a guard of its own replaces the site's).
  Operand withGuard(const Operand &P) {
    if (!Site.Guard)
      return P;
    Operand Both = temp(PTXType::Pred), G = Operand::reg(*Site.Guard, Site.Loc);
    if (Site.GuardNegated) {
      Operand NotG = temp(PTXType::Pred);
      unguarded(emit(Opcode::Not, {PTXType::Pred}, {NotG, G}));
      G = NotG;
    }
    unguarded(emit(Opcode::And, {PTXType::Pred}, {Both, P, G}));
    return Both;
  }
  /// An instruction guarded by P (which withGuard made) instead.
  Instruction &guarded(const Operand &P, Opcode Op, std::initializer_list<PTXType> Types,
                       std::vector<Operand> Ops) {
    Instruction &I = emit(Op, Types, std::move(Ops));
    I.Guard = P.RegId;
    I.GuardNegated = false;
    return I;
  }

  Function &F;
  const Instruction &Site;
  std::vector<Instruction> &Out;

private:
  llvm::StringRef Prefix;
};

/// Runs an Expander (an InstructionBuilder with a constructor (F, Site, Out)
/// and `bool run()`) on Site: what it emitted is appended to Out when it
/// expands Site, nothing when it declines.
template <class Expander>
bool runExpander(Function &F, const Instruction &Site, std::vector<Instruction> &Out) {
  std::vector<Instruction> Expansion;
  Expander X(F, Site, Expansion);
  if (!X.run())
    return false;
  Out.insert(Out.end(), std::make_move_iterator(Expansion.begin()),
             std::make_move_iterator(Expansion.end()));
  return true;
}

/// A .f32 or .f64 immediate of the given IEEE bits.
inline Operand floatImm(uint64_t Bits, uint8_t Width) {
  Operand Op = Operand::imm(static_cast<int64_t>(Bits));
  Op.K = Operand::FImm;
  Op.FBits = Width;
  return Op;
}
inline Operand f32Imm(uint32_t Bits) { return floatImm(Bits, 32); }
inline Operand f64Imm(uint64_t Bits) { return floatImm(Bits, 64); }

} // namespace simt::cc
