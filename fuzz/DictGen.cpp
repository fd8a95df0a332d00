//===-- DictGen.cpp - libFuzzer dictionaries from the ISA and commands ----===//
//
// simt-fuzz-dict OUTDIR writes asm.dict, runscript.dict, dbg.dict,
// object.dict and ptxas.dict: the mnemonics and modifier spellings come from
// the tables generated from isa/*.td, the PTX opcodes, suffixes, types and
// special registers from simt-ptxas's own (cc/ptx/PTXTypes.h), the debugger's commands from its command table
// (through its completion), the run-script keywords from the runtime; the
// directives and punctuation, which no table lists, are spelled here.
//
//===----------------------------------------------------------------------===//
#include "fuzz/FuzzSupport.h"

#include "SIMTModGroups.h"
#include "cc/ptx/PTXTypes.h"
#include "dbg/Debugger.h"
#include "emu/core/Inst.h"
#include "runtime/RunScript.h"

#include <cstdio>
#include <fstream>
#include <iostream>
#include <set>
#include <string>

using namespace simt;

namespace {

std::string dictEntry(std::string_view Word) {
  std::string Q = "\"";
  for (unsigned char C : Word) {
    if (C < 0x20 || C >= 0x7f) {
      char Hex[8];
      std::snprintf(Hex, sizeof Hex, "\\x%02X", C);
      Q += Hex;
      continue;
    }
    if (C == '"' || C == '\\')
      Q += '\\';
    Q += char(C);
  }
  return Q + "\"";
}

void write(const std::string &Path, const std::set<std::string> &Words) {
  std::ofstream Out(Path);
  for (const std::string &W : Words)
    if (!W.empty())
      Out << dictEntry(W) << "\n";
  if (!Out) {
    std::fprintf(stderr, "simt-fuzz-dict: cannot write %s\n", Path.c_str());
    std::exit(1);
  }
}

std::set<std::string> asmWords() {
  std::set<std::string> W;
  for (const emu::OpInfo &I : emu::OpTable)
    W.insert(I.mnemonic);
  for (const auto &G : llvm::SIMT::ModGroupTable)
    for (unsigned I = 0; I < G.NumSpellings; ++I) {
      std::string_view S = G.Spellings[I];
      for (size_t Bar; !S.empty(); S = Bar == S.npos ? std::string_view() : S.substr(Bar + 1)) {
        Bar = S.find('|');
        const std::string One(S.substr(0, Bar));
        W.insert(&G == &llvm::SIMT::ModGroupTable[llvm::SIMT::SRegNames] ? One : "." + One);
      }
    }
  for (const char *R : {"R0", "R1", "R2", "R3", "R61", "R62", "RZ", "P0", "P1", "P6", "PT", "!P0",
                        "!PT", "@P0", "@!P0", "@PT", "CC", "c[0x0][0x20]", "c[0x2][", "[R2]",
                        "[R2+0x4]", "|R1|", "-R1", "0x", "0xffffffff", "-0x80000000", "1.5",
                        "code for sm_20", "/*0008*/", "/* 0x"})
    W.insert(R);
  for (const char *D :
       {".kernel", ".end_kernel", ".func", ".end_func", ".param", ".shared", ".local",
        ".max_stack", ".regs", ".simt_listing", ".text", ".data", ".bss", ".section",
        ".pushsection", ".popsection", ".previous", ".subsection", ".globl", ".weak", ".type",
        ".size", ".set", ".equ", ".equiv", ".macro", ".endm", ".exitm", ".purgem", ".rept",
        ".rep", ".endr", ".irp", ".irpc", ".if", ".ifdef", ".ifndef", ".else", ".elseif",
        ".endif", ".include", ".incbin", ".p2align", ".align", ".balign", ".byte", ".half",
        ".short", ".word", ".long", ".quad", ".zero", ".skip", ".space", ".fill", ".org",
        ".ascii", ".asciz", ".string", ".file", ".loc", ".comm", ".lcomm", ".error", ".warning",
        ".print", ".altmacro", ".noaltmacro", ".uleb128", ".sleb128", ".reloc", ".ident",
        ".cfi_startproc", ".cfi_endproc", ".sym", "\\@", "\\()", ".L"})
    W.insert(D);
  return W;
}

std::set<std::string> runScriptWords() {
  std::set<std::string> W;
  for (std::string_view C : rt::kRunScriptCommands)
    W.insert(std::string(C));
  for (rt::ElemType T : rt::kAllElemTypes)
    W.insert(std::string(rt::typeName(T)));
  for (const char *K : {"grid=", "block=", "shared=", "max_stack=", "as", "args=(", "iota",
                        "random(", "file(", "via=", "system", "device", "cpu_l2", "device_l2",
                        "T=", "ulp", "within", "==", "~=", "..", "[", "]", ":32", "u32", "f32",
                        "nan", "inf", "-inf", "0x", "vecadd", "reduce", "histogram", "spinlock",
                        "recursion", "vecadd.o", "reduce.o"})
    W.insert(K);
  return W;
}

std::set<std::string> dbgWords() {
  std::set<std::string> W = runScriptWords();
  fuzz::NullStream Out;
  dbg::DebuggerOptions Opts;
  Opts.object = fuzz::exampleObject("vecadd");
  dbg::Debugger D(Opts, Out);
  if (!D.start())
    std::exit(1);
  for (const char *Before : {"", "info ", "set ", "show ", "focus ", "step ", "print "})
    for (std::string &S : D.complete(Before, ""))
      W.insert(S);
  for (const char *K : {"$lane", "$tid", "$tid.x", "$ctaid.x", "$ntid.x", "$warp", "$sm", "$pc",
                        "$active", "$exited", "$clock", "$lane[3].", "@global", "@shared",
                        "@local", "@const[2]", "*(u32 @global)", "(s32)", "(f32)", "/x", "/d",
                        "if ", "&&", "||", "grid 1", "cta 0,0,0", "warp 1", "lane 5"})
    W.insert(K);
  return W;
}

std::set<std::string> objectWords() {
  return {"\x7f" "ELF", ".simt.info", ".text.", ".rela.text.", ".symtab", ".strtab",
          "kernel ", "func ", "param ", "regs=", "shared=", "local=", "max_stack=",
          "listing=", "abi=", "\nparam k a 32 8 8\n"};
}

std::set<std::string> ptxWords() {
  using namespace simt::cc;
  std::set<std::string> W;
  constexpr unsigned NumOpcodes = 0
#define PTX_OPCODE(E, S) +1
#include "cc/ptx/PTXOpcodes.def"
      ;
  constexpr unsigned NumModifiers = 0
#define PTX_MODIFIER(E, S) +1
#include "cc/ptx/PTXModifiers.def"
      ;
  for (unsigned I = 0; I < NumOpcodes; ++I)
    W.insert(opcodeName(Opcode(I)).str());
  for (unsigned I = 0; I < NumModifiers; ++I)
    W.insert("." + modifierName(Modifier(I)).str());
  for (const char *T : {"pred", "b8", "b16", "b32", "b64", "u8", "u16", "u32", "u64", "s8", "s16",
                        "s32", "s64", "f16", "f32", "f64"})
    if (lookupType(T))
      W.insert("." + std::string(T));
  for (const char *S : {"const", "global", "local", "param", "shared"})
    if (lookupSpace(S))
      W.insert("." + std::string(S));
  for (unsigned I = 0; I <= unsigned(SpecialReg::DynamicSmemSize); ++I) {
    std::string R = specialRegName(SpecialReg(I)).str();
    W.insert(specialRegHasComponent(SpecialReg(I)) ? R + ".x" : R);
  }
  // Directives, vector widths and punctuation: no table lists them.
  for (const char *K : {".version 6.0", ".target sm_20", ".address_size 64", ".entry", ".func",
                        ".visible", ".extern", ".weak", ".reg", ".param", ".align", ".maxntid",
                        ".reqntid", ".minnctapersm", ".loc", ".file", ".pragma", ".v2", ".v4",
                        ".to", ".uni", "%r", "%rd", "%f", "%p", "%SP", "%SPL", "$L__BB0_", "0f",
                        "0d", "ret;", "bra.uni", "@%p1", "@!%p1", "[%rd1+4]", "<10>", "{", "}"})
    W.insert(K);
  return W;
}

} // namespace

int main(int argc, char **argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: simt-fuzz-dict OUTDIR\n");
    return 2;
  }
  const std::string Dir = argv[1];
  write(Dir + "/asm.dict", asmWords());
  write(Dir + "/runscript.dict", runScriptWords());
  write(Dir + "/dbg.dict", dbgWords());
  write(Dir + "/object.dict", objectWords());
  write(Dir + "/ptxas.dict", ptxWords());
  return 0;
}
