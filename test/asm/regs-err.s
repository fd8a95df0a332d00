// `.regs N`: the kernel may use R0..R(N-1) and RZ; pairs and quads count
// whole; a .regs below registers already used is an error; the range of
// .regs itself.
// RUN: not simt-as %s 2>&1 | FileCheck %s --implicit-check-not=error:

.kernel k
.regs 4
IADD R3, R2, R1
// CHECK: [[@LINE+1]]:6: error: register R4 is out of range: the kernel declares .regs 4 (R0..R3)
IADD R4, R2, R1
// CHECK: [[@LINE+1]]:10: error: register R5 is out of range: the kernel declares .regs 4 (R0..R3)
IADD R1, R5, R1
MOV R1, RZ
// CHECK: [[@LINE+1]]:10: error: register pair R4:R5 is out of range: the kernel declares .regs 4 (R0..R3)
DADD R2, R4, R0
LD.64 R2, [R0]
// CHECK: [[@LINE+1]]:12: error: register R4 is out of range: the kernel declares .regs 4 (R0..R3)
LD.128 R0, [R4]
// CHECK: [[@LINE+1]]:8: error: register quad R4..R7 is out of range: the kernel declares .regs 4 (R0..R3)
LD.128 R4, [R0]
// CHECK: [[@LINE+1]]:6: error: expected an even register R0..R60 or RZ (a 64-bit pair)
ST.E [R3], R1
ST.E [R2], R1
.end_kernel

.kernel late
IADD R10, R1, R2
// CHECK: [[@LINE+1]]:7: error: .regs 8 is below registers already used (R10)
.regs 8
.regs 11
// CHECK: [[@LINE+1]]:6: error: register R11 is out of range: the kernel declares .regs 11 (R0..R10)
IADD R11, R1, R2
.end_kernel

.kernel bounds
// CHECK: [[@LINE+1]]:7: error: .regs must be in the range [1, 63]
.regs 0
// CHECK: [[@LINE+1]]:7: error: .regs must be in the range [1, 63]
.regs 64
// CHECK: [[@LINE+1]]:7: error: register count must not be negative
.regs -1
.regs 63
IADD R62, R1, R2
.end_kernel

.func f
.regs 2
// CHECK: [[@LINE+1]]:6: error: register R2 is out of range: the kernel declares .regs 2 (R0..R1)
IADD R2, R0, R1
RET
.end_func
