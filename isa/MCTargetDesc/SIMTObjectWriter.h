//===-- SIMTObjectWriter.h - The ELF writer with its inputs checked -------===//
//
// LLVM's ELF writer ends the process (report_fatal_error) on a `.set`
// symbol whose value layout cannot compute, such as `.set x, label / 2`.
// This writer reports such a symbol at its expression, as any other
// assembler error, and writes nothing once the MC layer has had an error.
// It is an ELFObjectWriter, so MCELFStreamer's casts to one stay valid.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <memory>

namespace llvm {
class MCAsmBackend;
class MCObjectWriter;
class raw_pwrite_stream;

namespace SIMT {
std::unique_ptr<MCObjectWriter> createCheckedObjectWriter(const MCAsmBackend &MAB,
                                                          raw_pwrite_stream &OS);
} // namespace SIMT
} // namespace llvm
