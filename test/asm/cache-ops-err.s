// Cache operators: a load's on a store and the reverse, two of one group,
// and memory instructions that take none.
// RUN: not simt-as %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:

// CHECK: [[@LINE+1]]:4: error: modifier '.WT' is not valid for LD
LD.WT R1, [R2]
// CHECK: [[@LINE+1]]:4: error: modifier '.LU' is not valid for ST
ST.LU [R2], R1
// CHECK: [[@LINE+1]]:5: error: modifier '.WB' is not valid for LDL
LDL.WB R1, [R1]
// CHECK: [[@LINE+1]]:5: error: modifier '.CV' is not valid for STL
STL.CV [R1], R3
// CHECK: [[@LINE+1]]:7: error: duplicate modifier '.CS'
LD.CG.CS R1, [R2]
// CHECK: [[@LINE+1]]:5: error: modifier '.CG' is not valid for LDS
LDS.CG R1, [R2]
// CHECK: [[@LINE+1]]:5: error: modifier '.WT' is not valid for STS
STS.WT [R2], R1
// CHECK: [[@LINE+1]]:5: error: modifier '.CG' is not valid for LDU
LDU.CG R1, [R2]
// CHECK: [[@LINE+1]]:12: error: modifier '.CG' is not valid for ATOM
ATOM.E.ADD.CG R1, [R2], R3
