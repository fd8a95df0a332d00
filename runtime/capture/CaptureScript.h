//===-- CaptureScript.h - What a captured launch's script holds -----------===//
//
// The pieces of runtime/Capture.cpp: the blocks a launch touched (found by
// running it), the buffers they make with the runs of bytes each keeps
// (CaptureBuffers.cpp), the launch's arguments as run-script text
// (CaptureArgs.cpp), and the script and data files (CaptureScript.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef SIMT_RUNTIME_CAPTURESCRIPT_H
#define SIMT_RUNTIME_CAPTURESCRIPT_H

#include "runtime/capture/Capture.h"

#include <algorithm>
#include <bitset>
#include <cstdint>
#include <optional>
#include <sstream>
#include <string>
#include <unordered_map>
#include <vector>

namespace simt::rt {

/// The 256-byte blocks of global memory a launch read or wrote: the unit a
/// capture keeps (docs/programs.md, "Capturing launches").
struct TouchedBlocks {
  static constexpr uint64_t kBlockBytes = 256;
  struct Block {
    bool read = false;
    std::bitset<kBlockBytes> written; ///< by byte
    /// Whether the launch may see what the block held before it: it read
    /// it, or left bytes of it that it wrote unwritten.
    static bool contentsMatter(const Block &b) {
      return b.read || (b.written.any() && !b.written.all());
    }
    static bool wasWritten(const Block &b) { return b.written.any(); }
  };
  /// By block index (address / kBlockBytes).
  std::unordered_map<uint64_t, Block> blocks;
  void note(uint64_t addr, unsigned bytes, bool read, bool write) {
    for (uint64_t a = addr; a < addr + bytes;) {
      Block &b = blocks[a / kBlockBytes];
      const uint64_t end = std::min(addr + bytes, (a / kBlockBytes + 1) * kBlockBytes);
      b.read |= read;
      for (; a < end; ++a)
        b.written[a % kBlockBytes] = b.written[a % kBlockBytes] || write;
    }
  }
};

/// Bytes [offset, offset + bytes) of a buffer.
struct ByteRun {
  uint64_t offset = 0, bytes = 0;
};

/// One allocation as the script recreates it.
struct CapturedBuffer {
  std::string name;
  uint64_t base = 0, size = 0;
  ElemType type = ElemType::U8;
  bool isGlobals = false;      ///< the kernel object's `__device__` variables
  std::string what;            ///< for the comment: how the launch reaches it
  std::vector<ByteRun> before; ///< runs whose contents the launch may see
};

/// The runs of `blocks` (those `want` takes) within [base, base + size), as
/// offsets from base, adjacent blocks joined.
std::vector<ByteRun> touchedRuns(const TouchedBlocks &blocks,
                                 bool (*want)(const TouchedBlocks::Block &), uint64_t base,
                                 uint64_t size);
/// The blocks of `b` that the program's run or the replay wrote, as runs:
/// what the expects cover.
std::vector<ByteRun> writtenRuns(const CapturedBuffer &b, const TouchedBlocks &program,
                                 const TouchedBlocks &replay);

/// The buffers of a launch: the kernel object's `__device__` block
/// (`globals`, if the object has one), every allocation a parameter points
/// into (`argI`), and every other allocation the launch touched (`bufK`),
/// each with the runs of blocks whose contents the launch may see
/// (`before`). `paramTypes` are the parameters' C types, if known.
std::vector<CapturedBuffer> planBuffers(DeviceMemory &memory, const LaunchRequest &launch,
                                        const TouchedBlocks &touched,
                                        const std::vector<std::string> &paramTypes);

/// The C types of a kernel's parameters, from its demangled name
/// (`scale(float*, int)`: {"float*", "int"}); empty if it is not mangled.
std::vector<std::string> kernelParamTypes(std::string_view mangled);
/// The element type a C type names (`float` f32, `unsigned int` u32,
/// `int4` s32, ...), or nullopt.
std::optional<ElemType> elemTypeOfC(std::string_view cType);
/// `args=(...)`'s text for the launch: a buffer's name for a pointer to its
/// start, typed values by the parameter's C type (else its size), brace
/// lists for structs.
std::string launchArgsText(const LaunchRequest &launch, const std::vector<CapturedBuffer> &buffers,
                           const std::vector<std::string> &paramTypes);
/// `v` as a literal of its type that reads back to the same bits (`2.5`,
/// `-3`, `0x7fc00001` for a NaN: a bit pattern).
std::string literalText(const Value &v);
/// The same with its type suffix (`2.5f32`, `-3s32`, `0x7fc00001f32`).
std::string typedLiteral(const Value &v);

/// Writes one capture, DIR/launch-N.simt and DIR/launch-N/, in two steps:
/// the script up to the launch's `wait` (with the object and the data files
/// it reads), which captureLaunch then runs as the replay will; then the
/// expects of what that run wrote.
class CaptureWriter {
public:
  /// `session` stands as before the launch; `touched` is what the launch
  /// read and wrote when it ran on a copy of it.
  CaptureWriter(DeviceSession &session, const LaunchRequest &launch, const CaptureObject &object,
                const CaptureOptions &opts, const TouchedBlocks &touched);
  /// The script up to its `wait`; the object and data files written.
  Expected<std::string> writeSetup(CaptureReport &report);
  /// Appends the expects (the writtenRuns of the `program`'s run and the
  /// `replay` of the setup) as the replay's memory `after` holds them, or,
  /// if the replay stopped with `replayError`, a comment saying so; writes
  /// the script.
  Status writeExpects(const TouchedBlocks &program, const TouchedBlocks &replay,
                      DeviceMemory &after, const std::string &replayError,
                      CaptureReport &report);
  const std::vector<CapturedBuffer> &buffers() const { return buffers_; }
  const std::filesystem::path &scriptPath() const { return script_; }

private:
  void header();
  /// Writes the runs `runs` of `bytes` (a buffer's) one after the other as
  /// DIR/launch-N/`file`; returns, for each run, the `NAME[FROM..TO] SIGN
  /// file(...)` text that names it, or `NAME SIGN file(...)` for the run of
  /// a whole buffer if `whole`.
  Expected<std::vector<std::string>> dataFile(const CapturedBuffer &b, const std::string &file,
                                              const uint8_t *bytes,
                                              const std::vector<ByteRun> &runs,
                                              std::string_view sign, bool whole,
                                              CaptureReport &report);
  /// Writes `bytes` as DIR/launch-N/`file`; returns the path the script names.
  Expected<std::string> writeFile(const std::string &file, std::span<const uint8_t> bytes,
                                  CaptureReport &report);
  Status recreate(const CapturedBuffer &b, CaptureReport &report);
  void constants();
  void launch();
  /// What the buffer holds before any write of the script: zeros, or for
  /// the `__device__` block the object's initial values.
  std::vector<uint8_t> baseline(const CapturedBuffer &b) const;

  DeviceSession &session_;
  const LaunchRequest &launch_;
  const CaptureObject &object_;
  const CaptureOptions &opts_;
  const TouchedBlocks &touched_;
  std::optional<LoadedObject> loaded_;
  std::vector<std::string> paramTypes_;
  std::vector<CapturedBuffer> buffers_;
  const std::string stem_;            ///< launch-N
  const std::filesystem::path data_;  ///< DIR/launch-N
  const std::filesystem::path script_; ///< DIR/launch-N.simt
  std::ostringstream text_;
};

} // namespace simt::rt

#endif // SIMT_RUNTIME_CAPTURESCRIPT_H
