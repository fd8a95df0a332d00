//===-- SIMTAsmGuards.h - Bounds on what hostile assembly can make MC do --===//
//
// LLVM MC's generic parser trusts its input: INT64_MIN / -1 in an
// expression traps (SIGFPE), 20,000 nested parentheses overflow the stack, a
// file that `.include`s itself recurses forever, `.p2align 31` or `.zero`
// of gigabytes allocates before anything fails, and `.include "/dev/zero"`
// reads forever. The target parser's hooks route through this class first:
// every expression (parsePrimaryExpr, which the generic parser calls at the
// start of each expression) is parsed here with bounded nesting and checked
// before MC folds it; every directive is looked at before MC runs it. Each
// refusal is an error at the offending token, naming the limit
// (docs/limits.md).
//
//===----------------------------------------------------------------------===//
#ifndef SIMT_ISA_ASMPARSER_SIMTASMGUARDS_H
#define SIMT_ISA_ASMPARSER_SIMTASMGUARDS_H

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/MC/MCExpr.h"
#include "llvm/MC/MCParser/MCTargetAsmParser.h"

#include <cstdint>
#include <map>
#include <string>

namespace llvm {

/// Operators and parentheses in one expression (the depth of the tree MC
/// evaluates recursively is at most this).
inline constexpr unsigned kSIMTMaxExprOperators = 1024;
/// `.include` nesting.
inline constexpr unsigned kSIMTMaxIncludeDepth = 64;
/// Text that `.rept` may expand to, in all (count x body bytes, summed).
inline constexpr uint64_t kSIMTMaxReptBytes = uint64_t(16) << 20;
/// Bytes of all sections together (as the loader's limit on an object).
inline constexpr uint64_t kSIMTMaxObjectBytes = uint64_t(256) << 20;

class SIMTAsmGuards {
public:
  explicit SIMTAsmGuards(MCAsmParser &Parser) : Parser(Parser) {}

  /// First look at every directive (the target's parseDirective hook):
  /// `.include`/`.incbin` are checked, and the limit of the directive's
  /// first expression is noted. Failure (with the error reported) or NoMatch.
  ParseStatus onDirective(const AsmToken &ID);
  /// Every instruction statement: its 8 bytes count towards its section.
  /// True (and one error per section) once the section is full.
  bool onInstruction(SMLoc Loc);
  /// The target's parsePrimaryExpr hook: parses the whole expression.
  bool parseExpression(const MCExpr *&Res, SMLoc &EndLoc);
  /// The end of the input: the values of variables nothing read (the
  /// object writer evaluates every symbol) checked as a use would be.
  void onEndOfFile();

private:
  enum class Limit : uint8_t { None, Pow2Align, ByteAlign, Bytes, FillCount, Org, Rept };

  bool parseBinOpRHS(unsigned Precedence, const MCExpr *&Res, SMLoc &EndLoc);
  bool parseOperand(const MCExpr *&Res, SMLoc &EndLoc);
  bool countOperator(SMLoc Loc);
  /// An error if evaluating `E` would divide INT64_MIN by -1.
  bool checkDivisions(const MCExpr *E, SMLoc Loc);
  bool checkPendingLimit(const MCExpr *E, SMLoc Loc);
  bool addBytes(uint64_t Bytes, SMLoc Loc, bool AtLeast = false);
  bool checkInclude(const AsmToken &ID);
  uint64_t reptBodyBytes(SMLoc After) const;

  MCAsmParser &Parser;
  unsigned Depth = 0;     ///< nested parseExpression calls (parentheses)
  unsigned Operators = 0; ///< in the outermost expression so far
  Limit Pending = Limit::None;
  uint64_t PendingScale = 1; ///< bytes per unit (.ds.w: 2)
  std::string PendingDirective;
  SMLoc PendingLoc;
  uint64_t ReptBytes = 0;
  std::map<const MCSection *, uint64_t> SectionBytes; ///< upper bounds
  std::map<const MCSection *, bool> SectionFull;      ///< reported
  SmallPtrSet<const MCExpr *, 4> ReportedDivisions;   ///< one error each
  uint64_t TotalBytes = 0;
};

} // namespace llvm

#endif // SIMT_ISA_ASMPARSER_SIMTASMGUARDS_H
