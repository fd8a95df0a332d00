//===-- ConstStore.h - Versioned copy-on-write constant banks ---*- C++ -*-===//
//
// The truth about user constant memory (ISA.md section 6). The host sends
// constant commands (bank, offset, bytes); they accumulate in one *pending*
// version until a launch *binds* the current version, which seals the pending
// commands as ONE new version (consecutive commands between two launches make
// one version). Every sealed version is an immutable snapshot of banks 2..15
// that any grid bound to it reads, whatever later commands do. Versions share
// storage copy-on-write at two levels (a per-bank table of 256-byte pages, and
// the pages), so a version costs only the tables and pages its commands
// touched. Versions are reference counted: grids (and the cache model) hold
// references; a version nobody references retires unless it is the newest.
// Banks 0 (per-launch block) and 1 (the runtime's) are not versioned: a
// command to them is an error returned to the caller.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "isa/SIMTLimits.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace simt::emu {

/// A constants version id. Version 0 is the initial all-zero state; ids grow
/// by one per sealed version and are never reused.
using ConstVersion = uint32_t;

using limits::kConstBankBytes;
/// The user banks (isa/SIMTLimits.h); banks 0 and 1 belong to each launch.
inline constexpr unsigned kVersionedBanks = limits::kNumConstBanks - limits::kFirstUserConstBank;

class ConstStore {
public:
  /// Copy-on-write granule. A line of the cache model never straddles a page
  /// when the line size is at most this (reads handle straddling anyway).
  static constexpr uint32_t kPageBytes = 256;
  static constexpr uint32_t kPagesPerBank = kConstBankBytes / kPageBytes;

  /// Starts with sealed version 0 (all banks zero), no pending commands.
  ConstStore();
  /// A copy (a debugger checkpoint) shares its pages and bank tables with
  /// `o`: a write copies a shared table or page first (use_count() > 1), so
  /// neither store sees the other's later commands. Explicit: never by
  /// accident.
  explicit ConstStore(const ConstStore &o) = default;
  ConstStore &operator=(const ConstStore &) = delete;

  //--- Host command stream -------------------------------------------------

  /// Why a command (bank, offset, size) would be rejected, or "" if valid.
  static std::string checkCommand(unsigned bank, uint32_t offset, size_t size);

  /// A constant command: writes `bytes` at c[bank][offset] of the pending
  /// version (opening it, id current()+1, on the first command after a
  /// bind). Returns "" on success, else the error message and changes
  /// nothing (banks 0/1, bank > 15, range past 64 KiB). An empty command is
  /// accepted and does nothing (opens no version).
  [[nodiscard]] std::string write(unsigned bank, uint32_t offset,
                                  std::span<const uint8_t> bytes);

  /// A launch: seals the pending version if there is one, then takes one
  /// reference on the (now) current version and returns it. The caller
  /// release()s it when the grid has finished.
  ConstVersion bind();

  /// Reference counting. acquire() on a version that is not live returns
  /// false. release() returns false if `v` is not live or holds no reference;
  /// a version whose count drops to zero retires unless it is the newest
  /// sealed version or the pending one.
  bool acquire(ConstVersion v);
  bool release(ConstVersion v);

  //--- Queries ---------------------------------------------------------------

  /// The newest version: the pending one if commands arrived since the last
  /// bind, else the newest sealed one.
  ConstVersion current() const { return pending_ ? latest_ + 1 : latest_; }
  ConstVersion latestSealed() const { return latest_; }
  bool hasPending() const { return pending_; }
  bool isLive(ConstVersion v) const { return find(v) != nullptr; }
  bool isSealed(ConstVersion v) const;
  uint32_t refCount(ConstVersion v) const; ///< 0 if not live
  std::vector<ConstVersion> liveVersions() const; ///< ascending
  size_t numLive() const { return versions_.size(); }
  uint64_t retiredCount() const { return retired_; }
  /// Number of accepted non-empty commands so far (a mutation serial that
  /// observers such as ConstCache use to check they saw every command).
  uint64_t writeCount() const { return writes_; }
  /// Distinct non-zero pages held by all live versions (the real storage
  /// cost; a page shared by many versions counts once).
  size_t uniquePages() const;

  //--- Reads -----------------------------------------------------------------

  /// Copies `size` bytes of c[bank][offset..] as seen by version `v`
  /// (sealed or pending). Returns false, copying nothing, if `v` is not live,
  /// the bank is not 2..15, or the range leaves the bank.
  bool read(ConstVersion v, unsigned bank, uint32_t offset, void *dst,
            uint32_t size) const;
  /// Little-endian 32-bit read; precondition as read() (asserted), 0 if
  /// violated in a release build.
  uint32_t read32(ConstVersion v, unsigned bank, uint32_t offset) const;

private:
  struct Page {
    std::array<uint8_t, kPageBytes> bytes{};
  };
  struct BankTable {
    std::array<std::shared_ptr<Page>, kPagesPerBank> pages; ///< null = zero
  };
  struct Version {
    uint32_t refs = 0;
    bool sealed = false;
    std::array<std::shared_ptr<BankTable>, kVersionedBanks> banks; ///< null = zero
  };

  const Version *find(ConstVersion v) const;
  static void copyOut(const Version &ver, unsigned bank, uint32_t offset,
                      uint8_t *dst, uint32_t size);
  void maybeRetire(ConstVersion v);

  std::map<ConstVersion, Version> versions_; ///< live versions only
  ConstVersion latest_ = 0;                  ///< newest sealed version
  bool pending_ = false;                     ///< version latest_+1 is open
  uint64_t retired_ = 0;
  uint64_t writes_ = 0;
};

} // namespace simt::emu
