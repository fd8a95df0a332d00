// Input of level-err.s: `.target` after a kernel, twice, or of no level.
.target sm_35
// LATE: [[@LINE+1]]:9: error: .target given twice: an object is for one level of the ISA
.target sm_35
.kernel k
EXIT
.end_kernel
// LATE: [[@LINE+1]]:9: error: .target must come before the first kernel, function or variable
.target sm_20
// LATE: [[@LINE+1]]:9: error: 'sm_99' is not a level of this ISA (sm_20, sm_35)
.target sm_99
// LATE: [[@LINE+1]]:9: error: expected a level of the ISA after .target (sm_20, sm_35)
.target 35
