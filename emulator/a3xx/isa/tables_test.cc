// The tables themselves: consistency (CheckTables: no two opcodes can decode
// the same word, operand forms disjoint, formats tile 64 bits), and facts
// from docs/isa-a3xx.md §2 that the table must state.
#include <gtest/gtest.h>

#include <random>
#include <set>

#include "emulator/a3xx/isa/isa.h"

namespace shaderdiff::a3xx {
namespace {

TEST(Tables, Consistent) {
  const std::vector<std::string> problems = CheckTables();
  for (const std::string& p : problems) ADD_FAILURE() << p;
  EXPECT_TRUE(problems.empty());
}

TEST(Tables, OverlapCheckDetectsOverlap) {
  // The pairwise check itself: two patterns that agree on common bits overlap.
  BitPattern a{0xff00, 0x1200}, b{0x0ff0, 0x0230}, c{0x0ff0, 0x0330};
  EXPECT_TRUE(PatternsOverlap(a, b));
  EXPECT_FALSE(PatternsOverlap(a, c));
  // Real entries: bary.f and a hypothetical flat.b (opc 57 with bit 50 set,
  // a6xx) would be told apart only by bit 50; add.f and add.u by the opcode.
  BitPattern bary = FixedBits(Opcode::BARY_F);
  BitPattern flat = bary;
  flat.mask |= 1ull << 50;
  flat.value |= 1ull << 50;
  EXPECT_TRUE(PatternsOverlap(bary, flat));  // bary.f leaves bit 50 free (COND is not fixed)
  EXPECT_FALSE(PatternsOverlap(FixedBits(Opcode::ADD_F), FixedBits(Opcode::ADD_U)));
  for (int i = 0; i < kNumOpcodes; ++i) {
    const auto op = static_cast<Opcode>(i);
    EXPECT_TRUE(PatternsOverlap(FixedBits(op), FixedBits(op)));
    EXPECT_EQ(FixedBits(op).mask & IdentityBits(op).mask, IdentityBits(op).mask);
  }
}

TEST(Tables, CategoryAndOpcodeAreUnique) {
  std::set<std::pair<int, int>> seen;
  for (int i = 0; i < kNumOpcodes; ++i) {
    const OpcodeInfo& info = GetOpcodeInfo(static_cast<Opcode>(i));
    EXPECT_TRUE(seen.insert({static_cast<int>(info.category), info.opc}).second) << info.mnemonic;
    EXPECT_EQ(FindOpcode(info.mnemonic), info.opcode);
    EXPECT_EQ(FindOpcodeByEncoding(info.category, info.opc), info.opcode);
  }
}

TEST(Tables, DocFacts) {
  // §2.3 invalid cat2 opcodes are absent.
  for (int opc : {8, 14, 15, 27, 32, 35, 40, 47}) {
    EXPECT_FALSE(FindOpcodeByEncoding(Category::kCat2, static_cast<uint8_t>(opc))) << opc;
  }
  // §2.2: only cat1 opcode 0 on a3xx.
  EXPECT_TRUE(FindOpcodeByEncoding(Category::kCat1, 0));
  EXPECT_FALSE(FindOpcodeByEncoding(Category::kCat1, 2));
  const OpcodeInfo& mad = GetOpcodeInfo(Opcode::MAD_F32);
  EXPECT_EQ(mad.src_kinds[1], KindBit(OperandKind::kGpr));  // §2.7 cat3 src2
  EXPECT_FALSE(GetOpcodeInfo(Opcode::RCP).src_kinds[0] & KindBit(OperandKind::kConst));  // §2.7 cat4
  EXPECT_EQ(GetOpcodeInfo(Opcode::RCP).latency, LatencyClass::kSfu);
  EXPECT_EQ(GetOpcodeInfo(Opcode::SAM).latency, LatencyClass::kTex);
  EXPECT_EQ(GetOpcodeInfo(Opcode::LDP).latency, LatencyClass::kMemGlobal);
  EXPECT_EQ(GetOpcodeInfo(Opcode::LDLV).latency, LatencyClass::kMemLocal);
  EXPECT_TRUE(GetOpcodeInfo(Opcode::BARY_F).has(kOpEi));
  EXPECT_FALSE(GetOpcodeInfo(Opcode::BARY_F).has(kOpNop));
  EXPECT_TRUE(GetOpcodeInfo(Opcode::ADD_F).has(kOpNop));
  EXPECT_FALSE(GetOpcodeInfo(Opcode::ADD_F).has(kOpEi));
  EXPECT_FALSE(GetOpcodeInfo(Opcode::SAM).flags & kOpSs);  // cat5: no (ss)
  EXPECT_FALSE(GetOpcodeInfo(Opcode::G2L).supported());
  EXPECT_TRUE(GetOpcodeInfo(Opcode::ATOMIC_ADD).supported());
}

TEST(Tables, FieldLayoutMatchesDoc) {
  // Spot checks of §3 positions through the table, by field name.
  auto find = [](Format f, std::string_view name) -> const Field* {
    for (const Field& field : FieldsOf(f)) {
      if (field.name == name) return &field;
    }
    return nullptr;
  };
  struct Expect {
    Format format;
    const char* name;
    int hi, lo;
  };
  for (const Expect& e : {Expect{Format::kCat0, "OPC", 58, 55}, Expect{Format::kCat0, "INV1", 52, 52},
                          Expect{Format::kCat1, "SRC_TYPE", 52, 50}, Expect{Format::kCat1, "DST_REL", 49, 49},
                          Expect{Format::kCat2, "COND", 50, 48}, Expect{Format::kCat2, "FULL", 52, 52},
                          Expect{Format::kCat3, "SRC2", 54, 47}, Expect{Format::kCat3, "SRC3_R", 29, 29},
                          Expect{Format::kCat4, "DST_CONV", 46, 46}, Expect{Format::kCat5, "WRMASK", 43, 40},
                          Expect{Format::kCat5, "TYPE", 46, 44}, Expect{Format::kCat6Stg, "OFF_HI", 13, 9},
                          Expect{Format::kCat6Atomic, "TYPE_SIZE_MINUS_ONE", 13, 12}}) {
    const Field* f = find(e.format, e.name);
    ASSERT_NE(f, nullptr) << e.name;
    EXPECT_EQ(f->hi(), e.hi) << e.name;
    EXPECT_EQ(f->lo, e.lo) << e.name;
  }
}

// Brute force on random words: Decode either fails or yields one valid
// instruction that matches its opcode's fixed bits and re-encodes to a word
// that differs only in don't-care bits (it decodes to the same Instr).
TEST(Tables, RandomWordsDecodeConsistently) {
  std::mt19937_64 rng(20240531);
  int decoded = 0;
  for (int n = 0; n < 200000; ++n) {
    uint64_t word = rng();
    // Bias half the words towards plausible ones: clear the a6xx-only bits.
    if (n & 1) word &= ~((0x3full << 43) | (0x1full << 32));
    auto instr = Decode(word);
    if (!instr) continue;
    ++decoded;
    ASSERT_TRUE(FixedBits(instr->opcode).Matches(word)) << FormatWord(word);
    ASSERT_EQ(Validate(*instr), std::nullopt) << FormatWord(word);
    auto again = Encode(*instr);
    ASSERT_TRUE(again);
    ASSERT_EQ(Decode(*again), instr) << FormatWord(word) << " -> " << FormatWord(*again);
  }
  EXPECT_GT(decoded, 1000);
}

}  // namespace
}  // namespace shaderdiff::a3xx
