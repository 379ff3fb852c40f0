// Flow control, kill and subroutines (docs/tgsi.md 2.8, 3.5, 3.6).
//
// The target runs every lane with its own program counter (the emulator
// executes the lanes at the lowest PC first and they reconverge there), so
// TGSI's execution masks become plain branches: a lane that takes a branch
// is simply somewhere else. Templates (p0.x is written by a cmps followed by
// the usual 6-slot wait, so `br`/`kill` read it safely):
//   IF c          cmps.f.ne p0.x, c.x, K.x(0.0); br !p0.x, #else   (-0 false, NaN true)
//   UIF c         cmps.u.ne p0.x, c.x, K.x;      br !p0.x, #else
//   ELSE          jump #endif; else:
//   ENDIF         [else:] endif:
//   BGNLOOP       begin:
//   ENDLOOP       jump #begin; end:
//   BRK           jump #end of the innermost loop or SWITCH
//   CONT          jump #begin of the innermost loop
//   BREAKC c      cmps.u.ne p0.x, c.x, K.x; br p0.x, #end of the innermost loop
//   SWITCH s      dispatch: mov t, s.x; per CASE v in order:
//                 cmps.u.eq p0.x, t, v; br p0.x, #case; then jump #default
//                 (or #endswitch). Lanes matching no CASE go to DEFAULT (the
//                 spec's rule, which the reference follows); cases fall
//                 through to the next label. CASE values must be IMM/CONST
//                 (they are compared at SWITCH time).
//   CASE/DEFAULT  case:      ENDSWITCH   end:
//   CAL :N        the subroutine at BGNSUB N, inlined (recursion unsupported)
//   RET           jump to the end of the inlined subroutine (main: to `end`)
//   END           ends main; inside control flow or a subroutine: jump #end
//   KILL          cmps.u.eq p0.x, K.x, K.x; kill p0.x  (fragment shaders)
//   KILL_IF c     per distinct component: cmps.f.lt p0.x, c, K.x; kill p0.x
//   NOP, BGNSUB/ENDSUB outside a call   nothing (bodies are skipped)
// Killed lanes keep running, as in TGSI: only coverage changes.
#include "compiler/targets/a3xx/naive/flow.h"

#include <map>
#include <string>
#include <vector>

#include "compiler/targets/a3xx/naive/operands.h"
#include "compiler/targets/a3xx/naive/templates.h"
#include "compiler/tgsi/opcode.h"

namespace shaderdiff::naive {

using a3xx::Cond;
using a3xx::Opcode;

namespace {

namespace T = tgsi;

constexpr int kMaxInlineDepth = 16;

// Matching indices of every structured instruction.
struct Structure {
  std::vector<int> partner;  // IF/UIF -> ELSE or ENDIF; ELSE -> ENDIF; BGNLOOP/SWITCH/BGNSUB -> their end
  std::vector<std::vector<int>> labels_of_switch;  // SWITCH -> its CASE/DEFAULT indices
  int main_end = 0;                                // index of the END closing main, or size
};

bool Opens(T::Opcode op) {
  return op == T::Opcode::IF || op == T::Opcode::UIF || op == T::Opcode::BGNLOOP || op == T::Opcode::SWITCH ||
         op == T::Opcode::BGNSUB;
}

bool BuildStructure(Ctx& ctx, Structure* s) {
  const auto& insts = ctx.shader.instructions;
  const int n = static_cast<int>(insts.size());
  s->partner.assign(n, -1);
  s->labels_of_switch.assign(n, {});
  s->main_end = n;
  std::vector<int> stack;
  auto fail = [&](int i, const std::string& what) {
    ctx.Malformed(what + " at instruction " + std::to_string(i));
    return false;
  };
  auto top_is = [&](std::initializer_list<T::Opcode> ops) {
    if (stack.empty()) return false;
    for (T::Opcode op : ops) {
      if (insts[stack.back()].opcode == op) return true;
    }
    return false;
  };
  for (int i = 0; i < n; ++i) {
    const T::Opcode op = insts[i].opcode;
    if (Opens(op)) {
      stack.push_back(i);
    } else if (op == T::Opcode::ELSE) {
      if (!top_is({T::Opcode::IF, T::Opcode::UIF}) || s->partner[stack.back()] != -1) {
        return fail(i, "ELSE without IF");
      }
      s->partner[stack.back()] = i;
      stack.back() = i;  // ENDIF now closes the ELSE
    } else if (op == T::Opcode::ENDIF) {
      if (!top_is({T::Opcode::IF, T::Opcode::UIF, T::Opcode::ELSE})) return fail(i, "ENDIF without IF");
      s->partner[stack.back()] = i;
      stack.pop_back();
    } else if (op == T::Opcode::ENDLOOP) {
      if (!top_is({T::Opcode::BGNLOOP})) return fail(i, "ENDLOOP without BGNLOOP");
      s->partner[stack.back()] = i;
      stack.pop_back();
    } else if (op == T::Opcode::CASE || op == T::Opcode::DEFAULT) {
      if (!top_is({T::Opcode::SWITCH})) return fail(i, std::string(T::OpcodeName(op)) + " outside SWITCH");
      s->labels_of_switch[stack.back()].push_back(i);
    } else if (op == T::Opcode::ENDSWITCH) {
      if (!top_is({T::Opcode::SWITCH})) return fail(i, "ENDSWITCH without SWITCH");
      s->partner[stack.back()] = i;
      stack.pop_back();
    } else if (op == T::Opcode::ENDSUB) {
      if (!top_is({T::Opcode::BGNSUB})) return fail(i, "ENDSUB without BGNSUB");
      s->partner[stack.back()] = i;
      stack.pop_back();
    } else if (op == T::Opcode::END && stack.empty() && s->main_end == n) {
      s->main_end = i;
    }
  }
  if (!stack.empty()) {
    return fail(stack.back(), "unclosed " + std::string(T::OpcodeName(insts[stack.back()].opcode)));
  }
  return true;
}

class FlowTranslator {
 public:
  FlowTranslator(Ctx& ctx, const Structure& s, Label program_end)
      : ctx_(ctx), e_(ctx.emit), s_(s), program_end_(program_end) {}

  void Main() { Range(0, s_.main_end, /*in_sub=*/false, program_end_); }

 private:
  enum class Kind { kIf, kLoop, kSwitch };
  struct Frame {
    Kind kind;
    Label a;  // IF: else; loop: begin
    Label b;  // IF: endif; loop/switch: end
    bool has_else = false;
  };

  const T::Instruction& At(int i) const { return ctx_.shader.instructions[i]; }

  // Translates instructions [begin, end). `ret` is where RET jumps.
  void Range(int begin, int end, bool in_sub, Label ret) {
    std::vector<Frame> frames;
    for (int i = begin; i < end && !ctx_.failed(); ++i) {
      const T::Instruction& in = At(i);
      e_.set_source(i);
      switch (in.opcode) {
        case T::Opcode::IF:
        case T::Opcode::UIF: {
          Frame f{Kind::kIf, e_.NewLabel(), e_.NewLabel()};
          Inst inst(ctx_, in);
          if (in.opcode == T::Opcode::IF) {
            inst.Emit(Cmp(Opcode::CMPS_F, Cond::kNe, P0(), inst.Src(0, 0, kUseCat2Float), KReg(kKZero)));
          } else {
            inst.Emit(Cmp(Opcode::CMPS_U, Cond::kNe, P0(), inst.Src(0, 0, kUseCat2Int), KReg(kKZero)));
          }
          e_.Branch(f.a, /*if_false=*/true);
          frames.push_back(f);
          break;
        }
        case T::Opcode::ELSE:
          e_.Jump(frames.back().b);
          e_.Bind(frames.back().a);
          frames.back().has_else = true;
          break;
        case T::Opcode::ENDIF:
          if (!frames.back().has_else) e_.Bind(frames.back().a);
          e_.Bind(frames.back().b);
          frames.pop_back();
          break;
        case T::Opcode::BGNLOOP: {
          Frame f{Kind::kLoop, e_.NewLabel(), e_.NewLabel()};
          e_.Bind(f.a);
          frames.push_back(f);
          break;
        }
        case T::Opcode::ENDLOOP:
          e_.Jump(frames.back().a);
          e_.Bind(frames.back().b);
          frames.pop_back();
          break;
        case T::Opcode::BRK: {
          const Frame* f = Innermost(frames, /*loops_only=*/false);
          if (!f) return ctx_.Unsupported("BRK outside a loop or SWITCH");
          e_.Jump(f->b);
          break;
        }
        case T::Opcode::BREAKC: {  // removed 2017: BRK for lanes whose src.x (integer) != 0
          const Frame* f = Innermost(frames, /*loops_only=*/true);
          if (!f) return ctx_.Unsupported("BREAKC outside a loop");
          Inst inst(ctx_, in);
          inst.Emit(Cmp(Opcode::CMPS_U, Cond::kNe, P0(), inst.Src(0, 0, kUseCat2Int), KReg(kKZero)));
          e_.Branch(f->b, /*if_false=*/false);
          break;
        }
        case T::Opcode::CONT: {
          const Frame* f = Innermost(frames, /*loops_only=*/true);
          if (!f) return ctx_.Unsupported("CONT outside a loop");
          e_.Jump(f->a);
          break;
        }
        case T::Opcode::SWITCH:
          frames.push_back(Switch(i));
          break;
        case T::Opcode::CASE:
        case T::Opcode::DEFAULT:
          e_.Bind(case_labels_.at(i));
          break;
        case T::Opcode::ENDSWITCH:
          e_.Bind(frames.back().b);
          frames.pop_back();
          break;
        case T::Opcode::CAL:
          Call(in, i);
          break;
        case T::Opcode::RET:
          e_.Jump(in_sub ? ret : program_end_);
          break;
        case T::Opcode::END:
          e_.Jump(program_end_);
          break;
        case T::Opcode::BGNSUB:
          i = s_.partner[i];  // a body is only entered through CAL
          break;
        case T::Opcode::ENDSUB:
        case T::Opcode::NOP:
          break;
        case T::Opcode::KILL:
          if (!Fragment("KILL")) return;
          e_.Emit(Cmp(Opcode::CMPS_U, Cond::kEq, P0(), KReg(kKZero), KReg(kKZero)));
          e_.Kill();
          break;
        case T::Opcode::KILL_IF:
          KillIf(in);
          break;
        default:
          Compute(in);
          break;
      }
    }
  }

  static Operand P0() { return Gpr(a3xx::kRegP0X); }

  const Frame* Innermost(const std::vector<Frame>& frames, bool loops_only) const {
    for (auto it = frames.rbegin(); it != frames.rend(); ++it) {
      if (it->kind == Kind::kLoop || (!loops_only && it->kind == Kind::kSwitch)) return &*it;
    }
    return nullptr;
  }

  bool Fragment(const char* what) {
    if (ctx_.shader.processor == T::Processor::kFragment) return true;
    ctx_.Unsupported(std::string(what) + " outside a fragment shader");
    return false;
  }

  Frame Switch(int i) {
    Frame f{Kind::kSwitch, Label{}, e_.NewLabel()};
    Inst sel(ctx_, At(i));
    const Operand selector = TReg(0);
    sel.Emit(Mov(selector, sel.Src(0, 0, kUseMov)));
    Label default_label = f.b;
    for (int label_index : s_.labels_of_switch[i]) {
      const Label l = e_.NewLabel();
      case_labels_[label_index] = l;
      const T::Instruction& c = At(label_index);
      if (c.opcode == T::Opcode::DEFAULT) {
        default_label = l;
        continue;
      }
      const T::File file = c.src[0].reg.file;
      if ((file != T::File::kImmediate && file != T::File::kConstant) || c.src[0].reg.index.indirect) {
        ctx_.Unsupported("CASE with a non-constant value");
        return f;
      }
      e_.set_source(label_index);
      Inst value(ctx_, c);
      value.Emit(Cmp(Opcode::CMPS_U, Cond::kEq, P0(), selector, value.Src(0, 0, kUseCat2Int)));
      e_.Branch(l, /*if_false=*/false);
    }
    e_.set_source(i);
    e_.Jump(default_label);
    return f;
  }

  void Call(const T::Instruction& in, int i) {
    const int target = in.label ? static_cast<int>(*in.label) : -1;
    if (target < 0 || target >= static_cast<int>(ctx_.shader.instructions.size()) ||
        At(target).opcode != T::Opcode::BGNSUB) {
      return ctx_.Malformed("CAL at instruction " + std::to_string(i) + " does not name a BGNSUB");
    }
    for (int active : call_stack_) {
      if (active == target) return ctx_.Unsupported("recursive CAL");
    }
    if (static_cast<int>(call_stack_.size()) >= kMaxInlineDepth) {
      return ctx_.Unsupported("CAL nested deeper than " + std::to_string(kMaxInlineDepth));
    }
    call_stack_.push_back(target);
    const Label ret = e_.NewLabel();
    Range(target + 1, s_.partner[target], /*in_sub=*/true, ret);
    e_.Bind(ret);
    call_stack_.pop_back();
  }

  void KillIf(const T::Instruction& in) {
    if (!Fragment("KILL_IF")) return;
    Inst inst(ctx_, in);
    bool seen[4] = {false, false, false, false};
    for (int slot = 0; slot < 4; ++slot) {
      const int comp = inst.Comp(0, slot);
      if (seen[comp]) continue;
      seen[comp] = true;
      inst.Emit(Cmp(Opcode::CMPS_F, Cond::kLt, P0(), inst.Src(0, slot, kUseCat2Float), KReg(kKZero)));
      e_.Kill();
    }
  }

  void Compute(const T::Instruction& in) {
    const Template t = FindTemplate(in.opcode);
    if (!t) return ctx_.Unsupported(NoTemplateReason(in.opcode));
    // (Every opcode with a template has at most 4 sources (S0..S3) and one
    // destination; templates_test checks the table.)
    Inst inst(ctx_, in);
    if (ctx_.failed()) return;
    t(inst);
    inst.Finish();
  }

  Ctx& ctx_;
  Emitter& e_;
  const Structure& s_;
  Label program_end_;
  std::map<int, Label> case_labels_;  // CASE/DEFAULT index -> label
  std::vector<int> call_stack_;       // BGNSUB indices being inlined
};

}  // namespace

void TranslateProgram(Ctx& ctx, Label program_end) {
  Structure s;
  if (!BuildStructure(ctx, &s)) return;
  FlowTranslator(ctx, s, program_end).Main();
}

}  // namespace shaderdiff::naive
