// The ShaderState as the hardware can express it (docs/isa-a3xx.md §6):
// every binding is checked against its register field (isa/io_fields.h)
// and the generation's limits row (timing.h) before anything runs. A state
// a real a3xx could not be programmed with is ExecStatus::kError naming the
// binding; nothing is quietly supported.
//
// Refused:
// - a footprint (full_regs/half_regs) above the register file;
// - a binding through a field of the other stage, or of the other
//   direction (an output field for an input, ...);
// - a span its field cannot hold (CheckSpanShape: components, mask shape,
//   half precision, 8-bit register field values);
// - a bound component whose register base + c is not a GPR of the file
//   (a span running past r47.w, or into a0/p0/r63);
// - more bindings of a field than it has entries (VFD_DECODE_INSTR,
//   SP_VS_OUT_REG, SP_FS_MRT_REG; one of the others);
// - a system value whose semantic is not what its field delivers;
// - one TGSI register bound twice in a list;
// - two preloaded fields writing one register (Timing::preloads_may_overlap);
// - a varying component with no interpolation mode entry
//   (inloc + c >= kVaryingComponents);
// - the FS i/j pair outside the file; consts and immediates outside the
//   const file;
// - a constant range in global memory (global_consts) that is empty, runs
//   past the 32-bit address space, shares bytes or constants with another,
//   or whose address constant is outside the const file or set by another
//   binding.
// Allowed: outputs sharing registers (each is its own REGID field, and the
// hardware only reads them), inputs and outputs sharing registers
// (SP_FS_CTRL_REG0.INOUTREGOVERLAP; a VS reads its outputs after `end`),
// bindings with an empty mask (the field programmed as "none").
#include <map>
#include <set>

#include "emulator/a3xx/hazard_log.h"
#include "emulator/a3xx/isa/io_fields.h"
#include "emulator/a3xx/machine.h"

namespace shaderdiff::a3xx {

namespace {

using common::ExecStatus;

class StateChecker {
 public:
  explicit StateChecker(Machine& m) : m_(m), s_(m.state), t_(m.t) {}

  bool Run() {
    if (s_.full_regs > t_.num_full_vec4 || s_.half_regs > t_.num_half_vec4) {
      return Fail("the program uses " + std::to_string(s_.full_regs) + " full and " + std::to_string(s_.half_regs) +
                  " half vec4 registers; " + std::string(t_.name) + " has " + std::to_string(t_.num_full_vec4) +
                  " and " + std::to_string(t_.num_half_vec4));
    }
    std::set<uint32_t> seen_in, seen_out;
    for (const RegisterBinding& b : s_.inputs) {
      const std::string who = "IN[" + std::to_string(b.tgsi_index) + "]";
      if (!seen_in.insert(b.tgsi_index).second) return Fail(who + " is bound twice");
      if (!Span(b.span, kInInputs, who) || !Preloaded(b.span, who)) return false;
    }
    for (const SystemValueBinding& b : s_.system_values) {
      const std::string who = "system value " + b.semantic;
      if (!Span(b.span, kInSystemValues, who) || !Preloaded(b.span, who)) return false;
      if (b.span.mask && b.semantic != Delivers(b.span.field)) {
        return Fail(who + " is bound through " + std::string(FieldInfo(b.span.field).name) + ", which delivers " +
                    Delivers(b.span.field));
      }
    }
    for (const RegisterBinding& b : s_.outputs) {
      const std::string who = "OUT[" + std::to_string(b.tgsi_index) + "]";
      if (!seen_out.insert(b.tgsi_index).second) return Fail(who + " is bound twice");
      if (!Span(b.span, kInOutputs, who)) return false;
    }
    if (!Counts()) return false;
    if (m_.fragment && s_.ij_preloaded && !Pair(s_.ij_reg, "the i/j pair", "HLSQ_CONTROL_3_REG.REGID")) return false;
    if (s_.centroid_ij_preloaded) {
      if (!m_.fragment) {
        return Fail("a centroid i/j pair (HLSQ_CONTROL_3_REG.IJPERSPCENTROIDREGID) in a vertex shader: only the "
                    "fragment stage has one");
      }
      if (!Pair(s_.centroid_ij_reg, "the centroid i/j pair", "HLSQ_CONTROL_3_REG.IJPERSPCENTROIDREGID")) return false;
    }
    for (const VaryingBinding& v : s_.varyings) {
      for (int c = 0; c < 4; ++c) {
        if (((v.mask >> c) & 1) && v.inloc + c >= kVaryingComponents) {
          return Fail("IN[" + std::to_string(v.tgsi_index) + "]." + "xyzw"[c] + " is varying component " +
                      std::to_string(v.inloc + c) + "; " + std::string(t_.name) + " has interpolation modes for " +
                      std::to_string(kVaryingComponents));
        }
      }
    }
    for (const ConstBinding& b : s_.consts) {
      if (b.const_vec4 >= t_.num_const_vec4) {
        return Fail("CONST[" + std::to_string(b.buffer) + "][" + std::to_string(b.index) + "] -> c" +
                    std::to_string(b.const_vec4) + " is beyond the const file");
      }
    }
    for (const ImmediateConst& imm : s_.immediates) {
      if (imm.const_vec4 >= t_.num_const_vec4) {
        return Fail("immediate -> c" + std::to_string(imm.const_vec4) + " is beyond the const file");
      }
    }
    return GlobalConsts();
  }

 private:
  // ShaderState::global_consts: the address scalar in the const file and
  // set by nothing else, the bytes inside the 32-bit address space and no
  // two ranges sharing a byte or holding one constant twice.
  bool GlobalConsts() {
    std::set<uint32_t> vec4s_set;
    for (const ConstBinding& b : s_.consts) vec4s_set.insert(b.const_vec4);
    for (const ImmediateConst& imm : s_.immediates) vec4s_set.insert(imm.const_vec4);
    std::set<uint32_t> address_scalars;
    for (size_t i = 0; i < s_.global_consts.size(); ++i) {
      const GlobalConstRange& g = s_.global_consts[i];
      const std::string who = "CONST[" + std::to_string(g.buffer) + "][" + std::to_string(g.first) + ".." +
                              std::to_string(static_cast<uint64_t>(g.first) + g.count - 1) + "] in global memory";
      if (g.count == 0) return Fail(who + " is empty");
      if (g.address_scalar >= 4u * t_.num_const_vec4) {
        return Fail(who + ": its address constant c" + std::to_string(g.address_scalar / 4) + " is beyond the const file");
      }
      if (vec4s_set.count(g.address_scalar / 4u) || !address_scalars.insert(g.address_scalar).second) {
        return Fail(who + ": its address constant c" + std::to_string(g.address_scalar / 4) + "." +
                    "xyzw"[g.address_scalar % 4] + " is also set by another binding");
      }
      const uint64_t end = static_cast<uint64_t>(g.address) + 16 * static_cast<uint64_t>(g.count);
      if (end > (uint64_t{1} << 32)) return Fail(who + " runs past the 32-bit address space");
      for (size_t j = 0; j < i; ++j) {
        const GlobalConstRange& h = s_.global_consts[j];
        const uint64_t h_end = static_cast<uint64_t>(h.address) + 16 * static_cast<uint64_t>(h.count);
        if (g.address < h_end && h.address < end) return Fail(who + " shares bytes with another range");
        if (g.buffer == h.buffer && g.first < static_cast<uint64_t>(h.first) + h.count &&
            h.first < static_cast<uint64_t>(g.first) + g.count) {
          return Fail(who + " holds constants another range holds too");
        }
      }
    }
    return true;
  }

  bool Fail(const std::string& why) {
    m_.Fail(ExecStatus::kError, "shader state: " + why);
    return false;
  }

  static const char* Delivers(IoField f) {
    switch (f) {
      case IoField::kVertexId: return "VERTEXID";
      case IoField::kInstanceId: return "INSTANCEID";
      case IoField::kFragCoord: return "POSITION";
      case IoField::kFrontFacing: return "FACE";
      default: return "no system value";
    }
  }

  bool Span(const RegisterSpan& span, IoList list, const std::string& who) {
    const IoFieldInfo& f = FieldInfo(span.field);
    const std::string field(f.name);
    if (f.stage != s_.stage) {
      return Fail(who + " is bound through " + field + ", a " +
                  (f.stage == ShaderStage::kVertex ? "vertex" : "fragment") + "-shader field");
    }
    if (!(f.lists & list)) {
      return Fail(who + " is bound through " + field + ", which is not an " +
                  (list == kInOutputs ? "output" : "input") + " field");
    }
    if (auto e = CheckSpanShape(span)) return Fail(who + ": " + *e);
    const int limit = 4 * (span.half ? t_.num_half_vec4 : t_.num_full_vec4);
    for (int c = 0; c < 4; ++c) {
      if (!span.Has(c)) continue;
      const int reg = span.Reg(c);
      if (reg >= limit) {
        return Fail(who + "." + "xyzw"[c] + " is bound to " + RegName(static_cast<uint16_t>(reg), span.half) +
                    ", not a GPR of the " + std::string(t_.name) + " " + (span.half ? "half" : "full") +
                    " register file (" + std::to_string(limit / 4) + " vec4): the span runs past it");
      }
    }
    if (span.mask) ++count_[span.field];
    return true;
  }

  // An i/j pair preloaded at reg, reg + 1: full GPRs of the file, each
  // written by no other preload.
  bool Pair(uint16_t base, const std::string& who, const std::string& field) {
    for (int k = 0; k < 2; ++k) {
      const int reg = base + k;
      if (reg >= 4 * t_.num_full_vec4) {
        return Fail(who + " (" + field + ") is bound to " + RegName(static_cast<uint16_t>(reg), false) + ", not a GPR of the " +
                    std::string(t_.name) + " register file");
      }
      if (!Write(static_cast<uint16_t>(reg), who)) return false;
    }
    return true;
  }

  bool Write(uint16_t idx, const std::string& who) {
    const auto [it, fresh] = preloaded_.emplace(idx, who);
    if (fresh || t_.preloads_may_overlap) return true;
    return Fail(it->second + " and " + who + " are both preloaded into " + RegName(NumOfIndex(idx), IsHalfIndex(idx)) +
                " (which write wins is not documented)");
  }

  bool Preloaded(const RegisterSpan& span, const std::string& who) {
    for (int c = 0; c < 4; ++c) {
      if (span.Has(c) && !Write(RegIndex(static_cast<uint16_t>(span.Reg(c)), span.half), who)) return false;
    }
    return true;
  }

  bool Counts() {
    for (const auto& [field, n] : count_) {
      const IoFieldInfo& f = FieldInfo(field);
      if (n > f.entries) {
        return Fail(std::to_string(n) + " bindings through " + std::string(f.name) + "; " + std::string(t_.name) +
                    " has " + std::to_string(f.entries));
      }
    }
    return true;
  }

  Machine& m_;
  const ShaderState& s_;
  const Timing& t_;
  std::map<IoField, int> count_;
  std::map<uint16_t, std::string> preloaded_;  // register index -> who writes it
};

}  // namespace

bool CheckShaderState(Machine& m) { return StateChecker(m).Run(); }

}  // namespace shaderdiff::a3xx
