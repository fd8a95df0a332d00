//===-- SIMTMCOutput.h - The MC layer set up to write SIMT code -----------===//
//
// Everything LLVM MC needs to write SIMT code, created and owned together:
// the target's register, instruction, subtarget and assembly info, an
// MCContext, and a streamer (an ELF object writer or an assembly printer)
// with its SIMTTargetStreamer. simt-as puts its parser in front of one; a
// compiler emits kernel directives and MCInsts straight into one, without
// printing and re-parsing text:
//
//   SIMTMCOutput Out(OS, {});                      // an ELF object into OS
//   SIMTTargetStreamer &TS = Out.targetStreamer();
//   cantFail(TS.emitKernelBegin("scale"));
//   uint64_t N = cantFail(TS.emitParam("n", 4));   // its offset in c[0x0]
//   Out.streamer().emitInstruction(Inst, Out.subtargetInfo());
//   cantFail(TS.emitKernelEnd());
//   Out.finish();                                  // .simt.info, the object
//
// The emit* methods return an llvm::Error for what TOOLS.md rejects (a
// second kernel of one name, .regs 70, parameters beyond c[0x0], ...).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/MC/MCTargetOptions.h"

#include <memory>

namespace llvm {
class MCAsmInfo;
class MCContext;
class MCInstrInfo;
class MCObjectFileInfo;
class MCRegisterInfo;
class MCStreamer;
class MCSubtargetInfo;
class SourceMgr;
class raw_pwrite_stream;
} // namespace llvm
class SIMTTargetStreamer;

class SIMTMCOutput {
public:
  enum class Kind { Object, Text };
  struct Options {
    Kind Output = Kind::Object;
    bool ShowEncoding = false; ///< Text: `// encoding: [...]` per instruction
    /// The assembler's input, for diagnostics that point into it.
    llvm::SourceMgr *SrcMgr = nullptr;
  };

  /// Text is written to OS as it is emitted, an object by finish().
  SIMTMCOutput(llvm::raw_pwrite_stream &OS, const Options &Opts);
  ~SIMTMCOutput();

  llvm::MCContext &context() { return *Ctx; }
  llvm::MCStreamer &streamer() { return *Streamer; }
  SIMTTargetStreamer &targetStreamer();
  const llvm::MCAsmInfo &asmInfo() const { return *MAI; }
  const llvm::MCInstrInfo &instrInfo() const { return *MCII; }
  const llvm::MCSubtargetInfo &subtargetInfo() const { return *STI; }
  const llvm::MCTargetOptions &targetOptions() const { return MCOptions; }

  /// Ends the output (an assembler's parser does this itself at the end of
  /// its input): the `.simt.info` metadata, then the object file. False when
  /// the MC layer reported an error, such as a kernel left open.
  bool finish();

private:
  llvm::MCTargetOptions MCOptions;
  std::unique_ptr<llvm::MCRegisterInfo> MRI;
  std::unique_ptr<llvm::MCAsmInfo> MAI;
  std::unique_ptr<llvm::MCInstrInfo> MCII;
  std::unique_ptr<llvm::MCSubtargetInfo> STI;
  std::unique_ptr<llvm::MCContext> Ctx;
  std::unique_ptr<llvm::MCObjectFileInfo> MOFI;
  std::unique_ptr<llvm::MCStreamer> Streamer;
};
