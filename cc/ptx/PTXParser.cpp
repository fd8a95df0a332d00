//===-- PTXParser.cpp - PTX text to the IR --------------------------------===//
//
// Grammar (what clang-19 emits, and the PTX ISA rules it relies on):
//   module     := { .version | .target | .address_size | .file | .section
//                 | .pragma | [linkage] (function | variable ;) }
//   function   := (.entry | .func [(returns)]) name [(params)] {perf} (body | ;)
//   body       := { {.reg | declaration | label: | { | } | .loc | .pragma
//                 | [@[!]%p] opcode[.suffix]* [operand {, operand}] ;} }
//   operand    := reg | !reg | %special | number | symbol[+N] | _
//               | [base[+N]] | [N] | {operand, ...} | (operand, ...)
// Blocks start at labels and after terminators; symbols are resolved when
// the function ends (labels may be used before they are defined).
//
//===----------------------------------------------------------------------===//
#include "cc/ptx/PTXParser.h"
#include "cc/ptx/Diagnostics.h"
#include "cc/ptx/PTXLexer.h"
#include "isa/SIMTLimits.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/SourceMgr.h"

#include <bit>

using namespace llvm;

namespace simt::cc {

namespace {

constexpr unsigned MaxRegisters = 1u << 20;

class Parser {
public:
  Parser(unsigned BufID, Diagnostics &Diag)
      : Diag(Diag),
        Lex(Diag.sourceMgr().getMemoryBuffer(BufID)->getBuffer()) {
    M = std::make_unique<Module>();
    M->FileName = Diag.sourceMgr().getMemoryBuffer(BufID)->getBufferIdentifier().str();
    lex();
  }

  std::unique_ptr<Module> run();

private:
  // Tokens.
  void lex();
  const Token &peek();
  bool at(Tok K) const { return CurTok.Kind == K; }
  bool atDirective(StringRef D) const { return at(Tok::Directive) && CurTok.Text == D; }
  bool consume(Tok K) {
    if (!at(K))
      return false;
    lex();
    return true;
  }
  bool expect(Tok K, const Twine &What);
  bool error(SMLoc Loc, const Twine &Msg);
  bool errorHere(const Twine &Msg) { return error(CurTok.loc(), Msg); }
  std::string describe(const Token &T) const;
  void skipStatement(bool ModuleScope);
  bool atLineStatement(bool ModuleScope);

  // Literals.
  bool parseInt(int64_t &V, bool AllowNegative = true);
  bool parseUnsigned(uint64_t &V, const Twine &What);
  bool parseNumberOperand(Operand &Op, bool Negate);

  // Module level.
  bool parseTopLevel();
  bool parseVersion();
  bool parseTarget();
  bool parseAddressSize();
  bool parseFile();
  bool parseSection();
  bool parsePragma();
  bool parseFunction(Linkage L);
  bool parseParamList(std::vector<VarDecl> &Params, bool Anonymous = false);
  bool parseVarDecl(VarDecl &V, bool AllowInit);
  bool parseInitializer(Operand &Op);

  // Function bodies.
  bool parseBody();
  bool parseBodyStatement();
  bool parseRegDecl();
  bool parseModuleRegDecl();
  bool parseLocalDecl();
  bool parseLoc();
  bool parseLabel();
  bool parsePrototype(llvm::StringRef Name, llvm::SMLoc Loc);
  bool parseInstruction();
  bool parseOpcode(Instruction &I);
  void applyTargetDefaults(Instruction &I) const;
  void checkPredicateOperands(const Instruction &I);
  bool checkSelectors(const Instruction &I);
  bool parseOperand(Operand &Op);
  bool isRegisterName(StringRef Name) const;
  bool parseRegisterOperand(Operand &Op);
  bool parseAddress(Operand &Op);
  bool parseOperandList(std::vector<Operand> &Elems, Tok Close, StringRef What,
                        bool Initializer = false);
  BasicBlock *blockForInstruction();
  void resolveSymbols();
  bool resolve(Operand &Op, const Instruction &I);
  void checkInitializer(const Operand &Op);

  Diagnostics &Diag;
  Lexer Lex;
  Token CurTok;
  const char *PrevEnd = nullptr; // just past the previous token
  Token Next;
  bool HasNext = false;
  bool StatementFailed = false; // one error per statement
  bool TextureOperand = false;  // the instruction takes `[t, {coordinates}]`
  bool CachePolicyOperand = false; // `.L2::cache_hint`: a last operand to drop
  std::unique_ptr<Module> M;
  StringSet<> ModuleRegs; // module-scope `.reg` names (parseModuleRegDecl)

  // The function being parsed.
  Function *F = nullptr;
  BasicBlock *Cur = nullptr;
  StringMap<BasicBlock *> Labels;
  StringSet<> ScopedLabels; // labels inside `{ }`: positions, not targets
  StringSet<> Prototypes; // .callprototype labels of the function
  StringMap<SmallVector<unsigned, 1>> LocalsByName; // into F->Locals
  std::vector<unsigned> ScopeStack;
  // Per open scope, the register bindings its `.reg`s hid (none: unbound),
  // restored at its `}`: inline assembly declares its own %p1 in `{ }`.
  std::vector<std::vector<std::pair<std::string, std::optional<unsigned>>>> Hidden;
  DebugLoc CurLoc;
  unsigned NextOrd = 1; // the next instruction's Instruction::Ord
};

//===-- Tokens ------------------------------------------------------------===//

void Parser::lex() {
  PrevEnd = CurTok.Text.end();
  if (HasNext) {
    CurTok = Next;
    HasNext = false;
  } else {
    CurTok = Lex.next();
  }
  if (CurTok.is(Tok::Error))
    error(CurTok.loc(), Lex.errorMessage());
}

const Token &Parser::peek() {
  if (!HasNext) {
    Next = Lex.next();
    HasNext = true;
  }
  return Next;
}

bool Parser::error(SMLoc Loc, const Twine &Msg) {
  if (!StatementFailed)
    Diag.error(Loc, Msg);
  StatementFailed = true;
  return true;
}

std::string Parser::describe(const Token &T) const {
  switch (T.Kind) {
  case Tok::Eof:
    return "end of file";
  case Tok::Error:
    return "invalid token";
  default:
    return ("'" + T.Text + "'").str();
  }
}

bool Parser::expect(Tok K, const Twine &What) {
  if (consume(K))
    return false;
  return errorHere("expected " + What + ", found " + describe(CurTok));
}

// Whether the current token starts a statement that has no `;` to end the
// one before it: a line-based directive or a label at the start of a line.
bool Parser::atLineStatement(bool ModuleScope) {
  if (!CurTok.NewlineBefore)
    return false;
  if (!ModuleScope) // every body directive starts a statement
    return at(Tok::Directive) || (at(Tok::Ident) && peek().is(Tok::Colon));
  static constexpr StringLiteral Starters[] = {
      ".version", ".target", ".address_size", ".file", ".section", ".pragma",
      ".visible", ".extern", ".weak", ".common", ".entry", ".func", ".global",
      ".const", ".shared", ".local"};
  return at(Tok::Directive) && is_contained(Starters, CurTok.Text);
}

// Skips to the end of the broken statement: past its `;` or, at module
// scope, past the `}` of a braced body; in a body, up to a `}` that closes an
// enclosing scope; or up to the next line-based statement. Always makes
// progress unless at that `}` or EOF.
void Parser::skipStatement(bool ModuleScope) {
  unsigned Depth = 0;
  for (bool First = true; !at(Tok::Eof); First = false) {
    if (!First && Depth == 0 && atLineStatement(ModuleScope))
      return;
    if (at(Tok::LBrace)) {
      ++Depth;
    } else if (at(Tok::RBrace)) {
      if (Depth == 0 && !ModuleScope)
        return;
      if (Depth == 0 || (--Depth == 0 && ModuleScope)) {
        lex();
        return;
      }
    } else if (at(Tok::Semi) && Depth == 0) {
      lex();
      return;
    }
    lex();
  }
}

//===-- Literals ----------------------------------------------------------===//

static bool intValue(StringRef Text, uint64_t &V) {
  Text.consume_back("U");
  // PTX integer literals are C's: 0x hex, 0b binary, a leading 0 octal.
  return !Text.getAsInteger(0, V);
}

bool Parser::parseInt(int64_t &V, bool AllowNegative) {
  SMLoc Loc = CurTok.loc();
  bool Neg = AllowNegative && consume(Tok::Minus);
  if (!at(Tok::Int))
    return errorHere("expected an integer, found " + describe(CurTok));
  uint64_t U;
  if (!intValue(CurTok.Text, U))
    return error(Loc, "integer literal '" + CurTok.Text + "' does not fit in 64 bits");
  V = Neg ? -int64_t(U) : int64_t(U);
  lex();
  return false;
}

bool Parser::parseUnsigned(uint64_t &V, const Twine &What) {
  if (!at(Tok::Int))
    return errorHere("expected " + What + ", found " + describe(CurTok));
  if (!intValue(CurTok.Text, V))
    return errorHere("integer literal '" + CurTok.Text + "' does not fit in 64 bits");
  lex();
  return false;
}

bool Parser::parseNumberOperand(Operand &Op, bool Negate) {
  StringRef Text = CurTok.Text;
  if (at(Tok::Int)) {
    uint64_t U;
    if (!intValue(Text, U))
      return errorHere("integer literal '" + Text + "' does not fit in 64 bits");
    Op.K = Operand::Imm;
    // Two's complement, as PTX's 64-bit integer literals wrap (-9223372036854775808).
    Op.Int = int64_t(Negate ? 0 - U : U);
  } else if (Text.size() > 2 && Text[0] == '0' && (Text[1] | 0x20) == 'f') {
    uint64_t Bits = 0;
    Text.drop_front(2).getAsInteger(16, Bits);
    Op.K = Operand::FImm;
    Op.FBits = 32;
    Op.Int = int64_t(Negate ? Bits ^ 0x80000000u : Bits);
  } else if (Text.size() > 2 && Text[0] == '0' && (Text[1] | 0x20) == 'd') {
    uint64_t Bits = 0;
    Text.drop_front(2).getAsInteger(16, Bits);
    Op.K = Operand::FImm;
    Op.FBits = 64;
    Op.Int = int64_t(Negate ? Bits ^ (uint64_t(1) << 63) : Bits);
  } else {
    // A decimal floating-point literal is a double (PTX ISA 4.5.1).
    double D;
    if (Text.getAsDouble(D, /*AllowInexact=*/true))
      return errorHere("invalid floating-point literal '" + Text + "'");
    Op.K = Operand::FImm;
    Op.FBits = 64;
    Op.Int = std::bit_cast<int64_t>(Negate ? -D : D);
  }
  lex();
  return false;
}

//===-- Module level ------------------------------------------------------===//

std::unique_ptr<Module> Parser::run() {
  while (!at(Tok::Eof) && !Diag.tooMany()) {
    StatementFailed = false;
    if (parseTopLevel())
      skipStatement(/*ModuleScope=*/true);
  }
  for (const VarDecl &V : M->Globals)
    if (V.Init)
      checkInitializer(*V.Init);
  if (Diag.errors())
    return nullptr;
  return std::move(M);
}

// Symbols in global initialisers name globals or functions (`generic(x)`).
void Parser::checkInitializer(const Operand &Op) {
  if (Op.K == Operand::Symbol && !M->global(Op.Name) && !M->function(Op.Name)) {
    StatementFailed = false;
    error(Op.Loc, "use of undeclared identifier '" + Op.Name + "'");
  }
  for (const Operand &E : Op.Elems)
    checkInitializer(E);
}

bool Parser::parseTopLevel() {
  if (!at(Tok::Directive))
    return errorHere("expected a directive at module scope, found " + describe(CurTok));
  StringRef D = CurTok.Text;
  if (D == ".version")
    return parseVersion();
  if (D == ".target")
    return parseTarget();
  if (D == ".address_size")
    return parseAddressSize();
  if (D == ".file")
    return parseFile();
  if (D == ".section")
    return parseSection();
  if (D == ".pragma")
    return parsePragma();
  Linkage L = Linkage::None;
  if (D == ".visible" || D == ".extern" || D == ".weak" || D == ".common") {
    L = D == ".visible" ? Linkage::Visible
        : D == ".extern" ? Linkage::Extern
        : D == ".weak"   ? Linkage::Weak
                         : Linkage::Common;
    lex();
    if (!at(Tok::Directive))
      return errorHere("expected '.entry', '.func' or a variable after '" + D +
                       "', found " + describe(CurTok));
  }
  if (atDirective(".entry") || atDirective(".func"))
    return parseFunction(L);
  std::optional<StateSpace> Space = lookupSpace(CurTok.Text.drop_front());
  if (Space && *Space != StateSpace::Param) {
    VarDecl V;
    V.Space = *Space;
    V.Link = L;
    V.Loc = CurTok.loc();
    lex();
    auto declare = [&](VarDecl &&Var) {
      if (M->global(Var.Name) || M->function(Var.Name))
        return error(Var.Loc, "redefinition of '" + Var.Name + "'");
      M->addGlobal(std::move(Var));
      return false;
    };
    // clang declares a `.texref` (or `.samplerref`, `.surfref`) for every
    // file-scope CUDA texture reference, read by a kernel or not; nvcc 1.x
    // to 3.x wrote `.tex .u32 t;`. A `.texref` becomes the texture's
    // binding, and so does nvcc's `.tex`: a constant variable of four words
    // (base address, low and high, size in bytes, the texel format) that a
    // run script's `bind` writes and the headers' tex1Dfetch and PTX's
    // `tex.1d` with an integer coordinate read (ExpandInstructions.cpp).
    // The others are opaque handles that only texture and surface
    // instructions use, and those are reported where they appear
    // (parseOpcode), so their declarations are dropped.
    bool Tex = *Space == StateSpace::Tex;
    if (Tex && at(Tok::Directive) && lookupType(CurTok.Text.drop_front()))
      lex();
    const bool TexRef = !Tex && atDirective(".texref");
    if (Tex || TexRef || atDirective(".samplerref") || atDirective(".surfref")) {
      if (!at(Tok::Ident))
        lex();
      if (!at(Tok::Ident))
        return errorHere("expected a name in the declaration, found " + describe(CurTok));
      if ((TexRef && *Space == StateSpace::Global) || Tex) {
        V.Space = StateSpace::Const;
        V.Type = PTXType::U32;
        V.Align = 8;
        V.Dims.push_back(simt::limits::kTextureBindingWords);
        V.IsTexRef = true;
        V.Name = CurTok.Text.str();
        V.Loc = CurTok.loc();
        if (declare(std::move(V)))
          return true;
      }
      lex();
      return expect(Tok::Semi, "';' after the variable declaration");
    }
    if (parseVarDecl(V, /*AllowInit=*/true) || declare(std::move(V)))
      return true;
    return expect(Tok::Semi, "';' after the variable declaration");
  }
  if (D == ".reg")
    return parseModuleRegDecl();
  if (D == ".alias" || D == ".callprototype" || D == ".maxnreg")
    return errorHere("not supported yet: '" + CurTok.Text + "'");
  return errorHere("unexpected directive '" + CurTok.Text + "' at module scope");
}

bool Parser::parseVersion() {
  lex();
  auto [Major, Minor] = CurTok.Text.split('.');
  unsigned Ma, Mi;
  if (!at(Tok::Float) || Major.getAsInteger(10, Ma) || Minor.getAsInteger(10, Mi))
    return errorHere("expected a PTX version 'MAJOR.MINOR', found " + describe(CurTok));
  M->VersionMajor = Ma;
  M->VersionMinor = Mi;
  lex();
  return false;
}

bool Parser::parseTarget() {
  lex();
  bool First = true;
  do {
    if (!at(Tok::Ident))
      return errorHere("expected a target name, found " + describe(CurTok));
    StringRef Name = CurTok.Text;
    if (First) {
      unsigned SM = 0;
      // sm_90a, sm_100f: the family suffixes name the same instruction set here.
      StringRef Digits = Name.starts_with("sm_") ? Name.drop_front(3).rtrim("abf") : "";
      if (Digits.empty() || Digits.getAsInteger(10, SM) || SM < 10)
        return errorHere("unsupported target '" + Name + "' (expected sm_NN, such as sm_35)");
      M->Target = Name.str();
      M->SMVersion = SM;
      // Every `.target sm_NN` is accepted (PTX is forward compatible): the
      // level of its generation (applyTargetDefaults gives sm_1x its
      // single-precision semantics), with a note when the PTX was written
      // for a later one; what that has beyond the level is an error at the
      // instruction that uses it.
      M->IsaLevel = simt::levels::levelForGpu(SM);
      if (simt::levels::aboveEveryLevel(SM))
        Diag.note(CurTok.loc(), "'" + Name + "' is above this ISA's highest level (" +
                                   simt::levels::archName(simt::levels::kTop) +
                                   "): translating for " +
                                   simt::levels::archName(simt::levels::kTop) +
                                   "; an instruction it lacks is an error where it is used");
    } else if (Name == "texmode_independent" || Name == "texmode_unified" ||
               Name == "map_f64_to_f32" || Name == "debug") {
      M->TargetOptions.push_back(Name.str());
    } else {
      return errorHere("unknown target option '" + Name + "'");
    }
    First = false;
    lex();
  } while (consume(Tok::Comma));
  return false;
}

bool Parser::parseAddressSize() {
  lex();
  uint64_t Size;
  SMLoc Loc = CurTok.loc();
  if (parseUnsigned(Size, "32 or 64"))
    return true;
  if (Size != 32 && Size != 64) {
    error(Loc, ".address_size must be 32 or 64");
    return false; // the statement is complete: nothing to skip
  }
  M->AddressSize = Size;
  return false;
}

bool Parser::parseFile() {
  lex();
  uint64_t Index;
  if (parseUnsigned(Index, "a file index"))
    return true;
  if (!at(Tok::String))
    return errorHere("expected a file name string, found " + describe(CurTok));
  std::string Path = CurTok.Text.drop_front().drop_back().str();
  lex();
  // `.file 1 "DIR" "NAME"`: the directory, then the name (clang's OpenCL
  // C with -g writes it so); a name that is absolute stands alone.
  if (at(Tok::String)) {
    StringRef Name = CurTok.Text.drop_front().drop_back();
    Path = Name.starts_with("/") || Path.empty() ? Name.str() : Path + "/" + Name.str();
    lex();
  }
  M->Files.push_back({unsigned(Index), Path});
  // Optional `, timestamp, size`.
  while (consume(Tok::Comma)) {
    uint64_t Ignored;
    if (parseUnsigned(Ignored, "an integer"))
      return true;
  }
  return false;
}

// Debug sections (.debug_info { .b8 ... }) are the DWARF clang writes with
// -g: kept as bytes, with the symbols their `.b32`/`.b64` values name (code
// labels, variables, other sections) as fixups, for the translator's own
// DWARF (cc/emit/DebugInfo.h). The same name twice continues one section.
bool Parser::parseSection() {
  lex();
  if (!at(Tok::Directive) && !at(Tok::Ident))
    return errorHere("expected a section name, found " + describe(CurTok));
  StringRef Name = CurTok.Text;
  auto It = find_if(M->Sections, [&](const DebugSection &S) { return S.Name == Name; });
  if (It == M->Sections.end()) {
    M->Sections.push_back(DebugSection{Name.str(), {}, {}, {}});
    It = std::prev(M->Sections.end());
  }
  DebugSection &S = *It;
  lex();
  SMLoc Open = CurTok.loc();
  if (expect(Tok::LBrace, "'{' after the section name"))
    return true;
  while (!at(Tok::RBrace)) {
    if (at(Tok::Eof))
      return error(Open, "unterminated section: no '}' before the end of the file");
    if (at(Tok::Ident) && peek().is(Tok::Colon)) { // a label of the section
      S.Labels.push_back({CurTok.Text.str(), S.Bytes.size()});
      lex();
      lex();
      continue;
    }
    unsigned Size = CurTok.Text == ".b8"    ? 1
                    : CurTok.Text == ".b16" ? 2
                    : CurTok.Text == ".b32" ? 4
                    : CurTok.Text == ".b64" ? 8
                                            : 0;
    if (!at(Tok::Directive) || !Size)
      return errorHere("expected .b8, .b16, .b32, .b64 or a label in section '" + S.Name +
                       "', found " + describe(CurTok));
    lex();
    do {
      uint64_t Value = 0;
      if (at(Tok::Ident) || at(Tok::Directive)) { // a symbol, maybe plus an offset
        DebugSection::Fixup X{S.Bytes.size(), Size, CurTok.Text.str(), 0};
        lex();
        if (at(Tok::Plus) || at(Tok::Minus)) {
          bool Minus = at(Tok::Minus);
          lex();
          int64_t Addend;
          if (parseInt(Addend, /*AllowNegative=*/false))
            return true;
          X.Addend = Minus ? -Addend : Addend;
        }
        if (Size < 4)
          return error(X.Offset ? CurTok.loc() : Open,
                       "a symbol in section '" + S.Name + "' needs .b32 or .b64");
        S.Fixups.push_back(std::move(X));
      } else if (parseUnsigned(Value, "a value")) {
        return true;
      }
      for (unsigned B = 0; B < Size; ++B) // little-endian, as NVIDIA's DWARF
        S.Bytes.push_back(char(Value >> (8 * B)));
    } while (consume(Tok::Comma));
  }
  lex(); // }
  return false;
}

// Pragmas (`nounroll`) are hints for ptxas's own optimiser; none matters here.
bool Parser::parsePragma() {
  lex();
  if (!at(Tok::String))
    return errorHere("expected a string after '.pragma', found " + describe(CurTok));
  lex();
  return expect(Tok::Semi, "';' after '.pragma'");
}

bool Parser::parseVarDecl(VarDecl &V, bool AllowInit) {
  while (at(Tok::Directive)) {
    StringRef D = CurTok.Text.drop_front();
    SMLoc Loc = CurTok.loc();
    if (D == "align") {
      lex();
      uint64_t A;
      Loc = CurTok.loc();
      if (parseUnsigned(A, "an alignment"))
        return true;
      if (!A || (A & (A - 1)) || A > (1u << 16))
        return error(Loc, "alignment " + Twine(A) + " is not a power of two");
      (V.IsPtr ? V.PtrAlign : V.Align) = unsigned(A);
      continue;
    }
    if (D == "v2" || D == "v4") {
      V.Vec = D == "v2" ? 2 : 4;
    } else if (D == "ptr") {
      V.IsPtr = true;
    } else if (std::optional<PTXType> T = lookupType(D)) {
      if (V.Type != PTXType::None)
        return error(Loc, "a declaration takes one type");
      V.Type = *T;
    } else if (std::optional<StateSpace> S = lookupSpace(D); S && V.IsPtr) {
      V.PtrSpace = *S;
    } else if (D == "texref" || D == "samplerref" || D == "surfref") {
      return error(Loc, "not supported yet: '." + D + "' variables");
    } else if (D == "attribute") {
      lex();
      StringRef What = consume(Tok::LParen) && at(Tok::Directive) ? CurTok.Text : "";
      // `.attribute(.managed)`: nvcc's __managed__ variable. To the device
      // code it is a .global variable like any other (the host's side of
      // it is the runtime's, runtime/cudart/Managed.cpp); unified memory
      // needs compute capability 3.0, as CUDA C's __managed__ says on
      // Fermi (__simt_fermi_limits.h).
      if (What != ".managed")
        return error(Loc, "not supported yet: '.attribute(" + What + ")' variables");
      if (M->IsaLevel < 30)
        return error(Loc, "'.attribute(.managed)': managed variables need unified memory, "
                          "which needs compute capability 3.0; this device is " +
                          std::to_string(M->IsaLevel / 10) + "." +
                          std::to_string(M->IsaLevel % 10) +
                          " (use a global variable the host copies to and from)");
      if (!consume(Tok::Directive) || !at(Tok::RParen))
        return errorHere("expected ')' after '.attribute(.managed'");
    } else {
      return error(Loc, "unexpected '." + D + "' in a declaration");
    }
    lex();
  }
  if (V.Type == PTXType::None)
    return errorHere("expected a type in the declaration, found " + describe(CurTok));
  if (V.Type == PTXType::Pred && V.Space != StateSpace::None)
    return errorHere("a '." + spaceName(V.Space) + "' variable cannot be a predicate");
  if (!at(Tok::Ident) || CurTok.Text.contains('.'))
    return errorHere("expected a name in the declaration, found " + describe(CurTok));
  V.Name = CurTok.Text.str();
  V.Loc = CurTok.loc();
  lex();
  while (consume(Tok::LBrack)) {
    uint64_t N = 0;
    if (!at(Tok::RBrack)) {
      SMLoc Loc = CurTok.loc();
      if (parseUnsigned(N, "an array size"))
        return true;
      if (N == 0)
        return error(Loc, "array size must be positive");
    }
    V.Dims.push_back(N);
    if (expect(Tok::RBrack, "']'"))
      return true;
  }
  if (!V.Dims.empty() && V.sizeInBytes() > (uint64_t(1) << 40))
    return error(V.Loc, "'" + V.Name + "' is too large");
  if (at(Tok::Equal)) {
    if (!AllowInit)
      return errorHere("an initialiser is not allowed here");
    lex();
    Operand Init;
    if (parseInitializer(Init))
      return true;
    V.Init = std::move(Init);
  }
  return false;
}

bool Parser::parseInitializer(Operand &Op) {
  Op.Loc = CurTok.loc();
  if (consume(Tok::LBrace)) {
    Op.K = Operand::Vector;
    return parseOperandList(Op.Elems, Tok::RBrace, "initialiser", /*Initializer=*/true);
  }
  bool Neg = consume(Tok::Minus);
  if (at(Tok::Int) || at(Tok::Float))
    return parseNumberOperand(Op, Neg);
  if (Neg || !at(Tok::Ident))
    return errorHere("expected a value in the initialiser, found " + describe(CurTok));
  Op.K = Operand::Symbol;
  if (CurTok.Text == "generic" && peek().is(Tok::LParen)) {
    lex();
    lex();
    if (!at(Tok::Ident))
      return errorHere("expected a variable name in 'generic( )', found " + describe(CurTok));
    Op.Generic = true;
    Op.Name = CurTok.Text.str();
    lex();
    if (expect(Tok::RParen, "')'"))
      return true;
  } else {
    Op.Name = CurTok.Text.str();
    lex();
  }
  if (consume(Tok::Plus))
    return parseInt(Op.Int);
  return false;
}

bool Parser::parseParamList(std::vector<VarDecl> &Params, bool Anonymous) {
  if (expect(Tok::LParen, "'('"))
    return true;
  if (consume(Tok::RParen))
    return false;
  do {
    if (atDirective(".reg"))
      return errorHere("not supported yet: '.reg' parameters");
    if (!atDirective(".param"))
      return errorHere("expected '.param', found " + describe(CurTok));
    VarDecl V;
    V.Space = StateSpace::Param;
    lex();
    if (parseVarDecl(V, /*AllowInit=*/false))
      return true;
    for (const VarDecl &P : Params)
      if (P.Name == V.Name && !Anonymous)
        return error(V.Loc, "redefinition of parameter '" + V.Name + "'");
    if (Anonymous && V.Name != "_")
      return error(V.Loc, "a prototype's parameters are named '_'");
    Params.push_back(std::move(V));
  } while (consume(Tok::Comma));
  return expect(Tok::RParen, "',' or ')' in the parameter list");
}

bool Parser::parseFunction(Linkage L) {
  auto Fn = std::make_unique<Function>(M.get());
  Fn->IsKernel = atDirective(".entry");
  Fn->Link = L;
  lex();
  if (!Fn->IsKernel && at(Tok::LParen) && parseParamList(Fn->Returns))
    return true;
  if (!at(Tok::Ident) || CurTok.Text.contains('.'))
    return errorHere("expected a function name, found " + describe(CurTok));
  Fn->Name = CurTok.Text.str();
  Fn->Loc = CurTok.loc();
  lex();
  if (at(Tok::LParen) && parseParamList(Fn->Params))
    return true;
  while (at(Tok::Directive) && !atLineStatement(/*ModuleScope=*/true)) {
    StringRef D = CurTok.Text;
    SMLoc Loc = CurTok.loc();
    if (D == ".noreturn") {
      Fn->Attrs.push_back({D.str(), {}});
      lex();
      continue;
    }
    if (D != ".maxntid" && D != ".reqntid" && D != ".minnctapersm" &&
        D != ".maxnctapersm" && D != ".maxnreg")
      return error(Loc, "unexpected '" + D + "' after the function header");
    lex();
    SmallVector<uint64_t, 3> Values;
    do {
      uint64_t V;
      if (parseUnsigned(V, "an integer"))
        return true;
      Values.push_back(V);
    } while (consume(Tok::Comma));
    Fn->Attrs.push_back({D.str(), Values});
  }
  if (M->global(Fn->Name))
    return error(Fn->Loc, "redefinition of '" + Fn->Name + "'");
  Function *Prev = M->function(Fn->Name);
  // nvcc 3.x/4.0 ended prototypes without `;`, the next module statement
  // on the following line (NVIDIA's ptxas accepts that): a declaration.
  if (consume(Tok::Semi) || atLineStatement(/*ModuleScope=*/true) || at(Tok::Eof)) {
    if (!Prev)
      M->addFunction(std::move(Fn));
    return false;
  }
  if (!at(Tok::LBrace))
    return errorHere("expected '{' or ';' after the header of '" + Fn->Name +
                     "', found " + describe(CurTok));
  if (Prev && Prev->HasBody)
    return error(Fn->Loc, "redefinition of function '" + Fn->Name + "'");
  F = Fn.get();
  bool Failed = parseBody(); // errors inside are reported and recovered from
  F = nullptr;
  // Kept even when broken, so that later calls to it resolve; a definition
  // after its declaration takes the declaration's place.
  M->addFunction(std::move(Fn));
  // Only an unterminated body leaves tokens of the function unconsumed.
  return Failed && at(Tok::Eof);
}

//===-- Function bodies ---------------------------------------------------===//

bool Parser::parseBody() {
  SMLoc Open = CurTok.loc();
  lex(); // {
  F->HasBody = true;
  Cur = nullptr;
  Labels.clear();
  ScopedLabels.clear();
  Prototypes.clear();
  LocalsByName.clear();
  ScopeStack.assign(1, 0);
  Hidden.assign(1, {});
  CurLoc = DebugLoc();
  while (true) {
    if (at(Tok::Eof))
      return error(Open, "function body has no closing '}'");
    if (Diag.tooMany())
      return true;
    if (at(Tok::RBrace) && ScopeStack.size() == 1)
      break;
    StatementFailed = false;
    if (parseBodyStatement())
      skipStatement(/*ModuleScope=*/false);
  }
  lex(); // }
  StatementFailed = false;
  unsigned Before = Diag.errors();
  resolveSymbols();
  if (F->Blocks.empty()) // a body with no instructions still has an entry
    F->addBlock();
  return Diag.errors() != Before;
}

bool Parser::parseBodyStatement() {
  switch (CurTok.Kind) {
  case Tok::LBrace:
    F->ScopeParent.push_back(ScopeStack.back());
    ScopeStack.push_back(F->ScopeParent.size() - 1);
    Hidden.emplace_back();
    lex();
    return false;
  case Tok::RBrace:
    ScopeStack.pop_back();
    for (auto &[Name, Id] : reverse(Hidden.back())) {
      if (Id)
        F->RegByName[Name] = *Id;
      else
        F->RegByName.erase(Name);
    }
    Hidden.pop_back();
    lex();
    return false;
  case Tok::At:
    return parseInstruction();
  case Tok::Ident:
    if (peek().is(Tok::Colon))
      return parseLabel();
    return parseInstruction();
  case Tok::Directive: {
    StringRef D = CurTok.Text;
    if (D == ".reg")
      return parseRegDecl();
    if (D == ".local" || D == ".shared" || D == ".param")
      return parseLocalDecl();
    if (D == ".loc")
      return parseLoc();
    if (D == ".pragma")
      return parsePragma();
    if (D == ".global" || D == ".const")
      return errorHere("'" + D + "' variables must be declared at module scope");
    if (D == ".callprototype")
      return errorHere("a '.callprototype' needs a label ('proto: .callprototype ...')");
    return errorHere("unexpected directive '" + D + "' in a function body");
  }
  default:
    return errorHere("expected an instruction, a label or a declaration, found " +
                     describe(CurTok));
  }
}

bool Parser::parseRegDecl() {
  lex();
  if (atDirective(".v2") || atDirective(".v4"))
    return errorHere("not supported yet: vector registers");
  std::optional<PTXType> T;
  if (at(Tok::Directive))
    T = lookupType(CurTok.Text.drop_front());
  if (!T)
    return errorHere("expected a register type, found " + describe(CurTok));
  lex();
  do {
    if (!at(Tok::Ident) || CurTok.Text.contains('.') || CurTok.Text == "%")
      return errorHere("expected a register name, found " + describe(CurTok));
    RegDecl R;
    R.Type = *T;
    R.Name = CurTok.Text.str();
    R.FirstId = F->Regs.size();
    R.Scope = ScopeStack.back();
    SMLoc Loc = CurTok.loc();
    lex();
    if (consume(Tok::Less)) {
      uint64_t N;
      if (parseUnsigned(N, "a register count"))
        return true;
      if (N == 0 || N > MaxRegisters || F->Regs.size() + N > MaxRegisters)
        return error(Loc, "too many registers (at most " + Twine(MaxRegisters) + ")");
      R.Count = unsigned(N);
      if (expect(Tok::Greater, "'>'"))
        return true;
    }
    if (lookupSpecialReg(R.Name))
      return error(Loc, "'" + R.Name + "' is a special register");
    unsigned Count = R.Count ? R.Count : 1;
    for (unsigned N = 0; N < Count; ++N) {
      std::string Name = R.Count ? R.Name + std::to_string(N) : R.Name;
      auto [It, New] = F->RegByName.try_emplace(Name, F->Regs.size());
      if (!New) {
        if (F->Regs[It->second].Scope == R.Scope)
          return error(Loc, "redefinition of register '" + Name + "'");
        Hidden.back().push_back({Name, It->second}); // an inner scope hides it
        It->second = F->Regs.size();
      } else if (R.Scope) {
        Hidden.back().push_back({Name, std::nullopt});
      }
      F->Regs.push_back({Name, *T, R.Scope});
    }
    F->RegDecls.push_back(std::move(R));
  } while (consume(Tok::Comma));
  return expect(Tok::Semi, "';' after the register declaration");
}

bool Parser::parseLocalDecl() {
  VarDecl V;
  V.Space = *lookupSpace(CurTok.Text.drop_front());
  V.Scope = ScopeStack.back();
  lex();
  if (parseVarDecl(V, /*AllowInit=*/false))
    return true;
  for (unsigned Idx : LocalsByName.lookup(V.Name))
    if (F->Locals[Idx].Scope == V.Scope)
      return error(V.Loc, "redefinition of '" + V.Name + "'");
  LocalsByName[V.Name].push_back(F->Locals.size());
  F->Locals.push_back(std::move(V));
  return expect(Tok::Semi, "';' after the declaration");
}

// .loc FILE LINE COL [, function_name ..., inlined_at ...]: the rest of the
// line is inlining information this translator does not keep.
bool Parser::parseLoc() {
  SMLoc Loc = CurTok.loc();
  lex();
  uint64_t V[3];
  for (uint64_t &X : V) {
    if (CurTok.NewlineBefore)
      return error(Loc, "expected '.loc FILE LINE COLUMN'");
    if (parseUnsigned(X, "'.loc FILE LINE COLUMN'"))
      return true;
  }
  CurLoc = {unsigned(V[0]), unsigned(V[1]), unsigned(V[2])};
  while (!at(Tok::Eof) && !CurTok.NewlineBefore)
    lex();
  return false;
}

// `NAME: .callprototype [(.param ... _)] _ (.param ... _, ...);` after the
// label: the shape of an indirect call's lists, in its call sequence.
bool Parser::parsePrototype(StringRef Name, SMLoc Loc) {
  lex(); // .callprototype
  CallPrototype P;
  P.Name = Name.str();
  P.Loc = Loc;
  P.Scope = ScopeStack.back();
  if (at(Tok::LParen) && parseParamList(P.Returns, /*Anonymous=*/true))
    return true;
  if (!at(Tok::Ident) || CurTok.Text != "_")
    return errorHere("expected '_' for the prototype's function, found " + describe(CurTok));
  lex();
  if (parseParamList(P.Params, /*Anonymous=*/true))
    return true;
  if (!Prototypes.insert(Name).second || Labels.count(Name))
    return error(Loc, "redefinition of label '" + Name + "'");
  F->Prototypes.push_back(std::move(P));
  return expect(Tok::Semi, "';' after the prototype");
}

bool Parser::parseLabel() {
  StringRef Name = CurTok.Text;
  SMLoc Loc = CurTok.loc();
  if (Name.contains('.') || Name.starts_with("%"))
    return errorHere("invalid label name '" + Name + "'");
  lex();
  lex(); // :
  if (atDirective(".callprototype"))
    return parsePrototype(Name, Loc);
  if (Labels.count(Name) || ScopedLabels.count(Name))
    return error(Loc, "redefinition of label '" + Name + "'");
  if (ScopeStack.size() > 1) {
    // nvcc -G marks the ranges of its DWARF with labels anywhere, inside
    // call sequences too ($L__tmpN): a position for the DWARF, which splits
    // no block; a branch to one is an error where the branch is.
    ScopedLabels.insert(Name);
  } else {
    if (!Cur || !Cur->empty())
      Cur = F->addBlock();
    Labels.try_emplace(Name, Cur);
    Cur->Labels.push_back(Name.str());
  }
  // For the DWARF: where the label is; a name two functions use names none.
  auto [It, New] = M->CodeLabels.try_emplace(Name, CodeLabel{F, NextOrd});
  if (!New)
    It->second.F = nullptr;
  return false;
}

BasicBlock *Parser::blockForInstruction() {
  if (!Cur || (!Cur->empty() && Cur->Insts.back().isTerminator()))
    Cur = F->addBlock();
  return Cur;
}

bool Parser::parseInstruction() {
  Instruction I;
  I.Loc = CurTok.loc();
  I.DL = CurLoc;
  I.Scope = ScopeStack.back();
  if (consume(Tok::At)) {
    I.GuardNegated = consume(Tok::Bang);
    Operand G;
    if (!at(Tok::Ident))
      return errorHere("expected a predicate register after '@', found " + describe(CurTok));
    if (parseRegisterOperand(G))
      return true;
    if (G.K != Operand::Reg || F->reg(G.RegId).Type != PTXType::Pred)
      return error(G.Loc, "the guard of an instruction must be a '.pred' register");
    I.Guard = G.RegId;
    if (!at(Tok::Ident))
      return errorHere("expected an instruction after the guard, found " + describe(CurTok));
  }
  if (parseOpcode(I))
    return true;
  if (!at(Tok::Semi)) {
    do {
      Operand Op;
      if (parseOperand(Op))
        return true;
      // shfl's and match.all's `d|p`: the predicate destination says
      // whether the source lane was in range, or all values were equal;
      // setp's `p|q`, the complement, or for .f16x2 the high half's.
      if (I.Ops.empty() &&
          (I.Op == Opcode::Shfl || I.Op == Opcode::Match || I.Op == Opcode::Setp ||
           I.Op == Opcode::Elect) &&
          consume(Tok::Pipe)) {
        Operand Pair;
        Pair.K = Operand::Pair;
        Pair.Loc = Op.Loc;
        Pair.Elems.push_back(std::move(Op));
        Pair.Elems.emplace_back();
        if (parseOperand(Pair.Elems.back()))
          return true;
        Op = std::move(Pair);
      }
      I.Ops.push_back(std::move(Op));
    } while (consume(Tok::Comma));
  }
  if (at(Tok::Pipe))
    return errorHere("not supported yet: two predicate destinations ('%p|%q')");
  if (!at(Tok::Semi) && CurTok.NewlineBefore) {
    // A forgotten `;` at the end of a line: say so there and go on with the
    // next line as a new statement.
    error(SMLoc::getFromPointer(PrevEnd), "expected ';' after the instruction");
    return false;
  }
  if (expect(Tok::Semi, "',' or ';' after an operand"))
    return true;
  if (CachePolicyOperand) {
    // The policy: a 64-bit register (createpolicy's) or a constant, after
    // every operand the instruction has without the hint.
    const Operand *Policy = I.Ops.size() >= 2 ? &I.Ops.back() : nullptr;
    if (!Policy || !(Policy->K == Operand::Imm ||
                     (Policy->K == Operand::Reg && typeBits(F->reg(Policy->RegId).Type) == 64)))
      return error(Policy ? Policy->Loc : I.Loc,
                   "expected a 64-bit cache policy as the last operand of '.L2::cache_hint'");
    I.Ops.pop_back();
  }
  if (I.Op == Opcode::Createpolicy) {
    // The policy is an opaque 64-bit value that only cache hints read,
    // which this device drops: any value does, 0 here.
    if (I.Ops.empty() || I.Ops[0].K != Operand::Reg)
      return error(I.Loc, "createpolicy needs a destination register");
    I.Op = Opcode::Mov;
    I.Types.assign(1, PTXType::B64);
    I.Mods.clear();
    I.Space = StateSpace::None; // createpolicy.range.global
    I.Ops.resize(1);
    I.Ops.push_back(Operand::imm(0, I.Loc));
  }
  checkPredicateOperands(I);
  if (checkSelectors(I))
    return false;
  applyTargetDefaults(I);
  I.Ord = NextOrd++;
  blockForInstruction()->Insts.push_back(std::move(I));
  return false;
}

// A predicate where a value belongs, or a value where a predicate does, is
// an error at the operand, as in ptxas ("Arguments mismatch"): selected as
// written it read or wrote another register (fuzz-ptxas: a setp into a
// 64-bit register set P0 and left the register as it was).
void Parser::checkPredicateOperands(const Instruction &I) {
  for (size_t N = 0; N < I.Ops.size(); ++N) {
    const Operand &Op = I.Ops[N];
    if (Op.K != Operand::Reg)
      continue;
    const std::optional<bool> Wanted = I.takesPredicate(N);
    const Register &R = F->reg(Op.RegId);
    if (!Wanted || *Wanted == (R.Type == PTXType::Pred))
      continue;
    error(Op.Loc, "'" + R.Name + "' is " + (*Wanted ? "not a predicate" : "a predicate") +
                      ": operand " + std::to_string(N + 1) + " of '" + opcodeSpelling(I) +
                      "' must be " +
                      (*Wanted ? "a predicate register" : "a value, not a predicate"));
    return;
  }
}

// `.b0`, `.h1`: one part; `.b3210`, `.h10`: the SIMD forms' element order.
bool isVideoSelector(StringRef S) {
  if (S.size() < 2 || (S[0] != 'b' && S[0] != 'h'))
    return false;
  char Last = S[0] == 'b' ? '7' : '3';
  return S.size() <= 5 && all_of(S.drop_front(), [&](char C) { return C >= '0' && C <= Last; });
}

// A part selector on a register is a video instruction's; anywhere else it
// is reported (ptxas: "Unexpected vector/selector"). Returns whether it
// reported one.
bool Parser::checkSelectors(const Instruction &I) {
  if (videoParts(I.Op))
    return false;
  for (const Operand &Op : I.Ops)
    if (Op.K == Operand::Reg && !Op.Selector.empty()) {
      error(Op.Loc, "'." + Op.Selector + "' selects a part of a register only in a video "
                    "instruction (vadd, vabsdiff4, ...), not in '" + opcodeSpelling(I) + "'");
      return true;
    }
  return false;
}

// What older PTX leaves implicit, made explicit. PTX 1.0 to 1.3 wrote
// div/sqrt/rcp.f32 without a mode for the approximate, flushing forms. sm_1x
// had no single-precision subnormals: its f32 arithmetic flushes them, and
// the driver keeps that when it compiles sm_1x PTX for Fermi (mad.f32 there
// is fma.rn.ftz.f32), so every f32 instruction that can take .ftz gets it.
void Parser::applyTargetDefaults(Instruction &I) const {
  if (I.type() != PTXType::F32)
    return;
  using Md = Modifier;
  const bool DivLike = I.Op == Opcode::Div || I.Op == Opcode::Sqrt || I.Op == Opcode::Rcp;
  const bool OldPTX = M->VersionMajor == 1 && M->VersionMinor < 4;
  if (DivLike && OldPTX &&
      none_of(std::initializer_list<Md>{Md::Rn, Md::Rz, Md::Rm, Md::Rp, Md::Approx, Md::Full},
              [&](Md X) { return I.has(X); }))
    I.Mods.push_back(Md::Approx);
  if (M->SMVersion >= 20 || I.has(Md::Ftz))
    return;
  switch (I.Op) {
  case Opcode::Add: case Opcode::Sub: case Opcode::Mul: case Opcode::Mad: case Opcode::Fma:
  case Opcode::Min: case Opcode::Max: case Opcode::Abs: case Opcode::Neg: case Opcode::Setp:
  case Opcode::Div: case Opcode::Sqrt: case Opcode::Rcp: case Opcode::Rsqrt:
  case Opcode::Ex2: case Opcode::Lg2: case Opcode::Sin: case Opcode::Cos:
    I.Mods.push_back(Md::Ftz);
    break;
  default:
    break;
  }
}

bool Parser::parseOpcode(Instruction &I) {
  StringRef Text = CurTok.Text;
  SmallVector<StringRef, 6> Parts;
  Text.split(Parts, '.');
  std::optional<Opcode> Op = lookupOpcode(Parts[0]);
  if (!Op && is_contained({"wmma", "mma", "ldmatrix", "stmatrix", "movmatrix", "wgmma"},
                          Parts[0]))
    return errorHere("not supported yet: '" + Text +
                     "' (tensor-core matrix instructions; the ISA has no matrix unit)");
  if (!Op)
    return errorHere("unknown PTX instruction '" + Parts[0] + "'");
  // Texture and surface instructions (their operands have forms of their
  // own, `[t, {%r1, %r2}]`) are reported as written, the rest of the
  // statement skipped; the references they read are dropped (parseTopLevel).
  // `tex{.level,.grad}.{1d,2d,3d}.v4.dtype.{s32,f32}` and
  // `suld.b`/`sust.b` of 1-, 2- and 3-D surfaces are read, their texture
  // operand `[t, {%f1, %f2}]` included, and lowered where they are expanded
  // (cc/passes/ExpandTexture.cpp, ExpandSurface.cpp).
  ArrayRef<StringRef> Suffixes = ArrayRef(Parts).drop_front();
  if (*Op == Opcode::Tex && !Suffixes.empty() && is_contained({"level", "grad"}, Suffixes[0]))
    Suffixes = Suffixes.drop_front();
  const bool Geometry = !Suffixes.empty() && is_contained({"1d", "2d", "3d"}, Suffixes[0]);
  const bool Sample = *Op == Opcode::Tex && Geometry && Suffixes.size() == 4 &&
                      Suffixes[1] == "v4" && (Suffixes[3] == "s32" || Suffixes[3] == "f32");
  const bool Surface = (*Op == Opcode::Suld || *Op == Opcode::Sust) && Parts.size() >= 5 &&
                       Parts[1] == "b" && is_contained({"1d", "2d", "3d"}, Parts[2]);
  if (!Sample && !Surface &&
      is_contained({Opcode::Tex, Opcode::Tld4, Opcode::Txq, Opcode::Suld, Opcode::Sust,
                    Opcode::Sured, Opcode::Suq},
                   *Op))
    return errorHere("not supported yet: '" + Text + "'");
  TextureOperand = Sample || Surface;
  CachePolicyOperand = false;
  I.Op = *Op;
  for (StringRef S : ArrayRef(Parts).drop_front()) {
    SMLoc Loc = SMLoc::getFromPointer(S.data() - 1);
    if (S.contains("::")) {
      // Cache eviction priorities and prefetch sizes (sm_70 on) are hints:
      // this device has no cache to keep the lines in, so they are read
      // and dropped; `.L2::cache_hint` takes its policy as the last operand.
      auto [Level, Hint] = S.split("::");
      if (S == "shared::cta") {
        S = "shared";
      } else if ((Level == "L1" || Level == "L2") &&
                 is_contained({"evict_normal", "evict_first", "evict_last", "evict_unchanged",
                               "no_allocate", "64B", "128B", "256B", "cache_hint"},
                              Hint)) {
        CachePolicyOperand |= Hint == "cache_hint";
        continue;
      } else {
        return error(Loc, "not supported yet: '." + S + "' in '" + Text + "'");
      }
    }
    if (*Op == Opcode::Createpolicy && S == "cvt")
      continue; // createpolicy.cvt.L2.b64: a policy from an access property
    if (std::optional<PTXType> T = lookupType(S)) {
      if (I.Types.size() == (videoParts(I.Op) ? 3u : 2u)) // vop.dtype.atype.btype
        return error(Loc, "too many types in '" + Text + "'");
      I.Types.push_back(*T);
    } else if (std::optional<StateSpace> Sp = lookupSpace(S)) {
      if (I.Op == Opcode::Cp && I.Space == StateSpace::Shared && *Sp == StateSpace::Global)
        continue; // cp.async.shared.global: to shared memory from global
      if (I.Space != StateSpace::None)
        return error(Loc, "two state spaces in '" + Text + "'");
      I.Space = *Sp;
    } else if (S == "v2" || S == "v4") {
      I.Vec = S == "v2" ? 2 : 4;
    } else if (std::optional<Modifier> Mod = lookupModifier(S)) {
      I.Mods.push_back(*Mod);
    } else {
      return error(Loc, "unknown modifier '." + S + "' in '" + Text + "'");
    }
  }
  lex();
  return false;
}

bool Parser::parseOperandList(std::vector<Operand> &Elems, Tok Close, StringRef What,
                              bool Initializer) {
  if (consume(Close))
    return false;
  do {
    Operand E;
    if (Initializer ? parseInitializer(E) : parseOperand(E))
      return true;
    Elems.push_back(std::move(E));
  } while (consume(Tok::Comma));
  return expect(Close, Twine(Close == Tok::RBrace ? "'}'" : "')'") + " to close the " + What);
}

// A declared register, or a `%` name that no variable in scope has: PTX
// identifiers may start with `%` (`.global .u32 %G1;`, nvcc's `.local .u32
// %L1;`), registers and special registers being only the usual ones.
bool Parser::isRegisterName(StringRef Name) const {
  if (F->RegByName.count(Name))
    return true;
  if (!Name.starts_with("%"))
    return false;
  bool Variable = M->global(Name) || LocalsByName.count(Name) ||
                  any_of(F->Params, [&](const VarDecl &P) { return P.Name == Name; });
  return !Variable;
}

bool Parser::parseRegisterOperand(Operand &Op) {
  Op.Loc = CurTok.loc();
  StringRef Text = CurTok.Text;
  auto [Base, Suffix] = Text.split('.');
  if (auto It = F->RegByName.find(Text); It != F->RegByName.end()) {
    Op.K = Operand::Reg;
    Op.RegId = It->second;
  } else if (std::optional<SpecialReg> S = lookupSpecialReg(Base)) {
    Op.K = Operand::Special;
    Op.SReg = *S;
    if (*S == SpecialReg::Envreg) {
      if (!Suffix.empty())
        return errorHere("'" + Base + "' has no component '." + Suffix + "'");
      Op.Component = int8_t(*envregIndex(Base));
    } else if (specialRegHasComponent(*S)) {
      if (Suffix != "x" && Suffix != "y" && Suffix != "z")
        return errorHere("'" + Base + "' needs a component: .x, .y or .z");
      Op.Component = Suffix[0] - 'x';
    } else if (!Suffix.empty()) {
      return errorHere("'" + Base + "' has no component '." + Suffix + "'");
    }
  } else if (F->RegByName.count(Base) && isVideoSelector(Suffix)) {
    // A part of the register, which only video instructions select
    // (checked with the instruction: checkSelectors).
    Op.K = Operand::Reg;
    Op.RegId = F->RegByName.find(Base)->second;
    Op.Selector = Suffix.str();
  } else if (F->RegByName.count(Base)) {
    return errorHere("not supported yet: register component '." + Suffix + "'");
  } else {
    if (ModuleRegs.contains(Text))
      return errorHere("not supported yet: module-scope register '" + Text +
                       "' (old PTX's registers shared by every function)");
    return errorHere("use of undeclared register '" + Text + "'");
  }
  lex();
  return false;
}

// `.reg .u32 %ra<17>;` at module scope (nvcc 1.x to 3.x declared such
// families for its calls and rarely used them): the names are recorded, and
// using one is reported, since each function would need the same register.
bool Parser::parseModuleRegDecl() {
  lex();
  if (at(Tok::Directive))
    lex(); // the type
  do {
    if (!at(Tok::Ident))
      return errorHere("expected a register name, found " + describe(CurTok));
    std::string Name = CurTok.Text.str();
    lex();
    uint64_t Count = 0;
    if (consume(Tok::Less) && (parseUnsigned(Count, "a register count") ||
                               expect(Tok::Greater, "'>'")))
      return true;
    if (Count == 0)
      ModuleRegs.insert(Name);
    for (uint64_t N = 0; N < Count && N < MaxRegisters; ++N)
      ModuleRegs.insert(Name + std::to_string(N));
  } while (consume(Tok::Comma));
  return expect(Tok::Semi, "';' after the register declaration");
}

bool Parser::parseAddress(Operand &Op) {
  Op.K = Operand::Address;
  if (at(Tok::Int)) {
    int64_t V;
    if (parseInt(V))
      return true;
    Op.Int = V;
  } else if (at(Tok::Ident)) {
    Operand Base;
    if (isRegisterName(CurTok.Text)) {
      if (parseRegisterOperand(Base))
        return true;
      if (Base.K != Operand::Reg)
        return error(Base.Loc, "an address cannot be based on a special register");
    } else {
      Base.K = Operand::Symbol;
      Base.Loc = CurTok.loc();
      Base.Name = CurTok.Text.str();
      lex();
    }
    Op.Elems.push_back(std::move(Base));
    if (TextureOperand && consume(Tok::Comma)) { // [t, {coordinates}] or [t, c]: Elems[1]
      Operand Coords;
      Coords.K = Operand::Vector;
      Coords.Loc = CurTok.loc();
      if (consume(Tok::LBrace) ? parseOperandList(Coords.Elems, Tok::RBrace, "coordinates")
                               : parseOperand(Coords.Elems.emplace_back()))
        return true;
      Op.Elems.push_back(std::move(Coords));
    } else if (at(Tok::Plus) || at(Tok::Minus)) {
      // clang writes negative offsets as `+-4`.
      bool Neg = at(Tok::Minus);
      lex();
      int64_t V;
      if (parseInt(V, /*AllowNegative=*/!Neg))
        return true;
      Op.Int = Neg ? -V : V;
    }
  } else {
    return errorHere("expected a register, a variable or an integer in '[ ]', found " +
                     describe(CurTok));
  }
  return expect(Tok::RBrack, "']' to close the address");
}

bool Parser::parseOperand(Operand &Op) {
  Op.Loc = CurTok.loc();
  switch (CurTok.Kind) {
  case Tok::LBrack:
    lex();
    return parseAddress(Op);
  case Tok::LBrace:
    lex();
    Op.K = Operand::Vector;
    if (parseOperandList(Op.Elems, Tok::RBrace, "vector"))
      return true;
    for (const Operand &E : Op.Elems)
      if (E.K != Operand::Reg && E.K != Operand::Sink && E.K != Operand::Imm &&
          E.K != Operand::FImm)
        return error(E.Loc, "a vector holds registers, constants or '_'");
    return false;
  case Tok::LParen:
    lex();
    Op.K = Operand::List;
    return parseOperandList(Op.Elems, Tok::RParen, "argument list");
  case Tok::Bang: {
    lex();
    if (!at(Tok::Ident))
      return errorHere("expected a predicate after '!', found " + describe(CurTok));
    if (parseRegisterOperand(Op))
      return true;
    if (Op.K != Operand::Reg || F->reg(Op.RegId).Type != PTXType::Pred)
      return error(Op.Loc, "only a predicate register can be negated with '!'");
    Op.Negated = true;
    Op.Loc = SMLoc::getFromPointer(Op.Loc.getPointer() - 1);
    return false;
  }
  case Tok::Minus:
    lex();
    if (!at(Tok::Int) && !at(Tok::Float))
      return errorHere("expected a number after '-', found " + describe(CurTok));
    return parseNumberOperand(Op, /*Negate=*/true);
  case Tok::Int:
  case Tok::Float:
    return parseNumberOperand(Op, /*Negate=*/false);
  case Tok::Ident:
    if (CurTok.Text == "_") {
      Op.K = Operand::Sink;
      lex();
      return false;
    }
    if (isRegisterName(CurTok.Text))
      return parseRegisterOperand(Op);
    // PTX's predefined constant, the warp's width (cuda_fp16's shuffles).
    if (CurTok.Text == "WARP_SZ") {
      Op.K = Operand::Imm;
      Op.Int = 32;
      lex();
      return false;
    }
    if (CurTok.Text.contains('.'))
      return errorHere("unexpected '" + CurTok.Text + "' as an operand");
    Op.K = Operand::Symbol;
    Op.Name = CurTok.Text.str();
    lex();
    if (consume(Tok::Plus))
      return parseInt(Op.Int);
    return false;
  default:
    return errorHere("expected an operand, found " + describe(CurTok));
  }
}

// Names in a call sequence's `{ }` are looked up from the innermost scope out,
// then the function's parameters, the module's variables and functions, and
// last the function's labels.
bool Parser::resolve(Operand &Op, const Instruction &I) {
  for (Operand &E : Op.Elems)
    if (resolve(E, I))
      return true;
  if (Op.K != Operand::Symbol)
    return false;
  auto Fail = [&](const Twine &Msg) {
    StatementFailed = false;
    return error(Op.Loc, Msg);
  };
  if (auto It = LocalsByName.find(Op.Name); It != LocalsByName.end()) {
    for (unsigned S = I.Scope;; S = F->ScopeParent[S]) {
      for (unsigned Idx : It->second)
        if (F->Locals[Idx].Scope == S) {
          bool IsParam = F->Locals[Idx].Space == StateSpace::Param;
          Op.SymKind = IsParam ? Operand::Param : Operand::Variable;
          return false;
        }
      if (S == 0)
        break;
    }
  }
  for (const auto *List : {&F->Params, &F->Returns})
    for (const VarDecl &P : *List)
      if (P.Name == Op.Name) {
        Op.SymKind = Operand::Param;
        return false;
      }
  if (M->global(Op.Name)) {
    Op.SymKind = Operand::Variable;
    return false;
  }
  if (M->function(Op.Name) || Op.Name == F->Name) {
    Op.SymKind = Operand::Func;
    return false;
  }
  if (BasicBlock *B = Labels.lookup(Op.Name)) {
    Op.SymKind = Operand::Label;
    Op.Target = B;
    return false;
  }
  if (F->prototype(Op.Name, I.Scope)) {
    Op.SymKind = Operand::Prototype;
    return false;
  }
  if (I.isBranch() && ScopedLabels.count(Op.Name))
    return Fail("not supported yet: a branch to '" + Op.Name +
                "', a label inside a '{ }' block");
  if (I.isBranch())
    return Fail("undefined label '" + Op.Name + "'");
  return Fail("use of undeclared identifier '" + Op.Name + "'");
}

void Parser::resolveSymbols() {
  for (auto &B : F->Blocks)
    for (Instruction &I : B->Insts) {
      if (Diag.tooMany())
        return;
      bool Failed = false;
      for (Operand &Op : I.Ops)
        if ((Failed = resolve(Op, I)))
          break;
      if (Failed || !I.isBranch())
        continue;
      if (I.Ops.size() != 1 || I.Ops[0].K != Operand::Symbol) {
        StatementFailed = false;
        error(I.Loc, "'bra' takes one label operand");
      } else if (I.Ops[0].SymKind != Operand::Label) {
        StatementFailed = false;
        error(I.Ops[0].Loc, "branch target '" + I.Ops[0].Name + "' is not a label");
      }
    }
}

} // namespace

std::unique_ptr<Module> parsePTX(unsigned BufID, Diagnostics &Diag) {
  return Parser(BufID, Diag).run();
}

} // namespace simt::cc
