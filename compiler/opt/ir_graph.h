// The optimizing compiler's IR graph, generic over a target's traits T
// (compiler/README.md, "The traits design"; compiler/targets/<gpu>/
// target_traits.h): a scalar SSA graph of T::Instr nodes in basic blocks.
// ir.h describes the graph's rules (operands, meta nodes, pinned ranges,
// deps, block invariants) and instantiates it for a3xx; this header holds
// only what names no target.
//
// The graph's printer, PrintNode, is declared here and defined by each
// target.
//
// T gives: Instr (what a node carries), State (Function::state, the I/O
// contract), kNumSrcSlots (the source slots of an Instr), RegClass (an
// enum with kNone, the class of a node that defines no value), and
// HasSideEffects(instr, defines_value).
//
// Compile cost: the templates are small and instantiated implicitly (one
// target per build today, through the aliases in ir.h); their members are
// defined in the class body, so no explicit instantiation is needed.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

namespace shaderdiff::ir {

using ValueId = int32_t;
inline constexpr ValueId kNoValue = -1;

enum class Meta : uint8_t { kNone, kInput, kPhi, kCollect, kSplit, kParCopy };

// Which preloaded input a kInput node is: the value's register k holds
// component comp + k of the binding (kIj: the pair, comp 0).
struct InputRef {
  enum Kind : uint8_t { kRegister, kSystemValue, kIj } kind = kRegister;
  uint32_t binding = 0;  // index into state.inputs / state.system_values; kIj: into the target's i/j pairs
  uint8_t comp = 0;      // the binding's component in the value's first register
};

// Which output binding an `end` arg is: a vector value whose register k
// holds component comp + k of the binding.
struct OutputRef {
  uint32_t binding = 0;  // index into state.outputs
  uint8_t comp = 0;      // the binding's component in the value's first register
};

template <size_t N>
constexpr std::array<ValueId, N> NoValues() {
  std::array<ValueId, N> a{};
  for (ValueId& v : a) v = kNoValue;
  return a;
}

template <class T>
struct Node {
  using RegClass = typename T::RegClass;

  Meta meta = Meta::kNone;
  typename T::Instr instr;               // kNone: the instruction
  std::array<ValueId, T::kNumSrcSlots> src_value = NoValues<T::kNumSrcSlots>();
  std::array<uint8_t, T::kNumSrcSlots> src_comp{};
  std::vector<ValueId> args;             // meta operands; `end`: the outputs
  std::vector<ValueId> deps;             // order-only predecessors (same block)
  RegClass def_class = RegClass::kNone;  // kNone: defines no value
  uint8_t size = 1;                      // consecutive registers defined
  uint8_t comp = 0;                      // kSplit: the component
  InputRef input;                        // kInput
  int32_t block = -1;
  int32_t target_block = -1;             // br/jump: the block it branches to
  int32_t tgsi_index = -1;               // TGSI instruction it came from (-1: none)
  uint8_t tgsi_comps = 0;                // its destination components this node computes the final
                                         //   value of (naive/provenance.h); 0: an intermediate
  bool dead = false;                     // removed (ids stay stable)
  uint8_t spill = 0;                     // spill.h: 1 spilled, 2 made by spilling (never spilled)
  int32_t depth = 0;                     // set by ComputeDepth (scheduler input)

  bool defines() const { return def_class != RegClass::kNone; }
  bool is_meta() const { return meta != Meta::kNone; }
};

struct Block {
  std::vector<ValueId> nodes;  // in execution order
  std::vector<int32_t> preds;  // in a stable order (phi args follow it)
  std::vector<int32_t> succs;  // br: {target, fallthrough}; jump: {target}; else {next} or {}
};

// The values a node reads, in Function::Uses order, as a range over the
// node itself (no allocation): its src_value entries, then its args,
// kNoValue entries skipped.
template <class T>
class UseRange {
 public:
  class iterator {
   public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = ValueId;
    using difference_type = std::ptrdiff_t;
    using pointer = const ValueId*;
    using reference = ValueId;
    iterator(const Node<T>* n, size_t i) : n_(n), i_(i) { Skip(); }
    ValueId operator*() const { return At(i_); }
    iterator& operator++() {
      ++i_;
      Skip();
      return *this;
    }
    iterator operator++(int) {
      iterator old = *this;
      ++*this;
      return old;
    }
    bool operator==(const iterator& o) const { return i_ == o.i_; }
    bool operator!=(const iterator& o) const { return i_ != o.i_; }

   private:
    size_t End() const { return T::kNumSrcSlots + n_->args.size(); }
    ValueId At(size_t i) const { return i < T::kNumSrcSlots ? n_->src_value[i] : n_->args[i - T::kNumSrcSlots]; }
    void Skip() {
      while (i_ < End() && At(i_) == kNoValue) ++i_;
    }
    const Node<T>* n_;
    size_t i_;
  };
  explicit UseRange(const Node<T>& n) : n_(&n) {}
  iterator begin() const { return iterator(n_, 0); }
  iterator end() const { return iterator(n_, T::kNumSrcSlots + n_->args.size()); }

 private:
  const Node<T>* n_;
};

template <class T>
struct Function {
  typename T::State state;     // I/O contract; register numbers are set after RA
  std::vector<Node<T>> nodes;
  std::vector<Block> blocks;   // blocks[0] is the entry; layout order
  std::vector<OutputRef> outputs;  // parallel to the `end` node's args
  uint16_t pinned_first = 0;   // first scalar of the pinned range
  uint16_t pinned_count = 0;   // 0: no relatively addressed registers
  int32_t pinned_delta = 0;    // pinned_first - where the selection had the range
  bool uses_half0 = false;
  int32_t spill_slots = 0;     // private-memory words spilling has used (slot k at byte base + 4k)
  uint8_t pvt_array_units = 0; // private memory the selection's TEMP arrays use, in 128-byte
                               //   units: the spill slots' base

  // After register allocation: reg[v] = first physical scalar of value v
  // (the target's numbering); empty before.
  std::vector<int32_t> reg;

  Node<T>& node(ValueId v) { return nodes[static_cast<size_t>(v)]; }
  const Node<T>& node(ValueId v) const { return nodes[static_cast<size_t>(v)]; }

  // Appends a node (block -1, not placed in any block) and returns its id.
  ValueId Add(Node<T> n) {
    nodes.push_back(std::move(n));
    return static_cast<ValueId>(nodes.size() - 1);
  }
  // Every value node `user` reads: src_value entries, then args (kNoValue
  // args, an open collect component or an undefined phi edge, left out).
  // UsesOf is the same sequence without a copy: a view of the node, valid
  // while no node is added (Add may move the nodes).
  std::vector<ValueId> Uses(ValueId user) const {
    const UseRange<T> r = UsesOf(user);
    return std::vector<ValueId>(r.begin(), r.end());
  }
  UseRange<T> UsesOf(ValueId user) const { return UseRange<T>(node(user)); }
  // Whether removing the node could change behaviour (T::HasSideEffects;
  // a meta node never has side effects).
  bool HasSideEffects(ValueId v) const {
    const Node<T>& n = node(v);
    return !n.is_meta() && T::HasSideEffects(n.instr, n.defines());
  }
};

// One node as text, e.g. "%12 = add.f %3, c4.x" or "phi %4(b1), %9(b3)",
// for dumps and failure messages (the verifier's). Each target defines it
// for its traits (a3xx: the specialization in opt/ir.h, opt/ir.cc); there
// is no generic body.
template <class T>
std::string PrintNode(const Function<T>& fn, ValueId v);

}  // namespace shaderdiff::ir
