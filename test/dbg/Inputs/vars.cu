// A kernel in the style of real CUDA code for the variable sessions
// (test/dbg/vars-o0.dbg, vars-o2.dbg): locals, parameters (a struct passed
// by value among them), a struct with an array member, pointers into global, shared and local memory, a
// __constant__ table, a device function, loops and threadIdx.
struct Particle {
  float x, y, mass;
};

struct Stats {
  float sum;
  int count;
  float hist[4];
};

struct Launch {
  int n;
  float scale;
};

__constant__ float weights[4];

__device__ float weigh(Particle p, int k) {
  float w = weights[k & 3];
  return p.x * w + p.y;
}

__global__ void accumulate(const Particle *parts, float *sums, Launch cfg) {
  __shared__ float tile[32];
  int tid = threadIdx.x;
  float *slot = &tile[tid];
  int i = blockIdx.x * blockDim.x + tid;
  bool inRange = i < cfg.n;
  const Particle *src = &parts[inRange ? i : 0];
  Particle mine = *src;
  Stats st = {0.0f, 0, {0, 0, 0, 0}};
  for (int k = 0; k < 4; ++k) {
    st.hist[k] = mine.x * k + mine.y;
    st.sum += st.hist[k];
    st.count++;
  }
  *slot = weigh(mine, tid) * cfg.scale;
  __syncthreads();
  if (tid == 0) {
    double total = 0;
    for (int k = 0; k < 32; ++k)
      total += tile[k];
    sums[blockIdx.x] = (float)total + st.sum;
  }
}
