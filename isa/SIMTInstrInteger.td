//===-- SIMTInstrInteger.td - Integer arithmetic and logic ----------------===//
//
// ISA.md section 4 "Integer" and the moves. ALU format: Rd 4..9, Ra 10..17,
// Sb 18..41, Rc 42..49, modifiers from bit 50. IMAD, ICMP, BFI and PRMT
// also have Fermi's form with a constant third source (`IMAD R8, R3, R5,
// c[0x0][0x20]`), the records named <mnemonic>rc: the same computation, the
// register second source in the Rc field and the constant in the Sb field.
//
//===----------------------------------------------------------------------===//

let SemClass = "Integer" in {

// The integer ALU shapes (SIMTInstrFormats.td) with a 32-bit Rd.
class ALU1<bits<8> opc, string mn, dag src, dag mods, string modstr>
    : ALURdSb<opc, mn, Rd, src, mods, modstr>;
class ALU2<bits<8> opc, string mn, dag srcs, dag mods, string modstr>
    : ALURdRaSb<opc, mn, Rd, srcs, mods, modstr>;
// Rd, Ra, Sb, Rc; with constC, Rd, Ra, Rb, c[bank][offset].
class ALU3<bits<8> opc, string mn, dag mods, string modstr, bit constC = false>
    : ALURdRaSbRc<opc, mn, Rd,
                  !if(constC, (ins GPROp:$ra, GPROp:$sb, ScI:$sc),
                              (ins GPROp:$ra, SbI:$sb, GPROp:$rc)),
                  mods, modstr, constC>;

let WritesCC = true, Wide32I = "IADD32I", isCommutable = true,
    Summary = "Rd = Ra + Sb (with .X: + CF); .SAT clamps to the signed range" in
def IADD : ALU2<0x01, "IADD", (ins RegNeg:$ra, SbINeg:$sb),
                (ins modX:$x, modCC:$cc, modSat:$sat), "$x$cc$sat"> {
  bits<1> x; bits<1> cc; bits<1> sat;
  let Inst{50} = x; let Inst{51} = cc; let Inst{52} = sat;
}

let WritesCC = true, Summary = "Rd = Ra + imm32 (with .X: + CF)" in
def IADD32I : Fmt32IRa<0x02, "IADD32I", (ins RegNeg:$ra, Imm32:$imm),
                       (ins modX:$x, modCC:$cc), "$x$cc"> {
  bits<1> x; bits<1> cc;
  let Inst{50} = x; let Inst{51} = cc;
}

let WritesCC = true, Summary = "Rd = low (or .HI high) 32 bits of Ra * Sb" in
def IMUL : ALU2<0x03, "IMUL", (ins GPROp:$ra, SbI:$sb),
                (ins modAType:$atype, modBType:$btype, modHi:$hi, modCC:$cc),
                "$atype$btype$hi$cc"> {
  bits<1> atype; bits<1> btype; bits<1> hi; bits<1> cc;
  let Inst{50} = atype; let Inst{51} = btype; let Inst{52} = hi;
  let Inst{53} = cc;
}

class IMADForm<bits<8> opc, bit constC>
    : ALU3<opc, "IMAD", (ins modAType:$atype, modBType:$btype, modHi:$hi,
                         modX:$x, modCC:$cc), "$atype$btype$hi$x$cc", constC> {
  bits<1> atype; bits<1> btype; bits<1> hi; bits<1> x; bits<1> cc;
  let Inst{50} = atype; let Inst{51} = btype; let Inst{52} = hi;
  let Inst{53} = x; let Inst{54} = cc;
}
let WritesCC = true in {
let Summary = "Rd = Ra * Sb + Rc (low or .HI word; .X adds CF)" in
def IMAD : IMADForm<0x04, false>;
let Summary = ConstCSummary<"IMAD">.S in
def IMADrc : IMADForm<0x17, true>;
}

let WritesCC = true, Summary = "Rd = (Ra << shift) + Sb" in
def ISCADD : ALURdRaSb<0x05, "ISCADD", Rd, (ins RegNeg:$ra, SbINeg:$sb),
                       (ins modCC:$cc), "$cc", (ins UImm5:$shift), ", $shift"> {
  bits<5> shift; bits<1> cc;
  let Inst{46-42} = shift; let Inst{50} = cc;
}

class ICMPForm<bits<8> opc, bit constC>
    : ALU3<opc, "ICMP", (ins modICmp:$cmp, modU32:$u32), "$cmp$u32", constC> {
  bits<3> cmp; bits<1> u32;
  let Inst{52-50} = cmp; let Inst{53} = u32;
}
let Summary = "Rd = (Rc cmp 0) ? Ra : Sb" in
def ICMP : ICMPForm<0x06, false>;
let Summary = ConstCSummary<"ICMP">.S in
def ICMPrc : ICMPForm<0x18, true>;

let isCommutable = true, Summary = "Rd = popcount(Ra & Sb)" in
def POPC : ALU2<0x07, "POPC", (ins RegInv:$ra, SbIInv:$sb), (ins), "">;

let WritesCC = true, Summary = "Rd = Ra << Sb (counts >= 32 give 0; .W wraps the count)" in
def SHL : ALU2<0x08, "SHL", (ins GPROp:$ra, SbI:$sb),
               (ins modWrap:$w, modCC:$cc), "$w$cc"> {
  bits<1> w; bits<1> cc;
  let Inst{50} = w; let Inst{51} = cc;
}

let WritesCC = true, Summary = "Rd = Ra >> Sb, arithmetic unless .U32" in
def SHR : ALU2<0x09, "SHR", (ins GPROp:$ra, SbI:$sb),
               (ins modU32:$u32, modWrap:$w, modCC:$cc), "$u32$w$cc"> {
  bits<1> u32; bits<1> w; bits<1> cc;
  let Inst{50} = u32; let Inst{51} = w; let Inst{52} = cc;
}

// Commutable except .PASS_B, which reads Sb only (constant folding checks).
let WritesCC = true, Wide32I = "LOP32I", isCommutable = true,
    Summary = "Rd = [~]Ra op [~]Sb, op in AND OR XOR PASS_B" in
def LOP : ALU2<0x0a, "LOP", (ins RegInv:$ra, SbIInv:$sb),
               (ins modLogic:$op, modCC:$cc), "$op$cc"> {
  bits<2> op; bits<1> cc;
  let Inst{51-50} = op; let Inst{52} = cc;
}

let WritesCC = true, Summary = "Rd = [~]Ra op imm32" in
def LOP32I : Fmt32IRa<0x0b, "LOP32I", (ins RegInv:$ra, Imm32:$imm),
                      (ins modLogic:$op, modCC:$cc), "$op$cc"> {
  bits<2> op; bits<1> cc;
  let Inst{51-50} = op; let Inst{52} = cc;
}

let Summary = "Rd = index of the highest significant bit of Sb (.SH: 31 - index)" in
def FLO : ALU1<0x0c, "FLO", (ins SbIInv:$sb), (ins modU32:$u32, modSH:$sh),
               "$u32$sh"> {
  bits<1> u32; bits<1> sh;
  let Inst{50} = u32; let Inst{51} = sh;
}

let Summary = "Rd = bit field of Ra at Sb[7:0], length Sb[15:8] (PTX bfe)" in
def BFE : ALU2<0x0d, "BFE", (ins GPROp:$ra, SbI:$sb),
               (ins modU32:$u32, modBrev:$brev), "$u32$brev"> {
  bits<1> u32; bits<1> brev;
  let Inst{50} = u32; let Inst{51} = brev;
}

let Summary = "Rd = Rc with the field of Sb filled from Ra (PTX bfi)" in
def BFI : ALU3<0x0e, "BFI", (ins), "">;
let Summary = ConstCSummary<"BFI">.S in
def BFIrc : ALU3<0x19, "BFI", (ins), "", true>;

let Summary = "Rd = bytes of {Rc, Ra} selected by Sb (PTX prmt)" in
def PRMT : ALU3<0x0f, "PRMT", (ins), "">;
let Summary = ConstCSummary<"PRMT">.S in
def PRMTrc : ALU3<0x1a, "PRMT", (ins), "", true>;

// sm_35's funnel shift (PTX shf): Ra is the low word, Rc the high word;
// the shift is Sb modulo 32 with .W, else Sb clamped to 32.
let Level = SM35,
    Summary = "Rd = high word of (Rc:Ra) << Sb (.L), or low word of (Rc:Ra) >> Sb (.R)" in
def SHF : ALU3<0x1b, "SHF", (ins modShfDir:$dir, modWrap:$w), "$dir$w"> {
  bits<1> dir; bits<1> w;
  let Inst{50} = dir; let Inst{51} = w;
}

let Summary = "Rd = |Sb|" in
def IABS : ALU1<0x10, "IABS", (ins SbI:$sb), (ins), "">;

let Wide32I = "MOV32I", Summary = "Rd = Sb" in
def MOV : ALU1<0x11, "MOV", (ins SbI:$sb), (ins), "">;

let Summary = "Rd = imm32" in
def MOV32I : Fmt32I<0x12, "MOV32I", (ins GPROp:$rd, Imm32:$imm), "", "$rd, $imm">;

let Summary = "Rd = special register" in
def S2R : ALURd<0x13, "S2R", (ins SReg:$sr), (ins), "", "$rd, $sr"> {
  bits<5> sr;
  let Inst{22-18} = sr;
}

let Summary = "Rd = Pp' ? Ra : Sb" in
def SEL : ALURdRaSbPp<0x14, "SEL", Rd, (ins GPROp:$ra, SbI:$sb), (ins), "">;

let isCommutable = true,
    Summary = "Rd = Pp' ? min(Ra, Sb) : max(Ra, Sb), signed unless .U32" in
def IMNMX : ALURdRaSbPp<0x15, "IMNMX", Rd, (ins GPROp:$ra, SbI:$sb),
                         (ins modU32:$u32), "$u32"> {
  bits<1> u32;
  let Inst{50} = u32;
}

} // SemClass = "Integer"
