//===-- ExpandTexture.cpp - PTX texture reads as loads and arithmetic -----===//
#include "cc/passes/ExpandTexture.h"
#include "cc/passes/InstructionBuilder.h"

#include "isa/SIMTLimits.h"

#include "llvm/ADT/ArrayRef.h"

using namespace llvm;

namespace simt::cc {

namespace {

using namespace ptx_types;

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
// t is a texture reference, or a register: in PTX for sm_1x/sm_2x (which
// has no texture objects) a reference's address, as
// cc/headers/__simt_texture.h's tex1D/tex2D/tex3D pass it; in PTX for
// sm_30 and later that, or a texture object, the device address of its
// descriptor (the same words, in global memory: cudaCreateTextureObject).
// The two are told apart where the read runs: a reference's address is an
// offset in its constant bank, below 64 KiB, and device memory starts far
// above (emu/mem/Memory.h). tex.level and tex.grad read level 0: a texture
// object here has no mipmaps.
class TextureRead : InstructionBuilder {
public:
  TextureRead(Function &F, const Instruction &Site, std::vector<Instruction> &Out)
      : InstructionBuilder(F, Site, Out, "%tex") {}
  bool run();

private:
  /// An index along one dimension and whether it reads a texel.
  struct Tap {
    Operand Offset; // bytes from the texture's start
    Operand Valid;
  };

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
  void loadWords(bool MaybeObject);
  Operand word(unsigned N) const { return Words[N]; }
  Operand field(const Operand &Word, uint32_t Bit, uint32_t Bits);
  Operand scalar(const Operand &Coordinate);
  void address(unsigned Dim, const Operand &Index, const Operand &Size, const Operand &Stride,
               bool Next, std::vector<Tap> &Taps);
  Operand channel(const Operand &Texel, const Operand &Valid, unsigned C);

  Operand Handle;                  // the binding's address: a symbol or a register
  Operand Base;                    // the bound memory's address (u64)
  Operand Words[simt::limits::kTextureBindingWords]; // the binding's 32-bit words
  Operand Format, Sampling;        // the binding's words
  Operand ChannelBytes, Channels;  // texel format fields
  Operand Signed, NarrowInt, SignShift, SignedLow, NormalizeBy; // flags, then values
};

// Every word of the binding into registers, first: from the reference's
// constant variable or, when the handle may be an object's, from whichever
// space it names (each word by two guarded loads under one predicate, which
// lives no further).
void TextureRead::loadWords(bool MaybeObject) {
  using namespace simt::limits;
  const Operand Object =
      MaybeObject ? test(U64, Modifier::Ge, Handle, Operand::imm(kConstBankBytes)) : Operand();
  auto load = [&](PTXType T, unsigned N) {
    const Operand D = temp(T);
    // Written whole first: a register that only guarded loads write would
    // be live from the kernel's entry to them.
    if (MaybeObject)
      emit(Opcode::Mov, {T}, {D, Operand::imm(0)});
    for (StateSpace S : {StateSpace::Const, StateSpace::Global}) {
      if (S == StateSpace::Global && !MaybeObject)
        break;
      Operand A;
      A.K = Operand::Address;
      A.Elems.push_back(Handle);
      A.Int = 4 * N;
      Instruction &I = emit(Opcode::Ld, {T}, {D, std::move(A)});
      I.Space = S;
      if (MaybeObject) {
        I.Guard = Object.RegId;
        I.GuardNegated = S == StateSpace::Const;
      }
    }
    return D;
  };
  Base = load(U64, 0);
  for (unsigned N = kTexBytesWord; N < kTextureBindingWords; ++N)
    Words[N] = load(U32, N);
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
  // tex.level: a level of detail; tex.grad: two gradient vectors.
  const bool Lod = Site.has(Modifier::Level), Grad = Site.has(Modifier::Grad);
  if (Site.Guard || Site.Types.size() != 2 || (D != F32 && D != U32 && D != S32) ||
      (Site.type(1) != S32 && Site.type(1) != F32) || Site.Mods.size() != 1u + (Lod || Grad) ||
      Site.Vec != 4 || Site.Ops.size() != 2u + Lod + 2 * Grad || Site.Ops[0].K != Operand::Vector ||
      Site.Ops[0].Elems.size() != 4 || Site.Ops[1].K != Operand::Address ||
      Site.Ops[1].Elems.size() != 2 || Site.Ops[1].Elems[1].Elems.size() < Dims ||
      Site.Ops[1].Elems[1].Elems.size() > 4)
    return false; // nvcc 2.x pads the coordinates to four
  const bool Fetch = Dims == 1 && Site.type(1) == S32;
  const bool Filtered = D == F32 && Site.type(1) == F32;
  // A texture reference, its address in a register, or a texture object.
  Handle = Site.Ops[1].Elems[0];
  const Module &M = *F.getParent();
  const VarDecl *Ref = Handle.K == Operand::Symbol ? M.global(Handle.Name) : nullptr;
  const bool Sm2x = M.Target.size() == 5 && M.Target.compare(0, 3, "sm_") == 0 &&
                    (M.Target[3] == '1' || M.Target[3] == '2');
  if (Handle.K == Operand::Reg ? typeBits(F.reg(Handle.RegId).Type) != 64
                               : !Ref || !Ref->IsTexRef)
    return false;
  for (const Operand &C : ArrayRef<Operand>(Site.Ops[1].Elems[1].Elems).take_front(Dims))
    if (C.K != Operand::Reg && C.K != Operand::Imm && C.K != Operand::FImm &&
        C.K != Operand::Special)
      return false;

  loadWords(Handle.K == Operand::Reg && !Sm2x);
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

} // namespace

bool expandTexture(Function &F, const Instruction &Site, std::vector<Instruction> &Out) {
  return TextureRead(F, Site, Out).run();
}

} // namespace simt::cc
