// Device objects whose headers lie, handed over without a length: by
// cuModuleLoadData (the image placed at the end of readable memory, so that a
// read past it would fault) and by the registration of a file whose embedded
// object is corrupt. Each is refused as an invalid image (CUDA's
// CUDA_ERROR_INVALID_IMAGE / cudaErrorInvalidKernelImage, "the device kernel
// image is invalid") with the reason, never a crash; then the process still
// works (allocate, launch, copy back, verify: "health OK"). Also files
// cuModuleLoad cannot read.
// RUN: rm -rf %t && mkdir -p %t
// RUN: simt-nvcc -cubin %S/Inputs/driver_kernels.cu -o %t/k.cubin
// RUN: simt-nvcc -O2 -c %S/Inputs/patched_kernel.cu -o %t/twice.o
// RUN: simt-nvcc -O2 %s %t/twice.o -o %t/app -lcuda
// RUN: %t/app load %t/k.cubin 2>&1 | FileCheck %s --check-prefix=GOOD
// GOOD: cuModuleLoadData: CUDA_SUCCESS
// GOOD-NEXT: health OK
//
// The section header table far away, or just past the image's end.
// RUN: %python %S/Inputs/corrupt_image.py %t/k.cubin %t/shoff.cubin e_shoff 0x4141414141414141
// RUN: %t/app load %t/shoff.cubin 2>&1 | FileCheck %s --check-prefix=SHOFF
// SHOFF: simt-cudart: cuModuleLoadData: the image: ELF header: the section header table at e_shoff 0x4141414141414141 is not within 268435456 bytes, the largest object the tools load
// SHOFF-NEXT: cuModuleLoadData: CUDA_ERROR_INVALID_IMAGE
// SHOFF-NEXT: health OK
// RUN: %python %S/Inputs/corrupt_image.py %t/k.cubin %t/near.cubin e_shoff 0x100000
// RUN: %t/app load %t/near.cubin 2>&1 | FileCheck %s --check-prefix=PAST-END
// RUN: %python %S/Inputs/corrupt_image.py %t/k.cubin %t/shnum.cubin e_shnum 0xffff
// RUN: %t/app load %t/shnum.cubin 2>&1 | FileCheck %s --check-prefix=PAST-END
// A truncated image: its header claims more than there is.
// RUN: %python %S/Inputs/corrupt_image.py %t/k.cubin %t/short.cubin truncate 200
// RUN: %t/app load %t/short.cubin 2>&1 | FileCheck %s --check-prefix=PAST-END
// PAST-END: simt-cudart: cuModuleLoadData: the image: its header claims {{[0-9]+}} bytes, past the end of readable memory (a truncated or corrupt object)
// PAST-END-NEXT: cuModuleLoadData: CUDA_ERROR_INVALID_IMAGE
// PAST-END-NEXT: health OK
// RUN: %python %S/Inputs/corrupt_image.py %t/k.cubin %t/tiny.cubin truncate 16
// RUN: %t/app load %t/tiny.cubin 2>&1 | FileCheck %s --check-prefix=TINY
// TINY: simt-cudart: cuModuleLoadData: the image: its ELF header is not in readable memory (a truncated object)
// TINY-NEXT: cuModuleLoadData: CUDA_ERROR_INVALID_IMAGE
// TINY-NEXT: health OK
//
// Header fields inconsistent with ELF64 or with each other.
// RUN: %python %S/Inputs/corrupt_image.py %t/k.cubin %t/shentsize.cubin e_shentsize 0x1000
// RUN: %t/app load %t/shentsize.cubin 2>&1 | FileCheck %s --check-prefix=SHENTSIZE
// SHENTSIZE: simt-cudart: cuModuleLoadData: the image: ELF header: e_ehsize 64 and e_shentsize 4096 are not ELF64's 64 and 64
// SHENTSIZE-NEXT: cuModuleLoadData: CUDA_ERROR_INVALID_IMAGE
// SHENTSIZE-NEXT: health OK
// RUN: %python %S/Inputs/corrupt_image.py %t/k.cubin %t/strndx.cubin e_shstrndx 200
// RUN: %t/app load %t/strndx.cubin 2>&1 | FileCheck %s --check-prefix=STRNDX
// STRNDX: simt-cudart: cuModuleLoadData: the image: ELF header: e_shstrndx 200 is not one of its {{[0-9]+}} sections
// STRNDX-NEXT: cuModuleLoadData: CUDA_ERROR_INVALID_IMAGE
// STRNDX-NEXT: health OK
// RUN: %python %S/Inputs/corrupt_image.py %t/k.cubin %t/phnum.cubin e_phnum 4
// RUN: %python %S/Inputs/corrupt_image.py %t/phnum.cubin %t/phent.cubin e_phentsize 56
// RUN: %python %S/Inputs/corrupt_image.py %t/phent.cubin %t/phoff.cubin e_phoff 0x7fffffff
// RUN: %t/app load %t/phoff.cubin 2>&1 | FileCheck %s --check-prefix=PHOFF
// PHOFF: simt-cudart: cuModuleLoadData: the image: ELF header: 4 program headers of 56 bytes at e_phoff 0x7fffffff are not within the object's {{[0-9]+}} bytes
// PHOFF-NEXT: cuModuleLoadData: CUDA_ERROR_INVALID_IMAGE
// PHOFF-NEXT: health OK
// A section outside the image: the loader's own checks, within its bytes.
// RUN: %python %S/../tools/Inputs/corrupt_object.py %t/k.cubin %t/section.cubin offset .symtab 0xfffffffff0
// RUN: %t/app load %t/section.cubin 2>&1 | FileCheck %s --check-prefix=SECTION
// SECTION: simt-cudart: cuModuleLoadData: {{.*}}section [index {{[0-9]+}}] has a sh_offset (0xfffffffff0) + sh_size ({{.*}}) that is greater than the file size
// SECTION-NEXT: cuModuleLoadData: CUDA_ERROR_INVALID_IMAGE
// SECTION-NEXT: health OK
//
// The registration of a file whose embedded object is corrupt: its kernel's
// launch fails, the program's other kernels run.
// RUN: %t/app registered 2>&1 | FileCheck %s --check-prefix=REGISTERED
// REGISTERED: launch_twice: cudaSuccess
// REGISTERED-NEXT: health OK
// RUN: %python %S/Inputs/corrupt_image.py %t/twice.o %t/twice-shoff.o e_shoff 0x4141414141414141
// RUN: simt-nvcc -O2 %s %t/twice-shoff.o -o %t/app-shoff -lcuda
// RUN: %t/app-shoff registered 2>&1 | FileCheck %s --check-prefix=REG-SHOFF
// REG-SHOFF: simt-cudart: cudaLaunchKernel: kernel '{{.*}}twice{{.*}}': its device code cannot be loaded: the embedded device code: ELF header: the section header table at e_shoff 0x4141414141414141 is not within 268435456 bytes, the largest object the tools load
// REG-SHOFF-NEXT: launch_twice: cudaErrorInvalidKernelImage
// REG-SHOFF-NEXT: health OK
// RUN: %python %S/Inputs/corrupt_image.py %t/twice.o %t/twice-far.o e_shoff 0xfff0000
// RUN: simt-nvcc -O2 %s %t/twice-far.o -o %t/app-far -lcuda
// RUN: %t/app-far registered 2>&1 | FileCheck %s --check-prefix=REG-FAR
// REG-FAR: simt-cudart: cudaLaunchKernel: kernel '{{.*}}twice{{.*}}': its device code cannot be loaded: the embedded device code: its header claims {{[0-9]+}} bytes, past the end of readable memory (a truncated or corrupt object)
// REG-FAR-NEXT: launch_twice: cudaErrorInvalidKernelImage
// REG-FAR-NEXT: health OK
// RUN: %python %S/Inputs/corrupt_image.py %t/twice.o %t/twice-shnum.o e_shnum 0
// RUN: simt-nvcc -O2 %s %t/twice-shnum.o -o %t/app-shnum -lcuda
// RUN: %t/app-shnum registered 2>&1 | FileCheck %s --check-prefix=REG-SHNUM
// REG-SHNUM: simt-cudart: cudaLaunchKernel: kernel '{{.*}}twice{{.*}}': its device code cannot be loaded: the embedded device code: ELF header: e_shstrndx {{[0-9]+}} is not one of its 0 sections
// REG-SHNUM-NEXT: launch_twice: cudaErrorInvalidKernelImage
// REG-SHNUM-NEXT: health OK
//
// Files cuModuleLoad cannot read: CUDA_ERROR_FILE_NOT_FOUND, "the file
// specified was not found" (a directory threw std::ios_failure out of the
// call; /dev/zero was read without end).
// RUN: %t/app loadfile %t 2>&1 | FileCheck %s --check-prefix=DIR -DDIR=%t
// DIR: simt-cudart: cuModuleLoad: cannot read '[[DIR]]': Is a directory
// DIR-NEXT: cuModuleLoad: CUDA_ERROR_FILE_NOT_FOUND
// DIR-NEXT: health OK
// RUN: %t/app loadfile /dev/zero 2>&1 | FileCheck %s --check-prefix=ZERO
// ZERO: simt-cudart: cuModuleLoad: cannot read '/dev/zero': more than 268435456 bytes, the limit for an object file
// ZERO-NEXT: cuModuleLoad: CUDA_ERROR_FILE_NOT_FOUND
// ZERO-NEXT: health OK
#include <cuda.h>
#include <cuda_runtime.h>

#include <cstdio>
#include <cstring>
#include <sys/mman.h>
#include <unistd.h>
#include <vector>

#include "Inputs/health.h"
cudaError_t launch_twice(int *d); // Inputs/patched_kernel.cu

static void say(const char *what, CUresult r) {
  const char *name = nullptr;
  cuGetErrorName(r, &name);
  printf("%s: %s\n", what, name ? name : "?");
}

// A file's bytes placed so that they end where a page without access
// begins: a read past them faults.
static const void *atEndOfMemory(const char *path) {
  std::vector<char> bytes;
  if (FILE *f = fopen(path, "rb")) {
    for (int c; (c = fgetc(f)) != EOF;)
      bytes.push_back(char(c));
    fclose(f);
  }
  const size_t page = size_t(sysconf(_SC_PAGESIZE));
  const size_t pages = (bytes.size() + page - 1) / page + 1;
  auto *base = static_cast<char *>(
      mmap(nullptr, pages * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
  char *guard = base + (pages - 1) * page;
  mprotect(guard, page, PROT_NONE);
  memcpy(guard - bytes.size(), bytes.data(), bytes.size());
  return guard - bytes.size();
}

int main(int argc, char **argv) {
  setvbuf(stdout, nullptr, _IONBF, 0); // in order with the runtime's messages
  const char *c = argc > 1 ? argv[1] : "";
  const char *file = argc > 2 ? argv[2] : "";
  CUmodule m;
  CUdevice dev;
  CUcontext ctx;
  cuInit(0);
  cuDeviceGet(&dev, 0);
  cuCtxCreate(&ctx, 0, dev);
  if (!strcmp(c, "load")) {
    say("cuModuleLoadData", cuModuleLoadData(&m, atEndOfMemory(file)));
  } else if (!strcmp(c, "loadfile")) {
    say("cuModuleLoad", cuModuleLoad(&m, file));
  } else if (!strcmp(c, "registered")) {
    int *d = nullptr;
    cudaMalloc(&d, 32 * sizeof(int));
    printf("launch_twice: %s\n", cudaGetErrorName(launch_twice(d)));
    cudaFree(d);
  } else {
    return printf("usage: corrupt_images load|loadfile FILE, or registered\n"), 2;
  }
  return health();
}
