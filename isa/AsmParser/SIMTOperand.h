//===-- SIMTOperand.h - Parsed assembly operands --------------------------===//
//
// What the parser makes of each operand before matching: the generated
// matcher asks the predicates below whether an operand fits an operand class
// of the .td files, and the render methods turn it into MC operands.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "MCTargetDesc/SIMTMCTargetDesc.h"
#include "MCTargetDesc/SIMTOperandFlags.h"
#include "SIMTLimits.h"
#include "SIMTModGroups.h"

#include "llvm/MC/MCExpr.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCParser/MCParsedAsmOperand.h"
#include "llvm/MC/MCParser/MCTargetAsmParser.h"

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>

namespace llvm {
namespace SIMT {

class SIMTOperand : public llvm::MCParsedAsmOperand {
public:
  enum class Kind {
    Token,    // mnemonic, `CC`, `PR`
    Guard,    // the @Pn guard (PT when absent)
    Modifier, // one modifier group slot
    Reg,      // a register, maybe with -, |..|, ~, .B0.., +offset
    Pred,     // {!}Pn
    Imm,      // an integer, a float, or a symbolic expression
    Const,    // c[bank][Ra+offset]
    Mem,      // [Ra+offset]
    SReg,     // SR_...
    CCTest,   // CC.xx
  };

  Kind K;
  llvm::SMLoc Start, End;
  std::string Tok;
  // Register-like operands.
  unsigned RegNum = 0; // the MC register (R0..R62, RZ)
  unsigned RegIdx = 63;
  unsigned Flags = 0;  // RM_* for registers
  unsigned Sel = 0;    // VSETP selector
  bool HasOffset = false;
  // Predicates and named values.
  unsigned Value = 0;  // pred index | neg, modifier value, SReg index, CC test
  unsigned Group = 0;  // modifier group
  // Immediates.
  const llvm::MCExpr *Expr = nullptr;
  std::optional<int64_t> Int; // set when the expression is a known constant
  bool IsReal = false;
  double Real = 0;
  // The bits of a `0f...` float: kept as written, since a signaling NaN
  // would not survive the trip through a double.
  std::optional<uint32_t> F32Bits;
  // A decimal real as written (sign included): read as a float directly,
  // not through a double, which could round twice.
  std::string RealText;
  bool Listing = false; // listing mode: hex immediates are raw fields
  // Const/Mem.
  int64_t Bank = 0;
  int64_t Offset = 0;
  llvm::SMLoc OffsetLoc; // the [offset] of c[bank][offset], for its diagnostic
  bool HasBase = false;

  SIMTOperand(Kind K, llvm::SMLoc S, llvm::SMLoc E) : K(K), Start(S), End(E) {}

  static std::unique_ptr<SIMTOperand> token(llvm::StringRef T, llvm::SMLoc S) {
    auto Op = std::make_unique<SIMTOperand>(Kind::Token, S, S);
    Op->Tok = T.str();
    return Op;
  }

  // MCParsedAsmOperand.
  bool isToken() const override { return K == Kind::Token; }
  bool isImm() const override { return K == Kind::Imm; }
  bool isReg() const override { return K == Kind::Reg; }
  bool isMem() const override { return K == Kind::Mem; }
  llvm::StringRef getToken() const { return Tok; }
  llvm::MCRegister getReg() const override { return RegNum; }
  llvm::SMLoc getStartLoc() const override { return Start; }
  llvm::SMLoc getEndLoc() const override { return End; }
  void print(llvm::raw_ostream &OS) const override { OS << "<simt operand>"; }

  using DP = llvm::DiagnosticPredicate;
  static DP near(bool OK) {
    return OK ? DP(llvm::DiagnosticPredicateTy::Match)
              : DP(llvm::DiagnosticPredicateTy::NearMatch);
  }

  // The immediate as a single-precision value.
  float realAsFloat() const {
    if (F32Bits) {
      float F;
      std::memcpy(&F, &*F32Bits, 4);
      return F;
    }
    if (!RealText.empty())
      return std::strtof(RealText.c_str(), nullptr);
    return float(IsReal ? Real : double(Int ? *Int : 0));
  }
  uint32_t realAsFloatBits() const {
    if (F32Bits)
      return *F32Bits;
    float F = realAsFloat();
    uint32_t B;
    std::memcpy(&B, &F, 4);
    return B;
  }

  bool plainReg() const { return K == Kind::Reg && !Flags && !Sel && !HasOffset; }
  bool pairReg() const { return RegIdx == 63 || (RegIdx % 2 == 0 && RegIdx <= 60); }
  bool quadReg() const { return RegIdx == 63 || (RegIdx % 4 == 0 && RegIdx <= 60); }
  bool regWithout(unsigned Forbidden) const {
    return K == Kind::Reg && !(Flags & Forbidden) && !Sel && !HasOffset;
  }

  // --- Predicates named by the .td operand classes ---
  DP isGuard() const { return near(K == Kind::Guard); }
  template <unsigned G, unsigned Allowed> DP isModifier() const {
    return near(K == Kind::Modifier && Group == G && Value < 32 &&
                (Allowed >> Value & 1));
  }
  DP isPredDst() const { return near(K == Kind::Pred && !(Value & PredNegBit)); }
  DP isPredSrc() const { return near(K == Kind::Pred); }
  DP isGPR32() const { return near(plainReg()); }
  DP isGPR64() const { return near(plainReg() && pairReg()); }
  DP isGPR128() const { return near(plainReg() && quadReg()); }
  DP isRegNeg() const { return near(regWithout(RM_Abs | RM_Inv)); }
  DP isRegNegAbs() const { return near(regWithout(RM_Inv)); }
  DP isRegNegAbs64() const { return near(regWithout(RM_Inv) && pairReg()); }
  DP isRegInv() const { return near(regWithout(RM_Neg | RM_Abs)); }
  DP isRegSel() const {
    return near(K == Kind::Reg && !Flags && !HasOffset);
  }
  DP isRegOff() const {
    return near(K == Kind::Reg && !Flags && !Sel);
  }

  // An Sb constant's offset: a word of the bank. (LDC's address takes any
  // 16-bit signed byte offset, so this is checked when matching, not parsing.)
  bool isSbConstOffset() const { return Offset >= 0 && Offset <= 0xfffc && Offset % 4 == 0; }
  // c[bank][offset] as Sb, with none of the Forbidden source modifiers.
  bool constWithout(unsigned Forbidden) const {
    return K == Kind::Const && !HasBase && Bank >= 0 && Bank <= 15 && isSbConstOffset() &&
           !(Flags & Forbidden);
  }
  std::optional<int64_t> intImm() const {
    if (K != Kind::Imm || IsReal)
      return std::nullopt;
    return Int;
  }
  // The 20-bit field of an integer Sb immediate.
  std::optional<uint32_t> sbIntField() const {
    auto V = intImm();
    if (!V)
      return std::nullopt;
    if (*V >= SbImmMin && *V <= SbImmMax)
      return uint32_t(*V) & 0xfffff;
    if (Listing && *V >= 0 && *V <= 0xfffff)
      return uint32_t(*V);
    return std::nullopt;
  }
  // The 20-bit field of a float Sb immediate (the float's high bits).
  std::optional<uint32_t> sbFloatField(bool Double) const {
    if (K != Kind::Imm)
      return std::nullopt;
    if (!IsReal && Listing) {
      if (Int && *Int >= 0 && *Int <= 0xfffff)
        return uint32_t(*Int);
      return std::nullopt;
    }
    double D;
    if (IsReal)
      D = Real;
    else if (Int)
      D = double(*Int);
    else
      return std::nullopt;
    if (F32Bits && !Double) {
      if (*F32Bits & 0xfff)
        return std::nullopt;
      return *F32Bits >> 12;
    }
    if (Double) {
      uint64_t Bits;
      std::memcpy(&Bits, &D, 8);
      if (Bits & ((1ull << 44) - 1))
        return std::nullopt;
      return uint32_t(Bits >> 44);
    }
    // Rounded to the nearest float, which must fit in 20 bits. An integer
    // must convert exactly.
    if (!IsReal && double(float(D)) != D)
      return std::nullopt;
    uint32_t Bits = realAsFloatBits();
    if (Bits & 0xfff)
      return std::nullopt;
    return Bits >> 12;
  }

  // A register or constant Sb without the Forbidden source modifiers, or
  // an immediate that `Imm` accepts.
  bool sbWithout(unsigned Forbidden) const {
    return regWithout(Forbidden) || constWithout(Forbidden);
  }
  DP isSbI() const { return near(sbWithout(~0u) || sbIntField()); }
  DP isSbINeg() const { return near(sbWithout(RM_Abs | RM_Inv) || sbIntField()); }
  DP isSbIInv() const { return near(sbWithout(RM_Neg | RM_Abs) || sbIntField()); }
  DP isSbF() const { return near(sbWithout(RM_Inv) || sbFloatField(false)); }
  DP isSbD() const {
    return near((regWithout(RM_Inv) && pairReg()) || constWithout(RM_Inv) ||
                sbFloatField(true));
  }
  DP isSbCvt() const {
    return near(sbWithout(RM_Inv) || sbIntField() || (IsReal && sbFloatField(false)));
  }
  // A constant third source (ScI, ScF, ScD): c[bank][offset] only.
  DP isScI() const { return near(constWithout(~0u)); }
  DP isScF() const { return near(constWithout(RM_Inv)); }
  DP isScD() const { return near(constWithout(RM_Inv)); }
  DP isSbBar() const {
    auto V = intImm();
    return near(regWithout(~0u) || (V && *V >= 0 && *V < simt::limits::kNumBarriers));
  }
  std::optional<uint32_t> imm32Bits() const {
    if (K != Kind::Imm)
      return std::nullopt;
    if (IsReal)
      return realAsFloatBits();
    if (Int && *Int >= INT32_MIN && *Int <= int64_t(UINT32_MAX))
      return uint32_t(*Int);
    return std::nullopt;
  }
  std::optional<uint32_t> fimm32Bits() const {
    if (K != Kind::Imm || (!IsReal && !Int))
      return std::nullopt;
    if (!IsReal && Listing)
      return imm32Bits();
    if (!IsReal && double(float(double(*Int))) != double(*Int))
      return std::nullopt;
    return realAsFloatBits();
  }
  DP isImm32() const { return near(imm32Bits().has_value()); }
  DP isFImm32() const { return near(fimm32Bits().has_value()); }
  DP inRange(int64_t Lo, int64_t Hi) const {
    auto V = intImm();
    return near(V && *V >= Lo && *V <= Hi);
  }
  DP isUImm5() const { return inRange(0, 31); }
  DP isUImm7() const { return inRange(0, 127); }
  DP isUImm16() const { return inRange(0, 65535); }
  DP isVImm16() const { return inRange(0, 65535); }
  DP isBarThreads() const {
    auto V = intImm();
    return near(V && simt::limits::isBarrierThreadCount(*V));
  }
  /// SHFL's c: the clamp lane in bits 0..4, the segment mask in bits 8..12.
  DP isShflC() const {
    auto V = intImm();
    return near(V && *V >= 0 && *V <= 0x1fff && (*V & 0xe0) == 0);
  }
  DP isMemAddr() const {
    return near(K == Kind::Mem && Offset >= MemOffMin && Offset <= MemOffMax);
  }
  DP isMemAddr20() const {
    return near(K == Kind::Mem && Offset >= MemOff20Min && Offset <= MemOff20Max);
  }
  DP isConstAddr() const {
    // The offset field is 16-bit signed (sign-extended when the address is
    // formed): 0x8000..0xffff would silently address below Ra.
    return near(K == Kind::Const && !Flags && Bank >= 0 && Bank <= 15 &&
                Offset >= -0x8000 && Offset <= 0x7fff);
  }
  DP isBrTarget() const {
    // A label or a kernel-relative byte address (MatchAndEmitInstruction
    // checks that it is a multiple of 8; before the kernel is encodable too).
    return near(K == Kind::Imm && !IsReal);
  }
  DP isSReg() const { return near(K == Kind::SReg); }
  DP isCCTest() const { return near(K == Kind::CCTest); }

  // --- Render methods ---
  void addRegOperands(llvm::MCInst &I, unsigned) const {
    I.addOperand(llvm::MCOperand::createReg(RegNum));
  }
  void addGPR32Operands(llvm::MCInst &I, unsigned N) const { addRegOperands(I, N); }
  void addGPR64Operands(llvm::MCInst &I, unsigned N) const { addRegOperands(I, N); }
  void addGPR128Operands(llvm::MCInst &I, unsigned N) const { addRegOperands(I, N); }
  void addRegModOperands(llvm::MCInst &I) const {
    I.addOperand(llvm::MCOperand::createReg(RegNum));
    I.addOperand(llvm::MCOperand::createImm(Flags));
  }
  void addRegNegOperands(llvm::MCInst &I, unsigned) const { addRegModOperands(I); }
  void addRegNegAbsOperands(llvm::MCInst &I, unsigned) const { addRegModOperands(I); }
  void addRegNegAbs64Operands(llvm::MCInst &I, unsigned) const { addRegModOperands(I); }
  void addRegInvOperands(llvm::MCInst &I, unsigned) const { addRegModOperands(I); }
  void addRegSelOperands(llvm::MCInst &I, unsigned) const {
    I.addOperand(llvm::MCOperand::createReg(RegNum));
    I.addOperand(llvm::MCOperand::createImm(Sel));
  }
  void addRegOffOperands(llvm::MCInst &I, unsigned) const {
    I.addOperand(llvm::MCOperand::createReg(RegNum));
    I.addOperand(llvm::MCOperand::createImm(Offset));
  }
  void addGuardOperands(llvm::MCInst &I, unsigned) const {
    I.addOperand(llvm::MCOperand::createImm(Value));
  }
  void addModifierOperands(llvm::MCInst &I, unsigned) const {
    I.addOperand(llvm::MCOperand::createImm(Value));
  }
  void addPredDstOperands(llvm::MCInst &I, unsigned) const {
    I.addOperand(llvm::MCOperand::createImm(Value));
  }
  void addPredSrcOperands(llvm::MCInst &I, unsigned) const {
    I.addOperand(llvm::MCOperand::createImm(Value));
  }
  void addSReg(llvm::MCInst &I) const {
    I.addOperand(llvm::MCOperand::createImm(Value));
  }
  void addSRegOperands(llvm::MCInst &I, unsigned) const { addSReg(I); }
  void addCCTestOperands(llvm::MCInst &I, unsigned) const { addSReg(I); }

  // Sb: register, raw value, flags. FloatKind 0 int, 1 float, 2 double.
  void addSrcB(llvm::MCInst &I, int FloatKind) const {
    using llvm::MCOperand;
    // Source modifiers of a register or a constant.
    const unsigned Mods = (Flags & RM_Neg ? unsigned(SB_Neg) : 0u) |
                          (Flags & RM_Abs ? unsigned(SB_Abs) : 0u) |
                          (Flags & RM_Inv ? unsigned(SB_Inv) : 0u);
    if (K == Kind::Reg) {
      I.addOperand(MCOperand::createReg(RegNum));
      I.addOperand(MCOperand::createImm(0));
      I.addOperand(MCOperand::createImm(SB_Reg | Mods));
      return;
    }
    I.addOperand(MCOperand::createReg(SIMT::RZ));
    if (K == Kind::Const) {
      I.addOperand(MCOperand::createImm(Bank << 16 | Offset));
      I.addOperand(MCOperand::createImm(SB_Const | Mods));
      return;
    }
    uint32_t Field;
    if (FloatKind == 0)
      Field = sbIntField() ? *sbIntField() : *sbFloatField(false);
    else
      Field = *sbFloatField(FloatKind == 2);
    I.addOperand(MCOperand::createImm(llvm::SignExtend64<20>(Field)));
    I.addOperand(MCOperand::createImm(SB_Imm));
  }
  void addSbIOperands(llvm::MCInst &I, unsigned) const { addSrcB(I, 0); }
  void addSbINegOperands(llvm::MCInst &I, unsigned) const { addSrcB(I, 0); }
  void addSbIInvOperands(llvm::MCInst &I, unsigned) const { addSrcB(I, 0); }
  void addSbCvtOperands(llvm::MCInst &I, unsigned) const { addSrcB(I, 0); }
  void addSbBarOperands(llvm::MCInst &I, unsigned) const { addSrcB(I, 0); }
  void addSbFOperands(llvm::MCInst &I, unsigned) const { addSrcB(I, 1); }
  void addSbDOperands(llvm::MCInst &I, unsigned) const { addSrcB(I, 2); }
  void addScIOperands(llvm::MCInst &I, unsigned) const { addSrcB(I, 0); }
  void addScFOperands(llvm::MCInst &I, unsigned) const { addSrcB(I, 1); }
  void addScDOperands(llvm::MCInst &I, unsigned) const { addSrcB(I, 2); }

  void addImm32Operands(llvm::MCInst &I, unsigned) const {
    I.addOperand(llvm::MCOperand::createImm(*imm32Bits()));
  }
  void addFImm32Operands(llvm::MCInst &I, unsigned) const {
    I.addOperand(llvm::MCOperand::createImm(*fimm32Bits()));
  }
  void addIntImm(llvm::MCInst &I) const {
    I.addOperand(llvm::MCOperand::createImm(*Int));
  }
  void addUImm5Operands(llvm::MCInst &I, unsigned) const { addIntImm(I); }
  void addUImm7Operands(llvm::MCInst &I, unsigned) const { addIntImm(I); }
  void addUImm16Operands(llvm::MCInst &I, unsigned) const { addIntImm(I); }
  void addBarThreadsOperands(llvm::MCInst &I, unsigned) const { addIntImm(I); }
  void addVImm16Operands(llvm::MCInst &I, unsigned) const { addIntImm(I); }
  void addShflCOperands(llvm::MCInst &I, unsigned) const { addIntImm(I); }
  void addImmOperands(llvm::MCInst &I, unsigned) const { addIntImm(I); }
  void addMemAddrOperands(llvm::MCInst &I, unsigned) const {
    I.addOperand(llvm::MCOperand::createReg(RegNum));
    I.addOperand(llvm::MCOperand::createImm(Offset));
  }
  void addMemAddr20Operands(llvm::MCInst &I, unsigned N) const {
    addMemAddrOperands(I, N);
  }
  void addConstAddrOperands(llvm::MCInst &I, unsigned) const {
    I.addOperand(llvm::MCOperand::createImm(Bank));
    I.addOperand(llvm::MCOperand::createReg(RegNum));
    I.addOperand(llvm::MCOperand::createImm(Offset));
  }
  void addBrTargetOperands(llvm::MCInst &I, unsigned) const {
    I.addOperand(llvm::MCOperand::createExpr(Expr));
  }
};

} // namespace SIMT
} // namespace llvm
