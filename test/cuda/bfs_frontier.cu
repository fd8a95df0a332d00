// Breadth-first search over a CSR graph, one level per pair of launches as
// GPU ports of BFS do it: the first kernel expands every node of the
// frontier mask (clearing its bit, then giving each unvisited neighbour the
// next cost and an updating bit), the second folds the updating bits into
// the mask and the visited flags and raises the host's `stop` flag. The
// host loops until a level changes nothing; the run script replays that
// loop for a fixed number of levels (the graph's depth + 1, the last one
// leaving `stop` clear). Byte-sized bool arrays, data-dependent trip counts,
// and benign races: every writer of a cost in one level writes the same value.
// RUN: simt-cc %s -o %t.o
// RUN: %python %S/Inputs/rodinia.py bfs_frontier > %t.simt
// RUN: simt-emu %t.o %t.simt --stats-file %t.json
// RUN: %python %S/Inputs/stack_empty.py %t.json
// RUN: simt-emu %t.o %t.simt --seeds 1-3
// RUN: simt-nvcc -O2 %s -o %t.app
// RUN: %t.app | FileCheck %s --check-prefix=MAIN
// MAIN: PASSED
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

struct Node {
  int first_edge;
  int num_edges;
};

extern "C" __global__ void bfs_expand(const Node *nodes, const int *edges, bool *mask,
                                      bool *updating, const bool *visited, int *cost,
                                      int num_nodes) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid < num_nodes && mask[tid]) {
    mask[tid] = false;
    int end = nodes[tid].first_edge + nodes[tid].num_edges;
    for (int e = nodes[tid].first_edge; e < end; e++) {
      int id = edges[e];
      if (!visited[id]) {
        cost[id] = cost[tid] + 1;
        updating[id] = true;
      }
    }
  }
}

extern "C" __global__ void bfs_update(bool *mask, bool *updating, bool *visited, bool *stop,
                                      int num_nodes) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid < num_nodes && updating[tid]) {
    mask[tid] = true;
    visited[tid] = true;
    *stop = true;
    updating[tid] = false;
  }
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1000, degree = 4;
  Node *nodes = (Node *)malloc(n * sizeof(Node));
  int *edges = (int *)malloc(n * degree * sizeof(int)), *cost = (int *)malloc(n * sizeof(int));
  bool *flags = (bool *)calloc(n, sizeof(bool));
  for (int i = 0; i < n; i++) {
    nodes[i].first_edge = i * degree;
    nodes[i].num_edges = degree;
    for (int d = 0; d < degree; d++)
      edges[i * degree + d] = rand() % n;
    cost[i] = -1;
  }
  cost[0] = 0;
  Node *d_nodes;
  int *d_edges, *d_cost;
  bool *d_mask, *d_updating, *d_visited, *d_stop;
  cudaMalloc(&d_nodes, n * sizeof(Node));
  cudaMalloc(&d_edges, n * degree * sizeof(int));
  cudaMalloc(&d_cost, n * sizeof(int));
  cudaMalloc(&d_mask, n);
  cudaMalloc(&d_updating, n);
  cudaMalloc(&d_visited, n);
  cudaMalloc(&d_stop, 1);
  cudaMemcpy(d_nodes, nodes, n * sizeof(Node), cudaMemcpyHostToDevice);
  cudaMemcpy(d_edges, edges, n * degree * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d_cost, cost, n * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d_mask, flags, n, cudaMemcpyHostToDevice);
  cudaMemcpy(d_updating, flags, n, cudaMemcpyHostToDevice);
  cudaMemcpy(d_visited, flags, n, cudaMemcpyHostToDevice);
  bool source = true;
  cudaMemcpy(d_mask, &source, 1, cudaMemcpyHostToDevice);
  cudaMemcpy(d_visited, &source, 1, cudaMemcpyHostToDevice);
  int threads = 256, blocks = (n + threads - 1) / threads, levels = 0;
  bool stop;
  do {
    stop = false;
    cudaMemcpy(d_stop, &stop, 1, cudaMemcpyHostToDevice);
    bfs_expand<<<blocks, threads>>>(d_nodes, d_edges, d_mask, d_updating, d_visited, d_cost, n);
    bfs_update<<<blocks, threads>>>(d_mask, d_updating, d_visited, d_stop, n);
    cudaMemcpy(&stop, d_stop, 1, cudaMemcpyDeviceToHost);
    levels++;
  } while (stop);
  cudaMemcpy(cost, d_cost, n * sizeof(int), cudaMemcpyDeviceToHost);
  printf("%d levels; cost of the last node %d\n", levels, cost[n - 1]);

  // CPU reference: a breadth-first search with a queue from node 0; a node
  // never reached keeps cost -1.
  int *gold = (int *)malloc(n * sizeof(int)), *queue = (int *)malloc(n * sizeof(int));
  for (int i = 0; i < n; i++)
    gold[i] = -1;
  int head = 0, tail = 0;
  gold[0] = 0;
  queue[tail++] = 0;
  while (head < tail) {
    int u = queue[head++];
    for (int e = nodes[u].first_edge; e < nodes[u].first_edge + nodes[u].num_edges; e++)
      if (gold[edges[e]] < 0) {
        gold[edges[e]] = gold[u] + 1;
        queue[tail++] = edges[e];
      }
  }
  int status = 0;
  for (int i = 0; i < n; i++)
    if (cost[i] != gold[i]) {
      printf("mismatch at %d: %d != %d\n", i, cost[i], gold[i]);
      status = 1;
      break;
    }
  cudaFree(d_nodes);
  cudaFree(d_edges);
  free(nodes);
  free(edges);
  free(cost);
  free(flags);
  free(gold);
  free(queue);
  if (status)
    return 1;
  printf("PASSED\n");
  return 0;
}
