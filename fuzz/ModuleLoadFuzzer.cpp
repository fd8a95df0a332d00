//===-- ModuleLoadFuzzer.cpp - libFuzzer target: images for libcudart -----===//
//
// Any bytes as a module the CUDA runtime loads in the program's own
// process: cuModuleLoadData of an object (the object's header bounds what
// is read, elfObjectBytes), of PTX text (translated when loaded), and of
// bytes with an NVIDIA fat binary's magic; or the same image embedded as
// clang's registration hands it over (__cudaRegisterFatBinary with its
// wrapper, then a kernel's registration). The first byte picks the form
// (bit 0: a fat binary's magic first; bit 1: registered). A module loaded
// by the driver API is looked into (a function, a global) and unloaded, so
// that memory stays bounded; a registered one stays, as in a program, up to
// kMaxRegistered of them. No input may crash the process or leak.
//
// The image ends where an inaccessible page begins, as the end of a
// program's data often is: the API takes no length, so an image whose
// header claims more than it holds can only be caught where reading on
// would fault (readable heap bytes after it are read, here as on NVIDIA's
// driver); what the runtime must do is not to read past readable memory.
//
//===----------------------------------------------------------------------===//
#include <cuda.h>

#include <algorithm>
#include <cstdint>
#include <iostream>
#include <memory>
#include <sys/mman.h>
#include <unistd.h>
#include <vector>

// What clang's module constructor calls (it declares them itself).
extern "C" {
void **__cudaRegisterFatBinary(void *fatCubin);
void __cudaRegisterFatBinaryEnd(void **handle);
void __cudaRegisterFunction(void **handle, const char *hostFun, char *deviceFun,
                            const char *deviceName, int threadLimit, void *tid, void *bid,
                            void *bDim, void *gDim, int *wSize);
}

namespace {

/// The driver's context, once: every input loads into it.
bool initialized() {
  static const bool ok = [] {
    // The runtime's line for each refused image would flood the log
    // (a sanitizer's report goes to the descriptor, not through cerr).
    std::cerr.rdbuf(nullptr);
    CUdevice device;
    CUcontext context;
    return cuInit(0) == CUDA_SUCCESS && cuDeviceGet(&device, 0) == CUDA_SUCCESS &&
           cuCtxCreate(&context, 0, device) == CUDA_SUCCESS;
  }();
  return ok;
}

/// The image as the form asks: the bytes as they are (an object: the
/// seeds carry its magic; or text), or after NVIDIA's fat binary magic;
/// always NUL-terminated (PTX ends there).
std::vector<uint8_t> imageOf(uint8_t form, const uint8_t *data, size_t size) {
  std::vector<uint8_t> image;
  if (form % 2)
    image = {0x50, 0xed, 0x55, 0xba, 1, 0, 0x10, 0};
  image.insert(image.end(), data, data + size);
  image.push_back(0);
  return image;
}

/// `bytes` copied to the end of fresh pages followed by one with no access.
class GuardedImage {
public:
  explicit GuardedImage(const std::vector<uint8_t> &bytes) {
    const size_t page = size_t(sysconf(_SC_PAGESIZE));
    dataPages_ = (bytes.size() + page - 1) / page * page;
    total_ = dataPages_ + page;
    void *p = mmap(nullptr, total_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
      return;
    base_ = static_cast<uint8_t *>(p);
    mprotect(base_ + dataPages_, page, PROT_NONE);
    image_ = base_ + dataPages_ - bytes.size();
    std::copy(bytes.begin(), bytes.end(), image_);
  }
  ~GuardedImage() {
    if (base_)
      munmap(base_, total_);
  }
  GuardedImage(const GuardedImage &) = delete;
  GuardedImage &operator=(const GuardedImage &) = delete;
  const uint8_t *data() const { return image_; }

private:
  uint8_t *base_ = nullptr, *image_ = nullptr;
  size_t dataPages_ = 0, total_ = 0;
};

/// clang's fat binary wrapper (what __cudaRegisterFatBinary receives).
struct FatbinWrapper {
  int magic = 0x466243B1, version = 1;
  const void *data = nullptr, *unused = nullptr;
};

/// A program's embedded images live as long as the process: so do these.
constexpr size_t kMaxRegistered = 2048;
std::vector<std::unique_ptr<GuardedImage>> RegisteredImages;
std::vector<std::unique_ptr<FatbinWrapper>> Wrappers;

void hostStub() {}

/// The registration path: the wrapper, then a kernel named "k".
void registerImage(std::vector<uint8_t> bytes) {
  if (RegisteredImages.size() >= kMaxRegistered)
    return;
  RegisteredImages.push_back(std::make_unique<GuardedImage>(bytes));
  if (!RegisteredImages.back()->data())
    return;
  Wrappers.push_back(std::make_unique<FatbinWrapper>());
  Wrappers.back()->data = RegisteredImages.back()->data();
  void **handle = __cudaRegisterFatBinary(Wrappers.back().get());
  char name[] = "k";
  __cudaRegisterFunction(handle, reinterpret_cast<const char *>(&hostStub), name, name, -1,
                         nullptr, nullptr, nullptr, nullptr, nullptr);
  __cudaRegisterFatBinaryEnd(handle);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size == 0 || !initialized())
    return 0;
  if (Data[0] & 2) {
    registerImage(imageOf(Data[0], Data + 1, Size - 1));
    return 0;
  }
  const GuardedImage image(imageOf(Data[0], Data + 1, Size - 1));
  CUmodule module;
  if (!image.data() || cuModuleLoadData(&module, image.data()) != CUDA_SUCCESS)
    return 0;
  CUfunction function;
  (void)cuModuleGetFunction(&function, module, "k");
  CUdeviceptr global;
  size_t bytes;
  (void)cuModuleGetGlobal(&global, &bytes, module, "g");
  (void)cuModuleUnload(module);
  return 0;
}
