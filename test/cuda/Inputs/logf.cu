// logf: libclc's implementation reads .const tables (mathlib-errors.test).
extern "C" __global__ void log_f32(float *a) { a[threadIdx.x] = logf(a[threadIdx.x]); }
