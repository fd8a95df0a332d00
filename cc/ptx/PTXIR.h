//===-- PTXIR.h - The typed IR simt-ptxas works on --------------*- C++ -*-===//
//
// A parsed PTX module: global variables and functions; a function holds its
// parameters, its virtual registers (the `.reg` declarations, expanded), its
// local declarations and basic blocks of instructions. An instruction is a
// PTX opcode with its types, state space, vector width and the other
// modifiers sorted out of the dotted suffixes, and its operands.
//
// The parser starts a block at each label and after each terminator; the CFG
// pass (CFG.h) links blocks and a virtual exit node that every `ret`/`exit`
// reaches, so post-dominance has one root even with early returns.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "cc/ptx/PTXTypes.h"
#include "isa/SIMTLevel.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/SMLoc.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
}

namespace simt::cc {

class BasicBlock;
class Function;
class Module;

/// An instruction operand, or an element of a variable's initialiser.
struct Operand {
  enum Kind : uint8_t {
    Reg,     // %r1 (RegId); a predicate may be negated: !%p1
    Special, // %tid.x (SReg, Component)
    Imm,     // integer literal (Int)
    FImm,    // float literal: Int holds the IEEE bits, FBits is 32 or 64
    Symbol,  // a variable, parameter, function or label (Name), plus Int
    Address, // [base+Int]: Elems[0] is the base (Reg or Symbol); none for [Int]
    Vector,  // {a, b, ...}: Elems
    List,    // (a, b, ...) of `call`: Elems
    Sink,    // _ (a discarded vector element)
    Pair,    // d|p: shfl's destination and its predicate destination (Elems)
  };
  enum SymbolKind : uint8_t { Unresolved, Label, Variable, Param, Func, Prototype };

  Kind K = Imm;
  bool Negated = false;  // !%p
  bool Generic = false;  // generic(sym) in an initialiser
  uint8_t FBits = 0;     // FImm: 32 or 64
  SymbolKind SymKind = Unresolved;
  SpecialReg SReg = SpecialReg::Tid;
  int8_t Component = -1; // Special: 0..2 for .x/.y/.z
  unsigned RegId = 0;
  int64_t Int = 0;
  std::string Name;      // Symbol
  std::string Selector;  // Reg of a video instruction: the part, "b0", "h1", "b3210", ...
  BasicBlock *Target = nullptr; // Symbol of kind Label
  std::vector<Operand> Elems;
  llvm::SMLoc Loc;

  bool isReg() const { return K == Reg; }
  static Operand reg(unsigned Id, llvm::SMLoc L = {}) {
    Operand Op;
    Op.K = Reg;
    Op.RegId = Id;
    Op.Loc = L;
    return Op;
  }
  static Operand imm(int64_t V, llvm::SMLoc L = {}) {
    Operand Op;
    Op.K = Imm;
    Op.Int = V;
    Op.Loc = L;
    return Op;
  }
  /// The register that is the base of an address, if any.
  const Operand *addressBase() const {
    return K == Address && !Elems.empty() ? &Elems[0] : nullptr;
  }
};

/// A source position from `.loc FILE LINE COL`.
struct DebugLoc {
  unsigned File = 0, Line = 0, Col = 0;
};

struct Instruction {
  Opcode Op = Opcode::Mov;
  llvm::SmallVector<PTXType, 2> Types; // in written order (cvt: dst, src)
  StateSpace Space = StateSpace::None;
  uint8_t Vec = 0; // 0 (scalar), 2 or 4
  llvm::SmallVector<Modifier, 3> Mods;
  std::optional<unsigned> Guard; // @%p (register id)
  bool GuardNegated = false;     // @!%p
  std::vector<Operand> Ops;
  llvm::SMLoc Loc;
  DebugLoc DL;
  unsigned Scope = 0; // the `{ }` call-sequence scope, 0 at function level
  /// Its place in the PTX text (1, 2, ... over the module; 0 for what the
  /// passes add), kept by copies and by `at`: the code labels clang's DWARF
  /// names are positions in this order (Module::CodeLabels).
  unsigned Ord = 0;

  /// A new instruction in Site's place (its location, debug line, scope
  /// and guard): what a pass that rewrites Site into several emits.
  static Instruction at(const Instruction &Site, Opcode Op,
                        std::initializer_list<PTXType> Types, std::vector<Operand> Ops,
                        std::initializer_list<Modifier> Mods = {});
  bool has(Modifier M) const;
  PTXType type(unsigned I = 0) const {
    return I < Types.size() ? Types[I] : PTXType::None;
  }
  /// bra, ret, exit, trap: control does not go on to the next instruction
  /// (unless the instruction is guarded).
  bool isTerminator() const;
  /// ret, exit, trap: leaves the function (reaches the virtual exit).
  bool isReturn() const;
  bool isBranch() const { return Op == Opcode::Bra; }
  /// The label a branch goes to.
  BasicBlock *branchTarget() const;
  /// Whether operand N is a predicate in PTX (setp's destination and
  /// combining predicate, selp's and set's last operand, isspacep's and
  /// testp's destination, every operand of a .pred instruction); nullopt
  /// where the mode decides (vote, bar.red) or the family is rejected later
  /// (shfl).
  std::optional<bool> takesPredicate(size_t N) const;
  /// Number of leading operands that are written (0 or 1; a vector counts one).
  unsigned numDefOperands() const;
  /// Registers written, and registers read (the guard, sources, address bases).
  void defs(llvm::SmallVectorImpl<unsigned> &Regs) const;
  void uses(llvm::SmallVectorImpl<unsigned> &Regs) const;
};

class BasicBlock {
public:
  BasicBlock(Function *F, unsigned Index) : Parent(F), Index(Index) {}

  Function *getParent() const { return Parent; }
  unsigned index() const { return Index; }
  /// The first label, or `bb.N`; the virtual exit is `exit`.
  std::string name() const;
  bool isVirtualExit() const { return VirtualExit; }
  bool empty() const { return Insts.empty(); }
  const Instruction *terminator() const {
    return !Insts.empty() && Insts.back().isTerminator() ? &Insts.back() : nullptr;
  }
  /// For GenericDomTree's printing.
  void printAsOperand(llvm::raw_ostream &OS, bool PrintType = true) const;

  std::vector<std::string> Labels;
  std::vector<Instruction> Insts;
  llvm::SmallVector<BasicBlock *, 2> Succs, Preds; // set by buildCFG
  bool VirtualExit = false;

private:
  friend class Function;
  Function *Parent;
  unsigned Index; // blocks are 0..N-1 in layout order, the virtual exit N
};

/// A `.section .debug_NAME { .b8 ...; .b32 SYMBOL; LABEL: }` of the PTX:
/// its bytes, the values that name symbols (a code label, a variable, a
/// section) left as fixups over zero bytes, and the labels it defines.
struct DebugSection {
  struct Fixup {
    uint64_t Offset = 0;
    unsigned Size = 0; // 4 or 8
    std::string Symbol;
    int64_t Addend = 0;
  };
  std::string Name; // ".debug_info"
  std::string Bytes;
  std::vector<Fixup> Fixups;
  std::vector<std::pair<std::string, uint64_t>> Labels; // name, offset
};

/// A label in a function body: the ordinal (Instruction::Ord) of the
/// instruction it precedes, or one past the function's last.
struct CodeLabel {
  const Function *F = nullptr;
  unsigned Ord = 0;
};

enum class Linkage : uint8_t { None, Visible, Extern, Weak, Common };
llvm::StringRef linkageName(Linkage L); // without the dot; "" for None

/// A variable or parameter declaration.
struct VarDecl {
  StateSpace Space = StateSpace::None;
  Linkage Link = Linkage::None;
  PTXType Type = PTXType::None;
  unsigned Align = 0; // 0: the natural alignment
  uint8_t Vec = 0;
  bool IsPtr = false; // .param .u64 .ptr .global .align 4 p (OpenCL kernels)
  bool IsTexRef = false; // a `.texref`: its binding (SIMTLimits.h kTextureBindingWords)
  StateSpace PtrSpace = StateSpace::None;
  unsigned PtrAlign = 0;
  std::string Name;
  llvm::SmallVector<uint64_t, 1> Dims; // array dimensions; 0 for `[]`
  std::optional<Operand> Init;         // a value, or a Vector of values
  llvm::SMLoc Loc;
  unsigned Scope = 0;

  /// Bytes the declaration occupies (0 for an unsized `[]` array).
  uint64_t sizeInBytes() const;
};

/// `NAME: .callprototype (.param .b32 _) _ (.param .b64 _);` in a call
/// sequence: the shape of what an indirect call through a register passes
/// and gets back (parameter names are `_`).
struct CallPrototype {
  std::string Name;
  std::vector<VarDecl> Returns, Params;
  llvm::SMLoc Loc;
  unsigned Scope = 0;
};

/// A `.reg` declaration as written (for printing): %r<7> or %SP.
struct RegDecl {
  PTXType Type = PTXType::None;
  std::string Name;    // "%r" of %r<7>, or the whole name
  unsigned Count = 0;  // 7 for %r<7>; 0 for a single register
  unsigned FirstId = 0;
  unsigned Scope = 0;  // the `{ }` it is declared in (inline assembly)
};

struct Register {
  std::string Name;
  PTXType Type = PTXType::None;
  unsigned Scope = 0;
};

class Function {
public:
  explicit Function(Module *M);

  Module *getParent() const { return Parent; }
  BasicBlock *entry() const { return Blocks.empty() ? nullptr : Blocks.front().get(); }
  BasicBlock *addBlock();
  /// A new empty block at position Pos of the layout (the blocks after it
  /// move down; refreshNodes renumbers them).
  BasicBlock *insertBlock(size_t Pos);
  /// The prototype Name declared in scope Scope or one enclosing it.
  const CallPrototype *prototype(llvm::StringRef Name, unsigned Scope) const;
  BasicBlock *exitNode() const { return Exit.get(); }
  /// Every CFG node, the blocks and then the virtual exit (GraphTraits).
  const std::vector<BasicBlock *> &nodes() const { return Nodes; }
  /// Fills Nodes from Blocks; buildCFG calls it.
  void refreshNodes();
  const Register &reg(unsigned Id) const { return Regs[Id]; }
  unsigned numRegs() const { return Regs.size(); }
  /// A new function-scope register of type T, named Prefix followed by the
  /// first number that makes the name unused, and declared (for printing):
  /// what the passes that rewrite the PTX add.
  unsigned addRegister(PTXType T, llvm::StringRef Prefix);

  std::string Name;
  bool IsKernel = false;
  bool HasBody = false;
  Linkage Link = Linkage::None;
  std::vector<VarDecl> Params, Returns;
  std::vector<RegDecl> RegDecls;
  std::vector<Register> Regs;
  llvm::StringMap<unsigned> RegByName;
  std::vector<VarDecl> Locals; // .local/.shared in the body, .param of call sequences
  std::vector<CallPrototype> Prototypes; // .callprototype labels of call sequences
  /// The enclosing scope of each `{ }` scope of the body (scope 0: the body).
  std::vector<unsigned> ScopeParent{0};
  /// From the addrspace pass, for the debugger: the `__local_depot` slots
  /// (-O0 frames) that hold generic pointers into a window, and which:
  /// Shared, Local or Const, or None when it is known at run time only.
  /// Pointers in other slots are global.
  std::map<int64_t, StateSpace> DepotPointers;
  /// From the addrspace pass, for the unswitch pass: the predicates that
  /// pick the arm of accesses through a pointer of two spaces, compared once
  /// after its root is written; accesses of space IfSet are guarded by the
  /// predicate, those of IfClear by its negation (Global: the generic arm).
  struct SpaceTest {
    unsigned Pred;
    StateSpace IfSet, IfClear;
  };
  std::vector<SpaceTest> SpaceTests;
  /// Performance directives (.maxntid 256, 1, 1; .reqntid; .minnctapersm ...).
  std::vector<std::pair<std::string, llvm::SmallVector<uint64_t, 3>>> Attrs;
  std::vector<std::unique_ptr<BasicBlock>> Blocks;
  llvm::SMLoc Loc;

private:
  friend class Module; // adoptFunction
  Module *Parent;
  llvm::StringMap<unsigned> NextRegName; // addRegister's next number per prefix
  std::unique_ptr<BasicBlock> Exit;
  std::vector<BasicBlock *> Nodes;
};

class Module {
public:
  Function *function(llvm::StringRef Name) const { return FunctionByName.lookup(Name); }
  const VarDecl *global(llvm::StringRef Name) const;
  /// Appends F, or puts it in the place of the declaration of the same name.
  void addFunction(std::unique_ptr<Function> F);
  /// addFunction for a function another module parsed (cc/SystemCalls.cpp).
  void adoptFunction(std::unique_ptr<Function> F);
  void addGlobal(VarDecl V);

  std::string FileName;
  unsigned VersionMajor = 0, VersionMinor = 0;
  /// The user constant bank its .const variables live in (2..15,
  /// isa/SIMTLimits.h; simt-ptxas --const-bank): simt-nvcc gives each
  /// translation unit of a program its own, so that their __constant__
  /// variables do not overlap once loaded together.
  unsigned ConstBank = 2;
  std::string Target;       // sm_20
  unsigned SMVersion = 0;   // 20
  /// The level of this ISA the module is translated for (isa/SIMTLevel.h):
  /// the base for sm_1x/sm_2x PTX, else the highest.
  unsigned IsaLevel = simt::levels::kBase;
  std::vector<std::string> TargetOptions; // texmode_independent, debug
  unsigned AddressSize = 64;
  std::vector<VarDecl> Globals;
  std::vector<std::unique_ptr<Function>> Functions;
  std::vector<std::pair<unsigned, std::string>> Files; // .file index, path
  std::vector<DebugSection> Sections; // clang's DWARF (-g), in order of appearance
  /// The labels of function bodies, by name, for the DWARF that refers to
  /// them (a name two functions define is left out).
  llvm::StringMap<CodeLabel> CodeLabels;

private:
  // Indexes of the two lists above, kept by addFunction/addGlobal.
  llvm::StringMap<Function *> FunctionByName;
  llvm::StringMap<size_t> GlobalByName;
};

/// PTX text of the IR (it parses back to the same IR).
void printModule(llvm::raw_ostream &OS, const Module &M);
void printFunction(llvm::raw_ostream &OS, const Function &F);
void printInstruction(llvm::raw_ostream &OS, const Function &F, const Instruction &I);
/// The opcode with its suffixes: `ld.global.v2.f32`.
std::string opcodeSpelling(const Instruction &I);
void printOperand(llvm::raw_ostream &OS, const Function &F, const Operand &Op);

} // namespace simt::cc
