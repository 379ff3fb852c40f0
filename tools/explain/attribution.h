/* Whether the instruction `explain` names belongs to a culprit rewrite's
   output: the optimizing build's code for its TGSI instruction differs
   between the last good and the first bad compile of the bisection
   (register numbers aside: allocation renames registers everywhere once one
   instruction changes). Used for the explain column of the mutant table and
   shown with the culprit.

   Invariant: both compiles are made here, with exactly the bisection's
   selections; nothing else is compared. */
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "compiler/tgsi/ast.h"
#include "tools/bisect/search.h"

namespace shaderdiff::explain {

struct Attribution {
  bool compiled = false;  // both compiles succeeded
  bool changed = false;   // the TGSI instruction's code differs between them
  std::vector<std::string> good_code, bad_code;  // its instructions, registers normalized
};

Attribution Attribute(const tgsi::Shader& shader, const bisect::Selection& good, const bisect::Selection& bad,
                      int32_t tgsi_index);

}  // namespace shaderdiff::explain
