// A long balanced sequence of pushes (SSY) and pops (SYNC reconverging
.kernel stack_cache
.param out, 8
        S2R R0, SR_TID.X
        S2R R9, SR_LANEID
        ISCADD R20, R0, c[0x0][out], 0x2
        MOV R7, RZ
        MOV32I R22, 0x1
        LOP.AND R2, R9, 0x1
        ISETP.NE.AND P0, PT, R2, RZ, PT
        LOP.AND R2, R9, 0x2
        ISETP.NE.AND P1, PT, R2, RZ, PT
        LOP.AND R2, R9, 0x4
        ISETP.NE.AND P2, PT, R2, RZ, PT
        SSY stack_cache_pad1
        SSY stack_cache_pad2
        SSY q_0
        IADD R7, R7, 0x1
        SYNC
q_0:
        SSY q_1
        IADD R7, R7, 0x1
        SYNC
q_1:
        SSY q_2
        SSY q_3
        SSY q_4
        IADD R7, R7, 0x1
        SYNC
q_4:
        IADD R7, R7, 0x1
        SYNC
q_3:
        SSY q_5
        SSY q_6
        IADD R7, R7, 0x1
        SYNC
q_6:
        IADD R7, R7, 0x1
        SYNC
q_5:
        SSY q_7
        SSY q_8
        SSY q_9
        SSY q_10
        IADD R7, R7, 0x1
        SYNC
q_10:
        SSY q_11
        SSY q_12
        SSY q_13
        SSY q_14
        SSY q_15
        SSY q_16
        SSY q_17
        IADD R7, R7, 0x1
        SYNC
q_17:
        IADD R7, R7, 0x1
        SYNC
q_16:
        IADD R7, R7, 0x1
        SYNC
q_15:
        IADD R7, R7, 0x1
        SYNC
q_14:
        SSY q_18
        IADD R7, R7, 0x1
        SYNC
q_18:
        IADD R7, R7, 0x1
        SYNC
q_13:
        SSY q_19
        IADD R7, R7, 0x1
        SYNC
q_19:
        IADD R7, R7, 0x1
        SYNC
q_12:
        IADD R7, R7, 0x1
        SYNC
q_11:
        SSY q_20
        SSY q_21
        IADD R7, R7, 0x1
        SYNC
q_21:
        SSY q_22
        IADD R7, R7, 0x1
        SYNC
q_22:
        IADD R7, R7, 0x1
        SYNC
q_20:
        IADD R7, R7, 0x1
        SYNC
q_9:
        IADD R7, R7, 0x1
        SYNC
q_8:
        SSY q_23
        SSY q_24
        IADD R7, R7, 0x1
        SYNC
q_24:
        IADD R7, R7, 0x1
        SYNC
q_23:
        SSY q_25
        SSY q_26
        SSY q_27
        IADD R7, R7, 0x1
        SYNC
q_27:
        SSY q_28
        IADD R7, R7, 0x1
        SYNC
q_28:
        SSY q_29
        IADD R7, R7, 0x1
        SYNC
q_29:
        IADD R7, R7, 0x1
        SYNC
q_26:
        SSY q_30
        IADD R7, R7, 0x1
        SYNC
q_30:
        IADD R7, R7, 0x1
        SYNC
q_25:
        IADD R7, R7, 0x1
        SYNC
q_7:
        IADD R7, R7, 0x1
        SYNC
q_2:
        SSY q_31
        IADD R7, R7, 0x1
        SYNC
q_31:
        SYNC
stack_cache_pad2:
        SYNC
stack_cache_pad1:
        ST [R20], R7
        EXIT
.end_kernel
