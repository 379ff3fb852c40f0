// Seeded test-vector generation (see vector_gen.h for the invariants).
#include "tools/harness/vector_gen.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <utility>

#include "compiler/tgsi/limits.h"
#include "tools/harness/dictionary_mix.h"
#include "tools/harness/rng.h"

namespace shaderdiff::harness {
namespace {

using common::FromFloat;
using common::Vec4;
using common::Word;
using tgsi::File;
using tgsi::Semantic;

// An ordinary value: mostly moderate floats on a 1/64 grid, sometimes larger
// magnitudes, sometimes small integers (integer shaders read the same words).
Word OrdinaryValue(Rng& rng) {
  uint32_t kind = rng.Below(20);
  if (kind < 12) return FromFloat(static_cast<float>(static_cast<int32_t>(rng.Below(513)) - 256) / 64.0f);
  if (kind < 14) return FromFloat(static_cast<float>(static_cast<int32_t>(rng.Below(2001)) - 1000));
  if (kind < 16) {
    constexpr float kCommon[] = {0.0f, 1.0f, 0.5f, 2.0f, -1.0f, 0.25f};
    return FromFloat(kCommon[rng.Below(6)]);
  }
  return static_cast<Word>(rng.Below(9));  // small integer 0..8
}

// How a shader reads one component of an input, constant or system value.
enum class Use : uint8_t { kUnknown, kFloat, kInt };
using ComponentUses = std::array<Use, 4>;

Word MaybeEdge(Rng& rng, bool edges, Word ordinary, Use use = Use::kUnknown) {
  if (!edges || !rng.Chance(1, 8)) return ordinary;
  const auto& e = use == Use::kInt ? IntEdgeValues() : EdgeValues();
  return e[rng.Below(static_cast<uint32_t>(e.size()))];
}

// A small integer: loop bounds, indices, counts and shift amounts read from
// constants stay small enough that loops end and indices stay in range.
Word SmallInt(Rng& rng) { return static_cast<Word>(static_cast<int32_t>(rng.Below(21)) - 4); }

Word ValueFor(Rng& rng, Use use) {
  switch (use) {
    case Use::kInt: return SmallInt(rng);
    case Use::kFloat: return FromFloat(static_cast<float>(static_cast<int32_t>(rng.Below(513)) - 256) / 64.0f);
    case Use::kUnknown: break;
  }
  return OrdinaryValue(rng);
}

Vec4 RandomVec4(Rng& rng, bool edges, const ComponentUses& uses = {}) {
  Vec4 v;
  for (int c = 0; c < 4; ++c) v[c] = MaybeEdge(rng, edges, ValueFor(rng, uses[c]), uses[c]);
  return v;
}

// Reads the instructions to learn, per (file, buffer, index), which
// components are read as integers (the opcode's source type is I or U) and
// which as floats. Integer use wins when a component is read both ways.
// Reads through indirect addressing, MOV copies and TEMPs are not followed.
class UseMap {
 public:
  explicit UseMap(const tgsi::Shader& shader) {
    // Every typed read as (key, component uses), then merged per key: the
    // merge (integer wins) does not depend on the order of the reads, so a
    // sorted flat array gives what a map filled in program order gave,
    // without a node per key (made for every vector).
    for (const tgsi::Instruction& insn : shader.instructions) {
      tgsi::DataType t = tgsi::GetOpcodeInfo(insn.opcode).src_type;
      Use use = t == tgsi::DataType::I || t == tgsi::DataType::U ? Use::kInt
                : t == tgsi::DataType::F                          ? Use::kFloat
                                                                  : Use::kUnknown;
      if (use == Use::kUnknown) continue;
      for (const tgsi::SrcOperand& src : insn.src) {
        if (src.reg.index.indirect) continue;
        Entry e{Key(src.reg.file, src.reg.dimension ? src.reg.dimension->index : 0, src.reg.index.index), {}};
        for (uint8_t c : src.swizzle) e.uses[c] = use;
        uses_.push_back(e);
      }
    }
    std::sort(uses_.begin(), uses_.end(), [](const Entry& a, const Entry& b) { return a.key < b.key; });
    size_t out = 0;
    for (size_t i = 0; i < uses_.size(); ++i) {
      if (out > 0 && uses_[out - 1].key == uses_[i].key) {
        ComponentUses& u = uses_[out - 1].uses;
        for (int c = 0; c < 4; ++c) {
          if (u[c] != Use::kInt && uses_[i].uses[c] != Use::kUnknown) u[c] = uses_[i].uses[c];
        }
      } else {
        uses_[out++] = uses_[i];
      }
    }
    uses_.resize(out);
  }
  ComponentUses Get(File file, uint32_t dim, uint32_t index) const {
    const uint64_t key = Key(file, dim, index);
    auto it = std::lower_bound(uses_.begin(), uses_.end(), key, [](const Entry& e, uint64_t k) { return e.key < k; });
    return it == uses_.end() || it->key != key ? ComponentUses{} : it->uses;
  }

 private:
  static uint64_t Key(File file, uint32_t dim, uint32_t index) {
    return (static_cast<uint64_t>(file) << 56) | (static_cast<uint64_t>(dim & 0xffffff) << 32) | index;
  }
  struct Entry {
    uint64_t key;
    ComponentUses uses;
  };
  std::vector<Entry> uses_;  // sorted by key, unique
};

// Registers of a file without a limit in limits.def (MEMORY, ...) a
// declaration may cover and still get values.
constexpr uint64_t kMaxRegisters = 4096;

// A float on the 1/64 grid in [-4, 4].
float GridFloat(Rng& rng) { return static_cast<float>(static_cast<int32_t>(rng.Below(513)) - 256) / 64.0f; }

// Window pixel of fragment lane `lane`: quads laid out left to right, 64 per
// row (POSITION is its centre, the barycentrics are affine in it).
std::pair<int32_t, int32_t> LanePixel(size_t lane) {
  const size_t quad = lane / 4, l = lane % 4;
  return {static_cast<int32_t>(2 * (quad % 64) + (l & 1)), static_cast<int32_t>(2 * (quad / 64) + (l >> 1))};
}

// The affine barycentric plane of a vector: at pixel (x, y),
// i = (ai + bi x + ci y) / d and j = (aj + bj x + cj y) / d.
struct BaryPlane {
  int32_t ai = 0, bi = 0, ci = 0, aj = 0, bj = 0, cj = 0, d = 1;
};

// The pair of `plane` at (x + ex / 8, y + ey / 8): integer numerators over
// 8 d, one correctly rounded division each. Sets *inside to whether the
// point lies in the triangle (i, j >= 0, i + j <= 1).
common::Barycentric PairAt(const BaryPlane& p, int32_t x, int32_t y, int32_t ex, int32_t ey, bool* inside) {
  const int64_t ni = 8 * int64_t{p.ai} + p.bi * (8 * int64_t{x} + ex) + p.ci * (8 * int64_t{y} + ey);
  const int64_t nj = 8 * int64_t{p.aj} + p.bj * (8 * int64_t{x} + ex) + p.cj * (8 * int64_t{y} + ey);
  const int64_t den = 8 * int64_t{p.d};
  *inside = ni >= 0 && nj >= 0 && ni + nj <= den;
  return {FromFloat(static_cast<float>(ni) / static_cast<float>(den)),
          FromFloat(static_cast<float>(nj) / static_cast<float>(den))};
}

// Per-lane barycentric pairs: i = (ai + bi x + ci y) / d and j likewise, for
// the lane's pixel (x, y), with small integer slopes and the offsets and
// denominator chosen so that both numerators are >= 0 and their sum < d on
// every pixel of the vector. The numerators and d stay far below 2^24, so
// each pair is one correctly rounded division: the same on every host.
// Returns the plane (for Centroids).
BaryPlane Barycentrics(Rng& rng, bool edges, uint32_t lanes, std::vector<common::Barycentric>& out) {
  const uint32_t quads = lanes / 4;
  const int32_t max_x = 2 * static_cast<int32_t>(std::min<uint32_t>(quads, 64)) - 1;
  const int32_t max_y = 2 * static_cast<int32_t>((quads - 1) / 64) + 1;
  auto slope = [&] { return static_cast<int32_t>(rng.Below(5)) - 2; };
  const int32_t bi = slope(), ci = slope(), bj = slope(), cj = slope();
  const int32_t ai = -(std::min(0, bi) * max_x + std::min(0, ci) * max_y) + static_cast<int32_t>(rng.Below(4));
  const int32_t aj = -(std::min(0, bj) * max_x + std::min(0, cj) * max_y) + static_cast<int32_t>(rng.Below(4));
  int32_t max_sum = 0;  // the sum is affine: its maximum is at a corner
  for (int32_t x : {0, max_x}) {
    for (int32_t y : {0, max_y}) max_sum = std::max(max_sum, ai + bi * x + ci * y + aj + bj * x + cj * y);
  }
  const int32_t d = max_sum + 1 + static_cast<int32_t>(rng.Below(static_cast<uint32_t>(max_sum) + 16));
  const BaryPlane plane{ai, bi, ci, aj, bj, cj, d};
  out.resize(lanes);
  for (uint32_t l = 0; l < lanes; ++l) {
    const auto [x, y] = LanePixel(l);
    out[l] = {FromFloat(static_cast<float>(ai + bi * x + ci * y) / static_cast<float>(d)),
              FromFloat(static_cast<float>(aj + bj * x + cj * y) / static_cast<float>(d))};
  }
  if (!edges) return plane;
  const auto& e = EdgeBarycentrics();
  for (uint32_t quad = 0; quad < quads; ++quad) {
    if (rng.Chance(1, 4)) {
      for (uint32_t l = 0; l < 4; ++l) out[quad * 4 + l] = {0, 0};
      continue;
    }
    for (uint32_t l = 0; l < 4; ++l) {
      if (rng.Chance(1, 8)) out[quad * 4 + l] = e[rng.Below(static_cast<uint32_t>(e.size()))];
    }
  }
  return plane;
}

// Per-lane centroid pairs (test_vector.h): about one lane in two is
// partially covered and gets the plane's pair at a point inside its pixel
// other than the center, offset by (ex, ey) / 8 pixel with ex, ey in
// -3..3, not both 0, and inside the triangle (the covered part lies in it;
// a draw whose point falls outside keeps the center). Every other lane is
// fully covered: its centroid pair is its center pair, edge pairs included.
void Centroids(Rng& rng, const BaryPlane& plane, const std::vector<common::Barycentric>& centers,
               std::vector<common::Barycentric>& out) {
  out = centers;
  for (uint32_t l = 0; l < centers.size(); ++l) {
    if (!rng.Chance(1, 2)) continue;
    int32_t ex = 0, ey = 0;
    while (ex == 0 && ey == 0) {
      ex = static_cast<int32_t>(rng.Below(7)) - 3;
      ey = static_cast<int32_t>(rng.Below(7)) - 3;
    }
    const auto [x, y] = LanePixel(l);
    bool center_inside = false, inside = false;
    if (PairAt(plane, x, y, 0, 0, &center_inside) != centers[l]) continue;  // an edge pair: keep it
    const common::Barycentric c = PairAt(plane, x, y, ex, ey, &inside);
    if (inside) out[l] = c;
  }
}

// Whether a fragment shader interpolates anything at the centroid: an
// input declared CENTROID, or INTERP_CENTROID.
bool ReadsCentroid(const tgsi::Shader& shader) {
  for (const tgsi::Declaration& d : shader.declarations) {
    if (d.file == File::kInput && d.interp_location == tgsi::InterpLocation::kCentroid) return true;
  }
  for (const tgsi::Instruction& i : shader.instructions) {
    if (i.opcode == tgsi::Opcode::INTERP_CENTROID) return true;
  }
  return false;
}

// A per-vertex fragment input: three vertex values per component, floats
// on the grid; small integers for the integer-read components of a flat
// one (it delivers a vertex's value as it stands).
void VertexInput(Rng& rng, bool edges, bool flat, const ComponentUses& uses, common::VertexVec4s& vertices) {
  for (Vec4& vertex : vertices) {
    for (int c = 0; c < 4; ++c) {
      const bool integer = flat && uses[c] == Use::kInt;
      vertex[c] = integer ? MaybeEdge(rng, edges, SmallInt(rng), Use::kInt)
                          : MaybeEdge(rng, edges, FromFloat(GridFloat(rng)));
    }
  }
}

// Per-lane fragment input: per quad, a plane a + b*x + c*y per component;
// integer components are flat.
void FragmentInput(Rng& rng, bool edges, bool flat, const ComponentUses& uses, common::LaneVec4s& lanes) {
  for (size_t quad = 0; quad < lanes.size() / 4; ++quad) {
    for (int c = 0; c < 4; ++c) {
      if (uses[c] == Use::kInt) {
        Word w = SmallInt(rng);
        for (int l = 0; l < 4; ++l) lanes[quad * 4 + l][c] = MaybeEdge(rng, edges, w, Use::kInt);
        continue;
      }
      float a = GridFloat(rng);
      float b = flat ? 0.0f : static_cast<float>(static_cast<int32_t>(rng.Below(33)) - 16) / 256.0f;
      float d = flat ? 0.0f : static_cast<float>(static_cast<int32_t>(rng.Below(33)) - 16) / 256.0f;
      for (int l = 0; l < 4; ++l) {
        float v = a + b * static_cast<float>(l & 1) + d * static_cast<float>(l >> 1);
        lanes[quad * 4 + l][c] = MaybeEdge(rng, edges, FromFloat(v));
      }
    }
  }
}

// Window position of each fragment lane: the centre of its pixel.
void FragmentPosition(Rng& rng, common::LaneVec4s& lanes) {
  for (size_t i = 0; i < lanes.size(); ++i) {
    const auto [px, py] = LanePixel(i);
    float x = static_cast<float>(px) + 0.5f;
    float y = static_cast<float>(py) + 0.5f;
    float z = static_cast<float>(rng.Below(257)) / 256.0f;
    lanes[i] = {FromFloat(x), FromFloat(y), FromFloat(z), FromFloat(1.0f)};
  }
}

void FrontFacing(Rng& rng, common::LaneVec4s& lanes) {
  for (size_t quad = 0; quad < (lanes.size() + 3) / 4; ++quad) {
    float f = rng.Chance(1, 2) ? 1.0f : -1.0f;
    for (size_t i = quad * 4; i < std::min(lanes.size(), quad * 4 + 4); ++i)
      lanes[i] = {FromFloat(f), 0, 0, FromFloat(1.0f)};
  }
}

// A plausible value for a system value, per lane.
void SystemValue(Semantic name, Rng& rng, const VectorOptions& opt, const ComponentUses& uses,
                 common::LaneVec4s& lanes) {
  auto all_ints = [&](auto f) {
    for (size_t i = 0; i < lanes.size(); ++i) {
      Word w = f(i);
      lanes[i] = {w, w, w, w};
    }
  };
  switch (name) {
    case Semantic::kVertexId:
    case Semantic::kVertexIdNoBase: {
      Word base = rng.Below(16);
      all_ints([&](size_t i) { return base + static_cast<Word>(i); });
      return;
    }
    case Semantic::kInstanceId:
    case Semantic::kPrimId:
    case Semantic::kBaseVertex:
    case Semantic::kBaseInstance:
    case Semantic::kDrawId: {
      Word v = rng.Below(8);
      all_ints([&](size_t) { return v; });
      return;
    }
    case Semantic::kInvocationId:
    case Semantic::kSampleId:
    case Semantic::kHelperInvocation:
      all_ints([](size_t) { return Word{0}; });
      return;
    case Semantic::kSampleMask:
      all_ints([](size_t) { return Word{1}; });
      return;
    case Semantic::kSamplePos:
      for (Vec4& v : lanes) v = {FromFloat(0.5f), FromFloat(0.5f), 0, 0};
      return;
    case Semantic::kFace:
      FrontFacing(rng, lanes);
      return;
    case Semantic::kPosition:
      FragmentPosition(rng, lanes);
      return;
    default:
      for (Vec4& v : lanes) v = RandomVec4(rng, opt.edges, uses);
      return;
  }
}

// The texture target each sampler unit is used with (SVIEW declarations
// first, then the first texture instruction naming SAMP[unit]).
tgsi::TextureTarget TargetOfUnit(const tgsi::Shader& shader, uint32_t unit) {
  for (const tgsi::Declaration& d : shader.declarations) {
    if (d.file == File::kSamplerView && unit >= d.first && unit <= d.last) return d.sview_target;
  }
  for (const tgsi::Instruction& insn : shader.instructions) {
    if (!insn.texture_target) continue;
    for (const tgsi::SrcOperand& s : insn.src) {
      if (s.reg.file == File::kSampler && !s.reg.index.indirect && s.reg.index.index == unit)
        return *insn.texture_target;
    }
  }
  return tgsi::TextureTarget::k2D;
}

common::TextureUnit RandomTexture(Rng& rng, tgsi::TextureTarget target) {
  common::TextureUnit t;
  t.seed = rng.Next();
  constexpr uint32_t kSizes[] = {4, 8, 16, 32};
  uint32_t size = kSizes[rng.Below(4)];
  bool is_array = target == tgsi::TextureTarget::k1DArray || target == tgsi::TextureTarget::k2DArray ||
                  target == tgsi::TextureTarget::kShadow1DArray || target == tgsi::TextureTarget::kShadow2DArray ||
                  target == tgsi::TextureTarget::kCubeArray || target == tgsi::TextureTarget::kShadowCubeArray;
  bool one_d = target == tgsi::TextureTarget::k1D || target == tgsi::TextureTarget::kShadow1D ||
               target == tgsi::TextureTarget::k1DArray || target == tgsi::TextureTarget::kShadow1DArray ||
               target == tgsi::TextureTarget::kBuffer;
  t.width = size;
  t.height = one_d ? 1 : size;
  t.depth = target == tgsi::TextureTarget::k3D ? size : (is_array ? 4 : 1);
  uint32_t levels = 1;
  for (uint32_t s = size; s > 1; s >>= 1) ++levels;
  t.levels = levels;
  t.mag_filter = rng.Chance(3, 4) ? common::TexFilter::kNearest : common::TexFilter::kLinear;
  t.min_filter = rng.Chance(3, 4) ? common::TexFilter::kNearest : common::TexFilter::kLinear;
  t.mip_filter = static_cast<common::MipFilter>(rng.Below(3));
  t.wrap_s = static_cast<common::TexWrap>(rng.Below(3));
  t.wrap_t = static_cast<common::TexWrap>(rng.Below(3));
  t.wrap_r = static_cast<common::TexWrap>(rng.Below(3));
  t.compare = static_cast<common::CompareFunc>(rng.Below(8));
  return t;
}

}  // namespace

const std::vector<Word>& IntEdgeValues() {
  static const std::vector<Word> kEdges = {
      0x00000000,  // 0
      0x00000001,  // 1
      0xffffffff,  // -1
      0x80000000,  // INT_MIN
      0x0000001f,  // 31: largest in-range shift
      0x00000020,  // 32: shift counts are masked to 5 bits
  };
  return kEdges;
}

const std::vector<common::Barycentric>& EdgeBarycentrics() {
  static const std::vector<common::Barycentric> kEdges = {
      {0x00000000, 0x00000000},  // +0, +0: v0 exactly
      {0x80000000, 0x00000000},  // -0, +0: through the formula
      {0x00000000, 0x80000000},  // +0, -0
      {0x3f800000, 0x00000000},  // 1, 0: vertex 1
      {0x00000000, 0x3f800000},  // 0, 1: vertex 2
      {0x00000001, 0x00000000},  // smallest denormal
      {0x00000000, 0x807fffff},  // largest negative denormal
      {0x3f000000, 0x3f000000},  // 0.5, 0.5: the v1-v2 edge
      {0x3f7fffff, 0x33800000},  // 1 - ulp, 2^-24
      {0xbe800000, 0x3f000000},  // -0.25, 0.5: outside the triangle (a helper pixel)
      {0x3fa00000, 0xbf000000},  // 1.25, -0.5: outside
      {0x7f800000, 0x00000000},  // +Inf
      {0x00000000, 0x7fc00000},  // NaN
  };
  return kEdges;
}

const std::vector<Word>& EdgeValues() {
  static const std::vector<Word> kEdges = {
      0x00000000,  // +0
      0x80000000,  // -0 (also INT_MIN)
      0x00000001,  // smallest positive denormal
      0x807fffff,  // largest negative denormal
      0x7f800000,  // +Inf
      0xff800000,  // -Inf
      0x7fc00000,  // quiet NaN
      0x7f7fffff,  // FLT_MAX
      0xff7fffff,  // -FLT_MAX
      0x3f800001,  // 1 + ulp
      0x3f7fffff,  // 1 - ulp
      0xffffffff,  // -1 as an integer
  };
  return kEdges;
}

uint32_t GeometryInputVertices(const tgsi::Shader& shader) {
  for (const tgsi::PropertyDecl& p : shader.properties) {
    if (p.name != tgsi::Property::kGsInputPrimitive) continue;
    switch (p.value) {
      case 0: return 1;             // POINTS
      case 1: case 2: case 3: return 2;  // LINES, LINE_LOOP, LINE_STRIP
      case 10: case 11: return 4;   // LINES_ADJACENCY, LINE_STRIP_ADJACENCY
      case 12: case 13: return 6;   // TRIANGLES_ADJACENCY, TRIANGLE_STRIP_ADJACENCY
      default: return 3;            // triangles and the rest
    }
  }
  return 3;
}

bool GenerateVector(const tgsi::Shader& shader, const VectorOptions& opt, common::TestVector* out,
                    std::string* error) {
  return GenerateVector(shader, AnalyzeShader(shader), opt, out, error);
}

bool GenerateVector(const tgsi::Shader& shader, const ShaderDictionary& dictionary, const VectorOptions& opt,
                    common::TestVector* out, std::string* error) {
  common::TestVector v;
  v.stage = shader.processor;
  v.seed = opt.seed;
  v.lanes = opt.lanes ? opt.lanes : (shader.processor == tgsi::Processor::kGeometry ? 1 : 4);
  if (v.stage == tgsi::Processor::kFragment && v.lanes % 4 != 0) {
    *error = "fragment vectors need a multiple of 4 lanes (whole 2x2 quads)";
    return false;
  }
  if (v.lanes > 65536) {
    *error = "at most 65536 lanes";
    return false;
  }
  Rng rng(opt.seed);
  // The barycentrics and vertex values come from a stream of their own, and
  // an interpolated input still draws (and drops) the per-lane values it
  // had before they existed: everything else a seed gives (constants,
  // textures, system values, per-lane inputs) stays what it was.
  Rng interp_rng(opt.seed ^ 0x6261727963656e74ull);  // "barycent"
  const bool fragment = v.stage == tgsi::Processor::kFragment;
  if (fragment) {
    const BaryPlane plane = Barycentrics(interp_rng, opt.edges, v.lanes, v.barycentrics);
    // Centroid pairs only for a shader that reads them, from a stream of
    // their own: every other vector stays what it was.
    if (ReadsCentroid(shader)) {
      Rng centroid_rng(opt.seed ^ 0x63656e74726f6964ull);  // "centroid"
      Centroids(centroid_rng, plane, v.barycentrics, v.centroids);
    }
  }
  const uint32_t gs_vertices = v.stage == tgsi::Processor::kGeometry ? GeometryInputVertices(shader) : 1;
  const UseMap uses(shader);
  for (const tgsi::Declaration& d : shader.declarations) {
    // Ranges in 64-bit arithmetic: a loop to UINT32_MAX ends. Declarations
    // beyond what any implementation allows get nothing (the front door
    // refuses them; a tree built in memory may still have one).
    const uint64_t first = d.first, last = d.last;
    const std::optional<tgsi::RegisterLimit> limit = tgsi::RegisterLimitOf(d.file);
    if (last < first || last >= (limit ? uint64_t{limit->registers} : kMaxRegisters)) continue;
    for (uint64_t wide_index = first; wide_index <= last; ++wide_index) {
      const uint32_t index = static_cast<uint32_t>(wide_index);
      switch (d.file) {
        case File::kInput:
          for (uint32_t vertex = 0; vertex < gs_vertices; ++vertex) {
            const uint32_t key = vertex * 32 + index;
            const Semantic sem = d.semantic ? d.semantic->name : Semantic::kGeneric;
            if (vertex > 0 && sem == Semantic::kPrimId) {  // per primitive: every vertex holds the same
              v.inputs[key] = v.inputs[index];
              continue;
            }
            const bool flat = d.interpolation == tgsi::Interpolation::kConstant;
            const ComponentUses u = uses.Get(File::kInput, 0, index);
            const bool integer = std::find(u.begin(), u.end(), Use::kInt) != u.end();
            if (fragment && sem != Semantic::kPosition && sem != Semantic::kFace && (flat || !integer)) {
              common::LaneVec4s dropped(v.lanes);
              FragmentInput(rng, opt.edges, flat, u, dropped);
              v.inputs.erase(key);  // (a repeated declaration: the last one wins)
              VertexInput(interp_rng, opt.edges, flat, u, v.vertex_inputs[key]);
              continue;
            }
            v.vertex_inputs.erase(key);
            common::LaneVec4s& lanes = v.inputs[key];
            lanes.assign(v.lanes, Vec4{});
            if (fragment && sem == Semantic::kPosition) FragmentPosition(rng, lanes);
            else if (fragment && sem == Semantic::kFace) FrontFacing(rng, lanes);
            else if (fragment) FragmentInput(rng, opt.edges, flat, u, lanes);
            else for (Vec4& l : lanes) l = RandomVec4(rng, opt.edges, u);
          }
          break;
        case File::kConstant:
          v.constants[d.dimension.value_or(0)][index] =
              RandomVec4(rng, opt.edges, uses.Get(File::kConstant, d.dimension.value_or(0), index));
          break;
        case File::kSystemValue:
          if (d.semantic) {
            common::LaneVec4s& lanes = v.system_values[std::string(tgsi::Name(d.semantic->name))];
            lanes.assign(v.lanes, Vec4{});
            SystemValue(d.semantic->name, rng, opt, uses.Get(File::kSystemValue, 0, index), lanes);
          }
          break;
        case File::kSampler:
        case File::kSamplerView:
          if (!v.textures.count(index)) v.textures[index] = RandomTexture(rng, TargetOfUnit(shader, index));
          break;
        default:
          break;
      }
    }
  }
  // The shader's own values, last and from a stream of their own.
  MixShaderValues(shader, dictionary, {.seed = opt.seed, .dictionary = opt.dictionary}, &v);
  *out = std::move(v);
  return true;
}

}  // namespace shaderdiff::harness
