// The interpolation model and its application to test vectors (see
// interpolation.h for the formula and test_vector.h for the vector rules).
#include "emulator/common/interpolation.h"


namespace shaderdiff::common {

Barycentric BarycentricOf(const TestVector& v, uint32_t lane) {
  return lane < v.barycentrics.size() ? v.barycentrics[lane] : Barycentric{};
}

Barycentric CentroidOf(const TestVector& v, uint32_t lane) {
  return lane < v.centroids.size() ? v.centroids[lane] : BarycentricOf(v, lane);
}

bool HasFragmentInput(const TestVector& v, uint32_t index) {
  return v.inputs.count(index) != 0 || v.vertex_inputs.count(index) != 0;
}

namespace {

// VaryingSourceOf with the input looked up: its three vertex values, or
// (vertices null) its per-lane values.
VaryingSource SourceOf(const TestVector& v, const VertexVec4s* vertices, const LaneVec4s* per_lane, uint32_t lane,
                       int c, Interp interp) {
  const bool flat = interp == Interp::kFlat;
  if (vertices) return {(*vertices)[0][c], (*vertices)[1][c], (*vertices)[2][c], flat};
  const Word x = per_lane->at(lane)[c];
  return {x, x, x, flat || !v.barycentrics.empty()};
}

}  // namespace

VaryingSource VaryingSourceOf(const TestVector& v, uint32_t index, uint32_t lane, int c, Interp interp) {
  if (const auto it = v.vertex_inputs.find(index); it != v.vertex_inputs.end()) {
    return SourceOf(v, &it->second, nullptr, lane, c, interp);
  }
  return SourceOf(v, nullptr, &v.inputs.at(index), lane, c, interp);
}

Word FragmentInputWord(const TestVector& v, uint32_t index, uint32_t lane, int c, Interp interp) {
  const Barycentric ij = interp == Interp::kCentroid ? CentroidOf(v, lane) : BarycentricOf(v, lane);
  return Deliver(VaryingSourceOf(v, index, lane, c, interp), ij.i, ij.j);
}

// FragmentInputWord for every lane, the input looked up once per call.
LaneVec4s FragmentInputValues(const TestVector& v, uint32_t index, Interp interp) {
  const auto per_vertex = v.vertex_inputs.find(index);
  const VertexVec4s* vertices = per_vertex != v.vertex_inputs.end() ? &per_vertex->second : nullptr;
  const LaneVec4s* per_lane = vertices ? nullptr : &v.inputs.at(index);
  const size_t n = vertices ? v.lanes : per_lane->size();
  LaneVec4s out(n);
  for (uint32_t l = 0; l < n; ++l) {
    const Barycentric ij = interp == Interp::kCentroid ? CentroidOf(v, l) : BarycentricOf(v, l);
    for (int c = 0; c < 4; ++c) out[l][c] = Deliver(SourceOf(v, vertices, per_lane, l, c, interp), ij.i, ij.j);
  }
  return out;
}

std::string CheckFragmentInputs(const TestVector& v) {
  if (v.stage != tgsi::Processor::kFragment) {
    if (!v.vertex_inputs.empty() || !v.barycentrics.empty() || !v.centroids.empty())
      return "vertex_inputs, barycentrics and centroids are for fragment vectors only";
    return "";
  }
  if (!v.barycentrics.empty() && v.barycentrics.size() != v.lanes) {
    return "barycentrics has " + std::to_string(v.barycentrics.size()) + " pairs, the vector " +
           std::to_string(v.lanes) + " lanes";
  }
  if (!v.vertex_inputs.empty() && v.barycentrics.empty())
    return "vertex_inputs need barycentrics (one (i, j) pair per lane)";
  if (!v.centroids.empty() && v.centroids.size() != v.lanes) {
    return "centroids has " + std::to_string(v.centroids.size()) + " pairs, the vector " + std::to_string(v.lanes) +
           " lanes";
  }
  if (!v.centroids.empty() && v.barycentrics.empty()) return "centroids need barycentrics (the pixel-center pairs)";
  for (const auto& [index, vertices] : v.vertex_inputs) {
    if (v.inputs.count(index)) return "IN[" + std::to_string(index) + "] is given both per lane and per vertex";
  }
  return "";
}

}  // namespace shaderdiff::common
