// One ATOM form but not the other (for coverage.test).
// CHECK: /*0000*/ ATOM.ADD R1, [R2], R3 /* 0x5c00003000000817 */
// An invalid word does not count.
// CHECK: /*0008*/ .quad 0x0100000000000000 // invalid /* 0x0100000000000000 */
