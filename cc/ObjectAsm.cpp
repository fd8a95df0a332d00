//===-- ObjectAsm.cpp - A host object as GNU assembler text in C++ --------===//
#include "cc/ObjectAsm.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/BinaryFormat/ELF.h"
#include "llvm/Object/ELF.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <map>
#include <set>
#include <vector>

using namespace llvm;

namespace simt::cc {

namespace {

using ELFT = object::ELF64LE;
using Shdr = ELFT::Shdr;
using Sym = ELFT::Sym;
using Rela = ELFT::Rela;

/// A name as gas reads it: quoted unless made of the characters a bare
/// symbol may hold.
std::string quoted(StringRef Name) {
  bool Bare = !Name.empty() && !isDigit(Name[0]) && all_of(Name, [](char C) {
    return isAlnum(C) || C == '_' || C == '.' || C == '$';
  });
  if (Bare)
    return Name.str();
  std::string Q = "\"";
  for (char C : Name) {
    if (C == '"' || C == '\\')
      Q += '\\';
    Q += C;
  }
  return Q + "\"";
}

std::string signedTerm(int64_t V) {
  if (V == 0)
    return "";
  return V < 0 ? "-" + std::to_string(-static_cast<uint64_t>(V)) : "+" + std::to_string(V);
}

class Writer {
public:
  Writer(const object::ELFFile<ELFT> &F, raw_ostream &OS) : F(F), OS(OS) {}
  Error write();

private:
  const object::ELFFile<ELFT> &F;
  raw_ostream &OS;
  ArrayRef<Shdr> Sections;
  const Shdr *Symtab = nullptr;
  ArrayRef<Sym> Symbols;
  std::vector<std::string> SymbolNames;  ///< as written; "" for section and file symbols
  std::vector<std::string> SectionLabels; ///< "" for a section not written
  struct Group {
    std::string signature;
    bool comdat = false;
  };
  std::map<unsigned, Group> GroupOf; ///< member section -> its group
  /// The places in a mergeable section (strings, constants) that
  /// relocations name by the section and an offset: each gets a label.
  std::map<unsigned, std::set<uint64_t>> MergeTargets;

  Error readSymbols();
  Error readGroups();
  Error readMergeTargets();
  std::string mergeLabel(unsigned Section, uint64_t Offset) const {
    return SectionLabels[Section] + "." + std::to_string(Offset);
  }
  Expected<bool> written(const Shdr &S, StringRef Name);
  Error header(unsigned Index, StringRef Name, bool Unique);
  Error contents(unsigned Index);
  void symbolAttributes(const Sym &S, StringRef Name);
  Expected<std::string> target(const Rela &R);
};

Error Writer::readSymbols() {
  for (const Shdr &S : Sections)
    if (S.sh_type == ELF::SHT_SYMTAB)
      Symtab = &S;
  if (!Symtab)
    return Error::success();
  auto Syms = F.symbols(Symtab);
  if (!Syms)
    return Syms.takeError();
  Symbols = *Syms;
  auto Strings = F.getStringTableForSymtab(*Symtab, Sections);
  if (!Strings)
    return Strings.takeError();
  // Names as they are (clang's private ".L.str" and the like are not the
  // host compiler's ".LC0", ".Ltext0", ...), but a local name that repeats
  // (ELF allows it, gas does not) gets a suffix.
  std::set<std::string> Taken;
  for (const Sym &S : Symbols) {
    auto Name = S.getName(*Strings);
    if (!Name)
      return Name.takeError();
    std::string N;
    if (S.getType() != ELF::STT_SECTION && S.getType() != ELF::STT_FILE && !Name->empty()) {
      N = Name->str();
      if (!Taken.insert(N).second && S.getBinding() == ELF::STB_LOCAL)
        N += ".simt" + std::to_string(SymbolNames.size());
      Taken.insert(N);
    }
    SymbolNames.push_back(N);
  }
  return Error::success();
}

Error Writer::readGroups() {
  for (const Shdr &S : Sections) {
    if (S.sh_type != ELF::SHT_GROUP)
      continue;
    auto Words = F.template getSectionContentsAsArray<support::ulittle32_t>(S);
    if (!Words)
      return Words.takeError();
    if (Words->empty() || S.sh_info >= SymbolNames.size())
      return createStringError("a section group without its signature");
    Group G{SymbolNames[S.sh_info], ((*Words)[0] & ELF::GRP_COMDAT) != 0};
    if (G.signature.empty() && Symbols[S.sh_info].st_shndx < Sections.size())
      // A section symbol signs the group: the section's name does.
      if (auto Name = F.getSectionName(Sections[Symbols[S.sh_info].st_shndx]))
        G.signature = Name->str();
    for (uint32_t Member : Words->drop_front())
      GroupOf[Member] = G;
  }
  return Error::success();
}

// The linker maps a place in a mergeable section (whose pieces it may
// merge and move) differently for the two kinds of symbol: for the
// section's own, section+addend is the place; for another symbol, only
// the symbol's value is, the addend added after. gas writes a relocation
// against a local label with no addend as one against the section, at the
// label's offset; so a relocation that names the section is written
// against a label at its place.
Error Writer::readMergeTargets() {
  for (const Shdr &R : Sections) {
    if (R.sh_type != ELF::SHT_RELA)
      continue;
    auto Range = F.relas(R);
    if (!Range)
      return Range.takeError();
    for (const Rela &E : *Range) {
      uint32_t I = E.getSymbol(false);
      if (I == 0 || I >= Symbols.size() || Symbols[I].getType() != ELF::STT_SECTION ||
          Symbols[I].st_shndx >= Sections.size())
        continue;
      const Shdr &Target = Sections[Symbols[I].st_shndx];
      int64_t At = static_cast<int64_t>(Symbols[I].st_value) + E.r_addend;
      if ((Target.sh_flags & ELF::SHF_MERGE) && At >= 0 &&
          static_cast<uint64_t>(At) <= Target.sh_size)
        MergeTargets[Symbols[I].st_shndx].insert(At);
    }
  }
  return Error::success();
}

/// Whether section S goes into the text. Relocations, the symbol table and
/// groups are written by the directives that make them; clang's
/// .llvm_addrsig (what the linker's identical-code folding may merge) and
/// .comment (the host compiler writes its own) are left out.
Expected<bool> Writer::written(const Shdr &S, StringRef Name) {
  switch (S.sh_type) {
  case ELF::SHT_PROGBITS:
  case ELF::SHT_NOBITS:
  case ELF::SHT_NOTE:
  case ELF::SHT_INIT_ARRAY:
  case ELF::SHT_FINI_ARRAY:
  case ELF::SHT_PREINIT_ARRAY:
  case ELF::SHT_X86_64_UNWIND:
    break;
  default: // LLVM's annotations (addrsig, ...) and what the directives make
    return false;
  }
  if (Name == ".comment")
    return false;
  if (S.sh_flags & (ELF::SHF_COMPRESSED | ELF::SHF_LINK_ORDER))
    return createStringError("section '" + Name + "' is compressed or link-ordered, which " +
                             "this writer does not express");
  return true;
}

Error Writer::header(unsigned Index, StringRef Name, bool Unique) {
  const Shdr &S = Sections[Index];
  std::string Flags;
  const std::pair<uint64_t, char> Known[] = {
      {ELF::SHF_ALLOC, 'a'},     {ELF::SHF_WRITE, 'w'},         {ELF::SHF_EXECINSTR, 'x'},
      {ELF::SHF_MERGE, 'M'},     {ELF::SHF_STRINGS, 'S'},       {ELF::SHF_GROUP, 'G'},
      {ELF::SHF_TLS, 'T'},       {ELF::SHF_EXCLUDE, 'e'},       {ELF::SHF_GNU_RETAIN, 'R'},
      {ELF::SHF_X86_64_LARGE, 'l'}};
  uint64_t Rest = S.sh_flags;
  for (auto [Bit, Letter] : Known)
    if (S.sh_flags & Bit) {
      Flags += Letter;
      Rest &= ~Bit;
    }
  if (Rest)
    return createStringError("section '" + Name + "' has flags this writer does not express");
  const char *Type = "@progbits";
  switch (S.sh_type) {
  case ELF::SHT_NOBITS: Type = "@nobits"; break;
  case ELF::SHT_NOTE: Type = "@note"; break;
  case ELF::SHT_INIT_ARRAY: Type = "@init_array"; break;
  case ELF::SHT_FINI_ARRAY: Type = "@fini_array"; break;
  case ELF::SHT_PREINIT_ARRAY: Type = "@preinit_array"; break;
  case ELF::SHT_X86_64_UNWIND: Type = "@unwind"; break;
  }
  OS << "\t.section " << quoted(Name) << ",\"" << Flags << "\"," << Type;
  if (S.sh_flags & ELF::SHF_MERGE)
    OS << "," << S.sh_entsize;
  if (S.sh_flags & ELF::SHF_GROUP) {
    auto G = GroupOf.find(Index);
    if (G == GroupOf.end())
      return createStringError("section '" + Name + "' is in no group");
    OS << "," << quoted(G->second.signature) << (G->second.comdat ? ",comdat" : "");
  }
  if (Unique)
    OS << ",unique," << Index;
  OS << "\n";
  // Aligned where this part of the section starts: the host compiler may
  // have put its own bytes in a section of the same name before.
  if (S.sh_addralign > 1)
    OS << "\t.balign " << S.sh_addralign << "\n";
  OS << SectionLabels[Index] << ":\n";
  return Error::success();
}

void Writer::symbolAttributes(const Sym &S, StringRef Name) {
  std::string Q = quoted(Name);
  if (S.getBinding() == ELF::STB_GLOBAL || S.getBinding() == ELF::STB_GNU_UNIQUE)
    OS << "\t.globl " << Q << "\n";
  else if (S.getBinding() == ELF::STB_WEAK)
    OS << "\t.weak " << Q << "\n";
  switch (S.getVisibility()) {
  case ELF::STV_HIDDEN: OS << "\t.hidden " << Q << "\n"; break;
  case ELF::STV_PROTECTED: OS << "\t.protected " << Q << "\n"; break;
  case ELF::STV_INTERNAL: OS << "\t.internal " << Q << "\n"; break;
  }
  if (S.isUndefined())
    return;
  switch (S.getType()) {
  case ELF::STT_FUNC: OS << "\t.type " << Q << ",@function\n"; break;
  case ELF::STT_OBJECT:
    OS << "\t.type " << Q
       << (S.getBinding() == ELF::STB_GNU_UNIQUE ? ",@gnu_unique_object\n" : ",@object\n");
    break;
  case ELF::STT_TLS: OS << "\t.type " << Q << ",@tls_object\n"; break;
  case ELF::STT_GNU_IFUNC: OS << "\t.type " << Q << ",@gnu_indirect_function\n"; break;
  }
  if (S.st_size && !S.isCommon())
    OS << "\t.size " << Q << "," << S.st_size << "\n";
}

/// A relocation's symbol and addend as an expression.
Expected<std::string> Writer::target(const Rela &R) {
  uint32_t Index = R.getSymbol(false);
  if (Index == 0)
    return std::to_string(R.r_addend);
  if (Index >= Symbols.size())
    return createStringError("a relocation names no symbol");
  const Sym &S = Symbols[Index];
  if (!SymbolNames[Index].empty())
    return quoted(SymbolNames[Index]) + signedTerm(R.r_addend);
  if (S.st_shndx >= SectionLabels.size() || SectionLabels[S.st_shndx].empty())
    return createStringError("a relocation against a section not written");
  int64_t At = static_cast<int64_t>(S.st_value) + R.r_addend;
  auto Merge = MergeTargets.find(S.st_shndx);
  if (S.getType() == ELF::STT_SECTION && Merge != MergeTargets.end() && At >= 0 &&
      Merge->second.count(At))
    return mergeLabel(S.st_shndx, At);
  return SectionLabels[S.st_shndx] + signedTerm(static_cast<int64_t>(S.st_value) + R.r_addend);
}

Error Writer::contents(unsigned Index) {
  const Shdr &S = Sections[Index];
  std::vector<const Rela *> Relocs;
  for (const Shdr &R : Sections)
    if (R.sh_type == ELF::SHT_RELA && R.sh_info == Index) {
      auto Range = F.relas(R);
      if (!Range)
        return Range.takeError();
      for (const Rela &E : *Range)
        Relocs.push_back(&E);
    }
  if (any_of(Sections, [&](const Shdr &R) { return R.sh_type == ELF::SHT_REL && R.sh_info == Index; }))
    return createStringError("REL relocations (x86-64 objects have RELA)");
  llvm::stable_sort(Relocs, [](const Rela *A, const Rela *B) { return A->r_offset < B->r_offset; });
  std::vector<unsigned> Defined;
  for (unsigned I = 1; I < Symbols.size(); ++I)
    if (Symbols[I].st_shndx == Index && !SymbolNames[I].empty())
      Defined.push_back(I);
  llvm::stable_sort(Defined, [&](unsigned A, unsigned B) {
    return Symbols[A].st_value < Symbols[B].st_value;
  });
  ArrayRef<uint8_t> Bytes;
  if (S.sh_type != ELF::SHT_NOBITS) {
    auto C = F.getSectionContents(S);
    if (!C)
      return C.takeError();
    Bytes = *C;
  }
  const uint64_t Size = S.sh_size;
  std::set<uint64_t> NoTargets;
  auto Merge = MergeTargets.find(Index);
  const std::set<uint64_t> &Targets = Merge == MergeTargets.end() ? NoTargets : Merge->second;
  auto NextTarget = Targets.begin();
  size_t NextSym = 0, NextReloc = 0;
  for (uint64_t Pos = 0;;) {
    for (; NextTarget != Targets.end() && *NextTarget <= Pos; ++NextTarget)
      OS << mergeLabel(Index, *NextTarget) << ":\n";
    for (; NextSym < Defined.size() && Symbols[Defined[NextSym]].st_value <= Pos; ++NextSym) {
      symbolAttributes(Symbols[Defined[NextSym]], SymbolNames[Defined[NextSym]]);
      OS << quoted(SymbolNames[Defined[NextSym]]) << ":\n";
    }
    for (; NextReloc < Relocs.size() && Relocs[NextReloc]->r_offset <= Pos; ++NextReloc) {
      const Rela &R = *Relocs[NextReloc];
      uint32_t Type = R.getType(false);
      if (Type == ELF::R_X86_64_NONE)
        continue;
      StringRef Name = object::getELFRelocationTypeName(ELF::EM_X86_64, Type);
      if (Name == "Unknown")
        return createStringError("relocation type " + std::to_string(Type));
      auto T = target(R);
      if (!T)
        return T.takeError();
      if (R.r_offset == Pos)
        OS << "\t.reloc .," << Name << "," << *T << "\n";
      else
        OS << "\t.reloc " << SectionLabels[Index] << "+" << R.r_offset << "," << Name << ","
           << *T << "\n";
    }
    if (Pos >= Size)
      break;
    uint64_t End = Size;
    if (NextSym < Defined.size())
      End = std::min<uint64_t>(End, Symbols[Defined[NextSym]].st_value);
    if (NextReloc < Relocs.size())
      End = std::min<uint64_t>(End, Relocs[NextReloc]->r_offset);
    if (NextTarget != Targets.end())
      End = std::min<uint64_t>(End, *NextTarget);
    if (Bytes.empty()) {
      OS << "\t.zero " << End - Pos << "\n";
    } else {
      for (uint64_t At = Pos; At < End; At += 32) {
        OS << "\t.byte ";
        for (uint64_t B = At; B < std::min(End, At + 32); ++B)
          OS << (B == At ? "" : ",") << unsigned(Bytes[B]);
        OS << "\n";
      }
    }
    Pos = End;
  }
  for (; NextSym < Defined.size(); ++NextSym) { // past the end: by offset from the start
    const std::string &Name = SymbolNames[Defined[NextSym]];
    symbolAttributes(Symbols[Defined[NextSym]], Name);
    OS << "\t.set " << quoted(Name) << "," << SectionLabels[Index] << "+"
       << Symbols[Defined[NextSym]].st_value << "\n";
  }
  return Error::success();
}

Error Writer::write() {
  const auto &H = F.getHeader();
  if (H.e_machine != ELF::EM_X86_64 || H.e_type != ELF::ET_REL)
    return createStringError("not a relocatable x86-64 object");
  auto Secs = F.sections();
  if (!Secs)
    return Secs.takeError();
  Sections = *Secs;
  if (Error E = readSymbols())
    return E;
  if (Error E = readGroups())
    return E;
  SectionLabels.assign(Sections.size(), "");
  if (Error E = readMergeTargets())
    return E;
  // The host compiler goes on in the section it was in before the asm
  // statement, believing it still there.
  OS << "\t.pushsection .text\n";
  std::map<std::pair<std::string, std::string>, unsigned> Seen; // (name, group) -> count
  std::vector<std::string> Names(Sections.size());
  for (unsigned I = 1; I < Sections.size(); ++I) {
    auto Name = F.getSectionName(Sections[I]);
    if (!Name)
      return Name.takeError();
    auto W = written(Sections[I], *Name);
    if (!W)
      return W.takeError();
    if (!*W)
      continue;
    Names[I] = Name->str();
    SectionLabels[I] = ".Lsimt_sec." + std::to_string(I);
    auto G = GroupOf.find(I);
    ++Seen[{Names[I], G == GroupOf.end() ? "" : G->second.signature}];
  }
  for (unsigned I = 1; I < Sections.size(); ++I) {
    if (SectionLabels[I].empty())
      continue;
    auto G = GroupOf.find(I);
    bool Unique = Seen[{Names[I], G == GroupOf.end() ? "" : G->second.signature}] > 1;
    if (Error E = header(I, Names[I], Unique))
      return E;
    if (Error E = contents(I))
      return E;
  }
  // Symbols defined nowhere in a section: undefined ones that need a
  // binding or visibility, absolute ones, common ones.
  for (unsigned I = 1; I < Symbols.size(); ++I) {
    const Sym &S = Symbols[I];
    const std::string &Name = SymbolNames[I];
    if (Name.empty())
      continue;
    std::string Q = quoted(Name);
    if (S.isUndefined()) {
      if (S.getBinding() == ELF::STB_WEAK || S.getVisibility() != ELF::STV_DEFAULT)
        symbolAttributes(S, Name);
    } else if (S.isCommon()) {
      if (S.getBinding() == ELF::STB_LOCAL)
        OS << "\t.local " << Q << "\n";
      symbolAttributes(S, Name);
      OS << "\t.comm " << Q << "," << S.st_size << "," << S.st_value << "\n";
    } else if (S.st_shndx == ELF::SHN_ABS) {
      symbolAttributes(S, Name);
      OS << "\t.set " << Q << "," << S.st_value << "\n";
    } else if (S.st_shndx >= ELF::SHN_LORESERVE) {
      return createStringError("symbol '" + Name + "' in a reserved section");
    } else if (S.st_shndx >= SectionLabels.size() || SectionLabels[S.st_shndx].empty()) {
      continue; // in a section left out (.comment, ...)
    }
  }
  OS << "\t.popsection\n";
  return Error::success();
}

} // namespace

bool objectAsAssembly(StringRef Object, std::string &Text, std::string &Message) {
  auto F = object::ELFFile<ELFT>::create(Object);
  if (!F) {
    Message = toString(F.takeError());
    return false;
  }
  Text.clear();
  raw_string_ostream OS(Text);
  if (Error E = Writer(*F, OS).write()) {
    Message = toString(std::move(E));
    return false;
  }
  return true;
}

std::string asmTranslationUnit(StringRef Header, StringRef Assembly) {
  std::string Out;
  raw_string_ostream OS(Out);
  SmallVector<StringRef, 8> Lines;
  Header.split(Lines, '\n');
  for (StringRef L : Lines)
    OS << "// " << L << "\n";
  // Plain literals, not a raw string: C++98 and C read them too. `?` is
  // escaped so that no trigraph forms (-trigraphs, -std=c++98).
  OS << "__asm__(\n";
  Lines.clear();
  Assembly.split(Lines, '\n', -1, false);
  for (StringRef L : Lines) {
    OS << "\"";
    for (char C : L) {
      if (C == '"' || C == '\\' || C == '?')
        OS << '\\';
      OS << (C == '\t' ? "\\t" : StringRef(&C, 1));
    }
    OS << "\\n\"\n";
  }
  OS << ");\n";
  return Out;
}

} // namespace simt::cc
