//===-- CcMathTest.cpp - Compiled division and math vs the host -----------===//
//
// The instruction sequences simt-ptxas emits for div/rem.{s32,u32},
// div.rn.f32, rcp.rn.f32, sqrt.rn.f32 (and their .ftz forms) and the
// approximate forms, compiled from PTX by the translator itself and run in
// the emulator on edge values and random bit patterns (a fixed input seed).
// The exact operations must equal the host's IEEE results bit for bit (any
// NaN for a NaN); the approximate ones must stay within the PTX ISA's
// bounds. SIMT_MATH_COUNT sets the number of random inputs per operation
// (default 100000, enough for a few seconds under ASan); the closing note
// of the math branch reports a run with 10000000.
//
//===----------------------------------------------------------------------===//
#include "asm/Assembler.h"
#include "cc/Translate.h"
#include "runtime/RunScript.h"
#include "runtime/DeviceSession.h"
#include "runtime/script/ScriptRunner.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <random>
#include <sstream>
#include <unistd.h>

namespace fs = std::filesystem;

namespace {

using Words = std::vector<uint32_t>;

size_t randomCount() {
  if (const char *E = std::getenv("SIMT_MATH_COUNT"))
    return std::strtoull(E, nullptr, 10);
  return 100000;
}

float asFloat(uint32_t B) { return std::bit_cast<float>(B); }
uint32_t bits(float F) { return std::bit_cast<uint32_t>(F); }
bool isNaN(uint32_t B) { return (B & 0x7fffffffu) > 0x7f800000u; }
/// Subnormals to zero of the same sign (the .ftz forms).
uint32_t flushBits(uint32_t B) { return (B & 0x7f800000u) == 0 ? B & 0x80000000u : B; }

/// A kernel `k(a, b, out, n)`: out[i] = OP(a[i]) or OP(a[i], b[i]) for
/// i < n, one thread per element, on .f32 or .b32 registers.
std::string kernel(const std::string &Op, bool Float, bool Binary) {
  std::string T = Float ? "f32" : "u32";
  std::string X = Float ? "%f1" : "%r6", Y = Float ? "%f2" : "%r7", Z = Float ? "%f3" : "%r8";
  std::ostringstream S;
  S << ".version 4.2\n.target sm_20\n.address_size 64\n"
    << ".visible .entry k(.param .u64 pa, .param .u64 pb, .param .u64 pout, .param .u32 n)\n"
    << "{\n  .reg .pred %p<2>;\n  .reg .b32 %r<12>;\n  .reg .f32 %f<4>;\n"
    << "  .reg .b64 %rd<10>;\n"
    << "  ld.param.u64 %rd1, [pa];\n  ld.param.u64 %rd2, [pb];\n"
    << "  ld.param.u64 %rd3, [pout];\n  ld.param.u32 %r1, [n];\n"
    << "  mov.u32 %r2, %ctaid.x;\n  mov.u32 %r3, %ntid.x;\n  mov.u32 %r4, %tid.x;\n"
    << "  mad.lo.s32 %r5, %r2, %r3, %r4;\n  setp.ge.u32 %p1, %r5, %r1;\n"
    << "  @%p1 bra DONE;\n  mul.wide.u32 %rd4, %r5, 4;\n"
    << "  add.s64 %rd5, %rd1, %rd4;\n  add.s64 %rd6, %rd2, %rd4;\n"
    << "  add.s64 %rd7, %rd3, %rd4;\n"
    << "  ld.global." << T << " " << X << ", [%rd5];\n"
    << "  ld.global." << T << " " << Y << ", [%rd6];\n"
    << "  " << Op << " " << Z << ", " << X << (Binary ? ", " + Y : "") << ";\n"
    << "  st.global." << T << " [%rd7], " << Z << ";\n"
    << "DONE:\n  ret;\n}\n";
  return S.str();
}

/// kernel() on 64-bit elements: .u64 or .f64 registers; a shift's count
/// (Count) is the low word of b.
std::string kernel64(const std::string &Op, bool Float, bool Binary, bool Count = false) {
  std::string T = Float ? "f64" : "u64";
  std::string X = Float ? "%fd1" : "%rd11", Y = Float ? "%fd2" : "%rd12",
              Z = Float ? "%fd3" : "%rd13";
  std::ostringstream S;
  S << ".version 4.2\n.target sm_20\n.address_size 64\n"
    << ".visible .entry k(.param .u64 pa, .param .u64 pb, .param .u64 pout, .param .u32 n)\n"
    << "{\n  .reg .pred %p<2>;\n  .reg .b32 %r<12>;\n  .reg .f64 %fd<4>;\n"
    << "  .reg .b64 %rd<14>;\n"
    << "  ld.param.u64 %rd1, [pa];\n  ld.param.u64 %rd2, [pb];\n"
    << "  ld.param.u64 %rd3, [pout];\n  ld.param.u32 %r1, [n];\n"
    << "  mov.u32 %r2, %ctaid.x;\n  mov.u32 %r3, %ntid.x;\n  mov.u32 %r4, %tid.x;\n"
    << "  mad.lo.s32 %r5, %r2, %r3, %r4;\n  setp.ge.u32 %p1, %r5, %r1;\n"
    << "  @%p1 bra DONE;\n  mul.wide.u32 %rd4, %r5, 8;\n"
    << "  add.s64 %rd5, %rd1, %rd4;\n  add.s64 %rd6, %rd2, %rd4;\n"
    << "  add.s64 %rd7, %rd3, %rd4;\n"
    << "  ld.global." << T << " " << X << ", [%rd5];\n"
    << "  ld.global." << T << " " << Y << ", [%rd6];\n"
    << "  cvt.u32.u64 %r6, %rd12;\n"
    << "  " << Op << " " << Z << ", " << X
    << (Binary ? ", " + std::string(Count ? "%r6" : Y) : "") << ";\n"
    << "  st.global." << T << " [%rd7], " << Z << ";\n"
    << "DONE:\n  ret;\n}\n";
  return S.str();
}

/// Compiles a kernel with the translator and runs it on the inputs.
class MathRunner : public ::testing::Test {
protected:
  void SetUp() override {
    Dir = fs::temp_directory_path() /
          ("simt-ccmath-" + std::to_string(getpid()) + "-" +
           ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(Dir);
  }
  void TearDown() override { fs::remove_all(Dir); }

  /// Compiles Ptx (MufuBias != 0: through assembly text, with the last
  /// MUFU's result moved by that many ulps, as the ISA allows MUFU to be
  /// off by 2) and runs it on A and B.
  Words run(const std::string &Ptx, const Words &A, const Words &B, int MufuBias = 0,
            size_t Threads = 0) {
    std::string Obj = (Dir / "k.o").string();
    std::string Errors;
    llvm::raw_string_ostream Errs(Errors);
    simt::cc::PipelineOptions Opts;
    Opts.Text = MufuBias != 0;
    std::string Output = MufuBias ? (Dir / "k.s").string() : Obj;
    int RC = simt::cc::translatePTX(llvm::MemoryBuffer::getMemBufferCopy(Ptx, "k.ptx"), Output,
                                    Opts, llvm::nulls(), Errs);
    EXPECT_EQ(RC, 0) << Errors << "\n" << Ptx;
    if (RC)
      return {};
    if (MufuBias && !assembleBiased(Output, Obj, MufuBias))
      return {};
    auto Write = [&](const char *Name, const Words &W) {
      std::ofstream F(Dir / Name, std::ios::binary);
      F.write(reinterpret_cast<const char *>(W.data()), std::streamsize(W.size() * 4));
    };
    Write("a.bin", A);
    Write("b.bin", B);
    size_t N = A.size(), T = Threads ? Threads : N;
    std::ostringstream Script;
    Script << "load k.o\n"
           << "alloc a u32[" << N << "] = file(a.bin)\n"
           << "alloc b u32[" << N << "] = file(b.bin)\n"
           << "alloc out u32[" << N << "]\n"
           << "launch k grid=" << (T + 255) / 256 << " block=256 args=(a, b, out, " << T
           << "u32)\nwait\n";
    simt::rt::ParseResult P = simt::rt::parseScript(Script.str(), "math.simt");
    EXPECT_TRUE(P.ok()) << P.errorText();
    std::ostringstream Out, Err;
    simt::rt::DeviceSession S(simt::rt::DeviceSessionConfig(), Out);
    int Status = simt::rt::ScriptRunner(S).runScript(P.script, Dir, Err);
    EXPECT_EQ(Status, 0) << Err.str() << Out.str();
    for (const auto &Buf : S.bufferContents())
      if (Buf.name == "out") {
        Words R(N);
        std::memcpy(R.data(), Buf.bytes.data(), N * 4);
        return R;
      }
    ADD_FAILURE() << "no output buffer";
    return {};
  }

  bool assembleBiased(const std::string &Asm, const std::string &Obj, int Bias) {
    std::ifstream In(Asm);
    std::stringstream Text;
    Text << In.rdbuf();
    std::string S = Text.str();
    size_t At = S.rfind("MUFU.");
    EXPECT_NE(At, std::string::npos);
    if (At == std::string::npos)
      return false;
    size_t Reg = S.find(' ', At) + 1, Comma = S.find(',', Reg), End = S.find('\n', At);
    std::string Rd = S.substr(Reg, Comma - Reg);
    char Imm[16];
    std::snprintf(Imm, sizeof Imm, Bias < 0 ? "-0x%x" : "0x%x", unsigned(std::abs(Bias)));
    S.insert(End + 1, "IADD " + Rd + ", " + Rd + ", " + Imm + "\n");
    std::string Errors;
    llvm::raw_string_ostream Diag(Errors);
    std::error_code EC;
    llvm::raw_fd_ostream File(Obj, EC);
    simt::as::AssembleOptions AOpts;
    unsigned N = simt::as::assemble(S, AOpts, File, Diag);
    EXPECT_EQ(N, 0u) << Errors;
    return N == 0;
  }

  fs::path Dir;
};

std::mt19937_64 &rng() {
  static std::mt19937_64 G(0x5eed2026);
  return G;
}

const Words FloatEdges = {
    0x00000000, 0x80000000, 0x00000001, 0x80000001, 0x00000002, 0x00000003, 0x007fffff,
    0x807fffff, 0x00400000, 0x00400001, 0x00800000, 0x80800000, 0x00800001, 0x00ffffff,
    0x3f800000, 0xbf800000, 0x3f800001, 0x3f7fffff, 0x40000000, 0x3fffffff, 0x3f000000,
    0x40400000, 0x40a00000, 0x41200000, 0x3eaaaaab, 0x7f7fffff, 0xff7fffff, 0x7f000000,
    0x7e800000, 0x7e7fffff, 0x01000000, 0x00000010, 0x34000000, 0x33800000, 0x4b800000,
    0x7f800000, 0xff800000, 0x7fc00000, 0xffc00000, 0x7f800001, 0x7fffffff, 0x5f800000,
    0x1f800000, 0x0d000000, 0x72800000};

/// Every pair of edge values, then random bit patterns, then pairs aimed
/// at subnormal quotients (subnormal dividends over small divisors).
void floatPairs(Words &A, Words &B, size_t Random) {
  for (uint32_t X : FloatEdges)
    for (uint32_t Y : FloatEdges) {
      A.push_back(X);
      B.push_back(Y);
    }
  for (int E = 1; E < 255; ++E) { // powers of two against 3 and 1
    A.push_back(uint32_t(E) << 23);
    B.push_back(0x40400000);
    A.push_back(0x3f800000);
    B.push_back(uint32_t(E) << 23);
  }
  auto &G = rng();
  for (size_t N = 0; N < Random; ++N) {
    uint64_t X = G();
    switch (N % 4) {
    case 0: case 1: // any bits
      A.push_back(uint32_t(X));
      B.push_back(uint32_t(X >> 32));
      break;
    case 2: // close exponents: quotients near 1, the rounding at its finest
      A.push_back((uint32_t(X) & 0x807fffffu) | 0x3f800000u);
      B.push_back((uint32_t(X >> 32) & 0x807fffffu) | 0x3f800000u);
      break;
    default: // subnormal or tiny results, with divisors of few bits
      A.push_back(uint32_t(X) & 0x80ffffffu);
      B.push_back((uint32_t(X >> 32) & 0x80000000u) | (127u + uint32_t(X >> 40 & 7)) << 23 |
                  uint32_t(X >> 44 & 7) << 20);
      break;
    }
  }
}

/// Counts mismatches against a reference on bit patterns; prints the first.
size_t compareBits(const Words &A, const Words &B, const Words &Got,
                   const std::function<uint32_t(uint32_t, uint32_t)> &Ref, const char *What) {
  size_t Bad = 0;
  for (size_t K = 0; K < Got.size(); ++K) {
    uint32_t Want = Ref(A[K], B[K]);
    bool Ok = isNaN(Want) ? isNaN(Got[K]) : Got[K] == Want;
    if (!Ok && Bad++ < 5)
      ADD_FAILURE() << What << std::hex << " a=0x" << A[K] << " b=0x" << B[K] << ": got 0x"
                    << Got[K] << ", want 0x" << Want;
  }
  return Bad;
}

void report(const char *What, size_t N, size_t Bad) {
  std::printf("[ math ] %-30s %zu inputs, %zu mismatches\n", What, N, Bad);
}

} // namespace

//===-- Correctly rounded float operations --------------------------------===//

TEST_F(MathRunner, DivRnIsIEEE) {
  Words A, B;
  floatPairs(A, B, randomCount());
  Words Got = run(kernel("div.rn.f32", true, true), A, B);
  ASSERT_EQ(Got.size(), A.size());
  size_t Bad = compareBits(A, B, Got, [](uint32_t X, uint32_t Y) {
    return bits(asFloat(X) / asFloat(Y));
  }, "div.rn.f32");
  report("div.rn.f32", A.size(), Bad);
  EXPECT_EQ(Bad, 0u);
}

TEST_F(MathRunner, DivRnFtzIsIEEEOnFlushedValues) {
  Words A, B;
  floatPairs(A, B, randomCount() / 4);
  Words Got = run(kernel("div.rn.ftz.f32", true, true), A, B);
  ASSERT_EQ(Got.size(), A.size());
  size_t Bad = compareBits(A, B, Got, [](uint32_t X, uint32_t Y) {
    return flushBits(bits(asFloat(flushBits(X)) / asFloat(flushBits(Y))));
  }, "div.rn.ftz.f32");
  report("div.rn.ftz.f32", A.size(), Bad);
  EXPECT_EQ(Bad, 0u);
}

TEST_F(MathRunner, RcpRnIsIEEE) {
  Words A = FloatEdges;
  auto &G = rng();
  for (size_t N = 0; N < randomCount() / 4; ++N)
    A.push_back(uint32_t(G()));
  for (uint32_t X = 0; X < 0x01000000u; X += 0x1001) // subnormal and small inputs
    A.push_back(X);
  Words Got = run(kernel("rcp.rn.f32", true, false), A, A);
  ASSERT_EQ(Got.size(), A.size());
  size_t Bad = compareBits(A, A, Got, [](uint32_t X, uint32_t) {
    return bits(1.0f / asFloat(X));
  }, "rcp.rn.f32");
  report("rcp.rn.f32", A.size(), Bad);
  EXPECT_EQ(Bad, 0u);
}

/// Square-root inputs: the edges, every subnormal step of a stride, random
/// positive bits and (with SIMT_MATH_SQRT_ALL=1) every significand of
/// [1, 4), which is every case of the core the exponent only scales.
Words sqrtInputs() {
  Words A = FloatEdges;
  for (uint32_t X = 0; X < 0x00800000u; X += 0x101)
    A.push_back(X);
  auto &G = rng();
  for (size_t N = 0; N < randomCount(); ++N) {
    uint32_t X = uint32_t(G());
    A.push_back(N % 8 ? X & 0x7fffffffu : X);
  }
  if (std::getenv("SIMT_MATH_SQRT_ALL"))
    for (uint32_t X = 0x3f800000u; X < 0x40800000u; ++X)
      A.push_back(X);
  return A;
}

TEST_F(MathRunner, SqrtRnIsIEEE) {
  Words A = sqrtInputs();
  Words Got = run(kernel("sqrt.rn.f32", true, false), A, A);
  ASSERT_EQ(Got.size(), A.size());
  size_t Bad = compareBits(A, A, Got, [](uint32_t X, uint32_t) {
    return bits(std::sqrt(asFloat(X)));
  }, "sqrt.rn.f32");
  report("sqrt.rn.f32", A.size(), Bad);
  EXPECT_EQ(Bad, 0u);
}

TEST_F(MathRunner, SqrtRnFtzIsIEEEOnFlushedValues) {
  Words A = sqrtInputs();
  Words Got = run(kernel("sqrt.rn.ftz.f32", true, false), A, A);
  ASSERT_EQ(Got.size(), A.size());
  size_t Bad = compareBits(A, A, Got, [](uint32_t X, uint32_t) {
    return bits(std::sqrt(asFloat(flushBits(X))));
  }, "sqrt.rn.ftz.f32");
  report("sqrt.rn.ftz.f32", A.size(), Bad);
  EXPECT_EQ(Bad, 0u);
}

// MUFU may be 2 ulp off (ISA.md): the exact sequences must not depend on
// the emulator's MUFU being correctly rounded.
TEST_F(MathRunner, ExactFormsTolerateMufuTwoUlpOff) {
  Words A, B;
  floatPairs(A, B, randomCount() / 4);
  Words S = sqrtInputs();
  Words N, D;
  for (uint32_t X : {0u, 1u, 2u, 3u, 7u, 0x7fffffffu, 0x80000000u, 0xffffffffu})
    for (uint32_t Y : {1u, 2u, 3u, 7u, 0x10000u, 0x7fffffffu, 0x80000000u, 0xffffffffu}) {
      N.push_back(X);
      D.push_back(Y);
    }
  auto &G = rng();
  for (size_t K = 0; K < randomCount() / 4; ++K) {
    uint64_t X = G(), Y = G();
    N.push_back(uint32_t(X));
    D.push_back(uint32_t(X >> 32) >> (Y & 31) | 1);
  }
  for (int Bias : {-2, 2}) {
    std::string Tag = Bias < 0 ? " (MUFU -2 ulp)" : " (MUFU +2 ulp)";
    Words Got = run(kernel("div.rn.f32", true, true), A, B, Bias);
    ASSERT_EQ(Got.size(), A.size());
    size_t Bad = compareBits(A, B, Got, [](uint32_t X, uint32_t Y) {
      return bits(asFloat(X) / asFloat(Y));
    }, ("div.rn.f32" + Tag).c_str());
    report(("div.rn.f32" + Tag).c_str(), A.size(), Bad);
    EXPECT_EQ(Bad, 0u);
    Got = run(kernel("sqrt.rn.f32", true, false), S, S, Bias);
    ASSERT_EQ(Got.size(), S.size());
    Bad = compareBits(S, S, Got, [](uint32_t X, uint32_t) {
      return bits(std::sqrt(asFloat(X)));
    }, ("sqrt.rn.f32" + Tag).c_str());
    report(("sqrt.rn.f32" + Tag).c_str(), S.size(), Bad);
    EXPECT_EQ(Bad, 0u);
    Got = run(kernel("div.u32", false, true), N, D, Bias);
    ASSERT_EQ(Got.size(), N.size());
    Bad = compareBits(N, D, Got, [](uint32_t X, uint32_t Y) { return X / Y; },
                      ("div.u32" + Tag).c_str());
    report(("div.u32" + Tag).c_str(), N.size(), Bad);
    EXPECT_EQ(Bad, 0u);
  }
}

//===-- Integer division --------------------------------------------------===//

namespace {
const Words IntEdges = {0,          1,          2,          3,          5,
                        7,          10,         1000,       0xffff,     0x10000,
                        0x7ffffffe, 0x7fffffff, 0x80000000, 0x80000001, 0xfffffffe,
                        0xffffffff, 0xfffffff9, 0x55555555, 0xaaaaaaab, 0x00800001,
                        0x01000001, 0x40000000, 0xc0000000, 0x12345678};

/// Every pair of edges, then random values of random widths (so that
/// quotients of every size occur).
void intPairs(Words &A, Words &B, size_t Random) {
  for (uint32_t X : IntEdges)
    for (uint32_t Y : IntEdges) {
      A.push_back(X);
      B.push_back(Y);
    }
  auto &G = rng();
  for (size_t N = 0; N < Random; ++N) {
    uint64_t X = G(), Y = G();
    A.push_back(uint32_t(X) >> (Y & 31));
    B.push_back(uint32_t(X >> 32) >> (Y >> 8 & 31));
    if (Y >> 16 & 1)
      A.back() = 0u - A.back();
    if (Y >> 17 & 1)
      B.back() = 0u - B.back();
  }
}

// The defined results: division by zero gives all ones and the remainder
// the dividend; INT_MIN / -1 wraps to INT_MIN with remainder 0.
uint32_t udiv(uint32_t N, uint32_t D) { return D ? N / D : 0xffffffffu; }
uint32_t urem(uint32_t N, uint32_t D) { return D ? N % D : N; }
uint32_t sdiv(uint32_t N, uint32_t D) {
  if (!D)
    return 0xffffffffu;
  if (N == 0x80000000u && D == 0xffffffffu)
    return N;
  return uint32_t(int32_t(N) / int32_t(D));
}
uint32_t srem(uint32_t N, uint32_t D) {
  if (!D)
    return N;
  if (N == 0x80000000u && D == 0xffffffffu)
    return 0;
  return uint32_t(int32_t(N) % int32_t(D));
}
} // namespace

TEST_F(MathRunner, IntegerDivRemAreExact) {
  Words A, B;
  intPairs(A, B, randomCount());
  struct Case {
    const char *Op;
    uint32_t (*Ref)(uint32_t, uint32_t);
  } Cases[] = {{"div.u32", udiv}, {"rem.u32", urem}, {"div.s32", sdiv}, {"rem.s32", srem}};
  for (const Case &C : Cases) {
    Words Got = run(kernel(C.Op, false, true), A, B);
    ASSERT_EQ(Got.size(), A.size()) << C.Op;
    size_t Bad = compareBits(A, B, Got, C.Ref, C.Op);
    report(C.Op, A.size(), Bad);
    EXPECT_EQ(Bad, 0u) << C.Op;
  }
}

//===-- Approximate forms: the PTX ISA's error bounds ---------------------===//

namespace {
/// |got - want| in units of the last place of want (as a float).
double ulpError(float Got, double Want) {
  if (std::isinf(Want) || std::isinf(Got))
    return float(Want) == Got ? 0 : INFINITY;
  int E;
  std::frexp(Want, &E);
  double Ulp = std::ldexp(1.0, std::max(E - 24, -149));
  return std::fabs(double(Got) - Want) / Ulp;
}
} // namespace

TEST_F(MathRunner, ApproximateFormsStayWithinPTXBounds) {
  auto &G = rng();
  size_t N = randomCount() / 4;
  struct Case {
    const char *Op;
    bool Binary, AnySign; // AnySign: also the negated inputs
    std::function<float()> Input; // uniform in the bound's range
    std::function<double(double, double)> Exact;
    bool Absolute; // the bound is an absolute error, else in ulps
    double Bound;
  };
  auto Uniform = [&](double Lo, double Hi) {
    return [&G, Lo, Hi] {
      return float(Lo + (Hi - Lo) * double(G() >> 11) * 0x1p-53);
    };
  };
  auto LogUniform = [&](int Lo, int Hi) {
    return [&G, Lo, Hi] {
      return float(std::ldexp(1.0 + double(G() >> 11) * 0x1p-53, Lo + int(G() % (Hi - Lo))));
    };
  };
  const double Pi = 3.14159265358979323846;
  // PTX ISA bounds: rcp.approx 1 ulp; sqrt.approx, rsqrt.approx 2^-23 and
  // 2^-22.9 relative (1 and 2 ulp); ex2.approx 2 ulp; lg2.approx 2^-22.6
  // absolute on [0.5, 2]; sin/cos.approx 2^-20.9 absolute on
  // [-100 pi, 100 pi]; div.approx 2 ulp for |b| in [2^-126, 2^126];
  // div.full 2 ulp everywhere.
  Case Cases[] = {
      {"rcp.approx.f32", false, true, LogUniform(-126, 126),
       [](double X, double) { return 1 / X; }, false, 1},
      {"sqrt.approx.f32", false, false, LogUniform(-149, 127),
       [](double X, double) { return std::sqrt(X); }, false, 1},
      {"rsqrt.approx.f32", false, false, LogUniform(-126, 127),
       [](double X, double) { return 1 / std::sqrt(X); }, false, 2},
      {"ex2.approx.f32", false, false, Uniform(-126, 127),
       [](double X, double) { return std::exp2(X); }, false, 2},
      {"lg2.approx.f32", false, false, Uniform(0.5, 2),
       [](double X, double) { return std::log2(X); }, true, std::exp2(-22.6)},
      {"sin.approx.f32", false, false, Uniform(-100 * Pi, 100 * Pi),
       [](double X, double) { return std::sin(X); }, true, std::exp2(-20.9)},
      {"cos.approx.f32", false, false, Uniform(-100 * Pi, 100 * Pi),
       [](double X, double) { return std::cos(X); }, true, std::exp2(-20.9)},
      {"div.approx.f32", true, true, LogUniform(-100, 100),
       [](double X, double Y) { return X / Y; }, false, 2},
      {"div.full.f32", true, true, LogUniform(-149, 127),
       [](double X, double Y) { return X / Y; }, false, 2},
  };
  for (const Case &C : Cases) {
    Words A, B;
    for (size_t K = 0; K < N; ++K) {
      float X = C.Input(), Y = C.Input();
      // Keep div.full's quotient in the normal range, where ulps are fixed.
      if (C.Binary && std::string(C.Op) == "div.full.f32" &&
          std::fabs(std::log2(double(X) / Y)) > 120)
        Y = X * 0.75f;
      A.push_back(bits(C.AnySign && G() & 1 ? -X : X));
      B.push_back(bits(C.AnySign && G() & 1 ? -Y : Y));
    }
    Words Got = run(kernel(C.Op, true, C.Binary), A, B);
    ASSERT_EQ(Got.size(), A.size()) << C.Op;
    double Worst = 0;
    for (size_t K = 0; K < A.size(); ++K) {
      double Want = C.Exact(asFloat(A[K]), asFloat(B[K]));
      double Err = C.Absolute ? std::fabs(double(asFloat(Got[K])) - Want)
                              : ulpError(asFloat(Got[K]), Want);
      if (Err > Worst)
        Worst = Err;
    }
    std::printf("[ math ] %-30s %zu inputs, max error %.3g %s (bound %.3g)\n", C.Op, A.size(),
                Worst, C.Absolute ? "absolute" : "ulp", C.Bound);
    EXPECT_LE(Worst, C.Bound) << C.Op;
  }
}

//===-- Rounding to integers and counting zeros ---------------------------===//

// cvt.rXi.f32.f32 (floorf, truncf, rintf, ceilf and libclc's argument
// reductions): bit-exact against the host's, signed zeros and NaN included.
TEST_F(MathRunner, RoundToIntegerIsExact) {
  Words A, B;
  floatPairs(A, B, randomCount() / 4);
  for (uint32_t E = 120; E < 160; ++E) // every binade around 2^23, halves included
    for (uint32_t M : {0u, 1u, 0x400000u, 0x400001u, 0x3fffffu, 0x7fffffu}) {
      A.push_back(E << 23 | M);
      A.push_back(0x80000000u | E << 23 | M);
    }
  B.resize(A.size());
  struct Case {
    const char *Op;
    float (*Ref)(float);
  } Cases[] = {{"cvt.rmi.f32.f32", [](float X) { return std::floor(X); }},
               {"cvt.rpi.f32.f32", [](float X) { return std::ceil(X); }},
               {"cvt.rzi.f32.f32", [](float X) { return std::trunc(X); }},
               {"cvt.rni.f32.f32", [](float X) { return std::nearbyint(X); }}};
  for (const Case &C : Cases) {
    Words Got = run(kernel(C.Op, true, false), A, B);
    ASSERT_EQ(Got.size(), A.size());
    auto Ref = C.Ref;
    size_t Bad = compareBits(A, B, Got, [Ref](uint32_t X, uint32_t) {
      return bits(Ref(asFloat(X)));
    }, C.Op);
    report(C.Op, A.size(), Bad);
    EXPECT_EQ(Bad, 0u);
  }
}

TEST_F(MathRunner, ClzCountsLeadingZeros) {
  Words A, B;
  intPairs(A, B, randomCount() / 4);
  for (unsigned S = 0; S < 32; ++S) {
    A.push_back(1u << S);
    A.push_back((1u << S) | 1u);
    A.push_back(~0u >> S);
  }
  A.push_back(0);
  B.resize(A.size());
  Words Got = run(kernel("clz.b32", false, false), A, B);
  ASSERT_EQ(Got.size(), A.size());
  size_t Bad = compareBits(A, B, Got, [](uint32_t X, uint32_t) {
    return uint32_t(std::countl_zero(X));
  }, "clz.b32");
  report("clz.b32", A.size(), Bad);
  EXPECT_EQ(Bad, 0u);
}

//===-- 64-bit integers and doubles -----------------------------------------===//

namespace {
using Longs = std::vector<uint64_t>;

Words split(const Longs &L) {
  Words W;
  for (uint64_t X : L) {
    W.push_back(uint32_t(X));
    W.push_back(uint32_t(X >> 32));
  }
  return W;
}

double asDouble(uint64_t B) { return std::bit_cast<double>(B); }
uint64_t bits64(double D) { return std::bit_cast<uint64_t>(D); }
bool isNaN64(uint64_t B) { return (B & ~(uint64_t(1) << 63)) > 0x7ff0000000000000u; }

/// Counts mismatches of 64-bit results (Got as word pairs); prints the first.
size_t compareBits64(const Longs &A, const Longs &B, const Words &Got,
                     const std::function<uint64_t(uint64_t, uint64_t)> &Ref, bool Float,
                     const std::string &What) {
  size_t Bad = 0;
  for (size_t K = 0; K < A.size(); ++K) {
    uint64_t G = uint64_t(Got[2 * K]) | uint64_t(Got[2 * K + 1]) << 32;
    uint64_t Want = Ref(A[K], B[K]);
    bool Ok = Float && isNaN64(Want) ? isNaN64(G) : G == Want;
    if (!Ok && Bad++ < 5)
      ADD_FAILURE() << What << std::hex << " a=0x" << A[K] << " b=0x" << B[K] << ": got 0x"
                    << G << ", want 0x" << Want;
  }
  return Bad;
}

const Longs LongEdges = {0,
                         1,
                         2,
                         3,
                         7,
                         10,
                         0xffffffff,
                         0x100000000,
                         0x100000001,
                         0x1ffffffff,
                         0x7fffffffffffffff,
                         0x8000000000000000,
                         0x8000000000000001,
                         0xfffffffffffffffe,
                         0xffffffffffffffff,
                         0xfffffffffffffff9,
                         0x5555555555555555,
                         0xaaaaaaaaaaaaaaab,
                         0x0020000000000001,
                         0x4000000000000000,
                         0xc000000000000000,
                         0x123456789abcdef0,
                         0xffffffff00000000,
                         0x00000000fffffffe};

/// Every pair of edges, then random values of random widths (quotients of
/// every size), negated at random.
void longPairs(Longs &A, Longs &B, size_t Random) {
  for (uint64_t X : LongEdges)
    for (uint64_t Y : LongEdges) {
      A.push_back(X);
      B.push_back(Y);
    }
  auto &G = rng();
  for (size_t N = 0; N < Random; ++N) {
    uint64_t X = G(), Y = G(), C = G();
    A.push_back(X >> (C & 63));
    B.push_back(Y >> (C >> 8 & 63));
    if (C >> 16 & 1)
      A.back() = 0 - A.back();
    if (C >> 17 & 1)
      B.back() = 0 - B.back();
  }
}

// As for 32 bits: division by zero gives all ones and the remainder the
// dividend; INT64_MIN / -1 wraps to INT64_MIN with remainder 0.
constexpr uint64_t Min64 = uint64_t(1) << 63;
uint64_t udiv64(uint64_t N, uint64_t D) { return D ? N / D : ~uint64_t(0); }
uint64_t urem64(uint64_t N, uint64_t D) { return D ? N % D : N; }
uint64_t sdiv64(uint64_t N, uint64_t D) {
  if (!D)
    return ~uint64_t(0);
  if (N == Min64 && D == ~uint64_t(0))
    return N;
  return uint64_t(int64_t(N) / int64_t(D));
}
uint64_t srem64(uint64_t N, uint64_t D) {
  if (!D)
    return N;
  if (N == Min64 && D == ~uint64_t(0))
    return 0;
  return uint64_t(int64_t(N) % int64_t(D));
}

/// Doubles: the edges of every class, then random bits, then quotients
/// near 1 and subnormal ones.
const Longs DoubleEdges = {
    0x0000000000000000, 0x8000000000000000, 0x0000000000000001, 0x8000000000000001,
    0x0000000000000002, 0x0000000000000003, 0x000fffffffffffff, 0x800fffffffffffff,
    0x0008000000000000, 0x0008000000000001, 0x0010000000000000, 0x8010000000000000,
    0x0010000000000001, 0x001fffffffffffff, 0x3ff0000000000000, 0xbff0000000000000,
    0x3ff0000000000001, 0x3fefffffffffffff, 0x4000000000000000, 0x3fffffffffffffff,
    0x3fe0000000000000, 0x4008000000000000, 0x4014000000000000, 0x4024000000000000,
    0x3fd5555555555555, 0x7fefffffffffffff, 0xffefffffffffffff, 0x7fe0000000000000,
    0x7fd0000000000000, 0x7fcfffffffffffff, 0x0020000000000000, 0x0000000000000010,
    0x3cb0000000000000, 0x3ca0000000000000, 0x4340000000000000, 0x7ff0000000000000,
    0xfff0000000000000, 0x7ff8000000000000, 0xfff8000000000000, 0x7ff0000000000001,
    0x7fffffffffffffff, 0x43f0000000000000, 0x3c00000000000000, 0x0350000000000000,
    0x7e50000000000000, 0x4330000000000000, 0x4330000000000001, 0x432fffffffffffff,
    0xc330000000000000, 0x3fe0000000000001, 0xbfe0000000000000, 0x3ff8000000000000};

void doublePairs(Longs &A, Longs &B, size_t Random) {
  for (uint64_t X : DoubleEdges)
    for (uint64_t Y : DoubleEdges) {
      A.push_back(X);
      B.push_back(Y);
    }
  for (uint64_t E = 1; E < 2047; E += 3) { // powers of two against 3 and 1
    A.push_back(E << 52);
    B.push_back(0x4008000000000000);
    A.push_back(0x3ff0000000000000);
    B.push_back(E << 52);
  }
  auto &G = rng();
  constexpr uint64_t Frac = (uint64_t(1) << 52) - 1, Sign = uint64_t(1) << 63;
  for (size_t N = 0; N < Random; ++N) {
    uint64_t X = G(), Y = G();
    switch (N % 4) {
    case 0: case 1: // any bits
      A.push_back(X);
      B.push_back(Y);
      break;
    case 2: // close exponents: quotients near 1
      A.push_back((X & (Sign | Frac)) | 0x3ff0000000000000);
      B.push_back((Y & (Sign | Frac)) | 0x3ff0000000000000);
      break;
    default: // subnormal or tiny results, with divisors of few bits
      A.push_back(X & (Sign | ((uint64_t(1) << 53) - 1)));
      B.push_back((Y & Sign) | (1023 + (Y >> 40 & 7)) << 52 | (Y >> 44 & 7) << 49);
      break;
    }
  }
}

Longs sqrtInputs64() {
  Longs A = DoubleEdges;
  auto &G = rng();
  for (size_t N = 0; N < randomCount(); ++N) {
    uint64_t X = G();
    A.push_back(N % 8 == 0 ? X : N % 8 == 1 ? X >> 12 : X & ~(uint64_t(1) << 63));
  }
  return A;
}
} // namespace

TEST_F(MathRunner, IntegerDivRem64AreExact) {
  Longs A, B;
  longPairs(A, B, randomCount());
  struct Case {
    const char *Op;
    uint64_t (*Ref)(uint64_t, uint64_t);
  } Cases[] = {{"div.u64", udiv64}, {"rem.u64", urem64}, {"div.s64", sdiv64},
               {"rem.s64", srem64}};
  for (const Case &C : Cases) {
    Words Got = run(kernel64(C.Op, false, true), split(A), split(B), 0, A.size());
    ASSERT_EQ(Got.size(), 2 * A.size()) << C.Op;
    size_t Bad = compareBits64(A, B, Got, C.Ref, false, C.Op);
    report(C.Op, A.size(), Bad);
    EXPECT_EQ(Bad, 0u) << C.Op;
  }
}

TEST_F(MathRunner, MulHiAndShifts64AreExact) {
  Longs A, B;
  longPairs(A, B, randomCount() / 4);
  __extension__ typedef __int128 i128;
  __extension__ typedef unsigned __int128 u128;
  // Counts: everything from 0 to 70, then the low word of b (often huge).
  Longs CA, CB;
  for (size_t K = 0; K < A.size(); ++K) {
    CA.push_back(A[K]);
    CB.push_back(K % 2 ? B[K] : K % 71);
  }
  auto Clamp = [](uint64_t N) { return std::min<uint64_t>(uint32_t(N), 64); };
  struct Case {
    const char *Op;
    bool Count;
    std::function<uint64_t(uint64_t, uint64_t)> Ref;
  } Cases[] = {
      {"mul.hi.u64", false, [](uint64_t X, uint64_t Y) { return uint64_t(u128(X) * Y >> 64); }},
      {"mul.hi.s64", false,
       [](uint64_t X, uint64_t Y) {
         return uint64_t(u128(i128(int64_t(X)) * i128(int64_t(Y))) >> 64);
       }},
      {"shl.b64", true,
       [&](uint64_t X, uint64_t N) { return Clamp(N) > 63 ? 0 : X << Clamp(N); }},
      {"shr.u64", true,
       [&](uint64_t X, uint64_t N) { return Clamp(N) > 63 ? 0 : X >> Clamp(N); }},
      {"shr.s64", true,
       [&](uint64_t X, uint64_t N) {
         return uint64_t(int64_t(X) >> std::min<uint64_t>(Clamp(N), 63));
       }},
  };
  for (const Case &C : Cases) {
    const Longs &X = C.Count ? CA : A, &Y = C.Count ? CB : B;
    Words Got = run(kernel64(C.Op, false, true, C.Count), split(X), split(Y), 0, X.size());
    ASSERT_EQ(Got.size(), 2 * X.size()) << C.Op;
    size_t Bad = compareBits64(X, Y, Got, C.Ref, false, C.Op);
    report(C.Op, X.size(), Bad);
    EXPECT_EQ(Bad, 0u) << C.Op;
  }
}

TEST_F(MathRunner, DoubleDivRcpSqrtAreIEEE) {
  Longs A, B;
  doublePairs(A, B, randomCount());
  Longs S = sqrtInputs64();
  for (int Bias : {0, -2, 2}) {
    std::string Tag = Bias < 0 ? " (MUFU -2 ulp)" : Bias > 0 ? " (MUFU +2 ulp)" : "";
    if (Bias) // the biased runs need not be long
      for (Longs *L : {&A, &B, &S})
        L->resize(std::min<size_t>(L->size(), 200000));
    Words Got = run(kernel64("div.rn.f64", true, true), split(A), split(B), Bias, A.size());
    ASSERT_EQ(Got.size(), 2 * A.size());
    size_t Bad = compareBits64(A, B, Got, [](uint64_t X, uint64_t Y) {
      return bits64(asDouble(X) / asDouble(Y));
    }, true, "div.rn.f64" + Tag);
    report(("div.rn.f64" + Tag).c_str(), A.size(), Bad);
    EXPECT_EQ(Bad, 0u);
    Got = run(kernel64("rcp.rn.f64", true, false), split(A), split(A), Bias, A.size());
    ASSERT_EQ(Got.size(), 2 * A.size());
    Bad = compareBits64(A, A, Got, [](uint64_t X, uint64_t) {
      return bits64(1.0 / asDouble(X));
    }, true, "rcp.rn.f64" + Tag);
    report(("rcp.rn.f64" + Tag).c_str(), A.size(), Bad);
    EXPECT_EQ(Bad, 0u);
    Got = run(kernel64("sqrt.rn.f64", true, false), split(S), split(S), Bias, S.size());
    ASSERT_EQ(Got.size(), 2 * S.size());
    Bad = compareBits64(S, S, Got, [](uint64_t X, uint64_t) {
      return bits64(std::sqrt(asDouble(X)));
    }, true, "sqrt.rn.f64" + Tag);
    report(("sqrt.rn.f64" + Tag).c_str(), S.size(), Bad);
    EXPECT_EQ(Bad, 0u);
  }
}

// cvt.rXi.f64.f64 (floor, trunc, rint, ceil on doubles).
TEST_F(MathRunner, RoundToInteger64IsExact) {
  Longs A, B;
  doublePairs(A, B, randomCount() / 4);
  for (uint64_t E = 1015; E < 1085; ++E) // every binade around 2^52, halves included
    for (uint64_t M : {uint64_t(0), uint64_t(1), uint64_t(1) << 51, (uint64_t(1) << 51) + 1,
                       (uint64_t(1) << 51) - 1, (uint64_t(1) << 52) - 1}) {
      A.push_back(E << 52 | M);
      A.push_back(uint64_t(1) << 63 | E << 52 | M);
    }
  B.resize(A.size());
  struct Case {
    const char *Op;
    double (*Ref)(double);
  } Cases[] = {{"cvt.rmi.f64.f64", [](double X) { return std::floor(X); }},
               {"cvt.rpi.f64.f64", [](double X) { return std::ceil(X); }},
               {"cvt.rzi.f64.f64", [](double X) { return std::trunc(X); }},
               {"cvt.rni.f64.f64", [](double X) { return std::nearbyint(X); }}};
  for (const Case &C : Cases) {
    Words Got = run(kernel64(C.Op, true, false), split(A), split(B), 0, A.size());
    ASSERT_EQ(Got.size(), 2 * A.size());
    auto Ref = C.Ref;
    size_t Bad = compareBits64(A, B, Got, [Ref](uint64_t X, uint64_t) {
      return bits64(Ref(asDouble(X)));
    }, true, C.Op);
    report(C.Op, A.size(), Bad);
    EXPECT_EQ(Bad, 0u);
  }
}
