//===-- SIMTInstrFloat.td - Single-precision float ---------*- tablegen -*-===//
//
// ISA.md section 4 "Float". Sources take `-` and `|..|`; results that are NaN
// are the canonical 0x7FFFFFFF. ALU format.
//
//===----------------------------------------------------------------------===//

let SemClass = "Float" in {

class FArith2<bits<8> opc, string mn, string summary>
    : ALURdRaSb<opc, mn, Rd, (ins RegNegAbs:$ra, SbF:$sb),
                (ins modFTZ:$ftz, modSat:$sat, modRnd:$rnd), "$ftz$sat$rnd"> {
  bits<1> ftz; bits<1> sat; bits<2> rnd;
  let Inst{50} = ftz; let Inst{51} = sat; let Inst{53-52} = rnd;
  let Summary = summary;
  let isCommutable = true;
}

let Wide32I = "FADD32I" in
def FADD : FArith2<0x20, "FADD", "Rd = Ra + Sb">;
let Wide32I = "FMUL32I" in
def FMUL : FArith2<0x21, "FMUL", "Rd = Ra * Sb">;

// FFMA Rd, Ra, Sb, Rc, or (constC, FFMArc) Rd, Ra, Rb, c[bank][offset].
class FFMAForm<bits<8> opc, bit constC>
    : ALURdRaSbRc<opc, "FFMA", Rd,
                  !if(constC, (ins RegNegAbs:$ra, RegNegAbs:$sb, ScF:$sc),
                              (ins RegNegAbs:$ra, SbF:$sb, RegNegAbs:$rc)),
                  (ins modFTZ:$ftz, modSat:$sat, modRnd:$rnd), "$ftz$sat$rnd",
                  constC> {
  bits<1> ftz; bits<1> sat; bits<2> rnd;
  let Inst{50} = ftz; let Inst{51} = sat; let Inst{53-52} = rnd;
  let isCommutable = true;
}
let Summary = "Rd = Ra * Sb + Rc, one rounding" in
def FFMA : FFMAForm<0x22, false>;
let Summary = ConstCSummary<"FFMA">.S in
def FFMArc : FFMAForm<0x27, true>;

let Summary = "Rd = Ra + imm32 (a float)" in
def FADD32I : Fmt32IRa<0x23, "FADD32I", (ins RegNegAbs:$ra, FImm32:$imm),
                       (ins modFTZ:$ftz), "$ftz"> {
  bits<1> ftz;
  let Inst{50} = ftz;
}

let Summary = "Rd = Ra * imm32 (a float)" in
def FMUL32I : Fmt32IRa<0x24, "FMUL32I", (ins RegNegAbs:$ra, FImm32:$imm),
                       (ins modFTZ:$ftz, modSat:$sat), "$ftz$sat"> {
  bits<1> ftz; bits<1> sat;
  let Inst{50} = ftz; let Inst{51} = sat;
}

let Summary = "Rd = f(Ra), f in RCP RSQ SQRT EX2 LG2 SIN COS (within 2 ulp)" in
def MUFU : ALURdRa<0x25, "MUFU", Rd, (ins RegNegAbs:$ra), (ins modMufu:$op, modSat:$sat),
                   "$op$sat"> {
  bits<3> op; bits<1> sat;
  let Inst{52-50} = op; let Inst{53} = sat;
}

let isCommutable = true,
    Summary = "Rd = Pp' ? fmin(Ra, Sb) : fmax(Ra, Sb); a NaN operand loses" in
def FMNMX : ALURdRaSbPp<0x26, "FMNMX", Rd, (ins RegNegAbs:$ra, SbF:$sb),
                         (ins modFTZ:$ftz), "$ftz"> {
  bits<1> ftz;
  let Inst{50} = ftz;
}

} // SemClass = "Float"
