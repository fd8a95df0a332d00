"""Expected values of test/cc/call-stack-args.ptx, computed from the PTX's
arithmetic on the host; prints the run script.

    call_stack_args.py > run.simt
"""
M = (1 << 32) - 1
THREADS = 64

print("alloc out u32[%d]" % (8 * THREADS))
print("launch stackargs grid=1 block=%d args=(out)" % THREADS)
print("wait")
out = []
for t in range(THREADS):
    total = sum((t + i) * (i + 1) for i in range(15))
    x, x1 = t, t + 1
    # pick: p's words are t+1, t+3, t+5, t+7 with word 1 overwritten by the
    # bytes t, t+2, 0x07, 0xfe (then t+9); i = t & 3, but word 1 is its
    # bytes: t & 0xff | (t+2 & 0xff) << 8 | 0x07 << 16 | 0xfe << 24.
    word1 = (t & 0xFF) | ((t + 2) & 0xFF) << 8 | 0x07 << 16 | 0xFE << 24
    words = [t + 1, word1, t + 5, t + 7]
    byte5 = (t + 2) & 0xFF
    byte7 = 0xFE - 256  # ld.param.s8: sign-extended
    picked = (words[t & 3] + byte5 + byte7 * 1000) & M
    out += [total & M, x1, 3 * x & M, x1, (x + 1000) & M, picked, 0, 0]
print("expect out == [%s]" % ", ".join(str(v) for v in out))
