//===-- Memory.h - The debugger's access to every memory space ------------===//
//
// `x`, `print *(u32 @shared)0x40`, `set var` and `watch` name memory by space
// and address: global (the focused grid's context, else the current
// context), shared (the focused CTA), local (a lane's window, the focused
// lane unless `@local[N]`), spill (the focused warp's SIMT-stack spill region
// after its 32 local windows), const (`@const[B]`, bank B as the focused grid
// sees it: bank 0 its launch block, 1 the runtime's, 2..15 its constants
// version). Reads and writes go to the emulator's real bytes.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "emu/device/Facade.h"
#include "runtime/DeviceSession.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace simt::dbg {

enum class Space : uint8_t { Global, Shared, Local, Spill, Const };

struct SpaceRef {
  Space space = Space::Global;
  int index = -1; // Local: the lane (-1: focused); Const: the bank
};

/// "global", "shared", "local", "local[3]", "spill", "const[2]" (also "c[2]",
/// "param" = const[0]); nullopt if not a space.
std::optional<SpaceRef> parseSpace(std::string_view word);
std::string spaceName(const SpaceRef &s);

/// Where accesses resolve: the session and the focus (warp may be null).
struct MemoryView {
  rt::DeviceSession *session = nullptr;
  std::optional<emu::WarpEdit> warp;
  const emu::Grid *grid = nullptr;
  uint32_t lane = 0;
};

/// Reads out.size() bytes at `addr`; false with *error when the range is not
/// mapped in that space (or the space needs a focus that is missing).
bool readMemory(const MemoryView &view, const SpaceRef &space, uint64_t addr,
                std::span<uint8_t> out, std::string *error);
bool writeMemory(const MemoryView &view, const SpaceRef &space, uint64_t addr,
                 std::span<const uint8_t> in, std::string *error);

/// Host bytes of [addr, addr + bytes) in a writable space, or null (watchpoints
/// compare them after every instruction).
uint8_t *memoryBytes(const MemoryView &view, const SpaceRef &space, uint64_t addr,
                     uint64_t bytes, std::string *error);

} // namespace simt::dbg
