//===-- Listing.cpp - cuobjdump listings as assembler input ---------------===//
#include "asm/Listing.h"
#include "support/Text.h"

#include <regex>
#include <sstream>

namespace simt::as {

bool looksLikeListing(const std::string &Text) {
  std::istringstream In(Text);
  std::string Line;
  while (std::getline(In, Line)) {
    std::string T(trim(Line));
    if (T.empty())
      continue;
    return T.rfind("code for sm_", 0) == 0;
  }
  return false;
}

std::string listingToAssembly(const std::string &Text, bool Force) {
  static const std::regex Function(R"(^\s*Function\s*:\s*([A-Za-z_.$][A-Za-z0-9_.$]*)\s*$)");
  static const std::regex Dots(R"(^\s*\.{3,}\s*$)");
  // The banner of a full `cuobjdump -sass` dump and `.headerflags` lines.
  static const std::regex Banner(
      R"(^\s*(Fatbin (elf|ptx) code:|=+|(arch|code version|producer|host|compile_size|identifier) = .*|\.headerflags\s.*)\s*$)");
  // What they say about the pointer size (README.md, simt-as "Listings").
  static const std::regex CompileSize(R"(^\s*compile_size\s*=\s*(32|64)bit\s*$)");
  static const std::regex Flags64(R"(^\s*\.headerflags\s.*\bEF_CUDA_64BIT_ADDRESS\b.*$)");
  std::istringstream In(Text);
  std::ostringstream Out;
  std::string Line;
  bool Open = false;
  if (Force)
    Out << ".simt_listing ; ";
  while (std::getline(In, Line)) {
    std::string T(trim(Line));
    std::smatch M;
    if (T.rfind("code for sm_", 0) == 0) {
      // The architecture goes to the parser, which accepts Fermi's only.
      Out << Line.substr(0, Line.find('c')) << ".simt_listing " << T.substr(9) << "\n";
    } else if (std::regex_match(Line, M, Function)) {
      Out << (Open ? ".end_kernel ; " : "") << ".kernel " << M[1] << "\n";
      Open = true;
    } else if (std::regex_match(Line, M, CompileSize)) {
      Out << ".abi " << M[1] << "\n";
    } else if (std::regex_match(Line, Flags64)) {
      Out << ".abi 64\n";
    } else if (std::regex_match(Line, Dots) || std::regex_match(Line, Banner)) {
      Out << "\n";
    } else {
      Out << Line << "\n";
    }
  }
  if (Open)
    Out << ".end_kernel\n";
  return Out.str();
}

} // namespace simt::as
