// Test vectors and execution results: the two JSON contracts every executor
// and every tool shares.
//
// vector: {"stage": "FRAG", "lanes": 4, "seed": S,
//          "inputs": {"0": [[w,w,w,w], ...one per lane]},
//          "vertex_inputs": {"1": [[w,w,w,w], [w,w,w,w], [w,w,w,w]]},
//          "barycentrics": [[i, j], ...one per lane],
//          "centroids": [[i, j], ...one per lane],
//          "constants": {"0": {"3": [w,w,w,w]}},
//          "system_values": {"VERTEXID": [[w,w,w,w], ...]},
//          "textures": {"0": {...TextureUnit...}}}
// result (as JSON; in memory, ExecResult's flat OutputLanes):
//         {"outputs": {"0": [[w,w,w,w], ...]},
//          "undefined": {"0": [[false,false,false,false], ...]},
//          "inexact": {...same shape...},
//          "allowed": {"0": [[null, {"lo": w, "hi": w, "nan": false}, ...], ...]},
//          "killed": [false, ...], ...}
// A word w is a string "0x3f800000" (raw 32 bits, lowercase hex). Inputs are
// keyed by IN index, constants by buffer then index (a 1-D CONST[i] is buffer
// 0).
//
// Fragment inputs (the shared interpolation model, interpolation.h): every
// lane of a fragment vector lies in one triangle and has a barycentric pair
// (i, j). An input is given either
// - per vertex (vertex_inputs): v0, v1, v2; the shader reads
//   Interpolate(v0, v1, v2, i, j) at each lane, or the provoking vertex's
//   value (v2, interpolation.h) for an input it declares flat (TGSI
//   CONSTANT; on a3xx, a varying binding that says flat): the program
//   decides, not the vector, or
// - per lane (inputs): the value the shader reads, delivered as given (i
//   and j do not matter). The generator gives integer-read smooth inputs,
//   POSITION and FACE this way.
// A vector without barycentrics is the older form, where every fragment
// input is per lane: it means i = j = +0 at every lane and v0 = v1 = v2 =
// the lane's value, which the +0/+0 rule of Interpolate turns back into the
// value (a program that clobbers the i/j pair then interpolates garbage, as
// hardware would). common::FragmentInputValues computes what the shader
// reads; JSON additionally writes the smooth (interpolated) values of
// per-vertex inputs under "inputs" (derived, checked on reading, not stored
// here; a flat input reads v2 instead).
//
// Centroid interpolation (TGSI `DCL IN ..., CENTROID`; on a3xx the centroid
// i/j pair of HLSQ_CONTROL_3_REG): "centroids" gives, per lane, the pair
// at the point the rasterizer interpolates a centroid input at. The model
// stays single-sample: no coverage mask, only that point. Where a lane's
// pixel is fully covered it is the center's pair (barycentrics[lane]);
// where partially covered, the pair at another point inside the pixel's
// covered part (the generator's choice: tools/harness/vector_gen.h). A
// vector without centroids (the older form) has every pixel fully
// covered: the centroid pair is the center's at every lane.
//
// Invariants: every per-lane array has exactly `lanes` entries; fragment
// vectors have a multiple of 4 lanes (whole 2x2 quads); vertex_inputs and
// barycentrics are for fragment vectors only; barycentrics is empty or has
// `lanes` entries, and is not empty when vertex_inputs is not; centroids
// is empty or has `lanes` entries, and only with barycentrics; no IN index
// is in both inputs and vertex_inputs (common::CheckFragmentInputs).
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "compiler/tgsi/ast.h"
#include "compiler/tgsi/names.h"
#include "emulator/common/allowed_set.h"
#include "emulator/common/texture.h"
#include "emulator/common/words.h"

namespace shaderdiff::common {

using LaneVec4s = std::vector<Vec4>;                  // one Vec4 per lane
using VertexVec4s = std::array<Vec4, 3>;              // v0, v1, v2 of one input
using LaneSets = std::vector<std::array<AllowedSet, 4>>;  // one set per lane and component

// The barycentric pair of one fragment lane, raw binary32 words (the i/j a
// GPU's rasterizer hands the shader, e.g. a3xx's ij registers).
struct Barycentric {
  Word i = 0, j = 0;
  bool operator==(const Barycentric&) const = default;
};

struct TestVector {
  tgsi::Processor stage = tgsi::Processor::kFragment;
  uint32_t lanes = 4;
  uint64_t seed = 0;  // the seed it was drawn from (informational)
  std::map<uint32_t, LaneVec4s> inputs;                     // IN index -> lanes
  std::map<uint32_t, VertexVec4s> vertex_inputs;            // FRAG: IN index -> v0, v1, v2
  std::vector<Barycentric> barycentrics;                    // FRAG: one per lane, or none
  std::vector<Barycentric> centroids;                       // FRAG: one per lane, or none (full coverage)
  std::map<uint32_t, std::map<uint32_t, Vec4>> constants;   // buffer -> index -> value
  std::map<std::string, LaneVec4s> system_values;           // semantic name -> lanes
  std::map<uint32_t, TextureUnit> textures;                 // SAMP/SVIEW unit -> texture
};

// A geometry-shader vertex, captured at EMIT.
struct EmittedVertex {
  uint32_t lane = 0;
  uint32_t stream = 0;
  uint32_t primitive = 0;  // index of the primitive within its stream
  std::map<uint32_t, Vec4> outputs;
  std::map<uint32_t, std::array<bool, 4>> undefined;
  std::map<uint32_t, std::array<bool, 4>> inexact;
  std::map<uint32_t, std::array<AllowedSet, 4>> allowed;  // where inexact
};

enum class ExecStatus : uint8_t {
  kOk,
  kTimeout,      // the instruction budget ran out (runaway loop)
  kUnsupported,  // `detail` names the feature
  kError,        // malformed program the executor cannot run (`detail` says why)
};

// One output of a result over the lanes of its vector, flat: the words,
// and per lane a bitmask (bit c: component c) of the components that are
// any value (`undefined`) or a member of their allowed set (`inexact`; an
// undefined component is never also inexact). Sets and reason codes are
// kept only by results that carry them (`has_sets`: the reference
// interpreter's), and only once some component of the output is not exact:
// `allowed` and `reasons` are empty or have one entry per lane, meaningful
// where a flag is set. Read them through Allowed() and Reason(), which give
// the empty set / "" where nothing is kept.
struct OutputLanes {
  uint32_t index = 0;  // OUT index
  LaneVec4s words;     // per lane (final register values)
  std::vector<uint8_t> undefined;  // per lane
  std::vector<uint8_t> inexact;    // per lane
  bool has_sets = false;
  LaneSets allowed;                                       // per lane, or empty
  std::vector<std::array<std::string_view, 4>> reasons;  // per lane, or empty

  size_t lanes() const { return words.size(); }
  bool Undefined(size_t lane, int c) const { return (undefined[lane] >> c) & 1; }
  bool Inexact(size_t lane, int c) const { return (inexact[lane] >> c) & 1; }
  const AllowedSet& Allowed(size_t lane, int c) const {
    static const AllowedSet kNone;
    return lane < allowed.size() ? allowed[lane][static_cast<size_t>(c)] : kNone;
  }
  std::string_view Reason(size_t lane, int c) const {
    return lane < reasons.size() ? reasons[lane][static_cast<size_t>(c)] : std::string_view();
  }
  // Sizes `allowed` and `reasons` (empty sets, "") if they are not yet.
  void KeepSets() {
    if (allowed.size() == words.size()) return;
    allowed.assign(words.size(), {});
    reasons.assign(words.size(), {});
  }
  bool operator==(const OutputLanes&) const = default;
};

struct ExecResult {
  ExecStatus status = ExecStatus::kOk;
  std::string detail;
  // Where a failure (error, timeout, unsupported feature) is, when the
  // executor knows: the source position of the TGSI instruction or
  // declaration (line 0: none, e.g. a property of the whole shader), and for
  // a problem with the vector the JSON path of its entry ("inputs.3";
  // empty: none). Tools print them as FILE:LINE:COL.
  tgsi::SourceLocation location;
  std::string vector_path;
  // Every declared output, by increasing OUT index, with each component's
  // allowed set (common/allowed_set.h): undefined means any value; inexact
  // means the set in `allowed` (the word is one member); neither means
  // exactly the word. A reason code says why a component is undefined or
  // inexact: codes are listed in emulator/tgsi/reasons.h; each is a view of
  // static storage (the interpreter's reason table, or a literal), never of
  // a temporary, so a result is built without one allocation per component.
  // Tools make a std::string of a code only where they print it.
  std::vector<OutputLanes> outputs;
  std::vector<bool> killed;  // per lane
  // Per lane: the kill was decided by an undefined or inexact value (or under
  // such control flow), so another valid implementation may report the
  // opposite `killed` value; killed_reasons holds the reason code ("" if not),
  // a view of static storage like `reasons`.
  std::vector<bool> killed_uncertain;
  std::vector<std::string_view> killed_reasons;
  std::vector<EmittedVertex> emitted;  // geometry shaders
  // The reference interpreter only: some lane's branch, loop exit, switch
  // selection, RET or KILL was decided by an undefined value (or ran under
  // control so decided). Another valid implementation may then take paths
  // this run never took, including a loop that does not end, so a build's
  // timeout on this vector is explained (tools/harness/check.h). Inexact
  // decisions do not set it: a precision difference is not allowed to make
  // a program loop forever.
  bool control_undefined = false;
  uint64_t instructions_executed = 0;

  // The output OUT[index], or null.
  const OutputLanes* FindOutput(uint32_t index) const {
    for (const OutputLanes& o : outputs) {
      if (o.index == index) return &o;
    }
    return nullptr;
  }
  OutputLanes* FindOutput(uint32_t index) {
    return const_cast<OutputLanes*>(static_cast<const ExecResult*>(this)->FindOutput(index));
  }
  // OUT[index]; throws std::out_of_range if the result has none (tests).
  const OutputLanes& Output(uint32_t index) const {
    const OutputLanes* o = FindOutput(index);
    if (!o) throw std::out_of_range("no OUT[" + std::to_string(index) + "] in the result");
    return *o;
  }
  OutputLanes& Output(uint32_t index) {
    return const_cast<OutputLanes&>(static_cast<const ExecResult*>(this)->Output(index));
  }
  // Adds OUT[index] (or finds it) for `lanes` lanes, every word 0 and every
  // component exact, keeping `outputs` in index order.
  OutputLanes& AddOutput(uint32_t index, size_t lanes, bool has_sets) {
    auto it = outputs.begin();
    while (it != outputs.end() && it->index < index) ++it;
    if (it == outputs.end() || it->index != index) it = outputs.insert(it, OutputLanes{});
    it->index = index;
    it->words.assign(lanes, Vec4{0, 0, 0, 0});
    it->undefined.assign(lanes, 0);
    it->inexact.assign(lanes, 0);
    it->has_sets = has_sets;
    it->allowed.clear();
    it->reasons.clear();
    return *it;
  }
};

}  // namespace shaderdiff::common
