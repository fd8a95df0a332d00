// The assembler's guards (isa/AsmParser/SIMTAsmGuards.h, docs/limits.md):
// what used to trap (SIGFPE), overflow the stack, recurse forever or
// allocate gigabytes is an error at the offending token.
// RUN: not simt-as %s -o %t.o 2>&1 | FileCheck %s --implicit-check-not=error:

// INT64_MIN / -1 and % -1 trapped in MC's constant folding.
// CHECK: [[@LINE+1]]:26: error: INT64_MIN / -1 overflows 64 bits
.quad 0x8000000000000000 / -1
// CHECK: [[@LINE+1]]:33: error: INT64_MIN % -1 overflows 64 bits
.quad (-0x7fffffffffffffff - 1) % -1
.set minval, -0x7fffffffffffffff - 1
// CHECK: [[@LINE+1]]:14: error: INT64_MIN / -1 overflows 64 bits
.quad minval / -1
// A variable whose operand was not known when it was defined: at the use.
.set later, undefyet / -1
.set undefyet, -0x7fffffffffffffff - 1
// CHECK: [[@LINE+1]]:7: error: INT64_MIN / -1 overflows 64 bits (in the value of 'later')
.quad later
// Dividing by -1 is fine otherwise.
.quad 7 / -1, 0x7fffffffffffffff % -1

// Alignment, sizes and counts are bounded before MC allocates.
.kernel k
.param a, 4
// A parameter declared twice: the loader would refuse the object.
// CHECK: [[@LINE+1]]:8: error: parameter 'a' is declared twice
.param a, 8
// CHECK: [[@LINE+1]]:10: error: .p2align 31: at most 12 (4096-byte alignment)
.p2align 31
// CHECK: [[@LINE+1]]:9: error: .balign 1048576: an alignment of at most 4096 bytes
.balign 0x100000
// CHECK: [[@LINE+1]]:7: error: .zero 2147483647: more than 16777216 bytes (the limit of a section)
.zero 0x7fffffff
// CHECK: [[@LINE+1]]:8: error: .space 16777217: more than 16777216 bytes (the limit of a section)
.space 16777217
// CHECK: [[@LINE+1]]:7: error: .fill 100000000: more than 16777216 bytes (the limit of a section)
.fill 100000000, 8, 0
// CHECK: [[@LINE+1]]:6: error: .org 268435456: beyond 16777216 bytes (the limit of a section)
.org 0x10000000
// CHECK: [[@LINE+1]]:8: error: .local must be at most 524288 bytes per thread
.local 0x8000000
        EXIT
.p2align 12
.end_kernel

// CHECK: [[@LINE+1]]:7: error: .rept 100000000 of a 7-byte body: .rept would expand to more than 16777216 bytes of text in all
.rept 100000000
  EXIT
.endr
// CHECK: [[@LINE-1]]:6: error: unmatched '.endr' directive

// A variable nothing reads is evaluated all the same when the object is
// written: its division is an error at the end, once.
.set unread, notyet / -1
.set notyet, -0x7fffffffffffffff - 1
// CHECK: [[@LINE-2]]:21: error: INT64_MIN / -1 overflows 64 bits (in the value of 'unread')
