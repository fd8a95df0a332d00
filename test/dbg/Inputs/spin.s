// spin: never ends (for Ctrl-C).
.kernel spin
top:    IADD R0, R0, 0x1
        BRA top
.end_kernel
