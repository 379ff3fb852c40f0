// Every verified encoding of docs/isa-a3xx.md §3.10, checked both ways:
// hex -> Decode -> Disassemble == the doc's text, and text -> Assemble ->
// Encode == the doc's hex (printed dword1_dword0). Both tables: the real a3xx
// blob output and Mesa's (a5xx/a6xx) disassembler vectors, which share the
// a3xx layouts. Two Mesa vectors use features uncertain on a3xx (float-LUT
// immediate, (nopN)); the library supports them because the encoding is
// known.
#include <gtest/gtest.h>

#include <string>

#include "emulator/a3xx/isa/test_util.h"

namespace shaderdiff::a3xx {
namespace {

using testing_util::EncodingVector;

class VectorTest : public ::testing::TestWithParam<EncodingVector> {};

TEST_P(VectorTest, HexToText) {
  const EncodingVector& v = GetParam();
  auto word = ParseWord(v.hex);
  ASSERT_TRUE(word) << v.hex;
  std::string error;
  auto instr = Decode(*word, &error);
  ASSERT_TRUE(instr) << v.hex << ": " << error;
  EXPECT_EQ(Disassemble(*instr), v.text) << v.hex << " (" << v.source << ")";
}

TEST_P(VectorTest, TextToHex) {
  const EncodingVector& v = GetParam();
  std::string error;
  auto instr = AssembleInstr(v.text, &error);
  ASSERT_TRUE(instr) << v.text << ": " << error;
  auto word = Encode(*instr, &error);
  ASSERT_TRUE(word) << v.text << ": " << error;
  EXPECT_EQ(FormatWord(*word), v.hex) << v.text << " (" << v.source << ")";
}

TEST_P(VectorTest, BothDirectionsAgree) {
  const EncodingVector& v = GetParam();
  auto from_hex = Decode(*ParseWord(v.hex));
  auto from_text = AssembleInstr(v.text);
  ASSERT_TRUE(from_hex && from_text);
  EXPECT_EQ(*from_hex, *from_text);
  EXPECT_EQ(testing_util::CheckRoundTrip(*from_hex), std::nullopt);
}

std::string VectorName(const ::testing::TestParamInfo<EncodingVector>& info) {
  std::string name = info.param.hex;
  for (char& c : name) {
    if (c == '_') c = 'x';
  }
  return "w" + name;
}

INSTANTIATE_TEST_SUITE_P(A3xxBlob, VectorTest, ::testing::ValuesIn(testing_util::BlobVectors()), VectorName);
INSTANTIATE_TEST_SUITE_P(MesaDisasm, VectorTest, ::testing::ValuesIn(testing_util::MesaVectors()), VectorName);

// Decoded fields of a few vectors, so the Instr the emulator sees is pinned
// down, not just the text.
TEST(VectorFields, BaryFWithEndOfInput) {
  Instr i = *Decode(*ParseWord("4730c808_00002008"));
  EXPECT_EQ(i.opcode, Opcode::BARY_F);
  EXPECT_TRUE(i.has_flag(kFlagEi));
  EXPECT_EQ(i.repeat, 0);
  EXPECT_EQ(i.nop, 0);  // bary.f: SRC1_R is (r), never (nopN)
  EXPECT_EQ(i.dst.num, 8u);
  EXPECT_TRUE(i.dst.half);
  EXPECT_EQ(i.src[0].kind, OperandKind::kImmediate);
  EXPECT_EQ(i.src[0].imm, 8u);
  EXPECT_TRUE(i.src[0].r);
  EXPECT_FALSE(i.src[0].half);
  EXPECT_EQ(i.src[1].kind, OperandKind::kGpr);
  EXPECT_FALSE(i.src[1].half);
  EXPECT_EQ(i.info().latency, LatencyClass::kAlu);
}

TEST(VectorFields, AddSWithNop) {
  Instr i = *Decode(*ParseWord("42380c01_00040001"));
  EXPECT_EQ(i.opcode, Opcode::ADD_S);
  EXPECT_EQ(i.nop, 3);
  EXPECT_TRUE(i.has_flag(kFlagSat));
  EXPECT_FALSE(i.src[0].r);
  EXPECT_FALSE(i.src[1].r);
}

TEST(VectorFields, CmpsWithFloatLut) {
  Instr i = *Decode(*ParseWord("40a500f8_2c000004"));
  EXPECT_EQ(i.opcode, Opcode::CMPS_F);
  EXPECT_EQ(i.cond, Cond::kNe);
  EXPECT_EQ(i.dst.num, kRegP0X);
  EXPECT_FALSE(i.dst.half);
  EXPECT_EQ(i.src[1].kind, OperandKind::kFloatLut);
  EXPECT_EQ(i.src[1].num, 0);
  EXPECT_TRUE(i.src[1].half);
}

TEST(VectorFields, RelativeAndMova) {
  Instr mov = *Decode(*ParseWord("20174004_00000008"));
  EXPECT_EQ(mov.dst.kind, OperandKind::kRelGpr);
  EXPECT_EQ(mov.dst.offset, 4);
  EXPECT_EQ(mov.src_type, Type::kS32);
  Instr mova = *Decode(*ParseWord("201100f4_00000000"));
  EXPECT_EQ(mova.dst.num, kRegA0X);
  EXPECT_EQ(mova.src_type, Type::kS16);
  Instr ul = *Decode(*ParseWord("20156004_00000c11"));
  EXPECT_TRUE(ul.has_flag(kFlagUl));
  EXPECT_EQ(ul.src[0].kind, OperandKind::kRelConst);
  EXPECT_EQ(ul.src[0].offset, 17);
}

TEST(VectorFields, Memory) {
  Instr ldg = *Decode(*ParseWord("c0060006_0181800f"));
  EXPECT_EQ(ldg.mem_offset, 7);
  EXPECT_EQ(ldg.mem_size, 1u);
  EXPECT_EQ(ldg.type, Type::kU32);
  EXPECT_EQ(ldg.info().latency, LatencyClass::kMemGlobal);
  Instr stg = *Decode(*ParseWord("c0ca0505_03800042"));
  EXPECT_EQ(stg.mem_offset, 5);
  EXPECT_EQ(stg.src[0].num, 2u);  // address r0.z
  EXPECT_EQ(stg.src[1].num, 33u); // value r8.y
  EXPECT_FALSE(stg.dst.present());
  Instr ldl = *Decode(*ParseWord("c0460001_01804001"));
  EXPECT_EQ(ldl.info().latency, LatencyClass::kMemLocal);
}

TEST(VectorFields, Texture) {
  Instr sam = *Decode(*ParseWord("a0c00f00_04400002"));
  EXPECT_EQ(sam.samp, 2);
  EXPECT_EQ(sam.tex, 2);
  EXPECT_EQ(sam.wrmask, 0xf);
  EXPECT_EQ(sam.type, Type::kF16);
  EXPECT_TRUE(sam.dst.half);
  EXPECT_TRUE(sam.src[0].half);
  EXPECT_FALSE(sam.src[1].present());
  EXPECT_EQ(sam.info().latency, LatencyClass::kTex);
}

TEST(VectorFields, Branches) {
  Instr br = *Decode(*ParseWord("00900000_00000003"));
  EXPECT_EQ(br.branch, 3);
  EXPECT_TRUE(br.pred_inv);
  EXPECT_EQ(br.pred_comp, 0);
  EXPECT_EQ(br.info().latency, LatencyClass::kFlow);
  EXPECT_EQ(Decode(*ParseWord("03000000_00000000"))->info().latency, LatencyClass::kEnd);
  EXPECT_EQ(Decode(*ParseWord("00000200_00000000"))->info().latency, LatencyClass::kNop);
}

// The blob sequence as one program, with the hex prefix of DisassembleProgram.
TEST(Program, BlobSequenceRoundTrips) {
  std::vector<uint64_t> words;
  std::string expected;
  for (const EncodingVector& v : testing_util::BlobVectors()) {
    words.push_back(*ParseWord(v.hex));
    expected += std::string(v.hex) + "  " + v.text + "\n";
  }
  const std::string listing = DisassembleProgram(words, {.show_hex = true});
  EXPECT_EQ(listing, expected);
  AsmError error;
  auto back = AssembleToWords(listing, &error);
  ASSERT_TRUE(back) << error.ToString();
  EXPECT_EQ(*back, words);
}

}  // namespace
}  // namespace shaderdiff::a3xx
