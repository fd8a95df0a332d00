#!/usr/bin/env python3
"""Writes the lane-harness emulator tests: for each family, the kernels
test/emu/FOLDER/Inputs/NAME.s and run scripts test/emu/FOLDER/NAME.simt whose
CHECK lines come from the family's reference model (families/FAMILY.py,
written from ISA.md), never from the emulator.

  gen.py FAMILY...            regenerate those families' files in the tree
  gen.py --all                every family
  gen.py --all --out DIR      write under DIR instead (DIR/emu/...)
  gen.py --all --check DIR    write under DIR, then compare with the tree:
                              a unified diff and exit 1 on any difference,
                              or a committed file naming this generator
                              that it no longer writes (--tree: compare with
                              another copy of test/ instead)
  gen.py --list               the families
"""
import argparse
import difflib
import importlib
import os
import sys

sys.dont_write_bytecode = True  # lit runs this from the source tree
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from families import FAMILIES  # noqa: E402
from harness import GENERATOR  # noqa: E402

TEST_ROOT = os.path.dirname(os.path.dirname(HERE))


def harnesses(family):
    return importlib.import_module("families." + family).harnesses()


def files_of(families):
    """{path relative to test/: text} for the given families."""
    files = {}
    for family in families:
        for h in harnesses(family):
            assert h.family == family, "%s: harness %s names family %s" % (family, h.name, h.family)
            for path, text in ((h.asm_path, h.kernel_text()), (h.script_path, h.script_text())):
                assert path not in files, "two harnesses write " + path
                files[path] = text
    return files


def write(files, root):
    for path, text in sorted(files.items()):
        full = os.path.join(root, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w") as f:
            f.write(text)


def committed_outputs(tree):
    """Files under tree/emu whose first line names this generator."""
    found = []
    for dirpath, _, names in os.walk(os.path.join(tree, "emu")):
        for name in names:
            full = os.path.join(dirpath, name)
            with open(full, errors="replace") as f:
                if GENERATOR in f.readline():
                    found.append(os.path.relpath(full, tree))
    return found


def check(files, root, tree):
    """Compares what was written under root with the tree; 0 if equal."""
    differ = 0
    for path in sorted(files):
        with open(os.path.join(root, path)) as f:
            new = f.read()
        committed = os.path.join(tree, path)
        old = ""
        if os.path.exists(committed):
            with open(committed) as f:
                old = f.read()
        if new != old:
            differ += 1
            sys.stdout.writelines(difflib.unified_diff(
                old.splitlines(True), new.splitlines(True), "test/%s (tree)" % path,
                "test/%s (generated)" % path))
    stale = sorted(set(committed_outputs(tree)) - set(files))
    for path in stale:
        print("error: test/%s names %s, which no longer writes it" % (path, GENERATOR))
    if differ or stale:
        print("lane harness: %d of %d generated files differ from the tree, %d stale; "
              "regenerate with %s --all" % (differ, len(files), len(stale), GENERATOR))
        return 1
    print("lane harness: %d generated files match the tree" % len(files))
    return 0


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("families", nargs="*", metavar="FAMILY")
    p.add_argument("--all", action="store_true", help="every family")
    p.add_argument("--out", help="write under this directory instead of test/")
    p.add_argument("--check", metavar="DIR", help="write under DIR and compare with the tree")
    p.add_argument("--tree", default=TEST_ROOT, help="the test/ directory --check compares with")
    p.add_argument("--list", action="store_true", help="list the families")
    args = p.parse_args()
    if args.list:
        print("\n".join(FAMILIES))
        return 0
    families = FAMILIES if args.all else args.families
    unknown = [f for f in families if f not in FAMILIES]
    if unknown or not families:
        p.error("name families (%s) or --all" % ", ".join(FAMILIES) if not unknown
                else "unknown family %s (known: %s)" % (", ".join(unknown), ", ".join(FAMILIES)))
    files = files_of(families)
    root = args.check or args.out or TEST_ROOT
    write(files, root)
    if args.check:
        return check(files, root, args.tree)
    return 0


if __name__ == "__main__":
    sys.exit(main())
