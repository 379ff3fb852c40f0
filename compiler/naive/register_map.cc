#include "compiler/naive/register_map.h"

#include <algorithm>

namespace shaderdiff::naive {

using tgsi::File;

namespace {

constexpr File kGprFileOrder[] = {File::kInput, File::kSystemValue, File::kOutput, File::kTemporary,
                                  File::kAddress};

struct Sizes {
  std::map<File, uint64_t> gpr;
  std::map<uint32_t, uint64_t> consts;  // buffer -> size
  uint64_t imm = 0;

  void Grow(uint64_t& size, uint64_t index) { size = std::max(size, index + 1); }

  void Register(const tgsi::Register& r) {
    if (r.index.indirect && r.index.indirect->file == File::kAddress) Grow(gpr[File::kAddress], r.index.indirect->index);
    if (r.dimension && r.dimension->indirect && r.dimension->indirect->file == File::kAddress) {
      Grow(gpr[File::kAddress], r.dimension->indirect->index);
    }
    if (RegisterMap::IsGprFile(r.file)) {
      if (!r.index.indirect) Grow(gpr[r.file], r.index.index);
    } else if (r.file == File::kConstant) {
      if (r.dimension && r.dimension->indirect) return;  // rejected by the translator
      const uint32_t buffer = r.dimension ? r.dimension->index : 0;
      uint64_t& s = consts[buffer];
      if (!r.index.indirect) Grow(s, r.index.index);
    } else if (r.file == File::kImmediate) {
      if (!r.index.indirect) Grow(imm, r.index.index);
    }
  }
};

}  // namespace

bool RegisterMap::IsGprFile(File file) {
  return std::find(std::begin(kGprFileOrder), std::end(kGprFileOrder), file) != std::end(kGprFileOrder);
}

std::optional<RegisterMap> RegisterMap::Build(const tgsi::Shader& shader, std::string* unsupported) {
  Sizes s;
  for (File f : kGprFileOrder) s.gpr[f] = 0;
  for (const tgsi::Declaration& d : shader.declarations) {
    if (IsGprFile(d.file)) {
      s.Grow(s.gpr[d.file], d.last);
    } else if (d.file == File::kConstant) {
      s.Grow(s.consts[d.dimension.value_or(0)], d.last);
    }
  }
  s.imm = shader.immediates.size();
  for (const tgsi::Instruction& in : shader.instructions) {
    for (const tgsi::DstOperand& d : in.dst) s.Register(d.reg);
    for (const tgsi::SrcOperand& src : in.src) s.Register(src.reg);
  }

  RegisterMap map;
  uint64_t next = kFirstTgsiVec4;
  for (File f : kGprFileOrder) {
    const uint64_t size = s.gpr[f];
    map.gpr_files_[f] = FileLayout{static_cast<uint32_t>(std::min<uint64_t>(next, UINT32_MAX)),
                                   static_cast<uint32_t>(std::min<uint64_t>(size, UINT32_MAX))};
    next += size;
  }
  if (next > kA3xxGprVec4) {
    *unsupported = "register file: " + std::to_string(next) + " vec4 registers needed, a3xx has " +
                   std::to_string(kA3xxGprVec4);
    return std::nullopt;
  }
  map.total_gpr_ = static_cast<uint32_t>(next);

  // Buffer 0 first, so CONST[i] is c<i>; the others in buffer order.
  uint64_t cnext = 0;
  if (!s.consts.count(0)) s.consts[0] = 0;
  for (const auto& [buffer, size] : s.consts) {
    map.const_buffers_[buffer] = FileLayout{static_cast<uint32_t>(std::min<uint64_t>(cnext, UINT32_MAX)),
                                            static_cast<uint32_t>(std::min<uint64_t>(size, UINT32_MAX))};
    cnext += size;
  }
  const uint64_t total_const = cnext + s.imm;
  if (total_const > kA3xxConstVec4) {
    *unsupported = "const file: " + std::to_string(total_const) + " vec4 constants needed, a3xx has " +
                   std::to_string(kA3xxConstVec4);
    return std::nullopt;
  }
  map.imm_base_ = static_cast<uint32_t>(cnext);
  map.imm_count_ = static_cast<uint32_t>(s.imm);
  return map;
}

const FileLayout& RegisterMap::Gprs(File file) const { return gpr_files_.at(file); }

int32_t RegisterMap::GprScalar(File file, int64_t index, int comp) const {
  return static_cast<int32_t>(4 * (static_cast<int64_t>(Gprs(file).base) + index) + comp);
}

std::optional<uint32_t> RegisterMap::ConstBase(uint32_t buffer) const {
  auto it = const_buffers_.find(buffer);
  if (it == const_buffers_.end()) return std::nullopt;
  return it->second.base;
}

uint32_t RegisterMap::ConstSize(uint32_t buffer) const {
  auto it = const_buffers_.find(buffer);
  return it == const_buffers_.end() ? 0 : it->second.size;
}

}  // namespace shaderdiff::naive
