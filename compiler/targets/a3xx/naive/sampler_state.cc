// Sampler units and their texture state (sampler_state.h).
#include "compiler/targets/a3xx/naive/sampler_state.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

namespace shaderdiff::naive {

namespace {

using tgsi::File;

// The descriptor type and UNNORM_COORDS bit a TGSI target needs; nullopt
// for targets the translator does not sample (reported by the templates).
struct TexState {
  a3xx::TextureType type;
  bool unnormalized;
  bool operator==(const TexState&) const = default;
};

std::optional<TexState> TextureStateOf(tgsi::TextureTarget t) {
  using TT = tgsi::TextureTarget;
  using A = a3xx::TextureType;
  switch (t) {
    case TT::k1D:
    case TT::kShadow1D:
    case TT::k1DArray:
    case TT::kShadow1DArray:
    case TT::kBuffer: return TexState{A::k1D, false};  // fd3_texture.c: a buffer is a 1-D texture
    case TT::k2D:
    case TT::kShadow2D:
    case TT::k2DArray:
    case TT::kShadow2DArray: return TexState{A::k2D, false};
    case TT::kRect:
    case TT::kShadowRect: return TexState{A::k2D, true};
    case TT::k3D: return TexState{A::k3D, false};
    case TT::kCube:
    case TT::kShadowCube: return TexState{A::kCube, false};
    default: return std::nullopt;
  }
}

}  // namespace

SamplerState SamplerBindingsFor(const tgsi::Shader& shader) {
  SamplerState out;
  std::set<uint32_t> samplers;
  for (const tgsi::Declaration& d : shader.declarations) {
    if (d.file != File::kSampler) continue;
    for (uint64_t i = d.first; i <= std::min<uint64_t>(d.last, 15); ++i) samplers.insert(static_cast<uint32_t>(i));
  }
  // Sampler units used without a declaration, and each unit's texture state.
  std::map<uint32_t, std::pair<TexState, tgsi::TextureTarget>> state_of;
  for (const tgsi::Instruction& in : shader.instructions) {
    for (const tgsi::SrcOperand& src : in.src) {
      if (src.reg.file != File::kSampler || src.reg.index.indirect || src.reg.index.index > 15) continue;
      const uint32_t n = src.reg.index.index;
      samplers.insert(n);
      if (!in.texture_target) continue;
      const std::optional<TexState> ts = TextureStateOf(*in.texture_target);
      if (!ts) continue;
      const auto [it, fresh] = state_of.emplace(n, std::pair{*ts, *in.texture_target});
      if (!fresh && !(it->second.first == *ts) && out.conflict.empty()) {
        out.conflict = "sampler unit " + std::to_string(n) + " used as " +
                       std::string(tgsi::Name(it->second.second)) + " and " +
                       std::string(tgsi::Name(*in.texture_target)) + " (one texture descriptor per unit)";
      }
    }
  }
  for (uint32_t n : samplers) {
    a3xx::SamplerBinding b{n, static_cast<uint8_t>(n), static_cast<uint8_t>(n)};
    if (const auto it = state_of.find(n); it != state_of.end()) {
      b.type = it->second.first.type;
      b.unnormalized = it->second.first.unnormalized;
    }
    out.bindings.push_back(b);
  }
  return out;
}

}  // namespace shaderdiff::naive
