#!/usr/bin/env python3
"""Checks that the reference pages document every option and command the
tools offer, so that a new option without docs fails a test.

For each tool, the options are read from its `--help` text: every line whose
first non-blank character is `-` (CLI11's option lines, its footer, and
simt-nvcc's own list) contributes the option names on it, text in
parentheses aside. Each must appear in docs/tools/TOOL.md at the start of a
code span (`--sms`, `--sms N`). For simt-dbg, the commands, aliases and
subcommands its `help` lists must appear the same way in docs/tools/simt-dbg.md,
and the run-script commands in docs/run-scripts.md.

Usage: doc_options.py SRCROOT  (the tools on PATH).
"""
import os
import re
import subprocess
import sys
import tempfile

TOOLS = ["simt-as", "simt-objdump", "simt-emu", "simt-dbg", "simt-cc", "simt-ptxas", "simt-nvcc"]
OPTION = re.compile(r"(?<![\w-])--?[A-Za-z][\w-]*")


def help_options(tool):
    text = subprocess.run([tool, "--help"], stdout=subprocess.PIPE, text=True, check=True).stdout
    found = []
    for line in text.splitlines():
        if not line.lstrip().startswith("-"):
            continue
        line = re.sub(r"\([^()]*\)", "", line)  # examples and asides in parentheses
        line = re.sub(r"\(.*$", "", line)        # one that continues on the next line
        found += [m.group(0) for m in OPTION.finditer(line)]
    return sorted(set(found))


def documented(page_text, name):
    """`name` at the start of a code span: `--sms`, `--sms N`, `info warps`."""
    return re.search(r"`" + re.escape(name) + r"(?![\w-])", page_text) is not None


def debugger_commands(srcroot, work):
    obj = os.path.join(work, "vecadd.o")
    subprocess.run(["simt-as", os.path.join(srcroot, "examples", "vecadd.s"), "-o", obj], check=True)
    cmds = os.path.join(work, "help.cmd")
    with open(cmds, "w") as f:
        f.write("help\nhelp info\nhelp set\nhelp show\n")
    text = subprocess.run(["simt-dbg", obj, "--batch", "-x", cmds], stdout=subprocess.PIPE,
                          text=True, check=True).stdout
    names, script = [], []
    topic = None
    for line in text.splitlines():
        if re.match(r"^[a-z ]+:$", line):
            topic = line[:-1]
            continue
        m = re.match(r"^  ((?:info |set |show )?[a-z][\w-]*)(?: \(([^)]*)\))?", line)
        if not m:
            continue
        name = m.group(1)
        prefix = name.split(" ")[0] + " " if " " in name else ""
        aliases = [prefix + a.strip() for a in m.group(2).split(",")] if m.group(2) else []
        if topic == "run script":
            script.append(name)
        else:
            names += [name] + aliases
    return sorted(set(names)), sorted(set(script))


def main():
    srcroot = sys.argv[1]
    docs = os.path.join(srcroot, "docs")
    missing = []
    checked = 0

    def check(page, names, what):
        nonlocal checked
        path = os.path.join(docs, page)
        text = open(path).read() if os.path.exists(path) else ""
        for name in names:
            checked += 1
            if not documented(text, name):
                missing.append("docs/%s: %s `%s` is not documented" % (page, what, name))

    for tool in TOOLS:
        check(os.path.join("tools", tool + ".md"), help_options(tool), tool + "'s option")
    with tempfile.TemporaryDirectory() as work:
        commands, script = debugger_commands(srcroot, work)
    check(os.path.join("tools", "simt-dbg.md"), commands, "the debugger command")
    check("run-scripts.md", script, "the run-script command")
    for m in missing:
        print(m)
    print("%d options and commands checked, %d undocumented" % (checked, len(missing)))
    return 1 if missing or checked == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
