// fields.def / enums.def are self-consistent: fields lie in one dword, do
// not overlap within a type, have unique names, and every named value fits
// the fields of its domain.
#include <gtest/gtest.h>

#include <set>

#include "emulator/isa_common/bit_range.h"
#include "emulator/r500/isa/alu_reads.h"
#include "emulator/r500/isa/fields.h"

namespace shaderdiff::r500 {
namespace {

TEST(Tables, FieldsFitAndDoNotOverlap) {
  for (int t = 0; t < 4; ++t) {
    std::array<uint32_t, kDwords> covered{};
    for (const FieldInfo& f : FieldTable()) {
      ASSERT_LE(f.lo, f.hi) << f.name;
      ASSERT_LT(f.hi, 32) << f.name;
      ASSERT_LT(f.dword, kDwords) << f.name;
      if (!f.In(static_cast<InstrType>(t))) continue;
      const uint32_t m = isa_common::RangeMask<uint32_t>(f.hi, f.lo);
      EXPECT_EQ(covered[f.dword] & m, 0u) << f.name << " overlaps in type " << t;
      covered[f.dword] |= m;
    }
    EXPECT_EQ(covered[0], 0xffffffffu) << "US_CMN_INST is fully defined for every type";
  }
}

TEST(Tables, NamesUniqueAndLookupsInverse) {
  std::set<std::string_view> names;
  for (const FieldInfo& f : FieldTable()) {
    EXPECT_TRUE(names.insert(f.name).second) << f.name;
    EXPECT_EQ(FieldByName(f.name), f.field);
    EXPECT_EQ(&Info(f.field), &f);
  }
  for (const EnumValue& e : EnumTable()) {
    EXPECT_EQ(EnumByName(e.domain, e.name), e.value) << e.name;
    EXPECT_EQ(EnumName(e.domain, e.value), e.name);
  }
}

TEST(Tables, EnumValuesFitTheirFields) {
  for (const FieldInfo& f : FieldTable()) {
    if (f.domain == Domain::kNumber || f.domain == Domain::kFlag) {
      if (f.domain == Domain::kFlag) {
        EXPECT_EQ(f.width(), 1) << f.name;
      }
      continue;
    }
    int named = 0;
    for (const EnumValue& e : EnumTable())
      if (e.domain == f.domain) {
        ++named;
        EXPECT_TRUE(isa_common::FitsBits<uint32_t>(e.value, f.width() - 1, 0)) << f.name;
      }
    EXPECT_GE(named, 2) << f.name;
  }
}

// The docs' reserved codes are exactly the unnamed ones (A.4, A.5, A.9, A.10).
TEST(Tables, ReservedCodesAreTheDocsOnes) {
  auto reserved = [](Domain d, int width) {
    std::vector<uint32_t> r;
    for (uint32_t v = 0; v < (1u << width); ++v)
      if (!InDomain(d, width, v)) r.push_back(v);
    return r;
  };
  EXPECT_EQ(reserved(Domain::kRgbOp, 4), (std::vector<uint32_t>{6, 13, 14, 15}));
  EXPECT_EQ(reserved(Domain::kAlphaOp, 4), (std::vector<uint32_t>{4}));
  EXPECT_EQ(reserved(Domain::kSwizzle, 3), (std::vector<uint32_t>{7}));
  EXPECT_EQ(reserved(Domain::kTexOp, 3), (std::vector<uint32_t>{7}));
  EXPECT_EQ(reserved(Domain::kPredSel, 3), (std::vector<uint32_t>{6, 7}));
  EXPECT_EQ(reserved(Domain::kBranchOp, 2), (std::vector<uint32_t>{3}));
  EXPECT_EQ(reserved(Domain::kAddrStackOp, 2), (std::vector<uint32_t>{3}));
  EXPECT_TRUE(reserved(Domain::kOmod, 3).empty());
  EXPECT_TRUE(reserved(Domain::kFcOp, 3).empty());
}

// alu_reads.h's opcode numbers are enums.def's MDH/MDV.
TEST(Tables, DerivativeOpcodesMatchTheEnumTable) {
  EXPECT_EQ(EnumName(Domain::kRgbOp, kRgbOpMdh), "mdh");
  EXPECT_EQ(EnumName(Domain::kRgbOp, kRgbOpMdv), "mdv");
  EXPECT_EQ(EnumName(Domain::kAlphaOp, kAlphaOpMdh), "mdh");
  EXPECT_EQ(EnumName(Domain::kAlphaOp, kAlphaOpMdv), "mdv");
}

}  // namespace
}  // namespace shaderdiff::r500
