//===-- SIMTInstrDouble.td - Double-precision float ----------*- tablegen -*-===//
//
// ISA.md section 4 "Double": operands are even/odd register pairs written as
// the even register. ALU format.
//
//===----------------------------------------------------------------------===//

let SemClass = "Double" in {

class DArith2<bits<8> opc, string mn, string summary>
    : FmtALU<opc, mn, (ins modRnd:$rnd, GPR64Op:$rd, RegNegAbs64:$ra, SbD:$sb),
             "$rnd", "$rd, $ra, $sb"> {
  bits<6> rd; bits<8> ra; bits<24> sb; bits<2> rnd;
  let Inst{9-4} = rd; let Inst{17-10} = ra; let Inst{41-18} = sb;
  let Inst{51-50} = rnd;
  let Summary = summary;
}

def DADD : DArith2<0x28, "DADD", "Rd = Ra + Sb (doubles)">;
def DMUL : DArith2<0x29, "DMUL", "Rd = Ra * Sb (doubles)">;

let Summary = "Rd = Ra * Sb + Rc (doubles), one rounding" in
def DFMA : FmtALU<0x2a, "DFMA", (ins modRnd:$rnd, GPR64Op:$rd, RegNegAbs64:$ra,
                  SbD:$sb, RegNegAbs64:$rc), "$rnd", "$rd, $ra, $sb, $rc"> {
  bits<6> rd; bits<8> ra; bits<24> sb; bits<8> rc; bits<2> rnd;
  let Inst{9-4} = rd; let Inst{17-10} = ra; let Inst{41-18} = sb;
  let Inst{49-42} = rc; let Inst{51-50} = rnd;
}

let Summary = "Rd = Pp' ? fmin(Ra, Sb) : fmax(Ra, Sb) (doubles)" in
def DMNMX : FmtALU<0x2b, "DMNMX", (ins GPR64Op:$rd, RegNegAbs64:$ra, SbD:$sb,
                   PredSrc:$pp), "", "$rd, $ra, $sb, $pp"> {
  bits<6> rd; bits<8> ra; bits<24> sb; bits<4> pp;
  let Inst{9-4} = rd; let Inst{17-10} = ra; let Inst{41-18} = sb;
  let Inst{45-42} = pp;
}

} // SemClass = "Double"
