//===-- Listing.h - cuobjdump listings as assembler input -----------------===//
//
// A Fermi `cuobjdump -sass` listing becomes assembler input line for line
// (so diagnostics keep their line numbers): `code for sm_NN` switches the
// parser to listing mode, `Function : NAME` opens kernel NAME (closing the
// previous one), separator lines of dots vanish, and the banner's
// `compile_size = 32bit|64bit` and a `.headerflags` line with
// EF_CUDA_64BIT_ADDRESS become `.abi` directives (the pointer size).
//
//===----------------------------------------------------------------------===//
#pragma once

#include <string>

namespace simt::as {

/// True when the first non-blank line is `code for sm_NN`.
bool looksLikeListing(const std::string &Text);

/// Rewrites a listing into directive form; line numbers are preserved.
std::string listingToAssembly(const std::string &Text, bool Force);

} // namespace simt::as
