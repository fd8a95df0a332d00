//===-- PTXPrinter.cpp - The IR as PTX text -------------------------------===//
//
// Prints a module back as PTX that the parser reads to the same IR: the
// `--dump-ir` output. Suffixes come out in one canonical order (ordering
// modifiers, state space, the rest, vector width, types), labels as written,
// unlabelled blocks as a `// bb.N` comment.
//
//===----------------------------------------------------------------------===//
#include "cc/ptx/PTXIR.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace simt::cc {

// Modifiers PTX writes before the state space (cvta.to.global, ld.volatile.shared).
static bool goesBeforeSpace(Modifier M) {
  return M == Modifier::To || M == Modifier::Volatile || M == Modifier::Relaxed ||
         M == Modifier::Acquire || M == Modifier::Release || M == Modifier::Weak;
}

void printOperand(raw_ostream &OS, const Function &F, const Operand &Op) {
  auto PrintElems = [&](char Open, char Close) {
    OS << Open;
    ListSeparator LS;
    for (const Operand &E : Op.Elems) {
      OS << LS;
      printOperand(OS, F, E);
    }
    OS << Close;
  };
  auto PrintOffset = [&] {
    if (Op.Int > 0)
      OS << '+' << Op.Int;
    else if (Op.Int < 0)
      OS << Op.Int;
  };
  switch (Op.K) {
  case Operand::Reg:
    OS << (Op.Negated ? "!" : "") << F.reg(Op.RegId).Name;
    if (!Op.Selector.empty())
      OS << '.' << Op.Selector;
    return;
  case Operand::Special:
    OS << specialRegName(Op.SReg);
    if (Op.SReg == SpecialReg::Envreg)
      OS << int(Op.Component);
    else if (Op.Component >= 0)
      OS << '.' << "xyz"[Op.Component];
    return;
  case Operand::Imm:
    OS << Op.Int;
    return;
  case Operand::FImm:
    if (Op.FBits == 32)
      OS << "0f" << format_hex_no_prefix(uint32_t(Op.Int), 8, /*Upper=*/true);
    else
      OS << "0d" << format_hex_no_prefix(uint64_t(Op.Int), 16, /*Upper=*/true);
    return;
  case Operand::Symbol:
    if (Op.Generic)
      OS << "generic(" << Op.Name << ')';
    else
      OS << Op.Name;
    PrintOffset();
    return;
  case Operand::Address:
    OS << '[';
    if (const Operand *Base = Op.addressBase()) {
      printOperand(OS, F, *Base);
      PrintOffset();
    } else {
      OS << Op.Int;
    }
    OS << ']';
    return;
  case Operand::Vector:
    PrintElems('{', '}');
    return;
  case Operand::List:
    PrintElems('(', ')');
    return;
  case Operand::Sink:
    OS << '_';
    return;
  case Operand::Pair:
    printOperand(OS, F, Op.Elems[0]);
    OS << '|';
    printOperand(OS, F, Op.Elems[1]);
    return;
  }
}

std::string opcodeSpelling(const Instruction &I) {
  std::string S;
  raw_string_ostream OS(S);
  OS << opcodeName(I.Op);
  // cp.async.ca.shared.global: its cache operator before the spaces
  auto Before = [&](Modifier M) {
    return goesBeforeSpace(M) || (I.Op == Opcode::Cp && (M == Modifier::Async ||
                                                         M == Modifier::Ca || M == Modifier::Cg));
  };
  for (Modifier M : I.Mods)
    if (Before(M))
      OS << '.' << modifierName(M);
  if (I.Space != StateSpace::None)
    OS << '.' << spaceName(I.Space);
  if (I.Op == Opcode::Cp && I.Space == StateSpace::Shared)
    OS << ".global"; // cp.async's source
  for (Modifier M : I.Mods)
    if (!Before(M))
      OS << '.' << modifierName(M);
  if (I.Vec)
    OS << ".v" << unsigned(I.Vec);
  for (PTXType T : I.Types)
    OS << '.' << typeName(T);
  return S;
}

void printInstruction(raw_ostream &OS, const Function &F, const Instruction &I) {
  if (I.Guard)
    OS << '@' << (I.GuardNegated ? "!" : "") << F.reg(*I.Guard).Name << ' ';
  OS << opcodeSpelling(I);
  for (size_t N = 0; N < I.Ops.size(); ++N) {
    OS << (N ? ", " : " ");
    printOperand(OS, F, I.Ops[N]);
  }
  OS << ';';
}

static void printDecl(raw_ostream &OS, const Function *F, const VarDecl &V) {
  if (V.Link != Linkage::None)
    OS << '.' << linkageName(V.Link) << ' ';
  OS << '.' << spaceName(V.Space);
  if (V.Align)
    OS << " .align " << V.Align;
  if (V.Vec)
    OS << " .v" << unsigned(V.Vec);
  OS << " ." << typeName(V.Type);
  if (V.IsPtr) {
    OS << " .ptr";
    if (V.PtrSpace != StateSpace::None)
      OS << " ." << spaceName(V.PtrSpace);
    if (V.PtrAlign)
      OS << " .align " << V.PtrAlign;
  }
  OS << ' ' << V.Name;
  for (uint64_t D : V.Dims) {
    OS << '[';
    if (D)
      OS << D;
    OS << ']';
  }
  if (V.Init) {
    static const Function NoRegisters(nullptr); // initialisers name none
    OS << " = ";
    printOperand(OS, F ? *F : NoRegisters, *V.Init);
  }
}

static void printParams(raw_ostream &OS, const Function &F,
                        const std::vector<VarDecl> &Params, bool OneLine) {
  OS << '(';
  ListSeparator LS(OneLine ? ", " : ",");
  for (const VarDecl &P : Params) {
    OS << LS << (OneLine ? "" : "\n\t");
    printDecl(OS, &F, P);
  }
  OS << (OneLine || Params.empty() ? "" : "\n") << ')';
}

void printFunction(raw_ostream &OS, const Function &F) {
  if (F.Link != Linkage::None)
    OS << '.' << linkageName(F.Link) << ' ';
  OS << (F.IsKernel ? ".entry " : ".func ");
  if (!F.IsKernel && !F.Returns.empty()) {
    printParams(OS, F, F.Returns, /*OneLine=*/true);
    OS << ' ';
  }
  OS << F.Name;
  printParams(OS, F, F.Params, /*OneLine=*/false);
  OS << '\n';
  for (const auto &[Name, Values] : F.Attrs) {
    OS << Name;
    for (size_t N = 0; N < Values.size(); ++N)
      OS << (N ? ", " : " ") << Values[N];
    OS << '\n';
  }
  if (!F.HasBody) {
    OS << ";\n";
    return;
  }
  OS << "{\n";
  // The declarations of scope S: at the top for 0, else after its `{`.
  auto PrintDecls = [&](unsigned S) {
    for (const RegDecl &R : F.RegDecls)
      if (R.Scope == S) {
        OS << "\t.reg ." << typeName(R.Type) << ' ' << R.Name;
        if (R.Count)
          OS << '<' << R.Count << '>';
        OS << ";\n";
      }
    for (const VarDecl &V : F.Locals)
      if (V.Scope == S) {
        OS << '\t';
        printDecl(OS, &F, V);
        OS << ";\n";
      }
    for (const CallPrototype &P : F.Prototypes)
      if (P.Scope == S) {
        OS << P.Name << ": .callprototype ";
        if (!P.Returns.empty()) {
          printParams(OS, F, P.Returns, /*OneLine=*/true);
          OS << ' ';
        }
        OS << "_ ";
        printParams(OS, F, P.Params, /*OneLine=*/true);
        OS << ";\n";
      }
  };
  PrintDecls(0);
  // Instructions of a call sequence (or of inline assembly) sit in a `{ }`
  // scope with its declarations.
  std::vector<unsigned> Open{0}; // the scopes open, innermost last
  auto EnterScope = [&](unsigned S) {
    std::vector<unsigned> Chain; // S and its enclosing scopes, outermost first
    for (unsigned X = S; X; X = F.ScopeParent[X])
      Chain.insert(Chain.begin(), X);
    Chain.insert(Chain.begin(), 0);
    while (Open.size() > Chain.size() || Open.back() != Chain[Open.size() - 1]) {
      OS << "\t}\n";
      Open.pop_back();
    }
    while (Open.size() < Chain.size()) {
      Open.push_back(Chain[Open.size()]);
      OS << "\t{\n";
      PrintDecls(Open.back());
    }
  };
  DebugLoc Loc;
  for (const auto &B : F.Blocks) {
    EnterScope(0);
    if (B->Labels.empty())
      OS << "// " << B->name() << ":\n";
    for (const std::string &L : B->Labels)
      OS << L << ":\n";
    for (const Instruction &I : B->Insts) {
      EnterScope(I.Scope);
      if (I.DL.Line && (I.DL.File != Loc.File || I.DL.Line != Loc.Line ||
                        I.DL.Col != Loc.Col)) {
        Loc = I.DL;
        OS << "\t.loc " << Loc.File << ' ' << Loc.Line << ' ' << Loc.Col << '\n';
      }
      OS << '\t';
      printInstruction(OS, F, I);
      OS << '\n';
    }
  }
  EnterScope(0);
  OS << "}\n";
}

void printModule(raw_ostream &OS, const Module &M) {
  OS << ".version " << M.VersionMajor << '.' << M.VersionMinor << '\n';
  OS << ".target " << M.Target;
  for (const std::string &O : M.TargetOptions)
    OS << ", " << O;
  OS << "\n.address_size " << M.AddressSize << "\n";
  for (const auto &[Index, Path] : M.Files)
    OS << ".file " << Index << " \"" << Path << "\"\n";
  for (const DebugSection &S : M.Sections)
    OS << ".section " << S.Name << " { } // contents not printed\n";
  for (const VarDecl &V : M.Globals) {
    OS << '\n';
    printDecl(OS, nullptr, V);
    OS << ";";
  }
  OS << '\n';
  for (const auto &F : M.Functions) {
    OS << '\n';
    printFunction(OS, *F);
  }
}

} // namespace simt::cc
