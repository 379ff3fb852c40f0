// Graphviz output (see dot.h).
#include "compiler/opt/dot.h"

#include <sstream>

namespace shaderdiff::opt {

namespace {

std::string Escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

}  // namespace

std::string PrintDot(const Function& fn) {
  std::ostringstream out;
  out << "digraph shader {\n  node [shape=box, fontname=monospace, fontsize=10];\n";
  for (size_t b = 0; b < fn.blocks.size(); ++b) {
    out << "  subgraph cluster_b" << b << " {\n    label=\"b" << b << "\";\n";
    out << "    b" << b << "_entry [shape=point];\n";
    for (ValueId v : fn.blocks[b].nodes) {
      if (fn.node(v).dead) continue;
      out << "    n" << v << " [label=\"" << Escape(PrintNode(fn, v)) << "\"];\n";
    }
    out << "  }\n";
  }
  for (size_t b = 0; b < fn.blocks.size(); ++b) {
    for (ValueId v : fn.blocks[b].nodes) {
      const Node& n = fn.node(v);
      if (n.dead) continue;
      for (ValueId u : fn.Uses(v)) out << "  n" << u << " -> n" << v << ";\n";
      for (ValueId d : n.deps) {
        if (!fn.node(d).dead) out << "  n" << d << " -> n" << v << " [style=dashed];\n";
      }
    }
    for (int32_t s : fn.blocks[b].succs) out << "  b" << b << "_entry -> b" << s << "_entry [style=bold];\n";
  }
  out << "}\n";
  return out.str();
}

}  // namespace shaderdiff::opt
