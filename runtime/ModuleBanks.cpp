//===-- ModuleBanks.cpp - Each loaded module's own user constant banks ----===//
//
// Images grow to the end of the last byte written: a module's variables
// and whatever a command wrote beyond them. A bind writes a whole image, so
// the bank holds exactly what the module would see had it been alone.
//
//===----------------------------------------------------------------------===//
#include "runtime/ModuleBanks.h"

#include <algorithm>
#include <cstring>

namespace simt::rt {

ModuleBanks::Image *ModuleBanks::image(Key m, uint32_t bank) {
  for (Image &img : images_)
    if (img.module == m && img.bank == bank)
      return &img;
  return nullptr;
}

const ModuleBanks::Image *ModuleBanks::image(Key m, uint32_t bank) const {
  return const_cast<ModuleBanks *>(this)->image(m, bank);
}

void ModuleBanks::put(Image &img, uint32_t offset, std::span<const uint8_t> bytes) {
  const size_t end = size_t(offset) + bytes.size();
  if (img.bytes.size() < end)
    img.bytes.resize(end);
  if (!bytes.empty())
    std::memcpy(img.bytes.data() + offset, bytes.data(), bytes.size());
}

void ModuleBanks::addVariable(Key m, uint32_t bank, uint64_t offset, uint64_t size,
                              std::span<const uint8_t> init) {
  Image *img = image(m, bank);
  if (!img) {
    images_.push_back(Image{m, bank, {}});
    img = &images_.back();
  }
  const size_t end = size_t(offset + std::max<uint64_t>(size, init.size()));
  if (img->bytes.size() < end)
    img->bytes.resize(end);
  put(*img, uint32_t(offset), init);
}

void ModuleBanks::remove(Key m) {
  std::erase_if(images_, [&](const Image &img) { return img.module == m; });
  for (std::optional<Key> &h : holders_)
    if (h == m)
      h.reset();
}

std::vector<uint32_t> ModuleBanks::banksOf(Key m) const {
  std::vector<uint32_t> out;
  for (const Image &img : images_)
    if (img.module == m)
      out.push_back(img.bank);
  return out;
}

std::span<const uint8_t> ModuleBanks::imageOf(Key m, uint32_t bank) const {
  const Image *img = image(m, bank);
  return img ? std::span<const uint8_t>(img->bytes) : std::span<const uint8_t>();
}

void ModuleBanks::hold(Key m, uint32_t bank, std::span<const uint8_t> asHeld) {
  holders_.at(bank) = m;
  if (Image *img = image(m, bank))
    put(*img, 0, asHeld.first(std::min(asHeld.size(), img->bytes.size())));
}

std::vector<ModuleBanks::Command> ModuleBanks::bind(Key m) {
  std::vector<Command> out;
  for (Image &img : images_)
    if (img.module == m && holders_.at(img.bank) != m) {
      holders_.at(img.bank) = m;
      out.push_back(Command{img.bank, 0, img.bytes});
    }
  return out;
}

bool ModuleBanks::write(Key m, uint32_t bank, uint32_t offset, std::span<const uint8_t> bytes,
                        bool *reachesBank) {
  Image *img = image(m, bank);
  if (!img)
    return false;
  put(*img, offset, bytes);
  *reachesBank = holders_.at(bank) == m;
  return true;
}

bool ModuleBanks::read(Key m, uint32_t bank, uint32_t offset, std::span<uint8_t> out) const {
  const Image *img = image(m, bank);
  if (!img)
    return false;
  std::fill(out.begin(), out.end(), 0);
  if (offset < img->bytes.size())
    std::memcpy(out.data(), img->bytes.data() + offset,
                std::min(out.size(), img->bytes.size() - offset));
  return true;
}

void ModuleBanks::wroteBank(uint32_t bank, uint32_t offset, std::span<const uint8_t> bytes) {
  if (const std::optional<Key> &h = holders_.at(bank))
    if (Image *img = image(*h, bank))
      put(*img, offset, bytes);
}

} // namespace simt::rt
