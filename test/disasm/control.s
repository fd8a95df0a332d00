// Control-flow words from raw bytes: every control instruction, with the
// branch targets inside the kernel printed as labels (.L<kernel>_<address>)
// and the one past its end as a label after the last instruction.
// RUN: simt-as %s -o %t.o && simt-objdump -d %t.o | FileCheck %s
// RUN: simt-objdump -d %t.o | FileCheck %s --check-prefix=LABELS

// LABELS:      .regs 8
// LABELS-NEXT: .Lbranches_0:
// LABELS-NEXT: /*0000*/ SSY .Lbranches_f0 /* 0x70000000001d0007 */
// LABELS-NEXT: .Lbranches_8:
// LABELS-NEXT: /*0008*/ PBK .Lbranches_f0 /* 0x71000000001c0007 */
// LABELS-NEXT: /*0010*/ @P0 BRA .Lbranches_0 /* 0x750000fffffd0000 */
// LABELS:      /*00e8*/ SSY .Lbranches_100 /* 0x7000000000020007 */
// LABELS-NEXT: .Lbranches_f0:
// LABELS-NEXT: /*00f0*/ NOP /* 0x6400000000000007 */
// LABELS-NEXT: .Lbranches_f8:
// LABELS-NEXT: /*00f8*/ RET /* 0x7a00000000000007 */
// LABELS-NEXT: .Lbranches_100:
// LABELS-NEXT: .end_kernel

.kernel branches
.regs 8
.quad 0x70000000001d0007
// CHECK: /*0000*/ SSY .Lbranches_f0 /* 0x70000000001d0007 */
.quad 0x71000000001c0007
// CHECK: /*0008*/ PBK .Lbranches_f0 /* 0x71000000001c0007 */
.quad 0x750000fffffd0000
// CHECK: /*0010*/ @P0 BRA .Lbranches_0 /* 0x750000fffffd0000 */
.quad 0x75000000001a0209
// CHECK: /*0018*/ @!P1 BRA.U .Lbranches_f0 /* 0x75000000001a0209 */
.quad 0x760000fffffb0057
// CHECK: /*0020*/ BRA CC.NE, .Lbranches_0 /* 0x760000fffffb0057 */
.quad 0x7600000000180217
// CHECK: /*0028*/ BRA.U CC.LT, .Lbranches_f0 /* 0x7600000000180217 */
.quad 0x7600000000170012
// CHECK: /*0030*/ @P2 BRA CC.LT, .Lbranches_f0 /* 0x7600000000170012 */
.quad 0x7600000000160007
// CHECK: /*0038*/ BRA CC.F, .Lbranches_f0 /* 0x7600000000160007 */
.quad 0x7600000000150107
// CHECK: /*0040*/ BRA CC.SFF, .Lbranches_f0 /* 0x7600000000150107 */
.quad 0x7600000000140117
// CHECK: /*0048*/ BRA CC.T, .Lbranches_f0 /* 0x7600000000140117 */
.quad 0x7700000000020007
// CHECK: /*0050*/ BRX R2 /* 0x7700000000020007 */
.quad 0x7700000004020007
// CHECK: /*0058*/ BRX R2+0x10 /* 0x7700000004020007 */
.quad 0x77003ffffe020007
// CHECK: /*0060*/ BRX R2-0x8 /* 0x77003ffffe020007 */
.quad 0x77001fffffc20007
// CHECK: /*0068*/ BRX R2+0x7fffff /* 0x77001fffffc20007 */
.quad 0x7700200000020007
// CHECK: /*0070*/ BRX R2-0x800000 /* 0x7700200000020007 */
.quad 0x7800000000030007
// CHECK: /*0078*/ JMX R3 /* 0x7800000000030007 */
.quad 0x7800000002030007
// CHECK: /*0080*/ JMX R3+0x8 /* 0x7800000002030007 */
.quad 0x78000000403f0007
// CHECK: /*0088*/ JMX RZ+0x100 /* 0x78000000403f0007 */
.quad 0x74000000000b0007
// CHECK: /*0090*/ JMP .Lbranches_f0 /* 0x74000000000b0007 */
.quad 0x72000000000b0007
// CHECK: /*0098*/ CAL .Lbranches_f8 /* 0x72000000000b0007 */
.quad 0x73000000000a0007
// CHECK: /*00a0*/ JCAL .Lbranches_f8 /* 0x73000000000a0007 */
.quad 0x7900000000000007
// CHECK: /*00a8*/ BRK /* 0x7900000000000007 */
.quad 0x7900000000000000
// CHECK: /*00b0*/ @P0 BRK /* 0x7900000000000000 */
.quad 0x7a00000000000007
// CHECK: /*00b8*/ RET /* 0x7a00000000000007 */
.quad 0x7a0000000000000b
// CHECK: /*00c0*/ @!P3 RET /* 0x7a0000000000000b */
.quad 0x7b00000000000007
// CHECK: /*00c8*/ EXIT /* 0x7b00000000000007 */
.quad 0x7b00000000000000
// CHECK: /*00d0*/ @P0 EXIT /* 0x7b00000000000000 */
.quad 0x750000ffffe40007
// CHECK: /*00d8*/ BRA .Lbranches_0 /* 0x750000ffffe40007 */
.quad 0x750000ffffe40007
// CHECK: /*00e0*/ BRA .Lbranches_8 /* 0x750000ffffe40007 */
.quad 0x7000000000020007
// CHECK: /*00e8*/ SSY .Lbranches_100 /* 0x7000000000020007 */
.quad 0x6400000000000007
// CHECK: /*00f0*/ NOP /* 0x6400000000000007 */
.quad 0x7a00000000000007
// CHECK: /*00f8*/ RET /* 0x7a00000000000007 */
.end_kernel
