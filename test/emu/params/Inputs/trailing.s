// Parameters of 1 and 2 bytes that end the list (a CUDA kernel's trailing
// bool or short): each read with the word it starts in, LDC.U8/.U16 and
// MOV alike; the bytes past the list read as 0.
.kernel trailing_byte
.param out, 8
.param flag, 1
LDC.U8 R0, c[0x0][flag]
MOV R1, c[0x0][flag]
MOV R2, c[0x0][out]
MOV R3, c[0x0][out+4]
ST.E [R2], R0
ST.E [R2+0x4], R1
EXIT
.end_kernel

.kernel trailing_half
.param out, 8
.param a, 1
.param h, 2
LDC.S16 R0, c[0x0][h]
MOV R1, c[0x0][a]
MOV R2, c[0x0][out]
MOV R3, c[0x0][out+4]
ST.E [R2], R0
ST.E [R2+0x4], R1
EXIT
.end_kernel
