// Modifier diagnostics: unknown modifier, modifier not valid for the
// instruction, duplicate modifier, missing required modifier, .S on
// control flow, a modifier of another form of the mnemonic.
// RUN: not simt-as %s 2>&1 | FileCheck %s --implicit-check-not=error:

// unknown modifier
// CHECK: [[@LINE+1]]:6: error: unknown modifier '.FOO' for IADD
IADD.FOO R1, R2, R3
// CHECK: [[@LINE+1]]:10: error: unknown modifier '.BAR' for FADD
FADD.FTZ.BAR R1, R2, R3
// CHECK: [[@LINE+1]]:6: error: unknown modifier '.256' for LD
LD.E.256 R4, [R2]
// CHECK: [[@LINE+1]]:14: error: unknown modifier '.XX' for ISETP
ISETP.LT.AND.XX P0, PT, R1, R2, PT
// modifier not valid for the instruction
// CHECK: [[@LINE+1]]:6: error: modifier '.LT' is not valid for IADD
IADD.LT R1, R2, R3
// CHECK: [[@LINE+1]]:6: error: modifier '.U32' is not valid for FADD
FADD.U32 R1, R2, R3
// CHECK: [[@LINE+1]]:5: error: modifier '.E' is not valid for LDS
LDS.E R1, [R2]
// CHECK: [[@LINE+1]]:5: error: modifier '.E' is not valid for LDL
LDL.E R1, [R2]
// CHECK: [[@LINE+1]]:5: error: modifier '.X' is not valid for BRA
BRA.X label
// CHECK: [[@LINE+1]]:7: error: modifier '.FTZ' is not valid for ISETP
ISETP.FTZ.LT.AND P0, PT, R1, R2, PT
// CHECK: [[@LINE+1]]:5: error: modifier '.EXCH' is not valid for RED
RED.EXCH [R2], R3
// CHECK: [[@LINE+1]]:5: error: modifier '.CAS' is not valid for RED
RED.CAS [R2], R3
// CHECK: [[@LINE+1]]:6: error: modifier '.FTZ' is not valid for DADD
DADD.FTZ R2, R4, R6
// CHECK: [[@LINE+1]]:8: error: modifier '.CC' is not valid for MOV32I
MOV32I.CC R1, 0x1
// CHECK: [[@LINE+1]]:6: error: modifier '.RZ' is not valid for FADD32I
FADD.RZ R1, R2, 1.1
// duplicate modifier
// CHECK: [[@LINE+1]]:8: error: duplicate modifier '.X'
IADD.X.X R1, R2, R3
// CHECK: [[@LINE+1]]:13: error: duplicate modifier '.CC'
IADD.CC.SAT.CC R1, R2, R3
// CHECK: [[@LINE+1]]:9: error: duplicate modifier '.RM'
FADD.RZ.RM R1, R2, R3
// CHECK: [[@LINE+1]]:14: error: duplicate modifier '.U32'
IMUL.U32.U32.U32 R1, R2, R3
// CHECK: [[@LINE+1]]:7: error: duplicate modifier '.128'
LD.64.128 R4, [R2]
// CHECK: [[@LINE+1]]:9: error: duplicate modifier '.CC'
IADD.CC R1.CC, R2, R3
// missing required modifier
// CHECK: [[@LINE+1]]:1: error: ISETP requires a comparison modifier: one of F, LT, EQ, LE, GT, NE, GE, T
ISETP P0, PT, R1, R2, PT
// CHECK: [[@LINE+1]]:1: error: FSETP requires a comparison modifier: one of F, LT, EQ, LE, GT, NE, GE, NUM, NAN, LTU, EQU, LEU, GTU, NEU, GEU, T
FSETP.AND P0, PT, R1, R2, PT
// CHECK: [[@LINE+1]]:1: error: CSETP requires a condition code test modifier: one of F, LT, EQ, LE, GT, NE, GE, LO, LS, HI, HS, OFT, OFF, CFT, CFF, SFT, SFF, T
CSETP P0, PT, CC, PT
// CHECK: [[@LINE+1]]:1: error: ICMP requires a comparison modifier: one of F, LT, EQ, LE, GT, NE, GE, T
ICMP R1, R2, R3, R4
// CHECK: [[@LINE+1]]:1: error: LOP requires a logic operation modifier: one of AND, OR, XOR, PASS_B
LOP R1, R2, R3
// CHECK: [[@LINE+1]]:1: error: I2F requires a destination type modifier: one of F32, F64
I2F R1, R2
// CHECK: [[@LINE+1]]:1: error: I2F requires a source type modifier: one of U8, S8, U16, S16, U32, S32, U64, S64
I2F.F32 R1, R2
// CHECK: [[@LINE+1]]:1: error: F2I requires a destination type modifier: one of U8, S8, U16, S16, U32, S32, U64, S64
F2I.F32 R1, R2
// CHECK: [[@LINE+1]]:1: error: F2F requires a destination type modifier: one of F32, F64
F2F R1, R2
// CHECK: [[@LINE+1]]:1: error: I2I requires a source type modifier: one of U8, S8, U16, S16, U32, S32, U64, S64
I2I.S32 R1, R2
// CHECK: [[@LINE+1]]:1: error: MUFU requires a function modifier: one of RCP, RSQ, SQRT, EX2, LG2, SIN, COS
MUFU R1, R2
// CHECK: [[@LINE+1]]:1: error: VOTE requires a vote mode modifier: one of ALL, ANY, EQ
VOTE R1, P0, P1
// CHECK: [[@LINE+1]]:1: error: ATOM requires an atomic operation modifier: one of ADD, MIN, MAX, INC, DEC, AND, OR, XOR, EXCH, CAS
ATOM [R2], R1
// CHECK: [[@LINE+1]]:1: error: RED requires an atomic operation modifier: one of ADD, MIN, MAX, INC, DEC, AND, OR, XOR, EXCH, CAS
RED [R2], R1
// CHECK: [[@LINE+1]]:1: error: MEMBAR requires a scope modifier: one of CTA, GL
MEMBAR
// CHECK: [[@LINE+1]]:1: error: BPT requires a breakpoint kind modifier: one of DRAIN, TRAP
BPT 0x1
// CHECK: [[@LINE+1]]:1: error: BAR.RED requires a reduction modifier: one of POPC, AND, OR
BAR.RED R1, 0x0
// .S on control flow
// CHECK: [[@LINE+1]]:5: error: '.S' is not allowed on control-flow instructions
BRA.S label
// CHECK: [[@LINE+1]]:7: error: '.S' is not allowed on control-flow instructions
BRA.U.S label
// CHECK: [[@LINE+1]]:5: error: '.S' is not allowed on control-flow instructions
SSY.S label
// CHECK: [[@LINE+1]]:5: error: '.S' is not allowed on control-flow instructions
PBK.S label
// CHECK: [[@LINE+1]]:5: error: '.S' is not allowed on control-flow instructions
CAL.S label
// CHECK: [[@LINE+1]]:6: error: '.S' is not allowed on control-flow instructions
JCAL.S label
// CHECK: [[@LINE+1]]:5: error: '.S' is not allowed on control-flow instructions
JMP.S label
// CHECK: [[@LINE+1]]:5: error: '.S' is not allowed on control-flow instructions
BRX.S R2
// CHECK: [[@LINE+1]]:5: error: '.S' is not allowed on control-flow instructions
JMX.S R2
// CHECK: [[@LINE+1]]:5: error: '.S' is not allowed on control-flow instructions
BRK.S
// CHECK: [[@LINE+1]]:5: error: '.S' is not allowed on control-flow instructions
RET.S
// CHECK: [[@LINE+1]]:6: error: '.S' is not allowed on control-flow instructions
EXIT.S
// a modifier of another form
// CHECK: [[@LINE+1]]:1: error: too few operands for ATOM.CAS: expected 4
ATOM.CAS R1, [R2], R3
// CHECK: [[@LINE+1]]:1: error: too many operands for ATOM.ADD: expected 3
ATOM.ADD R1, [R2], R3, R4
label:
