//===-- Disassembly.cpp - Instruction words back to text -------------------===//
#include "asm/Disassembly.h"

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
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/TargetParser/Triple.h"

#include <map>
#include <set>
#include <sstream>

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

const MCInstrInfo &Disassembler::instrInfo() const { return *P->MII; }

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
class RegCounter {
  Triple TT{SIMT::TripleName};
  MCTargetOptions Options;
  std::unique_ptr<MCRegisterInfo> MRI;
  std::unique_ptr<MCAsmInfo> MAI;
  std::unique_ptr<MCSubtargetInfo> STI;
  std::unique_ptr<MCContext> Ctx;
  std::unique_ptr<MCDisassembler> Dis;

public:
  RegCounter() {
    SIMT::initializeSIMTTarget();
    const Target &T = SIMT::getTheSIMTTarget();
    MRI.reset(T.createMCRegInfo(TT.str()));
    MAI.reset(T.createMCAsmInfo(*MRI, TT.str(), Options));
    STI.reset(T.createMCSubtargetInfo(TT.str(), "generic", ""));
    Ctx = std::make_unique<MCContext>(TT, MAI.get(), MRI.get(), STI.get());
    Dis.reset(T.createMCDisassembler(*STI, *Ctx));
  }
  unsigned regsUsed(uint64_t Word) const {
    uint8_t Bytes[8];
    support::endian::write64le(Bytes, Word);
    uint64_t Size;
    MCInst MI;
    if (Dis->getInstruction(MI, Size, ArrayRef<uint8_t>(Bytes, 8), 0, nulls()) !=
        MCDisassembler::Success)
      return 0;
    unsigned N = 0;
    for (unsigned I = 0; I < MI.getNumOperands(); ++I) {
      const MCOperand &O = MI.getOperand(I);
      if (O.isReg() && O.getReg() != SIMT::RZ)
        N = std::max(N, SIMT::gprIndex(O.getReg()) + SIMT::regSpan(MI, I));
    }
    return N;
  }
};

struct KernelMeta {
  std::string Kind, Name;
  std::map<std::string, std::string> Keys;
  struct Param {
    std::string Name;
    long Offset, Size, Align;
  };
  std::vector<Param> Params;
};

std::vector<KernelMeta> parseInfo(StringRef Info) {
  std::vector<KernelMeta> Out;
  SmallVector<StringRef, 16> Lines;
  Info.split(Lines, '\n', -1, false);
  for (StringRef L : Lines) {
    SmallVector<StringRef, 8> W;
    L.split(W, ' ', -1, false);
    if (W.size() < 2)
      continue;
    if (W[0] == "kernel" || W[0] == "func") {
      KernelMeta K;
      K.Kind = W[0].str();
      K.Name = W[1].str();
      for (size_t I = 2; I < W.size(); ++I) {
        auto [Key, Val] = W[I].split('=');
        K.Keys[Key.str()] = Val.str();
      }
      Out.push_back(K);
    } else if (W[0] == "param" && W.size() >= 6) {
      for (KernelMeta &K : Out)
        if (K.Name == W[1]) {
          long O = 0, S = 0, A = 0;
          W[3].getAsInteger(10, O);
          W[4].getAsInteger(10, S);
          W[5].getAsInteger(10, A);
          K.Params.push_back({W[2].str(), O, S, A});
        }
    }
  }
  return Out;
}

struct ObjectView {
  std::unique_ptr<MemoryBuffer> Buf;
  std::unique_ptr<object::ObjectFile> Obj;
  std::string Info;
};

bool openObject(const std::string &Bytes, ObjectView &V, std::string &Err) {
  V.Buf = MemoryBuffer::getMemBuffer(Bytes, "object", false);
  auto O = object::ObjectFile::createObjectFile(V.Buf->getMemBufferRef());
  if (!O) {
    Err = "not an ELF object: " + toString(O.takeError());
    return false;
  }
  V.Obj = std::move(*O);
  auto *E = dyn_cast<object::ELF64LEObjectFile>(V.Obj.get());
  if (!E || E->getELFFile().getHeader().e_machine != SIMT::EM_SIMT) {
    Err = "not a SIMT object (wrong ELF class or machine)";
    return false;
  }
  for (const object::SectionRef &S : V.Obj->sections()) {
    auto Name = S.getName();
    if (Name && *Name == ".simt.info") {
      auto C = S.getContents();
      if (C)
        V.Info = C->str();
    }
  }
  return true;
}

// Regs: the kernel's register count; an instruction using more is printed as
// the `.quad` it must have been written as, so that the text re-assembles.
void printWords(StringRef Code, uint64_t Base, const DumpOptions &Opts,
                const std::map<uint64_t, std::string> &Relocs,
                const std::map<uint64_t, std::string> &Symbols, raw_ostream &OS,
                long Regs = -1, StringRef Section = "") {
  static Disassembler Dis;
  static RegCounter Counter;
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
  for (size_t I = 0; I < N; ++I) {
    uint64_t Addr = Base + I * 8;
    auto L = Labels.find(Addr);
    if (L != Labels.end())
      OS << L->second << ":\n";
    uint64_t W = support::endian::read64le(Code.data() + I * 8);
    std::string Text;
    auto R = Relocs.find(I * 8);
    bool Valid = Dis.print(W, Addr, Text, [&](uint64_t T) -> std::string {
      if (R != Relocs.end())
        return R->second;
      auto It = Labels.find(T);
      return It != Labels.end() ? It->second : "";
    });
    if (Valid && Regs >= 0 && Counter.regsUsed(W) > unsigned(Regs))
      Text = formatv(".quad {0:x16} // {1}: beyond .regs {2}", W, Text, Regs).str();
    OS << "        ";
    if (Opts.ShowAddresses)
      OS << format("/*%04llx*/ ", (unsigned long long)Addr);
    OS << Text;
    if (Opts.ShowRawInsn)
      OS << format(" /* 0x%016llx */", (unsigned long long)W);
    OS << "\n";
  }
  // Bytes after the last whole word (data, not code): as data, so that the
  // text still assembles to the same section.
  if (Code.size() % 8) {
    OS << "        .byte ";
    for (size_t I = N * 8; I < Code.size(); ++I)
      OS << (I > N * 8 ? ", " : "") << formatv("{0:x2}", uint8_t(Code[I]));
    OS << "\n";
  }
  auto End = Labels.find(Base + N * 8);
  if (End != Labels.end())
    OS << End->second << ":\n";
}
} // namespace

bool dumpObject(const std::string &Bytes, const DumpOptions &Opts, raw_ostream &OS,
                std::string &Err) {
  ObjectView V;
  if (!openObject(Bytes, V, Err))
    return false;
  std::vector<KernelMeta> Meta = parseInfo(V.Info);
  bool AnyListing = false;
  for (const KernelMeta &K : Meta)
    AnyListing |= K.Keys.count("listing") && K.Keys.at("listing") == "1";
  if (AnyListing)
    OS << ".simt_listing\n";
  for (const object::SectionRef &S : V.Obj->sections()) {
    auto Name = S.getName();
    if (!Name || !(Name->starts_with(".text.") || *Name == ".text"))
      continue;
    // Code outside .kernel/.func (the default .text section).
    bool Plain = *Name == ".text";
    if (Plain && S.getSize() == 0)
      continue;
    StringRef KName = Plain ? StringRef() : Name->drop_front(6);
    auto C = S.getContents();
    if (!C) {
      Err = toString(C.takeError());
      return false;
    }
    std::map<uint64_t, std::string> Symbols, Relocs;
    for (const object::SymbolRef &Sym : V.Obj->symbols()) {
      auto Sec = Sym.getSection();
      auto SN = Sym.getName();
      auto Addr = Sym.getValue();
      if (!Sec || !SN || !Addr || *Sec == V.Obj->section_end() || **Sec != S)
        continue;
      if ((!Plain && *SN == KName) || SN->empty() || SN->starts_with(".L"))
        continue;
      Symbols[*Addr] = SN->str();
    }
    for (const object::SectionRef &RS : V.Obj->sections()) {
      auto Target = RS.getRelocatedSection();
      if (!Target || *Target != S)
        continue;
      for (const object::RelocationRef &R : RS.relocations()) {
        auto Sym = R.getSymbol();
        auto SN = Sym->getName();
        if (SN)
          Relocs[R.getOffset()] = SN->str();
      }
    }
    const KernelMeta *K = nullptr;
    for (const KernelMeta &M : Meta)
      if (M.Name == KName)
        K = &M;
    bool IsFunc = K && K->Kind == "func";
    if (Plain) {
      OS << ".text\n";
      printWords(*C, 0, Opts, Relocs, Symbols, OS);
      continue;
    }
    OS << (IsFunc ? ".func " : ".kernel ") << KName << "\n";
    if (K) {
      for (const auto &P : K->Params)
        OS << ".param " << P.Name << ", " << P.Size << ", " << P.Align << "\n";
      for (const char *Key : {"shared", "local", "max_stack", "regs"}) {
        auto It = K->Keys.find(Key);
        if (It != K->Keys.end())
          OS << "." << Key << " " << It->second << "\n";
      }
    }
    long Regs = -1;
    if (K && K->Keys.count("regs"))
      StringRef(K->Keys.at("regs")).getAsInteger(10, Regs);
    printWords(*C, 0, Opts, Relocs, Symbols, OS, Regs, KName);
    OS << (IsFunc ? ".end_func" : ".end_kernel") << "\n";
  }
  return true;
}

void dumpBinary(const std::string &Bytes, const DumpOptions &Opts, raw_ostream &OS) {
  printWords(Bytes, 0, Opts, {}, {}, OS);
}

bool dumpKernels(const std::string &Bytes, unsigned BlockSize, raw_ostream &OS,
                 std::string &Err) {
  ObjectView V;
  if (!openObject(Bytes, V, Err))
    return false;
  // Per-SM limits of ISA.md 1: 48 warps, 32768 registers, 48 KiB shared.
  const unsigned MaxWarps = 48, MaxRegs = 32768, MaxShared = 48 * 1024;
  unsigned Warps = (BlockSize + 31) / 32;
  OS << "kernel                    regs  shared   local max_stack CTA/SM  params\n";
  for (const KernelMeta &K : parseInfo(V.Info)) {
    if (K.Kind != "kernel")
      continue;
    auto Get = [&](const char *Key) {
      auto It = K.Keys.find(Key);
      long N = 0;
      if (It != K.Keys.end())
        StringRef(It->second).getAsInteger(10, N);
      return N;
    };
    long Regs = Get("regs"), Shared = Get("shared");
    unsigned ByWarps = Warps ? MaxWarps / Warps : 0;
    unsigned ByRegs = Regs ? MaxRegs / (Regs * Warps * 32) : ByWarps;
    unsigned ByShared = Shared ? MaxShared / Shared : ByWarps;
    unsigned CTAs = std::min({ByWarps, ByRegs, ByShared});
    std::string Params;
    for (const auto &P : K.Params)
      Params += (Params.empty() ? "" : ", ") + P.Name + "@0x" +
                utohexstr(P.Offset, true) + ":" + std::to_string(P.Size);
    OS << format("%-24s %5ld %7ld %7ld %9ld %6u  %s\n", K.Name.c_str(), Regs,
                 Shared, Get("local"), Get("max_stack"), CTAs, Params.c_str());
  }
  OS << "occupancy for blocks of " << BlockSize << " threads (" << Warps
     << " warps); limits per SM: " << MaxWarps << " warps, " << MaxRegs
     << " registers, " << MaxShared << " bytes shared\n";
  return true;
}

} // namespace simt::as
