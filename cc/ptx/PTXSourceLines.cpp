//===-- PTXSourceLines.cpp - The .cu lines of clang's PTX -----------------===//
#include "cc/ptx/PTXSourceLines.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace llvm;

namespace simt::cc {

namespace {

bool isIdentChar(char C) { return isAlnum(C) || C == '_' || C == '$'; }

/// A PTX line without its indentation and `//` comment.
StringRef code(StringRef Line) { return Line.split("//").first.trim(); }

/// The identifier that ends S.
StringRef trailingIdentifier(StringRef S) {
  S = S.rtrim();
  size_t Start = S.size();
  while (Start > 0 && isIdentChar(S[Start - 1]))
    --Start;
  return S.drop_front(Start);
}

/// Whether Line is the directive D (`.loc`, not `.local`), consuming it.
bool consumeDirective(StringRef &Line, StringRef D) {
  if (!Line.starts_with(D) || (Line.size() > D.size() && !isSpace(Line[D.size()])))
    return false;
  Line = Line.drop_front(D.size());
  return true;
}

bool hasToken(StringRef Line, StringRef Token) {
  SmallVector<StringRef, 8> Tokens;
  SplitString(Line, Tokens, " \t");
  return any_of(Tokens, [&](StringRef T) { return T.trim("\t(") == Token; });
}

/// The identifier a user wrote for a PTX symbol: `_ZZ1kPiE3buf` (k's
/// __shared__ buf) is k(int*)::buf, so buf; a kernel `_Z1kPi` is k.
std::string sourceName(StringRef Symbol) {
  std::string Demangled = demangle(Symbol);
  // Drop parameter lists and template arguments, then the scopes.
  std::string Flat;
  int Depth = 0;
  for (char C : Demangled) {
    if (C == '(' || C == '<')
      ++Depth;
    else if ((C == ')' || C == '>') && Depth > 0)
      --Depth;
    else if (Depth == 0)
      Flat += C;
  }
  StringRef Name(Flat);
  size_t Scope = Name.rfind("::");
  if (Scope != StringRef::npos)
    Name = Name.drop_front(Scope + 2);
  return trailingIdentifier(Name).str();
}

/// The 0-based column of Word as a whole word in Line, if it is there.
std::optional<unsigned> findWord(StringRef Line, StringRef Word) {
  for (size_t At = Line.find(Word); !Word.empty() && At != StringRef::npos;
       At = Line.find(Word, At + 1)) {
    size_t End = At + Word.size();
    if ((At == 0 || !isIdentChar(Line[At - 1])) && (End == Line.size() || !isIdentChar(Line[End])))
      return unsigned(At);
  }
  return std::nullopt;
}

/// The CUDA qualifiers that declare a variable of a PTX state space.
ArrayRef<StringRef> qualifiersOf(StringRef DeclLine) {
  static const StringRef Shared[] = {"__shared__"}, Global[] = {"__device__", "__managed__"},
                         Const[] = {"__constant__"};
  if (hasToken(DeclLine, ".shared"))
    return Shared;
  if (hasToken(DeclLine, ".global"))
    return Global;
  if (hasToken(DeclLine, ".const"))
    return Const;
  return {};
}

} // namespace

PTXSourceLines::PTXSourceLines(StringRef PTX, StringRef MainFile)
    : Text(PTX.str()), MainFile(MainFile.str()) {
  StringRef(Text).split(Lines, '\n');
  scan();
}

// One pass over the text: the `{ }` depth tells function bodies (and the
// call sequences and inline asm blocks inside them) from module scope.
void PTXSourceLines::scan() {
  Info.resize(Lines.size());
  int Depth = 0;
  bool InFunction = false;
  std::optional<Loc> Last;
  for (size_t N = 0; N < Lines.size(); ++N) {
    StringRef L = code(Lines[N]);
    if (Depth == 0 && !InFunction && (hasToken(L, ".entry") || hasToken(L, ".func"))) {
      Functions.push_back({unsigned(N), std::nullopt});
      InFunction = true;
      Last.reset();
    }
    if (consumeDirective(L, ".file")) {
      unsigned Index = 0;
      StringRef Rest = L.ltrim();
      if (!Rest.consumeInteger(10, Index))
        Files.push_back({Index, Rest.ltrim().drop_front().split('"').first.str()});
    } else if (InFunction && consumeDirective(L, ".loc")) {
      Loc X;
      L = L.ltrim();
      bool Bad = L.consumeInteger(10, X.File);
      L = L.ltrim();
      Bad |= L.consumeInteger(10, X.Line);
      L = L.ltrim();
      if (!Bad) {
        (void)L.consumeInteger(10, X.Col);
        Last = X;
        if (!Functions.back().First)
          Functions.back().First = X;
      }
    }
    Info[N] = {Last, InFunction ? int(Functions.size()) - 1 : -1};
    Depth += int(L.count('{')) - int(L.count('}'));
    // A body closed, or a declaration without one.
    if (InFunction && Depth == 0 && (L.contains('}') || L.ends_with(";")))
      InFunction = false;
  }
}

SourcePosition PTXSourceLines::position(const Loc &L) const {
  SourcePosition P{"", L.Line, L.Col};
  auto It = find_if(Files, [&](const auto &F) { return F.first == L.File; });
  if (It != Files.end())
    P.File = sys::fs::equivalent(It->second, MainFile) ? MainFile : It->second;
  return P;
}

std::optional<SourcePosition> PTXSourceLines::lookup(unsigned Line) const {
  if (Line == 0 || Line > Info.size())
    return std::nullopt;
  const LineInfo &I = Info[Line - 1];
  if (I.Function < 0)
    return declaration(Line);
  if (I.Last)
    return position(*I.Last);
  return functionHeader(Functions[I.Function]);
}

// A header (the kernel's too much .shared, say) is at the function's first
// `.loc`, clang's line of its name with no column: the name's, found there.
std::optional<SourcePosition> PTXSourceLines::functionHeader(const FunctionInfo &F) const {
  if (!F.First)
    return std::nullopt;
  SourcePosition P = position(*F.First);
  StringRef Header = code(Lines[F.HeaderLine]);
  std::string Name = sourceName(trailingIdentifier(Header.substr(0, Header.rfind('('))));
  if (P.Col == 0)
    if (std::optional<unsigned> Col = findWord(sourceLine(P), Name))
      P.Col = *Col + 1;
  return P;
}

// A module-scope variable: PTX gives it no `.loc` (PTXSourceLines.h).
std::optional<SourcePosition> PTXSourceLines::declaration(unsigned Line) const {
  StringRef Decl = code(Lines[Line - 1]);
  ArrayRef<StringRef> Qualifiers = qualifiersOf(Decl);
  const std::vector<std::string> *Source = sourceLines(MainFile);
  if (Qualifiers.empty() || !Source)
    return std::nullopt;
  std::string Name = sourceName(trailingIdentifier(Decl.substr(0, Decl.find_first_of("[=;"))));
  for (size_t N = 0; N < Source->size(); ++N) {
    StringRef S = StringRef((*Source)[N]).split("//").first; // not a comment's mention
    std::optional<unsigned> Col = findWord(S, Name);
    if (Col && any_of(Qualifiers, [&](StringRef Q) { return findWord(S, Q).has_value(); }))
      return SourcePosition{MainFile, unsigned(N + 1), *Col + 1};
  }
  return std::nullopt;
}

StringRef PTXSourceLines::ptxLine(unsigned Line) const {
  return Line == 0 || Line > Lines.size() ? StringRef() : code(Lines[Line - 1]);
}

const std::vector<std::string> *PTXSourceLines::sourceLines(StringRef File) const {
  auto It = find_if(Sources, [&](const auto &S) { return S.first == File; });
  if (It != Sources.end())
    return It->second.empty() ? nullptr : &It->second;
  std::vector<std::string> Read;
  if (auto Buf = MemoryBuffer::getFile(File, /*IsText=*/true)) {
    SmallVector<StringRef, 0> Split;
    (*Buf)->getBuffer().split(Split, '\n');
    for (StringRef S : Split)
      Read.push_back(S.rtrim('\r').str());
  }
  Sources.push_back({File.str(), std::move(Read)});
  return Sources.back().second.empty() ? nullptr : &Sources.back().second;
}

StringRef PTXSourceLines::sourceLine(const SourcePosition &P) const {
  const std::vector<std::string> *Source = sourceLines(P.File);
  if (!Source || P.Line == 0 || P.Line > Source->size())
    return "";
  return (*Source)[P.Line - 1];
}

std::string withoutLineDirectives(StringRef PTX) {
  SmallVector<StringRef, 0> Lines;
  PTX.split(Lines, '\n');
  std::string Out;
  Out.reserve(PTX.size());
  bool InSection = false;
  for (size_t N = 0; N < Lines.size(); ++N) {
    StringRef L = code(Lines[N]);
    bool DebugLabel = L.starts_with("$L__tmp") || L.starts_with("$L__func_begin") ||
                      L.starts_with("$L__func_end");
    if (consumeDirective(L, ".section"))
      InSection = true;
    bool Drop = InSection || DebugLabel || consumeDirective(L, ".loc") ||
                consumeDirective(L, ".file");
    if (InSection && L.contains('}'))
      InSection = false;
    if (!Drop)
      Out += Lines[N];
    if (N + 1 < Lines.size())
      Out += '\n';
  }
  return Out;
}

} // namespace simt::cc
