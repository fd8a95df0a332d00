//===-- ParamTypes.h - Kernel parameters by their C names and types -------===//
//
// A kernel's `.param`s carry PTX's names (`_Z4fillPii_param_1`), not the
// program's. Launch messages name a parameter as the user wrote the kernel:
// by position, with its C type from the demangled signature, and with its
// name where one is known (an assembly kernel's own `.param` names):
//   parameter 2 (int) of fill(int*, int)
//   parameter 1 'x' of kernel 'saxpy'
// The C types also catch a typed value that runs unnoticed but means
// something else to the kernel (`0u32` for a `float`, `1.5f32` for an `int`,
// an integer for a pointer): warnings, since the bits may be meant.
//
//===----------------------------------------------------------------------===//
#ifndef SIMT_RUNTIME_PARAMTYPES_H
#define SIMT_RUNTIME_PARAMTYPES_H

#include "runtime/ObjectFile.h"
#include "runtime/RunScriptCommands.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace simt::rt {

/// What the launch checks need to know of a C type.
enum class CTypeKind : uint8_t { Other, Pointer, Integer, Floating, Bool };

struct CParam {
  std::string type; ///< as demangled: "int*", "float", "Params"
  CTypeKind kind = CTypeKind::Other;
};

/// The C signature a mangled kernel name spells.
struct KernelSignature {
  std::string function;       ///< "fill(int*, int)"
  std::vector<CParam> params; ///< in order
};

/// The signature of `name`; nullopt when it is not a mangled function
/// (an `extern "C"` or assembly kernel).
std::optional<KernelSignature> kernelSignature(std::string_view name);

/// What kind of C type `type` (as demangled) is.
CTypeKind classifyCType(std::string_view type);

/// How launch messages name kernel `k`'s parameters.
class ParamNames {
public:
  explicit ParamNames(const KernelInfo &k);
  /// "fill(int*, int)" for a mangled kernel, else "kernel 'saxpy'".
  const std::string &kernel() const { return kernel_; }
  /// Parameter `index` (0-based): "parameter 2 (int) of fill(int*, int)",
  /// "parameter 1 'x' of kernel 'saxpy'", "parameter 3 of kernel 'k'".
  std::string describe(size_t index) const;
  /// Its C type, when the signature gives it.
  const CParam *type(size_t index) const;
  /// The names of the parameters, "(x, n)", when every one has a name; "".
  std::string nameList() const;

private:
  /// A parameter's own name: the `.param`'s, unless PTX made it up.
  std::string nameOf(size_t index) const;
  const KernelInfo &k_;
  std::optional<KernelSignature> sig_;
  std::string kernel_;
};

/// The warnings a launch's arguments deserve against their parameters' C
/// types (its sizes already checked by packLaunchParams): a float value for
/// an integer, bool or pointer, an integer value for a float, a nonzero
/// integer for a pointer, a buffer's address for a float or bool.
std::vector<std::string> launchArgWarnings(const LaunchCommand &launch, const KernelInfo &k);

} // namespace simt::rt

#endif // SIMT_RUNTIME_PARAMTYPES_H
