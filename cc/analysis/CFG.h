//===-- CFG.h - Control-flow edges and LLVM graph traits --------*- C++ -*-===//
//
// buildCFG links each block to its successors (branch target, fall-through,
// the virtual exit for ret/exit) and predecessors. The GraphTraits below let
// LLVM's generic algorithms (dominator trees, depth-first and post-order
// iteration) walk a Function as they walk LLVM IR.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "cc/ptx/PTXIR.h"

#include "llvm/ADT/GraphTraits.h"

namespace llvm {
class raw_ostream;
}

namespace simt::cc {

/// Computes Succs/Preds of every block of F (and numbers the nodes).
void buildCFG(Function &F);

/// One line per block: `name: preds ... succs ...` (-print-after=cfg).
void printCFG(llvm::raw_ostream &OS, const Function &F);

} // namespace simt::cc

namespace llvm {

template <> struct GraphTraits<simt::cc::BasicBlock *> {
  using NodeRef = simt::cc::BasicBlock *;
  using ChildIteratorType = SmallVectorImpl<NodeRef>::iterator;
  static NodeRef getEntryNode(NodeRef B) { return B; }
  static ChildIteratorType child_begin(NodeRef B) { return B->Succs.begin(); }
  static ChildIteratorType child_end(NodeRef B) { return B->Succs.end(); }
};

template <> struct GraphTraits<Inverse<simt::cc::BasicBlock *>> {
  using NodeRef = simt::cc::BasicBlock *;
  using ChildIteratorType = SmallVectorImpl<NodeRef>::iterator;
  static NodeRef getEntryNode(Inverse<NodeRef> B) { return B.Graph; }
  static ChildIteratorType child_begin(NodeRef B) { return B->Preds.begin(); }
  static ChildIteratorType child_end(NodeRef B) { return B->Preds.end(); }
};

template <>
struct GraphTraits<simt::cc::Function *> : GraphTraits<simt::cc::BasicBlock *> {
  using nodes_iterator = std::vector<simt::cc::BasicBlock *>::const_iterator;
  static NodeRef getEntryNode(simt::cc::Function *F) { return F->entry(); }
  static nodes_iterator nodes_begin(simt::cc::Function *F) { return F->nodes().begin(); }
  static nodes_iterator nodes_end(simt::cc::Function *F) { return F->nodes().end(); }
  static unsigned size(simt::cc::Function *F) { return F->nodes().size(); }
};

template <>
struct GraphTraits<Inverse<simt::cc::Function *>>
    : GraphTraits<Inverse<simt::cc::BasicBlock *>> {
  using nodes_iterator = std::vector<simt::cc::BasicBlock *>::const_iterator;
  static NodeRef getEntryNode(Inverse<simt::cc::Function *> F) {
    return F.Graph->exitNode();
  }
  static nodes_iterator nodes_begin(Inverse<simt::cc::Function *> F) {
    return F.Graph->nodes().begin();
  }
  static nodes_iterator nodes_end(Inverse<simt::cc::Function *> F) {
    return F.Graph->nodes().end();
  }
  static unsigned size(Inverse<simt::cc::Function *> F) { return F.Graph->nodes().size(); }
};

} // namespace llvm
