//===-- SIMTInstrControl.td - Control flow and the SIMT stack -*- tablegen -*-//
//
// ISA.md section 5 (seed: stack-cache). Control format: branch target 16..39
// as a signed count of instructions from the next one; CC test 4..8; .U 9;
// BRX/JMX: Ra 16..21 and a 24-bit byte offset 22..45. None takes `.S`.
//
//===----------------------------------------------------------------------===//

let SemClass = "Control" in {

class CtlTarget<bits<8> opc, string mn, string summary, bit diverge = false>
    : FmtCtl<opc, mn, (ins BrTarget:$target), "", "$target"> {
  bits<24> target;
  let Inst{39-16} = target;
  let Summary = summary;
  let MayDiverge = diverge;
}
class CtlNone<bits<8> opc, string mn, string summary>
    : FmtCtl<opc, mn, (ins), "", ""> {
  let Summary = summary;
}
class CtlReg<bits<8> opc, string mn, string summary>
    : FmtCtl<opc, mn, (ins RegOff:$ra), "", "$ra"> {
  bits<30> ra;
  let Inst{45-16} = ra;
  let Summary = summary;
  let MayDiverge = true;
}

def SSY : CtlTarget<0x70, "SSY", "push SYNC{active, label}: the reconvergence point">;
def PBK : CtlTarget<0x71, "PBK", "push BRK{active, label}: the loop exit">;
let isCall = true in {
def CAL : CtlTarget<0x72, "CAL", "push CALL{active, next} and jump">;
def JCAL : CtlTarget<0x73, "JCAL", "push CALL{active, next} and jump (absolute form)">;
}
let isBranch = true in
def JMP : CtlTarget<0x74, "JMP", "jump to label; guard-false threads wait at the next instruction", true>;

let isBranch = true, MayDiverge = true,
    Summary = "jump the participating threads; diverge when only some take it" in
def BRA : FmtCtl<0x75, "BRA", (ins modUni:$u, BrTarget:$target), "$u",
                 "$target"> {
  bits<24> target; bits<1> u;
  let Inst{39-16} = target; let Inst{9} = u;
}
let isBranch = true, MayDiverge = true,
    Summary = "branch the threads whose guard and CC test hold" in
def BRAcc : FmtCtl<0x76, "BRA", (ins modUni:$u, CCTestOp:$test,
                   BrTarget:$target), "$u", "$test, $target"> {
  bits<24> target; bits<5> test; bits<1> u;
  let Inst{39-16} = target; let Inst{8-4} = test; let Inst{9} = u;
}

let isBranch = true, isIndirectBranch = true in {
def BRX : CtlReg<0x77, "BRX", "jump to next PC + Ra + imm per thread; different targets run in turn">;
def JMX : CtlReg<0x78, "JMX", "jump to Ra + imm per thread; different targets run in turn">;
}

def BRK  : CtlNone<0x79, "BRK", "threads leave to the nearest BRK token's address">;
let isReturn = true in
def RET  : CtlNone<0x7a, "RET", "threads return to the nearest CALL token's address">;
def EXIT : CtlNone<0x7b, "EXIT", "threads finish">;

} // SemClass = "Control"
