// Branch targets that name no label are reported at the end of the file,
// each at its use, in order; targets that are not instruction addresses.
// RUN: not simt-as %s 2>&1 | FileCheck %s --implicit-check-not=error:

.kernel k
here:
// CHECK: [[@LINE+1]]:5: error: undefined label 'nowhere'
BRA nowhere
// CHECK: [[@LINE+1]]:5: error: undefined label 'missing'
SSY missing
// CHECK: [[@LINE+1]]:12: error: undefined label 'elsewhere'
@P0 BRA.U  elsewhere
// CHECK: [[@LINE+1]]:12: error: undefined label 'gone'
BRA CC.EQ, gone
// CHECK: [[@LINE+1]]:5: error: undefined label 'nofunc'
CAL nofunc
BRA here
.end_kernel
