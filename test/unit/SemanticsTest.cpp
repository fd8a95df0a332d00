//===-- SemanticsTest.cpp - ALU semantics ---------------------------------===//
//
// Unit tests for the ALU semantics (emu/sem).
//
// Every instruction of the Integer, Float, Double, Convert and Predicate
// classes on edge values (0, 1, -1, INT_MIN/MAX, NaN, inf, denormals), RZ/PT
// operands, source == destination, and mask patterns (full, one lane,
// alternating); the CC flags of ISA.md 3.1 including two-instruction 64-bit
// add/subtract/compare chains; every comparison kind and rounding mode.
//
// The core's readConstant and specialRegister(Lanes) are replaced by the test
// doubles below, so this file must be linked with emu/sem/*.cpp only (not
// with the core that defines them). The ExecContext's Warp/Cta/Sm/Device
// references are bound to a dummy buffer: the semantics never touch them.
#include "emu/core/Operands.h"

#include <gtest/gtest.h>

#include <cfenv>
#include <cfloat>
#include <climits>
#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <map>
#include <random>
#include <utility>
#include <vector>

namespace simt::emu {

// ---- Test doubles for the core ----------------------------------------------

namespace semtest {
std::map<std::pair<unsigned, uint32_t>, uint32_t> constants;
unsigned constantReads = 0;
} // namespace semtest

uint32_t readConstant(ExecContext &, uint8_t bank, uint32_t offset) {
  ++semtest::constantReads;
  auto it = semtest::constants.find({bank, offset});
  return it == semtest::constants.end() ? 0xBAD0BAD0u : it->second;
}

uint64_t readConstant64(ExecContext &ctx, uint8_t bank, uint32_t offset) {
  return readConstant(ctx, bank, offset) | uint64_t(readConstant(ctx, bank, offset + 4)) << 32;
}

uint32_t specialRegister(ExecContext &, unsigned sr, unsigned lane) {
  return 0x1000u * (sr + 1) + lane;
}
void specialRegisterLanes(ExecContext &ctx, unsigned sr, uint32_t (&out)[WarpSize]) {
  for (unsigned l = 0; l < WarpSize; ++l)
    out[l] = specialRegister(ctx, sr, l);
}

namespace {

using namespace sem;
using ExecFn = void (*)(ExecContext &, const Inst &);

constexpr uint32_t kAlt = 0x55555555u;
constexpr uint32_t kOneLane = 1u << 5;
const uint32_t kMasks[] = {AllLanes, kOneLane, kAlt, ~kAlt};

// ---- Operand builders -----------------------------------------------------------

RegRef R(unsigned r) {
  RegRef x;
  x.reg = uint8_t(r);
  return x;
}
RegRef Neg(RegRef x) { x.neg = true; return x; }
RegRef Abs(RegRef x) { x.abs = true; return x; }
RegRef Inv(RegRef x) { x.inv = true; return x; }
RegRef Sel(RegRef x, unsigned s) { x.sel = uint8_t(s); return x; }
RegRef Sel(RegRef x, SIMT::SubWord s) { return Sel(x, unsigned(s)); }
SrcB B(RegRef r) {
  SrcB s;
  s.kind = SrcKind::Reg;
  s.reg = r;
  return s;
}
SrcB B(unsigned r) { return B(R(r)); }
SrcB Imm(uint32_t v) {
  SrcB s;
  s.kind = SrcKind::Imm;
  s.value = v;
  return s;
}
SrcB Cst(uint8_t bank, uint32_t offset) {
  SrcB s;
  s.kind = SrcKind::Const;
  s.bank = bank;
  s.offset = offset;
  return s;
}
PredRef P(unsigned i, bool neg = false) { return PredRef{uint8_t(i), neg}; }

struct Build {
  Inst i;
  explicit Build(Op op) { i.op = op; }
  Build &rd(unsigned r) { i.rd = uint8_t(r); return *this; }
  Build &ra(RegRef r) { i.ra = r; return *this; }
  Build &ra(unsigned r) { return ra(R(r)); }
  Build &rb(RegRef r) { i.rb = r; return *this; }
  Build &rc(RegRef r) { i.rc = r; return *this; }
  Build &rc(unsigned r) { return rc(R(r)); }
  Build &sb(SrcB s) { i.sb = s; return *this; }
  Build &sb(unsigned r) { return sb(B(r)); }
  Build &imm(uint32_t v) { i.imm = v; return *this; }
  Build &pu(unsigned p) { i.pu = uint8_t(p); return *this; }
  Build &pv(unsigned p) { i.pv = uint8_t(p); return *this; }
  Build &pp(PredRef p) { i.pp = p; return *this; }
  Build &pq(PredRef p) { i.pq = p; return *this; }
  Build &pr(PredRef p) { i.pr = p; return *this; }
  Build &m(SIMT::ModGroup g, unsigned v = 1) { i.mod[g] = uint8_t(v); return *this; }
  /// A value named by its group's generated enum (SIMT::Logic::XOR, ...).
  template <class E>
    requires std::is_enum_v<E>
  Build &m(SIMT::ModGroup g, E v) { return m(g, unsigned(v)); }
  operator const Inst &() const { return i; }
};

// ---- Float helpers ------------------------------------------------------------------

uint32_t fb(float f) { return std::bit_cast<uint32_t>(f); }
float bf(uint32_t b) { return std::bit_cast<float>(b); }
uint64_t db(double d) { return std::bit_cast<uint64_t>(d); }
double bd(uint64_t b) { return std::bit_cast<double>(b); }
bool isNaN32(uint32_t b) { return (b & 0x7FFFFFFFu) > 0x7F800000u; }
bool isNaN64(uint64_t b) { return (b & ~(1ull << 63)) > 0x7FF0000000000000ull; }
uint32_t refCanon(uint32_t b) { return isNaN32(b) ? 0x7FFFFFFFu : b; }
uint64_t refCanon64(uint64_t b) { return isNaN64(b) ? 0x7FFFFFFFFFFFFFFFull : b; }
uint32_t refFlush(uint32_t b) {
  return (b & 0x7F800000u) == 0 ? (b & 0x80000000u) : b;
}

/// Rounds `x` to type To in MG_Rnd mode `rnd`, from the RN conversion (an
/// independent reference for directed rounding of exactly held values).
template <class To, class From> To roundTo(From x, unsigned rnd) {
  const To n = To(x);
  if (rnd == 0 || std::isnan(x) || From(n) == x)
    return n;
  const To inf = std::numeric_limits<To>::infinity();
  switch (rnd) {
  case 1: return std::fabs(From(n)) > std::fabs(x) ? std::nextafter(n, To(0)) : n;
  case 2: return From(n) > x ? std::nextafter(n, -inf) : n;
  default: return From(n) < x ? std::nextafter(n, inf) : n;
  }
}
float roundDirected(double x, unsigned rnd) { return roundTo<float>(x, rnd); }

/// Distance in ulps between two finite floats of the same sign (or equal).
int64_t ulpDistance(float a, float b) {
  auto key = [](float f) {
    const int32_t i = std::bit_cast<int32_t>(f);
    return i < 0 ? int64_t(INT32_MIN) - i : int64_t(i);
  };
  return std::llabs(key(a) - key(b));
}

// ---- The fixture ------------------------------------------------------------------------

class Sem : public ::testing::Test {
protected:
  WarpRegs regs;
  alignas(64) unsigned char dummy[64] = {};
  ExecContext ctx{regs,
                  *reinterpret_cast<Warp *>(dummy),
                  *reinterpret_cast<Cta *>(dummy),
                  *reinterpret_cast<Sm *>(dummy),
                  AllLanes,
                  AllLanes,
                  0};

  void SetUp() override {
    semtest::constants.clear();
    semtest::constantReads = 0;
    // Fill every register with a recognisable per-lane pattern.
    for (unsigned r = 0; r < 63; ++r)
      for (unsigned l = 0; l < WarpSize; ++l)
        regs.r[r][l] = 0xA0000000u | r << 8 | l;
  }
  void TearDown() override {
    EXPECT_EQ(regs.pred[PT], AllLanes) << "PT was written";
    for (unsigned l = 0; l < WarpSize; ++l)
      EXPECT_EQ(regs.r[RZ][l], 0u) << "RZ was written";
    EXPECT_EQ(std::fegetround(), FE_TONEAREST) << "rounding mode leaked";
  }

  void run(ExecFn fn, const Inst &inst, uint32_t mask = AllLanes) {
    ctx.mask = mask;
    ctx.active = mask;
    fn(ctx, inst);
  }
  void set(unsigned r, uint32_t v) {
    for (unsigned l = 0; l < WarpSize; ++l)
      regs.r[r][l] = v;
  }
  template <class F> void setLanes(unsigned r, F f) {
    for (unsigned l = 0; l < WarpSize; ++l)
      regs.r[r][l] = uint32_t(f(l));
  }
  void set64(unsigned r, uint64_t v) {
    set(r, uint32_t(v));
    set(r + 1, uint32_t(v >> 32));
  }
  template <class F> void setLanes64(unsigned r, F f) {
    for (unsigned l = 0; l < WarpSize; ++l) {
      const uint64_t v = f(l);
      regs.r[r][l] = uint32_t(v);
      regs.r[r + 1][l] = uint32_t(v >> 32);
    }
  }
  uint32_t get(unsigned r, unsigned l = 0) const { return regs.r[r][l]; }
  uint64_t get64(unsigned r, unsigned l = 0) const {
    return uint64_t(regs.r[r][l]) | uint64_t(regs.r[r + 1][l]) << 32;
  }
  float getF(unsigned r, unsigned l = 0) const { return bf(get(r, l)); }
  double getD(unsigned r, unsigned l = 0) const { return bd(get64(r, l)); }
  bool pred(unsigned p, unsigned l) const { return regs.pred[p] >> l & 1; }

  /// Runs a 32-bit `inst` reading Ra from R1 and Sb (or Rc) from R2 over all
  /// pairs of `as` x `bs` (32 pairs per run), checking R3 against `ref`.
  template <class Ref>
  void checkPairs(ExecFn fn, const Inst &inst, const std::vector<uint32_t> &as,
                  const std::vector<uint32_t> &bs, Ref ref) {
    std::vector<std::pair<uint32_t, uint32_t>> pairs;
    for (uint32_t a : as)
      for (uint32_t b : bs)
        pairs.push_back({a, b});
    for (size_t base = 0; base < pairs.size(); base += WarpSize) {
      auto at = [&](unsigned l) {
        return pairs[std::min(base + l, pairs.size() - 1)];
      };
      setLanes(1, [&](unsigned l) { return at(l).first; });
      setLanes(2, [&](unsigned l) { return at(l).second; });
      set(3, 0xCCCCCCCCu);
      run(fn, inst);
      for (unsigned l = 0; l < WarpSize; ++l) {
        const auto [a, b] = at(l);
        ASSERT_EQ(get(3, l), ref(a, b))
            << std::hex << "a=0x" << a << " b=0x" << b << " lane " << std::dec << l;
      }
    }
  }

  /// The same for 64-bit operands: Ra = R2:R3, Sb = R4:R5, Rd = R6:R7.
  template <class Ref>
  void checkPairs64(ExecFn fn, const Inst &inst, const std::vector<uint64_t> &as,
                    const std::vector<uint64_t> &bs, Ref ref) {
    std::vector<std::pair<uint64_t, uint64_t>> pairs;
    for (uint64_t a : as)
      for (uint64_t b : bs)
        pairs.push_back({a, b});
    for (size_t base = 0; base < pairs.size(); base += WarpSize) {
      auto at = [&](unsigned l) {
        return pairs[std::min(base + l, pairs.size() - 1)];
      };
      setLanes64(2, [&](unsigned l) { return at(l).first; });
      setLanes64(4, [&](unsigned l) { return at(l).second; });
      set64(6, 0xCCCCCCCCCCCCCCCCull);
      run(fn, inst);
      for (unsigned l = 0; l < WarpSize; ++l) {
        const auto [a, b] = at(l);
        ASSERT_EQ(get64(6, l), ref(a, b))
            << std::hex << "a=0x" << a << " b=0x" << b << " lane " << std::dec << l;
      }
    }
  }

  /// Runs `inst` (writing R3) under each mask of kMasks and checks that only
  /// the masked lanes changed, to the values of a full-mask run.
  void checkMasking(ExecFn fn, const Inst &inst, unsigned rd = 3) {
    WarpRegs saved = regs;
    run(fn, inst);
    uint32_t full[WarpSize];
    std::memcpy(full, regs.r[rd], sizeof(full));
    for (uint32_t mask : kMasks) {
      regs = saved;
      set(rd, 0x5EED0000u);
      run(fn, inst, mask);
      for (unsigned l = 0; l < WarpSize; ++l)
        EXPECT_EQ(get(rd, l), (mask >> l & 1) ? full[l] : 0x5EED0000u)
            << "mask " << std::hex << mask << " lane " << std::dec << l;
    }
    regs = saved;
  }
};

const std::vector<uint32_t> kInts = {
    0u,          1u,          0xFFFFFFFFu, 0x80000000u, 0x7FFFFFFFu,
    2u,          0x80000001u, 0x7FFFFFFEu, 0x12345678u, 0xDEADBEEFu,
    31u,         32u,         33u,         0xFFu,       0x100u,
    0xFFFF8000u, 0x0000FFFFu, 0xFFFFFFFEu, 0x00010000u, 0x55AA33CCu};

const std::vector<uint32_t> kFloats = {
    0x00000000u, 0x80000000u, 0x3F800000u, 0xBF800000u, 0x7F800000u,
    0xFF800000u, 0x7FC00000u, 0x7F800001u, 0xFFC00000u, 0x00000001u,
    0x807FFFFFu, 0x00800000u, 0x7F7FFFFFu, 0xFF7FFFFFu, 0x3FC00000u,
    0x40400000u, 0x3EAAAAABu, 0x0D800000u, 0x4B800000u, 0x3F000000u,
    0x00400000u, 0x80800000u, 0x3F7FFFFFu, 0xC0490FDBu};

// ==== Integer ============================================================================

/// Reference flags of a + b + cin (33-bit carry, signed overflow).
CCFlags refAddFlags(uint32_t a, uint32_t b, uint32_t cin, unsigned lane) {
  const uint64_t w = uint64_t(a) + b + cin;
  const int64_t s = int64_t(int32_t(a)) + int64_t(int32_t(b)) + cin;
  const uint32_t r = uint32_t(w);
  CCFlags f;
  f.zf = (r == 0) << lane;
  f.sf = (r >> 31) << lane;
  f.cf = uint32_t(w > 0xFFFFFFFFull) << lane;
  f.of = uint32_t(s != int64_t(int32_t(r))) << lane;
  return f;
}

TEST_F(Sem, IaddAllPairs) {
  checkPairs(exec_IADD, Build(Op::IADD).rd(3).ra(1).sb(2), kInts, kInts,
             [](uint32_t a, uint32_t b) { return a + b; });
  checkPairs(exec_IADD, Build(Op::IADD).rd(3).ra(Neg(R(1))).sb(2), kInts, kInts,
             [](uint32_t a, uint32_t b) { return b - a; });
  checkPairs(exec_IADD, Build(Op::IADD).rd(3).ra(1).sb(B(Neg(R(2)))), kInts,
             kInts, [](uint32_t a, uint32_t b) { return a - b; });
}

TEST_F(Sem, IaddCCFlagsAddAndSubtract) {
  for (bool subtract : {false, true}) {
    std::vector<std::pair<uint32_t, uint32_t>> pairs;
    for (uint32_t a : kInts)
      for (uint32_t b : kInts)
        pairs.push_back({a, b});
    for (size_t base = 0; base < pairs.size(); base += WarpSize) {
      auto at = [&](unsigned l) { return pairs[std::min(base + l, pairs.size() - 1)]; };
      setLanes(1, [&](unsigned l) { return at(l).first; });
      setLanes(2, [&](unsigned l) { return at(l).second; });
      regs.ccZF = regs.ccSF = regs.ccCF = regs.ccOF = 0;
      run(exec_IADD, Build(Op::IADD).rd(3).ra(1)
                         .sb(subtract ? B(Neg(R(2))) : B(2)).m(SIMT::MG_CC));
      for (unsigned l = 0; l < WarpSize; ++l) {
        const auto [a, b] = at(l);
        const CCFlags f = subtract ? refAddFlags(a, ~b, 1, l) : refAddFlags(a, b, 0, l);
        SCOPED_TRACE(testing::Message() << std::hex << a << (subtract ? " - " : " + ") << b);
        EXPECT_EQ(regs.ccZF >> l & 1, f.zf >> l);
        EXPECT_EQ(regs.ccSF >> l & 1, f.sf >> l);
        EXPECT_EQ(regs.ccCF >> l & 1, f.cf >> l);
        EXPECT_EQ(regs.ccOF >> l & 1, f.of >> l);
        if (subtract) { // CF = no borrow = a >= b unsigned
          EXPECT_EQ(regs.ccCF >> l & 1, uint32_t(a >= b));
        }
      }
    }
  }
}

TEST_F(Sem, IaddSubtractZeroSetsCarry) {
  // a - 0 = a + ~0 + 1 carries out: CF = 1 (no borrow).
  set(1, 5);
  set(2, 0);
  run(exec_IADD, Build(Op::IADD).rd(3).ra(1).sb(B(Neg(R(2)))).m(SIMT::MG_CC));
  EXPECT_EQ(get(3), 5u);
  EXPECT_EQ(regs.ccCF, AllLanes);
  EXPECT_EQ(regs.ccOF, 0u);
}

TEST_F(Sem, IaddWithoutCCLeavesFlags) {
  regs.ccZF = 0x1234, regs.ccSF = 0x5678, regs.ccCF = 0x9ABC, regs.ccOF = 0xDEF0;
  set(1, 0xFFFFFFFF);
  set(2, 1);
  run(exec_IADD, Build(Op::IADD).rd(3).ra(1).sb(2));
  EXPECT_EQ(get(3), 0u);
  EXPECT_EQ(regs.ccZF, 0x1234u);
  EXPECT_EQ(regs.ccSF, 0x5678u);
  EXPECT_EQ(regs.ccCF, 0x9ABCu);
  EXPECT_EQ(regs.ccOF, 0xDEF0u);
}

TEST_F(Sem, IaddSaturates) {
  auto clamp = [](int64_t v) {
    return uint32_t(int32_t(std::clamp<int64_t>(v, INT32_MIN, INT32_MAX)));
  };
  checkPairs(exec_IADD, Build(Op::IADD).rd(3).ra(1).sb(2).m(SIMT::MG_Sat), kInts,
             kInts, [&](uint32_t a, uint32_t b) {
               return clamp(int64_t(int32_t(a)) + int32_t(b));
             });
  checkPairs(exec_IADD, Build(Op::IADD).rd(3).ra(1).sb(B(Neg(R(2)))).m(SIMT::MG_Sat),
             kInts, kInts, [&](uint32_t a, uint32_t b) {
               return clamp(int64_t(int32_t(a)) - int32_t(b));
             });
  checkPairs(exec_IADD, Build(Op::IADD).rd(3).ra(Neg(R(1))).sb(2).m(SIMT::MG_Sat),
             kInts, kInts, [&](uint32_t a, uint32_t b) {
               return clamp(int64_t(int32_t(b)) - int32_t(a));
             });
}

/// 64-bit values for the two-instruction chains.
const std::vector<uint64_t> kInt64s = {
    0ull,
    1ull,
    ~0ull,
    0xFFFFFFFFull,
    0x100000000ull,
    0x8000000000000000ull,
    0x7FFFFFFFFFFFFFFFull,
    0x00000001FFFFFFFFull,
    0xFFFFFFFF00000000ull,
    0x123456789ABCDEF0ull,
    0x7FFFFFFF80000000ull,
    0x80000000FFFFFFFFull,
    0xFFFFFFFF00000001ull,
    0x0000000080000000ull};

TEST_F(Sem, Iadd64BitAddAndSubtractChains) {
  for (bool subtract : {false, true}) {
    std::vector<std::pair<uint64_t, uint64_t>> pairs;
    for (uint64_t a : kInt64s)
      for (uint64_t b : kInt64s)
        pairs.push_back({a, b});
    for (size_t base = 0; base < pairs.size(); base += WarpSize) {
      auto at = [&](unsigned l) { return pairs[std::min(base + l, pairs.size() - 1)]; };
      setLanes64(2, [&](unsigned l) { return at(l).first; });
      setLanes64(4, [&](unsigned l) { return at(l).second; });
      regs.ccZF = regs.ccSF = regs.ccCF = regs.ccOF = 0xA5A5A5A5u;
      // IADD.CC R6, R2, [-]R4 ; IADD.X.CC R7, R3, [-]R5
      const SrcB lo = subtract ? B(Neg(R(4))) : B(4);
      const SrcB hi = subtract ? B(Neg(R(5))) : B(5);
      run(exec_IADD, Build(Op::IADD).rd(6).ra(2).sb(lo).m(SIMT::MG_CC));
      run(exec_IADD, Build(Op::IADD).rd(7).ra(3).sb(hi).m(SIMT::MG_X).m(SIMT::MG_CC));
      for (unsigned l = 0; l < WarpSize; ++l) {
        const auto [a, b] = at(l);
        const uint64_t r = subtract ? a - b : a + b;
        SCOPED_TRACE(testing::Message() << std::hex << a << (subtract ? " - " : " + ") << b);
        EXPECT_EQ(get64(6, l), r);
        EXPECT_EQ(regs.ccZF >> l & 1, uint32_t(r == 0));
        EXPECT_EQ(regs.ccSF >> l & 1, uint32_t(r >> 63));
        const unsigned __int128 wide = (unsigned __int128)a + (subtract ? ~b : b) + subtract;
        EXPECT_EQ(regs.ccCF >> l & 1, uint32_t(wide >> 64));
        const __int128 sw = subtract ? (__int128)int64_t(a) - int64_t(b)
                                     : (__int128)int64_t(a) + int64_t(b);
        EXPECT_EQ(regs.ccOF >> l & 1, uint32_t(sw != (__int128)int64_t(r)));
        // The flags now decide 64-bit comparisons (CSETP tests).
        if (subtract) {
          EXPECT_EQ(ccTest(SIMT::CCTest::LT, readCC(ctx)) >> l & 1, uint32_t(int64_t(a) < int64_t(b)));  // LT
          EXPECT_EQ(ccTest(SIMT::CCTest::LO, readCC(ctx)) >> l & 1, uint32_t(a < b));                   // LO
          EXPECT_EQ(ccTest(SIMT::CCTest::HI, readCC(ctx)) >> l & 1, uint32_t(a > b));                   // HI
          EXPECT_EQ(ccTest(SIMT::CCTest::GT, readCC(ctx)) >> l & 1, uint32_t(int64_t(a) > int64_t(b)));  // GT
          EXPECT_EQ(ccTest(SIMT::CCTest::EQ, readCC(ctx)) >> l & 1, uint32_t(a == b));                  // EQ
        }
      }
    }
  }
}

TEST_F(Sem, IaddXUsesCarryPerLane) {
  set(1, 7);
  set(2, 10);
  regs.ccCF = kAlt;
  run(exec_IADD, Build(Op::IADD).rd(3).ra(1).sb(2).m(SIMT::MG_X));
  for (unsigned l = 0; l < WarpSize; ++l)
    EXPECT_EQ(get(3, l), 17u + (kAlt >> l & 1));
}

TEST_F(Sem, IaddImmediateConstantRzAndSameRegister) {
  set(1, 100);
  run(exec_IADD, Build(Op::IADD).rd(3).ra(1).sb(Imm(0xFFFFFFE1u)));  // -0x1f
  EXPECT_EQ(get(3), 69u);
  semtest::constants[{2, 0x10}] = 1000;
  run(exec_IADD, Build(Op::IADD).rd(3).ra(1).sb(Cst(2, 0x10)));
  EXPECT_EQ(get(3, 31), 1100u);
  EXPECT_EQ(semtest::constantReads, 1u) << "one constant read per instruction";
  run(exec_IADD, Build(Op::IADD).rd(3).ra(RZ).sb(B(Neg(R(1)))));  // INEG
  EXPECT_EQ(get(3), uint32_t(-100));
  run(exec_IADD, Build(Op::IADD).rd(1).ra(1).sb(1));  // R1 = R1 + R1
  EXPECT_EQ(get(1), 200u);
  run(exec_IADD, Build(Op::IADD).rd(RZ).ra(1).sb(1).m(SIMT::MG_CC));  // RZ.CC
  EXPECT_EQ(regs.ccZF, 0u);
  checkMasking(exec_IADD, Build(Op::IADD).rd(3).ra(1).sb(2));
}

TEST_F(Sem, IaddCCOnlyInMaskedLanes) {
  set(1, 0);
  set(2, 0);
  regs.ccZF = 0;
  regs.ccCF = AllLanes;
  run(exec_IADD, Build(Op::IADD).rd(3).ra(1).sb(2).m(SIMT::MG_CC), kAlt);
  EXPECT_EQ(regs.ccZF, kAlt);
  EXPECT_EQ(regs.ccCF, ~kAlt);
}

TEST_F(Sem, Iadd32I) {
  checkPairs(exec_IADD32I, Build(Op::IADD32I).rd(3).ra(1).imm(0x80000000u), kInts,
             {0u}, [](uint32_t a, uint32_t) { return a + 0x80000000u; });
  checkPairs(exec_IADD32I, Build(Op::IADD32I).rd(3).ra(Neg(R(1))).imm(0x12345678u),
             kInts, {0u}, [](uint32_t a, uint32_t) { return 0x12345678u - a; });
  // Upper word of a 64-bit add of an immediate.
  set(1, 0xFFFFFFFF);
  set(2, 0x10);
  run(exec_IADD32I, Build(Op::IADD32I).rd(3).ra(1).imm(1).m(SIMT::MG_CC));
  run(exec_IADD32I, Build(Op::IADD32I).rd(4).ra(2).imm(0).m(SIMT::MG_X).m(SIMT::MG_CC));
  EXPECT_EQ(get(3), 0u);
  EXPECT_EQ(get(4), 0x11u);
  EXPECT_EQ(regs.ccZF, 0u);
  checkMasking(exec_IADD32I, Build(Op::IADD32I).rd(3).ra(1).imm(5));
}

TEST_F(Sem, ImulAllTypeCombinations) {
  for (unsigned at : {0u, 1u})
    for (unsigned bt : {0u, 1u})
      for (bool hi : {false, true}) {
        SCOPED_TRACE(testing::Message() << "atype " << at << " btype " << bt << " hi " << hi);
        auto ext = [](uint32_t v, unsigned t) {
          return t == 0 ? __int128(int32_t(v)) : __int128(v);
        };
        checkPairs(exec_IMUL,
                   Build(Op::IMUL).rd(3).ra(1).sb(2).m(SIMT::MG_AType, at)
                       .m(SIMT::MG_BType, bt).m(SIMT::MG_Hi, hi),
                   kInts, kInts, [&](uint32_t a, uint32_t b) {
                     const __int128 p = ext(a, at) * ext(b, bt);
                     return uint32_t(hi ? uint64_t(p >> 32) : uint64_t(p));
                   });
      }
}

TEST_F(Sem, ImulCCSetsZeroSignClearsCarryOverflow) {
  setLanes(1, [](unsigned l) { return l == 0 ? 0u : 0x10000u; });
  set(2, 0x18000);  // 0x10000 * 0x18000 = 0x1_8000_0000: low word 0x80000000
  regs.ccCF = regs.ccOF = AllLanes;
  run(exec_IMUL, Build(Op::IMUL).rd(3).ra(1).sb(2).m(SIMT::MG_CC));
  EXPECT_EQ(get(3, 0), 0u);
  EXPECT_EQ(get(3, 1), 0x80000000u);
  EXPECT_EQ(regs.ccZF, 1u);
  EXPECT_EQ(regs.ccSF, ~1u);
  EXPECT_EQ(regs.ccCF, 0u);
  EXPECT_EQ(regs.ccOF, 0u);
  checkMasking(exec_IMUL, Build(Op::IMUL).rd(3).ra(1).sb(2).m(SIMT::MG_Hi));
}

TEST_F(Sem, Imad) {
  set(4, 0x11111111u);
  for (bool hi : {false, true})
    checkPairs(exec_IMAD, Build(Op::IMAD).rd(3).ra(1).sb(2).rc(4).m(SIMT::MG_Hi, hi),
               kInts, kInts, [&](uint32_t a, uint32_t b) {
                 const int64_t p = int64_t(int32_t(a)) * int32_t(b);
                 return uint32_t(hi ? uint64_t(p) >> 32 : uint64_t(p)) + 0x11111111u;
               });
  // Same register everywhere: R1 = R1 * R1 + R1.
  set(1, 3);
  run(exec_IMAD, Build(Op::IMAD).rd(1).ra(1).sb(1).rc(1));
  EXPECT_EQ(get(1), 12u);
  checkMasking(exec_IMAD, Build(Op::IMAD).rd(3).ra(1).sb(Imm(7)).rc(2));
}

TEST_F(Sem, ImadCarryChainIs64BitMultiplyAdd) {
  // (R6:R7) = R1 * R2 + (R4:R5), unsigned: IMAD.U32.U32.CC lo; IMAD.U32.U32.HI.X hi.
  std::mt19937 rng(7);
  setLanes(1, [&](unsigned l) { return l < 4 ? kInts[l * 2] : rng(); });
  setLanes(2, [&](unsigned l) { return l < 4 ? 0xFFFFFFFFu : rng(); });
  setLanes64(4, [&](unsigned l) { return l < 4 ? ~0ull : (uint64_t(rng()) << 32 | rng()); });
  run(exec_IMAD, Build(Op::IMAD).rd(6).ra(1).sb(2).rc(4).m(SIMT::MG_AType, SIMT::MulType::U32)
                     .m(SIMT::MG_BType, SIMT::MulType::U32).m(SIMT::MG_CC));
  run(exec_IMAD, Build(Op::IMAD).rd(7).ra(1).sb(2).rc(5).m(SIMT::MG_AType, SIMT::MulType::U32)
                     .m(SIMT::MG_BType, SIMT::MulType::U32).m(SIMT::MG_Hi).m(SIMT::MG_X).m(SIMT::MG_CC));
  for (unsigned l = 0; l < WarpSize; ++l) {
    const uint64_t expect = uint64_t(get(1, l)) * get(2, l) + get64(4, l);
    EXPECT_EQ(get64(6, l), expect) << "lane " << l;
    EXPECT_EQ(regs.ccZF >> l & 1, uint32_t(expect == 0));
  }
}

TEST_F(Sem, Iscadd) {
  for (unsigned shift : {0u, 5u, 31u}) {
    checkPairs(exec_ISCADD, Build(Op::ISCADD).rd(3).ra(1).sb(2).imm(shift), kInts,
               kInts, [&](uint32_t a, uint32_t b) { return (a << shift) + b; });
    checkPairs(exec_ISCADD, Build(Op::ISCADD).rd(3).ra(Neg(R(1))).sb(2).imm(shift),
               kInts, kInts, [&](uint32_t a, uint32_t b) { return b - (a << shift); });
    checkPairs(exec_ISCADD, Build(Op::ISCADD).rd(3).ra(1).sb(B(Neg(R(2)))).imm(shift),
               kInts, kInts, [&](uint32_t a, uint32_t b) { return (a << shift) - b; });
  }
  set(1, 0x40000000);
  set(2, 0x80000000);
  run(exec_ISCADD, Build(Op::ISCADD).rd(3).ra(1).sb(2).imm(1).m(SIMT::MG_CC));
  EXPECT_EQ(get(3), 0u);
  EXPECT_EQ(regs.ccZF, AllLanes);
  EXPECT_EQ(regs.ccCF, AllLanes);
  EXPECT_EQ(regs.ccOF, AllLanes);
  checkMasking(exec_ISCADD, Build(Op::ISCADD).rd(3).ra(1).sb(2).imm(4));
}

/// Reference of MG_ICmp code on an ordered comparison.
bool refCmp(unsigned code, bool lt, bool eq, bool gt) {
  switch (code) {
  case 0: return false;
  case 1: return lt;
  case 2: return eq;
  case 3: return lt || eq;
  case 4: return gt;
  case 5: return !eq;
  case 6: return gt || eq;
  default: return true;
  }
}

TEST_F(Sem, IcmpAllCodes) {
  for (unsigned code = 0; code < SIMT::NumICmpValues; ++code)
    for (bool u32 : {false, true}) {
      SCOPED_TRACE(testing::Message() << "code " << code << " u32 " << u32);
      setLanes(4, [](unsigned l) { return kInts[l % kInts.size()]; });
      setLanes(1, [](unsigned l) { return 0x1000 + l; });
      set(2, 0xEEEE);
      run(exec_ICMP, Build(Op::ICMP).rd(3).ra(1).sb(2).rc(4).m(SIMT::MG_ICmp, code)
                         .m(SIMT::MG_U32, u32));
      for (unsigned l = 0; l < WarpSize; ++l) {
        const uint32_t c = get(4, l);
        const bool t = u32 ? refCmp(code, false, c == 0, c != 0)
                           : refCmp(code, int32_t(c) < 0, c == 0, int32_t(c) > 0);
        EXPECT_EQ(get(3, l), t ? 0x1000 + l : 0xEEEEu) << "c=" << c;
      }
    }
  checkMasking(exec_ICMP, Build(Op::ICMP).rd(3).ra(1).sb(2).rc(4).m(SIMT::MG_ICmp, SIMT::ICmp::LT));
}

TEST_F(Sem, Popc) {
  checkPairs(exec_POPC, Build(Op::POPC).rd(3).ra(1).sb(2), kInts, kInts,
             [](uint32_t a, uint32_t b) { return uint32_t(std::popcount(a & b)); });
  checkPairs(exec_POPC, Build(Op::POPC).rd(3).ra(Inv(R(1))).sb(B(Inv(R(2)))), kInts,
             kInts, [](uint32_t a, uint32_t b) { return uint32_t(std::popcount(~a & ~b)); });
  set(1, 0xF0F0F0F0);
  run(exec_POPC, Build(Op::POPC).rd(3).ra(1).sb(1));  // POPC Rd, Rb alias
  EXPECT_EQ(get(3), 16u);
  checkMasking(exec_POPC, Build(Op::POPC).rd(3).ra(1).sb(2));
}

const std::vector<uint32_t> kShiftCounts = {0, 1, 4, 16, 31, 32, 33, 63, 64, 255, 0x80000000u, 0xFFFFFFFFu};

TEST_F(Sem, ShlClampsOrWraps) {
  checkPairs(exec_SHL, Build(Op::SHL).rd(3).ra(1).sb(2), kInts, kShiftCounts,
             [](uint32_t a, uint32_t n) { return n >= 32 ? 0u : a << n; });
  checkPairs(exec_SHL, Build(Op::SHL).rd(3).ra(1).sb(2).m(SIMT::MG_Wrap), kInts,
             kShiftCounts, [](uint32_t a, uint32_t n) { return a << (n % 32); });
  checkMasking(exec_SHL, Build(Op::SHL).rd(3).ra(1).sb(Imm(3)));
}

TEST_F(Sem, ShrSignedUnsignedWrap) {
  checkPairs(exec_SHR, Build(Op::SHR).rd(3).ra(1).sb(2), kInts, kShiftCounts,
             [](uint32_t a, uint32_t n) {
               return n >= 32 ? (int32_t(a) < 0 ? ~0u : 0u) : uint32_t(int32_t(a) >> n);
             });
  checkPairs(exec_SHR, Build(Op::SHR).rd(3).ra(1).sb(2).m(SIMT::MG_U32), kInts,
             kShiftCounts, [](uint32_t a, uint32_t n) { return n >= 32 ? 0u : a >> n; });
  checkPairs(exec_SHR, Build(Op::SHR).rd(3).ra(1).sb(2).m(SIMT::MG_Wrap), kInts,
             kShiftCounts, [](uint32_t a, uint32_t n) { return uint32_t(int32_t(a) >> (n % 32)); });
  checkPairs(exec_SHR, Build(Op::SHR).rd(3).ra(1).sb(2).m(SIMT::MG_U32).m(SIMT::MG_Wrap),
             kInts, kShiftCounts, [](uint32_t a, uint32_t n) { return a >> (n % 32); });
  checkMasking(exec_SHR, Build(Op::SHR).rd(3).ra(1).sb(2));
}

TEST_F(Sem, ShiftsAndLogicCCClearCarryOverflow) {
  set(1, 0x80000001);
  set(2, 1);
  for (auto [fn, inst] : {std::pair<ExecFn, Inst>{exec_SHL, Build(Op::SHL).rd(3).ra(1).sb(2).m(SIMT::MG_CC)},
                          {exec_SHR, Build(Op::SHR).rd(3).ra(1).sb(2).m(SIMT::MG_CC)},
                          {exec_LOP, Build(Op::LOP).rd(3).ra(1).sb(2).m(SIMT::MG_Logic, SIMT::Logic::AND).m(SIMT::MG_CC)}}) {
    regs.ccCF = regs.ccOF = AllLanes;
    regs.ccZF = regs.ccSF = 0;
    run(fn, inst, kAlt);
    const uint32_t r = get(3);
    EXPECT_EQ(regs.ccCF, ~kAlt);
    EXPECT_EQ(regs.ccOF, ~kAlt);
    EXPECT_EQ(regs.ccZF, r == 0 ? kAlt : 0u);
    EXPECT_EQ(regs.ccSF, (r >> 31) ? kAlt : 0u);
  }
}

TEST_F(Sem, LopAllOpsWithInversion) {
  using F = uint32_t (*)(uint32_t, uint32_t);
  const F ops[] = {[](uint32_t a, uint32_t b) { return a & b; },
                   [](uint32_t a, uint32_t b) { return a | b; },
                   [](uint32_t a, uint32_t b) { return a ^ b; },
                   [](uint32_t, uint32_t b) { return b; }};
  for (unsigned op = 0; op < SIMT::NumLogicValues; ++op)
    for (unsigned invs = 0; invs < 4; ++invs) {
      const bool ia = invs & 1, ib = invs & 2;
      const RegRef a = ia ? Inv(R(1)) : R(1);
      const SrcB b = ib ? B(Inv(R(2))) : B(2);
      checkPairs(exec_LOP, Build(Op::LOP).rd(3).ra(a).sb(b).m(SIMT::MG_Logic, op),
                 kInts, kInts, [&](uint32_t x, uint32_t y) {
                   return ops[op](ia ? ~x : x, ib ? ~y : y);
                 });
      checkPairs(exec_LOP32I, Build(Op::LOP32I).rd(3).ra(a).imm(0xF0F0FF00u)
                                  .m(SIMT::MG_Logic, op),
                 kInts, {0u}, [&](uint32_t x, uint32_t) {
                   return ops[op](ia ? ~x : x, 0xF0F0FF00u);
                 });
    }
  checkMasking(exec_LOP, Build(Op::LOP).rd(3).ra(1).sb(2).m(SIMT::MG_Logic, SIMT::Logic::XOR));
  checkMasking(exec_LOP32I, Build(Op::LOP32I).rd(3).ra(1).imm(7).m(SIMT::MG_Logic, SIMT::Logic::OR));
}

TEST_F(Sem, Flo) {
  auto ref = [](uint32_t x, bool isSigned, bool sh) -> uint32_t {
    for (int i = 31; i >= 0; --i) {
      const bool bit = x >> i & 1;
      const bool sign = isSigned && (x >> 31);
      if (bit != sign)
        return sh ? 31 - i : i;
    }
    return 0xFFFFFFFFu;
  };
  for (bool u32 : {false, true})
    for (bool sh : {false, true}) {
      checkPairs(exec_FLO, Build(Op::FLO).rd(3).sb(1).m(SIMT::MG_U32, u32).m(SIMT::MG_SH, sh),
                 kInts, {0u}, [&](uint32_t a, uint32_t) { return ref(a, !u32, sh); });
      checkPairs(exec_FLO, Build(Op::FLO).rd(3).sb(B(Inv(R(1)))).m(SIMT::MG_U32, u32)
                               .m(SIMT::MG_SH, sh),
                 kInts, {0u}, [&](uint32_t a, uint32_t) { return ref(~a, !u32, sh); });
    }
  set(1, 0);
  run(exec_FLO, Build(Op::FLO).rd(3).sb(1).m(SIMT::MG_U32));
  EXPECT_EQ(get(3), 0xFFFFFFFFu);
  set(1, 0xFFFFFFFF);
  run(exec_FLO, Build(Op::FLO).rd(3).sb(1));
  EXPECT_EQ(get(3), 0xFFFFFFFFu);  // signed -1: no non-sign bit
  run(exec_FLO, Build(Op::FLO).rd(3).sb(1).m(SIMT::MG_U32).m(SIMT::MG_SH));
  EXPECT_EQ(get(3), 0u);
  checkMasking(exec_FLO, Build(Op::FLO).rd(3).sb(2));
}

/// PTX bfe, bit by bit as the PTX manual writes it.
uint32_t refBfe(uint32_t a, uint32_t ctl, bool isSigned) {
  const uint32_t pos = ctl & 0xFF, len = ctl >> 8 & 0xFF;
  uint32_t sbit = 0;
  if (isSigned && len != 0)
    sbit = a >> std::min(pos + len - 1, 31u) & 1;
  uint32_t d = 0;
  for (uint32_t i = 0; i <= 31; ++i) {
    const uint32_t bit = (i < len && pos + i <= 31) ? (a >> (pos + i) & 1) : sbit;
    d |= bit << i;
  }
  return d;
}
uint32_t refBfi(uint32_t a, uint32_t base, uint32_t ctl) {
  const uint32_t pos = ctl & 0xFF, len = ctl >> 8 & 0xFF;
  uint32_t f = base;
  for (uint32_t i = 0; i < len && pos + i <= 31; ++i)
    f = (f & ~(1u << (pos + i))) | ((a >> i & 1) << (pos + i));
  return f;
}
uint32_t refBrev(uint32_t x) {
  uint32_t r = 0;
  for (unsigned i = 0; i < 32; ++i)
    r |= (x >> i & 1) << (31 - i);
  return r;
}

std::vector<uint32_t> bitFieldControls() {
  std::vector<uint32_t> c;
  for (uint32_t pos : {0u, 1u, 7u, 16u, 31u, 32u, 40u, 255u})
    for (uint32_t len : {0u, 1u, 8u, 16u, 24u, 31u, 32u, 33u, 200u, 255u})
      c.push_back(pos | len << 8 | (pos == 7 ? 0xABCD0000u : 0u));  // high bits ignored
  return c;
}

TEST_F(Sem, BfeFollowsPtx) {
  const auto ctls = bitFieldControls();
  for (bool u32 : {false, true}) {
    checkPairs(exec_BFE, Build(Op::BFE).rd(3).ra(1).sb(2).m(SIMT::MG_U32, u32), kInts,
               ctls, [&](uint32_t a, uint32_t c) { return refBfe(a, c, !u32); });
    checkPairs(exec_BFE, Build(Op::BFE).rd(3).ra(1).sb(2).m(SIMT::MG_U32, u32)
                             .m(SIMT::MG_Brev),
               kInts, ctls, [&](uint32_t a, uint32_t c) { return refBfe(refBrev(a), c, !u32); });
  }
  set(1, 0x00000F00);
  run(exec_BFE, Build(Op::BFE).rd(3).ra(1).sb(Imm(0x0408)));  // pos 8, len 4, signed
  EXPECT_EQ(get(3), 0xFFFFFFFFu);
  run(exec_BFE, Build(Op::BFE).rd(3).ra(1).sb(Imm(0x0408)).m(SIMT::MG_U32));
  EXPECT_EQ(get(3), 0xFu);
  set(1, 0x12345678);
  run(exec_BFE, Build(Op::BFE).rd(3).ra(1).sb(Imm(0x2000)).m(SIMT::MG_U32).m(SIMT::MG_Brev));
  EXPECT_EQ(get(3), refBrev(0x12345678));
  checkMasking(exec_BFE, Build(Op::BFE).rd(3).ra(1).sb(Imm(0x0804)));
}

TEST_F(Sem, BfiFollowsPtx) {
  const auto ctls = bitFieldControls();
  set(4, 0x5A5A5A5A);
  checkPairs(exec_BFI, Build(Op::BFI).rd(3).ra(1).sb(2).rc(4), kInts, ctls,
             [](uint32_t a, uint32_t c) { return refBfi(a, 0x5A5A5A5A, c); });
  set(1, 0xFFFFFFFF);
  set(4, 0);
  run(exec_BFI, Build(Op::BFI).rd(3).ra(1).sb(Imm(0x0804)).rc(4));
  EXPECT_EQ(get(3), 0x00000FF0u);
  run(exec_BFI, Build(Op::BFI).rd(4).ra(1).sb(Imm(0x201C)).rc(4));  // Rd == Rc, pos 28 len 32
  EXPECT_EQ(get(4), 0xF0000000u);
  checkMasking(exec_BFI, Build(Op::BFI).rd(3).ra(1).sb(Imm(0x0804)).rc(2));
}

TEST_F(Sem, PrmtDefaultMode) {
  auto ref = [](uint32_t a, uint32_t s, uint32_t c) {
    const uint8_t bytes[8] = {uint8_t(a), uint8_t(a >> 8), uint8_t(a >> 16), uint8_t(a >> 24),
                              uint8_t(c), uint8_t(c >> 8), uint8_t(c >> 16), uint8_t(c >> 24)};
    uint32_t r = 0;
    for (unsigned i = 0; i < 4; ++i) {
      const unsigned n = s >> (4 * i) & 15;
      uint8_t b = bytes[n & 7];
      if (n & 8)
        b = (b & 0x80) ? 0xFF : 0x00;
      r |= uint32_t(b) << (8 * i);
    }
    return r;
  };
  set(4, 0x8899AABB);
  std::vector<uint32_t> sels = {0x3210, 0x7654, 0x0123, 0x4567, 0x8888, 0xFFFF, 0x1F2B, 0xABCD3210u, 0x5140};
  for (uint32_t s = 0; s < 0x10000; s += 0x1111 + 0x37)
    sels.push_back(s);
  checkPairs(exec_PRMT, Build(Op::PRMT).rd(3).ra(1).sb(2).rc(4), kInts, sels,
             [&](uint32_t a, uint32_t s) { return ref(a, s, 0x8899AABB); });
  set(1, 0x11223344);
  run(exec_PRMT, Build(Op::PRMT).rd(3).ra(1).sb(Imm(0x0123)).rc(4));
  EXPECT_EQ(get(3), 0x44332211u);
  run(exec_PRMT, Build(Op::PRMT).rd(3).ra(1).sb(Imm(0x8884)).rc(4));
  EXPECT_EQ(get(3), 0x000000BBu);  // byte 4 = 0xBB; sign of byte 0 (0x44) = 0
  run(exec_PRMT, Build(Op::PRMT).rd(3).ra(1).sb(Imm(0xCCC4)).rc(4));
  EXPECT_EQ(get(3), 0xFFFFFFBBu);  // sign of byte 4 (0xBB) replicated
  checkMasking(exec_PRMT, Build(Op::PRMT).rd(3).ra(1).sb(Imm(0x3210)).rc(4));
}

TEST_F(Sem, BitFieldUniformControlsMatchPerLaneControls) {
  // An immediate or constant Sb takes the uniform paths; they must agree with
  // the PTX references (and read a constant once).
  setLanes(1, [](unsigned l) { return kInts[l % kInts.size()] ^ (l * 0x01010101u); });
  setLanes(4, [](unsigned l) { return 0x5A5A5A5Au ^ l; });
  std::vector<uint32_t> ctls = bitFieldControls();
  for (uint32_t s : {0x3210u, 0x7654u, 0x0123u, 0x8888u, 0xFFFFu, 0x1F2Bu, 0xC4A7u, 0x5140u})
    ctls.push_back(s);
  for (uint32_t ctl : ctls) {
    SCOPED_TRACE(testing::Message() << std::hex << "ctl " << ctl);
    semtest::constants[{1, 0x20}] = ctl;
    semtest::constantReads = 0;
    for (bool u32 : {false, true})
      for (bool brev : {false, true}) {
        run(exec_BFE, Build(Op::BFE).rd(3).ra(1).sb(Cst(1, 0x20)).m(SIMT::MG_U32, u32)
                          .m(SIMT::MG_Brev, brev));
        for (unsigned l = 0; l < WarpSize; ++l)
          ASSERT_EQ(get(3, l), refBfe(brev ? refBrev(get(1, l)) : get(1, l), ctl, !u32));
      }
    EXPECT_EQ(semtest::constantReads, 4u);
    run(exec_BFI, Build(Op::BFI).rd(3).ra(1).sb(Imm(ctl)).rc(4));
    for (unsigned l = 0; l < WarpSize; ++l)
      ASSERT_EQ(get(3, l), refBfi(get(1, l), get(4, l), ctl));
    semtest::constantReads = 0;
    run(exec_BFI, Build(Op::BFI).rd(3).ra(1).sb(Cst(1, 0x20)).rc(4));
    EXPECT_EQ(semtest::constantReads, 1u);
    for (unsigned l = 0; l < WarpSize; ++l)
      ASSERT_EQ(get(3, l), refBfi(get(1, l), get(4, l), ctl));
    // PRMT: uniform selector vs the per-lane path on the same selector.
    set(2, ctl);
    run(exec_PRMT, Build(Op::PRMT).rd(3).ra(1).sb(2).rc(4));
    Lanes perLane;
    std::memcpy(perLane, regs.r[3], sizeof perLane);
    semtest::constantReads = 0;
    run(exec_PRMT, Build(Op::PRMT).rd(3).ra(1).sb(Cst(1, 0x20)).rc(4));
    EXPECT_EQ(semtest::constantReads, 1u);
    for (unsigned l = 0; l < WarpSize; ++l)
      ASSERT_EQ(get(3, l), perLane[l]) << "lane " << l;
  }
}

TEST_F(Sem, IabsMovMov32I) {
  checkPairs(exec_IABS, Build(Op::IABS).rd(3).sb(1), kInts, {0u}, [](uint32_t a, uint32_t) {
    return int32_t(a) < 0 ? uint32_t(-int64_t(int32_t(a))) : a;
  });
  set(1, 0x80000000);
  run(exec_IABS, Build(Op::IABS).rd(3).sb(1));
  EXPECT_EQ(get(3), 0x80000000u);
  run(exec_IABS, Build(Op::IABS).rd(3).sb(Imm(0xFFFFFFF0u)));
  EXPECT_EQ(get(3), 16u);

  setLanes(1, [](unsigned l) { return l * 3; });
  run(exec_MOV, Build(Op::MOV).rd(3).sb(1));
  for (unsigned l = 0; l < WarpSize; ++l)
    EXPECT_EQ(get(3, l), l * 3);
  run(exec_MOV, Build(Op::MOV).rd(3).sb(Imm(0xFFF80000u)));
  EXPECT_EQ(get(3, 17), 0xFFF80000u);
  semtest::constants[{0, 0x28}] = 0xCAFEF00D;
  run(exec_MOV, Build(Op::MOV).rd(3).sb(Cst(0, 0x28)));
  EXPECT_EQ(get(3, 9), 0xCAFEF00Du);
  EXPECT_EQ(semtest::constantReads, 1u);
  run(exec_MOV, Build(Op::MOV).rd(3).sb(RZ));
  EXPECT_EQ(get(3, 4), 0u);
  run(exec_MOV, Build(Op::MOV).rd(RZ).sb(1));  // discarded (TearDown checks RZ)
  run(exec_MOV32I, Build(Op::MOV32I).rd(3).imm(0xDEADBEEF), kOneLane);
  EXPECT_EQ(get(3, 5), 0xDEADBEEFu);
  EXPECT_EQ(get(3, 4), 0u);
  checkMasking(exec_MOV, Build(Op::MOV).rd(3).sb(1));
  checkMasking(exec_MOV32I, Build(Op::MOV32I).rd(3).imm(42));
  checkMasking(exec_IABS, Build(Op::IABS).rd(3).sb(2));
}

TEST_F(Sem, S2RReadsSpecialRegistersPerLane) {
  for (unsigned sr : {0u, 12u, 16u, 21u}) {
    run(exec_S2R, Build(Op::S2R).rd(3).imm(sr));
    for (unsigned l = 0; l < WarpSize; ++l)
      EXPECT_EQ(get(3, l), 0x1000u * (sr + 1) + l);
  }
  checkMasking(exec_S2R, Build(Op::S2R).rd(3).imm(12));
}

TEST_F(Sem, SelAndImnmx) {
  setLanes(1, [](unsigned l) { return l; });
  set(2, 100);
  regs.pred[2] = kAlt;
  run(exec_SEL, Build(Op::SEL).rd(3).ra(1).sb(2).pp(P(2)));
  for (unsigned l = 0; l < WarpSize; ++l)
    EXPECT_EQ(get(3, l), (kAlt >> l & 1) ? l : 100u);
  run(exec_SEL, Build(Op::SEL).rd(3).ra(1).sb(Imm(7)).pp(P(2, true)));
  for (unsigned l = 0; l < WarpSize; ++l)
    EXPECT_EQ(get(3, l), (kAlt >> l & 1) ? 7u : l);
  run(exec_SEL, Build(Op::SEL).rd(3).ra(1).sb(2).pp(P(PT)));
  EXPECT_EQ(get(3, 9), 9u);
  checkMasking(exec_SEL, Build(Op::SEL).rd(3).ra(1).sb(2).pp(P(2)));

  for (bool u32 : {false, true})
    for (bool neg : {false, true}) {
      regs.pred[1] = 0x0F0F0F0F;
      checkPairs(exec_IMNMX, Build(Op::IMNMX).rd(3).ra(1).sb(2).pp(P(PT, neg)).m(SIMT::MG_U32, u32),
                 kInts, kInts, [&](uint32_t a, uint32_t b) {
                   const bool less = u32 ? a < b : int32_t(a) < int32_t(b);
                   const bool wantMin = !neg;  // PT selects the minimum
                   return (less == wantMin) ? a : b;
                 });
    }
  // IMNMX.U32 R2, R3, 0x1f, pt clamps to 31.
  setLanes(1, [](unsigned l) { return l * 3; });
  run(exec_IMNMX, Build(Op::IMNMX).rd(3).ra(1).sb(Imm(0x1F)).pp(P(PT)).m(SIMT::MG_U32));
  for (unsigned l = 0; l < WarpSize; ++l)
    EXPECT_EQ(get(3, l), std::min(l * 3, 31u));
  regs.pred[4] = kAlt;
  run(exec_IMNMX, Build(Op::IMNMX).rd(3).ra(1).sb(Imm(0x1F)).pp(P(4)));
  for (unsigned l = 0; l < WarpSize; ++l)
    EXPECT_EQ(get(3, l), (kAlt >> l & 1) ? std::min(l * 3, 31u) : std::max(l * 3, 31u));
  checkMasking(exec_IMNMX, Build(Op::IMNMX).rd(3).ra(1).sb(2).pp(P(4)));
}

// ==== Float ==============================================================================

/// Reference of FADD/FMUL/FFMA-style results in RN: .FTZ on inputs and
/// result, .SAT (NaN and -0 give +0), canonical NaN.
template <class Op>
uint32_t refFloat(Op op, uint32_t a, uint32_t b, uint32_t c, bool ftz, bool sat) {
  if (ftz) {
    a = refFlush(a);
    b = refFlush(b);
    c = refFlush(c);
  }
  uint32_t r = fb(op(bf(a), bf(b), bf(c)));
  if (ftz)
    r = refFlush(r);
  if (sat) {
    if (isNaN32(r) || !(bf(r) > 0.0f))
      r = 0;
    else if (bf(r) > 1.0f)
      r = fb(1.0f);
  }
  return refCanon(r);
}

float hostAdd(float a, float b, float) { return a + b; }
float hostMul(float a, float b, float) { return a * b; }
float hostFma(float a, float b, float c) { return std::fma(a, b, c); }

TEST_F(Sem, FaddFmulAllPairsWithFtzAndSat) {
  for (bool ftz : {false, true})
    for (bool sat : {false, true}) {
      SCOPED_TRACE(testing::Message() << "ftz " << ftz << " sat " << sat);
      auto inst = [&](Op op) {
        return Build(op).rd(3).ra(1).sb(2).m(SIMT::MG_FTZ, ftz).m(SIMT::MG_Sat, sat);
      };
      checkPairs(exec_FADD, inst(Op::FADD), kFloats, kFloats, [&](uint32_t a, uint32_t b) {
        return refFloat(hostAdd, a, b, 0, ftz, sat);
      });
      checkPairs(exec_FMUL, inst(Op::FMUL), kFloats, kFloats, [&](uint32_t a, uint32_t b) {
        return refFloat(hostMul, a, b, 0, ftz, sat);
      });
    }
}

TEST_F(Sem, FfmaAllPairsIsFused) {
  for (uint32_t c : {0x00000000u, 0x80000000u, 0xBF800000u, 0x7FC00000u, 0x00000003u,
                     0xFF800000u, 0x33800000u})
    for (bool ftz : {false, true}) {
      set(4, c);
      checkPairs(exec_FFMA, Build(Op::FFMA).rd(3).ra(1).sb(2).rc(4).m(SIMT::MG_FTZ, ftz),
                 kFloats, kFloats, [&](uint32_t a, uint32_t b) {
                   return refFloat(hostFma, a, b, c, ftz, false);
                 });
    }
  // One rounding: (1 + 2^-12)^2 - 1 = 2^-11 + 2^-24 exactly.
  set(1, fb(1.0f + 0x1p-12f));
  set(4, fb(-1.0f));
  run(exec_FFMA, Build(Op::FFMA).rd(3).ra(1).sb(1).rc(4));
  EXPECT_EQ(getF(3), 0x1p-11f + 0x1p-24f);
  checkMasking(exec_FFMA, Build(Op::FFMA).rd(3).ra(1).sb(2).rc(4));
}

TEST_F(Sem, FloatRoundingModesMatchDirectedReference) {
  std::mt19937 rng(1234);
  auto randomFloat = [&](int minExp, int maxExp) {
    const uint32_t exp = uint32_t(127 + minExp + int(rng() % uint32_t(maxExp - minExp + 1)));
    return (rng() & 0x80000000u) | exp << 23 | (rng() & 0x7FFFFFu);
  };
  for (unsigned rnd = 0; rnd < SIMT::NumRndValues; ++rnd) {
    SCOPED_TRACE(testing::Message() << "rnd " << rnd);
    std::vector<uint32_t> as, bs, wide;
    for (int i = 0; i < 24; ++i) {
      as.push_back(randomFloat(-5, 5));
      bs.push_back(randomFloat(-20, 5));  // sums stay exact in double
      wide.push_back(randomFloat(-126, 127));
    }
    checkPairs(exec_FADD, Build(Op::FADD).rd(3).ra(1).sb(2).m(SIMT::MG_Rnd, rnd), as, bs,
               [&](uint32_t a, uint32_t b) {
                 return refCanon(fb(roundDirected(double(bf(a)) + double(bf(b)), rnd)));
               });
    checkPairs(exec_FMUL, Build(Op::FMUL).rd(3).ra(1).sb(2).m(SIMT::MG_Rnd, rnd), wide, wide,
               [&](uint32_t a, uint32_t b) {
                 return refCanon(fb(roundDirected(double(bf(a)) * double(bf(b)), rnd)));
               });
    // FFMA with a, b in [1, 2) and c in [1, 32): a * b + c is exact in double.
    std::vector<uint32_t> ms, cs;
    for (int i = 0; i < 12; ++i) {
      ms.push_back(randomFloat(0, 0) & 0x7FFFFFFFu);
      cs.push_back(randomFloat(0, 4));
    }
    for (uint32_t c : cs) {
      set(4, c);
      checkPairs(exec_FFMA, Build(Op::FFMA).rd(3).ra(1).sb(2).rc(4).m(SIMT::MG_Rnd, rnd), ms,
                 ms, [&](uint32_t a, uint32_t b) {
                   return fb(roundDirected(double(bf(a)) * double(bf(b)) + double(bf(c)), rnd));
                 });
    }
  }
}

TEST_F(Sem, FmaPortableAndHostPathsAgree) {
  // fmaLanes may use the host's FMA instructions; both paths must give the
  // one-rounding result in every mode.
  std::mt19937 rng(42);
  float a[WarpSize], b[WarpSize], c[WarpSize], r1[WarpSize], r2[WarpSize];
  double da[WarpSize], dbl[WarpSize], dc[WarpSize], d1[WarpSize], d2[WarpSize];
  for (int iter = 0; iter < 50; ++iter) {
    for (unsigned l = 0; l < WarpSize; ++l) {
      a[l] = bf((rng() & 0x807FFFFFu) | (0x3F000000u + (rng() % 4) * 0x00800000u));
      b[l] = bf((rng() & 0x807FFFFFu) | (0x3F000000u + (rng() % 4) * 0x00800000u));
      c[l] = bf((rng() & 0x807FFFFFu) | (0x3E000000u + (rng() % 16) * 0x00800000u));
      da[l] = double(a[l]) * (1.0 + rng() * 0x1p-60);
      dbl[l] = double(b[l]);
      dc[l] = double(c[l]) / 3.0;
    }
    for (int mode : {FE_TONEAREST, FE_TOWARDZERO, FE_DOWNWARD, FE_UPWARD}) {
      std::fesetround(mode);
      fmaLanesPortable<float>(a, b, c, r1);
      fmaLanes<float>(a, b, c, r2);
      fmaLanesPortable<double>(da, dbl, dc, d1);
      fmaLanes<double>(da, dbl, dc, d2);
      std::fesetround(FE_TONEAREST);
      for (unsigned l = 0; l < WarpSize; ++l) {
        ASSERT_EQ(fb(r1[l]), fb(r2[l])) << "mode " << mode;
        ASSERT_EQ(db(d1[l]), db(d2[l])) << "mode " << mode;
      }
    }
  }
}

TEST_F(Sem, FloatRoundingExplicitCases) {
  const float up = 1.0f + 0x1p-23f;
  struct Case { unsigned rnd; float a, b, sum; };
  for (const Case &c : {Case{0, 1.0f, 0x1p-30f, 1.0f}, Case{1, 1.0f, 0x1p-30f, 1.0f},
                        Case{2, 1.0f, 0x1p-30f, 1.0f}, Case{3, 1.0f, 0x1p-30f, up},
                        Case{2, -1.0f, -0x1p-30f, -up}, Case{3, -1.0f, -0x1p-30f, -1.0f},
                        Case{1, -1.0f, -0x1p-30f, -1.0f},
                        Case{1, 3.0e38f, 3.0e38f, std::numeric_limits<float>::max()},
                        Case{3, 3.0e38f, 3.0e38f, INFINITY},
                        Case{2, 1.0f, -1.0f, -0.0f}, Case{0, 1.0f, -1.0f, 0.0f}}) {
    set(1, fb(c.a));
    set(2, fb(c.b));
    run(exec_FADD, Build(Op::FADD).rd(3).ra(1).sb(2).m(SIMT::MG_Rnd, c.rnd));
    EXPECT_EQ(get(3), fb(c.sum)) << c.a << " + " << c.b << " rnd " << c.rnd;
  }
  EXPECT_EQ(std::fegetround(), FE_TONEAREST);
}

TEST_F(Sem, FloatFtzSatNaNAndSourceModifiers) {
  const uint32_t denorm = 0x00000010u, negDenorm = 0x80000010u;
  set(1, denorm);
  set(2, 0);
  run(exec_FADD, Build(Op::FADD).rd(3).ra(1).sb(2));
  EXPECT_EQ(get(3), denorm);
  run(exec_FADD, Build(Op::FADD).rd(3).ra(1).sb(2).m(SIMT::MG_FTZ));
  EXPECT_EQ(get(3), 0u);
  set(1, negDenorm);
  set(2, 0x80000000u);
  run(exec_FADD, Build(Op::FADD).rd(3).ra(1).sb(2).m(SIMT::MG_FTZ));
  EXPECT_EQ(get(3), 0x80000000u) << "sign-preserving flush";
  // A denormal result is flushed with .FTZ.
  set(1, fb(0x1p-126f));
  set(2, fb(-0.5f));
  run(exec_FMUL, Build(Op::FMUL).rd(3).ra(1).sb(2));
  EXPECT_EQ(getF(3), -0x1p-127f);
  run(exec_FMUL, Build(Op::FMUL).rd(3).ra(1).sb(2).m(SIMT::MG_FTZ));
  EXPECT_EQ(get(3), 0x80000000u);
  // .SAT
  const float in[] = {1.5f, -0.5f, 0.25f, -0.0f, INFINITY, -INFINITY, NAN, 1.0f};
  const float out[] = {1.0f, 0.0f, 0.25f, 0.0f, 1.0f, 0.0f, 0.0f, 1.0f};
  setLanes(1, [&](unsigned l) { return fb(in[l % 8]); });
  set(2, 0);
  run(exec_FADD, Build(Op::FADD).rd(3).ra(1).sb(2).m(SIMT::MG_Sat));
  for (unsigned l = 0; l < WarpSize; ++l)
    EXPECT_EQ(get(3, l), fb(out[l % 8])) << in[l % 8];
  // NaN results are canonical.
  set(1, 0xFFC00001u);
  set(2, fb(1.0f));
  run(exec_FADD, Build(Op::FADD).rd(3).ra(1).sb(2));
  EXPECT_EQ(get(3), 0x7FFFFFFFu);
  set(1, fb(INFINITY));
  run(exec_FADD, Build(Op::FADD).rd(3).ra(1).sb(B(Neg(R(1)))));
  EXPECT_EQ(get(3), 0x7FFFFFFFu);
  run(exec_FMUL, Build(Op::FMUL).rd(3).ra(1).sb(RZ));
  EXPECT_EQ(get(3), 0x7FFFFFFFu) << "inf * RZ (0)";
  // -|Ra| + |Sb|, -Ra * -Sb
  set(1, fb(-3.0f));
  set(2, fb(-5.0f));
  run(exec_FADD, Build(Op::FADD).rd(3).ra(Neg(Abs(R(1)))).sb(B(Abs(R(2)))));
  EXPECT_EQ(getF(3), 2.0f);
  run(exec_FMUL, Build(Op::FMUL).rd(3).ra(Neg(R(1))).sb(B(Neg(R(2)))));
  EXPECT_EQ(getF(3), 15.0f);
  run(exec_FADD, Build(Op::FADD).rd(3).ra(Abs(R(1))).sb(Imm(0xC0000000u)));  // |-3| + -2
  EXPECT_EQ(getF(3), 1.0f);
  semtest::constants[{3, 0x40}] = fb(0.5f);
  run(exec_FMUL, Build(Op::FMUL).rd(3).ra(1).sb(Cst(3, 0x40)));
  EXPECT_EQ(getF(3), -1.5f);
  set(4, fb(1.0f));
  run(exec_FFMA, Build(Op::FFMA).rd(3).ra(1).sb(2).rc(Neg(R(4))));  // -3 * -5 - 1
  EXPECT_EQ(getF(3), 14.0f);
  run(exec_FFMA, Build(Op::FFMA).rd(1).ra(1).sb(1).rc(Abs(R(1))));  // R1 = R1*R1 + |R1|
  EXPECT_EQ(getF(1), 12.0f);
  checkMasking(exec_FADD, Build(Op::FADD).rd(3).ra(1).sb(2));
  checkMasking(exec_FMUL, Build(Op::FMUL).rd(3).ra(1).sb(2).m(SIMT::MG_Rnd, SIMT::Rnd::RP));
}

TEST_F(Sem, Fadd32IFmul32I) {
  for (bool ftz : {false, true}) {
    checkPairs(exec_FADD32I, Build(Op::FADD32I).rd(3).ra(1).imm(fb(0.1f)).m(SIMT::MG_FTZ, ftz),
               kFloats, {0u}, [&](uint32_t a, uint32_t) {
                 return refFloat(hostAdd, a, fb(0.1f), 0, ftz, false);
               });
    for (bool sat : {false, true})
      checkPairs(exec_FMUL32I, Build(Op::FMUL32I).rd(3).ra(Neg(R(1))).imm(fb(-0.75f))
                                   .m(SIMT::MG_FTZ, ftz).m(SIMT::MG_Sat, sat),
                 kFloats, {0u}, [&](uint32_t a, uint32_t) {
                   return refFloat(hostMul, a ^ 0x80000000u, fb(-0.75f), 0, ftz, sat);
                 });
  }
  checkMasking(exec_FADD32I, Build(Op::FADD32I).rd(3).ra(1).imm(fb(2.0f)));
  checkMasking(exec_FMUL32I, Build(Op::FMUL32I).rd(3).ra(1).imm(fb(2.0f)));
}

TEST_F(Sem, MufuWithinTwoUlp) {
  using Fn = double (*)(double);
  const Fn refs[] = {[](double x) { return 1.0 / x; },
                     [](double x) { return 1.0 / std::sqrt(x); },
                     [](double x) { return std::sqrt(x); },
                     [](double x) { return std::exp2(x); },
                     [](double x) { return std::log2(x); },
                     [](double x) { return std::sin(x); },
                     [](double x) { return std::cos(x); }};
  std::mt19937 rng(99);
  std::vector<float> inputs = {0.0f, -0.0f, 1.0f, -1.0f, 2.0f, 0.5f, 3.14159265f, -100.0f,
                               1e-20f, 1e20f, 0x1p-140f, 126.9f, -149.5f, 1e-3f,
                               INFINITY, -INFINITY, NAN, 7.0f, 1000.0f};
  for (int i = 0; i < 45; ++i)
    inputs.push_back(std::ldexp(float(rng() % 100000) / 100000.0f + 0.5f, int(rng() % 40) - 20));
  for (unsigned op = 0; op < SIMT::NumMufuValues; ++op)
    for (size_t base = 0; base < inputs.size(); base += WarpSize) {
      setLanes(1, [&](unsigned l) { return fb(inputs[std::min(base + l, inputs.size() - 1)]); });
      run(exec_MUFU, Build(Op::MUFU).rd(3).ra(1).m(SIMT::MG_Mufu, op));
      for (unsigned l = 0; l < WarpSize; ++l) {
        const float x = inputs[std::min(base + l, inputs.size() - 1)];
        const float expect = float(refs[op](double(x)));
        const uint32_t got = get(3, l);
        SCOPED_TRACE(testing::Message() << "op " << op << " x " << x);
        if (std::isnan(expect)) {
          EXPECT_EQ(got, 0x7FFFFFFFu);
        } else if (std::isinf(expect) || expect == 0.0f) {
          EXPECT_EQ(got, fb(expect));
        } else {
          EXPECT_LE(ulpDistance(bf(got), expect), 2);
        }
      }
    }
  // Special values, modifiers, .SAT
  set(1, fb(-0.0f));
  run(exec_MUFU, Build(Op::MUFU).rd(3).ra(1).m(SIMT::MG_Mufu, SIMT::Mufu::RCP));
  EXPECT_EQ(getF(3), -INFINITY);
  run(exec_MUFU, Build(Op::MUFU).rd(3).ra(1).m(SIMT::MG_Mufu, SIMT::Mufu::RSQ));
  EXPECT_EQ(getF(3), -INFINITY);
  run(exec_MUFU, Build(Op::MUFU).rd(3).ra(1).m(SIMT::MG_Mufu, SIMT::Mufu::SQRT));
  EXPECT_EQ(get(3), 0x80000000u);
  run(exec_MUFU, Build(Op::MUFU).rd(3).ra(1).m(SIMT::MG_Mufu, SIMT::Mufu::LG2));
  EXPECT_EQ(getF(3), -INFINITY);
  set(1, fb(-4.0f));
  run(exec_MUFU, Build(Op::MUFU).rd(3).ra(1).m(SIMT::MG_Mufu, SIMT::Mufu::SQRT));
  EXPECT_EQ(get(3), 0x7FFFFFFFu);
  run(exec_MUFU, Build(Op::MUFU).rd(3).ra(Abs(R(1))).m(SIMT::MG_Mufu, SIMT::Mufu::SQRT));
  EXPECT_EQ(getF(3), 2.0f);
  run(exec_MUFU, Build(Op::MUFU).rd(3).ra(Neg(R(1))).m(SIMT::MG_Mufu, SIMT::Mufu::RSQ));
  EXPECT_EQ(getF(3), 0.5f);
  run(exec_MUFU, Build(Op::MUFU).rd(3).ra(Neg(R(1))).m(SIMT::MG_Mufu, SIMT::Mufu::EX2));
  EXPECT_EQ(getF(3), 16.0f);
  run(exec_MUFU, Build(Op::MUFU).rd(3).ra(Neg(R(1))).m(SIMT::MG_Mufu, SIMT::Mufu::EX2).m(SIMT::MG_Sat));
  EXPECT_EQ(getF(3), 1.0f);
  run(exec_MUFU, Build(Op::MUFU).rd(3).ra(1).m(SIMT::MG_Mufu, SIMT::Mufu::LG2).m(SIMT::MG_Sat));
  EXPECT_EQ(get(3), 0u) << "NaN saturates to 0";
  set(1, fb(-INFINITY));
  run(exec_MUFU, Build(Op::MUFU).rd(3).ra(1).m(SIMT::MG_Mufu, SIMT::Mufu::EX2));
  EXPECT_EQ(get(3), 0u);
  run(exec_MUFU, Build(Op::MUFU).rd(3).ra(1).m(SIMT::MG_Mufu, SIMT::Mufu::SIN));
  EXPECT_EQ(get(3), 0x7FFFFFFFu);
  checkMasking(exec_MUFU, Build(Op::MUFU).rd(3).ra(1).m(SIMT::MG_Mufu, SIMT::Mufu::RCP));
}

/// FMNMX/DMNMX reference: NaN loses, -0 < +0, both NaN give NaN.
template <class F> F refMinMax(F a, F b, bool wantMin) {
  if (std::isnan(a))
    return b;
  if (std::isnan(b))
    return a;
  if (a == b && a == 0)
    return (std::signbit(a) == wantMin) ? a : b;
  return wantMin ? std::min(a, b) : std::max(a, b);
}

TEST_F(Sem, FmnmxPredicateSelectsMinimumNaNLoses) {
  for (bool neg : {false, true})
    for (bool ftz : {false, true})
      checkPairs(exec_FMNMX, Build(Op::FMNMX).rd(3).ra(1).sb(2).pp(P(PT, neg)).m(SIMT::MG_FTZ, ftz),
                 kFloats, kFloats, [&](uint32_t a, uint32_t b) {
                   if (ftz) {
                     a = refFlush(a);
                     b = refFlush(b);
                   }
                   const uint32_t r = fb(refMinMax(bf(a), bf(b), !neg));
                   return refCanon(ftz ? refFlush(r) : r);
                 });
  set(1, fb(NAN));
  set(2, fb(-2.0f));
  run(exec_FMNMX, Build(Op::FMNMX).rd(3).ra(1).sb(2).pp(P(PT)));
  EXPECT_EQ(getF(3), -2.0f);
  run(exec_FMNMX, Build(Op::FMNMX).rd(3).ra(1).sb(1).pp(P(PT)));
  EXPECT_EQ(get(3), 0x7FFFFFFFu);
  set(1, fb(-3.0f));
  run(exec_FMNMX, Build(Op::FMNMX).rd(3).ra(Abs(R(1))).sb(B(Neg(R(2)))).pp(P(PT)));
  EXPECT_EQ(getF(3), 2.0f);
  regs.pred[3] = kAlt;
  checkMasking(exec_FMNMX, Build(Op::FMNMX).rd(3).ra(1).sb(2).pp(P(3)));
}

// ==== Double =============================================================================

const std::vector<uint64_t> kDoubles = {
    db(0.0),  db(-0.0), db(1.0), db(-1.0), db(INFINITY), db(-INFINITY),
    0x7FF8000000000000ull, 0x7FF0000000000001ull, 0xFFF8000000000001ull,
    0x0000000000000001ull, 0x800FFFFFFFFFFFFFull, db(DBL_MIN), db(DBL_MAX),
    db(1.5), db(3.0), db(1.0 / 3.0), db(0x1p-60), db(-0x1p60), db(0.1)};

TEST_F(Sem, DaddDmulDfmaAllPairs) {
  checkPairs64(exec_DADD, Build(Op::DADD).rd(6).ra(2).sb(4), kDoubles, kDoubles,
               [](uint64_t a, uint64_t b) { return refCanon64(db(bd(a) + bd(b))); });
  checkPairs64(exec_DMUL, Build(Op::DMUL).rd(6).ra(2).sb(4), kDoubles, kDoubles,
               [](uint64_t a, uint64_t b) { return refCanon64(db(bd(a) * bd(b))); });
  for (double c : {0.0, -1.0, 0x1p-70, (double)NAN}) {
    set64(8, db(c));
    checkPairs64(exec_DFMA, Build(Op::DFMA).rd(6).ra(2).sb(4).rc(8), kDoubles, kDoubles,
                 [&](uint64_t a, uint64_t b) { return refCanon64(db(std::fma(bd(a), bd(b), c))); });
  }
  checkPairs64(exec_DADD, Build(Op::DADD).rd(6).ra(Neg(R(2))).sb(B(Abs(R(4)))), kDoubles,
               kDoubles, [](uint64_t a, uint64_t b) {
                 return refCanon64(db(-bd(a) + std::fabs(bd(b))));
               });
}

TEST_F(Sem, DoubleRoundingModes) {
  const double one = 1.0, up = 1.0 + 0x1p-52;
  struct Case { unsigned rnd; double a, b, sum, prod; };
  // sums of a + b and products (1 + 2^-30)^2 = 1 + 2^-29 + 2^-60.
  for (const Case &c : {Case{0, one, 0x1p-60, one, 0}, Case{1, one, 0x1p-60, one, 0},
                        Case{2, one, 0x1p-60, one, 0}, Case{3, one, 0x1p-60, up, 0},
                        Case{2, -one, -0x1p-60, -up, 0}, Case{3, -one, -0x1p-60, -one, 0},
                        Case{2, one, -one, -0.0, 0}}) {
    set64(2, db(c.a));
    set64(4, db(c.b));
    run(exec_DADD, Build(Op::DADD).rd(6).ra(2).sb(4).m(SIMT::MG_Rnd, c.rnd));
    EXPECT_EQ(get64(6), db(c.sum)) << c.a << " + " << c.b << " rnd " << c.rnd;
  }
  const double x = 1.0 + 0x1p-30, rn = 1.0 + 0x1p-29, rp = rn + 0x1p-52;
  set64(2, db(x));
  set64(8, db(0.0));
  for (unsigned rnd = 0; rnd < SIMT::NumRndValues; ++rnd) {
    run(exec_DMUL, Build(Op::DMUL).rd(6).ra(2).sb(2).m(SIMT::MG_Rnd, rnd));
    EXPECT_EQ(getD(6), rnd == 3 ? rp : rn) << "rnd " << rnd;
    run(exec_DFMA, Build(Op::DFMA).rd(6).ra(2).sb(2).rc(8).m(SIMT::MG_Rnd, rnd));
    EXPECT_EQ(getD(6), rnd == 3 ? rp : rn) << "rnd " << rnd;
    run(exec_DMUL, Build(Op::DMUL).rd(6).ra(Neg(R(2))).sb(2).m(SIMT::MG_Rnd, rnd));
    EXPECT_EQ(getD(6), rnd == 2 ? -rp : -rn) << "rnd " << rnd;
  }
  // DFMA is fused: x*x - (1 + 2^-29) = 2^-60 exactly.
  set64(8, db(-rn));
  run(exec_DFMA, Build(Op::DFMA).rd(6).ra(2).sb(2).rc(8));
  EXPECT_EQ(getD(6), 0x1p-60);
}

TEST_F(Sem, DoubleOperandsImmediateConstantRzAndMasking) {
  set64(2, db(2.5));
  run(exec_DADD, Build(Op::DADD).rd(6).ra(2).sb(Imm(0x3FF80000u)));  // + 1.5
  EXPECT_EQ(getD(6), 4.0);
  semtest::constants[{4, 0x100}] = uint32_t(db(0.1));
  semtest::constants[{4, 0x104}] = uint32_t(db(0.1) >> 32);
  run(exec_DMUL, Build(Op::DMUL).rd(6).ra(2).sb(Cst(4, 0x100)));
  EXPECT_EQ(getD(6, 31), 2.5 * 0.1);
  EXPECT_EQ(semtest::constantReads, 2u) << "one read per word";
  set64(4, db(-7.0));
  run(exec_DADD, Build(Op::DADD).rd(6).ra(RZ).sb(4));
  EXPECT_EQ(getD(6), -7.0);
  run(exec_DADD, Build(Op::DADD).rd(2).ra(2).sb(2));  // same pair
  EXPECT_EQ(getD(2), 5.0);
  run(exec_DMUL, Build(Op::DMUL).rd(RZ).ra(2).sb(2));  // discarded
  set64(2, db(INFINITY));
  set64(4, db(-INFINITY));
  run(exec_DADD, Build(Op::DADD).rd(6).ra(2).sb(4));
  EXPECT_EQ(get64(6), 0x7FFFFFFFFFFFFFFFull);
  // Both words written only in masked lanes.
  setLanes64(2, [](unsigned l) { return db(double(l)); });
  set64(4, db(0.5));
  for (uint32_t mask : kMasks) {
    set64(6, 0x1111222233334444ull);
    run(exec_DADD, Build(Op::DADD).rd(6).ra(2).sb(4), mask);
    for (unsigned l = 0; l < WarpSize; ++l)
      EXPECT_EQ(get64(6, l), (mask >> l & 1) ? db(l + 0.5) : 0x1111222233334444ull);
  }
}

TEST_F(Sem, DmnmxPredicateSelectsMinimumNaNLoses) {
  for (bool neg : {false, true})
    checkPairs64(exec_DMNMX, Build(Op::DMNMX).rd(6).ra(2).sb(4).pp(P(PT, neg)), kDoubles,
                 kDoubles, [&](uint64_t a, uint64_t b) {
                   return refCanon64(db(refMinMax(bd(a), bd(b), !neg)));
                 });
  regs.pred[0] = kAlt;
  setLanes64(2, [](unsigned l) { return db(double(l)); });
  run(exec_DMNMX, Build(Op::DMNMX).rd(6).ra(2).sb(Imm(0x40300000u)).pp(P(0)));  // 16.0
  for (unsigned l = 0; l < WarpSize; ++l)
    EXPECT_EQ(getD(6, l), (kAlt >> l & 1) ? std::min(l, 16u) : std::max(l, 16u));
}

// ==== Convert ============================================================================

__extension__ typedef __int128 i128;

/// The raw 64-bit register contents read as integer type t (MG_IntSrc).
i128 refIntValue(uint64_t raw, unsigned t) {
  switch (t) {
  case 0: return uint8_t(raw);
  case 1: return int8_t(raw);
  case 2: return uint16_t(raw);
  case 3: return int16_t(raw);
  case 4: return uint32_t(raw);
  case 5: return int32_t(raw);
  case 6: return uint64_t(raw);
  default: return int64_t(raw);
  }
}
/// v wrapped to type t (C++20 modular conversion), as register bits.
uint64_t refWrapBits(i128 v, unsigned t) {
  switch (t) {
  case 0: return uint8_t(v);
  case 1: return uint32_t(int32_t(int8_t(v)));
  case 2: return uint16_t(v);
  case 3: return uint32_t(int32_t(int16_t(v)));
  case 4: return uint32_t(v);
  case 5: return uint32_t(int32_t(v));
  case 6: return uint64_t(v);
  default: return uint64_t(int64_t(v));
  }
}
std::pair<i128, i128> refRange(unsigned t) {
  const unsigned bits = 8u << (t >> 1);
  if (t & 1)
    return {-(i128(1) << (bits - 1)), (i128(1) << (bits - 1)) - 1};
  return {0, (i128(1) << bits) - 1};
}
long double refLongDouble(i128 v) {
  return v < 0 ? (long double)int64_t(v) : (long double)uint64_t(v);
}

const std::vector<uint64_t> kConvInts = {
    0ull, 1ull, ~0ull, 0x80000000ull, 0x7FFFFFFFull, 0xFFFFFFFFull, 16777217ull,
    uint64_t(-16777217ll), 0x8000000000000000ull, 0x7FFFFFFFFFFFFFFFull,
    0xFFFFFFFF80000001ull, 0x20000000000001ull, 0x0123456789ABCDEFull, 0x7Full, 0x80ull,
    0xFFull, 0x8000ull, 0xFFFF7FFFull, 0x1FF80ull, 0xFFFFFFFFFFFFFF01ull, 0x100000003ull,
    0x8000008000000001ull, 0xFFFFFFFFFFFFFFF7ull, 0x00000000FFFFFF81ull};

TEST_F(Sem, I2FAllTypesAndRoundingModes) {
  setLanes64(2, [](unsigned l) { return kConvInts[l % kConvInts.size()]; });
  for (unsigned st = 0; st < SIMT::NumIntTypeValues; ++st)
    for (unsigned dt = 0; dt < SIMT::NumFloatTypeValues; ++dt)
      for (unsigned rnd = 0; rnd < SIMT::NumRndValues; ++rnd) {
        SCOPED_TRACE(testing::Message() << "src " << st << " dst " << dt << " rnd " << rnd);
        set64(6, 0xCCCCCCCCCCCCCCCCull);
        run(exec_I2F, Build(Op::I2F).rd(6).sb(2).m(SIMT::MG_IntSrc, st)
                          .m(SIMT::MG_FltDst, dt).m(SIMT::MG_Rnd, rnd));
        for (unsigned l = 0; l < WarpSize; ++l) {
          const uint64_t raw = kConvInts[l % kConvInts.size()];
          const long double x = refLongDouble(refIntValue(raw, st));
          if (dt == 0) {
            EXPECT_EQ(get(6, l), fb(roundTo<float>(x, rnd))) << std::hex << raw;
            EXPECT_EQ(get(7, l), 0xCCCCCCCCu) << "F32 writes one register";
          } else {
            EXPECT_EQ(get64(6, l), db(roundTo<double>(x, rnd))) << std::hex << raw;
          }
        }
      }
}

TEST_F(Sem, I2FExplicitCasesAndSourceModifiers) {
  struct Case { unsigned st, rnd; uint32_t in; float out; };
  for (const Case &c : {Case{5, 0, 0x80000000u, -2147483648.0f},
                        Case{5, 1, 0x7FFFFFFFu, 2147483520.0f},
                        Case{5, 0, 0x7FFFFFFFu, 2147483648.0f},
                        Case{5, 3, 16777217u, 16777218.0f}, Case{5, 2, 16777217u, 16777216.0f},
                        Case{5, 2, uint32_t(-16777217), -16777218.0f},
                        Case{5, 3, uint32_t(-16777217), -16777216.0f},
                        Case{4, 0, 0xFFFFFFFFu, 4294967296.0f},
                        Case{1, 0, 0x1FF80u, -128.0f}, Case{2, 0, 0xFFFF8000u, 32768.0f},
                        Case{3, 0, 0xFFFF8000u, -32768.0f}, Case{0, 0, 0xABCDu, 205.0f}}) {
    set(1, c.in);
    run(exec_I2F, Build(Op::I2F).rd(3).sb(1).m(SIMT::MG_IntSrc, c.st).m(SIMT::MG_Rnd, c.rnd));
    EXPECT_EQ(getF(3), c.out) << std::hex << c.in;
  }
  set(1, 0x80000000u);
  run(exec_I2F, Build(Op::I2F).rd(3).sb(B(Neg(R(1)))).m(SIMT::MG_IntSrc, SIMT::IntType::S32));
  EXPECT_EQ(getF(3), 2147483648.0f) << "-INT_MIN is exact";
  set(1, uint32_t(-5));
  run(exec_I2F, Build(Op::I2F).rd(3).sb(B(Abs(R(1)))).m(SIMT::MG_IntSrc, SIMT::IntType::S32));
  EXPECT_EQ(getF(3), 5.0f);
  run(exec_I2F, Build(Op::I2F).rd(3).sb(B(Neg(Abs(R(1))))).m(SIMT::MG_IntSrc, SIMT::IntType::S32));
  EXPECT_EQ(getF(3), -5.0f);
  run(exec_I2F, Build(Op::I2F).rd(3).sb(B(Neg(R(1)))).m(SIMT::MG_IntSrc, SIMT::IntType::U32));  // -(u32 0xFFFFFFFB)
  EXPECT_EQ(getF(3), -4294967296.0f);
  run(exec_I2F, Build(Op::I2F).rd(3).sb(Imm(0xFFFFFFF0u)).m(SIMT::MG_IntSrc, SIMT::IntType::S32));
  EXPECT_EQ(getF(3), -16.0f);
  run(exec_I2F, Build(Op::I2F).rd(4).sb(Imm(0xFFFFFFF0u)).m(SIMT::MG_IntSrc, SIMT::IntType::S64).m(SIMT::MG_FltDst, SIMT::FloatType::F64));
  EXPECT_EQ(getD(4), -16.0) << "a 64-bit immediate source is sign-extended";
  semtest::constants[{5, 8}] = 0;
  semtest::constants[{5, 12}] = 1;
  run(exec_I2F, Build(Op::I2F).rd(4).sb(Cst(5, 8)).m(SIMT::MG_IntSrc, SIMT::IntType::U64).m(SIMT::MG_FltDst, SIMT::FloatType::F64));
  EXPECT_EQ(getD(4), 4294967296.0);
  run(exec_I2F, Build(Op::I2F).rd(3).sb(RZ).m(SIMT::MG_IntSrc, SIMT::IntType::S64));
  EXPECT_EQ(get(3), 0u);
  checkMasking(exec_I2F, Build(Op::I2F).rd(3).sb(1).m(SIMT::MG_IntSrc, SIMT::IntType::S32));
}

/// F2I reference in long double (holds every bound exactly).
uint64_t refF2I(long double x, unsigned dt, unsigned rnd) {
  if (std::isnan(x))
    return 0;
  const long double r = rnd == 0   ? std::trunc(x)
                        : rnd == 1 ? std::floor(x)
                        : rnd == 2 ? std::ceil(x)
                                   : std::nearbyint(x);
  const auto [lo, hi] = refRange(dt);
  i128 v;
  if (r <= refLongDouble(lo))
    v = lo;
  else if (r >= refLongDouble(hi))
    v = hi;
  else
    v = r < 0 ? i128((long long)r) : i128((unsigned long long)r);
  return refWrapBits(v, dt);
}

TEST_F(Sem, F2IAllTypesRoundingAndSaturation) {
  const std::vector<double> xs = {
      0.0, -0.0, 0.5, -0.5, 1.5, 2.5, -2.5, -1.5, 127.5, 128.0, -128.5, -129.0, 255.5,
      256.0, 32767.5, 65535.9, -32768.4, 2147483520.0, -2147483648.0, 4294967296.0, 1e19,
      -1e19, 0x1p63, -0x1p63, 1.8e19, INFINITY, -INFINITY, NAN, 0x1p-140, 0.99999, -0.99999,
      3e9};
  for (unsigned srcF64 = 0; srcF64 < SIMT::NumFloatTypeValues; ++srcF64)
    for (unsigned dt = 0; dt < SIMT::NumIntTypeValues; ++dt)
      for (unsigned rnd = 0; rnd < SIMT::NumRndValues; ++rnd) {
        SCOPED_TRACE(testing::Message() << "f64 " << srcF64 << " dst " << dt << " rnd " << rnd);
        setLanes64(2, [&](unsigned l) {
          const double x = xs[l % xs.size()];
          return srcF64 ? db(x) : uint64_t(fb(float(x)));
        });
        set64(6, 0xCCCCCCCCCCCCCCCCull);
        run(exec_F2I, Build(Op::F2I).rd(6).sb(2).m(SIMT::MG_IntDst, dt)
                          .m(SIMT::MG_FltSrc, srcF64).m(SIMT::MG_F2IRnd, rnd));
        for (unsigned l = 0; l < WarpSize; ++l) {
          const double x = srcF64 ? xs[l % xs.size()] : double(float(xs[l % xs.size()]));
          const uint64_t expect = refF2I(x, dt, rnd);
          if (dt >= 6)
            EXPECT_EQ(get64(6, l), expect) << x;
          else
            EXPECT_EQ(get(6, l), uint32_t(expect)) << x;
        }
      }
}

TEST_F(Sem, F2IExplicitCasesFtzAndModifiers) {
  set(1, fb(2.5f));
  run(exec_F2I, Build(Op::F2I).rd(3).sb(1).m(SIMT::MG_IntDst, SIMT::IntType::S32).m(SIMT::MG_F2IRnd, SIMT::F2IRnd::ROUND));
  EXPECT_EQ(get(3), 2u) << "ROUND is to nearest even";
  set(1, fb(NAN));
  run(exec_F2I, Build(Op::F2I).rd(3).sb(1).m(SIMT::MG_IntDst, SIMT::IntType::S32));
  EXPECT_EQ(get(3), 0u);
  set(1, fb(-1e10f));
  run(exec_F2I, Build(Op::F2I).rd(3).sb(1).m(SIMT::MG_IntDst, SIMT::IntType::S32));
  EXPECT_EQ(get(3), 0x80000000u);
  run(exec_F2I, Build(Op::F2I).rd(3).sb(B(Neg(R(1)))).m(SIMT::MG_IntDst, SIMT::IntType::S32));
  EXPECT_EQ(get(3), 0x7FFFFFFFu);
  run(exec_F2I, Build(Op::F2I).rd(3).sb(B(Abs(R(1)))).m(SIMT::MG_IntDst, SIMT::IntType::U32));
  EXPECT_EQ(get(3), 0xFFFFFFFFu);  // |-1e10| saturates to U32 max
  set(1, 0x00000001u);  // smallest denormal
  run(exec_F2I, Build(Op::F2I).rd(3).sb(1).m(SIMT::MG_IntDst, SIMT::IntType::S32).m(SIMT::MG_F2IRnd, SIMT::F2IRnd::CEIL));
  EXPECT_EQ(get(3), 1u);
  run(exec_F2I, Build(Op::F2I).rd(3).sb(1).m(SIMT::MG_IntDst, SIMT::IntType::S32).m(SIMT::MG_F2IRnd, SIMT::F2IRnd::CEIL)
                    .m(SIMT::MG_FTZ));
  EXPECT_EQ(get(3), 0u);
  run(exec_F2I, Build(Op::F2I).rd(3).sb(Imm(0xC0400000u)).m(SIMT::MG_IntDst, SIMT::IntType::S32));  // -3.0
  EXPECT_EQ(get(3), uint32_t(-3));
  run(exec_F2I, Build(Op::F2I).rd(3).sb(Imm(0xC0080000u)).m(SIMT::MG_IntDst, SIMT::IntType::S32)
                    .m(SIMT::MG_FltSrc, SIMT::FloatType::F64).m(SIMT::MG_F2IRnd, SIMT::F2IRnd::FLOOR));  // floor(-3.0 (f64))
  EXPECT_EQ(get(3), uint32_t(-3));
  checkMasking(exec_F2I, Build(Op::F2I).rd(3).sb(1).m(SIMT::MG_IntDst, SIMT::IntType::S32));
}

TEST_F(Sem, F2FAllDirections) {
  // F32 -> F64: exact.
  setLanes(2, [](unsigned l) { return kFloats[l % kFloats.size()]; });
  run(exec_F2F, Build(Op::F2F).rd(6).sb(2).m(SIMT::MG_FltDst, SIMT::FloatType::F64).m(SIMT::MG_FltSrc, SIMT::FloatType::F32));
  for (unsigned l = 0; l < WarpSize; ++l)
    EXPECT_EQ(get64(6, l), refCanon64(db(double(bf(kFloats[l % kFloats.size()])))));
  // F64 -> F32 in every rounding mode, with and without .FTZ.
  std::mt19937_64 rng(5);
  std::vector<uint64_t> ds = kDoubles;
  for (double d : {1e300, -1e300, 3.4028235677973366e38, 0x1p-149, 0x1.8p-149, 0x1p-150,
                   1.0 + 0x1p-30, -1.0 - 0x1p-30, 0x1.fffffffp-127})
    ds.push_back(db(d));
  for (int i = 0; i < 20; ++i)
    ds.push_back((rng() & 0x800FFFFFFFFFFFFFull) | (uint64_t(1023 - 140 + rng() % 270) << 52));
  for (unsigned rnd = 0; rnd < SIMT::NumRndValues; ++rnd)
    for (bool ftz : {false, true})
      for (size_t base = 0; base < ds.size(); base += WarpSize) {
        auto at = [&](unsigned l) { return ds[std::min(base + l, ds.size() - 1)]; };
        setLanes64(2, at);
        run(exec_F2F, Build(Op::F2F).rd(6).sb(2).m(SIMT::MG_FltDst, SIMT::FloatType::F32).m(SIMT::MG_FltSrc, SIMT::FloatType::F64)
                          .m(SIMT::MG_Rnd, rnd).m(SIMT::MG_FTZ, ftz));
        for (unsigned l = 0; l < WarpSize; ++l) {
          uint32_t expect = fb(roundTo<float>(bd(at(l)), rnd));
          if (ftz)
            expect = refFlush(expect);
          EXPECT_EQ(get(6, l), refCanon(expect))
              << bd(at(l)) << " rnd " << rnd << " ftz " << ftz;
        }
      }
  // F32 -> F32 and F64 -> F64: modifiers, .SAT, .FTZ, canonical NaN.
  checkPairs(exec_F2F, Build(Op::F2F).rd(3).sb(B(Neg(R(1)))), kFloats, {0u},
             [](uint32_t a, uint32_t) { return refCanon(a ^ 0x80000000u); });
  checkPairs(exec_F2F, Build(Op::F2F).rd(3).sb(B(Abs(R(1)))).m(SIMT::MG_FTZ).m(SIMT::MG_Sat),
             kFloats, {0u}, [](uint32_t a, uint32_t) {
               return refFloat([](float x, float, float) { return std::fabs(x); }, a, 0, 0,
                               true, true);
             });
  checkPairs64(exec_F2F, Build(Op::F2F).rd(6).sb(2).m(SIMT::MG_FltDst, SIMT::FloatType::F64).m(SIMT::MG_FltSrc, SIMT::FloatType::F64)
                             .m(SIMT::MG_Sat),
               kDoubles, {0ull}, [](uint64_t a, uint64_t) {
                 const double x = bd(a);
                 return db(std::isnan(x) || !(x > 0) ? 0.0 : x > 1 ? 1.0 : x);
               });
  set64(2, 0x7FF0000000000001ull);
  run(exec_F2F, Build(Op::F2F).rd(6).sb(B(Neg(R(2)))).m(SIMT::MG_FltDst, SIMT::FloatType::F64).m(SIMT::MG_FltSrc, SIMT::FloatType::F64));
  EXPECT_EQ(get64(6), 0x7FFFFFFFFFFFFFFFull);
  run(exec_F2F, Build(Op::F2F).rd(6).sb(Imm(0x3FF80000u)).m(SIMT::MG_FltDst, SIMT::FloatType::F32).m(SIMT::MG_FltSrc, SIMT::FloatType::F64));
  EXPECT_EQ(getF(6), 1.5f) << "double immediate is the high word";
  checkMasking(exec_F2F, Build(Op::F2F).rd(3).sb(1).m(SIMT::MG_FltDst, SIMT::FloatType::F32).m(SIMT::MG_FltSrc, SIMT::FloatType::F32));
}

TEST_F(Sem, I2IAllTypesWrapAndSaturate) {
  setLanes64(2, [](unsigned l) { return kConvInts[l % kConvInts.size()]; });
  for (unsigned st = 0; st < SIMT::NumIntTypeValues; ++st)
    for (unsigned dt = 0; dt < SIMT::NumIntTypeValues; ++dt)
      for (bool sat : {false, true})
        for (int mods = 0; mods < 3; ++mods) {  // none, -, |.|
          SCOPED_TRACE(testing::Message() << "src " << st << " dst " << dt << " sat " << sat
                                          << " mods " << mods);
          set64(6, 0xCCCCCCCCCCCCCCCCull);
          const SrcB src = mods == 0 ? B(2) : mods == 1 ? B(Neg(R(2))) : B(Abs(R(2)));
          run(exec_I2I, Build(Op::I2I).rd(6).sb(src).m(SIMT::MG_IntSrc, st)
                            .m(SIMT::MG_IntDst, dt).m(SIMT::MG_Sat, sat));
          for (unsigned l = 0; l < WarpSize; ++l) {
            const uint64_t raw = kConvInts[l % kConvInts.size()];
            i128 v = refIntValue(raw, st);
            if (mods == 1)
              v = -v;
            if (mods == 2 && v < 0)
              v = -v;
            if (sat) {
              const auto [lo, hi] = refRange(dt);
              v = std::clamp(v, lo, hi);
            }
            const uint64_t expect = refWrapBits(v, dt);
            if (dt >= 6) {
              EXPECT_EQ(get64(6, l), expect) << std::hex << raw;
            } else {
              EXPECT_EQ(get(6, l), uint32_t(expect)) << std::hex << raw;
              EXPECT_EQ(get(7, l), 0xCCCCCCCCu);
            }
          }
        }
  set(1, 300);
  run(exec_I2I, Build(Op::I2I).rd(3).sb(1).m(SIMT::MG_IntSrc, SIMT::IntType::S32).m(SIMT::MG_IntDst, SIMT::IntType::S8));
  EXPECT_EQ(get(3), 44u);
  run(exec_I2I, Build(Op::I2I).rd(3).sb(1).m(SIMT::MG_IntSrc, SIMT::IntType::S32).m(SIMT::MG_IntDst, SIMT::IntType::S8).m(SIMT::MG_Sat));
  EXPECT_EQ(get(3), 127u);
  run(exec_I2I, Build(Op::I2I).rd(3).sb(B(Neg(R(1)))).m(SIMT::MG_IntSrc, SIMT::IntType::S32).m(SIMT::MG_IntDst, SIMT::IntType::S8).m(SIMT::MG_Sat));
  EXPECT_EQ(get(3), uint32_t(-128));
  set(1, 0x80000000u);
  run(exec_I2I, Build(Op::I2I).rd(3).sb(B(Neg(R(1)))).m(SIMT::MG_IntSrc, SIMT::IntType::S32).m(SIMT::MG_IntDst, SIMT::IntType::S32));
  EXPECT_EQ(get(3), 0x80000000u);
  run(exec_I2I, Build(Op::I2I).rd(3).sb(B(Neg(R(1)))).m(SIMT::MG_IntSrc, SIMT::IntType::S32).m(SIMT::MG_IntDst, SIMT::IntType::S32).m(SIMT::MG_Sat));
  EXPECT_EQ(get(3), 0x7FFFFFFFu);
  run(exec_I2I, Build(Op::I2I).rd(4).sb(1).m(SIMT::MG_IntSrc, SIMT::IntType::S32).m(SIMT::MG_IntDst, SIMT::IntType::S64));
  EXPECT_EQ(get64(4), 0xFFFFFFFF80000000ull);
  checkMasking(exec_I2I, Build(Op::I2I).rd(3).sb(1).m(SIMT::MG_IntSrc, SIMT::IntType::S8).m(SIMT::MG_IntDst, SIMT::IntType::S32));
}

// ==== Predicate ==========================================================================

/// MG_FCmp reference, spelled out.
bool refFCmp(unsigned code, double a, double b) {
  const bool un = std::isnan(a) || std::isnan(b);
  switch (code) {
  case 0: return false;
  case 1: return a < b;
  case 2: return a == b;
  case 3: return a <= b;
  case 4: return a > b;
  case 5: return !un && a != b;
  case 6: return a >= b;
  case 7: return !un;
  case 8: return un;
  case 9: return un || a < b;
  case 10: return un || a == b;
  case 11: return un || a <= b;
  case 12: return un || a > b;
  case 13: return un || a != b;
  case 14: return un || a >= b;
  default: return true;
  }
}
bool refBop(unsigned bop, bool a, bool b) {
  return bop == 0 ? (a && b) : bop == 1 ? (a || b) : (a != b);
}

class SemPred : public Sem {
protected:
  /// Runs a SETP instruction (Pu = P0, Pv = P1, Pp = {!}P2 = kAlt) over all
  /// lanes and bops and checks both destinations against `cmp(lane)`, then
  /// runs it under the masks and checks that only masked lanes changed.
  template <class Cmp> void checkSetp(ExecFn fn, Build b, Cmp cmp) {
    regs.pred[2] = kAlt;
    for (unsigned bop = 0; bop < SIMT::NumBoolOpValues; ++bop)
      for (bool neg : {false, true}) {
        regs.pred[0] = 0x12345678;
        regs.pred[1] = 0x9ABCDEF0;
        run(fn, Build(b).pu(0).pv(1).pp(P(2, neg)).m(SIMT::MG_Bop, bop));
        for (unsigned l = 0; l < WarpSize; ++l) {
          const bool c = cmp(l), p = bool(kAlt >> l & 1) != neg;
          ASSERT_EQ(pred(0, l), refBop(bop, c, p)) << "lane " << l << " bop " << bop;
          ASSERT_EQ(pred(1, l), refBop(bop, !c, p)) << "lane " << l << " bop " << bop;
        }
      }
    const Inst masked = Build(b).pu(0).pv(PT).pp(P(2)).m(SIMT::MG_Bop, SIMT::BoolOp::OR);
    run(fn, masked);
    const uint32_t full0 = regs.pred[0];
    for (uint32_t mask : kMasks) {
      regs.pred[0] = 0x0F0F0F0Fu;
      run(fn, masked, mask);
      ASSERT_EQ(regs.pred[0], (full0 & mask) | (0x0F0F0F0Fu & ~mask));
    }
  }
  /// The SET form: Rd = (cmp bop Pp') ? -1 / 1.0f : 0.
  template <class Cmp> void checkSet(ExecFn fn, Build b, Cmp cmp, unsigned rd = 3) {
    regs.pred[2] = kAlt;
    for (unsigned bop = 0; bop < SIMT::NumBoolOpValues; ++bop)
      for (bool bf : {false, true}) {
        run(fn, Build(b).rd(rd).pp(P(2)).m(SIMT::MG_Bop, bop).m(SIMT::MG_BF, bf));
        for (unsigned l = 0; l < WarpSize; ++l) {
          const bool r = refBop(bop, cmp(l), kAlt >> l & 1);
          ASSERT_EQ(get(rd, l), r ? (bf ? 0x3F800000u : 0xFFFFFFFFu) : 0u) << "lane " << l;
        }
      }
    checkMasking(fn, Build(b).rd(rd).pp(P(2)), rd);
  }
};

TEST_F(SemPred, IsetpAllCodesSignedAndUnsigned) {
  for (unsigned code = 0; code < SIMT::NumICmpValues; ++code)
    for (bool u32 : {false, true})
      for (size_t k = 0; k < kInts.size(); k += 3) {
        SCOPED_TRACE(testing::Message() << "code " << code << " u32 " << u32 << " k " << k);
        setLanes(1, [](unsigned l) { return kInts[l % kInts.size()]; });
        setLanes(2, [&](unsigned l) { return kInts[(l + k) % kInts.size()]; });
        auto cmp = [&](unsigned l) {
          const uint32_t a = get(1, l), b = get(2, l);
          return u32 ? refCmp(code, a < b, a == b, a > b)
                     : refCmp(code, int32_t(a) < int32_t(b), a == b, int32_t(a) > int32_t(b));
        };
        const Build b = Build(Op::ISETP).ra(1).sb(2).m(SIMT::MG_ICmp, code).m(SIMT::MG_U32, u32);
        checkSetp(exec_ISETP, b, cmp);
        checkSet(exec_ISET, Build(Op::ISET).ra(1).sb(2).m(SIMT::MG_ICmp, code).m(SIMT::MG_U32, u32),
                 cmp);
      }
}

TEST_F(SemPred, IsetpImmediateConstantRzPt) {
  setLanes(1, [](unsigned l) { return l; });
  run(exec_ISETP, Build(Op::ISETP).pu(3).pv(PT).ra(1).sb(Imm(0xFFFFFFF0u)).pp(P(PT))
                      .m(SIMT::MG_ICmp, SIMT::ICmp::GT));  // l > -16
  EXPECT_EQ(regs.pred[3], AllLanes);
  semtest::constants[{0, 0}] = 16;
  run(exec_ISETP, Build(Op::ISETP).pu(3).pv(4).ra(1).sb(Cst(0, 0)).pp(P(PT)).m(SIMT::MG_ICmp, SIMT::ICmp::LT));
  EXPECT_EQ(regs.pred[3], 0x0000FFFFu);
  EXPECT_EQ(regs.pred[4], 0xFFFF0000u);
  EXPECT_EQ(semtest::constantReads, 1u);
  run(exec_ISETP, Build(Op::ISETP).pu(3).pv(4).ra(RZ).sb(1).pp(P(PT)).m(SIMT::MG_ICmp, SIMT::ICmp::EQ));
  EXPECT_EQ(regs.pred[3], 1u);
  // Same predicate as source and destination.
  regs.pred[5] = kAlt;
  run(exec_ISETP, Build(Op::ISETP).pu(5).pv(PT).ra(1).sb(1).pp(P(5, true)).m(SIMT::MG_ICmp, SIMT::ICmp::EQ)
                      .m(SIMT::MG_Bop, SIMT::BoolOp::AND));
  EXPECT_EQ(regs.pred[5], ~kAlt);
}

TEST_F(SemPred, IsetpX64BitComparisons) {
  std::vector<std::pair<uint64_t, uint64_t>> pairs;
  for (uint64_t a : kInt64s)
    for (uint64_t b : kInt64s)
      pairs.push_back({a, b});
  for (unsigned code = 0; code < SIMT::NumICmpValues; ++code)
    for (bool u32 : {false, true})
      for (size_t base = 0; base < pairs.size(); base += WarpSize) {
        auto at = [&](unsigned l) { return pairs[std::min(base + l, pairs.size() - 1)]; };
        setLanes64(2, [&](unsigned l) { return at(l).first; });
        setLanes64(4, [&](unsigned l) { return at(l).second; });
        // IADD RZ.CC, R2, -R4 ; ISETP.cmp[.U32].X.AND P0, P1, R3, R5, PT
        run(exec_IADD, Build(Op::IADD).rd(RZ).ra(2).sb(B(Neg(R(4)))).m(SIMT::MG_CC));
        const CCFlags before = readCC(ctx);
        run(exec_ISETP, Build(Op::ISETP).pu(0).pv(1).ra(3).sb(5).pp(P(PT))
                            .m(SIMT::MG_ICmp, code).m(SIMT::MG_U32, u32).m(SIMT::MG_X));
        const CCFlags after = readCC(ctx);
        EXPECT_EQ(after.zf, before.zf) << "ISETP does not write CC";
        EXPECT_EQ(after.cf, before.cf);
        for (unsigned l = 0; l < WarpSize; ++l) {
          const auto [a, b] = at(l);
          const bool c = u32 ? refCmp(code, a < b, a == b, a > b)
                             : refCmp(code, int64_t(a) < int64_t(b), a == b,
                                      int64_t(a) > int64_t(b));
          ASSERT_EQ(pred(0, l), c) << std::hex << a << " vs " << b << " code " << code
                                   << " u32 " << u32;
          ASSERT_EQ(pred(1, l), !c);
        }
      }
}

TEST_F(SemPred, IsetCCAndBF) {
  setLanes(1, [](unsigned l) { return l; });
  regs.ccCF = regs.ccOF = AllLanes;
  run(exec_ISET, Build(Op::ISET).rd(3).ra(1).sb(Imm(10)).pp(P(PT)).m(SIMT::MG_ICmp, SIMT::ICmp::LT)
                     .m(SIMT::MG_CC), kAlt);
  for (unsigned l = 0; l < WarpSize; ++l) {
    if (kAlt >> l & 1) {
      EXPECT_EQ(get(3, l), l < 10 ? 0xFFFFFFFFu : 0u);
    }
  }
  EXPECT_EQ(regs.ccZF, kAlt & 0xFFFFFC00u);
  EXPECT_EQ(regs.ccSF, kAlt & 0x000003FFu);
  EXPECT_EQ(regs.ccCF, ~kAlt);
  EXPECT_EQ(regs.ccOF, ~kAlt);
  run(exec_ISET, Build(Op::ISET).rd(3).ra(1).sb(Imm(10)).pp(P(PT)).m(SIMT::MG_ICmp, SIMT::ICmp::LT)
                     .m(SIMT::MG_BF).m(SIMT::MG_CC));
  EXPECT_EQ(get(3, 0), 0x3F800000u);
  EXPECT_EQ(regs.ccSF, 0u);
  EXPECT_EQ(regs.ccZF, 0xFFFFFC00u);
}

TEST_F(SemPred, FsetpAllCodesWithNaN) {
  for (unsigned code = 0; code < SIMT::NumFCmpValues; ++code)
    for (size_t k = 0; k < kFloats.size(); k += 2) {
      SCOPED_TRACE(testing::Message() << "code " << code << " k " << k);
      setLanes(1, [](unsigned l) { return kFloats[l % kFloats.size()]; });
      setLanes(2, [&](unsigned l) { return kFloats[(l + k) % kFloats.size()]; });
      auto cmp = [&](unsigned l) { return refFCmp(code, getF(1, l), getF(2, l)); };
      checkSetp(exec_FSETP, Build(Op::FSETP).ra(1).sb(2).m(SIMT::MG_FCmp, code), cmp);
      checkSet(exec_FSET, Build(Op::FSET).ra(1).sb(2).m(SIMT::MG_FCmp, code), cmp);
      auto cmpFtz = [&](unsigned l) {
        return refFCmp(code, bf(refFlush(get(1, l))), bf(refFlush(get(2, l))));
      };
      checkSetp(exec_FSETP, Build(Op::FSETP).ra(1).sb(2).m(SIMT::MG_FCmp, code).m(SIMT::MG_FTZ),
                cmpFtz);
      checkSet(exec_FSET, Build(Op::FSET).ra(1).sb(2).m(SIMT::MG_FCmp, code).m(SIMT::MG_FTZ),
               cmpFtz);
      auto cmpMods = [&](unsigned l) {
        return refFCmp(code, -std::fabs(getF(1, l)), std::fabs(getF(2, l)));
      };
      checkSetp(exec_FSETP, Build(Op::FSETP).ra(Neg(Abs(R(1)))).sb(B(Abs(R(2))))
                                .m(SIMT::MG_FCmp, code), cmpMods);
    }
  // The listing example: FSETP.NEU.AND P0, pt, R4, -1.0 (0xbf800 << 12), pt
  setLanes(4, [](unsigned l) { return fb(l % 2 ? -1.0f : float(l)); });
  run(exec_FSETP, Build(Op::FSETP).pu(0).pv(PT).ra(4).sb(Imm(0xBF800000u)).pp(P(PT))
                      .m(SIMT::MG_FCmp, SIMT::FCmp::NEU));
  EXPECT_EQ(regs.pred[0], kAlt);
}

TEST_F(SemPred, DsetpAllCodesWithNaN) {
  for (unsigned code = 0; code < SIMT::NumFCmpValues; ++code)
    for (size_t k = 0; k < kDoubles.size(); k += 2) {
      SCOPED_TRACE(testing::Message() << "code " << code << " k " << k);
      setLanes64(2, [](unsigned l) { return kDoubles[l % kDoubles.size()]; });
      setLanes64(4, [&](unsigned l) { return kDoubles[(l + k) % kDoubles.size()]; });
      auto cmp = [&](unsigned l) { return refFCmp(code, getD(2, l), getD(4, l)); };
      checkSetp(exec_DSETP, Build(Op::DSETP).ra(2).sb(4).m(SIMT::MG_FCmp, code), cmp);
      checkSet(exec_DSET, Build(Op::DSET).ra(2).sb(4).m(SIMT::MG_FCmp, code), cmp, 9);
      auto cmpMods = [&](unsigned l) { return refFCmp(code, std::fabs(getD(2, l)), -getD(4, l)); };
      checkSetp(exec_DSETP, Build(Op::DSETP).ra(Abs(R(2))).sb(B(Neg(R(4))))
                                .m(SIMT::MG_FCmp, code), cmpMods);
    }
  setLanes64(2, [](unsigned l) { return db(double(l) - 0.5); });
  run(exec_DSETP, Build(Op::DSETP).pu(0).pv(1).ra(2).sb(Imm(0x40240000u)).pp(P(PT))
                      .m(SIMT::MG_FCmp, SIMT::FCmp::LT));  // < 10.0
  EXPECT_EQ(regs.pred[0], 0x000007FFu);
  EXPECT_EQ(regs.pred[1], 0xFFFFF800u);
}

TEST_F(SemPred, PsetpAndPsetAllCombinations) {
  // Lanes enumerate the 8 combinations of P3, P4, P5.
  regs.pred[3] = laneBits([](unsigned l) { return l & 1; });
  regs.pred[4] = laneBits([](unsigned l) { return l >> 1 & 1; });
  regs.pred[5] = laneBits([](unsigned l) { return l >> 2 & 1; });
  for (unsigned b0 = 0; b0 < SIMT::NumBoolOpValues; ++b0)
    for (unsigned b1 = 0; b1 < SIMT::NumBoolOpValues; ++b1)
      for (unsigned negs = 0; negs < 8; ++negs) {
        const bool np = negs & 1, nq = negs & 2, nr = negs & 4;
        const Build b = Build(Op::PSETP).pu(0).pv(1).pp(P(3, np)).pq(P(4, nq)).pr(P(5, nr))
                            .m(SIMT::MG_Bop, b0).m(SIMT::MG_Bop1, b1);
        run(exec_PSETP, b);
        run(exec_PSET, Build(Op::PSET).rd(3).pp(P(3, np)).pq(P(4, nq)).pr(P(5, nr))
                           .m(SIMT::MG_Bop, b0).m(SIMT::MG_Bop1, b1).m(SIMT::MG_BF, negs & 1));
        for (unsigned l = 0; l < WarpSize; ++l) {
          const bool p = bool(l & 1) != np, q = bool(l >> 1 & 1) != nq, r = bool(l >> 2 & 1) != nr;
          const bool u = refBop(b1, refBop(b0, p, q), r);
          ASSERT_EQ(pred(0, l), u);
          ASSERT_EQ(pred(1, l), refBop(b1, refBop(b0, !p, q), r));
          ASSERT_EQ(get(3, l), u ? ((negs & 1) ? 0x3F800000u : 0xFFFFFFFFu) : 0u);
        }
      }
  // Masked: only lane 5 written; P0 == a source.
  regs.pred[0] = 0;
  run(exec_PSETP, Build(Op::PSETP).pu(0).pv(PT).pp(P(PT)).pq(P(PT)).pr(P(0)).m(SIMT::MG_Bop1, SIMT::BoolOp::OR),
      kOneLane);
  EXPECT_EQ(regs.pred[0], kOneLane);
  checkMasking(exec_PSET, Build(Op::PSET).rd(3).pp(P(3)).pq(P(4)).pr(P(5)));
}

TEST_F(SemPred, CsetpAllTests) {
  // Lane l holds flags ZF = bit 0, SF = bit 1, CF = bit 2, OF = bit 3 of l.
  regs.ccZF = laneBits([](unsigned l) { return l & 1; });
  regs.ccSF = laneBits([](unsigned l) { return l >> 1 & 1; });
  regs.ccCF = laneBits([](unsigned l) { return l >> 2 & 1; });
  regs.ccOF = laneBits([](unsigned l) { return l >> 3 & 1; });
  for (unsigned test = 0; test < SIMT::NumCCTestValues; ++test) {
    auto cmp = [&](unsigned l) {
      const bool z = l & 1, s = l >> 1 & 1, c = l >> 2 & 1, o = l >> 3 & 1;
      switch (test) {
      case 0: return false;
      case 1: return s != o;
      case 2: return z;
      case 3: return z || s != o;
      case 4: return !z && s == o;
      case 5: return !z;
      case 6: return s == o;
      case 7: return !c;
      case 8: return !c || z;
      case 9: return c && !z;
      case 10: return c;
      case 11: return o;
      case 12: return !o;
      case 13: return c;
      case 14: return !c;
      case 15: return s;
      case 16: return !s;
      default: return true;
      }
    };
    SCOPED_TRACE(testing::Message() << "test " << test);
    checkSetp(exec_CSETP, Build(Op::CSETP).m(SIMT::MG_CCTest, test), cmp);
    checkSet(exec_CSET, Build(Op::CSET).m(SIMT::MG_CCTest, test), cmp);
  }
}

/// VSETP reference: selector picks the sub-word (width from the selector,
/// or from the type without one); type picks the extension.
int64_t refSubword(uint32_t x, unsigned sel, unsigned type) {
  const bool s = type & 1;
  uint32_t v;
  unsigned width;
  if (sel >= 1 && sel <= 4) {
    v = x >> (8 * (sel - 1)) & 0xFF;
    width = 8;
  } else if (sel == 5 || sel == 6) {
    v = x >> (sel == 6 ? 16 : 0) & 0xFFFF;
    width = 16;
  } else {
    width = type < 2 ? 32 : type < 4 ? 16 : 8;
    v = width == 32 ? x : x & ((1u << width) - 1);
  }
  if (s && width == 8) return int8_t(v);
  if (s && width == 16) return int16_t(v);
  if (s) return int32_t(v);
  return v;
}

TEST_F(SemPred, VsetpSubwordCompares) {
  for (unsigned code = 0; code < SIMT::NumICmpValues; ++code)
    for (unsigned at = 0; at < SIMT::NumVTypeValues; ++at)
      for (unsigned bt = 0; bt < SIMT::NumVTypeValues; ++bt)
        for (unsigned sa : {0u, 1u, 4u, 5u, 6u})
          for (unsigned sb : {0u, 2u, 3u, 6u}) {
            setLanes(1, [](unsigned l) { return kInts[l % kInts.size()] ^ (l << 7); });
            setLanes(2, [](unsigned l) { return kInts[(l * 7 + 3) % kInts.size()]; });
            auto cmp = [&](unsigned l) {
              const int64_t a = refSubword(get(1, l), sa, at), b = refSubword(get(2, l), sb, bt);
              return refCmp(code, a < b, a == b, a > b);
            };
            const Build b = Build(Op::VSETP).ra(Sel(R(1), sa)).rb(Sel(R(2), sb))
                                .m(SIMT::MG_ICmp, code).m(SIMT::MG_VAType, at)
                                .m(SIMT::MG_VBType, bt);
            regs.pred[2] = kAlt;
            run(exec_VSETP, Build(b).pu(0).pv(1).pp(P(PT)));
            for (unsigned l = 0; l < WarpSize; ++l) {
              ASSERT_EQ(pred(0, l), cmp(l)) << "code " << code << " types " << at << "," << bt
                                            << " sels " << sa << "," << sb << " lane " << l;
              ASSERT_EQ(pred(1, l), !cmp(l));
            }
          }
  // 33-bit compare: U32 0xFFFFFFFF > S32 -1.
  set(1, 0xFFFFFFFF);
  run(exec_VSETP, Build(Op::VSETP).pu(0).pv(PT).ra(R(1)).rb(R(1)).pp(P(PT))
                      .m(SIMT::MG_ICmp, SIMT::ICmp::GT).m(SIMT::MG_VAType, SIMT::VType::U32).m(SIMT::MG_VBType, SIMT::VType::S32));
  EXPECT_EQ(regs.pred[0], AllLanes);
  set(2, 0x00800080);  // .B0 as S8 is -128, as U8 128
  run(exec_VSETP, Build(Op::VSETP).pu(0).pv(PT).ra(Sel(R(2), SIMT::SubWord::B0)).rb(Sel(R(2), SIMT::SubWord::B2)).pp(P(PT))
                      .m(SIMT::MG_ICmp, SIMT::ICmp::LT).m(SIMT::MG_VAType, SIMT::VType::S8).m(SIMT::MG_VBType, SIMT::VType::U8));
  EXPECT_EQ(regs.pred[0], AllLanes);
  setLanes(1, [](unsigned l) { return l << 16; });
  set(2, 7);
  const Build vb = Build(Op::VSET).ra(Sel(R(1), SIMT::SubWord::H1)).rb(R(2)).m(SIMT::MG_ICmp, SIMT::ICmp::LE)
                       .m(SIMT::MG_VAType, SIMT::VType::U16).m(SIMT::MG_VBType, SIMT::VType::U32);
  checkSet(exec_VSET, vb, [&](unsigned l) { return l <= 7; });
  checkSetp(exec_VSETP, Build(Op::VSETP).ra(Sel(R(1), SIMT::SubWord::H1)).rb(R(2)).m(SIMT::MG_ICmp, SIMT::ICmp::LE)
                            .m(SIMT::MG_VAType, SIMT::VType::U16), [&](unsigned l) { return l <= 7; });
}

TEST_F(SemPred, P2RAndR2P) {
  for (unsigned p = 0; p < 7; ++p)
    regs.pred[p] = laneBits([&](unsigned l) { return (l * 37 + p * 11) >> p & 1; });
  set(1, 0xAAAAAAAAu);
  for (bool h1 : {false, true})
    for (uint32_t mask : {0x7Fu, 0x00u, 0x55u, 0x01u}) {
      run(exec_P2R, Build(Op::P2R).rd(3).ra(1).imm(mask).m(SIMT::MG_H1, h1));
      for (unsigned l = 0; l < WarpSize; ++l) {
        uint32_t prs = 0;
        for (unsigned p = 0; p < 7; ++p)
          prs |= uint32_t(pred(p, l)) << p;
        const unsigned sh = h1 ? 16 : 0;
        EXPECT_EQ(get(3, l), (0xAAAAAAAAu & ~(mask << sh)) | ((prs & mask) << sh)) << l;
      }
    }
  checkMasking(exec_P2R, Build(Op::P2R).rd(3).ra(1).imm(0x7F));
  run(exec_P2R, Build(Op::P2R).rd(1).ra(1).imm(0x7F));  // Rd == Ra
  EXPECT_EQ(get(1, 0) & ~0x7Fu, 0xAAAAAAAAu & ~0x7Fu);

  setLanes(4, [](unsigned l) { return (l * 0x01010101u) ^ (l << 16); });
  for (bool h1 : {false, true})
    for (uint32_t mask : {0x7Fu, 0x2Au}) {
      for (unsigned p = 0; p < 7; ++p)
        regs.pred[p] = 0xF0F0F0F0u;
      run(exec_R2P, Build(Op::R2P).ra(4).imm(mask).m(SIMT::MG_H1, h1), kAlt);
      for (unsigned p = 0; p < 7; ++p)
        for (unsigned l = 0; l < WarpSize; ++l) {
          const bool written = (mask >> p & 1) && (kAlt >> l & 1);
          const bool expect = written ? (get(4, l) >> (p + (h1 ? 16 : 0)) & 1)
                                      : (0xF0F0F0F0u >> l & 1);
          EXPECT_EQ(pred(p, l), expect) << "P" << p << " lane " << l;
        }
    }
  EXPECT_EQ(regs.pred[PT], AllLanes);
}
} // namespace
} // namespace simt::emu
