//===-- SIMTRegisterInfo.td - General registers ------------*- tablegen -*-===//
//
// R0..R62 and RZ (index 63, reads zero). 64-bit values use even/odd pairs
// written as their even register; the pair rule is an operand-class check,
// not a second register file. Predicates (P0..P6, PT) and special registers
// are encoded operands, not registers: see SIMTOperands.td.
//
//===----------------------------------------------------------------------===//

class SIMTReg<bits<6> Enc, string Name> : Register<Name> {
  let HWEncoding{5-0} = Enc;
  let Namespace = "SIMT";
}

foreach I = 0-62 in
  def R#I : SIMTReg<I, "R"#I>;
def RZ : SIMTReg<63, "RZ">;

def GPR : RegisterClass<"SIMT", [i32], 32, (add (sequence "R%u", 0, 62), RZ)>;
