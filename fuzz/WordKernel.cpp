//===-- WordKernel.cpp - A kernel of fuzzed instruction words -------------===//
//
// The prologue and epilogue around the fuzzed words, the race-free filter,
// and a run on a fresh device (WordKernel.h).
//
//===----------------------------------------------------------------------===//
#include "fuzz/WordKernel.h"

#include "asm/Assembler.h"
#include "Disassembler/SIMTWordDisassembler.h"
#include "emu/mem/Memory.h"
#include "fuzz/FuzzSupport.h"
#include "runtime/Decoder.h"
#include "runtime/ObjectFile.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace simt::fuzz {

namespace {

constexpr unsigned kMaxFuzzedWords = 64;

/// A special register's index (S2R's imm), from the generated spellings.
uint32_t specialRegister(std::string_view Name) {
  const auto &G = llvm::SIMT::ModGroupTable[llvm::SIMT::SRegNames];
  for (uint32_t I = 0; I < G.NumSpellings; ++I) {
    const std::string_view S = G.Spellings[I];
    if (S.substr(0, S.find('|')) == Name)
      return I;
  }
  std::fprintf(stderr, "WordKernel: no special register %s\n", std::string(Name).c_str());
  std::abort();
}

std::vector<uint64_t> assembleWords(const char *Text) {
  llvm::SmallString<0> Obj;
  llvm::raw_svector_ostream OS(Obj);
  std::string Code, Err;
  if (as::assemble(Text, as::AssembleOptions(), OS, llvm::errs()) != 0 ||
      !as::extractCode(std::string(Obj.data(), Obj.size()), Code, Err)) {
    std::fprintf(stderr, "WordKernel: the prologue or epilogue does not assemble\n");
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
  // A barrier of a thread count opens for the first warps to arrive, which
  // the scheduler picks (more may arrive than it counts).
  if (emu::opInfo(I.op).isCountedBarrier)
    return false;
  // Where a CTA runs and when are the scheduler's.
  static const uint32_t SmId = specialRegister("SR_SMID"), Clock = specialRegister("SR_CLOCK");
  return !(I.op == emu::Op::S2R && (I.imm == SmId || I.imm == Clock));
}

} // namespace

std::optional<WordKernel> wordKernel(const uint8_t *Data, size_t Size) {
  if (Size < 4)
    return std::nullopt;
  WordKernel K;
  K.grid = 1 + Data[0] % 3;
  K.block = 1 + Data[1] % 96;
  K.header[0] = Data[2];
  K.header[1] = Data[3];
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

  K.code = rt::decoder().decode(Image);
  return K;
}

Outcome runWordKernel(const WordKernel &K, const emu::DeviceConfig &Config,
                      std::shared_ptr<emu::JitCompiler> Jit,
                      void (*Inspect)(const emu::Device &, std::string &)) {
  emu::Device Dev(Config);
  if (Jit)
    Dev.setJitCompiler(std::move(Jit));
  emu::FlatMemory Mem(uint64_t(K.grid) * K.block * kBytesPerThread);
  emu::LaunchParams P;
  P.kernel.name = "fuzz";
  P.kernel.code = &K.code;
  P.kernel.regs = 63;
  P.kernel.local = 64;
  P.kernel.maxStack = 16;
  P.grid[0] = K.grid;
  P.block[0] = K.block;
  P.memory = Mem.bind();
  const uint64_t Out = Mem.base;
  P.params.resize(8);
  std::memcpy(P.params.data(), &Out, 8);
  if (!Dev.launch(std::move(P)).ok()) {
    std::fprintf(stderr, "WordKernel: the launch failed\n");
    std::abort();
  }
  const emu::RunResult R = Dev.runUntilIdle();
  Outcome O;
  O.status = R.status;
  if (R.fault)
    O.fault = R.fault->format();
  const emu::DeviceStats Stats = Dev.stats();
  O.warpInstructions = Stats.instr.warp();
  O.compiled = Stats.jitInstr;
  if (Inspect)
    Inspect(Dev, O.state);
  O.memory = std::move(Mem.bytes);
  return O;
}

} // namespace simt::fuzz
