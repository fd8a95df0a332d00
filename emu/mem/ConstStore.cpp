//===-- ConstStore.cpp - Versioned copy-on-write constant banks -----------===//
//
// Implementation of ConstStore: the pending version shares its bank tables
// and pages with the newest sealed version and copies a table or a page only
// when a command first writes into it (use_count() > 1 means shared). Sealed
// versions are never written again, so sharing is always safe.
//
//===----------------------------------------------------------------------===//
#include "emu/mem/ConstStore.h"
#include "support/Text.h"

#include <algorithm>
#include <cassert>
#include <cstring>
#include <unordered_set>

namespace simt::emu {

ConstStore::ConstStore() {
  Version v0;
  v0.sealed = true;
  versions_.emplace(0, std::move(v0));
}

std::string ConstStore::checkCommand(unsigned bank, uint32_t offset,
                                     size_t size) {
  if (bank >= limits::kNumConstBanks)
    return "constant bank " + std::to_string(bank) +
           " does not exist (banks are 0..15)";
  if (bank < limits::kFirstUserConstBank)
    return "constant bank " + std::to_string(bank) + " is not writable by " +
           "constant commands (" +
           (bank == 0 ? "bank 0 is the per-launch block"
                      : "bank 1 belongs to the runtime") +
           "; use banks 2..15)";
  if (offset >= kConstBankBytes || size > kConstBankBytes - offset)
    return "constant command c[" + hex(bank) + "][" + hex(offset) + "] of " +
           std::to_string(size) + " bytes runs past the end of the 64 KiB bank";
  return {};
}

std::string ConstStore::write(unsigned bank, uint32_t offset,
                              std::span<const uint8_t> bytes) {
  if (std::string err = checkCommand(bank, offset, bytes.size()); !err.empty())
    return err;
  if (bytes.empty())
    return {};
  if (!pending_) {
    Version next;
    next.banks = versions_.at(latest_).banks; // share everything
    versions_.emplace(latest_ + 1, std::move(next));
    pending_ = true;
  }
  Version &ver = versions_.at(latest_ + 1);
  std::shared_ptr<BankTable> &table = ver.banks[bank - limits::kFirstUserConstBank];
  if (!table)
    table = std::make_shared<BankTable>();
  else if (table.use_count() > 1)
    table = std::make_shared<BankTable>(*table);

  const uint8_t *src = bytes.data();
  uint32_t off = offset;
  size_t left = bytes.size();
  while (left) {
    uint32_t pageIdx = off / kPageBytes, within = off % kPageBytes;
    uint32_t n = static_cast<uint32_t>(
        std::min<size_t>(left, kPageBytes - within));
    std::shared_ptr<Page> &page = table->pages[pageIdx];
    if (!page)
      page = std::make_shared<Page>();
    else if (page.use_count() > 1)
      page = std::make_shared<Page>(*page);
    std::memcpy(page->bytes.data() + within, src, n);
    src += n;
    off += n;
    left -= n;
  }
  ++writes_;
  return {};
}

ConstVersion ConstStore::bind() {
  if (pending_) {
    ConstVersion old = latest_;
    versions_.at(latest_ + 1).sealed = true;
    latest_ = latest_ + 1;
    pending_ = false;
    maybeRetire(old); // no longer the newest: retire if unreferenced
  }
  ++versions_.at(latest_).refs;
  return latest_;
}

bool ConstStore::acquire(ConstVersion v) {
  auto it = versions_.find(v);
  if (it == versions_.end())
    return false;
  ++it->second.refs;
  return true;
}

bool ConstStore::release(ConstVersion v) {
  auto it = versions_.find(v);
  if (it == versions_.end() || it->second.refs == 0)
    return false;
  --it->second.refs;
  maybeRetire(v);
  return true;
}

void ConstStore::maybeRetire(ConstVersion v) {
  auto it = versions_.find(v);
  if (it == versions_.end() || it->second.refs != 0 || v == latest_ ||
      (pending_ && v == latest_ + 1))
    return;
  versions_.erase(it); // frees every table and page no other version shares
  ++retired_;
}

bool ConstStore::isSealed(ConstVersion v) const {
  const Version *ver = find(v);
  return ver && ver->sealed;
}

uint32_t ConstStore::refCount(ConstVersion v) const {
  const Version *ver = find(v);
  return ver ? ver->refs : 0;
}

std::vector<ConstVersion> ConstStore::liveVersions() const {
  std::vector<ConstVersion> out;
  out.reserve(versions_.size());
  for (const auto &[id, ver] : versions_)
    out.push_back(id);
  return out;
}

size_t ConstStore::uniquePages() const {
  std::unordered_set<const Page *> seen;
  for (const auto &[id, ver] : versions_)
    for (const auto &table : ver.banks)
      if (table)
        for (const auto &page : table->pages)
          if (page)
            seen.insert(page.get());
  return seen.size();
}

const ConstStore::Version *ConstStore::find(ConstVersion v) const {
  auto it = versions_.find(v);
  return it == versions_.end() ? nullptr : &it->second;
}

void ConstStore::copyOut(const Version &ver, unsigned bank, uint32_t offset,
                         uint8_t *dst, uint32_t size) {
  const BankTable *table = ver.banks[bank - limits::kFirstUserConstBank].get();
  while (size) {
    uint32_t pageIdx = offset / kPageBytes, within = offset % kPageBytes;
    uint32_t n = std::min(size, kPageBytes - within);
    const Page *page = table ? table->pages[pageIdx].get() : nullptr;
    if (page)
      std::memcpy(dst, page->bytes.data() + within, n);
    else
      std::memset(dst, 0, n);
    dst += n;
    offset += n;
    size -= n;
  }
}

bool ConstStore::read(ConstVersion v, unsigned bank, uint32_t offset,
                      void *dst, uint32_t size) const {
  const Version *ver = find(v);
  if (!ver || bank < limits::kFirstUserConstBank || bank >= limits::kNumConstBanks ||
      offset > kConstBankBytes || size > kConstBankBytes - offset)
    return false;
  copyOut(*ver, bank, offset, static_cast<uint8_t *>(dst), size);
  return true;
}

uint32_t ConstStore::read32(ConstVersion v, unsigned bank,
                            uint32_t offset) const {
  uint8_t b[4] = {0, 0, 0, 0};
  [[maybe_unused]] bool ok = read(v, bank, offset, b, 4);
  assert(ok && "ConstStore::read32: version not live or address invalid");
  return uint32_t(b[0]) | uint32_t(b[1]) << 8 | uint32_t(b[2]) << 16 |
         uint32_t(b[3]) << 24;
}

} // namespace simt::emu
