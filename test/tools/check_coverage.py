#!/usr/bin/env python3
"""Coverage gate of the conformance suite.

Reads the instruction records generated from isa/*.td (SIMTInstrs.def,
SIMTOperands.def, SIMTModGroups.h in the build's isa/ directory) and fails,
listing the gaps, when a record has

  * no assembler test: no CHECK line in test/asm with its mnemonic and an
    `// encoding: [...]` whose last byte is its opcode;
  * no disassembler test: no CHECK line in test/disasm with its mnemonic and a
    raw word `/* 0x... */` whose top byte is its opcode;
  * no emulator test: no file under test/emu naming it (its mnemonic, and for
    records that share a mnemonic the modifier, operand count or constant
    third source that tells them apart). Enforced once test/emu/COVERAGE_ENFORCED exists; until then
    emulator gaps are warnings.

Exit 0 when every enforced category covers every record, 1 otherwise.
"""
import argparse
import os
import re
import sys


def read_records(isa_dir):
    recs = []
    with open(os.path.join(isa_dir, "SIMTInstrs.def")) as f:
        for line in f:
            m = re.match(r'SIMT_INSTR\((\w+), "([^"]+)", \w+, (0x[0-9a-fA-F]+)', line)
            if m:
                recs.append({"rec": m.group(1), "mnemonic": m.group(2),
                             "opcode": int(m.group(3), 16)})
    ops = {}
    with open(os.path.join(isa_dir, "SIMTOperands.def")) as f:
        for line in f:
            m = re.match(r"SIMT_OPERAND\((\w+), (\w+), (\w+), (\d+), (\d+), "
                         r"SIMT::(\w+), (0x[0-9a-fA-F]+)u[,)]", line)
            if m:
                ops.setdefault(m.group(1), []).append(
                    {"name": m.group(2), "type": m.group(3), "group": m.group(6),
                     "allowed": int(m.group(7), 16)})
    spellings = {}
    with open(os.path.join(isa_dir, "SIMTModGroups.h")) as f:
        for m in re.finditer(r"(MG_\w+)_Spellings\[\] = \{([^}]*)\}", f.read()):
            spellings[m.group(1)] = [s.strip().strip('"').split("|")[0]
                                     for s in m.group(2).split(",")]
    for r in recs:
        r["ops"] = ops.get(r["rec"], [])
    return recs, spellings


def files_under(root, suffixes=None):
    for d, _, names in os.walk(root):
        for n in sorted(names):
            if suffixes is None or n.endswith(suffixes):
                yield os.path.join(d, n)


def has_word(text, mnemonic):
    return re.search(r"(?<![\w.])" + re.escape(mnemonic) + r"(?![\w])", text) is not None


def asm_covered(recs, root):
    seen = set()
    pat = re.compile(r"CHECK[\w-]*:(.*?)// encoding: \[([^\]]*)\]")
    for path in files_under(root, (".s", ".sass")):
        with open(path, errors="replace") as f:
            for m in pat.finditer(f.read()):
                bytes_ = m.group(2).split(",")
                if len(bytes_) == 8 and bytes_[7].strip().startswith("0x"):
                    seen.add((int(bytes_[7], 16), m.group(1)))
    return {r["rec"] for r in recs
            if any(op == r["opcode"] and has_word(t, r["mnemonic"]) for op, t in seen)}


def disasm_covered(recs, root):
    seen = set()
    pat = re.compile(r"CHECK[\w-]*:(.*?)/\* 0x([0-9a-fA-F]{16}) \*/")
    for path in files_under(root):
        with open(path, errors="replace") as f:
            for m in pat.finditer(f.read()):
                if ".quad" not in m.group(1):
                    seen.add((int(m.group(2), 16) >> 56, m.group(1)))
    return {r["rec"] for r in recs
            if any(op == r["opcode"] and has_word(t, r["mnemonic"]) for op, t in seen)}


def emu_pattern(r, recs, spellings):
    """A regex that finds record r in assembly text."""
    mn = re.escape(r["mnemonic"])
    base = r"(?<![\w.])" + mn + r"((?:\.\w+)*)(?![\w])(.*)"
    others = [o for o in recs if o["mnemonic"] == r["mnemonic"] and o is not r]
    if not others:
        return re.compile(base), None

    def mods(rec):
        return {o["group"]: o["allowed"] for o in rec["ops"] if o["type"].startswith("mod")}

    def count(rec):
        return sum(1 for o in rec["ops"] if not o["type"].startswith("mod") and o["type"] != "Guard")

    mine = mods(r)
    for g, allowed in mine.items():
        other = 0
        for o in others:
            other |= mods(o).get(g, 0)
        only = allowed & ~other
        if only and g in spellings:
            names = [s for i, s in enumerate(spellings[g]) if only >> i & 1 and s]
            if names:
                want = set(names)
                return re.compile(base), lambda m: bool(want & set(m.group(1).split(".")))
    def plain(rec):
        return [o for o in rec["ops"] if not o["type"].startswith("mod") and o["type"] != "Guard"]

    def const_slots(rec):
        """Positions of constant-only third sources ($sc: IMAD Rd, Ra, Rb, c[..])."""
        return {i for i, o in enumerate(plain(rec)) if o["name"] == "sc"}

    n = count(r)
    mine_c = const_slots(r)
    theirs_c = set()
    for o in others:
        if count(o) == n:
            theirs_c |= const_slots(o)
    is_const = re.compile(r"[-|~]*c\s*\[")

    # Operand count: commas + 1 (a mnemonic without operands has none); where
    # a record of the same count takes a constant-only operand, whether that
    # operand is a constant tells the two apart.
    def fits(m):
        text = m.group(2).split("//")[0].split(";")[0].strip()
        ops = [t.strip() for t in text.split(",")] if text else []
        if len(ops) != n:
            return False
        return (all(is_const.match(ops[i]) for i in mine_c) and
                not any(is_const.match(ops[i]) for i in theirs_c - mine_c))
    return re.compile(base), fits


def emu_covered(recs, spellings, root):
    texts = []
    for path in files_under(root):
        if os.path.basename(path) == "COVERAGE_ENFORCED":
            continue
        with open(path, errors="replace") as f:
            texts.extend(f.read().splitlines())
    covered = set()
    for r in recs:
        pat, extra = emu_pattern(r, recs, spellings)
        for line in texts:
            m = pat.search(line)
            if m and (extra is None or extra(m)):
                covered.add(r["rec"])
                break
    return covered


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--isa", required=True, help="the build's isa/ directory (generated tables)")
    ap.add_argument("--tests", required=True, help="the test/ directory")
    a = ap.parse_args()

    recs, spellings = read_records(a.isa)
    if not recs:
        print("error: no instruction records in %s" % a.isa)
        return 1
    enforced = os.path.exists(os.path.join(a.tests, "emu", "COVERAGE_ENFORCED"))
    cats = [
        ("assembler", "test/asm", asm_covered(recs, os.path.join(a.tests, "asm")), True),
        ("disassembler", "test/disasm", disasm_covered(recs, os.path.join(a.tests, "disasm")), True),
        ("emulator", "test/emu", emu_covered(recs, spellings, os.path.join(a.tests, "emu")), enforced),
    ]
    print("coverage: %d instruction records" % len(recs))
    failed = False
    for name, where, covered, enforce in cats:
        gaps = [r for r in recs if r["rec"] not in covered]
        note = "" if enforce else " (not enforced until test/emu/COVERAGE_ENFORCED exists)"
        print("  %s tests (%s): %d/%d%s" % (name, where, len(recs) - len(gaps), len(recs), note))
        for r in gaps:
            print("%s: no %s test: %s (%s, opcode 0x%02x)" % (
                "error" if enforce else "warning", name, r["rec"], r["mnemonic"], r["opcode"]))
        failed |= enforce and bool(gaps)
    print("coverage gate: %s" % ("FAILED" if failed else "passed"))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
