// A divergent if/else whose then-path begins with code from the toolchain's
// headers (atomicAdd): at -O2 clang lays the else-path out first, so the
// PTX text before that header code is the other path's (debug-lines.test).
__global__ void line_paths(const int *in, int *out, int *tally) {
  int i = threadIdx.x;
  int v = in[i];
  int r;
  if (v & 1) {
    atomicAdd(&tally[0], v);
    r = 3 * v + 1;
  } else {
    atomicAdd(&tally[1], v);
    r = v / 2;
  }
  out[i] = r;
}
