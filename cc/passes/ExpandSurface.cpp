//===-- ExpandSurface.cpp - PTX surface loads and stores as global ones ---===//
#include "cc/passes/ExpandSurface.h"
#include "cc/passes/InstructionBuilder.h"

#include "isa/SIMTLimits.h"

#include <optional>

namespace simt::cc {

namespace {

using namespace ptx_types;

// suld.b.geom{.v2,.v4}.btype.mode {d, ...}, [s, {x, y, z}]
// sust.b.geom{.v2,.v4}.btype.mode [s, {x, y, z}], {a, ...}
// s is a surface object: the device address of its descriptor. x counts
// bytes, y rows and z slices (PTX's unformatted access). The access is in
// bounds when its bytes lie in row y of slice z; outside, the mode decides:
// .trap traps, .clamp moves x, y and z to the nearest place in bounds,
// .zero reads zeros and drops the store. Every step is predicated: no
// branch, no divergence.
class SurfaceAccess : InstructionBuilder {
public:
  SurfaceAccess(Function &F, const Instruction &Site, std::vector<Instruction> &Out)
      : InstructionBuilder(F, Site, Out, "%surf") {}
  bool run();

private:
  Operand value(PTXType T, Opcode Op, std::vector<Operand> Srcs,
                std::initializer_list<Modifier> Mods = {}) {
    Operand D = temp(T);
    Srcs.insert(Srcs.begin(), D);
    emit(Op, {T}, std::move(Srcs), Mods);
    return D;
  }
  /// A x B (u32) as a u64.
  Operand wide(const Operand &A, const Operand &B) {
    Operand D = temp(U64);
    emit(Opcode::Mul, {U32}, {D, A, B}, {Modifier::Wide});
    return D;
  }
  /// A 32-bit flag (0 or 1): predicates are few, and the bounds need three.
  Operand flag(PTXType T, Modifier Cmp, const Operand &A, const Operand &B) {
    Operand P = temp(Pred);
    emit(Opcode::Setp, {T}, {P, A, B}, {Cmp});
    return value(U32, Opcode::Selp, {Operand::imm(1), Operand::imm(0), P});
  }
  Operand word(unsigned N, PTXType T = U32) {
    Operand A;
    A.K = Operand::Address;
    A.Elems.push_back(Handle);
    A.Int = 4 * N;
    Operand D = temp(T);
    emit(Opcode::Ld, {T}, {D, std::move(A)}).Space = StateSpace::Global;
    return D;
  }
  /// Coordinate Dim as an s32 register, in [0, Last] (a flag) or clamped there.
  Operand bound(const Operand &Coordinate, const Operand &Last, bool Clamp,
                std::optional<Operand> &Inside);

  Operand Handle;
};

Operand SurfaceAccess::bound(const Operand &Coordinate, const Operand &Last, bool Clamp,
                             std::optional<Operand> &Inside) {
  Operand C = value(S32, Opcode::Mov, {Coordinate});
  // As unsigned, a negative coordinate is past the end too; so is every
  // coordinate of a surface too small for the access (Last < 0).
  Operand In = flag(U32, Modifier::Le, C, Last);
  In = value(U32, Opcode::And, {In, flag(S32, Modifier::Ge, Last, Operand::imm(0))});
  Inside = Inside ? value(U32, Opcode::And, {*Inside, In}) : In;
  if (Clamp) {
    emit(Opcode::Max, {S32}, {C, C, Operand::imm(0)});
    emit(Opcode::Min, {S32}, {C, C, Last});
  }
  return C;
}

bool SurfaceAccess::run() {
  using namespace simt::limits;
  const bool Load = Site.Op == Opcode::Suld;
  const unsigned Dims = Site.has(Modifier::Tex3d) ? 3 : Site.has(Modifier::Tex2d) ? 2 : 1;
  const unsigned Lanes = Site.Vec ? Site.Vec : 1;
  const bool Trap = Site.has(Modifier::Trap), Clamp = Site.has(Modifier::Clamp),
             Zero = Site.has(Modifier::Zero);
  if (Site.Guard || Site.Types.size() != 1 || Trap + Clamp + Zero != 1 ||
      !Site.has(Modifier::Raw) || Site.Mods.size() != 3 || Site.Ops.size() != 2)
    return false;
  PTXType T = Site.type(0);
  unsigned Bytes = 0;
  switch (T) {
  case PTXType::B8: T = PTXType::U8, Bytes = 1; break;
  case PTXType::B16: T = PTXType::U16, Bytes = 2; break;
  case PTXType::B32: Bytes = 4; break;
  case PTXType::B64: Bytes = 8; break;
  default: return false;
  }
  const Operand &Data = Site.Ops[Load ? 0 : 1], &Where = Site.Ops[Load ? 1 : 0];
  if (Data.K != Operand::Vector || Data.Elems.size() != Lanes || Where.K != Operand::Address ||
      Where.Elems.size() != 2 || Where.Elems[1].Elems.size() < Dims)
    return false;
  for (const Operand &D : Data.Elems)
    if (D.K != Operand::Reg && (Load || (D.K != Operand::Imm && D.K != Operand::FImm)))
      return false;
  Handle = Where.Elems[0];
  if (Handle.K != Operand::Reg || typeBits(F.reg(Handle.RegId).Type) != 64)
    return false; // a surface reference (sm_2x): no descriptor to read
  for (unsigned Dim = 0; Dim < Dims; ++Dim) {
    const Operand &C = Where.Elems[1].Elems[Dim];
    if (C.K != Operand::Reg && C.K != Operand::Imm)
      return false;
  }

  // The descriptor: the memory, the texel size, the extent and (for rows
  // and slices) the pitch.
  const Operand Base = word(0, U64);
  const Operand Format = word(kTexFormatWord);
  const Operand Log2Bytes =
      value(U32, Opcode::Bfe, {Format, Operand::imm(kTexelLog2BytesBit), Operand::imm(kTexelFieldBits)});
  // x: the access's first byte, at most a row's bytes less the access's.
  const Operand RowBytes = value(PTXType::B32, Opcode::Shl, {word(kTexWidthWord), Log2Bytes});
  std::optional<Operand> Inside;
  const Operand X = bound(Where.Elems[1].Elems[0],
                          value(S32, Opcode::Sub, {RowBytes, Operand::imm(Lanes * Bytes)}), Clamp,
                          Inside);
  Operand Offset = temp(U64);
  emit(Opcode::Cvt, {U64, U32}, {Offset, X});
  Operand Pitch, Height; // read when there are rows
  if (Dims >= 2) {
    Pitch = word(kTexPitchWord);
    Height = word(kTexWidthWord + 1);
    const Operand Y = bound(Where.Elems[1].Elems[1], value(S32, Opcode::Sub, {Height, Operand::imm(1)}),
                            Clamp, Inside);
    Offset = value(U64, Opcode::Add, {Offset, wide(Y, Pitch)});
  }
  if (Dims == 3) {
    const Operand Depth = word(kTexWidthWord + 2);
    const Operand Z = bound(Where.Elems[1].Elems[2], value(S32, Opcode::Sub, {Depth, Operand::imm(1)}),
                            Clamp, Inside);
    const Operand Rows = value(U32, Opcode::Mul, {Z, Height}, {Modifier::Lo});
    Offset = value(U64, Opcode::Add, {Offset, wide(Rows, Pitch)});
  }
  const Operand Address = value(U64, Opcode::Add, {Base, Offset});

  Operand Access; // the predicate of the loads and stores: none for .clamp
  if (!Clamp) {
    Access = temp(Pred);
    emit(Opcode::Setp, {U32}, {Access, *Inside, Operand::imm(0)}, {Modifier::Ne});
  }
  if (Trap) {
    Instruction &I =
        emit(Opcode::Trap, {}, {Operand::imm(uint32_t(simt::limits::TrapCode::SurfaceBounds))});
    I.Guard = Access.RegId;
    I.GuardNegated = true;
  }
  for (unsigned Lane = 0; Lane < Lanes; ++Lane) {
    if (Load && Zero)
      emit(Opcode::Mov, {F.reg(Data.Elems[Lane].RegId).Type}, {Data.Elems[Lane], Operand::imm(0)});
    Operand A;
    A.K = Operand::Address;
    A.Elems.push_back(Address);
    A.Int = Lane * Bytes;
    Instruction &I = Load ? emit(Opcode::Ld, {T}, {Data.Elems[Lane], std::move(A)})
                          : emit(Opcode::St, {T}, {std::move(A), Data.Elems[Lane]});
    I.Space = StateSpace::Global;
    if (!Clamp)
      I.Guard = Access.RegId;
  }
  return true;
}

} // namespace

bool expandSurface(Function &F, const Instruction &Site, std::vector<Instruction> &Out) {
  return SurfaceAccess(F, Site, Out).run();
}

} // namespace simt::cc
