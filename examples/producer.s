// producer: a persistent kernel serving host messages (patent:
// interprocessor-cache-writes, ISA.md 7). One thread waits for flag ==
// seq (the host posts message seq by writing its K words, then the flag),
// sums the words into result[seq - 1], acknowledges with ack = seq, and goes
// on with seq + 1 until it has served `count` messages. The kernel runs while
// the host writes: launches are asynchronous and the host's writes land in
// the device's L2 slices, where the polling loads find them.
.kernel server
.param flag, 8
.param ack, 8
.param msg, 8
.param k, 4
.param count, 4
.param result, 8
.regs 20
        MOV R2, c[0x0][flag]
        MOV R3, c[0x0][ack]
        MOV R14, c[0x0][result]
        MOV32I R15, 0x1                  // seq
wait:
        LD R5, [R2]
        ISETP.NE.AND P0, PT, R5, R15, PT
  @P0   BRA wait
        MOV R6, c[0x0][msg]
        MOV32I R7, 0x0
        MOV32I R8, 0x0
read:
        LD R9, [R6]
        IADD R8, R8, R9
        IADD R6, R6, 0x4
        IADD R7, R7, 0x1
        ISETP.LT.U32.AND P1, PT, R7, c[0x0][k], PT
  @P1   BRA read
        ST [R14], R8
        IADD R14, R14, 0x4
        ST [R3], R15                     // acknowledge
        ISETP.EQ.U32.AND P2, PT, R15, c[0x0][count], PT
  @P2   EXIT
        IADD R15, R15, 0x1
        BRA wait
.end_kernel
