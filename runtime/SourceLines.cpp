//===-- SourceLines.cpp - An object's DWARF line table by code section ----===//
//
// The relocated copy of `.debug_line` (ObjectDwarf.h) holds, in each
// address slot, the target section's ELF index in the high 32 bits and the
// offset in that section in the low ones, so LLVM's line-table lookups keep
// sections apart (every section's code starts at offset 0).
//
//===----------------------------------------------------------------------===//
#include "runtime/SourceLines.h"
#include "runtime/ObjectDwarf.h"
#include "runtime/SourceNames.h"

#include "MCTargetDesc/SIMTOperandFlags.h"

#include "llvm/DebugInfo/DWARF/DWARFContext.h"
#include "llvm/DebugInfo/DWARF/DWARFDebugLine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "support/LlvmErrors.h"

#include <algorithm>
#include <map>
#include <mutex>

using namespace llvm;

namespace simt::rt {

namespace {
constexpr unsigned kSectionShift = ObjectDwarf::kSectionShift;
} // namespace

struct SourceLines::Impl {
  ObjectDwarf Dwarf;
  std::vector<DWARFDebugLine::LineTable> Tables;
  std::vector<std::string> Files;
  struct Row {
    uint64_t Address; // section << 32 | offset
    std::string File;
    unsigned Line, Column;
    bool EndSequence;
  };
  std::vector<Row> Rows; // in table order (sequences in address order)

  std::string fileOf(const DWARFDebugLine::LineTable &T, uint64_t Index) const {
    std::string Path;
    T.getFileNameByIndex(Index, "", DILineInfoSpecifier::FileLineInfoKind::AbsoluteFilePath,
                         Path);
    return Path;
  }
};

SourceLines::SourceLines() : impl_(std::make_unique<Impl>()) {}
SourceLines::SourceLines(SourceLines &&) = default;
SourceLines &SourceLines::operator=(SourceLines &&) = default;
SourceLines::~SourceLines() = default;

llvm::Expected<SourceLines> SourceLines::read(StringRef Bytes, StringRef Name) {
  SourceLines Out;
  Impl &I = *Out.impl_;
  llvm::Expected<ObjectDwarf> D = ObjectDwarf::read(Bytes, Name);
  if (!D)
    return D.takeError();
  I.Dwarf = std::move(*D);
  StringRef Line = I.Dwarf.section(".debug_line");
  if (Line.empty())
    return Out;
  DWARFDataExtractor Extractor(Line, /*IsLittleEndian=*/true, /*AddressSize=*/8);
  std::string Problems;
  uint64_t Offset = 0;
  while (Extractor.isValidOffset(Offset)) {
    DWARFDebugLine::LineTable T;
    const uint64_t Start = Offset;
    llvm::Error E = T.parse(Extractor, &Offset, I.Dwarf.context(), nullptr, [&](llvm::Error Err) {
      if (Problems.empty())
        Problems = toString(std::move(Err));
      else
        consumeError(std::move(Err));
    });
    if (E)
      return fileError(Name, ".debug_line: " + toString(std::move(E)));
    if (!Problems.empty())
      return fileError(Name, ".debug_line: " + Problems);
    if (Offset <= Start)
      break;
    I.Tables.push_back(std::move(T));
  }
  for (const DWARFDebugLine::LineTable &T : I.Tables)
    for (const DWARFDebugLine::Row &R : T.Rows) {
      std::string F = I.fileOf(T, R.File);
      if (!R.EndSequence && !F.empty() && !is_contained(I.Files, F))
        I.Files.push_back(F);
      I.Rows.push_back({R.Address.Address, std::move(F), R.Line, R.Column, bool(R.EndSequence)});
    }
  noteCompileUnits(I.Dwarf.context(), I.Files);
  return Out;
}

bool SourceLines::empty() const { return impl_->Rows.empty(); }

const std::vector<std::string> &SourceLines::files() const { return impl_->Files; }

std::optional<SourcePos> SourceLines::at(StringRef Section, uint64_t Offset) const {
  std::optional<uint64_t> Address = impl_->Dwarf.address(Section, Offset);
  if (!Address)
    return std::nullopt;
  const object::SectionedAddress A{*Address, object::SectionedAddress::UndefSection};
  for (const DWARFDebugLine::LineTable &T : impl_->Tables) {
    uint32_t Row = T.lookupAddress(A);
    if (Row == T.UnknownRowIndex || !T.Rows[Row].Line)
      continue;
    return SourcePos{impl_->fileOf(T, T.Rows[Row].File), T.Rows[Row].Line, T.Rows[Row].Column};
  }
  return std::nullopt;
}

std::vector<CodeRange> SourceLines::rangesOf(StringRef File, unsigned Line) const {
  std::vector<CodeRange> Out;
  const std::vector<Impl::Row> &Rows = impl_->Rows;
  auto OnLine = [&](const Impl::Row &R) {
    return !R.EndSequence && R.Line == Line && R.File == File;
  };
  const uint64_t OffsetMask = (uint64_t(1) << kSectionShift) - 1;
  for (size_t N = 0; N < Rows.size(); ++N) {
    if (!OnLine(Rows[N]) || (N > 0 && OnLine(Rows[N - 1])))
      continue;
    size_t End = N + 1;
    while (End < Rows.size() && OnLine(Rows[End]))
      ++End;
    auto SN = impl_->Dwarf.sectionOf(Rows[N].Address);
    if (!SN || End == Rows.size())
      continue;
    Out.push_back({SN->first, SN->second, Rows[End].Address & OffsetMask});
  }
  return Out;
}

std::vector<unsigned> SourceLines::linesOf(StringRef File) const {
  std::vector<unsigned> Out;
  for (const Impl::Row &R : impl_->Rows)
    if (!R.EndSequence && R.Line && R.File == File)
      Out.push_back(R.Line);
  std::sort(Out.begin(), Out.end());
  Out.erase(std::unique(Out.begin(), Out.end()), Out.end());
  return Out;
}

std::string SourceLines::findFile(StringRef Name) const {
  std::string Found;
  for (const std::string &F : impl_->Files) {
    if (F == Name)
      return F;
    StringRef P(F);
    if (P.ends_with(Name) && P.size() > Name.size() &&
        sys::path::is_separator(P[P.size() - Name.size() - 1])) {
      if (!Found.empty())
        return "";
      Found = F;
    }
  }
  return Found;
}

const std::vector<std::string> *sourceFileLines(const std::string &Path) {
  static std::mutex Lock;
  static std::map<std::string, std::unique_ptr<std::vector<std::string>>> Cache;
  std::lock_guard<std::mutex> Hold(Lock);
  auto [It, Added] = Cache.try_emplace(Path);
  if (Added)
    if (auto Buf = MemoryBuffer::getFile(Path, /*IsText=*/true)) {
      auto Lines = std::make_unique<std::vector<std::string>>();
      for (StringRef Rest = (*Buf)->getBuffer(); !Rest.empty();) {
        auto [Line, Tail] = Rest.split('\n');
        Lines->push_back(Line.rtrim('\r').str());
        Rest = Tail;
      }
      It->second = std::move(Lines);
    }
  return It->second.get();
}

} // namespace simt::rt
