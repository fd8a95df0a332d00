//===-- RunScript.h - The run-script language -------------------*- C++ -*-===//
//
// Parses the host command stream of TOOLS.md (`.simt` run scripts, and the
// same commands typed at the simt-dbg prompt) into typed Command structs, so
// that an interpreter is a thin switch over them. Everything that can be
// checked without the device is checked here (syntax, literals, types, grid
// and block shapes, constant bank ranges); what needs the device (buffer
// names, the buffer's element type for untyped literals, kernel parameters) is
// left to the interpreter, with helpers (ValueLiteral::resolve,
// buildLaunchBlock). Errors read `FILE:LINE: error: message`; every line is
// parsed, so a script reports all its errors at once.
//
// Extensions beyond TOOLS.md: `message K via=... [T=N]` (the patent's message
// table, ISA.md 7); `alloc NAME TYPE[] = [v0, ...]` takes its
// count from the list; `dump NAME FROM..` runs to the end; `expect NAME ~=
// [..] ulp N` compares a whole buffer approximately; FILE arguments may be
// "quoted"; a launch argument may be a brace list, a struct or array by value
// (`{3s32, 1.5f32, buf}`, runtime/LaunchArgs.h); `set memcheck strict|page`.
//
//===----------------------------------------------------------------------===//
#ifndef SIMT_RUNTIME_RUNSCRIPT_H
#define SIMT_RUNTIME_RUNSCRIPT_H

#include "isa/SIMTLimits.h"
#include "emu/core/LaunchBlock.h"
#include "emu/mem/AddressSpace.h"
#include "emu/mem/L2.h"
#include "runtime/ObjectFile.h"
#include "runtime/Values.h"

#include <array>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace simt::rt {

/// Grid / block dimensions; missing trailing dimensions are 1.
struct Dim3 {
  uint32_t x = 1, y = 1, z = 1;
  uint64_t count() const { return uint64_t(x) * y * z; }
  friend bool operator==(const Dim3 &, const Dim3 &) = default;
};

/// Limits checked at parse time (ISA.md 1: up to 1024 threads per CTA).
inline constexpr uint32_t kMaxBlockThreads = limits::kMaxCtaThreads;
using limits::kMaxBlockX, limits::kMaxBlockY, limits::kMaxBlockZ;
using limits::kMaxGridX, limits::kMaxGridY, limits::kMaxGridZ;
using limits::kMaxSharedBytes; ///< per SM (ISA.md 1)
using limits::kConstBankBytes;
using limits::kNumConstBanks;
inline constexpr uint32_t kParamBase = limits::kFirstParamOffset; ///< c[0x0][0x20]

/// A literal whose type may be known only when the command runs (`write`,
/// `expect`: the buffer's element type). Its syntax is checked by the parser.
struct ValueLiteral {
  std::string text;
  /// Parses the literal for `type` (a suffix, if any, must equal it).
  Expected<Value> resolve(ElemType type) const { return parseValue(text, type); }
};

//===-- Commands ----------------------------------------------------------===//

/// `load FILE`
struct LoadCommand {
  std::string path;
};

/// `alloc NAME TYPE[COUNT] [= INIT]`
struct AllocCommand {
  std::string name;
  ElemType type = ElemType::U32;
  uint64_t count = 0;   ///< > 0; from the list for `TYPE[] = [...]`
  Initializer init;     ///< monostate: zero-filled; values already typed
};

/// `write NAME[INDEX] = VALUE`
struct WriteCommand {
  std::string buffer;
  uint64_t index = 0;
  ValueLiteral value;
};

/// `const BANK OFFSET TYPE VALUE[, ...]` (bank 2..15, checked), or by a
/// `__constant__` variable's name: `const SYMBOL[:TYPE] = [V0, V1, ...]` /
/// `const SYMBOL[:TYPE][INDEX] = VALUE`, whose bank, offset and type (the
/// variable's element type unless TYPE is given) the session looks up.
struct ConstCommand {
  uint32_t bank = 2;
  uint32_t offset = 0;
  ElemType type = ElemType::U32;
  std::vector<Value> values;
  /// The symbol form: `symbol` is set and `literals` hold the values.
  std::string symbol;
  std::optional<ElemType> symbolType; ///< `SYMBOL:TYPE`
  uint64_t index = 0;                 ///< `SYMBOL[INDEX]`; 0 for a list
  std::vector<ValueLiteral> literals;
  /// The values packed little-endian, for c[bank][offset...].
  std::vector<uint8_t> bytes() const;
};

/// One launch argument.
struct BufferArg {
  std::string name;
  bool addr32 = false; ///< `NAME:32`: the address as 4 bytes
};
/// `local(BYTES)`: an OpenCL `__local` pointer argument, a slice of the
/// launch's dynamic shared memory (placeLocalArgs, runtime/LaunchArgs.h).
struct LocalArg {
  uint32_t bytes = 0;
};
struct LaunchArg;
/// `{A, B, ...}[@ALIGN]`: a struct or array passed by value, its members
/// packed in C layout (runtime/LaunchArgs.h).
struct AggregateArg {
  std::vector<LaunchArg> members;
  unsigned align = 0; ///< `@N` (CUDA's __align__(N)); 0: the members' largest
};
struct LaunchArg {
  /// a buffer (its address), a typed value, a brace list or a local slice
  std::variant<BufferArg, Value, AggregateArg, LocalArg> arg;
  std::string text;                   ///< as written, for messages
  unsigned column = 0;                ///< 1-based column of the argument
};

/// `launch KERNEL grid=X[,Y,Z] block=X[,Y,Z] [shared=B] [max_stack=N] [as NAME] args=(...)`
struct LaunchCommand {
  std::string kernel;
  Dim3 grid, block;
  uint32_t shared = 0;               ///< dynamic shared bytes (c[0x0][0x18])
  std::optional<uint32_t> maxStack;  ///< overrides the kernel's .max_stack
  std::string name;                  ///< `as NAME`; empty: unnamed
  std::vector<LaunchArg> args;
};

/// `wait [NAME]`
struct WaitCommand {
  std::optional<std::string> grid;
};

/// `advance CYCLES`
struct AdvanceCommand {
  uint64_t cycles = 0;
};

/// `context NAME`
struct ContextCommand {
  std::string name;
};

/// `dump NAME[:TYPE] [FROM..TO]` (TO inclusive; `FROM..` to the end)
struct DumpCommand {
  std::string buffer;
  std::optional<ElemType> type;  ///< reinterpret the bytes as this type
  std::optional<uint64_t> from;  ///< no range: every element
  std::optional<uint64_t> to;    ///< inclusive; nullopt with `from`: to the end
};

/// `save NAME FILE`
struct SaveCommand {
  std::string buffer;
  std::string path;
};

/// `expect NAME[INDEX] == V`, `expect NAME == [v0, ...]`,
/// `expect NAME[INDEX] ~= V ulp N`, `expect NAME[INDEX] ~= V within EPS`
struct ExpectCommand {
  std::string buffer;
  std::optional<uint64_t> index;    ///< nullopt: the whole buffer against `values`
  std::vector<ValueLiteral> values; ///< one for an element, the list for the buffer
  Tolerance tolerance;              ///< Exact for `==`
};

/// `stats`
struct StatsCommand {};

/// `message K via=system|device|cpu_l2|device_l2 [T=CYCLES]`: the cycles of a
/// host-to-device message of K words plus a ready flag (ISA.md 7, the patent's
/// Table 1); prints one line (emu::MessageTiming::format). T defaults to the
/// device's --mem-latency.
struct MessageCommand {
  uint64_t words = 0;
  emu::MessageVia via = emu::MessageVia::DeviceL2;
  std::optional<uint64_t> latency;
};

/// `set memcheck strict|page`: how the emulator checks global accesses from
/// the next launch on (simt-emu --memcheck).
struct SetCommand {
  emu::Memcheck memcheck = emu::Memcheck::Strict;
};

/// `bind TEXTURE BUFFER [channels=N] [width=W [height=H [depth=D]]]
/// [pitch=BYTES] [filter=point|linear] [address=MODE[,MODE[,MODE]]]
/// [normalized] [FROM..TO]` (cudaBindTexture, cudaBindTexture2D and the
/// reference's filterMode, addressMode and normalized fields): the texture
/// reference's binding (isa/SIMTLimits.h kTextureBindingWords) gets the
/// buffer's (or elements FROM..TO's) address and size, the texel format, the
/// geometry (by default a row of all the texels) and the sampling; `unbind
/// TEXTURE` (buffer empty) zeroes it. A constant command, as `const` is.
struct BindCommand {
  std::string texture;
  std::string buffer;
  unsigned channels = 1; // elements of the buffer per texel
  std::optional<uint64_t> from, to;
  std::optional<uint64_t> extent[3]; // width, height, depth in texels
  std::optional<uint64_t> pitch;     // bytes from a row to the next
  bool linear = false, normalized = false;
  simt::limits::TexAddressMode address[3] = {}; // per dimension; Clamp
};

using CommandOp =
    std::variant<LoadCommand, AllocCommand, WriteCommand, ConstCommand, LaunchCommand,
                 WaitCommand, AdvanceCommand, ContextCommand, DumpCommand, SaveCommand,
                 ExpectCommand, StatsCommand, MessageCommand, SetCommand, BindCommand>;

struct Command {
  unsigned line = 0;   ///< 1-based line in the script (0: not from a file)
  std::string source;  ///< the line as written, without comment and padding
  CommandOp op;
};

/// The command keywords, for the debugger's command table and completion
/// (`set` is the debugger's own command there, with the same settings).
inline constexpr std::string_view kRunScriptCommands[] = {
    "load", "alloc", "write", "const", "launch", "wait", "advance",
    "context", "dump", "save", "expect", "stats", "message", "set", "bind", "unbind"};
/// `strict` or `page` (--memcheck, `set memcheck`).
std::optional<emu::Memcheck> parseMemcheck(std::string_view text);
bool isRunScriptCommand(std::string_view word);

//===-- Parsing -----------------------------------------------------------===//

struct Diagnostic {
  std::string file;
  unsigned line = 0;
  std::string message;
  /// `FILE:LINE: error: message`
  std::string str() const;
};

struct Script {
  std::string file;  ///< name used in diagnostics
  std::vector<Command> commands;
};

struct ParseResult {
  Script script;                   ///< the commands of every line that parsed
  std::vector<Diagnostic> errors;  ///< one per bad line, in line order
  bool ok() const { return errors.empty(); }
  /// Every error, one `FILE:LINE: error: message` per line.
  std::string errorText() const;
};

/// Parses a whole script. `file` names it in diagnostics.
ParseResult parseScript(std::string_view text, std::string_view file);
/// Reads and parses a file; the Error is for an unreadable file only.
Expected<ParseResult> parseScriptFile(const std::filesystem::path &path);

/// Parses one line (the debugger's prompt): nullopt for a blank or comment
/// line; the Error's message has no `FILE:LINE:` prefix.
Expected<std::optional<Command>> parseCommandLine(std::string_view line, unsigned lineNo = 0);

//===-- Pieces shared with simt-emu's flag form ---------------------------===//

/// `X[,Y,Z]`; `what` ("grid" or "block") names it in messages. Checks the
/// limits above (block: also at most 1024 threads).
Expected<Dim3> parseDim3(std::string_view text, std::string_view what);
/// One launch argument: a buffer name, `NAME:32`, a typed value (`7u32`) or
/// a brace list of arguments (`{3s32, 1.5f32, buf, {1u8, 2u8}}`, `{...}@16`).
Expected<LaunchArg> parseLaunchArg(std::string_view text);
/// `--alloc NAME=TYPE[COUNT][=INIT]`
Expected<AllocCommand> parseAllocFlag(std::string_view text);
/// `--dump BUF[:TYPE]`
Expected<DumpCommand> parseDumpFlag(std::string_view text);

//===-- Launch helpers ----------------------------------------------------===//

/// Looks up a buffer's device address by name (nullopt: no such buffer).
using BufferAddressFn = std::function<std::optional<uint64_t>(std::string_view)>;

/// The launch block layout of a kernel: Fermi's for a listing kernel (its
/// code reads blockDim at c[0x0][0x8], gridDim at c[0x0][0x14]), else ISA.md 1.1's.
emu::LaunchLayout launchLayoutOf(const KernelInfo &kernel);

/// Builds constant bank 0 for a launch: the launch block in the kernel's
/// layout (emu/core/LaunchBlock.h; ISA.md 1.1: ntid, nctaid, dynamic shared
/// bytes at 0x18), then the arguments from 0x20. When the kernel
/// declares `.param`s, the arguments must match them in number and size and
/// go to the declared offsets; otherwise they are packed in order with natural
/// alignment. A plain buffer name is an 8-byte address for abi=64 kernels and
/// a 4-byte one for abi=32 kernels (which `NAME:32` requests explicitly); a
/// 4-byte address must lie below 4 GiB. A brace list packs in C layout
/// (LaunchArgs.h), its size rounded up to the parameter's declared alignment.
Expected<std::vector<uint8_t>> buildLaunchBlock(const LaunchCommand &launch,
                                                const KernelInfo &kernel,
                                                const BufferAddressFn &bufferAddress);

} // namespace simt::rt

#endif // SIMT_RUNTIME_RUNSCRIPT_H
