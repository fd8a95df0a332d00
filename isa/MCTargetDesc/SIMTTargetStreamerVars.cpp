//===-- SIMTTargetStreamerVars.cpp - Module variable directives -----------===//
//
// `.const_var`, `.global_var`, `.var_data` and `.var_addr` (TOOLS.md): the rules and
// records of module variables and their printed form. The object streamer
// writes their bytes into `.simt.const.BANK` / `.simt.global` and their
// records into `.simt.info` when it finishes (SIMTELFStreamer.cpp).
//
//===----------------------------------------------------------------------===//
#include "MCTargetDesc/SIMTTargetStreamer.h"
#include "isa/SIMTLimits.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/BinaryFormat/ELF.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCSectionELF.h"
#include "llvm/MC/MCSymbol.h"
#include "llvm/Support/MathExtras.h"
#include "support/LlvmErrors.h"

using namespace llvm;

// The element types run scripts and the debugger know (runtime/Values.h).
static bool isVarType(StringRef T) {
  static constexpr const char *Types[] = {"u8",  "s8",  "u16", "s16", "u32",
                                          "s32", "u64", "s64", "f32", "f64"};
  for (const char *Known : Types)
    if (T == Known)
      return true;
  return false;
}

static uint64_t typeBytes(StringRef T) {
  unsigned Bits = 0;
  T.drop_front().getAsInteger(10, Bits);
  return std::max(1u, Bits / 8);
}

MCSection *SIMTTargetStreamer::varSection(const SIMTVarRecord &V) {
  MCContext &Ctx = getStreamer().getContext();
  if (V.IsConst)
    return Ctx.getELFSection(".simt.const." + Twine(V.Bank), ELF::SHT_PROGBITS, ELF::SHF_ALLOC);
  return Ctx.getELFSection(".simt.global", ELF::SHT_PROGBITS, ELF::SHF_ALLOC | ELF::SHF_WRITE);
}

Error SIMTTargetStreamer::addVar(SIMTVarRecord V, StringRef Directive) {
  if (Open)
    return simt::stringError(Directive + " inside '" + Kernels.back().Name +
                   "': module variables are declared outside .kernel/.func");
  if (V.Name.empty())
    return simt::stringError("expected a variable name");
  for (const SIMTKernelRecord &K : Kernels)
    if (K.Name == V.Name)
      return simt::stringError("'" + V.Name + "' is already defined");
  for (const SIMTVarRecord &W : Vars)
    if (W.Name == V.Name)
      return simt::stringError("'" + V.Name + "' is already defined");
  if (MCSymbol *Sym = getStreamer().getContext().lookupSymbol(V.Name))
    if (Sym->isDefined() || Sym->isVariable())
      return simt::stringError("'" + V.Name + "' is already defined");
  // `texref`: a texture reference's binding (SIMTLimits.h), four words.
  const bool TexRef = V.Type == "texref";
  if (!TexRef && !isVarType(V.Type))
    return simt::stringError("unknown element type '" + V.Type + "' (u8, s8, u16, s16, u32, s32, u64, "
                   "s64, f32, f64, or texref)");
  if (TexRef && (!V.IsConst || V.Size != 4 * simt::limits::kTextureBindingWords))
    return simt::stringError("element type texref (a texture reference's binding) needs a constant "
                   "variable of " + Twine(4 * simt::limits::kTextureBindingWords) + " bytes");
  if (V.Size == 0)
    return simt::stringError("variable size must be positive");
  if (V.Size % typeBytes(V.Type))
    return simt::stringError("size " + Twine(V.Size) + " is not a whole number of " + V.Type + " elements");
  for (const SIMTVarRecord &W : Vars)
    if (W.IsConst == V.IsConst && W.Bank == V.Bank && V.Offset < W.Offset + W.Size &&
        W.Offset < V.Offset + V.Size)
      return simt::stringError("'" + V.Name + "' overlaps '" + W.Name + "' (" +
                     (V.IsConst ? "constant bank " + Twine(V.Bank) : Twine("global block")) +
                     " offsets " + Twine(W.Offset) + " to " + Twine(W.Offset + W.Size) + ")");
  Vars.push_back(std::move(V));
  emitVarDirective(Vars.back());
  return Error::success();
}

Error SIMTTargetStreamer::emitConstVar(StringRef Name, uint64_t Bank, uint64_t Offset,
                                       uint64_t Size, StringRef Type) {
  using namespace simt::limits;
  if (Bank < kFirstUserConstBank || Bank > kLastConstBank)
    return simt::stringError("constant bank " + Twine(Bank) +
                   " is not a user constant bank (banks 2..15; 0 is the launch block, 1 the "
                   "runtime's)");
  if (Offset > kConstBankBytes || Size > kConstBankBytes - Offset)
    return simt::stringError("'" + Name + "' (offset " + Twine(Offset) + ", " + Twine(Size) +
                   " bytes) does not fit the 64 KiB bank");
  if (Offset % 4)
    return simt::stringError("constant offset " + Twine(Offset) + " is not a multiple of 4");
  SIMTVarRecord V;
  V.Name = Name.str();
  V.IsConst = true;
  V.Bank = unsigned(Bank);
  V.Offset = Offset;
  V.Size = Size;
  V.Align = 4;
  V.Type = Type.str();
  return addVar(std::move(V), ".const_var");
}

Error SIMTTargetStreamer::emitGlobalVar(StringRef Name, uint64_t Offset, uint64_t Size,
                                        uint64_t Align, StringRef Type) {
  using namespace simt::limits;
  if (!isPowerOf2_64(Align) || Align > kMaxAlignBytes)
    return simt::stringError("alignment " + Twine(Align) + " is not a power of 2 up to " +
                   Twine(kMaxAlignBytes));
  if (Offset % Align)
    return simt::stringError("offset " + Twine(Offset) + " is not a multiple of the alignment " +
                   Twine(Align));
  if (Offset > kMaxGlobalVarBytes || Size > kMaxGlobalVarBytes - Offset)
    return simt::stringError("'" + Name + "' ends past the " + Twine(kMaxGlobalVarBytes >> 20) +
                   " MiB limit of the global-variable block");
  SIMTVarRecord V;
  V.Name = Name.str();
  V.Offset = Offset;
  V.Size = Size;
  V.Align = Align;
  V.Type = Type.str();
  return addVar(std::move(V), ".global_var");
}

Error SIMTTargetStreamer::emitVarData(ArrayRef<uint8_t> Bytes) {
  if (Open)
    return simt::stringError(".var_data inside '" + Kernels.back().Name + "'");
  if (Vars.empty())
    return simt::stringError(".var_data without a .const_var or .global_var before it");
  SIMTVarRecord &V = Vars.back();
  if (Bytes.size() > V.Size - V.Data.size())
    return simt::stringError(".var_data runs past the end of '" + V.Name + "' (" + Twine(V.Size) +
                   " bytes)");
  V.Data.insert(V.Data.end(), Bytes.begin(), Bytes.end());
  emitVarBytes(Bytes);
  return Error::success();
}

Error SIMTTargetStreamer::emitVarAddress(StringRef Holder, uint64_t At, StringRef Target,
                                         int64_t Addend) {
  if (Open)
    return simt::stringError(".var_addr inside '" + Kernels.back().Name + "'");
  auto Find = [&](StringRef Name) -> SIMTVarRecord * {
    for (SIMTVarRecord &V : Vars)
      if (V.Name == Name)
        return &V;
    return nullptr;
  };
  SIMTVarRecord *H = Find(Holder);
  if (!H)
    return simt::stringError("'" + Holder + "' is not a variable declared before");
  const SIMTVarRecord *T = Find(Target);
  if (!T)
    return simt::stringError("'" + Target + "' is not a variable declared before");
  // Only the global block has device addresses (a constant bank is read
  // by LDC, not by address).
  if (T->IsConst)
    return simt::stringError("'" + Target + "' is a .const_var: only a .global_var has an address");
  if (H->Type == "texref")
    return simt::stringError("'" + Holder + "' is a texture reference");
  if (At > H->Size || H->Size - At < 8)
    return simt::stringError("the address at byte " + Twine(At) + " runs past the end of '" + Holder +
                   "' (" + Twine(H->Size) + " bytes)");
  for (const SIMTVarRecord::Address &O : H->Addresses)
    if (At < O.At + 8 && O.At < At + 8)
      return simt::stringError("the address at byte " + Twine(At) + " of '" + Holder +
                     "' overlaps the one at byte " + Twine(O.At));
  H->Addresses.push_back({At, Target.str(), Addend});
  emitVarAddressDirective(Holder, H->Addresses.back());
  return Error::success();
}

//===-- Printed form --------------------------------------------------------===//

std::string formatVarDirective(const SIMTVarRecord &V) {
  if (V.IsConst)
    return (".const_var " + V.Name + ", " + Twine(V.Bank) + ", 0x" + Twine::utohexstr(V.Offset) +
            ", " + Twine(V.Size) + ", " + V.Type)
        .str();
  return (".global_var " + V.Name + ", 0x" + Twine::utohexstr(V.Offset) + ", " + Twine(V.Size) +
          ", " + Twine(V.Align) + ", " + V.Type)
      .str();
}

// Sixteen bytes a line, as hexdump and objdump -s show data.
std::vector<std::string> formatVarData(ArrayRef<uint8_t> Bytes) {
  std::vector<std::string> Lines;
  for (size_t At = 0; At < Bytes.size(); At += 16) {
    std::string Line = ".var_data ";
    for (size_t I = At; I < std::min(Bytes.size(), At + 16); ++I)
      Line += (I > At ? ", 0x" : "0x") + std::string(1, hexdigit(Bytes[I] >> 4, true)) +
              hexdigit(Bytes[I] & 15, true);
    Lines.push_back(std::move(Line));
  }
  return Lines;
}

std::string formatVarAddress(StringRef Holder, const SIMTVarRecord::Address &A) {
  std::string S = (".var_addr " + Holder + ", " + Twine(A.At) + ", " + A.Target).str();
  if (A.Addend > 0)
    S += "+" + std::to_string(A.Addend);
  else if (A.Addend < 0)
    S += "-" + std::to_string(0 - uint64_t(A.Addend));
  return S;
}

void SIMTTargetAsmStreamer::emitVarDirective(const SIMTVarRecord &V) {
  getStreamer().emitRawText(formatVarDirective(V));
}

void SIMTTargetAsmStreamer::emitVarBytes(ArrayRef<uint8_t> Bytes) {
  for (const std::string &Line : formatVarData(Bytes))
    getStreamer().emitRawText(Line);
}

void SIMTTargetAsmStreamer::emitVarAddressDirective(StringRef Holder,
                                                    const SIMTVarRecord::Address &A) {
  getStreamer().emitRawText(formatVarAddress(Holder, A));
}
