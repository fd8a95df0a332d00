// A .kernel (or .func) still open at the end of the file.
// RUN: not simt-as %s 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: sed -e 's/^.kernel open/.func open/' %s > %t.s
// RUN: not simt-as %t.s 2>&1 | FileCheck %s --implicit-check-not=error: --check-prefix=FUNC

.kernel closed
EXIT
.end_kernel

// CHECK: [[@LINE+2]]:9: error: 'open' is not closed: missing .end_kernel
// FUNC: [[@LINE+1]]:7: error: 'open' is not closed: missing .end_func
.kernel open
IADD R1, R2, R3
