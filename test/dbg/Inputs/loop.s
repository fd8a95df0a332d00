// loop: lane l iterates (l & 3) times; PBK/BRK parks the lanes that are done
// until every lane has left the loop.
.kernel loop
.param out, 8
        S2R R0, SR_TID.X
        LOP.AND R1, R0, 0x3              // trips
        MOV R2, RZ                       // count
        PBK done
top:    ISETP.GE.U32.AND P0, PT, R2, R1, PT
  @P0   BRK
        IADD R2, R2, 0x1
        BRA top
done:   SHL R3, R0, 0x2
        IADD R3, R3, c[0x0][out]
        ST [R3], R2
        EXIT
.end_kernel
