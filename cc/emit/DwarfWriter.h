//===-- DwarfWriter.h - A DWARF 4 unit written through the MC layer -------===//
//
// The compile units the translator builds from clang's (DebugInfo.h): one
// per translation unit (several after simt-nvcc -rdc's device link), each a
// tree of DIEs with their attributes, location lists and range lists, laid
// out (abbreviations, offsets) and written as `.debug_abbrev`,
// `.debug_info`, `.debug_loc` and `.debug_ranges` with the MC streamer, so
// that an object and its -S text (which simt-as assembles into the same
// bytes) carry it alike. Code addresses are labels in the functions'
// sections: a DW_AT_low_pc is the label (an R_SIMT_ABS64 relocation), a
// DW_AT_high_pc its length (a difference of labels, resolved by the MC
// layer), and each list starts each section's entries with a base address
// selection entry for that section's start, then differences of labels.
// Strings are inline (DW_FORM_string); lists and the line table are found
// by offsets the writer computes, without relocations. A reference is
// DW_FORM_ref4 within its unit, DW_FORM_ref_addr (the .debug_info offset)
// to another unit's DIE (the types clang shares between units).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/BinaryFormat/Dwarf.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace llvm {
class MCStreamer;
class MCSymbol;
} // namespace llvm

namespace simt::cc {

/// A run of code in one function's section: [Begin, End), with the label
/// of the section's start (its offset 0).
struct CodeSpan {
  llvm::MCSymbol *SectionStart = nullptr, *Begin = nullptr, *End = nullptr;
};

/// One entry of a location list: where, and the DWARF expression there.
struct LocationEntry {
  CodeSpan Span;
  std::string Expr;
};

struct DIE;

struct DIEAttr {
  DIEAttr(llvm::dwarf::Attribute A, llvm::dwarf::Form F) : Attr(A), Form(F) {}
  llvm::dwarf::Attribute Attr;
  llvm::dwarf::Form Form;
  uint64_t Int = 0;        // constants, flags, a list's index (sec_offset)
  std::string Bytes;       // a string (without its NUL), a block, an exprloc
  const DIE *Ref = nullptr; // ref4, ref_addr
  CodeSpan Span;           // addr: Span.Begin; data4: Span.End - Span.Begin
};

struct DIE {
  explicit DIE(llvm::dwarf::Tag T) : Tag(T) {}
  llvm::dwarf::Tag Tag;
  std::vector<DIEAttr> Attrs;
  std::vector<std::unique_ptr<DIE>> Children;

  DIE &addChild(llvm::dwarf::Tag T);
  const DIEAttr *find(llvm::dwarf::Attribute A) const;
  void remove(llvm::dwarf::Attribute A);
  void addString(llvm::dwarf::Attribute A, std::string S);
  /// The smallest of data1/2/4/8 (udata when Form is udata).
  void addUnsigned(llvm::dwarf::Attribute A, uint64_t V,
                   llvm::dwarf::Form F = llvm::dwarf::Form(0));
  void addSigned(llvm::dwarf::Attribute A, int64_t V);
  void addFlag(llvm::dwarf::Attribute A, bool V);
  void addRef(llvm::dwarf::Attribute A, const DIE *To);
  void addBlock(llvm::dwarf::Attribute A, std::string Bytes,
                llvm::dwarf::Form F = llvm::dwarf::DW_FORM_exprloc);
  /// DW_AT_low_pc and DW_AT_high_pc (its length) of one span.
  void addSpan(const CodeSpan &S);

  // Set by the layout.
  unsigned AbbrevCode = 0;
  uint32_t Offset = 0; // in .debug_info
};

class DwarfWriter {
public:
  DwarfWriter();
  ~DwarfWriter();
  /// The unit being built: the first, or the last addUnit() began.
  DIE &unit() { return *Units.back(); }
  /// Begins another compile unit (after the first) and returns it.
  DIE &addUnit();
  /// A location list or range list, referred to by DW_FORM_sec_offset
  /// attributes: attribute A of D.
  void addLocationList(DIE &D, llvm::dwarf::Attribute A, std::vector<LocationEntry> Entries);
  void addRangeList(DIE &D, llvm::dwarf::Attribute A, std::vector<CodeSpan> Spans);
  /// Writes the four sections (Text: the section directives as raw text,
  /// which this ISA's assembler reads: `@progbits` would be a guard).
  void emit(llvm::MCStreamer &S, bool Text);

private:
  struct Abbrev;
  unsigned abbrevOf(const DIE &D);
  uint32_t layout(DIE &D, uint32_t Offset);
  void emitDIE(llvm::MCStreamer &S, const DIE &D, uint32_t UnitOffset);
  void emitAttr(llvm::MCStreamer &S, const DIEAttr &A, uint32_t UnitOffset);

  std::vector<std::unique_ptr<DIE>> Units;
  std::vector<Abbrev> Abbrevs;
  std::vector<std::vector<LocationEntry>> LocLists;
  std::vector<std::vector<CodeSpan>> RangeLists;
  std::vector<uint64_t> LocOffsets, RangeOffsets;
  struct ListUse {
    DIE *D;
    llvm::dwarf::Attribute A;
    bool Ranges;
    size_t Index;
  };
  std::vector<ListUse> ListUses;
};

} // namespace simt::cc
