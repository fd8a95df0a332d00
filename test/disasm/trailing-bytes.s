// A branch to the address just past the last whole instruction of a section
// that ends in data bytes: the label goes before the bytes, or the text
// would not assemble again ("branch target is not instruction aligned").
// Found by fuzz-disasm (fuzz/regressions/disasm/label-before-trailing-bytes).
// RUN: simt-as %s --filetype=bin -o %t.bin
// RUN: simt-objdump -d --binary --no-addresses --no-show-raw-insn %t.bin > %t.s
// RUN: FileCheck %s < %t.s
// RUN: simt-as %t.s --filetype=bin -o %t.again.bin
// RUN: cmp %t.bin %t.again.bin
        BRA l
l:      .byte 1, 2, 3, 4
// CHECK:      BRA .L_8
// CHECK-NEXT: .L_8:
// CHECK-NEXT: .byte 0x01, 0x02, 0x03, 0x04
