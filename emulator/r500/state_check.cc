// CheckState: everything about a State and Quad the hardware's registers
// could not be programmed with (A.1, A.9, A.11, A.12), refused with the
// reason. Words are re-validated with the ISA's rules (isa/rules.cc).
// CheckedState::Check is the part that depends on the State alone, so a
// vector's quads share one check of it.
#include <bitset>
#include <string>

#include "emulator/r500/isa/codec.h"
#include "emulator/r500/isa/text.h"
#include "emulator/r500/state.h"

namespace shaderdiff::r500 {
namespace {

std::string At(int slot) { return "slot " + std::to_string(slot) + ": "; }

// Everything CheckState checks of the State alone.

std::optional<std::string> CheckProgramState(const State& s) {
  const int n = static_cast<int>(s.code.size());
  if (n == 0) return "empty program";
  if (n > kCodeSlots) return "program has " + std::to_string(n) + " instructions; the code store holds " + std::to_string(kCodeSlots) + " (A.1)";
  const int end = s.code_end < 0 ? n - 1 : s.code_end;
  if (s.code_start < 0 || s.code_start > end || end >= n)
    return "US_CODE_ADDR start " + std::to_string(s.code_start) + " / end " + std::to_string(end) + " outside the " + std::to_string(n) + " uploaded slots";
  if (s.code_offset < 0 || s.code_offset >= kCodeSlots) return "US_CODE_OFFSET " + std::to_string(s.code_offset) + " outside 0..511";
  bool loops = false;
  for (int i = s.code_start; i <= end; ++i) {
    const Instr& in = s.code[i];
    if (std::optional<Refusal> r = Validate(in)) return At(i) + r->reason;
    if (in.type() == InstrType::kTex) {
      uint32_t op = in.Get(Field::kTexOp), unit = in.Get(Field::kTexId);
      if (op != 0 && op != 2 && !s.textures[unit].bound)
        return At(i) + "samples texture unit " + std::to_string(unit) + ", which is not bound";
    }
    if (in.type() == InstrType::kFc) {
      uint32_t op = in.Get(Field::kFcOp);
      loops = loops || (op >= 1 && op <= 4);
      bool pops = op == 0 && in.Get(Field::kFcAOp) == 1;
      int target = static_cast<int>(in.Get(Field::kFcJumpAddr)) + (in.Get(Field::kFcJumpGlobal) ? 0 : s.code_offset);
      if (!pops && (target < s.code_start || target > end + 1))
        return At(i) + "jump target " + std::to_string(target) + " outside the program (slots " + std::to_string(s.code_start) + ".." + std::to_string(end) + ")";
    }
  }
  const Instr& last = s.code[end];
  if (last.type() != InstrType::kOut || !last.Get(Field::kTexSemWait))
    return At(end) + "the last instruction must be OUT with tex_sem_wait (A.11, A.13 item 6)";
  if (loops && !s.full_fc)
    return "LOOP/REP need US_FC_CTRL.FULL_FC_EN (stricter reading of A.12: Mesa enables full mode for any loop)";
  for (int u = 0; u < kTexUnits; ++u) {
    const BoundTexture& t = s.textures[u];
    if (!t.bound) continue;
    using T = tgsi::TextureTarget;
    if (t.target != T::k1D && t.target != T::k2D && t.target != T::k3D && t.target != T::kCube && t.target != T::kRect)
      return "texture unit " + std::to_string(u) + ": target " + std::string(tgsi::Name(t.target)) + " is not an R500 texture type";
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> CheckQuadInputs(const Quad& q) {
  std::bitset<kTemps> seen;
  for (const QuadInput& in : q.inputs) {
    if (in.temp < 0 || in.temp >= kTemps) return "input preloaded into t" + std::to_string(in.temp) + ", outside t0..t127 (A.2)";
    if (seen.test(static_cast<size_t>(in.temp))) return "two inputs preloaded into t" + std::to_string(in.temp);
    seen.set(static_cast<size_t>(in.temp));
  }
  return std::nullopt;
}

std::optional<std::string> CheckState(const State& s, const Quad& q) {
  if (std::optional<std::string> why = CheckProgramState(s)) return why;
  return CheckQuadInputs(q);
}

std::optional<CheckedState> CheckedState::Check(const State& s, std::string* why) {
  if (std::optional<std::string> refused = CheckProgramState(s)) {
    *why = std::move(*refused);
    return std::nullopt;
  }
  const int end = s.code_end < 0 ? static_cast<int>(s.code.size()) - 1 : s.code_end;
  return CheckedState(s, std::make_shared<const DecodedCode>(DecodeCode(s.code, s.code_start, end)));
}

}  // namespace shaderdiff::r500
