//===-- Decoder.cpp - Kernel images to the emulator's decoded form --------===//
#include "runtime/Decoder.h"

#include "MCTargetDesc/SIMTMCTargetDesc.h"
#include "MCTargetDesc/SIMTOperandFlags.h"
#include "Disassembler/SIMTWordDisassembler.h"
#include "emu/core/FastForms.h"
#include "SIMTOperandRoles.h"

#include "llvm/ADT/Twine.h"
#include "llvm/MC/MCInst.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/MathExtras.h"

#include <map>
#include <mutex>

using namespace llvm;

namespace simt::rt {

namespace {
// Each operand of each record, from the generated list.
struct OperandSlot {
  unsigned opcode;
  const char *record, *name; // for the error on an operand lower() cannot take
  unsigned index;
  SIMT::ModGroup group;
  SIMT::OperandRole role;
  SIMT::OperandKind kind;
};
const OperandSlot Slots[] = {
#define SIMT_OPERAND(Rec, Name, Type, Index, NumSubOps, Group, Allowed, Role,    \
                     Kind, ...)                                                  \
  {SIMT::Rec, #Rec, #Name, Index, Group, SIMT::OperandRole::Role,                \
   SIMT::OperandKind::Kind},
#include "SIMTOperands.def"
};

using Role = SIMT::OperandRole;
using Kind = SIMT::OperandKind;

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
emu::SrcB srcB(const MCInst &MI, unsigned I, Kind K) {
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
    if (K == Kind::SrcBFloat)
      S.value = Field << 12;
    else
      S.value = uint32_t(SignExtend64<20>(Field));
    break;
  }
  default: // -c[..], |c[..]|, ~c[..] keep their modifiers
    S.kind = emu::SrcKind::Const;
    S.bank = uint8_t(V >> 16 & 0xf);
    S.offset = uint32_t(V & 0xffff);
    S.reg.neg = F & SIMT::SB_Neg;
    S.reg.abs = F & SIMT::SB_Abs;
    S.reg.inv = F & SIMT::SB_Inv;
    break;
  }
  return S;
}

// Ra, Rb, Rc: a plain register, one with source modifiers or a sub-word
// selector, or (BRX/JMX) a register plus offset.
bool lowerReg(const MCInst &MI, const OperandSlot &S, emu::RegRef &R, emu::Inst &In) {
  const MCOperand &O = MI.getOperand(S.index);
  switch (S.kind) {
  case Kind::Reg:
    R.reg = gpr(O);
    return true;
  case Kind::RegMod:
    R = regMod(MI, S.index);
    return true;
  case Kind::RegSel:
    R.reg = gpr(O);
    R.sel = uint8_t(MI.getOperand(S.index + 1).getImm());
    return true;
  case Kind::RegOff:
    In.memBase = gpr(O);
    In.memOffset = int32_t(MI.getOperand(S.index + 1).getImm());
    return true;
  default:
    return false;
  }
}

bool lowerAddr(const MCInst &MI, const OperandSlot &S, emu::Inst &In) {
  switch (S.kind) {
  case Kind::ConstAddr:
    In.constBank = uint8_t(MI.getOperand(S.index).getImm());
    In.memBase = gpr(MI.getOperand(S.index + 1));
    In.memOffset = int32_t(MI.getOperand(S.index + 2).getImm());
    return true;
  case Kind::MemAddr:
    In.memBase = gpr(MI.getOperand(S.index));
    In.memOffset = int32_t(MI.getOperand(S.index + 1).getImm());
    return true;
  default:
    return false;
  }
}

// A role this switch does not handle is a build error; an operand kind its
// role cannot take returns false, which decode() reports.
#pragma GCC diagnostic push
#pragma GCC diagnostic error "-Wswitch"
// Writes one MC operand (or compound) into the Inst field its role names.
bool lower(const MCInst &MI, const OperandSlot &S, uint32_t Pc, emu::Inst &In) {
  const MCOperand &O = MI.getOperand(S.index);
  auto predDst = [&](uint8_t &P) {
    P = uint8_t(O.getImm() & 7);
    return S.kind == Kind::PredDst;
  };
  auto predSrc = [&](emu::PredRef &P) {
    P = pred(O.getImm());
    return S.kind == Kind::PredSrc;
  };
  switch (S.role) {
  case Role::Guard:
    In.guard = pred(O.getImm());
    return S.kind == Kind::Guard;
  case Role::Modifier:
    In.mod[S.group] = uint8_t(O.getImm());
    if (S.group == SIMT::MG_PopSync)
      In.popSync = O.getImm() != 0;
    return S.kind == Kind::Modifier && S.group != SIMT::NumModGroups;
  case Role::Sr:
  case Role::Test: // a group's value written as an operand
    In.imm = uint32_t(O.getImm());
    if (S.group != SIMT::NumModGroups)
      In.mod[S.group] = uint8_t(O.getImm());
    return S.kind == Kind::Named;
  case Role::Rd:
    In.rd = gpr(O);
    return S.kind == Kind::Reg;
  case Role::Ra:
    return lowerReg(MI, S, In.ra, In);
  case Role::Rb:
    return lowerReg(MI, S, In.rb, In);
  case Role::Rc:
    return lowerReg(MI, S, In.rc, In);
  case Role::Sb:
    // The register second source of a constant-third-source form.
    if (S.kind == Kind::Reg || S.kind == Kind::RegMod) {
      In.sb.kind = emu::SrcKind::Reg;
      return lowerReg(MI, S, In.sb.reg, In);
    }
    [[fallthrough]];
  case Role::Id:
    In.sb = srcB(MI, S.index, S.kind);
    return S.kind == Kind::SrcB || S.kind == Kind::SrcBFloat;
  case Role::Sc: // always a constant (the disassembler rejects other kinds)
    In.sc = srcB(MI, S.index, S.kind);
    return (S.kind == Kind::SrcB || S.kind == Kind::SrcBFloat) &&
           In.sc.kind == emu::SrcKind::Const;
  case Role::Pu:
    return predDst(In.pu);
  case Role::Pv:
    return predDst(In.pv);
  case Role::Pd:
    return predDst(In.pd);
  case Role::Pp:
    return predSrc(In.pp);
  case Role::Pq:
    return predSrc(In.pq);
  case Role::Pr:
    return predSrc(In.pr);
  case Role::Ps:
    return predSrc(In.ps);
  case Role::Imm:
  case Role::Shift:
  case Role::Mask:
    In.imm = uint32_t(O.getImm());
    return S.kind == Kind::Imm;
  case Role::Addr:
    return lowerAddr(MI, S, In);
  case Role::Target:
    In.target = uint32_t(int64_t(Pc) + 8 + O.getImm() * 8);
    return S.kind == Kind::BrTarget;
  }
  return false;
}
#pragma GCC diagnostic pop
} // namespace

struct Decoder::Impl {
  std::map<unsigned, emu::Op> OpOf;
  std::map<unsigned, std::vector<const OperandSlot *>> SlotsOf;
  SIMTWordDisassembler MC; // the MC disassembler, shared with the printer
  // The MC objects are not thread-safe (the printer keeps a label resolver);
  // sessions on several host threads (simt-emu --seeds) share this decoder.
  std::mutex Lock;

  Impl() {
    static const std::pair<unsigned, emu::Op> Ops[] = {
#define SIMT_INSTR(Rec, ...) {SIMT::Rec, emu::Op::Rec},
#include "SIMTInstrs.def"
    };
    for (const auto &[Opc, Op] : Ops)
      OpOf[Opc] = Op;
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
      if (!lower(MI, *S, In.pc, In))
        report_fatal_error(Twine("the loader cannot take operand $") + S->name + " of " +
                           S->record + ": its kind does not fit its role (SIMTOperands.td)");
    In.fast = emu::fastFormOf(In);
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
