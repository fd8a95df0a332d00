//===-- SIMTOperands.td - Operand classes ------------------*- tablegen -*-===//
//
// Every operand kind of ISA.md sections 2-5: how it parses (an AsmOperandClass
// whose predicate SIMTAsmParser.cpp implements), how it prints, encodes and
// decodes. Compound operands (a register with `-`/`|..|`/`~`, the `Sb` source
// that is a register, an immediate or `c[bank][offset]`, memory addresses)
// are MC operands with sub-operands and one packed encoding field.
//
//===----------------------------------------------------------------------===//

// What the emulator's loader (runtime/Decoder.cpp) and the register rules
// (Disassembler/SIMTRegRules.h) need of an operand beyond MC: how its MC
// operands read (Kind, one of the generated SIMT::OperandKind values) and
// how many bits of registers it names when no modifier decides
// (SIMTInst's SizedBy does).
class OperandKind<string kind, int regBits = 0> {
  string Kind = kind;
  int RegBits = regBits;
}

class SIMTAsmOperand<string name, string diag> : AsmOperandClass {
  let Name = name;
  let PredicateMethod = "is" # name;
  let RenderMethod = "add" # name # "Operands";
  let DiagnosticString = diag;
}

// A modifier operand: one group slot, restricted to some of its values.
class ModAsmOperand<string name, ModGroup g, bits<32> allowed>
    : AsmOperandClass {
  let Name = name;
  let PredicateMethod = "isModifier<SIMT::" # !cast<string>(g) # ", "
                        # allowed # "u>";
  let RenderMethod = "addModifierOperands";
  let DiagnosticString = "invalid modifier";
}

class ModOperand<ModGroup g, bits<32> allowed = 0xffffffff>
    : Operand<i32>, OperandKind<"Modifier"> {
  ModGroup Group = g;
  bits<32> Allowed = allowed;
  let ParserMatchClass = ModAsmOperand<!cast<string>(g) # "_" # allowed, g,
                                       allowed>;
  let PrintMethod = "printModifier<SIMT::" # !cast<string>(g) # ">";
  let OperandType = "OPERAND_IMMEDIATE";
}

foreach G = ["ICmp", "FCmp", "CCTest", "Bop", "Bop1", "U32", "X", "CC", "Sat",
             "FTZ", "Hi", "Wrap", "E", "BF", "Brev", "SH", "H1", "Uni",
             "PopSync", "Rnd", "F2IRnd", "AType", "BType", "IntDst", "IntSrc",
             "FltDst", "FltSrc", "Logic", "Width", "AtomOp", "AtomTy", "Vote",
             "Mufu", "BarRed", "Membar", "Bpt", "VAType", "VBType", "VArithA",
             "VArithB", "VDst", "MX", "VSecOp", "LdCache", "StCache", "ShflMode",
             "ShfDir"] in
  def mod#G : ModOperand<!cast<ModGroup>("MG_"#G)>;

// Restricted forms: the value sets an instruction accepts from a group.
def modAtomNoCAS : ModOperand<MG_AtomOp, 0x1ff>;   // all but CAS
def modAtomCAS   : ModOperand<MG_AtomOp, 0x200>;   // CAS only
def modRedOp     : ModOperand<MG_AtomOp, 0x0ff>;   // RED: no EXCH, no CAS
def modWidthLd   : ModOperand<MG_Width, 0x7f>;
def modWidthCas  : ModOperand<MG_Width, 0x21>;     // .32, .64
def modAtomTyInt : ModOperand<MG_AtomTy, 0x7>;      // CAS/EXCH/INC/DEC: no F32
def modAtomTy20  : ModOperand<MG_AtomTy, 0xf>;      // ATOM, RED: no S64
def modAtomS64   : ModOperand<MG_AtomTy, 0x10>;     // ATOMS64: S64 only
def modAtomMinMax : ModOperand<MG_AtomOp, 0x6>;     // MIN, MAX

//===----------------------------------------------------------------------===//
// Guard, predicates
//===----------------------------------------------------------------------===//

// The guard `@Pn`/`@!Pn`: 3 bits of index, 1 of negation. PT when absent.
def Guard : Operand<i32>, OperandKind<"Guard"> {
  let ParserMatchClass = SIMTAsmOperand<"Guard", "invalid guard predicate">;
  let PrintMethod = "printGuard";
  let OperandType = "OPERAND_IMMEDIATE";
}

// A predicate destination P0..P6, PT (index 7 discards the result).
def PredDst : Operand<i32>, OperandKind<"PredDst"> {
  let ParserMatchClass = SIMTAsmOperand<"PredDst",
      "expected a predicate register P0..P6 or PT">;
  let PrintMethod = "printPredicate";
  let OperandType = "OPERAND_IMMEDIATE";
}

// A predicate source {!}Pp: index in bits 0..2, negation in bit 3.
def PredSrc : Operand<i32>, OperandKind<"PredSrc"> {
  let ParserMatchClass = SIMTAsmOperand<"PredSrc",
      "expected a predicate P0..P6, PT, optionally negated with !">;
  let PrintMethod = "printPredicate";
  let OperandType = "OPERAND_IMMEDIATE";
}

//===----------------------------------------------------------------------===//
// General registers
//===----------------------------------------------------------------------===//

def GPROp : RegisterOperand<GPR>, OperandKind<"Reg", 32> {
  let ParserMatchClass = SIMTAsmOperand<"GPR32", "expected a register R0..R62 or RZ">;
}
// The even register of a 64-bit pair; R62 cannot start one.
def GPR64Op : RegisterOperand<GPR>, OperandKind<"Reg", 64> {
  let ParserMatchClass = SIMTAsmOperand<"GPR64",
      "expected an even register R0..R60 or RZ (a 64-bit pair)">;
}
// The first register of an aligned quad (128-bit accesses).
def GPR128Op : RegisterOperand<GPR>, OperandKind<"Reg", 128> {
  let ParserMatchClass = SIMTAsmOperand<"GPR128",
      "expected a register R0..R60 with an index divisible by 4, or RZ">;
}

// A register with source modifiers. Encoding: register in bits 0..5, bit 6
// negate (or invert for `~`), bit 7 absolute value.
class RegModOperand<string name, string diag, string dec, int regBits = 32>
    : Operand<i32>, OperandKind<"RegMod", regBits> {
  let MIOperandInfo = (ops GPR:$reg, i32imm:$flags);
  let ParserMatchClass = SIMTAsmOperand<name, diag>;
  let PrintMethod = "printRegMod";
  let EncoderMethod = "getRegModValue";
  let DecoderMethod = dec;
}
def RegNeg    : RegModOperand<"RegNeg", "expected a register, optionally negated",
                              "decodeRegNeg">;
def RegNegAbs : RegModOperand<"RegNegAbs",
                              "expected a register, optionally -R or |R| or -|R|",
                              "decodeRegNegAbs">;
def RegInv    : RegModOperand<"RegInv", "expected a register, optionally inverted with ~",
                              "decodeRegInv">;
def RegNegAbs64 : RegModOperand<"RegNegAbs64",
                              "expected an even register (a 64-bit pair), optionally -R or |R|",
                              "decodeRegNegAbs", 64>;

// A register with a sub-word selector for VSETP/VSET (`R2.B1`, `R3.H0`).
// Encoding: register in bits 0..5, selector in bits 6..8 (SubWordSel).
def SubWordSel : ValueSet<["", "B0", "B1", "B2", "B3", "H0", "H1"]> {
  let Enum = "SubWord";
  let Values = ["Word", "B0", "B1", "B2", "B3", "H0", "H1"];
  let Bytes = [4, 1, 1, 1, 1, 2, 2];
}
def RegSel : Operand<i32>, OperandKind<"RegSel", 32> {
  ValueSet Selectors = SubWordSel;
  let MIOperandInfo = (ops GPR:$reg, i32imm:$sel);
  let ParserMatchClass = SIMTAsmOperand<"RegSel",
      "expected a register with an optional .B0..B3, .H0 or .H1 selector">;
  let PrintMethod = "printRegSel";
  let EncoderMethod = "getRegSelValue";
  let DecoderMethod = "decodeRegSel";
}

//===----------------------------------------------------------------------===//
// The Sb source: register, 20-bit immediate or constant c[bank][offset]
//===----------------------------------------------------------------------===//
//
// Encoding, 24 bits: payload in bits 0..19 (register index, the immediate's
// 20-bit field, or bank << 14 | offset / 4), kind in bits 20..21 (0 register,
// 1 immediate, 2 constant), bit 22 negate/invert and bit 23 absolute value
// (registers only). MC sub-operands: the register (RZ unless a register), the
// raw 20-bit field or bank << 16 | offset, and flags (kind | neg << 2 |
// abs << 3 | inv << 4).

// Kind SrcBFloat: an immediate is the value's high bits (field << 12).
class SrcBOperand<string name, string diag, string print, string dec,
                  string kind = "SrcB", int regBits = 32>
    : Operand<i32>, OperandKind<kind, regBits> {
  let MIOperandInfo = (ops GPR:$reg, i64imm:$val, i32imm:$flags);
  let ParserMatchClass = SIMTAsmOperand<name, diag>;
  let PrintMethod = print;
  let EncoderMethod = "getSrcBValue";
  let DecoderMethod = dec;
}
def SbI    : SrcBOperand<"SbI", "expected a register, a 20-bit signed immediate (-0x80000..0x7ffff) or c[bank][offset]",
                         "printSrcBInt", "decodeSrcBInt">;
def SbINeg : SrcBOperand<"SbINeg", "expected a register (optionally negated), a 20-bit signed immediate (-0x80000..0x7ffff) or c[bank][offset]",
                         "printSrcBInt", "decodeSrcBNeg">;
def SbIInv : SrcBOperand<"SbIInv", "expected a register (optionally inverted with ~), a 20-bit signed immediate (-0x80000..0x7ffff) or c[bank][offset]",
                         "printSrcBInt", "decodeSrcBInv">;
def SbF    : SrcBOperand<"SbF", "expected a register (optionally -R, |R|), a float immediate whose low 12 bits are zero, or c[bank][offset]",
                         "printSrcBFloat", "decodeSrcBNegAbs", "SrcBFloat">;
def SbD    : SrcBOperand<"SbD", "expected an even register (optionally -R, |R|), a double immediate whose low 44 bits are zero, or c[bank][offset]",
                         "printSrcBDouble", "decodeSrcBNegAbs", "SrcBFloat", 64>;
def SbBar  : SrcBOperand<"SbBar", "expected a barrier id 0..15 or a register",
                         "printSrcBInt", "decodeSrcBInt">;

// The constant third source of the forms whose third operand is
// c[bank][offset] (IMADrc, FFMArc, ...; role Sc): an Sb restricted to a
// constant, with the modifiers the register Rc of the form takes. Encoded,
// decoded and loaded as a constant Sb; the disassembler rejects a word whose
// field is of another kind. The diagnostics name the register form too (the
// matcher reports one of the two records' classes).
def ScI : SrcBOperand<"ScI", "expected a register R0..R62, RZ or c[bank][offset]",
                      "printSrcBInt", "decodeSrcBInt">;
def ScF : SrcBOperand<"ScF", "expected a register or c[bank][offset], optionally -x, |x| or -|x|",
                      "printSrcBFloat", "decodeSrcBNegAbs", "SrcBFloat">;
def ScD : SrcBOperand<"ScD", "expected an even register (a 64-bit pair) or c[bank][offset], optionally -x, |x| or -|x|",
                      "printSrcBDouble", "decodeSrcBNegAbs", "SrcBFloat", 64>;

//===----------------------------------------------------------------------===//
// Wide immediates, memory addresses, targets, special registers
//===----------------------------------------------------------------------===//

// The 32-bit immediate of the 32I forms (an integer or a float's bits).
def Imm32 : Operand<i32>, OperandKind<"Imm"> {
  let ParserMatchClass = SIMTAsmOperand<"Imm32", "expected a 32-bit immediate (-0x80000000..0xffffffff)">;
  let PrintMethod = "printImm32";
  let OperandType = "OPERAND_IMMEDIATE";
}
def FImm32 : Operand<i32>, OperandKind<"Imm"> {
  let ParserMatchClass = SIMTAsmOperand<"FImm32", "expected a float immediate (a 32-bit float)">;
  let PrintMethod = "printFImm32";
  let OperandType = "OPERAND_IMMEDIATE";
}

class ImmRangeOperand<string name, int lo, int hi>
    : Operand<i32>, OperandKind<"Imm"> {
  let ParserMatchClass = SIMTAsmOperand<name,
      "immediate must be an integer in the range [" # lo # ", " # hi # "]">;
  let PrintMethod = "printImm";
  let OperandType = "OPERAND_IMMEDIATE";
}
def UImm5  : ImmRangeOperand<"UImm5", 0, 31>;
def UImm7  : ImmRangeOperand<"UImm7", 0, 127>;
def UImm16 : ImmRangeOperand<"UImm16", 0, 65535>;
// A barrier's thread count (BAR.SYNC id, count; BAR.ARV): a multiple of the
// warp size up to a CTA's 1024 threads.
def BarThreads : Operand<i32>, OperandKind<"Imm"> {
  let ParserMatchClass = SIMTAsmOperand<"BarThreads",
      "expected a thread count: a register, or a multiple of 32 from 32 to 1024">;
  let PrintMethod = "printImm";
  let DecoderMethod = "decodeBarThreads";
  let OperandType = "OPERAND_IMMEDIATE";
}
// SHFL's immediate c as PTX's shfl defines it: the clamp lane in bits 0..4,
// the segment mask in bits 8..12 (bits 5..7 must be zero). Encoded in 10
// bits: the clamp, then the mask.
def ShflC : Operand<i32>, OperandKind<"Imm"> {
  let ParserMatchClass = SIMTAsmOperand<"ShflC",
      "expected a register, or an immediate c whose bits 0..4 are the clamp lane and bits 8..12 the segment mask (0..0x1f1f)">;
  let PrintMethod = "printImm";
  let EncoderMethod = "getShflCValue";
  let DecoderMethod = "decodeShflC";
  let OperandType = "OPERAND_IMMEDIATE";
}
// The immediate Sb of the video instructions; its diagnostic names the
// register form too, as the matcher reports one of the two.
def VImm16 : Operand<i32>, OperandKind<"Imm"> {
  let ParserMatchClass = SIMTAsmOperand<"VImm16",
      "expected a register with an optional .B0..B3, .H0 or .H1 selector, or an immediate 0..0xffff">;
  let PrintMethod = "printImm";
  let OperandType = "OPERAND_IMMEDIATE";
}

// A memory address [Ra], [Ra+imm], [imm]: register in bits 0..5, the 24-bit
// signed offset in bits 6..29.
def MemAddr : Operand<i32>, OperandKind<"MemAddr", 32> {
  let MIOperandInfo = (ops GPR:$base, i32imm:$offset);
  let ParserMatchClass = SIMTAsmOperand<"MemAddr",
      "expected a memory address [Ra], [Ra+imm] or [imm] with a 24-bit signed offset">;
  let PrintMethod = "printMemAddr";
  let EncoderMethod = "getMemAddrValue";
  let DecoderMethod = "decodeMemAddr";
}

// LDC's address c[bank][Ra+imm]: bank in bits 0..3, register in bits 4..9,
// 16-bit signed offset in bits 10..25.
def ConstAddr : Operand<i32>, OperandKind<"ConstAddr", 32> {
  let MIOperandInfo = (ops i32imm:$bank, GPR:$base, i32imm:$offset);
  let ParserMatchClass = SIMTAsmOperand<"ConstAddr",
      "expected a constant address c[bank][Ra+imm] (bank 0..15, 16-bit signed offset)">;
  let PrintMethod = "printConstAddr";
  let EncoderMethod = "getConstAddrValue";
  let DecoderMethod = "decodeConstAddr";
}

// A register plus a signed 24-bit byte offset: BRX and JMX targets.
def RegOff : Operand<i32>, OperandKind<"RegOff", 32> {
  let MIOperandInfo = (ops GPR:$reg, i32imm:$offset);
  let ParserMatchClass = SIMTAsmOperand<"RegOff",
      "expected a register with an optional +imm or -imm (24-bit signed)">;
  let PrintMethod = "printRegOff";
  let EncoderMethod = "getMemAddrValue";
  let DecoderMethod = "decodeMemAddr";
}

// A branch target: a label, or a kernel-relative byte address. Encoded as a
// signed 24-bit count of instructions relative to the next instruction.
def BrTarget : Operand<OtherVT>, OperandKind<"BrTarget"> {
  let ParserMatchClass = SIMTAsmOperand<"BrTarget", "expected a label or a code address">;
  let PrintMethod = "printBrTarget";
  let EncoderMethod = "getBrTargetValue";
  let DecoderMethod = "decodeBrTarget";
  let OperandType = "OPERAND_PCREL";
}

// Special registers of S2R. Spelling index = encoded value.
def SRegNames : ModGroup<["SR_TID.X|SR_Tid_X", "SR_TID.Y|SR_Tid_Y", "SR_TID.Z|SR_Tid_Z",
                          "SR_NTID.X|SR_NTid_X", "SR_NTID.Y|SR_NTid_Y", "SR_NTID.Z|SR_NTid_Z",
                          "SR_CTAID.X|SR_CTAid_X", "SR_CTAID.Y|SR_CTAid_Y", "SR_CTAID.Z|SR_CTAid_Z",
                          "SR_NCTAID.X|SR_NCTAid_X", "SR_NCTAID.Y|SR_NCTAid_Y", "SR_NCTAID.Z|SR_NCTAid_Z",
                          "SR_LANEID|SR_LaneId", "SR_WARPID|SR_VirtId", "SR_NWARPID", "SR_SMID",
                          "SR_CLOCK|SR_ClockLo", "SR_LANEMASK_EQ|SR_EqMask",
                          "SR_LANEMASK_LT|SR_LtMask", "SR_LANEMASK_LE|SR_LeMask",
                          "SR_LANEMASK_GT|SR_GtMask", "SR_LANEMASK_GE|SR_GeMask",
                          "SR_CLOCKHI|SR_ClockHi", "SR_GLOBALTIMERLO|SR_GlobalTimerLo",
                          "SR_GLOBALTIMERHI|SR_GlobalTimerHi"]> {
  let Enum = "SpecialReg";
}
// Kind Named: the value of a group that is an operand, not a suffix.
def SReg : Operand<i32>, OperandKind<"Named"> {
  ModGroup Group = SRegNames;
  let ParserMatchClass = SIMTAsmOperand<"SReg", "expected a special register SR_...">;
  let PrintMethod = "printSReg";
  let OperandType = "OPERAND_IMMEDIATE";
}

// The CC test of `BRA CC.test, label`.
def CCTestOp : Operand<i32>, OperandKind<"Named"> {
  ModGroup Group = MG_CCTest;
  let ParserMatchClass = SIMTAsmOperand<"CCTest", "expected a condition code test CC.xx">;
  let PrintMethod = "printCCTest";
  let OperandType = "OPERAND_IMMEDIATE";
}
