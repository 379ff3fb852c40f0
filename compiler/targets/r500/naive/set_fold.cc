// The forward use analysis of r500-select/set-fold (set_fold.h). For each
// set op writing TEMP[n] (direct, no saturate), the scan walks forward from
// it in program order with L = the components it wrote and still live:
//   * every source of every instruction that reads a component in L must
//     be a permitted read: the src0 of a one-destination CMP, negated and
//     not absolute, whose every channel of the write mask reads a
//     component in L (so the select's condition is this set op's result on
//     every channel it computes), or that CMP's src2 reading the same
//     register with the same swizzle on those channels and no modifier
//     (AND's `CMP -b, x, b`: chosen only where b is false, +0.0). A CMP
//     reads its sources on its write mask's channels; any other
//     instruction is taken to read all four swizzle entries.
//   * then the instruction's direct TEMP[n] write removes its components
//     from L; L empty, or END (no TEMP outlives it), ends the scan: the
//     set op qualifies (if it has a reader).
//   * flow control (an instruction without a destination other than NOP,
//     KILL and KILL_IF) while L is not empty ends the scan: the set op
//     qualifies only if it is in no loop and no instruction from there to
//     the end reads L's components at all (structured code outside loops
//     runs forward in program order, so the value is dead there); texel
//     offsets or any relative TEMP access end it too, and it does not
//     qualify (its value could reach a read the scan does not see).
// Every read the analysis permits is in the straight-line code after the
// set op, so it sees this set op's value and no other; and no other read
// of that value exists: the stored difference is read by those selects
// only.
#include "compiler/targets/r500/naive/set_fold.h"

namespace shaderdiff::r500naive {
namespace {

using tgsi::Opcode;

FoldForm FormOf(Opcode op) {
  switch (op) {
    case Opcode::SLT: case Opcode::SGT: return FoldForm::kMin;  // SGT swaps its operands to SLT
    case Opcode::SGE: case Opcode::SLE: return FoldForm::kGe;
    case Opcode::SEQ: return FoldForm::kEq;
    case Opcode::SNE: return FoldForm::kNe;
    default: return FoldForm::kNone;
  }
}

bool ReadsTemp(const tgsi::SrcOperand& s, uint32_t temp) {
  return s.reg.file == tgsi::File::kTemporary && s.reg.index.index == temp;
}

// The components of TEMP[temp] `s` reads on the channels of `channels`.
uint8_t ComponentsRead(const tgsi::SrcOperand& s, uint8_t channels) {
  uint8_t out = 0;
  for (int c = 0; c < 4; ++c)
    if (channels & (1u << c)) out |= static_cast<uint8_t>(1u << (s.swizzle[c] & 3));
  return out;
}

bool SameReadOn(const tgsi::SrcOperand& a, const tgsi::SrcOperand& b, uint8_t channels) {
  if (!(a.reg == b.reg)) return false;
  for (int c = 0; c < 4; ++c)
    if ((channels & (1u << c)) && a.swizzle[c] != b.swizzle[c]) return false;
  return true;
}

bool AnyRelativeTemp(const tgsi::Instruction& in) {
  for (const tgsi::SrcOperand& s : in.src)
    if (s.reg.file == tgsi::File::kTemporary && s.reg.index.indirect) return true;
  for (const tgsi::DstOperand& d : in.dst)
    if (d.reg.file == tgsi::File::kTemporary && d.reg.index.indirect) return true;
  return false;
}

// Whether the components `live` of TEMP[temp] that set op `i` wrote are
// dead at instruction `from` for a plain reason: `i` is in no loop (so
// every path from `from` runs forward in program order) and no
// instruction from `from` on reads them, nor any TEMP relatively.
bool NeverReadFrom(const tgsi::Shader& shader, size_t i, size_t from, uint32_t temp, uint8_t live) {
  int depth = 0;
  for (size_t k = 0; k < i; ++k) {
    depth += shader.instructions[k].opcode == Opcode::BGNLOOP;
    depth -= shader.instructions[k].opcode == Opcode::ENDLOOP;
  }
  if (depth != 0) return false;
  for (size_t k = from; k < shader.instructions.size(); ++k) {
    const tgsi::Instruction& in = shader.instructions[k];
    if (AnyRelativeTemp(in) || !in.tex_offsets.empty()) return false;
    for (const tgsi::SrcOperand& s : in.src)
      if (ReadsTemp(s, temp) && (ComponentsRead(s, 0xf) & live) != 0) return false;
  }
  return true;
}

// The readers of set op `i`'s result if every one is a permitted select
// (above), each with whether its src2 reads the boolean too; false if not.
bool Readers(const tgsi::Shader& shader, size_t i, std::vector<std::pair<size_t, bool>>* readers) {
  const uint32_t temp = shader.instructions[i].dst[0].reg.index.index;
  uint8_t live = shader.instructions[i].dst[0].write_mask;
  for (size_t j = i + 1; j < shader.instructions.size() && live != 0; ++j) {
    const tgsi::Instruction& in = shader.instructions[j];
    if (in.opcode == Opcode::END) return !readers->empty();  // TEMPs are dead at the end
    if (in.dst.empty() && in.opcode != Opcode::NOP && in.opcode != Opcode::KILL && in.opcode != Opcode::KILL_IF)
      return NeverReadFrom(shader, i, j, temp, live) && !readers->empty();
    if (AnyRelativeTemp(in) || !in.tex_offsets.empty()) return false;
    const bool cmp = in.opcode == Opcode::CMP && in.dst.size() == 1 && in.src.size() == 3;
    const uint8_t channels = cmp ? in.dst[0].write_mask : 0xf;
    bool cond = false, src2 = false;
    for (size_t k = 0; k < in.src.size(); ++k) {
      const tgsi::SrcOperand& s = in.src[k];
      if (!ReadsTemp(s, temp) || (ComponentsRead(s, channels) & live) == 0) continue;
      if (cmp && k == 0 && s.negate && !s.absolute && (ComponentsRead(s, channels) & ~live) == 0) {
        cond = true;
      } else if (cmp && k == 2 && !s.negate && !s.absolute && SameReadOn(s, in.src[0], channels)) {
        src2 = true;
      } else {
        return false;
      }
    }
    if (src2 && !cond) return false;
    if (cond) readers->push_back({j, src2});
    for (const tgsi::DstOperand& d : in.dst)
      if (d.reg.file == tgsi::File::kTemporary && d.reg.index.index == temp) live &= static_cast<uint8_t>(~d.write_mask);
  }
  return live == 0 && !readers->empty();
}

}  // namespace

SetFoldPlan PlanSetFolds(const tgsi::Shader& shader) {
  const size_t n = shader.instructions.size();
  SetFoldPlan plan;
  plan.form.assign(n, FoldForm::kNone);
  plan.reader_of.assign(n, -1);
  plan.src2_is_cond.assign(n, 0);
  plan.folded.assign(n, 0);
  for (size_t i = 0; i < n; ++i) {
    const tgsi::Instruction& in = shader.instructions[i];
    const FoldForm form = FormOf(in.opcode);
    if (form == FoldForm::kNone || in.saturate || in.dst.size() != 1 || in.dst[0].reg.file != tgsi::File::kTemporary ||
        AnyRelativeTemp(in))
      continue;
    std::vector<std::pair<size_t, bool>> readers;
    if (!Readers(shader, i, &readers)) continue;
    plan.form[i] = form;
    for (const auto& [j, src2] : readers) {
      plan.reader_of[j] = static_cast<int32_t>(i);
      plan.src2_is_cond[j] = src2;
    }
  }
  return plan;
}

}  // namespace shaderdiff::r500naive
