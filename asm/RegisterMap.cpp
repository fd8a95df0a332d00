//===-- RegisterMap.cpp - Where PTX registers live, from .simt.regmap -----===//
#include "asm/RegisterMap.h"
#include "isa/SIMTLimits.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Support/MemoryBuffer.h"
#include "support/LlvmErrors.h"

#include <algorithm>
#include <cstdlib>

using namespace llvm;

namespace simt::as {

namespace {

/// A little-endian reader of the section that reports where it ran out.
class Cursor {
public:
  explicit Cursor(StringRef Data) : Data(Data) {}
  bool done() const { return Pos >= Data.size(); }
  bool string(std::string &Out) {
    size_t Z = Data.find('\0', Pos);
    if (Z == StringRef::npos)
      return false;
    Out = Data.slice(Pos, Z).str();
    Pos = Z + 1;
    return true;
  }
  bool number(uint64_t &Out, unsigned Bytes) {
    if (Data.size() - Pos < Bytes)
      return false;
    Out = 0;
    for (unsigned B = 0; B < Bytes; ++B)
      Out |= uint64_t(uint8_t(Data[Pos + B])) << (8 * B);
    Pos += Bytes;
    return true;
  }
  size_t pos() const { return Pos; }

private:
  StringRef Data;
  size_t Pos = 0;
};

} // namespace

std::string PTXRegLocation::where() const {
  auto Hex = [](uint64_t V) { return "0x" + utohexstr(V, /*LowerCase=*/true); };
  switch (kind) {
  case GPR:
    return "R" + std::to_string(reg);
  case Pair:
    return "R" + std::to_string(reg) + ":R" + std::to_string(reg + 1);
  case Pred:
    return "P" + std::to_string(reg);
  case Local:
    if (reg == 255)
      return "local " + Hex(offset);
    return "local R" + std::to_string(reg) + "+" + Hex(offset);
  case Const:
    return "c[" + Hex(reg) + "][" + Hex(offset) + "]";
  }
  return "?";
}

Expected<RegisterMap> RegisterMap::read(StringRef Bytes, StringRef Name) {
  RegisterMap Out;
  auto Obj = object::ObjectFile::createObjectFile(MemoryBufferRef(Bytes, Name));
  if (!Obj)
    return fileError(Name, toString(Obj.takeError()));
  StringRef Data;
  bool Found = false;
  for (const object::SectionRef &S : (*Obj)->sections()) {
    Expected<StringRef> SN = S.getName();
    if (!SN)
      return fileError(Name, toString(SN.takeError()));
    if (*SN != ".simt.regmap")
      continue;
    Expected<StringRef> C = S.getContents();
    if (!C)
      return fileError(Name, toString(C.takeError()));
    Data = *C;
    Found = true;
  }
  if (!Found)
    return Out;
  Cursor C(Data);
  while (!C.done()) {
    std::string Function;
    uint64_t Count = 0;
    if (!C.string(Function) || !C.number(Count, 4))
      return fileError(Name, ".simt.regmap: truncated function record at offset " +
                                 Twine(C.pos()));
    for (uint64_t N = 0; N < Count; ++N) {
      PTXRegLocation L;
      L.function = Function;
      uint64_t Type, Bits, Kind, Reg, Offset, Begin, End;
      if (!C.string(L.name) || !C.number(Type, 1) || !C.number(Bits, 1) || !C.number(Kind, 1) ||
          !C.number(Reg, 1) || !C.number(Offset, 4) || !C.number(Begin, 4) || !C.number(End, 4))
        return fileError(Name, ".simt.regmap: truncated entry of '" + Function +
                                   "' at offset " + Twine(C.pos()));
      bool InBank = Kind == PTXRegLocation::Const && Reg < limits::kNumConstBanks &&
                    Offset + Bits / 8 <= limits::kConstBankBytes;
      if (Kind > PTXRegLocation::Const || !StringRef("usbfp").contains(char(Type)) ||
          !(Bits == 1 || Bits == 8 || Bits == 16 || Bits == 32 || Bits == 64) || Begin > End ||
          (Kind < PTXRegLocation::Local && Reg > 62) ||
          (Kind == PTXRegLocation::Const && !InBank))
        return fileError(Name, ".simt.regmap: bad entry '" + L.name + "' of '" + Function + "'");
      L.type = char(Type);
      L.bits = unsigned(Bits);
      L.kind = PTXRegLocation::Kind(Kind);
      L.reg = unsigned(Reg);
      L.offset = uint32_t(Offset);
      L.begin = Begin;
      L.end = End;
      Out.entries_.push_back(std::move(L));
    }
  }
  return Out;
}

std::vector<const PTXRegLocation *> RegisterMap::liveAt(StringRef Function,
                                                        uint64_t Offset) const {
  std::vector<const PTXRegLocation *> Out;
  for (const PTXRegLocation &L : entries_)
    if (L.function == Function && L.begin <= Offset && Offset < L.end)
      Out.push_back(&L);
  // %r2 before %r10: by prefix, then by number.
  auto Key = [](const std::string &N) {
    size_t D = N.find_first_of("0123456789");
    unsigned long Num = D == std::string::npos ? 0 : std::strtoul(N.c_str() + D, nullptr, 10);
    return std::make_pair(N.substr(0, D), Num);
  };
  std::stable_sort(Out.begin(), Out.end(), [&](const PTXRegLocation *A, const PTXRegLocation *B) {
    return Key(A->name) < Key(B->name);
  });
  return Out;
}

bool RegisterMap::has(StringRef Function, StringRef Name) const {
  return any_of(entries_, [&](const PTXRegLocation &L) {
    return L.function == Function && L.name == Name;
  });
}

std::vector<std::string> RegisterMap::names(StringRef Function) const {
  std::vector<std::string> Out;
  for (const PTXRegLocation &L : entries_)
    if (L.function == Function)
      Out.push_back(L.name);
  llvm::sort(Out);
  Out.erase(std::unique(Out.begin(), Out.end()), Out.end());
  return Out;
}

} // namespace simt::as
