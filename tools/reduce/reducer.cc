// The reduction engine (reducer.h).
#include "tools/reduce/reducer.h"

#include <algorithm>
#include <chrono>
#include <optional>
#include <utility>

#include "compiler/tgsi/printer.h"
#include "emulator/common/interpolation.h"
#include "tools/reduce/shader_edit.h"
#include "tools/reduce/slice.h"
#include "tools/reduce/vector_edit.h"

namespace shaderdiff::reduce {

namespace {

using tgsi::File;
using tgsi::Opcode;

constexpr std::array<uint32_t, 4> kOnes = {0x3f800000u, 0x3f800000u, 0x3f800000u, 0x3f800000u};
constexpr std::array<uint32_t, 4> kZeros = {0, 0, 0, 0};

class Reducer {
 public:
  // A differential failure: the oracle keeps result->signature.
  Reducer(const ReduceOptions& options, ReduceResult* result, harness::CheckOutcome first)
      : options_(options),
        result_(*result),
        oracle_(std::in_place, options.check, result->signature, options.also),
        last_outcome_(std::move(first)),
        start_(std::chrono::steady_clock::now()) {
    text_ = tgsi::PrintShader(result_.reduced.shader);
  }
  // Any failure: `still_fails` decides (ReduceWithPredicate).
  Reducer(const ReduceOptions& options, ReduceResult* result, CasePredicate still_fails)
      : options_(options),
        result_(*result),
        predicate_(std::move(still_fails)),
        start_(std::chrono::steady_clock::now()) {
    text_ = tgsi::PrintShader(result_.reduced.shader);
  }

  void Run() {
    // The coarse steps to a fixpoint first, so that the fine-grained ones
    // (one candidate per operand) only see what ddmin could not remove.
    while (!stopped()) {
      const std::string before = text_;
      const uint32_t lanes_before = vector().lanes;
      while (!stopped()) {
        const std::string coarse = text_;
        ShrinkLanes();
        Slice();
        FoldInputs();
        Ddmin();
        Unwrap();
        if (text_ == coarse) break;
      }
      SimplifyOperands();
      Slice();
      SimplifySwizzles();
      PruneDeclarations();
      if (text_ == before && vector().lanes == lanes_before) break;
    }
    SimplifyVector();
    if (result_.stopped_by.empty()) result_.stopped_by = "done";
    result_.oracle_calls += Calls();
    result_.outcome = last_outcome_;
    if (oracle_) {
      result_.crashed_candidates = oracle_->crashes();
      if (oracle_->first_crash()) {
        result_.crash = ReduceCase{oracle_->first_crash()->shader, oracle_->first_crash()->vector};
        result_.crash_how = oracle_->first_crash()->how;
      }
    }
    result_.seconds = Seconds();
  }

 private:
  const tgsi::Shader& shader() const { return result_.reduced.shader; }
  const common::TestVector& vector() const { return result_.reduced.vector; }
  bool stopped() const { return !result_.stopped_by.empty(); }
  double Seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }

  // The lane the failure shows in (0 when the signature has none).
  uint32_t FocusLane() const {
    return last_outcome_.mismatch ? last_outcome_.mismatch->lane : 0;
  }
  // Whether the failure is known to be in one output component (a
  // differential signature that has one; a predicate's failure is not).
  bool HasFocusComponent() const { return oracle_ && result_.signature.HasComponent(); }

  uint64_t Calls() const { return oracle_ ? oracle_->calls() : predicate_calls_; }

  bool StillFails(const tgsi::Shader& candidate, const common::TestVector& vec, harness::CheckOutcome* outcome) {
    if (oracle_) return oracle_->Reproduces(candidate, vec, outcome);
    ++predicate_calls_;
    return predicate_(candidate, vec);
  }

  bool OutOfBudget() {
    if (stopped()) return true;
    if (options_.interrupted && options_.interrupted()) result_.stopped_by = "interrupt";
    else if (Calls() + 1 >= options_.max_oracle_calls) result_.stopped_by = "oracle-calls";  // +1: the first check
    else if (Seconds() >= options_.max_seconds) result_.stopped_by = "time";
    return stopped();
  }

  // Front door, then the oracle; keeps the candidate if it reproduces.
  bool Try(const tgsi::Shader& candidate, const common::TestVector& vec, const char* step) {
    if (OutOfBudget()) return false;
    std::optional<tgsi::Shader> valid = Revalidate(candidate);
    if (!valid) {
      ++result_.invalid_candidates;
      return false;
    }
    std::string text = tgsi::PrintShader(*valid);
    if (text == text_ && vec.lanes == vector().lanes && WordsEqual(vec, vector())) return false;  // no change
    harness::CheckOutcome outcome;
    if (!StillFails(*valid, vec, &outcome)) return false;
    const uint32_t size_before = InstructionCount(shader());
    const uint32_t lanes_before = vector().lanes;
    result_.reduced = {std::move(*valid), vec};
    text_ = std::move(text);
    last_outcome_ = std::move(outcome);
    ++result_.accepted[step];
    if (options_.progress && (InstructionCount(shader()) != size_before || vec.lanes != lanes_before)) {
      options_.progress(std::string(step) + ": " + std::to_string(size_before) + " -> " +
                        std::to_string(InstructionCount(shader())) + " instructions, " +
                        std::to_string(vector().lanes) + " lane(s), " + std::to_string(Calls() + 1) +
                        " oracle calls");
    }
    return true;
  }
  bool Try(const tgsi::Shader& candidate, const char* step) { return Try(candidate, vector(), step); }

  static bool WordsEqual(const common::TestVector& a, const common::TestVector& b) {
    return a.inputs == b.inputs && a.vertex_inputs == b.vertex_inputs && a.constants == b.constants &&
           a.system_values == b.system_values && a.barycentrics == b.barycentrics &&
           a.textures.size() == b.textures.size();
  }

  // ---- lanes
  void ShrinkLanes() {
    const uint32_t group = vector().stage == tgsi::Processor::kFragment ? 4 : 1;
    while (!stopped() && vector().lanes > group) {
      const uint32_t lanes = vector().lanes;
      std::vector<std::vector<uint32_t>> candidates;
      if (HasFocusComponent()) {
        const uint32_t first = FocusLane() / group * group;
        std::vector<uint32_t> focus;
        for (uint32_t l = first; l < first + group; ++l) focus.push_back(l);
        candidates.push_back(focus);
      }
      const uint32_t half = (lanes / group + 1) / 2 * group;
      std::vector<uint32_t> low, high;
      for (uint32_t l = 0; l < lanes; ++l) (l < half ? low : high).push_back(l);
      candidates.push_back(low);
      if (!high.empty()) candidates.push_back(high);
      bool shrunk = false;
      for (const std::vector<uint32_t>& c : candidates) {
        if (Try(shader(), SelectLanes(vector(), c), "lanes")) {
          shrunk = true;
          break;
        }
      }
      if (!shrunk) return;
    }
  }

  // ---- slice / dead code
  void Slice() {
    std::vector<OutputComponent> roots;
    if (HasFocusComponent()) roots.push_back({result_.signature.output, result_.signature.component});
    for (int attempt = 0; attempt < 2; ++attempt) {
      const std::vector<bool> dead = DeadInstructions(shader(), roots);
      if (std::find(dead.begin(), dead.end(), true) == dead.end() && roots.empty()) return;
      if (std::find(dead.begin(), dead.end(), true) != dead.end() &&
          Try(RemoveInstructions(shader(), dead), roots.empty() ? "dead-code" : "slice")) {
        return;
      }
      if (roots.empty()) return;
      roots.clear();  // the slice lost the failure: plain dead code
    }
  }

  // ---- inputs and constants into immediates
  std::optional<std::array<uint32_t, 4>> ValueOf(const tgsi::Register& reg) const {
    const common::TestVector& v = vector();
    const uint32_t lane = std::min(FocusLane(), v.lanes ? v.lanes - 1 : 0);
    if (reg.index.indirect) return std::nullopt;
    if (reg.file == File::kConstant) {
      const uint32_t buffer = reg.dimension ? reg.dimension->index : 0;
      if (reg.dimension && reg.dimension->indirect) return std::nullopt;
      auto b = v.constants.find(buffer);
      if (b == v.constants.end()) return kZeros;
      auto e = b->second.find(reg.index.index);
      return e == b->second.end() ? kZeros : e->second;
    }
    if (reg.file != File::kInput || reg.dimension) return std::nullopt;
    const uint32_t index = reg.index.index;
    if (v.stage == tgsi::Processor::kFragment) {
      if (!common::HasFragmentInput(v, index)) return std::nullopt;
      common::Interp interp = common::Interp::kSmooth;
      for (const tgsi::Declaration& d : shader().declarations) {
        if (d.file == File::kInput && index >= d.first && index <= d.last &&
            d.interpolation == tgsi::Interpolation::kConstant)
          interp = common::Interp::kFlat;
      }
      std::array<uint32_t, 4> w;
      for (int c = 0; c < 4; ++c) w[c] = common::FragmentInputWord(v, index, lane, c, interp);
      return w;
    }
    auto it = v.inputs.find(index);
    if (it == v.inputs.end() || lane >= it->second.size()) return std::nullopt;
    return it->second[lane];
  }

  void FoldInputs() {
    // The distinct registers read directly, in order of first read.
    std::vector<tgsi::Register> registers;
    for (const tgsi::Instruction& inst : shader().instructions) {
      for (const tgsi::SrcOperand& s : inst.src) {
        if ((s.reg.file == File::kInput || s.reg.file == File::kConstant) && !s.reg.index.indirect &&
            std::find(registers.begin(), registers.end(), s.reg) == registers.end())
          registers.push_back(s.reg);
      }
    }
    for (const tgsi::Register& reg : registers) {
      if (stopped()) return;
      const std::optional<std::array<uint32_t, 4>> value = ValueOf(reg);
      if (!value) continue;
      tgsi::Shader candidate = shader();
      const uint32_t imm = AddImmediate(candidate, *value);
      for (tgsi::Instruction& inst : candidate.instructions) {
        for (tgsi::SrcOperand& s : inst.src) {
          if (s.reg == reg) s.reg = ImmediateRegister(imm);
        }
      }
      Try(candidate, "fold");
    }
  }

  static tgsi::Register ImmediateRegister(uint32_t index) {
    tgsi::Register r;
    r.file = File::kImmediate;
    r.index.index = index;
    return r;
  }

  // ---- ddmin over instructions
  // Units: every instruction that is no flow-control marker, and every
  // IF/loop/SWITCH construct as a whole; sorted by first instruction.
  std::vector<std::pair<uint32_t, uint32_t>> Units() const {
    std::vector<std::pair<uint32_t, uint32_t>> units;  // [first, last]
    for (uint32_t i = 0; i < shader().instructions.size(); ++i) {
      if (!IsFlowMarker(shader().instructions[i].opcode)) units.push_back({i, i});
    }
    for (const FlowConstruct& c : FlowConstructs(shader())) {
      if (shader().instructions[c.open].opcode != Opcode::BGNSUB) units.push_back({c.open, c.close});
    }
    std::sort(units.begin(), units.end());
    return units;
  }

  void Ddmin() {
    std::vector<std::pair<uint32_t, uint32_t>> units = Units();
    for (size_t chunk = std::max<size_t>(units.size() / 2, 1); !stopped(); chunk /= 2) {
      for (size_t i = 0; i < units.size() && !stopped();) {
        std::vector<bool> remove(shader().instructions.size(), false);
        for (size_t u = i; u < std::min(units.size(), i + chunk); ++u)
          for (uint32_t k = units[u].first; k <= units[u].second; ++k) remove[k] = true;
        if (Try(RemoveInstructions(shader(), remove), "ddmin")) {
          units = Units();  // the units before i are unchanged (they start earlier)
        } else {
          i += chunk;
        }
      }
      if (chunk == 1) break;
    }
  }

  // ---- unwrapping flow control
  void Unwrap() {
    for (size_t k = 0; !stopped();) {
      const std::vector<FlowConstruct> constructs = FlowConstructs(shader());
      if (k >= constructs.size()) return;
      const FlowConstruct& c = constructs[k];
      const Opcode op = shader().instructions[c.open].opcode;
      std::vector<std::vector<bool>> candidates;
      const size_t n = shader().instructions.size();
      if (op == Opcode::IF || op == Opcode::UIF) {
        std::vector<bool> keep_then(n, false), keep_else(n, false);
        keep_then[c.open] = keep_else[c.close] = true;
        const uint32_t middle = c.middle.value_or(c.close);
        for (uint32_t i = middle; i <= c.close; ++i) keep_then[i] = true;
        for (uint32_t i = c.open; i <= middle; ++i) keep_else[i] = true;
        candidates.push_back(keep_then);
        if (c.middle) {
          candidates.push_back(keep_else);
          std::vector<bool> no_else(n, false);  // IF ... ENDIF without the ELSE branch
          for (uint32_t i = *c.middle; i < c.close; ++i) no_else[i] = true;
          candidates.push_back(no_else);
        }
      } else if (op == Opcode::BGNLOOP) {
        std::vector<bool> body(n, false);
        body[c.open] = body[c.close] = true;
        candidates.push_back(body);
      }
      bool changed = false;
      for (const std::vector<bool>& remove : candidates) {
        if (Try(RemoveInstructions(shader(), remove), "unwrap")) {
          changed = true;
          break;
        }
      }
      if (!changed) ++k;
    }
  }

  // ---- operands to immediates or inputs
  void SimplifyOperands() {
    std::optional<tgsi::Register> input;
    for (const tgsi::Declaration& d : shader().declarations) {
      if (d.file == File::kInput && !d.vertex_bracket && !input) {
        input.emplace();
        input->file = File::kInput;
        input->index.index = d.first;
      }
    }
    for (size_t i = 0; i < shader().instructions.size() && !stopped(); ++i) {
      for (size_t s = 0; s < shader().instructions[i].src.size() && !stopped(); ++s) {
        const tgsi::Register& reg = shader().instructions[i].src[s].reg;
        if ((reg.file != File::kTemporary && reg.file != File::kOutput) || reg.index.indirect) continue;
        // An immediate, an input, or (bypassing the instructions that
        // write the register) a register they read.
        std::vector<tgsi::Register> choices = Bypasses(reg);
        if (input && choices.empty()) choices.push_back(*input);
        for (int choice = -2; choice < static_cast<int>(choices.size()); ++choice) {
          tgsi::Shader candidate = shader();
          tgsi::SrcOperand& operand = candidate.instructions[i].src[s];
          if (choice == -2) operand.reg = ImmediateRegister(AddImmediate(candidate, kOnes));
          else if (choice == -1) operand.reg = ImmediateRegister(AddImmediate(candidate, kZeros));
          else operand.reg = choices[static_cast<size_t>(choice)];
          if (Try(candidate, "operands")) break;
        }
      }
    }
  }

  // The direct registers (other than `reg`) read by the instructions that
  // write `reg`, at most three, in order.
  std::vector<tgsi::Register> Bypasses(const tgsi::Register& reg) const {
    std::vector<tgsi::Register> out;
    for (const tgsi::Instruction& inst : shader().instructions) {
      const bool writes = std::any_of(inst.dst.begin(), inst.dst.end(),
                                      [&](const tgsi::DstOperand& d) { return d.reg == reg; });
      if (!writes) continue;
      for (const tgsi::SrcOperand& src : inst.src) {
        if (src.reg.index.indirect || src.reg == reg || out.size() >= 3) continue;
        if (src.reg.file == File::kSampler || src.reg.file == File::kSamplerView) continue;
        if (std::find(out.begin(), out.end(), src.reg) == out.end()) out.push_back(src.reg);
      }
    }
    return out;
  }

  // ---- swizzles, modifiers, write masks
  void SimplifySwizzles() {
    constexpr std::array<uint8_t, 4> kIdentity = {0, 1, 2, 3};
    for (size_t i = 0; i < shader().instructions.size() && !stopped(); ++i) {
      // All of an instruction's modifiers and swizzles at once first; one
      // by one only if that loses the failure.
      tgsi::Shader plain = shader();
      tgsi::Instruction& inst = plain.instructions[i];
      inst.saturate = false;
      for (tgsi::SrcOperand& operand : inst.src) {
        operand.negate = operand.absolute = false;
        operand.swizzle = kIdentity;
      }
      const bool whole = !(inst.saturate == shader().instructions[i].saturate && inst.src == shader().instructions[i].src) &&
                         Try(plain, "swizzles");
      if (!whole && shader().instructions[i].saturate) {
        tgsi::Shader candidate = shader();
        candidate.instructions[i].saturate = false;
        Try(candidate, "swizzles");
      }
      for (size_t s = 0; s < shader().instructions[i].src.size() && !whole && !stopped(); ++s) {
        const tgsi::SrcOperand& operand = shader().instructions[i].src[s];
        if (operand.negate || operand.absolute) {
          tgsi::Shader candidate = shader();
          candidate.instructions[i].src[s].negate = candidate.instructions[i].src[s].absolute = false;
          Try(candidate, "swizzles");
        }
        if (shader().instructions[i].src[s].swizzle != kIdentity) {
          tgsi::Shader candidate = shader();
          candidate.instructions[i].src[s].swizzle = kIdentity;
          Try(candidate, "swizzles");
        }
      }
      for (size_t d = 0; d < shader().instructions[i].dst.size() && !stopped(); ++d) {
        for (int c = 0; c < 4 && !stopped(); ++c) {
          const uint8_t mask = shader().instructions[i].dst[d].write_mask;
          if (!(mask & (1 << c)) || mask == (1 << c)) continue;
          tgsi::Shader candidate = shader();
          candidate.instructions[i].dst[d].write_mask = static_cast<uint8_t>(mask & ~(1 << c));
          Try(candidate, "swizzles");
        }
      }
    }
  }

  // ---- declarations, properties, immediates, renumbering
  void PruneDeclarations() {
    for (size_t d = shader().declarations.size(); d-- > 0 && !stopped();) {
      if (d >= shader().declarations.size()) continue;
      tgsi::Shader candidate = shader();
      candidate.items.clear();
      candidate.declarations.erase(candidate.declarations.begin() + static_cast<std::ptrdiff_t>(d));
      if (Try(candidate, PruneToShader(vector(), candidate), "decls")) continue;
      NarrowRange(d);
    }
    for (size_t p = shader().properties.size(); p-- > 0 && !stopped();) {
      tgsi::Shader candidate = shader();
      candidate.items.clear();
      candidate.properties.erase(candidate.properties.begin() + static_cast<std::ptrdiff_t>(p));
      Try(candidate, "decls");
    }
    if (!stopped()) Try(CompactImmediates(shader()), "decls");
    if (!stopped()) Try(RenumberTemporaries(shader()), "decls");
  }

  // A TEMP or CONST range narrowed to the indices read or written directly.
  void NarrowRange(size_t d) {
    const tgsi::Declaration& decl = shader().declarations[d];
    if (decl.first == decl.last || decl.array_id != 0) return;
    if (decl.file != File::kTemporary && decl.file != File::kConstant) return;
    uint32_t lo = UINT32_MAX, hi = 0;
    bool indirect = false;
    tgsi::Shader copy = shader();
    ForEachRegister(copy, [&](tgsi::Register& r) {
      if (r.file != decl.file || (r.dimension ? r.dimension->index : 0) != decl.dimension.value_or(0)) return;
      if (r.index.indirect) indirect = true;
      else if (r.index.index >= decl.first && r.index.index <= decl.last) {
        lo = std::min(lo, r.index.index);
        hi = std::max(hi, r.index.index);
      }
    });
    if (indirect || lo == UINT32_MAX || (lo == decl.first && hi == decl.last)) return;
    copy.items.clear();
    copy.declarations[d].first = lo;
    copy.declarations[d].last = hi;
    Try(copy, PruneToShader(vector(), copy), "decls");
  }

  // ---- the vector
  void SimplifyVector() {
    if (stopped()) return;
    if (!vector().barycentrics.empty()) {
      common::TestVector candidate = vector();
      for (common::Barycentric& b : candidate.barycentrics) b = {};
      Try(shader(), candidate, "vector");
    }
    Try(shader(), PruneToShader(vector(), shader()), "vector");
    // Most words of a vector do not matter: zero them in chunks, halving
    // the chunk size (ddmin), then try the other simple words one by one.
    for (size_t chunk = WordCount(vector()); chunk > 0 && !stopped(); chunk /= 2) {
      std::vector<size_t> nonzero;
      common::TestVector probe = vector();
      for (size_t k = 0; k < WordCount(probe); ++k) if (WordAt(probe, k) != 0) nonzero.push_back(k);
      for (size_t i = 0; i < nonzero.size() && !stopped(); i += chunk) {
        common::TestVector candidate = vector();
        for (size_t k = i; k < std::min(nonzero.size(), i + chunk); ++k) WordAt(candidate, nonzero[k]) = 0;
        Try(shader(), candidate, "vector");
      }
    }
    for (size_t k = 0; k < WordCount(vector()) && !stopped(); ++k) {
      common::TestVector probe = vector();
      for (common::Word w : SimplerWords(WordAt(probe, k))) {
        if (w == 0) continue;  // tried above
        common::TestVector candidate = vector();
        WordAt(candidate, k) = w;
        if (Try(shader(), candidate, "vector")) break;
        if (stopped()) return;
      }
    }
  }

  const ReduceOptions& options_;
  ReduceResult& result_;
  std::optional<Oracle> oracle_;  // a differential failure's, or
  CasePredicate predicate_;       // any failure's
  uint64_t predicate_calls_ = 0;
  harness::CheckOutcome last_outcome_;  // of the current case (differential only)
  std::chrono::steady_clock::time_point start_;
  std::string text_;  // the printed current shader
};

}  // namespace

std::optional<ReduceResult> Reduce(const tgsi::Shader& shader, const common::TestVector& vector,
                                   const ReduceOptions& options, std::string* error) {
  std::string how;
  std::optional<IsolatedCheck> first = CheckIsolated(
      shader, vector, options.check, options.check.build == harness::Build::kOptimizing && options.check.compare_builds,
      &how);
  if (!first) {
    *error = "the check itself crashed (" + how + "): reduce cannot reduce crashes";
    return std::nullopt;
  }
  const std::optional<FailureSignature> signature = SignatureOf(first->outcome, options.check.build);
  if (!signature) {
    *error = "the case does not fail (verdict " + std::string(harness::VerdictName(first->outcome.verdict)) +
             (first->outcome.detail.empty() ? "" : ": " + first->outcome.detail) + "): nothing to reduce";
    return std::nullopt;
  }
  if (options.also && !options.also(shader, vector)) {
    *error = "the case fails (" + signature->ToString() + ") but not the extra condition: nothing to reduce";
    return std::nullopt;
  }
  ReduceResult result;
  result.signature = *signature;
  result.original = {shader, vector};
  result.original.shader.items.clear();
  result.reduced = result.original;
  result.oracle_calls = 1;
  Reducer(options, &result, std::move(first->outcome)).Run();
  return result;
}

std::optional<ReduceResult> ReduceWithPredicate(const tgsi::Shader& shader, const common::TestVector& vector,
                                                const CasePredicate& still_fails, const ReduceOptions& options,
                                                std::string* error) {
  if (!still_fails(shader, vector)) {
    *error = "the case does not satisfy the predicate: nothing to reduce";
    return std::nullopt;
  }
  ReduceResult result;
  result.original = {shader, vector};
  result.original.shader.items.clear();
  result.reduced = result.original;
  result.oracle_calls = 1;
  Reducer(options, &result, still_fails).Run();
  return result;
}

}  // namespace shaderdiff::reduce
