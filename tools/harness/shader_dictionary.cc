// The static pass behind the shader's dictionary (shader_dictionary.h).
#include "tools/harness/shader_dictionary.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <set>

namespace shaderdiff::harness {
namespace {

using tgsi::File;
using tgsi::Opcode;

// A term `scale * slot`, the slot read as `read` (kUnknown until a typed
// operation reads it).
struct Term {
  Slot slot;
  double scale = 1;
  SlotRead read = SlotRead::kUnknown;
};

// What the pass knows about one component: nothing, an affine expression
// of slots, or a loop variable (written inside the enclosing loop) with the
// affine expression it had at loop entry, if any.
struct Expr {
  enum class Kind : uint8_t { kUnknown, kAffine, kLoopVar } kind = Kind::kUnknown;
  bool entry_known = false;  // kLoopVar: offset/terms hold the entry value
  double offset = 0;
  std::vector<Term> terms;
  // A word copied (MOV) from an immediate before anything read it as a
  // number: `offset` is meaningless until Read gives it a type.
  std::optional<common::Word> raw;

  static Expr Constant(double c) {
    Expr e;
    e.kind = Kind::kAffine;
    e.offset = c;
    return e;
  }
  bool affine() const { return kind == Kind::kAffine; }
  bool constant() const { return affine() && terms.empty() && !raw; }
  bool single() const { return affine() && terms.size() == 1; }
};

Expr Scale(Expr e, double k) {
  if (!e.affine() || e.raw) return Expr{};
  e.offset *= k;
  for (Term& t : e.terms) t.scale *= k;
  return e;
}

Expr Sum(const Expr& a, const Expr& b) {
  if (!a.affine() || !b.affine() || a.raw || b.raw) return Expr{};
  Expr e = a;
  e.offset += b.offset;
  e.terms.insert(e.terms.end(), b.terms.begin(), b.terms.end());
  if (e.terms.size() > 4) return Expr{};  // keep it simple
  return e;
}

Expr Product(const Expr& a, const Expr& b) {
  if (a.constant()) return Scale(b, a.offset);
  if (b.constant()) return Scale(a, b.offset);
  return Expr{};
}

SlotRead ReadOf(tgsi::DataType t) {
  switch (t) {
    case tgsi::DataType::F: return SlotRead::kFloat;
    case tgsi::DataType::I:
    case tgsi::DataType::U: return SlotRead::kInt;
    default: return SlotRead::kUnknown;
  }
}

bool IsFloatCompare(Opcode op) {
  switch (op) {
    case Opcode::SLT: case Opcode::SGE: case Opcode::SEQ: case Opcode::SNE: case Opcode::SGT: case Opcode::SLE:
    case Opcode::FSLT: case Opcode::FSGE: case Opcode::FSEQ: case Opcode::FSNE:
      return true;
    default:
      return false;
  }
}

bool IsIntCompare(Opcode op) {
  switch (op) {
    case Opcode::ISLT: case Opcode::ISGE: case Opcode::USLT: case Opcode::USGE: case Opcode::USEQ: case Opcode::USNE:
      return true;
    default:
      return false;
  }
}

// The nearest normal float (or zero) strictly below / above f, so that no
// boundary value is a denormal (whose meaning depends on the denormal mode).
float NormalBelow(float f) {
  float g = std::nextafter(f, -std::numeric_limits<float>::infinity());
  if (g != 0 && std::fabs(g) < std::numeric_limits<float>::min()) {
    g = g < 0 ? -std::numeric_limits<float>::min() : 0.0f;
  }
  return g;
}
float NormalAbove(float f) { return -NormalBelow(-f); }

class Analyzer {
 public:
  explicit Analyzer(const tgsi::Shader& shader) : shader_(shader) {}

  ShaderDictionary Run() {
    const auto& insns = shader_.instructions;
    for (size_t pc = 0; pc < insns.size(); ++pc) {
      const tgsi::Instruction& in = insns[pc];
      if (in.opcode == Opcode::BGNLOOP) EnterLoop(pc);
      CollectTokens(in);
      Step(in);
    }
    return Finish();
  }

 private:
  // ---- operands ----

  // The value of source `s`'s component for destination channel `chan`, as
  // the instruction reads it (its source type decides how slots and
  // immediates are read).
  Expr Source(const tgsi::Instruction& in, int s, int chan) {
    const tgsi::SrcOperand& src = in.src[s];
    const uint8_t comp = src.swizzle[chan];
    const SlotRead read = ReadOf(tgsi::GetOpcodeInfo(in.opcode).src_type);
    Expr e = Plain(src, comp, read);
    if (read != SlotRead::kUnknown) Resolve(e, read);
    if ((src.absolute || src.negate) && e.raw) return Expr{};  // a modifier on an untyped copy
    if (src.absolute) e = e.constant() ? Expr::Constant(std::fabs(e.offset)) : Expr{};
    if (src.negate) e = Scale(e, -1);
    if (read != SlotRead::kUnknown) Read(e, read);
    return e;
  }

  Expr Plain(const tgsi::SrcOperand& src, uint8_t comp, SlotRead read) {
    const tgsi::Register& r = src.reg;
    if (r.index.indirect || (r.dimension && r.dimension->indirect)) {
      AddIndexUse(r);
      return Expr{};
    }
    switch (r.file) {
      case File::kImmediate: {
        if (r.index.index >= shader_.immediates.size()) return Expr{};
        const tgsi::Immediate& imm = shader_.immediates[r.index.index];
        if (imm.type != tgsi::ImmediateType::kFloat32 && imm.type != tgsi::ImmediateType::kInt32 &&
            imm.type != tgsi::ImmediateType::kUint32) {
          return Expr{};
        }
        Expr e = Expr::Constant(0);
        e.raw = imm.words[comp];  // typed by Read (a bit copy stays raw)
        return e;
      }
      case File::kInput:
      case File::kConstant:
      case File::kSystemValue: {
        Expr e;
        e.kind = Expr::Kind::kAffine;
        const uint32_t buffer = r.file == File::kConstant && r.dimension ? r.dimension->index : 0;
        e.terms.push_back({Slot{r.file, buffer, r.index.index, comp}, 1, SlotRead::kUnknown});
        return e;
      }
      case File::kTemporary: {
        auto it = temps_.find(Key(r.index.index, comp));
        return it == temps_.end() ? Expr{} : it->second;
      }
      default:
        return Expr{};
    }
  }

  // A typed read: a raw word becomes a number, slots not yet read get this
  // type (and it is recorded).
  static void Resolve(Expr& e, SlotRead read) {
    if (!e.raw) return;
    const common::Word w = *e.raw;
    e.raw.reset();
    if (read == SlotRead::kInt) {
      e.offset = static_cast<double>(common::AsInt(w));
    } else if (std::isfinite(common::AsFloat(w))) {
      e.offset = common::AsFloat(w);
    } else {
      e = Expr{};
    }
  }
  void Read(Expr& e, SlotRead read) {
    Resolve(e, read);
    if (e.kind == Expr::Kind::kUnknown) return;
    for (Term& t : e.terms) {
      if (t.read != SlotRead::kUnknown) continue;
      t.read = read;
      SlotRead& seen = reads_[t.slot];
      if (seen != SlotRead::kInt) seen = read;  // an integer read wins
    }
  }

  static uint64_t Key(uint32_t index, uint8_t comp) { return static_cast<uint64_t>(index) * 4 + comp; }

  // ---- declarations: the valid range of a relatively addressed operand ----

  std::optional<std::pair<int64_t, int64_t>> RangeOf(const tgsi::Register& r) const {
    const uint32_t want_buffer = r.dimension && !r.dimension->indirect ? r.dimension->index : 0;
    for (const tgsi::Declaration& d : shader_.declarations) {
      if (d.file != r.file) continue;
      if (r.index.array_id != 0) {
        if (d.array_id == r.index.array_id) return std::make_pair<int64_t, int64_t>(d.first, d.last);
        continue;
      }
      if (r.file == File::kConstant && d.dimension.value_or(0) != want_buffer) continue;
      const int64_t k = r.index.offset;
      if (k >= d.first && k <= d.last) return std::make_pair<int64_t, int64_t>(d.first, d.last);
    }
    // The offset lies outside every declaration: the hull of them.
    std::optional<std::pair<int64_t, int64_t>> hull;
    for (const tgsi::Declaration& d : shader_.declarations) {
      if (d.file != r.file || (r.file == File::kConstant && d.dimension.value_or(0) != want_buffer)) continue;
      if (!hull) hull = std::make_pair<int64_t, int64_t>(d.first, d.last);
      hull->first = std::min<int64_t>(hull->first, d.first);
      hull->second = std::max<int64_t>(hull->second, d.last);
    }
    return hull;
  }

  void AddIndexUse(const tgsi::Register& r) {
    if (!r.index.indirect || r.index.indirect->file != File::kAddress) return;
    auto it = addr_.find(Key(r.index.indirect->index, r.index.indirect->component));
    if (it == addr_.end() || !it->second.affine() || it->second.terms.empty()) return;
    const auto range = RangeOf(r);
    if (!range) return;
    const Expr& e = it->second;
    // Index = offset + e: e must lie in [first - offset, last - offset];
    // each of the n terms gets 1/n of that room.
    const double n = static_cast<double>(e.terms.size());
    const double lo = static_cast<double>(range->first - r.index.offset) - e.offset;
    const double hi = static_cast<double>(range->second - r.index.offset) - e.offset;
    for (const Term& t : e.terms) {
      if (t.scale == 0) continue;
      double a = lo / n / t.scale, b = hi / n / t.scale;
      if (a > b) std::swap(a, b);
      if (!(std::fabs(a) < (1 << 24)) || !(std::fabs(b) < (1 << 24))) continue;  // (also NaN)
      int64_t low = static_cast<int64_t>(std::ceil(a)), high = static_cast<int64_t>(std::floor(b));
      if (low > high) low = high = static_cast<int64_t>(std::llround((a + b) / 2));
      IndexRange next{low, high, t.read == SlotRead::kUnknown ? SlotRead::kInt : t.read};
      auto [at, fresh] = indices_.emplace(t.slot, next);
      if (!fresh && at->second.read == next.read) {
        const int64_t l = std::max(at->second.low, low), h = std::min(at->second.high, high);
        if (l <= h) at->second = {l, h, next.read};
      }
    }
  }

  // ---- loops ----

  // At BGNLOOP: every TEMP component written before the matching ENDLOOP is
  // a loop variable inside it, remembering its value at entry.
  void EnterLoop(size_t begin) {
    const auto& insns = shader_.instructions;
    int depth = 0;
    for (size_t pc = begin; pc < insns.size(); ++pc) {
      if (insns[pc].opcode == Opcode::BGNLOOP) ++depth;
      if (insns[pc].opcode == Opcode::ENDLOOP && --depth == 0) break;
      for (const tgsi::DstOperand& d : insns[pc].dst) {
        if (d.reg.file != File::kTemporary || d.reg.index.indirect) continue;
        for (uint8_t c = 0; c < 4; ++c) {
          if (!(d.write_mask & (1u << c))) continue;
          Expr& e = temps_[Key(d.reg.index.index, c)];
          if (e.kind == Expr::Kind::kLoopVar) continue;
          Expr var = e;
          var.entry_known = e.affine();
          var.kind = Expr::Kind::kLoopVar;
          e = var;
        }
      }
    }
  }

  // ---- immediates as tokens ----

  void CollectTokens(const tgsi::Instruction& in) {
    const SlotRead read = ReadOf(tgsi::GetOpcodeInfo(in.opcode).src_type);
    if (read == SlotRead::kUnknown) return;
    for (const tgsi::SrcOperand& src : in.src) {
      if (src.reg.file != File::kImmediate || src.reg.index.indirect) continue;
      if (src.reg.index.index >= shader_.immediates.size()) continue;
      const tgsi::Immediate& imm = shader_.immediates[src.reg.index.index];
      for (uint8_t comp : src.swizzle) {
        const common::Word w = imm.words[comp];
        if (read == SlotRead::kInt) {
          const int64_t v = common::AsInt(w);
          for (int64_t d : {-1, 0, 1}) {
            if (v + d >= std::numeric_limits<int32_t>::min() && v + d <= std::numeric_limits<int32_t>::max())
              int_tokens_.insert(common::FromInt(static_cast<int32_t>(v + d)));
          }
        } else {
          const float f = common::AsFloat(w);
          if (!std::isfinite(f) || (f != 0 && std::fabs(f) < std::numeric_limits<float>::min())) continue;
          for (float g : {NormalBelow(f), f, NormalAbove(f)}) {
            if (std::isfinite(g)) float_tokens_.insert(common::FromFloat(g));
          }
          // An immediate zero: both zeros (x + 0.0 and x - 0.0 keep x only
          // when x is not the zero of the other sign).
          if (f == 0) float_tokens_.insert(common::FromFloat(-f));
        }
      }
    }
  }

  // ---- comparisons ----

  // Values of `e`'s one slot that make e equal each of `targets`, with the
  // neighbours of each (1 ulp or 1 apart, as the comparison's type says).
  void Solve(const Expr& e, const std::vector<double>& targets, SlotRead as) {
    if (!e.single() || e.terms[0].scale == 0) return;
    const Term& t = e.terms[0];
    const SlotRead read = t.read == SlotRead::kUnknown ? as : t.read;
    auto& out = boundaries_[t.slot];
    for (double target : targets) {
      const double x = (target - e.offset) / t.scale;
      if (!std::isfinite(x) || std::fabs(x) > 1e30) continue;
      if (read == SlotRead::kInt) {
        if (std::fabs(x) > 2147483647.0) continue;
        const int64_t f = static_cast<int64_t>(std::floor(x)), c = static_cast<int64_t>(std::ceil(x));
        for (int64_t v : {f - 1, f, c, c + 1}) out.insert(EncodeSlotValue(static_cast<double>(v), read));
      } else if (as == SlotRead::kInt) {  // a float slot in an integer comparison: whole numbers around x
        const double r = std::round(x);
        for (double v : {r - 1, r, r + 1}) out.insert(EncodeSlotValue(v, read));
      } else {
        const float f = static_cast<float>(x);
        for (float v : {NormalBelow(f), f, NormalAbove(f)}) {
          if (std::isfinite(v)) out.insert(common::FromFloat(v));
        }
      }
    }
    if (out.empty()) boundaries_.erase(t.slot);
  }

  void Compare(const Expr& a, const Expr& b, SlotRead as) {
    for (int side = 0; side < 2; ++side) {
      const Expr& x = side ? b : a;
      const Expr& y = side ? a : b;
      if (y.constant()) Solve(x, {y.offset}, as);
      if (y.kind == Expr::Kind::kLoopVar && y.entry_known && y.terms.empty()) {
        Expr entry = y;  // a loop bound against a counter started at c0
        entry.kind = Expr::Kind::kAffine;
        Resolve(entry, as);
        if (entry.constant()) {
          const double c0 = entry.offset;
          Solve(x, {c0 - 1, c0, c0 + 1, c0 + 2}, as);
        }
      }
      if (x.kind == Expr::Kind::kLoopVar && x.entry_known && x.terms.size() == 1 && y.constant()) {
        Expr entry = x;  // a counter started from a slot, against a constant bound
        entry.kind = Expr::Kind::kAffine;
        Read(entry, as);
        const double c = y.offset;
        Solve(entry, {c - 2, c - 1, c, c + 1}, as);
      }
    }
    if (a.single() && b.single() && a.terms[0].slot != b.terms[0].slot && a.terms[0].scale != 0 &&
        b.terms[0].scale != 0) {
      for (int side = 0; side < 2; ++side) {
        const Expr& x = side ? b : a;  // x.offset + x.scale * to == y.offset + y.scale * from
        const Expr& y = side ? a : b;
        const Term& to = x.terms[0];
        const Term& from = y.terms[0];
        links_.insert({to.slot, from.slot, to.read == SlotRead::kUnknown ? as : to.read,
                       from.read == SlotRead::kUnknown ? as : from.read, as, from.scale / to.scale,
                       (y.offset - x.offset) / to.scale});
      }
    }
  }

  // A slot read directly by a bitwise operation: a boolean (0 or ~0).
  void Bits(const Expr& e) {
    if (!e.single() || e.offset != 0 || e.terms[0].scale != 1) return;
    auto& out = boundaries_[e.terms[0].slot];
    out.insert(0);
    out.insert(0xffffffffu);
  }

  // ---- one instruction ----

  void Assign(const tgsi::Instruction& in, int chan, Expr value) {
    const tgsi::DstOperand& d = in.dst[0];
    if (d.reg.index.indirect) return;
    if (d.reg.file == File::kTemporary) {
      // Inside a loop this is the value for the rest of the iteration; reads
      // before it (in program order) saw the loop variable.
      temps_[Key(d.reg.index.index, static_cast<uint8_t>(chan))] = std::move(value);
    } else if (d.reg.file == File::kAddress) {
      addr_[Key(d.reg.index.index, static_cast<uint8_t>(chan))] = std::move(value);
    }
  }

  void Step(const tgsi::Instruction& in) {
    const Opcode op = in.opcode;
    // Relatively addressed destinations are index uses; an indirect write
    // into a TEMP array makes the whole array unknown.
    for (const tgsi::DstOperand& d : in.dst) {
      if (!d.reg.index.indirect) continue;
      AddIndexUse(d.reg);
      if (d.reg.file == File::kTemporary) {
        if (const auto range = RangeOf(d.reg)) {
          for (int64_t i = range->first; i <= range->second; ++i) {
            for (uint8_t c = 0; c < 4; ++c) temps_.erase(Key(static_cast<uint32_t>(i), c));
          }
        }
      }
    }
    switch (op) {
      case Opcode::IF:
        Compare(Source(in, 0, 0), Expr::Constant(0), SlotRead::kFloat);
        return;
      case Opcode::UIF:
      case Opcode::BREAKC:
        Compare(Source(in, 0, 0), Expr::Constant(0), SlotRead::kInt);
        return;
      case Opcode::KILL_IF:
      case Opcode::KIL:
        for (int c = 0; c < 4; ++c) Compare(Source(in, 0, c), Expr::Constant(0), SlotRead::kFloat);
        return;
      case Opcode::SWITCH:
        selectors_.push_back(Source(in, 0, 0));
        return;
      case Opcode::CASE:
        if (!selectors_.empty()) Compare(selectors_.back(), Source(in, 0, 0), SlotRead::kInt);
        return;
      case Opcode::ENDSWITCH:
        if (!selectors_.empty()) selectors_.pop_back();
        return;
      default:
        break;
    }
    if (in.dst.size() != 1) {
      for (size_t s = 0; s < in.src.size(); ++s) Source(in, static_cast<int>(s), 0);  // index uses
      return;
    }
    for (int chan = 0; chan < 4; ++chan) {
      if (!(in.dst[0].write_mask & (1u << chan))) continue;
      Assign(in, chan, Compute(in, chan));
    }
  }

  // The expression written to channel `chan`, recording comparisons.
  Expr Compute(const tgsi::Instruction& in, int chan) {
    const Opcode op = in.opcode;
    auto src = [&](int s) { return Source(in, s, chan); };
    if (IsFloatCompare(op) || IsIntCompare(op)) {
      Compare(src(0), src(1), IsIntCompare(op) ? SlotRead::kInt : SlotRead::kFloat);
      return Expr{};
    }
    switch (op) {
      case Opcode::MOV:
        return in.saturate ? Expr{} : src(0);
      case Opcode::ADD:
      case Opcode::UADD:
        return in.saturate ? Expr{} : Sum(src(0), src(1));
      case Opcode::MUL:
      case Opcode::UMUL:
        return in.saturate ? Expr{} : Product(src(0), src(1));
      case Opcode::MAD:
      case Opcode::UMAD:
        return in.saturate ? Expr{} : Sum(Product(src(0), src(1)), src(2));
      case Opcode::SHL:
      case Opcode::USHR:
      case Opcode::ISHR: {
        const Expr value = src(0), shift = src(1);
        if (!shift.constant() || shift.offset < 0 || shift.offset > 30) return Expr{};
        const double k = std::ldexp(1.0, static_cast<int>(shift.offset));
        return Scale(value, op == Opcode::SHL ? k : 1 / k);
      }
      case Opcode::INEG:
        return Scale(src(0), -1);
      case Opcode::AND: {
        const Expr a = src(0), b = src(1);
        Bits(a);
        Bits(b);
        // x & 0x...ffff keeps small non-negative x (a mask on an index).
        auto keeps = [](const Expr& mask) {
          return mask.constant() && std::fabs(mask.offset) < 4294967296.0 &&
                 (static_cast<int64_t>(mask.offset) & 0xffff) == 0xffff;
        };
        if (keeps(a)) return b;
        if (keeps(b)) return a;
        return Expr{};
      }
      case Opcode::OR:
      case Opcode::XOR:
      case Opcode::NOT:
        for (size_t s = 0; s < in.src.size(); ++s) Bits(src(static_cast<int>(s)));
        return Expr{};
      case Opcode::I2F:
      case Opcode::U2F:
      case Opcode::F2I:
      case Opcode::F2U:
      case Opcode::FLR:
      case Opcode::TRUNC:
      case Opcode::ROUND:
      case Opcode::CEIL:
        return in.saturate ? Expr{} : src(0);
      case Opcode::ARL:
      case Opcode::ARR:
      case Opcode::UARL:
        return src(0);
      case Opcode::CMP:
        Compare(src(0), Expr::Constant(0), SlotRead::kFloat);
        src(1);
        src(2);
        return Expr{};
      case Opcode::UCMP:
        Compare(src(0), Expr::Constant(0), SlotRead::kInt);
        src(1);
        src(2);
        return Expr{};
      default:
        for (size_t s = 0; s < in.src.size(); ++s) src(static_cast<int>(s));  // index uses, reads
        return Expr{};
    }
  }

  ShaderDictionary Finish() {
    ShaderDictionary d;
    d.float_tokens.assign(float_tokens_.begin(), float_tokens_.end());
    d.int_tokens.assign(int_tokens_.begin(), int_tokens_.end());
    for (const auto& [slot, words] : boundaries_) d.boundaries[slot].assign(words.begin(), words.end());
    d.links.assign(links_.begin(), links_.end());
    d.indices = indices_;
    d.reads = reads_;
    return d;
  }

  const tgsi::Shader& shader_;
  std::map<uint64_t, Expr> temps_;  // TEMP index * 4 + component
  std::map<uint64_t, Expr> addr_;   // ADDR index * 4 + component
  std::vector<Expr> selectors_;     // open SWITCHes
  std::set<common::Word> float_tokens_, int_tokens_;
  std::map<Slot, std::set<common::Word>> boundaries_;
  std::set<SlotLink> links_;
  std::map<Slot, IndexRange> indices_;
  std::map<Slot, SlotRead> reads_;
};

}  // namespace

common::Word EncodeSlotValue(double value, SlotRead read) {
  if (read == SlotRead::kInt) {
    const double clamped = std::clamp(value, -2147483648.0, 2147483647.0);
    return common::FromInt(static_cast<int32_t>(clamped));
  }
  constexpr double kMax = std::numeric_limits<float>::max();
  if (value > kMax) return common::FromFloat(std::numeric_limits<float>::infinity());  // (not a UB cast)
  if (value < -kMax) return common::FromFloat(-std::numeric_limits<float>::infinity());
  return common::FromFloat(static_cast<float>(value));
}

ShaderDictionary AnalyzeShader(const tgsi::Shader& shader) { return Analyzer(shader).Run(); }

}  // namespace shaderdiff::harness
