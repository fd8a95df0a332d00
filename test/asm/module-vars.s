// Module variables (TOOLS.md): .const_var places a variable in a user
// constant bank, .global_var in the object's global-variable block, and
// .var_data gives their first bytes (the rest is zero). The code reads
// them as c[0x3][...] and through c[0x1][0x108] (the block's address).
// simt-objdump lists them with --kernels and prints the directives back
// with -d (test/tools/roundtrip.test assembles that text again).
// RUN: simt-as %s -o %t.o
// RUN: simt-objdump --kernels %t.o | FileCheck %s --check-prefix=KERNELS
// RUN: simt-objdump -d --no-show-raw-insn --no-addresses %t.o | FileCheck %s --check-prefix=TEXT
// RUN: llvm-readelf -S -s %t.o | FileCheck %s --check-prefix=ELF
// RUN: simt-emu %t.o %S/Inputs/module-vars.simt | FileCheck %s --check-prefix=OUT

.const_var table, 3, 0x10, 12, s32
.var_data 0x01, 0x00, 0x00, 0x00, 0xfe, 0xff, 0xff, 0xff
.var_data 0x07
.const_var scale, 3, 0x0, 4, f32
.var_data 0x00, 0x00, 0x20, 0x40
.global_var hits, 0x0, 8, 8, u64
.global_var seed, 0x8, 4, 4, u32
.var_data 0x2a

// out[tid] = table[tid] * scale; thread 0 also writes out[3] = hits, then
// hits = seed + 1.
.kernel read_vars
.param out, 8
S2R R0, SR_TID.X
SHL R1, R0, 0x2
LDC R2, c[0x3][R1+0x10]
I2F.F32.S32 R2, R2
FMUL R2, R2, c[0x3][0x0]
IADD.CC R4, R1, c[0x0][out]
IADD.X R5, RZ, c[0x0][out+4]
ST.E [R4], R2
ISETP.NE.U32.AND P0, PT, R0, RZ, PT
@P0 EXIT
MOV R6, c[0x1][0x108]
MOV R7, c[0x1][0x10c]
LD.E R8, [R6+0x8]
IADD R8, R8, 0x1
LD.E R9, [R6]
I2F.F32.U32 R9, R9
ST.E [R4+0xc], R9
ST.E [R6], R8
ST.E [R6+0x4], RZ
EXIT
.end_kernel

// KERNELS:      variable                  space     where          size  type
// KERNELS-NEXT: table                     constant  c[0x3][0x10]     12  s32
// KERNELS-NEXT: scale                     constant  c[0x3][0x0]       4  f32
// KERNELS-NEXT: hits                      global    +0x0              8  u64, zero
// KERNELS-NEXT: seed                      global    +0x8              4  u32

// TEXT:      .const_var table, 3, 0x10, 12, s32
// TEXT-NEXT: .var_data 0x01, 0x00, 0x00, 0x00, 0xfe, 0xff, 0xff, 0xff, 0x07
// TEXT-NEXT: .const_var scale, 3, 0x0, 4, f32
// TEXT-NEXT: .var_data 0x00, 0x00, 0x20, 0x40
// TEXT-NEXT: .global_var hits, 0x0, 8, 8, u64
// TEXT-NEXT: .global_var seed, 0x8, 4, 4, u32
// TEXT-NEXT: .var_data 0x2a
// TEXT-NEXT: .kernel read_vars

// Each section's bytes end at its last initialised byte (the loader reads
// the rest as zeros): table's 0x07 at 0x18, seed's 0x2a at 0x8.
// ELF: .simt.const.3 PROGBITS {{[0-9a-f]+}} {{[0-9a-f]+}} 000019 00 A
// ELF: .simt.global PROGBITS {{[0-9a-f]+}} {{[0-9a-f]+}} 000009 00 WA
// ELF-DAG: 12 OBJECT GLOBAL DEFAULT {{[0-9]+}} table
// ELF-DAG: 8 OBJECT GLOBAL DEFAULT {{[0-9]+}} hits

// OUT-NOT: expect failed
// OUT: out[0] = 3
