//===-- SIMTModifiers.td - Dotted instruction modifiers -----*- tablegen -*-===//
//
// A modifier group is one slot of dotted suffixes (`.LT`, `.U32`, `.FTZ`).
// Each group is one MC operand, so an instruction has one record and one
// encoding whatever modifiers are written; the assembler sorts the suffixes
// into groups (any order), the printer writes them in the instruction's
// operand order and omits defaults. Spelling index = encoded value; a
// spelling "A|B" accepts B as an alternative and prints A.
//
//===----------------------------------------------------------------------===//

class ModGroup<list<string> spellings, int dflt = -1, bit printDefault = false> {
  list<string> Spellings = spellings;
  // Value when the group is not written; -1 means the modifier is required.
  int Default = dflt;
  // Print the default value too (`.AND` on *SETP).
  bit PrintDefault = printDefault;
  // Another group whose written value this one copies when absent
  // (`IMUL.U32` means `IMUL.U32.U32`).
  string DefaultFrom = "";
}

// One-spelling flags: absent = 0, present = 1.
class ModFlag<string spelling> : ModGroup<["", spelling], 0>;

def MG_ICmp   : ModGroup<["F", "LT", "EQ", "LE", "GT", "NE", "GE", "T"]>;
def MG_FCmp   : ModGroup<["F", "LT", "EQ", "LE", "GT", "NE", "GE", "NUM", "NAN",
                          "LTU", "EQU", "LEU", "GTU", "NEU", "GEU", "T"]>;
def MG_CCTest : ModGroup<["F", "LT", "EQ", "LE", "GT", "NE", "GE", "LO", "LS",
                          "HI", "HS", "OFT", "OFF", "CFT", "CFF", "SFT", "SFF",
                          "T"]>;
def MG_Bop    : ModGroup<["AND", "OR", "XOR"], 0, true>;
def MG_Bop1   : ModGroup<["AND", "OR", "XOR"], 0, true>;
def MG_U32    : ModFlag<"U32">;
def MG_X      : ModFlag<"X">;
def MG_CC     : ModFlag<"CC">;
def MG_Sat    : ModFlag<"SAT">;
def MG_FTZ    : ModFlag<"FTZ">;
def MG_Hi     : ModFlag<"HI">;
def MG_Wrap   : ModFlag<"W">;
def MG_E      : ModFlag<"E">;
def MG_BF     : ModFlag<"BF">;
def MG_Brev   : ModFlag<"BREV">;
def MG_SH     : ModFlag<"SH">;
def MG_H1     : ModFlag<"H1">;
def MG_Uni    : ModFlag<"U">;
def MG_PopSync: ModFlag<"S">;
def MG_Rnd    : ModGroup<["RN", "RZ", "RM", "RP"], 0>;
def MG_F2IRnd : ModGroup<["TRUNC", "FLOOR", "CEIL", "ROUND"], 0>;
def MG_AType  : ModGroup<["S32", "U32"], 0>;
def MG_BType  : ModGroup<["S32", "U32"], 0> { let DefaultFrom = "MG_AType"; }
def MG_IntDst : ModGroup<["U8", "S8", "U16", "S16", "U32", "S32", "U64", "S64"]>;
def MG_IntSrc : ModGroup<["U8", "S8", "U16", "S16", "U32", "S32", "U64", "S64"]>;
def MG_FltDst : ModGroup<["F32", "F64"]>;
def MG_FltSrc : ModGroup<["F32", "F64"]>;
def MG_Logic  : ModGroup<["AND", "OR", "XOR", "PASS_B"]>;
def MG_Width  : ModGroup<["32", "U8", "S8", "U16", "S16", "64", "128"], 0>;
def MG_AtomOp : ModGroup<["ADD", "MIN", "MAX", "INC", "DEC", "AND", "OR", "XOR",
                          "EXCH", "CAS"]>;
def MG_AtomTy : ModGroup<["U32", "S32", "U64", "F32"], 0>;
def MG_Vote   : ModGroup<["ALL", "ANY", "EQ"]>;
def MG_Mufu   : ModGroup<["RCP", "RSQ", "SQRT", "EX2", "LG2", "SIN", "COS"]>;
def MG_BarRed : ModGroup<["POPC", "AND", "OR"]>;
def MG_Membar : ModGroup<["CTA", "GL"]>;
def MG_Bpt    : ModGroup<["DRAIN", "TRAP"]>;
def MG_VAType : ModGroup<["U32", "S32", "U16", "S16", "U8", "S8"], 0>;
def MG_VBType : ModGroup<["U32", "S32", "U16", "S16", "U8", "S8"], 0> {
  let DefaultFrom = "MG_VAType";
}
