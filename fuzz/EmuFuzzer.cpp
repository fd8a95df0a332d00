//===-- EmuFuzzer.cpp - libFuzzer target: the emulator, structure-aware ---===//
//
// The input is a launch shape, a scheduler seed and instruction words. Only
// words the disassembler decodes are kept, and only a race-free subset: no
// global or shared memory (whose order between warps a scheduler decides),
// no SR_CLOCK or SR_SMID, no jumps to registers or absolute addresses;
// pc-relative branch targets are folded into the kernel. They run
// between a prologue that gives R0..R15 per-thread values and an epilogue
// that stores R0..R15 to the thread's own 64 bytes. The kernel runs under the
// round-robin and the random scheduler with a step limit: neither may crash,
// and, when both finish, they must agree on whether it faulted and, if not,
// on every byte stored. The random run is repeated under parallel epochs
// with one and with two host threads, which must agree on everything.
//
//===----------------------------------------------------------------------===//
#include "fuzz/FuzzSupport.h"

#include "asm/Assembler.h"
#include "Disassembler/SIMTWordDisassembler.h"
#include "emu/device/Device.h"
#include "emu/mem/Memory.h"
#include "runtime/Decoder.h"
#include "runtime/ObjectFile.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

using namespace simt;

namespace {

constexpr uint32_t kBytesPerThread = 64; // R0..R15
constexpr unsigned kMaxFuzzedWords = 64;

/// A special register's index (S2R's imm), from the generated spellings.
uint32_t specialRegister(std::string_view Name) {
  const auto &G = llvm::SIMT::ModGroupTable[llvm::SIMT::SRegNames];
  for (uint32_t I = 0; I < G.NumSpellings; ++I) {
    const std::string_view S = G.Spellings[I];
    if (S.substr(0, S.find('|')) == Name)
      return I;
  }
  std::fprintf(stderr, "EmuFuzzer: no special register %s\n", std::string(Name).c_str());
  std::abort();
}

std::vector<uint64_t> assembleWords(const char *Text) {
  llvm::SmallString<0> Obj;
  llvm::raw_svector_ostream OS(Obj);
  std::string Code, Err;
  if (as::assemble(Text, as::AssembleOptions(), OS, llvm::errs()) != 0 ||
      !as::extractCode(std::string(Obj.data(), Obj.size()), Code, Err)) {
    std::fprintf(stderr, "EmuFuzzer: the prologue or epilogue does not assemble\n");
    std::abort();
  }
  std::vector<uint64_t> W(Code.size() / 8);
  std::memcpy(W.data(), Code.data(), W.size() * 8);
  return W;
}

const std::vector<uint64_t> &prologue() {
  static const std::vector<uint64_t> W = assembleWords(R"(
        S2R R0, SR_TID.X
        S2R R1, SR_CTAID.X
        S2R R2, SR_NTID.X
        IMAD R3, R1, R2, R0
        IADD R4, R3, 0x11
        SHL R5, R3, 0x3
        IADD R6, RZ, -0x7
        MOV32I R7, 0x80000000
        MOV32I R8, 0x3f800000
        I2F.F32.S32 R9, R3
        LOP.XOR R10, R3, 0x5a5
        MOV32I R11, 0x7fffffff
        IADD R12, R0, 0x100
        MOV R13, R1
        MOV32I R14, 0x40490fdb
        MOV R15, RZ
)");
  return W;
}

const std::vector<uint64_t> &epilogue() {
  static const std::vector<uint64_t> W = assembleWords(R"(
        S2R R60, SR_TID.X
        S2R R61, SR_CTAID.X
        S2R R62, SR_NTID.X
        IMAD R60, R61, R62, R60
        SHL R60, R60, 0x6
        IADD R60, R60, c[0x0][0x20]
        ST [R60], R0
        ST [R60+0x4], R1
        ST [R60+0x8], R2
        ST [R60+0xc], R3
        ST [R60+0x10], R4
        ST [R60+0x14], R5
        ST [R60+0x18], R6
        ST [R60+0x1c], R7
        ST [R60+0x20], R8
        ST [R60+0x24], R9
        ST [R60+0x28], R10
        ST [R60+0x2c], R11
        ST [R60+0x30], R12
        ST [R60+0x34], R13
        ST [R60+0x38], R14
        ST [R60+0x3c], R15
        EXIT
)");
  return W;
}

bool raceFree(const emu::Inst &I) {
  if (I.op == emu::Op::NumOps)
    return false;
  // Targets that are not pc-relative (registers, absolute) could enter the
  // epilogue past its address computation, so that threads store into each
  // other's bytes: a race.
  if (I.op == emu::Op::BRX || I.op == emu::Op::JMX || I.op == emu::Op::JMP ||
      I.op == emu::Op::JCAL)
    return false;
  const std::string_view Space = emu::opInfo(I.op).memSpace;
  if (Space == "global" || Space == "shared")
    return false;
  // Where a CTA runs and when are the scheduler's.
  static const uint32_t SmId = specialRegister("SR_SMID"), Clock = specialRegister("SR_CLOCK");
  return !(I.op == emu::Op::S2R && (I.imm == SmId || I.imm == Clock));
}

struct Outcome {
  emu::RunStatus Status;
  std::vector<uint8_t> Memory;
};

Outcome run(const std::vector<emu::Inst> &Code, uint32_t Grid, uint32_t Block,
            emu::SchedPolicy Sched, uint64_t Seed, bool Parallel = false, uint32_t Threads = 1) {
  emu::DeviceConfig Cfg;
  Cfg.sms = 2;
  Cfg.sched = Sched;
  Cfg.seed = Seed;
  Cfg.parallelEpochs = Parallel;
  Cfg.threads = Threads;
  Cfg.maxSteps = fuzz::kMaxDeviceSteps;
  emu::Device Dev(Cfg);
  emu::FlatMemory Mem(uint64_t(Grid) * Block * kBytesPerThread);
  emu::LaunchParams P;
  P.kernel.name = "fuzz";
  P.kernel.code = &Code;
  P.kernel.regs = 63;
  P.kernel.local = 64;
  P.kernel.maxStack = 16;
  P.grid[0] = Grid;
  P.block[0] = Block;
  P.memory = Mem.bind();
  const uint64_t Out = Mem.base;
  P.params.resize(8);
  std::memcpy(P.params.data(), &Out, 8);
  if (!Dev.launch(std::move(P)).ok()) {
    std::fprintf(stderr, "EmuFuzzer: the launch failed\n");
    std::abort();
  }
  return {Dev.runUntilIdle().status, std::move(Mem.bytes)};
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size < 4)
    return 0;
  const uint32_t Grid = 1 + Data[0] % 3, Block = 1 + Data[1] % 96;
  const uint64_t Seed = Data[2] | uint64_t(Data[3]) << 8;
  Data += 4;
  Size -= 4;

  // The fuzzed words: decodable and race-free only.
  std::vector<uint64_t> Fuzzed;
  for (size_t I = 0; I + 8 <= Size && Fuzzed.size() < kMaxFuzzedWords; I += 8) {
    uint64_t W;
    std::memcpy(&W, Data + I, 8);
    const uint64_t One[1] = {W};
    if (raceFree(rt::decoder().decode(One)[0]))
      Fuzzed.push_back(W);
  }
  // Branch targets inside the fuzzed words or at the epilogue.
  static const SIMTWordDisassembler Dis;
  const size_t Base = prologue().size();
  for (size_t I = 0; I < Fuzzed.size(); ++I) {
    uint64_t Target;
    if (!Dis.branchTarget(Fuzzed[I], (Base + I) * 8, Target))
      continue;
    const int32_t To = int32_t(uint32_t(rt::getPcRel24(Fuzzed[I])) % (Fuzzed.size() + 1));
    Fuzzed[I] = rt::setPcRel24(Fuzzed[I], To - int32_t(I) - 1);
  }
  std::vector<uint64_t> Image = prologue();
  Image.insert(Image.end(), Fuzzed.begin(), Fuzzed.end());
  Image.insert(Image.end(), epilogue().begin(), epilogue().end());
  const std::vector<emu::Inst> Code = rt::decoder().decode(Image);

  const Outcome RR = run(Code, Grid, Block, emu::SchedPolicy::RoundRobin, 0);
  const Outcome Random = run(Code, Grid, Block, emu::SchedPolicy::Random, Seed);
  // Parallel epochs: one host thread and two must agree on everything,
  // whatever the kernel does (docs/parallel-epochs.md).
  const Outcome Par1 = run(Code, Grid, Block, emu::SchedPolicy::Random, Seed, true, 1);
  const Outcome Par2 = run(Code, Grid, Block, emu::SchedPolicy::Random, Seed, true, 2);
  if (Par1.Status != Par2.Status || Par1.Memory != Par2.Memory) {
    std::fprintf(stderr, "EmuFuzzer: parallel epochs differ between 1 and 2 host threads "
                         "(status %d vs %d)\n", int(Par1.Status), int(Par2.Status));
    std::abort();
  }
  if (RR.Status == emu::RunStatus::StepLimit || Random.Status == emu::RunStatus::StepLimit ||
      Par1.Status == emu::RunStatus::StepLimit)
    return 0;
  const bool Agree = RR.Status == Random.Status && RR.Status == Par1.Status &&
                     (RR.Status == emu::RunStatus::Fault ||
                      (RR.Memory == Random.Memory && RR.Memory == Par1.Memory));
  if (!Agree) {
    std::fprintf(stderr, "EmuFuzzer: the schedules disagree (status %d, %d, parallel %d)\n",
                 int(RR.Status), int(Random.Status), int(Par1.Status));
    for (size_t I = 0; I + 4 <= RR.Memory.size(); I += 4) {
      uint32_t A, B;
      std::memcpy(&A, &RR.Memory[I], 4);
      std::memcpy(&B, &Random.Memory[I], 4);
      if (A != B)
        std::fprintf(stderr, "  thread %zu R%zu: 0x%08x (round-robin) vs 0x%08x (random)\n",
                     I / kBytesPerThread, I % kBytesPerThread / 4, A, B);
    }
    std::abort();
  }
  return 0;
}
