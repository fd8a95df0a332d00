//===-- Disassembly.cpp - Instruction words back to text ------------------===//
#include "asm/Disassembly.h"
#include "asm/SourceLines.h"

#include "Disassembler/SIMTRegRules.h"

#include "MCTargetDesc/SIMTInstPrinter.h"
#include "MCTargetDesc/SIMTMCTargetDesc.h"
#include "MCTargetDesc/SIMTOperandFlags.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/MC/MCAsmInfo.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCDisassembler/MCDisassembler.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCInstrDesc.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCRegisterInfo.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/MCTargetOptions.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/TargetParser/Triple.h"

#include <map>
#include <set>

using namespace llvm;

namespace simt::as {

struct Disassembler::Impl {
  Triple TT{SIMT::TripleName};
  MCTargetOptions Options;
  std::unique_ptr<MCRegisterInfo> MRI;
  std::unique_ptr<MCAsmInfo> MAI;
  std::unique_ptr<MCInstrInfo> MII;
  std::unique_ptr<MCSubtargetInfo> STI;
  std::unique_ptr<MCContext> Ctx;
  std::unique_ptr<MCDisassembler> Dis;
  std::unique_ptr<SIMTInstPrinter> IP;

  Impl() {
    SIMT::initializeSIMTTarget();
    const Target &T = SIMT::getTheSIMTTarget();
    MRI.reset(T.createMCRegInfo(TT.str()));
    MAI.reset(T.createMCAsmInfo(*MRI, TT.str(), Options));
    MII.reset(T.createMCInstrInfo());
    STI.reset(T.createMCSubtargetInfo(TT.str(), "generic", ""));
    Ctx = std::make_unique<MCContext>(TT, MAI.get(), MRI.get(), STI.get());
    Dis.reset(T.createMCDisassembler(*STI, *Ctx));
    IP.reset(static_cast<SIMTInstPrinter *>(
        T.createMCInstPrinter(TT, 0, *MAI, *MII, *MRI)));
  }

  bool decode(uint64_t Word, uint64_t Addr, MCInst &MI) const {
    uint8_t Bytes[8];
    support::endian::write64le(Bytes, Word);
    uint64_t Size;
    return Dis->getInstruction(MI, Size, ArrayRef<uint8_t>(Bytes, 8), Addr,
                               nulls()) == MCDisassembler::Success;
  }
};

Disassembler::Disassembler() : P(std::make_unique<Impl>()) {}
Disassembler::~Disassembler() = default;

bool Disassembler::decode(uint64_t Word, uint64_t Addr, MCInst &MI) const {
  return P->decode(Word, Addr, MI);
}

bool Disassembler::print(uint64_t Word, uint64_t Addr, std::string &Text,
                         const std::function<std::string(uint64_t)> &Labels) const {
  MCInst MI;
  if (!P->decode(Word, Addr, MI)) {
    Text = formatv(".quad {0:x16} // invalid", Word).str();
    return false;
  }
  P->IP->setLabelResolver(Labels);
  raw_string_ostream OS(Text);
  P->IP->printInst(&MI, Addr, "", *P->STI, OS);
  OS.flush();
  P->IP->setLabelResolver(nullptr);
  return true;
}

bool Disassembler::branchTarget(uint64_t Word, uint64_t Addr, uint64_t &Target) const {
  MCInst MI;
  if (!P->decode(Word, Addr, MI))
    return false;
  const MCInstrDesc &D = P->MII->get(MI.getOpcode());
  for (unsigned I = 0; I < MI.getNumOperands() && I < D.getNumOperands(); ++I)
    if (D.operands()[I].OperandType == MCOI::OPERAND_PCREL && MI.getOperand(I).isImm()) {
      Target = Addr + 8 + MI.getOperand(I).getImm() * 8;
      return true;
    }
  return false;
}

namespace {
// The registers a decoded word uses (highest + 1, pairs and quads counted
// whole), to keep the printed text consistent with a kernel's `.regs`.
unsigned regsUsed(const Disassembler &Dis, uint64_t Word) {
  MCInst MI;
  if (!Dis.decode(Word, 0, MI))
    return 0;
  unsigned N = 0;
  for (unsigned I = 0; I < MI.getNumOperands(); ++I) {
    const MCOperand &O = MI.getOperand(I);
    if (O.isReg() && O.getReg() != SIMT::RZ)
      N = std::max(N, SIMT::gprIndex(O.getReg()) + SIMT::regSpan(MI, I));
  }
  return N;
}
} // namespace

void printWords(std::string_view CodeText, uint64_t Base, const DumpOptions &Opts,
                const std::map<uint64_t, std::string> &Relocs,
                const std::map<uint64_t, std::string> &Symbols, raw_ostream &OS, long Regs,
                std::string_view SectionName) {
  StringRef Code(CodeText.data(), CodeText.size());
  StringRef Section(SectionName.data(), SectionName.size());
  static Disassembler Dis;
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
  std::optional<SourcePos> Shown; // the last `// FILE:LINE` printed
  const std::string ElfSection = Section.empty() ? ".text" : (".text." + Section).str();
  for (size_t I = 0; I < N; ++I) {
    uint64_t Addr = Base + I * 8;
    if (Opts.Lines)
      if (auto P = Opts.Lines->at(ElfSection, I * 8);
          P && !(Shown && Shown->line == P->line && Shown->file == P->file)) {
        OS << "// " << P->file << ":" << P->line << "\n";
        const std::vector<std::string> *Text =
            Opts.ShowSource ? sourceFileLines(P->file) : nullptr;
        if (Text && P->line <= Text->size())
          OS << "//   " << (*Text)[P->line - 1] << "\n";
        Shown = P;
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
    if (Valid && Regs >= 0 && regsUsed(Dis, W) > unsigned(Regs))
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
  printWords(Bytes, 0, Opts, {}, {}, OS);
}

} // namespace simt::as
