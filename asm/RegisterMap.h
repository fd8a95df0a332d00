//===-- RegisterMap.h - Where PTX registers live, from .simt.regmap -------===//
//
// simt-ptxas writes, into objects with debug positions (simt-cc -g), the
// section `.simt.regmap` (cc/emit/RegMap.h; format in docs/debugger.md, "PTX
// registers"): for each kernel and device function, each PTX register's
// location (an ISA register, a pair, a predicate or a local-memory slot)
// over byte ranges of the function's `.text.NAME`. This reads it for
// simt-dbg (`print %r5`, `info registers`).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>
#include <vector>

namespace simt::as {

/// One PTX register over one code range of one function.
struct PTXRegLocation {
  enum Kind : uint8_t { GPR, Pair, Pred, Local, Const };
  std::string function; ///< kernel or device function (code in `.text.NAME`)
  std::string name;     ///< "%r5"
  char type = 'u';      ///< u s b f p: the PTX type's letter
  unsigned bits = 32;   ///< 1 for predicates
  Kind kind = GPR;
  unsigned reg = 0;     ///< Rn, a pair's even Rn, Pn; Local: base Rn, or 255 for none; Const: the bank
  uint32_t offset = 0;  ///< Local: the slot's offset from the base register (or from 0); Const: in the bank
  uint64_t begin = 0, end = 0; ///< byte offsets in `.text.NAME`, [begin, end)

  /// "R3", "R4:R5", "P1", "local 0x10", "local R1+0x8", "c[0x0][0x20]".
  std::string where() const;
};

class RegisterMap {
public:
  /// Reads `.simt.regmap` of the ELF object in `bytes`; an object without
  /// one gives an empty map. Errors begin with `name`.
  static llvm::Expected<RegisterMap> read(llvm::StringRef bytes, llvm::StringRef name);

  bool empty() const { return entries_.empty(); }
  /// Every range that covers `offset` in `function`'s code, by name.
  std::vector<const PTXRegLocation *> liveAt(llvm::StringRef function, uint64_t offset) const;
  /// Whether `function` has PTX register `name` anywhere.
  bool has(llvm::StringRef function, llvm::StringRef name) const;
  /// The PTX register names of `function`, sorted, without duplicates.
  std::vector<std::string> names(llvm::StringRef function) const;
  const std::vector<PTXRegLocation> &entries() const { return entries_; }

private:
  std::vector<PTXRegLocation> entries_;
};

} // namespace simt::as
