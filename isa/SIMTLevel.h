//===-- SIMTLevel.h - The ISA's levels, for every layer ---------*- C++ -*-===//
//
// The levels of SIMTLevels.td (sm_20, sm_35) as the assembler, the loader,
// the emulator's device model and the compiler name them: the level of each
// record (generated), the lowest and highest level, and a level by name.
// Header only, no LLVM: every layer includes it.
//
//===----------------------------------------------------------------------===//
#ifndef SIMT_ISA_SIMTLEVEL_H
#define SIMT_ISA_SIMTLEVEL_H

#include <cstdint>
#include <iterator>
#include <string>
#include <string_view>

namespace simt::levels {

struct Level {
  unsigned sm;        ///< 20, 35: the compute capability times ten
  const char *arch;   ///< "sm_20"
  const char *desc;   ///< what the level adds
  unsigned regsPerSm; ///< an SM's register file on a device of the level
  uint32_t maxGridX;  ///< the largest grid in x a device of the level launches
  unsigned maxCtasPerSm; ///< the CTAs an SM of the level holds at once
  unsigned warpsPerSm;   ///< an SM's warp slots (Fermi 48, GK110 64)
};

inline constexpr Level kLevels[] = {
#define SIMT_LEVEL(Feature, SM, Arch, Desc, RegsPerSm, MaxGridX, MaxCtasPerSm, WarpsPerSm)       \
  {SM, Arch, Desc, RegsPerSm, MaxGridX, MaxCtasPerSm, WarpsPerSm},
#include "SIMTLevels.def"
};
/// The base level (an object or device that names none) and the highest.
inline constexpr unsigned kBase = kLevels[0].sm;
inline constexpr unsigned kTop = kLevels[std::size(kLevels) - 1].sm;

/// The level of each record, indexed by its opcode enumerator (the order of
/// SIMT_INSTR and of emu::Op).
inline constexpr uint8_t kRecordLevel[] = {
#define SIMT_RECORD_LEVEL(Rec, SM) SM,
#include "SIMTLevels.def"
};

/// The level named `sm_NN`, or nullptr.
inline const Level *byArch(std::string_view arch) {
  for (const Level &l : kLevels)
    if (arch == l.arch)
      return &l;
  return nullptr;
}

/// The level numbered sm (the base level for a number that is none).
inline const Level &bySm(unsigned sm) {
  for (const Level &l : kLevels)
    if (l.sm == sm)
      return l;
  return kLevels[0];
}

/// The level that code built for GPU sm_NN (a compute capability times
/// ten) gets: the highest level of its generation or an earlier one (sm_30
/// to sm_37 are Kepler: sm_35's), the base level for GPUs before every
/// level, the highest for later GPUs (what they have beyond it is an error
/// where code uses it). nvcc's -arch, clang's --cuda-gpu-arch and PTX's
/// .target all go through here.
inline unsigned levelForGpu(unsigned sm) {
  unsigned level = kBase;
  for (const Level &l : kLevels)
    if (l.sm / 10 <= sm / 10)
      level = l.sm;
  return level;
}

/// Whether GPU sm_NN is of a generation after every level's (the tools
/// say so once).
inline bool aboveEveryLevel(unsigned sm) { return sm / 10 > kTop / 10; }

/// `sm_NN` of a level number (also of one that is not a level).
inline std::string archName(unsigned sm) { return "sm_" + std::to_string(sm); }

/// The levels' names, "sm_20, sm_35", for messages.
inline std::string archList() {
  std::string s;
  for (const Level &l : kLevels)
    s += (s.empty() ? "" : ", ") + std::string(l.arch);
  return s;
}

} // namespace simt::levels

#endif
