// `.file`/`.loc` in hand-written assembly: the MC layer writes a DWARF 4
// `.debug_line` whose addresses are R_SIMT_ABS64 relocations against each
// kernel's section (a sequence per section, starting at its offset 0); the
// loader ignores the debug sections, simt-objdump -l shows the positions.
// RUN: simt-as %s -o %t.o
// RUN: llvm-dwarfdump --debug-line %t.o 2>/dev/null | FileCheck %s
// RUN: llvm-readelf -r %t.o | FileCheck %s --check-prefix=RELOC
// RUN: simt-objdump -d -l %t.o | FileCheck %s --check-prefix=DUMP
// RUN: simt-emu %t.o --kernel first --grid 1 --block 32
// RUN: not simt-as %s -o /dev/null -D BAD=1 2>&1 | FileCheck %s --check-prefix=ERR
// CHECK:      version: 4
// CHECK:      include_directories[  1] = "/src"
// CHECK:      name: "k.cu"
// CHECK:      0x0000000000000000      3      5      1
// CHECK-NEXT: 0x0000000000000010      4      1      1
// CHECK-NEXT: 0x0000000000000018      4      1      1 {{.*}} end_sequence
// CHECK-NEXT: 0x0000000000000000      9      2      1
// CHECK-NEXT: 0x0000000000000008      9      2      1 {{.*}} end_sequence
// RELOC: Relocation section '.rela.debug_line'
// RELOC: {{0+}}3 {{.*}} .text.first + 0
// RELOC: {{0+}}3 {{.*}} .text.second + 0
// DUMP:      .kernel first
// DUMP-NEXT: .shared 0
// DUMP:      // /src/k.cu:3
// DUMP-NEXT: /*0000*/ S2R R0, SR_TID.X
// DUMP-NEXT: /*0008*/ MOV R1, R0
// DUMP-NEXT: // /src/k.cu:4
// DUMP-NEXT: /*0010*/ EXIT
// DUMP:      .kernel second
// DUMP:      // /src/k.cu:9
// DUMP-NEXT: /*0000*/ EXIT
.file 1 "/src/k.cu"
.kernel first
        .loc 1 3 5
        S2R R0, SR_TID.X
        MOV R1, R0
        .loc 1 4 1
        EXIT
.end_kernel
.kernel second
        .loc 1 9 2
        EXIT
.end_kernel
.ifdef BAD
// ERR: line-table.s:[[@LINE+1]]:14: error: unassigned file number in '.loc' directive
        .loc 7 1 0
.endif
