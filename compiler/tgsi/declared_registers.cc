// Declared registers as intervals (see declared_registers.h).
#include "compiler/tgsi/declared_registers.h"

#include <algorithm>

namespace shaderdiff::tgsi {

std::optional<uint32_t> DeclaredRegisters::Add(const Declaration& decl) {
  int64_t dim = decl.dimension && !decl.vertex_bracket ? int64_t{*decl.dimension} : kNoDimension;
  if (decl.file == File::kConstant) dim = decl.dimension.value_or(0);
  std::vector<Interval>& list = intervals_[{static_cast<int>(decl.file), dim}];
  std::optional<uint32_t> overlap;
  for (const Interval& iv : list) {
    if (iv.first <= decl.last && decl.first <= iv.last) {
      overlap = std::max(iv.first, decl.first);
      break;
    }
  }
  list.push_back(Interval{decl.first, decl.last});
  any_[static_cast<uint8_t>(decl.file)] = true;
  if (decl.array_id != 0) arrays_.emplace_back(decl.file, decl.array_id);
  return overlap;
}

bool DeclaredRegisters::ContainsKey(File file, int64_t dim, int64_t index) const {
  auto it = intervals_.find({static_cast<int>(file), dim});
  if (it == intervals_.end()) return false;
  for (const Interval& iv : it->second) {
    if (iv.first <= index && index <= iv.last) return true;
  }
  return false;
}

bool DeclaredRegisters::PerVertexFile(File file) const {
  if (file == File::kInput) {
    return processor_ == Processor::kGeometry || processor_ == Processor::kTessCtrl ||
           processor_ == Processor::kTessEval;
  }
  return file == File::kOutput && processor_ == Processor::kTessCtrl;
}

bool DeclaredRegisters::Contains(File file, std::optional<uint32_t> dim, int64_t index) const {
  if (index < 0) return false;
  if (file == File::kConstant) return ContainsKey(file, dim.value_or(0), index);
  if (dim && ContainsKey(file, int64_t{*dim}, index)) return true;
  // 1-D declarations; they also cover every vertex of per-vertex files.
  return ContainsKey(file, kNoDimension, index) && (!dim || PerVertexFile(file));
}

bool DeclaredRegisters::AnyOf(File file) const { return any_[static_cast<uint8_t>(file)]; }

bool DeclaredRegisters::HasArray(File file, uint32_t id) const {
  return std::find(arrays_.begin(), arrays_.end(), std::make_pair(file, id)) != arrays_.end();
}

}  // namespace shaderdiff::tgsi
