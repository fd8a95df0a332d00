//===-- Variables.cpp - info locals, info args, ptype, whatis -------------===//
#include "dbg/Debugger.h"
#include "dbg/Variables.h"
#include "dbg/commands/Commands.h"

#include <algorithm>
#include <cctype>

namespace simt::dbg {

namespace {

/// `name = value` for each variable, as gdb's info locals / info args.
void printVariables(Debugger &d, const std::vector<Variable> &vars, const VarScope &s,
                    const char *none, const std::string &indent = "") {
  if (vars.empty()) {
    d.out() << indent << none << "\n";
    return;
  }
  EvalScope sc = d.scope(true);
  for (const Variable &v : vars) {
    std::string text;
    try {
      text = formatCValueBare(valueOf(s, v, sc, sc.mem.lane), sc);
    } catch (const CommandError &e) {
      text = std::string("<error: ") + e.what() + ">";
    }
    d.out() << indent << v.name << " = " << text << "\n";
  }
}

bool isIdentifier(const std::string &s) {
  return !s.empty() && !std::isdigit(static_cast<unsigned char>(s[0])) &&
         std::all_of(s.begin(), s.end(),
                     [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
}

/// The type `ptype`/`whatis` show: a type's name, else an expression's.
TypeRef typeOfArgument(Debugger &d, const std::string &arg) {
  if (arg.empty())
    throw CommandError("argument required (an expression or a type name)");
  EvalScope sc = d.scope(false);
  if (sc.mem.warp && sc.kernel)
    if (std::optional<VarScope> s = varScopeAt(*sc.kernel, sc.pc()))
      if (TypeRef t = findType(*s, arg))
        return t;
  if (TypeRef t = builtinType(arg))
    return t;
  Expr e = Expr::parse(arg);
  sc = d.scope(true);
  if (!e.isC(sc) && sc.mem.warp && sc.kernel && varScopeAt(*sc.kernel, sc.pc()) &&
      isIdentifier(arg))
    throw CommandError("No symbol \"" + arg + "\" in current context."); // gdb's, in C code
  if (!e.isC(sc))
    throw CommandError("'" + arg + "' has no C type (ptype and whatis show C variables and "
                       "expressions of code compiled with simt-cc -g)");
  const CValue v = e.evalC(sc, sc.mem.lane);
  return v.reference ? v.reference : v.type; // a reference's own type, `const Vec2 &`
}

/// The scope `info locals`/`info args` list. In a program, code without
/// variables (built without -G) says so in gdb's words instead of failing.
std::optional<VarScope> infoScope(Debugger &d) {
  const EvalScope sc = d.scope(true);
  if (d.program() && sc.mem.warp && sc.kernel) {
    std::optional<VarScope> s = varScopeAt(*sc.kernel, sc.pc());
    if (!s || !s->function) {
      d.out() << "No symbol table info available.\n";
      return std::nullopt;
    }
    return s;
  }
  return varScopeOf(sc);
}

} // namespace

void printLocals(Debugger &d, const std::string &indent) {
  if (const std::optional<VarScope> s = infoScope(d))
    printVariables(d, localsAt(*s), *s, "No locals.", indent);
}

void registerVariableCommands(CommandTable &root, CommandTable &info) {
  info.add({"locals", {}, "data", "local variables of the focused lane",
            "info locals\nThe C variables of the blocks around the focused warp's pc,\n"
            "innermost first, with their values in the focused lane (<optimized out>\n"
            "where the code keeps one nowhere). Needs code compiled with simt-cc -g.",
            [](Debugger &d, const Invocation &) { printLocals(d, ""); }});
  info.add({"args", {}, "data", "arguments of the focused lane's function",
            "info args\nThe parameters of the function at the focused warp's pc, with\n"
            "their values in the focused lane.",
            [](Debugger &d, const Invocation &) {
              if (const std::optional<VarScope> s = infoScope(d))
                printVariables(d, argsAt(*s), *s, "No arguments.");
            }});
  root.add({"ptype", {}, "data", "the type of an expression or a type name, spelled out",
            "ptype EXPR | TYPE\nA struct's, union's or enum's members (typedefs looked\n"
            "through): `ptype p`, `ptype Pair`, `ptype a[0]`.",
            [](Debugger &d, const Invocation &inv) {
              const TypeRef t = typeOfArgument(d, inv.args); // before any output: it may throw
              d.out() << "type = " << typeBody(t) << "\n";
            },
            Complete::Expression});
  root.add({"whatis", {}, "data", "the type of an expression, by name",
            "whatis EXPR | TYPE\nThe type's name (a typedef by its own name).",
            [](Debugger &d, const Invocation &inv) {
              const TypeRef t = typeOfArgument(d, inv.args);
              d.out() << "type = " << typeName(t) << "\n";
            },
            Complete::Expression});
}

} // namespace simt::dbg
