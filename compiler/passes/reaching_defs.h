// Per-component reaching definitions of the TEMP registers of a TGSI
// shader with structured flow control, for TGSI -> TGSI passes that must
// know which writes a read can see (lower_int_booleans: a TEMP is reused
// across types, e.g. a boolean then a float).
//
// The flow graph: every instruction falls through to the next, except
// IF/UIF (also to the instruction after its ELSE, or its ENDIF), ELSE (to
// its ENDIF: the taken branch skips the else part), ENDLOOP (also back to
// its BGNLOOP), BRK (to after its ENDLOOP), CONT (to its ENDLOOP) and END
// (nowhere). An edge the program may not take only adds definitions, so
// the sets are a superset of the true ones: a pass that proves a property
// of every reaching definition proves it of every real one.
//
// Variables are direct TEMP components; each instruction writing TEMP[n]
// with mask bit c is one definition of (n, c), and every variable has one
// entry definition (the value before any write: undefined in the reference
// interpreter). Refused (Compute returns nullopt and says why): relative
// addressing of TEMP, and flow control other than the structured forms
// above (CAL/RET/BGNSUB/SWITCH), or unbalanced constructs.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "compiler/tgsi/ast.h"

namespace shaderdiff::compiler {

class ReachingDefs {
 public:
  static constexpr uint32_t kEntry = UINT32_MAX;  // Def::inst of an entry definition

  struct Def {
    uint32_t inst;   // the writing instruction, or kEntry
    uint32_t temp;   // TEMP index
    uint8_t comp;    // 0..3
  };

  static std::optional<ReachingDefs> Compute(const tgsi::Shader& shader, std::string* why);

  const std::vector<Def>& defs() const { return defs_; }
  // The definition instruction `inst` makes of component `comp`, if any.
  std::optional<uint32_t> DefAt(uint32_t inst, uint8_t comp) const;
  // The definitions of TEMP[temp].comp that reach the start of `inst`
  // (the entry definition included when some path writes nothing).
  std::vector<uint32_t> Reaching(uint32_t inst, uint32_t temp, uint8_t comp) const;

 private:
  std::vector<Def> defs_;
  std::vector<int32_t> def_at_;                     // [inst * 4 + comp], -1 when none
  std::vector<std::vector<uint32_t>> var_defs_;     // per variable, its definitions (entry first)
  std::vector<int32_t> var_of_;                     // [temp * 4 + comp] -> variable, -1 when never written
  size_t words_ = 0;                                // bitset words per instruction
  std::vector<uint64_t> in_;                        // [inst * words_ + w]: definitions reaching inst
};

}  // namespace shaderdiff::compiler
