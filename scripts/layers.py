#!/usr/bin/env python3
"""Checks that no #include points up the project's layers.

The layers, lowest first, are the order of the CMake targets' links: a
library links only libraries of its own layer or of layers before it, so its
sources include only their headers. The order is declared once, in LAYERS.
An entry is a folder, a sub-folder or a single file, and a source file's
layer is the longest entry its path starts with (or equals):
cc/ptx/Parser.cpp is in cc, runtime/cudart/Launch.cpp in runtime/cudart
(libcudart, which links the compiler, above everything the runtime links),
runtime/DeviceSession.cpp in runtime, below its sub-layers runtime/script
to runtime/simt-emu. So a folder is split into ordered sub-layers by naming
them (emu/ is named only by its sub-folders, emu/mem to emu/sanitize), and
an include from a lower sub-layer to a higher one fails like any other
include pointing up: no cycle between a folder's parts goes unseen. A file
entry places a program that lives in its library's folder above the
sub-layers it uses (dbg/simt-dbg.cpp). A source under a declared top
folder that no entry covers is an error, as is a top folder of sources that
no entry names.

An include "X" is resolved as the compiler finds it: X from the top of the
tree, then beside the including file, then in an include folder of a
library (isa's "MCTargetDesc/..." and the CUDA headers); a name found
nowhere must be one of the generated tables (GENERATED). A name that
resolves to nothing, or to files in two layers, is an error too, so that
the check cannot pass by not understanding an include.

The emulator core's own objects (CORE_PRIVATE: warp, CTA, SM) are a second
rule across the order: outside emu/ only the programs that test or measure
the core include them; the tools see them through emu/device/Facade.h.

  python3 scripts/layers.py [ROOT]     exit 0: every include points down
"""

import os
import re
import sys

# support/: Expected, Text, InputFile.  isa/: the MC target (simt_mc) and the
# limits header.  emu/: the emulator (generated tables, no LLVM), by
# sub-folder: the memory system; the SM, warps, CTAs and grids with the
# decoded instruction, the device's configuration and the plain data the SM
# produces (faults, trace records, statistics, profile counters); the
# semantics; the statistics' JSON; the device and its scheduler; the
# sanitizer's checkers; the JIT's compiler, the one part of emu/ with LLVM
# (its own library, simt_emu_jit, which the runtime links).  runtime/: loader, line tables, decoder, the
# run-script parser, DeviceSession (simt_runtime_core: simt_emu, simt_mc),
# then the run-script interpreter on it (runtime/script: simt_runscript),
# capture, which replays the scripts it writes (runtime/capture:
# simt_capture), the sanitizer (simt_sanitizer) and the profiler
# (simt_profiler), and what the tools on them share (tools/: the
# configuration flags, the ToolStack), then simt-emu and what only it uses
# (runtime/simt-emu/).
# asm/: simt-as, simt-objdump (simt_mc, simt_runtime).  cc/: the compiler
# (simt_mc).  runtime/cudart: libcudart (simt_runtime, simt_cc);
# runtime/lapack: the dense algorithms of the libraries below.
# runtime/curand, runtime/cublas, runtime/cufft, runtime/cusparse,
# runtime/cusolver: libcurand, libcublas, libcufft, libcusparse,
# libcusolver (the CUDA runtime API only).  dbg/:
# simt-dbg (simt_runtime, simt_asm): its core, the commands on it, the
# debugger inside a program, the host side of a program through LLDB
# (dbg/host: simt_dbg_host), the DAP server over that host session (dbg/dap,
# also in simt_dbg_host), and the simt-dbg program.  Then the programs
# over all of them: benchmarks, fuzzers, tests.
LAYERS = [
    "support",
    "isa",
    "emu/mem",
    "emu/core",
    "emu/sem",
    "emu/report",
    "emu/device",
    "emu/sanitize",
    "emu/jit",
    "runtime",
    "runtime/script",
    "runtime/capture",
    "runtime/sanitizer",
    "runtime/profiler",
    "runtime/tools",
    "runtime/simt-emu",
    "asm",
    "cc",
    "runtime/cudart",
    "runtime/lapack",
    "runtime/curand",
    "runtime/cublas",
    "runtime/cufft",
    "runtime/cusparse",
    "runtime/cusolver",
    "dbg",
    "dbg/commands",
    "dbg/program",
    "dbg/host",
    "dbg/dap",
    "dbg/simt-dbg.cpp",
    "bench",
    "fuzz",
    "test",
]

# Tables the build writes (isa/CMakeLists.txt: llvm-tblgen and
# isa/gen/simt_tablegen.py into build/isa; cc/passes/CMakeLists.txt), by the
# layer that makes them.
GENERATED = [
    (re.compile(r"SIMT(Gen_\w+\.inc|ModGroups\.h|Mnemonics\.inc|Instrs\.def|"
                r"InstrEnums\.h|Operands\.def|OperandRoles\.h|Builders\.inc|Levels\.def)"),
     "isa"),
    # cc/passes/CMakeLists.txt: cc/syscalls/SystemCalls.ptx as a string.
    (re.compile(r"cc/passes/SystemCallsPTX\.inc"), "cc"),
]

# The emulator core's own objects: a warp, a CTA, an SM. Outside emu/ the
# tools see them through the device's facade (emu/device/Facade.h: views by
# handle, and the one place a tool changes a warp), so that only emu/ and the
# programs that test or measure the core itself include these.
CORE_PRIVATE = ("emu/core/Warp.h", "emu/core/Cta.h", "emu/core/Sm.h")
CORE_PRIVATE_USERS = ("emu", "bench", "fuzz", "test")

# Libraries from outside whose headers are included with quotes.
EXTERNAL_PREFIXES = ("llvm/", "gtest/")

# The tests' inputs, and CUDA programs (.cu) anywhere, are programs compiled
# as a user would, with headers of their own that a RUN line may write: not
# the project's code.
NOT_PROJECT_CODE = re.compile(r"test/(.+/)?Inputs/.*")

SOURCE_SUFFIXES = (".h", ".hpp", ".inc", ".def", ".c", ".cc", ".cpp")
INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"')


def layer_of(rel):
    """The layer of a path relative to the root: the longest declared prefix."""
    best = None
    for layer in LAYERS:
        if rel == layer or rel.startswith(layer + "/"):
            if best is None or len(layer) > len(best):
                best = layer
    return best


def source_files(root):
    for top in sorted({layer.split("/")[0] for layer in LAYERS}):
        for dirpath, dirnames, filenames in os.walk(os.path.join(root, top)):
            dirnames.sort()
            for name in sorted(filenames):
                rel = os.path.relpath(os.path.join(dirpath, name), root).replace(os.sep, "/")
                if name.endswith(SOURCE_SUFFIXES) and not NOT_PROJECT_CODE.fullmatch(rel):
                    yield rel


def undeclared_folders(root):
    """Top folders holding C or C++ sources that no layer names."""
    tops = {layer.split("/")[0] for layer in LAYERS}
    for entry in sorted(os.listdir(root)):
        full = os.path.join(root, entry)
        if entry in tops or entry.startswith(".") or not os.path.isdir(full):
            continue
        if os.path.exists(os.path.join(full, "CMakeCache.txt")):
            continue  # a build tree
        for _, _, filenames in os.walk(full):
            if any(n.endswith(SOURCE_SUFFIXES) for n in filenames):
                yield entry
                break


class Resolver:
    def __init__(self, root, files):
        self.root = root
        self.files = set(files)
        self.by_suffix = {}
        for f in files:
            parts = f.split("/")
            for i in range(1, len(parts)):
                self.by_suffix.setdefault("/".join(parts[i:]), []).append(f)

    def paths(self, including, name):
        """The files of the tree `name` included from `including` may be."""
        norm = os.path.normpath(name).replace(os.sep, "/")
        if norm in self.files:
            return [norm]
        beside = os.path.normpath(
            os.path.join(os.path.dirname(including), name)).replace(os.sep, "/")
        if beside in self.files:
            return [beside]
        return self.by_suffix.get(norm, [])

    def layers(self, including, name):
        """The layers `name` included from `including` may be; empty if unknown."""
        found = {layer_of(f) for f in self.paths(including, name)}
        if found:
            return found
        norm = os.path.normpath(name).replace(os.sep, "/")
        return {layer for pattern, layer in GENERATED if pattern.fullmatch(norm)}


def check(root):
    files = list(source_files(root))
    resolver = Resolver(root, files)
    rank = {layer: i for i, layer in enumerate(LAYERS)}
    problems = []
    for folder in undeclared_folders(root):
        problems.append(f"{folder}/: C/C++ sources in a folder no layer names "
                        f"(add it to LAYERS in scripts/layers.py)")
    uncovered = sorted({os.path.dirname(rel) for rel in files if layer_of(rel) is None})
    for folder in uncovered:
        problems.append(f"{folder}/: C/C++ sources that no layer covers "
                        f"(add it to LAYERS in scripts/layers.py)")
    for rel in files:
        own = layer_of(rel)
        if own is None:
            continue
        may_use_core = own.split("/")[0] in CORE_PRIVATE_USERS
        with open(os.path.join(root, rel), encoding="utf-8", errors="replace") as f:
            for line_no, line in enumerate(f, 1):
                m = INCLUDE.match(line)
                if not m:
                    continue
                name = m.group(1)
                if name.startswith(EXTERNAL_PREFIXES):
                    continue
                targets = resolver.layers(rel, name)
                where = f"{rel}:{line_no}: #include \"{name}\""
                if not targets:
                    problems.append(f"{where}: no such file in the tree, nor a generated table")
                elif len(targets) > 1:
                    problems.append(f"{where}: ambiguous, files of that name in layers "
                                    + ", ".join(sorted(targets, key=rank.get)))
                else:
                    target = targets.pop()
                    if target is not None and rank[target] > rank[own]:
                        problems.append(f"{where}: points up from {own} to {target}")
                if any(f in CORE_PRIVATE for f in resolver.paths(rel, name)):
                    if not may_use_core:
                        problems.append(f"{where}: the emulator core's own header outside "
                                        f"emu/ (use emu/device/Facade.h)")
    return problems


def main(argv):
    root = argv[1] if len(argv) > 1 else os.path.join(os.path.dirname(__file__), "..")
    problems = check(os.path.abspath(root))
    for p in problems:
        print(p)
    if problems:
        print(f"{len(problems)} include(s) break the layer order: " + " < ".join(LAYERS))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
