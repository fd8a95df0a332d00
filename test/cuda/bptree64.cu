// B+tree point queries over a tree stored as an array of nodes with 64-bit
// keys (long long) and 64-bit child and record indices (size_t), as GPU
// database ports lay it out: each thread takes one query key from the root
// down through the internal levels (a data-dependent scan of each node's
// keys), then scans its leaf for the key and returns the record's 64-bit
// value or -1, with the leaf it ended in. 64-bit compares, 64-bit index
// arithmetic into a 160-byte node struct, a bool field read as a byte.
// RUN: simt-cc %s -o %t.o
// RUN: %python %S/Inputs/rodinia.py bptree64 > %t.simt
// RUN: simt-emu %t.o %t.simt --stats-file %t.json
// RUN: %python %S/Inputs/stack_empty.py %t.json
// RUN: simt-emu %t.o %t.simt --seeds 1-3
// RUN: simt-nvcc -O2 %s -o %t.app
// RUN: %t.app | FileCheck %s --check-prefix=MAIN
// MAIN: PASSED
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#define ORDER 8

struct knode {
  size_t location;
  size_t indices[ORDER + 1]; // children of an internal node, records of a leaf
  long long keys[ORDER + 1];
  bool is_leaf;
  int num_keys;
};

extern "C" __global__ void find_k(const knode *knodes, size_t root, int height,
                                  const long long *records, const long long *queries,
                                  long long *answers, size_t *leaves, int count) {
  int q = blockIdx.x * blockDim.x + threadIdx.x;
  if (q >= count)
    return;
  long long key = queries[q];
  size_t current = root;
  for (int level = 0; level < height && !knodes[current].is_leaf; level++) {
    const knode &node = knodes[current];
    int i = 0;
    while (i < node.num_keys && key >= node.keys[i])
      i++;
    current = node.indices[i];
  }
  const knode &leaf = knodes[current];
  long long answer = -1;
  for (int i = 0; i < leaf.num_keys; i++)
    if (leaf.keys[i] == key) {
      answer = records[leaf.indices[i]];
      break;
    }
  answers[q] = answer;
  leaves[q] = leaf.location;
}

int main(int argc, char **argv) {
  // A two-level tree over 49 keys, enough to exercise the kernel.
  int leaves_count = 7, n = leaves_count * (ORDER - 1);
  knode *nodes = (knode *)calloc(leaves_count + 1, sizeof(knode));
  long long *records = (long long *)malloc(n * sizeof(long long));
  for (int l = 0; l < leaves_count; l++) {
    knode &leaf = nodes[l + 1];
    leaf.location = l + 1;
    leaf.is_leaf = true;
    leaf.num_keys = ORDER - 1;
    for (int k = 0; k < ORDER - 1; k++) {
      int r = l * (ORDER - 1) + k;
      leaf.keys[k] = (long long)r << 33;
      leaf.indices[k] = r;
      records[r] = r * 10LL;
    }
    nodes[0].indices[l] = l + 1;
    if (l > 0)
      nodes[0].keys[l - 1] = leaf.keys[0];
  }
  nodes[0].num_keys = leaves_count - 1;
  int count = argc > 1 ? atoi(argv[1]) : 1000;
  long long *queries = (long long *)malloc(count * sizeof(long long));
  long long *answers = (long long *)malloc(count * sizeof(long long));
  for (int q = 0; q < count; q++)
    queries[q] = (long long)(rand() % (2 * n)) << 32;
  knode *d_nodes;
  long long *d_records, *d_queries, *d_answers;
  size_t *d_leaves;
  cudaMalloc(&d_nodes, (leaves_count + 1) * sizeof(knode));
  cudaMalloc(&d_records, n * sizeof(long long));
  cudaMalloc(&d_queries, count * sizeof(long long));
  cudaMalloc(&d_answers, count * sizeof(long long));
  cudaMalloc(&d_leaves, count * sizeof(size_t));
  cudaMemcpy(d_nodes, nodes, (leaves_count + 1) * sizeof(knode), cudaMemcpyHostToDevice);
  cudaMemcpy(d_records, records, n * sizeof(long long), cudaMemcpyHostToDevice);
  cudaMemcpy(d_queries, queries, count * sizeof(long long), cudaMemcpyHostToDevice);
  find_k<<<(count + 127) / 128, 128>>>(d_nodes, 0, 2, d_records, d_queries, d_answers,
                                       d_leaves, count);
  cudaMemcpy(answers, d_answers, count * sizeof(long long), cudaMemcpyDeviceToHost);
  size_t *leaves = (size_t *)malloc(count * sizeof(size_t));
  cudaMemcpy(leaves, d_leaves, count * sizeof(size_t), cudaMemcpyDeviceToHost);
  int found = 0;
  for (int q = 0; q < count; q++)
    found += answers[q] >= 0;
  printf("%d of %d keys found\n", found, count);

  // CPU reference: the record of a key is found by a linear search of the
  // sorted keys (r << 33 for record r); the leaf is the last one whose first
  // key is not above the query (the first leaf below every separator).
  int status = 0;
  for (int q = 0; q < count && !status; q++) {
    long long expect = -1;
    size_t expect_leaf = 1;
    for (int r = 0; r < n; r++) {
      if ((long long)r << 33 == queries[q])
        expect = records[r];
      if (r % (ORDER - 1) == 0 && queries[q] >= (long long)r << 33)
        expect_leaf = r / (ORDER - 1) + 1;
    }
    if (answers[q] != expect || leaves[q] != expect_leaf) {
      printf("mismatch at %d: answer %lld != %lld, leaf %zu != %zu\n", q, answers[q], expect,
             leaves[q], expect_leaf);
      status = 1;
    }
  }
  free(nodes);
  free(records);
  free(queries);
  free(answers);
  free(leaves);
  if (status)
    return 1;
  printf("PASSED\n");
  return 0;
}
