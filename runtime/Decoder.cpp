//===-- Decoder.cpp - Kernel images to the emulator's decoded form --------===//
#include "runtime/Decoder.h"

#include "MCTargetDesc/SIMTMCTargetDesc.h"
#include "MCTargetDesc/SIMTOperandFlags.h"
#include "asm/Disassembly.h"

#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/Support/MathExtras.h"

#include <cstring>
#include <map>
#include <mutex>

using namespace llvm;

namespace simt::rt {

namespace {
// Each operand of each record, from the generated list.
struct OperandSlot {
  unsigned opcode;
  const char *name;
  const char *type;
  unsigned index;
  unsigned group;
};
const OperandSlot Slots[] = {
#define SIMT_OPERAND(Rec, Name, Type, Index, NumSubOps, Group, Allowed, ...)   \
  {SIMT::Rec, #Name, #Type, Index, Group},
#include "SIMTOperands.def"
};

bool is(const char *a, const char *b) { return std::strcmp(a, b) == 0; }

uint8_t gpr(const MCOperand &O) { return uint8_t(SIMT::gprIndex(O.getReg())); }

emu::PredRef pred(int64_t V) {
  return {uint8_t(V & 7), (V & SIMT::PredNegBit) != 0};
}

emu::RegRef regMod(const MCInst &MI, unsigned I) {
  emu::RegRef R;
  R.reg = gpr(MI.getOperand(I));
  unsigned F = MI.getOperand(I + 1).getImm();
  R.neg = F & SIMT::RM_Neg;
  R.abs = F & SIMT::RM_Abs;
  R.inv = F & SIMT::RM_Inv;
  return R;
}

// Sb: register, raw value, flags (see SIMTOperandFlags.h).
emu::SrcB srcB(const MCInst &MI, unsigned I, const char *Type) {
  emu::SrcB S;
  unsigned F = MI.getOperand(I + 2).getImm();
  int64_t V = MI.getOperand(I + 1).getImm();
  switch (F & SIMT::SB_KindMask) {
  case SIMT::SB_Reg:
    S.kind = emu::SrcKind::Reg;
    S.reg.reg = gpr(MI.getOperand(I));
    S.reg.neg = F & SIMT::SB_Neg;
    S.reg.abs = F & SIMT::SB_Abs;
    S.reg.inv = F & SIMT::SB_Inv;
    break;
  case SIMT::SB_Imm: {
    S.kind = emu::SrcKind::Imm;
    uint32_t Field = uint32_t(V) & 0xfffff;
    // Float forms keep the field as the value's high bits.
    if (is(Type, "SbF") || is(Type, "SbD"))
      S.value = Field << 12;
    else
      S.value = uint32_t(SignExtend64<20>(Field));
    break;
  }
  default:
    S.kind = emu::SrcKind::Const;
    S.bank = uint8_t(V >> 16 & 0xf);
    S.offset = uint32_t(V & 0xffff);
    break;
  }
  return S;
}

// Writes one MC operand (or compound) into the Inst slot its name gives.
void lower(const MCInst &MI, const OperandSlot &S, uint32_t Pc, emu::Inst &In) {
  const MCOperand &O = MI.getOperand(S.index);
  const char *N = S.name;
  if (is(N, "guard")) {
    In.guard = pred(O.getImm());
  } else if (S.group != SIMT::NumModGroups && std::strncmp(S.type, "mod", 3) == 0) {
    In.mod[S.group] = uint8_t(O.getImm());
    if (S.group == SIMT::MG_PopSync)
      In.popSync = O.getImm() != 0;
  } else if (is(S.type, "SReg") || is(S.type, "CCTestOp")) {
    In.imm = uint32_t(O.getImm());
    if (S.group != SIMT::NumModGroups)
      In.mod[S.group] = uint8_t(O.getImm());
  } else if (is(N, "rd") || (is(N, "rb") && O.isReg() && is(S.type, "GPROp"))) {
    (is(N, "rd") ? In.rd : In.rb.reg) = gpr(O);
  } else if (is(N, "ra") || is(N, "rb") || is(N, "rc")) {
    emu::RegRef &R = is(N, "ra") ? In.ra : is(N, "rb") ? In.rb : In.rc;
    if (is(S.type, "RegOff")) {
      In.memBase = gpr(O);
      In.memOffset = int32_t(MI.getOperand(S.index + 1).getImm());
    } else if (is(S.type, "RegSel")) {
      R.reg = gpr(O);
      R.sel = uint8_t(MI.getOperand(S.index + 1).getImm());
    } else if (O.isReg() && MI.getNumOperands() > S.index + 1 &&
               std::strncmp(S.type, "Reg", 3) == 0) {
      R = regMod(MI, S.index);
    } else {
      R.reg = gpr(O);
    }
  } else if (is(N, "sb") || is(N, "id")) {
    In.sb = srcB(MI, S.index, S.type);
  } else if (is(N, "pu")) {
    In.pu = uint8_t(O.getImm() & 7);
  } else if (is(N, "pv")) {
    In.pv = uint8_t(O.getImm() & 7);
  } else if (is(N, "pd")) {
    In.pd = uint8_t(O.getImm() & 7);
  } else if (is(N, "pp") || is(N, "pq") || is(N, "pr") || is(N, "ps")) {
    (is(N, "pp") ? In.pp : is(N, "pq") ? In.pq : is(N, "pr") ? In.pr : In.ps) =
        pred(O.getImm());
  } else if (is(N, "imm") || is(N, "shift") || is(N, "mask")) {
    In.imm = uint32_t(O.getImm());
  } else if (is(N, "addr")) {
    if (is(S.type, "ConstAddr")) {
      In.constBank = uint8_t(O.getImm());
      In.memBase = gpr(MI.getOperand(S.index + 1));
      In.memOffset = int32_t(MI.getOperand(S.index + 2).getImm());
    } else {
      In.memBase = gpr(O);
      In.memOffset = int32_t(MI.getOperand(S.index + 1).getImm());
    }
  } else if (is(N, "target")) {
    In.target = uint32_t(int64_t(Pc) + 8 + O.getImm() * 8);
  }
}
} // namespace

struct Decoder::Impl {
  std::map<unsigned, emu::Op> OpOf;
  std::map<unsigned, std::vector<const OperandSlot *>> SlotsOf;
  as::Disassembler MC; // the MC disassembler, shared with the printer
  // The MC objects are not thread-safe (the printer keeps a label resolver);
  // sessions on several host threads (simt-emu --seeds) share this decoder.
  std::mutex Lock;

  Impl() {
    const MCInstrInfo &MII = MC.instrInfo();
    for (unsigned Op = 0; Op < unsigned(emu::Op::NumOps); ++Op)
      for (unsigned Opc = 0; Opc < MII.getNumOpcodes(); ++Opc)
        if (MII.getName(Opc) == emu::OpTable[Op].record)
          OpOf[Opc] = emu::Op(Op);
    for (const OperandSlot &S : Slots)
      SlotsOf[S.opcode].push_back(&S);
  }
};

Decoder::Decoder() : P(std::make_unique<Impl>()) {}
Decoder::~Decoder() = default;

std::vector<emu::Inst> Decoder::decode(std::span<const uint64_t> Words) const {
  std::lock_guard<std::mutex> Guard(P->Lock);
  std::vector<emu::Inst> Out(Words.size());
  for (size_t I = 0; I < Words.size(); ++I) {
    emu::Inst &In = Out[I];
    In.pc = uint32_t(I * 8);
    MCInst MI;
    if (!P->MC.decode(Words[I], In.pc, MI))
      continue; // op stays NumOps: executing it is an invalid-instruction fault
    auto It = P->OpOf.find(MI.getOpcode());
    if (It == P->OpOf.end())
      continue;
    In.op = It->second;
    for (const OperandSlot *S : P->SlotsOf[MI.getOpcode()])
      lower(MI, *S, In.pc, In);
  }
  return Out;
}

std::string Decoder::text(uint64_t Word, uint64_t Pc) const {
  std::string T;
  std::lock_guard<std::mutex> Guard(P->Lock);
  P->MC.print(Word, Pc, T);
  return T;
}

const Decoder &decoder() {
  static Decoder D;
  return D;
}

} // namespace simt::rt
