// lat: every lane loads [p] twice and records the clock around each load:
// out[0] = value, out[1] = cycles of the first load, out[2] = of the second
// (issue cycle included: 1 + the latency the warp waited).
.kernel lat
.param p, 8
.param out, 8
.regs 12
        MOV R2, c[0x0][p]
        MOV R3, c[0x0][out]
        S2R R4, SR_CLOCK
        LD R5, [R2]
        S2R R6, SR_CLOCK
        LD R7, [R2]
        S2R R8, SR_CLOCK
        IADD R9, R6, -R4
        IADD R10, R8, -R6
        ST [R3], R5
        ST [R3+0x4], R9
        ST [R3+0x8], R10
        EXIT
.end_kernel
