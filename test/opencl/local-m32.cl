// -m32 (32-bit pointers): the object records abi=32, so a run script's plain
// buffer name and its local(BYTES) argument are 4 bytes each, as the
// kernel's parameters are (with abi=64 recorded, both were 8 bytes and the
// launch was refused). Each block reverses itself through a __local
// argument; the expected values are out[32 b + l] = 32 b + 31 - l.
// RUN: simt-cc -m32 %s -o %t.o
// RUN: llvm-objcopy-19 --dump-section .simt.info=%t.info %t.o %t.info.o
// RUN: FileCheck %s --check-prefix=INFO < %t.info
// INFO: kernel reverse {{.*}} abi=32
// RUN: simt-emu %t.o %S/Inputs/local-m32.simt
// RUN: simt-cc -m32 %s -S -o %t.s
// RUN: FileCheck %s --check-prefix=TEXT < %t.s
// TEXT: .kernel reverse
// TEXT-NEXT: .abi 32
// RUN: simt-as %t.s -o %t2.o
// RUN: cmp %t.o %t2.o

__kernel void reverse(__global int *out, __local int *tmp) {
  int lid = get_local_id(0);
  tmp[lid] = get_global_id(0);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = tmp[31 - lid];
}
