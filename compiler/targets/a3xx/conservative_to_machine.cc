// The conservative to-machine (conservative.h): every parallel copy (a
// kParCopy or a collect) goes through scratch registers no value of the
// function uses: all sources are copied to the scratch registers first,
// then the scratch registers to the destinations, one plain mov each. No
// destination is written before every source has been read, whatever the
// order, so the copies cannot conflict. The scratch registers are the vec4s
// right after the highest register the function uses (values, pinned range,
// FS i/j pair: MachineState); full_regs grows to cover them. When they do
// not fit in the register file the shader is not lowered (unsupported: "no
// verdict" for a probe), never lowered some other way.
#include <algorithm>

#include "compiler/targets/a3xx/naive/emit.h"
#include "compiler/targets/a3xx/conservative.h"
#include "compiler/targets/a3xx/to_machine.h"

namespace shaderdiff::opt {

namespace {

a3xx::Instr ScalarMov(int dst, int src) {
  return naive::Mov(a3xx::GprOperand(static_cast<uint16_t>(dst)), a3xx::GprOperand(static_cast<uint16_t>(src)));
}

void Append(MachineBlock& mb, const a3xx::Instr& in, int32_t tgsi) {
  mb.instrs.push_back(in);
  mb.source_map.push_back(tgsi);
  mb.source_comps.push_back(0);
}

// The most scalars one parallel copy of the function moves.
int LargestCopy(const Function& fn) {
  int most = 0;
  for (const Block& b : fn.blocks) {
    for (ValueId v : b.nodes) {
      const Node& n = fn.node(v);
      if (n.dead) continue;
      if (n.meta == Meta::kParCopy) most = std::max(most, static_cast<int>(n.size));
      if (n.meta == Meta::kCollect) most = std::max(most, static_cast<int>(n.args.size()));
    }
  }
  return most;
}

}  // namespace

std::optional<std::string> ToMachineConservatively(const Function& fn, const a3xx::Timing& t, MachineFunction* out) {
  const int scalars = LargestCopy(fn);
  const a3xx::ShaderState used = MachineState(fn);
  const int scratch_vec4s = (scalars + 3) / 4;
  const int scratch = 4 * used.full_regs;
  if (used.full_regs + scratch_vec4s > t.num_full_vec4) {
    return "conservative to-machine: no free register for the copies (" + std::to_string(used.full_regs) +
           " of " + std::to_string(t.num_full_vec4) + " vec4s used, " + std::to_string(scratch_vec4s) +
           " more needed)";
  }
  const ParallelCopyLowering through_scratch = [scratch](MachineBlock& mb,
                                                         const std::vector<std::pair<int, int>>& copies,
                                                         int32_t tgsi) {
    for (size_t k = 0; k < copies.size(); ++k) Append(mb, ScalarMov(scratch + static_cast<int>(k), copies[k].second), tgsi);
    for (size_t k = 0; k < copies.size(); ++k) Append(mb, ScalarMov(copies[k].first, scratch + static_cast<int>(k)), tgsi);
  };
  *out = ToMachine(fn, &through_scratch);
  if (scalars > 0) out->state.full_regs = static_cast<uint16_t>(used.full_regs + scratch_vec4s);
  return std::nullopt;
}

}  // namespace shaderdiff::opt
