// transform: the vertex stage of the constant-cache patent (ISA.md 6; see
// docs/constant-caches.md). Each thread transforms vertices tid, tid+ntid,
// ... < n. The model-view-projection matrix M, row major in
// c[0x2][0x0..0x3c] (one 64-byte line), maps (x, y, z, 1) to (X, Y, Z, W);
// the viewport (sx, sy, ox, oy) in c[0x2][0x40..0x4c] (the next line) maps
// X and Y to the screen:
//   out[4i..4i+3] = (sx*X + ox, sy*Y + oy, Z, W)
// `in` holds x, y, z per vertex. Every matrix and viewport element is a
// constant operand read from bank 2 while the grid runs, so each frame
// reads exactly the constants current at its launch.
// When its vertices are done the grid records the SM it ran on in
// sm[frame] and then holds that SM until the host writes retire[frame]
// != 0 (a frame stays in flight until the host retires it, so the run
// script decides when each frame ends, whatever the timing).
.kernel transform
.param in, 8
.param out, 8
.param n, 4
.param frame, 4
.param sm, 8
.param retire, 8
        S2R R0, SR_TID.X
        S2R R1, SR_NTID.X
next:   ISETP.GE.U32.AND P0, PT, R0, c[0x0][n], PT
  @P0   BRA done
        IMUL R2, R0, 0xc                  // &in[3i]
        IADD R2, R2, c[0x0][in]
        LD R3, [R2]                       // x
        LD R4, [R2+0x4]                   // y
        LD R5, [R2+0x8]                   // z
        MOV R12, c[0x2][0xc]              // X = m00 x + m01 y + m02 z + m03
        FFMA R12, R3, c[0x2][0x0], R12
        FFMA R12, R4, c[0x2][0x4], R12
        FFMA R12, R5, c[0x2][0x8], R12
        MOV R13, c[0x2][0x1c]             // Y = row 1
        FFMA R13, R3, c[0x2][0x10], R13
        FFMA R13, R4, c[0x2][0x14], R13
        FFMA R13, R5, c[0x2][0x18], R13
        MOV R14, c[0x2][0x2c]             // Z = row 2
        FFMA R14, R3, c[0x2][0x20], R14
        FFMA R14, R4, c[0x2][0x24], R14
        FFMA R14, R5, c[0x2][0x28], R14
        MOV R15, c[0x2][0x3c]             // W = row 3
        FFMA R15, R3, c[0x2][0x30], R15
        FFMA R15, R4, c[0x2][0x34], R15
        FFMA R15, R5, c[0x2][0x38], R15
        MOV R6, c[0x2][0x48]              // screen x = sx X + ox
        FFMA R12, R12, c[0x2][0x40], R6
        MOV R7, c[0x2][0x4c]              // screen y = sy Y + oy
        FFMA R13, R13, c[0x2][0x44], R7
        ISCADD R8, R0, c[0x0][out], 0x4   // &out[4i]
        ST.128 [R8], R12
        IADD R0, R0, R1
        BRA next
done:   MOV R20, c[0x0][frame]
        S2R R22, SR_SMID
        ISCADD R21, R20, c[0x0][sm], 0x2
        ST [R21], R22                     // sm[frame] = SR_SMID
        ISCADD R21, R20, c[0x0][retire], 0x2
held:   LD R23, [R21]                     // until retire[frame] != 0
        ISETP.EQ.AND P1, PT, R23, RZ, PT
  @P1   BRA held
        EXIT
.end_kernel
