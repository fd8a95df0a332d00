//===-- ExpandInstructions.cpp - Composite PTX instructions expanded ------===//
#include "cc/ExpandInstructions.h"

#include "isa/SIMTLimits.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"

using namespace llvm;

namespace simt::cc {

namespace {

bool isComparison(Modifier M) {
  switch (M) {
  case Modifier::Eq: case Modifier::Ne: case Modifier::Lt: case Modifier::Le:
  case Modifier::Gt: case Modifier::Ge: case Modifier::Lo: case Modifier::Ls:
  case Modifier::Hi: case Modifier::Hs: case Modifier::Equ: case Modifier::Neu:
  case Modifier::Ltu: case Modifier::Leu: case Modifier::Gtu: case Modifier::Geu:
  case Modifier::Num: case Modifier::Nan: case Modifier::And: case Modifier::Or:
  case Modifier::Xor: case Modifier::Ftz:
    return true;
  default:
    return false;
  }
}

bool is16(PTXType T) { return T == PTXType::B16 || T == PTXType::U16 || T == PTXType::S16; }
bool is32(PTXType T) { return T == PTXType::B32 || T == PTXType::U32 || T == PTXType::S32; }
bool is64(PTXType T) { return T == PTXType::B64 || T == PTXType::U64 || T == PTXType::S64; }

Operand f32Imm(uint32_t Bits) {
  Operand Op = Operand::imm(Bits);
  Op.K = Operand::FImm;
  Op.FBits = 32;
  return Op;
}

bool readTexture(Function &F, const Instruction &Site, std::vector<Instruction> &Out);

class Expander {
public:
  Expander(Function &F, const Instruction &Site, std::vector<Instruction> &Out)
      : F(F), Site(Site), Out(Out) {}

  /// Whether Site was expanded into Out.
  bool run();

private:
  Operand temp(PTXType T) { return Operand::reg(F.addRegister(T, "%exp"), Site.Loc); }
  void emit(Opcode Op, std::initializer_list<PTXType> Types, std::vector<Operand> Ops,
            std::initializer_list<Modifier> Mods = {}) {
    Out.push_back(Instruction::at(Site, Op, Types, std::move(Ops), Mods));
  }
  const Operand &op(unsigned N) const { return Site.Ops[N]; }
  bool operands(unsigned N) const { return Site.Ops.size() == N && op(0).K == Operand::Reg; }

  bool set();
  bool slct();
  bool cnot();
  bool copysign();
  bool testp();
  bool sad();
  bool madWide();
  bool mul24();
  bool cvtaOfVariable();
  Operand extend24(const Operand &V, bool Signed);

  Function &F;
  const Instruction &Site;
  std::vector<Instruction> &Out;
};

bool Expander::run() {
  switch (Site.Op) {
  case Opcode::Set: return set();
  case Opcode::Slct: return slct();
  case Opcode::Cnot: return cnot();
  case Opcode::Copysign: return copysign();
  case Opcode::Testp: return testp();
  case Opcode::Sad: return sad();
  case Opcode::Mad: return Site.has(Modifier::Wide) && madWide();
  case Opcode::Mul24:
  case Opcode::Mad24: return mul24();
  case Opcode::Cvta: return cvtaOfVariable();
  case Opcode::Tex: return readTexture(F, Site, Out);
  default: return false;
  }
}

// set.cmp[.bop][.ftz].dtype.stype d, a, b[, {!}c]: d = (a cmp b) bop c ?
// (1.0f for .f32, 0xffffffff for .u32/.s32) : 0.
bool Expander::set() {
  PTXType D = Site.type(0), S = Site.type(1);
  if (Site.Types.size() != 2 || (D != PTXType::F32 && !is32(D)) ||
      (!operands(3) && !operands(4)) || !all_of(Site.Mods, isComparison))
    return false;
  Operand P = temp(PTXType::Pred);
  std::vector<Operand> Ops(Site.Ops.begin(), Site.Ops.end());
  Ops[0] = P;
  Out.push_back(Instruction::at(Site, Opcode::Setp, {S}, std::move(Ops)));
  Out.back().Mods = Site.Mods;
  emit(Opcode::Selp, {D},
       {op(0), D == PTXType::F32 ? f32Imm(0x3f800000) : Operand::imm(0xffffffff),
        Operand::imm(0), P});
  return true;
}

// slct.dtype.s32 d, a, b, c / slct[.ftz].dtype.f32 d, a, b, c: d = c >= 0 ? a : b.
bool Expander::slct() {
  PTXType D = Site.type(0), C = Site.type(1);
  bool Ftz = Site.has(Modifier::Ftz);
  if (Site.Types.size() != 2 || !operands(4) || Site.Mods.size() > (Ftz ? 1u : 0u) ||
      (C != PTXType::S32 && C != PTXType::F32) || (Ftz && C != PTXType::F32))
    return false;
  Operand P = temp(PTXType::Pred);
  Operand Zero = C == PTXType::F32 ? f32Imm(0) : Operand::imm(0);
  if (Ftz)
    emit(Opcode::Setp, {C}, {P, op(3), Zero}, {Modifier::Ge, Modifier::Ftz});
  else
    emit(Opcode::Setp, {C}, {P, op(3), Zero}, {Modifier::Ge});
  emit(Opcode::Selp, {D}, {op(0), op(1), op(2), P});
  return true;
}

// cnot.bN d, a: d = a == 0 ? 1 : 0.
bool Expander::cnot() {
  PTXType T = Site.type();
  if (Site.Types.size() != 1 || !operands(2) || !Site.Mods.empty() ||
      (!is16(T) && !is32(T) && !is64(T)))
    return false;
  Operand P = temp(PTXType::Pred);
  emit(Opcode::Setp, {T}, {P, op(1), Operand::imm(0)}, {Modifier::Eq});
  emit(Opcode::Selp, {T}, {op(0), Operand::imm(1), Operand::imm(0), P});
  return true;
}

// copysign.f32/.f64 d, a, b: b with the sign of a.
bool Expander::copysign() {
  PTXType T = Site.type();
  if (Site.Types.size() != 1 || !operands(3) || !Site.Mods.empty() ||
      (T != PTXType::F32 && T != PTXType::F64))
    return false;
  bool Wide = T == PTXType::F64;
  PTXType B = Wide ? PTXType::B64 : PTXType::B32;
  const uint64_t Sign = Wide ? uint64_t(1) << 63 : uint64_t(1) << 31;
  Operand S = temp(B), M = temp(B);
  emit(Opcode::And, {B}, {S, op(1), Operand::imm(int64_t(Sign))});
  emit(Opcode::And, {B}, {M, op(2), Operand::imm(int64_t(Sign - 1))});
  emit(Opcode::Or, {B}, {op(0), S, M});
  return true;
}

// testp.op.f32/.f64 p, a on the bits: with m = |a|'s bits, finite is
// m < inf, infinite m == inf, subnormal 0 < m <= the largest subnormal,
// normal finite and not subnormal (zeros are normal, PTX ISA), number and
// notanumber setp.num/.nan.
bool Expander::testp() {
  PTXType T = Site.type();
  if (Site.Types.size() != 1 || !operands(2) || Site.Mods.size() != 1 ||
      (T != PTXType::F32 && T != PTXType::F64))
    return false;
  Modifier Op = Site.Mods[0];
  if (Op == Modifier::Number || Op == Modifier::Notanumber) {
    emit(Opcode::Setp, {T}, {op(0), op(1), op(1)},
         {Op == Modifier::Number ? Modifier::Num : Modifier::Nan});
    return true;
  }
  if (Op != Modifier::Finite && Op != Modifier::Infinite && Op != Modifier::Normal &&
      Op != Modifier::Subnormal)
    return false;
  bool Wide = T == PTXType::F64;
  PTXType B = Wide ? PTXType::B64 : PTXType::B32, U = Wide ? PTXType::U64 : PTXType::U32;
  int64_t Abs = Wide ? int64_t(~(uint64_t(1) << 63)) : 0x7fffffff;
  int64_t Inf = Wide ? int64_t(0x7ff0000000000000) : 0x7f800000;
  int64_t MaxSub = Wide ? int64_t(0x000fffffffffffff) : 0x007fffff;
  Operand M = temp(B);
  emit(Opcode::And, {B}, {M, op(1), Operand::imm(Abs)});
  if (Op == Modifier::Finite || Op == Modifier::Infinite) {
    emit(Opcode::Setp, {U}, {op(0), M, Operand::imm(Inf)},
         {Op == Modifier::Finite ? Modifier::Lo : Modifier::Eq});
    return true;
  }
  // m - 1 < MaxSub (unsigned) is 0 < m <= MaxSub: subnormal.
  Operand Less = temp(U), Sub = temp(PTXType::Pred);
  emit(Opcode::Sub, {U}, {Less, M, Operand::imm(1)});
  Operand SubDst = Op == Modifier::Subnormal ? op(0) : Sub;
  emit(Opcode::Setp, {U}, {SubDst, Less, Operand::imm(MaxSub)}, {Modifier::Lo});
  if (Op == Modifier::Normal) {
    Operand NotSub = Sub;
    NotSub.Negated = true;
    emit(Opcode::Setp, {U}, {op(0), M, Operand::imm(Inf), NotSub},
         {Modifier::Lo, Modifier::And});
  }
  return true;
}

// sad.type d, a, b, c: d = c + |a - b| = c + (max(a, b) - min(a, b)).
bool Expander::sad() {
  PTXType T = Site.type();
  if (Site.Types.size() != 1 || !operands(4) || !Site.Mods.empty() ||
      (!is16(T) && !is32(T) && !is64(T)) || T == PTXType::B16 || T == PTXType::B32 ||
      T == PTXType::B64)
    return false;
  Operand Hi = temp(T), Lo = temp(T), Diff = temp(T);
  emit(Opcode::Max, {T}, {Hi, op(1), op(2)});
  emit(Opcode::Min, {T}, {Lo, op(1), op(2)});
  emit(Opcode::Sub, {T}, {Diff, Hi, Lo});
  emit(Opcode::Add, {T}, {op(0), Diff, op(3)});
  return true;
}

// mad.wide.type d, a, b, c: d = a * b (twice the width) + c.
bool Expander::madWide() {
  PTXType T = Site.type();
  if (Site.Types.size() != 1 || !operands(4) || Site.Mods.size() != 1)
    return false;
  PTXType W;
  switch (T) {
  case PTXType::U16: W = PTXType::U32; break;
  case PTXType::S16: W = PTXType::S32; break;
  case PTXType::U32: W = PTXType::U64; break;
  case PTXType::S32: W = PTXType::S64; break;
  default: return false;
  }
  Operand P = temp(W);
  emit(Opcode::Mul, {T}, {P, op(1), op(2)}, {Modifier::Wide});
  emit(Opcode::Add, {W}, {op(0), P, op(3)});
  return true;
}

// The low 24 bits of V, zero- or sign-extended.
Operand Expander::extend24(const Operand &V, bool Signed) {
  if (V.K == Operand::Imm)
    return Operand::imm(Signed ? int64_t(int32_t(uint32_t(V.Int) << 8) >> 8)
                               : int64_t(V.Int & 0xffffff));
  Operand R = temp(PTXType::B32);
  if (Signed) {
    emit(Opcode::Shl, {PTXType::B32}, {R, V, Operand::imm(8)});
    emit(Opcode::Shr, {PTXType::S32}, {R, R, Operand::imm(8)});
  } else {
    emit(Opcode::And, {PTXType::B32}, {R, V, Operand::imm(0xffffff)});
  }
  return R;
}

// mul24.lo/.hi.u32/.s32 d, a, b: the 48-bit product t of the low 24 bits of
// a and b (sign-extended for .s32); .lo is t<31..0>, .hi t<47..16>.
// mad24 adds c to that.
bool Expander::mul24() {
  PTXType T = Site.type();
  bool Mad = Site.Op == Opcode::Mad24, Hi = Site.has(Modifier::Hi);
  if (Site.Types.size() != 1 || !operands(Mad ? 4 : 3) || Site.Mods.size() != 1 ||
      (!Hi && !Site.has(Modifier::Lo)) || (T != PTXType::U32 && T != PTXType::S32))
    return false;
  bool Signed = T == PTXType::S32;
  Operand A = extend24(op(1), Signed), B = extend24(op(2), Signed);
  Operand Product = Mad ? temp(T) : op(0);
  if (!Hi) {
    emit(Opcode::Mul, {T}, {Product, A, B}, {Modifier::Lo});
  } else {
    // t<47..16> = (t<31..0> >> 16) | (t<63..32> << 16); the 48-bit product
    // of 24-bit operands is exact in 64 bits.
    Operand Low = temp(T), High = temp(T);
    emit(Opcode::Mul, {T}, {Low, A, B}, {Modifier::Lo});
    emit(Opcode::Mul, {T}, {High, A, B}, {Modifier::Hi});
    emit(Opcode::Shr, {PTXType::U32}, {Low, Low, Operand::imm(16)});
    emit(Opcode::Shl, {PTXType::B32}, {High, High, Operand::imm(16)});
    emit(Opcode::Or, {PTXType::B32}, {Product, Low, High});
  }
  if (Mad)
    emit(Opcode::Add, {T}, {op(0), Product, op(3)});
  return true;
}

// cvta.shared/.local.uN d, var (older nvcc): the variable's address in its
// window, then the conversion, as clang writes it (mov t, var; cvta d, t).
// Global and constant variables are converted as they are (ISel).
bool Expander::cvtaOfVariable() {
  if (!operands(2) || op(1).K != Operand::Symbol || Site.Mods.size() != 0 ||
      (Site.Space != StateSpace::Shared && Site.Space != StateSpace::Local))
    return false;
  // A register of its own: written once, its space stays known.
  Operand Window = temp(Site.type());
  emit(Opcode::Mov, {Site.type()}, {Window, op(1)});
  Out.push_back(Instruction::at(Site, Opcode::Cvta, {Site.type()}, {op(0), Window}));
  Out.back().Space = Site.Space;
  return true;
}

// tex.geom.v4.dtype.ctype {d0, d1, d2, d3}, [t, {c0, ...}]: a texture read
// through t's binding (isa/SIMTLimits.h, written by a run script's `bind`),
// which says what the instruction does not: the texel format, the geometry
// and the sampling. This target has no texture unit; the read is global
// loads and arithmetic, every step predicated (no branch, no divergence):
// - tex.1d with .s32 coordinates (tex1Dfetch) reads texel i of linear
//   memory, 0 outside the bound bytes;
// - other forms sample a width x height x depth texture: coordinates scaled
//   by the size when normalized, then point sampling (texel floor(x)) or,
//   for .f32 results with the binding's linear filter, the 2^dims texels
//   around x - 0.5 weighted by its fraction in 8 bits, as the texture unit
//   computes it (CUDA Programming Guide, "Texture Fetching"); each texel
//   index addressed by its dimension's mode (clamp, border: 0 outside,
//   wrap, mirror);
// - channels read as the format says: 32-bit ones as they are, 8- and
//   16-bit integers extended, or, for .f32 results, normalized to [0, 1]
//   (unsigned) or [-1, 1] (signed), as cudaReadModeNormalizedFloat; 0 in
//   the channels a texel lacks; 64-bit channels trap.
// t is a texture reference or, in PTX for sm_1x/sm_2x (which has no texture
// objects), a register holding a reference's address: what
// cc/include/__simt_texture.h's tex1D/tex2D/tex3D pass.
class TextureRead {
public:
  TextureRead(Function &F, const Instruction &Site, std::vector<Instruction> &Out)
      : F(F), Site(Site), Out(Out) {}
  bool run();

private:
  static constexpr PTXType U32 = PTXType::U32, S32 = PTXType::S32, F32 = PTXType::F32,
                           U64 = PTXType::U64, Pred = PTXType::Pred;
  /// An index along one dimension and whether it reads a texel.
  struct Tap {
    Operand Offset; // bytes from the texture's start
    Operand Valid;
  };

  Operand temp(PTXType T) { return Operand::reg(F.addRegister(T, "%tex"), Site.Loc); }
  Instruction &emit(Opcode Op, std::initializer_list<PTXType> Types, std::vector<Operand> Ops,
                    std::initializer_list<Modifier> Mods = {}) {
    Out.push_back(Instruction::at(Site, Op, Types, std::move(Ops), Mods));
    return Out.back();
  }
  /// I guarded by P; P is computed first (emit invalidates references).
  Instruction &when(const Operand &P, Instruction &I) {
    I.Guard = P.RegId;
    return I;
  }
  Operand value(PTXType T, Opcode Op, std::vector<Operand> Srcs,
                std::initializer_list<Modifier> Mods = {}, std::optional<PTXType> From = {}) {
    Operand D = temp(T);
    Srcs.insert(Srcs.begin(), D);
    if (From)
      emit(Op, {T, *From}, std::move(Srcs), Mods);
    else
      emit(Op, {T}, std::move(Srcs), Mods);
    return D;
  }
  Operand test(PTXType T, Modifier Cmp, const Operand &A, const Operand &B) {
    Operand P = temp(Pred);
    emit(Opcode::Setp, {T}, {P, A, B}, {Cmp});
    return P;
  }
  // Conditions that live long are flags, 32-bit 0 or 1: the target has
  // seven predicates, and a 3-D filtered read needs far more conditions.
  Operand flag(PTXType T, Modifier Cmp, const Operand &A, const Operand &B) {
    return value(U32, Opcode::Selp, {Operand::imm(1), Operand::imm(0), test(T, Cmp, A, B)});
  }
  Operand both(const Operand &A, const Operand &B) { return value(U32, Opcode::And, {A, B}); }
  /// The predicate of a flag, for the instruction emitted next.
  Operand on(const Operand &Flag) { return test(U32, Modifier::Ne, Flag, Operand::imm(0)); }
  Operand word(unsigned N);
  Operand field(const Operand &Word, uint32_t Bit, uint32_t Bits);
  Operand scalar(const Operand &Coordinate);
  void address(unsigned Dim, const Operand &Index, const Operand &Size, const Operand &Stride,
               bool Next, std::vector<Tap> &Taps);
  Operand channel(const Operand &Texel, const Operand &Valid, unsigned C);

  Function &F;
  const Instruction &Site;
  std::vector<Instruction> &Out;
  Operand Handle;                  // the binding's address: a symbol or a register
  Operand Format, Sampling;        // the binding's words
  Operand ChannelBytes, Channels;  // texel format fields
  Operand Signed, NarrowInt, SignShift, SignedLow, NormalizeBy; // flags, then values
};

Operand TextureRead::word(unsigned N) {
  Operand A;
  A.K = Operand::Address;
  A.Elems.push_back(Handle);
  A.Int = 4 * N;
  Operand D = temp(U32);
  emit(Opcode::Ld, {U32}, {D, std::move(A)}).Space = StateSpace::Const;
  return D;
}

Operand TextureRead::field(const Operand &Word, uint32_t Bit, uint32_t Bits) {
  return value(U32, Opcode::Bfe, {Word, Operand::imm(Bit), Operand::imm(Bits)});
}

// A coordinate as a register or an immediate (a special register moved).
Operand TextureRead::scalar(const Operand &Coordinate) {
  if (Coordinate.K != Operand::Special)
    return Coordinate;
  return value(U32, Opcode::Mov, {Coordinate});
}

// Texels Index and, when Next, Index + 1 (s32) along dimension Dim of Size
// texels, Stride bytes apart, addressed by the dimension's mode. One
// remainder serves every mode and both: m = i mod 2 size; wrap is m mod
// size, mirror m reflected past size - 1.
void TextureRead::address(unsigned Dim, const Operand &Index, const Operand &Size,
                          const Operand &Stride, bool Next, std::vector<Tap> &Taps) {
  using namespace simt::limits;
  using Mode = TexAddressMode;
  const Operand M =
      field(Sampling, kTexAddressModeBit + Dim * kTexAddressModeBits, kTexAddressModeBits);
  const Operand Last = value(S32, Opcode::Sub, {Size, Operand::imm(1)});
  const Operand Positive = value(S32, Opcode::Max, {Size, Operand::imm(1)});
  const Operand Twice = value(PTXType::B32, Opcode::Shl, {Positive, Operand::imm(1)});
  const Operand Reflected = value(S32, Opcode::Sub, {Twice, Operand::imm(1)});
  const Operand Period = value(S32, Opcode::Rem, {Index, Twice});
  const Operand Negative = test(S32, Modifier::Lt, Period, Operand::imm(0));
  when(Negative, emit(Opcode::Add, {S32}, {Period, Period, Twice}));
  const Operand Present = flag(U32, Modifier::Gt, Size, Operand::imm(0));
  for (unsigned Offset = 0; Offset <= unsigned(Next); ++Offset) {
    Operand I = Index, Mod = Period;
    if (Offset) {
      I = value(S32, Opcode::Add, {Index, Operand::imm(1)});
      Mod = value(S32, Opcode::Add, {Period, Operand::imm(1)});
      const Operand Round = test(S32, Modifier::Eq, Mod, Twice);
      when(Round, emit(Opcode::Mov, {S32}, {Mod, Operand::imm(0)}));
    }
    // clamp (and border's index when it reads): min(max(i, 0), size - 1)
    const Operand Picked = value(S32, Opcode::Max, {I, Operand::imm(0)});
    emit(Opcode::Min, {S32}, {Picked, Picked, Last});
    const Operand Upper = test(S32, Modifier::Ge, Mod, Positive);
    const Operand Wrapped = value(S32, Opcode::Mov, {Mod});
    when(Upper, emit(Opcode::Sub, {S32}, {Wrapped, Mod, Positive}));
    const Operand Mirrored = value(S32, Opcode::Mov, {Mod});
    when(Upper, emit(Opcode::Sub, {S32}, {Mirrored, Reflected, Mod}));
    const Operand Wrap = test(U32, Modifier::Eq, M, Operand::imm(uint32_t(Mode::Wrap)));
    when(Wrap, emit(Opcode::Mov, {S32}, {Picked, Wrapped}));
    const Operand Mirror = test(U32, Modifier::Eq, M, Operand::imm(uint32_t(Mode::Mirror)));
    when(Mirror, emit(Opcode::Mov, {S32}, {Picked, Mirrored}));
    // Every mode reads a texel of a texture that has some; border none outside.
    const Operand Valid = value(U32, Opcode::Mov, {Present});
    const Operand Border = test(U32, Modifier::Eq, M, Operand::imm(uint32_t(Mode::Border)));
    const Operand Inside = flag(U32, Modifier::Lt, I, Size);
    when(Border, emit(Opcode::Mov, {U32}, {Valid, Inside}));
    Taps.push_back({value(U32, Opcode::Mul, {Picked, Stride}, {Modifier::Lo}), Valid});
  }
}

// Channel C of the texel at Texel (u64) into a 32-bit value: as it is, an
// extended 8- or 16-bit integer, or, for .f32 results, its float value.
Operand TextureRead::channel(const Operand &Texel, const Operand &Valid, unsigned C) {
  Operand V = value(U32, Opcode::Mov, {Operand::imm(0)});
  const Operand Reading = temp(Pred); // the tap reads and the texel has channel C
  emit(Opcode::Setp, {U32}, {Reading, Channels, Operand::imm(C), on(Valid)},
       {Modifier::Gt, Modifier::And});
  Operand Address = Texel;
  if (C) {
    Operand Offset = value(U32, Opcode::Mul, {ChannelBytes, Operand::imm(C)}, {Modifier::Lo});
    Operand Wide = value(U64, Opcode::Cvt, {Offset}, {}, U32);
    Address = value(U64, Opcode::Add, {Texel, Wide});
  }
  for (auto [Bytes, Type] : {std::pair{1, PTXType::U8}, {2, PTXType::U16}, {4, PTXType::B32}}) {
    const Operand Sized = temp(Pred); // a channel of Bytes, read
    emit(Opcode::Setp, {U32}, {Sized, ChannelBytes, Operand::imm(Bytes), Reading},
         {Modifier::Eq, Modifier::And});
    Operand A;
    A.K = Operand::Address;
    A.Elems.push_back(Address);
    when(Sized, emit(Opcode::Ld, {Type}, {V, std::move(A)})).Space = StateSpace::Global;
  }
  const Operand Extend = on(both(Signed, NarrowInt));
  when(Extend, emit(Opcode::Shl, {PTXType::B32}, {V, V, SignShift}));
  when(Extend, emit(Opcode::Shr, {S32}, {V, V, SignShift}));
  if (Site.type(0) != F32)
    return V;
  // Normalized later (run): v / (2^bits - 1) unsigned; signed, v raised to
  // -(2^(bits-1) - 1) first, which is max(v / (2^(bits-1) - 1), -1).
  when(Extend, emit(Opcode::Max, {S32}, {V, V, SignedLow}));
  const Operand Narrow = on(NarrowInt);
  const Operand Unsigned = value(Pred, Opcode::Xor, {Narrow, Extend}); // narrow, not signed
  Operand Real = value(F32, Opcode::Mov, {V});
  when(Unsigned, emit(Opcode::Cvt, {F32, U32}, {Real, V}, {Modifier::Rn}));
  when(Extend, emit(Opcode::Cvt, {F32, S32}, {Real, V}, {Modifier::Rn}));
  return Real;
}

bool TextureRead::run() {
  using namespace simt::limits;
  const PTXType D = Site.type(0);
  const unsigned Dims = Site.has(Modifier::Tex3d) ? 3 : Site.has(Modifier::Tex2d) ? 2 : 1;
  if (Site.Guard || Site.Types.size() != 2 || (D != F32 && D != U32 && D != S32) ||
      (Site.type(1) != S32 && Site.type(1) != F32) || Site.Mods.size() != 1 || Site.Vec != 4 ||
      Site.Ops.size() != 2 || Site.Ops[0].K != Operand::Vector ||
      Site.Ops[0].Elems.size() != 4 || Site.Ops[1].K != Operand::Address ||
      Site.Ops[1].Elems.size() != 2 || Site.Ops[1].Elems[1].Elems.size() < Dims ||
      Site.Ops[1].Elems[1].Elems.size() > 4)
    return false; // nvcc 2.x pads the coordinates to four
  const bool Fetch = Dims == 1 && Site.type(1) == S32;
  const bool Filtered = D == F32 && Site.type(1) == F32;
  // A texture reference, or (no texture objects before sm_30) the address of
  // one in a register, as __simt_texture.h passes it.
  Handle = Site.Ops[1].Elems[0];
  const Module &M = *F.getParent();
  const VarDecl *Ref = Handle.K == Operand::Symbol ? M.global(Handle.Name) : nullptr;
  const bool Sm2x = M.Target.size() == 5 && M.Target.compare(0, 3, "sm_") == 0 &&
                    (M.Target[3] == '1' || M.Target[3] == '2');
  if (Handle.K == Operand::Reg ? !Sm2x || typeBits(F.reg(Handle.RegId).Type) != 64
                               : !Ref || !Ref->IsTexRef)
    return false;
  for (const Operand &C : ArrayRef<Operand>(Site.Ops[1].Elems[1].Elems).take_front(Dims))
    if (C.K != Operand::Reg && C.K != Operand::Imm && C.K != Operand::FImm &&
        C.K != Operand::Special)
      return false;

  Operand Base = temp(U64);
  {
    Operand A;
    A.K = Operand::Address;
    A.Elems.push_back(Handle);
    emit(Opcode::Ld, {U64}, {Base, std::move(A)}).Space = StateSpace::Const;
  }
  Format = word(kTexFormatWord);
  Sampling = word(kTexSamplingWord);
  const Operand Log2Bytes = field(Format, kTexelLog2BytesBit, kTexelFieldBits);
  Channels = field(Format, kTexelChannelsBit, kTexelFieldBits);
  ChannelBytes = field(Format, kTexelChannelBytesBit, kTexelFieldBits);
  const Operand Kind = field(Format, kTexelKindBit, kTexelFieldBits);
  const Operand Bound = flag(U32, Modifier::Ne, Format, Operand::imm(0));
  // 64-bit channels: no texture unit reads them.
  const Operand Wide = on(both(Bound, flag(U32, Modifier::Gt, ChannelBytes, Operand::imm(4))));
  when(Wide, emit(Opcode::Trap, {}, {}));
  Signed = flag(U32, Modifier::Eq, Kind, Operand::imm(uint32_t(TexelKind::Signed)));
  NarrowInt = both(flag(U32, Modifier::Lt, ChannelBytes, Operand::imm(4)),
                   flag(U32, Modifier::Ne, Kind, Operand::imm(uint32_t(TexelKind::Float))));
  const Operand Bits = value(U32, Opcode::Shl, {ChannelBytes, Operand::imm(3)});
  SignShift = value(U32, Opcode::Sub, {Operand::imm(32), Bits});
  if (D == F32) { // 2^(bits - signed) - 1
    const Operand Top = value(U32, Opcode::Sub, {Bits, Signed});
    const Operand Range = value(U32, Opcode::Shl, {Operand::imm(1), Top});
    emit(Opcode::Sub, {U32}, {Range, Range, Operand::imm(1)});
    SignedLow = value(S32, Opcode::Neg, {Range});
    NormalizeBy = value(F32, Opcode::Cvt, {Range}, {Modifier::Rn}, U32);
  }

  // Per dimension: the taps (one, or two when filtering) and their weights.
  std::vector<std::vector<Tap>> Taps(Dims);
  std::vector<Operand> Fraction(Dims);
  const Operand Linear = Filtered ? field(Sampling, kTexLinearFilterBit, 1) : Operand();
  if (Fetch) {
    const Operand Bytes = word(kTexBytesWord);
    const Operand Count = value(U32, Opcode::Shr, {Bytes, Log2Bytes});
    const Operand Index = scalar(Site.Ops[1].Elems[1].Elems[0]);
    Taps[0].push_back({value(U32, Opcode::Shl, {Index, Log2Bytes}),
                       flag(U32, Modifier::Lt, Index, Count)}); // i < 0 too
  } else {
    const Operand Normalized = field(Sampling, kTexNormalizedBit, 1);
    Operand Stride = value(U32, Opcode::Shl, {Operand::imm(1), Log2Bytes});
    for (unsigned Dim = 0; Dim < Dims; ++Dim) {
      const Operand Size = word(kTexWidthWord + Dim);
      if (Dim == 1)
        Stride = word(kTexPitchWord);
      else if (Dim == 2)
        Stride = value(U32, Opcode::Mul, {Stride, word(kTexWidthWord + 1)}, {Modifier::Lo});
      Operand Index = scalar(Site.Ops[1].Elems[1].Elems[Dim]);
      if (Site.type(1) == F32) {
        Operand X = value(F32, Opcode::Mov, {Index});
        const Operand Scale = value(F32, Opcode::Cvt, {Size}, {Modifier::Rn}, U32);
        const Operand Scaled = on(Normalized);
        when(Scaled, emit(Opcode::Mul, {F32}, {X, X, Scale}));
        if (Filtered) {
          const Operand Centred = on(Linear);
          when(Centred, emit(Opcode::Sub, {F32}, {X, X, f32Imm(0x3f000000)})); // 0.5f
        }
        const Operand Floor = value(F32, Opcode::Cvt, {X}, {Modifier::Rmi}, F32);
        Index = value(S32, Opcode::Cvt, {Floor}, {Modifier::Rzi}, F32);
        if (Filtered) { // the fraction in 8 bits: round(256 (x - floor x)) / 256
          Operand A = value(F32, Opcode::Sub, {X, Floor});
          emit(Opcode::Mul, {F32}, {A, A, f32Imm(0x43800000)});
          emit(Opcode::Cvt, {F32, F32}, {A, A}, {Modifier::Rni});
          emit(Opcode::Mul, {F32}, {A, A, f32Imm(0x3b800000)});
          const Operand Point = test(U32, Modifier::Eq, Linear, Operand::imm(0));
          when(Point, emit(Opcode::Mov, {F32}, {A, f32Imm(0)}));
          Fraction[Dim] = A;
        }
      }
      address(Dim, Index, Size, Stride, Filtered, Taps[Dim]);
      if (Filtered) // the second texel only when filtering
        emit(Opcode::And, {U32}, {Taps[Dim][1].Valid, Taps[Dim][1].Valid, Linear});
    }
  }

  // Each combination of the dimensions' taps: a texel, its weight, its
  // channels accumulated into the results.
  std::vector<Operand> Results;
  for (const Operand &R : Site.Ops[0].Elems)
    Results.push_back(R.K == Operand::Reg ? R : Operand()); // `_`: not written
  const unsigned Corners = Filtered ? 1u << Dims : 1u;
  for (unsigned Corner = 0; Corner < Corners; ++Corner) {
    Operand Offset = Taps[0][Corner & 1].Offset, Valid = Taps[0][Corner & 1].Valid;
    Operand Weight;
    for (unsigned Dim = 0; Dim < Dims; ++Dim) {
      const Tap &T = Taps[Dim][Corner >> Dim & 1];
      if (Dim) {
        Offset = value(U32, Opcode::Add, {Offset, T.Offset});
        Valid = both(Valid, T.Valid);
      }
      if (!Filtered)
        continue;
      Operand W = Fraction[Dim];
      if (!(Corner >> Dim & 1)) // 1 - fraction
        W = value(F32, Opcode::Sub, {f32Imm(0x3f800000), W});
      Weight = Dim ? value(F32, Opcode::Mul, {Weight, W}) : W;
    }
    Valid = both(Valid, Bound);
    const Operand Texel = value(U64, Opcode::Add, {Base, value(U64, Opcode::Cvt, {Offset}, {}, U32)});
    for (unsigned C = 0; C < 4; ++C) {
      if (Results[C].K != Operand::Reg)
        continue;
      const Operand V = channel(Texel, Valid, C);
      if (!Filtered)
        emit(Opcode::Mov, {D}, {Results[C], V});
      else if (!Corner) // 1 x v keeps v as it is (-0.0, a point sample)
        emit(Opcode::Mul, {F32}, {Results[C], V, Weight}, {Modifier::Rn});
      else {
        const Operand Read = on(Valid);
        when(Read, emit(Opcode::Fma, {F32}, {Results[C], V, Weight, Results[C]}, {Modifier::Rn}));
      }
    }
  }
  if (D == F32) { // normalized once the texels are summed: exact for a point
    const Operand Narrow = on(NarrowInt);
    for (const Operand &R : Results)
      if (R.K == Operand::Reg)
        when(Narrow, emit(Opcode::Div, {F32}, {R, R, NormalizeBy}, {Modifier::Rn}));
  }
  return true;
}

bool readTexture(Function &F, const Instruction &Site, std::vector<Instruction> &Out) {
  return TextureRead(F, Site, Out).run();
}

} // namespace

bool expandInstructions(Function &F) {
  bool Changed = false;
  for (auto &B : F.Blocks) {
    std::vector<Instruction> Out;
    Out.reserve(B->Insts.size());
    for (Instruction &I : B->Insts)
      if (Expander(F, I, Out).run())
        Changed = true;
      else
        Out.push_back(std::move(I));
    B->Insts = std::move(Out);
  }
  return Changed;
}

} // namespace simt::cc
