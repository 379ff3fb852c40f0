// Function helpers and the IR printer (see ir.h).
//
// Printing reuses the a3xx disassembler: value operands are given
// placeholder registers (r50.x for the destination, r51.x.. for sources)
// that the printer then replaces by value names ("%12", "%12.1" for a
// component of a vector value). After RA (fn.reg filled) the physical
// registers are printed instead, followed by the value names as a comment.
#include "compiler/opt/ir.h"

#include <sstream>

#include "emulator/a3xx/isa/disasm.h"
#include "emulator/a3xx/isa/io_fields.h"

namespace shaderdiff::opt {

const a3xx::RegisterSpan& InputSpan(const Function& fn, ValueId input) {
  const InputRef& ref = fn.node(input).input;
  return ref.kind == InputRef::kSystemValue ? fn.state.system_values[ref.binding].span
                                            : fn.state.inputs[ref.binding].span;
}

uint8_t InputMask(const Function& fn, ValueId input) {
  const Node& in = fn.node(input);
  uint8_t read = 0;
  for (size_t v = 0; v < fn.nodes.size(); ++v) {
    const Node& n = fn.nodes[v];
    if (n.dead) continue;
    if (n.meta == Meta::kSplit) {
      if (n.args[0] == input) read |= static_cast<uint8_t>(1u << (in.input.comp + n.comp));
      continue;
    }
    for (ValueId u : fn.UsesOf(static_cast<ValueId>(v))) {
      if (u == input) read |= static_cast<uint8_t>(((1u << in.size) - 1) << in.input.comp);  // the whole vector
    }
  }
  return a3xx::ProgrammedMask(InputSpan(fn, input).field, read).value_or(0);
}

namespace {

std::string ValueName(const Function& fn, ValueId v, int comp) {
  std::string s = "%" + std::to_string(v);
  if (fn.node(v).size > 1 || comp != 0) s += "." + std::to_string(comp);
  return s;
}

void ReplaceAll(std::string& s, const std::string& from, const std::string& to) {
  size_t pos = 0;
  while ((pos = s.find(from, pos)) != std::string::npos) {
    // Do not replace a prefix of a longer register name (r50.x vs r50.xy is
    // not a thing, but hr50.x contains r50.x: handled by replacing hr first).
    s.replace(pos, from.size(), to);
    pos += to.size();
  }
}

const char* ClassName(RegClass c) {
  switch (c) {
    case RegClass::kNone: return "";
    case RegClass::kFull: return "";
    case RegClass::kA0: return ":a0";
    case RegClass::kP0: return ":p0";
    case RegClass::kHalf0: return ":hr0";
  }
  return "";
}

std::string Args(const Function& fn, const std::vector<ValueId>& args) {
  std::string s;
  for (size_t i = 0; i < args.size(); ++i) {
    if (i) s += ", ";
    s += args[i] == kNoValue ? std::string("_") : "%" + std::to_string(args[i]);
  }
  return s;
}

// PrintNode's a3xx body (below).
std::string NodeText(const Function& fn, ValueId v) {
  const Node& n = fn.node(v);
  const bool allocated = !fn.reg.empty();
  std::string def;
  if (n.defines()) {
    def = "%" + std::to_string(v);
    if (n.size > 1) def += "[" + std::to_string(n.size) + "]";
    def += ClassName(n.def_class);
    if (allocated && fn.reg[v] >= 0 && n.def_class == RegClass::kFull) {
      def += std::string("(r") + std::to_string(fn.reg[v] / 4) + "." + "xyzw"[fn.reg[v] % 4] + ")";
    }
    def += " = ";
  }
  switch (n.meta) {
    case Meta::kInput: {
      const char* kind = n.input.kind == InputRef::kRegister ? "in" : n.input.kind == InputRef::kSystemValue ? "sv" : "ij";
      return def + "input " + kind + std::to_string(n.input.binding) + "." + "xyzw"[n.input.comp & 3];
    }
    case Meta::kPhi: {
      std::string s = def + "phi ";
      const Block& b = fn.blocks[static_cast<size_t>(n.block)];
      for (size_t i = 0; i < n.args.size(); ++i) {
        if (i) s += ", ";
        s += "%" + std::to_string(n.args[i]) + "(b" + (i < b.preds.size() ? std::to_string(b.preds[i]) : "?") + ")";
      }
      return s;
    }
    case Meta::kCollect: return def + "collect " + Args(fn, n.args);
    case Meta::kSplit: return def + "split " + ValueName(fn, n.args.at(0), n.comp);
    case Meta::kParCopy: return def + "parcopy " + Args(fn, n.args);
    case Meta::kNone: break;
  }
  a3xx::Instr in = n.instr;
  constexpr int kDstPlaceholder = 50;
  constexpr int kSrcPlaceholder = 51;
  if (n.defines() && n.def_class == RegClass::kFull && in.dst.kind == a3xx::OperandKind::kGpr) {
    in.dst.num = allocated ? static_cast<uint16_t>(fn.reg[v]) : a3xx::RegNum(kDstPlaceholder, 0);
  }
  for (int k = 0; k < a3xx::kNumSrcSlots; ++k) {
    const ValueId s = n.src_value[k];
    if (s == kNoValue) continue;
    if (fn.node(s).def_class != RegClass::kFull) continue;
    in.src[k].num = allocated ? static_cast<uint16_t>(fn.reg[s] + n.src_comp[k])
                              : a3xx::RegNum(kSrcPlaceholder + k, 0);
  }
  std::string text = a3xx::Disassemble(in);
  if (!allocated) {
    if (n.defines() && n.def_class == RegClass::kFull) {
      ReplaceAll(text, "hr" + std::to_string(kDstPlaceholder) + ".x", "%" + std::to_string(v));
      ReplaceAll(text, "r" + std::to_string(kDstPlaceholder) + ".x", "%" + std::to_string(v));
    }
    for (int k = 0; k < a3xx::kNumSrcSlots; ++k) {
      const ValueId s = n.src_value[k];
      if (s == kNoValue || fn.node(s).def_class != RegClass::kFull) continue;
      const std::string name = ValueName(fn, s, n.src_comp[k]);
      ReplaceAll(text, "hr" + std::to_string(kSrcPlaceholder + k) + ".x", name);
      ReplaceAll(text, "r" + std::to_string(kSrcPlaceholder + k) + ".x", name);
    }
  }
  std::string s = (n.defines() ? def : std::string()) + text;
  if (!n.args.empty()) s += " <- " + Args(fn, n.args);
  if (n.instr.opcode == a3xx::Opcode::BR || n.instr.opcode == a3xx::Opcode::JUMP) {
    s += " -> b" + std::to_string(n.target_block);
  }
  if (!allocated) {
    std::string uses;
    for (int k = 0; k < a3xx::kNumSrcSlots; ++k) {
      const ValueId sv = n.src_value[k];
      if (sv != kNoValue && fn.node(sv).def_class != RegClass::kFull) {
        uses += (uses.empty() ? "" : ", ") + std::string("%") + std::to_string(sv);
      }
    }
    if (!uses.empty()) s += "  ; reads " + uses;
  }
  if (!n.deps.empty()) s += "  ; after " + Args(fn, n.deps);
  if (n.depth != 0) s += "  ; depth " + std::to_string(n.depth);
  return s;
}

}  // namespace

std::string PrintFunction(const Function& fn) {
  std::ostringstream out;
  for (size_t b = 0; b < fn.blocks.size(); ++b) {
    const Block& blk = fn.blocks[b];
    out << "b" << b << ":";
    if (!blk.preds.empty()) {
      out << "  ; preds";
      for (int32_t p : blk.preds) out << " b" << p;
    }
    if (!blk.succs.empty()) {
      out << "  ; succs";
      for (int32_t p : blk.succs) out << " b" << p;
    }
    out << "\n";
    for (ValueId v : blk.nodes) {
      if (fn.node(v).dead) continue;
      out << "  " << NodeText(fn, v) << "\n";
    }
  }
  return out.str();
}

}  // namespace shaderdiff::opt

namespace shaderdiff::ir {

template <>
std::string PrintNode<compiler::A3xxTarget>(const Function<compiler::A3xxTarget>& fn, ValueId v) {
  return opt::NodeText(fn, v);
}

}  // namespace shaderdiff::ir
