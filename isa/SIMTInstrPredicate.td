//===-- SIMTInstrPredicate.td - Predicate-setting instructions ------------===//
//
// ISA.md section 3 (patent: predicated-execution). The SETP forms write
// Pu = cmp bop Pp' and Pv = !cmp bop Pp'; the SET forms write a GPR
// (0xFFFFFFFF/0, or 1.0f/0.0f with .BF). SETP format: Pu 4..6, Pv 7..9,
// Ra 10..17, Sb 18..41, Pp 42..45, modifiers 46..54.
//
//===----------------------------------------------------------------------===//

let SemClass = "Predicate" in {

// The destinations SetpDst (Pu, Pv) and SetDst (Rd) and the operand shapes
// are in SIMTInstrFormats.td.

// Integer compare: ICmp 46..48, U32 49, X 50, Bop 51..52 (SET: BF 53, CC 54).
class ISetpLike<bits<8> opc, string mn, dag dst, string dststr, dag extra,
                string extrastr>
    : SetpRaSb<opc, mn, dst, dststr, (ins GPROp:$ra, SbI:$sb),
               !con((ins modICmp:$cmp, modU32:$u32, modX:$x, modBop:$bop), extra),
               "$cmp$u32$x$bop" # extrastr> {
  bits<3> cmp; bits<1> u32; bits<1> x; bits<2> bop;
  let Inst{48-46} = cmp; let Inst{49} = u32; let Inst{50} = x;
  let Inst{52-51} = bop;
}
let Summary = "Pu = (Ra cmp Sb) bop Pp', Pv = !(Ra cmp Sb) bop Pp'" in
def ISETP : ISetpLike<0x40, "ISETP", SetpDst, "$pu, $pv", (ins), "">;
let WritesCC = true, Summary = "Rd = ((Ra cmp Sb) bop Pp') ? -1 (1.0 with .BF) : 0" in
def ISET : ISetpLike<0x41, "ISET", SetDst, "$rd", (ins modBF:$bf, modCC:$cc),
                     "$bf$cc"> {
  bits<1> bf; bits<1> cc;
  let Inst{53} = bf; let Inst{54} = cc;
}

// Float compare: FCmp 46..49, FTZ 50, Bop 51..52 (SET: BF 53).
class FSetpLike<bits<8> opc, string mn, dag dst, string dststr, dag extra,
                string extrastr>
    : SetpRaSb<opc, mn, dst, dststr, (ins RegNegAbs:$ra, SbF:$sb),
               !con((ins modFCmp:$cmp, modFTZ:$ftz, modBop:$bop), extra),
               "$cmp$ftz$bop" # extrastr> {
  bits<4> cmp; bits<1> ftz; bits<2> bop;
  let Inst{49-46} = cmp; let Inst{50} = ftz; let Inst{52-51} = bop;
}
let Summary = "Pu = (Ra cmp Sb) bop Pp' on floats; U comparisons are true on NaN" in
def FSETP : FSetpLike<0x42, "FSETP", SetpDst, "$pu, $pv", (ins), "">;
let Summary = "Rd = ((Ra cmp Sb) bop Pp') ? -1 (1.0 with .BF) : 0, floats" in
def FSET : FSetpLike<0x43, "FSET", SetDst, "$rd", (ins modBF:$bf), "$bf"> {
  bits<1> bf;
  let Inst{53} = bf;
}

// Double compare: FCmp 46..49, Bop 51..52 (SET: BF 53).
class DSetpLike<bits<8> opc, string mn, dag dst, string dststr, dag extra,
                string extrastr>
    : SetpRaSb<opc, mn, dst, dststr, (ins RegNegAbs64:$ra, SbD:$sb),
               !con((ins modFCmp:$cmp, modBop:$bop), extra),
               "$cmp$bop" # extrastr> {
  bits<4> cmp; bits<2> bop;
  let Inst{49-46} = cmp; let Inst{52-51} = bop;
}
let Summary = "Pu = (Ra cmp Sb) bop Pp' on doubles" in
def DSETP : DSetpLike<0x44, "DSETP", SetpDst, "$pu, $pv", (ins), "">;
let Summary = "Rd = ((Ra cmp Sb) bop Pp') ? -1 (1.0 with .BF) : 0, doubles" in
def DSET : DSetpLike<0x45, "DSET", SetDst, "$rd", (ins modBF:$bf), "$bf"> {
  bits<1> bf;
  let Inst{53} = bf;
}

// Predicate combine: Pp 42..45, Pq 10..13, Pr 14..17, Bop 46..47,
// Bop1 48..49 (SET: BF 53).
let Summary = "Pu = (Pp' bop0 Pq') bop1 Pr', Pv = (!Pp' bop0 Pq') bop1 Pr'" in
def PSETP : FmtSetp<0x46, "PSETP", (ins modBop:$bop, modBop1:$bop1,
                    PredDst:$pu, PredDst:$pv, PredSrc:$pp, PredSrc:$pq,
                    PredSrc:$pr), "$bop$bop1", "$pu, $pv, $pp, $pq, $pr"> {
  bits<3> pu; bits<3> pv; bits<4> pq; bits<4> pr; bits<2> bop; bits<2> bop1;
  let Inst{6-4} = pu; let Inst{9-7} = pv;
  let Inst{13-10} = pq; let Inst{17-14} = pr;
  let Inst{47-46} = bop; let Inst{49-48} = bop1;
}
let Summary = "Rd = ((Pp' bop0 Pq') bop1 Pr') ? -1 (1.0 with .BF) : 0" in
def PSET : FmtSetp<0x47, "PSET", (ins modBop:$bop, modBop1:$bop1, modBF:$bf,
                   GPROp:$rd, PredSrc:$pp, PredSrc:$pq, PredSrc:$pr),
                   "$bop$bop1$bf", "$rd, $pp, $pq, $pr"> {
  bits<6> rd; bits<4> pq; bits<4> pr; bits<2> bop; bits<2> bop1; bits<1> bf;
  let Inst{9-4} = rd;
  let Inst{13-10} = pq; let Inst{17-14} = pr;
  let Inst{47-46} = bop; let Inst{49-48} = bop1; let Inst{53} = bf;
}

// CC test: CCTest 46..50, Bop 51..52 (SET: BF 53).
let Summary = "Pu = (CC test) bop Pp', Pv = !(CC test) bop Pp'" in
def CSETP : FmtSetp<0x48, "CSETP", (ins modCCTest:$test, modBop:$bop,
                    PredDst:$pu, PredDst:$pv, PredSrc:$pp), "$test$bop",
                    "$pu, $pv, CC, $pp"> {
  bits<3> pu; bits<3> pv; bits<5> test; bits<2> bop;
  let Inst{6-4} = pu; let Inst{9-7} = pv;
  let Inst{50-46} = test; let Inst{52-51} = bop;
}
let Summary = "Rd = ((CC test) bop Pp') ? -1 (1.0 with .BF) : 0" in
def CSET : FmtSetp<0x49, "CSET", (ins modCCTest:$test, modBop:$bop, modBF:$bf,
                   GPROp:$rd, PredSrc:$pp), "$test$bop$bf", "$rd, CC, $pp"> {
  bits<6> rd; bits<5> test; bits<2> bop; bits<1> bf;
  let Inst{9-4} = rd;
  let Inst{50-46} = test; let Inst{52-51} = bop; let Inst{53} = bf;
}

// Sub-word compare: Ra 10..18 and Rb 19..27 with selectors, Pp 28..31,
// ICmp 32..34, Bop 35..36, atype 37..39, btype 40..42 (SET: BF 43).
class VSetpLike<bits<8> opc, string mn, dag dst, string dststr, dag extra,
                string extrastr>
    : FmtVSetp<opc, mn, dst, dststr, !con((ins modICmp:$cmp, modBop:$bop,
               modVAType:$atype, modVBType:$btype), extra),
               "$cmp$bop$atype$btype" # extrastr> {
  bits<3> cmp; bits<2> bop; bits<3> atype; bits<3> btype;
  let Inst{34-32} = cmp; let Inst{36-35} = bop;
  let Inst{39-37} = atype; let Inst{42-40} = btype;
}
let Summary = "Pu = (sub-word Ra cmp sub-word Rb) bop Pp' (33-bit compare)" in
def VSETP : VSetpLike<0x4a, "VSETP", SetpDst, "$pu, $pv", (ins), "">;
let Summary = "Rd = ((sub-word Ra cmp sub-word Rb) bop Pp') ? -1 (1.0 with .BF) : 0" in
def VSET : VSetpLike<0x4b, "VSET", SetDst, "$rd", (ins modBF:$bf), "$bf"> {
  bits<1> bf;
  let Inst{43} = bf;
}

// P2R/R2P: H1 50.
let Summary = "Rd = (Ra & ~mask') | (P0..P6 & mask') (mask' at bits 16..22 with .H1)" in
def P2R : ALUPredReg<0x4c, "P2R", (ins GPROp:$rd), "$rd, ", (ins modH1:$h1), "$h1"> {
  bits<1> h1;
  let Inst{50} = h1;
}
// The predicates it writes are named by the mask, not by operands.
let hasSideEffects = true,
    Summary = "Pi = Ra[i] (Ra[16+i] with .H1) for each bit i of mask" in
def R2P : ALUPredReg<0x4d, "R2P", (ins), "", (ins modH1:$h1), "$h1"> {
  bits<1> h1;
  let Inst{50} = h1;
}

} // SemClass = "Predicate"
