// OpenCL C's `inline` functions, as real kernels write them for helpers,
// at every optimisation level: C99 makes a plain `inline` definition an
// inline definition only, which clang does not emit when it does not
// inline the call (at -O0 never), leaving a call of a function that has no
// body; simt-cc compiles OpenCL C with GNU89's inline rules, which keep the
// definition. A `static inline` helper and a recursive-free chain of two.
// RUN: simt-cc -O0 %s -o %t.o0.o
// RUN: simt-emu %t.o0.o %S/Inputs/inline_functions.simt
// RUN: simt-cc -O2 %s -o %t.o2.o
// RUN: simt-emu %t.o2.o %S/Inputs/inline_functions.simt

inline int twice(int x) { return 2 * x; }
inline int twice_plus(int x, int y) { return twice(x) + y; }
static inline int square(int x) { return x * x; }

__kernel void k(__global int *a) {
  size_t i = get_global_id(0);
  a[i] = twice_plus(a[i], square((int)i));
}
