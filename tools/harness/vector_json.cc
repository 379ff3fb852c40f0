// JSON encoding of test vectors and execution results.
//
// Fragment vectors with per-vertex inputs: "vertex_inputs",
// "barycentrics" and "centroids" are written only when present (so a vector in the older
// form reads and writes exactly as before), and "inputs" then also holds,
// for each per-vertex input, the values the shader reads
// (common::FragmentInputValues), for readers of the per-lane contract.
// Reading checks those derived entries against the interpolation and drops
// them: the model keeps one source of truth.
//
// Invariant: VectorFromJson(VectorToJson(v)) == v for every valid vector, and
// every per-lane array read has exactly `lanes` entries (checked).
#include "tools/harness/vector_json.h"

#include <algorithm>
#include <cinttypes>
#include <cstdio>

#include "compiler/tgsi/names.h"
#include "emulator/common/interpolation.h"
#include "emulator/isa_common/hex.h"
#include "tools/harness/json_location.h"

namespace shaderdiff::harness {
namespace {

using nlohmann::json;
using common::Vec4;

json Vec4ToJson(const Vec4& v) {
  json a = json::array();
  for (common::Word w : v) a.push_back(WordToString(w));
  return a;
}

json LanesToJson(const common::LaneVec4s& lanes) {
  json a = json::array();
  for (const Vec4& v : lanes) a.push_back(Vec4ToJson(v));
  return a;
}

// Per-lane component bitmasks (bit c: component c) as [[bool x4], ...].
json MasksToJson(const std::vector<uint8_t>& masks) {
  json a = json::array();
  for (const uint8_t m : masks) a.push_back(json::array({(m & 1) != 0, (m & 2) != 0, (m & 4) != 0, (m & 8) != 0}));
  return a;
}

bool ParseWord(const json& j, common::Word* out) {
  if (!j.is_string()) return false;
  const std::string& s = j.get_ref<const std::string&>();
  if (s.size() < 3 || s.size() > 10 || s[0] != '0' || (s[1] != 'x' && s[1] != 'X')) return false;
  uint32_t v = 0;
  for (size_t i = 2; i < s.size(); ++i) {
    char c = s[i];
    int d;
    if (c >= '0' && c <= '9') d = c - '0';
    else if (c >= 'a' && c <= 'f') d = c - 'a' + 10;
    else if (c >= 'A' && c <= 'F') d = c - 'A' + 10;
    else return false;
    v = (v << 4) | static_cast<uint32_t>(d);
  }
  *out = v;
  return true;
}

bool ParseVec4(const json& j, Vec4* out) {
  if (!j.is_array() || j.size() != 4) return false;
  for (size_t i = 0; i < 4; ++i) {
    if (!ParseWord(j[i], &(*out)[i])) return false;
  }
  return true;
}

bool ParseIndex(const std::string& key, uint32_t* out) {
  if (key.empty() || key.size() > 10) return false;
  uint64_t v = 0;
  for (char c : key) {
    if (c < '0' || c > '9') return false;
    v = v * 10 + static_cast<uint64_t>(c - '0');
  }
  if (v > UINT32_MAX) return false;
  *out = static_cast<uint32_t>(v);
  return true;
}

// *bad: the lane that is malformed (when the array has the right size).
bool ParseLanes(const json& j, uint32_t lanes, common::LaneVec4s* out, size_t* bad = nullptr) {
  if (!j.is_array() || j.size() != lanes) return false;
  out->resize(lanes);
  for (uint32_t i = 0; i < lanes; ++i) {
    if (!ParseVec4(j[i], &(*out)[i])) {
      if (bad) *bad = i;
      return false;
    }
  }
  return true;
}

// The path of a ParseLanes failure: the lane when the array had the right
// size, else the array.
JsonPath LanePath(JsonPath at, const json& lanes, uint32_t count, size_t bad) {
  if (lanes.is_array() && lanes.size() == count) at.push_back(std::to_string(bad));
  return at;
}

template <typename E, size_t N>
json EnumName(E e, const std::array<std::string_view, N>& names) {
  return std::string(names[static_cast<size_t>(e)]);
}

template <typename E, size_t N>
bool EnumFromJson(const json& j, const std::array<std::string_view, N>& names, E* out) {
  if (!j.is_string()) return false;
  for (size_t i = 0; i < N; ++i) {
    if (names[i] == j.get_ref<const std::string&>()) {
      *out = static_cast<E>(i);
      return true;
    }
  }
  return false;
}

constexpr std::array<std::string_view, 2> kFilterNames = {"nearest", "linear"};
constexpr std::array<std::string_view, 3> kMipFilterNames = {"none", "nearest", "linear"};
constexpr std::array<std::string_view, 3> kWrapNames = {"repeat", "clamp_to_edge", "mirrored_repeat"};
constexpr std::array<std::string_view, 8> kCompareNames = {
    "never", "less", "equal", "lequal", "greater", "notequal", "gequal", "always"};

json TextureToJson(const common::TextureUnit& t) {
  return json{{"seed", t.seed},
              {"width", t.width},
              {"height", t.height},
              {"depth", t.depth},
              {"levels", t.levels},
              {"mag_filter", EnumName(t.mag_filter, kFilterNames)},
              {"min_filter", EnumName(t.min_filter, kFilterNames)},
              {"mip_filter", EnumName(t.mip_filter, kMipFilterNames)},
              {"wrap_s", EnumName(t.wrap_s, kWrapNames)},
              {"wrap_t", EnumName(t.wrap_t, kWrapNames)},
              {"wrap_r", EnumName(t.wrap_r, kWrapNames)},
              {"compare", EnumName(t.compare, kCompareNames)}};
}

bool U32Field(const json& j, const char* key, uint32_t min, uint32_t max, uint32_t* out) {
  if (!j.contains(key)) return true;  // keep the default
  const json& v = j[key];
  if (!v.is_number_unsigned() && !v.is_number_integer()) return false;
  int64_t x = v.get<int64_t>();
  if (x < min || x > max) return false;
  *out = static_cast<uint32_t>(x);
  return true;
}

bool TextureFromJson(const json& j, common::TextureUnit* t, std::string* field) {
  if (!j.is_object()) return *field = "(not an object)", false;
  if (j.contains("seed")) {
    if (!j["seed"].is_number_unsigned() && !j["seed"].is_number_integer()) return *field = "seed", false;
    t->seed = j["seed"].get<uint64_t>();
  }
  if (!U32Field(j, "width", 1, 16384, &t->width)) return *field = "width", false;
  if (!U32Field(j, "height", 1, 16384, &t->height)) return *field = "height", false;
  if (!U32Field(j, "depth", 1, 2048, &t->depth)) return *field = "depth", false;
  if (!U32Field(j, "levels", 1, 15, &t->levels)) return *field = "levels", false;
  struct EnumField { const char* key; bool ok; };
  for (EnumField f : {EnumField{"mag_filter", !j.contains("mag_filter") || EnumFromJson(j["mag_filter"], kFilterNames, &t->mag_filter)},
                      EnumField{"min_filter", !j.contains("min_filter") || EnumFromJson(j["min_filter"], kFilterNames, &t->min_filter)},
                      EnumField{"mip_filter", !j.contains("mip_filter") || EnumFromJson(j["mip_filter"], kMipFilterNames, &t->mip_filter)},
                      EnumField{"wrap_s", !j.contains("wrap_s") || EnumFromJson(j["wrap_s"], kWrapNames, &t->wrap_s)},
                      EnumField{"wrap_t", !j.contains("wrap_t") || EnumFromJson(j["wrap_t"], kWrapNames, &t->wrap_t)},
                      EnumField{"wrap_r", !j.contains("wrap_r") || EnumFromJson(j["wrap_r"], kWrapNames, &t->wrap_r)},
                      EnumField{"compare", !j.contains("compare") || EnumFromJson(j["compare"], kCompareNames, &t->compare)}}) {
    if (!f.ok) return *field = f.key, false;
  }
  return true;
}

}  // namespace

std::string WordToString(common::Word w) { return isa_common::HexWord(w); }

std::string_view ExecStatusName(common::ExecStatus status) {
  switch (status) {
    case common::ExecStatus::kOk: return "ok";
    case common::ExecStatus::kTimeout: return "timeout";
    case common::ExecStatus::kUnsupported: return "unsupported";
    case common::ExecStatus::kError: return "error";
  }
  return "error";
}

json VectorToJson(const common::TestVector& v) {
  json j;
  j["stage"] = std::string(tgsi::Name(v.stage));
  j["lanes"] = v.lanes;
  j["seed"] = v.seed;
  j["inputs"] = json::object();
  for (const auto& [index, lanes] : v.inputs) j["inputs"][std::to_string(index)] = LanesToJson(lanes);
  if (!v.vertex_inputs.empty()) {
    j["vertex_inputs"] = json::object();
    for (const auto& [index, vertices] : v.vertex_inputs) {
      json a = json::array();
      for (const Vec4& vertex : vertices) a.push_back(Vec4ToJson(vertex));
      j["vertex_inputs"][std::to_string(index)] = a;
      j["inputs"][std::to_string(index)] = LanesToJson(common::FragmentInputValues(v, index));
    }
  }
  for (const auto& [name, pairs] : {std::pair<const char*, const std::vector<common::Barycentric>*>{
                                         "barycentrics", &v.barycentrics},
                                     {"centroids", &v.centroids}}) {
    if (pairs->empty()) continue;
    json a = json::array();
    for (const common::Barycentric& ij : *pairs) a.push_back(json::array({WordToString(ij.i), WordToString(ij.j)}));
    j[name] = a;
  }
  j["constants"] = json::object();
  for (const auto& [buffer, regs] : v.constants) {
    json b = json::object();
    for (const auto& [index, value] : regs) b[std::to_string(index)] = Vec4ToJson(value);
    j["constants"][std::to_string(buffer)] = b;
  }
  j["system_values"] = json::object();
  for (const auto& [name, lanes] : v.system_values) j["system_values"][name] = LanesToJson(lanes);
  j["textures"] = json::object();
  for (const auto& [unit, tex] : v.textures) j["textures"][std::to_string(unit)] = TextureToJson(tex);
  return j;
}

bool VectorFromJson(const json& j, common::TestVector* v, std::string* error, JsonPath* path) {
  // Every failure names the offending entry: the message, and its path.
  auto fail = [&](std::string message, JsonPath at) {
    *error = std::move(message);
    if (path) *path = std::move(at);
    return false;
  };
  *v = common::TestVector{};
  if (!j.is_object()) return fail("vector: expected a JSON object", {});
  if (!j.contains("stage") || !j["stage"].is_string())
    return fail("vector: missing \"stage\" (VERT, FRAG, GEOM, ...)", j.contains("stage") ? JsonPath{"stage"} : JsonPath{});
  auto stage = tgsi::FindName(tgsi::kProcessorNames, j["stage"].get<std::string>());
  if (!stage) return fail("vector: unknown stage \"" + j["stage"].get<std::string>() + "\"", {"stage"});
  v->stage = static_cast<tgsi::Processor>(*stage);
  if (!j.contains("lanes") || !j["lanes"].is_number_integer() || j["lanes"].get<int64_t>() < 1 ||
      j["lanes"].get<int64_t>() > 65536)
    return fail("vector: \"lanes\" must be an integer from 1 to 65536", {"lanes"});
  v->lanes = j["lanes"].get<uint32_t>();
  if (v->stage == tgsi::Processor::kFragment && v->lanes % 4 != 0)
    return fail("vector: fragment vectors need a multiple of 4 lanes (whole 2x2 quads)", {"lanes"});
  if (j.contains("seed")) {
    if (!j["seed"].is_number_unsigned() && !j["seed"].is_number_integer())
      return fail("vector: \"seed\" must be an unsigned integer", {"seed"});
    v->seed = j["seed"].get<uint64_t>();
  }
  if (j.contains("inputs")) {
    if (!j["inputs"].is_object()) return fail("vector: \"inputs\" must be an object", {"inputs"});
    for (const auto& [key, lanes] : j["inputs"].items()) {
      uint32_t index;
      if (!ParseIndex(key, &index)) return fail("vector: inputs key \"" + key + "\" is not an index", {"inputs", key});
      size_t bad = 0;
      if (!ParseLanes(lanes, v->lanes, &v->inputs[index], &bad))
        return fail("vector: inputs." + key + " must hold " + std::to_string(v->lanes) +
                        " lanes of four \"0x%08x\" words",
                    LanePath({"inputs", key}, lanes, v->lanes, bad));
    }
  }
  for (const auto& [name, pairs] : {std::pair<std::string, std::vector<common::Barycentric>*>{
                                         "barycentrics", &v->barycentrics},
                                     {"centroids", &v->centroids}}) {
    if (!j.contains(name)) continue;
    const json& b = j[name];
    const std::string shape = "vector: \"" + name + "\" must hold " + std::to_string(v->lanes) +
                              " pairs [i, j] of \"0x%08x\" words (one per lane)";
    if (!b.is_array() || b.size() != v->lanes) return fail(shape, {name});
    pairs->resize(v->lanes);
    for (uint32_t l = 0; l < v->lanes; ++l) {
      if (!b[l].is_array() || b[l].size() != 2 || !ParseWord(b[l][0], &(*pairs)[l].i) ||
          !ParseWord(b[l][1], &(*pairs)[l].j))
        return fail(shape + " (lane " + std::to_string(l) + ")", {name, std::to_string(l)});
    }
  }
  if (j.contains("vertex_inputs")) {
    if (!j["vertex_inputs"].is_object()) return fail("vector: \"vertex_inputs\" must be an object", {"vertex_inputs"});
    for (const auto& [key, vertices] : j["vertex_inputs"].items()) {
      uint32_t index;
      if (!ParseIndex(key, &index))
        return fail("vector: vertex_inputs key \"" + key + "\" is not an index", {"vertex_inputs", key});
      common::VertexVec4s& out = v->vertex_inputs[index];
      bool ok = vertices.is_array() && vertices.size() == 3;
      size_t k = 0;
      for (; ok && k < 3; ++k) ok = ParseVec4(vertices[k], &out[k]);
      if (!ok) {
        JsonPath at = {"vertex_inputs", key};
        if (vertices.is_array() && vertices.size() == 3) at.push_back(std::to_string(k - 1));
        return fail("vector: vertex_inputs." + key + " must hold three vertices of four \"0x%08x\" words", at);
      }
    }
  }
  if (v->stage != tgsi::Processor::kFragment &&
      (!v->vertex_inputs.empty() || !v->barycentrics.empty() || !v->centroids.empty()))
    return fail("vector: \"vertex_inputs\", \"barycentrics\" and \"centroids\" are for FRAG vectors only",
                {!v->vertex_inputs.empty() ? "vertex_inputs" : !v->barycentrics.empty() ? "barycentrics" : "centroids"});
  if (!v->vertex_inputs.empty() && v->barycentrics.empty())
    return fail("vector: \"vertex_inputs\" need \"barycentrics\" (one [i, j] pair per lane)", {"vertex_inputs"});
  if (!v->centroids.empty() && v->barycentrics.empty())
    return fail("vector: \"centroids\" need \"barycentrics\" (the pixel-center pairs)", {"centroids"});
  // The values written under "inputs" for per-vertex inputs are derived:
  // they must be what the model gives, and are not kept.
  for (const auto& [index, vertices] : v->vertex_inputs) {
    const auto it = v->inputs.find(index);
    if (it == v->inputs.end()) continue;
    if (it->second != common::FragmentInputValues(*v, index)) {
      const std::string key = std::to_string(index);
      return fail("vector: inputs." + key + " is not what vertex_inputs." + key +
                      " and barycentrics interpolate to (for a per-vertex input it is derived: drop it or fix it)",
                  {"inputs", key});
    }
    v->inputs.erase(it);
  }
  if (const std::string bad = common::CheckFragmentInputs(*v); !bad.empty()) return fail("vector: " + bad, {});
  if (j.contains("constants")) {
    if (!j["constants"].is_object()) return fail("vector: \"constants\" must be an object", {"constants"});
    for (const auto& [bkey, regs] : j["constants"].items()) {
      uint32_t buffer;
      if (!ParseIndex(bkey, &buffer) || !regs.is_object())
        return fail("vector: constants key \"" + bkey + "\" must be a buffer index holding an object",
                    {"constants", bkey});
      for (const auto& [key, value] : regs.items()) {
        uint32_t index;
        if (!ParseIndex(key, &index) || !ParseVec4(value, &v->constants[buffer][index]))
          return fail("vector: constants." + bkey + "." + key + " must be four \"0x%08x\" words",
                      {"constants", bkey, key});
      }
    }
  }
  if (j.contains("system_values")) {
    if (!j["system_values"].is_object()) return fail("vector: \"system_values\" must be an object", {"system_values"});
    for (const auto& [name, lanes] : j["system_values"].items()) {
      if (!tgsi::FindName(tgsi::kSemanticNames, name))
        return fail("vector: system_values key \"" + name + "\" is not a semantic name", {"system_values", name});
      size_t bad = 0;
      if (!ParseLanes(lanes, v->lanes, &v->system_values[name], &bad))
        return fail("vector: system_values." + name + " must hold " + std::to_string(v->lanes) +
                        " lanes of four \"0x%08x\" words",
                    LanePath({"system_values", name}, lanes, v->lanes, bad));
    }
  }
  if (j.contains("textures")) {
    if (!j["textures"].is_object()) return fail("vector: \"textures\" must be an object", {"textures"});
    for (const auto& [key, tex] : j["textures"].items()) {
      uint32_t unit;
      std::string field;
      if (!ParseIndex(key, &unit))
        return fail("vector: textures key \"" + key + "\" is not a unit index", {"textures", key});
      if (!TextureFromJson(tex, &v->textures[unit], &field)) {
        JsonPath at = {"textures", key};
        if (tex.is_object()) at.push_back(field);
        return fail("vector: textures." + key + "." + field + " is invalid", at);
      }
    }
  }
  return true;
}

bool ReadVectorJson(std::string_view text, const std::string& file, common::TestVector* vector,
                    std::string* error) {
  json j;
  std::string why;
  tgsi::SourceLocation where;
  if (!ParseJsonText(text, &j, &why, &where)) {
    *error = file + ":" + std::to_string(where.line) + ":" + std::to_string(where.column) +
             ": error: not valid JSON: " + why;
    return false;
  }
  std::string message;
  JsonPath path;
  if (VectorFromJson(j, vector, &message, &path)) return true;
  const tgsi::SourceLocation at = LocationOfOffset(text, FindJsonValue(text, path));
  *error = file + ":" + std::to_string(at.line) + ":" + std::to_string(at.column) + ": error: " + message;
  if (!path.empty()) *error += " (at " + JsonPathString(path) + ")";
  return false;
}

// An allowed set (inexact component) as {"lo": w, "hi": w, "nan": bool},
// lo/hi absent when the set is only "any NaN"; null where there is none.
json SetToJson(bool inexact, const common::AllowedSet& s) {
  if (!inexact) return nullptr;
  json j{{"nan", s.nan}};
  if (s.interval) {
    j["lo"] = WordToString(s.lo);
    j["hi"] = WordToString(s.hi);
  }
  return j;
}

json ResultToJson(const common::ExecResult& r) {
  json j;
  j["status"] = std::string(ExecStatusName(r.status));
  if (!r.detail.empty()) j["detail"] = r.detail;
  // The key order and every value as when each of these was a map by OUT
  // index; "allowed" and "reasons" list the outputs that carry sets.
  j["outputs"] = json::object();
  for (const common::OutputLanes& o : r.outputs) j["outputs"][std::to_string(o.index)] = LanesToJson(o.words);
  j["undefined"] = json::object();
  for (const common::OutputLanes& o : r.outputs) j["undefined"][std::to_string(o.index)] = MasksToJson(o.undefined);
  j["inexact"] = json::object();
  for (const common::OutputLanes& o : r.outputs) j["inexact"][std::to_string(o.index)] = MasksToJson(o.inexact);
  j["allowed"] = json::object();
  for (const common::OutputLanes& o : r.outputs) {
    if (!o.has_sets) continue;
    json a = json::array();
    for (size_t l = 0; l < o.lanes(); ++l) {
      json c = json::array();
      for (int k = 0; k < 4; ++k) c.push_back(SetToJson(o.Inexact(l, k), o.Allowed(l, k)));
      a.push_back(c);
    }
    j["allowed"][std::to_string(o.index)] = a;
  }
  j["reasons"] = json::object();
  for (const common::OutputLanes& o : r.outputs) {
    if (!o.has_sets) continue;
    json a = json::array();
    for (size_t l = 0; l < o.lanes(); ++l) {
      json c = json::array();
      for (int k = 0; k < 4; ++k) {
        const std::string_view s = o.Reason(l, k);
        c.push_back(s.empty() ? json(nullptr) : json(std::string(s)));
      }
      a.push_back(c);
    }
    j["reasons"][std::to_string(o.index)] = a;
  }
  j["killed"] = json::array();
  for (bool k : r.killed) j["killed"].push_back(k);
  if (std::find(r.killed_uncertain.begin(), r.killed_uncertain.end(), true) != r.killed_uncertain.end()) {
    j["killed_uncertain"] = json::array();
    for (size_t l = 0; l < r.killed_uncertain.size(); ++l) {
      const std::string_view why = l < r.killed_reasons.size() ? r.killed_reasons[l] : std::string_view();
      j["killed_uncertain"].push_back(r.killed_uncertain[l] ? json(std::string(why)) : json(nullptr));
    }
  }
  if (r.control_undefined) j["control_undefined"] = true;
  if (!r.emitted.empty()) {
    json e = json::array();
    for (const common::EmittedVertex& vtx : r.emitted) {
      json ev{{"lane", vtx.lane}, {"stream", vtx.stream}, {"primitive", vtx.primitive}};
      ev["outputs"] = json::object();
      for (const auto& [index, value] : vtx.outputs) ev["outputs"][std::to_string(index)] = Vec4ToJson(value);
      ev["undefined"] = json::object();
      for (const auto& [index, m] : vtx.undefined) ev["undefined"][std::to_string(index)] = json::array({m[0], m[1], m[2], m[3]});
      ev["inexact"] = json::object();
      for (const auto& [index, m] : vtx.inexact) ev["inexact"][std::to_string(index)] = json::array({m[0], m[1], m[2], m[3]});
      ev["allowed"] = json::object();
      for (const auto& [index, sets] : vtx.allowed) {
        const auto& m = vtx.inexact.at(index);
        json c = json::array();
        for (int k = 0; k < 4; ++k) c.push_back(SetToJson(m[k], sets[k]));
        ev["allowed"][std::to_string(index)] = c;
      }
      e.push_back(ev);
    }
    j["emitted"] = e;
  }
  j["instructions_executed"] = r.instructions_executed;
  return j;
}

}  // namespace shaderdiff::harness
