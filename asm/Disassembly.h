//===-- Disassembly.h - Instruction words back to text ---------------------===//
//
// simt-objdump's core, shared with the debugger: decode a word with the MC
// disassembler and print it with the MC printer, and print a whole object
// as re-assemblable text (kernel directives, labels at branch targets).
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

namespace llvm {
class MCInst;
class MCInstrInfo;
class raw_ostream;
} // namespace llvm

namespace simt::as {

/// Decodes and prints single instruction words.
class Disassembler {
public:
  Disassembler();
  ~Disassembler();
  /// Text of the instruction at kernel address `Addr`; false (and a
  /// `.quad` text) for an undefined encoding.
  bool print(uint64_t Word, uint64_t Addr, std::string &Text,
             const std::function<std::string(uint64_t)> &Labels = nullptr) const;
  /// If the word is a branch with a target, its kernel address.
  bool branchTarget(uint64_t Word, uint64_t Addr, uint64_t &Target) const;
  /// The MC instruction of a word (the emulator's decoder builds on it);
  /// false for an undefined encoding.
  bool decode(uint64_t Word, uint64_t Addr, llvm::MCInst &MI) const;
  const llvm::MCInstrInfo &instrInfo() const;

private:
  struct Impl;
  std::unique_ptr<Impl> P;
};

struct DumpOptions {
  bool ShowRawInsn = true;
  bool ShowAddresses = true;
};

/// Prints every code section of an object (ELF bytes). Returns false with
/// `Err` set for a file that is not a SIMT object.
bool dumpObject(const std::string &Bytes, const DumpOptions &Opts,
                llvm::raw_ostream &OS, std::string &Err);

/// Prints raw instruction words (a flat binary) as one anonymous section.
void dumpBinary(const std::string &Bytes, const DumpOptions &Opts,
                llvm::raw_ostream &OS);

/// Prints the kernel metadata table with occupancy for `BlockSize` threads.
bool dumpKernels(const std::string &Bytes, unsigned BlockSize,
                 llvm::raw_ostream &OS, std::string &Err);

} // namespace simt::as
