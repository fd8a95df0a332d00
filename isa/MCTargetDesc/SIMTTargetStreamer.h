//===-- SIMTTargetStreamer.h - Kernel metadata directives -------*- C++ -*-===//
//
// The kernel directives of TOOLS.md (.kernel/.end_kernel, .func/.end_func,
// .param, .shared, .local, .max_stack, .regs, .simt_listing) as a target
// streamer API, as LLVM targets put their directives (RISCVTargetStreamer).
// The assembler's parser calls it after parsing a directive; a compiler
// calls the same methods around the MCInsts it emits. This class owns the
// rules (ranges, nesting, parameter layout) and the metadata of every kernel
// and device function, including its register count: the streamers report
// each emitted MCInst, so without `.regs` the count is the highest register
// used + 1 for any client. The base class enters each kernel's section and
// defines its symbols through the MCStreamer (all an object streamer needs;
// it is the null streamer's); SIMTTargetELFStreamer adds the `.simt.info`
// section, SIMTTargetAsmStreamer prints the directives instead.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/MC/MCStreamer.h"
#include "llvm/Support/Error.h"

#include "SIMTLevel.h"
#include "SIMTLimits.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class MCSection;
namespace SIMT {
/// Kernel resource limits and the parameter ABI (ISA.md 1 and 6, TOOLS.md);
/// the limits are SIMTLimits.h's, which the loader and the emulator check too.
inline constexpr uint64_t FirstParamOffset = simt::limits::kFirstParamOffset; ///< in c[0x0]
inline constexpr uint64_t ParamBankBytes = simt::limits::kConstBankBytes;
inline constexpr uint64_t MaxParamAlign = 8; ///< cap of the natural alignment
inline constexpr uint64_t MaxSharedBytes = simt::limits::kMaxSharedBytes;
inline constexpr uint64_t MaxLocalBytes = simt::limits::kMaxLocalBytes; ///< per thread
inline constexpr uint64_t MaxStackEntries = simt::limits::kMaxStackDepth;
inline constexpr uint64_t DefaultMaxStack = simt::limits::kDefaultStackDepth;
inline constexpr unsigned MaxRegs = simt::limits::kMaxRegs; ///< R0..R62 (R63 is RZ)
} // namespace SIMT
} // namespace llvm

/// The pointer size of a kernel's parameters (`abi=` in `.simt.info`, the
/// size of a run script's plain buffer argument): 8 bytes as ISA.md 1.1
/// says, or 4 for code compiled for 32-bit addresses (simt-cc -m32, a
/// listing from a 32-bit host).
enum class SIMTAbi : uint8_t {
  Ptr64,
  Ptr32,
  /// A listing kernel whose banner does not say (no `compile_size`, no
  /// EF_CUDA_64BIT_ADDRESS): 64-bit if it addresses memory with `.E`
  /// (only 64-bit code does), else 32-bit.
  Infer,
};

/// One kernel or device function as its directives describe it.
struct SIMTKernelRecord {
  struct Param {
    std::string Name;
    uint64_t Offset, Size, Align;
  };
  std::string Name;
  bool IsFunc = false;
  bool Listing = false; ///< assembled from a cuobjdump listing (Fermi's launch block)
  SIMTAbi Abi = SIMTAbi::Ptr64;
  bool UsesWideAddress = false; ///< some instruction addresses memory with .E
  uint64_t Shared = 0, Local = 0, MaxStack = llvm::SIMT::DefaultMaxStack;
  std::optional<unsigned> DeclaredRegs; ///< `.regs`
  unsigned RegsUsed = 0;                ///< highest register used + 1
  uint64_t NextParam = llvm::SIMT::FirstParamOffset;
  std::vector<Param> Params; ///< in declaration order
  /// Address 0 of the kernel's section (absolute branch targets count from
  /// it); a local label, so such fixups resolve without a relocation.
  llvm::MCSymbol *Start = nullptr;

  /// The register count the object records.
  unsigned regs() const { return DeclaredRegs ? *DeclaredRegs : std::max(RegsUsed, 1u); }
  /// The pointer size in bits the object records (Infer resolved).
  unsigned abiBits() const {
    if (Abi == SIMTAbi::Infer)
      return UsesWideAddress ? 64 : 32;
    return Abi == SIMTAbi::Ptr32 ? 32 : 64;
  }
};

/// A module variable as `.const_var` / `.global_var` describe it: a
/// `__constant__` variable at a fixed offset of a user constant bank, or a
/// `__device__` variable at a fixed offset of the object's global-variable
/// block (placed in device memory at load). `.var_data` gives its initial
/// bytes; the rest of it is zero.
struct SIMTVarRecord {
  std::string Name;
  bool IsConst = false;
  unsigned Bank = 0;   ///< `.const_var`: 2..15
  uint64_t Offset = 0; ///< in the bank, or in the global-variable block
  uint64_t Size = 0;
  uint64_t Align = 1;  ///< `.global_var`: its alignment (the block's is the largest)
  std::string Type;    ///< element type for the tools: u8, s8, ... f32, f64
  std::vector<uint8_t> Data;
  /// `.var_addr`: the 64-bit words of it that hold a `__device__`
  /// variable's address, which the loader writes once it has placed them.
  struct Address {
    uint64_t At = 0;    ///< bytes from the variable's start
    std::string Target; ///< a `.global_var`
    int64_t Addend = 0;
  };
  std::vector<Address> Addresses;
};

/// The directive that declares V (`.const_var ...` or `.global_var ...`)
/// and the `.var_data` lines of Bytes (sixteen a line), as -S and
/// simt-objdump -d print them.
std::string formatVarDirective(const SIMTVarRecord &V);
std::vector<std::string> formatVarData(llvm::ArrayRef<uint8_t> Bytes);
/// `.var_addr HOLDER, AT, TARGET[+ADDEND]`.
std::string formatVarAddress(llvm::StringRef Holder, const SIMTVarRecord::Address &A);

class SIMTTargetStreamer : public llvm::MCTargetStreamer {
public:
  explicit SIMTTargetStreamer(llvm::MCStreamer &S);

  /// `.kernel NAME` / `.func NAME`: opens the code of NAME in its own section
  /// `.text.NAME` with a global symbol NAME at its start. Fails (and emits
  /// nothing) when NAME is already a kernel or function, or one is open. A
  /// kernel's ABI is its compiler's pointer size (SIMTAbi::Infer only in
  /// listing mode); the text streamer prints `.abi` when it is not the
  /// default (64, or Infer in listing mode).
  llvm::Error emitKernelBegin(llvm::StringRef Name, SIMTAbi Abi = SIMTAbi::Ptr64) {
    return beginCode(Name, false, Abi);
  }
  llvm::Error emitFuncBegin(llvm::StringRef Name) { return beginCode(Name, true, SIMTAbi::Ptr64); }
  /// `.abi 32|64` inside a kernel: its pointer size (a listing's
  /// `.headerflags` with EF_CUDA_64BIT_ADDRESS).
  llvm::Error emitAbi(SIMTAbi Abi);
  /// `.end_kernel` / `.end_func`: fails when the open one is not of that kind
  /// or uses registers beyond its `.regs`.
  llvm::Error emitKernelEnd() { return endCode(false); }
  llvm::Error emitFuncEnd() { return endCode(true); }
  /// `.param NAME, SIZE[, ALIGN]`: the next parameter of the open kernel, at
  /// the next multiple of ALIGN (0: natural, the largest power of 2 dividing
  /// SIZE, at most 8) in c[0x0]. Returns that offset; NAME becomes a symbol
  /// with it as value.
  llvm::Expected<uint64_t> emitParam(llvm::StringRef Name, uint64_t Size, uint64_t Align = 0);
  /// `.shared BYTES`, `.local BYTES`, `.max_stack ENTRIES`, `.regs N` of the
  /// open kernel or function.
  llvm::Error emitShared(uint64_t Bytes);
  llvm::Error emitLocal(uint64_t Bytes);
  llvm::Error emitMaxStack(uint64_t Entries);
  llvm::Error emitRegs(uint64_t Count);
  /// `.simt_listing`: kernels opened from now on come from a cuobjdump
  /// listing (Fermi's launch block; they may stay open at the end).
  void emitListingMode();
  /// `.target sm_NN`: the level of the ISA the object is for (SIMTLevel.h),
  /// before any kernel, function or variable, at most once. The object
  /// records a level above the base (`target sm_35` in `.simt.info`).
  llvm::Error emitTarget(unsigned SM);
  /// The object's level (the base level unless `.target` said).
  unsigned targetLevel() const { return TargetSM; }

  /// `.const_var NAME, BANK, OFFSET, SIZE, TYPE`: a variable in user
  /// constant bank BANK (2..15) at OFFSET, overlapping no other.
  llvm::Error emitConstVar(llvm::StringRef Name, uint64_t Bank, uint64_t Offset, uint64_t Size,
                           llvm::StringRef Type);
  /// `.global_var NAME, OFFSET, SIZE, ALIGN, TYPE`: a variable at OFFSET (a
  /// multiple of ALIGN) of the global-variable block, overlapping no other.
  llvm::Error emitGlobalVar(llvm::StringRef Name, uint64_t Offset, uint64_t Size, uint64_t Align,
                            llvm::StringRef Type);
  /// `.var_data BYTE, ...`: the next initial bytes of the last variable.
  llvm::Error emitVarData(llvm::ArrayRef<uint8_t> Bytes);
  /// Every module variable, in the order declared.
  llvm::ArrayRef<SIMTVarRecord> vars() const { return Vars; }
  /// The section holding the initial bytes of constant bank Bank
  /// (`.simt.const.BANK`) or of the global-variable block (`.simt.global`).
  llvm::MCSection *varSection(const SIMTVarRecord &V);

  /// The streamers call this for each MCInst they emit: counts the open
  /// kernel's registers.
  void noteInstruction(const llvm::MCInst &Inst);

  /// The kernel or function being emitted, if any (valid until the next
  /// one begins).
  const SIMTKernelRecord *openKernel() const {
    return Open ? &Kernels.back() : nullptr;
  }
  /// Every kernel and function so far, in the order they were opened.
  llvm::ArrayRef<SIMTKernelRecord> kernels() const { return Kernels; }

  /// `.var_addr HOLDER, AT, TARGET[+ADDEND]`: the 64-bit word at byte AT
  /// of the variable HOLDER is the address of the `.global_var` TARGET
  /// plus ADDEND. Both must be declared before.
  llvm::Error emitVarAddress(llvm::StringRef Holder, uint64_t At, llvm::StringRef Target,
                             int64_t Addend);

  /// Checks a directive's context and arguments without emitting, for a
  /// parser to report errors at the token concerned before reading on.
  llvm::Error checkInsideKernel(llvm::StringRef Directive) const;
  static llvm::Error checkParamSize(uint64_t Size);
  static llvm::Error checkParamAlign(uint64_t Align);
  /// An error naming the kernel still open at the end, unless it is a
  /// listing's (a listing's last function needs no end).
  llvm::Error checkAllClosed() const;

  /// What the object's `.simt.info` section holds (TOOLS.md).
  std::string simtInfo() const;

  /// Reports a kernel left open (MCContext::reportError).
  void finish() override;

protected:
  // What each variant makes of a directive once it has been checked and
  // recorded. emitCodeBegin sets K.Start.
  virtual void emitCodeBegin(SIMTKernelRecord &K);
  virtual void emitCodeEnd(const SIMTKernelRecord &) {}
  virtual void emitParamSymbol(const SIMTKernelRecord::Param &P);
  virtual void emitResource(llvm::StringRef /*Directive*/, uint64_t /*Value*/) {}
  virtual void emitListingDirective() {}
  virtual void emitAbiDirective(SIMTAbi /*Abi*/) {}
  virtual void emitTargetDirective(unsigned /*SM*/) {}
  virtual void emitVarDirective(const SIMTVarRecord & /*V*/) {}
  virtual void emitVarBytes(llvm::ArrayRef<uint8_t> /*Bytes*/) {}
  virtual void emitVarAddressDirective(llvm::StringRef /*Holder*/,
                                       const SIMTVarRecord::Address & /*A*/) {}

  /// The section `.text.NAME` of a kernel or function.
  llvm::MCSection *codeSection(llvm::StringRef Name);

private:
  llvm::Error beginCode(llvm::StringRef Name, bool IsFunc, SIMTAbi Abi);
  llvm::Error endCode(bool IsFunc);
  /// The open kernel, or an error naming Directive outside one.
  llvm::Expected<SIMTKernelRecord &> open(llvm::StringRef Directive);
  llvm::Error addVar(SIMTVarRecord V, llvm::StringRef Directive);

  std::vector<SIMTKernelRecord> Kernels;
  std::vector<SIMTVarRecord> Vars;
  bool Open = false;
  bool ListingMode = false;
  unsigned TargetSM = simt::levels::kBase;
  bool TargetSet = false;
};

/// Prints the directives (simt-as --show-encoding / --filetype=asm, a
/// compiler's -S): text that simt-as assembles back into the same object.
/// The sections and symbols a directive implies are entered and defined
/// without printing them.
class SIMTTargetAsmStreamer : public SIMTTargetStreamer {
public:
  explicit SIMTTargetAsmStreamer(llvm::MCStreamer &S);

  void changeSection(const llvm::MCSection *Cur, llvm::MCSection *Section,
                     uint32_t SubSection, llvm::raw_ostream &OS) override;
  void prettyPrintAsm(llvm::MCInstPrinter &InstPrinter, uint64_t Address,
                      const llvm::MCInst &Inst, const llvm::MCSubtargetInfo &STI,
                      llvm::raw_ostream &OS) override;

protected:
  void emitCodeBegin(SIMTKernelRecord &K) override;
  void emitCodeEnd(const SIMTKernelRecord &K) override;
  void emitParamSymbol(const SIMTKernelRecord::Param &P) override;
  void emitResource(llvm::StringRef Directive, uint64_t Value) override;
  void emitListingDirective() override;
  void emitAbiDirective(SIMTAbi Abi) override;
  void emitTargetDirective(unsigned SM) override;
  void emitVarDirective(const SIMTVarRecord &V) override;
  void emitVarBytes(llvm::ArrayRef<uint8_t> Bytes) override;
  void emitVarAddressDirective(llvm::StringRef Holder, const SIMTVarRecord::Address &A) override;

private:
  bool EnteringCode = false; // the section switch `.kernel` implies
};
