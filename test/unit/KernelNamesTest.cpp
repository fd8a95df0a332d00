//===-- KernelNamesTest.cpp - Kernels named by plain or demangled names ---===//
#include "runtime/KernelNames.h"

#include <gtest/gtest.h>

using namespace simt::rt;

namespace {

// Spelled by hand from the Itanium C++ ABI's mangling rules, not taken from
// the demangler under test.
const std::vector<std::string_view> Loaded = {
    "_Z4gemmPfS_S_",      // gemm(float*, float*, float*)
    "_Z4fillPfi",         // fill(float*, int)
    "_Z4fillPii",         // fill(int*, int)
    "_ZN2ns5scaleEPf",    // ns::scale(float*)
    "_Z4fillIfEvPT_i",    // void fill<float>(float*, int)
    "plain",              // extern "C"
    "gemm2",              // a plain name that is not gemm's
};

TEST(KernelNames, DemangleAndDescribe) {
  EXPECT_EQ(demangleKernelName("_Z4gemmPfS_S_"), "gemm(float*, float*, float*)");
  EXPECT_EQ(demangleKernelName("_ZN2ns5scaleEPf"), "ns::scale(float*)");
  EXPECT_EQ(demangleKernelName("plain"), "plain");
  EXPECT_EQ(demangleKernelName("_Z"), "_Z"); // not a whole mangled name
  EXPECT_EQ(plainKernelName("_ZN2ns5scaleEPf"), "scale");
  EXPECT_EQ(plainKernelName("_Z4fillIfEvPT_i"), "fill");
  EXPECT_EQ(plainKernelName("plain"), "plain");
  EXPECT_EQ(describeKernelName("_Z4gemmPfS_S_"), "gemm(float*, float*, float*) (_Z4gemmPfS_S_)");
  EXPECT_EQ(describeKernelName("plain"), "plain");
}

TEST(KernelNames, ResolvesUniqueNames) {
  auto At = [](std::string_view Q) {
    Expected<size_t> R = resolveKernelName(Loaded, Q);
    return R ? int(*R) : -1;
  };
  EXPECT_EQ(At("_Z4gemmPfS_S_"), 0);
  EXPECT_EQ(At("gemm"), 0);
  EXPECT_EQ(At("gemm(float*, float*, float*)"), 0);
  EXPECT_EQ(At("gemm2"), 6);
  EXPECT_EQ(At("scale"), 3);
  EXPECT_EQ(At("ns::scale"), 3);
  EXPECT_EQ(At("fill<float>"), 4);
  EXPECT_EQ(At("fill(int*, int)"), 2);
  EXPECT_EQ(At("_Z4fillPfi"), 1);
  EXPECT_EQ(At("plain"), 5);
  EXPECT_EQ(At("gem"), -1);
  EXPECT_EQ(At("ns"), -1);
}

TEST(KernelNames, AmbiguousAndMissingNamesAreErrors) {
  Expected<size_t> R = resolveKernelName(Loaded, "fill");
  ASSERT_FALSE(R);
  EXPECT_EQ(R.message(), "kernel name 'fill' is ambiguous: fill(float*, int) (_Z4fillPfi), "
                         "fill(int*, int) (_Z4fillPii), void fill<float>(float*, int) "
                         "(_Z4fillIfEvPT_i); give the mangled name");
  EXPECT_EQ(kernelsNamed(Loaded, "fill").size(), 3u);
  Expected<size_t> M = resolveKernelName(Loaded, "nosuch");
  ASSERT_FALSE(M);
  EXPECT_EQ(M.message(), "no kernel named 'nosuch' is loaded");
  EXPECT_EQ(resolveKernelName(Loaded, "gem").message(),
            "no kernel named 'gem' is loaded; did you mean 'gemm'?");
  // An exact name wins over plain names of others.
  std::vector<std::string_view> Clash = {"_Z4gemmPf", "gemm"};
  EXPECT_EQ(*resolveKernelName(Clash, "gemm"), 1u);
}

TEST(KernelNames, SuggestsTheClosestName) {
  EXPECT_EQ(closestKernelName(Loaded, "gem"), "gemm");      // one edit
  EXPECT_EQ(closestKernelName(Loaded, "gemm3"), "gemm");    // gemm2 is as near: the first loaded wins
  EXPECT_EQ(closestKernelName(Loaded, "scael"), "scale");   // a swap is two edits, 5 letters allow 2
  EXPECT_EQ(closestKernelName(Loaded, "ns::scal"), "ns::scale");
  EXPECT_EQ(closestKernelName(Loaded, "plian"), "plain");
  EXPECT_EQ(closestKernelName(Loaded, "fil"), "");          // 'fill' names three kernels
  EXPECT_EQ(closestKernelName(Loaded, "nosuch"), "");
  EXPECT_EQ(closestKernelName(Loaded, "gmm"), "gemm");
  EXPECT_EQ(closestKernelName(Loaded, "xyz"), "");          // 1 edit allowed, 3 needed
}

// Expected spellings from compute-sanitizer 13.0's reports of the same
// kernels (../shared/reference/nvidia/san_*.txt) and cu++filt's style.
TEST(KernelNames, CudaStyleSignatures) {
  EXPECT_EQ(cudaStyleSignature(demangleKernelName("_Z8blockSumPKfPfi")),
            "blockSum(const float *, float *, int)");
  EXPECT_EQ(cudaStyleSignature(demangleKernelName("_Z9histogramPKhiPj")),
            "histogram(const unsigned char *, int, unsigned int *)");
  EXPECT_EQ(cudaStyleSignature("twice()"), "twice()");
  EXPECT_EQ(cudaStyleSignature("scale(float*, float, int)"), "scale(float *, float, int)");
  EXPECT_EQ(cudaStyleSignature("f(float* const*, int&, char const* volatile*)"),
            "f(float *const *, int &, const char *volatile *)");
  EXPECT_EQ(cudaStyleSignature("fill<float>(Pair<int, float*>*, int)"),
            "fill<float>(Pair<int, float*> *, int)");
  // A function pointer parameter stays as LLVM spells it.
  EXPECT_EQ(cudaStyleSignature("apply(float (*)(float), float*)"),
            "apply(float (*)(float), float *)");
  EXPECT_EQ(cudaStyleSignature("plain"), "plain");
}

} // namespace
