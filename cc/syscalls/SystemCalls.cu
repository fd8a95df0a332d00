// The PTX ISA's system calls that a PTX module may call without defining
// them (malloc, free, __assertfail; vprintf is lowered by the printf pass),
// as the toolchain's own CUDA C defines them: the device heap of
// __simt_device_heap.h and the device assert of __simt_fermi_limits.h.
// scripts/gen-system-calls.sh compiles this file to SystemCalls.ptx, which
// the translator links into modules that declare the calls
// (cc/SystemCalls.cpp); test/cc/system-calls-current.test checks that the
// checked-in PTX is what this file compiles to today.

// CUDA's __assertfail: the message, the file, the line, the function, and
// the size of their characters (1).
extern "C" __device__ __attribute__((noinline, noreturn)) void
__assertfail(const char *message, const char *file, unsigned line, const char *function,
             __SIZE_TYPE__ charSize) {
  (void)charSize;
  __assert_fail(message, file, line, function);
}

// Its calls make clang emit the functions (they are inline in the headers);
// the linker takes functions only, never this kernel.
extern "C" __global__ void __simt_system_calls(void **p, __SIZE_TYPE__ n, const char *s) {
  p[0] = malloc(n);
  free(p[1]);
  if (n == 3)
    __assertfail(s, s, 1, s, 1);
}
