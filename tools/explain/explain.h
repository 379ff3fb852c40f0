/* Explaining a miscompile: the failing program and the reference run side by
   side for one lane, down to the first machine instruction whose written
   value the reference does not allow.

   How (README.md):
   1. Run the reference interpreter and the chosen build on the vector and
      compare as `check` does (the optimizing build also against the naive
      build, bit for bit); the first differing component names the lane.
   2. Rerun both for that lane only with traces on: the interpreter's store
      trace (every TGSI destination component written, with its allowed
      set, emulator/tgsi/trace.h) and the emulator's execution trace (every
      issued instruction: cycle, sync wait, registers read with the cycle
      and instruction of their write, registers written, hazards;
      emulator/a3xx/trace.h).
   3. Walk the emulator's trace in issue order. An instruction that writes
      the final value of TGSI instruction T's component c (provenance:
      compiler/targets/a3xx/naive/provenance.h) is compared with the reference's k-th
      store of (T, c) when it is that instruction's k-th execution. The
      first whose word is outside the reference's allowed set is the
      culprit.
   4. When every final write agrees (the wrong value is made by a copy, a
      collect into the output span or a stale read at `end`: an
      intermediate with no reference value of its own), the comparison point
      is the last write of the failing output register, and the result says
      it is an intermediate.

   Invariants: a case that does not fail is reported as such, never
   explained; an explanation names exactly one instruction (or none, with
   the reason); nothing here changes how either build compiles. */
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "compiler/tgsi/ast.h"
#include "emulator/a3xx/trace.h"
#include "emulator/common/test_vector.h"
#include "emulator/tgsi/trace.h"
#include "tools/harness/check.h"

namespace shaderdiff::explain {

struct ExplainOptions {
  harness::CheckOptions check;  // build, hazards, shift counts, budgets, rewrite limit
  int context = 4;              // trace steps shown either side of the culprit
};

enum class Status : uint8_t {
  kExplained,     // a final write differs from the reference: the culprit
  kIntermediate,  // only an intermediate (copy into the output, stale read) shows it
  kHazard,        // no value differs; the first hazard is named
  kNotFailing,    // the case passes on this vector
  kNotRun,        // it could not be run (compile error, unsupported, emulator error)
};
std::string_view StatusName(Status s);

struct TraceLine {
  uint32_t step = 0;       // index in the emulator trace
  a3xx::TraceStep trace;
  std::string asm_text;    // the instruction's disassembly
  int32_t tgsi = -1;       // its TGSI instruction (source_map)
  uint8_t comps = 0;       // final-write components (source_comps)
};

struct Explanation {
  Status status = Status::kNotFailing;
  std::string reason;                     // for everything but kExplained, and notes
  std::string failure;                    // the check's first difference, as text
  std::optional<harness::Mismatch> mismatch;
  uint32_t lane = 0;
  // The culprit (kExplained, kIntermediate, kHazard).
  int64_t pc = -1;
  uint32_t step = 0;                      // its step in the emulator trace
  uint32_t occurrence = 0;                // its k-th execution (from 0)
  std::string asm_text;
  int32_t tgsi_index = -1;                // in the shader as given
  std::string tgsi_text;
  uint32_t tgsi_line = 0;
  int comp = -1;                          // the TGSI destination component compared
  uint32_t written = 0;                   // the word it wrote
  std::optional<tgsi_exec::StoreRecord> reference;  // the reference's value there (none: intermediate)
  std::vector<TraceLine> around;          // the trace around it, and the writers of what it read
  uint64_t finals_compared = 0;           // final writes checked before and at the culprit
  uint64_t trace_steps = 0;
  bool trace_truncated = false;
};

// Explains the case: `shader` on `vector`, compiled as options.check.build.
// `lane`: the lane to explain (default: the first difference's).
Explanation Explain(const tgsi::Shader& shader, const common::TestVector& vector, const ExplainOptions& options,
                    std::optional<uint32_t> lane = std::nullopt);

}  // namespace shaderdiff::explain
