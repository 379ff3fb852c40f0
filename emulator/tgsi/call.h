// The steps of one Interpret call (interpreter.cc) that the batched entry
// (batch.cc) shares, so both build every result field the same way:
// the vector's checks and fragment inputs, the constant bank, the result's
// shape, the failure result, and the collection of a wave's lanes.
#pragma once

#include <cstdint>
#include <map>
#include <vector>

#include "emulator/common/test_vector.h"
#include "emulator/tgsi/machine.h"
#include "emulator/tgsi/prepared.h"

namespace shaderdiff::tgsi_exec {

// The per-thread machine storage every call of this thread reuses.
WaveStorage& ThreadStorage();

// Checks that `vector` can run on `prepared` (the program decoded, the
// stage, whole quads, the fragment inputs); on failure fills `res` with the
// error and returns false. For a fragment shader, the interpolated inputs
// into `fs_inputs` (cleared first).
bool StartCall(const PreparedShader& prepared, const common::TestVector& vector, common::ExecResult* res,
               std::map<uint32_t, common::LaneVec4s>* fs_inputs);

// The vector's constants, one ConstStore per buffer the program declares,
// into `out` (whose buffers are reused).
void BuildConsts(const Program& p, const common::TestVector& v, std::vector<ConstStore>& out);

// Every declared output and the kill rows, sized for `lanes` lanes.
void InitResult(const Program& prog, uint32_t lanes, common::ExecResult& res);

// The result of a call whose wave failed (status, detail, the vector entry
// or instruction at fault), with `executed` instructions.
common::ExecResult FailedResult(const PreparedShader& prepared, const Exec& ex, uint64_t executed);

// Wave lanes [at, at + n) into result lanes [first, first + n): kills,
// outputs with their flags, sets and reasons; control_undefined when a lane
// of `seg_mask` had its control decided by an undefined value.
void CollectWave(const Exec& ex, bool frag, int at, int n, uint32_t first, LaneMask seg_mask,
                 common::ExecResult& res);

}  // namespace shaderdiff::tgsi_exec
