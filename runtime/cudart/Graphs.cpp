//===-- Graphs.cpp - CUDA graphs: capture, nodes, instantiate, launch -----===//
//
// Capture follows one stream: its launches, cudaMemcpyAsync,
// cudaMemsetAsync and cudaLaunchHostFunc become nodes, each following the
// one before (a stream's order). Events recorded and waited for in the
// captured stream add nothing. A launch of an executable graph queues its
// nodes on the stream in their order, through the same paths a program's
// own calls take, so the profiler, the sanitizer and the debugger see the
// kernels as any others.
//
//===----------------------------------------------------------------------===//
#include "runtime/cudart/Graphs.h"

#include <algorithm>
#include <cstring>

using simt::cudart::Runtime;

namespace {

CUgraphNode_st *addNode(cudaGraph_t g, CUgraphNode_st node, const cudaGraphNode_t *deps,
                        size_t numDeps) {
  for (size_t i = 0; i < numDeps; ++i)
    node.after.push_back(deps[i]);
  g->nodes.push_back(std::make_unique<CUgraphNode_st>(std::move(node)));
  return g->nodes.back().get();
}

/// A captured node follows the stream's last one.
bool capture(Runtime &RT, cudaStream_t s, CUgraphNode_st node) {
  simt::cudart::Stream *st = RT.stream(s);
  if (!st || !st->capture)
    return false;
  cudaGraph_t g = st->capture;
  CUgraphNode_st *last = g->nodes.empty() ? nullptr : g->nodes.back().get();
  addNode(g, std::move(node), &last, last ? 1 : 0);
  return true;
}

bool nodeOf(cudaGraph_t g, const CUgraphNode_st *n) {
  return std::any_of(g->nodes.begin(), g->nodes.end(),
                     [&](const auto &p) { return p.get() == n; });
}

/// A kernel node from cudaKernelNodeParams: the arguments copied now.
cudaError_t kernelNode(Runtime &RT, const cudaKernelNodeParams *p, CUgraphNode_st *node) {
  if (!p || p->extra)
    return RT.result(cudaErrorInvalidValue);
  const simt::rt::LoadedCode *code = nullptr;
  if (cudaError_t e = RT.kernel(p->func, &code, "cudaGraphAddKernelNode"))
    return e;
  std::vector<std::span<const uint8_t>> spans;
  if (!simt::cudart::argumentSpans(code->kernel.info.params, p->kernelParams, &spans))
    return RT.result(cudaErrorInvalidValue);
  node->type = cudaGraphNodeTypeKernel;
  node->func = p->func;
  node->code = code;
  node->grid = p->gridDim, node->block = p->blockDim, node->shared = p->sharedMemBytes;
  node->args.clear();
  for (auto sp : spans)
    node->args.emplace_back(sp.begin(), sp.end());
  return cudaSuccess;
}

/// Queues one node's work on `stream`.
cudaError_t run(Runtime &RT, const CUgraphNode_st &n, cudaStream_t stream) {
  switch (n.type) {
  case cudaGraphNodeTypeKernel: {
    std::vector<std::span<const uint8_t>> spans(n.args.begin(), n.args.end());
    return RT.launch(*n.code, n.grid, n.block, n.shared, stream, spans, "cudaGraphLaunch");
  }
  case cudaGraphNodeTypeMemcpy:
    if (n.copy3D)
      return cudaMemcpy3DAsync(&*n.copy3D, stream);
    return cudaMemcpyAsync(n.dst, n.src, n.bytes, n.kind, stream);
  case cudaGraphNodeTypeMemset:
    if (!n.pattern.empty())
      return cudaMemcpy2DAsync(n.dst, n.pitch, n.pattern.data(), n.bytes, n.bytes, n.rows,
                               cudaMemcpyHostToDevice, stream);
    return cudaMemset2DAsync(n.dst, n.pitch, n.value, n.bytes, n.rows, stream);
  case cudaGraphNodeTypeHost:
    return cudaLaunchHostFunc(stream, n.fn, n.userData);
  default:
    return cudaSuccess;
  }
}

} // namespace

namespace simt::cudart {

bool captureLaunch(Runtime &RT, cudaStream_t s, const rt::LoadedCode &code, dim3 grid,
                   dim3 block, size_t shared,
                   const std::vector<std::span<const uint8_t>> &args) {
  CUgraphNode_st n;
  n.type = cudaGraphNodeTypeKernel;
  n.code = &code;
  n.grid = grid, n.block = block, n.shared = shared;
  for (auto sp : args)
    n.args.emplace_back(sp.begin(), sp.end());
  return capture(RT, s, std::move(n));
}

bool captureCopy(Runtime &RT, cudaStream_t s, void *dst, const void *src, size_t bytes,
                 cudaMemcpyKind kind) {
  CUgraphNode_st n;
  n.type = cudaGraphNodeTypeMemcpy;
  n.dst = dst, n.src = src, n.bytes = bytes, n.kind = kind;
  return capture(RT, s, std::move(n));
}

bool captureFill(Runtime &RT, cudaStream_t s, void *dst, int value, size_t bytes) {
  CUgraphNode_st n;
  n.type = cudaGraphNodeTypeMemset;
  n.dst = dst, n.value = value, n.bytes = n.pitch = bytes;
  return capture(RT, s, std::move(n));
}

bool captureHostFunc(Runtime &RT, cudaStream_t s, cudaHostFn_t fn, void *userData) {
  CUgraphNode_st n;
  n.type = cudaGraphNodeTypeHost;
  n.fn = fn, n.userData = userData;
  return capture(RT, s, std::move(n));
}

} // namespace simt::cudart

extern "C" {

cudaError_t cudaStreamBeginCapture(cudaStream_t stream, enum cudaStreamCaptureMode mode) try {
  SIMT_CUDART_ENTRY;
  if (cudaError_t e = RT.ready())
    return RT.result(e);
  if (mode > cudaStreamCaptureModeRelaxed)
    return RT.result(cudaErrorInvalidValue);
  simt::cudart::Stream *s = RT.stream(stream);
  if (!s)
    return RT.result(cudaErrorInvalidResourceHandle);
  // The legacy default stream synchronises with every other: CUDA cannot
  // capture it either.
  if (s == RT.stream(nullptr))
    return RT.fail(cudaErrorStreamCaptureUnsupported, "cudaStreamBeginCapture",
                   "the default stream cannot be captured (create a stream)");
  if (s->capture)
    return RT.result(cudaErrorIllegalState);
  s->capture = new CUgraph_st;
  return cudaSuccess;
} SIMT_CUDART_CATCH

cudaError_t cudaStreamEndCapture(cudaStream_t stream, cudaGraph_t *pGraph) try {
  SIMT_CUDART_ENTRY;
  if (!pGraph)
    return RT.result(cudaErrorInvalidValue);
  simt::cudart::Stream *s = RT.stream(stream);
  if (!s)
    return RT.result(cudaErrorInvalidResourceHandle);
  if (!s->capture)
    return RT.result(cudaErrorIllegalState);
  *pGraph = s->capture;
  s->capture = nullptr;
  return cudaSuccess;
} SIMT_CUDART_CATCH

cudaError_t cudaStreamGetCaptureInfo(cudaStream_t stream,
                                     enum cudaStreamCaptureStatus *captureStatus_out,
                                     unsigned long long *id_out, cudaGraph_t *graph_out,
                                     const cudaGraphNode_t **dependencies_out,
                                     size_t *numDependencies_out) try {
  SIMT_CUDART_ENTRY;
  if (!captureStatus_out)
    return RT.result(cudaErrorInvalidValue);
  simt::cudart::Stream *s = RT.stream(stream);
  if (!s)
    return RT.result(cudaErrorInvalidResourceHandle);
  *captureStatus_out = s->capture ? cudaStreamCaptureStatusActive : cudaStreamCaptureStatusNone;
  if (id_out)
    *id_out = reinterpret_cast<uintptr_t>(s->capture);
  if (graph_out)
    *graph_out = s->capture;
  if (dependencies_out)
    *dependencies_out = nullptr;
  if (numDependencies_out)
    *numDependencies_out = 0;
  return cudaSuccess;
} SIMT_CUDART_CATCH

cudaError_t cudaThreadExchangeStreamCaptureMode(enum cudaStreamCaptureMode *mode) {
  return mode && *mode <= cudaStreamCaptureModeRelaxed ? cudaSuccess : cudaErrorInvalidValue;
}

cudaError_t cudaGraphCreate(cudaGraph_t *pGraph, unsigned int flags) try {
  SIMT_CUDART_ENTRY;
  if (!pGraph || flags)
    return RT.result(cudaErrorInvalidValue);
  *pGraph = new CUgraph_st;
  return cudaSuccess;
} SIMT_CUDART_CATCH

cudaError_t cudaGraphDestroy(cudaGraph_t graph) try {
  SIMT_CUDART_ENTRY;
  if (!graph)
    return RT.result(cudaErrorInvalidValue);
  delete graph;
  return cudaSuccess;
} SIMT_CUDART_CATCH

#define SIMT_GRAPH_ADD_CHECKS                                                                   \
  if (!pGraphNode || !graph || (numDependencies && !pDependencies))                             \
    return RT.result(cudaErrorInvalidValue);                                                    \
  for (size_t i = 0; i < numDependencies; ++i)                                                  \
    if (!nodeOf(graph, pDependencies[i]))                                                       \
      return RT.result(cudaErrorInvalidValue);

cudaError_t cudaGraphAddKernelNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                   const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                   const struct cudaKernelNodeParams *pNodeParams) try {
  SIMT_CUDART_ENTRY;
  SIMT_GRAPH_ADD_CHECKS
  CUgraphNode_st n;
  if (cudaError_t e = kernelNode(RT, pNodeParams, &n))
    return e;
  *pGraphNode = addNode(graph, std::move(n), pDependencies, numDependencies);
  return cudaSuccess;
} SIMT_CUDART_CATCH

cudaError_t cudaGraphAddMemcpyNode1D(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                     const cudaGraphNode_t *pDependencies,
                                     size_t numDependencies, void *dst, const void *src,
                                     size_t count, enum cudaMemcpyKind kind) try {
  SIMT_CUDART_ENTRY;
  SIMT_GRAPH_ADD_CHECKS
  CUgraphNode_st n;
  n.type = cudaGraphNodeTypeMemcpy;
  n.dst = dst, n.src = src, n.bytes = count, n.kind = kind;
  *pGraphNode = addNode(graph, std::move(n), pDependencies, numDependencies);
  return cudaSuccess;
} SIMT_CUDART_CATCH

// A fill of 1-, 2- or 4-byte elements over `height` rows of `width`
// elements, `pitch` bytes apart, done at each launch: a byte fill where
// every byte of the value is the same, else a copy of the rows' pattern.
// The bytes between rows are never written.
cudaError_t cudaGraphAddMemsetNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                   const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                   const struct cudaMemsetParams *p) try {
  SIMT_CUDART_ENTRY;
  SIMT_GRAPH_ADD_CHECKS
  if (!p || (p->elementSize != 1 && p->elementSize != 2 && p->elementSize != 4) ||
      (p->height > 1 && p->pitch < p->width * p->elementSize))
    return RT.result(cudaErrorInvalidValue);
  CUgraphNode_st n;
  n.type = cudaGraphNodeTypeMemset;
  n.dst = p->dst;
  n.bytes = p->width * p->elementSize;
  n.rows = p->height ? p->height : 1;
  n.pitch = n.rows > 1 ? p->pitch : n.bytes;
  bool oneByte = true;
  for (unsigned b = 1; b < p->elementSize; ++b)
    oneByte = oneByte && ((p->value >> (8 * b)) & 0xff) == (p->value & 0xff);
  if (oneByte) {
    n.value = int(p->value & 0xff);
  } else {
    n.pattern.resize(n.bytes * n.rows);
    for (size_t i = 0; i < n.pattern.size(); i += p->elementSize)
      std::memcpy(&n.pattern[i], &p->value, p->elementSize);
  }
  *pGraphNode = addNode(graph, std::move(n), pDependencies, numDependencies);
  return cudaSuccess;
} SIMT_CUDART_CATCH

cudaError_t cudaGraphAddHostNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                 const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                 const struct cudaHostNodeParams *pNodeParams) try {
  SIMT_CUDART_ENTRY;
  SIMT_GRAPH_ADD_CHECKS
  if (!pNodeParams || !pNodeParams->fn)
    return RT.result(cudaErrorInvalidValue);
  CUgraphNode_st n;
  n.type = cudaGraphNodeTypeHost;
  n.fn = pNodeParams->fn, n.userData = pNodeParams->userData;
  *pGraphNode = addNode(graph, std::move(n), pDependencies, numDependencies);
  return cudaSuccess;
} SIMT_CUDART_CATCH

cudaError_t cudaGraphAddEmptyNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                  const cudaGraphNode_t *pDependencies,
                                  size_t numDependencies) try {
  SIMT_CUDART_ENTRY;
  SIMT_GRAPH_ADD_CHECKS
  *pGraphNode = addNode(graph, CUgraphNode_st{}, pDependencies, numDependencies);
  return cudaSuccess;
} SIMT_CUDART_CATCH

cudaError_t cudaGraphAddDependencies(cudaGraph_t graph, const cudaGraphNode_t *from,
                                     const cudaGraphNode_t *to, size_t numDependencies) try {
  SIMT_CUDART_ENTRY;
  if (!graph || (numDependencies && (!from || !to)))
    return RT.result(cudaErrorInvalidValue);
  for (size_t i = 0; i < numDependencies; ++i)
    if (!nodeOf(graph, from[i]) || !nodeOf(graph, to[i]) || from[i] == to[i])
      return RT.result(cudaErrorInvalidValue);
  for (size_t i = 0; i < numDependencies; ++i)
    to[i]->after.push_back(from[i]);
  return cudaSuccess;
} SIMT_CUDART_CATCH

cudaError_t cudaGraphGetNodes(cudaGraph_t graph, cudaGraphNode_t *nodes, size_t *numNodes) try {
  SIMT_CUDART_ENTRY;
  if (!graph || !numNodes)
    return RT.result(cudaErrorInvalidValue);
  if (nodes)
    for (size_t i = 0; i < std::min(*numNodes, graph->nodes.size()); ++i)
      nodes[i] = graph->nodes[i].get();
  *numNodes = graph->nodes.size();
  return cudaSuccess;
} SIMT_CUDART_CATCH

cudaError_t cudaGraphNodeGetType(cudaGraphNode_t node, enum cudaGraphNodeType *pType) try {
  SIMT_CUDART_ENTRY;
  if (!node || !pType)
    return RT.result(cudaErrorInvalidValue);
  *pType = node->type;
  return cudaSuccess;
} SIMT_CUDART_CATCH

cudaError_t cudaGraphKernelNodeGetParams(cudaGraphNode_t node,
                                         struct cudaKernelNodeParams *pNodeParams) try {
  SIMT_CUDART_ENTRY;
  if (!node || !pNodeParams || node->type != cudaGraphNodeTypeKernel)
    return RT.result(cudaErrorInvalidValue);
  *pNodeParams = {};
  pNodeParams->func = const_cast<void *>(node->func);
  pNodeParams->gridDim = node->grid, pNodeParams->blockDim = node->block;
  pNodeParams->sharedMemBytes = unsigned(node->shared);
  return cudaSuccess;
} SIMT_CUDART_CATCH

cudaError_t cudaGraphKernelNodeSetParams(cudaGraphNode_t node,
                                         const struct cudaKernelNodeParams *pNodeParams) try {
  SIMT_CUDART_ENTRY;
  if (!node || node->type != cudaGraphNodeTypeKernel)
    return RT.result(cudaErrorInvalidValue);
  return kernelNode(RT, pNodeParams, node);
} SIMT_CUDART_CATCH

// A copy node in cudaMemcpy3D's terms (arrays, pitched memory, extents in
// elements of a CUDA array), done by cudaMemcpy3DAsync at each launch, which
// checks the parameters then as cudaMemcpy3D does.
cudaError_t cudaGraphAddMemcpyNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                   const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                   const struct cudaMemcpy3DParms *pCopyParams) try {
  SIMT_CUDART_ENTRY;
  SIMT_GRAPH_ADD_CHECKS
  if (!pCopyParams)
    return RT.result(cudaErrorInvalidValue);
  CUgraphNode_st n;
  n.type = cudaGraphNodeTypeMemcpy;
  n.copy3D = *pCopyParams;
  *pGraphNode = addNode(graph, std::move(n), pDependencies, numDependencies);
  return cudaSuccess;
} SIMT_CUDART_CATCH

// The same nodes with the same dependencies, in a new graph.
cudaError_t cudaGraphClone(cudaGraph_t *pGraphClone, cudaGraph_t originalGraph) try {
  SIMT_CUDART_ENTRY;
  if (!pGraphClone || !originalGraph)
    return RT.result(cudaErrorInvalidValue);
  auto clone = std::make_unique<CUgraph_st>();
  for (const auto &n : originalGraph->nodes)
    clone->nodes.push_back(std::make_unique<CUgraphNode_st>(*n));
  for (auto &n : clone->nodes)
    for (CUgraphNode_st *&d : n->after)
      for (size_t i = 0; i < originalGraph->nodes.size(); ++i)
        if (originalGraph->nodes[i].get() == d) {
          d = clone->nodes[i].get();
          break;
        }
  *pGraphClone = clone.release();
  return cudaSuccess;
} SIMT_CUDART_CATCH

namespace {
/// The nodes of `graph` in a launch's order: dependencies first; among
/// nodes free to run, the one added first. False for a cycle.
bool launchOrder(cudaGraph_t graph, CUgraphExec_st &exec) {
  std::vector<bool> done(graph->nodes.size());
  auto indexOf = [&](const CUgraphNode_st *n) {
    for (size_t i = 0; i < graph->nodes.size(); ++i)
      if (graph->nodes[i].get() == n)
        return i;
    return graph->nodes.size();
  };
  while (exec.order.size() < graph->nodes.size()) {
    bool progress = false;
    for (size_t i = 0; i < graph->nodes.size(); ++i) {
      const CUgraphNode_st &n = *graph->nodes[i];
      if (done[i] || !std::all_of(n.after.begin(), n.after.end(),
                                  [&](const CUgraphNode_st *d) { return done[indexOf(d)]; }))
        continue;
      done[i] = progress = true;
      exec.order.push_back(n);
      exec.source.push_back(&n);
      break;
    }
    if (!progress) // a cycle
      return false;
  }
  return true;
}
} // namespace

cudaError_t cudaGraphInstantiate(cudaGraphExec_t *pGraphExec, cudaGraph_t graph,
                                 unsigned long long flags) try {
  SIMT_CUDART_ENTRY;
  if (!pGraphExec || !graph || flags > 15)
    return RT.result(cudaErrorInvalidValue);
  auto exec = std::make_unique<CUgraphExec_st>();
  if (!launchOrder(graph, *exec))
    return RT.fail(cudaErrorInvalidValue, "cudaGraphInstantiate",
                   "the graph's dependencies form a cycle");
  *pGraphExec = exec.release();
  return cudaSuccess;
} SIMT_CUDART_CATCH

// An executable graph takes another graph's parameters where the two have
// the same shape: as many nodes, each of the same type (and a kernel node
// the same kernel) at the same place of the launch order, with the same
// number of dependencies. Otherwise nothing changes and the result says
// why, as CUDA's does.
cudaError_t cudaGraphExecUpdate(cudaGraphExec_t hGraphExec, cudaGraph_t hGraph,
                                cudaGraphExecUpdateResultInfo *resultInfo) try {
  SIMT_CUDART_ENTRY;
  if (!hGraphExec || !hGraph)
    return RT.result(cudaErrorInvalidValue);
  auto answer = [&](cudaGraphExecUpdateResult r, cudaGraphNode_t node) {
    if (resultInfo)
      *resultInfo = {r, node, nullptr};
    return r == cudaGraphExecUpdateSuccess ? cudaSuccess
                                           : RT.result(cudaErrorGraphExecUpdateFailure);
  };
  CUgraphExec_st next;
  if (!launchOrder(hGraph, next) || next.order.size() != hGraphExec->order.size())
    return answer(cudaGraphExecUpdateErrorTopologyChanged, nullptr);
  for (size_t i = 0; i < next.order.size(); ++i) {
    const CUgraphNode_st &was = hGraphExec->order[i], &now = next.order[i];
    cudaGraphNode_t node = const_cast<CUgraphNode_st *>(next.source[i]);
    if (was.after.size() != now.after.size())
      return answer(cudaGraphExecUpdateErrorTopologyChanged, node);
    if (was.type != now.type)
      return answer(cudaGraphExecUpdateErrorNodeTypeChanged, node);
    if (was.type == cudaGraphNodeTypeKernel && was.code != now.code)
      return answer(cudaGraphExecUpdateErrorFunctionChanged, node);
  }
  // The nodes keep their identity (cudaGraphExecKernelNodeSetParams names
  // the instantiated graph's), their parameters are the new graph's.
  hGraphExec->order = std::move(next.order);
  return answer(cudaGraphExecUpdateSuccess, nullptr);
} SIMT_CUDART_CATCH

cudaError_t cudaGraphInstantiateWithFlags(cudaGraphExec_t *pGraphExec, cudaGraph_t graph,
                                          unsigned long long flags) {
  return cudaGraphInstantiate(pGraphExec, graph, flags);
}

cudaError_t cudaGraphExecKernelNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                             const struct cudaKernelNodeParams *pNodeParams) try {
  SIMT_CUDART_ENTRY;
  if (!hGraphExec || !node)
    return RT.result(cudaErrorInvalidValue);
  for (size_t i = 0; i < hGraphExec->source.size(); ++i)
    if (hGraphExec->source[i] == node) {
      if (hGraphExec->order[i].type != cudaGraphNodeTypeKernel)
        return RT.result(cudaErrorInvalidValue);
      return kernelNode(RT, pNodeParams, &hGraphExec->order[i]);
    }
  return RT.result(cudaErrorInvalidValue);
} SIMT_CUDART_CATCH

cudaError_t cudaGraphUpload(cudaGraphExec_t graphExec, cudaStream_t stream) try {
  SIMT_CUDART_ENTRY;
  if (!graphExec)
    return RT.result(cudaErrorInvalidValue);
  return RT.stream(stream) ? cudaSuccess : RT.result(cudaErrorInvalidResourceHandle);
} SIMT_CUDART_CATCH

cudaError_t cudaGraphLaunch(cudaGraphExec_t graphExec, cudaStream_t stream) try {
  SIMT_CUDART_ENTRY;
  if (!graphExec)
    return RT.result(cudaErrorInvalidValue);
  if (cudaError_t e = RT.ready())
    return RT.result(e);
  if (!RT.stream(stream))
    return RT.result(cudaErrorInvalidResourceHandle);
  for (const CUgraphNode_st &n : graphExec->order)
    if (cudaError_t e = run(RT, n, stream))
      return e;
  return cudaSuccess;
} SIMT_CUDART_CATCH

cudaError_t cudaGraphExecDestroy(cudaGraphExec_t graphExec) try {
  SIMT_CUDART_ENTRY;
  if (!graphExec)
    return RT.result(cudaErrorInvalidValue);
  delete graphExec;
  return cudaSuccess;
} SIMT_CUDART_CATCH

#undef SIMT_GRAPH_ADD_CHECKS

} // extern "C"
