// Addresses in module variables (.var_addr, a pointer in a PTX
// initialiser): the loader writes each named 64-bit word with the device
// address of a .global_var plus an addend, once it has placed the global
// block, in the block and in a constant bank alike. The words are zero in
// the object's data. simt-objdump -d prints the directives back after the
// variables (test/tools/roundtrip.test assembles that text again).
// RUN: simt-as %s -o %t.o
// RUN: simt-objdump -d --no-show-raw-insn --no-addresses %t.o | FileCheck %s --check-prefix=TEXT
// RUN: simt-objdump --kernels %t.o | FileCheck %s --check-prefix=KERNELS
// RUN: simt-emu %t.o %S/Inputs/var-addr.simt | FileCheck %s --check-prefix=OUT
// RUN: llvm-objcopy-19 --dump-section .simt.info=%t.info %t.o %t.info.o
// RUN: FileCheck %s --check-prefix=INFO --input-file=%t.info

.global_var words, 0x0, 16, 4, u32
.var_data 0x0b, 0x00, 0x00, 0x00, 0x16, 0x00, 0x00, 0x00, 0x21, 0x00, 0x00, 0x00, 0x2c
.global_var ptrs, 0x10, 24, 8, u64
.global_var later, 0x28, 4, 4, u32
.var_data 0x37
.global_var back, 0x30, 8, 8, u64
.const_var cptr, 2, 0x0, 8, u64
// ptrs = {&words[1], &words[3], &later}; back = &later - 0x28 = &words[0];
// cptr = &words[2].
.var_addr ptrs, 0, words+4
.var_addr ptrs, 8, words+12
.var_addr ptrs, 16, later
.var_addr back, 0, later-40
.var_addr cptr, 0, words+0x8

// out[t] = *ptrs[t] for t = 0..2, *cptr for t = 3, *back for t = 4.
.kernel deref
.param out, 8
S2R R0, SR_TID.X
MOV R6, c[0x1][0x108]
MOV R7, c[0x1][0x10c]
SHL R1, R0, 0x3
IADD.CC R2, R6, R1
IADD.X R3, R7, RZ
LD.E.64 R4, [R2+0x10]
ISETP.EQ.U32.AND P0, PT, R0, 0x3, PT
@P0 MOV R4, c[0x2][0x0]
@P0 MOV R5, c[0x2][0x4]
LD.E R8, [R4]
SHL R1, R0, 0x2
IADD.CC R2, R1, c[0x0][out]
IADD.X R3, RZ, c[0x0][out+4]
ST.E [R2], R8
EXIT
.end_kernel

// TEXT:      .global_var back, 0x30, 8, 8, u64
// TEXT-NEXT: .const_var cptr, 2, 0x0, 8, u64
// TEXT-NEXT: .var_addr ptrs, 0, words+4
// TEXT-NEXT: .var_addr ptrs, 8, words+12
// TEXT-NEXT: .var_addr ptrs, 16, later
// TEXT-NEXT: .var_addr back, 0, later-40
// TEXT-NEXT: .var_addr cptr, 0, words+8
// TEXT-NEXT: .kernel deref

// A variable that holds only addresses is not "zero".
// KERNELS:      ptrs                      global    +0x10            24  u64{{$}}
// KERNELS:      back                      global    +0x30             8  u64{{$}}

// The records in .simt.info (TOOLS.md), after the variables':
// INFO:      const cptr bank=2 offset=0 size=8 type=u64
// INFO-NEXT: addr ptrs at=0 target=words addend=4
// INFO-NEXT: addr ptrs at=8 target=words addend=12
// INFO-NEXT: addr ptrs at=16 target=later addend=0
// INFO-NEXT: addr back at=0 target=later addend=-40
// INFO-NEXT: addr cptr at=0 target=words addend=8

// OUT-NOT: expect failed
// OUT: out[0] = 22
// OUT: out[4] = 11
