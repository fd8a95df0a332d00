//===-- SIMTLimits.h - The ISA's limits and ABI constants -------*- C++ -*-===//
//
// The machine model's sizes (ISA.md 1), the limits on a kernel's resources
// and size, checked wherever they enter (the assembler's directives, the
// object loader's .simt.info and code sections, the launch), and the launch
// ABI's layout of constant banks 0 and 1. One definition each, so that the
// assembler, compiler, runtime, emulator and debugger agree; docs/limits.md
// lists the limits with the error each gives. Header only: every layer
// includes it.
//
//===----------------------------------------------------------------------===//
#ifndef SIMT_ISA_SIMTLIMITS_H
#define SIMT_ISA_SIMTLIMITS_H

#include <cstdint>

namespace simt::limits {

/// The machine model (ISA.md 1): 32 threads to a warp, up to 1024 to a CTA;
/// an SM has 32768 registers, kMaxSharedBytes of shared memory and 48 warp
/// slots at the base level (isa/SIMTLevel.h has each level's), so that a
/// 1024-thread CTA fits; --warps-per-sm asks for up to kMaxWarpSlots.
inline constexpr uint32_t kWarpSize = 32;
inline constexpr uint32_t kMaxCtaThreads = 1024;
inline constexpr uint32_t kRegsPerSm = 32768;
inline constexpr uint32_t kMaxWarpSlots = 64;
/// A launch's shape as the runtimes accept it (run scripts, libcudart):
/// Fermi's block dimensions, and its grid dimensions but for x.
inline constexpr uint32_t kMaxBlockX = 1024, kMaxBlockY = 1024, kMaxBlockZ = 64;
inline constexpr uint32_t kMaxGridX = 0x7fffffff, kMaxGridY = 65535, kMaxGridZ = 65535;
/// The same by dimension index (x, y, z), for checks that loop over them.
inline constexpr uint32_t kMaxBlockDim[3] = {kMaxBlockX, kMaxBlockY, kMaxBlockZ};
inline constexpr uint32_t kMaxGridDim[3] = {kMaxGridX, kMaxGridY, kMaxGridZ};

/// CTA barriers (BAR.SYNC, BAR.RED): ids 0..15 (ISA.md 4).
inline constexpr uint32_t kNumBarriers = 16;
/// A barrier's thread count (BAR.SYNC id, count; BAR.ARV): whole warps, up
/// to a CTA's threads. The assembler, disassembler, compiler and emulator
/// all check it here.
constexpr bool isBarrierThreadCount(int64_t n) {
  return n >= kWarpSize && n <= kMaxCtaThreads && n % kWarpSize == 0;
}
/// The shader clock, kHz (cudaDeviceProp::clockRate): SR_GLOBALTIMERLO/HI
/// count nanoseconds of the SM's cycles at it.
inline constexpr uint32_t kShaderClockKHz = 1401000;

/// `.regs N`: R0..R62 (RZ is index 63).
inline constexpr uint32_t kMaxRegs = 63;
/// `.shared`: an SM's shared memory (ISA.md 1).
inline constexpr uint32_t kMaxSharedBytes = 48 * 1024;
/// `.local`: bytes per thread, Fermi's limit; a CTA of 1024 threads then
/// needs at most 512 MiB of local memory.
inline constexpr uint32_t kMaxLocalBytes = 512 * 1024;
/// `.max_stack` / `max_stack=`: SIMT stack entries per warp (8 bytes each),
/// and the depth of a kernel that declares none.
inline constexpr uint32_t kMaxStackDepth = 65536;
inline constexpr uint32_t kDefaultStackDepth = 64;
/// One code section (`.kernel`/`.func`/`.text`), and one kernel's load image
/// (its code and every device function): 2 Mi instructions.
inline constexpr uint64_t kMaxCodeBytes = uint64_t(16) << 20;
/// `.p2align`/`.align`/`.balign` in the assembler: at most 4 KiB.
inline constexpr uint64_t kMaxAlignBytes = 4096;
/// The global-variable block of one object (`.global_var`, TOOLS.md): at
/// most 1 GiB.
inline constexpr uint64_t kMaxGlobalVarBytes = uint64_t(1) << 30;

/// Constant banks (ISA.md 1.1, 6): c[0x0]..c[0xf] of 64 KiB each. Bank 0
/// holds the launch (kParamBank), bank 1 belongs to the runtime
/// (kRuntimeBank), banks 2..15 are the user's (module variables,
/// `.const_var`; host constant commands).
inline constexpr uint32_t kNumConstBanks = 16;
inline constexpr uint32_t kConstBankBytes = 0x10000;
inline constexpr uint32_t kParamBank = 0;
inline constexpr uint32_t kRuntimeBank = 1;
inline constexpr uint32_t kFirstUserConstBank = 2;
inline constexpr uint32_t kLastConstBank = kNumConstBanks - 1;
/// Constant bank 0, the launch block (ISA.md 1.1): ntid.x/.y/.z at
/// c[0x0][0x0 + 4i], nctaid.x/.y/.z at c[0x0][0xc + 4i] (compiled code reads
/// them there, as Fermi's does, rather than with S2R), the dynamic shared
/// bytes at c[0x0][0x18]; the kernel parameters from c[0x0][0x20], packed in
/// declaration order with natural alignment, to the end of the bank.
inline constexpr uint32_t kNtidSlot = 0x0;
inline constexpr uint32_t kNctaidSlot = 0xc;
inline constexpr uint32_t kDynamicSharedSlot = 0x18;
inline constexpr uint32_t kFirstParamOffset = 0x20;
/// Constant bank 1, the runtime's (ISA.md 1.1): c[0x1][0x100] holds the
/// initial local stack pointer; c[0x1][0x108] the 64-bit device address of
/// the global-variable block of the object the kernel came from (code adds
/// a variable's offset in the block to it: Fermi's compilers likewise read
/// the addresses of `__device__` variables from a constant bank).
inline constexpr uint32_t kStackPointerSlot = 0x100;
inline constexpr uint32_t kGlobalVarBaseSlot = 0x108;
/// c[0x1][0x110 + 4N] is PTX's `%envregN` (N < 32), which the runtime writes
/// at each launch: %envreg1/%envreg2 the device address (high, low word) of
/// a cooperative launch's grid workspace, where NVIDIA's runtime puts it for
/// cooperative_groups (nvcc's PTX reads it there): 8 bytes, its size and
/// then the grid barrier's word (0: not cooperative); %envreg8/%envreg9 the
/// device address of the launch's printf buffer (low, high word), %envreg10
/// its size in bytes (0: the launch has none) (docs/cuda.md "printf"); the
/// others are 0.
inline constexpr uint32_t kEnvRegSlot = 0x110;
inline constexpr uint32_t kNumEnvRegs = 32;
inline constexpr unsigned kGridWorkspaceHighEnvReg = 1, kGridWorkspaceLowEnvReg = 2;
inline constexpr uint32_t kGridWorkspaceBytes = 8, kGridBarrierOffset = 4;
inline constexpr unsigned kPrintfBufferEnvReg = 8; // +1: its high word, +2: its size
inline constexpr uint32_t kRuntimeBankBytes = kEnvRegSlot + 4 * kNumEnvRegs;
/// A texture reference's binding (docs/cuda.md "Textures"): a constant
/// variable of kTextureBindingWords words that a run script's `bind` writes
/// and cc/headers/__simt_texture.h and PTX's `tex` (cc/passes/ExpandInstructions.cpp)
/// read: the bound buffer's device address (low, high word), its size in
/// bytes, the texel format, the texture's width, height and depth in texels
/// and its row pitch in bytes (a slice is height rows), and the sampling
/// word. All zero: not bound.
inline constexpr uint32_t kTextureBindingWords = 9;
inline constexpr uint32_t kTexBytesWord = 2;
inline constexpr uint32_t kTexFormatWord = 3;
inline constexpr uint32_t kTexWidthWord = 4; // then height, depth
inline constexpr uint32_t kTexPitchWord = 7;
inline constexpr uint32_t kTexSamplingWord = 8;
/// The texel format word: a field of kTexelFieldBits each, from these
/// bits, for log2 of a texel's bytes, its channels, a channel's bytes and
/// its kind (TexelKind).
inline constexpr uint32_t kTexelFieldBits = 8;
inline constexpr uint32_t kTexelLog2BytesBit = 0;
inline constexpr uint32_t kTexelChannelsBit = 8;
inline constexpr uint32_t kTexelChannelBytesBit = 16;
inline constexpr uint32_t kTexelKindBit = 24;
enum class TexelKind : uint32_t { Unsigned = 0, Signed = 1, Float = 2 };
/// The sampling word: linear filtering (else point), normalized
/// coordinates, and an address mode (TexAddressMode) of
/// kTexAddressModeBits for each dimension from kTexAddressModeBit up.
inline constexpr uint32_t kTexLinearFilterBit = 0;
inline constexpr uint32_t kTexNormalizedBit = 1;
inline constexpr uint32_t kTexAddressModeBit = 2;
inline constexpr uint32_t kTexAddressModeBits = 2;
enum class TexAddressMode : uint32_t { Clamp = 0, Border = 1, Wrap = 2, Mirror = 3 };

/// BPT.TRAP's code: why compiled code stopped the kernel, for the fault
/// report. PTX's `trap` is 0; the compiler's own checks take codes from
/// 0xf000 up, which hand-written code is unlikely to use for its own.
enum class TrapCode : uint32_t {
  User = 0,               ///< __trap(), a failed assert, a refused device free
  SurfaceBounds = 0xf001, ///< suld/sust outside the surface in .trap mode
};

} // namespace simt::limits

#endif // SIMT_ISA_SIMTLIMITS_H
