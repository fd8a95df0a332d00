//===-- SIMTInstrConvert.td - Conversions ------------------*- tablegen -*-===//
//
// I2F, F2I, F2F, I2I: destination type first. Rd 4..9, Sb 18..41 (with
// negate/absolute value); types and rounding in the bits an ALU format's Ra
// would use (10..17), saturation/flush in 50..51.
//
//===----------------------------------------------------------------------===//

// A conversion source: integer printing, `-`/`|..|` allowed on registers.
def SbCvt : SrcBOperand<"SbCvt", "expected a register (optionally -R, |R|), a 20-bit signed immediate (-0x80000..0x7ffff) or c[bank][offset]",
                        "printSrcBInt", "decodeSrcBNegAbs">;

let SemClass = "Convert" in {

class Cvt<bits<8> opc, string mn, dag mods, string modstr, string summary>
    : ALURdSb<opc, mn, (ins GPROp:$rd), (ins SbCvt:$sb), mods, modstr> {
  let Summary = summary;
}

def I2F : Cvt<0x30, "I2F", (ins modFltDst:$dty, modIntSrc:$sty, modRnd:$rnd),
              "$dty$sty$rnd", "Rd = float(Sb)"> {
  let SizedBy = (ops MG_FltDst:$rd, MG_IntSrc:$sb);
  bits<1> dty; bits<3> sty; bits<2> rnd;
  let Inst{10} = dty; let Inst{15-13} = sty; let Inst{17-16} = rnd;
}
def F2I : Cvt<0x31, "F2I", (ins modIntDst:$dty, modFltSrc:$sty, modFTZ:$ftz,
                               modF2IRnd:$rnd),
              "$dty$sty$ftz$rnd", "Rd = integer(Sb), saturating; NaN gives 0"> {
  let SizedBy = (ops MG_IntDst:$rd, MG_FltSrc:$sb);
  bits<3> dty; bits<1> sty; bits<1> ftz; bits<2> rnd;
  let Inst{12-10} = dty; let Inst{13} = sty; let Inst{17-16} = rnd;
  let Inst{50} = ftz;
}
def F2F : Cvt<0x32, "F2F", (ins modFltDst:$dty, modFltSrc:$sty, modFTZ:$ftz,
                               modSat:$sat, modRnd:$rnd),
              "$dty$sty$ftz$sat$rnd", "Rd = float(Sb) in another precision"> {
  let SizedBy = (ops MG_FltDst:$rd, MG_FltSrc:$sb);
  bits<1> dty; bits<1> sty; bits<1> ftz; bits<1> sat; bits<2> rnd;
  let Inst{10} = dty; let Inst{13} = sty; let Inst{17-16} = rnd;
  let Inst{50} = ftz; let Inst{51} = sat;
}
def I2I : Cvt<0x33, "I2I", (ins modIntDst:$dty, modIntSrc:$sty, modSat:$sat),
              "$dty$sty$sat", "Rd = integer(Sb) in another width/signedness"> {
  let SizedBy = (ops MG_IntDst:$rd, MG_IntSrc:$sb);
  bits<3> dty; bits<3> sty; bits<1> sat;
  let Inst{12-10} = dty; let Inst{15-13} = sty; let Inst{50} = sat;
}

} // SemClass = "Convert"
