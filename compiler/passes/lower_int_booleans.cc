// LowerIntBooleans (lower_int_booleans.h): the opcode screen, the typing of
// every TEMP definition to a fixed point over the reaching definitions,
// the use checks, then the one-for-one rewrite.
//
// Types form a lattice: kUnknown (not yet seen, or unreachable) below
// kZero (the word 0: false in both encodings, and a value) below kBool and
// kValue (incomparable) below kConflict. Every rule below is monotone in
// its operands, so the iteration ends.
#include "compiler/passes/lower_int_booleans.h"

#include <array>
#include <initializer_list>

#include "compiler/passes/reaching_defs.h"
#include "compiler/tgsi/opcode.h"

namespace shaderdiff::compiler {
namespace {

using tgsi::File;
using tgsi::Opcode;

enum class Kind : uint8_t { kUnknown, kZero, kBool, kValue, kConflict };

Kind Join(Kind a, Kind b) {
  if (a == b || b == Kind::kUnknown) return a;
  if (a == Kind::kUnknown) return b;
  if (a == Kind::kZero && b != Kind::kConflict) return b;
  if (b == Kind::kZero && a != Kind::kConflict) return a;
  return Kind::kConflict;
}

bool Boolish(Kind k) { return k == Kind::kZero || k == Kind::kBool; }
bool Modified(const tgsi::SrcOperand& s) { return s.negate || s.absolute; }

bool IsCompare(Opcode op) {
  return op == Opcode::FSLT || op == Opcode::FSGE || op == Opcode::FSEQ || op == Opcode::FSNE;
}

// The integer opcodes this pass rewrites.
bool Handled(Opcode op) {
  return IsCompare(op) || op == Opcode::UIF || op == Opcode::UCMP || op == Opcode::AND || op == Opcode::OR ||
         op == Opcode::XOR || op == Opcode::NOT;
}

bool IntegerOrDouble(Opcode op) {
  const tgsi::OpcodeInfo& info = tgsi::GetOpcodeInfo(op);
  for (tgsi::DataType t : {info.src_type, info.dst_type})
    if (t != tgsi::DataType::F && t != tgsi::DataType::X) return true;
  return false;
}

class Typing {
 public:
  Typing(const tgsi::Shader& s, const ReachingDefs& rd) : s_(s), rd_(rd), kind_(rd.defs().size(), Kind::kUnknown) {
    for (size_t d = 0; d < rd.defs().size(); ++d)
      if (rd.defs()[d].inst == ReachingDefs::kEntry) kind_[d] = Kind::kZero;
    // The reaching definitions of every TEMP source channel, once.
    reach_.resize(s.instructions.size());
    for (uint32_t i = 0; i < s.instructions.size(); ++i) {
      const tgsi::Instruction& inst = s.instructions[i];
      reach_[i].resize(inst.src.size());
      for (size_t k = 0; k < inst.src.size(); ++k) {
        if (inst.src[k].reg.file != File::kTemporary) continue;
        for (uint8_t c = 0; c < 4; ++c)
          reach_[i][k][c] = rd.Reaching(i, inst.src[k].reg.index.index, inst.src[k].swizzle[c]);
      }
    }
  }

  // Iterates the definition types to their fixed point.
  void Solve() {
    for (bool changed = true; changed;) {
      changed = false;
      for (uint32_t i = 0; i < s_.instructions.size(); ++i) {
        for (uint8_t c = 0; c < 4; ++c) {
          const std::optional<uint32_t> d = rd_.DefAt(i, c);
          if (!d) continue;
          const Kind k = Join(kind_[*d], DefKind(i, c));
          if (k != kind_[*d]) kind_[*d] = k, changed = true;
        }
      }
    }
  }

  // Source k of instruction i as read for destination channel c.
  Kind Operand(uint32_t i, size_t k, uint8_t c) const {
    const tgsi::SrcOperand& src = s_.instructions[i].src[k];
    if (src.reg.file == File::kTemporary) {
      Kind kind = Kind::kUnknown;
      for (uint32_t d : reach_[i][k][c]) kind = Join(kind, kind_[d]);
      return kind;
    }
    if (src.reg.file == File::kImmediate && !src.reg.index.indirect && src.reg.index.index < s_.immediates.size() &&
        s_.immediates[src.reg.index.index].words[src.swizzle[c]] == 0 && !Modified(src))
      return Kind::kZero;
    return Kind::kValue;
  }

  // What instruction i writes to channel c, from its operands' types.
  Kind DefKind(uint32_t i, uint8_t c) const {
    const tgsi::Instruction& inst = s_.instructions[i];
    const Opcode op = inst.opcode;
    if (IsCompare(op)) return inst.saturate ? Kind::kConflict : Kind::kBool;
    if (op == Opcode::MOV) {
      const Kind k = Operand(i, 0, c);
      if (!inst.saturate && !Modified(inst.src[0])) return k;
      return k == Kind::kBool ? Kind::kConflict : k == Kind::kZero ? Kind::kValue : k;
    }
    if (op == Opcode::UCMP) {  // the arms' types; a float modifier or _SAT changes a boolean's word
      Kind k = Kind::kUnknown;
      for (size_t a : {1, 2}) {
        const Kind arm = Operand(i, a, c);
        k = Join(k, !Modified(inst.src[a]) ? arm : arm == Kind::kBool ? Kind::kConflict
                                                   : arm == Kind::kZero ? Kind::kValue : arm);
      }
      return inst.saturate && k == Kind::kBool ? Kind::kConflict : k;
    }
    if (op != Opcode::AND && op != Opcode::OR && op != Opcode::XOR && op != Opcode::NOT) return Kind::kValue;
    if (inst.saturate) return Kind::kConflict;
    Kind k[2] = {Kind::kZero, Kind::kZero};
    for (size_t a = 0; a < inst.src.size(); ++a) {
      if (Modified(inst.src[a])) return Kind::kConflict;  // integer negate: -(~0) is 1
      k[a] = Operand(i, a, c);
    }
    if (k[0] == Kind::kConflict || k[1] == Kind::kConflict) return Kind::kConflict;
    if (k[0] == Kind::kUnknown || k[1] == Kind::kUnknown) return Kind::kUnknown;
    if (op == Opcode::NOT) return Boolish(k[0]) ? Kind::kBool : Kind::kConflict;
    if (op == Opcode::AND) {
      if (k[0] == Kind::kZero || k[1] == Kind::kZero) return Kind::kZero;
      if (k[0] == Kind::kBool && k[1] == Kind::kBool) return Kind::kBool;
      if (k[0] == Kind::kBool || k[1] == Kind::kBool) return Kind::kValue;  // b ? x : 0, x's word
      return Kind::kConflict;                                                 // integer AND
    }
    if (!Boolish(k[0]) || !Boolish(k[1])) return Kind::kConflict;  // OR/XOR of a value
    return k[0] == Kind::kZero && k[1] == Kind::kZero ? Kind::kZero : Kind::kBool;
  }

  // "" when instruction i's uses and definitions are all provably right.
  std::string Check(uint32_t i) const {
    const tgsi::Instruction& inst = s_.instructions[i];
    const std::string at = std::string(tgsi::OpcodeName(inst.opcode)) + " at instruction " + std::to_string(i);
    const uint8_t mask = inst.dst.empty() ? 0 : inst.dst[0].write_mask;
    for (uint8_t c = 0; c < 4; ++c) {
      if (!(mask & (1u << c))) continue;
      const Kind k = DefKind(i, c);
      if (k == Kind::kConflict) return at + ": operands of mixed or non-boolean types";
      if (k == Kind::kBool && inst.dst[0].reg.file != File::kTemporary)
        return at + ": a boolean stored to " + std::string(tgsi::Name(inst.dst[0].reg.file));
    }
    const Opcode op = inst.opcode;
    if (op == Opcode::UIF || op == Opcode::UCMP) {
      if (Modified(inst.src[0])) return at + ": a modifier on the integer condition";
      for (uint8_t c = 0; c < 4; ++c) {
        if (op == Opcode::UIF ? c != 0 : !(mask & (1u << c))) continue;
        const Kind k = Operand(i, 0, c);
        if (!Boolish(k) && k != Kind::kUnknown) return at + ": the condition is not a boolean";
      }
    }
    // Everything else reads values: no boolean may reach it (every channel,
    // whatever the write mask: a superset of what the opcode reads).
    if (op == Opcode::MOV || (Handled(op) && !IsCompare(op))) return "";
    for (size_t a = 0; a < inst.src.size(); ++a) {
      for (uint8_t c = 0; c < 4; ++c) {
        const Kind k = Operand(i, a, c);
        if (k == Kind::kBool || k == Kind::kConflict)
          return at + ": source " + std::to_string(a) + " may be a boolean, read as a value";
      }
    }
    return "";
  }

 private:
  const tgsi::Shader& s_;
  const ReachingDefs& rd_;
  std::vector<Kind> kind_;
  std::vector<std::vector<std::array<std::vector<uint32_t>, 4>>> reach_;
};

// The rewrite of one checked instruction; "" or why it cannot be one
// instruction.
std::string Rewrite(const Typing& t, uint32_t i, tgsi::Instruction& inst) {
  switch (inst.opcode) {
    case Opcode::FSLT: inst.opcode = Opcode::SLT; break;
    case Opcode::FSGE: inst.opcode = Opcode::SGE; break;
    case Opcode::FSEQ: inst.opcode = Opcode::SEQ; break;
    case Opcode::FSNE: inst.opcode = Opcode::SNE; break;
    case Opcode::UIF: inst.opcode = Opcode::IF; break;
    case Opcode::OR: inst.opcode = Opcode::MAX; break;
    case Opcode::XOR: inst.opcode = Opcode::SNE; break;
    case Opcode::UCMP:
      inst.opcode = Opcode::CMP;
      inst.src[0].negate = true;
      break;
    case Opcode::NOT:
      inst.opcode = Opcode::SGE;  // -b >= b: true at +0 (-0 >= +0), false at 1
      inst.src.push_back(inst.src[0]);
      inst.src[0].negate = true;
      break;
    case Opcode::AND: {
      // CMP d, -b, x, b with b the boolean operand, the same one on every channel.
      std::optional<size_t> b;
      for (uint8_t c = 0; c < 4; ++c) {
        if (!(inst.dst[0].write_mask & (1u << c))) continue;
        const Kind k0 = t.Operand(i, 0, c), k1 = t.Operand(i, 1, c);
        if (k0 == Kind::kUnknown || k1 == Kind::kUnknown) continue;
        const size_t here = Boolish(k0) ? 0 : 1;
        if (b && *b != here) return "AND at instruction " + std::to_string(i) + ": its boolean operand differs per channel";
        b = here;
      }
      const tgsi::SrcOperand cond = inst.src[b.value_or(0)], other = inst.src[1 - b.value_or(0)];
      inst.opcode = Opcode::CMP;
      inst.src = {cond, other, cond};
      inst.src[0].negate = true;
      break;
    }
    default:
      return "";
  }
  return "";
}

}  // namespace

BooleanLowering LowerIntBooleans(const tgsi::Shader& in) {
  BooleanLowering result;
  bool any = false;
  for (const tgsi::Instruction& inst : in.instructions) {
    if (!IntegerOrDouble(inst.opcode)) continue;
    if (!Handled(inst.opcode)) {
      result.refusal = "integer or double opcode " + std::string(tgsi::OpcodeName(inst.opcode)) + " is not boolean";
      return result;
    }
    any = true;
  }
  if (!any) return result;
  std::optional<ReachingDefs> rd = ReachingDefs::Compute(in, &result.refusal);
  if (!rd) return result;
  Typing typing(in, *rd);
  typing.Solve();
  for (uint32_t i = 0; i < in.instructions.size(); ++i) {
    result.refusal = typing.Check(i);
    if (!result.refusal.empty()) return result;
  }
  tgsi::Shader out = in;
  for (uint32_t i = 0; i < out.instructions.size(); ++i) {
    if (!Handled(out.instructions[i].opcode)) continue;
    result.refusal = Rewrite(typing, i, out.instructions[i]);
    if (!result.refusal.empty()) return result;
    ++result.rewrites;
  }
  result.shader = std::move(out);
  return result;
}

}  // namespace shaderdiff::compiler
