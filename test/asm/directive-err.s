// Bad kernel directives and generic directives.
// RUN: not simt-as %s 2>&1 | FileCheck %s --implicit-check-not=error:

// CHECK: [[@LINE+1]]:1: error: .param outside .kernel/.func
.param p, 4
// CHECK: [[@LINE+1]]:1: error: .shared outside .kernel/.func
.shared 16
// CHECK: [[@LINE+1]]:1: error: .local outside .kernel/.func
.local 16
// CHECK: [[@LINE+1]]:1: error: .max_stack outside .kernel/.func
.max_stack 8
// CHECK: [[@LINE+1]]:1: error: .regs outside .kernel/.func
.regs 4
// CHECK: [[@LINE+1]]:1: error: .end_kernel without .kernel
.end_kernel
// CHECK: [[@LINE+1]]:1: error: .end_func without .func
.end_func
// CHECK: [[@LINE+1]]:8: error: expected a name after .kernel
.kernel
// CHECK: [[@LINE+1]]:9: error: expected a name after .kernel
.kernel 123
// CHECK: [[@LINE+1]]:6: error: expected a name after .func
.func
.kernel k
// CHECK: [[@LINE+1]]:7: error: expected a parameter name
.param
// CHECK: [[@LINE+1]]:9: error: expected ','
.param a
// CHECK: [[@LINE+1]]:10: error: unknown token in expression
.param b,
// CHECK: [[@LINE+1]]:11: error: parameter size must be positive
.param c, 0
// CHECK: [[@LINE+1]]:14: error: parameter alignment must be a power of 2
.param d, 4, 3
// CHECK: [[@LINE+1]]:11: error: parameter size must not be negative
.param e, -4
// CHECK: [[@LINE+1]]:11: error: parameter size must be a constant expression
.param f, x
// CHECK: [[@LINE+1]]:8: error: parameters exceed constant bank 0
.param g, 0x10000
// CHECK: [[@LINE+1]]:9: error: .shared must be at most 49152 bytes
.shared 50000
// CHECK: [[@LINE+1]]:9: error: shared memory size must not be negative
.shared -1
// CHECK: [[@LINE+1]]:8: error: local memory size must not be negative
.local -8
// CHECK: [[@LINE+1]]:12: error: .max_stack must be in the range [1, 65536]
.max_stack 0
// CHECK: [[@LINE+1]]:12: error: .max_stack must be in the range [1, 65536]
.max_stack 65537
// CHECK: [[@LINE+1]]:7: error: register count must be a constant expression
.regs x
// CHECK: [[@LINE+1]]:1: error: .end_func closes .kernel k
.end_func
// CHECK: [[@LINE+1]]:9: error: 'inner' starts inside 'k': close it with .end_kernel or .end_func first
.kernel inner
// CHECK: [[@LINE+1]]:7: error: 'inner2' starts inside 'k': close it with .end_kernel or .end_func first
.func inner2
// CHECK: [[@LINE+1]]:1: error: unknown directive
.bogus 1
// CHECK: [[@LINE+1]]:9: error: unexpected token
.quad 1 2
.end_kernel
// CHECK: [[@LINE+1]]:1: error: .end_kernel without .kernel
.end_kernel
// CHECK: [[@LINE+1]]:9: error: 'k' is already defined
.kernel k
// CHECK: [[@LINE+1]]:1: error: .end_kernel without .kernel
.end_kernel
// CHECK: [[@LINE+1]]:7: error: 'k' is already defined
.func k
// CHECK: [[@LINE+1]]:1: error: .end_func without .func
.end_func
