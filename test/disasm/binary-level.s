// Raw words name no level: simt-objdump --binary prints the `.target` of the
// highest record among them, so that the text assembles again (found by
// fuzz-disasm: fuzz/regressions/disasm/shfl-needs-target). Words of the base
// level alone print no `.target` line.
// RUN: simt-as %s --filetype=bin -o %t.bin
// RUN: simt-objdump -d --binary --no-addresses --no-show-raw-insn %t.bin > %t.s
// RUN: FileCheck %s < %t.s
// RUN: simt-as %t.s --filetype=bin -o %t.again.bin
// RUN: cmp %t.bin %t.again.bin
// RUN: printf '\x07\x00\x00\x00\x00\x00\x00\x64' > %t.nop.bin
// RUN: simt-objdump -d --binary --no-addresses --no-show-raw-insn %t.nop.bin | FileCheck %s --check-prefix=BASE
.target sm_35
        IADD R1, R2, R3
        @P0 SHFL.IDX P0, R0, RZ, R0, 0x408
// CHECK:      .target sm_35
// CHECK-NEXT: IADD R1, R2, R3
// CHECK-NEXT: @P0 SHFL.IDX P0, R0, RZ, R0, 0x408
// BASE-NOT: .target
// BASE: NOP
