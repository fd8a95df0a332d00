//===-- SIMTAsmParser.cpp - Assembly text to MCInsts ----------------------===//
//
// Parses ISA.md syntax (and the sm_20 cuobjdump listing spellings) into the
// operands the generated matcher expects: the mnemonic, the guard, one
// operand per modifier group of the mnemonic (defaults filled in; written
// modifiers sorted into groups in any order), then the comma-separated
// operands. Also the kernel directives: parsed here, checked, recorded and
// emitted by the SIMTTargetStreamer (which a compiler calls directly).
//
//===----------------------------------------------------------------------===//
#include "AsmParser/SIMTAsmGuards.h"
#include "AsmParser/SIMTOperand.h"
#include "Disassembler/SIMTRegRules.h"
#include "MCTargetDesc/SIMTMCTargetDesc.h"
#include "MCTargetDesc/SIMTOperandFlags.h"
#include "MCTargetDesc/SIMTTargetStreamer.h"
#include "SIMTModGroups.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/BinaryFormat/ELF.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCExpr.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCParser/MCAsmLexer.h"
#include "llvm/MC/MCParser/MCParsedAsmOperand.h"
#include "llvm/MC/MCParser/MCTargetAsmParser.h"
#include "llvm/MC/MCSectionELF.h"
#include "llvm/MC/MCStreamer.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/MCSymbolELF.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/Casting.h"
#include "llvm/Support/SourceMgr.h"

#include <array>
#include <functional>
#include <deque>
#include <map>
#include <optional>

using namespace llvm;
using namespace SIMT;

namespace {

enum class SIMTRewriteKind { NegateLast, InsertRZNegateLast, DuplicateLastIfTwo, AddPopSync };
struct SIMTRewriteInfo {
  const char *From;
  const char *To;
  SIMTRewriteKind Kind;
};
struct SIMTMnemonicInfo {
  const char *Name;
  const unsigned *Groups;
  unsigned NumGroups;
  const char *Wide32I;
};
#include "SIMTMnemonics.inc"

// Name -> entry of a generated table, built once (the parser asks for every
// dotted prefix of every mnemonic).
template <class Info, size_t N, class KeyFn>
const Info *findIn(const Info (&Table)[N], KeyFn Key, StringRef Name) {
  static const StringMap<const Info *> Index = [&] {
    StringMap<const Info *> M;
    for (const Info &E : Table)
      M.try_emplace(Key(E), &E); // the first entry wins, as a linear scan would
    return M;
  }();
  auto It = Index.find(Name);
  return It == Index.end() ? nullptr : It->second;
}
const SIMTMnemonicInfo *findMnemonic(StringRef Name) {
  return findIn(SIMTMnemonics, [](const SIMTMnemonicInfo &M) { return M.Name; }, Name);
}
const SIMTRewriteInfo *findRewrite(StringRef Name) {
  return findIn(SIMTRewrites, [](const SIMTRewriteInfo &R) { return R.From; }, Name);
}

// `0x1f`, `-0x5`: how the printer writes integers (ISA.md 3).
std::string hexString(int64_t V) {
  return (V < 0 ? "-0x" : "0x") + utohexstr(V < 0 ? -(uint64_t)V : (uint64_t)V, true);
}

// Value of `Spelling` in group G, or -1.
int spellingValue(unsigned G, StringRef Spelling) {
  const ModGroupInfo &GI = ModGroupTable[G];
  for (unsigned V = 0; V < GI.NumSpellings; ++V) {
    SmallVector<StringRef, 2> Alts;
    StringRef(GI.Spellings[V]).split(Alts, '|');
    for (StringRef A : Alts)
      if (!A.empty() && A.equals_insensitive(Spelling))
        return V;
  }
  return -1;
}

// What a required modifier group is, for diagnostics.
std::string groupDescription(unsigned G) {
  if (const char *Desc = ModGroupTable[G].Desc)
    return Desc;
  return std::string(".") + ModGroupTable[G].Name;
}

struct InstrRecordInfo {
  unsigned Opcode;
  const char *Mnemonic;
};
const InstrRecordInfo InstrRecords[] = {
#define SIMT_INSTR(Rec, Mnemonic, SemClass, Opc, MayDiverge, IsControl,         \
                   WritesCC, MemSpace, ...)                                     \
  {SIMT::Rec, Mnemonic},
#include "SIMTInstrs.def"
};

// Operands of a record as written (not its modifiers or guard).
unsigned recordOperandCount(unsigned Opcode) {
  unsigned N = 0;
  for (const RegRuleOperand &O : regRuleOperandsOf(Opcode))
    if (O.Kind != OperandKind::Modifier && O.Kind != OperandKind::Guard)
      ++N;
  return N;
}

// Values of group G that some record of Mnemonic accepts (all when none of
// its records has the group: the mnemonic table then knows better).
unsigned computeAllowedValues(StringRef Mnemonic, unsigned G) {
  unsigned Mask = 0;
  bool Found = false;
  for (const InstrRecordInfo &R : InstrRecords) {
    if (Mnemonic != R.Mnemonic)
      continue;
    for (const RegRuleOperand &O : regRuleOperandsOf(R.Opcode))
      if (O.Group == G && O.Kind == OperandKind::Modifier) {
        Mask |= O.Allowed;
        Found = true;
      }
  }
  return Found ? Mask : ~0u;
}

// The values of modifier group G that any form of Mnemonic accepts (~0u when
// no form has the group), cached per mnemonic.
unsigned allowedValues(StringRef Mnemonic, unsigned G) {
  static StringMap<std::array<unsigned, NumModGroups>> Cache;
  auto [It, New] = Cache.try_emplace(Mnemonic);
  if (New)
    for (unsigned I = 0; I < NumModGroups; ++I)
      It->second[I] = computeAllowedValues(Mnemonic, I);
  return It->second[G];
}

std::string spellingList(unsigned G) {
  const ModGroupInfo &GI = ModGroupTable[G];
  std::string S;
  for (unsigned V = 0; V < GI.NumSpellings; ++V) {
    StringRef Sp = StringRef(GI.Spellings[V]).split('|').first;
    if (Sp.empty())
      continue;
    if (!S.empty())
      S += ", ";
    S += Sp.str();
  }
  return S;
}

class SIMTAsmParser : public MCTargetAsmParser, public AsmCommentConsumer {
  const MCInstrInfo &MII;
  bool ListingMode = false;
  /// After `code for sm_NN` of a GPU other than Fermi: its instructions are
  /// skipped (one error at that line, not one per instruction).
  bool SkipCode = false;
  /// Bytes of the instruction statements of each section so far: the
  /// address of the next one in its kernel.
  std::map<const MCSection *, uint64_t> CodeBytes;
  /// Listing mode: the `/*0008*/` comments that start a line, by position
  /// in the buffer, not yet matched with their line's instruction (the
  /// lexer sees a line's first comment before the previous instruction is
  /// emitted). AddressSkew is comment minus address after a mismatch, so
  /// that a gap is reported once, not at every later line.
  std::deque<std::pair<const char *, uint64_t>> AddressComments;
  int64_t AddressSkew = 0;
  /// Listing mode: absolute branch targets (`BRA 0x40`) of the open kernel
  /// or function, checked against its size at its end; unchecked when it
  /// holds data (`.quad`), whose bytes CodeBytes does not count. (Assembly
  /// may branch anywhere: test/disasm/labels.s shows such targets.)
  std::vector<std::pair<int64_t, SMLoc>> AbsoluteTargets;
  bool CodeSizeKnown = true;
  /// `.abi` outside a kernel: the ABI of the kernels that follow (a
  /// listing's `compile_size`); unset: 64, or inferred in a listing.
  std::optional<SIMTAbi> ModuleAbi;
  SMLoc OpenKernelLoc; // the name of the .kernel/.func the streamer has open
  std::map<const MCSection *, MCSymbol *> SectionStarts;
  SIMTAsmGuards Guards; // bounds on expressions, sizes, .include (SIMTAsmGuards.h)

#define GET_ASSEMBLER_HEADER
#include "SIMTGen_asm_matcher.inc"

  struct WrittenMod {
    std::string Text;
    SMLoc Loc;
  };

public:
  enum SIMTMatchResultTy {
    Match_Dummy = FIRST_TARGET_MATCH_RESULT_TY,
#define GET_OPERAND_DIAGNOSTIC_TYPES
#include "SIMTGen_asm_matcher.inc"
  };

  SIMTAsmParser(const MCSubtargetInfo &STI, MCAsmParser &Parser,
                const MCInstrInfo &MII, const MCTargetOptions &Options)
      : MCTargetAsmParser(Options, STI, MII), MII(MII), Guards(Parser) {
    setAvailableFeatures(ComputeAvailableFeatures(STI.getFeatureBits()));
    // TOOLS.md lists .byte/.word/.quad: a word is 32 bits, as a register.
    Parser.addAliasForDirective(".word", ".4byte");
    Parser.addAliasForDirective(".half", ".2byte");
    Parser.getLexer().setCommentConsumer(this);
  }

  void HandleComment(SMLoc Loc, StringRef CommentText) override;

  bool parseRegister(MCRegister &Reg, SMLoc &Start, SMLoc &End) override {
    return !tryParseRegister(Reg, Start, End).isSuccess();
  }
  ParseStatus tryParseRegister(MCRegister &Reg, SMLoc &Start,
                               SMLoc &End) override {
    Start = getTok().getLoc();
    if (getTok().isNot(AsmToken::Identifier))
      return ParseStatus::NoMatch;
    int Idx = registerIndex(getTok().getString());
    if (Idx < 0)
      return ParseStatus::NoMatch;
    Reg = regFromIndex(Idx);
    End = getTok().getEndLoc();
    Lex();
    return ParseStatus::Success;
  }

  bool ParseInstruction(ParseInstructionInfo &Info, StringRef Name,
                        SMLoc NameLoc, OperandVector &Operands) override;
  ParseStatus parseDirective(AsmToken DirectiveID) override;
  /// `.const_var`, `.global_var`, `.var_data` (module variables).
  ParseStatus parseVarDirective(StringRef D, SMLoc Loc);
  /// `.abi 32|64`: the open kernel's pointer size, or outside a kernel
  /// that of the kernels that follow.
  ParseStatus parseAbiDirective();
  /// `.simt_listing [sm_NN]` (a listing's `code for sm_NN` line): listing
  /// mode from here on; the code of a GPU other than Fermi is an error.
  ParseStatus parseListingDirective();
  /// `.target sm_NN`: the level of the ISA (SIMTLevels.td) the file is for;
  /// instructions of a higher level are refused.
  ParseStatus parseTargetDirective();
  bool parsePrimaryExpr(const MCExpr *&Res, SMLoc &EndLoc) override {
    return Guards.parseExpression(Res, EndLoc);
  }
  bool MatchAndEmitInstruction(SMLoc IDLoc, unsigned &Opcode,
                               OperandVector &Operands, MCStreamer &Out,
                               uint64_t &ErrorInfo,
                               bool MatchingInlineAsm) override;
  bool parseInstructionImpl(ParseInstructionInfo &Info, StringRef Name, SMLoc NameLoc,
                            OperandVector &Operands);
  bool matchAndEmit(SMLoc IDLoc, unsigned &Opcode, OperandVector &Operands, MCStreamer &Out,
                    uint64_t &ErrorInfo, bool MatchingInlineAsm);
  /// After an instruction's error: positions the lexer so that the generic
  /// parser's recovery resumes at the next statement (comments included).
  void resumeAfterError(bool AtNextStatement);
  void onEndOfFile() override;

private:
  static MCRegister regFromIndex(unsigned Idx) {
    return SIMT::gprFromIndex(Idx);
  }
  // R0..R62 -> index, RZ -> 63; -2 for a register-like name out of range.
  static int registerIndex(StringRef S) {
    if (S.equals_insensitive("RZ"))
      return 63;
    if (S.size() < 2 || (S[0] != 'R' && S[0] != 'r'))
      return -1;
    unsigned N;
    if (S.drop_front().getAsInteger(10, N))
      return -1;
    return N <= 62 ? int(N) : -2;
  }
  static int predicateIndex(StringRef S) {
    if (S.equals_insensitive("PT"))
      return 7;
    if (S.size() == 2 && (S[0] == 'P' || S[0] == 'p') && S[1] >= '0' && S[1] <= '6')
      return S[1] - '0';
    return -1;
  }

  bool parseGuard(StringRef Name, SMLoc Loc, unsigned &Guard);
  bool parseOperand(OperandVector &Ops, std::vector<WrittenMod> &ExtraMods);
  /// Register R (index `RegIdx`) with its source modifiers, `.B0`-style
  /// selector or `.CC`, and BRX/JMX's `+imm`; at the register's token.
  bool parseRegisterOperand(OperandVector &Ops, std::vector<WrittenMod> &ExtraMods, int RegIdx,
                            unsigned Flags, bool Abs, SMLoc S);
  /// c[bank][offset] or c[bank][Ra+offset] with its source modifiers; at `c`.
  bool parseConstOperand(OperandVector &Ops, unsigned Flags, bool Abs, SMLoc S);
  /// The closing '|' of |R| or |c[..]|, extending `Op`.
  bool parseAbsClose(SIMTOperand &Op);
  bool parseImmediate(std::unique_ptr<SIMTOperand> &Op);
  bool parseBracketAddress(std::unique_ptr<SIMTOperand> &Op, bool AllowBase);
  bool assignModifiers(const SIMTMnemonicInfo &MI, StringRef Mnemonic,
                       std::vector<WrittenMod> &Mods, SMLoc NameLoc,
                       OperandVector &Out);
  bool applyRewrite(const SIMTRewriteInfo &RW, std::vector<WrittenMod> &Mods,
                    OperandVector &Ops, SMLoc Loc);
  bool checkRegisters(const MCInst &Inst, const OperandVector &Operands);
  /// Listing mode: the address comment on the line of the instruction at
  /// IDLoc must be its address in the kernel. Reports a mismatch without
  /// failing the statement: the instruction itself may be fine.
  void checkAddressComment(SMLoc IDLoc);
  /// At the end of a kernel or function: every absolute branch target lies
  /// inside its code (one outside would only fault at run time).
  void checkAbsoluteTargets();
  std::string operandCountDiag(const OperandVector &Operands);
  // Branch targets that name a symbol: undefined ones are errors at the end.
  std::vector<std::pair<const MCSymbol *, SMLoc>> LabelUses;
  MCSymbol *sectionStart();
  SIMTTargetStreamer &getTargetStreamer() {
    return static_cast<SIMTTargetStreamer &>(*getStreamer().getTargetStreamer());
  }
  // Reports E (when it is an error) at L; true if it was one.
  bool check(llvm::Error E, SMLoc L);
};

} // namespace

#define GET_REGISTER_MATCHER
#define GET_SUBTARGET_FEATURE_NAME
#define GET_MATCHER_IMPLEMENTATION
#define GET_MNEMONIC_SPELL_CHECKER
#pragma GCC diagnostic push // LLVM's generated tables: unused parameters
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wunused-function"
#include "SIMTGen_asm_matcher.inc"
#pragma GCC diagnostic pop

bool SIMTAsmParser::parseGuard(StringRef Name, SMLoc Loc, unsigned &Guard) {
  // Name is "@Pn"/"@PT" as one identifier, or "@" followed by `!Pn`.
  bool Neg = false;
  // The generic parser lower-cases the name: quote the source text.
  StringRef P = StringRef(Loc.getPointer(), Name.size()).drop_front();
  if (P.empty()) {
    if (getTok().is(AsmToken::Exclaim)) {
      Neg = true;
      Lex();
    }
    if (getTok().isNot(AsmToken::Identifier))
      return Error(getTok().getLoc(), "expected a guard predicate @Pn or @!Pn");
    P = getTok().getString();
    Loc = getTok().getLoc();
    Lex();
  }
  int Idx = predicateIndex(P);
  if (Idx < 0)
    return Error(Loc, "invalid guard predicate '@" + Twine(Neg ? "!" : "") + P +
                          "': expected @P0..@P6, @PT or @!Pn");
  Guard = unsigned(Idx) | (Neg ? PredNegBit : 0);
  return false;
}

bool SIMTAsmParser::parseImmediate(std::unique_ptr<SIMTOperand> &Op) {
  SMLoc S = getTok().getLoc();
  bool Neg = false;
  // Reals: `1.5`, `-0.25`; raw floats `0f3FC00000`.
  if (getTok().is(AsmToken::Minus) && getLexer().peekTok().is(AsmToken::Real)) {
    Neg = true;
    Lex();
  }
  if (getTok().is(AsmToken::Real)) {
    Op = std::make_unique<SIMTOperand>(SIMTOperand::Kind::Imm, S, getTok().getEndLoc());
    Op->IsReal = true;
    Op->RealText = (Neg ? "-" : "") + getTok().getString().str();
    Op->Real = std::strtod(Op->RealText.c_str(), nullptr);
    Op->Listing = ListingMode;
    Lex();
    return false;
  }
  if (getTok().is(AsmToken::Identifier)) {
    StringRef T = getTok().getString();
    // `0f...` lexes as an integer 0 followed by an identifier in some
    // contexts and as an identifier in others; both handled here.
    if ((T.starts_with("0f") || T.starts_with("0F")) && T.size() == 10) {
      uint32_t Bits;
      if (!T.drop_front(2).getAsInteger(16, Bits)) {
        float F;
        std::memcpy(&F, &Bits, 4);
        Op = std::make_unique<SIMTOperand>(SIMTOperand::Kind::Imm, S, getTok().getEndLoc());
        Op->IsReal = true;
        Op->Real = F;
        Op->F32Bits = Bits;
        Lex();
        return false;
      }
    }
  }
  if (getTok().is(AsmToken::Integer) && getTok().getString() == "0" &&
      getLexer().peekTok().is(AsmToken::Identifier)) {
    StringRef T = getLexer().peekTok().getString();
    bool IsF = T.starts_with("f") || T.starts_with("F");
    bool IsD = T.starts_with("d") || T.starts_with("D");
    uint64_t Bits;
    if ((IsF && T.size() == 9) || (IsD && T.size() == 17)) {
      if (!T.drop_front().getAsInteger(16, Bits)) {
        Lex();
        SMLoc E = getTok().getEndLoc();
        Lex();
        Op = std::make_unique<SIMTOperand>(SIMTOperand::Kind::Imm, S, E);
        Op->IsReal = true;
        if (IsF) {
          uint32_t B32 = uint32_t(Bits);
          float F;
          std::memcpy(&F, &B32, 4);
          Op->Real = F;
          Op->F32Bits = B32;
        } else {
          std::memcpy(&Op->Real, &Bits, 8);
        }
        return false;
      }
    }
  }
  const MCExpr *E;
  SMLoc End;
  if (getParser().parseExpression(E, End))
    return true;
  Op = std::make_unique<SIMTOperand>(SIMTOperand::Kind::Imm, S, End);
  Op->Expr = E;
  Op->Listing = ListingMode;
  int64_t V;
  if (E->evaluateAsAbsolute(V))
    Op->Int = V;
  return false;
}

// `[Ra]`, `[Ra+imm]`, `[Ra-imm]`, `[imm]` (the `[` already current).
bool SIMTAsmParser::parseBracketAddress(std::unique_ptr<SIMTOperand> &Op,
                                        bool AllowBase) {
  SMLoc S = getTok().getLoc();
  Lex(); // [
  unsigned Reg = SIMT::RZ, Idx = 63;
  bool HasBase = false;
  int64_t Off = 0;
  if (getTok().is(AsmToken::Identifier)) {
    int R = registerIndex(getTok().getString());
    if (R == -2)
      return Error(getTok().getLoc(), "register " + getTok().getString() +
                                          " is out of range: R0..R62 or RZ (R63 is spelled RZ)");
    if (R >= 0) {
      if (!AllowBase)
        return Error(getTok().getLoc(), "a register is not allowed here");
      Idx = R;
      Reg = regFromIndex(R);
      HasBase = true;
      Lex();
      if (getTok().is(AsmToken::Plus))
        Lex();
      else if (getTok().isNot(AsmToken::Minus) && getTok().isNot(AsmToken::RBrac))
        return Error(getTok().getLoc(), "expected '+', '-' or ']'");
    }
  }
  if (getTok().isNot(AsmToken::RBrac)) {
    const MCExpr *E;
    SMLoc ELoc = getTok().getLoc();
    if (getParser().parseExpression(E))
      return true;
    if (!E->evaluateAsAbsolute(Off))
      return Error(ELoc, "address offset must be a constant expression");
  }
  if (getTok().isNot(AsmToken::RBrac))
    return Error(getTok().getLoc(), "expected ']'");
  SMLoc End = getTok().getEndLoc();
  Lex();
  Op = std::make_unique<SIMTOperand>(SIMTOperand::Kind::Mem, S, End);
  Op->RegNum = Reg;
  Op->RegIdx = Idx;
  Op->HasBase = HasBase;
  Op->Offset = Off;
  return false;
}

bool SIMTAsmParser::parseAbsClose(SIMTOperand &Op) {
  if (getTok().isNot(AsmToken::Pipe))
    return Error(getTok().getLoc(), "expected '|'");
  Op.End = getTok().getEndLoc();
  Lex();
  return false;
}

bool SIMTAsmParser::parseRegisterOperand(OperandVector &Ops, std::vector<WrittenMod> &ExtraMods,
                                         int RegIdx, unsigned Flags, bool Abs, SMLoc S) {
  const StringRef Suffix = getTok().getString().split('.').second;
  const SMLoc IdEnd = getTok().getEndLoc();
  Lex();
  auto Op = std::make_unique<SIMTOperand>(SIMTOperand::Kind::Reg, S, IdEnd);
  Op->RegIdx = RegIdx;
  Op->RegNum = regFromIndex(RegIdx);
  Op->Flags = Flags;
  if (!Suffix.empty()) {
    unsigned Sel = unsigned(SubWord::Word); // no selector
    for (unsigned V = 1; V < NumSubWordValues && !Sel; ++V)
      if (Suffix.equals_insensitive(SubWordSel_Spellings[V]))
        Sel = V;
    if (Sel)
      Op->Sel = Sel;
    else if (Suffix.equals_insensitive("CC"))
      ExtraMods.push_back({"CC", S});
    else
      return Error(S, "unknown register suffix '." + Suffix + "'");
  }
  if (Abs && parseAbsClose(*Op))
    return true;
  if (!Flags && (getTok().is(AsmToken::Plus) || getTok().is(AsmToken::Minus))) {
    // Ra+imm of BRX/JMX.
    bool Minus = getTok().is(AsmToken::Minus);
    Lex();
    const MCExpr *E;
    SMLoc ELoc = getTok().getLoc();
    if (getParser().parseExpression(E))
      return true;
    int64_t V;
    if (!E->evaluateAsAbsolute(V))
      return Error(ELoc, "offset must be a constant expression");
    Op->HasOffset = true;
    Op->Offset = Minus ? -V : V;
  }
  Ops.push_back(std::move(Op));
  return false;
}

// The source modifiers read before it apply (only an Sb operand accepts them).
bool SIMTAsmParser::parseConstOperand(OperandVector &Ops, unsigned Flags, bool Abs, SMLoc S) {
  Lex();
  Lex(); // [
  const MCExpr *BE;
  SMLoc BLoc = getTok().getLoc();
  if (getParser().parseExpression(BE))
    return true;
  int64_t Bank;
  if (!BE->evaluateAsAbsolute(Bank))
    return Error(BLoc, "constant bank must be a constant expression");
  if (Bank < 0 || Bank > simt::limits::kLastConstBank)
    return Error(BLoc, "constant bank must be in the range [0, 15]");
  if (getTok().isNot(AsmToken::RBrac))
    return Error(getTok().getLoc(), "expected ']'");
  Lex();
  if (getTok().isNot(AsmToken::LBrac))
    return Error(getTok().getLoc(), "expected '[' after c[bank]");
  std::unique_ptr<SIMTOperand> Addr;
  if (parseBracketAddress(Addr, true))
    return true;
  auto Op = std::make_unique<SIMTOperand>(SIMTOperand::Kind::Const, S, Addr->End);
  Op->Bank = Bank;
  Op->Offset = Addr->Offset;
  Op->HasBase = Addr->HasBase;
  Op->RegNum = Addr->RegNum;
  Op->RegIdx = Addr->RegIdx;
  Op->OffsetLoc = Addr->Start;
  Op->Flags = Flags;
  if (Abs && parseAbsClose(*Op))
    return true;
  Ops.push_back(std::move(Op));
  return false;
}

bool SIMTAsmParser::parseOperand(OperandVector &Ops,
                                 std::vector<WrittenMod> &ExtraMods) {
  SMLoc S = getTok().getLoc();
  using K = SIMTOperand::Kind;

  if (getTok().is(AsmToken::LBrac)) {
    std::unique_ptr<SIMTOperand> Op;
    if (parseBracketAddress(Op, true))
      return true;
    Ops.push_back(std::move(Op));
    return false;
  }

  // Source modifiers of a register or a constant: -R, |R|, -|R|, ~R,
  // -c[..], |c[..]|; predicate negation !P.
  unsigned Flags = 0;
  bool PredNeg = false;
  auto constAhead = [&]() { // `c [` after the current token
    AsmToken Next[2];
    getLexer().peekTokens(Next);
    return Next[0].is(AsmToken::Identifier) &&
           Next[0].getString().equals_insensitive("c") && Next[1].is(AsmToken::LBrac);
  };
  if (getTok().is(AsmToken::Exclaim)) {
    PredNeg = true;
    Lex();
  } else if (getTok().is(AsmToken::Tilde)) {
    Flags |= RM_Inv;
    Lex();
  } else if (getTok().is(AsmToken::Minus) &&
             (getLexer().peekTok().is(AsmToken::Pipe) ||
              (getLexer().peekTok().is(AsmToken::Identifier) &&
               registerIndex(getLexer().peekTok().getString()) != -1) ||
              constAhead())) {
    Flags |= RM_Neg;
    Lex();
  }
  bool Abs = false;
  if (getTok().is(AsmToken::Pipe)) {
    Abs = true;
    Flags |= RM_Abs;
    Lex();
  }

  if (getTok().is(AsmToken::Identifier)) {
    StringRef Id = getTok().getString();
    SMLoc IdEnd = getTok().getEndLoc();
    auto [Base, Suffix] = Id.split('.');
    int R = registerIndex(Base);
    if (R == -2)
      return Error(S, "register " + Base + " is out of range: R0..R62 or RZ (R63 is spelled RZ)");
    if (R >= 0)
      return parseRegisterOperand(Ops, ExtraMods, R, Flags, Abs, S);
    const bool IsConst =
        Id.equals_insensitive("c") && getLexer().peekTok().is(AsmToken::LBrac);
    if ((Flags || Abs) && !IsConst)
      return Error(S, "'-', '|' and '~' apply to registers and c[bank][offset] only");
    int P = predicateIndex(Id);
    if (P >= 0) {
      Lex();
      auto Op = std::make_unique<SIMTOperand>(K::Pred, S, IdEnd);
      Op->Value = unsigned(P) | (PredNeg ? PredNegBit : 0);
      Ops.push_back(std::move(Op));
      return false;
    }
    if (PredNeg)
      return Error(S, "'!' applies to predicates only");
    if (Id.starts_with_insensitive("SR_")) {
      int V = spellingValue(SRegNames, Id);
      if (V < 0)
        return Error(S, "unknown special register '" + Id + "'");
      Lex();
      auto Op = std::make_unique<SIMTOperand>(K::SReg, S, IdEnd);
      Op->Value = V;
      Ops.push_back(std::move(Op));
      return false;
    }
    if (Base.equals_insensitive("CC") || Id.equals_insensitive("PR")) {
      Lex();
      if (Suffix.empty()) {
        Ops.push_back(SIMTOperand::token(Id.upper(), S));
        return false;
      }
      int V = spellingValue(MG_CCTest, Suffix);
      if (V < 0)
        return Error(S, "unknown condition code test '" + Suffix +
                            "': expected one of " + spellingList(MG_CCTest));
      auto Op = std::make_unique<SIMTOperand>(K::CCTest, S, IdEnd);
      Op->Value = V;
      Ops.push_back(std::move(Op));
      return false;
    }
    // c[bank][offset] or c[bank][Ra+offset], with the source modifiers read
    // above (which only an Sb operand accepts).
    if (IsConst)
      return parseConstOperand(Ops, Flags, Abs, S);
  }
  if (Flags || Abs)
    return Error(S, "'-', '|' and '~' apply to registers and c[bank][offset] only; write a "
                    "negative immediate as a number");
  if (PredNeg)
    return Error(S, "'!' applies to predicates only");
  std::unique_ptr<SIMTOperand> Op;
  if (parseImmediate(Op))
    return true;
  Ops.push_back(std::move(Op));
  return false;
}

bool SIMTAsmParser::applyRewrite(const SIMTRewriteInfo &RW,
                                 std::vector<WrittenMod> &Mods,
                                 OperandVector &Ops, SMLoc Loc) {
  auto negateLast = [&]() {
    if (Ops.empty())
      return Error(Loc, "missing operands");
    auto &Last = static_cast<SIMTOperand &>(*Ops.back());
    if (Last.K == SIMTOperand::Kind::Reg || Last.K == SIMTOperand::Kind::Const) {
      Last.Flags ^= RM_Neg;
    } else if (Last.K == SIMTOperand::Kind::Imm && Last.Int) {
      Last.Int = -*Last.Int;
      Last.Listing = false;
    } else {
      return Error(Last.Start,
                   "this operand cannot be negated: use a register, c[bank][offset] or an integer");
    }
    return false;
  };
  switch (RW.Kind) {
  case SIMTRewriteKind::NegateLast:
    return negateLast();
  case SIMTRewriteKind::InsertRZNegateLast: {
    if (Ops.size() != 2)
      return Error(Loc, std::string(RW.From) + " takes two operands: Rd, Sb");
    auto RZOp = std::make_unique<SIMTOperand>(SIMTOperand::Kind::Reg, Loc, Loc);
    RZOp->RegNum = SIMT::RZ;
    RZOp->RegIdx = 63;
    Ops.insert(Ops.begin() + 1, std::move(RZOp));
    return negateLast();
  }
  case SIMTRewriteKind::DuplicateLastIfTwo:
    if (Ops.size() == 2) {
      auto &Last = static_cast<SIMTOperand &>(*Ops.back());
      auto Copy = std::make_unique<SIMTOperand>(Last);
      Ops.insert(Ops.begin() + 1, std::move(Copy));
    }
    return false;
  case SIMTRewriteKind::AddPopSync:
    Mods.push_back({"S", Loc});
    return false;
  }
  return false;
}

bool SIMTAsmParser::assignModifiers(const SIMTMnemonicInfo &M, StringRef Mnemonic,
                                    std::vector<WrittenMod> &Mods,
                                    SMLoc NameLoc, OperandVector &Out) {
  std::vector<int> Value(M.NumGroups, -1);
  std::vector<SMLoc> Where(M.NumGroups, NameLoc);
  bool Failed = false;
  for (const WrittenMod &W : Mods) {
    bool Placed = false, Duplicate = false;
    for (unsigned I = 0; I < M.NumGroups && !Placed; ++I) {
      int V = spellingValue(M.Groups[I], W.Text);
      if (V < 0 || V >= 32 || !(allowedValues(Mnemonic, M.Groups[I]) >> V & 1))
        continue;
      if (Value[I] >= 0) {
        Duplicate = true;
        continue;
      }
      Value[I] = V;
      Where[I] = W.Loc;
      Placed = true;
    }
    if (Placed)
      continue;
    Failed = true;
    if (Duplicate) {
      Error(W.Loc, "duplicate modifier '." + W.Text + "'");
    } else if (W.Text == "S" || W.Text == "s") {
      Error(W.Loc, "'.S' is not allowed on control-flow instructions");
    } else {
      bool Known = false;
      for (unsigned G = 0; G < NumModGroups && !Known; ++G)
        Known = G != SRegNames && spellingValue(G, W.Text) >= 0;
      if (Known)
        Error(W.Loc, "modifier '." + W.Text + "' is not valid for " + Mnemonic);
      else
        Error(W.Loc, "unknown modifier '." + W.Text + "' for " + Mnemonic);
    }
  }
  if (Failed)
    return true;
  for (unsigned I = 0; I < M.NumGroups; ++I) {
    const ModGroupInfo &G = ModGroupTable[M.Groups[I]];
    if (Value[I] >= 0)
      continue;
    if (G.DefaultFrom >= 0) {
      for (unsigned J = 0; J < M.NumGroups; ++J)
        if (int(M.Groups[J]) == G.DefaultFrom && Value[J] >= 0)
          Value[I] = Value[J];
    }
    if (Value[I] >= 0)
      continue;
    if (G.Default < 0) {
      std::string What = groupDescription(M.Groups[I]);
      bool Vowel = StringRef("aeiou.").contains(What[0]);
      return Error(NameLoc, Mnemonic + " requires " + (Vowel ? "an " : "a ") + What +
                                " modifier: one of " + spellingList(M.Groups[I]));
    }
    Value[I] = G.Default;
  }
  for (unsigned I = 0; I < M.NumGroups; ++I) {
    auto Op = std::make_unique<SIMTOperand>(SIMTOperand::Kind::Modifier, Where[I], Where[I]);
    Op->Group = M.Groups[I];
    Op->Value = Value[I];
    Out.push_back(std::move(Op));
  }
  return false;
}

bool SIMTAsmParser::ParseInstruction(ParseInstructionInfo &Info, StringRef Name,
                                     SMLoc NameLoc, OperandVector &Operands) {
  if (!parseInstructionImpl(Info, Name, NameLoc, Operands))
    return false;
  resumeAfterError(/*AtNextStatement=*/false);
  return true;
}

// The generic parser recovers from an error by lexing raw tokens to the end
// of the statement and one past it; when that one is a C comment (a
// listing's trailing `/* 0x... */`, the `/*0008*/` that starts the next
// line) it reports "unexpected token at start of statement", and so on for
// every later line. Recovery here skips the rest of the statement, its end
// and the comments after it, and leaves an empty end of statement for the
// generic recovery to consume.
void SIMTAsmParser::resumeAfterError(bool AtNextStatement) {
  MCAsmLexer &L = getLexer();
  if (!AtNextStatement) {
    while (L.isNot(AsmToken::EndOfStatement) && L.isNot(AsmToken::Eof))
      L.Lex();
    if (L.is(AsmToken::EndOfStatement))
      L.Lex();
  }
  while (L.is(AsmToken::Comment))
    L.Lex();
  L.UnLex(AsmToken(AsmToken::EndOfStatement, StringRef(L.getTok().getLoc().getPointer(), 0)));
}

bool SIMTAsmParser::parseInstructionImpl(ParseInstructionInfo &, StringRef Name,
                                         SMLoc NameLoc, OperandVector &Operands) {
  if (SkipCode) {
    while (getTok().isNot(AsmToken::EndOfStatement) && getTok().isNot(AsmToken::Eof))
      Lex();
    Lex(); // the end of the statement
    return false; // MatchAndEmitInstruction emits nothing either
  }
  if (Guards.onInstruction(NameLoc))
    return true;
  // Every instruction statement takes 8 bytes, also one with an error, so
  // that the addresses after it stay those of the listing.
  checkAddressComment(NameLoc);
  CodeBytes[getStreamer().getCurrentSectionOnly()] += 8;
  unsigned Guard = PredTrue;
  if (Name.starts_with("@")) {
    if (parseGuard(Name, NameLoc, Guard))
      return true;
    if (getTok().isNot(AsmToken::Identifier))
      return Error(getTok().getLoc(), "expected an instruction after the guard");
    Name = getTok().getString();
    NameLoc = getTok().getLoc();
    Lex();
  }
  std::string Full = Name.upper();

  // Longest dotted prefix that names a mnemonic (BAR.RED) or a rewrite.
  SmallVector<StringRef, 8> Parts;
  StringRef(Full).split(Parts, '.');
  std::string Mnemonic;
  unsigned Used = 0;
  for (unsigned N = Parts.size(); N >= 1; --N) {
    std::string Cand = join(ArrayRef<StringRef>(Parts).take_front(N), ".");
    if (findMnemonic(Cand) || findRewrite(Cand)) {
      Mnemonic = Cand;
      Used = N;
      break;
    }
  }
  if (Mnemonic.empty()) {
    if (ListingMode)
      return Error(NameLoc, "unsupported instruction '" + Parts[0] + "'");
    return Error(NameLoc, "unknown mnemonic '" + Parts[0] + "'");
  }
  std::vector<WrittenMod> Mods;
  size_t Col = Mnemonic.size();
  for (unsigned I = Used; I < Parts.size(); ++I) {
    Mods.push_back({Parts[I].str(), SMLoc::getFromPointer(NameLoc.getPointer() + Col + 1)});
    Col += Parts[I].size() + 1;
  }

  // Fermi's BRX/JMX through a jump table in constant memory: say so rather
  // than reject its bank (c[0x10] is beyond bank 15).
  if ((Mnemonic == "BRX" || Mnemonic == "JMX") && getTok().is(AsmToken::Identifier) &&
      getTok().getString().equals_insensitive("c") && getLexer().peekTok().is(AsmToken::LBrac))
    return Error(getTok().getLoc(), Mnemonic + " c[bank][Ra+offset] (a jump through a table in "
                                               "constant memory) is not supported: " +
                                        Mnemonic + " takes a register target, Ra+offset");

  // Operands.
  SmallVector<std::unique_ptr<MCParsedAsmOperand>, 8> Parsed;
  if (getTok().isNot(AsmToken::EndOfStatement)) {
    do {
      if (parseOperand(Parsed, Mods))
        return true;
      if (getTok().is(AsmToken::Comma)) {
        Lex();
        continue;
      }
      break;
    } while (true);
    if (getTok().isNot(AsmToken::EndOfStatement))
      return Error(getTok().getLoc(), "unexpected token: expected ',' or the end of the statement");
  }
  // `NOP.S CC.T` in listings: the CC test of a NOP means nothing here.
  if (Mnemonic == "NOP" && Parsed.size() == 1 &&
      static_cast<SIMTOperand &>(*Parsed[0]).K == SIMTOperand::Kind::CCTest)
    Parsed.clear();

  if (const SIMTRewriteInfo *RW = findRewrite(Mnemonic)) {
    if (applyRewrite(*RW, Mods, Parsed, NameLoc))
      return true;
    Mnemonic = RW->To;
  }
  const SIMTMnemonicInfo *M = findMnemonic(Mnemonic);
  // A wide immediate picks the 32I form (IADD -> IADD32I).
  if (M->Wide32I && !Parsed.empty()) {
    auto &Last = static_cast<SIMTOperand &>(*Parsed.back());
    if (Last.K == SIMTOperand::Kind::Imm) {
      bool Fits = Last.IsReal ? Last.sbFloatField(false).has_value()
                              : Last.sbIntField().has_value();
      if (!Fits && (Last.IsReal || Last.imm32Bits())) {
        Mnemonic = M->Wide32I;
        M = findMnemonic(Mnemonic);
      }
    }
  }

  // The generated matcher keys mnemonics in lower case.
  Operands.push_back(SIMTOperand::token(StringRef(Mnemonic).lower(), NameLoc));
  auto G = std::make_unique<SIMTOperand>(SIMTOperand::Kind::Guard, NameLoc, NameLoc);
  G->Value = Guard;
  Operands.push_back(std::move(G));
  if (assignModifiers(*M, Mnemonic, Mods, NameLoc, Operands))
    return true;
  for (auto &Op : Parsed)
    Operands.push_back(std::move(Op));
  Lex(); // the end of the statement
  return false;
}

MCSymbol *SIMTAsmParser::sectionStart() {
  MCSection *Sec = getStreamer().getCurrentSectionOnly();
  auto It = SectionStarts.find(Sec);
  if (It != SectionStarts.end())
    return It->second;
  // Code outside .kernel/.func: addresses count from the section's start,
  // which is its begin symbol (emitted when the section was entered), not
  // here: code may precede the first absolute target.
  MCSymbol *S = Sec->getBeginSymbol();
  if (!S) {
    S = getContext().createTempSymbol("section_start");
    getStreamer().emitLabel(S);
  }
  SectionStarts[Sec] = S;
  return S;
}

// Pairs and quads must be aligned (SIMTRegRules.h); a kernel with .regs N
// may use R0..R(N-1) (without .regs the target streamer counts the highest
// register used).
bool SIMTAsmParser::checkRegisters(const MCInst &Inst, const OperandVector &Operands) {
  // Where a register was written: the first parsed operand naming it.
  auto locOf = [&](unsigned Reg) {
    for (auto &P : Operands) {
      auto &Op = static_cast<SIMTOperand &>(*P);
      if ((Op.K == SIMTOperand::Kind::Reg || Op.K == SIMTOperand::Kind::Mem ||
           Op.K == SIMTOperand::Kind::Const) &&
          Op.RegNum == Reg)
        return Op.Start;
    }
    return Operands[0]->getStartLoc();
  };
  for (unsigned I = 0; I < Inst.getNumOperands(); ++I) {
    const MCOperand &O = Inst.getOperand(I);
    if (!O.isReg() || O.getReg() == SIMT::RZ)
      continue;
    int64_t Idx = SIMT::gprIndex(O.getReg());
    unsigned Span = SIMT::regSpan(Inst, I);
    if (!SIMT::regAligned(Idx, Span))
      return Error(locOf(O.getReg()),
                   Span == 2 ? "expected an even register R0..R60 or RZ (a 64-bit pair)"
                             : "expected a register R0..R60 with an index divisible by 4, "
                               "or RZ (a 128-bit quad)");
    const SIMTKernelRecord *K = getTargetStreamer().openKernel();
    if (!K || !K->DeclaredRegs)
      continue;
    int64_t Regs = *K->DeclaredRegs;
    if (Idx + Span > Regs) {
      std::string What = Span == 1 ? "register R" + std::to_string(Idx)
                         : Span == 2
                             ? "register pair R" + std::to_string(Idx) + ":R" +
                                   std::to_string(Idx + 1)
                             : "register quad R" + std::to_string(Idx) + "..R" +
                                   std::to_string(Idx + 3);
      return Error(locOf(O.getReg()),
                   What + " is out of range: the kernel declares .regs " + Twine(Regs) +
                       " (R0..R" + Twine(Regs - 1) + ")");
    }
  }
  return false;
}

// The matcher found no form for the operands. When a written modifier
// selects one form of a mnemonic with several (ATOM.CAS takes Rc, the other
// ATOM operations do not), say how many operands that form takes.
std::string SIMTAsmParser::operandCountDiag(const OperandVector &Operands) {
  std::string Upper = static_cast<SIMTOperand &>(*Operands[0]).getToken().upper();
  unsigned Given = 0;
  for (unsigned I = 1; I < Operands.size(); ++I) {
    auto &Op = static_cast<SIMTOperand &>(*Operands[I]);
    if (Op.K != SIMTOperand::Kind::Guard && Op.K != SIMTOperand::Kind::Modifier &&
        Op.K != SIMTOperand::Kind::Token)
      ++Given;
  }
  // Whether a record takes value V of group G.
  auto takes = [](unsigned Opcode, unsigned G, unsigned V) {
    for (const RegRuleOperand &O : regRuleOperandsOf(Opcode))
      if (O.Group == G && O.Kind == OperandKind::Modifier)
        return V < 32 && (O.Allowed >> V & 1);
    return false;
  };
  for (unsigned I = 1; I < Operands.size(); ++I) {
    auto &Mod = static_cast<SIMTOperand &>(*Operands[I]);
    if (Mod.K != SIMTOperand::Kind::Modifier)
      continue;
    unsigned Records = 0, Taking = 0, Lo = ~0u, Hi = 0;
    for (const InstrRecordInfo &R : InstrRecords) {
      if (Upper != R.Mnemonic)
        continue;
      ++Records;
      if (!takes(R.Opcode, Mod.Group, Mod.Value))
        continue;
      ++Taking;
      Lo = std::min(Lo, recordOperandCount(R.Opcode));
      Hi = std::max(Hi, recordOperandCount(R.Opcode));
    }
    if (Taking == 0 || Taking == Records || (Given >= Lo && Given <= Hi))
      continue;
    std::string Form =
        Upper + "." +
        StringRef(ModGroupTable[Mod.Group].Spellings[Mod.Value]).split('|').first.str();
    if (Given < Lo)
      return "too few operands for " + Form + ": expected " + std::to_string(Lo);
    return "too many operands for " + Form + ": expected " + std::to_string(Hi);
  }
  return "";
}

bool SIMTAsmParser::MatchAndEmitInstruction(SMLoc IDLoc, unsigned &Opcode,
                                            OperandVector &Operands,
                                            MCStreamer &Out, uint64_t &ErrorInfo,
                                            bool MatchingInlineAsm) {
  if (!matchAndEmit(IDLoc, Opcode, Operands, Out, ErrorInfo, MatchingInlineAsm))
    return false;
  // ParseInstruction has consumed the statement's end (and the comments
  // after it): without this the generic recovery would skip the next one.
  resumeAfterError(/*AtNextStatement=*/true);
  return true;
}

bool SIMTAsmParser::matchAndEmit(SMLoc IDLoc, unsigned &Opcode, OperandVector &Operands,
                                 MCStreamer &Out, uint64_t &ErrorInfo,
                                 bool MatchingInlineAsm) {
  if (SkipCode)
    return false;
  MCInst Inst;
  FeatureBitset MissingFeatures;
  unsigned R = MatchInstructionImpl(Operands, Inst, ErrorInfo, MissingFeatures, MatchingInlineAsm);
  switch (R) {
  case Match_Success: {
    // Branch targets given as kernel addresses are relative to the section.
    const MCInstrDesc &D = MII.get(Inst.getOpcode());
    for (unsigned I = 0; I < Inst.getNumOperands() && I < D.getNumOperands(); ++I) {
      if (D.operands()[I].OperandType != MCOI::OPERAND_PCREL)
        continue;
      MCOperand &O = Inst.getOperand(I);
      int64_t V;
      if (O.isExpr() && O.getExpr()->evaluateAsAbsolute(V) && V % 8 != 0) {
        SMLoc Loc = IDLoc;
        for (auto &P : Operands)
          if (static_cast<SIMTOperand &>(*P).K == SIMTOperand::Kind::Imm)
            Loc = P->getStartLoc();
        return Error(Loc, "branch target " + hexString(V) +
                              " is not an instruction address (a multiple of 8)");
      }
      if (!O.isExpr() || !O.getExpr()->evaluateAsAbsolute(V))
        continue;
      SMLoc Loc = IDLoc;
      for (auto &P : Operands)
        if (static_cast<SIMTOperand &>(*P).K == SIMTOperand::Kind::Imm)
          Loc = P->getStartLoc();
      if (ListingMode)
        AbsoluteTargets.push_back({V, Loc});
      O = MCOperand::createExpr(MCBinaryExpr::createAdd(
            MCSymbolRefExpr::create(sectionStart(), getContext()),
            MCConstantExpr::create(V, getContext()), getContext()));
    }
    if (checkRegisters(Inst, Operands))
      return true;
    for (unsigned I = 0; I < Inst.getNumOperands() && I < D.getNumOperands(); ++I) {
      if (D.operands()[I].OperandType != MCOI::OPERAND_PCREL || !Inst.getOperand(I).isExpr())
        continue;
      SMLoc Loc = IDLoc;
      for (auto &P : Operands)
        if (static_cast<SIMTOperand &>(*P).K == SIMTOperand::Kind::Imm)
          Loc = P->getStartLoc();
      SmallVector<const MCSymbol *, 2> Syms;
      std::function<void(const MCExpr *)> Walk = [&](const MCExpr *E) {
        if (auto *SR = ::llvm::dyn_cast<MCSymbolRefExpr>(E))
          Syms.push_back(&SR->getSymbol());
        else if (auto *B = ::llvm::dyn_cast<MCBinaryExpr>(E)) {
          Walk(B->getLHS());
          Walk(B->getRHS());
        } else if (auto *U = ::llvm::dyn_cast<MCUnaryExpr>(E))
          Walk(U->getSubExpr());
      };
      Walk(Inst.getOperand(I).getExpr());
      for (const MCSymbol *Sym : Syms)
        LabelUses.push_back({Sym, Loc});
    }
    Inst.setLoc(IDLoc);
    Out.emitInstruction(Inst, getSTI());
    Opcode = Inst.getOpcode();
    return false;
  }
  case Match_MissingFeature: {
    // The level the instruction needs: the lowest feature it misses (each
    // level implies those below it).
    const char *Needs = "a higher level";
    for (unsigned I = 0; I < MissingFeatures.size(); ++I)
      if (MissingFeatures[I]) {
        Needs = getSubtargetFeatureName(I);
        break;
      }
    const unsigned Have = getTargetStreamer().targetLevel();
    return Error(IDLoc, static_cast<SIMTOperand &>(*Operands[0]).getToken().upper() + " needs " +
                            Needs + "; this file is for " + simt::levels::archName(Have) +
                            " (write .target " + Needs + " before the first kernel)");
  }
  case Match_MnemonicFail:
    return Error(IDLoc, "unknown mnemonic");
  default:
    break;
  }
  // A c[bank][offset] that only LDC's address form could take (any 16-bit
  // byte offset) in an instruction that did not match: the Sb rule is what
  // the writer broke.
  for (unsigned I = 1; I < Operands.size(); ++I) {
    auto &Op = static_cast<SIMTOperand &>(*Operands[I]);
    if (Op.K == SIMTOperand::Kind::Const && !Op.HasBase && !Op.isSbConstOffset())
      return Error(Op.OffsetLoc, "constant offset must be a multiple of 4 in the range [0, 0xfffc]");
  }
  std::string Mnemonic = static_cast<SIMTOperand &>(*Operands[0]).getToken().upper();
  std::string Msg = operandCountDiag(Operands);
  if (!Msg.empty())
    return Error(IDLoc, Msg);
  // More operands than any form of the mnemonic takes (when the matcher
  // failed at the first surplus one: `P2R R1, R2, ...` lacks PR instead).
  unsigned Hi = 0, Given = 0;
  for (const InstrRecordInfo &Rec : InstrRecords)
    if (Mnemonic == Rec.Mnemonic)
      Hi = std::max(Hi, recordOperandCount(Rec.Opcode));
  for (unsigned I = 1; I < Operands.size(); ++I) {
    auto &Op = static_cast<SIMTOperand &>(*Operands[I]);
    // Literal tokens (CC, PR) are in the syntax but not MC operands.
    if (Op.K == SIMTOperand::Kind::Guard || Op.K == SIMTOperand::Kind::Modifier ||
        Op.K == SIMTOperand::Kind::Token)
      continue;
    if (++Given > Hi && ErrorInfo != ~0ULL && ErrorInfo >= I)
      return Error(Op.Start, "too many operands for " + Mnemonic + ": expected " + Twine(Hi));
  }
  switch (R) {
  case Match_InvalidOperand: {
    SMLoc Loc = IDLoc;
    if (ErrorInfo != ~0ULL) {
      if (ErrorInfo >= Operands.size())
        return Error(IDLoc, "too few operands for " + Mnemonic);
      Loc = Operands[ErrorInfo]->getStartLoc();
    }
    return Error(Loc, "invalid operand for instruction");
  }
  default:
    break;
  }
  // BRA has a one-operand and a two-operand (CC test) form; with one operand
  // the target is what is wrong, not a missing CC test.
  if (R == Match_CCTest && ErrorInfo < Operands.size() &&
      ErrorInfo + 1 == Operands.size() &&
      static_cast<SIMTOperand &>(*Operands[ErrorInfo]).K != SIMTOperand::Kind::CCTest)
    R = Match_BrTarget;
  if (const char *Diag = getMatchKindDiag((SIMTMatchResultTy)R)) {
    SMLoc Loc = IDLoc;
    if (ErrorInfo != ~0ULL && ErrorInfo >= Operands.size())
      return Error(IDLoc, "too few operands for " + Mnemonic);
    if (ErrorInfo != ~0ULL)
      Loc = Operands[ErrorInfo]->getStartLoc();
    return Error(Loc, Diag);
  }
  return Error(IDLoc, "invalid instruction");
}

// A cuobjdump address comment: `/*0008*/` (hex digits only) as the first
// thing on its line. Encoding comments (`/*0x...*/`) are not.
void SIMTAsmParser::HandleComment(SMLoc Loc, StringRef CommentText) {
  const char *Open = Loc.getPointer() - 2; // the `/*`
  if (!ListingMode || CommentText.size() < 4 ||
      CommentText.find_first_not_of("0123456789abcdefABCDEF") != StringRef::npos)
    return;
  // The lexer reports a comment again when the parser peeks past it.
  if (!AddressComments.empty() && AddressComments.back().first >= Open)
    return;
  const SourceMgr &SM = getParser().getSourceManager();
  StringRef Buffer = SM.getMemoryBuffer(SM.FindBufferContainingLoc(Loc))->getBuffer();
  StringRef Before = Buffer.take_front(Open - Buffer.data());
  StringRef LineStart = Before.substr(Before.find_last_of('\n') + 1);
  if (!LineStart.trim().empty())
    return;
  uint64_t Address;
  if (CommentText.getAsInteger(16, Address))
    return;
  AddressComments.push_back({Open, Address});
}

void SIMTAsmParser::checkAddressComment(SMLoc IDLoc) {
  const char *At = IDLoc.getPointer();
  std::optional<std::pair<const char *, uint64_t>> Mine;
  while (!AddressComments.empty() && AddressComments.front().first < At) {
    Mine = AddressComments.front();
    AddressComments.pop_front();
  }
  if (!Mine || StringRef(Mine->first, At - Mine->first).contains('\n'))
    return;
  uint64_t Address = CodeBytes[getStreamer().getCurrentSectionOnly()];
  int64_t Skew = int64_t(Mine->second) - int64_t(Address);
  if (Skew == AddressSkew)
    return;
  AddressSkew = Skew;
  // cuobjdump's spelling: at least four lowercase hex digits.
  auto comment = [](uint64_t A) {
    std::string Hex = utohexstr(A, /*LowerCase=*/true);
    return "/*" + std::string(Hex.size() < 4 ? 4 - Hex.size() : 0, '0') + Hex + "*/";
  };
  const SIMTKernelRecord *K = getTargetStreamer().openKernel();
  std::string Where = K ? " of '" + K->Name + "'" : "";
  getParser().printError(SMLoc::getFromPointer(Mine->first),
                         "address " + comment(Mine->second) +
                             " is not this instruction's: it is at 0x" +
                             utohexstr(Address, true) + Where + ", expected " +
                             comment(Address) +
                             " (the listing has a gap, so its absolute branch targets "
                             "would not be where it says)");
}

bool SIMTAsmParser::check(llvm::Error E, SMLoc L) {
  if (!E)
    return false;
  return Error(L, toString(std::move(E)));
}

// The directives parseDirective handles (none of them emits bytes).
static const StringRef OwnDirectives[] = {
    ".kernel", ".func",   ".end_kernel", ".end_func",   ".param",      ".shared",   ".local",
    ".max_stack", ".regs", ".abi",       ".const_var", ".global_var", ".var_data",
    ".var_addr"};

ParseStatus SIMTAsmParser::parseDirective(AsmToken DirectiveID) {
  StringRef D = DirectiveID.getString();
  SMLoc Loc = DirectiveID.getLoc();
  SIMTTargetStreamer &TS = getTargetStreamer();
  // Data in a kernel (`.quad label`) moves the instructions after it.
  if (TS.openKernel() && !D.starts_with(".simt") && !D.starts_with(".loc") &&
      !D.starts_with(".file") && !is_contained(OwnDirectives, D))
    CodeSizeKnown = false;
  if (ParseStatus S = Guards.onDirective(DirectiveID); !S.isNoMatch())
    return S;
  auto parseInt = [&](int64_t &V, const char *What) -> bool {
    SMLoc L = getTok().getLoc();
    const MCExpr *E;
    if (getParser().parseExpression(E))
      return true;
    if (!E->evaluateAsAbsolute(V))
      return Error(L, std::string(What) + " must be a constant expression");
    if (V < 0)
      return Error(L, std::string(What) + " must not be negative");
    return false;
  };

  if (D == ".kernel" || D == ".func") {
    StringRef Name;
    SMLoc NLoc = getTok().getLoc();
    if (getParser().parseIdentifier(Name))
      return Error(NLoc, "expected a name after " + D);
    SIMTAbi Abi = ModuleAbi.value_or(ListingMode ? SIMTAbi::Infer : SIMTAbi::Ptr64);
    if (check(D == ".kernel" ? TS.emitKernelBegin(Name, Abi) : TS.emitFuncBegin(Name), NLoc))
      return ParseStatus::Failure;
    OpenKernelLoc = NLoc;
    AddressSkew = 0;
    SectionStarts[getStreamer().getCurrentSectionOnly()] = TS.openKernel()->Start;
    return parseEOL();
  }
  if (D == ".end_kernel" || D == ".end_func") {
    checkAbsoluteTargets();
    if (check(D == ".end_kernel" ? TS.emitKernelEnd() : TS.emitFuncEnd(), Loc))
      return ParseStatus::Failure;
    return parseEOL();
  }
  if (D == ".simt_listing")
    return parseListingDirective();
  if (D == ".target")
    return parseTargetDirective();
  if (D == ".param") {
    if (check(TS.checkInsideKernel(D), Loc))
      return ParseStatus::Failure;
    StringRef Name;
    SMLoc NLoc = getTok().getLoc();
    if (getParser().parseIdentifier(Name))
      return Error(NLoc, "expected a parameter name");
    int64_t Size, Al = 0;
    if (parseToken(AsmToken::Comma, "expected ','"))
      return ParseStatus::Failure;
    SMLoc SLoc = getTok().getLoc();
    if (parseInt(Size, "parameter size"))
      return ParseStatus::Failure;
    if (getTok().is(AsmToken::Comma)) {
      Lex();
      SMLoc ALoc = getTok().getLoc();
      if (parseInt(Al, "parameter alignment") ||
          check(SIMTTargetStreamer::checkParamAlign(Al), ALoc))
        return ParseStatus::Failure;
    }
    if (check(SIMTTargetStreamer::checkParamSize(Size), SLoc) ||
        check(TS.emitParam(Name, Size, Al).takeError(), NLoc))
      return ParseStatus::Failure;
    return parseEOL();
  }
  if (D == ".const_var" || D == ".global_var" || D == ".var_data" || D == ".var_addr")
    return parseVarDirective(D, Loc);
  if (D == ".abi")
    return parseAbiDirective();
  const char *What = StringSwitch<const char *>(D)
                         .Case(".shared", "shared memory size")
                         .Case(".local", "local memory size")
                         .Case(".max_stack", "stack depth")
                         .Case(".regs", "register count")
                         .Default(nullptr);
  if (!What)
    return ParseStatus::NoMatch;
  if (check(TS.checkInsideKernel(D), Loc))
    return ParseStatus::Failure;
  SMLoc VLoc = getTok().getLoc();
  int64_t V;
  if (parseInt(V, What))
    return ParseStatus::Failure;
  llvm::Error E = D == ".shared"      ? TS.emitShared(V)
                  : D == ".local"     ? TS.emitLocal(V)
                  : D == ".max_stack" ? TS.emitMaxStack(V)
                                      : TS.emitRegs(V);
  if (check(std::move(E), VLoc))
    return ParseStatus::Failure;
  return parseEOL();
}

ParseStatus SIMTAsmParser::parseListingDirective() {
  if (!ListingMode) {
    ListingMode = true;
    getTargetStreamer().emitListingMode();
  }
  SkipCode = false;
  if (getTok().isNot(AsmToken::Identifier))
    return parseEOL();
  SMLoc ArchLoc = getTok().getLoc();
  StringRef Arch = getTok().getString();
  unsigned SM = 0;
  if (!Arch.starts_with("sm_") || Arch.drop_front(3).getAsInteger(10, SM))
    return Error(ArchLoc, "expected sm_NN after 'code for'");
  Lex();
  // Kepler (sm_30) and later have another instruction set, whose listings
  // also hold control words; Tesla (sm_1x) an older one.
  if (SM != 20 && SM != 21) {
    SkipCode = true;
    getParser().printError(ArchLoc, Arch + " is not Fermi: only Fermi sm_20/sm_21 listings can "
                                           "be assembled (its code is skipped)");
  }
  return parseEOL();
}

ParseStatus SIMTAsmParser::parseTargetDirective() {
  SMLoc L = getTok().getLoc();
  if (getTok().isNot(AsmToken::Identifier))
    return Error(L, "expected a level of the ISA after .target (" + simt::levels::archList() + ")");
  std::string Arch = getTok().getString().str();
  const simt::levels::Level *Lv = simt::levels::byArch(Arch);
  if (!Lv)
    return Error(L, "'" + Arch + "' is not a level of this ISA (" + simt::levels::archList() + ")");
  Lex();
  if (check(getTargetStreamer().emitTarget(Lv->sm), L))
    return ParseStatus::Failure;
  MCSubtargetInfo &STI = copySTI();
  STI.setDefaultFeatures(Arch, Arch, "");
  setAvailableFeatures(ComputeAvailableFeatures(STI.getFeatureBits()));
  return parseEOL();
}

ParseStatus SIMTAsmParser::parseAbiDirective() {
  SMLoc L = getTok().getLoc();
  int64_t Bits = getTok().is(AsmToken::Integer) ? getTok().getIntVal() : 0;
  if (Bits != 32 && Bits != 64)
    return Error(L, ".abi must be 32 or 64 (the size of a pointer parameter in bits)");
  Lex();
  SIMTAbi Abi = Bits == 32 ? SIMTAbi::Ptr32 : SIMTAbi::Ptr64;
  SIMTTargetStreamer &TS = getTargetStreamer();
  if (!TS.openKernel())
    ModuleAbi = Abi;
  else if (check(TS.emitAbi(Abi), L))
    return ParseStatus::Failure;
  return parseEOL();
}

ParseStatus SIMTAsmParser::parseVarDirective(StringRef D, SMLoc Loc) {
  SIMTTargetStreamer &TS = getTargetStreamer();
  // A constant, non-negative number; its location for the error.
  auto parseNumber = [&](uint64_t &V, const Twine &What, SMLoc &L) -> bool {
    L = getTok().getLoc();
    const MCExpr *E;
    int64_t I;
    if (getParser().parseExpression(E))
      return true;
    if (!E->evaluateAsAbsolute(I))
      return Error(L, What + " must be a constant expression");
    if (I < 0)
      return Error(L, What + " must not be negative");
    V = uint64_t(I);
    return false;
  };
  auto comma = [&]() { return parseToken(AsmToken::Comma, "expected ','"); };
  if (D == ".var_data") {
    std::vector<uint8_t> Bytes;
    do {
      uint64_t B = 0; // GCC cannot see that parseNumber sets it on success
      SMLoc BLoc;
      if (parseNumber(B, "a data byte", BLoc))
        return ParseStatus::Failure;
      if (B > 255)
        return Error(BLoc, "a data byte must be in the range [0, 255]");
      Bytes.push_back(uint8_t(B));
    } while (parseOptionalToken(AsmToken::Comma));
    if (check(TS.emitVarData(Bytes), Loc))
      return ParseStatus::Failure;
    return parseEOL();
  }
  StringRef Name;
  SMLoc NLoc = getTok().getLoc();
  if (getParser().parseIdentifier(Name))
    return Error(NLoc, "expected a variable name after " + D);
  if (D == ".var_addr") {
    // HOLDER, AT, TARGET[+ADDEND | -ADDEND]
    uint64_t At = 0;
    SMLoc AtLoc, TLoc;
    StringRef Target;
    if (comma() || parseNumber(At, "the byte offset", AtLoc) || comma())
      return ParseStatus::Failure;
    TLoc = getTok().getLoc();
    if (getParser().parseIdentifier(Target))
      return Error(TLoc, "expected the name of the variable whose address it holds");
    int64_t Addend = 0;
    if (getTok().is(AsmToken::Plus) || getTok().is(AsmToken::Minus)) {
      const bool Minus = getTok().is(AsmToken::Minus);
      Lex();
      uint64_t N = 0;
      SMLoc ALoc;
      if (parseNumber(N, "the addend", ALoc))
        return ParseStatus::Failure;
      if (N > (Minus ? uint64_t(INT64_MAX) + 1 : uint64_t(INT64_MAX)))
        return Error(ALoc, "the addend must fit 64 bits, signed");
      Addend = Minus ? int64_t(0 - N) : int64_t(N);
    }
    if (check(TS.emitVarAddress(Name, At, Target, Addend), NLoc))
      return ParseStatus::Failure;
    return parseEOL();
  }
  uint64_t Bank = 0, Offset = 0, Size = 0, Al = 0;
  SMLoc BankLoc, OffLoc, SizeLoc, AlLoc;
  bool Const = D == ".const_var";
  if (comma() || (Const && (parseNumber(Bank, "constant bank", BankLoc) || comma())) ||
      parseNumber(Offset, "variable offset", OffLoc) || comma() ||
      parseNumber(Size, "variable size", SizeLoc) || comma() ||
      (!Const && (parseNumber(Al, "variable alignment", AlLoc) || comma())))
    return ParseStatus::Failure;
  StringRef Type;
  SMLoc TLoc = getTok().getLoc();
  if (getParser().parseIdentifier(Type))
    return Error(TLoc, "expected an element type (u8, s8, u16, s16, u32, s32, u64, s64, f32, "
                       "f64)");
  llvm::Error E = Const ? TS.emitConstVar(Name, Bank, Offset, Size, Type)
                        : TS.emitGlobalVar(Name, Offset, Size, Al, Type);
  if (E) {
    // Point at the argument the message is about.
    std::string Msg = toString(std::move(E));
    StringRef M(Msg);
    SMLoc At = M.starts_with("constant bank")                        ? BankLoc
               : M.contains("element type")                          ? TLoc
               : M.starts_with("alignment")                          ? AlLoc
               : M.starts_with("offset") || M.starts_with("constant offset") ||
                       M.contains("does not fit") || M.contains("ends past")
                   ? OffLoc
               : M.starts_with("size") || M.starts_with("variable size") ? SizeLoc
                                                                         : NLoc;
    return Error(At, Msg);
  }
  return parseEOL();
}

void SIMTAsmParser::checkAbsoluteTargets() {
  const SIMTKernelRecord *K = getTargetStreamer().openKernel();
  uint64_t Size = CodeBytes[getStreamer().getCurrentSectionOnly()];
  if (K && CodeSizeKnown)
    for (auto [V, Loc] : AbsoluteTargets)
      if (V < 0 || uint64_t(V) >= Size)
        getParser().printError(Loc, "branch target " + hexString(V) + " is outside '" + K->Name +
                                        "', " +
                                        (Size ? "whose instructions are at 0x0.." +
                                                    hexString(int64_t(Size) - 8)
                                              : std::string("which has no instructions")));
  AbsoluteTargets.clear();
  CodeSizeKnown = true;
}

void SIMTAsmParser::onEndOfFile() {
  Guards.onEndOfFile();
  checkAbsoluteTargets();
  for (auto &[Sym, Loc] : LabelUses)
    if (Sym->isUndefined() && !Sym->isVariable())
      Error(Loc, "undefined label '" + Sym->getName() + "'");
  // The target streamer writes the metadata when the streamer finishes.
  check(getTargetStreamer().checkAllClosed(), OpenKernelLoc);
}

void LLVMInitializeSIMTAsmParser() {
  RegisterMCAsmParser<SIMTAsmParser> X(SIMT::getTheSIMTTarget());
}
