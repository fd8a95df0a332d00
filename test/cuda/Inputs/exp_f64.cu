// exp(double): libclc's double exp, whose f64 PTX the translator does not
// take yet (mathlib-errors.test).
extern "C" __global__ void exp_f64(double *a) { a[threadIdx.x] = exp(a[threadIdx.x]); }
