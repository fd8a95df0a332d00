#!/usr/bin/env python3
"""Checks that the reference in docs/ stays complete and whole.

`doc_checks.py options SRCROOT` (the tools on PATH): every option each
tool's `--help` lists must appear in docs/tools/TOOL.md at the start of a
code span (`--sms`, `--sms N`), so that a new option without docs fails.
The options are read from every help line whose first non-blank character
is `-` (CLI11's option lines, its footer, simt-nvcc's own list), text in
parentheses aside. For simt-dbg, the commands, aliases and subcommands its
`help` lists must appear the same way in docs/tools/simt-dbg.md, and the
run-script commands in docs/run-scripts.md.

`doc_checks.py tables SRCROOT` (the tools on PATH): the options declared in
a table (runtime/sanitizer/SanitizerFlags.def, runtime/profiler/
ProfileFlags.def, runtime/ConfigFlags.def) are printed by their tools as
the rows of their page's options tables (`TOOL --help-options-markdown`,
blocks apart by a blank line); each block must be in the page as it is,
its rows one after another, so that the page says what --help says.

`doc_checks.py links SRCROOT`: every relative link of README.md and the
pages of docs/ names a file of the repository (and, for a Markdown page, a
heading that exists: `ISA.md#51-tokens`, GitHub's anchors), and no page
sends the reader outside the repository (`../shared/...`, which a clone
does not have).
"""
import difflib
import os
import re
import subprocess
import sys
import tempfile

TOOLS = ["simt-as", "simt-objdump", "simt-emu", "simt-dbg", "simt-cc", "simt-ptxas", "simt-nvcc",
         "simt-sanitizer", "simt-prof"]
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


LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*#*\s*$")
FENCE = re.compile(r"^```.*?^```", re.S | re.M)
OUTSIDE = re.compile(r"\.\./shared/|shared/spec/|shared/seeds/")


def anchors(path):
    names = set()
    text = FENCE.sub("", open(path).read())
    for line in text.splitlines():
        m = HEADING.match(line)
        if m:
            slug = re.sub(r"[^\w\- ]", "", m.group(1).lower()).replace(" ", "-")
            names.add(slug)
    return names


def pages(root):
    yield os.path.join(root, "README.md")
    for d, _, files in os.walk(os.path.join(root, "docs")):
        for f in sorted(files):
            if f.endswith(".md"):
                yield os.path.join(d, f)


def check_options(srcroot):
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
    return missing, checked, "options and commands checked"


# The tools whose options come from a table, and their pages.
TABLE_PAGES = [("simt-sanitizer", "simt-sanitizer.md"), ("simt-prof", "simt-prof.md"),
               ("simt-emu", "simt-emu.md")]


def check_tables(srcroot):
    problems, rows = [], 0
    for tool, page in TABLE_PAGES:
        path = os.path.join(srcroot, "docs", "tools", page)
        lines = open(path).read().splitlines()
        text = subprocess.run([tool, "--help-options-markdown"], stdout=subprocess.PIPE,
                              text=True, check=True).stdout
        for block in (b.splitlines() for b in text.strip("\n").split("\n\n")):
            rows += len(block)
            if any(lines[i:i + len(block)] == block for i in range(len(lines))):
                continue
            # Show it against the page's rows of the same options.
            names = {row.split("`")[1].split(" ")[0] for row in block}
            shown = [l for l in lines if l.startswith("| `") and l.split("`")[1].split(" ")[0] in names]
            diff = difflib.unified_diff(shown, block, "docs/tools/" + page,
                                        tool + " --help-options-markdown", lineterm="")
            problems.append("docs/tools/%s: the options table is not what %s declares:\n%s"
                            % (page, tool, "\n".join(diff)))
    return problems, rows, "option table rows checked"


def check_links(srcroot):
    root = os.path.realpath(srcroot)
    problems, links = [], 0
    for page in pages(root):
        rel = os.path.relpath(page, root)
        text = open(page).read()
        for n, line in enumerate(text.splitlines(), 1):
            if OUTSIDE.search(line):
                problems.append("%s:%d: points outside the repository: %s" % (rel, n, line.strip()))
        for m in LINK.finditer(FENCE.sub("", text)):
            target = m.group(1)
            if re.match(r"^[a-z]+:", target):
                continue  # a URL
            links += 1
            path, _, anchor = target.partition("#")
            dest = os.path.realpath(os.path.join(os.path.dirname(page), path)) if path else page
            if not (dest == root or dest.startswith(root + os.sep)):
                problems.append("%s: link '%s' leaves the repository" % (rel, target))
            elif not os.path.exists(dest):
                problems.append("%s: link '%s': no such file" % (rel, target))
            elif anchor and dest.endswith(".md") and anchor not in anchors(dest):
                problems.append("%s: link '%s': no heading '#%s' in %s"
                                % (rel, target, anchor, os.path.relpath(dest, root)))
    return problems, links, "links checked"


def main():
    checks = {"options": check_options, "tables": check_tables, "links": check_links}
    if len(sys.argv) != 3 or sys.argv[1] not in checks:
        print("usage: doc_checks.py options|tables|links SRCROOT")
        return 2
    problems, count, what = checks[sys.argv[1]](sys.argv[2])
    for p in problems:
        print(p)
    print("%d %s, %d problems" % (count, what, len(problems)))
    return 1 if problems or count == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
