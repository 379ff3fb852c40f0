// Field-by-field comparison of two interpreter results, for the tests that
// prove two entry points equal (prepared vs one call, batched vs one call
// per vector): status, detail, locations, words, flags, sets, reasons,
// kills, control_undefined, instruction counts, emitted vertices.
#pragma once

#include <sstream>
#include <string>

#include "emulator/common/test_vector.h"

namespace shaderdiff::test {

// "" when equal, else the first field that differs.
inline std::string Difference(const common::ExecResult& a, const common::ExecResult& b) {
  std::ostringstream d;
  if (a.status != b.status) d << "status " << int(a.status) << " vs " << int(b.status);
  else if (a.detail != b.detail) d << "detail '" << a.detail << "' vs '" << b.detail << "'";
  else if (a.location.line != b.location.line || a.location.column != b.location.column) d << "location";
  else if (a.vector_path != b.vector_path) d << "vector_path";
  else if (a.outputs.size() != b.outputs.size()) d << "output count";
  else {
    for (size_t i = 0; i < a.outputs.size() && d.str().empty(); ++i) {
      const common::OutputLanes &x = a.outputs[i], &y = b.outputs[i];
      if (x.index != y.index) d << "output index";
      else if (x.words != y.words) d << "outputs";
      else if (x.undefined != y.undefined) d << "undefined";
      else if (x.inexact != y.inexact) d << "inexact";
      else if (x.has_sets != y.has_sets) d << "has_sets";
      else if (x.allowed != y.allowed) d << "allowed";
      else if (x.reasons != y.reasons) d << "reasons";
    }
  }
  if (!d.str().empty()) return d.str();
  if (a.killed != b.killed) d << "killed";
  else if (a.killed_uncertain != b.killed_uncertain) d << "killed_uncertain";
  else if (a.killed_reasons != b.killed_reasons) d << "killed_reasons";
  else if (a.control_undefined != b.control_undefined) d << "control_undefined";
  else if (a.instructions_executed != b.instructions_executed) d << "instructions_executed";
  else if (a.emitted.size() != b.emitted.size()) d << "emitted count";
  else {
    for (size_t i = 0; i < a.emitted.size(); ++i) {
      const common::EmittedVertex &x = a.emitted[i], &y = b.emitted[i];
      if (x.lane != y.lane || x.stream != y.stream || x.primitive != y.primitive || x.outputs != y.outputs ||
          x.undefined != y.undefined || x.inexact != y.inexact || x.allowed != y.allowed) {
        d << "emitted vertex " << i;
        break;
      }
    }
  }
  return d.str();
}

}  // namespace shaderdiff::test
