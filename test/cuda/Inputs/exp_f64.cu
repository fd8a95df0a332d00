// exp(double): libclc's double exp, whose table in a .const variable the
// translator does not place yet (mathlib-errors.test).
extern "C" __global__ void exp_f64(double *a) { a[threadIdx.x] = exp(a[threadIdx.x]); }
