// A code address as data in a kernel (`.quad label`, `.word label`): simt-as
// writes R_SIMT_ABS64 / R_SIMT_ABS32 relocations and the loader applies both
// (fuzz-asm: the loader refused R_SIMT_ABS64 outside .debug_line). The
// kernel is the fuzzer's regression input.
// RUN: simt-as %S/../../fuzz/regressions/asm/quad-code-address.s -o %t.o
// RUN: llvm-readelf-19 -r %t.o | FileCheck %s --check-prefix=RELOC
// RUN: simt-objdump --kernels %t.o | FileCheck %s --check-prefix=KERNELS
// RUN: simt-dbg %t.o %S/Inputs/code-address-data.simt --batch -x %S/Inputs/code-address-data.cmd | FileCheck %s --check-prefix=IMAGE

// RELOC: Relocation section '.rela.text.k'
// RELOC: 0000000000000008 {{[0-9a-f]+}}00000003 {{.*}} .text.k + 18
// RELOC: 0000000000000010 {{[0-9a-f]+}}00000002 {{.*}} .text.k + 18
// KERNELS: k 2 0 0 64
// The loaded image holds helper's offset (0x18) in both words.
// IMAGE:      0x0008 <table>:      .quad 0x0000000000000018
// IMAGE-NEXT: 0x0010 <table+0x8>:  .quad 0x0000000000000018
// IMAGE-NEXT: 0x0018 <helper>:     EXIT
