//===-- SIMTMCTargetDesc.cpp - Registration of the SIMT MC layer ----------===//
//
// Creates the generated register, instruction and subtarget tables and
// registers every MC component under the target name `simt`, the streamers
// with their SIMTTargetStreamer among them.
//
//===----------------------------------------------------------------------===//
#include "MCTargetDesc/SIMTMCTargetDesc.h"
#include "MCTargetDesc/SIMTInstPrinter.h"
#include "MCTargetDesc/SIMTELFStreamer.h"
#include "MCTargetDesc/SIMTMCAsmInfo.h"
#include "MCTargetDesc/SIMTTargetStreamer.h"

#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCRegisterInfo.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;

#define GET_INSTRINFO_MC_DESC
#define ENABLE_INSTR_PREDICATE_VERIFIER
#pragma GCC diagnostic push // LLVM's generated tables: unused parameters
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wunused-function"
#include "SIMTGen_instr_info.inc"
#pragma GCC diagnostic pop

#define GET_REGINFO_MC_DESC
#pragma GCC diagnostic push // LLVM's generated tables: unused parameters
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wunused-function"
#include "SIMTGen_register_info.inc"
#pragma GCC diagnostic pop

#define GET_SUBTARGETINFO_MC_DESC
#pragma GCC diagnostic push // LLVM's generated tables: unused parameters
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wunused-function"
#include "SIMTGen_subtarget.inc"
#pragma GCC diagnostic pop

static const MCPhysReg GPRByIndex[64] = {
#define R(N) SIMT::R##N
    R(0),  R(1),  R(2),  R(3),  R(4),  R(5),  R(6),  R(7),  R(8),  R(9),
    R(10), R(11), R(12), R(13), R(14), R(15), R(16), R(17), R(18), R(19),
    R(20), R(21), R(22), R(23), R(24), R(25), R(26), R(27), R(28), R(29),
    R(30), R(31), R(32), R(33), R(34), R(35), R(36), R(37), R(38), R(39),
    R(40), R(41), R(42), R(43), R(44), R(45), R(46), R(47), R(48), R(49),
    R(50), R(51), R(52), R(53), R(54), R(55), R(56), R(57), R(58), R(59),
    R(60), R(61), R(62), SIMT::RZ
#undef R
};

MCRegister SIMT::gprFromIndex(unsigned Idx) { return GPRByIndex[Idx & 63]; }

unsigned SIMT::gprIndex(MCRegister Reg) {
  for (unsigned I = 0; I < 64; ++I)
    if (GPRByIndex[I] == Reg)
      return I;
  return 63;
}

Target &SIMT::getTheSIMTTarget() {
  static Target TheSIMTTarget;
  return TheSIMTTarget;
}

static MCInstrInfo *createSIMTMCInstrInfo() {
  auto *X = new MCInstrInfo();
  InitSIMTMCInstrInfo(X);
  return X;
}

static MCRegisterInfo *createSIMTMCRegisterInfo(const Triple &) {
  auto *X = new MCRegisterInfo();
  InitSIMTMCRegisterInfo(X, SIMT::RZ);
  return X;
}

static MCSubtargetInfo *createSIMTMCSubtargetInfo(const Triple &TT,
                                                  StringRef CPU, StringRef FS) {
  return createSIMTMCSubtargetInfoImpl(TT, CPU.empty() ? "generic" : CPU,
                                       /*TuneCPU=*/CPU, FS);
}

static MCAsmInfo *createSIMTMCAsmInfo(const MCRegisterInfo &, const Triple &TT,
                                      const MCTargetOptions &) {
  return new SIMTMCAsmInfo(TT);
}

static MCInstPrinter *createSIMTMCInstPrinter(const Triple &, unsigned,
                                              const MCAsmInfo &MAI,
                                              const MCInstrInfo &MII,
                                              const MCRegisterInfo &MRI) {
  return new SIMTInstPrinter(MAI, MII, MRI);
}

static MCTargetStreamer *createSIMTObjectTargetStreamer(MCStreamer &S,
                                                        const MCSubtargetInfo &) {
  return new SIMTTargetELFStreamer(S);
}

static MCTargetStreamer *createSIMTAsmTargetStreamer(MCStreamer &S,
                                                     formatted_raw_ostream &,
                                                     MCInstPrinter *) {
  return new SIMTTargetAsmStreamer(S);
}

static MCTargetStreamer *createSIMTNullTargetStreamer(MCStreamer &S) {
  return new SIMTTargetStreamer(S);
}

void LLVMInitializeSIMTAsmParser();
void LLVMInitializeSIMTDisassembler();

void SIMT::initializeSIMTTarget() {
  static bool Done = false;
  if (Done)
    return;
  Done = true;
  Target &T = getTheSIMTTarget();
  RegisterTarget<Triple::UnknownArch, /*HasJIT=*/false> X(
      T, "simt", "SIMT GPU instruction set", "SIMT");
  TargetRegistry::RegisterMCAsmInfo(T, createSIMTMCAsmInfo);
  TargetRegistry::RegisterMCInstrInfo(T, createSIMTMCInstrInfo);
  TargetRegistry::RegisterMCRegInfo(T, createSIMTMCRegisterInfo);
  TargetRegistry::RegisterMCSubtargetInfo(T, createSIMTMCSubtargetInfo);
  TargetRegistry::RegisterMCInstPrinter(T, createSIMTMCInstPrinter);
  TargetRegistry::RegisterMCCodeEmitter(T, createSIMTMCCodeEmitter);
  TargetRegistry::RegisterMCAsmBackend(T, createSIMTAsmBackend);
  TargetRegistry::RegisterELFStreamer(T, createSIMTELFStreamer);
  TargetRegistry::RegisterObjectTargetStreamer(T, createSIMTObjectTargetStreamer);
  TargetRegistry::RegisterAsmTargetStreamer(T, createSIMTAsmTargetStreamer);
  TargetRegistry::RegisterNullTargetStreamer(T, createSIMTNullTargetStreamer);
  LLVMInitializeSIMTAsmParser();
  LLVMInitializeSIMTDisassembler();
}
