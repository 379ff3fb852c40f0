// The optimizing a3xx compiler's IR: a scalar SSA graph of a3xx
// instructions in basic blocks (in the style of Mesa's ir3). The graph's
// types are generic over a target's traits (ir_graph.h); this header
// instantiates them for a3xx (A3xxTarget, targets/a3xx/target_traits.h)
// under the names every pass uses, and holds a3xx's I/O helpers.
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

#include "compiler/opt/ir_graph.h"
#include "compiler/targets/a3xx/target_traits.h"
#include "emulator/a3xx/isa/instr.h"
#include "emulator/a3xx/isa/shader_state.h"

namespace shaderdiff::opt {

// The graph (ir_graph.h) instantiated for a3xx: every pass and test keeps
// these names. RegClass is a3xx's (target_traits.h): kFull is allocated by
// RA; the others are single physical registers (a0.x, p0.x, hr0.x) that
// keep their fixed number and are serialized by deps.
using ValueId = ir::ValueId;
using ir::kNoValue;
using ir::Meta;
using ir::InputRef;
using ir::OutputRef;
using ir::Block;
using A3xxTarget = compiler::A3xxTarget;
using RegClass = A3xxTarget::RegClass;
using Node = ir::Node<A3xxTarget>;
using Function = ir::Function<A3xxTarget>;

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
// One node, e.g. "%12 = add.f %3, c4.x" or "phi %4(b1), %9(b3)": the
// graph's printer (ir_graph.h), a3xx's specialization below.
using ir::PrintNode;

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

namespace shaderdiff::ir {

template <>
std::string PrintNode<compiler::A3xxTarget>(const Function<compiler::A3xxTarget>& fn, ValueId v);

}  // namespace shaderdiff::ir
