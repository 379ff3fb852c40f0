// Error paths: words the decoder must reject (and why), instructions the
// encoder must refuse because the table forbids them, and don't-care bits
// the decoder must ignore.
#include <gtest/gtest.h>

#include <string>

#include "emulator/a3xx/isa/test_util.h"

namespace shaderdiff::a3xx {
namespace {

constexpr uint64_t Bit(int n) { return 1ull << n; }
constexpr uint64_t Cat(int c) { return static_cast<uint64_t>(c) << 61; }

uint64_t Word(std::string_view hex) { return *ParseWord(hex); }

void ExpectDecodeError(uint64_t word, std::string_view fragment) {
  std::string error;
  auto instr = Decode(word, &error);
  EXPECT_FALSE(instr) << FormatWord(word) << " decoded as " << Disassemble(*instr);
  EXPECT_NE(error.find(fragment), std::string::npos) << FormatWord(word) << ": " << error;
}

void ExpectEncodeError(const Instr& instr, std::string_view fragment) {
  std::string error;
  auto word = Encode(instr, &error);
  EXPECT_FALSE(word) << DebugString(instr) << " encoded as " << FormatWord(*word);
  EXPECT_NE(error.find(fragment), std::string::npos) << error;
  EXPECT_EQ(Validate(instr), std::optional<std::string>(error));
}

// ---- invalid words ---------------------------------------------------------

TEST(DecodeErrors, Category7) { ExpectDecodeError(Cat(7), "category 7"); }

TEST(DecodeErrors, UnknownOpcodes) {
  ExpectDecodeError(Cat(2) | (8ull << 53), "unknown cat2 opcode 8");
  ExpectDecodeError(Cat(2) | (40ull << 53), "unknown cat2 opcode 40");
  ExpectDecodeError(Cat(1) | (2ull << 57), "unknown cat1 opcode 2");      // swz/gat/sct (a5xx+)
  ExpectDecodeError(Cat(0) | (12ull << 55), "unknown cat0 opcode 12");
  ExpectDecodeError(Cat(4) | (7ull << 53) | Bit(52), "unknown cat4 opcode 7");
  ExpectDecodeError(Cat(6) | (12ull << 54), "unknown cat6 opcode 12");
}

TEST(DecodeErrors, UnsupportedCat6Forms) {
  ExpectDecodeError(Cat(6) | (7ull << 54), "g2l: not supported");
  ExpectDecodeError(Cat(6) | (30ull << 54), "ldc: not supported");
  // A local atomic with G set is the a4xx+ global/SSBO form.
  const uint64_t atomic = *Encode(*AssembleInstr("atomic.add.untyped.1d.u32.1.l r0.x, l[r0.y], r0.z"));
  ExpectDecodeError(atomic | Bit(52), "global/SSBO");
}

TEST(DecodeErrors, FixedPatterns) {
  const uint64_t ldg = Word("c0060006_0181800f");
  ExpectDecodeError(ldg & ~Bit(0), "ldg: SRC_OFF (bit 0) must be 1");
  ExpectDecodeError(ldg & ~Bit(23), "ldg: B23 (bit 23) must be 1");
  const uint64_t stp = *Encode(*AssembleInstr("stp.u32 p[r0.z+4], r1.x, 1"));
  ExpectDecodeError(stp | Bit(0), "stp");
  EXPECT_TRUE(Decode(Word("c1060500_01800008") | Bit(0)));  // stl: bit 0 is don't-care
}

TEST(DecodeErrors, LaterGenerationBitsMustBeZero) {
  const uint64_t br = Word("00800000_00000004");
  ExpectDecodeError(br | Bit(37), "BRTYPE");
  ExpectDecodeError(br | Bit(33), "INDEX");
  ExpectDecodeError(br | Bit(48), "EQ");
  ExpectDecodeError(Word("03000000_00000000") | Bit(49), "OPC_HI");
  ExpectDecodeError(Word("20244000_00000020") | Bit(42), "BIT42");
  ExpectDecodeError(Word("63820005_10315030") | Bit(13), "ALT");
  ExpectDecodeError(Word("a0c00f00_04400002") | Bit(19), "BASE_HI");
  ExpectDecodeError(Word("a0c00f00_04400002") | Bit(47), "BASE_LO");
}

TEST(DecodeErrors, FlagsTheOpcodeDoesNotAccept) {
  const uint64_t add_f = *Encode(*AssembleInstr("add.f r0.x, r0.y, r0.z"));
  ExpectDecodeError(add_f | Bit(47), "add.f: does not accept (ei)");
  ExpectDecodeError(add_f | (3ull << 48), "field COND");
  const uint64_t add_u = *Encode(*AssembleInstr("add.u r0.x, r0.y, r0.z"));
  ExpectDecodeError(add_u | Bit(14), "add.u: does not accept (neg) on source 1");
  ExpectDecodeError(add_u | Bit(31), "add.u: does not accept (abs) on source 2");
  ExpectDecodeError(Word("03000000_00000000") | (2ull << 40), "end: does not accept (rptN)");
  ExpectDecodeError(Word("03000000_00000000") | 5, "field IMMED");  // end has no branch offset
  // (r) without (rptN) is meaningful on cat4 (no (nopN) there): it decodes.
  EXPECT_TRUE(Decode(Word("8010000a_00000003") | Bit(43)));
}

TEST(DecodeErrors, InvalidOperandForms) {
  const uint64_t add_f = *Encode(*AssembleInstr("add.f r0.x, r0.y, r0.z"));
  ExpectDecodeError(add_f | Bit(13) | Bit(12), "invalid multisrc operand encoding");
  ExpectDecodeError(add_f | Bit(9), "invalid multisrc operand encoding");  // GPR with bit 9 set
  const uint64_t mad = Word("63820005_10315030");
  ExpectDecodeError(mad | Bit(11) | Bit(12), "invalid cat3 src operand encoding");
  const uint64_t mov = Word("20244000_00000020");  // const form
  ExpectDecodeError(mov | (3ull << 53), "invalid cat1 src operand encoding");
  ExpectDecodeError(mov | Bit(20), "invalid cat1 src operand encoding");  // stray bits above the const
}

TEST(DecodeErrors, OperandsTheTableForbids) {
  // cat4 with the const bit: decodes as a const, which cat4 refuses.
  ExpectDecodeError(Word("8010000a_00000003") | Bit(12), "rcp: source 1 cannot be a const");
  // cat2 with two const sources.
  ExpectDecodeError(*Encode(*AssembleInstr("add.f r0.x, c0.y, r0.z")) | Bit(28), "at most 1 const");
  // Float-LUT immediate on an integer op, integer immediate on a float op.
  ExpectDecodeError(*Encode(*AssembleInstr("add.u r0.x, r0.y, 5")) | Bit(27), "float-LUT");
  ExpectDecodeError(*Encode(*AssembleInstr("add.f r0.x, r0.y, (1.0)")) & ~Bit(27), "immediate");
  // Float-LUT index 12 has no known value.
  ExpectDecodeError(*Encode(*AssembleInstr("add.f r0.x, r0.y, (4.0)")) + (1ull << 16), "float-LUT index 12");
  // Invalid compare condition.
  ExpectDecodeError(Word("40a500f8_2c000004") | (7ull << 48), "invalid compare condition 7");
  // cat5 sources that the opcode does not have.
  ExpectDecodeError(Word("a0c00f00_04400002") | (5ull << 9), "field SRC2");
  ExpectDecodeError(Word("a0c00f00_04400002") | (1ull << 51) | (1ull << 29), "DESC_MODE");
}

TEST(DecodeErrors, DontCareBitsAreIgnored) {
  // cat2 1-src ops ignore SRC2; cat4 ignores [31:16] and [51:47]; cat0 [31:16].
  Instr sign = *AssembleInstr("sign.f r0.x, r0.y");
  const uint64_t w = *Encode(sign);
  EXPECT_EQ(Decode(w | (0x1234ull << 16)), sign);
  EXPECT_EQ(Decode(Word("8010000a_00000003") | (0xabcdull << 16) | (0x1full << 47)),
            AssembleInstr("rcp r2.z, r0.w"));
  // A newer ir3 sign-extends branch offsets into [31:16].
  EXPECT_EQ(Decode((2ull << 55) | 0xfffffffdull)->branch, -3);
  // Multisrc const: bit 11 is don't-care.
  EXPECT_EQ(Decode(*Encode(*AssembleInstr("add.f r0.x, c1.x, r0.z")) | Bit(11)),
            AssembleInstr("add.f r0.x, c1.x, r0.z"));
}

// ---- instructions the table forbids -----------------------------------------

Instr Asm(std::string_view text) {
  std::string error;
  auto instr = AssembleInstr(text, &error);
  EXPECT_TRUE(instr) << text << ": " << error;
  return instr.value_or(Instr{});
}

TEST(EncodeErrors, ConstInCat3Src2) {
  Instr mad = Asm("mad.f32 r0.x, r1.x, r2.x, r3.x");
  mad.src[1] = {.kind = OperandKind::kConst, .num = 4};
  ExpectEncodeError(mad, "mad.f32: source 2 cannot be a const (allowed: gpr)");
  mad.src[1] = {.kind = OperandKind::kRelGpr, .offset = 1};
  ExpectEncodeError(mad, "source 2 cannot be a relative gpr");
}

TEST(EncodeErrors, Cat4Const) {
  Instr rcp = Asm("rcp r0.x, r1.x");
  rcp.src[0] = {.kind = OperandKind::kConst, .num = 4};
  ExpectEncodeError(rcp, "rcp: source 1 cannot be a const");
  rcp.src[0] = {.kind = OperandKind::kImmediate, .imm = 1};
  ExpectEncodeError(rcp, "cannot be an immediate");
}

TEST(EncodeErrors, RelativeDestinationOutsideCat1) {
  Instr add = Asm("add.f r0.x, r1.x, r2.x");
  add.dst = {.kind = OperandKind::kRelGpr, .offset = 4};
  ExpectEncodeError(add, "destination cannot be a relative gpr");
  Instr mov = Asm("mov.f32f32 r<a0.x + 4>, r2.x");  // fine in cat1
  EXPECT_EQ(Validate(mov), std::nullopt);
  mov.dst.offset = 256;
  ExpectEncodeError(mov, "relative offset 256 out of range (0..255)");
  mov.dst.offset = -1;
  ExpectEncodeError(mov, "relative offset -1 out of range (0..255)");
}

TEST(EncodeErrors, RegisterAndConstRanges) {
  Instr add = Asm("add.f r0.x, r1.x, r2.x");
  add.src[0].num = 256;
  ExpectEncodeError(add, "r64.x out of range (r0..r63)");
  add = Asm("add.f r0.x, r1.x, r2.x");
  add.dst.num = 300;
  ExpectEncodeError(add, "out of range (r0..r63)");
  add = Asm("add.f r0.x, c1.x, r2.x");
  add.src[0].num = 2048;
  ExpectEncodeError(add, "c512 out of range (c0..c511)");
}

TEST(EncodeErrors, ImmediateAndOffsetRanges) {
  Instr add = Asm("add.u r0.x, r1.x, 5");
  add.src[1].imm = 1024;
  ExpectEncodeError(add, "immediate 1024 out of range (-1024..1023)");
  add.src[1].imm = static_cast<uint32_t>(-1025);
  ExpectEncodeError(add, "immediate -1025 out of range");
  Instr rel = Asm("add.f r0.x, r<a0.x + 1>, r2.x");
  rel.src[0].offset = 512;
  ExpectEncodeError(rel, "relative offset 512 out of range (-512..511)");
  Instr ldg = Asm("ldg.u32 r1.z, g[r1.z+7], 1");
  ldg.mem_offset = 4096;
  ExpectEncodeError(ldg, "offset 4096 out of range (13-bit signed)");
  ldg.mem_offset = 0;
  ldg.mem_size = 8;
  ExpectEncodeError(ldg, "SIZE value 8 does not fit in 3 bits");
  Instr ldlv = Asm("ldlv.u32 r0.x, l[3], 4");
  ldlv.mem_offset = -1;
  ExpectEncodeError(ldlv, "varying offset -1 out of range");
  Instr atomic = Asm("atomic.add.untyped.1d.u32.1.l r0.x, l[r0.y], 7");
  atomic.src[1].imm = 256;
  ExpectEncodeError(atomic, "immediate 256 out of range (0..255)");
  atomic.src[1].imm = 7;
  atomic.dims = 5;
  ExpectEncodeError(atomic, "dimension count 5 out of range (1..4)");
}

TEST(EncodeErrors, BranchOffsetOutOf16Bits) {
  Instr br = Asm("br p0.x, #4");
  br.branch = 32768;
  ExpectEncodeError(br, "branch offset 32768 out of range (a3xx: 16-bit signed)");
  br.branch = -32769;
  ExpectEncodeError(br, "branch offset -32769 out of range");
  br.branch = -32768;
  EXPECT_EQ(Validate(br), std::nullopt);
}

TEST(EncodeErrors, FlagsAndRepeats) {
  Instr add = Asm("add.f r0.x, r1.x, r2.x");
  add.flags |= kFlagEi;
  ExpectEncodeError(add, "add.f: does not accept (ei)");
  add = Asm("add.f r0.x, r1.x, r2.x");
  add.repeat = 4;
  ExpectEncodeError(add, "(rpt4) out of range (max (rpt3))");
  add.repeat = 1;
  add.nop = 1;
  ExpectEncodeError(add, "(nopN) cannot be combined with (rptN)");
  add = Asm("add.f r0.x, r1.x, r2.x");
  add.src[0].r = true;
  ExpectEncodeError(add, "needs (rptN)");
  Instr bary = Asm("bary.f (ei)hr2.x, (r)8, r0.x");  // bary.f: (r) without repeat is fine
  EXPECT_EQ(Validate(bary), std::nullopt);
  bary.nop = 1;
  ExpectEncodeError(bary, "bary.f: does not accept (nopN)");
  Instr end = Asm("end");
  end.repeat = 1;
  ExpectEncodeError(end, "end: does not take (rptN)");
  Instr sam = Asm("sam (f32)(xyzw)r0.x, r0.y, s#1, t#2");
  sam.flags |= kFlagSs;
  ExpectEncodeError(sam, "sam: does not accept (ss)");
}

TEST(EncodeErrors, ModifiersAndPrecision) {
  Instr add = Asm("add.u r0.x, r1.x, r2.x");
  add.src[0].neg = true;
  ExpectEncodeError(add, "add.u: does not accept (neg) on source 1");
  Instr mad = Asm("mad.u24 r0.x, r1.x, r2.x, r3.x");
  mad.src[2].abs = true;
  ExpectEncodeError(mad, "does not accept (abs)");
  Instr mixed = Asm("add.f r0.x, r1.x, r2.x");
  mixed.src[1].half = true;
  ExpectEncodeError(mixed, "source 2 must be full");
  Instr cmp = Asm("cmps.f.lt p0.x, r1.x, r2.x");
  cmp.dst.half = true;
  ExpectEncodeError(cmp, "p0/r63 destinations are never half");
  Instr cov = Asm("cov.f32f16 hr0.x, r1.x");
  cov.dst.half = false;
  ExpectEncodeError(cov, "destination must be half (destination type)");
  Instr mad16 = Asm("mad.f16 hr0.x, hr1.x, hr2.x, hr3.x");
  mad16.src[0].half = false;
  ExpectEncodeError(mad16, "source 1 must be half (fixed by the opcode)");
}

TEST(EncodeErrors, MembersTheOpcodeDoesNotUse) {
  Instr add = Asm("add.f r0.x, r1.x, r2.x");
  add.cond = Cond::kNe;
  ExpectEncodeError(add, "add.f: does not take a condition");
  add = Asm("add.f r0.x, r1.x, r2.x");
  add.samp = 3;
  ExpectEncodeError(add, "does not take a sampler index");
  Instr sam = Asm("sam.s2en (f32)(xyzw)r0.x, r0.y, hr1.x");
  sam.samp = 1;
  ExpectEncodeError(sam, "sam: does not take a sampler index");
  Instr dsx = Asm("dsx (f32)(xyzw)r0.x, r0.y");
  dsx.tex_flags = kTexS2en;
  ExpectEncodeError(dsx, "dsx: does not accept .s2en");
  Instr nop = Asm("nop");
  nop.branch = 2;
  ExpectEncodeError(nop, "nop: does not take a branch offset");
  Instr end = Asm("end");
  end.src[0] = {.kind = OperandKind::kGpr};
  ExpectEncodeError(end, "end: takes no source 1");
  Instr ldg = Asm("ldg.u32 r1.z, g[r1.z+7], 1");
  ldg.dims = 2;
  ExpectEncodeError(ldg, "ldg: does not take a dimension count");
  Instr missing = Asm("add.f r0.x, r1.x, r2.x");
  missing.src[1] = {};
  ExpectEncodeError(missing, "add.f: missing source 2");
  Instr stray = Asm("add.f r0.x, r1.x, r2.x");
  stray.src[0].offset = 3;
  ExpectEncodeError(stray, "register operand with an offset");
}

TEST(EncodeErrors, OperandShorthands) {
  Instr mad;
  mad.opcode = Opcode::MAD_F32;
  mad.dst = GprOperand(RegNum(1, 1));
  mad.src = {ConstOperand(RegNum(12, 0)), GprOperand(RegNum(1, 0)), ConstOperand(RegNum(12, 1))};
  mad.src[0].neg = true;
  EXPECT_EQ(FormatWord(*Encode(mad)), "63820005_10315030");
  mad.src[1] = ConstOperand(4);
  ExpectEncodeError(mad, "source 2 cannot be a const");
  Instr add;
  add.opcode = Opcode::ADD_F;
  add.dst = GprOperand(RegNum(0, 2), /*half=*/true);
  add.src = {GprOperand(RegNum(0, 1)), RelConstOperand(33), Operand{}};
  EXPECT_EQ(FormatWord(*Encode(add)), "40104002_0c210001");
  add.src[1] = FloatLutOperand(5);
  EXPECT_EQ(Disassemble(add), "add.f hr0.z, r0.y, (pi)");
  add.src[1] = ImmOperand(1);
  ExpectEncodeError(add, "source 2 cannot be an immediate");
}

TEST(EncodeErrors, UnsupportedOpcodes) {
  Instr g2l;
  g2l.opcode = Opcode::G2L;
  ExpectEncodeError(g2l, "g2l: not supported by this library");
}

}  // namespace
}  // namespace shaderdiff::a3xx
