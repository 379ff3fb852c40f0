// Generated round trips: every value of every field of every type, on bases
// that make the field's rules reachable; then random instructions and
// random words. For every valid i: Decode(Encode(i)) == i and
// Assemble(Disassemble(i)) == i; for every accepted w: Encode(Decode(w)) == w.
// Values the rules refuse must be refused by Encode with Validate's reason.
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "emulator/r500/isa/codec.h"
#include "emulator/r500/isa/text.h"

namespace shaderdiff::r500 {
namespace {

void ExpectRoundTrips(const Instr& in) {
  std::variant<Words, Refusal> e = Encode(in);
  ASSERT_TRUE(std::holds_alternative<Words>(e)) << std::get<Refusal>(e).reason;
  std::variant<Instr, Refusal> d = Decode(std::get<Words>(e));
  ASSERT_TRUE(std::holds_alternative<Instr>(d)) << std::get<Refusal>(d).reason;
  EXPECT_EQ(std::get<Instr>(d), in) << Disassemble(in);
  const std::string text = Disassemble(in);
  std::variant<std::vector<Instr>, AsmError> a = Assemble(text);
  ASSERT_TRUE((std::holds_alternative<std::vector<Instr>>(a)))
      << text << "\n" << std::get<AsmError>(a).ToString();
  ASSERT_EQ(std::get<std::vector<Instr>>(a).size(), 1u);
  EXPECT_EQ(std::get<std::vector<Instr>>(a)[0], in) << text;
}

// Bases per type under which each rule-gated field can take its values.
std::vector<Instr> Bases(InstrType t) {
  std::vector<Instr> bases{EmptyInstr(t)};
  if (t == InstrType::kTex) {
    Instr dxdy = EmptyInstr(t);
    dxdy.Set(Field::kTexOp, *EnumByName(Domain::kTexOp, "dxdy"));
    dxdy.Set(Field::kTexSemWait, 1);
    bases.push_back(dxdy);
    Instr rgba = EmptyInstr(t);  // texkill reachable
    rgba.Set(Field::kTexSrcT, 1);
    rgba.Set(Field::kTexSrcR, 2);
    rgba.Set(Field::kTexSrcQ, 3);
    bases.push_back(rgba);
  }
  if (t == InstrType::kAlu || t == InstrType::kOut) {
    Instr trans = EmptyInstr(t);  // sop and omod disable reachable
    trans.Set(Field::kRgbOp, *EnumByName(Domain::kRgbOp, "dp3"));
    trans.Set(Field::kAlphaOp, *EnumByName(Domain::kAlphaOp, "rcp"));
    bases.push_back(trans);
    Instr minmax = EmptyInstr(t);
    minmax.Set(Field::kRgbOp, *EnumByName(Domain::kRgbOp, "min"));
    minmax.Set(Field::kAlphaOp, *EnumByName(Domain::kAlphaOp, "max"));
    bases.push_back(minmax);
  }
  return bases;
}

TEST(RoundTrip, EveryValueOfEveryField) {
  for (int ti = 0; ti < 4; ++ti) {
    const auto t = static_cast<InstrType>(ti);
    for (const FieldInfo& f : FieldTable()) {
      if (!f.In(t) || f.field == Field::kType) continue;
      std::set<uint32_t> accepted;
      for (const Instr& base : Bases(t)) {
        for (uint32_t v = 0; v < (1u << f.width()); ++v) {
          Instr in = base;
          in.Set(f.field, v);
          std::optional<Refusal> why = Validate(in);
          if (why) {
            std::variant<Words, Refusal> e = Encode(in);
            ASSERT_TRUE(std::holds_alternative<Refusal>(e));
            EXPECT_EQ(std::get<Refusal>(e).reason, why->reason);
            continue;
          }
          accepted.insert(v);
          ExpectRoundTrips(in);
        }
      }
      // Every named value (or, for numbers, every value) is reachable on some base,
      // except the outputs that only OUT has and the ALU result OUT may not combine.
      const bool output_field = f.field == Field::kRgbOmask || f.field == Field::kAlphaOmask ||
                                f.field == Field::kWOmask || f.field == Field::kRgbTarget ||
                                f.field == Field::kAlphaTarget;
      if (output_field && t != InstrType::kOut) {
        EXPECT_EQ(accepted, std::set<uint32_t>{0}) << f.name;
      } else if (f.field == Field::kStatWe && t == InstrType::kOut) {
        EXPECT_EQ(accepted, std::set<uint32_t>{0}) << f.name;
      } else if (f.field == Field::kRgbPredSel && t == InstrType::kFc) {
        EXPECT_EQ(accepted.size(), 5u) << f.name;
      } else {
        size_t legal = 0;
        for (uint32_t v = 0; v < (1u << f.width()); ++v) legal += InDomain(f.domain, f.width(), v);
        EXPECT_EQ(accepted.size(), legal) << f.name << " in " << TypeName(t);
      }
    }
  }
}

// A field the type does not have, set to anything but 0, and a value one
// past a field's width, are refused by name (Validate's quick acceptance,
// rules.cc, must agree with its refusal loop on both).
TEST(RoundTrip, FieldsOutsideTheirTypeOrWidthRefused) {
  for (int ti = 0; ti < 4; ++ti) {
    const auto t = static_cast<InstrType>(ti);
    const Instr base = EmptyInstr(t);
    ASSERT_FALSE(Validate(base)) << TypeName(t);
    for (const FieldInfo& f : FieldTable()) {
      if (f.field == Field::kType) continue;
      Instr in = base;
      if (!f.In(t)) {
        in.Set(f.field, 1);
        const std::optional<Refusal> why = Validate(in);
        ASSERT_TRUE(why) << f.name << " in " << TypeName(t);
        EXPECT_EQ(why->reason, "field " + std::string(f.name) + " does not exist in a " + std::string(TypeName(t)) + " instruction");
      } else if (f.width() < 32) {
        in.Set(f.field, 1u << f.width());
        const std::optional<Refusal> why = Validate(in);
        ASSERT_TRUE(why) << f.name << " in " << TypeName(t);
        EXPECT_NE(why->reason.find("does not fit " + std::to_string(f.width()) + " bits"), std::string::npos) << why->reason;
      }
    }
  }
}

// xorshift64*: deterministic.
struct Rng {
  uint64_t s = 0x9e3779b97f4a7c15ull;
  uint32_t Next() {
    s ^= s >> 12;
    s ^= s << 25;
    s ^= s >> 27;
    return static_cast<uint32_t>((s * 0x2545f4914f6cdd1dull) >> 32);
  }
};

TEST(RoundTrip, RandomInstructions) {
  Rng rng;
  std::map<InstrType, int> valid;
  for (int n = 0; n < 50000; ++n) {
    Instr in = EmptyInstr(static_cast<InstrType>(rng.Next() & 3));
    for (const FieldInfo& f : FieldTable()) {
      if (!f.In(in.type()) || f.field == Field::kType || (rng.Next() & 3) != 0) continue;
      uint32_t v = rng.Next() & ((1u << f.width()) - 1);
      if (InDomain(f.domain, f.width(), v)) in.Set(f.field, v);
    }
    if (Validate(in)) continue;
    ++valid[in.type()];
    ExpectRoundTrips(in);
    if (HasFatalFailure()) return;
  }
  for (int t = 0; t < 4; ++t) EXPECT_GT(valid[static_cast<InstrType>(t)], 100) << t;
}

TEST(RoundTrip, RandomWords) {
  Rng rng;
  int accepted = 0;
  for (int n = 0; n < 200000; ++n) {
    Words w;
    // Sparse words, so that some pass the reserved-bit checks.
    for (uint32_t& d : w) d = rng.Next() & rng.Next() & rng.Next() & rng.Next();
    std::variant<Instr, Refusal> d = Decode(w);
    if (!std::holds_alternative<Instr>(d)) {
      EXPECT_FALSE(std::get<Refusal>(d).reason.empty());
      continue;
    }
    ++accepted;
    std::variant<Words, Refusal> e = Encode(std::get<Instr>(d));
    ASSERT_TRUE(std::holds_alternative<Words>(e));
    EXPECT_EQ(std::get<Words>(e), w);
  }
  EXPECT_GT(accepted, 100);
}

// Every bit that no field of a type covers is refused alone.
TEST(RoundTrip, EveryReservedBitRefused) {
  for (uint32_t t = 0; t < 4; ++t) {
    for (int dw = 0; dw < kDwords; ++dw) {
      for (int bit = 0; bit < 32; ++bit) {
        bool covered = false;
        for (const FieldInfo& f : FieldTable())
          covered |= f.In(static_cast<InstrType>(t)) && f.dword == dw && bit >= f.lo && bit <= f.hi;
        if (covered) continue;
        Words w{};
        w[0] = t;
        w[dw] |= 1u << bit;
        std::variant<Instr, Refusal> d = Decode(w);
        ASSERT_TRUE(std::holds_alternative<Refusal>(d)) << t << " inst" << dw << " bit " << bit;
        EXPECT_NE(std::get<Refusal>(d).reason.find("reserved bits"), std::string::npos);
      }
    }
  }
}

}  // namespace
}  // namespace shaderdiff::r500
