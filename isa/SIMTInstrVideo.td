//===-- SIMTInstrVideo.td - Video (sub-word) instructions --*- tablegen -*-===//
//
// ISA.md 4.1: Fermi's scalar video instructions, computing what PTX's vadd,
// vsub, vabsdiff, vmin/vmax, vshl and vshr compute. Each has two records, as
// Sb is a register with a selector (VADD, opcode opc) or a 16-bit immediate
// (VADDimm, opc + 8); they share the mnemonic and the modifiers, and the
// assembler's matcher picks by the operand. Format: FmtVideo.
//
//===----------------------------------------------------------------------===//

let SemClass = "Video" in {

// `pre`: the flag between the types and .SAT (.W, .MX), as (ins modX:$pre).
multiclass Video<bits<8> opc, string mn, string summary, dag pre = (ins)> {
  let Summary = summary in {
    def ""  : FmtVideoReg<opc, mn, pre>;
    def imm : FmtVideoImm<!add(opc, 8), mn, pre>;
  }
}

defm VADD     : Video<0x80, "VADD", "Rd = sat(a + b) secop Rc (sub-words extended to 34 bits)">;
defm VSUB     : Video<0x81, "VSUB", "Rd = sat(a - b) secop Rc">;
defm VABSDIFF : Video<0x82, "VABSDIFF", "Rd = sat(|a - b|) secop Rc">;
defm VMNMX    : Video<0x83, "VMNMX", "Rd = sat(min(a, b), max with .MX) secop Rc",
                      (ins modMX:$pre)>;
defm VSHL     : Video<0x84, "VSHL", "Rd = sat(a << b) secop Rc (b clamped to 32, .W: modulo 32)",
                      (ins modWrap:$pre)>;
defm VSHR     : Video<0x85, "VSHR", "Rd = sat(a >> b) secop Rc (arithmetic for a signed atype)",
                      (ins modWrap:$pre)>;

} // SemClass = "Video"
