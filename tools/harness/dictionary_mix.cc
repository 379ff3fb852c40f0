// Mixing the shader's own values into a vector (dictionary_mix.h).
#include "tools/harness/dictionary_mix.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <set>
#include <span>

#include "emulator/common/interpolation.h"
#include "tools/harness/rng.h"
#include "tools/harness/vector_gen.h"

namespace shaderdiff::harness {
namespace {

using common::Word;
using tgsi::File;

// The words of one slot that take one value together, and a lane they
// cover (where a link reads the other slot).
struct Cell {
  std::vector<Word*> words;
  uint32_t key = 0;     // IN: the vector's input key (GS: vertex * 32 + index)
  uint32_t lane = 0;    // the first lane it covers
  bool shared = false;  // one value for every lane (a constant, a per-vertex input)
};

class Mixer {
 public:
  Mixer(const tgsi::Shader& shader, const MixOptions& options, common::TestVector& v)
      : v_(v), rng_(options.seed ^ 0x64696374696f6e61ull) {  // "dictiona"
    for (const tgsi::Declaration& d : shader.declarations) {
      if (d.file != File::kInput || !d.semantic) continue;
      const tgsi::Semantic s = d.semantic->name;
      if (v.stage == tgsi::Processor::kFragment && (s == tgsi::Semantic::kPosition || s == tgsi::Semantic::kFace)) {
        // A 64-bit counter: the loop ends even when last is UINT32_MAX.
        for (uint64_t i = d.first; i <= d.last && i - d.first <= 4096; ++i) {
          untouchable_.insert(static_cast<uint32_t>(i));
          if (s == tgsi::Semantic::kPosition) positions_.insert(static_cast<uint32_t>(i));
        }
      }
    }
    gs_vertices_ = v.stage == tgsi::Processor::kGeometry ? GeometryInputVertices(shader) : 1;
  }

  // Every slot the vector holds a value for, in a fixed order (ascending,
  // unique: a sorted vector, not a set, to spare a node per slot).
  std::vector<Slot> AllSlots() const {
    std::vector<Slot> out;
    auto add_input = [&](uint32_t key) {
      const uint32_t index = v_.stage == tgsi::Processor::kGeometry ? key % 32 : key;
      if (untouchable_.count(index)) return;
      for (uint8_t c = 0; c < 4; ++c) out.push_back({File::kInput, 0, index, c});
    };
    for (const auto& [key, lanes] : v_.inputs) add_input(key);
    for (const auto& [key, vertices] : v_.vertex_inputs) add_input(key);
    for (const auto& [buffer, regs] : v_.constants) {
      for (const auto& [index, value] : regs) {
        for (uint8_t c = 0; c < 4; ++c) out.push_back({File::kConstant, buffer, index, c});
      }
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
  }

  // The cells of slot `s`. They live in a buffer every call reuses (the
  // cells and their word lists keep their capacity): valid until the next
  // call, and no caller calls again while it walks them.
  std::span<const Cell> CellsOf(const Slot& s) {
    size_t n = 0;
    const auto next = [&](uint32_t key, uint32_t lane, bool shared) -> Cell& {
      if (n == cells_.size()) cells_.emplace_back();
      Cell& c = cells_[n++];
      c.words.clear();
      c.key = key;
      c.lane = lane;
      c.shared = shared;
      return c;
    };
    if (s.file == File::kConstant) {
      auto b = v_.constants.find(s.buffer);
      if (b == v_.constants.end()) return {};
      auto r = b->second.find(s.index);
      if (r == b->second.end()) return {};
      next(0, 0, true).words.push_back(&r->second[s.component]);
      return {cells_.data(), n};
    }
    if (s.file != File::kInput || untouchable_.count(s.index)) return {};
    for (uint32_t vertex = 0; vertex < gs_vertices_; ++vertex) {
      const uint32_t key = v_.stage == tgsi::Processor::kGeometry ? vertex * 32 + s.index : s.index;
      if (auto pv = v_.vertex_inputs.find(key); pv != v_.vertex_inputs.end()) {
        Cell& cell = next(key, 0, true);
        for (common::Vec4& vtx : pv->second) cell.words.push_back(&vtx[s.component]);
        continue;
      }
      auto pl = v_.inputs.find(key);
      if (pl == v_.inputs.end()) continue;
      const uint32_t group = v_.stage == tgsi::Processor::kFragment ? 4 : 1;
      for (uint32_t first = 0; first < pl->second.size(); first += group) {
        Cell& cell = next(key, first, false);
        for (uint32_t l = first; l < first + group && l < pl->second.size(); ++l) {
          cell.words.push_back(&pl->second[l][s.component]);
        }
      }
    }
    return {cells_.data(), n};
  }

  // The value the shader reads for slot `s` at `lane` of the cell whose
  // input key is `at_key` (its GS vertex).
  std::optional<Word> ValueAt(const Slot& s, uint32_t at_key, uint32_t lane) const {
    if (s.file == File::kConstant) {
      auto b = v_.constants.find(s.buffer);
      if (b == v_.constants.end()) return std::nullopt;
      auto r = b->second.find(s.index);
      if (r == b->second.end()) return std::nullopt;
      return r->second[s.component];
    }
    if (s.file != File::kInput) return std::nullopt;
    const uint32_t key = v_.stage == tgsi::Processor::kGeometry ? (at_key / 32) * 32 + s.index : s.index;
    if (auto pl = v_.inputs.find(key); pl != v_.inputs.end()) {
      if (lane >= pl->second.size()) return std::nullopt;
      return pl->second[lane][s.component];
    }
    if (v_.vertex_inputs.count(key)) {
      const common::LaneVec4s lanes = common::FragmentInputValues(v_, key);
      if (lane >= lanes.size()) return std::nullopt;
      return lanes[lane][s.component];
    }
    return std::nullopt;
  }

  static void Set(const Cell& cell, Word w) {
    for (Word* p : cell.words) *p = w;
  }

  template <typename T>
  const T& Pick(const std::vector<T>& from) {
    return from[rng_.Below(static_cast<uint32_t>(from.size()))];
  }

  void Tokens(const ShaderDictionary& d) {
    if (d.float_tokens.empty() && d.int_tokens.empty()) return;
    for (const Slot& s : AllSlots()) {
      auto r = d.reads.find(s);
      const SlotRead read = r == d.reads.end() ? SlotRead::kUnknown : r->second;
      const auto& tokens = read == SlotRead::kInt || d.float_tokens.empty() ? d.int_tokens : d.float_tokens;
      if (tokens.empty()) continue;
      for (const Cell& cell : CellsOf(s)) {
        if (rng_.Chance(1, 8)) Set(cell, Pick(tokens));
      }
    }
  }

  void Boundaries(const ShaderDictionary& d) {
    for (const auto& [slot, values] : d.boundaries) {
      for (const Cell& cell : CellsOf(slot)) {
        if (rng_.Chance(1, 2)) Set(cell, Pick(values));
      }
    }
  }

  void Links(const ShaderDictionary& d) {
    for (const SlotLink& link : d.links) {
      for (const Cell& cell : CellsOf(link.to)) {
        if (!rng_.Chance(1, 2)) continue;
        // A value shared by all lanes meets the other side at a random lane,
        // a quad's at a random lane of the quad.
        uint32_t lane = cell.lane;
        if (cell.shared) {
          lane = rng_.Below(v_.lanes);
        } else if (cell.words.size() > 1) {
          lane += rng_.Below(static_cast<uint32_t>(cell.words.size()));
        }
        const std::optional<Word> from = ValueAt(link.from, cell.key, lane);
        if (!from) continue;
        const double x = link.from_read == SlotRead::kInt ? static_cast<double>(common::AsInt(*from))
                                                          : static_cast<double>(common::AsFloat(*from));
        const double target = x * link.scale + link.offset;
        if (!(std::fabs(target) <= std::numeric_limits<float>::max())) continue;  // (also NaN)
        const uint32_t step = rng_.Below(3);  // equal, below, above
        double value = target;
        if (link.as == SlotRead::kInt || link.to_read == SlotRead::kInt) {
          value = std::round(target) + (step == 1 ? -1 : step == 2 ? 1 : 0);
        } else if (step != 0) {
          value = std::nextafter(static_cast<float>(target), step == 1 ? -std::numeric_limits<float>::infinity()
                                                                       : std::numeric_limits<float>::infinity());
        }
        Set(cell, EncodeSlotValue(value, link.to_read));
      }
    }
  }

  // FRAG POSITION.x / .y compared with a constant: every lane's coordinate
  // moves by one whole number of pixels (the quads stay quads, derivatives
  // stay the same) so that a random lane lands next to the boundary, and
  // lanes fall on both sides of it. Coordinates stay >= 0.5.
  void Positions(const ShaderDictionary& d) {
    for (const auto& [slot, values] : d.boundaries) {
      if (slot.file != File::kInput || slot.component > 1 || !positions_.count(slot.index)) continue;
      auto it = v_.inputs.find(slot.index);
      if (it == v_.inputs.end() || it->second.empty() || !rng_.Chance(1, 2)) continue;
      common::LaneVec4s& lanes = it->second;
      const float target = common::AsFloat(Pick(values));
      const float at = common::AsFloat(lanes[rng_.Below(static_cast<uint32_t>(lanes.size()))][slot.component]);
      float lowest = std::numeric_limits<float>::infinity();
      for (const common::Vec4& l : lanes) lowest = std::min(lowest, common::AsFloat(l[slot.component]));
      if (!std::isfinite(target) || !std::isfinite(at) || !std::isfinite(lowest)) continue;
      const float shift = std::max(std::round(target - at), 0.5f - lowest);
      if (std::fabs(shift) > 16384) continue;
      for (common::Vec4& l : lanes) l[slot.component] = common::FromFloat(common::AsFloat(l[slot.component]) + shift);
    }
  }

  void Indices(const ShaderDictionary& d) {
    for (const auto& [slot, range] : d.indices) {
      const uint64_t width = static_cast<uint64_t>(range.high - range.low) + 1;
      for (const Cell& cell : CellsOf(slot)) {
        int64_t value;
        if (rng_.Chance(7, 8)) {
          value = range.low + static_cast<int64_t>(rng_.Next() % width);
        } else {
          value = rng_.Chance(1, 2) ? range.low - 1 : range.high + 1;
        }
        Set(cell, EncodeSlotValue(static_cast<double>(value), range.read));
      }
    }
  }

 private:
  common::TestVector& v_;
  Rng rng_;
  std::set<uint32_t> untouchable_;  // FRAG POSITION / FACE input indices
  std::set<uint32_t> positions_;    // FRAG POSITION input indices
  std::vector<Cell> cells_;         // CellsOf's buffer; only its first n are a call's
  uint32_t gs_vertices_ = 1;
};

}  // namespace

void MixShaderValues(const tgsi::Shader& shader, const ShaderDictionary& dictionary, const MixOptions& options,
                     common::TestVector* vector) {
  if (dictionary.empty()) return;
  Mixer mixer(shader, options, *vector);
  if (options.dictionary) {
    mixer.Tokens(dictionary);
    mixer.Boundaries(dictionary);
    mixer.Links(dictionary);
    mixer.Positions(dictionary);
  }
  mixer.Indices(dictionary);
}

}  // namespace shaderdiff::harness
