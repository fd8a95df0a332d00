// Two counters built by placement new in shared memory, their addresses
// kept in a global table (a module that stores shared pointers: they are
// addresses in the generic shared window). Every thread reads its
// counter's sum through the table. For shared-window.dbg.
#include <new>

struct Counter {
  int sum, count;
  __device__ Counter(int start) : sum(start), count(0) {}
};

__global__ void place(Counter **table, int *out) {
  __shared__ __align__(8) unsigned char storage[2 * sizeof(Counter)];
  const int t = threadIdx.x;
  if (t < 2)
    table[t] = new (storage + t * sizeof(Counter)) Counter(10 + t);
  __syncthreads();
  Counter *mine = table[t % 2];
  out[t] = mine->sum;
}
