.kernel k
  IADD R0, R0, P0 /* a comment */
  /* b */ IADD.BAD R0, R0, R1
  IADD.FOO R0, R0, R1;  /* c */
  IADD R0, R0, R1
  IADD.BAZ R0, R0, R1; IADD R0, R0, P1 /* d */ ; IADD.QQ R0, R0, R1
  EXIT /* e */
.end_kernel
// Assembly with C comments (listing-recovery-err.sass): every bad statement
// is reported once, none after an error is skipped.
// CHECK: recovery-err.s:2:16: error: expected a register
// CHECK: recovery-err.s:3:16: error: unknown modifier '.BAD' for IADD
// CHECK: recovery-err.s:4:8: error: unknown modifier '.FOO' for IADD
// CHECK: recovery-err.s:6:8: error: unknown modifier '.BAZ' for IADD
// CHECK: recovery-err.s:6:37: error: expected a register
// CHECK: recovery-err.s:6:55: error: unknown modifier '.QQ' for IADD
