//===-- PTXDwarf.cpp - The DWARF clang wrote into the PTX, readable -------===//
#include "cc/emit/PTXDwarf.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"

#include <map>

using namespace llvm;

namespace simt::cc {

namespace {
// Placeholders fit 32-bit DWARF addresses (PTX with .address_size 32) and
// stay clear of the small numbers other address values are.
constexpr uint64_t kPlaceholderBase = 0x40000000;
constexpr uint64_t kMaxPlaceholders = 0x10000000;
} // namespace

std::unique_ptr<PTXDwarf> PTXDwarf::create(const Module &M) {
  if (none_of(M.Sections, [](const DebugSection &S) { return S.Name == ".debug_info"; }))
    return nullptr;
  auto D = std::unique_ptr<PTXDwarf>(new PTXDwarf());
  D->M = &M;
  StringMap<uint64_t> SectionLabels; // labels debug sections define
  for (const DebugSection &S : M.Sections)
    for (const auto &[Name, Offset] : S.Labels)
      SectionLabels[Name] = Offset;
  std::map<std::pair<std::string, int64_t>, uint64_t> Seen;
  for (const DebugSection &S : M.Sections) {
    std::string Bytes = S.Bytes;
    for (const DebugSection::Fixup &X : S.Fixups) {
      uint64_t Value;
      if (auto L = SectionLabels.find(X.Symbol); L != SectionLabels.end()) {
        Value = L->second + uint64_t(X.Addend);
      } else if (StringRef(X.Symbol).starts_with(".")) {
        Value = uint64_t(X.Addend); // another section's start
      } else {
        auto [It, New] = Seen.try_emplace({X.Symbol, X.Addend}, D->Placeholders.size());
        if (New) {
          if (D->Placeholders.size() == kMaxPlaceholders)
            return nullptr;
          D->Placeholders.push_back({X.Symbol, X.Addend});
        }
        Value = kPlaceholderBase + It->second;
      }
      for (unsigned B = 0; B < X.Size; ++B)
        Bytes[X.Offset + B] = char(Value >> (8 * B));
    }
    // LLVM's reader names sections without the dot.
    D->Sections[StringRef(S.Name).drop_front()] =
        MemoryBuffer::getMemBufferCopy(Bytes, S.Name);
  }
  // Problems in clang's DWARF show as what the reader skips, not as errors.
  D->Context = DWARFContext::create(D->Sections, M.AddressSize == 32 ? 4 : 8,
                                    /*isLittleEndian=*/true, consumeError, consumeError);
  return D;
}

std::optional<PTXDwarf::Symbol> PTXDwarf::decode(uint64_t Address) const {
  if (Address < kPlaceholderBase || Address - kPlaceholderBase >= Placeholders.size())
    return std::nullopt;
  const auto &[Name, Addend] = Placeholders[Address - kPlaceholderBase];
  Symbol S;
  S.Addend = Addend;
  if (auto L = M->CodeLabels.find(Name); L != M->CodeLabels.end()) {
    if (!L->second.F)
      return std::nullopt; // a name two functions define
    S.Label = &L->second;
  } else {
    S.Name = Name;
  }
  return S;
}

} // namespace simt::cc
