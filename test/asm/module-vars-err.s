// Bad module-variable directives: each error at the argument concerned.
// RUN: not simt-as %s 2>&1 | FileCheck %s --implicit-check-not=error:

// CHECK: [[@LINE+1]]:1: error: .var_data without a .const_var or .global_var before it
.var_data 1
// CHECK: [[@LINE+1]]:16: error: constant bank 1 is not a user constant bank (banks 2..15; 0 is the launch block, 1 the runtime's)
.const_var a0, 1, 0, 4, u32
// CHECK: [[@LINE+1]]:16: error: constant bank 16 is not a user constant bank
.const_var a1, 16, 0, 4, u32
// CHECK: [[@LINE+1]]:19: error: 'a2' (offset 65532, 8 bytes) does not fit the 64 KiB bank
.const_var a2, 2, 65532, 8, u32
// CHECK: [[@LINE+1]]:19: error: constant offset 2 is not a multiple of 4
.const_var a3, 2, 2, 4, u32
// CHECK: [[@LINE+1]]:25: error: unknown element type 'f16' (u8, s8, u16, s16, u32, s32, u64, s64, f32, f64, or texref)
.const_var a4, 2, 0, 4, f16
// CHECK: [[@LINE+1]]:25: error: element type texref (a texture reference's binding) needs a constant variable of 36 bytes
.const_var t1, 2, 0, 8, texref
// CHECK: [[@LINE+1]]:27: error: element type texref (a texture reference's binding) needs a constant variable of 36 bytes
.global_var t2, 0, 16, 8, texref
// CHECK: [[@LINE+1]]:22: error: size 6 is not a whole number of u32 elements
.const_var a5, 2, 0, 6, u32
// CHECK: [[@LINE+1]]:22: error: variable size must be positive
.const_var a6, 2, 0, 0, u8
.const_var ok, 2, 8, 8, u32
// CHECK: [[@LINE+1]]:12: error: 'b0' overlaps 'ok' (constant bank 2 offsets 8 to 16)
.const_var b0, 2, 12, 8, u32
// Another bank does not overlap.
.const_var b1, 3, 8, 8, u32
// CHECK: [[@LINE+1]]:1: error: .var_data runs past the end of 'b1' (8 bytes)
.var_data 1, 2, 3, 4, 5, 6, 7, 8, 9
// CHECK: [[@LINE+1]]:14: error: a data byte must be in the range [0, 255]
.var_data 1, 256
// CHECK: [[@LINE+1]]:12: error: 'ok' is already defined
.const_var ok, 4, 0, 4, u32
// CHECK: [[@LINE+1]]:23: error: alignment 3 is not a power of 2 up to 4096
.global_var g0, 0, 4, 3, u32
// CHECK: [[@LINE+1]]:17: error: offset 4 is not a multiple of the alignment 8
.global_var g1, 4, 8, 8, u64
.global_var g2, 0, 4, 4, u32
// CHECK: [[@LINE+1]]:13: error: 'g3' overlaps 'g2' (global block offsets 0 to 4)
.global_var g3, 0, 4, 4, u32
// CHECK: [[@LINE+1]]:19: error: expected ','
.global_var g4, 0 4, 4, u32
// CHECK: [[@LINE+1]]:13: error: expected a variable name after .global_var
.global_var 12, 0, 4, 4, u32
// .var_addr: both variables declared before, the target in the global
// block, eight bytes inside the holder, no two addresses overlapping.
.global_var p0, 0x100, 16, 8, u64
// CHECK: [[@LINE+1]]:11: error: 'nope' is not a variable declared before
.var_addr nope, 0, g2
// CHECK: [[@LINE+1]]:11: error: 'later' is not a variable declared before
.var_addr p0, 0, later
// CHECK: [[@LINE+1]]:11: error: 'ok' is a .const_var: only a .global_var has an address
.var_addr p0, 0, ok
// CHECK: [[@LINE+1]]:11: error: the address at byte 12 runs past the end of 'p0' (16 bytes)
.var_addr p0, 12, g2
.var_addr p0, 0, g2+4
// CHECK: [[@LINE+1]]:11: error: the address at byte 4 of 'p0' overlaps the one at byte 0
.var_addr p0, 4, g2
// CHECK: [[@LINE+1]]:18: error: expected the name of the variable whose address it holds
.var_addr p0, 8, 12
// CHECK: [[@LINE+1]]:14: error: expected ','
.var_addr p0 8, g2
.kernel k
// CHECK: [[@LINE+1]]:13: error: .global_var inside 'k': module variables are declared outside .kernel/.func
.global_var g5, 0x100, 4, 4, u32
// CHECK: [[@LINE+1]]:11: error: .var_addr inside 'k'
.var_addr p0, 8, g2
EXIT
.end_kernel
// CHECK: [[@LINE+1]]:9: error: 'g2' is already defined (a module variable)
.kernel g2
