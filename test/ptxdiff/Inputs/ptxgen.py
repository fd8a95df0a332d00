"""Random PTX kernels for the differential test (ptxdiff.py).

Each kernel is what clang-19 writes for sm_20 in shape (.version 7.x,
`.visible .entry`, `.reg` ranges, `$L__BB` labels, guarded `bra`): every
thread loads its registers from a global input buffer at its global thread
index, runs a random body over them and stores them all to an output buffer
at the same index. The body mixes 32- and 64-bit integer, f32 and f64
instructions, guarded instructions, if/else diamonds, bounded loops whose
trip count comes from the thread's data (so warps diverge) and branches that
leave early to the stores. The registers a body uses:

    %r0..%r7 (.b32)  %rd0..%rd3 (.b64)  %f0..%f3 (.f32)  %fd0..%fd3 (.f64)
    %p0..%p2 (.pred)

Other registers are the prologue's (addresses, loop counters). The layout of
a thread's words, in and out, is LAYOUT below.
"""

import random
import struct

NR, ND, NF, NFD, NP = 8, 4, 4, 4, 3
# (register, class) in the order of the thread's words; 64-bit ones take two.
LAYOUT = ([("%%r%d" % i, "b32") for i in range(NR)] + [("%%rd%d" % i, "b64") for i in range(ND)]
          + [("%%f%d" % i, "f32") for i in range(NF)] + [("%%fd%d" % i, "f64") for i in range(NFD)]
          + [("%%p%d" % i, "pred") for i in range(NP)])
# Even, so that every thread's 64-bit words stay 8-byte aligned.
WORDS = (sum(2 if c in ("b64", "f64") else 1 for _, c in LAYOUT) + 1) & ~1

ICMP = ["eq", "ne", "lt", "le", "gt", "ge"]
UCMP = ICMP + ["lo", "ls", "hi", "hs"]
FCMP = ICMP + ["equ", "neu", "ltu", "leu", "gtu", "geu", "num", "nan"]
FRND = ["rn", "rz", "rm", "rp"]
IRND = ["rni", "rzi", "rmi", "rpi"]
BOOL = ["and", "or", "xor"]
MAX_EXITS = 4  # early branches to the stores per kernel

F32_SPECIAL = [0x00000000, 0x80000000, 0x3F800000, 0xBF800000, 0x7F800000, 0xFF800000,
               0x7FFFFFFF, 0x7FC00000, 0xFFC00001, 0x00000001, 0x807FFFFF, 0x00800000,
               0x7F7FFFFF, 0xFF7FFFFF, 0x3F000000, 0xBF000000, 0x3FC00000, 0x4F000000,
               0xCF000000, 0x4F800000, 0x5F000000, 0xDF000000, 0x4B000000, 0x4B7FFFFF,
               0x3EAAAAAB, 0x40490FDB, 0x3F7FFFFF, 0x4EFFFFFF, 0xC0200000]
F64_SPECIAL = [0, 1 << 63, 0x3FF0000000000000, 0xBFF0000000000000, 0x7FF0000000000000,
               0xFFF0000000000000, 0x7FFFFFFFFFFFFFFF, 0x7FF8000000000000, 0xFFF8000000000001,
               1, 0x800FFFFFFFFFFFFF, 0x0010000000000000, 0x7FEFFFFFFFFFFFFF,
               0xFFEFFFFFFFFFFFFF, 0x3FE0000000000000, 0xBFE0000000000000, 0x3FF8000000000000,
               0x41E0000000000000, 0xC1E0000000000000, 0x41F0000000000000, 0x43E0000000000000,
               0xC3E0000000000000, 0x43F0000000000000, 0x4330000000000000, 0x3FD5555555555555,
               0x400921FB54442D18, 0x3FEFFFFFFFFFFFFF, 0x47EFFFFFE0000000, 0x36A0000000000000,
               0x41DFFFFFFFC00000, 0xC1E0000000200000]
I32_SPECIAL = [0, 1, 2, 3, 5, 7, 8, 16, 31, 32, 33, 63, 64, 255, 256, 0xFFFF, 0x8000,
               0x7FFFFFFF, 0x80000000, 0x80000001, 0xFFFFFFFF, 0xFFFFFFFE, 0xFFFFFFF9,
               0x00010000, 0x12345678, 0xDEADBEEF]
I64_SPECIAL = [0, 1, 2, 63, 64, 0xFFFFFFFF, 0x100000000, 0x7FFFFFFFFFFFFFFF, 1 << 63,
               (1 << 63) + 1, (1 << 64) - 1, (1 << 64) - 7, 0x80000000, 0xFFFFFFFF80000000,
               0x123456789ABCDEF0, 0x00000001FFFFFFFF]


def rand_f32(rng):
    k = rng.random()
    if k < 0.3:
        return rng.choice(F32_SPECIAL)
    if k < 0.5:  # small integers, exact in every operation
        v = float(rng.randint(-40, 40))
        return struct.unpack("<I", struct.pack("<f", v))[0]
    if k < 0.65:  # near 1 and near each other: cancellation, rounding ties
        return rng.choice([0x3F800000, 0xBF800000, 0x40000000]) + rng.randint(-3, 3)
    if k < 0.75:  # subnormals and the smallest normals
        return rng.randint(0, 0x00FFFFFF) | (rng.getrandbits(1) << 31)
    e = rng.randint(0, 254) if k < 0.85 else rng.randint(100, 150)
    return (rng.getrandbits(1) << 31) | (e << 23) | rng.getrandbits(23)


def rand_f64(rng):
    k = rng.random()
    if k < 0.3:
        return rng.choice(F64_SPECIAL)
    if k < 0.5:
        return struct.unpack("<Q", struct.pack("<d", float(rng.randint(-40, 40))))[0]
    if k < 0.6:
        return rng.choice([0x3FF0000000000000, 0xBFF0000000000000]) + rng.randint(-3, 3)
    if k < 0.7:
        return rng.getrandbits(53) | (rng.getrandbits(1) << 63)
    if k < 0.8:  # values an f32 can hold, and just beside them
        f = struct.unpack("<f", struct.pack("<I", rand_f32(rng)))[0]
        return struct.unpack("<Q", struct.pack("<d", f))[0] + rng.choice([0, 0, 1, -1]) & (1 << 64) - 1
    e = rng.randint(0, 2046) if k < 0.9 else rng.randint(1000, 1100)
    return (rng.getrandbits(1) << 63) | (e << 52) | rng.getrandbits(52)


def rand_i32(rng):
    k = rng.random()
    if k < 0.35:
        return rng.choice(I32_SPECIAL)
    if k < 0.6:
        return rng.randint(-70, 70) & 0xFFFFFFFF
    if k < 0.8:
        return rng.getrandbits(rng.randint(1, 32))
    return rng.getrandbits(32)


def rand_i64(rng):
    k = rng.random()
    if k < 0.35:
        return rng.choice(I64_SPECIAL)
    if k < 0.55:
        return rng.randint(-70, 70) & (1 << 64) - 1
    if k < 0.8:
        v = rng.getrandbits(rng.randint(1, 64))
        return v if rng.random() < 0.5 else -v & (1 << 64) - 1
    return rng.getrandbits(64)


def thread_inputs(rng):
    """One thread's input words (little-endian 32-bit) in LAYOUT order."""
    words = []
    for _, cls in LAYOUT:
        if cls == "b32":
            words.append(rand_i32(rng))
        elif cls == "f32":
            words.append(rand_f32(rng))
        elif cls == "pred":
            words.append(rng.getrandbits(1))
        else:
            v = rand_i64(rng) if cls == "b64" else rand_f64(rng)
            words += [v & 0xFFFFFFFF, v >> 32]
    return words + [0] * (WORDS - len(words))


class Body:
    """The random statements of one kernel, as PTX lines."""

    def __init__(self, rng, name, features):
        self.rng = rng
        self.name = name
        self.features = features
        self.lines = []
        self.labels = 0
        self.loop_depth = 0
        self.exits = 0

    # Operands.
    def r(self):
        return "%%r%d" % self.rng.randrange(NR)

    def rd(self):
        return "%%rd%d" % self.rng.randrange(ND)

    def f(self):
        return "%%f%d" % self.rng.randrange(NF)

    def fd(self):
        return "%%fd%d" % self.rng.randrange(NFD)

    def p(self):
        return "%%p%d" % self.rng.randrange(NP)

    def r_or_imm(self, signed=True, small=False):
        if self.rng.random() < 0.7:
            return self.r()
        if small or self.rng.random() < 0.5:
            return str(self.rng.randint(-9 if signed else 0, 40))
        v = rand_i32(self.rng)
        return str(v - (1 << 32) if signed and v >> 31 else v)

    def rd_or_imm(self, signed=True):
        if self.rng.random() < 0.8:
            return self.rd()
        return str(self.rng.randint(-9 if signed else 0, 100))

    def f_or_imm(self):
        return self.f() if self.rng.random() < 0.8 else "0f%08X" % rand_f32(self.rng)

    def fd_or_imm(self):
        return self.fd() if self.rng.random() < 0.8 else "0d%016X" % rand_f64(self.rng)

    def emit(self, text, guard_ok=True):
        if guard_ok and self.rng.random() < 0.12:
            text = "@%s%s %s" % ("!" if self.rng.random() < 0.4 else "", self.p(), text)
        self.lines.append("\t" + text + ";")

    def label(self):
        self.labels += 1
        return "$L__BB%s_%d" % (self.name, self.labels)

    # Instructions by class.
    def int32(self):
        rng, r = self.rng, self.r
        k = rng.randrange(20)
        s = rng.choice(["s32", "u32"])
        sg = s == "s32"
        if k == 0:
            self.emit("%s.%s %s, %s, %s" % (rng.choice(["add", "sub"]), s, r(), r(), self.r_or_imm(sg)))
        elif k == 1:
            self.emit("mul.%s.%s %s, %s, %s" % (rng.choice(["lo", "hi"]), s, r(), r(), self.r_or_imm(sg)))
        elif k == 2:
            self.emit("mul.wide.%s %s, %s, %s" % (s, self.rd(), r(), self.r_or_imm(sg)))
        elif k == 3:
            self.emit("mad.lo.%s %s, %s, %s, %s" % (s, r(), r(), r(), self.r_or_imm(sg)))
        elif k == 4:
            self.emit("%s.%s %s, %s, %s" % (rng.choice(["div", "rem"]), s, r(), r(), self.r_or_imm(sg)))
        elif k == 5:
            self.emit("%s.b32 %s, %s, %s" % (rng.choice(["and", "or", "xor"]), r(), r(), self.r_or_imm()))
        elif k == 6:
            self.emit("not.b32 %s, %s" % (r(), r()))
        elif k == 7:
            self.emit("shl.b32 %s, %s, %s" % (r(), r(), self.r_or_imm(False, True)))
        elif k == 8:
            self.emit("shr.%s %s, %s, %s" % (rng.choice(["b32", "u32", "s32"]), r(), r(),
                                            self.r_or_imm(False, True)))
        elif k == 9:
            self.emit("%s.%s %s, %s, %s" % (rng.choice(["min", "max"]), s, r(), r(), self.r_or_imm(sg)))
        elif k == 10:
            self.emit("%s.s32 %s, %s" % (rng.choice(["abs", "neg"]), r(), r()))
        elif k == 11:
            self.setp_int()
        elif k == 12:
            self.emit("selp.%s %s, %s, %s, %s" % (rng.choice(["b32", "s32", "u32"]), r(), r(),
                                                 self.r_or_imm(), self.p()))
        elif k == 13:
            self.emit("cvt.%s.%s %s, %s" % (rng.choice(["s32", "u32"]),
                                           rng.choice(["s8", "u8", "s16", "u16"]), r(), r()))
        elif k == 14:
            self.emit("bfe.%s %s, %s, %s, %s" % (s, r(), r(), self.r_or_imm(False, True),
                                                self.r_or_imm(False, True)))
        elif k == 15:
            self.emit("bfi.b32 %s, %s, %s, %s, %s" % (r(), r(), r(), self.r_or_imm(False, True),
                                                     self.r_or_imm(False, True)))
        elif k == 16:
            self.emit("%s.b32 %s, %s" % (rng.choice(["popc", "clz", "brev"]), r(), r()))
        elif k == 17:
            sel = r() if rng.random() < 0.5 else str(rng.getrandbits(16))
            self.emit("prmt.b32 %s, %s, %s, %s" % (r(), r(), r(), sel))
        elif k == 18:
            self.emit("mov.b32 %s, %s" % ((r(), self.f()) if rng.random() < 0.5 else (self.f(), r())))
        else:
            self.emit("mov.u32 %s, %s" % (r(), self.r_or_imm()))

    def setp_int(self):
        rng = self.rng
        s = rng.choice(["s32", "u32", "b32"])
        cmp = rng.choice(UCMP if s == "u32" else ICMP if s == "s32" else ["eq", "ne"])
        self.setp(cmp, s, self.r(), self.r_or_imm(s == "s32"))

    def setp(self, cmp, ty, a, b):
        rng = self.rng
        if rng.random() < 0.25:
            self.emit("setp.%s.%s.%s %s, %s, %s, %s%s" % (cmp, rng.choice(BOOL), ty, self.p(), a, b,
                                                         "!" if rng.random() < 0.3 else "",
                                                         self.p()))
        else:
            self.emit("setp.%s.%s %s, %s, %s" % (cmp, ty, self.p(), a, b))

    def int64(self):
        rng, d = self.rng, self.rd
        k = rng.randrange(13)
        s = rng.choice(["s64", "u64"])
        sg = s == "s64"
        if k == 0:
            self.emit("%s.%s %s, %s, %s" % (rng.choice(["add", "sub"]), s, d(), d(), self.rd_or_imm(sg)))
        elif k == 1:
            self.emit("mul.%s.%s %s, %s, %s" % (rng.choice(["lo", "hi"]), s, d(), d(), self.rd_or_imm(sg)))
        elif k == 2:
            self.emit("%s.b64 %s, %s, %s" % (rng.choice(["and", "or", "xor"]), d(), d(), self.rd_or_imm()))
        elif k == 3:
            self.emit("not.b64 %s, %s" % (d(), d()))
        elif k == 4:
            op = rng.choice(["shl.b64", "shr.b64", "shr.u64", "shr.s64"])
            self.emit("%s %s, %s, %s" % (op, d(), d(), self.r_or_imm(False, True)))
        elif k == 5:
            self.emit("%s.%s %s, %s, %s" % (rng.choice(["min", "max"]), s, d(), d(), d()))
        elif k == 6:
            self.emit("%s.s64 %s, %s" % (rng.choice(["neg", "abs"]), d(), d()))
        elif k == 7:
            self.emit("%s.%s %s, %s, %s" % (rng.choice(["div", "rem"]), s, d(), d(), self.rd_or_imm(sg)))
        elif k == 8:
            cmp = rng.choice(UCMP if s == "u64" else ICMP)
            self.setp(cmp, s, d(), self.rd_or_imm(sg))
        elif k == 9:
            self.emit("selp.b64 %s, %s, %s, %s" % (d(), d(), d(), self.p()))
        elif k == 10:
            c = rng.choice(["cvt.u32.u64 %s, %s" % (self.r(), d()), "cvt.s32.s64 %s, %s" % (self.r(), d()),
                            "cvt.u64.u32 %s, %s" % (d(), self.r()), "cvt.s64.s32 %s, %s" % (d(), self.r()),
                            "cvt.s64.u32 %s, %s" % (d(), self.r())])
            self.emit(c)
        elif k == 11:
            self.emit("mov.b64 %s, %s" % ((d(), self.fd()) if rng.random() < 0.5 else (self.fd(), d())))
        else:
            self.emit("mad.lo.s64 %s, %s, %s, %s" % (d(), d(), d(), d()))

    def f32(self):
        rng, f = self.rng, self.f
        k = rng.randrange(14)
        if k <= 2:
            op = ["add", "sub", "mul"][k]
            mods = "." + rng.choice(FRND)
            if rng.random() < 0.1:
                mods += ".ftz"
            if rng.random() < 0.05:
                mods += ".sat"
            self.emit("%s%s.f32 %s, %s, %s" % (op, mods, f(), f(), self.f_or_imm()))
        elif k == 3:
            self.emit("fma.%s.f32 %s, %s, %s, %s" % (rng.choice(FRND), f(), f(), f(), self.f_or_imm()))
        elif k == 4:
            self.emit("div.rn.f32 %s, %s, %s" % (f(), f(), self.f_or_imm()))
        elif k == 5:
            self.emit("%s.rn.f32 %s, %s" % (rng.choice(["sqrt", "rcp"]), f(), f()))
        elif k == 6:
            self.emit("%s.f32 %s, %s, %s" % (rng.choice(["min", "max"]), f(), f(), self.f_or_imm()))
        elif k == 7:
            self.emit("%s.f32 %s, %s" % (rng.choice(["abs", "neg"]), f(), f()))
        elif k == 8:
            self.setp(rng.choice(FCMP), "f32", f(), self.f_or_imm())
        elif k == 9:
            self.emit("selp.f32 %s, %s, %s, %s" % (f(), f(), self.f_or_imm(), self.p()))
        elif k == 10:
            ity = rng.choice(["s32", "u32"])
            self.emit("cvt.%s.f32.%s %s, %s" % (rng.choice(FRND), ity, f(), self.r()))
        elif k == 11:
            ity = rng.choice(["s32", "u32", "s64", "u64"])
            dst = self.r() if ity[1:] == "32" else self.rd()
            self.emit("cvt.%s.%s.f32 %s, %s" % (rng.choice(IRND), ity, dst, f()))
        elif k == 12:
            self.emit("cvt.%s.f32.f32 %s, %s" % (rng.choice(IRND), f(), f()))
        else:
            if rng.random() < 0.5:
                self.emit("cvt.f64.f32 %s, %s" % (self.fd(), f()))
            else:
                self.emit("cvt.%s.f32.f64 %s, %s" % (rng.choice(FRND), f(), self.fd()))

    def f64(self):
        rng, fd = self.rng, self.fd
        k = rng.randrange(12)
        if k <= 2:
            op = ["add", "sub", "mul"][k]
            self.emit("%s.%s.f64 %s, %s, %s" % (op, rng.choice(FRND), fd(), fd(), self.fd_or_imm()))
        elif k == 3:
            self.emit("fma.%s.f64 %s, %s, %s, %s" % (rng.choice(FRND), fd(), fd(), fd(), self.fd_or_imm()))
        elif k == 4:
            self.emit("div.rn.f64 %s, %s, %s" % (fd(), fd(), self.fd_or_imm()))
        elif k == 5:
            self.emit("%s.rn.f64 %s, %s" % (rng.choice(["sqrt", "rcp"]), fd(), fd()))
        elif k == 6:
            self.emit("%s.f64 %s, %s, %s" % (rng.choice(["min", "max"]), fd(), fd(), self.fd_or_imm()))
        elif k == 7:
            self.emit("%s.f64 %s, %s" % (rng.choice(["abs", "neg"]), fd(), fd()))
        elif k == 8:
            self.setp(rng.choice(FCMP), "f64", fd(), self.fd_or_imm())
        elif k == 9:
            self.emit("selp.f64 %s, %s, %s, %s" % (fd(), fd(), self.fd_or_imm(), self.p()))
        elif k == 10:
            ity = rng.choice(["s32", "u32", "s64", "u64"])
            src = self.r() if ity[1:] == "32" else self.rd()
            self.emit("cvt.%s.f64.%s %s, %s" % (rng.choice(FRND), ity, fd(), src))
        else:
            ity = rng.choice(["s32", "u32", "s64", "u64", "f64"])
            dst = self.r() if ity[1:] == "32" else self.rd() if ity != "f64" else fd()
            self.emit("cvt.%s.%s.f64 %s, %s" % (rng.choice(IRND), ity, dst, fd()))

    def pred(self):
        rng, p = self.rng, self.p
        k = rng.randrange(3)
        if k == 0:
            self.emit("%s.pred %s, %s, %s" % (rng.choice(BOOL), p(), p(), p()))
        elif k == 1:
            self.emit("not.pred %s, %s" % (p(), p()))
        else:
            self.emit("selp.u32 %s, 1, 0, %s" % (self.r(), p()))

    def extra(self):
        """Rarer instructions clang emits for intrinsics: mad.hi, add.cc/addc,
        bfind, the .ftz forms. (sad, mul24, mad.wide, cnot, copysign and
        testp are not supported by simt-ptxas yet.)"""
        rng, r, f = self.rng, self.r, self.f
        k = rng.randrange(6)
        s = rng.choice(["s32", "u32"])
        if k == 0:
            self.emit("mad.hi.%s %s, %s, %s, %s" % (s, r(), r(), r(), self.r_or_imm(s == "s32")))
        elif k == 1:  # back to back, as clang emits them
            self.lines.append("\tadd.cc.u32 %s, %s, %s;" % (r(), r(), r()))
            self.lines.append("\taddc.u32 %s, %s, %s;" % (r(), r(), r()))
        elif k == 2:
            self.emit("mad.hi.%s %s, %s, %s, %s" % (s, r(), r(), r(), r()))
        elif k == 3:
            self.emit("bfind.%s%s %s, %s" % ("shiftamt." if rng.random() < 0.3 else "", s, r(), r()))
        elif k == 4:
            op = rng.choice(["min", "max"])
            self.emit("%s.ftz.f32 %s, %s, %s" % (op, f(), f(), f()))
        else:
            op = rng.choice(["fma.rn.ftz.f32 %s, %s, %s, %s" % (f(), f(), f(), f()),
                             "div.rn.ftz.f32 %s, %s, %s" % (f(), f(), f()),
                             "sqrt.rn.ftz.f32 %s, %s" % (f(), f()),
                             "fma.rn.sat.f32 %s, %s, %s, %s" % (f(), f(), f(), f()),
                             "cvt.rzi.ftz.s32.f32 %s, %s" % (r(), f())])
            self.emit(op)

    def instruction(self):
        cls = self.rng.choices(list(self.features), weights=list(self.features.values()))[0]
        getattr(self, cls)()

    # Control flow.
    def condition(self):
        """A predicate from the thread's data for a branch: %p8."""
        rng = self.rng
        k = rng.randrange(4)
        if k == 0:
            self.emit("setp.%s.s32 %%p8, %s, %s" % (rng.choice(ICMP), self.r(), self.r_or_imm()), False)
        elif k == 1 and "f32" in self.features:
            self.emit("setp.%s.f32 %%p8, %s, %s" % (rng.choice(FCMP), self.f(), self.f()), False)
        elif k == 2:
            self.emit("and.b32 %%r29, %s, %d" % (self.r(), 1 << rng.randrange(4)), False)
            self.emit("setp.ne.b32 %p8, %r29, 0", False)
        else:
            self.emit("setp.ne.and.b32 %%p8, %s, 0, %s" % (self.r(), self.p()), False)
        return "@%s%%p8" % ("!" if rng.random() < 0.5 else "")

    def block(self, n, depth, exit_label):
        for _ in range(n):
            k = self.rng.random()
            if depth < 2 and k < 0.12:
                self.diamond(depth, exit_label)
            elif depth < 2 and k < 0.18 and self.loop_depth < 2:
                self.loop(depth, exit_label)
            elif k < 0.2 and not self.loop_depth and self.exits < MAX_EXITS:
                # Not out of a loop: a loop left both early (to the stores)
                # and normally (to code before them) has its back edge
                # lowered as a divergent branch, which may stack a DIV
                # token per iteration; nested, such loops are rejected. And
                # a few only: each is a region joining at the stores, and a
                # dozen of them exhaust simt-ptxas's SIMT stack-depth walk
                # (docs/cuda.md, "Limits").
                self.exits += 1
                cond = self.condition()
                self.lines.append("\t%s bra %s;" % (cond, exit_label))
            else:
                self.instruction()

    def diamond(self, depth, exit_label):
        cond = self.condition()
        other, join = self.label(), self.label()
        self.lines.append("\t%s bra %s;" % (cond, other))
        self.block(self.rng.randint(1, 4), depth + 1, exit_label)
        has_else = self.rng.random() < 0.6
        if has_else:
            self.lines.append("\tbra %s;" % join)
        self.lines.append("%s:" % other)
        if has_else:
            self.block(self.rng.randint(1, 4), depth + 1, exit_label)
            self.lines.append("%s:" % join)

    def loop(self, depth, exit_label):
        counter = "%%r%d" % (26 + self.loop_depth)
        self.emit("and.b32 %s, %s, 3" % (counter, self.r()), False)
        self.emit("add.s32 %s, %s, 1" % (counter, counter), False)
        head = self.label()
        self.lines.append("%s:" % head)
        self.loop_depth += 1
        self.block(self.rng.randint(1, 5), depth + 1, exit_label)
        self.loop_depth -= 1
        self.emit("add.s32 %s, %s, -1" % (counter, counter), False)
        self.emit("setp.ne.s32 %%p9, %s, 0" % counter, False)
        self.lines.append("\t@%%p9 bra %s;" % head)


def kernel(rng, name, length, features):
    """The PTX of one kernel .entry NAME(in, out, first): thread i of the
    launch works on words [(first + i) * WORDS, ...) of in and out."""
    body = Body(rng, name, features)
    store = "$L__BB%s_store" % name
    body.block(length, 0, store)
    out = [".visible .entry %s(" % name,
           "\t.param .u64 %s_param_0," % name,
           "\t.param .u64 %s_param_1," % name,
           "\t.param .u32 %s_param_2" % name,
           ")", "{",
           "\t.reg .pred %p<10>;", "\t.reg .b32 %r<40>;", "\t.reg .f32 %f<4>;",
           "\t.reg .b64 %rd<40>;", "\t.reg .f64 %fd<4>;", "",
           "\tld.param.u64 %%rd30, [%s_param_0];" % name,
           "\tld.param.u64 %%rd31, [%s_param_1];" % name,
           "\tld.param.u32 %%r30, [%s_param_2];" % name,
           "\tcvta.to.global.u64 %rd32, %rd30;",
           "\tcvta.to.global.u64 %rd33, %rd31;",
           "\tmov.u32 %r31, %ctaid.x;", "\tmov.u32 %r32, %ntid.x;", "\tmov.u32 %r33, %tid.x;",
           "\tmad.lo.s32 %r34, %r31, %r32, %r33;",
           "\tadd.s32 %r35, %r34, %r30;",
           "\tmul.wide.u32 %%rd34, %%r35, %d;" % (4 * WORDS),
           "\tadd.s64 %rd35, %rd32, %rd34;",
           "\tadd.s64 %rd36, %rd33, %rd34;"]
    off = 0
    for reg, cls in LAYOUT:
        if cls == "pred":
            out.append("\tld.global.u32 %%r36, [%%rd35+%d];" % off)
            out.append("\tsetp.ne.s32 %s, %%r36, 0;" % reg)
        else:
            out.append("\tld.global.%s %s, [%%rd35+%d];" % (cls.replace("b", "u"), reg, off))
        off += 8 if cls in ("b64", "f64") else 4
    out += body.lines
    out.append("%s:" % store)
    off = 0
    for reg, cls in LAYOUT:
        if cls == "pred":
            out.append("\tselp.u32 %%r36, 1, 0, %s;" % reg)
            out.append("\tst.global.u32 [%%rd36+%d], %%r36;" % off)
        else:
            out.append("\tst.global.%s [%%rd36+%d], %s;" % (cls.replace("b", "u"), off, reg))
        off += 8 if cls in ("b64", "f64") else 4
    out += ["\tret;", "}"]
    return "\n".join(out)


HEADER = "//\n// Generated by ptxgen.py\n//\n\n.version 7.0\n.target sm_20\n.address_size 64\n"

FEATURES = {
    "int": {"int32": 6, "int64": 3, "pred": 1},
    "float": {"f32": 5, "f64": 4, "int32": 1, "pred": 1},
    "mixed": {"int32": 4, "int64": 2, "f32": 3, "f64": 2, "pred": 1},
    "extra": {"extra": 4, "int32": 2, "int64": 1, "f32": 2, "f64": 1, "pred": 1},
}
