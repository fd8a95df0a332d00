//===-- SIMTInstrControl.td - Control flow and the SIMT stack -------------===//
//
// ISA.md section 5 (patent: stack-cache). Control format: branch target 16..39
// as a signed count of instructions from the next one; CC test 4..8; .U 9;
// BRX/JMX: Ra 16..21 and a 24-bit byte offset 22..45. None takes `.S`.
//
//===----------------------------------------------------------------------===//

let SemClass = "Control" in {

let Summary = "push SYNC{active, label}: the reconvergence point", Counts = EV_SetSync in
def SSY : CtlTarget<0x70, "SSY">;
let Summary = "push BRK{active, label}: the loop exit" in
def PBK : CtlTarget<0x71, "PBK">;
let isCall = true in {
let Summary = "push CALL{active, next} and jump" in
def CAL : CtlTarget<0x72, "CAL">;
let Summary = "push CALL{active, next} and jump (absolute form)" in
def JCAL : CtlTarget<0x73, "JCAL">;
}

let isBranch = true, MayDiverge = true in {
let Summary = "jump to label; guard-false threads wait at the next instruction" in
def JMP : CtlTarget<0x74, "JMP">;
let Summary = "jump the participating threads; diverge when only some take it" in
def BRA : CtlTarget<0x75, "BRA", (ins modUni:$u), "$u"> {
  bits<1> u;
  let Inst{9} = u;
}
let Summary = "branch the threads whose guard and CC test hold" in
def BRAcc : CtlTarget<0x76, "BRA", (ins modUni:$u), "$u", (ins CCTestOp:$test),
                      "$test, "> {
  bits<5> test; bits<1> u;
  let Inst{8-4} = test; let Inst{9} = u;
}
}

let isBranch = true, isIndirectBranch = true in {
let Summary = "jump to next PC + Ra + imm per thread; different targets run in turn" in
def BRX : CtlReg<0x77, "BRX">;
let Summary = "jump to Ra + imm per thread; different targets run in turn" in
def JMX : CtlReg<0x78, "JMX">;
}

let Summary = "threads leave to the nearest BRK token's address", Counts = EV_Break in
def BRK  : FmtCtl<0x79, "BRK", (ins), "", "">;
let isReturn = true, Summary = "threads return to the nearest CALL token's address" in
def RET  : FmtCtl<0x7a, "RET", (ins), "", "">;
let Summary = "threads finish" in
def EXIT : FmtCtl<0x7b, "EXIT", (ins), "", "">;

} // SemClass = "Control"
