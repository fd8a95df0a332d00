//===-- SIMTAliases.td - Short forms the assembler accepts ----------------===//
//
// ISA.md section 3/4 aliases. Each is printed back in its full form. Those
// that only fill in fixed operands are InstAliases; the ones that change an
// operand (ISUB negates Sb) are rewrites the parser applies by kind.
//
//===----------------------------------------------------------------------===//

// `OP.cmp Pu, Ra, Sb` means `OP.cmp.AND Pu, PT, Ra, Sb, PT`.
class ShortSetp<string mn, Instruction I, dag mods, string modstr, dag srcs,
                string srcstr>
    : InstAlias<mn # "$guard" # modstr # "$s\t$pu, " # srcstr,
                !con((I Guard:$guard), mods, (I PredDst:$pu, 7), srcs,
                     (I 7, modPopSync:$s)), 0>;

def : ShortSetp<"ISETP", ISETP, (ISETP modICmp:$cmp, modU32:$u32, modX:$x, modBop:$bop),
                "$cmp$u32$x$bop", (ISETP GPROp:$ra, SbI:$sb), "$ra, $sb">;
def : ShortSetp<"FSETP", FSETP, (FSETP modFCmp:$cmp, modFTZ:$ftz, modBop:$bop),
                "$cmp$ftz$bop", (FSETP RegNegAbs:$ra, SbF:$sb), "$ra, $sb">;
def : ShortSetp<"DSETP", DSETP, (DSETP modFCmp:$cmp, modBop:$bop),
                "$cmp$bop", (DSETP RegNegAbs64:$ra, SbD:$sb), "$ra, $sb">;
def : ShortSetp<"VSETP", VSETP, (VSETP modICmp:$cmp, modBop:$bop,
                modVAType:$atype, modVBType:$btype), "$cmp$bop$atype$btype",
                (VSETP RegSel:$ra, RegSel:$rb), "$ra, $rb">;
def : ShortSetp<"CSETP", CSETP, (CSETP modCCTest:$test, modBop:$bop),
                "$test$bop", (CSETP), "CC">;
// `PSETP.bop Pu, Pp, Pq` means `PSETP.bop.AND Pu, PT, Pp, Pq, PT`.
def : ShortSetp<"PSETP", PSETP, (PSETP modBop:$bop, modBop1:$bop1),
                "$bop$bop1", (PSETP PredSrc:$pp, PredSrc:$pq), "$pp, $pq">;

// `BAR.RED.op Rd, id` takes PT as its predicate.
def : InstAlias<"BAR.RED$guard$op$s\t$rd, $id",
                (BARRED Guard:$guard, modBarRed:$op, GPROp:$rd, SbBar:$id, 7,
                 modPopSync:$s), 0>;

// Rewrites applied by the parser before matching (kind names are the
// parser's): `ISUB Rd, Ra, Sb` = `IADD Rd, Ra, -Sb`; `INEG Rd, Sb` =
// `IADD Rd, RZ, -Sb`; `POPC Rd, Rb` = `POPC Rd, Rb, Rb`; `SYNC` = `NOP.S`.
class AsmRewrite<string from, string to, string kind> {
  string From = from;
  string To = to;
  string Kind = kind;
}
def : AsmRewrite<"ISUB", "IADD", "NegateLast">;
def : AsmRewrite<"INEG", "IADD", "InsertRZNegateLast">;
def : AsmRewrite<"POPC", "POPC", "DuplicateLastIfTwo">;
def : AsmRewrite<"SYNC", "NOP", "AddPopSync">;
