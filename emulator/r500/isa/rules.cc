// Validate: the hardware rules of an R500 instruction beyond each field's
// width. Every rule cites shared/docs/isa-r500-lima-gen4.md; where the
// docs are UNCERTAIN or only describe Mesa's usage, the stricter reading is
// taken and marked "(stricter reading)" in the refusal and the README.
#include <array>
#include <string>
#include <vector>

#include "emulator/isa_common/bit_range.h"
#include "emulator/r500/isa/codec.h"

namespace shaderdiff::r500 {
namespace {

std::string Name(Field f) { return std::string(Info(f).name); }

// What FieldValues accepts, per instruction type, in a form that is quick
// to test: the largest value of each field (0 for a field the type does not
// have, all ones of its width otherwise) and the type's fields whose domain
// is an enumeration (their reserved values are refused too).
struct TypeLimits {
  struct Enumerated {
    Field field;
    uint32_t named;  // bit v: value v has a name (every enums.def value is below 32)
  };
  std::array<uint32_t, kFieldCount> max{};
  std::vector<Enumerated> enumerated;
};

const TypeLimits& LimitsOf(InstrType t) {
  static const std::array<TypeLimits, 4> limits = [] {
    std::array<TypeLimits, 4> out;
    for (int type = 0; type < 4; ++type) {
      for (const FieldInfo& f : FieldTable()) {
        if (!f.In(static_cast<InstrType>(type))) continue;
        out[type].max[static_cast<int>(f.field)] = isa_common::LowMask<uint32_t>(f.width());
        if (f.domain == Domain::kNumber || f.domain == Domain::kFlag) continue;
        uint32_t named = 0;
        for (uint32_t v = 0; v < 32; ++v)
          if (EnumName(f.domain, v)) named |= 1u << v;
        out[type].enumerated.push_back({f.field, named});
      }
    }
    return out;
  }();
  return limits[static_cast<int>(t)];
}

// Whether FieldValues accepts `in`, without building a message: every
// field within its limit, every enumerated field named.
bool FieldValuesAccepted(const Instr& in) {
  const TypeLimits& limits = LimitsOf(in.type());
  // Flat loops over the fields: the first in whole groups of 8, which the
  // compiler vectorizes at -O2 (its cheap cost model takes no remainder).
  constexpr int kGrouped = kFieldCount / 8 * 8;
  uint32_t over = 0;
  for (int i = 0; i < kGrouped; ++i) over |= static_cast<uint32_t>(in.value[i] > limits.max[i]);
  for (int i = kGrouped; i < kFieldCount; ++i) over |= static_cast<uint32_t>(in.value[i] > limits.max[i]);
  if (over) return false;
  for (const TypeLimits::Enumerated& e : limits.enumerated) {
    const uint32_t v = in.Get(e.field);
    if (v >= 32 || !((e.named >> v) & 1)) return false;
  }
  return true;
}

std::optional<Refusal> FieldValues(const Instr& in) {
  if (FieldValuesAccepted(in)) return std::nullopt;
  // Refused: the first field in table order, with its reason.
  const InstrType t = in.type();
  for (const FieldInfo& f : FieldTable()) {
    const uint32_t v = in.Get(f.field);
    if (!f.In(t)) {
      if (v != 0)
        return Refusal{"field " + std::string(f.name) + " does not exist in a " +
                       std::string(TypeName(t)) + " instruction"};
      continue;
    }
    if (!InDomain(f.domain, f.width(), v))
      return Refusal{"field " + std::string(f.name) + ": value " + std::to_string(v) +
                     (v >> f.width() ? " does not fit " + std::to_string(f.width()) + " bits"
                                     : " is reserved")};
  }
  return std::nullopt;  // unreachable: FieldValuesAccepted agrees with this loop
}

// A.5: an address with ADDR[7] set and CONST clear is an inline constant,
// which has no REL form.
std::optional<Refusal> SlotAddresses(const Instr& in) {
  static constexpr Field kSlots[][3] = {
      {Field::kRgbAddr0, Field::kRgbConst0, Field::kRgbRel0},
      {Field::kRgbAddr1, Field::kRgbConst1, Field::kRgbRel1},
      {Field::kRgbAddr2, Field::kRgbConst2, Field::kRgbRel2},
      {Field::kAlphaAddr0, Field::kAlphaConst0, Field::kAlphaRel0},
      {Field::kAlphaAddr1, Field::kAlphaConst1, Field::kAlphaRel1},
      {Field::kAlphaAddr2, Field::kAlphaConst2, Field::kAlphaRel2},
  };
  for (const auto& s : kSlots)
    if (in.Get(s[0]) >= 128 && !in.Get(s[1]) && in.Get(s[2]))
      return Refusal{Name(s[0]) + ": an inline constant cannot be relative (" + Name(s[2]) +
                     " set; A.5)"};
  return std::nullopt;
}

bool IsOmodDisableOp(uint32_t op, bool rgb) {
  const Domain d = rgb ? Domain::kRgbOp : Domain::kAlphaOp;
  const std::string_view n = EnumName(d, op).value_or("");
  return n == "min" || n == "max" || n == "cmp" || n == "cnd";
}

std::optional<Refusal> AluPairing(const Instr& in) {
  const uint32_t rgb_op = in.Get(Field::kRgbOp), alpha_op = in.Get(Field::kAlphaOp);
  const std::string_view rgb = *EnumName(Domain::kRgbOp, rgb_op);
  const std::string_view alpha = *EnumName(Domain::kAlphaOp, alpha_op);
  if (rgb == "sop" && alpha != "ex2" && alpha != "ln2" && alpha != "rcp" && alpha != "rsq" &&
      alpha != "sin" && alpha != "cos")
    return Refusal{"rgb_op sop replicates the alpha unit's transcendental result; alpha_op " +
                   std::string(alpha) + " is not ex2/ln2/rcp/rsq/sin/cos (A.4)"};
  if (alpha == "dp" && rgb != "dp3" && rgb != "dp4" && rgb != "d2a")
    return Refusal{"alpha_op dp copies the rgb unit's dot product; rgb_op " + std::string(rgb) +
                   " is not dp3/dp4/d2a (A.4)"};
  if (*EnumName(Domain::kOmod, in.Get(Field::kRgbOmod)) == "disable" && !IsOmodDisableOp(rgb_op, true))
    return Refusal{"rgb_omod disable is only valid with min/max/cmp/cnd, not " + std::string(rgb) +
                   " (A.7)"};
  if (*EnumName(Domain::kOmod, in.Get(Field::kAlphaOmod)) == "disable" &&
      !IsOmodDisableOp(alpha_op, false))
    return Refusal{"alpha_omod disable is only valid with min/max/cmp/cnd, not " +
                   std::string(alpha) + " (A.7)"};
  return std::nullopt;
}

bool WritesOutputs(const Instr& in) {
  return in.Get(Field::kRgbOmask) || in.Get(Field::kAlphaOmask) || in.Get(Field::kWOmask);
}

std::optional<Refusal> Outputs(const Instr& in) {
  const InstrType t = in.type();
  if (t != InstrType::kOut) {
    for (Field f : {Field::kRgbOmask, Field::kAlphaOmask, Field::kWOmask, Field::kRgbTarget,
                    Field::kAlphaTarget})
      if (in.Get(f))
        return Refusal{Name(f) + " set in a " + std::string(TypeName(t)) +
                       " instruction: only OUT instructions write outputs (A.2, A.9; render "
                       "targets outside OUT: stricter reading)"};
    return std::nullopt;
  }
  if (WritesOutputs(in) && in.Get(Field::kAluWmask))
    return Refusal{"an instruction cannot write outputs and the ALU result at the same time (A.7)"};
  if (in.Get(Field::kStatWe))
    return Refusal{"stat_we set in an out instruction: OUT instructions cannot set predicates (A.7)"};
  return std::nullopt;
}

std::optional<Refusal> Tex(const Instr& in) {
  if (in.Get(Field::kTexSemAcquire) && !in.Get(Field::kTexSemWait))
    return Refusal{"tex_sem_acquire without tex_sem_wait: only one acquire may be outstanding, "
                   "so an acquiring instruction must also wait (A.11)"};
  const std::string_view op = *EnumName(Domain::kTexOp, in.Get(Field::kTexOp));
  if (op != "dxdy") {
    for (const FieldInfo& f : FieldTable())
      if (f.In(InstrType::kTex) && f.dword == 3 && in.Get(f.field))
        return Refusal{std::string(f.name) + " set: US_TEX_ADDR_DXDY (inst3) is only used by "
                       "tex_op dxdy, not " + std::string(op) + " (A.9; stricter reading)"};
  }
  if (op == "texkill" && (in.Get(Field::kTexSrcS) != 0 || in.Get(Field::kTexSrcT) != 1 ||
                          in.Get(Field::kTexSrcR) != 2 || in.Get(Field::kTexSrcQ) != 3))
    return Refusal{"texkill reads its source as .rgba only (A.10; stricter reading)"};
  return std::nullopt;
}

std::optional<Refusal> Fc(const Instr& in) {
  if (*EnumName(Domain::kPredSel, in.Get(Field::kRgbPredSel)) == "rgba")
    return Refusal{"rgb_pred_sel rgba (per channel) in an fc instruction: its predicate must "
                   "be a replicate (A.9)"};
  return std::nullopt;
}

}  // namespace

std::optional<Refusal> Validate(const Instr& in) {
  if (std::optional<Refusal> r = FieldValues(in)) return r;
  if (std::optional<Refusal> r = Outputs(in)) return r;
  switch (in.type()) {
    case InstrType::kAlu:
    case InstrType::kOut:
      if (std::optional<Refusal> r = SlotAddresses(in)) return r;
      return AluPairing(in);
    case InstrType::kTex:
      return Tex(in);
    case InstrType::kFc:
      return Fc(in);
  }
  return std::nullopt;
}

}  // namespace shaderdiff::r500
