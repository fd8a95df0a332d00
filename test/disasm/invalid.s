// Undefined encodings print as `.quad 0x... // invalid` (TOOLS.md) and
// re-assemble to themselves: no opcode, a field holding a value no operand
// allows, a misaligned register pair or quad, a bit set in a field the
// instruction does not use.
// RUN: simt-as %s -o %t.o && simt-objdump -d %t.o | FileCheck %s
// RUN: simt-objdump -d --no-show-raw-insn --no-addresses %t.o > %t.s
// RUN: simt-as %t.s -o %t2.o && cmp %t.o %t2.o

// all ones, all zeros, unused opcodes
.quad 0xffffffffffffffff
// CHECK: /*0000*/ .quad 0xffffffffffffffff // invalid /* 0xffffffffffffffff */
.quad 0x0
// CHECK: /*0008*/ .quad 0x0000000000000000 // invalid /* 0x0000000000000000 */
.quad 0x0000000000000007
// CHECK: /*0010*/ .quad 0x0000000000000007 // invalid /* 0x0000000000000007 */
.quad 0x1600000000000007
// CHECK: /*0018*/ .quad 0x1600000000000007 // invalid /* 0x1600000000000007 */
.quad 0x7c00000000000007
// CHECK: /*0020*/ .quad 0x7c00000000000007 // invalid /* 0x7c00000000000007 */
.quad 0xff00000000000007
// CHECK: /*0028*/ .quad 0xff00000000000007 // invalid /* 0xff00000000000007 */
// Sb kind 3
.quad 0x010000c0000c0817
// CHECK: /*0030*/ .quad 0x010000c0000c0817 // invalid /* 0x010000c0000c0817 */
// negate bit on an immediate Sb, on IMUL's Sb (no negation)
.quad 0x0100014000000817
// CHECK: /*0038*/ .quad 0x0100014000000817 // invalid /* 0x0100014000000817 */
.quad 0x03000100000c0817
// CHECK: /*0040*/ .quad 0x03000100000c0817 // invalid /* 0x03000100000c0817 */
// absolute value on an integer source
.quad 0x01000000000e0817
// CHECK: /*0048*/ .quad 0x01000000000e0817 // invalid /* 0x01000000000e0817 */
// a register Sb payload above 63
.quad 0x01000000010c0817
// CHECK: /*0050*/ .quad 0x01000000010c0817 // invalid /* 0x01000000010c0817 */
// a constant Sb payload above bank 15
.quad 0x0100009000000817
// CHECK: /*0058*/ .quad 0x0100009000000817 // invalid /* 0x0100009000000817 */
// modifier values past the spellings: MUFU op 7, ISETP bop 3, LD width 7,
// CSETP test 18, ATOM op 9 (CAS) in the non-CAS form, ATOM op 0 in the
// CAS form, RED op 8 (EXCH)
.quad 0x251c000000000817
// CHECK: /*0060*/ .quad 0x251c000000000817 // invalid /* 0x251c000000000817 */
.quad 0x40185c0000080787
// CHECK: /*0068*/ .quad 0x40185c0000080787 // invalid /* 0x40185c0000080787 */
.quad 0x5000070000000817
// CHECK: /*0070*/ .quad 0x5000070000000817 // invalid /* 0x5000070000000817 */
.quad 0x4804800000000387
// CHECK: /*0078*/ .quad 0x4804800000000387 // invalid /* 0x4804800000000387 */
.quad 0x5c09000000000817
// CHECK: /*0080*/ .quad 0x5c09000000000817 // invalid /* 0x5c09000000000817 */
.quad 0x5d00100000000817
// CHECK: /*0088*/ .quad 0x5d00100000000817 // invalid /* 0x5d00100000000817 */
.quad 0x5e08000000000807
// CHECK: /*0090*/ .quad 0x5e08000000000807 // invalid /* 0x5e08000000000807 */
// VSETP selector 7
.quad 0x4a00000170170787
// CHECK: /*0098*/ .quad 0x4a00000170170787 // invalid /* 0x4a00000170170787 */
// misaligned pairs and quads: DADD R3, DADD Sb R5, LD.64 R3, LD.128 R2,
// ATOM.ADD.U64 R1, LD.E with base R3, F2F.F64 destination R1
.quad 0x2800000000181037
// CHECK: /*00a0*/ .quad 0x2800000000181037 // invalid /* 0x2800000000181037 */
.quad 0x2800000000141027
// CHECK: /*00a8*/ .quad 0x2800000000141027 // invalid /* 0x2800000000141027 */
.quad 0x5000050000000837
// CHECK: /*00b0*/ .quad 0x5000050000000837 // invalid /* 0x5000050000000837 */
.quad 0x5000060000001027
// CHECK: /*00b8*/ .quad 0x5000060000001027 // invalid /* 0x5000060000001027 */
.quad 0x5c20003000000817
// CHECK: /*00c0*/ .quad 0x5c20003000000817 // invalid /* 0x5c20003000000817 */
.quad 0x5000080000000c17
// CHECK: /*00c8*/ .quad 0x5000080000000c17 // invalid /* 0x5000080000000c17 */
.quad 0x3200000000080417
// CHECK: /*00d0*/ .quad 0x3200000000080417 // invalid /* 0x3200000000080417 */
// barrier ids: 16, a constant
.quad 0x6100004000400007
// CHECK: /*00d8*/ .quad 0x6100004000400007 // invalid /* 0x6100004000400007 */
.quad 0x6100008000000007
// CHECK: /*00e0*/ .quad 0x6100008000000007 // invalid /* 0x6100008000000007 */
// bits in unused fields: RET, EXIT, NOP, BRA (bit 40), IADD (bit 54)
.quad 0x7a00000000000017
// CHECK: /*00e8*/ .quad 0x7a00000000000017 // invalid /* 0x7a00000000000017 */
.quad 0x7b00000000000107
// CHECK: /*00f0*/ .quad 0x7b00000000000107 // invalid /* 0x7b00000000000107 */
.quad 0x6400000000100007
// CHECK: /*00f8*/ .quad 0x6400000000100007 // invalid /* 0x6400000000100007 */
.quad 0x7500010000000007
// CHECK: /*0100*/ .quad 0x7500010000000007 // invalid /* 0x7500010000000007 */
.quad 0x01400000000c0817
// CHECK: /*0108*/ .quad 0x01400000000c0817 // invalid /* 0x01400000000c0817 */
// a constant-third-source form (IMADrc, DFMArc) whose constant field holds
// a register or an immediate, a negated constant where IMAD's Rc takes no
// modifier, an odd register pair as DFMArc's Rb
.quad 0x17000c0000140817
// CHECK: /*0110*/ .quad 0x17000c0000140817 // invalid /* 0x17000c0000140817 */
.quad 0x17000c4000140817
// CHECK: /*0118*/ .quad 0x17000c4000140817 // invalid /* 0x17000c4000140817 */
.quad 0x17000d8000080817
// CHECK: /*0120*/ .quad 0x17000d8000080817 // invalid /* 0x17000d8000080817 */
.quad 0x2c00148200081027
// CHECK: /*0128*/ .quad 0x2c00148200081027 // invalid /* 0x2c00148200081027 */
// cache operator values no group has (LD 5..7, ST 4), and bit 44 on LDS
.quad 0x5000500000000817
// CHECK: /*0130*/ .quad 0x5000500000000817 // invalid /* 0x5000500000000817 */
.quad 0x5000700000000817
// CHECK: /*0138*/ .quad 0x5000700000000817 // invalid /* 0x5000700000000817 */
.quad 0x5200400000000817
// CHECK: /*0140*/ .quad 0x5200400000000817 // invalid /* 0x5200400000000817 */
.quad 0x5300100000000817
// CHECK: /*0148*/ .quad 0x5300100000000817 // invalid /* 0x5300100000000817 */
// a valid word between them still decodes
.quad 0x01000000000c0817
// CHECK: /*0150*/ IADD R1, R2, R3 /* 0x01000000000c0817 */
