//===-- LowerPrintf.cpp - vprintf calls as writes into the printf buffer --===//
#include "cc/passes/LowerPrintf.h"
#include "cc/ptx/Diagnostics.h"
#include "cc/abi/ModuleData.h"
#include "isa/SIMTLimits.h"
#include "support/PrintfFormat.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/SourceMgr.h"

#include <string>

using namespace llvm;
namespace pf = simt::printf_format;

namespace simt::cc {

namespace {

/// One `call vprintf` and the instructions of its call sequence.
struct PrintfCall {
  size_t Call = 0;                  // index of the call in its block
  std::optional<size_t> StFormat, StArgs, LdResult;
  Operand Format, Args;             // the values stored to the two parameters
  /// A format in constant memory (OpenCL C's string literals are
  /// __constant): the address of its global-memory copy, which the record
  /// names instead, since the runtime reads formats from global memory.
  std::optional<Operand> GlobalFormat;
  pf::Format Layout;
  unsigned Ok = 0;                  // the predicate "the record fits", once expanded
};

/// Operand constructors for the code the pass writes.
Operand reg(unsigned Id) {
  Operand O;
  O.K = Operand::Reg;
  O.RegId = Id;
  return O;
}
Operand imm(int64_t V) {
  Operand O;
  O.K = Operand::Imm;
  O.Int = V;
  return O;
}
Operand special(SpecialReg R, int Component) {
  Operand O;
  O.K = Operand::Special;
  O.SReg = R;
  O.Component = int8_t(Component);
  return O;
}
Operand address(const Operand &Base, int64_t Offset) {
  Operand O;
  O.K = Operand::Address;
  O.Elems.push_back(Base);
  O.Int = Offset;
  return O;
}

class PrintfLowering {
public:
  PrintfLowering(Function &F, Diagnostics &Diag) : F(F), M(*F.getParent()), Diag(Diag) {}
  bool run();

private:
  /// The call sequence around the call at Index of B, or false after
  /// reporting.
  bool analyse(const BasicBlock &B, size_t Index, PrintfCall &C);
  /// The constant string Op points to (a register that is, through mov and
  /// cvta.global/.const, the address of a module variable plus an offset);
  /// Where: that variable and offset, as a symbol operand.
  std::optional<std::string> constantString(const Operand &Op, SMLoc Loc, Operand &Where);
  /// The name of the global-memory copy of constant variable Name (made
  /// once per module).
  std::string globalCopyOf(const std::string &Name);
  /// The code that replaces the call sequence, writing into Out; sets C.Ok.
  void expand(PrintfCall &C, const Instruction &Call, std::vector<Instruction> &Out);
  unsigned newReg(PTXType T);
  Instruction inst(Opcode Op, std::initializer_list<PTXType> Types, std::vector<Operand> Ops,
                   StateSpace Space = StateSpace::None, std::initializer_list<Modifier> Mods = {});

  Function &F;
  Module &M;
  Diagnostics &Diag;
  DenseMap<unsigned, SmallVector<const Instruction *, 1>> Defs;
  const Instruction *Site = nullptr; // the call being expanded (location, scope)
};

bool isVprintf(const Instruction &I) {
  if (I.Op != Opcode::Call)
    return false;
  for (const Operand &Op : I.Ops)
    if (Op.K == Operand::Symbol && Op.SymKind == Operand::Func)
      // OpenCL C's printf reaches the PTX as a call of `printf` itself, its
      // arguments packed by clang's variadic lowering as CUDA's vprintf's.
      return Op.Name == "vprintf" || Op.Name == "printf";
  return false;
}

/// The name of the `.param` an `st.param`/`ld.param` accesses, or "".
StringRef paramOf(const Instruction &I) {
  for (const Operand &Op : I.Ops)
    if (const Operand *Base = Op.addressBase(); Base && Base->K == Operand::Symbol)
      return Base->Name;
  return "";
}

std::optional<std::string> PrintfLowering::constantString(const Operand &Op, SMLoc Loc,
                                                          Operand &Where) {
  Operand Cur = Op;
  int64_t Offset = 0;
  for (unsigned Steps = 0; Cur.K == Operand::Reg && Steps < 16; ++Steps) {
    auto It = Defs.find(Cur.RegId);
    if (It == Defs.end() || It->second.size() != 1)
      break;
    const Instruction &D = *It->second.front();
    if (D.Guard || D.Ops.size() < 2)
      break;
    bool Copy = D.Op == Opcode::Mov ||
                (D.Op == Opcode::Cvta &&
                 (D.Space == StateSpace::Global || D.Space == StateSpace::Const));
    if (Copy && D.Ops.size() == 2) {
      Cur = D.Ops[1];
    } else if (D.Op == Opcode::Add && D.Ops.size() == 3 && D.Ops[2].K == Operand::Imm) {
      Offset += D.Ops[2].Int;
      Cur = D.Ops[1];
    } else {
      break;
    }
  }
  const VarDecl *V = Cur.K == Operand::Symbol ? M.global(Cur.Name) : nullptr;
  if (!V || (V->Space != StateSpace::Global && V->Space != StateSpace::Const) || !V->Init) {
    Diag.error(Loc, "printf: the format string is not a constant string of the module "
                    "(the device formats records with a format known at compile time)");
    return std::nullopt;
  }
  Offset += Cur.Int;
  Where = Cur;
  Where.Int = Offset;
  std::vector<uint8_t> Bytes;
  if (encodeInitializer(*V, Bytes, Diag))
    return std::nullopt;
  uint64_t Size = V->sizeInBytes();
  std::string S;
  for (uint64_t At = uint64_t(Offset); At < Size; ++At) {
    uint8_t C = At < Bytes.size() ? Bytes[At] : 0;
    if (!C)
      return S;
    S += char(C);
  }
  Diag.error(Loc, "printf: the format string '" + V->Name + "' has no terminating NUL");
  return std::nullopt;
}

std::string PrintfLowering::globalCopyOf(const std::string &Name) {
  std::string Copy = Name + "$printf_format";
  if (!M.global(Copy)) {
    VarDecl V = *M.global(Name);
    V.Name = Copy;
    V.Space = StateSpace::Global;
    M.addGlobal(std::move(V));
  }
  return Copy;
}

bool PrintfLowering::analyse(const BasicBlock &B, size_t Index, PrintfCall &C) {
  const Instruction &Call = B.Insts[Index];
  C.Call = Index;
  std::vector<std::string> Args, Results;
  bool SeenCallee = false;
  for (const Operand &Op : Call.Ops) {
    if (Op.K == Operand::Symbol && Op.SymKind == Operand::Func)
      SeenCallee = true;
    else if (Op.K == Operand::List)
      for (const Operand &E : Op.Elems)
        (SeenCallee ? Args : Results).push_back(E.Name);
  }
  if (Call.Guard || Args.size() != 2 || Results.size() > 1)
    return Diag.error(Call.Loc, "printf: expected 'call (result), vprintf, (format, args)'"
                                " without a guard");
  // The stores of the arguments and the load of the result, in the call's
  // scope: clang's call sequence.
  for (size_t N = 0; N < B.Insts.size(); ++N) {
    const Instruction &I = B.Insts[N];
    if (I.Scope != Call.Scope || I.Space != StateSpace::Param)
      continue;
    StringRef P = paramOf(I);
    if (I.Op == Opcode::St && N < Index && I.Ops.size() == 2) {
      if (P == Args[0])
        C.StFormat = N, C.Format = I.Ops[1];
      else if (P == Args[1])
        C.StArgs = N, C.Args = I.Ops[1];
    } else if (I.Op == Opcode::Ld && N > Index && !Results.empty() && P == Results[0]) {
      C.LdResult = N;
    }
  }
  if (!C.StFormat || !C.StArgs)
    return Diag.error(Call.Loc, "printf: the stores of vprintf's arguments were not found in "
                                "its call sequence");
  Operand Where;
  std::optional<std::string> Text = constantString(C.Format, Call.Loc, Where);
  if (!Text)
    return true;
  if (M.global(Where.Name)->Space == StateSpace::Const) {
    Where.Name = globalCopyOf(Where.Name);
    C.GlobalFormat = Where;
  }
  const unsigned PtrBytes = M.AddressSize / 8;
  size_t ErrorPos = 0;
  if (std::string E = pf::parseFormat(*Text, PtrBytes, C.Layout, ErrorPos); !E.empty()) {
    std::string Shown = *Text;
    for (size_t At = 0; (At = Shown.find('\n', At)) != std::string::npos;)
      Shown.replace(At, 1, "\\n");
    return Diag.error(Call.Loc, E + " in format \"" + Shown + "\"");
  }
  if (C.Layout.numArgs && C.Args.K != Operand::Reg)
    return Diag.error(Call.Loc, "printf: the format takes arguments but none are passed");
  return false;
}

unsigned PrintfLowering::newReg(PTXType T) { return F.addRegister(T, "%printf"); }

Instruction PrintfLowering::inst(Opcode Op, std::initializer_list<PTXType> Types,
                                 std::vector<Operand> Ops, StateSpace Space,
                                 std::initializer_list<Modifier> Mods) {
  Instruction I;
  I.Op = Op;
  I.Types.assign(Types);
  I.Space = Space;
  I.Mods.assign(Mods);
  I.Ops = std::move(Ops);
  I.Loc = Site->Loc;
  I.DL = Site->DL;
  I.Scope = F.ScopeParent[Site->Scope];
  for (Operand &O : I.Ops) {
    O.Loc = Site->Loc;
    for (Operand &E : O.Elems)
      E.Loc = Site->Loc;
  }
  return I;
}

// The record is reserved with one 64-bit atomic add on the cursor, so that
// records never overlap and the cursor never wraps; every write after it is
// guarded by the fit test, so that a record that does not fit is not
// written at all and the buffer's end is never passed.
void PrintfLowering::expand(PrintfCall &C, const Instruction &Call,
                            std::vector<Instruction> &Out) {
  Site = &Call;
  const bool Wide = M.AddressSize == 64;
  const PTXType Addr = Wide ? PTXType::U64 : PTXType::U32;
  const uint32_t ArgWords = (C.Layout.argBytes + 3) / 4;
  const uint32_t Size = pf::kRecordHeaderBytes + (ArgWords * 4 + 7) / 8 * 8;
  auto Emit = [&](Instruction I, std::optional<unsigned> Guard = std::nullopt,
                  bool Negated = false) {
    I.Guard = Guard;
    I.GuardNegated = Negated;
    Out.push_back(std::move(I));
  };
  // The buffer: %envreg8 (and %envreg9, the high word), its size %envreg10.
  constexpr unsigned BufferReg = simt::limits::kPrintfBufferEnvReg;
  unsigned Lo = newReg(PTXType::U32), Cap = newReg(PTXType::U32);
  Emit(inst(Opcode::Mov, {PTXType::U32}, {reg(Lo), special(SpecialReg::Envreg, BufferReg)}));
  unsigned Buf = Lo;
  if (Wide) {
    unsigned Hi = newReg(PTXType::U32), Lo64 = newReg(PTXType::U64);
    unsigned Hi64 = newReg(PTXType::U64), Shifted = newReg(PTXType::U64);
    Buf = newReg(PTXType::U64);
    Emit(inst(Opcode::Mov, {PTXType::U32}, {reg(Hi), special(SpecialReg::Envreg, BufferReg + 1)}));
    Emit(inst(Opcode::Cvt, {PTXType::U64, PTXType::U32}, {reg(Lo64), reg(Lo)}));
    Emit(inst(Opcode::Cvt, {PTXType::U64, PTXType::U32}, {reg(Hi64), reg(Hi)}));
    Emit(inst(Opcode::Shl, {PTXType::B64}, {reg(Shifted), reg(Hi64), imm(32)}));
    Emit(inst(Opcode::Or, {PTXType::B64}, {reg(Buf), reg(Shifted), reg(Lo64)}));
  }
  Emit(inst(Opcode::Mov, {PTXType::U32}, {reg(Cap), special(SpecialReg::Envreg, BufferReg + 2)}));
  // Reserve: the record fits when the cursor after it, plus the buffer's
  // header, is within the size.
  unsigned Off = newReg(PTXType::U64), End = newReg(PTXType::U64);
  unsigned Cap64 = newReg(PTXType::U64), Ok = C.Ok = newReg(PTXType::Pred);
  Emit(inst(Opcode::Atom, {PTXType::U64},
            {reg(Off), address(reg(Buf), pf::kCursorOffset), imm(Size)}, StateSpace::Global,
            {Modifier::Add}));
  Emit(inst(Opcode::Add, {PTXType::U64},
            {reg(End), reg(Off), imm(Size + pf::kBufferHeaderBytes)}));
  Emit(inst(Opcode::Cvt, {PTXType::U64, PTXType::U32}, {reg(Cap64), reg(Cap)}));
  Emit(inst(Opcode::Setp, {PTXType::U64}, {reg(Ok), reg(End), reg(Cap64)}, StateSpace::None,
            {Modifier::Le}));
  Emit(inst(Opcode::Red, {PTXType::U32}, {address(reg(Buf), pf::kDroppedOffset), imm(1)},
            StateSpace::Global, {Modifier::Add}),
       Ok, /*Negated=*/true);
  unsigned Rec = newReg(Addr);
  if (Wide) {
    Emit(inst(Opcode::Add, {PTXType::U64}, {reg(Rec), reg(Buf), reg(Off)}));
  } else {
    unsigned Off32 = newReg(PTXType::U32);
    Emit(inst(Opcode::Cvt, {PTXType::U32, PTXType::U64}, {reg(Off32), reg(Off)}));
    Emit(inst(Opcode::Add, {PTXType::U32}, {reg(Rec), reg(Buf), reg(Off32)}));
  }
  // The flags marked as being written, the header, the arguments word by
  // word (every promoted argument is 4 or 8 bytes at its natural alignment,
  // so words cover them exactly), then the flags again, unmarked: a record
  // a grid's stop caught midway is either without its size yet (the
  // reader stops there) or marked (it is skipped).
  const int64_t At = pf::kBufferHeaderBytes;
  auto Store = [&](PTXType T, int64_t Offset, Operand V) {
    Emit(inst(Opcode::St, {T}, {address(reg(Rec), At + Offset), V}, StateSpace::Global), Ok);
  };
  const int64_t Flags =
      (Wide ? 0 : pf::kRecordPointer32) | (C.GlobalFormat ? pf::kRecordConstStrings : 0);
  Store(PTXType::U32, pf::kRecordFlagsOffset, imm(Flags | pf::kRecordWriting));
  Store(PTXType::U32, pf::kRecordSizeOffset, imm(Size));
  if (C.GlobalFormat) {
    unsigned Copy = newReg(Addr);
    Operand Base = *C.GlobalFormat;
    Base.Int = 0;
    Emit(inst(Opcode::Mov, {Addr}, {reg(Copy), Base}));
    if (C.GlobalFormat->Int)
      Emit(inst(Opcode::Add, {Addr}, {reg(Copy), reg(Copy), imm(C.GlobalFormat->Int)}));
    C.Format = reg(Copy);
  }
  if (Wide) {
    Store(PTXType::U64, pf::kRecordFormatOffset, C.Format);
  } else {
    Store(PTXType::U32, pf::kRecordFormatOffset, C.Format);
    Store(PTXType::U32, pf::kRecordFormatOffset + 4, imm(0));
  }
  for (auto [SReg, Offset] : {std::pair(SpecialReg::Ctaid, pf::kRecordCtaidOffset),
                              std::pair(SpecialReg::Tid, pf::kRecordTidOffset)})
    for (int Comp = 0; Comp < 3; ++Comp) {
      unsigned V = newReg(PTXType::U32);
      Emit(inst(Opcode::Mov, {PTXType::U32}, {reg(V), special(SReg, Comp)}));
      Store(PTXType::U32, Offset + 4 * Comp, reg(V));
    }
  for (uint32_t W = 0; W < ArgWords; ++W) {
    unsigned V = newReg(PTXType::U32);
    Emit(inst(Opcode::Ld, {PTXType::U32}, {reg(V), address(C.Args, 4 * W)}), Ok);
    Store(PTXType::U32, pf::kRecordHeaderBytes + 4 * W, reg(V));
  }
  Store(PTXType::U32, pf::kRecordFlagsOffset, imm(Flags));
}

bool PrintfLowering::run() {
  unsigned Before = Diag.errors();
  for (const auto &B : F.Blocks)
    for (const Instruction &I : B->Insts) {
      SmallVector<unsigned, 2> Regs;
      I.defs(Regs);
      for (unsigned R : Regs)
        Defs[R].push_back(&I);
    }
  // Analyse every call first: the expansion adds instructions and registers.
  std::vector<std::vector<PrintfCall>> Calls(F.Blocks.size());
  for (size_t N = 0; N < F.Blocks.size(); ++N)
    for (size_t I = 0; I < F.Blocks[N]->Insts.size(); ++I)
      if (isVprintf(F.Blocks[N]->Insts[I])) {
        PrintfCall C;
        if (!analyse(*F.Blocks[N], I, C))
          Calls[N].push_back(std::move(C));
        if (Diag.tooMany())
          return false;
      }
  if (Diag.errors() != Before)
    return false;
  for (size_t N = 0; N < F.Blocks.size(); ++N) {
    if (Calls[N].empty())
      continue;
    BasicBlock &B = *F.Blocks[N];
    std::vector<Instruction> Out;
    size_t Next = 0;
    for (size_t I = 0; I < B.Insts.size(); ++I) {
      if (Next < Calls[N].size() && Calls[N][Next].Call == I) {
        expand(Calls[N][Next++], B.Insts[I], Out);
        continue;
      }
      const PrintfCall *Owner = nullptr;
      for (const PrintfCall &C : Calls[N])
        if (C.StFormat == I || C.StArgs == I || C.LdResult == I)
          Owner = &C;
      if (!Owner) {
        Out.push_back(std::move(B.Insts[I]));
        continue;
      }
      if (Owner->LdResult != I)
        continue; // a store of an argument: the record holds them now
      // The result: the number of arguments, or -1 when the record was dropped.
      const Instruction &Ld = B.Insts[I];
      Site = &Ld;
      Out.push_back(inst(Opcode::Selp, {Ld.type()},
                         {Ld.Ops[0], imm(Owner->Layout.numArgs), imm(-1), reg(Owner->Ok)}));
    }
    B.Insts = std::move(Out);
  }
  return true;
}

} // namespace

bool lowerPrintf(Function &F, Diagnostics &Diag) {
  return PrintfLowering(F, Diag).run();
}

} // namespace simt::cc
