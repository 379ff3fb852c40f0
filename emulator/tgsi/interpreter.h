// The TGSI reference interpreter: runs a tgsi::Shader on a TestVector and
// reports every declared output per lane with two flags per component,
// *undefined* (don't care) and *inexact* (compare with a tolerance), each
// with a reason code from reasons.h. Every component it does not flag must
// match exact TGSI semantics (docs/tgsi.md, Mesa 22 = V22) bit for bit.
//
// Execution model (docs/tgsi.md 3):
// - All `vector.lanes` lanes run in lock-step, in waves of up to 64 lanes
//   (uint64_t masks). Fragment waves hold whole 2x2 quads: lanes 4k..4k+3
//   form a quad (top-left, top-right, bottom-left, bottom-right).
// - Every instruction is evaluated for the wave; ExecMask = Cond & Loop &
//   Cont & Switch & Func gates stores, kills and emits. Killed lanes keep
//   executing (their outputs are flagged killed-lane at the end).
// - TEMP, OUT and ADDR start undefined in every invocation.
//
// Vector layout conventions (test_vector.h plus these choices):
// - IN[i] is vector.inputs[i]. Geometry shaders: IN[v][i] (vertex v,
//   attribute i) is vector.inputs[v * 32 + i] (tgsi_exec's layout, docs 3.1).
//   Fragment shaders: IN[i] is common::FragmentInputValues(vector, i,
//   interp), so per-vertex inputs (vector.vertex_inputs) are interpolated
//   with each lane's barycentric pair by the shared model, except those the
//   shader declares CONSTANT, which read the provoking vertex's value
//   (common::kProvokingVertex), and those it declares CENTROID, which are
//   interpolated at the lane's centroid pair (common::CentroidOf: the
//   vector's "centroids", the center pair where it has none); LINEAR,
//   PERSPECTIVE and COLOR are all interpolated the same way (the vector's
//   pair is the one the lane uses). INTERP_CENTROID reads its IN operand
//   at the lane's centroid pair whatever the declaration says (an input
//   declared CONSTANT stays flat): ops_float.cc, WaveStorage::in_centroid.
// - CONST[i] is vector.constants[0][i]; CONST[b][i] is vector.constants[b][i].
//   A declared constant missing from the vector reads 0 (defined); a constant
//   outside every declaration of its buffer is undefined.
// - SV[i] declared with semantic S is vector.system_values[Name(S)], e.g.
//   "VERTEXID", "INSTANCEID", "FACE", "POSITION", "SAMPLEID".
// - Texture units: TEX-family opcodes use vector.textures[SAMP index];
//   SAMPLE-family opcodes use vector.textures[SVIEW index] (the resource and
//   its sampler state are one TextureUnit). A unit missing from the vector is
//   a default TextureUnit whose seed is the unit index.
// - Non-fragment stages sample implicit-LOD opcodes with LodMode::kZero.
//
// Errors are reported in ExecResult::status / detail (with the source
// position of the instruction or declaration in ExecResult::location, or the
// vector entry in ExecResult::vector_path), never by exceptions or crashes: kError for malformed programs (unbalanced flow control, CAL to a
// non-BGNSUB, nesting or calls deeper than 32, a declared input missing from
// the vector), kUnsupported with detail "opcode X" (or "stage X", ...) for
// what the interpreter does not implement, kTimeout when a wave executes more
// than options.instruction_budget instructions.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "compiler/tgsi/ast.h"
#include "emulator/common/float_policy.h"
#include "emulator/common/test_vector.h"

namespace shaderdiff::tgsi_exec {

class BranchCoverage;  // coverage.h
struct StoreTrace;     // trace.h

struct InterpreterOptions {
  // kPreserve: IEEE binary32 with denormals. kFlushToZero: inputs and results
  // of float operations are flushed to a zero of the same sign. Either way,
  // components whose bits depend on the mode are flagged "denormal".
  common::DenormalMode denormals = common::DenormalMode::kPreserve;
  // Per wave of lanes; exceeding it stops with ExecStatus::kTimeout.
  uint64_t instruction_budget = 1'000'000;
  // Optional branch-coverage sink (coverage.h), filled by the flow-control
  // handlers and accumulated over calls; null: no coverage work at all.
  BranchCoverage* coverage = nullptr;
  // Optional store trace of chosen lanes (trace.h), for `shaderdiff
  // explain`; null: no tracing work at all.
  StoreTrace* trace = nullptr;
};

common::ExecResult Interpret(const tgsi::Shader& shader, const common::TestVector& vector,
                             const InterpreterOptions& options);

// The same, with the vector-independent work done once per shader: Prepare
// decodes the shader (prepared.h) and Interpret(prepared, ...) runs it on
// one vector; Interpret(shader, ...) is exactly Prepare + Interpret. Results
// are identical for every vector and options, whatever ran before (a failing
// or timed-out call leaves nothing behind). A shader Decode refuses is
// remembered and reported by every call. The prepared shader keeps no
// reference to `shader`; it may be used from several threads at once.
struct PreparedShader;  // prepared.h
std::shared_ptr<const PreparedShader> Prepare(const tgsi::Shader& shader);
common::ExecResult Interpret(const PreparedShader& prepared, const common::TestVector& vector,
                             const InterpreterOptions& options);

// All vectors of one shader in one call, in as few waves as the semantics
// allow (batch.cc): result k is exactly Interpret(prepared, *vectors[k],
// options), field by field, instruction counts, timeouts and coverage
// included. Vectors of a program without flow control, texture units or
// relative destinations share waves of up to 64 lanes; everything else runs
// one call per vector.
std::vector<common::ExecResult> InterpretBatch(const PreparedShader& prepared,
                                               const std::vector<const common::TestVector*>& vectors,
                                               const InterpreterOptions& options);


// Whether the interpreter implements `op` (a shader using one it does not
// gets ExecStatus::kUnsupported, detail "opcode NAME").
bool OpcodeSupported(tgsi::Opcode op);

}  // namespace shaderdiff::tgsi_exec
