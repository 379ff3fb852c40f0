// The backward slice over register components (slice.h).
#include "tools/reduce/slice.h"

#include <set>
#include <tuple>

namespace shaderdiff::reduce {

namespace {

using tgsi::File;

// (file, index, component); index UINT32_MAX with component 4: the whole file.
using Key = std::tuple<File, uint32_t, int>;
constexpr uint32_t kWholeFile = UINT32_MAX;

bool Tracked(File f) { return f == File::kTemporary || f == File::kAddress || f == File::kOutput; }

class Slicer {
 public:
  Slicer(const tgsi::Shader& shader, const std::vector<OutputComponent>& roots) : shader_(shader) {
    for (const OutputComponent& r : roots) roots_.insert({r.output, r.component});
  }

  std::vector<bool> Dead() {
    std::vector<bool> live(shader_.instructions.size(), false);
    for (bool changed = true; changed;) {
      changed = false;
      for (size_t i = 0; i < shader_.instructions.size(); ++i) {
        if (live[i] || !IsLive(shader_.instructions[i])) continue;
        live[i] = true;
        changed = true;
        AddReads(shader_.instructions[i]);
      }
    }
    std::vector<bool> dead(live.size());
    for (size_t i = 0; i < live.size(); ++i) dead[i] = !live[i];
    return dead;
  }

 private:
  bool Needed(File f, uint32_t index, int c) const {
    return needed_.count({f, index, c}) || needed_.count({f, kWholeFile, 4});
  }

  bool IsLive(const tgsi::Instruction& inst) const {
    if (inst.dst.empty()) return true;
    for (const tgsi::DstOperand& d : inst.dst) {
      const File f = d.reg.file;
      if (!Tracked(f)) return true;
      for (int c = 0; c < 4; ++c) {
        if (!(d.write_mask & (1 << c))) continue;
        if (f == File::kOutput) {
          if (roots_.empty() || d.reg.index.indirect || roots_.count({d.reg.index.index, c})) return true;
        }
        if (d.reg.index.indirect ? HasAny(f) : Needed(f, d.reg.index.index, c)) return true;
      }
    }
    return false;
  }

  bool HasAny(File f) const {
    auto it = needed_.lower_bound({f, 0, -1});
    return it != needed_.end() && std::get<0>(*it) == f;
  }

  void AddBracket(const tgsi::Bracket& b) {
    if (b.indirect) {
      for (int c = 0; c < 4; ++c) needed_.insert({b.indirect->file, b.indirect->index, c});
    }
  }

  void AddReads(const tgsi::Instruction& inst) {
    for (const tgsi::SrcOperand& s : inst.src) {
      AddBracket(s.reg.index);
      if (s.reg.dimension) AddBracket(*s.reg.dimension);
      if (!Tracked(s.reg.file)) continue;
      if (s.reg.index.indirect) {
        needed_.insert({s.reg.file, kWholeFile, 4});
        continue;
      }
      for (uint8_t c : s.swizzle) needed_.insert({s.reg.file, s.reg.index.index, c});
    }
    for (const tgsi::DstOperand& d : inst.dst) {
      AddBracket(d.reg.index);
      if (d.reg.dimension) AddBracket(*d.reg.dimension);
    }
  }

  const tgsi::Shader& shader_;
  std::set<std::pair<uint32_t, int>> roots_;
  std::set<Key> needed_;
};

}  // namespace

std::vector<bool> DeadInstructions(const tgsi::Shader& shader, const std::vector<OutputComponent>& roots) {
  return Slicer(shader, roots).Dead();
}

}  // namespace shaderdiff::reduce
