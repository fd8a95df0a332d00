//===-- ObjectDump.cpp - simt-objdump's object printing -------------------===//
#include "asm/ObjectDump.h"
#include "asm/RegisterMap.h"
#include "emu/device/Occupancy.h"
#include "isa/SIMTLimits.h"
#include "runtime/KernelNames.h"
#include "runtime/ObjectFile.h"

#include "MCTargetDesc/SIMTTargetStreamer.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace llvm;

namespace simt::as {

// The module variables' directives with their data up to the last nonzero
// byte, as simt-cc -S writes them, so that the text assembles again.
static void dumpVariables(const rt::ObjectContents &Obj, raw_ostream &OS) {
  for (const rt::LoadedVar &V : Obj.vars) {
    SIMTVarRecord R;
    R.Name = V.info.name;
    R.IsConst = V.info.isConst;
    R.Bank = V.info.bank;
    R.Offset = V.info.offset;
    R.Size = V.info.size;
    R.Align = V.info.align;
    R.Type = V.info.isTexture ? "texref" : std::string(rt::typeName(V.info.type));
    OS << formatVarDirective(R) << "\n";
    size_t Used = V.bytes.size();
    while (Used && !V.bytes[Used - 1])
      --Used;
    for (const std::string &Line : formatVarData(ArrayRef(V.bytes.data(), Used)))
      OS << Line << "\n";
  }
  // After them all: an address may name a variable declared later.
  for (const rt::LoadedVar &V : Obj.vars)
    for (const rt::VarAddress &A : V.info.addresses)
      OS << formatVarAddress(V.info.name, {A.at, A.target, A.addend}) << "\n";
}

void dumpObject(const rt::ObjectContents &Obj, const DumpOptions &Opts, raw_ostream &OS) {
  const rt::SimtInfo *Info = Obj.info ? &*Obj.info : nullptr;
  // The level the object is built for, as the directive that set it.
  if (Info && Info->target != levels::kBase)
    OS << ".target " << levels::archName(Info->target) << "\n";
  if (Info && std::any_of(Info->kernels.begin(), Info->kernels.end(),
                          [](const rt::KernelInfo &K) { return K.listing; }))
    OS << ".simt_listing\n";
  dumpVariables(Obj, OS);
  for (const rt::ObjectSection &S : Obj.code) {
    // Code outside .kernel/.func (the default .text section).
    if (S.section == ".text") {
      if (S.bytes.empty())
        continue;
      OS << ".text\n";
      printWords(std::string_view(reinterpret_cast<const char *>(S.bytes.data()), S.bytes.size()),
                 0, Opts, S.relocations, S.symbols, OS);
      continue;
    }
    const rt::KernelInfo *K = Info ? Info->findKernel(S.entity) : nullptr;
    const rt::FunctionInfo *F = nullptr;
    if (!K && Info)
      for (const rt::FunctionInfo &Fn : Info->functions)
        if (Fn.name == S.entity)
          F = &Fn;
    long Regs = -1;
    // The exact name stays the directive's operand, so that the text
    // assembles again; the demangled one is a comment.
    OS << (F ? ".func " : ".kernel ") << S.entity;
    if (Opts.Demangle)
      if (std::string Shown = Opts.Demangle(S.entity); Shown != S.entity)
        OS << " // " << Shown;
    OS << "\n";
    if (K) {
      for (const rt::ParamInfo &P : K->params)
        OS << ".param " << P.name << ", " << P.size << ", " << P.align << "\n";
      OS << ".shared " << K->shared << "\n.local " << K->local << "\n.max_stack "
         << K->maxStack << "\n.regs " << K->regs << "\n";
      // A listing kernel's ABI may have come from its banner, which the
      // text no longer has.
      if (K->listing || K->abi != 64)
        OS << ".abi " << K->abi << "\n";
      Regs = K->regs;
    } else if (F) {
      OS << ".regs " << F->regs << "\n";
      Regs = F->regs;
    }
    printWords(std::string_view(reinterpret_cast<const char *>(S.bytes.data()), S.bytes.size()),
               0, Opts, S.relocations, S.symbols, OS, Regs, S.entity);
    OS << (F ? ".end_func" : ".end_kernel") << "\n";
  }
}

void dumpKernels(const rt::ObjectContents &Obj, unsigned BlockSize, bool Demangle,
                 raw_ostream &OS) {
  // The residency rule the scheduler and cudaOccupancy* use, on the device
  // of the object's level with its default warp slots.
  const emu::DeviceConfig Device =
      emu::DeviceConfig{}.atLevel(Obj.info ? Obj.info->target : levels::kBase);
  const uint32_t Warps = (BlockSize + limits::kWarpSize - 1) / limits::kWarpSize;
  auto Shown = [&](const std::string &Name) {
    return Demangle ? rt::demangleKernelName(Name) : Name;
  };
  size_t NameWidth = 24;
  if (Obj.info)
    for (const rt::KernelInfo &K : Obj.info->kernels)
      NameWidth = std::max(NameWidth, Shown(K.name).size());
  OS << left_justify("kernel", NameWidth) << "  regs  shared   local max_stack CTA/SM  params\n";
  if (Obj.info)
    for (const rt::KernelInfo &K : Obj.info->kernels) {
      const emu::Occupancy Fit =
          emu::occupancy(Device, emu::ctaShape(BlockSize, K.regs, K.shared));
      std::string Params;
      for (const rt::ParamInfo &P : K.params)
        Params += (Params.empty() ? "" : ", ") + P.name + "@0x" + utohexstr(P.offset, true) +
                  ":" + std::to_string(P.size) + "/" + std::to_string(P.align);
      OS << left_justify(Shown(K.name), NameWidth)
         << format(" %5u %7u %7u %9u %6u  %s\n", K.regs, K.shared, K.local, K.maxStack,
                   Fit.ctas, Params.c_str());
    }
  OS << "occupancy for blocks of " << BlockSize << " threads (" << Warps
     << " warps); limits per SM: " << Device.warpsPerSm << " warps, " << Device.regsPerSm
     << " registers, " << Device.sharedPerSm << " bytes shared, " << Device.maxCtasPerSm
     << " CTAs\n";
  if (Obj.vars.empty())
    return;
  // The module variables: where the loader puts them and what they hold.
  size_t VarWidth = 24;
  for (const rt::LoadedVar &V : Obj.vars)
    VarWidth = std::max(VarWidth, V.info.name.size());
  OS << "\n" << left_justify("variable", VarWidth) << "  space     where          size  type\n";
  for (const rt::LoadedVar &V : Obj.vars) {
    std::string Where = V.info.isConst ? "c[0x" + utohexstr(V.info.bank, true) + "][0x" +
                                             utohexstr(V.info.offset, true) + "]"
                                       : "+0x" + utohexstr(V.info.offset, true);
    bool Zero = V.info.addresses.empty() &&
                std::all_of(V.bytes.begin(), V.bytes.end(), [](uint8_t B) { return B == 0; });
    OS << left_justify(V.info.name, VarWidth)
       << format("  %-8s  %-13s %5llu  %s%s\n", V.info.isConst ? "constant" : "global",
                 Where.c_str(), (unsigned long long)V.info.size,
                 V.info.isTexture ? "texref" : std::string(rt::typeName(V.info.type)).c_str(),
                 Zero ? ", zero" : "");
  }
}

void dumpRegisterMap(const RegisterMap &Map, raw_ostream &OS) {
  if (Map.empty()) {
    OS << "no PTX register map (.simt.regmap: objects from simt-cc -g, or PTX with .file)\n";
    return;
  }
  std::string Function;
  for (const PTXRegLocation &L : Map.entries()) {
    if (L.function != Function) {
      Function = L.function;
      OS << "PTX registers of " << Function << ":\n";
    }
    std::string Type = L.type == 'p' ? "pred" : std::string(1, L.type) + std::to_string(L.bits);
    OS << "  " << left_justify(L.name, 8) << left_justify(Type, 6) << left_justify(L.where(), 14)
       << format("0x%04llx-0x%04llx\n", (unsigned long long)L.begin, (unsigned long long)L.end);
  }
}

} // namespace simt::as
