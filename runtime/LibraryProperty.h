//===-- LibraryProperty.h - A CUDA library's version, by property ---------===//
//
// What cublasGetProperty and curandGetProperty answer: the major, minor or
// patch number of the library's version (library_types.h's
// libraryPropertyType), or false for no value or another property.
//
//===----------------------------------------------------------------------===//
#ifndef SIMT_RUNTIME_LIBRARYPROPERTY_H
#define SIMT_RUNTIME_LIBRARYPROPERTY_H

#include <library_types.h>

namespace simt::rt {

inline bool libraryProperty(libraryPropertyType type, int *value, int major, int minor,
                            int patch) {
  if (!value)
    return false;
  switch (type) {
  case MAJOR_VERSION: *value = major; return true;
  case MINOR_VERSION: *value = minor; return true;
  case PATCH_LEVEL: *value = patch; return true;
  }
  return false;
}

} // namespace simt::rt

#endif
