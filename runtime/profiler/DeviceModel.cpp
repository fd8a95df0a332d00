//===-- DeviceModel.cpp - The times a profile shows: the modeled device ---===//
#include "runtime/profiler/DeviceModel.h"

namespace simt::prof {

std::string deviceName(unsigned level) {
  return std::string("SIMT emulator (") + (level >= 30 ? "Kepler" : "Fermi") +
         "-class, compute " + std::to_string(level / 10) + "." + std::to_string(level % 10) + ")";
}

const char *activityName(CopyKind kind) {
  switch (kind) {
  case CopyKind::HtoD: return "[CUDA memcpy HtoD]";
  case CopyKind::DtoH: return "[CUDA memcpy DtoH]";
  case CopyKind::DtoD: return "[CUDA memcpy DtoD]";
  case CopyKind::Memset: return "[CUDA memset]";
  }
  return "?";
}

} // namespace simt::prof
