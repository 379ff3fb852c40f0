// ParseVector: the R500 vector JSON (vector_json.h) into State and Quad.
#include "emulator/r500/vector_json.h"

#include <nlohmann/json.hpp>

namespace shaderdiff::r500 {
namespace {

using json = nlohmann::json;

struct Bad {
  std::string message;
};

common::Word ParseWord(const json& j, const std::string& path) {
  if (j.is_number()) return common::FromFloat(j.get<float>());
  if (j.is_string()) {
    const std::string s = j.get<std::string>();
    if (s.size() == 10 && s.rfind("0x", 0) == 0 && s.find_first_not_of("0123456789abcdefABCDEF", 2) == std::string::npos)
      return static_cast<common::Word>(std::stoul(s, nullptr, 16));
  }
  throw Bad{path + ": expected a word (\"0x%08x\") or a number"};
}

common::Vec4 ParseVec4(const json& j, const std::string& path) {
  if (!j.is_array() || j.size() != 4) throw Bad{path + ": expected an array of 4 words"};
  common::Vec4 v{};
  for (int c = 0; c < 4; ++c) v[c] = ParseWord(j[c], path + "[" + std::to_string(c) + "]");
  return v;
}

int ParseIndex(const std::string& key, int limit, const std::string& path) {
  size_t used = 0;
  int i = -1;
  try {
    i = std::stoi(key, &used);
  } catch (...) {
  }
  if (used != key.size() || i < 0 || i >= limit)
    throw Bad{path + ": key '" + key + "' is not an index 0.." + std::to_string(limit - 1)};
  return i;
}

uint64_t ParseUint(const json& j, uint64_t max, const std::string& path) {
  if (!j.is_number_unsigned() || j.get<uint64_t>() > max)
    throw Bad{path + ": expected an integer 0.." + std::to_string(max)};
  return j.get<uint64_t>();
}

bool ParseBool(const json& j, const std::string& path) {
  if (!j.is_boolean()) throw Bad{path + ": expected true or false"};
  return j.get<bool>();
}

void Parse(const json& root, State* s, Quad* q) {
  if (!root.is_object()) throw Bad{"$: expected an object"};
  for (auto& [key, value] : root.items()) {
    const std::string path = "$." + key;
    if (key == "consts") {
      if (!value.is_object()) throw Bad{path + ": expected an object of index: [4 words]"};
      for (auto& [k, v] : value.items()) s->consts[ParseIndex(k, kConsts, path)] = ParseVec4(v, path + "." + k);
    } else if (key == "inputs") {
      if (!value.is_array()) throw Bad{path + ": expected an array"};
      for (size_t i = 0; i < value.size(); ++i) {
        const std::string p = path + "[" + std::to_string(i) + "]";
        const json& in = value[i];
        if (!in.is_object() || !in.contains("temp") || !in.contains("pixels")) throw Bad{p + ": expected {\"temp\", \"pixels\"}"};
        QuadInput qi;
        qi.temp = static_cast<int>(ParseUint(in["temp"], 1000, p + ".temp"));
        if (!in["pixels"].is_array() || in["pixels"].size() != kQuadPixels) throw Bad{p + ".pixels: expected 4 pixels"};
        for (int px = 0; px < kQuadPixels; ++px)
          qi.value[px] = ParseVec4(in["pixels"][px], p + ".pixels[" + std::to_string(px) + "]");
        q->inputs.push_back(qi);
      }
    } else if (key == "covered") {
      if (!value.is_array() || value.size() != kQuadPixels) throw Bad{path + ": expected 4 booleans"};
      for (int px = 0; px < kQuadPixels; ++px) q->covered[px] = ParseBool(value[px], path + "[" + std::to_string(px) + "]");
    } else if (key == "bool_consts") {
      s->bool_consts = static_cast<uint32_t>(ParseUint(value, 0xffffffffu, path));
    } else if (key == "int_consts") {
      if (!value.is_object()) throw Bad{path + ": expected an object of index: [count, init, step]"};
      for (auto& [k, v] : value.items()) {
        const std::string p = path + "." + k;
        if (!v.is_array() || v.size() != 3) throw Bad{p + ": expected [count, init, step]"};
        IntConst& ic = s->int_consts[ParseIndex(k, kIntConsts, path)];
        ic.count = static_cast<uint8_t>(ParseUint(v[0], 255, p + "[0]"));
        ic.init = static_cast<uint8_t>(ParseUint(v[1], 255, p + "[1]"));
        ic.step = static_cast<uint8_t>(ParseUint(v[2], 255, p + "[2]"));
      }
    } else if (key == "full_fc") {
      s->full_fc = ParseBool(value, path);
    } else if (key == "zero_times_anything") {
      s->zero_times_anything = ParseBool(value, path);
    } else if (key == "textures") {
      if (!value.is_object()) throw Bad{path + ": expected an object of unit: {seed, width, height, levels, target}"};
      for (auto& [k, v] : value.items()) {
        const std::string p = path + "." + k;
        BoundTexture& t = s->textures[ParseIndex(k, kTexUnits, path)];
        t.bound = true;
        if (!v.is_object()) throw Bad{p + ": expected an object"};
        for (auto& [f, fv] : v.items()) {
          if (f == "seed") t.unit.seed = ParseUint(fv, UINT64_MAX, p + ".seed");
          else if (f == "width") t.unit.width = static_cast<uint32_t>(ParseUint(fv, 4096, p + ".width"));
          else if (f == "height") t.unit.height = static_cast<uint32_t>(ParseUint(fv, 4096, p + ".height"));
          else if (f == "levels") t.unit.levels = static_cast<uint32_t>(ParseUint(fv, 13, p + ".levels"));
          else if (f == "target") {
            std::string name = fv.is_string() ? fv.get<std::string>() : "";
            bool found = false;
            for (size_t i = 0; i < tgsi::kTextureTargetNames.size(); ++i)
              if (tgsi::kTextureTargetNames[i] == name) {
                t.target = static_cast<tgsi::TextureTarget>(i);
                found = true;
              }
            if (!found) throw Bad{p + ".target: unknown texture target '" + name + "'"};
          } else {
            throw Bad{p + ": unknown field '" + f + "'"};
          }
        }
        if (t.unit.width == 0 || t.unit.height == 0 || t.unit.levels == 0) throw Bad{p + ": sizes and levels must be >= 1"};
      }
    } else {
      throw Bad{path + ": unknown field (consts, inputs, covered, bool_consts, int_consts, full_fc, zero_times_anything, textures)"};
    }
  }
}

}  // namespace

bool ParseVector(const std::string& text, State* state, Quad* quad, std::string* error) {
  json root = json::parse(text, nullptr, false);
  if (root.is_discarded()) {
    *error = "$: not valid JSON";
    return false;
  }
  try {
    Parse(root, state, quad);
  } catch (const Bad& b) {
    *error = b.message;
    return false;
  }
  return true;
}

}  // namespace shaderdiff::r500
