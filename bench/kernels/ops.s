// ops: the cost of one opcode (simt-bench --ops). Assembled once per OP
// value (-D OP=N): a converged loop of 16 copies of the chosen instruction
// plus the 3 loop-control instructions of alu.s. OP=0 (NOP) is the floor:
// fetch, dispatch and bookkeeping with empty semantics. Loads and stores are
// coalesced (lane l: buf[tid]) and hit the host cache. Results unchecked.
.kernel ops
.param iters, 4
.param buf, 8
.regs 16
        S2R R0, SR_TID.X
        MOV R3, R0
        IADD R4, R0, 0x1234
        LOP.XOR R5, R0, 0x5a5a
        I2F.F32.U32 R6, R0
        MOV32I R7, 0x3f800000
        LOP.AND R8, R0, 0x1
        ISETP.NE.AND P1, PT, R8, RZ, PT  // P1: odd lanes (OP 8)
        ISCADD R12, R0, c[0x0][buf], 0x2 // &buf[tid]: 1 KiB, stays in the host cache
        MOV R14, c[0x0][iters]
loop:
.rept 16
.if OP == 0
        NOP
.elseif OP == 1
        MOV R3, R4
.elseif OP == 2
        IADD R4, R4, R3
.elseif OP == 3
        IADD R4, R4, 0x3
.elseif OP == 4
        LOP.XOR R5, R5, R4
.elseif OP == 5
        IMAD R3, R3, R4, R5
.elseif OP == 6
        FFMA R6, R6, 0.5, R7
.elseif OP == 7
        ISETP.NE.AND P1, PT, R4, RZ, PT
.elseif OP == 8
  @P1   IADD R4, R4, R3
.elseif OP == 9
        LD R9, [R12]
.elseif OP == 10
        ST [R12], R4
.elseif OP == 11
        FADD R6, R6, R7
.elseif OP == 12
        ISCADD R13, R0, c[0x0][buf], 0x2
.endif
.endr
        IADD R14, R14, -0x1
        ISETP.NE.AND P0, PT, R14, RZ, PT
  @P0   BRA loop
        EXIT
.end_kernel
