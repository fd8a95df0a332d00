//===-- Disassembly.cpp - Instruction words back to text ------------------===//
#include "asm/Disassembly.h"
#include "runtime/SourceLines.h"

#include "Disassembler/SIMTWordDisassembler.h"
#include "isa/SIMTLevel.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <set>

using namespace llvm;

namespace simt::as {

void printWords(std::string_view CodeText, uint64_t Base, const DumpOptions &Opts,
                const std::map<uint64_t, std::string> &Relocs,
                const std::map<uint64_t, std::string> &Symbols, raw_ostream &OS, long Regs,
                std::string_view SectionName) {
  StringRef Code(CodeText.data(), CodeText.size());
  StringRef Section(SectionName.data(), SectionName.size());
  static const SIMTWordDisassembler Dis;
  size_t N = Code.size() / 8;
  // Labels: symbols of the section and every branch target inside it.
  std::map<uint64_t, std::string> Labels;
  for (size_t I = 0; I < N; ++I) {
    uint64_t W = support::endian::read64le(Code.data() + I * 8);
    uint64_t T;
    if (!Relocs.count(I * 8) && Dis.branchTarget(W, Base + I * 8, T) &&
        T < Base + N * 8 + 8)
      Labels[T] = "";
  }
  for (auto &[A, Name] : Labels) {
    auto S = Symbols.find(A);
    // Private (.L) labels, unique per section: they stay out of the symbol
    // table when the text is assembled again.
    Name = S != Symbols.end() ? S->second
                              : (".L" + Section + "_" + utohexstr(A, true)).str();
  }
  std::optional<rt::SourcePos> Shown; // the last `// FILE:LINE` printed
  const std::string ElfSection = Section.empty() ? ".text" : (".text." + Section).str();
  for (size_t I = 0; I < N; ++I) {
    uint64_t Addr = Base + I * 8;
    if (Opts.Lines) {
      auto P = Opts.Lines->at(ElfSection, I * 8);
      if (P && !(Shown && Shown->line == P->line && Shown->file == P->file)) {
        OS << "// " << P->file << ":" << P->line << "\n";
        const std::vector<std::string> *Text =
            Opts.ShowSource ? rt::sourceFileLines(P->file) : nullptr;
        if (Text && P->line <= Text->size())
          OS << "//   " << (*Text)[P->line - 1] << "\n";
        Shown = P;
      } else if (!P && Shown) {
        // Line 0: code of no line (a reconvergence NOP.S, a merged store).
        OS << "// (no source line)\n";
        Shown.reset();
      }
    }
    auto L = Labels.find(Addr);
    if (L != Labels.end()) {
      OS << L->second << ":";
      if (Opts.Demangle && Symbols.count(Addr))
        if (std::string Shown = Opts.Demangle(L->second); Shown != L->second)
          OS << " // " << Shown;
      OS << "\n";
    }
    uint64_t W = support::endian::read64le(Code.data() + I * 8);
    std::string Text;
    auto R = Relocs.find(I * 8);
    bool Valid = Dis.print(W, Addr, Text, [&](uint64_t T) -> std::string {
      if (R != Relocs.end())
        return R->second;
      auto It = Labels.find(T);
      return It != Labels.end() ? It->second : "";
    });
    if (Valid && Regs >= 0 && Dis.regsUsed(W) > unsigned(Regs))
      Text = formatv(".quad {0:x16} // {1}: beyond .regs {2}", W, Text, Regs).str();
    OS << "        ";
    if (Opts.ShowAddresses)
      OS << format("/*%04llx*/ ", (unsigned long long)Addr);
    OS << Text;
    if (Opts.ShowRawInsn)
      OS << format(" /* 0x%016llx */", (unsigned long long)W);
    OS << "\n";
  }
  // A label just past the last whole word, then the bytes after it (data,
  // not code) as data, so that the text still assembles to the same section.
  auto End = Labels.find(Base + N * 8);
  if (End != Labels.end())
    OS << End->second << ":\n";
  if (Code.size() % 8) {
    OS << "        .byte ";
    for (size_t I = N * 8; I < Code.size(); ++I)
      OS << (I > N * 8 ? ", " : "") << formatv("{0:x2}", uint8_t(Code[I]));
    OS << "\n";
  }
}

void dumpBinary(const std::string &Bytes, const DumpOptions &Opts, raw_ostream &OS) {
  // Raw words name no level: the highest record among them sets the
  // `.target` line, so that the text assembles again (an object's own
  // level is printed from its `.simt.info`).
  static const SIMTWordDisassembler Dis;
  unsigned Level = levels::kBase;
  for (size_t I = 0; I + 8 <= Bytes.size(); I += 8)
    Level = std::max(Level, Dis.level(support::endian::read64le(Bytes.data() + I)));
  if (Level > levels::kBase)
    OS << ".target " << levels::archName(Level) << "\n";
  printWords(Bytes, 0, Opts, {}, {}, OS);
}

} // namespace simt::as
