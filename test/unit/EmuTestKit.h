//===-- EmuTestKit.h - Hand-built kernels for emulator tests --------------===//
//
// A tiny "assembler" over emu::Inst for unit tests of the emulator core: no
// MC, no encodings, just the decoded fields the semantics read. Branch
// targets are byte addresses; labels are taken with here() and patched with
// setTarget(). Also a device fixture with one flat global memory.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "emu/device/Device.h"
#include "emu/mem/Memory.h"

#include <cstring>
#include <functional>
#include <string>
#include <vector>

namespace simt::emu::test {

// Short names of the generated modifier values (SIMTModGroups.h).
#define SIMT_KIT_VALUE(Name, Enum, Value) Name = uint8_t(SIMT::Enum::Value)
enum SReg : uint32_t {
#define SR(N) SIMT_KIT_VALUE(N, SpecialReg, SR_##N)
  SR(TID_X), SR(TID_Y), SR(TID_Z), SR(NTID_X), SR(NTID_Y), SR(NTID_Z), SR(CTAID_X),
  SR(CTAID_Y), SR(CTAID_Z), SR(NCTAID_X), SR(NCTAID_Y), SR(NCTAID_Z), SR(LANEID),
  SR(WARPID), SR(NWARPID), SR(SMID), SR(CLOCK), SR(LANEMASK_EQ), SR(LANEMASK_LT),
  SR(LANEMASK_LE), SR(LANEMASK_GT), SR(LANEMASK_GE)
#undef SR
};
enum ICmp : uint8_t {
#define C(N) SIMT_KIT_VALUE(C_##N, ICmp, N)
  C(F), C(LT), C(EQ), C(LE), C(GT), C(NE), C(GE), C(T)
#undef C
};
enum W : uint8_t {
  SIMT_KIT_VALUE(W32, Width, B32), SIMT_KIT_VALUE(WU8, Width, U8),
  SIMT_KIT_VALUE(WS8, Width, S8), SIMT_KIT_VALUE(WU16, Width, U16),
  SIMT_KIT_VALUE(WS16, Width, S16), SIMT_KIT_VALUE(W64, Width, B64),
  SIMT_KIT_VALUE(W128, Width, B128)
};
enum AOp : uint8_t {
#define A(N) SIMT_KIT_VALUE(A_##N, AtomOp, N)
  A(ADD), A(MIN), A(MAX), A(INC), A(DEC), A(AND), A(OR), A(XOR), A(EXCH), A(CAS)
#undef A
};
enum ATy : uint8_t {
#define T(N) SIMT_KIT_VALUE(T_##N, AtomTy, N)
  T(U32), T(S32), T(U64), T(F32)
#undef T
};
#undef SIMT_KIT_VALUE

inline PredRef P(uint8_t idx, bool neg = false) { return PredRef{idx, neg}; }
inline SrcB imm(uint32_t v) {
  SrcB s;
  s.kind = SrcKind::Imm;
  s.value = v;
  return s;
}
inline SrcB reg(uint8_t r) {
  SrcB s;
  s.kind = SrcKind::Reg;
  s.reg.reg = r;
  return s;
}
inline SrcB cbank(uint8_t bank, uint32_t offset) {
  SrcB s;
  s.kind = SrcKind::Const;
  s.bank = bank;
  s.offset = offset;
  return s;
}
inline RegRef R(uint8_t r) {
  RegRef x;
  x.reg = r;
  return x;
}

struct Kernel {
  std::vector<Inst> code;

  uint32_t here() const { return static_cast<uint32_t>(code.size() * 8); }
  size_t emit(Op op, PredRef guard = {}) {
    Inst i;
    i.op = op;
    i.pc = here();
    i.guard = guard;
    code.push_back(i);
    return code.size() - 1;
  }
  Inst &at(size_t i) { return code[i]; }
  Inst &last() { return code.back(); }
  void setTarget(size_t i, uint32_t target) { code[i].target = target; }

  // ---- ALU ----
  void mov32(uint8_t rd, uint32_t v, PredRef g = {}) {
    emit(Op::MOV32I, g);
    last().rd = rd;
    last().imm = v;
  }
  void mov(uint8_t rd, SrcB sb, PredRef g = {}) {
    emit(Op::MOV, g);
    last().rd = rd;
    last().sb = sb;
  }
  void s2r(uint8_t rd, uint32_t sr, PredRef g = {}) {
    emit(Op::S2R, g);
    last().rd = rd;
    last().imm = sr;
  }
  void iadd(uint8_t rd, uint8_t ra, SrcB sb, PredRef g = {}) {
    emit(Op::IADD, g);
    last().rd = rd;
    last().ra = R(ra);
    last().sb = sb;
  }
  void shl(uint8_t rd, uint8_t ra, uint32_t n, PredRef g = {}) {
    emit(Op::SHL, g);
    last().rd = rd;
    last().ra = R(ra);
    last().sb = imm(n);
  }
  void isetp(uint8_t pu, uint8_t ra, SrcB sb, ICmp cmp, bool u32 = false, PredRef g = {}) {
    emit(Op::ISETP, g);
    last().pu = pu;
    last().pv = PT;
    last().ra = R(ra);
    last().sb = sb;
    last().mod[SIMT::MG_ICmp] = cmp;
    last().mod[SIMT::MG_U32] = u32;
  }
  void sel(uint8_t rd, uint8_t ra, SrcB sb, PredRef p) {
    emit(Op::SEL);
    last().rd = rd;
    last().ra = R(ra);
    last().sb = sb;
    last().pp = p;
  }
  void imad(uint8_t rd, uint8_t ra, SrcB sb, uint8_t rc, PredRef g = {}) {
    emit(Op::IMAD, g);
    last().rd = rd;
    last().ra = R(ra);
    last().sb = sb;
    last().rc = R(rc);
  }
  void lop(uint8_t rd, uint8_t ra, SrcB sb, SIMT::Logic op, PredRef g = {}) {
    emit(Op::LOP, g);
    last().rd = rd;
    last().ra = R(ra);
    last().sb = sb;
    last().mod[SIMT::MG_Logic] = uint8_t(op);
  }
  /// R[rd] = R[base] + 4 * R[idx] (an element address).
  void elemAddr(uint8_t rd, uint8_t base, uint8_t idx, uint8_t tmp, uint32_t shift = 2) {
    shl(tmp, idx, shift);
    iadd(rd, base, reg(tmp));
  }

  // ---- Memory ----
  size_t mem(Op op, uint8_t data, uint8_t base, int32_t off, uint8_t width = W32, bool e = false,
             PredRef g = {}) {
    const size_t i = emit(op, g);
    Inst &x = at(i);
    if (opInfo(op).mayStore)
      x.rb.reg = data;
    else
      x.rd = data;
    x.memBase = base;
    x.memOffset = off;
    x.mod[SIMT::MG_Width] = width;
    x.mod[SIMT::MG_E] = e;
    return i;
  }
  void atom(uint8_t rd, uint8_t base, int32_t off, uint8_t rb, AOp op, ATy ty = T_U32,
            uint8_t rc = RZ, bool e = false, PredRef g = {}) {
    emit(op == A_CAS ? Op::ATOMCAS : Op::ATOM, g);
    Inst &x = last();
    x.rd = rd;
    x.memBase = base;
    x.memOffset = off;
    x.rb.reg = rb;
    x.rc.reg = rc;
    x.mod[SIMT::MG_AtomOp] = op;
    x.mod[SIMT::MG_AtomTy] = ty;
    x.mod[SIMT::MG_E] = e;
  }
  void ldlk(uint8_t pd, uint8_t rd, uint8_t base, int32_t off, bool shared = false,
            PredRef g = {}) {
    mem(shared ? Op::LDSLK : Op::LDLK, rd, base, off, W32, false, g);
    last().pd = pd;
  }

  // ---- Warp / control ----
  void bar(uint32_t id, PredRef g = {}) {
    emit(Op::BARSYNC, g);
    last().sb = imm(id);
  }
  void barRed(uint8_t rd, uint32_t id, SIMT::BarRed op, PredRef p, PredRef g = {}) {
    emit(Op::BARRED, g);
    last().rd = rd;
    last().sb = imm(id);
    last().pp = p;
    last().mod[SIMT::MG_BarRed] = uint8_t(op);
  }
  void exit(PredRef g = {}) { emit(Op::EXIT, g); }
  void nopS(PredRef g = {}) {
    emit(Op::NOP, g);
    last().popSync = true;
  }
  size_t bra(uint32_t target = 0, PredRef g = {}, bool uni = false) {
    const size_t i = emit(Op::BRA, g);
    at(i).target = target;
    at(i).mod[SIMT::MG_Uni] = uni;
    return i;
  }
  size_t ssy(uint32_t target = 0) {
    const size_t i = emit(Op::SSY);
    at(i).target = target;
    return i;
  }
  size_t pbk(uint32_t target = 0) {
    const size_t i = emit(Op::PBK);
    at(i).target = target;
    return i;
  }
  size_t cal(uint32_t target = 0, PredRef g = {}) {
    const size_t i = emit(Op::CAL, g);
    at(i).target = target;
    return i;
  }
};

/// A device with one flat global memory of `memBytes` at 0x10000000.
/// Lane `lane` of every warp takes its CTA's lock word (the first
/// parameter + 4 * ctaid, with LDLK at pc 0x30) and exits holding it.
inline Kernel holdsCtaLockAtExit(uint32_t lane) {
  Kernel k;
  k.mov(2, cbank(0, 0x20));
  k.s2r(1, CTAID_X);
  k.elemAddr(2, 2, 1, 4);
  k.s2r(0, LANEID);
  k.isetp(1, 0, imm(static_cast<int32_t>(lane)), C_EQ);
  k.ldlk(0, 3, 2, 0, false, P(1));
  k.exit();
  return k;
}

/// R9 counts from 0 to n in a loop, then the warp exits: a kernel that runs
/// for a known number of instructions (3 per iteration).
inline Kernel countingLoop(uint32_t n) {
  Kernel k;
  k.mov32(9, 0);
  uint32_t loop = k.here();
  k.iadd(9, 9, imm(1));
  k.isetp(1, 9, imm(n), C_LT);
  k.bra(loop, P(1));
  k.exit();
  return k;
}

/// A subscriber made of a test's plain functions (emu/device/Subscriber.h):
/// set what it watches, then Rig::listen().
struct HookSubscriber final : Subscriber {
  TraceFn traceFn = nullptr;
  void *traceCtx = nullptr;
  uint8_t detail = 0;
  BreakFn breakFn = nullptr;
  void *breakCtx = nullptr;
  std::function<std::string(bool)> watchFn;
  uint64_t watchCycles = 0, watchSteps = 0;

  Interests interests() const override {
    Interests i;
    i.records = traceFn != nullptr;
    i.detail = detail;
    i.breaks = breakFn != nullptr;
    if (watchFn) {
      i.watchCycles = watchCycles;
      i.watchSteps = watchSteps;
    }
    return i;
  }
  void record(const TraceRecord &r) override { traceFn(traceCtx, r); }
  bool breakBefore(const BreakQuery &q) override { return breakFn(breakCtx, q); }
  std::string watch(bool ended) override { return watchFn(ended); }
};

struct Rig {
  DeviceConfig cfg;
  FlatMemory mem;
  std::unique_ptr<Device> dev;

  explicit Rig(DeviceConfig c = {}, uint64_t memBytes = 1 << 16, uint64_t memBase = 0x10000000)
      : cfg(c), mem(memBytes, memBase), dev(std::make_unique<Device>(cfg)) {}

  uint64_t base() const { return mem.base; }

  /// The rig's own subscriber, for a test that watches one thing.
  HookSubscriber hooks;
  void trace(TraceFn fn, void *ctx, uint8_t detail = TraceAll) {
    hooks.traceFn = fn, hooks.traceCtx = ctx, hooks.detail = fn ? detail : 0;
    dev->subscribe(hooks);
  }
  void breaks(BreakFn fn, void *ctx) {
    hooks.breakFn = fn, hooks.breakCtx = ctx;
    dev->subscribe(hooks);
  }
  void watch(std::function<std::string(bool)> fn, uint64_t everyCycles, uint64_t everySteps) {
    hooks.watchFn = std::move(fn), hooks.watchCycles = everyCycles, hooks.watchSteps = everySteps;
    dev->subscribe(hooks);
  }

  LaunchParams params(const Kernel &k, uint32_t grid, uint32_t block,
                      std::vector<uint64_t> args = {}) {
    LaunchParams p;
    p.kernel.name = "k";
    p.kernel.code = &k.code;
    p.grid[0] = grid;
    p.block[0] = block;
    p.memory = mem.bind();
    for (uint64_t a : args) {
      const size_t at = p.params.size();
      p.params.resize(at + 8);
      std::memcpy(p.params.data() + at, &a, 8);
    }
    return p;
  }
  GridId launch(const Kernel &k, uint32_t grid, uint32_t block, std::vector<uint64_t> args = {}) {
    LaunchResult r = dev->launch(params(k, grid, block, std::move(args)));
    return r.grid;
  }
  uint32_t u32(uint64_t off) const { return mem.load<uint32_t>(mem.base + off); }
  void setU32(uint64_t off, uint32_t v) { mem.store<uint32_t>(mem.base + off, v); }
};

} // namespace simt::emu::test
