// CAL/RET: a divergent RET at function entry (odd lanes) and a RET from
.kernel cal
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
        SSY cal_pad1
        SSY cal_pad2
        CAL c_f1
        ISETP.LT.U32.AND P3, PT, R9, 0x8, PT
        LOP.AND R5, R9, 0x3
        SSY c_rj
  @P3   BRA c_rec_call
        SYNC
c_rec_call:
        CAL c_rec
        SYNC
c_rj:   JCAL c_f2
        CAL c_g
        BRA c_out
c_f1:
  @P0   RET
        IADD R7, R7, 0x1
        SSY c_f1j
  @P1   BRA c_f1b
        IADD R7, R7, 0x10
        SYNC
c_f1b:  RET
c_f1j:  IADD R7, R7, 0x100
        RET
c_rec:  ISETP.EQ.AND P4, PT, R5, RZ, PT
  @P4   RET
        IADD R5, R5, -0x1
        IADD R7, R7, 0x1000
        CAL c_rec
        RET
c_f2:   IADD R7, R7, 0x10000
        RET
c_out:  NOP
        SYNC
cal_pad2:
        SYNC
cal_pad1:
        ST [R20], R7
        EXIT
.end_kernel

// A device function called from the kernel with CAL.
.func c_g
        IADD R7, R7, 0x100000
        RET
.end_func
