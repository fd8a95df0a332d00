//===-- SIMTWordDisassembler.h - One instruction word to MCInst and text --===//
//
// The MC disassembler and instruction printer set up together, for whoever
// needs a single word decoded or printed: simt-objdump's listings, the
// runtime's decoder to the emulator's form, fault reports and the debugger.
// It lives with the MC target, below both the assembler tools and the
// runtime, so that neither has to include the other for it.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

namespace llvm {
class MCInst;
} // namespace llvm

/// Decodes and prints single instruction words.
class SIMTWordDisassembler {
public:
  SIMTWordDisassembler();
  ~SIMTWordDisassembler();
  /// Text of the instruction at kernel address `Addr`; false (and a
  /// `.quad` text) for an undefined encoding. `Labels` names branch targets
  /// (empty: print the address).
  bool print(uint64_t Word, uint64_t Addr, std::string &Text,
             const std::function<std::string(uint64_t)> &Labels = nullptr) const;
  /// If the word is a branch with a target, its kernel address.
  bool branchTarget(uint64_t Word, uint64_t Addr, uint64_t &Target) const;
  /// The MC instruction of a word (the emulator's decoder builds on it);
  /// false for an undefined encoding.
  bool decode(uint64_t Word, uint64_t Addr, llvm::MCInst &MI) const;
  /// The registers the word uses, highest + 1 (pairs and quads counted
  /// whole); 0 for an undefined encoding or one using none.
  unsigned regsUsed(uint64_t Word) const;
  /// The ISA level (20, 35) that has the word's record; 0 for an undefined
  /// encoding.
  unsigned level(uint64_t Word) const;

private:
  struct Impl;
  std::unique_ptr<Impl> P;
};
