// The optimizing a3xx compiler's IR: a scalar SSA graph of a3xx
// instructions in basic blocks (in the style of Mesa's ir3).
//
// Every node is one a3xx instruction or one meta instruction, and defines at
// most one value: node id == value id. A value is `size` consecutive scalar
// registers of one register class (size > 1 only for texture results,
// preloaded inputs (the FS i/j pair, and every input binding: the hardware
// writes a span of consecutive registers), and vector operands and outputs
// built by kCollect). Operands:
//   * instr.src[k] / instr.dst keep the a3xx operand (kind, modifiers,
//     consts, immediates, relative forms);
//   * where src[k] is a register read of a value, src_value[k] names the
//     value (and src_comp[k] the component of a vector value); the
//     register number in instr.src[k].num is meaningless until RA;
//   * dst is a value's register when the node defines a value (def_class !=
//     kNone); otherwise dst is absent or a pinned register (see below).
// Meta nodes (meta != kNone) use `args` instead of src_value:
//   kInput    a value the hardware preloads (a VS attribute, system value
//             or FS gl_FragCoord/front-facing span, an FS i/j pair);
//             `input` says which binding; its components are kSplits
//   kPhi      args[i] is the value flowing in from block.preds[i]
//   kCollect  fan-in: args are scalars that must end up in `size`
//             consecutive registers (texture coordinates, an output
//             binding's span; kNoValue: that register may hold anything)
//   kSplit    fan-out: component `comp` of the vector value args[0]
//   kParCopy  (after out-of-SSA) value = copy of args[0], placed at the end
//             of a phi predecessor; RA coalesces it with the phi
// Pinned registers: a TGSI register range that is addressed relatively
// (a0-relative) cannot be SSA; it keeps fixed registers [pinned_first,
// pinned_first + pinned_count). Only mov reads (`mov v, rP` / `mov v,
// r<a0.x+n>`) and mov writes (`mov rP, v` / `mov r<a0.x+n>, v`, no value
// defined) touch it, and every such access has an order dependency on the
// previous one (deps).
// Memory operations (cat6 ldp/stp of TEMP arrays in private memory) are
// chained by deps too, each on the previous one in its block.
// Order dependencies (deps) also chain the single-register classes (a0.x,
// p0.x, hr0.x): a def of one depends on every use of the previous def, so
// their live ranges never overlap in any order the scheduler may choose.
//
// Block invariants: phis first; a terminator (br/jump) is last; a block
// with a `br` falls through to the next block in layout order; blocks stay
// in layout order (no pass reorders them). `end` is the last node of the
// last block and uses every output value (args), in the order of
// Function::outputs.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "emulator/a3xx/isa/instr.h"
#include "emulator/a3xx/isa/shader_state.h"

namespace shaderdiff::opt {

using ValueId = int32_t;
inline constexpr ValueId kNoValue = -1;

enum class Meta : uint8_t { kNone, kInput, kPhi, kCollect, kSplit, kParCopy };

// The register class a value lives in. kFull is allocated by RA; the
// others are single physical registers (a0.x, p0.x, hr0.x) that keep their
// fixed number and are serialized by deps.
enum class RegClass : uint8_t { kNone, kFull, kA0, kP0, kHalf0 };

// Which preloaded input a kInput node is: the value's register k holds
// component comp + k of the binding (kIj: the pair, comp 0).
struct InputRef {
  enum Kind : uint8_t { kRegister, kSystemValue, kIj } kind = kRegister;
  uint32_t binding = 0;  // index into state.inputs / state.system_values; kIj: into kIjPairs
  uint8_t comp = 0;      // the binding's component in the value's first register
};

// The i/j pairs the hardware preloads into a fragment shader, in the order
// it writes them (after every other preload), each through its own
// register field of the state: the centre pair (HLSQ_CONTROL_3_REG.REGID)
// and the centroid pair (IJPERSPCENTROIDREGID: inputs declared CENTROID,
// INTERP_CENTROID's twin). The one list every step that places a pair
// walks (build_ssa, both allocators, ra_check, to_machine, the pipeline's
// pinned rebase): a kIj input's binding is its index here.
struct IjPair {
  const char* name;                      // for messages
  uint16_t a3xx::ShaderState::*reg;      // the pair's first register
  bool a3xx::ShaderState::*preloaded;    // whether the hardware writes it
};
inline constexpr IjPair kIjPairs[] = {
    {"the i/j pair", &a3xx::ShaderState::ij_reg, &a3xx::ShaderState::ij_preloaded},
    {"the centroid i/j pair", &a3xx::ShaderState::centroid_ij_reg, &a3xx::ShaderState::centroid_ij_preloaded},
};
inline constexpr size_t kCentreIj = 0, kCentroidIj = 1;  // indices into kIjPairs
inline constexpr size_t kNumIjPairs = sizeof(kIjPairs) / sizeof(kIjPairs[0]);

// Whether the hardware preloads pair kIjPairs[pair] for state s (fragment
// shaders whose field is programmed).
inline bool PreloadsIjPair(const a3xx::ShaderState& s, size_t pair) {
  return s.stage == a3xx::ShaderStage::kFragment && s.*kIjPairs[pair].preloaded;
}

// Which output binding an `end` arg is: a vector value whose register k
// holds component comp + k of the binding.
struct OutputRef {
  uint32_t binding = 0;  // index into state.outputs
  uint8_t comp = 0;      // the binding's component in the value's first register
};

struct Node {
  Meta meta = Meta::kNone;
  a3xx::Instr instr;                     // kNone: the instruction
  std::array<ValueId, a3xx::kNumSrcSlots> src_value{kNoValue, kNoValue, kNoValue};
  std::array<uint8_t, a3xx::kNumSrcSlots> src_comp{0, 0, 0};
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

struct Function {
  a3xx::ShaderState state;     // I/O contract; register numbers are set after RA
  std::vector<Node> nodes;
  std::vector<Block> blocks;   // blocks[0] is the entry; layout order
  std::vector<OutputRef> outputs;  // parallel to the `end` node's args
  uint16_t pinned_first = 0;   // first scalar of the pinned range
  uint16_t pinned_count = 0;   // 0: no relatively addressed registers
  int32_t pinned_delta = 0;    // pinned_first - where the selection had the range
  bool uses_half0 = false;
  int32_t spill_slots = 0;     // private-memory words spill.h has used (slot k at byte base + 4k)
  uint8_t pvt_array_units = 0; // private memory the selection's TEMP arrays use (compiler/targets/a3xx/naive/
                               //   register_map.h), in 128-byte units: the spill slots' base

  // After register allocation: reg[v] = first physical scalar of value v
  // (a3xx numbering, 4*n + c); empty before.
  std::vector<int32_t> reg;

  Node& node(ValueId v) { return nodes[static_cast<size_t>(v)]; }
  const Node& node(ValueId v) const { return nodes[static_cast<size_t>(v)]; }

  // Appends a node (block -1, not placed in any block) and returns its id.
  ValueId Add(Node n);
  // Every value node `user` reads: src_value entries, then args (kNoValue
  // args, an open collect component or an undefined phi edge, left out).
  std::vector<ValueId> Uses(ValueId user) const;
  // Whether removing the node could change behaviour (stores, kill, flow,
  // end, pinned writes).
  bool HasSideEffects(ValueId v) const;
};

// The binding a register/system-value kInput node preloads.
const a3xx::RegisterSpan& InputSpan(const Function& fn, ValueId input);
// The mask the hardware must program for kInput `input` (not kIj): the
// binding's components some live kSplit of it reads (all of them when a
// node reads the vector itself), rounded up to the field's mask shapes
// (isa/io_fields.h ProgrammedMask); 0 when none is read.
uint8_t InputMask(const Function& fn, ValueId input);

// The IR as text (one line per node, blocks with preds/succs), for
// --dump-after, golden tests and failure messages. Deterministic.
std::string PrintFunction(const Function& fn);
// One node, e.g. "%12 = add.f %3, c4.x" or "phi %4(b1), %9(b3)".
std::string PrintNode(const Function& fn, ValueId v);

// `mov.u32u32 r, 0` defining a full-register value (block unset): the
// value of a variable read before any write (build_ssa) and the address a
// spill's ldp/stp add their offset to (spill).
inline Node ZeroMovNode() {
  Node n;
  n.instr.opcode = a3xx::Opcode::MOV;
  n.instr.src_type = a3xx::Type::kU32;
  n.instr.dst_type = a3xx::Type::kU32;
  n.instr.dst = a3xx::GprOperand(0);
  n.instr.src[0] = a3xx::ImmOperand(0);
  n.def_class = RegClass::kFull;
  return n;
}

}  // namespace shaderdiff::opt
