// peek: out[0] = *p (one thread): reads any address it is given.
.kernel peek
.param p, 8
.param out, 8
.regs 6
        MOV R2, c[0x0][p]
        MOV R3, c[0x0][p+0x4]
        LD.E R4, [R2]
        MOV R2, c[0x0][out]
        ST [R2], R4
        EXIT
.end_kernel
