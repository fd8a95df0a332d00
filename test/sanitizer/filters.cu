// Which launches are checked (--kernel-name, --launch-skip, --launch-count)
// and which reports a suppression file silences. Every launch reads one
// int nothing wrote (initcheck: one error per checked launch); launches
// that are not checked still run under the tool.
// RUN: simt-nvcc -O2 -lineinfo %s -o %t
// DEFINE: %{san} = simt-sanitizer --tool initcheck
// RUN: %{san} %t 2>&1 | FileCheck %s --check-prefix=ALL
// RUN: %{san} --kernel-name first %t 2>&1 | FileCheck %s --check-prefix=FIRST
// RUN: %{san} --kernel-name kns=irs --launch-skip 1 %t 2>&1 | FileCheck %s --check-prefix=SKIP
// RUN: %{san} --kernel-name kne=_Z5firstPKiPi --launch-count 1 %t 2>&1 | FileCheck %s --check-prefix=COUNT
// RUN: %{san} --kernel-name kns=third %t 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: %{san} --kernel-name-exclude second %t 2>&1 | FileCheck %s --check-prefix=FIRST
// RUN: %{san} --kernel-name kns=s --kernel-name-exclude kns=fir %t 2>&1 | FileCheck %s --check-prefix=SECOND
// RUN: printf 'uninitialized second(*)\n' > %t.supp
// RUN: %{san} --suppressions %t.supp %t 2>&1 | FileCheck %s --check-prefix=SUPP
// RUN: printf 'uninitialized * *filters.cu:2?\n# everything at lines 20..29\n' > %t.lines
// RUN: %{san} --suppressions %t.lines %t 2>&1 | FileCheck %s --check-prefix=LINES
// RUN: printf 'no-such-kind x\n' > %t.bad
// RUN: not %{san} --suppressions %t.bad %t 2>&1 | FileCheck %s --check-prefix=BAD
#include <cstdio>

__global__ void first(const int *p, int *out) { out[0] = p[0]; }
__global__ void second(const int *p, int *out) { out[1] = p[1]; }

int main() {
  int *p, *out;
  cudaMalloc(&p, 8);
  cudaMalloc(&out, 8);
  for (int i = 0; i < 3; ++i)
    first<<<1, 1>>>(p, out);
  second<<<1, 1>>>(p, out);
  cudaDeviceSynchronize();
  cudaFree(p);
  cudaFree(out);
  printf("ran\n");
  return 0;
}

// ALL: ERROR SUMMARY: 4 errors
// FIRST-COUNT-3: at first(const int *, int *)+0x{{[0-9a-f]+}} in {{.*}}filters.cu:22
// FIRST-NOT: second
// FIRST: ERROR SUMMARY: 3 errors
// SECOND-NOT: at first(
// SECOND: at second(const int *, int *)+0x{{[0-9a-f]+}} in {{.*}}filters.cu:23
// SECOND-NOT: at first(
// SECOND: ERROR SUMMARY: 1 error
// SKIP: ERROR SUMMARY: 2 errors
// COUNT-COUNT-1: at first(const int *, int *)+0x{{[0-9a-f]+}} in {{.*}}filters.cu:22
// COUNT: ERROR SUMMARY: 1 error
// NONE: ERROR SUMMARY: 0 errors
// SUPP-NOT: second(
// SUPP: ERROR SUMMARY: 3 errors
// LINES: ran
// LINES: ERROR SUMMARY: 0 errors
// BAD: simt-sanitizer: error: {{.*}}.bad:1: a rule is KIND FUNCTION [SOURCE]
