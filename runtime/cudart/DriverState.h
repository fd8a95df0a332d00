//===-- DriverState.h - The driver API's own state ------------------------===//
//
// What the driver API keeps beside the state it shares with the runtime
// API (the device, modules, streams, events): whether cuInit was called,
// its one context, and the function and link handles it gave out. The
// Runtime owns it (Runtime::driver()).
//
//===----------------------------------------------------------------------===//
#ifndef SIMT_RUNTIME_CUDART_DRIVERSTATE_H
#define SIMT_RUNTIME_CUDART_DRIVERSTATE_H

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace simt::rt {
struct LoadedCode;
}
namespace simt::cudart {
struct Module;
}

/// A kernel of a loaded module (cuda.h's CUfunction).
struct CUfunc_st {
  const simt::rt::LoadedCode *code = nullptr;
  const simt::cudart::Module *module = nullptr; ///< null: unloaded since
};
/// The one context: the runtime's device (CUcontext).
struct CUctx_st {};
/// A link in progress (CUlinkState): its one input and, once complete, the
/// object.
struct CUlinkState_st {
  std::vector<uint8_t> input, output;
  bool ptx = false;
  std::string name;
};

namespace simt::cudart {

struct DriverState {
  bool initialized = false; ///< cuInit has been called
  CUctx_st context;         ///< the one context's handle
  unsigned createdContexts = 0; ///< cuCtxCreate'd and not destroyed
  std::vector<std::unique_ptr<CUfunc_st>> functions;
  std::vector<std::unique_ptr<CUlinkState_st>> links;
};

} // namespace simt::cudart

#endif // SIMT_RUNTIME_CUDART_DRIVERSTATE_H
