// LDLK/STUL semantics (ISA.md 3.3): the lowest asking lane wins, a held
// lock is not taken (not even by its holder), a store by a non-holder keeps
// the lock, the holder's store releases it; distinct words lock independently.
.kernel lock_global
.param out, 8
.param mem, 8
.shared 256
        S2R R0, SR_TID.X
        SHL R1, R0, 0x2
        IADD R20, R1, c[0x0][out]
        MOV R10, c[0x0][mem]
        MOV32I R22, 0x1
// LDLK P0, R7, [R10+0x0] by every lane: P0 (lane 0 only)
        LDLK P0, R8, [R10+0x0]
        SEL R7, R22, RZ, P0
        ST [R20], R7
        IADD R20, R20, 0x80
//   the loaded value (every lane)
        MOV R7, R8
        ST [R20], R7
        IADD R20, R20, 0x80
// lane 0 asks again: not taken (not reentrant)
        ISETP.EQ.AND P1, PT, R0, 0x0, PT
        MOV R7, 0x2
        @P1 LDLK P2, R9, [R10+0x0]
        @P1 SEL R7, R22, RZ, P2
        ST [R20], R7
        IADD R20, R20, 0x80
// lane 1 (not the holder) stores 0x66; lane 2 asks: not taken, reads 0x66
        ISETP.EQ.AND P1, PT, R0, 0x1, PT
        MOV32I R3, 0x66
        @P1 STUL [R10+0x0], R3
        ISETP.EQ.AND P1, PT, R0, 0x2, PT
        MOV R7, 0x2
        @P1 LDLK P2, R9, [R10+0x0]
        @P1 SEL R7, R22, RZ, P2
        @P1 IADD R7, R7, R9
        ST [R20], R7
        IADD R20, R20, 0x80
// lane 0 stores 0x77 and releases; lane 3 asks: taken, reads 0x77
        ISETP.EQ.AND P1, PT, R0, 0x0, PT
        MOV32I R3, 0x77
        @P1 STUL [R10+0x0], R3
        ISETP.EQ.AND P1, PT, R0, 0x3, PT
        MOV R7, 0x2
        @P1 LDLK P2, R9, [R10+0x0]
        @P1 SEL R7, R22, RZ, P2
        @P1 IADD R7, R7, R9
        ST [R20], R7
        IADD R20, R20, 0x80
// lane 3 releases; every lane locks its own word [4t + 0x10]: all taken
        ISETP.EQ.AND P1, PT, R0, 0x3, PT
        MOV32I R3, 0x88
        @P1 STUL [R10+0x0], R3
        IADD R4, R1, R10
        LDLK P0, R9, [R4+0x10]
        SEL R7, R22, RZ, P0
        ST [R20], R7
        IADD R20, R20, 0x80
//   and release them, storing t; read back
        STUL [R4+0x10], R0
        LD R7, [R4+0x10]
        ST [R20], R7
        IADD R20, R20, 0x80
// word 0 is free again: lane 31 takes it (the only asker)
        ISETP.EQ.AND P1, PT, R0, 0x1f, PT
        MOV R7, 0x2
        @P1 LDLK P2, R9, [R10+0x0]
        @P1 SEL R7, R22, RZ, P2
        @P1 STUL [R10+0x0], R9
        ST [R20], R7
        IADD R20, R20, 0x80
        EXIT
.end_kernel

// LDSLK/STSUL semantics (ISA.md 3.3): the lowest asking lane wins, a held
// lock is not taken (not even by its holder), a store by a non-holder keeps
// the lock, the holder's store releases it; distinct words lock independently.
.kernel lock_shared
.param out, 8
.param mem, 8
.shared 256
        S2R R0, SR_TID.X
        SHL R1, R0, 0x2
        IADD R20, R1, c[0x0][out]
        MOV R10, c[0x0][mem]
        MOV32I R22, 0x1
        MOV32I R3, 0x55
        ISETP.EQ.AND P6, PT, R0, RZ, PT
   @P6  STS [0x0], R3
// LDSLK P0, R7, [0x0] by every lane: P0 (lane 0 only)
        LDSLK P0, R8, [0x0]
        SEL R7, R22, RZ, P0
        ST [R20], R7
        IADD R20, R20, 0x80
//   the loaded value (every lane)
        MOV R7, R8
        ST [R20], R7
        IADD R20, R20, 0x80
// lane 0 asks again: not taken (not reentrant)
        ISETP.EQ.AND P1, PT, R0, 0x0, PT
        MOV R7, 0x2
        @P1 LDSLK P2, R9, [0x0]
        @P1 SEL R7, R22, RZ, P2
        ST [R20], R7
        IADD R20, R20, 0x80
// lane 1 (not the holder) stores 0x66; lane 2 asks: not taken, reads 0x66
        ISETP.EQ.AND P1, PT, R0, 0x1, PT
        MOV32I R3, 0x66
        @P1 STSUL [0x0], R3
        ISETP.EQ.AND P1, PT, R0, 0x2, PT
        MOV R7, 0x2
        @P1 LDSLK P2, R9, [0x0]
        @P1 SEL R7, R22, RZ, P2
        @P1 IADD R7, R7, R9
        ST [R20], R7
        IADD R20, R20, 0x80
// lane 0 stores 0x77 and releases; lane 3 asks: taken, reads 0x77
        ISETP.EQ.AND P1, PT, R0, 0x0, PT
        MOV32I R3, 0x77
        @P1 STSUL [0x0], R3
        ISETP.EQ.AND P1, PT, R0, 0x3, PT
        MOV R7, 0x2
        @P1 LDSLK P2, R9, [0x0]
        @P1 SEL R7, R22, RZ, P2
        @P1 IADD R7, R7, R9
        ST [R20], R7
        IADD R20, R20, 0x80
// lane 3 releases; every lane locks its own word [4t + 0x10]: all taken
        ISETP.EQ.AND P1, PT, R0, 0x3, PT
        MOV32I R3, 0x88
        @P1 STSUL [0x0], R3
        IADD R4, R1, RZ
        LDSLK P0, R9, [R4+0x10]
        SEL R7, R22, RZ, P0
        ST [R20], R7
        IADD R20, R20, 0x80
//   and release them, storing t; read back
        STSUL [R4+0x10], R0
        LDS R7, [R4+0x10]
        ST [R20], R7
        IADD R20, R20, 0x80
// word 0 is free again: lane 31 takes it (the only asker)
        ISETP.EQ.AND P1, PT, R0, 0x1f, PT
        MOV R7, 0x2
        @P1 LDSLK P2, R9, [0x0]
        @P1 SEL R7, R22, RZ, P2
        @P1 STSUL [0x0], R9
        ST [R20], R7
        IADD R20, R20, 0x80
        EXIT
.end_kernel

// A spinlock loop: the lowest lane wins each round and is served first
// (the taken branch runs first), then the losers retry.
.kernel spin_global
.param out, 8
.param mem, 8
.shared 16
        S2R R0, SR_TID.X
        SHL R1, R0, 0x2
        IADD R20, R1, c[0x0][out]
        MOV R2, c[0x0][mem]
        SSY spin_global_done
spin_global_retry:
        LDLK P0, R7, [R2]
  @P0   BRA spin_global_crit
        BRA spin_global_retry
spin_global_crit:
        ST [R20], R7
        IADD R7, R7, 0x1
        STUL [R2], R7
        SYNC
spin_global_done:
        BAR.SYNC 0x0
        ISETP.EQ.AND P1, PT, R0, RZ, PT
  @!P1  EXIT
        LD R7, [R2]
        MOV R3, c[0x0][out]
        ST [R3+0x100], R7
        EXIT
.end_kernel

// A spinlock loop: the lowest lane wins each round and is served first
// (the taken branch runs first), then the losers retry.
.kernel spin_shared
.param out, 8
.param mem, 8
.shared 16
        S2R R0, SR_TID.X
        SHL R1, R0, 0x2
        IADD R20, R1, c[0x0][out]
        MOV R2, RZ
        SSY spin_shared_done
spin_shared_retry:
        LDSLK P0, R7, [R2]
  @P0   BRA spin_shared_crit
        BRA spin_shared_retry
spin_shared_crit:
        ST [R20], R7
        IADD R7, R7, 0x1
        STSUL [R2], R7
        SYNC
spin_shared_done:
        BAR.SYNC 0x0
        ISETP.EQ.AND P1, PT, R0, RZ, PT
  @!P1  EXIT
        LDS R7, [R2]
        MOV R3, c[0x0][out]
        ST [R3+0x100], R7
        EXIT
.end_kernel
