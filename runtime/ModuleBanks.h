//===-- ModuleBanks.h - Each loaded module's own user constant banks ------===//
//
// Every object's `__constant__` variables live in a user constant bank
// (2..15) that its code names directly (c[BANK][OFFSET] operands, LDC), and
// files compiled one by one all name the same bank. So each loaded module
// keeps its own image of the banks it has variables in, and a launch binds
// the launching kernel's module's images into the banks: one constant
// command per bank that another module held until then. The constants
// versions (ISA.md 6) keep grids already running on the bytes they were
// launched with, so grids of two modules sharing a bank run side by side.
// This class is the bookkeeping; DeviceSession issues the commands.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "isa/SIMTLimits.h"

namespace simt::rt {

class ModuleBanks {
public:
  /// A module: its context's index and its index among that context's.
  struct Key {
    size_t context = 0, module = 0;
    bool operator==(const Key &) const = default;
  };
  /// A constant command: `bytes` at `offset` of bank `bank`.
  struct Command {
    uint32_t bank = 0;
    uint32_t offset = 0;
    std::span<const uint8_t> bytes;
  };

  /// Module `m` has `size` bytes of variable at `offset` of `bank`,
  /// starting with `init` (the rest zero).
  void addVariable(Key m, uint32_t bank, uint64_t offset, uint64_t size,
                   std::span<const uint8_t> init);
  /// Forgets `m` (a load that failed): its images, and its holds.
  void remove(Key m);
  /// Whether `m` has an image of `bank`.
  bool hasImage(Key m, uint32_t bank) const { return image(m, bank) != nullptr; }
  /// The banks `m` has an image of, in the order its variables named them.
  std::vector<uint32_t> banksOf(Key m) const;
  /// `m`'s image of `bank` (empty: none).
  std::span<const uint8_t> imageOf(Key m, uint32_t bank) const;
  /// Bank `bank`'s holder: the module whose image it holds (none: no module
  /// with variables there was loaded yet).
  std::optional<Key> holder(uint32_t bank) const { return holders_.at(bank); }
  /// `m` holds `bank` from now on, which stands as `asHeld` over `m`'s
  /// image (what constant commands wrote there before any module was
  /// loaded stays where no initializer of `m` lies).
  void hold(Key m, uint32_t bank, std::span<const uint8_t> asHeld);
  /// The commands that make every bank of `m` hold `m`'s image (a launch of
  /// one of its kernels); `m` holds them afterwards. Spans point into the
  /// images: issue them before changing any.
  std::vector<Command> bind(Key m);
  /// A write to `bank` as `m` sees it: its image takes the bytes (growing
  /// as needed) and `*reachesBank` says whether `m` holds the bank, so that
  /// the command must reach it now. False if `m` has no image of `bank`
  /// (the caller issues a raw command).
  bool write(Key m, uint32_t bank, uint32_t offset, std::span<const uint8_t> bytes,
             bool *reachesBank);
  /// `m`'s bytes of `bank` from its image (zero past its end); false if it
  /// has no image of `bank`.
  bool read(Key m, uint32_t bank, uint32_t offset, std::span<uint8_t> out) const;
  /// A raw constant command reached `bank`: its holder's image follows.
  void wroteBank(uint32_t bank, uint32_t offset, std::span<const uint8_t> bytes);

private:
  struct Image {
    Key module;
    uint32_t bank = 0;
    std::vector<uint8_t> bytes; ///< from offset 0 of the bank
  };
  Image *image(Key m, uint32_t bank);
  const Image *image(Key m, uint32_t bank) const;
  static void put(Image &img, uint32_t offset, std::span<const uint8_t> bytes);

  std::vector<Image> images_;
  std::array<std::optional<Key>, limits::kNumConstBanks> holders_{};
};

} // namespace simt::rt
