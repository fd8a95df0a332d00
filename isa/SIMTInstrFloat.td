//===-- SIMTInstrFloat.td - Single-precision float -----------*- tablegen -*-===//
//
// ISA.md section 4 "Float". Sources take `-` and `|..|`; results that are NaN
// are the canonical 0x7FFFFFFF. ALU format.
//
//===----------------------------------------------------------------------===//

let SemClass = "Float" in {

class FArith2<bits<8> opc, string mn, string summary>
    : FmtALU<opc, mn, (ins modFTZ:$ftz, modSat:$sat, modRnd:$rnd, GPROp:$rd,
             RegNegAbs:$ra, SbF:$sb), "$ftz$sat$rnd", "$rd, $ra, $sb"> {
  bits<6> rd; bits<8> ra; bits<24> sb; bits<1> ftz; bits<1> sat; bits<2> rnd;
  let Inst{9-4} = rd; let Inst{17-10} = ra; let Inst{41-18} = sb;
  let Inst{50} = ftz; let Inst{51} = sat; let Inst{53-52} = rnd;
  let Summary = summary;
}

let Wide32I = "FADD32I" in
def FADD : FArith2<0x20, "FADD", "Rd = Ra + Sb">;
let Wide32I = "FMUL32I" in
def FMUL : FArith2<0x21, "FMUL", "Rd = Ra * Sb">;

let Summary = "Rd = Ra * Sb + Rc, one rounding" in
def FFMA : FmtALU<0x22, "FFMA", (ins modFTZ:$ftz, modSat:$sat, modRnd:$rnd,
                  GPROp:$rd, RegNegAbs:$ra, SbF:$sb, RegNegAbs:$rc),
                  "$ftz$sat$rnd", "$rd, $ra, $sb, $rc"> {
  bits<6> rd; bits<8> ra; bits<24> sb; bits<8> rc;
  bits<1> ftz; bits<1> sat; bits<2> rnd;
  let Inst{9-4} = rd; let Inst{17-10} = ra; let Inst{41-18} = sb;
  let Inst{49-42} = rc;
  let Inst{50} = ftz; let Inst{51} = sat; let Inst{53-52} = rnd;
}

let Summary = "Rd = Ra + imm32 (a float)" in
def FADD32I : Fmt32I<0x23, "FADD32I", (ins modFTZ:$ftz, GPROp:$rd,
                     RegNegAbs:$ra, FImm32:$imm), "$ftz", "$rd, $ra, $imm"> {
  bits<8> ra; bits<1> ftz;
  let Inst{17-10} = ra; let Inst{50} = ftz;
}

let Summary = "Rd = Ra * imm32 (a float)" in
def FMUL32I : Fmt32I<0x24, "FMUL32I", (ins modFTZ:$ftz, modSat:$sat,
                     GPROp:$rd, RegNegAbs:$ra, FImm32:$imm), "$ftz$sat",
                     "$rd, $ra, $imm"> {
  bits<8> ra; bits<1> ftz; bits<1> sat;
  let Inst{17-10} = ra; let Inst{50} = ftz; let Inst{51} = sat;
}

let Summary = "Rd = f(Ra), f in RCP RSQ SQRT EX2 LG2 SIN COS (within 2 ulp)" in
def MUFU : FmtALU<0x25, "MUFU", (ins modMufu:$op, modSat:$sat, GPROp:$rd,
                  RegNegAbs:$ra), "$op$sat", "$rd, $ra"> {
  bits<6> rd; bits<8> ra; bits<3> op; bits<1> sat;
  let Inst{9-4} = rd; let Inst{17-10} = ra;
  let Inst{52-50} = op; let Inst{53} = sat;
}

let Summary = "Rd = Pp' ? fmin(Ra, Sb) : fmax(Ra, Sb); a NaN operand loses" in
def FMNMX : FmtALU<0x26, "FMNMX", (ins modFTZ:$ftz, GPROp:$rd, RegNegAbs:$ra,
                   SbF:$sb, PredSrc:$pp), "$ftz", "$rd, $ra, $sb, $pp"> {
  bits<6> rd; bits<8> ra; bits<24> sb; bits<4> pp; bits<1> ftz;
  let Inst{9-4} = rd; let Inst{17-10} = ra; let Inst{41-18} = sb;
  let Inst{45-42} = pp; let Inst{50} = ftz;
}

} // SemClass = "Float"
