// join-temporaries (mutate.h): two TEMPs whose live ranges do not overlap
// become one. Every operand naming TEMP b is renamed to TEMP a, where
//   - every read of a component of b comes, in program order, after a write
//     of that component at the top level (in no IF, loop or SWITCH), so
//     each read of b sees words b's own writes left, never a's;
//   - a's last access comes before b's first, where an access inside a
//     loop counts as the whole outermost loop around it (a loop reads its
//     registers again on the next iteration).
// After a's last access nothing reads a, so what a leaves in the register
// is never read: every read gives the words of the original. The test-only
// wrong version joins a b whose first access comes while a is still read
// later, so b's write clobbers a live value.
// Only shaders without indirect TEMP addressing, TEMP arrays, texture
// offsets in TEMPs or subroutines; only TEMPs touched by 32-bit opcodes.
#include <algorithm>
#include <map>

#include "fuzz/mutate/edit.h"
#include "fuzz/mutate/transforms.h"

namespace shaderdiff::fuzz::transforms {

using tgsi::Opcode;

namespace {

struct TempUse {
  uint32_t first = UINT32_MAX, last = 0;  // program order, loops widened
  uint8_t written_top = 0;                // components written at the top level so far
  bool eligible = true;                   // no read of a component before such a write
};

bool IsTemp(const tgsi::Register& r) { return r.file == tgsi::File::kTemporary; }

// Opcodes whose result component c reads only component c of each source
// (through the swizzle): a read is then swizzle[c] for c in the write mask.
// Any other opcode counts as reading every component its swizzle names.
bool ComponentWise(Opcode op) {
  switch (op) {
    case Opcode::MOV: case Opcode::ADD: case Opcode::MUL: case Opcode::MAD: case Opcode::MIN: case Opcode::MAX:
    case Opcode::SLT: case Opcode::SGE: case Opcode::SEQ: case Opcode::SNE:
    case Opcode::FSLT: case Opcode::FSGE: case Opcode::FSEQ: case Opcode::FSNE:
    case Opcode::FLR: case Opcode::FRC: case Opcode::CEIL: case Opcode::TRUNC: case Opcode::ROUND:
    case Opcode::UADD: case Opcode::UMUL: case Opcode::INEG: case Opcode::IABS:
    case Opcode::IMIN: case Opcode::IMAX: case Opcode::UMIN: case Opcode::UMAX:
    case Opcode::AND: case Opcode::OR: case Opcode::XOR: case Opcode::NOT:
    case Opcode::SHL: case Opcode::ISHR: case Opcode::USHR:
    case Opcode::ISLT: case Opcode::ISGE: case Opcode::USLT: case Opcode::USGE: case Opcode::USEQ: case Opcode::USNE:
    case Opcode::I2F: case Opcode::U2F: case Opcode::F2I: case Opcode::F2U: case Opcode::UCMP:
      return true;
    default:
      return false;
  }
}

// The uses of every directly addressed TEMP, or nullopt when the shader has
// what this transform does not handle.
std::optional<std::map<uint32_t, TempUse>> Uses(const tgsi::Shader& s) {
  const std::optional<uint32_t> end = MainEnd(s);
  if (!end || *end + 1 != s.instructions.size()) return std::nullopt;  // subroutines
  for (const tgsi::Declaration& d : s.declarations) {
    if (d.file == tgsi::File::kTemporary && d.array_id != 0) return std::nullopt;
  }
  // The outermost loop around each instruction, and the flow depth.
  std::vector<std::pair<uint32_t, uint32_t>> loop_of(s.instructions.size(), {UINT32_MAX, 0});
  std::vector<uint32_t> depth(s.instructions.size(), 0);
  std::vector<uint32_t> open_loops;
  uint32_t d = 0;
  for (uint32_t i = 0; i < s.instructions.size(); ++i) {
    const Opcode op = s.instructions[i].opcode;
    if (op == Opcode::ENDLOOP || op == Opcode::ENDIF || op == Opcode::ENDSWITCH) d = d ? d - 1 : 0;
    depth[i] = d;
    if (op == Opcode::BGNLOOP || op == Opcode::IF || op == Opcode::UIF || op == Opcode::SWITCH) ++d;
    if (op == Opcode::BGNLOOP) open_loops.push_back(i);
    if (op == Opcode::ENDLOOP && !open_loops.empty()) {
      const uint32_t start = open_loops.back();
      open_loops.pop_back();
      if (open_loops.empty()) {
        for (uint32_t k = start; k <= i; ++k) loop_of[k] = {start, i};
      }
    }
  }
  std::map<uint32_t, TempUse> uses;
  for (uint32_t i = 0; i < s.instructions.size(); ++i) {
    const tgsi::Instruction& insn = s.instructions[i];
    for (const tgsi::TexOffset& t : insn.tex_offsets) {
      if (t.file == tgsi::File::kTemporary) return std::nullopt;
    }
    const uint32_t lo = loop_of[i].first == UINT32_MAX ? i : loop_of[i].first;
    const uint32_t hi = loop_of[i].first == UINT32_MAX ? i : loop_of[i].second;
    std::map<uint32_t, uint8_t> reads;
    for (const tgsi::SrcOperand& src : insn.src) {
      if (!IsTemp(src.reg)) continue;
      if (src.reg.index.indirect || src.reg.dimension) return std::nullopt;
      const bool per_component = ComponentWise(insn.opcode) && insn.dst.size() == 1;
      for (int c = 0; c < 4; ++c) {
        if (per_component && !(insn.dst[0].write_mask & (1u << c))) continue;
        reads[src.reg.index.index] |= static_cast<uint8_t>(1u << src.swizzle[static_cast<size_t>(c)]);
      }
    }
    for (auto& [t, mask] : reads) {
      TempUse& u = uses[t];
      if ((mask & ~u.written_top) != 0) u.eligible = false;
      u.first = std::min(u.first, lo);
      u.last = std::max(u.last, hi);
      if (!Is32Bit(insn.opcode)) u.eligible = false;
    }
    for (const tgsi::DstOperand& dst : insn.dst) {
      if (!IsTemp(dst.reg)) continue;
      if (dst.reg.index.indirect || dst.reg.dimension) return std::nullopt;
      TempUse& u = uses[dst.reg.index.index];
      if (depth[i] == 0) u.written_top |= dst.write_mask;
      u.first = std::min(u.first, lo);
      u.last = std::max(u.last, hi);
      if (!Is32Bit(insn.opcode)) u.eligible = false;
    }
  }
  return uses;
}

}  // namespace

MaybeShader JoinTemporaries(const tgsi::Shader& s, harness::Rng& rng, bool wrongly_overlapping) {
  const std::optional<std::map<uint32_t, TempUse>> uses = Uses(s);
  if (!uses) return std::nullopt;
  std::vector<std::pair<uint32_t, uint32_t>> pairs;  // (a, b): b renamed to a
  for (const auto& [b, ub] : *uses) {
    if (!ub.eligible) continue;
    for (const auto& [a, ua] : *uses) {
      if (a == b) continue;
      const bool apart = ua.last < ub.first;
      const bool overlapping = ua.first < ub.first && ua.last > ub.first;
      if (wrongly_overlapping ? overlapping : apart) pairs.push_back({a, b});
    }
  }
  if (pairs.empty()) return std::nullopt;
  const auto [a, b] = pairs[rng.Below(static_cast<uint32_t>(pairs.size()))];
  tgsi::Shader out = s;
  for (tgsi::Instruction& insn : out.instructions) {
    for (tgsi::SrcOperand& src : insn.src) {
      if (IsTemp(src.reg) && src.reg.index.index == b) src.reg.index.index = a;
    }
    for (tgsi::DstOperand& dst : insn.dst) {
      if (IsTemp(dst.reg) && dst.reg.index.index == b) dst.reg.index.index = a;
    }
  }
  out.items.clear();
  return out;
}

}  // namespace shaderdiff::fuzz::transforms
