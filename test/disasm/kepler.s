// Disassembly of the sm_35 encodings of test/asm/kepler.s, from raw words:
// every word decodes to the canonical text (the disassembler decodes every
// level; the object's level is its own record, which simt-objdump prints).
// RUN: simt-as %s -o %t.o && simt-objdump -d %t.o | FileCheck %s

// CHECK: .target sm_35
.target sm_35
.quad 0x6703fc00000c0817
// CHECK: /*0000*/ SHFL.IDX PT, R1, R2, R3, 0x1f /* 0x6703fc00000c0817 */
.quad 0x6703e040000c0817
// CHECK: /*0008*/ SHFL.IDX P0, R1, R2, 0x3, 0x1f /* 0x6703e040000c0817 */
.quad 0x67001c4000050817
// CHECK: /*0010*/ SHFL.UP PT, R1, R2, 0x1, 0x0 /* 0x67001c4000050817 */
.quad 0x67601840004103e7
// CHECK: /*0018*/ SHFL.UP P6, R62, R0, 0x10, 0x1800 /* 0x67601840004103e7 */
.quad 0x6703fc4000421047
// CHECK: /*0020*/ SHFL.DOWN PT, R4, R4, 0x10, 0x1f /* 0x6703fc4000421047 */
.quad 0x6763e4000016fff7
// CHECK: /*0028*/ SHFL.DOWN P1, RZ, RZ, R5, 0x181f /* 0x6763e4000016fff7 */
.quad 0x677ffc4000072077
// CHECK: /*0030*/ SHFL.BFLY PT, R7, R8, 0x1, 0x1f1f /* 0x677ffc4000072077 */
.quad 0x6773e88200132077
// CHECK: /*0038*/ SHFL.BFLY P2, R7, R8, c[0x2][0x10], 0x1c1f /* 0x6773e88200132077 */
.quad 0x66009c00000c0817
// CHECK: /*0040*/ SHFL.IDX PT, R1, R2, R3, R4 /* 0x66009c00000c0817 */
.quad 0x6607ec4000230817
// CHECK: /*0048*/ SHFL.BFLY P3, R1, R2, 0x8, RZ /* 0x6607ec4000230817 */
.quad 0x6687dc40000a0819
// CHECK: /*0050*/ @!P1 SHFL.DOWN.S PT, R1, R2, 0x2, R62 /* 0x6687dc40000a0819 */
.quad 0x5f00000000000817
// CHECK: /*0058*/ LDG R1, [R2] /* 0x5f00000000000817 */
.quad 0x5f00080000100817
// CHECK: /*0060*/ LDG.E R1, [R2+0x10] /* 0x5f00080000100817 */
.quad 0x5f0005fffff81027
// CHECK: /*0068*/ LDG.64 R2, [R4-0x8] /* 0x5f0005fffff81027 */
.quad 0x5f000e0000002047
// CHECK: /*0070*/ LDG.E.128 R4, [R8] /* 0x5f000e0000002047 */
.quad 0x5f0001000100fc17
// CHECK: /*0078*/ LDG.U8 R1, [0x100] /* 0x5f0001000100fc17 */
.quad 0x5f00040000020817
// CHECK: /*0080*/ LDG.S16 R1, [R2+0x2] /* 0x5f00040000020817 */
.quad 0x1b001000000c0817
// CHECK: /*0088*/ SHF.L R1, R2, R3, R4 /* 0x1b001000000c0817 */
.quad 0x1b041040007c0817
// CHECK: /*0090*/ SHF.R R1, R2, 0x1f, R4 /* 0x1b041040007c0817 */
.quad 0x1b08fc4000900817
// CHECK: /*0098*/ SHF.L.W R1, R2, 0x24, RZ /* 0x1b08fc4000900817 */
.quad 0x1b0c00830008ffe7
// CHECK: /*00a0*/ SHF.R.W R62, RZ, c[0x3][0x8], R0 /* 0x1b0c00830008ffe7 */
.quad 0x4f01106000001027
// CHECK: /*00a8*/ ATOM.MIN.S64 R2, [R4], R6 /* 0x4f01106000001027 */
.quad 0x4f42106000081027
// CHECK: /*00b0*/ ATOM.E.MAX.S64 R2, [R4+0x8], R6 /* 0x4f42106000081027 */
.quad 0x4f02108ffff02bf0
// CHECK: /*00b8*/ @P0 ATOM.MAX.S64 RZ, [R10-0x10], R8 /* 0x4f02108ffff02bf0 */
.quad 0x6800000000001407
// CHECK: /*00c0*/ WARPSYNC R5 /* 0x6800000000001407 */
.quad 0x6903fffffffc0007
// CHECK: /*00c8*/ WARPSYNC 0xffffffff /* 0x6903fffffffc0007 */
.quad 0x69000003fffc0009
// CHECK: /*00d0*/ @!P1 WARPSYNC 0xffff /* 0x69000003fffc0009 */
