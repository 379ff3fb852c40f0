// ReachingDefs (reaching_defs.h): the structured flow graph, the
// definitions, then a worklist over instructions with one bitset of
// definitions per instruction start (IN); OUT is made on the fly as IN
// minus the written variables' definitions plus the instruction's own.
#include "compiler/passes/reaching_defs.h"

#include <algorithm>
#include <deque>

#include "compiler/tgsi/opcode.h"

namespace shaderdiff::compiler {
namespace {

using tgsi::File;
using tgsi::Opcode;

// Successors of every instruction; nullopt (with why) for flow control
// outside the structured forms.
std::optional<std::vector<std::vector<uint32_t>>> Successors(const tgsi::Shader& s, std::string* why) {
  const uint32_t n = static_cast<uint32_t>(s.instructions.size());
  std::vector<std::vector<uint32_t>> succ(n);
  struct Open {
    Opcode op;
    uint32_t at;
    std::optional<uint32_t> else_at;
  };
  std::vector<Open> open;
  std::vector<std::vector<uint32_t>> pending(1);  // per open loop: its BRK/CONT
  auto fail = [&](std::string text) {
    *why = std::move(text);
    return std::nullopt;
  };
  for (uint32_t i = 0; i < n; ++i) {
    const Opcode op = s.instructions[i].opcode;
    const bool falls = op != Opcode::END && op != Opcode::ELSE && op != Opcode::BRK && op != Opcode::CONT;
    if (falls && i + 1 < n) succ[i].push_back(i + 1);
    switch (op) {
      case Opcode::IF: case Opcode::UIF:
        open.push_back({op, i, std::nullopt});
        break;
      case Opcode::ELSE:
        if (open.empty() || open.back().op == Opcode::BGNLOOP || open.back().else_at) return fail("unbalanced ELSE");
        open.back().else_at = i;
        break;
      case Opcode::ENDIF: {
        if (open.empty() || open.back().op == Opcode::BGNLOOP) return fail("unbalanced ENDIF");
        const Open o = open.back();
        open.pop_back();
        succ[o.at].push_back(o.else_at ? *o.else_at + 1 : i);
        if (o.else_at) succ[*o.else_at].push_back(i);
        break;
      }
      case Opcode::BGNLOOP:
        open.push_back({op, i, std::nullopt});
        pending.emplace_back();
        break;
      case Opcode::ENDLOOP: {
        if (open.empty() || open.back().op != Opcode::BGNLOOP) return fail("unbalanced ENDLOOP");
        succ[i].push_back(open.back().at);
        open.pop_back();
        for (uint32_t j : pending.back()) {
          if (s.instructions[j].opcode == Opcode::CONT) succ[j].push_back(i);
          else if (i + 1 < n) succ[j].push_back(i + 1);
        }
        pending.pop_back();
        break;
      }
      case Opcode::BRK: case Opcode::CONT:
        if (pending.size() < 2) return fail(std::string(tgsi::OpcodeName(op)) + " outside a loop");
        pending.back().push_back(i);
        break;
      case Opcode::CAL: case Opcode::RET: case Opcode::BGNSUB: case Opcode::ENDSUB: case Opcode::SWITCH:
      case Opcode::CASE: case Opcode::DEFAULT: case Opcode::ENDSWITCH:
        return fail("flow control " + std::string(tgsi::OpcodeName(op)));
      default:
        break;
    }
  }
  if (!open.empty()) return fail("unclosed " + std::string(tgsi::OpcodeName(open.back().op)));
  return succ;
}

}  // namespace

std::optional<uint32_t> ReachingDefs::DefAt(uint32_t inst, uint8_t comp) const {
  const int32_t d = def_at_[inst * 4 + comp];
  if (d < 0) return std::nullopt;
  return static_cast<uint32_t>(d);
}

std::optional<ReachingDefs> ReachingDefs::Compute(const tgsi::Shader& s, std::string* why) {
  const uint32_t n = static_cast<uint32_t>(s.instructions.size());
  std::optional<std::vector<std::vector<uint32_t>>> succ = Successors(s, why);
  if (!succ) return std::nullopt;

  ReachingDefs r;
  uint32_t temps = 0;
  for (const tgsi::Instruction& inst : s.instructions) {
    auto see = [&](const tgsi::Register& reg) -> bool {
      if (reg.file != File::kTemporary) return true;
      if (reg.index.indirect) return false;
      temps = std::max(temps, reg.index.index + 1);
      return true;
    };
    for (const tgsi::DstOperand& d : inst.dst)
      if (!see(d.reg)) return *why = "relative addressing of TEMP", std::nullopt;
    for (const tgsi::SrcOperand& src : inst.src)
      if (!see(src.reg)) return *why = "relative addressing of TEMP", std::nullopt;
  }
  // One variable per TEMP component, its entry definition first.
  r.var_of_.assign(static_cast<size_t>(temps) * 4, -1);
  r.var_defs_.resize(static_cast<size_t>(temps) * 4);
  for (uint32_t t = 0; t < temps; ++t) {
    for (uint8_t c = 0; c < 4; ++c) {
      r.var_of_[t * 4 + c] = static_cast<int32_t>(t * 4 + c);
      r.var_defs_[t * 4 + c].push_back(static_cast<uint32_t>(r.defs_.size()));
      r.defs_.push_back({kEntry, t, c});
    }
  }
  r.def_at_.assign(static_cast<size_t>(n) * 4, -1);
  for (uint32_t i = 0; i < n; ++i) {
    for (const tgsi::DstOperand& d : s.instructions[i].dst) {
      if (d.reg.file != File::kTemporary) continue;
      for (uint8_t c = 0; c < 4; ++c) {
        if (!(d.write_mask & (1u << c))) continue;
        const uint32_t id = static_cast<uint32_t>(r.defs_.size());
        r.defs_.push_back({i, d.reg.index.index, c});
        r.def_at_[i * 4 + c] = static_cast<int32_t>(id);
        r.var_defs_[d.reg.index.index * 4 + c].push_back(id);
      }
    }
  }
  r.words_ = (r.defs_.size() + 63) / 64;
  r.in_.assign(static_cast<size_t>(n) * r.words_, 0);
  if (n == 0) return r;
  for (const std::vector<uint32_t>& v : r.var_defs_) r.in_[v[0] / 64] |= uint64_t{1} << (v[0] % 64);

  std::vector<uint64_t> out(r.words_);
  std::deque<uint32_t> work{0};
  std::vector<bool> queued(n, false);
  queued[0] = true;
  while (!work.empty()) {
    const uint32_t i = work.front();
    work.pop_front();
    queued[i] = false;
    std::copy(r.in_.begin() + static_cast<ptrdiff_t>(i * r.words_),
              r.in_.begin() + static_cast<ptrdiff_t>((i + 1) * r.words_), out.begin());
    for (uint8_t c = 0; c < 4; ++c) {
      const int32_t d = r.def_at_[i * 4 + c];
      if (d < 0) continue;
      for (uint32_t k : r.var_defs_[r.defs_[d].temp * 4 + c]) out[k / 64] &= ~(uint64_t{1} << (k % 64));
      out[d / 64] |= uint64_t{1} << (d % 64);
    }
    for (uint32_t j : (*succ)[i]) {
      bool changed = false;
      uint64_t* in = r.in_.data() + static_cast<size_t>(j) * r.words_;
      for (size_t w = 0; w < r.words_; ++w) {
        const uint64_t merged = in[w] | out[w];
        changed |= merged != in[w];
        in[w] = merged;
      }
      if (changed && !queued[j]) {
        queued[j] = true;
        work.push_back(j);
      }
    }
  }
  return r;
}

std::vector<uint32_t> ReachingDefs::Reaching(uint32_t inst, uint32_t temp, uint8_t comp) const {
  std::vector<uint32_t> result;
  if (temp * 4 + comp >= var_of_.size()) return result;
  const uint64_t* in = in_.data() + static_cast<size_t>(inst) * words_;
  for (uint32_t k : var_defs_[var_of_[temp * 4 + comp]])
    if (in[k / 64] >> (k % 64) & 1) result.push_back(k);
  return result;
}

}  // namespace shaderdiff::compiler
