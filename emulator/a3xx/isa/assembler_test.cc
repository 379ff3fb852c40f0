// The assembler and disassembler on hand-written text: program structure
// (labels, comments, hex prefixes), the syntax of every form, the canonical
// spelling of immediates, and errors reported with line:column.
#include <gtest/gtest.h>

#include <string>

#include "emulator/a3xx/isa/test_util.h"

namespace shaderdiff::a3xx {
namespace {

// Assembles one line and expects it to print back as `canonical`.
void ExpectCanonical(std::string_view text, std::string_view canonical) {
  std::string error;
  auto instr = AssembleInstr(text, &error);
  ASSERT_TRUE(instr) << text << ": " << error;
  EXPECT_EQ(Disassemble(*instr), canonical) << text;
  EXPECT_EQ(testing_util::CheckRoundTrip(*instr), std::nullopt);
}

void ExpectSame(std::string_view text) { ExpectCanonical(text, text); }

void ExpectAsmError(std::string_view text, uint32_t line, uint32_t column, std::string_view fragment) {
  AsmResult r = Assemble(text);
  ASSERT_FALSE(r.ok()) << "accepted:\n" << text;
  EXPECT_EQ(r.error->line, line) << r.error->ToString();
  EXPECT_EQ(r.error->column, column) << r.error->ToString();
  EXPECT_NE(r.error->message.find(fragment), std::string::npos) << r.error->ToString();
  EXPECT_TRUE(r.program.empty());
}

TEST(Syntax, EveryForm) {
  ExpectSame("nop");
  ExpectSame("(sy)(ss)(jp)(rpt7)nop");
  ExpectSame("(jp)end");
  ExpectSame("kill !p0.y");
  ExpectSame("(ss)kill p0.w");
  ExpectSame("jump #-3");
  ExpectSame("call #12");
  ExpectSame("(sy)(ss)ret");
  ExpectSame("br !p0.z, #-32768");
  ExpectSame("(rpt3)(ul)mov.f32f32 r0.x, (r)c<a0.x + -3>");
  ExpectSame("cov.f32u16 (even)hr2.w, r<a0.x>");
  ExpectSame("mova (neg_infinity)a0.x, hc3.y");
  ExpectSame("mov.u16u16 ha0.x, hr0.x");  // not the mova alias: type u16
  ExpectSame("mov.s16s16 hr<a0.x + 255>, hr1.x");
  ExpectSame("(ss)(sat)(rpt2)(ul)mad.f32 r0.x, (neg)(r)c<a0.x + 5>, (neg)r1.x, (r)r<a0.x + -512>");
  ExpectSame("(nop2) sel.b16 r0.x, hr1.x, hr2.x, hc3.x");
  ExpectSame("(sat)sign.f hr0.x, (absneg)r1.y");
  ExpectSame("absneg.s r0.x, (abs)h(-7)");
  ExpectSame("not.b p0.x, (neg)hr2.z");
  ExpectSame("cmps.u.ge p0.w, r1.x, -1024");
  ExpectSame("cmpv.s.eq r0.x, c511.w, 1023");
  ExpectSame("bary.f (ei)r63.x, 0, r0.x");
  ExpectSame("(rpt1)rsq hr0.x, (abs)(r)hr<a0.x + 8>");
  ExpectSame("hexp2 r0.x, (neg)r1.x");
  ExpectSame("(sy)(jp)sam.3d.a.o.p.s (u32)(xz)r2.x, r0.z, r1.x, s#15, t#127");
  ExpectSame("isaml (s8)()hr2.x, r0.z, r1.x, s#0, t#0");
  ExpectSame("sam.s2en (f32)(xyzw)r0.x, hr0.y, hr4.x");
  ExpectSame("samb.o.s2en (f16)(w)hr0.x, r0.z, r0.x, hr1.w");
  ExpectSame("getsize (u32)(xyzw)r0.x, r1.x, t#3");
  ExpectSame("getinfo (u32)(xyzw)r0.x, t#3");
  ExpectSame("dsxpp.1 (f32)(x)r0.x, r1.x");
  ExpectSame("rgetinfo (u32)(xy)r0.x");
  ExpectSame("(sy)ldg.f16 hr1.z, g[r1.z-4096], 7");
  ExpectSame("stg.u8 g[r0.z+4095], hr8.y, 0");
  ExpectSame("ldp.s32 r0.x, p[r1.y-1], 255");
  ExpectSame("ldlw.u16 hr0.x, l[r0.y+12], 2");
  ExpectSame("stp.f32 p[r0.z+4], r1.x, 1");
  ExpectSame("stlw.u32 l[r0.z], r1.x, 4");
  ExpectSame("ldlv.f32 r0.x, l[8191], 4");
  ExpectSame("atomic.cmpxchg.typed.4d.s32.4.l r0.x, l[r0.y], r0.z");
  ExpectSame("(jp)atomic.inc.untyped.1d.u32.1.l r0.x, l[255], 1");
}

TEST(Syntax, FloatLutNames) {
  const char* names[] = {"0.0", "0.5", "1.0", "2.0", "e", "pi", "1/pi", "1/log2(e)", "log2(e)", "1/log2(10)",
                         "log2(10)", "4.0"};
  for (const char* name : names) {
    ExpectSame("add.f r0.x, r0.y, (" + std::string(name) + ")");
    ExpectSame("mul.f hr0.x, hr0.y, (neg)h(" + std::string(name) + ")");
  }
}

TEST(Syntax, Cat1ImmediatesAreLossless) {
  ExpectSame("mov.f32f32 r0.x, (1.000000)");
  ExpectSame("mov.f32f32 r0.x, (-0.000000)");
  ExpectSame("mov.f32f32 r0.x, (0.100000)");
  ExpectCanonical("mov.f32f32 r0.x, (1e-10)", "mov.f32f32 r0.x, (1e-10)");
  ExpectCanonical("mov.f32f32 r0.x, (3.4028234663852886e38)",
                  "mov.f32f32 r0.x, (340282346638528859811704183484516925440.000000)");
  ExpectSame("mov.f32f32 r0.x, (inf)");
  ExpectCanonical("mov.f32f32 r0.x, 0x7fc00001", "mov.f32f32 r0.x, 0x7fc00001");  // NaN payload kept
  ExpectCanonical("mov.f32f32 r0.x, 0x3f800000", "mov.f32f32 r0.x, (1.000000)");
  ExpectSame("mov.f16f16 hr0.x, h(0.500000)");
  ExpectCanonical("mov.f16f16 hr0.x, h(0.1)", "mov.f16f16 hr0.x, h(0.099976)");
  ExpectCanonical("mov.f16f16 hr0.x, h(5.96046448e-08)", "mov.f16f16 hr0.x, h(5.9604645e-08)");  // 2^-24
  ExpectCanonical("mov.f16f16 hr0.x, 0x13c00", "mov.f16f16 hr0.x, 0x13c00");  // upper bits set
  ExpectSame("mov.s32s32 r0.x, -5");
  ExpectSame("mov.s16s16 hr0.x, -32768");
  ExpectSame("mov.u32u32 r0.x, 4096");
  ExpectCanonical("mov.u32u32 r0.x, 4097", "mov.u32u32 r0.x, 0x1001");
  ExpectCanonical("mov.u32u32 r0.x, -1", "mov.u32u32 r0.x, 0xffffffff");
  ExpectSame("mov.u8u8 hr0.x, (r)255");
}

TEST(Syntax, AliasesAndLeniency) {
  ExpectCanonical("mov.f32s32 r0.x, r1.x", "cov.f32s32 r0.x, r1.x");
  ExpectCanonical("cov.f32f32 r0.x, r1.x", "mov.f32f32 r0.x, r1.x");
  ExpectCanonical("mov.s16s16 ha0.x, hr1.x", "mova a0.x, hr1.x");
  ExpectCanonical("add.f   r0.x ,r0.y,   r0.z", "add.f r0.x, r0.y, r0.z");
}

TEST(Program, CommentsLabelsAndHex) {
  const std::string text =
      "; a comment line\n"
      "# another\n"
      "\n"
      "start:\n"
      "  (sy)(ss)mov.f32f32 r0.x, c0.x   ; trailing comment\n"
      "loop: add.f r0.x, r0.x, (1.0)     # hash comment\n"
      "  cmps.f.lt p0.x, r0.x, c0.y\r\n"
      "  (rpt5)nop\n"
      "  br p0.x, #loop\n"
      "  br !p0.x, #done\n"
      "  jump #start\n"
      "done:\n"
      "03000000_00000000  end\n";
  AsmResult r = Assemble(text);
  ASSERT_TRUE(r.ok()) << r.error->ToString();
  ASSERT_EQ(r.program.size(), 8u);
  EXPECT_EQ(r.program[4].branch, -3);  // br p0.x, #loop
  EXPECT_EQ(r.program[5].branch, 2);   // br !p0.x, #done
  EXPECT_EQ(r.program[6].branch, -6);  // jump #start
  EXPECT_EQ(r.program[7].opcode, Opcode::END);
  // The listing of the encoded program assembles back to the same words.
  std::vector<uint64_t> words;
  for (const Instr& i : r.program) words.push_back(*Encode(i));
  const std::string listing = DisassembleProgram(words, {.show_hex = true});
  EXPECT_EQ(*AssembleToWords(listing), words);
  EXPECT_EQ(DisassembleProgram({words[4]}), "br p0.x, #-3\n");
}

TEST(Program, InvalidWordsBecomeComments) {
  const std::string listing = DisassembleProgram({0xe000000000000000ull, 0x0300000000000000ull});
  EXPECT_EQ(listing, "; invalid: category 7 (bar/fence/sleep/... on a6xx+) is not valid on a3xx\nend\n");
  EXPECT_EQ(Assemble(listing).program.size(), 1u);
}

TEST(Errors, LineAndColumn) {
  ExpectAsmError("foo r0.x", 1, 1, "unknown instruction 'foo'");
  ExpectAsmError("nop\nend\n  bogus.f r0.x", 3, 3, "unknown instruction 'bogus.f'");
  ExpectAsmError("add.f r0.x, r1.x", 1, 17, "expected ','");
  ExpectAsmError("add.f r64.x, r0.x, r0.y", 1, 7, "register r64 out of range (r0..r63)");
  ExpectAsmError("add.f r0.x, c512.x, r0.y", 1, 13, "const c512 out of range");
  ExpectAsmError("mad.f32 r0.x, r1.x, c0.x, r2.x", 1, 21, "const not allowed here (allowed: gpr)");
  ExpectAsmError("rcp r0.x, c0.x", 1, 11, "const not allowed here");
  ExpectAsmError("add.f r0.x, r0.y, 5", 1, 19, "immediate not allowed here");
  ExpectAsmError("add.u r0.x, r0.y, (pi)", 1, 19, "immediates are not allowed here");
  ExpectAsmError("(ss)sam (f32)(xyzw)r0.x, r0.x, s#0, t#0", 1, 1, "sam does not accept (ss)");
  ExpectAsmError("(rpt1)end", 1, 1, "end does not accept (rptN)");
  ExpectAsmError("(nop1) bary.f hr0.x, 0, r0.x", 1, 1, "bary.f does not accept (nopN)");
  ExpectAsmError("add.f (ei)r0.x, r0.y, r0.z", 1, 7, "add.f does not accept (ei)");
  ExpectAsmError("cmps.f.xx p0.x, r0.x, r0.y", 1, 8, "expected a condition");
  ExpectAsmError("end r0.x", 1, 5, "unexpected text after the instruction");
  ExpectAsmError("sam.q (f32)(xyzw)r0.x, r0.x, s#0, t#0", 1, 4, "unknown texture flag");
  ExpectAsmError("dsx.s2en (f32)(x)r0.x, r0.x", 1, 4, "dsx does not accept .s2en");
  ExpectAsmError("g2l", 1, 1, "g2l is not supported");
  ExpectAsmError("mov.f32f32 r0.x, h(1.0)", 1, 18, "h(float) immediates need source type f16");
  ExpectAsmError("mov.f32x32 r0.x, r0.y", 1, 8, "expected a type");
  ExpectAsmError("add.f r0.x, (r)r0.y, r0.z", 1, 1, "needs (rptN)");  // semantic: at the instruction
  ExpectAsmError("add.f r0.x, c0.x, c1.x", 1, 1, "at most 1 const source");
  ExpectAsmError("(rpt4)add.f r0.x, r0.y, r0.z", 1, 1, "(rpt4) out of range");
  ExpectAsmError("add.u r0.x, r0.y, 1024", 1, 1, "immediate 1024 out of range");
  ExpectAsmError("jump #40000", 1, 1, "branch offset 40000 out of range");
  ExpectAsmError("sam (f32)(xyzw)r0.x, r0.x, s#0, t#300", 1, 35, "index out of range");
  ExpectAsmError("(abs)(neg)add.f r0.x, r0.y, r0.z", 1, 1, "expected an instruction");
  ExpectAsmError("nop\n  br p0.x, #nowhere\n", 2, 13, "undefined label 'nowhere'");
  ExpectAsmError("a:\na: nop", 2, 1, "duplicate label 'a'");
  std::string far = "x: nop\n";
  for (int i = 0; i < 32768; ++i) far += "nop\n";
  ExpectAsmError(far + "jump #x", 32770, 7, "branch offset -32769 out of range");
}

}  // namespace
}  // namespace shaderdiff::a3xx
