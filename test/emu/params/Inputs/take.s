// take(struct { int a; float b; unsigned *buf; unsigned char c; } s, unsigned k):
// buf[0..3] = a, b's bits, c, k. s is 24 bytes, 8-aligned, as clang declares
// it; k follows at the next 4-byte offset.
.kernel take
.param s, 24, 8
.param k, 4
        MOV R2, c[0x0][s+0x8]
        MOV R0, c[0x0][s]
        ST [R2], R0
        MOV R1, c[0x0][s+0x4]
        ST [R2+0x4], R1
        LDC.U8 R3, c[0x0][RZ+s+0x10]
        ST [R2+0x8], R3
        MOV R4, c[0x0][k]
        ST [R2+0xc], R4
        EXIT
.end_kernel
