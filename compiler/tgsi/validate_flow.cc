// ValidateShader's flow-control rules (validate.h): one pass over the
// instructions with a stack of open constructs.
#include <string>
#include <vector>

#include "compiler/tgsi/limits.h"
#include "compiler/tgsi/opcode.h"
#include "compiler/tgsi/validate_internal.h"

namespace shaderdiff::tgsi {
namespace {

struct Open {
  Opcode op;
  uint32_t at;                       // the opening instruction
  std::optional<uint32_t> else_at;   // IF/UIF: its ELSE
};

// Index into the per-kind nesting depths (tgsi_exec has one stack each).
int NestingKind(Opcode op) {
  switch (op) {
    case Opcode::IF: case Opcode::UIF: return 0;
    case Opcode::BGNLOOP: return 1;
    case Opcode::SWITCH: return 2;
    default: return -1;
  }
}

std::string Closer(Opcode op) {
  switch (op) {
    case Opcode::IF: case Opcode::UIF: return "ENDIF";
    case Opcode::BGNLOOP: return "ENDLOOP";
    case Opcode::SWITCH: return "ENDSWITCH";
    case Opcode::BGNSUB: return "ENDSUB";
    default: return "?";
  }
}

class FlowChecker {
 public:
  FlowChecker(const Shader& s, const ValidateOptions& options, std::vector<ValidationError>* errors)
      : s_(s), insts_(s.instructions), options_(options), errors_(*errors) {}

  void Run() {
    for (uint32_t i = 0; i < insts_.size(); ++i) {
      if (static_cast<size_t>(insts_[i].opcode) >= static_cast<size_t>(kOpcodeCount)) continue;  // reported already
      Step(i);
    }
    for (const Open& open : stack_) {
      Error(open.at, What(open.at) + " is never closed (no " + Closer(open.op) + ")");
    }
    if (!end_) {
      const SourceLocation at = insts_.empty() ? SourceLocation{1, 1} : insts_.back().location;
      errors_.push_back(ValidationError{{at, "the program has no END"}, std::nullopt});
    }
  }

 private:
  void Error(uint32_t i, std::string message) {
    errors_.push_back(ValidationError{{insts_[i].location, std::move(message)}, i});
  }
  std::string Name(uint32_t i) const { return std::string(OpcodeName(insts_[i].opcode)); }
  std::string What(uint32_t i) const { return Name(i) + " at " + LineColumn(insts_[i].location); }
  Opcode Top() const { return stack_.empty() ? Opcode::NOP : stack_.back().op; }

  // A ":N" label (N != 0; 0 is the legacy "none") must be `target`.
  void ExpectLabel(uint32_t from, uint32_t target) {
    const std::optional<uint32_t>& label = insts_[from].label;
    if (label && *label != 0 && *label != target) {
      Error(from, Name(from) + " label :" + std::to_string(*label) + " should be :" + std::to_string(target) + " (the " +
                      Name(target) + " at " + LineColumn(insts_[target].location) + ")");
    }
  }

  void Push(Opcode op, uint32_t i) {
    const int kind = NestingKind(op);
    if (kind >= 0 && ++depth_[kind] > GetLimit(Limit::kNesting).max && options_.limits) {
      Error(i, Name(i) + " nested deeper than " + std::to_string(GetLimit(Limit::kNesting).max) + " (" +
                   std::string(GetLimit(Limit::kNesting).source) + ")");
    }
    stack_.push_back(Open{op, i, std::nullopt});
  }

  void Pop() {
    const int kind = NestingKind(stack_.back().op);
    if (kind >= 0) --depth_[kind];
    stack_.pop_back();
  }

  // Closes the innermost construct if it is one of `openers`.
  bool Close(uint32_t i, std::initializer_list<Opcode> openers) {
    for (Opcode o : openers) {
      if (Top() == o) return true;
    }
    std::string inside = stack_.empty() ? "" : " (inside the " + What(stack_.back().at) + ")";
    Error(i, Name(i) + " without " + std::string(OpcodeName(*openers.begin())) + inside);
    return false;
  }

  // The innermost enclosing construct among `targets` in this subroutine.
  bool Inside(std::initializer_list<Opcode> targets) const {
    for (auto it = stack_.rbegin(); it != stack_.rend(); ++it) {
      if (it->op == Opcode::BGNSUB) return false;
      for (Opcode t : targets) {
        if (it->op == t) return true;
      }
    }
    return false;
  }

  void Step(uint32_t i) {
    const Opcode op = insts_[i].opcode;
    if (end_ && stack_.empty() && op != Opcode::BGNSUB) {
      if (op == Opcode::END) {
        Error(i, "a second END (the program ends at the END at " + LineColumn(insts_[*end_].location) + ")");
      } else {
        Error(i, Name(i) + " after END is never executed (only subroutines, BGNSUB ... ENDSUB, may follow END)");
      }
      return;
    }
    switch (op) {
      case Opcode::IF: case Opcode::UIF: case Opcode::BGNLOOP: case Opcode::SWITCH:
        Push(op, i);
        break;
      case Opcode::ELSE:
        if (!Close(i, {Opcode::IF, Opcode::UIF})) break;
        if (stack_.back().else_at) {
          Error(i, "a second ELSE for the " + What(stack_.back().at));
          break;
        }
        ExpectLabel(stack_.back().at, i);
        stack_.back().else_at = i;
        break;
      case Opcode::ENDIF:
        if (!Close(i, {Opcode::IF, Opcode::UIF})) break;
        if (stack_.back().else_at) {
          ExpectLabel(*stack_.back().else_at, i);
        } else {
          ExpectLabel(stack_.back().at, i);
        }
        Pop();
        break;
      case Opcode::ENDLOOP:
        if (Close(i, {Opcode::BGNLOOP})) Pop();
        break;
      case Opcode::CASE: case Opcode::DEFAULT:
        if (Top() != Opcode::SWITCH) {
          Error(i, Name(i) + " outside a SWITCH" +
                       (stack_.empty() ? "" : " (directly inside the " + What(stack_.back().at) + ")"));
        }
        break;
      case Opcode::ENDSWITCH:
        if (Close(i, {Opcode::SWITCH})) Pop();
        break;
      case Opcode::BGNSUB:
        if (!stack_.empty()) {
          Error(i, "BGNSUB inside the " + What(stack_.back().at) + " (subroutines are defined at the top level)");
        } else if (!end_) {
          Error(i, "subroutine before END: the main program would run into it (subroutines follow END)");
        }
        Push(op, i);
        break;
      case Opcode::ENDSUB:
        if (Close(i, {Opcode::BGNSUB})) Pop();
        break;
      case Opcode::BRK: case Opcode::BREAKC:
        if (!Inside({Opcode::BGNLOOP, Opcode::SWITCH})) Error(i, Name(i) + " outside a loop or SWITCH");
        break;
      case Opcode::CONT:
        if (!Inside({Opcode::BGNLOOP})) Error(i, "CONT outside a loop");
        break;
      case Opcode::CAL: {
        const std::optional<uint32_t>& label = insts_[i].label;
        if (!label) {
          Error(i, "CAL needs a ':N' label naming its BGNSUB");
        } else if (*label >= insts_.size()) {
          Error(i, "CAL :" + std::to_string(*label) + " names no instruction (the program has " +
                       std::to_string(insts_.size()) + ")");
        } else if (insts_[*label].opcode != Opcode::BGNSUB) {
          Error(i, "CAL :" + std::to_string(*label) + " names the " + What(*label) + ", not a BGNSUB");
        }
        break;
      }
      case Opcode::END:
        if (!stack_.empty()) {
          Error(i, "END inside the " + What(stack_.back().at) + " (END ends the program, at the top level)");
        } else {
          end_ = i;
        }
        break;
      case Opcode::EMIT: case Opcode::ENDPRIM:
        if (s_.processor != Processor::kGeometry) Error(i, Name(i) + " outside a geometry shader");
        break;
      default:
        break;
    }
  }

  const Shader& s_;
  const std::vector<Instruction>& insts_;
  const ValidateOptions& options_;
  std::vector<ValidationError>& errors_;
  std::vector<Open> stack_;
  int depth_[3] = {0, 0, 0};
  std::optional<uint32_t> end_;
};

}  // namespace

void CheckFlow(const Shader& shader, const ValidateOptions& options, std::vector<ValidationError>* errors) {
  FlowChecker(shader, options, errors).Run();
}

std::string LineColumn(SourceLocation at) { return std::to_string(at.line) + ":" + std::to_string(at.column); }

}  // namespace shaderdiff::tgsi
