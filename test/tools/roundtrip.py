#!/usr/bin/env python3
"""Round trip: bytes -> text -> bytes must be the identity.

For every input file (assembly or a cuobjdump listing) and for a few thousand
random instruction words (fixed seed; only the words the disassembler decodes
are kept), this checks that

    simt-as IN -o A.o
    simt-objdump -d --no-show-raw-insn --no-addresses A.o > A.s
    simt-as A.s -o B.o

gives B.o with the same code sections (.text, .text.NAME) and the same
.simt.info metadata as A.o. Prints every mismatch (with the first differing
instruction, disassembled) and exits 1 if there was one.

An input may carry `// ROUNDTRIP-FLAGS: ...` (extra simt-as flags for the
first assembly, e.g. -D NAME=1) or `// ROUNDTRIP: skip`.
"""
import argparse
import concurrent.futures
import os
import random
import re
import shlex
import struct
import subprocess
import sys


def elf_sections(data):
    """{name: bytes} of an ELF64 little-endian relocatable object."""
    if data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:
        raise ValueError("not an ELF64 little-endian object")
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
    heads = []
    for i in range(shnum):
        off = shoff + i * shentsize
        name, typ, _flags, _addr, offset, size = struct.unpack_from("<IIQQQQ", data, off)
        heads.append((name, typ, offset, size))
    strtab = heads[shstrndx]
    strdata = data[strtab[2]:strtab[2] + strtab[3]]
    out = {}
    for name, typ, offset, size in heads:
        end = strdata.index(b"\0", name)
        sname = strdata[name:end].decode()
        out[sname] = b"" if typ == 8 else data[offset:offset + size]  # NOBITS
    return out


def interesting(sections):
    return {n: b for n, b in sections.items()
            if n == ".text" or n.startswith(".text.") or n == ".simt.info"}


class Runner:
    def __init__(self, as_tool, objdump, tmp):
        self.as_tool = as_tool
        self.objdump = objdump
        self.tmp = tmp
        os.makedirs(tmp, exist_ok=True)

    def run(self, cmd, what):
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        if p.returncode != 0:
            raise RuntimeError("%s failed (%s):\n%s%s" % (
                what, " ".join(cmd), p.stdout.decode(errors="replace"),
                p.stderr.decode(errors="replace")))
        return p.stdout

    def assemble(self, src, obj, flags=()):
        # Flags after the input: CLI11's vector options (-D, -I) are greedy.
        self.run([self.as_tool, src, *flags, "-o", obj], "assembling " + src)
        with open(obj, "rb") as f:
            return f.read()

    def disassemble(self, obj, extra=("--no-show-raw-insn", "--no-addresses")):
        return self.run([self.objdump, "-d", *extra, obj],
                        "disassembling " + obj).decode()

    def roundtrip(self, src, tag, flags=()):
        """Returns a list of problems (empty when the round trip holds)."""
        a_obj = os.path.join(self.tmp, tag + ".a.o")
        text_file = os.path.join(self.tmp, tag + ".rt.s")
        b_obj = os.path.join(self.tmp, tag + ".b.o")
        try:
            a = self.assemble(src, a_obj, flags)
            text = self.disassemble(a_obj)
            with open(text_file, "w") as f:
                f.write(text)
            b = self.assemble(text_file, b_obj)
        except RuntimeError as e:
            return [str(e)]
        sa, sb = interesting(elf_sections(a)), interesting(elf_sections(b))
        problems = []
        for name in sorted(set(sa) | set(sb)):
            if name not in sb:
                problems.append("%s: section %s lost" % (src, name))
            elif name not in sa:
                problems.append("%s: section %s appeared" % (src, name))
            elif sa[name] != sb[name]:
                problems.append(self.describe(src, name, sa[name], sb[name], text_file))
        return problems

    def describe(self, src, name, a, b, text_file):
        if name == ".simt.info":
            return "%s: .simt.info differs:\n  before: %r\n  after:  %r" % (src, a, b)
        for i in range(0, max(len(a), len(b)), 8):
            wa, wb = a[i:i + 8], b[i:i + 8]
            if wa != wb:
                def hexw(w):
                    return "0x%016x" % struct.unpack("<Q", w)[0] if len(w) == 8 else repr(w)
                return ("%s: %s differs at 0x%x: 0x before %s, after %s "
                        "(re-assembled text in %s)" % (src, name, i, hexw(wa), hexw(wb), text_file))
        return "%s: %s differs in size (%d vs %d)" % (src, name, len(a), len(b))


def file_flags(path):
    flags = []
    with open(path, errors="replace") as f:
        for line in f:
            if "ROUNDTRIP: skip" in line:
                return None
            m = re.search(r"ROUNDTRIP-FLAGS:(.*)$", line)
            if m:
                flags += shlex.split(m.group(1).replace("%S", os.path.dirname(path)))
    return flags


def opcodes(def_file):
    ops = []
    with open(def_file) as f:
        for line in f:
            m = re.match(r"SIMT_INSTR\((\w+), \"([^\"]+)\", \w+, (0x[0-9a-f]+)", line)
            if m:
                ops.append(int(m.group(3), 16))
    return sorted(set(ops))


def random_words(runner, ops, count, seed, candidates):
    """`count` random words that decode, from `candidates` random tries."""
    rng = random.Random(seed)
    words = []
    for _ in range(candidates):
        # Mostly valid opcodes (else almost nothing decodes), some fully random.
        if rng.random() < 0.95:
            w = ops[rng.randrange(len(ops))] << 56 | rng.getrandbits(56)
        else:
            w = rng.getrandbits(64)
        # Clear random bits in most words: unused fields must be zero.
        for _ in range(rng.randrange(4)):
            w &= ~(rng.getrandbits(56))
        words.append(w)
    blob = os.path.join(runner.tmp, "random-all.bin")
    with open(blob, "wb") as f:
        f.write(b"".join(struct.pack("<Q", w) for w in words))
    text = runner.run([runner.objdump, "-d", "--binary", blob], "disassembling " + blob).decode()
    valid = []
    for line in text.splitlines():
        m = re.match(r"\s*/\*[0-9a-f]+\*/ (.*) /\* (0x[0-9a-f]{16}) \*/$", line)
        if m and not m.group(1).startswith(".quad"):
            valid.append(int(m.group(2), 16))
    return valid[:count], len(words)


def roundtrip_words(runner, words, tag, listing=False):
    """bytes -> text (objdump --binary) -> bytes (simt-as --filetype=bin);
    with `listing`, the text is assembled in listing mode (.simt_listing),
    where hex immediates are raw fields: the printed text must mean the same
    there too. Raw words carry no level: the text's `.target` line is
    objdump's, from the highest record among them."""
    blob = os.path.join(runner.tmp, tag + ".bin")
    text_file = os.path.join(runner.tmp, tag + ".rt.s")
    out = os.path.join(runner.tmp, tag + ".rt.bin")
    with open(blob, "wb") as f:
        f.write(b"".join(struct.pack("<Q", w) for w in words))
    try:
        text = runner.run([runner.objdump, "-d", "--binary", "--no-show-raw-insn",
                           "--no-addresses", blob], "disassembling " + blob)
    except RuntimeError as e:
        return [str(e)]
    if listing:
        text = b".simt_listing\n" + text
    with open(text_file, "wb") as f:
        f.write(text)
    all_lines = text.decode().splitlines()
    lines = [l.strip() for l in all_lines if l.startswith("        ")]
    p = subprocess.run([runner.as_tool, text_file, "--filetype=bin", "-o", out],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if p.returncode != 0:
        # Every error names its line: report the word printed there.
        word_of_line, n = {}, 0
        for i, l in enumerate(all_lines, 1):
            if l.startswith("        "):
                word_of_line[i] = n
                n += 1
        problems = []
        for m in re.finditer(r":(\d+):\d+: error: (.*)", p.stderr.decode(errors="replace")):
            i = word_of_line.get(int(m.group(1)))
            w = "0x%016x" % words[i] if i is not None else "?"
            problems.append("word %s (%s) does not re-assemble: %s" % (
                w, all_lines[int(m.group(1)) - 1].strip(), m.group(2)))
        return problems or ["assembling %s failed:\n%s" % (text_file, p.stderr.decode())]
    with open(out, "rb") as f:
        back = f.read()
    got = [struct.unpack_from("<Q", back, i)[0] for i in range(0, len(back) - 7, 8)]
    problems = []
    for i, w in enumerate(words):
        g = got[i] if i < len(got) else None
        if g != w:
            problems.append("word 0x%016x (%s) re-assembles to %s" % (
                w, lines[i] if i < len(lines) else "?",
                "nothing" if g is None else "0x%016x" % g))
    if len(got) != len(words):
        problems.append("%d words in, %d out" % (len(words), len(got)))
    return problems


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--as", dest="as_tool", default="simt-as")
    ap.add_argument("--objdump", default="simt-objdump")
    ap.add_argument("--tmp", required=True, help="scratch directory")
    ap.add_argument("--instrs", help="build/isa/SIMTInstrs.def (for --random)")
    ap.add_argument("--random", type=int, default=0, help="random valid words to check")
    ap.add_argument("--candidates", type=int, default=0,
                    help="random words to try (default 16 x --random)")
    ap.add_argument("--seed", type=int, default=20240601)
    ap.add_argument("--dir", action="append", default=[],
                    help="check every .s/.sass file in this directory")
    ap.add_argument("inputs", nargs="*")
    args = ap.parse_args()
    inputs = list(args.inputs)
    for d in args.dir:
        inputs += sorted(os.path.join(d, n) for n in os.listdir(d)
                         if n.endswith((".s", ".sass")))

    runner = Runner(args.as_tool, args.objdump, args.tmp)
    problems = []
    jobs = []
    for path in inputs:
        if re.search(r"-err\.\w+$", path):
            continue
        flags = file_flags(path)
        if flags is None:
            continue
        tag = re.sub(r"[^A-Za-z0-9_.-]", "_", os.path.relpath(path))
        jobs.append((path, tag, flags))
    # The tools are separate processes: run the files side by side.
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        for p in pool.map(lambda j: runner.roundtrip(*j), jobs):
            problems += p
    checked = len(jobs)

    if args.random:
        if not args.instrs:
            ap.error("--random needs --instrs")
        ops = opcodes(args.instrs)
        words, tried = random_words(runner, ops, args.random, args.seed,
                                    args.candidates or 16 * args.random)
        for listing in (False, True):
            p = roundtrip_words(runner, words, "random-valid" + "-listing" * listing, listing)
            p = [("(listing mode) " if listing else "") + q for q in p]
            problems += p[:50]
            if len(p) > 50:
                problems.append("... and %d more" % (len(p) - 50))
        print("random: %d of %d words decode; %d checked" % (len(words), tried, len(words)))
        if len(words) < args.random:
            problems.append("random: only %d valid words (wanted %d): raise --candidates"
                            % (len(words), args.random))

    print("round trip: %d inputs%s" % (checked, ", random words" if args.random else ""))
    for p in problems:
        print("error: " + p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
