//===-- SIMTAsmGuards.cpp - Bounds on what hostile assembly makes MC do ---===//
//
// Expressions are parsed here as MC's AsmParser parses them (the same GNU
// operator precedences, the same primaries through its parsePrimaryExpr),
// except that unary operators are taken iteratively and everything is
// counted, so that nothing recurses without bound. MC folds an expression
// as soon as it is parsed, so the INT64_MIN / -1 check runs on the tree
// before it is handed back.
//
//===----------------------------------------------------------------------===//
#include "AsmParser/SIMTAsmGuards.h"
#include "SIMTLimits.h"
#include "support/InputFile.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Twine.h"
#include "llvm/MC/MCAsmInfo.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCParser/MCAsmLexer.h"
#include "llvm/MC/MCSection.h"
#include "llvm/MC/MCStreamer.h"
#include "llvm/MC/MCSymbol.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"

#include <algorithm>

using namespace llvm;

namespace {

/// MC's GNU precedences (AsmParser.cpp, getGNUBinOpPrecedence): the tree
/// built here must be the tree MC would build.
unsigned binOpPrecedence(const MCAsmInfo &MAI, AsmToken::TokenKind K, MCBinaryExpr::Opcode &Kind) {
  switch (K) {
  default:
    return 0;
  case AsmToken::AmpAmp: Kind = MCBinaryExpr::LAnd; return 2;
  case AsmToken::PipePipe: Kind = MCBinaryExpr::LOr; return 1;
  case AsmToken::EqualEqual: Kind = MCBinaryExpr::EQ; return 3;
  case AsmToken::ExclaimEqual:
  case AsmToken::LessGreater: Kind = MCBinaryExpr::NE; return 3;
  case AsmToken::Less: Kind = MCBinaryExpr::LT; return 3;
  case AsmToken::LessEqual: Kind = MCBinaryExpr::LTE; return 3;
  case AsmToken::Greater: Kind = MCBinaryExpr::GT; return 3;
  case AsmToken::GreaterEqual: Kind = MCBinaryExpr::GTE; return 3;
  case AsmToken::Plus: Kind = MCBinaryExpr::Add; return 4;
  case AsmToken::Minus: Kind = MCBinaryExpr::Sub; return 4;
  case AsmToken::Pipe: Kind = MCBinaryExpr::Or; return 5;
  case AsmToken::Exclaim:
    if (MAI.getCommentString() == "@")
      return 0;
    Kind = MCBinaryExpr::OrNot;
    return 5;
  case AsmToken::Caret: Kind = MCBinaryExpr::Xor; return 5;
  case AsmToken::Amp: Kind = MCBinaryExpr::And; return 5;
  case AsmToken::Star: Kind = MCBinaryExpr::Mul; return 6;
  case AsmToken::Slash: Kind = MCBinaryExpr::Div; return 6;
  case AsmToken::Percent: Kind = MCBinaryExpr::Mod; return 6;
  case AsmToken::LessLess: Kind = MCBinaryExpr::Shl; return 6;
  case AsmToken::GreaterGreater:
    Kind = MAI.shouldUseLogicalShr() ? MCBinaryExpr::LShr : MCBinaryExpr::AShr;
    return 6;
  }
}

/// Finds a division MC's evaluation would trap on: INT64_MIN / -1 or % -1,
/// in the tree or in the value of a variable it names. Children are checked
/// before their parent is evaluated, so evaluating them is safe.
struct DivisionWalk {
  SmallPtrSet<const MCSymbol *, 8> Seen;
  const MCBinaryExpr *Bad = nullptr;
  const MCSymbol *BadVia = nullptr; ///< the variable it was found through

  bool walk(const MCExpr *E, unsigned Depth, const MCSymbol *Via = nullptr) {
    if (Depth > 4 * kSIMTMaxExprOperators)
      return false; // deeper than an expression can be: MC refuses such chains itself
    switch (E->getKind()) {
    case MCExpr::Binary: {
      const auto *B = cast<MCBinaryExpr>(E);
      if (walk(B->getLHS(), Depth + 1, Via) || walk(B->getRHS(), Depth + 1, Via))
        return true;
      if (B->getOpcode() != MCBinaryExpr::Div && B->getOpcode() != MCBinaryExpr::Mod)
        return false;
      int64_t L, R;
      if (B->getLHS()->evaluateAsAbsolute(L) && B->getRHS()->evaluateAsAbsolute(R) &&
          L == INT64_MIN && R == -1) {
        Bad = B;
        BadVia = Via;
        return true;
      }
      return false;
    }
    case MCExpr::Unary:
      return walk(cast<MCUnaryExpr>(E)->getSubExpr(), Depth + 1, Via);
    case MCExpr::SymbolRef: {
      const MCSymbol &S = cast<MCSymbolRefExpr>(E)->getSymbol();
      if (S.isVariable() && Seen.insert(&S).second)
        return walk(S.getVariableValue(/*SetUsed=*/false), Depth + 1, Via ? Via : &S);
      return false;
    }
    default:
      return false;
    }
  }
};

/// The directives whose first expression is a size: what it bounds.
struct SizedDirective {
  const char *Name;
  uint8_t Limit; // SIMTAsmGuards::Limit
  uint8_t Scale; // bytes per unit of the value (.ds.*), else 1
};

} // namespace

bool SIMTAsmGuards::countOperator(SMLoc Loc) {
  if (++Operators <= kSIMTMaxExprOperators)
    return false;
  return Parser.Error(Loc, "expression has more than " + Twine(kSIMTMaxExprOperators) +
                               " operators and parentheses");
}

bool SIMTAsmGuards::parseExpression(const MCExpr *&Res, SMLoc &EndLoc) {
  const SMLoc Start = Parser.getTok().getLoc();
  const bool Outermost = Depth == 0;
  if (Outermost)
    Operators = 0;
  else if (countOperator(Start)) // a parenthesis: MC's parseParenExpr called back
    return true;
  ++Depth;
  const bool Failed = parseOperand(Res, EndLoc) || parseBinOpRHS(1, Res, EndLoc);
  --Depth;
  if (Failed || checkDivisions(Res, Start))
    return true;
  return Outermost && checkPendingLimit(Res, Start);
}

bool SIMTAsmGuards::parseOperand(const MCExpr *&Res, SMLoc &EndLoc) {
  MCAsmLexer &Lexer = Parser.getLexer();
  SmallVector<std::pair<MCUnaryExpr::Opcode, SMLoc>, 4> Unary;
  for (bool More = true; More;) {
    MCUnaryExpr::Opcode Op = MCUnaryExpr::Plus;
    switch (Lexer.getKind()) {
    case AsmToken::Minus: Op = MCUnaryExpr::Minus; break;
    case AsmToken::Plus: Op = MCUnaryExpr::Plus; break;
    case AsmToken::Tilde: Op = MCUnaryExpr::Not; break;
    case AsmToken::Exclaim: Op = MCUnaryExpr::LNot; break;
    default: More = false; continue;
    }
    const SMLoc Loc = Lexer.getLoc();
    if (countOperator(Loc))
      return true;
    Unary.push_back({Op, Loc});
    Parser.Lex();
  }
  if (Parser.parsePrimaryExpr(Res, EndLoc, nullptr))
    return true;
  for (auto It = Unary.rbegin(); It != Unary.rend(); ++It)
    Res = MCUnaryExpr::create(It->first, Res, Parser.getContext(), It->second);
  return false;
}

/// MC's parseBinOpRHS: operators of at least `Precedence`, left to right;
/// the recursion is bounded by the number of precedence levels.
bool SIMTAsmGuards::parseBinOpRHS(unsigned Precedence, const MCExpr *&Res, SMLoc &EndLoc) {
  MCAsmLexer &Lexer = Parser.getLexer();
  const MCAsmInfo &MAI = *Parser.getContext().getAsmInfo();
  const SMLoc StartLoc = Lexer.getLoc();
  while (true) {
    MCBinaryExpr::Opcode Kind = MCBinaryExpr::Add;
    const unsigned TokPrec = binOpPrecedence(MAI, Lexer.getKind(), Kind);
    if (TokPrec < Precedence)
      return false;
    if (countOperator(Lexer.getLoc()))
      return true;
    Parser.Lex();
    const MCExpr *RHS;
    if (parseOperand(RHS, EndLoc))
      return true;
    MCBinaryExpr::Opcode Next;
    if (TokPrec < binOpPrecedence(MAI, Lexer.getKind(), Next) &&
        parseBinOpRHS(TokPrec + 1, RHS, EndLoc))
      return true;
    Res = MCBinaryExpr::create(Kind, Res, RHS, Parser.getContext(), StartLoc);
  }
}

/// "INT64_MIN / -1 overflows 64 bits", naming the variable it is in, if any.
static std::string divisionMessage(const MCBinaryExpr &Bad, const MCSymbol *Via) {
  std::string Msg = Bad.getOpcode() == MCBinaryExpr::Div ? "INT64_MIN / -1" : "INT64_MIN % -1";
  Msg += " overflows 64 bits";
  if (Via)
    Msg += " (in the value of '" + Via->getName().str() + "')";
  return Msg;
}

bool SIMTAsmGuards::checkDivisions(const MCExpr *E, SMLoc Loc) {
  DivisionWalk W;
  if (!W.walk(E, 0))
    return false;
  ReportedDivisions.insert(W.Bad);
  // Found through a variable (defined with an operand not known then): at
  // the use, naming it.
  if (W.BadVia)
    return Parser.Error(Loc, divisionMessage(*W.Bad, W.BadVia));
  return Parser.Error(W.Bad->getLoc().isValid() ? W.Bad->getLoc() : Loc,
                      divisionMessage(*W.Bad, nullptr));
}

void SIMTAsmGuards::onEndOfFile() {
  std::vector<const MCSymbol *> Vars; // by name: errors in a stable order
  for (const auto &Entry : Parser.getContext().getSymbols())
    if (const MCSymbol *S = Entry.second.Symbol; S && S->isVariable())
      Vars.push_back(S);
  llvm::sort(Vars, [](const MCSymbol *A, const MCSymbol *B) { return A->getName() < B->getName(); });
  for (const MCSymbol *S : Vars) {
    DivisionWalk W;
    if (!W.walk(S->getVariableValue(/*SetUsed=*/false), 0, S) ||
        !ReportedDivisions.insert(W.Bad).second)
      continue;
    Parser.Error(W.Bad->getLoc().isValid() ? W.Bad->getLoc() : Parser.getTok().getLoc(),
                 divisionMessage(*W.Bad, S));
  }
}

//===-- Sizes ---------------------------------------------------------------===//

bool SIMTAsmGuards::addBytes(uint64_t Bytes, SMLoc Loc, bool AtLeast) {
  const MCSection *Sec = Parser.getStreamer().getCurrentSectionOnly();
  if (!Sec)
    return false;
  uint64_t &N = SectionBytes[Sec];
  const uint64_t Old = N;
  N = AtLeast ? std::max(N, Bytes) : (Bytes > UINT64_MAX - N ? UINT64_MAX : N + Bytes);
  TotalBytes += std::min(N - Old, UINT64_MAX - TotalBytes);
  if (N <= simt::limits::kMaxCodeBytes && TotalBytes <= kSIMTMaxObjectBytes)
    return false;
  // Refused from now on, but said once: a runaway .rept would repeat it.
  if (SectionFull[Sec])
    return true;
  SectionFull[Sec] = true;
  if (N > simt::limits::kMaxCodeBytes)
    return Parser.Error(Loc, "section '" + Sec->getName() + "' would exceed " +
                                 Twine(simt::limits::kMaxCodeBytes) +
                                 " bytes (the limit of a section)");
  return Parser.Error(Loc, "the sections would exceed " + Twine(kSIMTMaxObjectBytes) +
                               " bytes in all (the limit of an object)");
}

bool SIMTAsmGuards::onInstruction(SMLoc Loc) {
  Pending = Limit::None;
  return addBytes(8, Loc);
}

uint64_t SIMTAsmGuards::reptBodyBytes(SMLoc After) const {
  SourceMgr &SM = Parser.getSourceManager();
  const unsigned Buf = SM.FindBufferContainingLoc(After);
  if (!Buf)
    return 0;
  const StringRef Text = SM.getMemoryBuffer(Buf)->getBuffer();
  // The body: the statements after this one, up to the matching .endr (a
  // textual estimate; MC reads it by tokens).
  size_t Pos = Text.find_first_of("\n;", size_t(After.getPointer() - Text.data()));
  if (Pos == StringRef::npos)
    return 0;
  const size_t Start = Pos + 1;
  unsigned Nest = 1;
  while (Pos < Text.size()) {
    const size_t Next = Text.find_first_of("\n;", Pos + 1);
    const StringRef Stmt = Text.slice(Pos + 1, Next).ltrim(" \t");
    if (Stmt.starts_with_insensitive(".endr")) {
      if (--Nest == 0)
        return Pos + 1 - Start;
    } else if (Stmt.starts_with_insensitive(".rep") || Stmt.starts_with_insensitive(".irp")) {
      ++Nest;
    }
    Pos = Next;
  }
  return Text.size() - Start;
}

bool SIMTAsmGuards::checkPendingLimit(const MCExpr *E, SMLoc Loc) {
  const Limit L = Pending;
  Pending = Limit::None;
  if (L == Limit::None)
    return false;
  // The directive's own first expression only (same line): a directive that
  // failed before its expression must not bound the next statement's.
  const char *From = PendingLoc.getPointer(), *To = Loc.getPointer();
  if (To < From || StringRef(From, size_t(To - From)).contains('\n'))
    return false;
  int64_t V;
  if (!E->evaluateAsAbsolute(V) || V < 0)
    return false; // not known yet, or refused by MC itself
  const uint64_t U = uint64_t(V);
  const Twine D = PendingDirective;
  const uint64_t MaxCode = simt::limits::kMaxCodeBytes;
  switch (L) {
  case Limit::None:
    return false;
  case Limit::Pow2Align: {
    const unsigned MaxLog = Log2_64(simt::limits::kMaxAlignBytes);
    if (U > MaxLog)
      return Parser.Error(Loc, D + " " + Twine(V) + ": at most " + Twine(MaxLog) + " (" +
                                   Twine(simt::limits::kMaxAlignBytes) + "-byte alignment)");
    return addBytes((uint64_t(1) << U) - 1, Loc);
  }
  case Limit::ByteAlign:
    if (U > simt::limits::kMaxAlignBytes)
      return Parser.Error(Loc, D + " " + Twine(V) + ": an alignment of at most " +
                                   Twine(simt::limits::kMaxAlignBytes) + " bytes");
    return addBytes(U ? U - 1 : 0, Loc);
  case Limit::Bytes:
  case Limit::FillCount: {
    if (U > MaxCode / PendingScale)
      return Parser.Error(Loc, D + " " + Twine(V) + ": more than " + Twine(MaxCode) +
                                   " bytes (the limit of a section)");
    uint64_t Size = PendingScale;
    if (L == Limit::FillCount) { // .fill COUNT[, SIZE[, VALUE]]: SIZE is at most 8
      const AsmToken &Tok = Parser.getTok();
      Size = 1;
      if (Tok.is(AsmToken::Comma)) {
        const AsmToken SizeTok = Parser.getLexer().peekTok();
        Size = SizeTok.is(AsmToken::Integer) ? std::min<uint64_t>(SizeTok.getIntVal(), 8) : 8;
      }
    }
    return addBytes(U * Size, Loc);
  }
  case Limit::Org:
    if (U > MaxCode)
      return Parser.Error(Loc, D + " " + Twine(V) + ": beyond " + Twine(MaxCode) +
                                   " bytes (the limit of a section)");
    return addBytes(U, Loc, /*AtLeast=*/true);
  case Limit::Rept: {
    const uint64_t Body = reptBodyBytes(Loc);
    const uint64_t Bytes = Body && U > kSIMTMaxReptBytes / Body ? UINT64_MAX : U * Body;
    if (Bytes > kSIMTMaxReptBytes - ReptBytes)
      return Parser.Error(Loc, D + " " + Twine(V) + " of a " + Twine(Body) +
                                   "-byte body: .rept would expand to more than " +
                                   Twine(kSIMTMaxReptBytes) + " bytes of text in all");
    ReptBytes += Bytes;
    return false;
  }
  }
  return false;
}

//===-- Directives ----------------------------------------------------------===//

bool SIMTAsmGuards::checkInclude(const AsmToken &ID) {
  const AsmToken &Tok = Parser.getTok();
  if (Tok.isNot(AsmToken::String))
    return false; // MC's own error
  const std::string Name = Tok.getStringContents().str();
  SourceMgr &SM = Parser.getSourceManager();
  // The file MC will open: the name as written, then in each -I directory
  // (SourceMgr::OpenIncludeFile); a directory is skipped, as there.
  std::string Found, Dir;
  for (int I = -1; I < int(SM.getIncludeDirs().size()) && Found.empty(); ++I) {
    SmallString<256> Path;
    if (I >= 0)
      Path = SM.getIncludeDirs()[I];
    sys::path::append(Path, Name);
    sys::fs::file_status St;
    if (sys::fs::status(Path, St))
      continue;
    if (sys::fs::is_directory(St)) {
      if (Dir.empty())
        Dir = std::string(Path);
      continue;
    }
    Found = std::string(Path);
  }
  if (Found.empty()) {
    if (!Dir.empty())
      return Parser.Error(Tok.getLoc(), "cannot read '" + Dir + "': Is a directory");
    return false; // MC: "Could not find include file"
  }
  if (simt::Status S = simt::checkInputFile(Found, simt::InputKind::AsmSource); !S)
    return Parser.Error(Tok.getLoc(), S.message());
  if (ID.getString().equals_insensitive(".incbin")) {
    uint64_t Size = 0;
    sys::fs::file_size(Found, Size);
    return addBytes(Size, Tok.getLoc());
  }
  // The chain of files that include this one, innermost first.
  unsigned Buf = SM.FindBufferContainingLoc(Tok.getLoc());
  for (unsigned Level = 1; Buf; ++Level) {
    const StringRef Id = SM.getMemoryBuffer(Buf)->getBufferIdentifier();
    if (sys::fs::equivalent(Id, Found))
      return Parser.Error(Tok.getLoc(), "'" + Found + "' includes itself (an .include cycle)");
    if (Level >= kSIMTMaxIncludeDepth)
      return Parser.Error(Tok.getLoc(), ".include nested more than " +
                                            Twine(kSIMTMaxIncludeDepth) + " deep");
    const SMLoc Parent = SM.getParentIncludeLoc(Buf);
    Buf = Parent.isValid() ? SM.FindBufferContainingLoc(Parent) : 0;
  }
  return false;
}

ParseStatus SIMTAsmGuards::onDirective(const AsmToken &ID) {
  static const SizedDirective Sized[] = {
      {".p2align", uint8_t(Limit::Pow2Align), 1}, {".p2alignw", uint8_t(Limit::Pow2Align), 1},
      {".p2alignl", uint8_t(Limit::Pow2Align), 1}, {".align", uint8_t(Limit::ByteAlign), 1},
      {".align32", uint8_t(Limit::ByteAlign), 1},  {".balign", uint8_t(Limit::ByteAlign), 1},
      {".balignw", uint8_t(Limit::ByteAlign), 1},  {".balignl", uint8_t(Limit::ByteAlign), 1},
      {".skip", uint8_t(Limit::Bytes), 1},         {".space", uint8_t(Limit::Bytes), 1},
      {".zero", uint8_t(Limit::Bytes), 1},         {".fill", uint8_t(Limit::FillCount), 1},
      {".ds", uint8_t(Limit::Bytes), 2},           {".ds.b", uint8_t(Limit::Bytes), 1},
      {".ds.w", uint8_t(Limit::Bytes), 2},         {".ds.s", uint8_t(Limit::Bytes), 4},
      {".ds.l", uint8_t(Limit::Bytes), 4},         {".ds.d", uint8_t(Limit::Bytes), 8},
      {".ds.p", uint8_t(Limit::Bytes), 12},        {".ds.x", uint8_t(Limit::Bytes), 12},
      {".org", uint8_t(Limit::Org), 1},            {".rept", uint8_t(Limit::Rept), 1},
      {".rep", uint8_t(Limit::Rept), 1},
  };
  Pending = Limit::None;
  const StringRef D = ID.getString();
  if (D.equals_insensitive(".include") || D.equals_insensitive(".incbin"))
    return checkInclude(ID) ? ParseStatus::Failure : ParseStatus::NoMatch;
  for (const SizedDirective &S : Sized)
    if (D.equals_insensitive(S.Name)) {
      Pending = Limit(S.Limit);
      PendingScale = S.Scale;
      PendingDirective = D.str();
      PendingLoc = ID.getLoc();
      break;
    }
  return ParseStatus::NoMatch;
}
