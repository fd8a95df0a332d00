//===-- Graphs.h - CUDA graphs: nodes, capture from streams -----*- C++ -*-===//
//
// A graph is a list of nodes (a kernel launch, a 1-D copy, a fill, a host
// function, an empty node) with the nodes each follows; instantiating one
// orders them (dependencies first, otherwise in the order they were added)
// and a launch queues that order on a stream, as one stream's work would
// run. A stream under capture hands its launches, copies, fills and host
// functions to its graph instead of running them.
//
//===----------------------------------------------------------------------===//
#ifndef SIMT_RUNTIME_CUDART_GRAPHS_H
#define SIMT_RUNTIME_CUDART_GRAPHS_H

#include "runtime/cudart/Runtime.h"

#include <memory>

struct CUgraphNode_st {
  cudaGraphNodeType type = cudaGraphNodeTypeEmpty;
  const void *func = nullptr;                     ///< a kernel node's host stub
  const simt::rt::LoadedCode *code = nullptr;     ///< ... its kernel
  dim3 grid, block;
  size_t shared = 0;
  std::vector<std::vector<uint8_t>> args;         ///< one per parameter
  void *dst = nullptr;
  const void *src = nullptr;
  size_t bytes = 0;
  cudaMemcpyKind kind = cudaMemcpyDefault;
  int value = 0;                                  ///< a byte fill's value
  size_t pitch = 0, rows = 1;                     ///< a fill's rows: `bytes` each, pitch apart
  std::vector<uint8_t> pattern;                   ///< a fill of wider elements: its rows, dense
  std::optional<cudaMemcpy3DParms> copy3D;        ///< cudaGraphAddMemcpyNode's copy, whole
  cudaHostFn_t fn = nullptr;
  void *userData = nullptr;
  std::vector<CUgraphNode_st *> after;            ///< the nodes it follows
};

struct CUgraph_st {
  std::vector<std::unique_ptr<CUgraphNode_st>> nodes; ///< in the order added
};

struct CUgraphExec_st {
  std::vector<CUgraphNode_st> order;           ///< the nodes, dependencies first
  std::vector<const CUgraphNode_st *> source;  ///< each one's node in the graph
};

namespace simt::cudart {

/// Whether stream `s` is under capture; if so, the launch is its graph's.
bool captureLaunch(Runtime &RT, cudaStream_t s, const rt::LoadedCode &code, dim3 grid,
                   dim3 block, size_t shared,
                   const std::vector<std::span<const uint8_t>> &args);
/// The same for a copy, a fill and a host function.
bool captureCopy(Runtime &RT, cudaStream_t s, void *dst, const void *src, size_t bytes,
                 cudaMemcpyKind kind);
bool captureFill(Runtime &RT, cudaStream_t s, void *dst, int value, size_t bytes);
bool captureHostFunc(Runtime &RT, cudaStream_t s, cudaHostFn_t fn, void *userData);

} // namespace simt::cudart

#endif
