//===-- SIMTInstrFormats.td - Encoding formats ---------------*- tablegen -*-===//
//
// Every instruction is one 64-bit word, little-endian:
//
//   63      56 55 54                                      4 3  0
//   [ opcode  ][S][ format-specific fields                 ][guard]
//
// guard: bits 0..2 predicate index (7 = PT), bit 3 negation. S: the pop-sync
// bit (`.S`), absent on control-flow instructions. The formats below place
// the operand fields; each instruction record places its modifier groups in
// the bits its format leaves free. The generated reference page
// (docs/ISA-reference.md) lists every field of every instruction.
//
//===----------------------------------------------------------------------===//

class SIMTInst<bits<8> opc, string mnemonic, dag iops, string mods,
               string operands> : Instruction {
  field bits<64> Inst;
  field bits<64> SoftFail = 0;
  let Size = 8;
  let Namespace = "SIMT";
  let DecoderNamespace = "SIMT";
  let OutOperandList = (outs);
  let InOperandList = !con((ins Guard:$guard), iops);
  let AsmString = mnemonic # "$guard" # mods
                  # !if(!empty(operands), "", "\t" # operands);
  let hasSideEffects = 0;
  let mayLoad = 0;
  let mayStore = 0;

  bits<4> guard;
  let Inst{3-0} = guard;
  let Inst{63-56} = opc;

  // What the emulator and the reference page need beyond MC.
  string Mnemonic = mnemonic;
  string Summary = "";         // one line for the reference page
  string SemClass = "";        // emu/sem/<SemClass>.cpp holds the semantics
  bit MayDiverge = false;      // may split the warp (branches, BRX, ...)
  bit IsControl = false;       // acts on PC/SIMT stack
  bit WritesCC = false;        // may write CC (with .CC, or always)
  string MemSpace = "";        // global, shared, local, const
  string Wide32I = "";         // the 32I form picked for a wide immediate
  // The group whose value gives the bytes a lane's access moves (memory).
  ModGroup AccessSize = ?;
  // Register operands whose span a modifier decides rather than their
  // class's RegBits, as (ops Group:$operand): the group's Bytes per value.
  dag SizedBy = (ops);
}

// Instructions that accept the pop-sync bit: mods gain `$s` last.
class SIMTSyncInst<bits<8> opc, string mnemonic, dag iops, string mods,
                   string operands>
    : SIMTInst<opc, mnemonic, !con(iops, (ins modPopSync:$s)), mods # "$s",
               operands> {
  bits<1> s;
  let Inst{55} = s;
}

//===----------------------------------------------------------------------===//
// ALU: Rd, Ra, Sb, Rc.  Rd 4..9, Ra 10..17 (register + neg + abs), Sb 18..41,
// Rc 42..49 (or a predicate source in 42..45); modifiers in 50..54.
//===----------------------------------------------------------------------===//
class FmtALU<bits<8> opc, string mnemonic, dag iops, string mods, string ops>
    : SIMTSyncInst<opc, mnemonic, iops, mods, ops>;

class ALUFields {
  bits<6> rd;
  bits<8> ra;
  bits<24> sb;
  bits<8> rc;
  bits<4> pp;
}

//===----------------------------------------------------------------------===//
// 32I: Rd 4..9, Ra 10..17, 32-bit immediate 18..49, modifiers 50..54.
//===----------------------------------------------------------------------===//
class Fmt32I<bits<8> opc, string mnemonic, dag iops, string mods, string ops>
    : SIMTSyncInst<opc, mnemonic, iops, mods, ops> {
  bits<6> rd;
  bits<32> imm;
  let Inst{9-4} = rd;
  let Inst{49-18} = imm;
}

//===----------------------------------------------------------------------===//
// SETP: Pu 4..6, Pv 7..9, Ra 10..17, Sb 18..41, Pp 42..45, modifiers 46..54.
// The SET forms write Rd 4..9 instead of Pu/Pv.
//===----------------------------------------------------------------------===//
class FmtSetp<bits<8> opc, string mnemonic, dag iops, string mods, string ops>
    : SIMTSyncInst<opc, mnemonic, iops, mods, ops> {
  bits<4> pp;
  let Inst{45-42} = pp;
}

//===----------------------------------------------------------------------===//
// Memory: Rd (or the stored Rb) 4..9, address 10..39 (register 10..15,
// 24-bit signed offset 16..39), modifiers 40..54.
//===----------------------------------------------------------------------===//
class FmtMem<bits<8> opc, string mnemonic, dag iops, string mods, string ops>
    : SIMTSyncInst<opc, mnemonic, iops, mods, ops> {
  bits<30> addr;
  let Inst{39-10} = addr;
}

//===----------------------------------------------------------------------===//
// Control: target 16..39 (signed instruction count from the next
// instruction), CC test 4..8, .U 9; no pop-sync bit.
//===----------------------------------------------------------------------===//
class FmtCtl<bits<8> opc, string mnemonic, dag iops, string mods, string ops>
    : SIMTInst<opc, mnemonic, iops, mods, ops> {
  let IsControl = true;
  let isBranch = false;
}
