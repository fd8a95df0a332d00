// Labels at branch targets: the kernel's own symbols by name, other targets
// as private labels unique per kernel (.L<kernel>_<address>), a target one
// past the last instruction, a target outside the kernel as an address, a
// CAL into a device function through its relocation; code outside any
// kernel in .text.
// RUN: simt-as %s -o %t.o && simt-objdump -d %t.o | FileCheck %s
// RUN: simt-objdump -d --no-show-raw-insn --no-addresses %t.o > %t.s
// RUN: simt-as %t.s -o %t2.o && simt-objdump -d %t2.o | FileCheck %s

// CHECK-LABEL: .text
// CHECK-NEXT:  .L_0:
// CHECK-NEXT:  /*0000*/ NOP /* 0x6400000000000007 */
// CHECK-NEXT:  /*0008*/ BRA .L_0 /* 0x750000fffffe0007 */
NOP
BRA 0x0

// CHECK-LABEL: .kernel first
// CHECK:       loop:
// CHECK-NEXT:  /*0000*/ SSY .Lfirst_20 /* 0x7000000000030007 */
// CHECK-NEXT:  /*0008*/ @P0 BRA .Lfirst_18 /* 0x7500000000010000 */
// CHECK-NEXT:  /*0010*/ BRA loop /* 0x750000fffffd0007 */
// CHECK-NEXT:  .Lfirst_18:
// CHECK-NEXT:  /*0018*/ NOP.S /* 0x6480000000000007 */
// CHECK-NEXT:  .Lfirst_20:
// CHECK-NEXT:  /*0020*/ PBK .Lfirst_30 /* 0x7100000000010007 */
// CHECK-NEXT:  /*0028*/ BRA 0x1000 /* 0x7500000001fa0007 */
// CHECK-NEXT:  .Lfirst_30:
// CHECK-NEXT:  .end_kernel
.kernel first
loop:
SSY 0x20
@P0 BRA 0x18
BRA loop
NOP.S
PBK 0x30
BRA 0x1000
.end_kernel

// The same addresses in another kernel get other names.
// CHECK-LABEL: .kernel second
// CHECK-NEXT:  .shared 0
// CHECK:       .regs 1
// CHECK-NEXT:  /*0000*/ SSY .Lsecond_18 /* 0x7000000000020007 */
// CHECK-NEXT:  /*0008*/ CAL helper /* 0x72{{[0-9a-f]+}} */
// CHECK-NEXT:  /*0010*/ JCAL helper /* 0x73{{[0-9a-f]+}} */
// CHECK-NEXT:  .Lsecond_18:
// CHECK-NEXT:  /*0018*/ EXIT /* 0x7b00000000000007 */
.kernel second
SSY 0x18
CAL helper
JCAL helper
EXIT
.end_kernel

// CHECK-LABEL: .func helper
// CHECK-NEXT:  .regs 1
// CHECK-NEXT:  .Lhelper_0:
// CHECK-NEXT:  /*0000*/ @P0 BRA .Lhelper_0 /* 0x750000ffffff0000 */
// CHECK-NEXT:  /*0008*/ RET /* 0x7a00000000000007 */
// CHECK-NEXT:  .end_func
.func helper
@P0 BRA 0x0
RET
.end_func
