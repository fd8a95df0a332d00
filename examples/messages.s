// messages: the consumer side of a host-to-device message (patent:
// interprocessor-cache-writes, ISA.md 7). One thread polls the ready flag,
// then reads the K words of the message one at a time and sums them.
// out[0] = the sum, out[1] = cycles from the first poll to seeing the flag,
// out[2] = cycles reading the K words.
.kernel consume
.param flag, 8
.param msg, 8
.param k, 4
.param out, 8
.regs 16
        MOV R2, c[0x0][flag]
        MOV R3, c[0x0][msg]
        MOV R12, c[0x0][out]
        S2R R4, SR_CLOCK
poll:
        LD R5, [R2]                      // the ready flag
        ISETP.EQ.AND P0, PT, R5, RZ, PT
  @P0   BRA poll
        S2R R6, SR_CLOCK
        MOV32I R7, 0x0                   // i
        MOV32I R8, 0x0                   // sum
read:
        LD R9, [R3]                      // word i: reads are not pipelined
        IADD R8, R8, R9
        IADD R3, R3, 0x4
        IADD R7, R7, 0x1
        ISETP.LT.U32.AND P1, PT, R7, c[0x0][k], PT
  @P1   BRA read
        S2R R10, SR_CLOCK
        IADD R11, R6, -R4
        IADD R13, R10, -R6
        ST [R12], R8
        ST [R12+0x4], R11
        ST [R12+0x8], R13
        EXIT
.end_kernel
