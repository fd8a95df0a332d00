// touch: thread t loads data[t * stride] (bytes) once: one L2 access per
// distinct line, in the slice of that line's partition.
.kernel touch
.param data, 8
.param stride, 4
.regs 8
        S2R R0, SR_TID.X
        IMUL R1, R0, c[0x0][stride]
        IADD R2, R1, c[0x0][data]
        LD R3, [R2]
        EXIT
.end_kernel
