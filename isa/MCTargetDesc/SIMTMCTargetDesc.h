//===-- SIMTMCTargetDesc.h - SIMT target descriptions ---------------------===//
//
// Entry points of the SIMT MC layer: the target, factories of its MC
// components, and the generated register/instruction enums.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/MC/MCRegister.h"
#include "llvm/MC/MCTargetOptions.h"
#include "llvm/Support/DataTypes.h"
#include <memory>

namespace llvm {
class MCAsmBackend;
class MCCodeEmitter;
class MCContext;
class MCInstrInfo;
class MCObjectTargetWriter;
class MCRegisterInfo;
class MCSubtargetInfo;
class Target;
} // namespace llvm

namespace llvm {
namespace SIMT {
llvm::Target &getTheSIMTTarget();
/// Registers every SIMT MC component with the TargetRegistry (idempotent).
void initializeSIMTTarget();
inline constexpr const char *TripleName = "simt-unknown-unknown";
} // namespace SIMT
} // namespace llvm

llvm::MCCodeEmitter *createSIMTMCCodeEmitter(const llvm::MCInstrInfo &MCII,
                                             llvm::MCContext &Ctx);
llvm::MCAsmBackend *createSIMTAsmBackend(const llvm::Target &T,
                                         const llvm::MCSubtargetInfo &STI,
                                         const llvm::MCRegisterInfo &MRI,
                                         const llvm::MCTargetOptions &Options);
std::unique_ptr<llvm::MCObjectTargetWriter> createSIMTELFObjectWriter();

#define GET_REGINFO_ENUM
#include "SIMTGen_register_info.inc"

#define GET_INSTRINFO_ENUM
#include "SIMTGen_instr_info.inc"

#define GET_SUBTARGETINFO_ENUM
#include "SIMTGen_subtarget.inc"

namespace llvm {
namespace SIMT {
/// R0..R62 for 0..62, RZ for 63 (the generated enum is in name order).
llvm::MCRegister gprFromIndex(unsigned Idx);
/// The inverse: 0..62 for R0..R62, 63 for RZ.
unsigned gprIndex(llvm::MCRegister Reg);
} // namespace SIMT
} // namespace llvm
