// A code address as data in a kernel: R_SIMT_ABS64 and R_SIMT_ABS32 (test/asm/code-address-data.s).
.kernel k
.regs 2
  EXIT
table:
  .quad helper
  .word helper, 0
helper:
  EXIT
.end_kernel
