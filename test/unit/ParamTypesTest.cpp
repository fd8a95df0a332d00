//===-- ParamTypesTest.cpp - Kernel parameters by C names and types -------===//
#include "runtime/ParamTypes.h"

#include "runtime/RunScript.h"

#include <gtest/gtest.h>

using namespace simt::rt;

namespace {

// Mangled names spelled by hand from the Itanium C++ ABI's rules.
KernelInfo kernel(std::string name, std::vector<uint32_t> sizes,
                  std::vector<std::string> paramNames = {}) {
  KernelInfo k;
  k.name = std::move(name);
  uint32_t offset = 0x20;
  for (size_t i = 0; i < sizes.size(); ++i) {
    std::string n = i < paramNames.size() ? paramNames[i]
                                          : k.name + "_param_" + std::to_string(i);
    k.params.push_back({n, offset, sizes[i], sizes[i]});
    offset += 8;
  }
  return k;
}

LaunchCommand launch(std::string_view args) {
  auto c = parseCommandLine("launch k grid=1 block=1 args=(" + std::string(args) + ")");
  EXPECT_TRUE(c && *c) << (c ? "" : c.message());
  return std::get<LaunchCommand>((*c)->op);
}

TEST(ParamTypes, ClassifiesDemangledTypes) {
  EXPECT_EQ(classifyCType("int*"), CTypeKind::Pointer);
  EXPECT_EQ(classifyCType("float const*"), CTypeKind::Pointer);
  EXPECT_EQ(classifyCType("void (*)(int, float)"), CTypeKind::Pointer);
  EXPECT_EQ(classifyCType("unsigned long long"), CTypeKind::Integer);
  EXPECT_EQ(classifyCType("const int"), CTypeKind::Integer);
  EXPECT_EQ(classifyCType("double"), CTypeKind::Floating);
  EXPECT_EQ(classifyCType("bool"), CTypeKind::Bool);
  EXPECT_EQ(classifyCType("float4"), CTypeKind::Other);
  EXPECT_EQ(classifyCType("Params"), CTypeKind::Other);
}

TEST(ParamTypes, SignatureFromTheMangledName) {
  auto sig = kernelSignature("_Z4fillPii");
  ASSERT_TRUE(sig);
  EXPECT_EQ(sig->function, "fill(int*, int)");
  ASSERT_EQ(sig->params.size(), 2u);
  EXPECT_EQ(sig->params[0].type, "int*");
  EXPECT_EQ(sig->params[1].kind, CTypeKind::Integer);
  // A function pointer's and a template's commas stay inside their type.
  sig = kernelSignature("_Z1kPFvifEP4PairIiLi2EE");
  ASSERT_TRUE(sig);
  ASSERT_EQ(sig->params.size(), 2u) << sig->function;
  EXPECT_EQ(sig->params[0].type, "void (*)(int, float)");
  EXPECT_EQ(sig->params[1].type, "Pair<int, 2>*");
  EXPECT_FALSE(kernelSignature("saxpy"));
  sig = kernelSignature("_Z4nonev");
  ASSERT_TRUE(sig);
  EXPECT_TRUE(sig->params.empty());
}

TEST(ParamTypes, NamesParametersAsWritten) {
  const KernelInfo fill = kernel("_Z4fillPii", {8, 4});
  ParamNames n(fill);
  EXPECT_EQ(n.kernel(), "fill(int*, int)");
  EXPECT_EQ(n.describe(1), "parameter 2 (int) of fill(int*, int)");
  EXPECT_EQ(n.nameList(), "");
  // An assembly kernel's own names; PTX's made-up ones are left out.
  const KernelInfo vadd = kernel("vadd", {8, 4}, {"x", "n"});
  EXPECT_EQ(ParamNames(vadd).describe(0), "parameter 1 'x' of kernel 'vadd'");
  EXPECT_EQ(ParamNames(vadd).nameList(), "(x, n)");
  const KernelInfo plain = kernel("saxpy", {8, 4});
  EXPECT_EQ(ParamNames(plain).describe(1), "parameter 2 of kernel 'saxpy'");
  // A mangled kernel whose `.param`s do not match its signature: no types.
  const KernelInfo odd = kernel("_Z4fillPii", {8});
  EXPECT_EQ(ParamNames(odd).describe(0), "parameter 1 of fill(int*, int)");
}

TEST(ParamTypes, WarnsWhenAValueMeansSomethingElse) {
  const KernelInfo saxpy = kernel("_Z5saxpyPfS_fi", {8, 8, 4, 4});
  EXPECT_TRUE(launchArgWarnings(launch("x, y, 2f32, 32s32"), saxpy).empty());
  EXPECT_TRUE(launchArgWarnings(launch("x, 0u64, 2f32, 32u32"), saxpy).empty()); // null, unsigned
  std::vector<std::string> w = launchArgWarnings(launch("x, 16u64, 0u32, 1.5f32"), saxpy);
  ASSERT_EQ(w.size(), 3u);
  EXPECT_EQ(w[0], "argument 2 '16u64' is an integer value for parameter 2 (float*) of "
                  "saxpy(float*, float*, float, int), a pointer: give a buffer name");
  EXPECT_EQ(w[1], "argument 3 '0u32' is an integer value for parameter 3 (float) of "
                  "saxpy(float*, float*, float, int): the kernel reads its bits as 0 "
                  "(write 0f32 for 0)");
  EXPECT_EQ(w[2], "argument 4 '1.5f32' is a float value for parameter 4 (int) of "
                  "saxpy(float*, float*, float, int): the kernel reads its bits as 1069547520");
  // 0x40000000 is 2.0f.
  w = launchArgWarnings(launch("x, y, 1073741824u32, 4u32"), saxpy);
  ASSERT_EQ(w.size(), 1u);
  EXPECT_NE(w[0].find("reads its bits as 2 (write 1073741824f32 for 1073741824)"),
            std::string::npos)
      << w[0];
  const KernelInfo flag = kernel("_Z4flagbd", {1, 8});
  w = launchArgWarnings(launch("buf, 3s64"), flag);
  ASSERT_EQ(w.size(), 2u);
  EXPECT_EQ(w[0], "argument 1 'buf' is a buffer's address for parameter 1 (bool) of "
                  "flag(bool, double): the kernel reads the address's bits");
  EXPECT_NE(w[1].find("(double)"), std::string::npos);
  // Without a signature nothing can be said.
  EXPECT_TRUE(launchArgWarnings(launch("1.5f32"), kernel("k", {4})).empty());
}

} // namespace
