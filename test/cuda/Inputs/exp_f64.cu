// exp(double): libclc's double exp, whose table is a .const variable
// (mathlib-errors.test).
extern "C" __global__ void exp_f64(double *a) { a[threadIdx.x] = exp(a[threadIdx.x]); }
