// InterpretBatch (interpreter.h): the vectors of one shader in as few waves
// as the semantics allow, each vector's result exactly what its own
// Interpret call returns.
//
// When a prepared shader is `batchable` (prepared.h: a vertex or fragment
// program without flow control or texture units), a wave executes the same
// instructions whatever its lanes hold, and every lane's values depend only
// on its own lane, its 2x2 quad and, for a relative destination, the other
// lanes of its own segment (divergence is decided per segment,
// fetch_store.cc). So vectors of up to 64 lanes, each a
// whole number of quads, are packed side by side into waves of up to 64
// lanes, in order, a vector never split across two waves: each is one
// segment of its wave (machine.h, WaveSegment) with its own inputs, system
// values and constant bank. Its result takes its lanes' outputs, kills and
// control flags, and the wave's instruction count, which is what its own
// one-wave call counts.
//
// Everything else runs through Interpret, one call per vector: a shader
// that is not batchable, a store trace (its lane numbers are per call), a
// vector over 64 lanes or of a lane count that is not a multiple of 4, a
// vector Interpret refuses before running (the same error result, built by
// the same StartCall), a wave alone in its batch, and every vector of a
// wave that fails or times out (the error names one vector's entry or
// instruction, so the calls report it, each for its own vector).
#include <algorithm>

#include "emulator/tgsi/call.h"
#include "emulator/tgsi/interpreter.h"

namespace shaderdiff::tgsi_exec {

std::vector<common::ExecResult> InterpretBatch(const PreparedShader& prepared,
                                               const std::vector<const common::TestVector*>& vectors,
                                               const InterpreterOptions& options) {
  std::vector<common::ExecResult> results(vectors.size());
  const auto alone = [&](size_t k) { results[k] = Interpret(prepared, *vectors[k], options); };
  if (!prepared.batchable || options.trace != nullptr) {
    for (size_t k = 0; k < vectors.size(); ++k) alone(k);
    return results;
  }
  const Program& prog = prepared.prog;
  const bool frag = prepared.processor == tgsi::Processor::kFragment;
  WaveStorage& storage = ThreadStorage();
  if (storage.batch_consts.size() < kMaxLanes / 4) storage.batch_consts.resize(kMaxLanes / 4);
  if (storage.batch_inputs.size() < kMaxLanes / 4) storage.batch_inputs.resize(kMaxLanes / 4);

  // The wave being filled: which vectors, and their segments.
  std::vector<size_t> members;
  std::vector<WaveSegment> segs;
  members.reserve(kMaxLanes / 4);
  segs.reserve(kMaxLanes / 4);
  int filled = 0;
  std::vector<common::EmittedVertex> no_emission;  // vertex and fragment programs emit nothing

  const auto run_wave = [&] {
    if (members.size() == 1) {
      alone(members[0]);
    } else if (!members.empty()) {
      Exec ex(prog, *segs[0].vec, *segs[0].inputs, options, storage);
      ex.emitted = &no_emission;
      const bool ran = ex.StartWave(segs.data(), static_cast<int>(segs.size()), filled);
      if (ran) ex.Run();
      if (!ran || ex.failed()) {
        for (size_t k : members) alone(k);
      } else {
        for (size_t m = 0; m < members.size(); ++m) {
          const WaveSegment& seg = segs[m];
          common::ExecResult& r = results[members[m]];
          InitResult(prog, seg.vec->lanes, r);
          CollectWave(ex, frag, seg.at, seg.n, 0, seg.mask, r);
          r.instructions_executed = ex.executed;
        }
      }
    }
    members.clear();
    segs.clear();
    filled = 0;
  };

  for (size_t k = 0; k < vectors.size(); ++k) {
    const common::TestVector& v = *vectors[k];
    const uint32_t lanes = v.lanes;
    if (lanes == 0 || lanes > static_cast<uint32_t>(kMaxLanes) || lanes % 4 != 0) {
      alone(k);
      continue;
    }
    if (filled + static_cast<int>(lanes) > kMaxLanes) run_wave();
    const size_t slot = members.size();
    std::map<uint32_t, common::LaneVec4s>& fs_inputs = storage.batch_inputs[slot];
    if (!StartCall(prepared, v, &results[k], &fs_inputs)) continue;  // Interpret's own error result
    BuildConsts(prog, v, storage.batch_consts[slot]);
    WaveSegment seg;
    seg.vec = &v;
    seg.inputs = frag ? &fs_inputs : &v.inputs;
    seg.consts = &storage.batch_consts[slot];
    seg.first = 0;
    seg.at = filled;
    seg.n = static_cast<int>(lanes);
    seg.mask = (lanes == 64 ? ~LaneMask{0} : ((LaneMask{1} << lanes) - 1)) << filled;
    members.push_back(k);
    segs.push_back(seg);
    filled += static_cast<int>(lanes);
  }
  run_wave();
  return results;
}

}  // namespace shaderdiff::tgsi_exec
