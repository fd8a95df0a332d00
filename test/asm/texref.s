// A texture reference's binding (`.const_var NAME, BANK, OFFSET, 36,
// texref`: address low and high word, size in bytes, ...: isa/SIMTLimits.h) as simt-cc's
// tex1Dfetch reads it: out[i] = i < size / 4 ? texel[i] : 0. The run
// script's `bind` writes it (a constant command: the next launch sees it),
// `unbind` zeroes it. simt-objdump lists the type as texref and prints the
// directive back.
// RUN: simt-as %s -o %t.o
// RUN: simt-objdump --kernels %t.o | FileCheck %s --check-prefix=KERNELS
// RUN: simt-objdump -d --no-show-raw-insn --no-addresses %t.o | FileCheck %s --check-prefix=TEXT
// RUN: simt-emu %t.o %S/Inputs/texref.simt | FileCheck %s --check-prefix=OUT

.const_var texels, 2, 0x10, 36, texref

.kernel fetch
.param out, 8
S2R R0, SR_TID.X
SHL R1, R0, 0x2
MOV R8, RZ
ISETP.GE.U32.AND P0, PT, R1, c[0x2][0x18], PT
@P0 BRA done
IADD.CC R2, R1, c[0x2][0x10]
IADD.X R3, RZ, c[0x2][0x14]
LD.E R8, [R2]
done:
IADD.CC R4, R1, c[0x0][out]
IADD.X R5, RZ, c[0x0][out+4]
ST.E [R4], R8
EXIT
.end_kernel

// KERNELS:      variable                  space     where          size  type
// KERNELS-NEXT: texels                    constant  c[0x2][0x10]     36  texref, zero
// TEXT: .const_var texels, 2, 0x10, 36, texref
// TEXT-NEXT: .kernel fetch

// OUT:      out[0] = 0
// OUT-NEXT: out[1] = 0
// OUT:      out[0] = 30
// OUT-NEXT: out[1] = 40
// OUT-NEXT: out[2] = 50
// OUT-NEXT: out[3] = 0
// OUT:      out[0] = 10
// OUT-NEXT: out[1] = 20
// OUT-NEXT: out[2] = 30
// OUT-NEXT: out[3] = 40
// OUT-NEXT: out[4] = 50
// OUT-NEXT: out[5] = 0
// OUT:      out[0] = 0
// OUT-NEXT: out[1] = 0
// OUT-NEXT: out[2] = 0
