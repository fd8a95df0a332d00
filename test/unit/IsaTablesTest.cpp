//===-- IsaTablesTest.cpp - The tables generated from isa/*.td ------------===//
//
// The C++ names simt_tablegen.py gives the modifier values must select the
// spelling a user writes (ISA.md), the byte tables must say what ISA.md says
// the widths and types are, and the instruction properties must match the
// instructions' semantics. Expected values are written here from ISA.md, not
// read from the generated tables.
//
//===----------------------------------------------------------------------===//
#include "emu/core/Inst.h"
#include "isa/SIMTLevel.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <initializer_list>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace simt::emu {
namespace {

template <class E> struct Named {
  E value;
  std::string_view spelling;
  unsigned bytes = 0; // for groups with sizes
};

std::string_view printed(const char *spelling) {
  const std::string_view s = spelling;
  return s.substr(0, s.find('|'));
}

/// Every value of group G: its enumerator selects the expected spelling,
/// and the group has exactly these values.
template <SIMT::ModGroup G, size_t N>
void expectGroup(const Named<SIMT::ModValue<G>> (&values)[N]) {
  const SIMT::ModGroupInfo &info = SIMT::ModGroupTable[G];
  SCOPED_TRACE(info.Name);
  ASSERT_EQ(info.NumSpellings, N);
  for (const auto &v : values) {
    ASSERT_LT(unsigned(v.value), N);
    EXPECT_EQ(printed(info.Spellings[unsigned(v.value)]), v.spelling);
    if constexpr (requires { SIMT::bytesOf(v.value); }) {
      ASSERT_NE(info.Bytes, nullptr);
      EXPECT_EQ(SIMT::bytesOf(v.value), v.bytes) << v.spelling;
      EXPECT_EQ(info.Bytes[unsigned(v.value)], v.bytes) << v.spelling;
    } else {
      EXPECT_EQ(info.Bytes, nullptr);
    }
  }
}

TEST(IsaTables, ComparisonsAndTests) {
  using C = SIMT::ICmp;
  expectGroup<SIMT::MG_ICmp>({{C::F, "F"}, {C::LT, "LT"}, {C::EQ, "EQ"}, {C::LE, "LE"},
                              {C::GT, "GT"}, {C::NE, "NE"}, {C::GE, "GE"}, {C::T, "T"}});
  using F = SIMT::FCmp;
  expectGroup<SIMT::MG_FCmp>({{F::F, "F"},     {F::LT, "LT"},   {F::EQ, "EQ"},   {F::LE, "LE"},
                              {F::GT, "GT"},   {F::NE, "NE"},   {F::GE, "GE"},   {F::NUM, "NUM"},
                              {F::NaN, "NAN"}, {F::LTU, "LTU"}, {F::EQU, "EQU"}, {F::LEU, "LEU"},
                              {F::GTU, "GTU"}, {F::NEU, "NEU"}, {F::GEU, "GEU"}, {F::T, "T"}});
  using T = SIMT::CCTest;
  expectGroup<SIMT::MG_CCTest>({{T::F, "F"},     {T::LT, "LT"},   {T::EQ, "EQ"},   {T::LE, "LE"},
                                {T::GT, "GT"},   {T::NE, "NE"},   {T::GE, "GE"},   {T::LO, "LO"},
                                {T::LS, "LS"},   {T::HI, "HI"},   {T::HS, "HS"},   {T::OFT, "OFT"},
                                {T::OFF, "OFF"}, {T::CFT, "CFT"}, {T::CFF, "CFF"}, {T::SFT, "SFT"},
                                {T::SFF, "SFF"}, {T::T, "T"}});
  using B = SIMT::BoolOp;
  expectGroup<SIMT::MG_Bop>({{B::AND, "AND"}, {B::OR, "OR"}, {B::XOR, "XOR"}});
  expectGroup<SIMT::MG_Bop1>({{B::AND, "AND"}, {B::OR, "OR"}, {B::XOR, "XOR"}});
  using L = SIMT::Logic;
  expectGroup<SIMT::MG_Logic>(
      {{L::AND, "AND"}, {L::OR, "OR"}, {L::XOR, "XOR"}, {L::PASS_B, "PASS_B"}});
}

TEST(IsaTables, TypesAndTheirBytes) {
  using I = SIMT::IntType;
  const Named<I> ints[] = {{I::U8, "U8", 1},   {I::S8, "S8", 1},   {I::U16, "U16", 2},
                           {I::S16, "S16", 2}, {I::U32, "U32", 4}, {I::S32, "S32", 4},
                           {I::U64, "U64", 8}, {I::S64, "S64", 8}};
  expectGroup<SIMT::MG_IntDst>(ints);
  expectGroup<SIMT::MG_IntSrc>(ints);
  using Fl = SIMT::FloatType;
  const Named<Fl> floats[] = {{Fl::F32, "F32", 4}, {Fl::F64, "F64", 8}};
  expectGroup<SIMT::MG_FltDst>(floats);
  expectGroup<SIMT::MG_FltSrc>(floats);
  using M = SIMT::MulType;
  expectGroup<SIMT::MG_AType>({{M::S32, "S32"}, {M::U32, "U32"}});
  expectGroup<SIMT::MG_BType>({{M::S32, "S32"}, {M::U32, "U32"}});
  using V = SIMT::VType;
  const Named<V> video[] = {{V::U32, "U32", 4}, {V::S32, "S32", 4}, {V::U16, "U16", 2},
                            {V::S16, "S16", 2}, {V::U8, "U8", 1},   {V::S8, "S8", 1}};
  expectGroup<SIMT::MG_VAType>(video);
  expectGroup<SIMT::MG_VBType>(video);
  using R = SIMT::Rnd;
  expectGroup<SIMT::MG_Rnd>({{R::RN, "RN"}, {R::RZ, "RZ"}, {R::RM, "RM"}, {R::RP, "RP"}});
  using FR = SIMT::F2IRnd;
  expectGroup<SIMT::MG_F2IRnd>(
      {{FR::TRUNC, "TRUNC"}, {FR::FLOOR, "FLOOR"}, {FR::CEIL, "CEIL"}, {FR::ROUND, "ROUND"}});
}

TEST(IsaTables, MemoryWidthsAndAtomics) {
  using W = SIMT::Width;
  expectGroup<SIMT::MG_Width>({{W::B32, "32", 4},
                               {W::U8, "U8", 1},
                               {W::S8, "S8", 1},
                               {W::U16, "U16", 2},
                               {W::S16, "S16", 2},
                               {W::B64, "64", 8},
                               {W::B128, "128", 16}});
  using A = SIMT::AtomOp;
  expectGroup<SIMT::MG_AtomOp>({{A::ADD, "ADD"},
                                {A::MIN, "MIN"},
                                {A::MAX, "MAX"},
                                {A::INC, "INC"},
                                {A::DEC, "DEC"},
                                {A::AND, "AND"},
                                {A::OR, "OR"},
                                {A::XOR, "XOR"},
                                {A::EXCH, "EXCH"},
                                {A::CAS, "CAS"}});
  using T = SIMT::AtomTy;
  expectGroup<SIMT::MG_AtomTy>(
      {{T::U32, "U32", 4}, {T::S32, "S32", 4}, {T::U64, "U64", 8}, {T::F32, "F32", 4},
       {T::S64, "S64", 8}});
  // .E makes an address a 64-bit register pair.
  const SIMT::ModGroupInfo &e = SIMT::ModGroupTable[SIMT::MG_E];
  ASSERT_NE(e.Bytes, nullptr);
  EXPECT_EQ(e.Bytes[0], 4);
  EXPECT_EQ(e.Bytes[1], 8);
}

TEST(IsaTables, WarpGroupsSpecialRegistersAndSelectors) {
  using V = SIMT::Vote;
  expectGroup<SIMT::MG_Vote>({{V::ALL, "ALL"}, {V::ANY, "ANY"}, {V::EQ, "EQ"}});
  using B = SIMT::BarRed;
  expectGroup<SIMT::MG_BarRed>({{B::POPC, "POPC"}, {B::AND, "AND"}, {B::OR, "OR"}});
  expectGroup<SIMT::MG_Membar>({{SIMT::Membar::CTA, "CTA"}, {SIMT::Membar::GL, "GL"}});
  expectGroup<SIMT::MG_Bpt>({{SIMT::Bpt::DRAIN, "DRAIN"}, {SIMT::Bpt::TRAP, "TRAP"}});
  using M = SIMT::Mufu;
  expectGroup<SIMT::MG_Mufu>({{M::RCP, "RCP"},
                              {M::RSQ, "RSQ"},
                              {M::SQRT, "SQRT"},
                              {M::EX2, "EX2"},
                              {M::LG2, "LG2"},
                              {M::SIN, "SIN"},
                              {M::COS, "COS"}});
  using S = SIMT::SpecialReg;
  expectGroup<SIMT::SRegNames>({{S::SR_TID_X, "SR_TID.X"},
                                {S::SR_TID_Y, "SR_TID.Y"},
                                {S::SR_TID_Z, "SR_TID.Z"},
                                {S::SR_NTID_X, "SR_NTID.X"},
                                {S::SR_NTID_Y, "SR_NTID.Y"},
                                {S::SR_NTID_Z, "SR_NTID.Z"},
                                {S::SR_CTAID_X, "SR_CTAID.X"},
                                {S::SR_CTAID_Y, "SR_CTAID.Y"},
                                {S::SR_CTAID_Z, "SR_CTAID.Z"},
                                {S::SR_NCTAID_X, "SR_NCTAID.X"},
                                {S::SR_NCTAID_Y, "SR_NCTAID.Y"},
                                {S::SR_NCTAID_Z, "SR_NCTAID.Z"},
                                {S::SR_LANEID, "SR_LANEID"},
                                {S::SR_WARPID, "SR_WARPID"},
                                {S::SR_NWARPID, "SR_NWARPID"},
                                {S::SR_SMID, "SR_SMID"},
                                {S::SR_CLOCK, "SR_CLOCK"},
                                {S::SR_LANEMASK_EQ, "SR_LANEMASK_EQ"},
                                {S::SR_LANEMASK_LT, "SR_LANEMASK_LT"},
                                {S::SR_LANEMASK_LE, "SR_LANEMASK_LE"},
                                {S::SR_LANEMASK_GT, "SR_LANEMASK_GT"},
                                {S::SR_LANEMASK_GE, "SR_LANEMASK_GE"},
                                {S::SR_CLOCKHI, "SR_CLOCKHI"},
                                {S::SR_GLOBALTIMERLO, "SR_GLOBALTIMERLO"},
                                {S::SR_GLOBALTIMERHI, "SR_GLOBALTIMERHI"}});
  // Sub-word selectors are not a modifier group: their own table.
  using W = SIMT::SubWord;
  const Named<W> sel[] = {{W::Word, "", 4}, {W::B0, "B0", 1}, {W::B1, "B1", 1}, {W::B2, "B2", 1},
                          {W::B3, "B3", 1}, {W::H0, "H0", 2}, {W::H1, "H1", 2}};
  ASSERT_EQ(SIMT::NumSubWordValues, std::size(sel));
  for (const auto &v : sel) {
    EXPECT_EQ(SIMT::SubWordSel_Spellings[unsigned(v.value)], v.spelling);
    EXPECT_EQ(SIMT::bytesOf(v.value), v.bytes) << v.spelling;
  }
}

/// Flags have no enum: ModValue<G> names one only for multi-value groups.
template <SIMT::ModGroup G, class = void> struct HasEnum : std::false_type {};
template <SIMT::ModGroup G>
struct HasEnum<G, std::void_t<SIMT::ModValue<G>>> : std::true_type {};
static_assert(HasEnum<SIMT::MG_Width>::value && !HasEnum<SIMT::MG_CC>::value);

// The levels of the ISA (isa/SIMTLevels.td): sm_20 then sm_35, every record
// at one of them, the Kepler records at sm_35 and Fermi's at the base.
TEST(IsaTables, Levels) {
  ASSERT_EQ(std::size(simt::levels::kLevels), 2u);
  EXPECT_EQ(simt::levels::kBase, 20u);
  EXPECT_EQ(simt::levels::kTop, 35u);
  EXPECT_STREQ(simt::levels::kLevels[1].arch, "sm_35");
  ASSERT_NE(simt::levels::byArch("sm_35"), nullptr);
  EXPECT_EQ(simt::levels::byArch("sm_35")->sm, 35u);
  EXPECT_EQ(simt::levels::byArch("sm_30"), nullptr);
  EXPECT_EQ(simt::levels::archList(), "sm_20, sm_35");
  ASSERT_EQ(std::size(simt::levels::kRecordLevel), static_cast<size_t>(Op::NumOps));
  auto level = [](Op op) { return simt::levels::kRecordLevel[static_cast<unsigned>(op)]; };
  for (unsigned i = 0; i < static_cast<unsigned>(Op::NumOps); ++i)
    EXPECT_TRUE(level(Op(i)) == 20 || level(Op(i)) == 35) << simt::emu::opInfo(Op(i)).record;
  for (Op op : {Op::SHFL, Op::SHFLi, Op::LDG, Op::SHF, Op::ATOMS64})
    EXPECT_EQ(level(op), 35) << simt::emu::opInfo(op).record;
  for (Op op : {Op::IADD, Op::VOTE, Op::LD, Op::ATOM, Op::BRA, Op::EXIT})
    EXPECT_EQ(level(op), 20) << simt::emu::opInfo(op).record;
  // A GPU's generation picks the level (nvcc's -arch, PTX's .target).
  using simt::levels::levelForGpu, simt::levels::aboveEveryLevel;
  for (unsigned sm : {10u, 13u, 20u, 21u})
    EXPECT_EQ(levelForGpu(sm), 20u) << sm;
  for (unsigned sm : {30u, 32u, 35u, 37u, 50u, 75u, 90u})
    EXPECT_EQ(levelForGpu(sm), 35u) << sm;
  EXPECT_FALSE(aboveEveryLevel(37));
  EXPECT_TRUE(aboveEveryLevel(50));
}

TEST(IsaTables, InstructionProperties) {
  struct Expect {
    Op op;
    bool load, store, branch, call, ret;
    SIMT::ModGroup access;
  };
  const SIMT::ModGroup None = SIMT::NumModGroups;
  const Expect expected[] = {
      {Op::LD, true, false, false, false, false, SIMT::MG_Width},
      {Op::LDS, true, false, false, false, false, SIMT::MG_Width},
      {Op::LDC, true, false, false, false, false, SIMT::MG_Width},
      {Op::ST, false, true, false, false, false, SIMT::MG_Width},
      {Op::STL, false, true, false, false, false, SIMT::MG_Width},
      {Op::STUL, false, true, false, false, false, SIMT::MG_Width},
      {Op::LDLK, true, false, false, false, false, SIMT::MG_Width},
      {Op::ATOM, true, true, false, false, false, SIMT::MG_AtomTy},
      {Op::ATOMCAS, true, true, false, false, false, SIMT::MG_AtomTy},
      {Op::RED, true, true, false, false, false, SIMT::MG_AtomTy},
      {Op::ATOMS64, true, true, false, false, false, SIMT::MG_AtomTy},
      {Op::LDG, true, false, false, false, false, SIMT::MG_Width},
      {Op::BRA, false, false, true, false, false, None},
      {Op::BRAcc, false, false, true, false, false, None},
      {Op::JMP, false, false, true, false, false, None},
      {Op::BRX, false, false, true, false, false, None},
      {Op::CAL, false, false, false, true, false, None},
      {Op::JCAL, false, false, false, true, false, None},
      {Op::RET, false, false, false, false, true, None},
      {Op::EXIT, false, false, false, false, false, None},
      {Op::IADD, false, false, false, false, false, None},
      {Op::BARSYNC, false, false, false, false, false, None},
  };
  for (const Expect &e : expected) {
    const OpInfo &i = opInfo(e.op);
    SCOPED_TRACE(i.record);
    EXPECT_EQ(i.mayLoad, e.load);
    EXPECT_EQ(i.mayStore, e.store);
    EXPECT_EQ(i.isBranch, e.branch);
    EXPECT_EQ(i.isCall, e.call);
    EXPECT_EQ(i.isReturn, e.ret);
    EXPECT_EQ(i.accessSize, e.access);
  }
  // Every instruction that touches memory says which group sizes the access.
  for (const OpInfo &i : OpTable) {
    if (i.mayLoad || i.mayStore) {
      EXPECT_NE(i.accessSize, None) << i.record;
    }
  }
}

// The barriers (ISA.md 4: BAR.SYNC and BAR.RED wait for the CTA, or with a
// thread count BAR.SYNC and BAR.ARV for some of its warps; section 7:
// WARPSYNC is the warp's) and the events the profiler's reports count
// (docs/profiler.md's kernel details): exactly these records, no others.
TEST(IsaTables, BarriersAndCountedEvents) {
  using SIMT::CountedEvent;
  auto listed = [](Op op, const std::vector<Op> &ops) {
    return std::find(ops.begin(), ops.end(), op) != ops.end();
  };
  const std::pair<CountedEvent, std::vector<Op>> events[] = {
      {CountedEvent::SetSync, {Op::SSY}},
      {CountedEvent::Break, {Op::BRK}},
      {CountedEvent::Barrier, {Op::BARSYNC, Op::BARRED, Op::BARSYNCr, Op::BARSYNCi, Op::BARARV,
                               Op::BARARVi}},
      {CountedEvent::Atomic, {Op::ATOM, Op::ATOMCAS, Op::ATOMS64, Op::RED}},
      {CountedEvent::Shuffle, {Op::SHFL, Op::SHFLi}},
      {CountedEvent::ReadOnlyLoad, {Op::LDG}},
  };
  ASSERT_EQ(std::size(events), SIMT::NumCountedEvents);
  for (unsigned i = 0; i < static_cast<unsigned>(Op::NumOps); ++i) {
    const Op op = Op(i);
    SCOPED_TRACE(opInfo(op).record);
    const std::vector<Op> counted = {Op::BARSYNCr, Op::BARSYNCi, Op::BARARV, Op::BARARVi};
    EXPECT_EQ(opInfo(op).isCountedBarrier, listed(op, counted));
    EXPECT_EQ(opInfo(op).isBarrier, listed(op, {Op::BARSYNC, Op::BARRED}) || listed(op, counted));
    EXPECT_EQ(opInfo(op).isWarpBarrier, listed(op, {Op::WARPSYNC, Op::WARPSYNCi}));
    CountedEvent want = CountedEvent::None;
    for (const auto &[event, ops] : events)
      if (listed(op, ops))
        want = event;
    EXPECT_EQ(opInfo(op).event, want);
  }
}

// The read-modify-writes other threads see whole (ISA.md 3.3 and 4): the
// global atomics and reductions, and the locks' loads (LDLK, LDSLK: Pd says
// whether the lock was taken) and stores (STUL, STSUL); exactly these.
TEST(IsaTables, AtomicsAndLocks) {
  auto listed = [](Op op, std::initializer_list<Op> ops) {
    return std::find(ops.begin(), ops.end(), op) != ops.end();
  };
  for (unsigned i = 0; i < static_cast<unsigned>(Op::NumOps); ++i) {
    const Op op = Op(i);
    SCOPED_TRACE(opInfo(op).record);
    EXPECT_EQ(opInfo(op).isAtomic, listed(op, {Op::ATOM, Op::ATOMCAS, Op::ATOMS64, Op::RED}));
    EXPECT_EQ(opInfo(op).isLock, listed(op, {Op::LDLK, Op::LDSLK, Op::STUL, Op::STSUL}));
    EXPECT_EQ(opInfo(op).isLockLoad(), listed(op, {Op::LDLK, Op::LDSLK}));
  }
}

// Each family's semantics file, and the name the profiler's mix shows.
TEST(IsaTables, SemanticClasses) {
  using SIMT::SemClass;
  const std::pair<SemClass, std::vector<Op>> classes[] = {
      {SemClass::Integer, {Op::IADD, Op::SHF, Op::MOV32I}},
      {SemClass::Float, {Op::FFMA, Op::MUFU}},
      {SemClass::Double, {Op::DADD, Op::DFMArc}},
      {SemClass::Convert, {Op::F2I, Op::I2F}},
      {SemClass::Predicate, {Op::ISETP, Op::PSETP}},
      {SemClass::Memory, {Op::LD, Op::LDLK, Op::ATOM, Op::LDG}},
      {SemClass::Warp, {Op::VOTE, Op::BARSYNC, Op::SHFL, Op::WARPSYNC}},
      {SemClass::Control, {Op::SSY, Op::BRA, Op::EXIT}},
      {SemClass::Video, {Op::VADD, Op::VSHRimm}},
  };
  ASSERT_EQ(std::size(classes), SIMT::NumSemClasses);
  for (const auto &[semClass, ops] : classes)
    for (Op op : ops)
      EXPECT_EQ(opInfo(op).semClass, semClass) << opInfo(op).record;
  EXPECT_STREQ(SIMT::nameOf(SemClass::Memory), "Memory");
  EXPECT_STREQ(SIMT::nameOf(SemClass::Video), "Video");
}

} // namespace
} // namespace simt::emu
