//===-- PTXLexer.h - Tokens of PTX text -------------------------*- C++ -*-===//
//
// Splits PTX source into tokens with their locations. Identifiers keep their
// dotted suffixes (`ld.global.f32`, `%tid.x`) so an opcode is one token the
// parser splits; directives are `.name`. Newlines are not tokens, but each
// token knows whether a line break precedes it, which ends the line-based
// directives (`.loc`, `.file`). Any byte sequence lexes without a crash:
// what is not PTX becomes an Error token.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/SMLoc.h"

namespace simt::cc {

enum class Tok : unsigned char {
  Eof, Error,
  Ident,     // foo, %r1, $L__BB0_2, ld.global.f32, %tid.x
  Directive, // .reg
  Int,       // 42, 0x2A, 42U
  Float,     // 1.5, 0f3F800000, 0d3FF0000000000000
  String,    // "text" (Text includes the quotes)
  Comma, Semi, Colon, LParen, RParen, LBrack, RBrack, LBrace, RBrace,
  Less, Greater, Plus, Minus, At, Bang, Pipe, Equal,
};

struct Token {
  Tok Kind = Tok::Eof;
  llvm::StringRef Text;
  bool NewlineBefore = false; // a line break between this and the previous token
  llvm::SMLoc loc() const { return llvm::SMLoc::getFromPointer(Text.data()); }
  bool is(Tok K) const { return Kind == K; }
};

class Lexer {
public:
  explicit Lexer(llvm::StringRef Buffer) : Buf(Buffer), Pos(Buffer.begin()) {}
  Token next();
  /// Why the last Error token is one.
  llvm::StringRef errorMessage() const { return ErrorMsg; }

private:
  Token make(Tok K, const char *Start);
  Token error(const char *Start, const char *End, const char *Msg);
  bool skipSpaceAndComments(bool &SawNewline, Token &Err);
  Token lexNumber(const char *Start);

  llvm::StringRef Buf;
  const char *Pos;
  const char *ErrorMsg = "";
};

} // namespace simt::cc
