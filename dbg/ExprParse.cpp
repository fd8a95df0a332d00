//===-- ExprParse.cpp - Tokens and the parser of debugger expressions -----===//
#include "dbg/ExprNode.h"

#include <cctype>
#include <cstring>
#include <optional>

namespace simt::dbg {

using namespace expr;

namespace {

//===-- Tokens -------------------------------------------------------------===//

struct Tok {
  enum T : uint8_t { End, Num, Ident, Op } t = End;
  std::string s;
  Scalar num;
  bool single = false; // a float literal with C's f suffix
};

bool isIdentStart(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_' || c == '$'; }
bool isIdentChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$'; }

} // namespace

bool parseNumber(std::string_view t, Scalar &out) {
  if (t.empty())
    return false;
  std::string s(t);
  const bool hex = s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
  if (hex || s.find_first_of(".eE") == std::string::npos) {
    auto v = rt::parseUInt(s);
    if (!v)
      return false;
    out = Scalar{false, int64_t(*v), 0};
    return true;
  }
  char *end = nullptr;
  double d = std::strtod(s.c_str(), &end);
  if (!end || *end)
    return false;
  out = Scalar{true, 0, d};
  return true;
}

namespace {

class Lexer {
public:
  explicit Lexer(std::string_view s) : s_(s) { next(); }
  const Tok &peek() const { return cur_; }
  Tok take() {
    Tok t = cur_;
    next();
    return t;
  }
  bool isOp(const char *op) const { return cur_.t == Tok::Op && cur_.s == op; }
  bool accept(const char *op) {
    if (!isOp(op))
      return false;
    next();
    return true;
  }
  void expect(const char *op) {
    if (!accept(op))
      fail(std::string("expected '") + op + "'" + where());
  }
  std::string where() const {
    if (cur_.t == Tok::End)
      return " at the end of the expression";
    return " before '" + cur_.s + "'";
  }

private:
  void next() {
    while (pos_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[pos_])))
      ++pos_;
    cur_ = Tok{};
    if (pos_ >= s_.size())
      return;
    const char c = s_[pos_];
    if (std::isdigit(static_cast<unsigned char>(c)) ||
        (c == '.' && pos_ + 1 < s_.size() && std::isdigit(static_cast<unsigned char>(s_[pos_ + 1])))) {
      size_t e = pos_;
      if (c == '0' && e + 1 < s_.size() && (s_[e + 1] == 'x' || s_[e + 1] == 'X')) {
        e += 2;
        while (e < s_.size() && std::isxdigit(static_cast<unsigned char>(s_[e])))
          ++e;
      } else {
        while (e < s_.size() && (std::isdigit(static_cast<unsigned char>(s_[e])) || s_[e] == '.'))
          ++e;
        if (e < s_.size() && (s_[e] == 'e' || s_[e] == 'E')) {
          size_t f = e + 1;
          if (f < s_.size() && (s_[f] == '+' || s_[f] == '-'))
            ++f;
          if (f < s_.size() && std::isdigit(static_cast<unsigned char>(s_[f]))) {
            e = f;
            while (e < s_.size() && std::isdigit(static_cast<unsigned char>(s_[e])))
              ++e;
          }
        }
      }
      cur_.t = Tok::Num;
      cur_.s = std::string(s_.substr(pos_, e - pos_));
      if (!parseNumber(cur_.s, cur_.num))
        fail("bad number '" + cur_.s + "'");
      // C's suffixes: 1.5f a float; 10u, 10l, 10ull as the number.
      if (cur_.num.isFloat && e < s_.size() && (s_[e] == 'f' || s_[e] == 'F')) {
        cur_.num.f = double(float(cur_.num.f));
        cur_.single = true;
        ++e;
      } else if (!cur_.num.isFloat) {
        while (e < s_.size() && std::strchr("uUlL", s_[e]))
          ++e;
      }
      pos_ = e;
      return;
    }
    // A name, qualified by its namespaces (`phys::gravity`, `::total`).
    const bool scoped = c == ':' && s_.substr(pos_, 2) == "::" && pos_ + 2 < s_.size() &&
                        isIdentStart(s_[pos_ + 2]);
    if (isIdentStart(c) || scoped) {
      size_t e = pos_ + (scoped ? 3 : 1);
      while (e < s_.size()) {
        if (isIdentChar(s_[e]) ||
            (s_[e] == '.' && e + 1 < s_.size() && isIdentStart(s_[e + 1]) && e > pos_))
          ++e;
        else if (s_.substr(e, 2) == "::" && e + 2 < s_.size() && isIdentStart(s_[e + 2]))
          e += 3;
        else
          break;
      }
      cur_.t = Tok::Ident;
      cur_.s = std::string(s_.substr(pos_, e - pos_));
      pos_ = e;
      return;
    }
    static const char *ops[] = {"||", "&&", "==", "!=", "<=", ">=", "<<", ">>", "->", "|", "^", "&",
                                "<",  ">",  "+",  "-",  "*",  "/",  "%",  "!",  "~", "(", ")",
                                "[",  "]",  ".",  "@",  ",",  ":",  "?"};
    for (const char *op : ops) {
      size_t n = std::strlen(op);
      if (s_.substr(pos_, n) == op) {
        cur_.t = Tok::Op;
        cur_.s = op;
        pos_ += n;
        return;
      }
    }
    fail(std::string("unexpected character '") + c + "' in expression");
  }

  std::string_view s_;
  size_t pos_ = 0;
  Tok cur_;
};

//===-- Parser -------------------------------------------------------------===//

/// C's scalar type spelled by `words` (unsigned int, float, long long,
/// char, ...): the element type a cast converts to and the type's C name.
std::optional<std::pair<rt::ElemType, std::string>> cScalarType(const std::string &words) {
  static const struct {
    const char *words;
    rt::ElemType type;
    const char *cName;
  } kTypes[] = {
      {"float", rt::ElemType::F32, "float"},
      {"double", rt::ElemType::F64, "double"},
      {"char", rt::ElemType::S8, "char"},
      {"signed char", rt::ElemType::S8, "signed char"},
      {"unsigned char", rt::ElemType::U8, "unsigned char"},
      {"short", rt::ElemType::S16, "short"},
      {"short int", rt::ElemType::S16, "short"},
      {"unsigned short", rt::ElemType::U16, "unsigned short"},
      {"int", rt::ElemType::S32, "int"},
      {"signed", rt::ElemType::S32, "int"},
      {"signed int", rt::ElemType::S32, "int"},
      {"unsigned", rt::ElemType::U32, "unsigned int"},
      {"unsigned int", rt::ElemType::U32, "unsigned int"},
      {"long", rt::ElemType::S64, "long"},
      {"long int", rt::ElemType::S64, "long"},
      {"long long", rt::ElemType::S64, "long long"},
      {"unsigned long", rt::ElemType::U64, "unsigned long"},
      {"unsigned long long", rt::ElemType::U64, "unsigned long long"},
  };
  for (const auto &t : kTypes)
    if (words == t.words)
      return std::make_pair(t.type, std::string(t.cName));
  return std::nullopt;
}

std::shared_ptr<Expr::Node> mk(Kind k) {
  auto n = std::make_shared<Expr::Node>();
  n->kind = k;
  return n;
}

unsigned typeWidth(rt::ElemType t) { return rt::sizeOf(t) * 8; }

std::optional<unsigned> regIndex(const std::string &s) {
  if (s == "RZ" || s == "rz")
    return 63u;
  if (s.size() < 2 || (s[0] != 'R' && s[0] != 'r'))
    return std::nullopt;
  for (size_t i = 1; i < s.size(); ++i)
    if (!std::isdigit(static_cast<unsigned char>(s[i])))
      return std::nullopt;
  if (s.size() > 3)
    return std::nullopt;
  unsigned v = unsigned(std::stoul(s.substr(1)));
  if (v > 62)
    fail("no register " + s + " (R0..R62 and RZ)");
  return v;
}

std::optional<unsigned> predIndex(const std::string &s) {
  if (s == "PT" || s == "pt")
    return 7u;
  if (s.size() == 2 && (s[0] == 'P' || s[0] == 'p') && s[1] >= '0' && s[1] <= '9') {
    if (s[1] > '6')
      fail("no predicate " + s + " (P0..P6 and PT)");
    return unsigned(s[1] - '0');
  }
  return std::nullopt;
}

std::optional<Sp> specialKind(const std::string &s) {
  static const std::pair<const char *, Sp> names[] = {
      {"$lane", Sp::Lane},       {"$laneid", Sp::Lane},     {"$tid", Sp::Tid},
      {"$tid.x", Sp::TidX},      {"$tid.y", Sp::TidY},      {"$tid.z", Sp::TidZ},
      {"$ntid.x", Sp::NtidX},    {"$ntid.y", Sp::NtidY},    {"$ntid.z", Sp::NtidZ},
      {"$ctaid.x", Sp::CtaidX},  {"$ctaid.y", Sp::CtaidY},  {"$ctaid.z", Sp::CtaidZ},
      {"$nctaid.x", Sp::NctaidX}, {"$nctaid.y", Sp::NctaidY}, {"$nctaid.z", Sp::NctaidZ},
      {"$warp", Sp::Warp},       {"$warpid", Sp::Warp},     {"$sm", Sp::Sm},
      {"$smid", Sp::Sm},         {"$pc", Sp::Pc},           {"$active", Sp::Active},
      {"$mask", Sp::Active},     {"$exited", Sp::Exited},   {"$launched", Sp::Launched},
      {"$clock", Sp::Clock},     {"$grid", Sp::Grid},       {"$isactive", Sp::IsActive},
  };
  for (auto &[n, k] : names)
    if (s == n)
      return k;
  return std::nullopt;
}

class Parser {
public:
  explicit Parser(std::string_view s) : lx_(s) {}

  NodeP parseAll() {
    NodeP n = conditional();
    if (lx_.peek().t != Tok::End)
      fail("unexpected '" + lx_.peek().s + "' in expression");
    return n;
  }

private:
  static int prec(const std::string &op) {
    static const std::pair<const char *, int> table[] = {
        {"||", 1}, {"&&", 2}, {"|", 3},  {"^", 4},  {"&", 5},  {"==", 6}, {"!=", 6},
        {"<", 7},  {"<=", 7}, {">", 7},  {">=", 7}, {"<<", 8}, {">>", 8}, {"@", 9},
        {"+", 10}, {"-", 10}, {"*", 11}, {"/", 11}, {"%", 11}};
    for (auto &[o, p] : table)
      if (op == o)
        return p;
    return -1;
  }

  /// C's a ? b : c, below every binary operator, grouping to the right.
  NodeP conditional() {
    NodeP cond = binary(0);
    if (!lx_.accept("?"))
      return cond;
    NodeP yes = conditional();
    lx_.expect(":");
    NodeP no = conditional();
    auto n = mk(Kind::Cond);
    n->a = cond;
    n->b = yes;
    n->c = no;
    n->perLane = cond->perLane || yes->perLane || no->perLane;
    n->isFloat = yes->isFloat || no->isFloat;
    n->width = std::max(yes->width, no->width);
    n->hex = yes->hex && no->hex;
    return n;
  }

  /// After '(': C's scalar type words (unsigned int, float, long long,
  /// char, ...) and ')', as the element type they convert to and the type's
  /// C name; nothing consumed unless it is one.
  std::optional<std::pair<rt::ElemType, std::string>> cCastType() {
    Lexer save = lx_;
    std::string words;
    while (lx_.peek().t == Tok::Ident)
      words += (words.empty() ? "" : " ") + lx_.take().s;
    if (lx_.accept(")"))
      if (auto t = cScalarType(words))
        return t;
    lx_ = save;
    return std::nullopt;
  }

  NodeP binary(int minPrec) {
    NodeP lhs = unary();
    for (;;) {
      const Tok &t = lx_.peek();
      if (t.t != Tok::Op)
        return lhs;
      int p = prec(t.s);
      if (p < 0 || p <= minPrec - 1 || p < minPrec)
        return lhs;
      std::string op = lx_.take().s;
      NodeP rhs = binary(p + 1);
      if (op == "@") { // gdb's artificial array: rhs objects from lhs on
        auto n = mk(Kind::Repeat);
        n->a = lhs;
        n->b = rhs;
        n->perLane = true;
        lhs = n;
        continue;
      }
      auto n = mk(Kind::Binary);
      n->op = op;
      n->a = lhs;
      n->b = rhs;
      n->perLane = lhs->perLane || rhs->perLane;
      const bool cmp = p <= 2 || p == 6 || p == 7;
      n->isFloat = !cmp && (lhs->isFloat || rhs->isFloat);
      n->width = cmp ? 1 : std::max(lhs->width, rhs->width);
      n->hex = !cmp && !n->isFloat && (lhs->hex || rhs->hex) &&
               (lhs->hex || lhs->kind == Kind::Num) && (rhs->hex || rhs->kind == Kind::Num);
      lhs = n;
    }
  }

  /// sizeof(TYPE), sizeof EXPR, and sizeof(NAME), whose NAME may be a type
  /// or a variable (the scope decides when it is evaluated).
  NodeP sizeOf() {
    lx_.take();
    auto n = mk(Kind::SizeOf);
    n->width = 64;
    if (lx_.isOp("(")) {
      Lexer save = lx_;
      lx_.take();
      std::string words;
      while (lx_.peek().t == Tok::Ident)
        words += (words.empty() ? "" : " ") + lx_.take().s;
      std::string type = words;
      while (lx_.accept("*"))
        type += " *";
      if (!words.empty() && lx_.accept(")")) {
        n->name = type;
        if (type == words && words.find(' ') == std::string::npos && !cScalarType(words)) {
          lx_ = save;
          n->a = unary(); // (NAME) as an expression too
        }
        return n;
      }
      lx_ = save;
    }
    n->a = unary();
    return n;
  }

  NodeP unary() {
    const Tok &t = lx_.peek();
    if (t.t == Tok::Ident && t.s == "sizeof")
      return sizeOf();
    if (t.t == Tok::Op && (t.s == "!" || t.s == "-" || t.s == "~" || t.s == "+")) {
      std::string op = lx_.take().s;
      NodeP c = unary();
      if (op == "+")
        return c;
      auto n = mk(Kind::Unary);
      n->op = op;
      n->a = c;
      n->perLane = c->perLane;
      n->isFloat = op == "-" && c->isFloat;
      n->width = op == "!" ? 1 : c->width;
      n->hex = op == "~" && c->hex;
      return n;
    }
    if (t.t == Tok::Op && t.s == "&") {
      lx_.take();
      auto n = mk(Kind::AddrOf);
      n->a = unary();
      n->perLane = true;
      return n;
    }
    if (t.t == Tok::Op && t.s == "*") {
      lx_.take();
      rt::ElemType type = rt::ElemType::U32;
      SpaceRef space;
      if (lx_.isOp("(")) {
        // *(TYPE [@SPACE]) ADDR, else *(expr)
        Lexer save = lx_;
        lx_.take();
        if (lx_.peek().t == Tok::Ident) {
          if (auto ty = rt::parseElemType(lx_.peek().s)) {
            lx_.take();
            type = *ty;
            if (lx_.accept("*")) {
              // C spelling: *(u32 *)ADDR
            }
            if (lx_.accept("@"))
              space = parseSpaceWord();
            lx_.expect(")");
            auto n = deref(type, space, unary());
            n->explicitType = true;
            return n;
          }
        }
        lx_ = save;
      }
      return deref(type, space, unary());
    }
    if (t.t == Tok::Op && t.s == "(") {
      Lexer save = lx_;
      lx_.take();
      if (auto cast = cCastType()) {
        NodeP c = unary();
        auto n = mk(Kind::Cast);
        n->type = cast->first;
        n->name = cast->second;
        n->convert = true;
        n->a = c;
        n->perLane = c->perLane;
        n->width = typeWidth(cast->first);
        n->isFloat = rt::isFloat(cast->first);
        return n;
      }
      if (lx_.peek().t == Tok::Ident)
        if (auto ty = rt::parseElemType(lx_.peek().s)) {
          lx_.take();
          if (lx_.accept(")")) {
            NodeP c = unary();
            auto n = mk(Kind::Cast);
            n->type = *ty;
            n->a = c;
            n->perLane = c->perLane;
            n->width = typeWidth(*ty);
            n->isFloat = rt::isFloat(*ty);
            n->hex = !n->isFloat && !rt::isSignedInt(*ty) && c->hex;
            return n;
          }
        }
      lx_ = save;
      lx_.take();
      NodeP inner = conditional();
      lx_.expect(")");
      return postfix(inner); // (*p)[2], (*s).m
    }
    return postfix(primary());
  }

  SpaceRef parseSpaceWord() {
    if (lx_.peek().t != Tok::Ident)
      fail("expected a memory space after '@'" + lx_.where());
    std::string w = lx_.take().s;
    if (lx_.isOp("[")) {
      lx_.take();
      if (lx_.peek().t != Tok::Num)
        fail("expected a number in @" + w + "[N]");
      w += "[" + std::to_string(lx_.take().num.i) + "]";
      lx_.expect("]");
    }
    auto s = parseSpace(w);
    if (!s)
      fail("unknown memory space '@" + w + "' (global, shared, local, local[N], spill, const[B])");
    return *s;
  }

  static std::shared_ptr<Expr::Node> deref(rt::ElemType type, SpaceRef space, NodeP addr) {
    auto n = mk(Kind::Deref);
    n->type = type;
    n->space = space;
    n->a = addr;
    n->perLane = addr->perLane || (space.space == Space::Local && space.index < 0);
    n->width = typeWidth(type);
    n->isFloat = rt::isFloat(type);
    n->hex = !n->isFloat && !rt::isSignedInt(type);
    return n;
  }

  NodeP postfix(NodeP n) {
    for (;;) {
      if (n->kind == Kind::Special && Sp(n->idx) == Sp::Lane && lx_.isOp("[")) {
        lx_.take();
        NodeP laneExpr = binary(0);
        lx_.expect("]");
        lx_.expect(".");
        NodeP inner = postfix(primary());
        auto s = mk(Kind::LaneSel);
        s->a = laneExpr;
        s->b = inner;
        s->perLane = laneExpr->perLane;
        s->width = inner->width;
        s->isFloat = inner->isFloat;
        s->hex = inner->hex;
        n = s;
        continue;
      }
      if (lx_.isOp("[")) {
        lx_.take();
        NodeP index = binary(0);
        lx_.expect("]");
        // NAME[i]: a buffer's element, or a C array's or pointer's
        // (decided at evaluation); any other value[i] is C's.
        auto s = mk(n->kind == Kind::Ident ? Kind::Index : Kind::Subscript);
        if (n->kind == Kind::Ident) {
          s->name = n->name;
          s->a = index;
          s->perLane = index->perLane;
        } else {
          s->a = n;
          s->b = index;
          s->perLane = true;
        }
        s->width = 64;
        n = s;
        continue;
      }
      if (lx_.isOp(".") || lx_.isOp("->")) {
        std::string op = lx_.take().s;
        if (lx_.peek().t != Tok::Ident)
          fail("expected a member name after '" + op + "'" + lx_.where());
        // `p->a.b` lexes as `p`, `->`, `a.b`.
        std::string names = lx_.take().s;
        for (size_t at = 0; at <= names.size();) {
          size_t dot = names.find('.', at);
          auto m = mk(Kind::Member);
          m->a = n;
          m->op = at == 0 ? op : ".";
          m->name = names.substr(at, dot == std::string::npos ? std::string::npos : dot - at);
          m->perLane = true;
          n = m;
          if (dot == std::string::npos)
            break;
          at = dot + 1;
        }
        continue;
      }
      return n;
    }
  }

  NodeP primary() {
    Tok t = lx_.take();
    if (t.t == Tok::Num) {
      auto n = mk(Kind::Num);
      n->num = t.num;
      n->isFloat = t.num.isFloat;
      n->width = t.single ? 32 : 64;
      return n;
    }
    // `%r5`: `%` where an operand starts cannot be the remainder operator.
    if (t.t == Tok::Op && t.s == "%" && lx_.peek().t == Tok::Ident) {
      auto n = mk(Kind::PTXReg);
      n->name = "%" + lx_.take().s;
      n->perLane = true;
      n->width = 32; // until evaluation knows the register's type
      n->hex = true;
      return n;
    }
    if (t.t != Tok::Ident) {
      if (t.t == Tok::End)
        fail("A syntax error in expression, near `'.");
      fail("unexpected '" + t.s + "' in expression");
    }
    // `$R2`, `$r2`, `$p0`: gdb and cuda-gdb spell registers as variables.
    const bool dollarReg = t.s.size() > 1 && t.s[0] == '$' &&
                           (regIndex(t.s.substr(1)) || predIndex(t.s.substr(1)));
    const std::string s = dollarReg ? t.s.substr(1) : t.s;
    if (auto r = regIndex(s)) {
      auto n = mk(Kind::Reg);
      n->idx = *r;
      n->perLane = true;
      n->width = 32;
      n->hex = true;
      return n;
    }
    if (auto p = predIndex(s)) {
      auto n = mk(Kind::Pred);
      n->idx = *p;
      n->perLane = true;
      n->width = 1;
      return n;
    }
    if (s == "CC" || s == "cc") {
      auto n = mk(Kind::CC);
      n->perLane = true;
      n->width = 4;
      return n;
    }
    static const char *flags[] = {"CC.ZF", "CC.SF", "CC.CF", "CC.OF"};
    for (unsigned i = 0; i < 4; ++i)
      if (s == flags[i]) {
        auto n = mk(Kind::CCFlag);
        n->idx = i;
        n->perLane = true;
        n->width = 1;
        return n;
      }
    if (s[0] == '$') {
      auto k = specialKind(s);
      if (!k)
        fail("unknown convenience variable '" + s + "'");
      auto n = mk(Kind::Special);
      n->idx = unsigned(*k);
      n->perLane = spPerLane(*k);
      n->width = *k == Sp::IsActive ? 1 : (*k == Sp::Clock ? 64 : 32);
      n->hex = *k == Sp::Pc || *k == Sp::Active || *k == Sp::Exited || *k == Sp::Launched;
      return n;
    }
    if (s == "c" && lx_.isOp("[")) {
      lx_.take();
      NodeP bank = binary(0);
      lx_.expect("]");
      if (!lx_.isOp("[")) {
        // c[i]: an element of a buffer named c.
        auto n = mk(Kind::Index);
        n->name = s;
        n->a = bank;
        n->perLane = bank->perLane;
        return n;
      }
      lx_.expect("[");
      NodeP off = binary(0);
      lx_.expect("]");
      auto n = mk(Kind::Const);
      n->a = bank;
      n->b = off;
      n->perLane = bank->perLane || off->perLane;
      n->width = 32;
      n->hex = true;
      return n;
    }
    auto n = mk(Kind::Ident);
    n->name = s;
    n->width = 64;
    return n;
  }

  Lexer lx_;
};

} // namespace

Expr Expr::parse(std::string_view text) {
  Expr e;
  e.text_ = std::string(trim(text));
  if (e.text_.empty())
    fail("A syntax error in expression, near `'.");
  // Bounded, so that parsing, evaluating and freeing the tree (all
  // recursive) cannot exhaust the stack: `print ((((...` of 100,000 levels.
  Lexer count(e.text_);
  for (size_t n = 1; count.peek().t != Tok::End; count.take())
    if (++n > kMaxExprTokens)
      fail("expression has more than " + std::to_string(kMaxExprTokens) + " tokens");
  Parser p(e.text_);
  e.root_ = p.parseAll();
  return e;
}

} // namespace simt::dbg
