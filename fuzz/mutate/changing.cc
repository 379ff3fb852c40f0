// The semantics-changing transforms (mutate.h): new programs, checked
// differentially like any other. The reference's allowed sets say what the
// change leaves undefined (an output component no longer written, a TEMP
// read before any write), and the comparison exempts exactly that.
#include <algorithm>
#include <map>

#include "fuzz/mutate/edit.h"
#include "fuzz/mutate/transforms.h"
#include "tools/reduce/shader_edit.h"

namespace shaderdiff::fuzz::transforms {

namespace {

template <typename T>
const T& Pick(const std::vector<T>& v, harness::Rng& rng) {
  return v[rng.Below(static_cast<uint32_t>(v.size()))];
}

std::vector<uint32_t> Sites(const tgsi::Shader& s, uint32_t min_sources) {
  std::vector<uint32_t> out;
  for (uint32_t i : PlainInstructions(s)) {
    const tgsi::Instruction& insn = s.instructions[i];
    if (Is32Bit(insn.opcode) && !tgsi::GetOpcodeInfo(insn.opcode).has(tgsi::kTex) && insn.src.size() >= min_sources)
      out.push_back(i);
  }
  return out;
}

// The declared ranges of one file: (first, last) pairs, 1-D only.
std::vector<std::pair<uint32_t, uint32_t>> Declared(const tgsi::Shader& s, tgsi::File file) {
  std::vector<std::pair<uint32_t, uint32_t>> out;
  for (const tgsi::Declaration& d : s.declarations) {
    if (d.file == file && !d.dimension && !d.vertex_bracket && d.array_id == 0) out.push_back({d.first, d.last});
  }
  return out;
}

}  // namespace

// Two sources of one instruction exchanged (for ADD a no-op, for SUB, MAD,
// compares and shifts a different program).
MaybeShader SwapOperands(const tgsi::Shader& s, harness::Rng& rng) {
  const std::vector<uint32_t> sites = Sites(s, 2);
  if (sites.empty()) return std::nullopt;
  tgsi::Shader out = s;
  out.items.clear();
  tgsi::Instruction& insn = out.instructions[Pick(sites, rng)];
  const uint32_t a = rng.Below(static_cast<uint32_t>(insn.src.size()));
  const uint32_t b = (a + 1 + rng.Below(static_cast<uint32_t>(insn.src.size()) - 1)) % insn.src.size();
  std::swap(insn.src[a], insn.src[b]);
  return out;
}

// A random swizzle on one source.
MaybeShader NewSwizzle(const tgsi::Shader& s, harness::Rng& rng) {
  const std::vector<uint32_t> sites = Sites(s, 1);
  if (sites.empty()) return std::nullopt;
  tgsi::Shader out = s;
  out.items.clear();
  tgsi::Instruction& insn = out.instructions[Pick(sites, rng)];
  tgsi::SrcOperand& src = insn.src[rng.Below(static_cast<uint32_t>(insn.src.size()))];
  for (uint8_t& c : src.swizzle) c = static_cast<uint8_t>(rng.Below(4));
  return out;
}

// A random non-empty write mask on one destination.
MaybeShader NewWriteMask(const tgsi::Shader& s, harness::Rng& rng) {
  const std::vector<uint32_t> sites = Sites(s, 0);
  if (sites.empty()) return std::nullopt;
  tgsi::Shader out = s;
  out.items.clear();
  tgsi::Instruction& insn = out.instructions[Pick(sites, rng)];
  insn.dst[0].write_mask = static_cast<uint8_t>(1 + rng.Below(15));
  return out;
}

// A plain instruction of `donor` inserted before a plain instruction of
// the shader, its registers mapped onto the shader's: TEMP, IN, CONST, OUT
// and SV to a register the shader declares of that file (a TEMP when it
// declares no OUT; an immediate 1.0 for a source of a file it lacks),
// immediates copied by value. Relatively addressed and texture
// instructions are not taken.
MaybeShader DonorSplice(const tgsi::Shader& s, const tgsi::Shader& donor, harness::Rng& rng) {
  std::vector<uint32_t> takeable;
  for (uint32_t i : Sites(donor, 0)) {
    bool direct = true;
    for (const tgsi::SrcOperand& src : donor.instructions[i].src) direct &= !src.reg.index.indirect && !src.reg.dimension;
    if (direct) takeable.push_back(i);
  }
  const std::vector<uint32_t> sites = PlainInstructions(s);
  if (takeable.empty() || sites.empty()) return std::nullopt;
  tgsi::Shader out = s;
  tgsi::Instruction insn = donor.instructions[Pick(takeable, rng)];
  insn.label.reset();
  auto map_register = [&](tgsi::Register& reg, bool is_dst) -> bool {
    if (reg.file == tgsi::File::kImmediate) {
      if (reg.index.index >= donor.immediates.size()) return false;
      reg.index.index = reduce::AddImmediate(out, donor.immediates[reg.index.index].words);
      return true;
    }
    tgsi::File file = reg.file;
    if (is_dst && file == tgsi::File::kOutput && Declared(out, file).empty()) file = tgsi::File::kTemporary;
    auto ranges = Declared(out, file);
    if (ranges.empty() && file == tgsi::File::kTemporary) {
      AddTemporary(out);
      ranges = Declared(out, file);
    }
    if (ranges.empty()) {
      if (is_dst) return false;
      reg = tgsi::Register{};
      reg.file = tgsi::File::kImmediate;
      reg.index.index = reduce::AddImmediate(out, {0x3f800000, 0x3f800000, 0x3f800000, 0x3f800000});
      return true;
    }
    const auto [first, last] = Pick(ranges, rng);
    reg = tgsi::Register{};
    reg.file = file;
    reg.index.index = first + rng.Below(last - first + 1);
    return true;
  };
  for (tgsi::DstOperand& d : insn.dst) {
    if (!map_register(d.reg, true)) return std::nullopt;
  }
  for (tgsi::SrcOperand& src : insn.src) {
    if (!map_register(src.reg, false)) return std::nullopt;
  }
  return InsertInstructions(out, Pick(sites, rng), {insn});
}

}  // namespace shaderdiff::fuzz::transforms
