#!/usr/bin/env python3
"""Regenerates the committed seed corpora (fuzz/corpus/TARGET/) from the test
suite and the examples:

    fuzz/make_corpus.py BUILD_DIR      # BUILD_DIR/bin/simt-as assembles the binaries

asm: assembly sources; disasm: their code bytes; object: their objects;
runscript: run scripts; dbg: debugger command files; emu: a launch header
(grid, block, seed) and code words; jit: the examples' and bench/kernels' code words
with launch headers for fuzz-jit (its compiles cost, so the seeds are few); modload: a form byte and an object
(0: loaded, and for the examples 2: registered) or test/cc's PTX (0); ptxas: PTX, from test/cc and from
test/cuda's kernels through BUILD_DIR/bin/simt-cc --keep-ptx (clang-19). Seeds are cut to MAX bytes (at a line
end for text) so that the corpora stay small and libFuzzer's -max_len sane.
"""
import glob
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile

MAX = 4096
# clang's PTX for one kernel runs to a few KiB; cut, it is mostly errors.
MAX_PTX = 3 * MAX
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "fuzz", "corpus")


def files(*patterns):
    out = []
    for p in patterns:
        out += sorted(glob.glob(os.path.join(ROOT, p), recursive=True))
    return out


def cut_text(data, limit=MAX):
    if len(data) <= limit:
        return data
    return data[:data.rfind(b"\n", 0, limit) + 1]


def put(target, name, data):
    d = os.path.join(OUT, target)
    os.makedirs(d, exist_ok=True)
    # Flattened path plus a short hash: unique, stable, readable.
    tag = hashlib.sha1(data).hexdigest()[:8]
    with open(os.path.join(d, "%s-%s" % (name, tag)), "wb") as f:
        f.write(data)


def rel(path):
    return os.path.relpath(path, ROOT).replace("/", "_")


def main():
    simt_as = os.path.join(sys.argv[1], "bin", "simt-as")
    shutil.rmtree(OUT, ignore_errors=True)
    sources = files("examples/*.s", "test/asm/*.s", "test/disasm/*.s",
                    "test/emu/**/Inputs/*.s", "test/dbg/Inputs/*.s")
    tmp = tempfile.mkdtemp()
    for s in sources:
        text = open(s, "rb").read()
        put("asm", rel(s), cut_text(text))
        obj = os.path.join(tmp, "k.o")
        binf = os.path.join(tmp, "k.bin")
        if subprocess.run([simt_as, s, "-o", obj], capture_output=True).returncode:
            continue  # an error test
        subprocess.run([simt_as, s, "--filetype=bin", "-o", binf], check=True)
        code = open(binf, "rb").read()
        if not code:
            continue
        put("disasm", rel(s), code[:MAX])
        put("emu", rel(s), bytes([0, 63, 1, 0]) + code[:MAX - 4])
        if os.path.getsize(obj) <= 2 * MAX:
            put("object", rel(s), open(obj, "rb").read())
            put("modload", rel(s), b"\0" + open(obj, "rb").read())
            if s.startswith(os.path.join(ROOT, "examples")):
                put("modload", rel(s) + "_registered", b"\2" + open(obj, "rb").read())
    for s in files("examples/*.s", "bench/kernels/*.s"):
        binf = os.path.join(tmp, "k.bin")
        if subprocess.run([simt_as, s, "--filetype=bin", "-o", binf], capture_output=True).returncode:
            continue
        # 64 threads; a 64-cycle epoch on one SM; the cuts' mix byte.
        put("jit", rel(s), bytes([0, 63, 2, 0x5a]) + open(binf, "rb").read()[:MAX - 4])
    shutil.rmtree(tmp)
    for s in files("examples/*.simt", "test/emu/**/*.simt"):
        put("runscript", rel(s), cut_text(open(s, "rb").read()))
    for s in files("test/dbg/*.dbg", "test/dbg/Inputs/*.cmds"):
        put("dbg", rel(s), cut_text(open(s, "rb").read()))
    for s in files("test/cc/*.ptx", "test/cc/Inputs/*.ptx"):
        put("ptxas", rel(s), cut_text(open(s, "rb").read(), MAX_PTX))
        put("modload", rel(s), b"\0" + cut_text(open(s, "rb").read(), MAX_PTX))
    simt_cc = os.path.join(sys.argv[1], "bin", "simt-cc")
    tmp = tempfile.mkdtemp()
    for s in files("test/cuda/*.cu"):
        out = os.path.join(tmp, "k.o")
        subprocess.run([simt_cc, s, "--keep-ptx", "-o", out], capture_output=True)
        ptx = os.path.join(tmp, "k.ptx")
        if os.path.exists(ptx):  # kept even when the translation fails
            put("ptxas", rel(s), cut_text(open(ptx, "rb").read(), MAX_PTX))
            os.remove(ptx)
    shutil.rmtree(tmp)
    for t in sorted(os.listdir(OUT)):
        d = os.path.join(OUT, t)
        n = len(os.listdir(d))
        size = sum(os.path.getsize(os.path.join(d, f)) for f in os.listdir(d))
        print("%-10s %4d seeds, %7d bytes" % (t, n, size))


if __name__ == "__main__":
    main()
