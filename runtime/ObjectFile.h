//===-- ObjectFile.h - Loader of simt-as ELF objects ------------*- C++ -*-===//
//
// Reads the relocatable ELF objects simt-as writes (ELF64 LE, ET_REL,
// EM_SIMT = 0x5349) and turns each kernel into its load image: the kernel's
// `.text.NAME` section followed by every device-function section in section
// order, with R_SIMT_PCREL24 / R_SIMT_ABS32 relocations resolved against that
// image. The `.simt.info` metadata (kernel resources, parameters, functions)
// is parsed here too, and each image carries its symbols (kernels, functions,
// labels) by address for the debugger and the disassembler. A foreign,
// truncated or corrupt file gives an error naming the file, never a crash.
//
//===----------------------------------------------------------------------===//
#ifndef SIMT_RUNTIME_OBJECTFILE_H
#define SIMT_RUNTIME_OBJECTFILE_H

#include "isa/SIMTLevel.h"
#include "runtime/Values.h"

#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace simt::rt {

class SourceLines;

inline constexpr uint16_t EM_SIMT = 0x5349;
inline constexpr uint32_t R_SIMT_NONE = 0;
inline constexpr uint32_t R_SIMT_PCREL24 = 1; ///< bits 16..39 = (S + A - (P + 8)) / 8
inline constexpr uint32_t R_SIMT_ABS32 = 2;   ///< 32-bit LE word at r_offset = S + A
inline constexpr uint32_t R_SIMT_ABS64 = 3;   ///< 64-bit LE word at r_offset = S + A (.debug_line, `.quad label`)

/// The PCREL24 field of an instruction word: bits 16..39, signed.
inline constexpr unsigned kPcRel24Shift = 16;
inline constexpr uint64_t kPcRel24Mask = uint64_t(0xFFFFFF) << kPcRel24Shift;
inline int32_t getPcRel24(uint64_t word) {
  uint32_t f = uint32_t((word >> kPcRel24Shift) & 0xFFFFFF);
  return int32_t(f << 8) >> 8;
}
inline uint64_t setPcRel24(uint64_t word, int32_t value) {
  return (word & ~kPcRel24Mask) | (uint64_t(uint32_t(value) & 0xFFFFFF) << kPcRel24Shift);
}

//===-- .simt.info metadata -----------------------------------------------===//

/// `param KERNEL PNAME OFFSET SIZE ALIGN`; OFFSET is the byte offset in
/// c[0x0] (the first parameter of a kernel is at 0x20).
struct ParamInfo {
  std::string name;
  uint32_t offset = 0;
  uint32_t size = 0;
  uint32_t align = 0;
};

/// `kernel NAME regs=N shared=BYTES local=BYTES max_stack=N listing=0|1 abi=64|32`
struct KernelInfo {
  std::string name;
  uint32_t regs = 0;
  uint32_t shared = 0;   ///< static shared bytes
  uint32_t local = 0;    ///< per-thread local bytes
  uint32_t maxStack = 64;
  bool listing = false;  ///< assembled from a cuobjdump listing
  uint32_t abi = 64;     ///< pointer width of the parameters: 64 or 32
  std::vector<ParamInfo> params; ///< in declaration order
};

/// `func NAME regs=N`
struct FunctionInfo {
  std::string name;
  uint32_t regs = 0;
};

/// `addr HOLDER at=A target=T addend=N`: the 64-bit word at byte A of the
/// variable HOLDER is the device address of the `__device__` variable T plus
/// N (a pointer in an initialiser), which the loader writes when it places
/// the global-variable block.
struct VarAddress {
  uint64_t at = 0;
  std::string target;
  int64_t addend = 0;
};

/// A module variable (TOOLS.md `.const_var` / `.global_var`):
/// `const NAME bank=B offset=O size=S type=T` (a `__constant__` variable in
/// user constant bank B) or `global NAME offset=O size=S align=A type=T` (a
/// `__device__` variable at O in the object's global-variable block).
struct VarInfo {
  std::string name;
  bool isConst = false;
  uint32_t bank = 0;
  uint64_t offset = 0;
  uint64_t size = 0;
  uint64_t align = 1;
  ElemType type = ElemType::U8;
  bool isTexture = false; ///< `type=texref`: a texture reference's binding (u32 words)
  std::vector<VarAddress> addresses; ///< its `addr` records
};

struct SimtInfo {
  /// `target sm_NN`: the level of the ISA the object is for (isa/SIMTLevel.h);
  /// the base level when the object does not say.
  unsigned target = levels::kBase;
  std::vector<KernelInfo> kernels;
  std::vector<FunctionInfo> functions;
  std::vector<VarInfo> vars; ///< in declaration order
  const KernelInfo *findKernel(std::string_view name) const;
};

/// Parses `.simt.info` text (a `target` naming no level is an error). Unknown record kinds and keys are ignored;
/// missing keys keep their defaults. Errors say "line N: ...".
Expected<SimtInfo> parseSimtInfo(std::string_view text);
/// The text parseSimtInfo reads back (for writers and tests).
std::string formatSimtInfo(const SimtInfo &info);

//===-- Load images -------------------------------------------------------===//

/// A symbol of a load image; addresses are bytes from the image start.
struct ImageSymbol {
  enum Kind : uint8_t { Kernel, Function, Label };
  uint64_t addr = 0;
  std::string name;
  Kind kind = Label;
  bool global = false;
};

/// One section placed in a load image.
struct ImageSection {
  std::string name;    ///< the kernel or function name (section `.text.NAME`)
  std::string section; ///< the ELF section name
  uint64_t addr = 0;   ///< bytes from the image start
  uint64_t size = 0;   ///< bytes
  bool isKernel = false;
};

struct LoadedKernel {
  KernelInfo info;
  std::string objectPath; ///< the object it was loaded from (its debug sections)
  unsigned target = levels::kBase; ///< its object's level of the ISA
  /// The object's line table (simt-cc -g or -lineinfo), shared by its
  /// kernels; null without one.
  std::shared_ptr<const SourceLines> lines;
  /// The object's bytes when it was loaded from memory (a program's fat
  /// binary; DeviceSession::loadModule), where the debugger reads its other
  /// debug sections (variables, PTX registers); null when loaded from a file.
  std::shared_ptr<const std::vector<uint8_t>> objectBytes;
  /// The kernel's code, then every device function's, relocated.
  std::vector<uint64_t> image;
  /// The kernel first, then the functions in section order.
  std::vector<ImageSection> sections;
  /// Sorted by address, then by kind (kernel/function before labels), then name.
  std::vector<ImageSymbol> symbols;

  const std::string &name() const { return info.name; }
  uint64_t imageBytes() const { return image.size() * 8; }
  /// The first symbol at exactly `addr` (a kernel or function before a label).
  const ImageSymbol *symbolAt(uint64_t addr) const;
  /// The last symbol at or below `addr` within addr's section (for `name+0x10`).
  const ImageSymbol *symbolBefore(uint64_t addr) const;
  std::optional<uint64_t> addressOf(std::string_view name) const;
  const ImageSection *sectionAt(uint64_t addr) const;
  /// "main", "main+0x18", "helper+0x8", or "0x1f0" when nothing matches.
  std::string describe(uint64_t addr) const;
};

/// A module variable with its initial bytes (from `.simt.const.BANK` or
/// `.simt.global`; `size` bytes).
struct LoadedVar {
  VarInfo info;
  std::vector<uint8_t> bytes;
  /// The initial bytes with each of info.addresses written, for a global
  /// block at `blockBase` holding `vars` (where the targets are).
  std::vector<uint8_t> bytesAt(uint64_t blockBase, const std::vector<LoadedVar> &vars) const;
};

struct LoadedObject {
  std::string path; ///< as given to load (or the name for in-memory bytes)
  unsigned target = levels::kBase; ///< the level of the ISA it is built for
  std::vector<LoadedKernel> kernels;     ///< in .simt.info order
  std::vector<FunctionInfo> functions;   ///< in .simt.info order
  std::vector<LoadedVar> vars;           ///< in .simt.info order
  const LoadedKernel *findKernel(std::string_view name) const;
  /// The global-variable block: bytes up to the last variable's end, and
  /// its alignment (the largest of its variables').
  uint64_t globalBlockBytes() const;
  uint64_t globalBlockAlign() const;
};

//===-- Objects as written (simt-objdump) ---------------------------------===//

/// A code section before layout, with what names its bytes.
struct ObjectSection {
  std::string section; ///< ".text.NAME", or ".text" for code outside .kernel/.func
  std::string entity;  ///< "NAME"
  std::vector<uint8_t> bytes;
  /// The section's named symbols by offset (not its own entry symbol, not .L labels).
  std::map<uint64_t, std::string> symbols;
  /// The symbol each relocation names, by the offset it patches.
  std::map<uint64_t, std::string> relocations;
};

struct ObjectContents {
  std::optional<SimtInfo> info; ///< absent in an object without kernels
  std::vector<ObjectSection> code; ///< in section order
  std::vector<LoadedVar> vars;     ///< in .simt.info order
};

/// Reads an object with every check loadObject makes short of laying out
/// images (so simt-objdump refuses what the emulator refuses), except that
/// `.simt.info` may be missing (no kernels) and a code section may end in
/// bytes that are not a whole instruction (data). Errors begin with `name`.
Expected<ObjectContents> readObjectContents(std::span<const uint8_t> bytes, std::string_view name);

/// Loads an object file; errors begin with the path: "k.o: ...".
Expected<LoadedObject> loadObject(const std::filesystem::path &path);
/// Loads an object from memory; `name` stands for the path in errors.
Expected<LoadedObject> loadObject(std::span<const uint8_t> bytes, std::string_view name);
/// Whether `path` begins as an ELF file does: what tells `simt-emu SCRIPT`
/// from `simt-emu OBJECT` (a file that cannot be read is no object: reading
/// it as a script reports why).
bool looksLikeObject(const std::filesystem::path &path);

} // namespace simt::rt

#endif // SIMT_RUNTIME_OBJECTFILE_H
