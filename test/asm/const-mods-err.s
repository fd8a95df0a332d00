// Source modifiers on a constant where the form does not allow them on a
// register Sb, and malformed ones.
// RUN: not simt-as %s -o /dev/null 2>&1 | FileCheck %s

// CHECK: [[@LINE+1]]:14: error: expected a register, a 20-bit signed immediate (-0x80000..0x7ffff) or c[bank][offset]
IMUL R0, R1, -c[0x0][0x0]
// CHECK: [[@LINE+1]]:9: error: expected a register, a 20-bit signed immediate (-0x80000..0x7ffff) or c[bank][offset]
MOV R0, |c[0x0][0x0]|
// CHECK: [[@LINE+1]]:14: error: expected a register (optionally negated), a 20-bit signed immediate (-0x80000..0x7ffff) or c[bank][offset]
IADD R0, R1, |c[0x0][0x0]|
// CHECK: [[@LINE+1]]:17: error: expected a register (optionally inverted with ~), a 20-bit signed immediate (-0x80000..0x7ffff) or c[bank][offset]
LOP.AND R0, R1, -c[0x0][0x0]
// CHECK: [[@LINE+1]]:14: error: expected a register (optionally -R, |R|), a float immediate whose low 12 bits are zero, or c[bank][offset]
FADD R0, R1, ~c[0x0][0x0]
// CHECK: [[@LINE+1]]:26: error: expected '|'
FADD R0, R1, |c[0x0][0x0]
// CHECK: [[@LINE+1]]:9: error: expected a constant address c[bank][Ra+imm] (bank 0..15, 16-bit signed offset)
LDC R0, -c[0x0][R1+0x4]
// CHECK: [[@LINE+1]]:21: error: constant offset must be a multiple of 4 in the range [0, 0xfffc]
IADD R0, R1, -c[0x0][0x2]
