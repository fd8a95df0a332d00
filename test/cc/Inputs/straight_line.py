"""A kernel of N dependent ALU instructions without a branch (argv[1]):
out[0] = the value a thread computes, for test/cc/stack-depth-large.test."""
import sys

n = int(sys.argv[1])
print(".version 3.0\n.target sm_20\n.address_size 64")
print(".entry big (.param .u64 out)\n{\n.reg .u32 %r<3>;\n.reg .u64 %rd<2>;")
print("mov.u32 %r1, %tid.x;\nmov.u32 %r2, %ntid.x;")
for i in range(n):
    print("mad.lo.u32 %r1, %r1, %r2, %r1;" if i % 2 else "xor.b32 %r1, %r1, %r2;")
print("ld.param.u64 %rd1, [out];\nst.global.u32 [%rd1], %r1;\nexit;\n}")
