// Operand diagnostics: wrong operand kind, immediates out of range (the
// message names the range), registers out of range, pairs and quads,
// constant and memory operand limits, operand counts.
// RUN: not simt-as %s 2>&1 | FileCheck %s --implicit-check-not=error:

// wrong operand kind
// CHECK: [[@LINE+1]]:10: error: expected a register, optionally negated
IADD R1, P0, R3
// CHECK: [[@LINE+1]]:6: error: expected a register R0..R62 or RZ
IADD P1, R2, R3
// CHECK: [[@LINE+1]]:14: error: expected a predicate register P0..P6 or PT
ISETP.LT.AND R0, PT, R1, R2, PT
// CHECK: [[@LINE+1]]:30: error: expected a predicate P0..P6, PT, optionally negated with !
ISETP.LT.AND P0, PT, R1, R2, R3
// CHECK: [[@LINE+1]]:17: error: expected a predicate P0..P6, PT, optionally negated with !
SEL R1, R2, R3, R4
// CHECK: [[@LINE+1]]:4: error: expected a register R0..R62 or RZ
LD [R2], R1
// CHECK: [[@LINE+1]]:4: error: expected a memory address [Ra], [Ra+imm] or [imm] with a 24-bit signed offset
ST R1, [R2]
// CHECK: [[@LINE+1]]:9: error: expected a special register SR_...
S2R R1, R2
// CHECK: [[@LINE+1]]:9: error: unknown special register 'SR_FOO'
S2R R1, SR_FOO
// CHECK: [[@LINE+1]]:9: error: expected a register, a 20-bit signed immediate (-0x80000..0x7ffff) or c[bank][offset]
MOV R1, SR_TID.X
// CHECK: [[@LINE+1]]:10: error: expected a barrier id 0..15 or a register
BAR.SYNC P0
// CHECK: [[@LINE+1]]:9: error: expected a constant address c[bank][Ra+imm] (bank 0..15, 16-bit signed offset)
LDC R1, [R2]
// CHECK: [[@LINE+1]]:8: error: expected a memory address [Ra], [Ra+imm] or [imm] with a 24-bit signed offset
LD R1, c[0x0][0x0]
// CHECK: [[@LINE+1]]:14: error: expected a register (optionally negated), a 20-bit signed immediate (-0x80000..0x7ffff) or c[bank][offset]
IADD R1, R2, [R3]
// CHECK: [[@LINE+1]]:14: error: expected a predicate register P0..P6 or PT
VOTE.ALL R1, R2, P0
// CHECK: [[@LINE+1]]:9: error: invalid operand for instruction
P2R R1, R2, R3, 0x1
// CHECK: [[@LINE+1]]:5: error: invalid operand for instruction
R2P R1, R2, 0x1
// CHECK: [[@LINE+1]]:5: error: expected a label or a code address
BRA R2
// CHECK: [[@LINE+1]]:5: error: expected a register with an optional +imm or -imm (24-bit signed)
BRX label
// CHECK: [[@LINE+1]]:9: error: expected a register, a 20-bit signed immediate (-0x80000..0x7ffff) or c[bank][offset]
MOV R1, undefined_symbol
// register modifiers where the operand has none
// CHECK: [[@LINE+1]]:10: error: expected a register, optionally negated
IADD R1, |R2|, R3
// CHECK: [[@LINE+1]]:14: error: expected a register (optionally negated), a 20-bit signed immediate (-0x80000..0x7ffff) or c[bank][offset]
IADD R1, R2, |R3|
// CHECK: [[@LINE+1]]:10: error: expected a register, optionally negated
IADD R1, ~R2, R3
// CHECK: [[@LINE+1]]:13: error: expected a register, optionally inverted with ~
LOP.AND R1, -R2, R3
// CHECK: [[@LINE+1]]:17: error: expected a register (optionally inverted with ~), a 20-bit signed immediate (-0x80000..0x7ffff) or c[bank][offset]
LOP.AND R1, R2, -R3
// CHECK: [[@LINE+1]]:10: error: expected a register, optionally -R or |R| or -|R|
FADD R1, ~R2, R3
// CHECK: [[@LINE+1]]:14: error: expected a register (optionally -R, |R|), a float immediate whose low 12 bits are zero, or c[bank][offset]
FADD R1, R2, ~R3
// CHECK: [[@LINE+1]]:10: error: expected a register R0..R62 or RZ
IMUL R1, -R2, R3
// CHECK: [[@LINE+1]]:9: error: expected a register, a 20-bit signed immediate (-0x80000..0x7ffff) or c[bank][offset]
MOV R1, -R2
// CHECK: [[@LINE+1]]:10: error: expected a register R0..R62 or RZ
ST [R2], -R1
// CHECK: [[@LINE+1]]:10: error: expected a register, optionally negated
IADD R1, -0x1 + R2, R3
// CHECK: [[@LINE+1]]:14: error: '-', '|' and '~' apply to registers and c[bank][offset] only; write a negative immediate as a number
IADD R1, R2, ~5
// CHECK: [[@LINE+1]]:14: error: '-', '|' and '~' apply to registers and c[bank][offset] only; write a negative immediate as a number
IADD R1, R2, -|5|
// CHECK: [[@LINE+1]]:17: error: expected a predicate P0..P6, PT, optionally negated with !
SEL R1, R2, R3, !R4
IADD R1, !R2, R3
// CHECK: [[@LINE+1]]:22: error: unknown register suffix '.B4'
VSETP.LT.AND P0, PT, R1.B4, R2, PT
// CHECK: [[@LINE+1]]:22: error: expected a register with an optional .B0..B3, .H0 or .H1 selector
VSETP.LT.AND P0, PT, -R1, R2, PT
// CHECK: [[@LINE+1]]:10: error: expected a register, optionally negated
IADD R1, R2.B0, R3
// immediates out of range
// CHECK: [[@LINE+1]]:14: error: expected a register (optionally negated), a 20-bit signed immediate (-0x80000..0x7ffff) or c[bank][offset]
IADD R1, R2, 0x100000000
// CHECK: [[@LINE+1]]:14: error: expected a register, a 20-bit signed immediate (-0x80000..0x7ffff) or c[bank][offset]
IMUL R1, R2, 0x80000
// CHECK: [[@LINE+1]]:14: error: expected a register, a 20-bit signed immediate (-0x80000..0x7ffff) or c[bank][offset]
IMUL R1, R2, -0x80001
// CHECK: [[@LINE+1]]:20: error: immediate must be an integer in the range [0, 31]
ISCADD R1, R2, R3, 32
// CHECK: [[@LINE+1]]:20: error: immediate must be an integer in the range [0, 31]
ISCADD R1, R2, R3, -1
// CHECK: [[@LINE+1]]:17: error: immediate must be an integer in the range [0, 127]
P2R R1, PR, R2, 0x80
// CHECK: [[@LINE+1]]:13: error: immediate must be an integer in the range [0, 127]
R2P PR, R2, 128
// CHECK: [[@LINE+1]]:10: error: immediate must be an integer in the range [0, 65535]
BPT.TRAP 0x10000
// CHECK: [[@LINE+1]]:11: error: immediate must be an integer in the range [0, 65535]
BPT.DRAIN -1
// CHECK: [[@LINE+1]]:10: error: expected a barrier id 0..15 or a register
BAR.SYNC 16
// CHECK: [[@LINE+1]]:18: error: expected a barrier id 0..15 or a register
BAR.RED.POPC R1, 0x10, PT
// CHECK: [[@LINE+1]]:13: error: expected a register, a 20-bit signed immediate (-0x80000..0x7ffff) or c[bank][offset]
SHL R1, R2, 0xfffff
// CHECK: [[@LINE+1]]:14: error: expected a register (optionally -R, |R|), a float immediate whose low 12 bits are zero, or c[bank][offset]
FFMA R1, R2, 1.1, R3
// CHECK: [[@LINE+1]]:15: error: expected a register (optionally -R, |R|), a float immediate whose low 12 bits are zero, or c[bank][offset]
FMNMX R1, R2, 0.1, PT
// CHECK: [[@LINE+1]]:18: error: expected a register (optionally -R, |R|), a float immediate whose low 12 bits are zero, or c[bank][offset]
FSETP.LT P0, R1, 3.3
// CHECK: [[@LINE+1]]:14: error: expected an even register (optionally -R, |R|), a double immediate whose low 44 bits are zero, or c[bank][offset]
DADD R2, R4, 1.1
// CHECK: [[@LINE+1]]:12: error: expected a 32-bit immediate (-0x80000000..0xffffffff)
MOV32I R1, 0x100000000
// CHECK: [[@LINE+1]]:20: error: expected a 32-bit immediate (-0x80000000..0xffffffff)
LOP32I.AND R1, R2, -0x80000001
// CHECK: [[@LINE+1]]:17: error: expected a float immediate (a 32-bit float)
FMUL32I R1, R2, 16777217
// CHECK: [[@LINE+1]]:17: error: expected a register (optionally -R, |R|), a 20-bit signed immediate (-0x80000..0x7ffff) or c[bank][offset]
I2F.F32.S32 R1, 0x80000
// registers out of range
// CHECK: [[@LINE+1]]:6: error: register R63 is out of range: R0..R62 or RZ (R63 is spelled RZ)
IADD R63, R2, R3
// CHECK: [[@LINE+1]]:10: error: register R99 is out of range: R0..R62 or RZ (R63 is spelled RZ)
IADD R1, R99, R3
// CHECK: [[@LINE+1]]:14: error: register R64 is out of range: R0..R62 or RZ (R63 is spelled RZ)
IADD R1, R2, R64
// CHECK: [[@LINE+1]]:9: error: register R63 is out of range: R0..R62 or RZ (R63 is spelled RZ)
LD R1, [R63]
// CHECK: [[@LINE+1]]:16: error: register R70 is out of range: R0..R62 or RZ (R63 is spelled RZ)
LDC R1, c[0x0][R70+0x4]
// CHECK: [[@LINE+1]]:5: error: register R100 is out of range: R0..R62 or RZ (R63 is spelled RZ)
BRX R100
// pairs and quads
// CHECK: [[@LINE+1]]:6: error: expected an even register R0..R60 or RZ (a 64-bit pair)
DADD R3, R4, R6
// CHECK: [[@LINE+1]]:10: error: expected an even register (a 64-bit pair), optionally -R or |R|
DADD R2, R5, R6
// CHECK: [[@LINE+1]]:14: error: expected an even register (optionally -R, |R|), a double immediate whose low 44 bits are zero, or c[bank][offset]
DADD R2, R4, R7
// CHECK: [[@LINE+1]]:18: error: expected an even register (a 64-bit pair), optionally -R or |R|
DFMA R2, R4, R6, R9
// CHECK: [[@LINE+1]]:6: error: expected an even register R0..R60 or RZ (a 64-bit pair)
DADD R62, R4, R6
// CHECK: [[@LINE+1]]:7: error: expected an even register R0..R60 or RZ (a 64-bit pair)
LD.64 R3, [R2]
// CHECK: [[@LINE+1]]:8: error: expected a register R0..R60 with an index divisible by 4, or RZ (a 128-bit quad)
LD.128 R2, [R4]
// CHECK: [[@LINE+1]]:8: error: expected a register R0..R60 with an index divisible by 4, or RZ (a 128-bit quad)
LD.128 R62, [R4]
// CHECK: [[@LINE+1]]:13: error: expected an even register R0..R60 or RZ (a 64-bit pair)
ST.64 [R2], R5
// CHECK: [[@LINE+1]]:8: error: expected an even register R0..R60 or RZ (a 64-bit pair)
LDC.64 R1, c[0x0][0x0]
// CHECK: [[@LINE+1]]:14: error: expected an even register R0..R60 or RZ (a 64-bit pair)
ATOM.ADD.U64 R1, [R2], R4
// CHECK: [[@LINE+1]]:30: error: expected an even register R0..R60 or RZ (a 64-bit pair)
ATOM.E.CAS.U64 R2, [R4], R6, R9
// CHECK: [[@LINE+1]]:10: error: expected an even register R0..R60 or RZ (a 64-bit pair)
LD.E R1, [R3]
// CHECK: [[@LINE+1]]:13: error: expected an even register R0..R60 or RZ (a 64-bit pair)
F2F.F64.F32 R1, R2
// CHECK: [[@LINE+1]]:17: error: expected an even register R0..R60 or RZ (a 64-bit pair)
I2F.F32.S64 R1, R3
// constant operands
// CHECK: [[@LINE+1]]:16: error: constant bank must be in the range [0, 15]
IADD R1, R2, c[0x10][0x0]
// CHECK: [[@LINE+1]]:16: error: constant bank must be in the range [0, 15]
IADD R1, R2, c[-1][0x0]
// CHECK: [[@LINE+1]]:20: error: constant offset must be a multiple of 4 in the range [0, 0xfffc]
IADD R1, R2, c[0x0][0x3]
// CHECK: [[@LINE+1]]:20: error: constant offset must be a multiple of 4 in the range [0, 0xfffc]
IADD R1, R2, c[0x0][0x10000]
// CHECK: [[@LINE+1]]:20: error: constant offset must be a multiple of 4 in the range [0, 0xfffc]
IADD R1, R2, c[0x0][-0x4]
// CHECK: [[@LINE+1]]:14: error: expected a register (optionally negated), a 20-bit signed immediate (-0x80000..0x7ffff) or c[bank][offset]
IADD R1, R2, c[0x0][R3]
// CHECK: [[@LINE+1]]:9: error: expected a constant address c[bank][Ra+imm] (bank 0..15, 16-bit signed offset)
LDC R1, c[0x0][R2+0x8000]
// CHECK: [[@LINE+1]]:9: error: expected a constant address c[bank][Ra+imm] (bank 0..15, 16-bit signed offset)
LDC R1, c[0x0][R2-0x8001]
// CHECK: [[@LINE+1]]:20: error: expected '[' after c[bank]
IADD R1, R2, c[0x0]
// memory operands
// CHECK: [[@LINE+1]]:8: error: expected a memory address [Ra], [Ra+imm] or [imm] with a 24-bit signed offset
LD R1, [R2+0x800000]
// CHECK: [[@LINE+1]]:8: error: expected a memory address [Ra], [Ra+imm] or [imm] with a 24-bit signed offset
LD R1, [R2-0x800001]
// CHECK: [[@LINE+1]]:14: error: expected a memory address [Ra], [Ra+imm] or [imm] with a 20-bit signed offset
ATOM.ADD R1, [R2+0x80000], R3
// CHECK: [[@LINE+1]]:9: error: expected a memory address [Ra], [Ra+imm] or [imm] with a 20-bit signed offset
RED.ADD [R2-0x80001], R3
// CHECK: [[@LINE+1]]:12: error: address offset must be a constant expression
LD R1, [R2+R3]
// CHECK: [[@LINE+1]]:11: error: expected '+', '-' or ']'
LD R1, [R2
// CHECK: [[@LINE+1]]:9: error: address offset must be a constant expression
LD R1, [P0]
// operand counts
// CHECK: [[@LINE+1]]:1: error: too few operands for IADD
IADD R1, R2
// CHECK: [[@LINE+1]]:18: error: too many operands for IADD: expected 3
IADD R1, R2, R3, R4
// CHECK: [[@LINE+1]]:6: error: too many operands for EXIT: expected 0
EXIT R1
// CHECK: [[@LINE+1]]:5: error: too many operands for NOP: expected 0
NOP R1
// CHECK: [[@LINE+1]]:1: error: too few operands for BRA
BRA
// CHECK: [[@LINE+1]]:1: error: too few operands for ISETP
ISETP.LT P0, R1
// CHECK: [[@LINE+1]]:1: error: INEG takes two operands: Rd, Sb
INEG R1, R2, R3
// CHECK: [[@LINE+1]]:1: error: too few operands for MUFU
MUFU.RCP R1
