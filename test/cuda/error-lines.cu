// Errors in the PTX clang writes for a .cu file are shown at the .cu line
// (and column) they came from, with or without -lineinfo, and the PTX line
// as a note: the user has no PTX file. Inline asm: the asm statement;
// variables too large: their declaration; too much .shared: the kernel.
// RUN: not simt-nvcc -c -DASM %s -o %t.o 2>&1 | FileCheck %s --check-prefix=ASM
// RUN: not simt-nvcc -c -lineinfo -DASM %s -o %t.o 2>&1 | FileCheck %s --check-prefix=ASM
// RUN: not simt-nvcc -c -DSHARED %s -o %t.o 2>&1 | FileCheck %s --check-prefix=SHARED
// RUN: not simt-nvcc -c -DDEVICE %s -o %t.o 2>&1 | FileCheck %s --check-prefix=DEVICE
// RUN: not simt-nvcc -c -DCONSTANT %s -o %t.o 2>&1 | FileCheck %s --check-prefix=CONSTANT
// RUN: not simt-nvcc -arch=sm_20 -c -DNEWER %s -o %t.o 2>&1 | FileCheck %s --check-prefix=NEWER
// RUN: not simt-nvcc -c -DEXTERN %s -o %t.o 2>&1 | FileCheck %s --check-prefix=EXTERN
//
// The object of good code is the one written without the line directives
// (simt-cc --keep-ptx asks clang for none), with and without -O0.
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: simt-cc %s -o %t.d/a.o
// RUN: simt-cc --keep-ptx %s -o %t.d/b.o
// RUN: cmp %t.d/a.o %t.d/b.o
// RUN: simt-cc -O0 %s -o %t.d/a0.o
// RUN: simt-cc -O0 --keep-ptx %s -o %t.d/b0.o
// RUN: cmp %t.d/a0.o %t.d/b0.o

__global__ void good(int *p) {
  if (p[0] > 3)
    p[1] = p[2] + 1;
}

#ifdef ASM
__global__ void badAsm(int *p) {
  int x = p[0];
  // ASM: error-lines.cu:[[@LINE+4]]:3: error: unknown PTX instruction 'bogus'
  // ASM-NEXT: {{^}}  asm volatile("bogus %0;" : : "r"(x));
  // ASM-NEXT: {{^}}  ^
  // ASM-NEXT: note: in the PTX clang wrote for it, line {{[0-9]+}}: bogus %r{{[0-9]+}};
  asm volatile("bogus %0;" : : "r"(x));
  p[1] = x;
}
#endif

#ifdef SHARED
// SHARED: error-lines.cu:[[@LINE+3]]:17: error: .shared must be at most 49152 bytes
// SHARED-NEXT: {{^}}__global__ void tooMuchShared(int *p) {
// SHARED: note: in the PTX clang wrote for it, line {{[0-9]+}}: .visible .entry _Z13tooMuchSharedPi(
__global__ void tooMuchShared(int *p) {
  __shared__ int tile[20000];
  tile[p[0]] = 1;
  __syncthreads();
  p[1] = tile[p[2]];
}
#endif

#ifdef DEVICE
// DEVICE: error-lines.cu:[[@LINE+3]]:17: error:
// DEVICE-NEXT: {{^}}__device__ char huge[3ull << 30];
// DEVICE: note: in the PTX clang wrote for it, line {{[0-9]+}}: {{.*}}.global .align 1 .b8 huge[
__device__ char huge[3ull << 30];
__global__ void useHuge(int *p) { huge[p[0]] = 1; }
#endif

#ifdef CONSTANT
// The translator reports the use (where the code needs the address), then
// the declaration.
// CONSTANT: error-lines.cu:[[@LINE+9]]:43: error: not supported yet: 'table': .const variables beyond the 64 KiB
// CONSTANT-NEXT: {{^}}__global__ void useTable(int *p) { p[0] = table[p[1]]; }
// CONSTANT-NEXT: {{^}}                                          ^
// CONSTANT-NEXT: note: in the PTX clang wrote for it, line {{[0-9]+}}: mov.u64 %rd{{[0-9]+}}, table;
// CONSTANT-NEXT: error-lines.cu:[[@LINE+4]]:18: note: 'table' is declared here
// CONSTANT-NEXT: {{^}}__constant__ int table[20000];
// CONSTANT-NEXT: {{^}}                 ^
// CONSTANT-NOT: in the PTX clang wrote
__constant__ int table[20000];
__global__ void useTable(int *p) { p[0] = table[p[1]]; }
#endif

#ifdef NEWER
__global__ void newer(unsigned *p) {
  unsigned r;
  // NEWER: error-lines.cu:[[@LINE+2]]:3: error:
  // NEWER: note: in the PTX clang wrote for it, line {{[0-9]+}}: shf.l.wrap.b32
  asm("shf.l.wrap.b32 %0, %1, %2, %3;" : "=r"(r) : "r"(p[0]), "r"(p[1]), "r"(p[2]));
  p[3] = r;
}
#endif

#ifdef EXTERN
extern __device__ int elsewhere(int);
__global__ void callsElsewhere(int *p) {
  // EXTERN: error-lines.cu:[[@LINE+2]]:10: error: a call of '_Z9elsewherei', which has no body in this module
  // EXTERN: note: in the PTX clang wrote for it, line {{[0-9]+}}: call.uni
  p[0] = elsewhere(p[1]);
}
#endif
