// The conservative legalize (conservative.h): before every instruction one
// (ss)(sy) nop of Timing::max_delay() slots, so no instruction ever issues
// while a result it could read or overwrite is outstanding or too recent,
// whatever came before it on any path (a nop that waits for everything
// makes the state at every instruction independent of the path: no
// dataflow is needed). Shares no code with legalize.cc on purpose.
//
// Why the wait is enough: an ALU producer of (rptR) issued at slot s writes
// its last result at s + R; the next instruction issues at s + R + 1 + the
// nop's slots, and a consumer needs slot >= write + 1 + D with D <=
// max_delay() (delay rules, docs/isa-a3xx.md §4.2). Instructions between a
// producer and its consumer only add slots. Asynchronous results (cat4/5/6)
// land at the (ss)/(sy), and the same sync ends every lazy source read.
#include <algorithm>

#include "compiler/targets/a3xx/conservative.h"
#include "emulator/a3xx/isa/disasm.h"
#include "emulator/a3xx/isa/is_valid.h"

namespace shaderdiff::opt {

namespace {

using a3xx::Instr;
using a3xx::Opcode;

// The largest (rptN) a nop takes (by the encoder's own check).
int LargestNopRepeat() {
  static const int value = [] {
    Instr n;
    n.opcode = Opcode::NOP;
    int largest = 0;
    while (largest < 255) {
      n.repeat = static_cast<uint8_t>(largest + 1);
      if (!a3xx::IsValid(n)) break;
      ++largest;
    }
    return largest;
  }();
  return value;
}

struct Out {
  std::vector<Instr> instrs;
  std::vector<int32_t> source_map;
  std::vector<uint8_t> source_comps;
  void Push(const Instr& in, int32_t source, uint8_t comps) {
    instrs.push_back(in);
    source_map.push_back(source);
    source_comps.push_back(comps);
  }
};

// `slots` nop slots, the first nop carrying (ss)(sy) (and `first_flags`).
void WaitNops(Out& out, int slots, int largest_repeat, uint8_t first_flags, int32_t source) {
  uint8_t flags = a3xx::kFlagSs | a3xx::kFlagSy | first_flags;
  for (int left = std::max(slots, 1); left > 0;) {
    Instr n;
    n.opcode = Opcode::NOP;
    n.flags = flags;
    const int take = std::min(left, largest_repeat + 1);
    n.repeat = static_cast<uint8_t>(take - 1);
    out.Push(n, source, 0);
    left -= take;
    flags = 0;
  }
}

LegalizeResult Refuse(std::string why, bool too_large = false) {
  LegalizeResult r;
  r.error = "conservative legalize: " + std::move(why);
  r.too_large = too_large;
  return r;
}

}  // namespace

LegalizeResult LegalizeConservatively(const MachineFunction& mf, const a3xx::Timing& t) {
  const size_t nb = mf.blocks.size();
  if (nb == 0) return Refuse("the function has no blocks");
  const int largest_repeat = LargestNopRepeat();
  const int wait = t.max_delay();
  // The last bary.f gets (ei); the hardware ends input interpolation there,
  // so every bary.f must be in the entry block.
  int ei_at = -1;
  for (size_t b = 0; b < nb; ++b) {
    const std::vector<Instr>& ins = mf.blocks[b].instrs;
    for (size_t i = 0; i < ins.size(); ++i) {
      if (ins[i].opcode != Opcode::BARY_F) continue;
      if (b != 0) return Refuse("a bary.f outside the entry block cannot be followed by (ei)");
      ei_at = static_cast<int>(i);
    }
  }
  Out out;
  std::vector<size_t> start(nb), branch_at(nb, SIZE_MAX);
  for (size_t b = 0; b < nb; ++b) {
    const MachineBlock& blk = mf.blocks[b];
    start[b] = out.instrs.size();
    if (blk.instrs.empty()) WaitNops(out, 1, largest_repeat, a3xx::kFlagJp, -1);
    for (size_t i = 0; i < blk.instrs.size(); ++i) {
      Instr in = blk.instrs[i];
      const int32_t source = i < blk.source_map.size() ? blk.source_map[i] : -1;
      const uint8_t comps = i < blk.source_comps.size() ? blk.source_comps[i] : 0;
      if (in.opcode == Opcode::NOP || in.nop != 0 || in.branch != 0 ||
          (in.flags & (a3xx::kFlagSs | a3xx::kFlagSy | a3xx::kFlagJp | a3xx::kFlagEi))) {
        return Refuse("block " + std::to_string(b) + " instruction " + std::to_string(i) + " (" +
                      a3xx::Disassemble(in) + ") already carries timing");
      }
      WaitNops(out, wait, largest_repeat, i == 0 ? a3xx::kFlagJp : 0, source);
      if (b == 0 && static_cast<int>(i) == ei_at) in.flags |= a3xx::kFlagEi;
      if (in.opcode == Opcode::BR || in.opcode == Opcode::JUMP) {
        if (i + 1 != blk.instrs.size()) return Refuse("block " + std::to_string(b) + ": a branch before its end");
        if (blk.target_block < 0 || static_cast<size_t>(blk.target_block) >= nb) {
          return Refuse("block " + std::to_string(b) + ": branch target out of range");
        }
        branch_at[b] = out.instrs.size();
      }
      out.Push(in, source, comps);
    }
  }
  for (size_t b = 0; b < nb; ++b) {
    if (branch_at[b] == SIZE_MAX) continue;
    const int64_t offset = static_cast<int64_t>(start[static_cast<size_t>(mf.blocks[b].target_block)]) -
                           static_cast<int64_t>(branch_at[b]);
    if (offset < INT16_MIN || offset > INT16_MAX) {
      return Refuse("program size: branch offset " + std::to_string(offset) + " exceeds a3xx's 16 bits", true);
    }
    out.instrs[branch_at[b]].branch = static_cast<int32_t>(offset);
  }
  while (out.instrs.size() % 4 != 0) out.Push(Instr{}, -1, 0);
  a3xx::ValidatedProgram::Refusal refusal;
  std::optional<a3xx::ValidatedProgram> valid =
      a3xx::ValidatedProgram::Check(a3xx::Program{mf.state, std::move(out.instrs)}, &refusal);
  if (!valid) {
    return Refuse("instruction " + std::to_string(refusal.index) + " (" + a3xx::Disassemble(refusal.instr) +
                  ") is not encodable: " + refusal.why);
  }
  LegalizeResult r;
  r.program = std::move(*valid);
  r.source_map = std::move(out.source_map);
  r.source_comps = std::move(out.source_comps);
  return r;
}

}  // namespace shaderdiff::opt
