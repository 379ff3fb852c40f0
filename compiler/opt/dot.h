// The instruction graph in Graphviz syntax (`shaderdiff compile --dot`):
// one cluster per basic block (nodes in block order, labelled with their
// IR text), solid edges from each value to its users, dashed edges for
// order dependencies, bold edges between blocks. Deterministic.
#pragma once

#include <string>

#include "compiler/opt/ir.h"

namespace shaderdiff::opt {

std::string PrintDot(const Function& fn);

}  // namespace shaderdiff::opt
