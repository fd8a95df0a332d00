// Unknown mnemonics and malformed guards; every error of the file is
// reported, each with its line and column.
// RUN: not simt-as %s 2>&1 | FileCheck %s --implicit-check-not=error:

// CHECK: [[@LINE+1]]:1: error: unknown mnemonic 'FOO'
FOO R1, R2, R3
// CHECK: [[@LINE+1]]:1: error: unknown mnemonic 'IADDX'
IADDX R1, R2, R3
// CHECK: [[@LINE+1]]:1: error: unknown mnemonic 'IADD32'
IADD32 R1, R2, 0x1
// CHECK: [[@LINE+1]]:1: error: unknown directive
.FOO R1
// CHECK: [[@LINE+1]]:1: error: unknown mnemonic 'BAR'
BAR R1
// CHECK: [[@LINE+1]]:1: error: unknown mnemonic 'BAR'
BAR.FOO 0x0
// CHECK: [[@LINE+1]]:1: error: unknown mnemonic 'ISUBB'
ISUBB R1, R2, R3
// CHECK: [[@LINE+1]]:7: error: unknown mnemonic 'FMAD'
  @P0 FMAD R1, R2, R3, R4
// CHECK: [[@LINE+1]]:1: error: invalid guard predicate '@P7': expected @P0..@P6, @PT or @!Pn
@P7 EXIT
// CHECK: [[@LINE+1]]:1: error: invalid guard predicate '@Q0': expected @P0..@P6, @PT or @!Pn
@Q0 EXIT
// CHECK: [[@LINE+1]]:3: error: invalid guard predicate '@!P9': expected @P0..@P6, @PT or @!Pn
@!P9 EXIT
// CHECK: [[@LINE+1]]:3: error: invalid guard predicate '@EXIT': expected @P0..@P6, @PT or @!Pn
@ EXIT
// CHECK: [[@LINE+1]]:4: error: expected an instruction after the guard
@P0
// CHECK: [[@LINE+1]]:5: error: expected an instruction after the guard
@P0 , EXIT
