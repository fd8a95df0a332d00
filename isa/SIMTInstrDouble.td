//===-- SIMTInstrDouble.td - Double-precision float --------*- tablegen -*-===//
//
// ISA.md section 4 "Double": operands are even/odd register pairs written as
// the even register. ALU format.
//
//===----------------------------------------------------------------------===//

let SemClass = "Double" in {

class DArith2<bits<8> opc, string mn, string summary>
    : ALURdRaSb<opc, mn, Rd64, (ins RegNegAbs64:$ra, SbD:$sb), (ins modRnd:$rnd),
                "$rnd"> {
  bits<2> rnd;
  let Inst{51-50} = rnd;
  let Summary = summary;
  let isCommutable = true;
}

def DADD : DArith2<0x28, "DADD", "Rd = Ra + Sb (doubles)">;
def DMUL : DArith2<0x29, "DMUL", "Rd = Ra * Sb (doubles)">;

// DFMA Rd, Ra, Sb, Rc, or (constC, DFMArc) Rd, Ra, Rb, c[bank][offset]
// (the constant words at offset and offset + 4).
class DFMAForm<bits<8> opc, bit constC>
    : ALURdRaSbRc<opc, "DFMA", Rd64,
                  !if(constC, (ins RegNegAbs64:$ra, RegNegAbs64:$sb, ScD:$sc),
                              (ins RegNegAbs64:$ra, SbD:$sb, RegNegAbs64:$rc)),
                  (ins modRnd:$rnd), "$rnd", constC> {
  bits<2> rnd;
  let Inst{51-50} = rnd;
  let isCommutable = true;
}
let Summary = "Rd = Ra * Sb + Rc (doubles), one rounding" in
def DFMA : DFMAForm<0x2a, false>;
let Summary = ConstCSummary<"DFMA">.S in
def DFMArc : DFMAForm<0x2c, true>;

let isCommutable = true,
    Summary = "Rd = Pp' ? fmin(Ra, Sb) : fmax(Ra, Sb) (doubles)" in
def DMNMX : ALURdRaSbPp<0x2b, "DMNMX", Rd64, (ins RegNegAbs64:$ra, SbD:$sb), (ins), "">;

} // SemClass = "Double"
