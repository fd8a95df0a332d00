//===-- RegMap.cpp - Where each PTX register lives, for the debugger ------===//
#include "cc/emit/RegMap.h"
#include "cc/mir/MIR.h"
#include "cc/ptx/PTXIR.h"
#include "cc/mir/RegAlloc.h"

#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCExpr.h"
#include "llvm/MC/MCSectionELF.h"
#include "llvm/MC/MCStreamer.h"
#include "llvm/BinaryFormat/ELF.h"

#include <algorithm>
#include <climits>

using namespace llvm;

namespace simt::cc {

namespace {

char typeLetter(PTXType T) {
  switch (T) {
  case PTXType::Pred:
    return 'p';
  case PTXType::F16: case PTXType::F32: case PTXType::F64:
    return 'f';
  case PTXType::S8: case PTXType::S16: case PTXType::S32: case PTXType::S64:
    return 's';
  case PTXType::U8: case PTXType::U16: case PTXType::U32: case PTXType::U64:
    return 'u';
  default: // .b, and the packed and bfloat types, read best as bits
    return 'b';
  }
}

int at(const std::vector<int> &V, unsigned I) { return I < V.size() ? V[I] : -1; }

} // namespace

std::vector<RegLocation> mapPTXRegisters(const MFunction &MF, const Allocation &A) {
  std::vector<int> Start, End;
  liveIntervals(MF, Start, End);
  // A spill slot belongs to its value alone: it holds the value from the
  // first reload or save of it to the last.
  std::vector<int> SlotStart(MF.VRegs.size(), INT_MAX), SlotEnd(MF.VRegs.size(), INT_MIN);
  for (unsigned T = 0; T < MF.VRegs.size(); ++T)
    if (int V = at(A.SpillOf, T); V >= 0 && Start[T] <= End[T]) {
      SlotStart[V] = std::min(SlotStart[V], Start[T]);
      SlotEnd[V] = std::max(SlotEnd[V], End[T]);
    }
  std::vector<RegLocation> Out;
  const Function &F = *MF.Source;
  size_t NumInsts = 0;
  for (const auto &B : MF.Blocks)
    NumInsts += B->Insts.size();
  for (unsigned V = 0; V < MF.VRegs.size(); ++V) {
    int Id = MF.VRegs[V].PTXReg;
    if (Id < 0)
      continue;
    // Coalescing and predicate spills chain; each link is a newer value.
    unsigned H = V;
    for (unsigned Steps = 0; at(A.HeldBy, H) >= 0 && Steps < MF.VRegs.size(); ++Steps)
      H = unsigned(A.HeldBy[H]);
    RegLocation L;
    L.Name = F.reg(unsigned(Id)).Name;
    PTXType T = F.reg(unsigned(Id)).Type;
    L.Type = typeLetter(T);
    L.Bits = uint8_t(typeBits(T));
    int S, E;
    if (int Slot = at(A.SpillSlot, H); Slot >= 0) {
      L.K = RegLocation::Local;
      L.Reg = MF.Framed ? 1 : 255; // slots are at R1 in a frame (CallABI.h)
      L.Offset = uint32_t(Slot);
      S = SlotStart[H];
      E = SlotEnd[H];
    } else if (int P = at(A.Phys, H); P >= 0) {
      RegClass C = MF.VRegs[H].Class;
      L.K = C == RegClass::Pred    ? RegLocation::Pred
            : C == RegClass::GPR64 ? RegLocation::Pair
                                   : RegLocation::GPR;
      L.Reg = uint8_t(P);
      S = Start[H];
      E = End[H];
    } else if (MF.VRegs[V].ConstField >= 0) {
      // In no register, but the same constant the whole launch.
      L.K = RegLocation::Const;
      L.Reg = uint8_t(MF.VRegs[V].ConstField >> 16);
      L.Offset = uint32_t(MF.VRegs[V].ConstField & 0xffff);
      S = 0; // instruction 0 through the last
      E = 2 * int(NumInsts) - 2;
    } else {
      continue;
    }
    // A value written by instruction K (position 2K+1) is there from K+1
    // on; one read by K (2K) still is while K is about to run.
    if (S > E || (S + 1) / 2 > E / 2)
      continue;
    L.First = unsigned((S + 1) / 2);
    L.Last = unsigned(E / 2);
    Out.push_back(std::move(L));
  }
  return Out;
}

void switchToRegMap(MCStreamer &S, bool Text) {
  if (Text)
    S.emitRawText("\t.section\t.simt.regmap,\"\",%progbits");
  else
    S.switchSection(S.getContext().getELFSection(".simt.regmap", ELF::SHT_PROGBITS, 0));
}

FunctionRegMap FunctionRegMap::create(const MFunction &MF, const Allocation &A,
                                      MCContext &Ctx) {
  FunctionRegMap M;
  M.Function = MF.Source->Name;
  M.Locs = mapPTXRegisters(MF, A);
  size_t NumInsts = 0;
  for (const auto &B : MF.Blocks)
    NumInsts += B->Insts.size();
  M.Labels.assign(NumInsts + 1, nullptr);
  M.Labels[0] = Ctx.createTempSymbol();
  for (const RegLocation &L : M.Locs)
    for (unsigned K : {L.First, L.Last + 1})
      if (!M.Labels[K])
        M.Labels[K] = Ctx.createTempSymbol();
  return M;
}

void emitRegMap(MCStreamer &S, const FunctionRegMap &M) {
  MCContext &Ctx = S.getContext();
  auto Offset = [&](unsigned K) {
    S.emitValue(MCBinaryExpr::createSub(MCSymbolRefExpr::create(M.Labels[K], Ctx),
                                        MCSymbolRefExpr::create(M.Labels[0], Ctx), Ctx),
                4);
  };
  auto String = [&](StringRef Text) {
    S.emitBytes(Text);
    S.emitIntValue(0, 1);
  };
  String(M.Function);
  S.emitIntValue(M.Locs.size(), 4);
  for (const RegLocation &L : M.Locs) {
    String(L.Name);
    S.emitIntValue(uint8_t(L.Type), 1);
    S.emitIntValue(L.Bits, 1);
    S.emitIntValue(L.K, 1);
    S.emitIntValue(L.Reg, 1);
    S.emitIntValue(L.Offset, 4);
    Offset(L.First);
    Offset(L.Last + 1);
  }
}

} // namespace simt::cc
