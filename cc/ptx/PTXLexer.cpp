//===-- PTXLexer.cpp - Tokens of PTX text ---------------------------------===//
#include "cc/ptx/PTXLexer.h"

#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace simt::cc {

static bool isIdentStart(char C) {
  return isAlpha(C) || C == '_' || C == '$' || C == '%';
}
static bool isIdentChar(char C) { return isAlnum(C) || C == '_' || C == '$'; }

Token Lexer::make(Tok K, const char *Start) {
  Token T;
  T.Kind = K;
  T.Text = StringRef(Start, Pos - Start);
  return T;
}

Token Lexer::error(const char *Start, const char *End, const char *Msg) {
  Pos = End;
  ErrorMsg = Msg;
  return make(Tok::Error, Start);
}

// Returns false (and sets Err) for an unterminated block comment.
bool Lexer::skipSpaceAndComments(bool &SawNewline, Token &Err) {
  const char *End = Buf.end();
  while (Pos != End) {
    char C = *Pos;
    if (C == '\n') {
      SawNewline = true;
      ++Pos;
    } else if (isSpace(C)) {
      ++Pos;
    } else if (C == '/' && Pos + 1 != End && Pos[1] == '/') {
      while (Pos != End && *Pos != '\n')
        ++Pos;
    } else if (C == '/' && Pos + 1 != End && Pos[1] == '*') {
      const char *Start = Pos;
      StringRef Rest(Pos + 2, End - Pos - 2);
      size_t Close = Rest.find("*/");
      if (Close == StringRef::npos) {
        Err = error(Start, Start + 2, "unterminated '/*' comment");
        Pos = End;
        return false;
      }
      if (Rest.take_front(Close).contains('\n'))
        SawNewline = true;
      Pos = Rest.data() + Close + 2;
    } else {
      break;
    }
  }
  return true;
}

Token Lexer::lexNumber(const char *Start) {
  const char *End = Buf.end();
  auto HexRun = [&](const char *P) {
    while (P != End && isHexDigit(*P))
      ++P;
    return P;
  };
  if (*Pos == '0' && Pos + 1 != End) {
    char K = Pos[1];
    if (K == 'f' || K == 'F' || K == 'd' || K == 'D') {
      // 0fXXXXXXXX (single) or 0dXXXXXXXXXXXXXXXX (double): exact bit patterns.
      const char *P = HexRun(Pos + 2);
      size_t Digits = P - (Pos + 2);
      size_t Want = (K == 'f' || K == 'F') ? 8 : 16;
      if (Digits != Want || (P != End && isIdentChar(*P)))
        return error(Start, P, Want == 8
                         ? "a 0f float literal takes exactly 8 hex digits"
                         : "a 0d double literal takes exactly 16 hex digits");
      Pos = P;
      return make(Tok::Float, Start);
    }
    if (K == 'x' || K == 'X') {
      const char *P = HexRun(Pos + 2);
      if (P == Pos + 2)
        return error(Start, P, "expected hex digits after '0x'");
      Pos = P;
      if (Pos != End && *Pos == 'U')
        ++Pos;
      if (Pos != End && isIdentChar(*Pos))
        return error(Start, Pos + 1, "invalid character in a number");
      return make(Tok::Int, Start);
    }
    if (K == 'b' || K == 'B') {
      const char *P = Pos + 2;
      while (P != End && (*P == '0' || *P == '1'))
        ++P;
      if (P == Pos + 2)
        return error(Start, P, "expected binary digits after '0b'");
      Pos = P;
      if (Pos != End && *Pos == 'U')
        ++Pos;
      return make(Tok::Int, Start);
    }
  }
  while (Pos != End && isDigit(*Pos))
    ++Pos;
  bool IsFloat = false;
  if (Pos != End && *Pos == '.' && Pos + 1 != End && isDigit(Pos[1])) {
    IsFloat = true;
    ++Pos;
    while (Pos != End && isDigit(*Pos))
      ++Pos;
  }
  if (Pos != End && (*Pos == 'e' || *Pos == 'E')) {
    const char *P = Pos + 1;
    if (P != End && (*P == '+' || *P == '-'))
      ++P;
    if (P != End && isDigit(*P)) {
      IsFloat = true;
      Pos = P;
      while (Pos != End && isDigit(*Pos))
        ++Pos;
    }
  }
  if (!IsFloat && Pos != End && *Pos == 'U')
    ++Pos;
  if (Pos != End && isIdentChar(*Pos))
    return error(Start, Pos + 1, "invalid character in a number");
  return make(IsFloat ? Tok::Float : Tok::Int, Start);
}

Token Lexer::next() {
  bool SawNewline = false;
  Token Err;
  if (!skipSpaceAndComments(SawNewline, Err))
    return Err;
  const char *Start = Pos;
  Token T = [&]() -> Token {
    if (Pos == Buf.end())
      return make(Tok::Eof, Start);
    char C = *Pos;
    if (isIdentStart(C)) {
      // name(.suffix)*: the dotted suffixes of opcodes and special
      // registers; a suffix may be qualified (`.L2::128B`, `.shared::cta`),
      // which a label (`name:`) cannot be.
      ++Pos;
      bool Dotted = false;
      while (true) {
        while (Pos != Buf.end() && isIdentChar(*Pos))
          ++Pos;
        if (Pos + 1 < Buf.end() && *Pos == '.' && isIdentChar(Pos[1])) {
          ++Pos;
          Dotted = true;
        } else if (Dotted && Pos + 2 < Buf.end() && Pos[0] == ':' && Pos[1] == ':' &&
                   isIdentChar(Pos[2])) {
          Pos += 2;
        } else {
          break;
        }
      }
      return make(Tok::Ident, Start);
    }
    if (C == '.' && Pos + 1 != Buf.end() && isIdentStart(Pos[1]) && Pos[1] != '%') {
      Pos += 2;
      while (Pos != Buf.end() && isIdentChar(*Pos))
        ++Pos;
      return make(Tok::Directive, Start);
    }
    if (isDigit(C))
      return lexNumber(Start);
    if (C == '"') {
      ++Pos;
      while (Pos != Buf.end() && *Pos != '"' && *Pos != '\n') {
        if (*Pos == '\\' && Pos + 1 != Buf.end() && Pos[1] != '\n')
          ++Pos;
        ++Pos;
      }
      if (Pos == Buf.end() || *Pos != '"')
        return error(Start, Pos, "unterminated string");
      ++Pos;
      return make(Tok::String, Start);
    }
    ++Pos;
    switch (C) {
    case ',': return make(Tok::Comma, Start);
    case ';': return make(Tok::Semi, Start);
    case ':': return make(Tok::Colon, Start);
    case '(': return make(Tok::LParen, Start);
    case ')': return make(Tok::RParen, Start);
    case '[': return make(Tok::LBrack, Start);
    case ']': return make(Tok::RBrack, Start);
    case '{': return make(Tok::LBrace, Start);
    case '}': return make(Tok::RBrace, Start);
    case '<': return make(Tok::Less, Start);
    case '>': return make(Tok::Greater, Start);
    case '+': return make(Tok::Plus, Start);
    case '-': return make(Tok::Minus, Start);
    case '@': return make(Tok::At, Start);
    case '!': return make(Tok::Bang, Start);
    case '|': return make(Tok::Pipe, Start);
    case '=': return make(Tok::Equal, Start);
    default:
      return error(Start, Pos, "unexpected character");
    }
  }();
  T.NewlineBefore = SawNewline || Start == Buf.begin();
  return T;
}

} // namespace simt::cc
