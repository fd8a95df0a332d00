//===-- SIMTModifiers.td - Dotted instruction modifiers ----*- tablegen -*-===//
//
// A modifier group is one slot of dotted suffixes (`.LT`, `.U32`, `.FTZ`).
// Each group is one MC operand, so an instruction has one record and one
// encoding whatever modifiers are written; the assembler sorts the suffixes
// into groups (any order), the printer writes them in the instruction's
// operand order and omits defaults. Spelling index = encoded value; a
// spelling "A|B" accepts B as an alternative and prints A.
//
// isa/gen/simt_tablegen.py names each group's values in C++
// (`SIMT::Width::U8`), so no other file spells a value or its number.
//
//===----------------------------------------------------------------------===//

// A set of encoded values: spelling i is value i.
class ValueSet<list<string> spellings> {
  list<string> Spellings = spellings;
  // The C++ enum (llvm::SIMT::<Enum>) naming the values; sets with the same
  // values share one. Empty: the record's name without `MG_`, and no enum
  // for a one-spelling flag (read as a boolean).
  string Enum = "";
  // The enumerators, where a spelling is no C++ identifier (`.32`) or is a
  // macro (`NAN`). Empty: each spelling's printed form, `.` written `_`.
  list<string> Values = [];
  // The bytes each value stands for (access widths, data types), if any.
  list<int> Bytes = [];
}

class ModGroup<list<string> spellings, int dflt = -1, bit printDefault = false>
    : ValueSet<spellings> {
  // Value when the group is not written; -1 means the modifier is required.
  int Default = dflt;
  // Print the default value too (`.AND` on *SETP).
  bit PrintDefault = printDefault;
  // Another group whose written value this one copies when absent
  // (`IMUL.U32` means `IMUL.U32.U32`).
  string DefaultFrom = "";
  // What a required group is, in "expected a ..." diagnostics; empty: its
  // name.
  string Desc = "";
}

// One-spelling flags: absent = 0, present = 1.
class ModFlag<string spelling> : ModGroup<["", spelling], 0>;

// Groups that share their values (and so their enum).
class BoolOpGroup : ModGroup<["AND", "OR", "XOR"], 0, true> {
  let Enum = "BoolOp";
}
class MulTypeGroup : ModGroup<["S32", "U32"], 0> { let Enum = "MulType"; }
class IntTypeGroup<string desc>
    : ModGroup<["U8", "S8", "U16", "S16", "U32", "S32", "U64", "S64"]> {
  let Enum = "IntType";
  let Bytes = [1, 1, 2, 2, 4, 4, 8, 8];
  let Desc = desc;
}
class FloatTypeGroup<string desc> : ModGroup<["F32", "F64"]> {
  let Enum = "FloatType";
  let Bytes = [4, 8];
  let Desc = desc;
}
class VTypeGroup : ModGroup<["U32", "S32", "U16", "S16", "U8", "S8"], 0> {
  let Enum = "VType";
  let Bytes = [4, 4, 2, 2, 1, 1];
}

def MG_ICmp   : ModGroup<["F", "LT", "EQ", "LE", "GT", "NE", "GE", "T"]> {
  let Desc = "comparison";
}
def MG_FCmp   : ModGroup<["F", "LT", "EQ", "LE", "GT", "NE", "GE", "NUM", "NAN",
                          "LTU", "EQU", "LEU", "GTU", "NEU", "GEU", "T"]> {
  let Values = ["F", "LT", "EQ", "LE", "GT", "NE", "GE", "NUM", "NaN",
                "LTU", "EQU", "LEU", "GTU", "NEU", "GEU", "T"];
  let Desc = "comparison";
}
def MG_CCTest : ModGroup<["F", "LT", "EQ", "LE", "GT", "NE", "GE", "LO", "LS",
                          "HI", "HS", "OFT", "OFF", "CFT", "CFF", "SFT", "SFF",
                          "T"]> {
  let Desc = "condition code test";
}
def MG_Bop    : BoolOpGroup;
def MG_Bop1   : BoolOpGroup;
def MG_U32    : ModFlag<"U32">;
def MG_X      : ModFlag<"X">;
def MG_CC     : ModFlag<"CC">;
def MG_Sat    : ModFlag<"SAT">;
def MG_FTZ    : ModFlag<"FTZ">;
def MG_Hi     : ModFlag<"HI">;
def MG_Wrap   : ModFlag<"W">;
def MG_E      : ModFlag<"E"> { let Bytes = [4, 8]; } // the address's size
def MG_BF     : ModFlag<"BF">;
def MG_Brev   : ModFlag<"BREV">;
def MG_SH     : ModFlag<"SH">;
def MG_H1     : ModFlag<"H1">;
def MG_Uni    : ModFlag<"U">;
def MG_PopSync: ModFlag<"S">;
def MG_Rnd    : ModGroup<["RN", "RZ", "RM", "RP"], 0>;
def MG_F2IRnd : ModGroup<["TRUNC", "FLOOR", "CEIL", "ROUND"], 0>;
def MG_AType  : MulTypeGroup;
def MG_BType  : MulTypeGroup { let DefaultFrom = "MG_AType"; }
def MG_IntDst : IntTypeGroup<"destination type">;
def MG_IntSrc : IntTypeGroup<"source type">;
def MG_FltDst : FloatTypeGroup<"destination type">;
def MG_FltSrc : FloatTypeGroup<"source type">;
def MG_Logic  : ModGroup<["AND", "OR", "XOR", "PASS_B"]> {
  let Desc = "logic operation";
}
def MG_Width  : ModGroup<["32", "U8", "S8", "U16", "S16", "64", "128"], 0> {
  let Values = ["B32", "U8", "S8", "U16", "S16", "B64", "B128"];
  let Bytes = [4, 1, 1, 2, 2, 8, 16];
}
def MG_AtomOp : ModGroup<["ADD", "MIN", "MAX", "INC", "DEC", "AND", "OR", "XOR",
                          "EXCH", "CAS"]> {
  let Desc = "atomic operation";
}
def MG_AtomTy : ModGroup<["U32", "S32", "U64", "F32", "S64"], 0> {
  let Bytes = [4, 4, 8, 4, 8];
}
def MG_Vote   : ModGroup<["ALL", "ANY", "EQ"]> { let Desc = "vote mode"; }
// SHFL's lane computation (PTX shfl's .idx, .up, .down, .bfly); SHF's
// direction.
def MG_ShflMode : ModGroup<["IDX", "UP", "DOWN", "BFLY"]> { let Desc = "shuffle mode"; }
def MG_ShfDir : ModGroup<["L", "R"]> { let Desc = "shift direction"; }
def MG_Mufu   : ModGroup<["RCP", "RSQ", "SQRT", "EX2", "LG2", "SIN", "COS"]> {
  let Desc = "function";
}
def MG_BarRed : ModGroup<["POPC", "AND", "OR"]> { let Desc = "reduction"; }
def MG_Membar : ModGroup<["CTA", "GL"]> { let Desc = "scope"; }
def MG_Bpt    : ModGroup<["DRAIN", "TRAP"]> { let Desc = "breakpoint kind"; }
def MG_VAType : VTypeGroup;
def MG_VBType : VTypeGroup { let DefaultFrom = "MG_VAType"; }
// The video instructions (ISA.md 4.1): operand types default to S32.S32 (a
// single written type means both), the destination's signedness, .MX (the
// maximum on VMNMX) and the secondary operation with Rc.
def MG_VArithA : VTypeGroup { let Default = 1; }
def MG_VArithB : VTypeGroup { let Default = 1; let DefaultFrom = "MG_VArithA"; }
def MG_VDst   : ModGroup<["SD", "UD"], 0>;
def MG_MX     : ModFlag<"MX">;
def MG_VSecOp : ModGroup<["", "ACC", "MIN", "MAX"], 0> {
  let Values = ["Off", "ACC", "MIN", "MAX"];
}
// Cache operators of the global and local loads and stores (Fermi's LD.CG,
// LDL.LU, ST.WT, ...): how the access would use the caches -- cache at all
// levels (CA), global level only (CG), streaming (CS), last use (LU), fetch
// again (CV); write back (WB), write through (WT). They change no result
// in this emulator: encoded, printed when not the default, not read by the
// semantics.
def MG_LdCache : ModGroup<["CA", "CG", "CS", "LU", "CV"], 0> { let Enum = "LoadCache"; }
def MG_StCache : ModGroup<["WB", "CG", "CS", "WT"], 0> { let Enum = "StoreCache"; }
