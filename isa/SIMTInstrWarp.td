//===-- SIMTInstrWarp.td - Warp-level and CTA-level --------*- tablegen -*-===//
//
// VOTE (3.2), SHFL and WARPSYNC (section 7), barriers, memory barriers,
// NOP and BPT (section 4).
//
//===----------------------------------------------------------------------===//

let SemClass = "Warp" in {

// VOTE: Rd 4..9, Pd 10..12, Ps 13..16, mode 50..51.
let Summary = "ballot of Ps' over participating threads; Pd = ALL/ANY/EQ; Rd = ballot" in
def VOTE : ALURd<0x60, "VOTE", (ins PredDst:$pd, PredSrc:$ps), (ins modVote:$mode),
                 "$mode", "$rd, $pd, $ps"> {
  bits<3> pd; bits<4> ps; bits<2> mode;
  let Inst{12-10} = pd; let Inst{16-13} = ps;
  let Inst{51-50} = mode;
}

// SHFL (sm_35, PTX shfl): Rd = Ra of the lane that the mode computes from
// the lane operand Sb and c (clamp lane in bits 0..4, segment mask in bits
// 8..12); Pd = whether that lane was in range (else Rd = the lane's own Ra).
// Rd 4..9, Ra 10..15, mode 16..17, Sb 18..41, Pd 42..44, c 45..: a register
// (SHFL) or the immediate (SHFLi).
class FmtShfl<bits<8> opc, dag c, string cname>
    : FmtALU<opc, "SHFL", !con((ins modShflMode:$mode, PredDst:$pd, GPROp:$rd, GPROp:$ra,
                                    SbI:$sb), c),
             "$mode", "$pd, $rd, $ra, $sb, $" # cname> {
  bits<6> rd; bits<6> ra; bits<2> mode; bits<24> sb; bits<3> pd;
  let Inst{9-4} = rd; let Inst{15-10} = ra; let Inst{17-16} = mode;
  let Inst{41-18} = sb; let Inst{44-42} = pd;
  let Level = SM35;
}
let Counts = EV_Shuffle in {
let Summary = "Rd = Ra of another lane (mode, lane Sb, clamp and segment mask Rc); Pd = in range" in
def SHFL : FmtShfl<0x66, (ins GPROp:$rc), "rc"> {
  bits<6> rc; let Inst{50-45} = rc;
}
let Summary = "Rd = Ra of another lane (mode, lane Sb, immediate clamp and segment mask); Pd = in range" in
def SHFLi : FmtShfl<0x67, (ins ShflC:$imm), "imm"> {
  bits<10> imm; let Inst{54-45} = imm;
}
} // Counts = EV_Shuffle

// BAR.SYNC id; BAR.RED.op Rd, id, {!}Pp: Rd 4..9, id 18..41 (as Sb),
// Pp 42..45, op 50..51.
let hasSideEffects = true in {
let IsBarrier = true, Counts = EV_Barrier in {
let Summary = "CTA barrier: wait until every non-exited warp of the CTA arrives" in
def BARSYNC : FmtALU<0x61, "BAR.SYNC", (ins SbBar:$id), "", "$id"> {
  bits<24> id;
  let Inst{41-18} = id;
}
let Summary = "barrier with a reduction of Pp' over the CTA into Rd (POPC, AND, OR)" in
def BARRED : ALURd<0x62, "BAR.RED", (ins SbBar:$id, PredSrc:$pp), (ins modBarRed:$op),
                   "$op", "$rd, $id, $pp"> {
  bits<24> id; bits<4> pp; bits<2> op;
  let Inst{41-18} = id; let Inst{45-42} = pp;
  let Inst{51-50} = op;
}

// A barrier of a thread count (PTX's bar.sync a, b and bar.arrive a, b, for
// a named barrier that some warps of the CTA share, e.g. producers and
// consumers): it opens when count / 32 warp arrivals have reached it, warps
// that have exited not lowering the count. BAR.ARV arrives without
// waiting. The count, a multiple of 32 from 32 to 1024 (else the warp
// faults): Ra 10..15 (BARSYNCr, BARARV) or an immediate 42..52 (BARSYNCi,
// BARARVi); the id as BAR.SYNC's.
class FmtBarCount<bits<8> opc, string mnemonic, dag count, string cname>
    : FmtALU<opc, mnemonic, !con((ins SbBar:$id), count), "", "$id, $" # cname> {
  let IsCountedBarrier = true;
  bits<24> id;
  let Inst{41-18} = id;
}
class BarCountR<bits<8> opc, string mnemonic>
    : FmtBarCount<opc, mnemonic, (ins GPROp:$ra), "ra"> {
  bits<6> ra;
  let Inst{15-10} = ra;
}
class BarCountI<bits<8> opc, string mnemonic>
    : FmtBarCount<opc, mnemonic, (ins BarThreads:$imm), "imm"> {
  bits<11> imm;
  let Inst{52-42} = imm;
}
let Summary = "CTA barrier of Ra threads: wait until Ra / 32 warp arrivals" in
def BARSYNCr : BarCountR<0x6a, "BAR.SYNC">;
let Summary = "CTA barrier of an immediate thread count: wait until count / 32 warp arrivals" in
def BARSYNCi : BarCountI<0x6b, "BAR.SYNC">;
let Summary = "arrive at a CTA barrier of Ra threads without waiting" in
def BARARV : BarCountR<0x6c, "BAR.ARV">;
let Summary = "arrive at a CTA barrier of an immediate thread count without waiting" in
def BARARVi : BarCountI<0x6d, "BAR.ARV">;
} // IsBarrier, Counts = EV_Barrier

let Summary = "memory barrier at CTA or device scope" in
def MEMBAR : FmtALU<0x63, "MEMBAR", (ins modMembar:$level), "$level", ""> {
  bits<1> level;
  let Inst{50} = level;
}

// WARPSYNC (sm_35; Volta's SASS spelling): the warp-level barrier that
// bar.warp.sync and the `.sync` forms' member masks become. The warp runs in
// lockstep, so nothing waits; it orders the lanes' memory accesses (as
// MEMBAR.CTA) and states the member mask, which every lane that executes it
// must be in, with every live lane the mask names (PTX ISA, bar.warp.sync,
// for sm_6x and earlier): the sanitizer's synccheck checks both.
// Mask: Ra 10..15 (WARPSYNC) or a 32-bit immediate 18..49 (WARPSYNCi).
let Level = SM35, IsWarpBarrier = true in {
let Summary = "warp barrier of the lanes in mask Ra: orders their memory accesses" in
def WARPSYNC : FmtALU<0x68, "WARPSYNC", (ins GPROp:$ra), "", "$ra"> {
  bits<6> ra;
  let Inst{15-10} = ra;
}
let Summary = "warp barrier of the lanes in the 32-bit immediate mask" in
def WARPSYNCi : FmtALU<0x69, "WARPSYNC", (ins Imm32:$imm), "", "$imm"> {
  bits<32> imm;
  let Inst{49-18} = imm;
}
} // Level = SM35, IsWarpBarrier

} // hasSideEffects

let Summary = "no operation (with .S: a reconvergence point)" in
def NOP : FmtALU<0x64, "NOP", (ins), "", "">;

let hasSideEffects = true,
    Summary = "breakpoint: DRAIN does nothing, TRAP stops the warp with a trap" in
def BPT : FmtALU<0x65, "BPT", (ins modBpt:$mode, UImm16:$imm), "$mode",
                 "$imm"> {
  bits<1> mode; bits<16> imm;
  let Inst{33-18} = imm; let Inst{50} = mode;
}

} // SemClass = "Warp"
