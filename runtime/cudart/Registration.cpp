//===-- Registration.cpp - What clang's module constructors call ----------===//
//
// clang's host compilation of a .cu file (simt-nvcc passes it this ISA's
// object with -fcuda-include-gpubinary) emits a constructor that registers
// the embedded object, each kernel's host stub and each device variable's
// host shadow, and a destructor that unregisters the object at exit.
//
//===----------------------------------------------------------------------===//
#include "runtime/cudart/Runtime.h"

using simt::cudart::Module;
using simt::cudart::Runtime;

extern "C" {

void **__cudaRegisterFatBinary(void *fatCubin) try {
  SIMT_CUDART_ENTRY;
  return reinterpret_cast<void **>(RT.registerModule(fatCubin));
} SIMT_CUDART_CATCH_RETURNING(nullptr)

// CUDA 10.1's end of a module's registration: nothing is pending here.
void __cudaRegisterFatBinaryEnd(void **) {}

void __cudaUnregisterFatBinary(void **handle) try {
  SIMT_CUDART_ENTRY;
  RT.unregisterModule(reinterpret_cast<Module *>(handle));
} SIMT_CUDART_CATCH_RETURNING()

void __cudaRegisterFunction(void **handle, const char *hostFun, char *deviceFun,
                            const char * /*deviceName*/, int /*threadLimit*/, void * /*tid*/,
                            void * /*bid*/, void * /*bDim*/, void * /*gDim*/, int * /*wSize*/) try {
  SIMT_CUDART_ENTRY;
  RT.registerKernel(reinterpret_cast<Module *>(handle), hostFun, deviceFun);
} SIMT_CUDART_CATCH_RETURNING()

void __cudaRegisterVar(void **handle, char *hostVar, char *deviceAddress,
                       const char * /*deviceName*/, int /*ext*/, size_t size, int constant,
                       int /*global*/) try {
  SIMT_CUDART_ENTRY;
  RT.registerSymbol(reinterpret_cast<Module *>(handle), hostVar, deviceAddress, size,
                    constant != 0, false);
  if (!constant && Runtime::isManagedShadow(hostVar))
    RT.registerManaged(reinterpret_cast<Module *>(handle), hostVar, deviceAddress, size);
} SIMT_CUDART_CATCH_RETURNING()

void __cudaRegisterManagedVar(void **handle, void **hostVarPtrAddress, char *deviceAddress,
                              const char *, int, size_t size, int, int) try {
  SIMT_CUDART_ENTRY;
  RT.registerSymbol(reinterpret_cast<Module *>(handle), hostVarPtrAddress, deviceAddress, size,
                    false, false);
} SIMT_CUDART_CATCH_RETURNING()

void __cudaRegisterTexture(void **handle, const void *hostVar, const void ** /*deviceAddress*/,
                           const char *deviceName, int /*dim*/, int /*norm*/, int /*ext*/) try {
  SIMT_CUDART_ENTRY;
  RT.registerSymbol(reinterpret_cast<Module *>(handle), hostVar, deviceName, 0, true, true);
} SIMT_CUDART_CATCH_RETURNING()

void __cudaRegisterSurface(void **handle, const void *hostVar, const void **,
                           const char *deviceName, int, int) try {
  SIMT_CUDART_ENTRY;
  RT.registerSymbol(reinterpret_cast<Module *>(handle), hostVar, deviceName, 0, false, false);
} SIMT_CUDART_CATCH_RETURNING()

char __cudaInitModule(void **) { return 1; }

} // extern "C"
