// FinalWriteMasks (provenance.h): for each TGSI instruction, the last
// selected instruction writing each destination component's register.
#include "compiler/targets/a3xx/naive/provenance.h"

#include <array>
#include <limits>
#include <optional>
#include <string>
#include <utility>

#include "compiler/targets/a3xx/naive/register_map.h"
#include "emulator/a3xx/operand_spans.h"

namespace shaderdiff::naive {

namespace {

// The full-precision scalar registers `in` writes: [first, first + count).
std::pair<int32_t, int32_t> WrittenScalars(const a3xx::Instr& in) {
  if (in.dst.kind != a3xx::OperandKind::kGpr || in.dst.half) return {0, 0};
  std::string why;
  const std::optional<a3xx::OperandSpans> spans = a3xx::GetOperandSpans(in, &why);
  if (!spans || spans->dst == 0) return {0, 0};
  const int32_t count = in.repeat != 0 ? in.repeat + 1 : spans->dst;
  return {in.dst.num, count};
}

}  // namespace

std::vector<uint8_t> FinalWriteMasks(const tgsi::Shader& shader, const RegisterMap& map,
                                     const std::vector<a3xx::Instr>& instrs, const std::vector<int32_t>& source_map) {
  std::vector<uint8_t> masks(instrs.size(), 0);
  // (TGSI instruction t, component c) at 4 * t + c -> the last instruction
  // writing its register (kNone: none), a flat array (it was a std::map:
  // a node per write, a measurable share of a campaign's malloc time).
  constexpr size_t kNone = std::numeric_limits<size_t>::max();
  std::vector<size_t> last(4 * shader.instructions.size(), kNone);
  // The naive scalar of each written component of the current TGSI
  // instruction's destination, worked out once per TGSI instruction (its
  // machine instructions are consecutive in the stream): attributed is false
  // for a destination that is not attributed (none, indirect, a second
  // dimension, not a GPR file, a private array).
  int32_t cached = -1;
  bool attributed = false;
  uint8_t write_mask = 0;
  std::array<int32_t, 4> scalar{};
  for (size_t i = 0; i < instrs.size() && i < source_map.size(); ++i) {
    const int32_t t = source_map[i];
    if (t < 0 || static_cast<size_t>(t) >= shader.instructions.size()) continue;
    if (t != cached) {
      cached = t;
      const tgsi::Instruction& ti = shader.instructions[static_cast<size_t>(t)];
      attributed = false;
      if (ti.dst.empty()) continue;
      const tgsi::DstOperand& d = ti.dst[0];
      if (d.reg.index.indirect || d.reg.dimension || !RegisterMap::IsGprFile(d.reg.file)) continue;
      if (map.PrivateArrayOf(d.reg.file, d.reg.index.index)) continue;  // stored with stp, no register
      attributed = true;
      write_mask = d.write_mask;
      for (int c = 0; c < 4; ++c) {
        if (write_mask & (1u << c)) scalar[static_cast<size_t>(c)] = map.GprScalar(d.reg.file, d.reg.index.index, c);
      }
    }
    if (!attributed) continue;
    const auto [first, count] = WrittenScalars(instrs[i]);
    if (count == 0) continue;  // writes no full register (nops, about half the code): nothing to map
    for (int c = 0; c < 4; ++c) {
      if (!(write_mask & (1u << c))) continue;
      const int32_t reg = scalar[static_cast<size_t>(c)];
      if (reg >= first && reg < first + count) last[4 * static_cast<size_t>(t) + static_cast<size_t>(c)] = i;
    }
  }
  for (size_t k = 0; k < last.size(); ++k) {
    if (last[k] != kNone) masks[last[k]] |= static_cast<uint8_t>(1u << (k % 4));
  }
  return masks;
}

void MapThroughLowering(const tgsi::Shader& original, const tgsi::Shader& lowered, const std::vector<uint32_t>& origin,
                        std::vector<int32_t>* source_map, std::vector<uint8_t>* source_comps) {
  for (size_t i = 0; i < source_map->size(); ++i) {
    const int32_t j = (*source_map)[i];
    if (j < 0 || static_cast<size_t>(j) >= origin.size() || static_cast<size_t>(j) >= lowered.instructions.size()) {
      continue;
    }
    const uint32_t o = origin[static_cast<size_t>(j)];
    (*source_map)[i] = static_cast<int32_t>(o);
    if (i >= source_comps->size() || o >= original.instructions.size()) continue;
    const tgsi::Instruction& low = lowered.instructions[static_cast<size_t>(j)];
    const tgsi::Instruction& orig = original.instructions[o];
    const bool same_dst = !low.dst.empty() && !orig.dst.empty() && low.dst[0].reg == orig.dst[0].reg;
    if (!same_dst) (*source_comps)[i] = 0;
  }
}

}  // namespace shaderdiff::naive
