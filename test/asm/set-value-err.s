// A `.set` value that layout cannot reduce to a constant or a symbol plus a
// constant is an error at its expression (LLVM's ELF writer used to abort
// the process on one: fuzz/regressions/asm/set-label-quotient.s).
// RUN: not simt-as %s -o %t.o 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.o

.text
start:  NOP
        NOP
finish: NOP

// Reducible once the labels have addresses: no error.
.set half_span, (finish - start) / 2
.set past_external, external + 4
.set span_sum, finish - start + 8

// CHECK: [[@LINE+1]]:28: error: the value of 'label_quotient' is not a constant or a symbol plus a constant
.set label_quotient, start / 2
// CHECK: [[@LINE+1]]:28: error: the value of 'label_product' is not a constant or a symbol plus a constant
.set label_product, finish * finish
// CHECK: [[@LINE+1]]:30: error: the value of 'forward_quotient' is not a constant or a symbol plus a constant
.set forward_quotient, later / -0
later:  NOP
