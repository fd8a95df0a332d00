// Levels of the ISA: an sm_35 instruction without `.target sm_35` is an
// error naming the level it needs; `.target` names a level, comes before
// any kernel and only once.
// RUN: not simt-as %s 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not simt-as %S/Inputs/target-late.s 2>&1 | FileCheck %S/Inputs/target-late.s --check-prefix=LATE

.kernel k
// CHECK: [[@LINE+1]]:1: error: SHFL needs sm_35; this file is for sm_20 (write .target sm_35 before the first kernel)
SHFL.BFLY PT, R1, R2, 0x1, 0x1f
// CHECK: [[@LINE+1]]:1: error: LDG needs sm_35; this file is for sm_20
LDG R1, [R2]
// CHECK: [[@LINE+1]]:1: error: SHF needs sm_35; this file is for sm_20
SHF.L R1, R2, 0x4, R3
// CHECK: [[@LINE+1]]:1: error: ATOM needs sm_35; this file is for sm_20
ATOM.MIN.S64 R2, [R4], R6
// CHECK: [[@LINE+1]]:1: error: WARPSYNC needs sm_35; this file is for sm_20
WARPSYNC 0xffffffff
// Fermi's forms stay the base level's.
ATOM.MIN.U64 R2, [R4], R6
.end_kernel

