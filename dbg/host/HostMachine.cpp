//===-- HostMachine.cpp - Host registers, memory and frames as gdb's ------===//
//
// At a host stop: `info registers`, `$pc`/`$sp`/`$rax` in print, `x`,
// `info line` and `info frame`, read through LLDB and printed in gdb's
// layout (x86-64 Linux), so that a gdb user's commands and scripts work.
//
//===----------------------------------------------------------------------===//
#include "dbg/Views.h"
#include "dbg/commands/Commands.h"
#include "runtime/SourceNames.h"
#include "dbg/host/HostValues.h"
#include "dbg/host/Session.h"
#include "dbg/program/HostedProtocol.h"

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <sstream>

namespace simt::dbg::host {

namespace {

/// How gdb types a register, which decides how print shows it.
enum class RegKind { Int64, Int32, Uint64, DataPointer, CodePointer, Flags };

struct GdbRegister {
  const char *name; ///< gdb's
  const char *lldb; ///< LLDB's
  RegKind kind;
};

/// gdb's general group on x86-64 Linux, in `info registers` order.
constexpr GdbRegister kGeneral[] = {
    {"rax", "rax", RegKind::Int64},        {"rbx", "rbx", RegKind::Int64},
    {"rcx", "rcx", RegKind::Int64},        {"rdx", "rdx", RegKind::Int64},
    {"rsi", "rsi", RegKind::Int64},        {"rdi", "rdi", RegKind::Int64},
    {"rbp", "rbp", RegKind::DataPointer},  {"rsp", "rsp", RegKind::DataPointer},
    {"r8", "r8", RegKind::Int64},          {"r9", "r9", RegKind::Int64},
    {"r10", "r10", RegKind::Int64},        {"r11", "r11", RegKind::Int64},
    {"r12", "r12", RegKind::Int64},        {"r13", "r13", RegKind::Int64},
    {"r14", "r14", RegKind::Int64},        {"r15", "r15", RegKind::Int64},
    {"rip", "rip", RegKind::CodePointer},  {"eflags", "rflags", RegKind::Flags},
    {"cs", "cs", RegKind::Int32},          {"ss", "ss", RegKind::Int32},
    {"ds", "ds", RegKind::Int32},          {"es", "es", RegKind::Int32},
    {"fs", "fs", RegKind::Int32},          {"gs", "gs", RegKind::Int32},
    {"k0", "k0", RegKind::Uint64},         {"k1", "k1", RegKind::Uint64},
    {"k2", "k2", RegKind::Uint64},         {"k3", "k3", RegKind::Uint64},
    {"k4", "k4", RegKind::Uint64},         {"k5", "k5", RegKind::Uint64},
    {"k6", "k6", RegKind::Uint64},         {"k7", "k7", RegKind::Uint64},
};

/// A register by gdb's name or alias ($pc, $sp, $fp, $ps), or a narrower
/// view LLDB also has (eax, ax, al: gdb's int types).
std::optional<GdbRegister> gdbRegister(std::string_view name) {
  static const struct {
    const char *alias, *name;
  } aliases[] = {{"pc", "rip"}, {"sp", "rsp"}, {"fp", "rbp"}, {"ps", "eflags"}};
  for (const auto &a : aliases)
    if (name == a.alias)
      name = a.name;
  for (const GdbRegister &r : kGeneral)
    if (name == r.name)
      return r;
  static const char *narrow[] = {"eax", "ebx", "ecx", "edx", "esi", "edi", "ebp", "esp",
                                 "ax",  "bx",  "cx",  "dx",  "al",  "bl",  "cl",  "dl"};
  for (const char *n : narrow)
    if (name == n)
      return GdbRegister{n, n, RegKind::Int32};
  return std::nullopt;
}

/// "[ PF ZF IF ]": the flags set, in bit order, as gdb's i386_eflags type.
std::string eflagsText(uint64_t v) {
  static const struct {
    unsigned bit;
    const char *name;
  } flags[] = {{0, "CF"},  {2, "PF"},  {4, "AF"},  {6, "ZF"},  {7, "SF"},   {8, "TF"},
               {9, "IF"},  {10, "DF"}, {11, "OF"}, {14, "NT"}, {16, "RF"},  {17, "VM"},
               {18, "AC"}, {19, "VIF"}, {20, "VIP"}, {21, "ID"}};
  std::string s = "[ ";
  for (const auto &f : flags)
    if (v >> f.bit & 1)
      s += std::string(f.name) + " ";
  return s + "]";
}

/// A value of a register of `kind`, as its natural type prints (without
/// print's pointer type).
std::string naturalText(RegKind kind, uint64_t v, const std::string &symbol) {
  switch (kind) {
  case RegKind::Int64:
    return std::to_string(int64_t(v));
  case RegKind::Int32:
    return std::to_string(int32_t(v));
  case RegKind::Uint64:
    return std::to_string(v);
  case RegKind::DataPointer:
    return hexText(v);
  case RegKind::CodePointer:
    return hexText(v) + (symbol.empty() ? "" : " <" + symbol + ">");
  case RegKind::Flags:
    return eflagsText(v);
  }
  return "";
}

/// `name+offset` as gdb's print_address_symbolic writes a code address
/// ("weighted(int const*, int)+11", "main()"); "" outside any symbol.
/// `minimal`: by the ELF symbol, as `x/i` and `info line` name it (a
/// static function's stays mangled there in gdb).
std::string symbolic(lldb::SBTarget &target, uint64_t address, bool minimal) {
  lldb::SBAddress a = target.ResolveLoadAddress(address);
  lldb::SBFunction fn = a.GetFunction();
  lldb::SBSymbol sym = a.GetSymbol();
  std::string name;
  uint64_t start = 0;
  if (fn.IsValid() && (!minimal || (sym.IsValid() && sym.IsExternal()))) {
    name = gdbFunctionName(fn);
    start = fn.GetStartAddress().GetLoadAddress(target);
  } else if (sym.IsValid()) {
    const char *n = sym.GetMangledName() ? sym.GetMangledName() : sym.GetName();
    name = n ? n : "";
    start = sym.GetStartAddress().GetLoadAddress(target);
  }
  if (name.empty() || start == LLDB_INVALID_ADDRESS || start > address)
    return "";
  return address == start ? name : name + "+" + std::to_string(address - start);
}

/// ` <symbol+offset>` of a data or code address, as x labels its lines.
std::string dataLabel(lldb::SBTarget &target, uint64_t address) {
  lldb::SBAddress a = target.ResolveLoadAddress(address);
  if (!a.GetSymbol().IsValid() || a.GetSection().GetName() == nullptr)
    return "";
  const std::string s = symbolic(target, address, true);
  return s.empty() ? "" : " <" + s + ">";
}

std::string padTo(std::string s, size_t column) {
  s.resize(std::max(column, s.size() + 1), ' ');
  return s;
}

/// `x`'s format, as gdb keeps it from one x to the next.
struct Examine {
  uint64_t count = 1;
  char format = 'x';
  unsigned unit = 4;
};

} // namespace

std::optional<std::string> hostRegisterExpression(std::string_view expr) {
  std::string out;
  for (size_t i = 0; i < expr.size(); ++i) {
    if (expr[i] != '$') {
      out += expr[i];
      continue;
    }
    size_t j = i + 1;
    while (j < expr.size() && (std::isalnum(static_cast<unsigned char>(expr[j])) || expr[j] == '_'))
      ++j;
    std::optional<GdbRegister> r = gdbRegister(expr.substr(i + 1, j - i - 1));
    if (!r)
      return std::nullopt; // $1, $_, a device name: the device debugger's
    out += std::string("$") + r->lldb;
    i = j - 1;
  }
  return out;
}

bool Session::hostRegister(const std::string &format, const std::string &expr,
                           std::string &text) {
  const std::string_view name = trim(expr);
  if (name.size() < 2 || name[0] != '$')
    return false;
  std::optional<GdbRegister> r = gdbRegister(name.substr(1));
  if (!r)
    return false;
  lldb::SBValue v = frame().FindRegister(r->lldb);
  if (!v.IsValid() || !v.GetValue())
    return false;
  const uint64_t bits = v.GetValueAsUnsigned();
  char letter = 0;
  try {
    letter = format.empty() ? 0 : formatLetter(format);
  } catch (const CommandError &e) {
    text = e.what();
    return true;
  }
  if (letter) {
    const unsigned width = unsigned(v.GetByteSize() * 8);
    const bool isSigned = r->kind == RegKind::Int64 || r->kind == RegKind::Int32;
    const int64_t value = isSigned && width < 64 ? int64_t(bits << (64 - width)) >> (64 - width)
                                                 : int64_t(bits);
    text = gdbFormatScalar(Scalar{false, value, 0}, letter, width, false);
    return true;
  }
  lldb::SBTarget &target = lldb_.target();
  switch (r->kind) {
  case RegKind::DataPointer:
    text = "(void *) " + hexText(bits);
    break;
  case RegKind::CodePointer:
    text = "(void (*)(void)) " + naturalText(r->kind, bits, symbolic(target, bits, false));
    break;
  default:
    text = naturalText(r->kind, bits, "");
  }
  return true;
}

void Session::infoRegisters(const std::string &args) {
  std::vector<GdbRegister> which;
  std::istringstream in(args);
  for (std::string word; in >> word;) {
    std::optional<GdbRegister> r = gdbRegister(word[0] == '$' ? word.substr(1) : word);
    if (!r || !frame().FindRegister(r->lldb).IsValid())
      return fail("Invalid register `" + word + "'");
    which.push_back(*r);
  }
  if (which.empty())
    which.assign(std::begin(kGeneral), std::end(kGeneral));
  lldb::SBTarget &target = lldb_.target();
  for (const GdbRegister &r : which) {
    lldb::SBValue v = frame().FindRegister(r.lldb);
    if (!v.IsValid() || !v.GetValue())
      continue; // k0-k7 where the host has no AVX-512, or LLDB does not show them
    const uint64_t bits = v.GetValueAsUnsigned();
    out_ << padTo(r.name, 15) << padTo(hexText(bits), 20)
         << naturalText(r.kind, bits, symbolic(target, bits, false)) << "\n";
  }
}

void Session::examine(const std::string &format, const std::string &arg) {
  // x/NFU: a count, a format letter, a unit size, in any order after N.
  static Examine last;
  Examine x = last;
  if (!arg.empty() || !format.empty())
    x.count = 1; // a bare `x` goes on with the last count too
  size_t i = 0;
  while (i < format.size() && std::isdigit(static_cast<unsigned char>(format[i])))
    ++i;
  if (i)
    x.count = std::strtoull(format.substr(0, i).c_str(), nullptr, 10);
  const uint64_t count = x.count;
  bool unitGiven = false;
  for (; i < format.size(); ++i) {
    const char c = format[i];
    if (std::strchr("bhwg", c)) {
      x.unit = c == 'b' ? 1 : c == 'h' ? 2 : c == 'w' ? 4 : 8;
      unitGiven = true;
    } else if (std::strchr("xduotacfsiz", c)) {
      x.format = c;
    } else {
      return fail(std::string("Invalid number \"") + format + "\".");
    }
  }
  if (x.format == 'a' || (x.format == 'f' && x.unit < 4))
    x.unit = 8; // an address is a pointer; a float is at least a float
  if (x.format == 'c' && !unitGiven)
    x.unit = 1;
  lldb::SBTarget &target = lldb_.target();
  uint64_t address = nextExamine_;
  if (!arg.empty()) {
    lldb::SBValue v;
    std::string error;
    // `x/2i $pc`, `x/4xw $sp + 16`: gdb's register names, LLDB's spelling.
    const std::string expr = hostRegisterExpression(arg).value_or(arg);
    if (!hostEvaluate(expr, v, error))
      return fail(error);
    // An array or a function is its address, as in C; anything else its value.
    const lldb::TypeClass tc = v.GetType().GetTypeClass();
    address = (tc == lldb::eTypeClassArray || tc == lldb::eTypeClassFunction) &&
                      v.GetLoadAddress() != LLDB_INVALID_ADDRESS
                  ? v.GetLoadAddress()
                  : v.GetValueAsUnsigned();
  } else if (!haveExamine_) {
    return fail("Argument required (starting display address).");
  }
  last = x;
  lldb::SBProcess &process = lldb_.process();
  if (x.format == 'i') {
    lldb::SBInstructionList list = target.ReadInstructions(
        target.ResolveLoadAddress(address), uint32_t(count), "att");
    const uint64_t pc = frame().GetPC();
    for (uint32_t k = 0; k < list.GetSize(); ++k) {
      lldb::SBInstruction ins = list.GetInstructionAtIndex(k);
      const uint64_t a = ins.GetAddress().GetLoadAddress(target);
      std::string operands = ins.GetOperands(target) ? ins.GetOperands(target) : "";
      for (size_t c; (c = operands.find(", ")) != std::string::npos;)
        operands.erase(c + 1, 1); // gdb's AT&T operands have no blank after the comma
      const std::string sym = symbolic(target, a, true);
      std::string mnemonic = ins.GetMnemonic(target) ? ins.GetMnemonic(target) : "";
      out_ << (a == pc ? "=> " : "   ") << hexText(a) << (sym.empty() ? "" : " <" + sym + ">")
           << ":\t" << (operands.empty() ? mnemonic : padTo(mnemonic, 7) + operands) << "\n";
      address = a + ins.GetByteSize();
    }
  } else if (x.format == 's') {
    for (uint64_t k = 0; k < count; ++k) {
      lldb::SBError error;
      char buf[4096];
      const size_t n = process.ReadCStringFromMemory(address, buf, sizeof buf, error);
      if (error.Fail())
        return fail("Cannot access memory at address " + hexText(address));
      out_ << hexText(address) << dataLabel(target, address) << ":\t\""
           << std::string(buf, n) << "\"\n";
      address += n + 1;
    }
  } else {
    const unsigned perLine = x.unit == 8 ? 2 : x.unit == 4 ? 4 : 8;
    // x's hex is zero-padded to the unit, as print/z.
    const char letter = x.format == 'a' ? 'x' : x.format == 'x' ? 'z' : x.format;
    for (uint64_t k = 0; k < count; ++k, address += x.unit) {
      uint64_t bits = 0;
      lldb::SBError error;
      if (process.ReadMemory(address, &bits, x.unit, error) != x.unit || error.Fail()) {
        out_ << (k % perLine ? "\n" : "");
        return fail("Cannot access memory at address " + hexText(address));
      }
      if (k % perLine == 0)
        out_ << (k ? "\n" : "") << hexText(address) << dataLabel(target, address) << ":";
      const unsigned width = x.unit * 8;
      int64_t value = int64_t(bits);
      if (width < 64 && (letter == 'd' || letter == 'c'))
        value = int64_t(bits << (64 - width)) >> (64 - width);
      std::string text;
      if (x.format == 'a') {
        const std::string sym = symbolic(target, bits, false);
        text = hexText(bits) + (sym.empty() ? "" : " <" + sym + ">");
      } else if (letter == 'f' && width >= 32) {
        double d;
        if (width == 32) {
          float f;
          std::memcpy(&f, &bits, 4);
          d = f;
        } else {
          std::memcpy(&d, &bits, 8);
        }
        text = gdbFloatText(d, width);
      } else {
        text = gdbFormatScalar(Scalar{false, value, 0}, letter == 'f' ? 'd' : letter, width,
                               false);
      }
      out_ << "\t" << text;
    }
    out_ << "\n";
  }
  nextExamine_ = address;
  haveExamine_ = true;
}

void Session::infoLine(const std::string &arg) {
  lldb::SBTarget &target = lldb_.target();
  lldb::SBLineEntry entry;
  uint32_t wanted = 0;
  lldb::SBFileSpec file;
  if (arg.empty() || isLineNumber(arg)) {
    lldb::SBLineEntry here = frame().GetLineEntry();
    file = here.GetFileSpec();
    wanted = arg.empty() ? here.GetLine() : uint32_t(std::strtoul(arg.c_str(), nullptr, 10));
  } else if (arg[0] == '*') {
    lldb::SBValue v;
    std::string error;
    if (!hostEvaluate(arg.substr(1), v, error))
      return fail(error);
    const uint64_t a = v.GetValueAsUnsigned();
    entry = target.ResolveLoadAddress(a).GetLineEntry();
    if (!entry.IsValid() || entry.GetLine() == 0) {
      const std::string sym = symbolic(target, a, true);
      out_ << "No line number information available for address " << hexText(a)
           << (sym.empty() ? "" : " <" + sym + ">") << "\n";
      return;
    }
  } else {
    lldb::SBSymbolContextList found = target.FindFunctions(arg.c_str());
    for (uint32_t i = 0; i < found.GetSize() && !entry.IsValid(); ++i)
      entry = found.GetContextAtIndex(i).GetFunction().GetStartAddress().GetLineEntry();
    if (!entry.IsValid())
      return fail("Function \"" + arg + "\" not defined.");
  }
  if (!entry.IsValid()) {
    // A line: its first row in the compile unit (gdb's start of the line),
    // else the next line that has code.
    lldb::SBCompileUnit cu = frame().GetCompileUnit();
    if (!cu.IsValid() || !file.IsValid())
      return fail("No line number information available.");
    uint32_t best = UINT32_MAX;
    for (uint32_t i = 0; i < cu.GetNumLineEntries(); ++i) {
      lldb::SBLineEntry le = cu.GetLineEntryAtIndex(i);
      if (le.GetFileSpec() != file || le.GetLine() < wanted || le.GetLine() >= best)
        continue;
      if (le.GetLine() < best || le.GetStartAddress().GetFileAddress() <
                                     entry.GetStartAddress().GetFileAddress()) {
        best = le.GetLine();
        entry = le;
      }
    }
    const std::string path = rt::compiledName(hostPath(file)); // gdb's symtab name
    if (!entry.IsValid())
      return fail("Line number " + std::to_string(wanted) + " is out of range for \"" + path +
                  "\".");
    if (best != wanted) {
      const uint64_t a = entry.GetStartAddress().GetLoadAddress(target);
      out_ << "Line " << wanted << " of \"" << path << "\" is at address " << hexText(a) << " <"
           << symbolic(target, a, true) << "> but contains no code.\n";
      return;
    }
  }
  const uint64_t start = entry.GetStartAddress().GetLoadAddress(target);
  const uint64_t end = entry.GetEndAddress().GetLoadAddress(target);
  out_ << "Line " << entry.GetLine() << " of \"" << hostFileName(entry)
       << "\" starts at address " << hexText(start) << " <" << symbolic(target, start, true)
       << "> and ends at " << hexText(end) << " <" << symbolic(target, end, true) << ">.\n";
  nextExamine_ = start;
  haveExamine_ = true;
}

namespace {

/// The saved registers' places at the frame's pc from its CFI, as LLDB's
/// eh_frame unwind plan gives them: ("rbp", -16), ("rip", -8), offsets
/// from the CFA, in gdb's register order.
std::vector<std::pair<std::string, int64_t>> savedRegisters(lldb::SBFrame f) {
  lldb::SBTarget target = f.GetThread().GetProcess().GetTarget();
  lldb::SBCommandReturnObject result;
  const std::string command = "image show-unwind -a " + hexText(f.GetPC());
  target.GetDebugger().GetCommandInterpreter().HandleCommand(command.c_str(), result);
  const char *text = result.GetOutput();
  const uint64_t start = f.GetSymbol().GetStartAddress().GetLoadAddress(target);
  std::vector<std::pair<std::string, int64_t>> saved;
  if (!text || start == LLDB_INVALID_ADDRESS)
    return saved;
  // "eh_frame UnwindPlan:" ... "row[1]:    1: CFA=rsp+16 => rbp=[CFA-16] rip=[CFA-8]"
  std::istringstream in(text);
  bool inPlan = false;
  std::string row;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("eh_frame UnwindPlan:", 0) == 0) {
      inPlan = true;
    } else if (inPlan && line.empty()) {
      break;
    } else if (inPlan && line.rfind("row[", 0) == 0) {
      const size_t colon = line.find(':');
      const uint64_t offset = std::strtoull(line.c_str() + colon + 1, nullptr, 10);
      if (start + offset <= f.GetPC())
        row = line;
    }
  }
  const size_t arrow = row.find("=>");
  if (arrow == std::string::npos)
    return saved;
  std::istringstream words(row.substr(arrow + 2));
  for (std::string w; words >> w;) {
    const size_t eq = w.find("=[CFA");
    if (eq != std::string::npos)
      saved.emplace_back(w.substr(0, eq), std::strtoll(w.c_str() + eq + 5, nullptr, 10));
  }
  auto order = [](const std::string &name) {
    for (size_t i = 0; i < std::size(kGeneral); ++i)
      if (name == kGeneral[i].name)
        return i;
    return std::size(kGeneral);
  };
  std::stable_sort(saved.begin(), saved.end(),
                   [&](const auto &a, const auto &b) { return order(a.first) < order(b.first); });
  return saved;
}

} // namespace

void Session::infoFrame() {
  lldb::SBThread t = lldb_.thread();
  lldb::SBFrame f = frame();
  const uint64_t cfa = f.GetCFA();
  out_ << "Stack level " << frame_ << ", frame at " << hexText(cfa) << ":\n";
  out_ << " rip = " << hexText(f.GetPC()) << " in " << hostFunctionName(f);
  if (hasLineInfo(f))
    out_ << " (" << hostFileName(f.GetLineEntry()) << ":" << f.GetLineEntry().GetLine()
         << ")";
  if (lldb::SBFrame caller = t.GetFrameAtIndex(frame_ + 1); caller.IsValid())
    out_ << "; saved rip = " << hexText(caller.GetPC());
  out_ << "\n";
  if (frame_ > 0)
    out_ << " caller of frame at " << hexText(t.GetFrameAtIndex(frame_ - 1).GetCFA()) << "\n";
  if (frame_ + 1 < frameCount())
    out_ << " called by frame at " << hexText(t.GetFrameAtIndex(frame_ + 1).GetCFA()) << "\n";
  if (lldb::SBCompileUnit cu = f.GetCompileUnit(); cu.IsValid())
    out_ << " source language "
         << (lldb::SBLanguageRuntime::LanguageIsCPlusPlus(cu.GetLanguage()) ? "c++" : "c")
         << ".\n";
  const std::string base = hexText(f.GetFP());
  out_ << " Arglist at " << base << ", args: " << hostArgsText(f) << "\n";
  out_ << " Locals at " << base << ", Previous frame's sp is " << hexText(cfa) << "\n";
  const auto saved = savedRegisters(f);
  if (!saved.empty()) {
    out_ << " Saved registers:\n ";
    for (size_t i = 0; i < saved.size(); ++i)
      out_ << (i ? ", " : " ") << saved[i].first << " at " << hexText(cfa + saved[i].second);
    out_ << "\n";
  }
}

} // namespace simt::dbg::host

namespace simt::dbg::host {

void Session::infoSource() {
  // gdb's lines for the selected frame's file, those the SB API knows
  // (not its producer or DWARF version).
  lldb::SBFrame f = frame();
  if (!hasLineInfo(f)) {
    forward("info source");
    return;
  }
  const lldb::SBLineEntry le = f.GetLineEntry();
  const std::string path = hostPath(le.GetFileSpec());
  out_ << "Current source file is " << hostFileName(le) << "\n";
  out_ << "Located in " << path << "\n";
  if (const size_t n = hostSourceText(path).size())
    out_ << "Contains " << n << " lines.\n";
  out_ << "Source language is "
       << (lldb::SBLanguageRuntime::LanguageIsCPlusPlus(f.GetCompileUnit().GetLanguage()) ? "c++"
                                                                                             : "c")
       << ".\n";
}

} // namespace simt::dbg::host
