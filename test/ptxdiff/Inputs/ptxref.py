"""A reference interpreter of the PTX subset ptxgen.py writes, from the PTX
ISA manual's descriptions, one thread at a time: registers hold bit
patterns (Python ints masked to their width, predicates as bools);
integers are exact Python ints; floats go through Python's binary64 and the
exact rationals of test/cc/Inputs/ieee.py.

- f32 results rounded to nearest come from the binary64 result rounded to
  binary32 (for + - * / and sqrt of binary32 operands binary64 is wide
  enough that rounding twice equals rounding once, 53 >= 2*24 + 2); the
  directed roundings, fma and conversions from 64-bit integers round the
  exact rational once.
- NaN results of arithmetic are the canonical NaN (0x7FFFFFFF, and
  0x7FFFFFFFFFFFFFFF for f64, ISA.md 4); abs, neg, mov and selp move bits
  and leave a NaN as it is (PTX: they are bit operations on the sign).
- min/max: one NaN operand gives the other operand, two give the canonical
  NaN; -0 is below +0.
- cvt to an integer saturates to the destination's range and gives 0 for
  NaN; integer cvt to a narrower type truncates; from a sub-word type sign-
  or zero-extends its low bits.
- shifts clamp the count to the width; bfe/bfi/prmt per the manual's
  pseudo-code.
- What PTX leaves undefined is checked as docs/cuda.md defines it: x / 0 is
  all ones, x % 0 is x, INT_MIN / -1 is INT_MIN with remainder 0.
- .ftz flushes subnormal inputs and results to zero of the same sign;
  .sat clamps to [0, 1], NaN to +0.
"""

import math
import os
import re
import struct
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "cc", "Inputs"))
import ieee  # noqa: E402

M32, M64 = (1 << 32) - 1, (1 << 64) - 1
CANON = {32: 0x7FFFFFFF, 64: 0x7FFFFFFFFFFFFFFF}
WIDTH = {"b8": 8, "s8": 8, "u8": 8, "b16": 16, "s16": 16, "u16": 16, "b32": 32, "s32": 32,
         "u32": 32, "f32": 32, "b64": 64, "s64": 64, "u64": 64, "f64": 64, "pred": 1}
MASK = {t: (1 << w) - 1 for t, w in WIDTH.items()}
RND = {"rn", "rz", "rm", "rp"}
IRND = {"rni": "rn", "rzi": "rz", "rmi": "rm", "rpi": "rp"}


# Deliberate errors the reference can be run with (ptxdiff.py --mutate), to
# show that the comparison catches a wrong semantics: each a bug as easily
# made in a translator.
MUTATIONS = {
    "lt-is-le": "integer setp.lt compares as le",
    "shift-wraps": "shift counts are taken modulo the width instead of clamped",
    "min-nan": "min.f32/f64 with one NaN operand gives NaN",
}
MUTATE = set()


class PTXError(Exception):
    pass


def signed(v, w):
    return v - (1 << w) if v >> (w - 1) & 1 else v


def to_float(bits, w):
    if w == 32:
        return struct.unpack("<f", struct.pack("<I", bits))[0]
    return struct.unpack("<d", struct.pack("<Q", bits))[0]


def to_bits(x, w):
    """A float as a w-bit pattern, rounded to nearest when w is 32."""
    if x != x:
        return CANON[w]
    if w == 64:
        return struct.unpack("<Q", struct.pack("<d", x))[0]
    try:
        return struct.unpack("<I", struct.pack("<f", x))[0]
    except OverflowError:
        return 0xFF800000 if x < 0 else 0x7F800000


def is_subnormal(bits, w):
    exp = (bits >> 23) & 0xFF if w == 32 else (bits >> 52) & 0x7FF
    frac = bits & ((1 << 23) - 1 if w == 32 else (1 << 52) - 1)
    return exp == 0 and frac != 0


def flush(bits, w):
    return bits & (1 << (w - 1)) if is_subnormal(bits, w) else bits


def fdiv(x, y):
    if y == 0:
        if x == 0 or x != x:
            return math.nan
        return math.copysign(math.inf, x) * math.copysign(1, y)
    if math.isinf(x) and math.isinf(y):
        return math.nan
    try:
        return x / y
    except OverflowError:
        return math.copysign(math.inf, x) * math.copysign(1, y)


def fsqrt(x):
    if x != x or (x < 0):
        return math.nan
    return math.sqrt(x)  # sqrt(-0) is -0


def fmin_max(x, y, is_min):
    if is_min and (x != x or y != y) and "min-nan" in MUTATE:
        return math.nan
    if x != x and y != y:
        return math.nan
    if x != x:
        return y
    if y != y:
        return x
    if x == y:  # -0 below +0
        neg_x = math.copysign(1, x) < 0
        return x if neg_x == is_min else y
    return min(x, y) if is_min else max(x, y)


def fcompare(cmp, x, y):
    unordered = x != x or y != y
    if cmp == "num":
        return not unordered
    if cmp == "nan":
        return unordered
    if cmp.endswith("u"):
        return unordered or fcompare(cmp[:-1], x, y)
    if unordered:
        return False
    return {"eq": x == y, "ne": x != y, "lt": x < y, "le": x <= y, "gt": x > y, "ge": x >= y}[cmp]


def icompare(cmp, a, b):
    if cmp == "lt" and "lt-is-le" in MUTATE:
        cmp = "le"
    return {"eq": a == b, "ne": a != b, "lt": a < b, "le": a <= b, "gt": a > b, "ge": a >= b,
            "lo": a < b, "ls": a <= b, "hi": a > b, "hs": a >= b}[cmp]


def float_arith(op, rnd, w, xs):
    """add/sub/mul/fma/div/sqrt/rcp on floats xs, rounded by rnd to width w."""
    fmt = "f32" if w == 32 else "f64"
    if op == "sub":
        op, xs = "add", [xs[0], -xs[1]]
    if rnd == "rn" and op in ("add", "mul", "div", "sqrt", "rcp"):
        if op == "add":
            r = xs[0] + xs[1]
        elif op == "mul":
            r = xs[0] * xs[1]
        elif op == "div":
            r = fdiv(xs[0], xs[1])
        elif op == "rcp":
            r = fdiv(1.0, xs[0])
        else:
            r = fsqrt(xs[0])
        return to_bits(r, w)
    if op == "add":
        r = ieee.add(xs[0], xs[1], rnd, fmt)
    elif op == "mul":
        r = ieee.mul(xs[0], xs[1], rnd, fmt)
    elif op == "fma":
        r = ieee.fma(xs[0], xs[1], xs[2], rnd, fmt)
    else:
        raise PTXError("%s.%s" % (op, rnd))
    return CANON[w] if r != r else to_bits(r, 64) if w == 64 else to_bits(r, 32)


def to_int_sat(x, mode, ty):
    w = WIDTH[ty]
    lo, hi = (-(1 << (w - 1)), (1 << (w - 1)) - 1) if ty[0] == "s" else (0, (1 << w) - 1)
    if x != x:
        return 0
    if math.isinf(x):
        v = hi if x > 0 else lo
    else:
        v = min(max(ieee.round_int(x, mode), lo), hi)
    return v & ((1 << w) - 1)


def bfe(a, pos, length, ty):
    w = WIDTH[ty]
    pos, length = pos & 0xFF, length & 0xFF
    msb = w - 1
    sbit = 0 if ty[0] == "u" or length == 0 else (a >> min(pos + length - 1, msb)) & 1
    d = 0
    for i in range(w):
        bit = (a >> (pos + i)) & 1 if i < length and pos + i <= msb else sbit
        d |= bit << i
    return d


def bfi(a, b, pos, length, w):
    pos, length = pos & 0xFF, length & 0xFF
    f = b
    i = 0
    while i < length and pos + i <= w - 1:
        f = (f & ~(1 << (pos + i))) | (((a >> i) & 1) << (pos + i))
        i += 1
    return f & ((1 << w) - 1)


def prmt(a, b, c):
    src = (b << 32) | a
    d = 0
    for i in range(4):
        sel = (c >> (4 * i)) & 0xF
        byte = (src >> (8 * (sel & 7))) & 0xFF
        if sel & 8:
            byte = 0xFF if byte & 0x80 else 0
        d |= byte << (8 * i)
    return d


def brev(a, w):
    return int(format(a, "0%db" % w)[::-1], 2)


def clz(a, w):
    return w - a.bit_length()


# --- Parsing ---------------------------------------------------------------

INST = re.compile(r"^(?:@(!?)(%\w+)\s+)?([\w.]+)\s*(.*?);$")
MEM = re.compile(r"^\[(%?\w+)(?:\+(-?\d+))?\]$")


def operand(text):
    """An operand decoded once: a register or special register name (str),
    an immediate's bits (int), a negated predicate ("!", name) or an
    address (register, offset)."""
    m = MEM.match(text)
    if m:
        return (m.group(1), int(m.group(2) or 0))
    if text[0] == "%":
        return text
    if text[0] == "!":
        return ("!", text[1:])
    if text.startswith("0f") or text.startswith("0d"):
        return int(text[2:], 16)
    return int(text, 0)


class Inst:
    __slots__ = ("guard", "neg", "op", "mods", "ty", "ops", "text", "line", "t", "w", "size")

    def __init__(self, text, line):
        m = INST.match(text)
        if not m:
            raise PTXError("line %d: cannot parse %r" % (line, text))
        self.neg, self.guard, opcode, args = m.group(1) == "!", m.group(2), m.group(3), m.group(4)
        parts = opcode.split(".")
        self.op = parts[0]
        self.mods = parts[1:]
        types = [p for p in self.mods if p in WIDTH]
        self.ty = types
        self.t = types[-1] if types else None  # the type the operands are read as
        self.w = WIDTH.get(self.t, 0)
        self.size = self.w // 8
        self.ops = [a.strip() for a in args.split(",")] if args else []
        if self.op != "bra":
            self.ops = [operand(a) for a in self.ops]
        self.text, self.line = text, line


def parse_kernels(ptx):
    """{name: (params, instructions, labels)} of every .entry in ptx."""
    kernels = {}
    lines = ptx.split("\n")
    i = 0
    while i < len(lines):
        m = re.match(r"^\.visible \.entry (\w+)\($", lines[i].strip())
        if not m:
            i += 1
            continue
        name, params, insts, labels = m.group(1), [], [], {}
        i += 1
        while lines[i].strip() != ")":
            p = lines[i].strip().rstrip(",").split()
            params.append((p[2], p[1][1:]))
            i += 1
        i += 2  # ")" and "{"
        while lines[i].strip() != "}":
            t = lines[i].strip()
            if t.endswith(":"):
                labels[t[:-1]] = len(insts)
            elif t and not t.startswith(".reg") and not t.startswith("//"):
                insts.append(Inst(t, i + 1))
            i += 1
        kernels[name] = (params, insts, labels)
    return kernels


# --- Execution -------------------------------------------------------------

class Memory:
    """Global memory as aligned 32-bit words (all the test's accesses are
    aligned 4- and 8-byte ones), {address: word}; an access outside every
    word the test allocated is an error."""

    def __init__(self):
        self.words = {}

    def add(self, base, words):
        for i, w in enumerate(words):
            self.words[base + 4 * i] = w

    def word(self, addr):
        w = self.words.get(addr)
        if w is None:
            raise PTXError("address 0x%x outside every buffer" % addr)
        return w

    def load(self, addr, size):
        if size == 4:
            return self.word(addr)
        return self.word(addr) | self.word(addr + 4) << 32

    def store(self, addr, size, value):
        self.word(addr)
        self.words[addr] = value & M32
        if size == 8:
            self.word(addr + 4)
            self.words[addr + 4] = value >> 32


class Thread:
    def __init__(self, kernel, params, special, memory):
        self.params, self.insts, self.labels = kernel
        self.param_values = params
        self.mem = memory
        self.regs = dict(special)
        self.carry = 0  # CC.CF of add.cc/addc

    def read(self, op, ty):
        """Operand op read as type ty: its bit pattern of ty's width."""
        if op.__class__ is str:
            v = self.regs.get(op)
            if v is None:
                raise PTXError("read of %s before any write" % op)
            return v if ty == "pred" else v & MASK[ty]
        if op.__class__ is int:
            return op & MASK[ty]
        return not self.regs[op[1]]

    def readf(self, op, ty, ftz=False):
        w = WIDTH[ty]
        b = self.read(op, ty)
        return to_float(flush(b, w) if ftz else b, w)

    def write(self, reg, value):
        self.regs[reg] = value

    def run(self, limit=100000):
        pc, steps = 0, 0
        insts = self.insts
        while pc < len(insts):
            steps += 1
            if steps > limit:
                raise PTXError("more than %d instructions" % limit)
            inst = insts[pc]
            pc += 1
            if inst.guard is not None and self.read(inst.guard, "pred") == inst.neg:
                continue
            if inst.op == "bra":
                pc = self.labels[inst.ops[0]]
            elif inst.op in ("ret", "exit"):
                return
            else:
                try:
                    self.execute(inst)
                except PTXError as e:
                    raise PTXError("line %d: %s: %s" % (inst.line, inst.text, e))

    def execute(self, inst):
        op, ops, ty = inst.op, inst.ops, inst.t
        if op == "ld":
            base, off = ops[1]
            if inst.mods[0] == "param":
                self.regs[ops[0]] = self.param_values[base] & MASK[ty]
            else:
                self.regs[ops[0]] = self.mem.load(self.regs[base] + off, inst.size)
            return
        if op == "st":
            base, off = ops[0]
            self.mem.store(self.regs[base] + off, inst.size, self.read(ops[1], ty))
            return
        d = ops[0] if ops else None
        if op == "cvta" or op == "mov":
            self.write(d, self.read(ops[1], ty))
            return
        if op == "setp":
            self.write(d, self.setp(inst, ty))
            return
        if op == "selp":
            self.write(d, self.read(ops[1], ty) if self.read(ops[3], "pred") else self.read(ops[2], ty))
            return
        if op == "cvt":
            self.write(d, self.cvt(inst))
            return
        if ty == "pred":
            if op == "not":
                self.write(d, not self.read(ops[1], "pred"))
            else:
                a, b = self.read(ops[1], "pred"), self.read(ops[2], "pred")
                self.write(d, {"and": a and b, "or": a or b, "xor": a != b}[op])
            return
        if ty == "f32" or ty == "f64":
            self.write(d, self.float_op(inst, ty))
            return
        self.write(d, self.int_op(inst, ty))

    def setp(self, inst, ty):
        cmp, ops = inst.mods[0], inst.ops
        if ty in ("f32", "f64"):
            r = fcompare(cmp, self.readf(ops[1], ty), self.readf(ops[2], ty))
        else:
            a, b = self.read(ops[1], ty), self.read(ops[2], ty)
            if ty[0] == "s":
                a, b = signed(a, WIDTH[ty]), signed(b, WIDTH[ty])
            r = icompare(cmp, a, b)
        if len(ops) == 4:
            q = self.read(ops[3], "pred")
            r = {"and": r and q, "or": r or q, "xor": r != q}[inst.mods[1]]
        return r

    def cvt(self, inst):
        dty, sty = inst.ty
        rnd = [m for m in inst.mods if m in RND or m in IRND]
        rnd = rnd[0] if rnd else None
        dw, sw = WIDTH[dty], WIDTH[sty]
        src = self.read(inst.ops[1], sty)
        if "ftz" in inst.mods and sty == "f32":
            src = flush(src, 32)
        if sty[0] == "f" and dty[0] == "f":
            x = to_float(src, sw)
            if dty == sty:  # round to an integral value
                if not math.isfinite(x):
                    return CANON[dw] if x != x else src
                v = float(ieee.round_int(x, IRND[rnd]))
                return to_bits(math.copysign(v, x) if v == 0 else v, dw)
            if dw == 64:
                return to_bits(x, 64)
            return to_bits(x, 32) if rnd == "rn" else to_bits(ieee.convert(x, rnd, "f32"), 32)
        if sty[0] == "f":
            return to_int_sat(to_float(src, sw), IRND[rnd], dty)
        v = signed(src, sw) if sty[0] == "s" else src
        if dty[0] == "f":
            if abs(v) < (1 << 53) and (dw == 64 or abs(v) < (1 << 24) or rnd == "rn" and sw == 32):
                return to_bits(float(v), dw)
            return to_bits(ieee.convert(v, rnd, "f32" if dw == 32 else "f64"), dw)
        # Integer to integer: the result in a register as wide as the
        # destination type, or 32 bits for the sub-word types.
        return v & ((1 << max(dw, 32)) - 1) if dw >= sw else v & ((1 << dw) - 1)

    def float_op(self, inst, ty):
        op, mods, ops = inst.op, inst.mods, inst.ops
        w = WIDTH[ty]
        if op in ("abs", "neg"):
            b = self.read(ops[1], ty)
            return b & ~(1 << (w - 1)) if op == "abs" else b ^ (1 << (w - 1))
        ftz = "ftz" in mods
        xs = [self.readf(o, ty, ftz) for o in ops[1:]]
        if op in ("min", "max"):
            r = to_bits(fmin_max(xs[0], xs[1], op == "min"), w)
        else:
            rnd = [m for m in mods if m in RND]
            r = float_arith(op, rnd[0] if rnd else "rn", w, xs)
        if ftz:
            r = flush(r, w)
        if "sat" in mods:
            x = to_float(r, w)
            r = to_bits(0.0 if x != x or x <= 0 else min(x, 1.0), w)
        return r

    def int_op(self, inst, ty):
        op, mods, ops = inst.op, inst.mods, inst.ops
        w = WIDTH[ty]
        mask = (1 << w) - 1
        sg = ty[0] == "s"
        if op in ("shl", "shr"):
            a, n = self.read(ops[1], ty), self.read(ops[2], "u32")
            n = n % w if "shift-wraps" in MUTATE else min(n, w)
            if op == "shl":
                return (a << n) & mask
            return (signed(a, w) >> n) & mask if sg else a >> n
        if op == "bfi":
            return bfi(self.read(ops[1], ty), self.read(ops[2], ty), self.read(ops[3], "u32"),
                       self.read(ops[4], "u32"), w)
        if op == "bfe":
            return bfe(self.read(ops[1], ty), self.read(ops[2], "u32"), self.read(ops[3], "u32"), ty)
        if op == "prmt":
            return prmt(self.read(ops[1], ty), self.read(ops[2], ty), self.read(ops[3], ty))
        vals = [self.read(o, ty) for o in ops[1:]]
        if sg:
            vals = [signed(v, w) for v in vals]
        if op == "mul" or op == "mad":
            wide = "wide" in mods
            p = vals[0] * vals[1]
            if "hi" in mods:
                p >>= w
            if op == "mad":
                p += vals[2]
            return p & ((1 << 2 * w) - 1 if wide else mask)
        if op in ("addc", "add") and "cc" in mods or op == "addc":
            r = (vals[0] & mask) + (vals[1] & mask) + (self.carry if op == "addc" else 0)
            if "cc" in mods:
                self.carry = r >> w
            return r & mask
        if op == "bfind":
            v = vals[0]
            if v < 0:
                v = ~v
            if v == 0:
                return mask
            pos = v.bit_length() - 1
            return w - 1 - pos if "shiftamt" in mods else pos
        a = vals[0]
        if op in ("add", "sub"):
            return (a + vals[1] if op == "add" else a - vals[1]) & mask
        if op in ("and", "or", "xor"):
            b = vals[1] & mask
            a &= mask
            return {"and": a & b, "or": a | b, "xor": a ^ b}[op]
        if op == "not":
            return ~a & mask
        if op in ("min", "max"):
            return (min(a, vals[1]) if op == "min" else max(a, vals[1])) & mask
        if op == "abs":
            return abs(a) & mask
        if op == "neg":
            return -a & mask
        if op in ("div", "rem"):
            b = vals[1]
            if b == 0:  # docs/cuda.md: x / 0 is all ones, x % 0 is x
                return mask if op == "div" else a & mask
            q = abs(a) // abs(b)
            if (a < 0) != (b < 0):
                q = -q
            return (q if op == "div" else a - q * b) & mask
        if op == "popc":
            return bin(a & mask).count("1")
        if op == "clz":
            return clz(a & mask, w)
        if op == "brev":
            return brev(a & mask, w)
        raise PTXError("not in the reference: %s" % inst.text)


def run_kernel(kernel, params, grid, block, memory):
    """Run every thread of a 1D launch in order."""
    for c in range(grid):
        for t in range(block):
            special = {"%ctaid.x": c, "%ntid.x": block, "%tid.x": t, "%nctaid.x": grid}
            Thread(kernel, params, special, memory).run()
