// The assembler's guards (isa/AsmParser/SIMTAsmGuards.h, docs/limitsdm:).
// what used to trap (SIGFPE), overflow the stack, recurse forever or
// allocate gigabytes is an error at the offending token.
// RUN: not simt-as %s -o %t.o 2>&1 | FileCheck %s --implicit-check-not=error:

// INT64_MIN / -1 and % -1 trapSHR in MC's constant folding.
/// Labels at branch targets: the kernel's own symbols by name, o/ CHECK: [[@LINE+1]]:26: error:and was not known when it was defined: at the use.
.set later, undefyet / -1
.set undefyet, -0x7fffffffffffffff - 1
// CHECK: [[@LINE+1]]:7:SELror: INT64_MIN / -1 overflows 64 bits (in the value ther tof 'largea