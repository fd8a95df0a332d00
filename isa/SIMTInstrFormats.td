//===-- SIMTInstrFormats.td - Encoding formats -------------*- tablegen -*-===//
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
  // Effects beyond the operands it writes and the memory mayLoad/mayStore
  // cover (control, barriers, ...): set by the records that have them. A
  // record with none, no memory access and no control is pure: dead-code
  // elimination removes it when nothing reads what it writes.
  let hasSideEffects = 0;
  let mayLoad = 0;
  let mayStore = 0;
  // isCommutable: Ra and Sb may be swapped, with their source modifiers
  // (constant folding moves a constant register to Sb).

  bits<4> guard;
  let Inst{3-0} = guard;
  let Inst{63-56} = opc;

  // The level of the ISA that has the instruction (SIMTLevels.td): the
  // assembler refuses it below that `.target`, the loader on a device below.
  SIMTLevelFeature Level = SM20;
  let Predicates = [!cast<Predicate>(!cast<string>(Level) # "Pred")];

  // What the emulator and the reference page need beyond MC.
  string Mnemonic = mnemonic;
  string Summary = "";         // one line for the reference page
  string SemClass = "";        // emu/sem/<SemClass>.cpp holds the semantics
  bit MayDiverge = false;      // may split the warp (branches, BRX, ...)
  bit IsControl = false;       // acts on PC/SIMT stack
  bit WritesCC = false;        // may write CC (with .CC, or always)
  string MemSpace = "";        // global, shared, local, const
  // Orderings the sanitizer's checkers act on: a CTA barrier (the warp waits
  // for its CTA), the warp-level barrier (__syncwarp).
  bit IsBarrier = false;
  bit IsWarpBarrier = false;
  // A CTA barrier of a thread count (BAR.SYNC id, count; BAR.ARV): for the
  // warps that name it, which may reach it at different instructions.
  bit IsCountedBarrier = false;
  // Read-modify-writes that other threads see whole: an atomic or reduction
  // (global memory, lanes in order), and a lock's load (takes it) or store
  // (releases it). The sanitizer orders by them; a parallel epoch pauses
  // before the global ones.
  bit IsAtomic = false;
  bit IsLock = false;
  // The event the profiler counts it as (SIMTEvents.td), if any.
  CountedEvent Counts = ?;
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
// ALU: Rd 4..9, Ra 10..17 (register + neg + abs), Sb 18..41, Rc 42..49 (or a
// predicate source Pp in 42..45); modifiers in 50..54. The forms with a
// constant third source swap the last two fields (ALURdRaSbRc). The classes below are
// the operand shapes: `dst` and `srcs` name the operand classes
// ((ins GPROp:$rd), (ins RegNeg:$ra, SbINeg:$sb)), `mods` the modifier
// operands, which come first in the operand list and which each record
// places in the bits from 50.
//===----------------------------------------------------------------------===//
class FmtALU<bits<8> opc, string mnemonic, dag iops, string mods, string ops>
    : SIMTSyncInst<opc, mnemonic, iops, mods, ops>;

// The destinations: a register, or (doubles) the even register of a pair.
defvar Rd = (ins GPROp:$rd);
defvar Rd64 = (ins GPR64Op:$rd);

// Rd and operands the record places (S2R, VOTE, BAR.RED).
class ALURd<bits<8> opc, string mn, dag srcs, dag mods, string modstr,
            string ops>
    : FmtALU<opc, mn, !con(mods, (ins GPROp:$rd), srcs), modstr, ops> {
  bits<6> rd;
  let Inst{9-4} = rd;
}

// Rd, Sb.
class ALURdSb<bits<8> opc, string mn, dag dst, dag srcs, dag mods,
              string modstr>
    : FmtALU<opc, mn, !con(mods, dst, srcs), modstr, "$rd, $sb"> {
  bits<6> rd; bits<24> sb;
  let Inst{9-4} = rd; let Inst{41-18} = sb;
}

// Rd, Ra.
class ALURdRa<bits<8> opc, string mn, dag dst, dag srcs, dag mods,
              string modstr>
    : FmtALU<opc, mn, !con(mods, dst, srcs), modstr, "$rd, $ra"> {
  bits<6> rd; bits<8> ra;
  let Inst{9-4} = rd; let Inst{17-10} = ra;
}

// Rd, Ra, Sb, then `extra` operands the record places (ISCADD's shift).
class ALURdRaSb<bits<8> opc, string mn, dag dst, dag srcs, dag mods,
                string modstr, dag extra = (ins), string extraops = "">
    : FmtALU<opc, mn, !con(mods, dst, srcs, extra), modstr,
             "$rd, $ra, $sb" # extraops> {
  bits<6> rd; bits<8> ra; bits<24> sb;
  let Inst{9-4} = rd; let Inst{17-10} = ra; let Inst{41-18} = sb;
}

// Rd, Ra, Sb, Rc; or, with `constC`, Rd, Ra, Rb, c[bank][offset]: Fermi's
// form whose constant is the third source (`IMAD R8, R3, R5, c[0x0][0x20]`).
// There the constant $sc takes the Sb field, encoded as a constant Sb is,
// and the register second source (still the operand $sb) the Rc field, as
// on Fermi: the two forms' words differ only in the opcode.
class ALURdRaSbRc<bits<8> opc, string mn, dag dst, dag srcs, dag mods,
                  string modstr, bit constC = false>
    : FmtALU<opc, mn, !con(mods, dst, srcs), modstr,
             "$rd, $ra, $sb, " # !if(constC, "$sc", "$rc")> {
  bits<6> rd; bits<8> ra; bits<24> sb; bits<8> rc; bits<24> sc;
  let Inst{9-4} = rd; let Inst{17-10} = ra;
  let Inst{41-18} = !if(constC, sc, sb);
  let Inst{49-42} = !if(constC, sb{7-0}, rc);
}
// The reference page's line for a constant-third-source form.
class ConstCSummary<string mn> {
  string S = "as " # mn # ", the third source c[bank][offset] (Fermi's form)";
}

// Rd, Ra, Sb, Pp: selects and min/max.
class ALURdRaSbPp<bits<8> opc, string mn, dag dst, dag srcs, dag mods,
                  string modstr>
    : FmtALU<opc, mn, !con(mods, dst, srcs, (ins PredSrc:$pp)), modstr,
             "$rd, $ra, $sb, $pp"> {
  bits<6> rd; bits<8> ra; bits<24> sb; bits<4> pp;
  let Inst{9-4} = rd; let Inst{17-10} = ra; let Inst{41-18} = sb;
  let Inst{45-42} = pp;
}

// P2R/R2P: Rd 4..9 (P2R only), Ra 10..15, mask 18..24.
class ALUPredReg<bits<8> opc, string mn, dag dst, string dstops, dag mods,
                 string modstr>
    : FmtALU<opc, mn, !con(mods, dst, (ins GPROp:$ra, UImm7:$mask)), modstr,
             dstops # "PR, $ra, $mask"> {
  bits<6> rd; bits<6> ra; bits<7> mask;
  let Inst{9-4} = !if(!empty(dstops), ?, rd);
  let Inst{15-10} = ra; let Inst{24-18} = mask;
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

// Rd, Ra, imm32.
class Fmt32IRa<bits<8> opc, string mn, dag srcs, dag mods, string modstr>
    : Fmt32I<opc, mn, !con(mods, (ins GPROp:$rd), srcs), modstr,
             "$rd, $ra, $imm"> {
  bits<8> ra;
  let Inst{17-10} = ra;
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

// The two destination shapes of the SETP/SET families.
defvar SetpDst = (ins PredDst:$pu, PredDst:$pv);
defvar SetDst  = Rd;

// Pu, Pv (or Rd), then `srcs`, then Pp.
class SetpBase<bits<8> opc, string mn, dag dst, string dststr, dag srcs,
               dag mods, string modstr, string srcstr>
    : FmtSetp<opc, mn, !con(mods, dst, srcs, (ins PredSrc:$pp)), modstr,
              dststr # ", " # srcstr # ", $pp"> {
  bits<3> pu; bits<3> pv; bits<6> rd;
  let Inst{6-4} = !if(!eq(dststr, "$rd"), rd{2-0}, pu);
  let Inst{9-7} = !if(!eq(dststr, "$rd"), rd{5-3}, pv);
}

// Pu, Pv (or Rd), Ra, Sb, Pp: the integer, float and double compares.
class SetpRaSb<bits<8> opc, string mn, dag dst, string dststr, dag srcs,
               dag mods, string modstr>
    : SetpBase<opc, mn, dst, dststr, srcs, mods, modstr, "$ra, $sb"> {
  bits<8> ra; bits<24> sb;
  let Inst{17-10} = ra; let Inst{41-18} = sb;
}

// Sub-word compares (VSETP/VSET): Pu, Pv (or Rd), Ra 10..18 and Rb 19..27
// with selectors, Pp 28..31, modifiers from 32.
class FmtVSetp<bits<8> opc, string mn, dag dst, string dststr, dag mods,
               string modstr>
    : SIMTSyncInst<opc, mn, !con(mods, dst, (ins RegSel:$ra, RegSel:$rb,
                   PredSrc:$pp)), modstr, dststr # ", $ra, $rb, $pp"> {
  bits<3> pu; bits<3> pv; bits<6> rd;
  bits<9> ra; bits<9> rb; bits<4> pp;
  let Inst{6-4} = !if(!eq(dststr, "$rd"), rd{2-0}, pu);
  let Inst{9-7} = !if(!eq(dststr, "$rd"), rd{5-3}, pv);
  let Inst{18-10} = ra; let Inst{27-19} = rb; let Inst{31-28} = pp;
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

// Rd, [addr]: loads.
class MemLoad<bits<8> opc, string mn, dag mods, string modstr>
    : FmtMem<opc, mn, !con(mods, (ins GPROp:$rd, MemAddr:$addr)), modstr,
             "$rd, $addr"> {
  bits<6> rd;
  let Inst{9-4} = rd;
}

// [addr], Rb: stores.
class MemStore<bits<8> opc, string mn, dag mods, string modstr>
    : FmtMem<opc, mn, !con(mods, (ins MemAddr:$addr, GPROp:$rb)), modstr,
             "$addr, $rb"> {
  bits<6> rb;
  let Inst{9-4} = rb;
}

// Pd, Rd, [addr]: load-and-lock, Pd in 40..42.
class MemLoadLock<bits<8> opc, string mn, dag mods, string modstr>
    : FmtMem<opc, mn, !con(mods, (ins PredDst:$pd, GPROp:$rd, MemAddr:$addr)),
             modstr, "$pd, $rd, $addr"> {
  bits<3> pd; bits<6> rd;
  let Inst{9-4} = rd; let Inst{42-40} = pd;
}

// Atomics: Rd 4..9, [Ra+imm20] 10..35, Rb 36..41, Rc 42..47 (CAS);
// modifiers from 48. `dst` is (ins GPROp:$rd) or, for RED, empty; `srcs`
// the address, Rb and (CAS) Rc.
class FmtAtom<bits<8> opc, string mn, dag dst, dag srcs, dag mods,
              string modstr, string ops>
    : SIMTSyncInst<opc, mn, !con(mods, dst, srcs), modstr, ops> {
  bits<6> rd; bits<26> addr; bits<6> rb; bits<6> rc;
  let Inst{9-4} = !if(!empty(dst), ?, rd);
  let Inst{35-10} = addr; let Inst{41-36} = rb;
  let Inst{47-42} = !if(!eq(!size(srcs), 3), rc, ?);
}

//===----------------------------------------------------------------------===//
// Control: target 16..39 (signed instruction count from the next
// instruction), CC test 4..8, .U 9; no pop-sync bit.
//===----------------------------------------------------------------------===//
class FmtCtl<bits<8> opc, string mnemonic, dag iops, string mods, string ops>
    : SIMTInst<opc, mnemonic, iops, mods, ops> {
  let IsControl = true;
  let isBranch = false;
  let hasSideEffects = true;
}

// A label operand.
class CtlTarget<bits<8> opc, string mn, dag mods = (ins), string modstr = "",
                dag srcs = (ins), string srcops = "">
    : FmtCtl<opc, mn, !con(mods, srcs, (ins BrTarget:$target)), modstr,
             srcops # "$target"> {
  bits<24> target;
  let Inst{39-16} = target;
}

// A register plus a 24-bit byte offset (BRX, JMX): Ra 16..21, offset 22..45.
class CtlReg<bits<8> opc, string mn>
    : FmtCtl<opc, mn, (ins RegOff:$ra), "", "$ra"> {
  bits<30> ra;
  let Inst{45-16} = ra;
  let MayDiverge = true;
}

//===----------------------------------------------------------------------===//
// Video (ISA.md 4.1): Rd 4..9, Ra with its selector 10..18, Sb 19..34 (a
// register with its selector in 19..27, or a 16-bit immediate), Rc 35..40;
// modifiers .dtype 41, atype 42..44, btype 45..47, `pre` 48 (.W on shifts,
// .MX on VMNMX, or nothing), .SAT 49, the secondary op 50..51.
// `sb` is (ins RegSel:$rb) or (ins VImm16:$imm); `pre` is (ins) or one flag
// operand named $pre.
//===----------------------------------------------------------------------===//
class FmtVideo<bits<8> opc, string mn, dag sb, string sbstr, dag preops>
    : SIMTSyncInst<opc, mn,
                   !con((ins modVDst:$dtype, modVArithA:$atype,
                         modVArithB:$btype), preops,
                        (ins modSat:$sat, modVSecOp:$secop, GPROp:$rd,
                         RegSel:$ra), sb, (ins GPROp:$rc)),
                   "$dtype$atype$btype" # !if(!empty(preops), "", "$pre")
                   # "$sat$secop", "$rd, $ra, " # sbstr # ", $rc"> {
  bits<6> rd; bits<9> ra; bits<6> rc;
  bits<1> dtype; bits<3> atype; bits<3> btype; bits<1> pre; bits<1> sat;
  bits<2> secop;
  let Inst{9-4} = rd; let Inst{18-10} = ra; let Inst{40-35} = rc;
  let Inst{41} = dtype; let Inst{44-42} = atype; let Inst{47-45} = btype;
  let Inst{48} = !if(!empty(preops), ?, pre);
  let Inst{49} = sat; let Inst{51-50} = secop;
}

// Sb a register with a selector.
class FmtVideoReg<bits<8> opc, string mn, dag preops>
    : FmtVideo<opc, mn, (ins RegSel:$rb), "$rb", preops> {
  bits<9> rb;
  let Inst{27-19} = rb;
}

// Sb an immediate (in listings the raw field, as cuobjdump prints it).
class FmtVideoImm<bits<8> opc, string mn, dag preops>
    : FmtVideo<opc, mn, (ins VImm16:$imm), "$imm", preops> {
  bits<16> imm;
  let Inst{34-19} = imm;
}
