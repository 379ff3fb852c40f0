// A store trace of the reference interpreter, for `shaderdiff explain`: for
// chosen lanes, every destination component a TGSI instruction writes, in
// execution order, with the value's allowed set (the words a conforming
// implementation may hold there after that instruction).
//
// Off by default (InterpreterOptions::trace == nullptr): a store then tests
// one pointer and does nothing else. A store is recorded for a traced lane
// that may execute it (its exec mask, or the uncertain-control lanes, whose
// value is then flagged as the interpreter flags it); at most max_records
// (truncated says so).
//
// Invariants: `instr` indexes the shader's instructions as parsed (the
// interpreter runs them unlowered); records are in execution order per lane.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "emulator/common/allowed_set.h"
#include "emulator/common/words.h"

namespace shaderdiff::tgsi_exec {

struct StoreRecord {
  uint32_t instr = 0;     // TGSI instruction index
  uint32_t lane = 0;      // vector lane
  uint8_t comp = 0;       // destination component 0..3
  uint8_t dst = 0;        // destination operand (0, or 1 for two-destination opcodes)
  bool indirect = false;  // the destination was indirectly addressed (value before the address)
  common::Word word = 0;  // the reference word
  bool undefined = false;  // any value
  bool inexact = false;    // any word of `set`
  common::AllowedSet set;
  std::string reason;      // the undefined/inexact cause (reasons.h), empty when exact

  // Whether `w` is a value a conforming implementation may hold here.
  bool Allows(common::Word w) const;
};

struct StoreTrace {
  std::vector<uint32_t> lanes;  // the vector lanes to trace
  size_t max_records = 1000000;
  std::vector<StoreRecord> records;
  bool truncated = false;
};

}  // namespace shaderdiff::tgsi_exec
