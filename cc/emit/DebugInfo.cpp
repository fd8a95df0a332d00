//===-- DebugInfo.cpp - clang's DWARF carried to this ISA's code ----------===//
#include "cc/emit/DebugInfo.h"
#include "cc/abi/ModuleData.h"
#include "cc/abi/ParamCopy.h"
#include "cc/abi/ParamLayout.h"
#include "cc/emit/DwarfWriter.h"
#include "cc/emit/EmitData.h"
#include "cc/emit/FrameSlots.h"
#include "cc/emit/PTXDwarf.h"
#include "isa/SIMTDwarf.h"

#include "llvm/DebugInfo/DWARF/DWARFExpression.h"
#include "llvm/DebugInfo/DWARF/DWARFUnit.h"
#include "llvm/MC/MCStreamer.h"
#include "llvm/Support/LEB128.h"
#include "llvm/Support/raw_ostream.h"

#include <map>

using namespace llvm;

namespace simt::cc {

namespace {

/// A DWARF expression's bytes, one operation at a time.
struct ExprBytes {
  std::string Bytes;
  ExprBytes &op(uint8_t Op) {
    Bytes.push_back(char(Op));
    return *this;
  }
  ExprBytes &uleb(uint64_t V) {
    raw_string_ostream OS(Bytes);
    encodeULEB128(V, OS);
    return *this;
  }
  ExprBytes &sleb(int64_t V) {
    raw_string_ostream OS(Bytes);
    encodeSLEB128(V, OS);
    return *this;
  }
};

std::string constant(uint64_t V) { return ExprBytes().op(dwarf::DW_OP_constu).uleb(V).Bytes; }

/// Where a variable is, before it becomes an expression.
struct Place {
  enum Kind { None, Frame, Address, PerKernel };
  Place(Kind K = None, uint16_t Class = 0, int64_t Value = 0, int64_t Depot = -1,
        std::string Shared = {})
      : K(K), Class(Class), Value(Value), Depot(Depot), Shared(std::move(Shared)) {}
  Kind K;
  uint16_t Class = 0;
  int64_t Value = 0;  // Frame: the offset from the frame base; Address: the address
  int64_t Depot = -1; // Frame: the offset in the PTX depot (for DepotPointers)
  std::string Shared; // PerKernel: the .shared variable, Value added
  size_t From = 0;    // Frame: the first instruction where it holds the value
};

/// The scope a DIE is copied in: the function whose code it describes.
struct Scope {
  FunctionCode *Code = nullptr;
  const Function *F = nullptr;
  int Index = -1; // in Impl::ScopeCode: the innermost enclosing scope with code
  std::vector<ParamSlot> Params; // a kernel's, for parameters without a location
};

} // namespace

struct DebugInfo::Impl {
  const Module &M;
  PTXDwarf &In;
  bool Unoptimised;
  const DenseMap<unsigned, unsigned> &FileNumbers;
  DwarfWriter Out;
  std::vector<std::unique_ptr<FunctionCode>> Codes;
  DenseMap<const Function *, FunctionCode *> CodeOf;
  ModuleDataLayout Layout;
  StringSet<> Used;
  std::map<uint64_t, DIE *> Made; // clang's DIE offset -> its copy
  struct PendingRef {
    DIE *D;
    size_t Attr;
    uint64_t Target;
  };
  /// The code of each subprogram, lexical block and inlined call, in the
  /// order copied (a parent before its children): which instructions.
  struct ScopeCode {
    DIE *O;
    FunctionCode *Code;
    int Parent;
    std::vector<bool> In;
  };
  std::vector<ScopeCode> Scopes;
  std::vector<PendingRef> Refs;
  std::unique_ptr<PTXDwarf> Owned;

  Impl(const Module &M, std::unique_ptr<PTXDwarf> D, bool Unoptimised,
       const DenseMap<unsigned, unsigned> &FileNumbers)
      : M(M), In(*D), Unoptimised(Unoptimised), FileNumbers(FileNumbers),
        Layout(layoutModuleData(M)), Owned(std::move(D)) {}

  bool build();
  void copy(const DWARFDie &D, DIE &O, Scope S);
  void copyAttributes(const DWARFDie &D, DIE &O);
  std::optional<std::pair<unsigned, unsigned>> ordinals(uint64_t Low, uint64_t High,
                                                       const Scope &S) const;
  int addScope(const DWARFDie &D, DIE &O, const Scope &S);
  void nestScopes();
  void addFrameBase(DIE &O, FunctionCode &Code);
  Place placeOf(const DWARFDie &D, const Scope &S, std::optional<unsigned> ParamIndex) const;
  Place passedParam(const DWARFDie &D, const Scope &S, unsigned Index) const;
  Place frameParam(const DWARFDie &D, const Scope &S, unsigned Index, Place InFrame) const;
  void addLocation(const DWARFDie &D, DIE &O, const Scope &S, std::optional<unsigned> ParamIndex);
  void addPointerSpaces(const DWARFDie &D, DIE &O, const Scope &S, int64_t Depot) const;
  std::pair<FunctionCode *, const Function *> codeOfSubprogram(const DWARFDie &D) const;
  void addUnitRanges(DIE &U, size_t Unit, const DenseMap<FunctionCode *, size_t> &UnitOf);
};

namespace {

bool isLocationAttr(dwarf::Attribute A) {
  switch (A) {
  case dwarf::DW_AT_low_pc: case dwarf::DW_AT_high_pc: case dwarf::DW_AT_ranges:
  case dwarf::DW_AT_location: case dwarf::DW_AT_frame_base: case dwarf::DW_AT_stmt_list:
    return true;
  default:
    return false;
  }
}

/// The size of type T (typedefs and qualifiers looked through).
std::optional<uint64_t> typeSize(DWARFDie T) {
  for (unsigned Depth = 0; T && Depth < 64; ++Depth) {
    if (auto Size = dwarf::toUnsigned(T.find(dwarf::DW_AT_byte_size)))
      return *Size;
    switch (T.getTag()) {
    case dwarf::DW_TAG_pointer_type: case dwarf::DW_TAG_reference_type:
    case dwarf::DW_TAG_rvalue_reference_type:
      return T.getDwarfUnit()->getAddressByteSize();
    case dwarf::DW_TAG_typedef: case dwarf::DW_TAG_const_type:
    case dwarf::DW_TAG_volatile_type: case dwarf::DW_TAG_restrict_type:
      T = T.getAttributeValueAsReferencedDie(dwarf::DW_AT_type);
      continue;
    case dwarf::DW_TAG_array_type: {
      std::optional<uint64_t> Elem =
          typeSize(T.getAttributeValueAsReferencedDie(dwarf::DW_AT_type));
      uint64_t N = 1;
      for (const DWARFDie &R : T.children()) {
        if (R.getTag() != dwarf::DW_TAG_subrange_type)
          continue;
        if (auto C = dwarf::toUnsigned(R.find(dwarf::DW_AT_count)))
          N *= *C;
        else if (auto U = dwarf::toUnsigned(R.find(dwarf::DW_AT_upper_bound)))
          N *= *U + 1;
        else
          return std::nullopt;
      }
      return Elem ? std::optional<uint64_t>(*Elem * N) : std::nullopt;
    }
    default:
      return std::nullopt;
    }
  }
  return std::nullopt;
}

uint16_t classOf(StateSpace S) {
  switch (S) {
  case StateSpace::Shared: return simt::dwarfabi::Shared;
  case StateSpace::Local: return simt::dwarfabi::Local;
  case StateSpace::Const: return simt::dwarfabi::Const;
  default: return simt::dwarfabi::WindowUnknown;
  }
}

} // namespace

void DebugInfo::Impl::copyAttributes(const DWARFDie &D, DIE &O) {
  const bool Variable = D.getTag() == dwarf::DW_TAG_variable ||
                        D.getTag() == dwarf::DW_TAG_formal_parameter;
  for (const DWARFAttribute &A : D.attributes()) {
    const DWARFFormValue &V = A.Value;
    if (isLocationAttr(A.Attr) || (Variable && A.Attr == dwarf::DW_AT_address_class))
      continue;
    if (A.Attr == dwarf::DW_AT_decl_file || A.Attr == dwarf::DW_AT_call_file) {
      auto File = dwarf::toUnsigned(V);
      auto It = File ? FileNumbers.find(unsigned(*File)) : FileNumbers.end();
      if (It != FileNumbers.end())
        O.addUnsigned(A.Attr, It->second);
      continue;
    }
    if (V.isFormClass(DWARFFormValue::FC_Reference)) {
      if (DWARFDie To = D.getAttributeValueAsReferencedDie(V)) {
        Refs.push_back({&O, O.Attrs.size(), To.getOffset()});
        O.addRef(A.Attr, nullptr);
      }
    } else if (V.isFormClass(DWARFFormValue::FC_String)) {
      if (auto S = dwarf::toString(V))
        O.addString(A.Attr, *S);
    } else if (V.isFormClass(DWARFFormValue::FC_Flag)) {
      O.addFlag(A.Attr, V.getForm() == dwarf::DW_FORM_flag_present || V.getRawUValue());
    } else if (V.isFormClass(DWARFFormValue::FC_Block) ||
               V.isFormClass(DWARFFormValue::FC_Exprloc)) {
      ArrayRef<uint8_t> B = *V.getAsBlock();
      std::string Bytes(B.begin(), B.end());
      // DWARF 2's member offset `DW_OP_plus_uconst N` is DWARF 4's constant N.
      if (A.Attr == dwarf::DW_AT_data_member_location && !B.empty() &&
          B[0] == dwarf::DW_OP_plus_uconst) {
        unsigned Len = 0;
        uint64_t N = decodeULEB128(B.data() + 1, &Len, B.data() + B.size());
        if (1 + Len == B.size()) {
          O.addUnsigned(A.Attr, N, dwarf::DW_FORM_udata);
          continue;
        }
      }
      const bool Expression = A.Attr == dwarf::DW_AT_data_member_location ||
                              A.Attr == dwarf::DW_AT_upper_bound ||
                              A.Attr == dwarf::DW_AT_count || A.Attr == dwarf::DW_AT_byte_size;
      O.addBlock(A.Attr, std::move(Bytes),
                 Expression ? dwarf::DW_FORM_exprloc : dwarf::DW_FORM_block);
    } else if (V.getForm() == dwarf::DW_FORM_sdata) {
      O.addSigned(A.Attr, *V.getAsSignedConstant());
    } else if (V.isFormClass(DWARFFormValue::FC_Constant)) {
      // Its form as clang wrote it: a signed data1 of -1 stays one byte.
      O.addUnsigned(A.Attr, V.getRawUValue(), dwarf::DW_FORM_udata);
      O.Attrs.back().Form = V.getForm();
    }
    // Anything else (addresses, section offsets) has no meaning here.
  }
}

/// Clang's [Low, High) in S's function: PTX positions.
std::optional<std::pair<unsigned, unsigned>>
DebugInfo::Impl::ordinals(uint64_t Low, uint64_t High, const Scope &S) const {
  std::optional<PTXDwarf::Symbol> L = In.decode(Low), H = In.decode(High);
  if (!S.F || !L || !H || !L->Label || !H->Label || L->Label->F != S.F ||
      H->Label->F != S.F || L->Addend || H->Addend)
    return std::nullopt;
  return std::make_pair(L->Label->Ord, H->Label->Ord);
}

int DebugInfo::Impl::addScope(const DWARFDie &D, DIE &O, const Scope &S) {
  if (!S.Code)
    return S.Index;
  ScopeCode C{&O, S.Code, S.Index, std::vector<bool>(S.Code->size(), false)};
  auto Add = [&](uint64_t Low, uint64_t High) {
    if (auto Ords = ordinals(Low, High, S))
      for (auto [First, End] : S.Code->instructionsFrom(Ords->first, Ords->second))
        std::fill(C.In.begin() + First, C.In.begin() + End, true);
  };
  uint64_t Low, High, Section;
  if (D.getLowAndHighPC(Low, High, Section)) {
    Add(Low, High);
  } else if (D.find(dwarf::DW_AT_ranges)) {
    // clang's range lists hold the labels themselves (no base address).
    if (Expected<DWARFAddressRangesVector> Ranges = D.getAddressRanges())
      for (const DWARFAddressRange &R : *Ranges)
        Add(R.LowPC, R.HighPC);
    else
      consumeError(Ranges.takeError());
  }
  Scopes.push_back(std::move(C));
  return int(Scopes.size() - 1);
}

// Scopes nest, and siblings do not share code: clang's optimised PTX gives
// a scope whose code is not contiguous the span from its first label to
// its last (NVPTX writes no range lists), which can take in a sibling's.
// A scope keeps only what its parent has, and a sibling's code is the
// smaller sibling's (the closer description). Then each scope's runs
// become a range list: its entries are offsets from the function's start,
// which tools without this machine's relocations still read right (a
// DW_AT_low_pc would be 0 there).
void DebugInfo::Impl::nestScopes() {
  for (size_t P = 0; P < Scopes.size(); ++P) {
    std::vector<size_t> Children;
    for (size_t C = P + 1; C < Scopes.size(); ++C)
      if (Scopes[C].Parent == int(P))
        Children.push_back(C);
    auto Count = [&](size_t C) { return std::count(Scopes[C].In.begin(), Scopes[C].In.end(), true); };
    for (size_t C : Children)
      for (size_t N = 0; N < Scopes[C].In.size(); ++N)
        Scopes[C].In[N] = Scopes[C].In[N] && Scopes[P].In[N];
    llvm::stable_sort(Children, [&](size_t A, size_t B) { return Count(A) < Count(B); });
    std::vector<bool> Claimed(Scopes[P].In.size(), false);
    for (size_t C : Children)
      for (size_t N = 0; N < Claimed.size(); ++N) {
        Scopes[C].In[N] = Scopes[C].In[N] && !Claimed[N];
        Claimed[N] = Claimed[N] || Scopes[C].In[N];
      }
  }
  for (ScopeCode &S : Scopes) {
    if (S.Parent < 0)
      continue; // a subprogram: its whole section, DW_AT_low_pc and DW_AT_high_pc
    std::vector<CodeSpan> Spans;
    for (size_t N = 0; N < S.In.size();) {
      size_t End = N;
      while (End < S.In.size() && S.In[End])
        ++End;
      if (End > N)
        Spans.push_back(S.Code->span(N, End));
      N = End + 1;
    }
    if (!Spans.empty())
      Out.addRangeList(*S.O, dwarf::DW_AT_ranges, std::move(Spans));
  }
}

void DebugInfo::Impl::addFrameBase(DIE &O, FunctionCode &Code) {
  if (!Code.function().Framed) { // the .local window from 0
    O.addBlock(dwarf::DW_AT_frame_base, ExprBytes().op(dwarf::DW_OP_lit0).Bytes);
    return;
  }
  // R1 less its offset from the base, over each run of one known offset.
  const auto &SP = Code.stackPointerOffsets();
  std::vector<LocationEntry> Entries;
  for (size_t N = 0; N < SP.size();) {
    size_t End = N + 1;
    while (End < SP.size() && SP[End] == SP[N])
      ++End;
    if (SP[N])
      Entries.push_back({Code.span(N, End), ExprBytes()
                                                .op(dwarf::DW_OP_breg0 + simt::dwarfabi::kStackPointerRegNum)
                                                .sleb(-*SP[N])
                                                .Bytes});
    N = End;
  }
  Out.addLocationList(O, dwarf::DW_AT_frame_base, std::move(Entries));
}

Place DebugInfo::Impl::placeOf(const DWARFDie &D, const Scope &S,
                               std::optional<unsigned> ParamIndex) const {
  Place P;
  std::optional<DWARFFormValue> Loc = D.find(dwarf::DW_AT_location);
  if (!Loc)
    return ParamIndex && Unoptimised && S.F ? passedParam(D, S, *ParamIndex) : P;
  if (!Loc->isFormClass(DWARFFormValue::FC_Block) &&
      !Loc->isFormClass(DWARFFormValue::FC_Exprloc))
    return P; // a location list: NVPTX writes none
  ArrayRef<uint8_t> Bytes = *Loc->getAsBlock();
  const uint8_t AddrSize = D.getDwarfUnit()->getAddressByteSize();
  DWARFExpression Expr(DataExtractor(StringRef(reinterpret_cast<const char *>(Bytes.data()),
                                               Bytes.size()),
                                     /*IsLittleEndian=*/true, AddrSize),
                       AddrSize);
  std::optional<PTXDwarf::Symbol> Sym;
  int64_t Offset = 0;
  for (const DWARFExpression::Operation &Op : Expr) {
    if (Op.isError())
      return P;
    if (Op.getCode() == dwarf::DW_OP_addr && !Sym)
      Sym = In.decode(Op.getRawOperand(0));
    else if (Op.getCode() == dwarf::DW_OP_plus_uconst && Sym)
      Offset += int64_t(Op.getRawOperand(0));
    else
      return P;
  }
  if (!Sym || Sym->Label)
    return P;
  Offset += Sym->Addend;
  const std::string &Name = Sym->Name;
  // The function's own .local or .shared variable.
  if (S.Code && S.F) {
    const auto &Offsets = S.Code->function().VarOffsets;
    auto It = Offsets.find(Name);
    auto Local = find_if(S.F->Locals, [&](const VarDecl &V) { return V.Name == Name; });
    if (It != Offsets.end() && Local != S.F->Locals.end()) {
      if (Local->Space == StateSpace::Local && ParamIndex)
        return frameParam(D, S, *ParamIndex, Place(Place::Frame, simt::dwarfabi::Local,
                                                    int64_t(It->second) + Offset, Offset));
      if (Local->Space == StateSpace::Local)
        return Place{Place::Frame, simt::dwarfabi::Local, int64_t(It->second) + Offset, Offset};
      if (Local->Space == StateSpace::Shared)
        return Place{Place::Address, simt::dwarfabi::Shared, int64_t(It->second) + Offset};
    }
  }
  const VarDecl *G = M.global(Name);
  if (!G)
    return P;
  if (G->Space == StateSpace::Shared)
    return Place{Place::PerKernel, simt::dwarfabi::Shared, Offset, -1, Name};
  const ModuleVarSlot *Slot = Layout.lookup(Name);
  if (!Slot || !Slot->Fits || !isEmittedVar(*G, Used))
    return P;
  if (Slot->IsConst)
    return Place{Place::Address, simt::dwarfabi::Const,
                 int64_t(uint64_t(M.ConstBank) << simt::dwarfabi::kConstBankShift |
                         (Slot->Offset + uint64_t(Offset)))};
  return Place{Place::Address, simt::dwarfabi::GlobalBlock, int64_t(Slot->Offset) + Offset};
}

// A parameter clang reads where it was passed (see the header): a kernel's
// in constant bank 0; a device function's aggregate in the frame copy the
// params pass made of it (CopyAddressedParams.h), once it is filled.
Place DebugInfo::Impl::passedParam(const DWARFDie &D, const Scope &S, unsigned Index) const {
  std::optional<uint64_t> Size = typeSize(D.getAttributeValueAsReferencedDie(dwarf::DW_AT_type));
  if (S.F->IsKernel) {
    if (Index >= S.Params.size() || Size != S.Params[Index].Size)
      return Place();
    return Place(Place::Address, simt::dwarfabi::Param, S.Params[Index].Offset);
  }
  if (Index >= S.F->Params.size() || Size != S.F->Params[Index].sizeInBytes())
    return Place();
  std::string Copy = copyOfParam(S.F->Params[Index].Name);
  const auto &Offsets = S.Code->function().VarOffsets;
  auto It = Offsets.find(Copy);
  if (It == Offsets.end())
    return Place();
  Place P(Place::Frame, simt::dwarfabi::Local, int64_t(It->second));
  P.From = S.Code->afterLast([&](const Instruction &I) {
    const Operand *Base = I.Op == Opcode::St && !I.Ops.empty() ? I.Ops[0].addressBase() : nullptr;
    return Base && Base->K == Operand::Symbol && Base->Name == Copy;
  });
  return P;
}

// A parameter in an -O0 frame slot (FrameSlots.h): there once the entry
// code has stored it; a kernel's, when nothing else writes the slot, is
// what was passed throughout, in constant bank 0 from the first
// instruction on.
Place DebugInfo::Impl::frameParam(const DWARFDie &D, const Scope &S, unsigned Index,
                                  Place InFrame) const {
  std::optional<uint64_t> Size = typeSize(D.getAttributeValueAsReferencedDie(dwarf::DW_AT_type));
  if (!Size)
    return Place();
  const FrameSlots Slots(*S.F);
  const Instruction *Complete = Slots.completingStore(InFrame.Depot, *Size);
  if (!Complete)
    return Place();
  if (S.F->IsKernel && Index < S.Params.size() && S.Params[Index].Size == *Size &&
      Slots.storesTo(InFrame.Depot, *Size).back() == Complete &&
      !Slots.mayBeWrittenThroughPointer(InFrame.Depot, *Size)) {
    Place P(Place::Address, simt::dwarfabi::Param, S.Params[Index].Offset);
    P.Depot = InFrame.Depot; // its pointers are the slot's
    return P;
  }
  InFrame.From = S.Code->afterLast([&](const Instruction &I) { return &I == Complete; });
  return InFrame;
}

void DebugInfo::Impl::addPointerSpaces(const DWARFDie &D, DIE &O, const Scope &S,
                                       int64_t Depot) const {
  std::optional<uint64_t> Size =
      typeSize(D.getAttributeValueAsReferencedDie(dwarf::DW_AT_type));
  if (!Size || !S.F)
    return;
  ExprBytes Table;
  for (const auto &[Slot, Space] : S.F->DepotPointers) {
    if (Slot < Depot || Slot >= Depot + int64_t(*Size))
      continue;
    Table.uleb(uint64_t(Slot - Depot)).uleb(classOf(Space));
    if (Space == StateSpace::Const)
      Table.uleb(M.ConstBank);
  }
  if (!Table.Bytes.empty())
    O.addBlock(dwarf::Attribute(simt::dwarfabi::DW_AT_SIMT_pointer_spaces), Table.Bytes,
               dwarf::DW_FORM_block);
}

void DebugInfo::Impl::addLocation(const DWARFDie &D, DIE &O, const Scope &S,
                                  std::optional<unsigned> ParamIndex) {
  Place P = placeOf(D, S, ParamIndex);
  switch (P.K) {
  case Place::None:
    return;
  case Place::Frame: {
    std::string Expr = ExprBytes().op(dwarf::DW_OP_fbreg).sleb(P.Value).Bytes;
    if (!P.From) {
      O.addBlock(dwarf::DW_AT_location, std::move(Expr));
    } else if (P.From < S.Code->size()) {
      std::vector<LocationEntry> Entries{{S.Code->span(P.From, S.Code->size()), Expr}};
      Out.addLocationList(O, dwarf::DW_AT_location, std::move(Entries));
    } else {
      return;
    }
    if (P.Depot >= 0)
      addPointerSpaces(D, O, S, P.Depot);
    break;
  }
  case Place::Address:
    O.addBlock(dwarf::DW_AT_location, constant(uint64_t(P.Value)));
    if (P.Depot >= 0)
      addPointerSpaces(D, O, S, P.Depot);
    break;
  case Place::PerKernel: {
    // Each kernel lays out the module's shared variables it uses.
    std::vector<LocationEntry> Entries;
    for (auto &Code : Codes) {
      const MFunction &MF = Code->function();
      auto It = MF.VarOffsets.find(P.Shared);
      if (MF.Source->IsKernel && It != MF.VarOffsets.end())
        Entries.push_back({Code->whole(), constant(It->second + uint64_t(P.Value))});
    }
    if (Entries.empty())
      return;
    Out.addLocationList(O, dwarf::DW_AT_location, std::move(Entries));
    break;
  }
  }
  O.addUnsigned(dwarf::DW_AT_address_class, P.Class);
}

/// The code of the function subprogram D defines (null: none here).
std::pair<FunctionCode *, const Function *>
DebugInfo::Impl::codeOfSubprogram(const DWARFDie &D) const {
  uint64_t Low, High, Section;
  if (!D.getLowAndHighPC(Low, High, Section))
    return {};
  std::optional<PTXDwarf::Symbol> L = In.decode(Low);
  FunctionCode *Code = L && L->Label ? CodeOf.lookup(L->Label->F) : nullptr;
  return {Code, Code ? L->Label->F : nullptr};
}

void DebugInfo::Impl::copy(const DWARFDie &D, DIE &O, Scope S) {
  Made[D.getOffset()] = &O;
  switch (D.getTag()) {
  case dwarf::DW_TAG_subprogram: {
    S = Scope();
    auto [Code, F] = codeOfSubprogram(D);
    if (!Code)
      break; // not in the object: its variables have no locations
    S.Code = Code;
    S.F = F;
    if (S.F->IsKernel)
      S.Params = layoutParams(*S.F);
    O.addSpan(Code->whole());
    addFrameBase(O, *Code);
    Scopes.push_back({&O, Code, -1, std::vector<bool>(Code->size(), true)});
    S.Index = int(Scopes.size() - 1);
    break;
  }
  case dwarf::DW_TAG_lexical_block: case dwarf::DW_TAG_inlined_subroutine:
    S.Index = addScope(D, O, S);
    break;
  case dwarf::DW_TAG_pointer_type: case dwarf::DW_TAG_reference_type:
  case dwarf::DW_TAG_rvalue_reference_type:
    // The object's addresses are 8 bytes; a pointer of 32-bit PTX (-m32)
    // says it is 4.
    if (!D.find(dwarf::DW_AT_byte_size))
      O.addUnsigned(dwarf::DW_AT_byte_size, D.getDwarfUnit()->getAddressByteSize());
    break;
  default:
    break;
  }
  copyAttributes(D, O);
  unsigned NextParam = 0;
  for (const DWARFDie &C : D.children()) {
    DIE &Child = O.addChild(C.getTag());
    std::optional<unsigned> ParamIndex;
    if (C.getTag() == dwarf::DW_TAG_formal_parameter && D.getTag() == dwarf::DW_TAG_subprogram)
      ParamIndex = NextParam++;
    if (C.getTag() == dwarf::DW_TAG_variable || C.getTag() == dwarf::DW_TAG_formal_parameter)
      addLocation(C, Child, S, ParamIndex);
    copy(C, Child, S);
  }
}

// A unit's code: the functions its subprograms define; the first unit's
// also what no unit describes (libclc's functions).
void DebugInfo::Impl::addUnitRanges(DIE &U, size_t Unit,
                                    const DenseMap<FunctionCode *, size_t> &UnitOf) {
  DIEAttr Base{dwarf::DW_AT_low_pc, dwarf::DW_FORM_addr}; // 0: the lists' entries are absolute
  U.Attrs.push_back(Base);
  std::vector<CodeSpan> Spans;
  for (auto &Code : Codes)
    if (Code->size() && UnitOf.lookup(Code.get()) == Unit)
      Spans.push_back(Code->whole());
  Out.addRangeList(U, dwarf::DW_AT_ranges, std::move(Spans));
}

// A unit of the object for each of clang's: one translation unit per PTX
// module, or, from simt-nvcc -rdc's device link (the program's bitcode
// linked, then compiled here), one per .cu file, which share types
// (DW_FORM_ref_addr into another unit, copied as references).
bool DebugInfo::Impl::build() {
  DWARFContext &Ctx = In.context();
  std::vector<DWARFDie> Roots;
  for (const auto &CU : Ctx.compile_units()) {
    DWARFDie Root = CU->getUnitDIE(/*ExtractUnitDIEOnly=*/false);
    if (Root && Root.getTag() == dwarf::DW_TAG_compile_unit)
      Roots.push_back(Root);
  }
  if (Roots.empty())
    return false;
  DenseMap<FunctionCode *, size_t> UnitOf; // which unit defines a function
  for (size_t N = 0; N < Roots.size(); ++N)
    for (const DWARFDebugInfoEntry &E : Roots[N].getDwarfUnit()->dies())
      if (DWARFDie D(Roots[N].getDwarfUnit(), &E); D.getTag() == dwarf::DW_TAG_subprogram)
        if (FunctionCode *Code = codeOfSubprogram(D).first)
          UnitOf.try_emplace(Code, N);
  for (size_t N = 0; N < Roots.size(); ++N) {
    const DWARFDie &Root = Roots[N];
    DIE &U = N ? Out.addUnit() : Out.unit();
    Made[Root.getOffset()] = &U;
    copyAttributes(Root, U);
    if (!M.Files.empty()) { // the MC layer's line table, the object's only one
      DIEAttr Lines{dwarf::DW_AT_stmt_list, dwarf::DW_FORM_sec_offset};
      U.Attrs.push_back(Lines);
    }
    addUnitRanges(U, N, UnitOf);
    for (const DWARFDie &C : Root.children()) {
      DIE &Child = U.addChild(C.getTag());
      if (C.getTag() == dwarf::DW_TAG_variable)
        addLocation(C, Child, Scope(), std::nullopt);
      copy(C, Child, Scope());
    }
  }
  nestScopes();
  for (const PendingRef &R : Refs) {
    auto It = Made.find(R.Target);
    R.D->Attrs[R.Attr].Ref = It == Made.end() ? nullptr : It->second;
  }
  // A reference to what was not copied (outside the units) goes.
  std::function<void(DIE &)> Prune = [&](DIE &D) {
    erase_if(D.Attrs, [](const DIEAttr &A) { return A.Form == dwarf::DW_FORM_ref4 && !A.Ref; });
    for (auto &C : D.Children)
      Prune(*C);
  };
  for (const DWARFDie &Root : Roots)
    Prune(*Made[Root.getOffset()]);
  return true;
}

DebugInfo::DebugInfo(std::unique_ptr<Impl> P) : P(std::move(P)) {}
DebugInfo::~DebugInfo() = default;

std::unique_ptr<DebugInfo> DebugInfo::create(ArrayRef<CompiledKernel> Functions,
                                             const DenseMap<unsigned, unsigned> &FileNumbers,
                                             bool Unoptimised, MCContext &Ctx) {
  if (Functions.empty())
    return nullptr;
  const Module &M = *Functions.front().MF->Source->getParent();
  std::unique_ptr<PTXDwarf> D = PTXDwarf::create(M);
  if (!D)
    return nullptr;
  auto I = std::make_unique<Impl>(M, std::move(D), Unoptimised, FileNumbers);
  std::vector<const Function *> Sources;
  for (const CompiledKernel &K : Functions) {
    I->Codes.push_back(std::make_unique<FunctionCode>(*K.MF, *K.Regs, Ctx));
    I->CodeOf[K.MF->Source] = I->Codes.back().get();
    Sources.push_back(K.MF->Source);
  }
  I->Used = symbolsUsedBy(Sources);
  if (!I->build())
    return nullptr;
  return std::unique_ptr<DebugInfo>(new DebugInfo(std::move(I)));
}

const FunctionCode *DebugInfo::codeOf(const MFunction &MF) const {
  return P->CodeOf.lookup(MF.Source);
}

void DebugInfo::emit(MCStreamer &S, bool Text) { P->Out.emit(S, Text); }

} // namespace simt::cc
