// Lane 5 of warp 1 in CTA 1 takes the lock of out[3] and exits holding it.
.kernel lock_leak
.param out, 8
        S2R R0, SR_TID.X
        S2R R1, SR_CTAID.X
        S2R R9, SR_LANEID
        IMAD R2, R1, c[0x0][0x0], R0
        ISCADD R3, R2, c[0x0][out], 0x2
        ISETP.EQ.AND P0, PT, R2, 0x65, PT
        MOV R4, c[0x0][out]
  @P0   LDLK P1, R5, [R4+0xc]
        EXIT
.end_kernel

// Shared-memory locks die with their CTA: no fault.
.kernel lock_shared
.param out, 8
.shared 16
        LDSLK P1, R5, [0x4]
        EXIT
.end_kernel
