//===-- DwarfWriter.cpp - A DWARF 4 unit written through the MC layer -----===//
#include "cc/emit/DwarfWriter.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/BinaryFormat/ELF.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCExpr.h"
#include "llvm/MC/MCSectionELF.h"
#include "llvm/MC/MCStreamer.h"
#include "llvm/Support/LEB128.h"

#include <functional>

using namespace llvm;

namespace simt::cc {

namespace {
constexpr uint16_t kVersion = 4;
constexpr uint32_t kUnitHeaderBytes = 11; // length, version, abbrev offset, address size
constexpr unsigned kAddressBytes = 8;

unsigned constantSize(uint64_t V) {
  return V <= 0xff ? 1 : V <= 0xffff ? 2 : V <= 0xffffffff ? 4 : 8;
}

dwarf::Form dataForm(unsigned Bytes) {
  return Bytes == 1   ? dwarf::DW_FORM_data1
         : Bytes == 2 ? dwarf::DW_FORM_data2
         : Bytes == 4 ? dwarf::DW_FORM_data4
                      : dwarf::DW_FORM_data8;
}

uint32_t attrSize(const DIEAttr &A) {
  switch (A.Form) {
  case dwarf::DW_FORM_data1: case dwarf::DW_FORM_flag: return 1;
  case dwarf::DW_FORM_data2: return 2;
  case dwarf::DW_FORM_data4: case dwarf::DW_FORM_ref4: case dwarf::DW_FORM_ref_addr:
  case dwarf::DW_FORM_sec_offset:
    return 4;
  case dwarf::DW_FORM_data8: case dwarf::DW_FORM_addr: return 8;
  case dwarf::DW_FORM_flag_present: return 0;
  case dwarf::DW_FORM_udata: return getULEB128Size(A.Int);
  case dwarf::DW_FORM_sdata: return getSLEB128Size(int64_t(A.Int));
  case dwarf::DW_FORM_string: return uint32_t(A.Bytes.size() + 1);
  case dwarf::DW_FORM_block1: return uint32_t(1 + A.Bytes.size());
  case dwarf::DW_FORM_exprloc: case dwarf::DW_FORM_block:
    return uint32_t(getULEB128Size(A.Bytes.size()) + A.Bytes.size());
  default: llvm_unreachable("a form the writer does not make");
  }
}

/// Each run of consecutive entries in one section: how many, in order.
template <class T, class Span> std::vector<size_t> sectionRuns(const std::vector<T> &V, Span Of) {
  std::vector<size_t> Runs;
  for (size_t N = 0; N < V.size(); ++N)
    if (N == 0 || Of(V[N]).SectionStart != Of(V[N - 1]).SectionStart)
      Runs.push_back(1);
    else
      ++Runs.back();
  return Runs;
}

const CodeSpan &spanOf(const LocationEntry &E) { return E.Span; }
const CodeSpan &spanOf(const CodeSpan &S) { return S; }

/// DWARF 4 lists: per section, a base address selection entry (all ones,
/// then the section's start), its entries as offsets from there; then the
/// end of the list (two zeros).
template <class T, class EntryFn>
void emitList(MCStreamer &S, const std::vector<T> &List, EntryFn EmitRest) {
  MCContext &Ctx = S.getContext();
  size_t N = 0;
  for (size_t Run : sectionRuns(List, [](const T &E) -> const CodeSpan & { return spanOf(E); })) {
    const CodeSpan &First = spanOf(List[N]);
    S.emitIntValue(~uint64_t(0), kAddressBytes);
    S.emitValue(MCSymbolRefExpr::create(First.SectionStart, Ctx), kAddressBytes);
    for (size_t End = N + Run; N < End; ++N) {
      const CodeSpan &Sp = spanOf(List[N]);
      auto Rel = [&](MCSymbol *L) {
        return MCBinaryExpr::createSub(MCSymbolRefExpr::create(L, Ctx),
                                       MCSymbolRefExpr::create(Sp.SectionStart, Ctx), Ctx);
      };
      S.emitValue(Rel(Sp.Begin), kAddressBytes);
      S.emitValue(Rel(Sp.End), kAddressBytes);
      EmitRest(List[N]);
    }
  }
  S.emitIntValue(0, kAddressBytes);
  S.emitIntValue(0, kAddressBytes);
}

template <class T, class SizeFn>
std::vector<uint64_t> listOffsets(const std::vector<std::vector<T>> &Lists, SizeFn EntrySize) {
  std::vector<uint64_t> Offsets;
  uint64_t At = 0;
  for (const std::vector<T> &L : Lists) {
    Offsets.push_back(At);
    At += sectionRuns(L, [](const T &E) -> const CodeSpan & { return spanOf(E); }).size() *
          2 * kAddressBytes;
    for (const T &E : L)
      At += 2 * kAddressBytes + EntrySize(E);
    At += 2 * kAddressBytes;
  }
  return Offsets;
}

void switchTo(MCStreamer &S, StringRef Name, bool Text) {
  if (Text)
    S.emitRawText("\t.section\t" + Name + ",\"\",%progbits");
  else
    S.switchSection(S.getContext().getELFSection(Name, ELF::SHT_PROGBITS, 0));
}
} // namespace

struct DwarfWriter::Abbrev {
  dwarf::Tag Tag;
  bool Children;
  std::vector<std::pair<dwarf::Attribute, dwarf::Form>> Specs;
  bool operator==(const Abbrev &O) const {
    return Tag == O.Tag && Children == O.Children && Specs == O.Specs;
  }
};

//===-- DIE ---------------------------------------------------------------===//

DIE &DIE::addChild(dwarf::Tag T) {
  Children.push_back(std::make_unique<DIE>(T));
  return *Children.back();
}

const DIEAttr *DIE::find(dwarf::Attribute A) const {
  for (const DIEAttr &X : Attrs)
    if (X.Attr == A)
      return &X;
  return nullptr;
}

void DIE::remove(dwarf::Attribute A) {
  erase_if(Attrs, [&](const DIEAttr &X) { return X.Attr == A; });
}

void DIE::addString(dwarf::Attribute A, std::string S) {
  DIEAttr X{A, dwarf::DW_FORM_string};
  X.Bytes = std::move(S);
  Attrs.push_back(std::move(X));
}

void DIE::addUnsigned(dwarf::Attribute A, uint64_t V, dwarf::Form F) {
  DIEAttr X{A, F == dwarf::DW_FORM_udata ? F : dataForm(constantSize(V))};
  X.Int = V;
  Attrs.push_back(std::move(X));
}

void DIE::addSigned(dwarf::Attribute A, int64_t V) {
  DIEAttr X{A, dwarf::DW_FORM_sdata};
  X.Int = uint64_t(V);
  Attrs.push_back(std::move(X));
}

void DIE::addFlag(dwarf::Attribute A, bool V) {
  DIEAttr X{A, V ? dwarf::DW_FORM_flag_present : dwarf::DW_FORM_flag};
  Attrs.push_back(std::move(X));
}

void DIE::addRef(dwarf::Attribute A, const DIE *To) {
  DIEAttr X{A, dwarf::DW_FORM_ref4};
  X.Ref = To;
  Attrs.push_back(std::move(X));
}

void DIE::addBlock(dwarf::Attribute A, std::string Bytes, dwarf::Form F) {
  DIEAttr X{A, F};
  X.Bytes = std::move(Bytes);
  Attrs.push_back(std::move(X));
}

void DIE::addSpan(const CodeSpan &S) {
  DIEAttr Low{dwarf::DW_AT_low_pc, dwarf::DW_FORM_addr};
  Low.Span = S;
  Attrs.push_back(Low);
  DIEAttr High{dwarf::DW_AT_high_pc, dwarf::DW_FORM_data4};
  High.Span = S;
  Attrs.push_back(High);
}

//===-- DwarfWriter -------------------------------------------------------===//

DwarfWriter::DwarfWriter() { addUnit(); }
DwarfWriter::~DwarfWriter() = default;

DIE &DwarfWriter::addUnit() {
  Units.push_back(std::make_unique<DIE>(dwarf::DW_TAG_compile_unit));
  return *Units.back();
}

void DwarfWriter::addLocationList(DIE &D, dwarf::Attribute A,
                                  std::vector<LocationEntry> Entries) {
  ListUses.push_back({&D, A, false, LocLists.size()});
  LocLists.push_back(std::move(Entries));
}

void DwarfWriter::addRangeList(DIE &D, dwarf::Attribute A, std::vector<CodeSpan> Spans) {
  ListUses.push_back({&D, A, true, RangeLists.size()});
  RangeLists.push_back(std::move(Spans));
}

unsigned DwarfWriter::abbrevOf(const DIE &D) {
  Abbrev A{D.Tag, !D.Children.empty(), {}};
  for (const DIEAttr &X : D.Attrs)
    A.Specs.push_back({X.Attr, X.Form});
  auto It = find(Abbrevs, A);
  if (It != Abbrevs.end())
    return unsigned(It - Abbrevs.begin()) + 1;
  Abbrevs.push_back(std::move(A));
  return unsigned(Abbrevs.size());
}

uint32_t DwarfWriter::layout(DIE &D, uint32_t Offset) {
  D.Offset = Offset;
  D.AbbrevCode = abbrevOf(D);
  Offset += getULEB128Size(D.AbbrevCode);
  for (const DIEAttr &X : D.Attrs)
    Offset += attrSize(X);
  for (auto &C : D.Children)
    Offset = layout(*C, Offset);
  return Offset + (D.Children.empty() ? 0 : 1); // the children's end
}

void DwarfWriter::emitAttr(MCStreamer &S, const DIEAttr &A, uint32_t UnitOffset) {
  MCContext &Ctx = S.getContext();
  switch (A.Form) {
  case dwarf::DW_FORM_addr:
    if (A.Span.Begin)
      S.emitValue(MCSymbolRefExpr::create(A.Span.Begin, Ctx), kAddressBytes);
    else
      S.emitIntValue(A.Int, kAddressBytes);
    return;
  case dwarf::DW_FORM_data4:
    if (A.Span.Begin) { // a length
      S.emitValue(MCBinaryExpr::createSub(MCSymbolRefExpr::create(A.Span.End, Ctx),
                                          MCSymbolRefExpr::create(A.Span.Begin, Ctx), Ctx),
                  4);
      return;
    }
    [[fallthrough]];
  case dwarf::DW_FORM_data1: case dwarf::DW_FORM_data2: case dwarf::DW_FORM_data8:
  case dwarf::DW_FORM_flag: case dwarf::DW_FORM_sec_offset:
    S.emitIntValue(A.Int, attrSize(A));
    return;
  case dwarf::DW_FORM_ref4: // from the unit's start
    S.emitIntValue(A.Ref->Offset - UnitOffset, 4);
    return;
  case dwarf::DW_FORM_ref_addr: // from the section's
    S.emitIntValue(A.Ref->Offset, 4);
    return;
  case dwarf::DW_FORM_flag_present:
    return;
  case dwarf::DW_FORM_udata:
    S.emitULEB128IntValue(A.Int);
    return;
  case dwarf::DW_FORM_sdata:
    S.emitSLEB128IntValue(int64_t(A.Int));
    return;
  case dwarf::DW_FORM_string:
    S.emitBytes(A.Bytes);
    S.emitIntValue(0, 1);
    return;
  case dwarf::DW_FORM_block1:
    S.emitIntValue(A.Bytes.size(), 1);
    S.emitBytes(A.Bytes);
    return;
  default: // exprloc, block
    S.emitULEB128IntValue(A.Bytes.size());
    S.emitBytes(A.Bytes);
    return;
  }
}

void DwarfWriter::emitDIE(MCStreamer &S, const DIE &D, uint32_t UnitOffset) {
  S.emitULEB128IntValue(D.AbbrevCode);
  for (const DIEAttr &X : D.Attrs)
    emitAttr(S, X, UnitOffset);
  for (const auto &C : D.Children)
    emitDIE(S, *C, UnitOffset);
  if (!D.Children.empty())
    S.emitIntValue(0, 1);
}

void DwarfWriter::emit(MCStreamer &S, bool Text) {
  LocOffsets = listOffsets(LocLists, [](const LocationEntry &E) { return 2 + E.Expr.size(); });
  RangeOffsets = listOffsets(RangeLists, [](const CodeSpan &) { return 0; });
  for (const ListUse &U : ListUses) {
    DIEAttr X{U.A, dwarf::DW_FORM_sec_offset};
    X.Int = U.Ranges ? RangeOffsets[U.Index] : LocOffsets[U.Index];
    U.D->Attrs.push_back(X);
  }
  ListUses.clear();
  // A reference to another unit's DIE (a type clang's units share) is by
  // its .debug_info offset.
  DenseMap<const DIE *, size_t> UnitOf;
  std::function<void(const DIE &, size_t)> Own = [&](const DIE &D, size_t U) {
    UnitOf[&D] = U;
    for (const auto &C : D.Children)
      Own(*C, U);
  };
  for (size_t U = 0; U < Units.size(); ++U)
    Own(*Units[U], U);
  std::function<void(DIE &, size_t)> Forms = [&](DIE &D, size_t U) {
    for (DIEAttr &X : D.Attrs)
      if (X.Form == dwarf::DW_FORM_ref4 && X.Ref && UnitOf.lookup(X.Ref) != U)
        X.Form = dwarf::DW_FORM_ref_addr;
    for (auto &C : D.Children)
      Forms(*C, U);
  };
  for (size_t U = 0; U < Units.size(); ++U)
    Forms(*Units[U], U);
  std::vector<uint32_t> UnitOffsets; // each unit's header, then its end
  uint32_t End = 0;
  for (auto &U : Units) {
    UnitOffsets.push_back(End);
    End = layout(*U, End + kUnitHeaderBytes);
  }
  UnitOffsets.push_back(End);

  switchTo(S, ".debug_abbrev", Text);
  for (size_t N = 0; N < Abbrevs.size(); ++N) {
    const Abbrev &A = Abbrevs[N];
    S.emitULEB128IntValue(N + 1);
    S.emitULEB128IntValue(A.Tag);
    S.emitIntValue(A.Children ? dwarf::DW_CHILDREN_yes : dwarf::DW_CHILDREN_no, 1);
    for (const auto &[Attr, Form] : A.Specs) {
      S.emitULEB128IntValue(Attr);
      S.emitULEB128IntValue(Form);
    }
    S.emitIntValue(0, 1);
    S.emitIntValue(0, 1);
  }
  S.emitIntValue(0, 1);

  switchTo(S, ".debug_info", Text);
  for (size_t U = 0; U < Units.size(); ++U) {
    // The unit's length after this field.
    S.emitIntValue(UnitOffsets[U + 1] - UnitOffsets[U] - 4, 4);
    S.emitIntValue(kVersion, 2);
    S.emitIntValue(0, 4); // its abbreviations: the whole .debug_abbrev
    S.emitIntValue(kAddressBytes, 1);
    emitDIE(S, *Units[U], UnitOffsets[U]);
  }

  switchTo(S, ".debug_loc", Text);
  for (const auto &L : LocLists)
    emitList(S, L, [&](const LocationEntry &E) {
      S.emitIntValue(E.Expr.size(), 2);
      S.emitBytes(E.Expr);
    });
  switchTo(S, ".debug_ranges", Text);
  for (const auto &L : RangeLists)
    emitList(S, L, [](const CodeSpan &) {});
}

} // namespace simt::cc
