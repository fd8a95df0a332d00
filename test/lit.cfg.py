# lit configuration of the SIMT conformance suite: assembler (asm/),
# disassembler (disasm/), emulator (emu/), debugger (dbg/), PTX translator
# (cc/) and tool (tools/) tests, each a file of RUN lines checked with FileCheck.
import os
import shutil
import subprocess
import lit.formats

config.name = "SIMT"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".s", ".txt", ".simt", ".test", ".sass", ".dbg", ".ptx", ".cu", ".cl"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.simt_obj_root, "test")

tools = config.simt_tools_dir
config.environment["PATH"] = os.pathsep.join(
    [tools, config.llvm_tools_dir, config.environment.get("PATH", "")])
for var in ("ASAN_OPTIONS", "UBSAN_OPTIONS", "HOME", "CCACHE_DIR"):
    if var in os.environ:
        config.environment[var] = os.environ[var]


def cached_clang():
    """clang-19 and clang++-19 through ccache, first on the tests' PATH, where
    ccache is installed (SIMT_TEST_CCACHE=0: never). simt-cc compiles device
    code with clang-19 to PTX before its own work, and simt-nvcc compiles
    host code with clang++-19: CI's sanitizer pass compiles the plain pass's
    programs again, and several tests build the same program. Bitcode the
    command links (libclc) is hashed with the source. simt-nvcc embeds the
    device object from a temporary file whose name would make every host
    compile a miss, so the shim passes a copy named by its contents (the
    name is hashed, which is hashing the contents).
    The compilers are the real ones: never ccache's masquerade links or
    these shims, which would call each other for ever."""
    ccache = shutil.which("ccache")
    if not ccache or os.environ.get("SIMT_TEST_CCACHE", "1") == "0":
        return
    shim_dir = os.path.join(config.simt_obj_root, "test", "ccache-bin")

    def real(name):
        for d in config.environment["PATH"].split(os.pathsep):
            candidate = os.path.join(d, name)
            if not d or os.path.realpath(d) == os.path.realpath(shim_dir) or \
                    not os.access(candidate, os.X_OK):
                continue
            # By its own name: clang++ is clang that knows it is clang++.
            if not os.path.basename(os.path.realpath(candidate)).startswith("ccache"):
                return candidate
        return None

    def write(path, text):
        if not os.path.exists(path) or open(path).read() != text:
            with open(path + ".tmp", "w") as f:
                f.write(text)
            os.chmod(path + ".tmp", 0o755)
            os.replace(path + ".tmp", path)

    clang, clangxx = real("clang-19"), real("clang++-19")
    if not clang:
        return
    os.makedirs(shim_dir, exist_ok=True)
    write(os.path.join(shim_dir, "clang-19"),
          "#!/bin/sh\n# Written by test/lit.cfg.py: clang-19 through ccache.\n"
          "extra=\n"
          "for a in \"$@\"; do\n"
          "  case $a in *.bc) [ -f \"$a\" ] && extra=\"$extra${extra:+:}$a\";; esac\n"
          "done\n"
          "CCACHE_EXTRAFILES=\"$extra\" exec %s %s \"$@\"\n" % (ccache, clang))
    # The copies go in ccache's own folder (the user's, and the same for the
    # sanitizer build's tests as for the plain build's).
    cache_dir = subprocess.run([ccache, "-k", "cache_dir"], capture_output=True,
                               text=True).stdout.strip()
    if clangxx and cache_dir:
        gpubinaries = os.path.join(cache_dir, "simt-test-gpubinary")
        os.makedirs(gpubinaries, exist_ok=True)
        write(os.path.join(shim_dir, "clang++-19"),
              "#!/bin/sh\n# Written by test/lit.cfg.py: clang++-19 through ccache, with\n"
              "# -Xclang -fcuda-include-gpubinary's file passed as a copy named by its\n"
              "# contents.\n"
              "p2= p1=\n"
              "for a do\n"
              "  shift\n"
              "  if [ \"$p2\" = -fcuda-include-gpubinary ] && [ \"$p1\" = -Xclang ] && [ -f \"$a\" ]; then\n"
              "    d=\"%s/$(sha1sum < \"$a\" | cut -c1-40)\"\n"
              "    [ -f \"$d\" ] || { cp \"$a\" \"$d.$$\" && mv -f \"$d.$$\" \"$d\"; } || exit 1\n"
              "    a=$d\n"
              "  fi\n"
              "  set -- \"$@\" \"$a\"\n"
              "  p2=$p1 p1=$a\n"
              "done\n"
              "exec %s %s \"$@\"\n" % (gpubinaries, ccache, clangxx))
    config.environment["PATH"] = os.pathsep.join([shim_dir, config.environment["PATH"]])


cached_clang()
# Programs built by simt-nvcc load libcudart.so, which in a sanitizer build
# brings the (gcc) ASan runtime as a dependency rather than first: ASan
# would refuse to start; it works from there all the same.
if getattr(config, "simt_sanitize", False):
    # Tests that only repeat, at length, code the focused tests already run
    # under ASan say `UNSUPPORTED: asan` (CI's time goes to what ASan finds).
    config.available_features.add("asan")
    opts = config.environment.get("ASAN_OPTIONS", "")
    config.environment["ASAN_OPTIONS"] = (opts + ":" if opts else "") + "verify_asan_link_order=0"
# The forced-JIT run (issue 47; CI's sanitizer pass): `lit --param
# emu_flags="--jit ..." build-asan/test/cuda` runs every CUDA program with
# those emulator flags, and
# each expectation must hold as it does interpreted (a test that sets
# SIMT_EMU_FLAGS itself runs as it says).
emu_flags = lit_config.params.get("emu_flags", "")
if emu_flags:
    config.environment["SIMT_EMU_FLAGS"] = emu_flags
# simt-dbg drives a program's host code through LLDB (dbg/host/), where the
# build has it and this machine lets a process be traced (a container may
# not: simt-dbg then debugs the device alone, and these tests do not apply).
def lldb_can_trace():
    import shutil, subprocess
    lldb = shutil.which("lldb-19")
    if not lldb:
        return False
    try:
        r = subprocess.run([lldb, "--batch", "-o", "run", "/bin/true"], stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return "exited with status = 0" in r.stdout
# A hardware watchpoint needs the CPU's debug registers, which some virtual
# machines do not give a traced process (gdb's watchpoints do not fire there
# either): one set on a probe's variable must stop its second store.
def hw_watchpoints_fire():
    import shutil, subprocess, tempfile
    lldb, clang = shutil.which("lldb-19"), shutil.which("clang-19")
    if not lldb or not clang:
        return False
    probe = os.path.join(config.simt_src_root, "test", "dbg", "programs", "Inputs",
                         "watch_probe.c")
    with tempfile.TemporaryDirectory() as tmp:
        exe = os.path.join(tmp, "probe")
        try:
            if subprocess.run([clang, "-g", "-O0", probe, "-o", exe]).returncode:
                return False
            r = subprocess.run([lldb, "--batch", "-o", "breakpoint set -n main", "-o", "run",
                                "-o", "watchpoint set variable watched", "-o", "continue",
                                "-o", "continue", exe], stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True, timeout=60)
        except (OSError, subprocess.TimeoutExpired):
            return False
    return "stop reason = watchpoint" in r.stdout
if getattr(config, "simt_have_lldb", False) and lldb_can_trace():
    config.available_features.add("lldb")
    if hw_watchpoints_fire():
        config.available_features.add("hw-watchpoints")
# Debian's chromium loads the profiler's HTML report in test/prof/.
import shutil
if shutil.which("chromium"):
    config.available_features.add("chromium")
config.substitutions.append(("%python", config.python_executable))
config.substitutions.append(("%srcroot", config.simt_src_root))
config.substitutions.append(("%simt_obj_root", config.simt_obj_root))
config.substitutions.append(("%simt_bin", tools))
config.substitutions.append(("%examples", os.path.join(config.simt_src_root, "examples")))
# The tables generated from isa/*.td (SIMTInstrs.def, SIMTOperands.def,
# SIMTModGroups.h), read by the coverage gate and the round-trip test.
config.substitutions.append(("%simt_isa_gen", os.path.join(config.simt_obj_root, "isa")))
# llvm-tblgen's include directory (llvm/Target/Target.td), for tests that run
# the ISA generator on their own records.
config.substitutions.append(("%llvm_include", config.llvm_include_dir))
