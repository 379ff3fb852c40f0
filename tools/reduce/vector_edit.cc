// Edits of a test vector for the reducer (vector_edit.h).
#include "tools/reduce/vector_edit.h"

#include <algorithm>
#include <functional>

namespace shaderdiff::reduce {

namespace {

common::LaneVec4s Pick(const common::LaneVec4s& from, const std::vector<uint32_t>& lanes) {
  common::LaneVec4s out;
  for (uint32_t l : lanes) out.push_back(l < from.size() ? from[l] : common::Vec4{});
  return out;
}

// Visits every simplifiable word in WordAt's order; stops when `visit` returns true.
bool VisitWords(common::TestVector& v, const std::function<bool(common::Word&)>& visit) {
  for (auto& [index, lanes] : v.inputs)
    for (common::Vec4& l : lanes)
      for (common::Word& w : l)
        if (visit(w)) return true;
  for (auto& [index, vertices] : v.vertex_inputs)
    for (common::Vec4& l : vertices)
      for (common::Word& w : l)
        if (visit(w)) return true;
  for (auto& [buffer, entries] : v.constants)
    for (auto& [index, value] : entries)
      for (common::Word& w : value)
        if (visit(w)) return true;
  for (auto& [name, lanes] : v.system_values)
    for (common::Vec4& l : lanes)
      for (common::Word& w : l)
        if (visit(w)) return true;
  return false;
}

}  // namespace

common::TestVector SelectLanes(const common::TestVector& vector, const std::vector<uint32_t>& lanes) {
  common::TestVector out = vector;
  out.lanes = static_cast<uint32_t>(lanes.size());
  for (auto& [index, values] : out.inputs) values = Pick(vector.inputs.at(index), lanes);
  for (auto& [name, values] : out.system_values) values = Pick(vector.system_values.at(name), lanes);
  if (!vector.barycentrics.empty()) {
    out.barycentrics.clear();
    for (uint32_t l : lanes) out.barycentrics.push_back(l < vector.barycentrics.size() ? vector.barycentrics[l] : common::Barycentric{});
  }
  return out;
}

size_t WordCount(const common::TestVector& vector) {
  size_t n = 0;
  common::TestVector copy = vector;
  VisitWords(copy, [&](common::Word&) { ++n; return false; });
  return n;
}

common::Word& WordAt(common::TestVector& vector, size_t k) {
  common::Word* found = nullptr;
  size_t i = 0;
  VisitWords(vector, [&](common::Word& w) {
    if (i++ != k) return false;
    found = &w;
    return true;
  });
  return *found;  // callers pass k < WordCount
}

std::vector<common::Word> SimplerWords(common::Word w) {
  static constexpr common::Word kSimple[] = {0x00000000u, 0x3f800000u, 0x00000001u, 0x40000000u, 0x00000002u};
  std::vector<common::Word> out;
  for (common::Word s : kSimple) {
    if (s == w) break;  // only simpler ones than w itself
    out.push_back(s);
  }
  return out;
}

common::TestVector PruneToShader(const common::TestVector& vector, const tgsi::Shader& shader) {
  auto declares = [&](tgsi::File file, uint32_t index, std::optional<uint32_t> buffer) {
    return std::any_of(shader.declarations.begin(), shader.declarations.end(), [&](const tgsi::Declaration& d) {
      if (d.file != file || index < d.first || index > d.last) return false;
      return !buffer || d.dimension.value_or(0) == *buffer;
    });
  };
  common::TestVector out = vector;
  std::erase_if(out.inputs, [&](const auto& e) { return !declares(tgsi::File::kInput, e.first % 32, std::nullopt); });
  std::erase_if(out.vertex_inputs, [&](const auto& e) { return !declares(tgsi::File::kInput, e.first, std::nullopt); });
  for (auto& [buffer, entries] : out.constants) {
    const uint32_t b = buffer;
    std::erase_if(entries, [&](const auto& e) { return !declares(tgsi::File::kConstant, e.first, b); });
  }
  std::erase_if(out.constants, [](const auto& e) { return e.second.empty(); });
  std::erase_if(out.system_values, [&](const auto& e) {
    return std::none_of(shader.declarations.begin(), shader.declarations.end(), [&](const tgsi::Declaration& d) {
      return d.file == tgsi::File::kSystemValue && d.semantic && tgsi::Name(d.semantic->name) == e.first;
    });
  });
  std::erase_if(out.textures, [&](const auto& e) {
    return !declares(tgsi::File::kSampler, e.first, std::nullopt) && !declares(tgsi::File::kSamplerView, e.first, std::nullopt);
  });
  if (out.vertex_inputs.empty() && std::all_of(out.barycentrics.begin(), out.barycentrics.end(), [](const common::Barycentric& b) {
        return b.i == 0 && b.j == 0;
      })) {
    out.barycentrics.clear();  // the older form: every input per lane, i = j = +0
  }
  return out;
}

}  // namespace shaderdiff::reduce
