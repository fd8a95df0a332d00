"""random_cfg.py SIMT_PTXAS SEEDS: checks simt-ptxas's CFG, post-dominators
and liveness on random functions against answers computed here from their
definitions, by a different method than the tool's:

- successors from the generated terminators;
- post-dominator sets as the greatest fixed point of
  pdom(B) = {B} + intersection of pdom(S) over the successors S (exit: {exit}),
  the immediate one being the strict post-dominator nearest to B;
- liveness by searching paths: r is live out of B when some path from a
  successor reaches a read of r before an unguarded write of r.

Each function is a chain of labelled blocks of random instructions (some
guarded), ending in a branch (plain, guarded, bra.uni), a return (plain or
guarded) or nothing (fall-through, or off the end). Functions with a block
that cannot reach the end are not generated (post-dominators would need
extra roots). The CFG is checked as written (--no-loopexits: no loop's
exits are unified first, --no-preheaders: no loop gets a preheader). Prints `ok N functions` or every difference; exits 1 on any.
"""
import random
import subprocess
import sys

REGS = [f"%r{i}" for i in range(6)]
PRED = "%p1"


def gen_function(rng, name):
    n = rng.randint(2, 9)
    blocks = []  # (instructions, terminator)
    for i in range(n):
        insts = []
        for _ in range(rng.randint(0, 4)):
            kind = rng.random()
            d, a, b = rng.choice(REGS), rng.choice(REGS), rng.choice(REGS)
            if kind < 0.15:
                insts.append(("setp.lt.u32", PRED, [a, b], None))
            elif kind < 0.35:
                insts.append(("add.u32", d, [a, b], PRED))  # guarded write
            elif kind < 0.5:
                insts.append(("mov.u32", d, [], None))  # mov d, 1
            else:
                insts.append(("add.u32", d, [a, b], None))
        last = i == n - 1
        choices = ["bra", "cbra", "ret", "cret"] + ([] if last else ["fall"])
        if last:
            choices.append("off")
        t = rng.choice(choices)
        if not insts and t in ("fall", "off"):
            # An empty block would share its label's block with the next one.
            insts.append(("mov.u32", rng.choice(REGS), [], None))
        target = rng.randrange(n)
        blocks.append((insts, (t, target)))
    return blocks


def successors(blocks):
    n = len(blocks)
    succ = []
    for i, (_, (t, target)) in enumerate(blocks):
        nxt = f"L{i + 1}" if i + 1 < n else "exit"
        s = {"bra": [f"L{target}"], "cbra": [f"L{target}", nxt], "ret": ["exit"],
             "cret": ["exit", nxt], "fall": [nxt], "off": ["exit"]}[t]
        succ.append(list(dict.fromkeys(s)))
    return succ


def reaches_exit(succ):
    n = len(succ)
    names = [f"L{i}" for i in range(n)]
    ok = {"exit"}
    changed = True
    while changed:
        changed = False
        for i in range(n):
            if names[i] not in ok and any(s in ok for s in succ[i]):
                ok.add(names[i])
                changed = True
    return all(x in ok for x in names)


def ptx_text(name, blocks):
    lines = [f".func {name}()", "{", "\t.reg .pred %p<2>;", "\t.reg .b32 %r<6>;"]
    for i, (insts, (t, target)) in enumerate(blocks):
        lines.append(f"L{i}:")
        for op, d, srcs, guard in insts:
            g = f"@{guard} " if guard else ""
            args = ", ".join([d] + (srcs if srcs else ["1"]))
            lines.append(f"\t{g}{op} {args};")
        if t == "bra":
            lines.append(f"\tbra.uni L{target};")
        elif t == "cbra":
            lines.append(f"\t@{PRED} bra L{target};")
        elif t == "ret":
            lines.append("\tret;")
        elif t == "cret":
            lines.append(f"\t@{PRED} ret;")
    lines.append("}")
    return "\n".join(lines)


def block_uses(insts, term):
    """(reads before any unguarded write, unguarded writes) of a block."""
    use, kill = set(), set()
    for op, d, srcs, guard in insts:
        reads = set(srcs) | ({guard} if guard else set())
        use |= reads - kill
        if not guard:
            kill.add(d)
    if term[0] in ("cbra", "cret") and PRED not in kill:
        use.add(PRED)
    return use, kill


def expected(blocks):
    succ = successors(blocks)
    n = len(blocks)
    names = [f"L{i}" for i in range(n)]
    nodes = names + ["exit"]
    sdict = dict(zip(names, succ))
    sdict["exit"] = []
    pdom = {x: set(nodes) for x in nodes}
    pdom["exit"] = {"exit"}
    changed = True
    while changed:
        changed = False
        for x in names:
            new = {x} | set.intersection(*[pdom[s] for s in sdict[x]])
            if new != pdom[x]:
                pdom[x] = new
                changed = True
    ipdom = {}
    for x in names:
        strict = pdom[x] - {x}
        ipdom[x] = next(d for d in strict if len(pdom[d]) == len(pdom[x]) - 1)
    ub = {names[i]: block_uses(*blocks[i]) for i in range(n)}

    def live_out(x, r):
        seen, stack = set(), list(sdict[x])
        while stack:
            y = stack.pop()
            if y == "exit" or y in seen:
                continue
            seen.add(y)
            use, kill = ub[y]
            if r in use:
                return True
            if r not in kill:
                stack.extend(sdict[y])
        return False

    allregs = [PRED] + REGS
    live = {}
    for x in names:
        out = {r for r in allregs if live_out(x, r)}
        use, kill = ub[x]
        live[x] = (use | (out - kill), out)
    return sdict, ipdom, live


def parse_output(text):
    cfg, ipdom, live = {}, {}, {}
    cur = None
    for line in text.splitlines():
        if not line.startswith("  "):
            kind, _, fn = line.rstrip(":").partition(" of ")
            cur = (kind, fn)
            continue
        kind, fn = cur
        name, _, rest = line.strip().partition(": ") if kind != "ipdom" else (None, None, None)
        if kind == "cfg":
            succs = rest.split(" ; succs")[1].split()
            cfg.setdefault(fn, {})[name] = succs
        elif kind == "ipdom":
            b, _, p = line.strip().partition(" -> ")
            ipdom.setdefault(fn, {})[b] = p
        elif kind == "liveness":
            ins, _, outs = rest[len("in "):].partition(" out ")
            regs = lambda s: set(filter(None, s.strip("{}").split(", ")))
            live.setdefault(fn, {})[name] = (regs(ins), regs(outs))
    return cfg, ipdom, live


def main():
    tool, seeds = sys.argv[1], int(sys.argv[2])
    rng = random.Random(2024)
    funcs = {}
    while len(funcs) < seeds:
        blocks = gen_function(rng, f"f{len(funcs)}")
        if reaches_exit(successors(blocks)):
            funcs[f"f{len(funcs)}"] = blocks
    module = ".version 4.2\n.target sm_20\n.address_size 64\n\n" + "\n\n".join(
        ptx_text(name, b) for name, b in funcs.items())
    run = subprocess.run([tool, "--no-loopexits", "--no-preheaders",
                          "-print-after=cfg,postdom,liveness", "-"], input=module,
                         capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f"simt-ptxas failed ({run.returncode}):\n{run.stderr}")
    cfg, ipdom, live = parse_output(run.stdout)
    errors = 0
    for name, blocks in funcs.items():
        want_succ, want_ipdom, want_live = expected(blocks)
        for b in want_ipdom:
            checks = [("succs", sorted(want_succ[b]), sorted(cfg.get(name, {}).get(b, []))),
                      ("ipdom", want_ipdom[b], ipdom.get(name, {}).get(b)),
                      ("live", want_live[b], live.get(name, {}).get(b))]
            for what, want, got in checks:
                if want != got:
                    errors += 1
                    print(f"{name} {b} {what}: expected {want}, got {got}")
    if errors:
        print(module)
        sys.exit(1)
    print(f"ok {len(funcs)} functions")


main()
