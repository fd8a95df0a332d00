//===-- SIMTInstPrinter.h - Canonical assembly text -----------------------===//
//
// Prints an MCInst in the canonical form of ISA.md ("Canonical printing"):
// guard prefix, modifiers in operand order without defaults, upper-case
// registers, lower-case hex integers, shortest exact float decimals.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/MC/MCInstPrinter.h"

#include <functional>
#include <string>

class SIMTInstPrinter : public llvm::MCInstPrinter {
public:
  SIMTInstPrinter(const llvm::MCAsmInfo &MAI, const llvm::MCInstrInfo &MII,
                  const llvm::MCRegisterInfo &MRI)
      : MCInstPrinter(MAI, MII, MRI) {}

  /// Names a code address for branch operands (objdump's labels); when it
  /// returns an empty string the address prints as hex.
  void setLabelResolver(std::function<std::string(uint64_t)> R) {
    LabelFor = std::move(R);
  }

  std::pair<const char *, uint64_t> getMnemonic(const llvm::MCInst *MI) override;
  void printInstruction(const llvm::MCInst *MI, uint64_t Address,
                        llvm::raw_ostream &O);
  bool printAliasInstr(const llvm::MCInst *MI, uint64_t Address,
                       llvm::raw_ostream &O);
  static const char *getRegisterName(llvm::MCRegister Reg);

  void printInst(const llvm::MCInst *MI, uint64_t Address,
                 llvm::StringRef Annot, const llvm::MCSubtargetInfo &STI,
                 llvm::raw_ostream &O) override;
  void printRegName(llvm::raw_ostream &O, llvm::MCRegister Reg) const override;

  // Operand printers named by PrintMethod in the .td files.
  void printOperand(const llvm::MCInst *MI, unsigned OpNo, llvm::raw_ostream &O);
  void printGuard(const llvm::MCInst *MI, unsigned OpNo, llvm::raw_ostream &O);
  template <unsigned Group>
  void printModifier(const llvm::MCInst *MI, unsigned OpNo,
                     llvm::raw_ostream &O) {
    printModifierOf(Group, MI, OpNo, O);
  }
  void printPredicate(const llvm::MCInst *MI, unsigned OpNo, llvm::raw_ostream &O);
  void printRegMod(const llvm::MCInst *MI, unsigned OpNo, llvm::raw_ostream &O);
  void printRegSel(const llvm::MCInst *MI, unsigned OpNo, llvm::raw_ostream &O);
  void printSrcBInt(const llvm::MCInst *MI, unsigned OpNo, llvm::raw_ostream &O);
  void printSrcBFloat(const llvm::MCInst *MI, unsigned OpNo, llvm::raw_ostream &O);
  void printSrcBDouble(const llvm::MCInst *MI, unsigned OpNo, llvm::raw_ostream &O);
  void printImm32(const llvm::MCInst *MI, unsigned OpNo, llvm::raw_ostream &O);
  void printFImm32(const llvm::MCInst *MI, unsigned OpNo, llvm::raw_ostream &O);
  void printImm(const llvm::MCInst *MI, unsigned OpNo, llvm::raw_ostream &O);
  void printMemAddr(const llvm::MCInst *MI, unsigned OpNo, llvm::raw_ostream &O);
  void printConstAddr(const llvm::MCInst *MI, unsigned OpNo, llvm::raw_ostream &O);
  void printRegOff(const llvm::MCInst *MI, unsigned OpNo, llvm::raw_ostream &O);
  void printBrTarget(const llvm::MCInst *MI, uint64_t Address, unsigned OpNo,
                     llvm::raw_ostream &O);
  void printSReg(const llvm::MCInst *MI, unsigned OpNo, llvm::raw_ostream &O);
  void printCCTest(const llvm::MCInst *MI, unsigned OpNo, llvm::raw_ostream &O);

  /// Text helpers shared with the debugger and objdump.
  static std::string formatHex(int64_t V);
  static std::string formatFloat(float F);
  static std::string formatDouble(double D);

private:
  void printModifierOf(unsigned Group, const llvm::MCInst *MI, unsigned OpNo,
                       llvm::raw_ostream &O);
  void printSrcB(const llvm::MCInst *MI, unsigned OpNo, llvm::raw_ostream &O,
                 int FloatKind);
  std::function<std::string(uint64_t)> LabelFor;
};
