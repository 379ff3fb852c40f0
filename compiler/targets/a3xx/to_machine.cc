// Lowering to the machine form (see to_machine.h).
#include "compiler/targets/a3xx/to_machine.h"

#include <algorithm>

#include "emulator/a3xx/isa/io_fields.h"

#include "compiler/targets/a3xx/naive/emit.h"
#include "compiler/opt/regalloc.h"
#include "compiler/support/mutant.h"

namespace shaderdiff::opt {

namespace {

// mov.u32u32 between two full scalar registers (the selection's builder).
a3xx::Instr Mov(int dst, int src) {
  return naive::Mov(a3xx::GprOperand(static_cast<uint16_t>(dst)), a3xx::GprOperand(static_cast<uint16_t>(src)));
}

void Emit(MachineBlock& mb, const a3xx::Instr& in, int32_t tgsi, uint8_t comps = 0) {
  mb.instrs.push_back(in);
  mb.source_map.push_back(tgsi);
  mb.source_comps.push_back(comps);
}

// (rptN) on cat1 (docs §1.6): N = 1..3 more iterations.
constexpr int kMaxMovRepeat = 3;

// Scalar copies dst[k] <- src[k], in order, as few movs as (rptN) allows:
// iteration k of a repeated mov writes dst + k at its slot k and reads its
// source then, src + k with (r) or src itself without. A run takes
// consecutive destinations whose sources are one register (a replicated
// value) or consecutive registers, provided no iteration reads a register
// the run writes (the run must mean what the single movs in order mean).
void EmitCopies(MachineBlock& mb, const std::vector<std::pair<int, int>>& copies, int32_t tgsi) {
  for (size_t i = 0; i < copies.size();) {
    const auto [dst, src] = copies[i];
    size_t n = 1;
    bool advance = false;
    while (i + n < copies.size() && static_cast<int>(n) <= kMaxMovRepeat) {
      const auto [d, s] = copies[i + n];
      if (d != dst + static_cast<int>(n)) break;
      const bool same = s == src, next = s == src + static_cast<int>(n);
      if (!(n == 1 ? same || next : advance ? next : same)) break;
      const bool adv = n == 1 ? next : advance;
      // No iteration may read what the run writes: sources below the first
      // destination, or at/after the last one written.
      const int last_dst = dst + static_cast<int>(n);
      const int lo = src, hi = adv ? src + static_cast<int>(n) : src;
      if (hi >= dst && lo <= last_dst) break;
      advance = adv;
      ++n;
    }
    a3xx::Instr mov = Mov(dst, src);
    mov.repeat = static_cast<uint8_t>(n - 1);
    mov.src[0].r = advance;
    Emit(mb, mov, tgsi);
    i += n;
  }
}

void EmitCopy(MachineBlock& mb, int dst, int src, int size, int32_t tgsi) {
  if (dst == src || dst < 0 || src < 0) return;
  std::vector<std::pair<int, int>> copies;
  for (int j = 0; j < size; ++j) {
    const int k = dst > src ? size - 1 - j : j;  // memmove order
    copies.push_back({dst + k, src + k});
  }
  EmitCopies(mb, copies, tgsi);
}

bool IsFull(const Function& fn, ValueId v) { return v != kNoValue && fn.node(v).def_class == RegClass::kFull; }

a3xx::Instr Physical(const Function& fn, ValueId v) {
  const Node& n = fn.node(v);
  a3xx::Instr in = n.instr;
  // machine.h: no timing yet. Branch offsets, sync/jump/input flags and
  // (nopN) are legalize's; (sat) is part of the operation.
  in.branch = 0;
  in.flags &= a3xx::kFlagSat;
  in.nop = 0;
  if (n.defines() && n.def_class == RegClass::kFull && in.dst.kind == a3xx::OperandKind::kGpr) {
    in.dst.num = static_cast<uint16_t>(fn.reg[v]);
  }
  for (int k = 0; k < a3xx::kNumSrcSlots; ++k) {
    const ValueId s = n.src_value[k];
    if (IsFull(fn, s) && in.src[k].kind == a3xx::OperandKind::kGpr) {
      in.src[k].num = static_cast<uint16_t>(fn.reg[s] + n.src_comp[k]);
    }
  }
  return in;
}

void FillState(const Function& fn, a3xx::ShaderState& s) {
  for (auto& b : s.inputs) b.span.mask = 0;
  for (auto& b : s.system_values) b.span.mask = 0;
  for (auto& b : s.outputs) b.span.mask = 0;
  int top = fn.pinned_count > 0 ? fn.pinned_first + fn.pinned_count - 1 : -1;
  std::vector<char> placed(fn.nodes.size(), 0);
  for (const Block& b : fn.blocks) {
    for (ValueId v : b.nodes) placed[v] = !fn.node(v).dead;
  }
  for (size_t vi = 0; vi < fn.nodes.size(); ++vi) {
    const ValueId v = static_cast<ValueId>(vi);
    const Node& n = fn.node(v);
    const bool input = IsLiveInput(fn, v);
    if (!(placed[v] || input) || !n.defines() || fn.reg[v] < 0) continue;
    if (n.def_class == RegClass::kFull && n.meta != Meta::kSplit) top = std::max(top, fn.reg[v] + n.size - 1);
    if (!input) continue;
    if (n.input.kind == InputRef::kIj) {
      s.*kIjPairs[n.input.binding].reg = static_cast<uint16_t>(fn.reg[v]);
      continue;
    }
    a3xx::RegisterSpan& span = n.input.kind == InputRef::kRegister ? s.inputs[n.input.binding].span
                                                                    : s.system_values[n.input.binding].span;
    span.base = static_cast<int16_t>(fn.reg[v] - n.input.comp);
    span.mask = InputMask(fn, v);
  }
  for (size_t p = 0; p < kNumIjPairs; ++p) {
    if (PreloadsIjPair(s, p)) top = std::max(top, s.*kIjPairs[p].reg + 1);
  }
  for (const Block& b : fn.blocks) {
    for (ValueId v : b.nodes) {
      const Node& n = fn.node(v);
      if (n.dead || n.is_meta() || n.instr.opcode != a3xx::Opcode::END) continue;
      for (size_t k = 0; k < n.args.size() && k < fn.outputs.size(); ++k) {
        const ValueId col = n.args[k];
        if (col == kNoValue || fn.reg[col] < 0) continue;
        const OutputRef& ref = fn.outputs[k];
        a3xx::RegisterSpan& span = s.outputs[ref.binding].span;
        // A collect's written components, or every component of a vector
        // read as it stands (copy-prop-vector).
        uint8_t written = 0;
        const Node& cn = fn.node(col);
        for (int i = 0; i < cn.size; ++i) {
          if (cn.meta != Meta::kCollect || cn.args[static_cast<size_t>(i)] != kNoValue) {
            written |= static_cast<uint8_t>(1u << (ref.comp + i));
          }
        }
        span.base = static_cast<int16_t>(fn.reg[col] - ref.comp);
        span.mask = a3xx::ProgrammedMask(span.field, written).value_or(0);
      }
    }
  }
  s.full_regs = static_cast<uint16_t>(top < 0 ? 0 : top / 4 + 1);
  s.half_regs = fn.uses_half0 ? 1 : 0;
}

// A kParCopy's or kCollect's scalar copies as one unordered parallel copy,
// handed to the substitute's lowering.
void LowerParallelCopy(const Function& fn, ValueId v, MachineBlock& mb, const ParallelCopyLowering& lowering) {
  const Node& n = fn.node(v);
  std::vector<std::pair<int, int>> copies;
  if (n.meta == Meta::kParCopy) {
    if (!IsFull(fn, v) || n.args.empty() || fn.reg[v] < 0 || fn.reg[n.args[0]] < 0) return;
    for (int k = 0; k < n.size; ++k) {
      if (fn.reg[v] != fn.reg[n.args[0]]) copies.push_back({fn.reg[v] + k, fn.reg[n.args[0]] + k});
    }
  } else {
    for (size_t i = 0; i < n.args.size(); ++i) {
      if (n.args[i] == kNoValue || fn.reg[n.args[i]] < 0) continue;
      const int dst = fn.reg[v] + static_cast<int>(i);
      if (dst != fn.reg[n.args[i]]) copies.push_back({dst, fn.reg[n.args[i]]});
    }
  }
  if (!copies.empty()) lowering(mb, copies, n.tgsi_index);
}

}  // namespace

a3xx::ShaderState MachineState(const Function& fn) {
  a3xx::ShaderState state = fn.state;
  FillState(fn, state);
  return state;
}

MachineFunction ToMachine(const Function& fn, const ParallelCopyLowering* lowering) {
  MachineFunction mf;
  mf.state = fn.state;
  FillState(fn, mf.state);
  for (const Block& blk : fn.blocks) {
    MachineBlock mb;
    mb.preds = blk.preds;
    mb.succs = blk.succs;
    // About one machine instruction per node (copies add a few): capacity only.
    mb.instrs.reserve(blk.nodes.size());
    mb.source_map.reserve(blk.nodes.size());
    mb.source_comps.reserve(blk.nodes.size());
    for (ValueId v : blk.nodes) {
      const Node& n = fn.node(v);
      if (n.dead) continue;
      if (lowering && (n.meta == Meta::kParCopy || n.meta == Meta::kCollect)) {
        LowerParallelCopy(fn, v, mb, *lowering);
        continue;
      }
      switch (n.meta) {
        case Meta::kPhi:
        case Meta::kSplit:
        case Meta::kInput:
          break;
        case Meta::kParCopy:
          if (IsFull(fn, v) && !n.args.empty()) EmitCopy(mb, fn.reg[v], fn.reg[n.args[0]], n.size, n.tgsi_index);
          break;
        case Meta::kCollect: {
          // Component order (regalloc.h step 5); the test-only mutant
          // (mutants.def) emits the last component first.
          const bool reverse = compiler::MutantActive(compiler::Mutant::kToMachineCollectReverse);
          std::vector<std::pair<int, int>> copies;
          for (size_t j = 0; j < n.args.size(); ++j) {
            const size_t i = reverse ? n.args.size() - 1 - j : j;
            if (n.args[i] == kNoValue || fn.reg[n.args[i]] < 0) continue;
            const int dst = fn.reg[v] + static_cast<int>(i);
            if (dst != fn.reg[n.args[i]]) copies.push_back({dst, fn.reg[n.args[i]]});
          }
          EmitCopies(mb, copies, n.tgsi_index);
          break;
        }
        case Meta::kNone:
          Emit(mb, Physical(fn, v), n.tgsi_index, n.tgsi_comps);
          if (n.instr.opcode == a3xx::Opcode::BR || n.instr.opcode == a3xx::Opcode::JUMP) {
            mb.target_block = n.target_block;
          }
          break;
      }
    }
    mf.blocks.push_back(std::move(mb));
  }
  return mf;
}

}  // namespace shaderdiff::opt
