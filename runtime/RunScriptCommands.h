//===-- RunScriptCommands.h - The commands of the run-script language -----===//
//
// One struct per command, and that struct is the command's one declaration:
// its keyword, usage and summary (kSyntax: the parser dispatches on the
// keyword, the debugger's help prints the rest), its parser (parse, in the
// RunScript*.cpp file of its kind) and, being an alternative of CommandOp,
// its handler: ScriptRunner::runCommand (runtime/script/ScriptCommands.cpp),
// which ScriptRunner::execute calls through a visitor with no catch-all, so a
// command without a handler does not compile. A new command is a struct here, an
// alternative of CommandOp, its parse and its runCommand.
//
//===----------------------------------------------------------------------===//
#ifndef SIMT_RUNTIME_RUNSCRIPTCOMMANDS_H
#define SIMT_RUNTIME_RUNSCRIPTCOMMANDS_H

#include "emu/mem/AddressSpace.h"
#include "emu/mem/L2.h"
#include "isa/SIMTLimits.h"
#include "runtime/Values.h"

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace simt::rt {

class ScriptLine; // runtime/RunScriptLine.h: the cursor a command's parse reads

/// A command's keyword (the first word of its line), its forms and what it
/// does, in a line each.
struct CommandSyntax {
  std::string_view keyword;
  std::string_view usage;
  std::string_view summary;
};

/// Grid / block dimensions; missing trailing dimensions are 1.
struct Dim3 {
  uint32_t x = 1, y = 1, z = 1;
  uint64_t count() const { return uint64_t(x) * y * z; }
  friend bool operator==(const Dim3 &, const Dim3 &) = default;
};

/// A literal whose type may be known only when the command runs (`write`,
/// `expect`: the buffer's element type). Its syntax is checked by the parser.
struct ValueLiteral {
  std::string text;
  /// Parses the literal for `type` (a suffix, if any, must equal it).
  Expected<Value> resolve(ElemType type) const { return parseValue(text, type); }
};

//===-- Programs and contexts ---------------------------------------------===//

/// `file(PATH[, OFFSET])`: a file's bytes from byte OFFSET on.
struct FileSlice {
  std::string path;
  uint64_t offset = 0;
};

/// `load FILE [globals=NAME] [at=ADDR]`
struct LoadCommand {
  static constexpr CommandSyntax kSyntax{"load", "load FILE [globals=NAME] [at=ADDR]",
                                         "load another object into the current context"};
  static Expected<LoadCommand> parse(ScriptLine &line);
  std::string path;
  /// `globals=NAME`: the object's `__device__` variables are buffer NAME
  /// (u8 elements), for `write`, `dump` and `expect`.
  std::string globals;
  /// `at=ADDR`: where their block goes (AddressSpace::allocateAt).
  std::optional<uint64_t> at;
};

/// `context NAME`
struct ContextCommand {
  static constexpr CommandSyntax kSyntax{"context", "context NAME",
                                         "create/switch the current context"};
  static Expected<ContextCommand> parse(ScriptLine &line);
  std::string name;
};

//===-- Buffers -----------------------------------------------------------===//

/// `alloc NAME TYPE[COUNT] [at=ADDR] [= INIT]`
struct AllocCommand {
  static constexpr CommandSyntax kSyntax{"alloc", "alloc NAME TYPE[COUNT] [at=ADDR] [= INIT]",
                                         "a device buffer"};
  static Expected<AllocCommand> parse(ScriptLine &line);
  std::string name;
  ElemType type = ElemType::U32;
  uint64_t count = 0;   ///< > 0; from the list for `TYPE[] = [...]`
  std::optional<uint64_t> at; ///< `at=ADDR`: its device address (else the allocator's)
  Initializer init;     ///< monostate: zero-filled; values already typed
};

/// `write NAME[INDEX] = VALUE`, `write NAME[INDEX] = file(PATH[, OFFSET])`,
/// `write NAME[FROM..TO] = file(PATH[, OFFSET])`
struct WriteCommand {
  static constexpr CommandSyntax kSyntax{
      "write", "write NAME[INDEX] = VALUE | NAME[INDEX] = file(PATH[, OFFSET]) | "
               "NAME[FROM..TO] = file(PATH[, OFFSET])",
      "a host write into a buffer"};
  static Expected<WriteCommand> parse(ScriptLine &line);
  std::string buffer;
  uint64_t index = 0;
  std::optional<uint64_t> last; ///< `[FROM..TO]`: TO (inclusive); file() only
  ValueLiteral value;
  /// `file(...)` instead of `value`: its bytes from OFFSET, into elements
  /// INDEX..TO (or as many as the rest of the file holds).
  std::optional<FileSlice> file;
};

/// `dump NAME[:TYPE] [FROM..TO]` (TO inclusive; `FROM..` to the end)
struct DumpCommand {
  static constexpr CommandSyntax kSyntax{"dump", "dump NAME[:TYPE] [FROM..TO]",
                                         "print buffer elements"};
  static Expected<DumpCommand> parse(ScriptLine &line);
  std::string buffer;
  std::optional<ElemType> type;  ///< reinterpret the bytes as this type
  std::optional<uint64_t> from;  ///< no range: every element
  std::optional<uint64_t> to;    ///< inclusive; nullopt with `from`: to the end
};

/// `save NAME FILE`
struct SaveCommand {
  static constexpr CommandSyntax kSyntax{"save", "save NAME FILE",
                                         "write a buffer's bytes to a file"};
  static Expected<SaveCommand> parse(ScriptLine &line);
  std::string buffer;
  std::string path;
};

/// `expect NAME[INDEX] == V`, `expect NAME == [v0, ...]`,
/// `expect NAME[INDEX] ~= V ulp N`, `expect NAME[INDEX] ~= V within EPS`,
/// `expect NAME == file(PATH)`, `expect NAME[INDEX] == file(PATH[, OFFSET])`,
/// `expect NAME[FROM..TO] == file(PATH[, OFFSET])`
struct ExpectCommand {
  static constexpr CommandSyntax kSyntax{"expect", "expect NAME[INDEX] == VALUE",
                                         "check a value"};
  static Expected<ExpectCommand> parse(ScriptLine &line);
  std::string buffer;
  std::optional<uint64_t> index;    ///< nullopt: the whole buffer against `values`
  std::vector<ValueLiteral> values; ///< one for an element, the list for the buffer
  Tolerance tolerance;              ///< Exact for `==`
  std::optional<uint64_t> last; ///< `[FROM..TO]`: TO (inclusive); file() only
  /// `== file(...)`: elements INDEX..TO (INDEX.. as many as the rest of the
  /// file holds; the whole buffer without an index) bit for bit against
  /// the file's bytes from OFFSET.
  std::optional<FileSlice> file;
};

//===-- Constants and textures --------------------------------------------===//

/// `const BANK OFFSET TYPE VALUE[, ...]` (bank 2..15, checked), or by a
/// `__constant__` variable's name: `const SYMBOL[:TYPE] = [V0, V1, ...]` /
/// `const SYMBOL[:TYPE][INDEX] = VALUE`, whose bank, offset and type (the
/// variable's element type unless TYPE is given) the session looks up.
struct ConstCommand {
  static constexpr CommandSyntax kSyntax{
      "const",
      "const BANK OFFSET TYPE VALUE[, ...] | const SYMBOL[:TYPE] = [V, ...] | "
      "const SYMBOL[:TYPE][INDEX] = V",
      "a constant command (new version)"};
  static Expected<ConstCommand> parse(ScriptLine &line);
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

/// `bind TEXTURE BUFFER [channels=N] [width=W [height=H [depth=D]]]
/// [pitch=BYTES] [filter=point|linear] [address=MODE[,MODE[,MODE]]]
/// [normalized] [FROM..TO]` (cudaBindTexture, cudaBindTexture2D and the
/// reference's filterMode, addressMode and normalized fields): the texture
/// reference's binding (isa/SIMTLimits.h kTextureBindingWords) gets the
/// buffer's (or elements FROM..TO's) address and size, the texel format, the
/// geometry (by default a row of all the texels) and the sampling. A
/// constant command, as `const` is.
struct BindCommand {
  static constexpr CommandSyntax kSyntax{
      "bind",
      "bind TEXTURE BUFFER [channels=N] [width=W [height=H [depth=D]]] "
      "[pitch=BYTES] [filter=point|linear] [address=MODE[,MODE[,MODE]]] [normalized] "
      "[FROM..TO]",
      "bind a texture reference to a buffer, N elements a texel "
      "(cudaBindTexture, cudaBindTexture2D; a constant command)"};
  static Expected<BindCommand> parse(ScriptLine &line);
  std::string texture;
  std::string buffer;
  unsigned channels = 1; // elements of the buffer per texel
  std::optional<uint64_t> from, to;
  std::optional<uint64_t> extent[3]; // width, height, depth in texels
  std::optional<uint64_t> pitch;     // bytes from a row to the next
  bool linear = false, normalized = false;
  simt::limits::TexAddressMode address[3] = {}; // per dimension; Clamp
};

/// `unbind TEXTURE`: zeroes the texture reference's binding (a constant
/// command).
struct UnbindCommand {
  static constexpr CommandSyntax kSyntax{"unbind", "unbind TEXTURE",
                                         "unbind a texture reference (a constant command)"};
  static Expected<UnbindCommand> parse(ScriptLine &line);
  std::string texture;
};

//===-- Launches and the device -------------------------------------------===//

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
  static constexpr CommandSyntax kSyntax{
      "launch",
      "launch KERNEL grid=X[,Y,Z] block=X[,Y,Z] [shared=B] [max_stack=N] [as NAME] "
      "args=(...)",
      "launch a grid"};
  static Expected<LaunchCommand> parse(ScriptLine &line);
  std::string kernel;
  Dim3 grid, block;
  uint32_t shared = 0;               ///< dynamic shared bytes (c[0x0][0x18])
  std::optional<uint32_t> maxStack;  ///< overrides the kernel's .max_stack
  std::string name;                  ///< `as NAME`; empty: unnamed
  std::vector<LaunchArg> args;
};

/// `wait [NAME]`
struct WaitCommand {
  static constexpr CommandSyntax kSyntax{
      "wait", "wait [NAME]", "run the device until every grid (or grid NAME) has finished"};
  static Expected<WaitCommand> parse(ScriptLine &line);
  std::optional<std::string> grid;
};

/// `advance CYCLES`
struct AdvanceCommand {
  static constexpr CommandSyntax kSyntax{"advance", "advance CYCLES",
                                         "run the device for that many cycles"};
  static Expected<AdvanceCommand> parse(ScriptLine &line);
  uint64_t cycles = 0;
};

/// `stats`
struct StatsCommand {
  static constexpr CommandSyntax kSyntax{"stats", "stats", "print the statistics JSON so far"};
  static Expected<StatsCommand> parse(ScriptLine &line);
};

/// `message K via=system|device|cpu_l2|device_l2 [T=CYCLES]`: the cycles of a
/// host-to-device message of K words plus a ready flag (ISA.md 7, the patent's
/// Table 1); prints one line (emu::MessageTiming::format). T defaults to the
/// device's --mem-latency.
struct MessageCommand {
  static constexpr CommandSyntax kSyntax{
      "message", "message K via=system|device|cpu_l2|device_l2 [T=N]",
      "the cost of a K-word host message (docs/ISA.md 7)"};
  static Expected<MessageCommand> parse(ScriptLine &line);
  uint64_t words = 0;
  emu::MessageVia via = emu::MessageVia::DeviceL2;
  std::optional<uint64_t> latency;
};

/// `set memcheck strict|page`: how the emulator checks global accesses from
/// the next launch on (simt-emu --memcheck).
struct SetCommand {
  static constexpr CommandSyntax kSyntax{
      "set", "set memcheck strict|page",
      "how the emulator checks global accesses from the next launch on"};
  static Expected<SetCommand> parse(ScriptLine &line);
  emu::Memcheck memcheck = emu::Memcheck::Strict;
};

//===-- The language ------------------------------------------------------===//

/// Every command, in the order the debugger's help lists them.
using CommandOp =
    std::variant<LoadCommand, AllocCommand, WriteCommand, ConstCommand, LaunchCommand,
                 WaitCommand, AdvanceCommand, ContextCommand, DumpCommand, SaveCommand,
                 ExpectCommand, StatsCommand, MessageCommand, SetCommand, BindCommand,
                 UnbindCommand>;

namespace detail {
template <class> struct SyntaxTable;
template <class... Commands> struct SyntaxTable<std::variant<Commands...>> {
  static constexpr CommandSyntax kRows[] = {Commands::kSyntax...};
  static constexpr std::string_view kKeywords[] = {Commands::kSyntax.keyword...};
};
constexpr bool keywordsDiffer(const auto &keywords) {
  for (size_t i = 0; i < std::size(keywords); ++i)
    for (size_t j = 0; j < i; ++j)
      if (keywords[i] == keywords[j])
        return false;
  return true;
}
} // namespace detail

/// Each command's keyword, usage and summary, in CommandOp's order.
inline constexpr auto &kRunScriptSyntax = detail::SyntaxTable<CommandOp>::kRows;
/// The command keywords, for the debugger's command table and completion
/// (`set` is the debugger's own command there, with the same settings).
inline constexpr auto &kRunScriptCommands = detail::SyntaxTable<CommandOp>::kKeywords;
static_assert(detail::keywordsDiffer(kRunScriptCommands), "two commands share a keyword");

} // namespace simt::rt

#endif // SIMT_RUNTIME_RUNSCRIPTCOMMANDS_H
