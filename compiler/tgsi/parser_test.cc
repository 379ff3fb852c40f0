// ParseShader: the accept/reject table of docs/tgsi.md 1.10, error positions,
// every opcode's operand count, immediates and declaration forms.
#include "compiler/tgsi/parser.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <string>

#include "compiler/tgsi/opcode.h"

namespace shaderdiff::tgsi {
namespace {

Shader ParseOk(std::string_view text) {
  ParseResult result = ParseShader(text);
  EXPECT_TRUE(result.ok()) << (result.error ? result.error->ToString("<text>") : "") << "\n" << text;
  return std::move(result.shader);
}

ParseError ParseFails(std::string_view text) {
  ParseResult result = ParseShader(text);
  EXPECT_FALSE(result.ok()) << "unexpectedly accepted:\n" << text;
  return result.error.value_or(ParseError{});
}

// Error at (line, column) whose message contains `fragment`.
void ExpectError(std::string_view text, uint32_t line, uint32_t column, std::string_view fragment) {
  ParseError e = ParseFails(text);
  EXPECT_EQ(e.location.line, line) << e.message;
  EXPECT_EQ(e.location.column, column) << e.message;
  EXPECT_NE(e.message.find(fragment), std::string::npos) << e.message;
}

Instruction OnlyInstruction(std::string_view text) {
  Shader s = ParseOk(text);
  EXPECT_EQ(s.instructions.size(), 1u);
  return s.instructions.empty() ? Instruction{} : s.instructions[0];
}

Declaration OnlyDeclaration(std::string_view text) {
  Shader s = ParseOk(text);
  EXPECT_EQ(s.declarations.size(), 1u);
  return s.declarations.empty() ? Declaration{} : s.declarations[0];
}

// ---- docs/tgsi.md 1.10 ------------------------------------------------------

TEST(ParserTable, AbsNegateSwizzleMask) {
  Instruction i = OnlyInstruction("FRAG\nMOV TEMP[0].xz, -|IN[0].wzyx|");
  EXPECT_EQ(i.opcode, Opcode::MOV);
  EXPECT_EQ(i.dst[0].write_mask, 0x5);
  EXPECT_TRUE(i.src[0].negate);
  EXPECT_TRUE(i.src[0].absolute);
  EXPECT_EQ(i.src[0].reg.file, File::kInput);
  EXPECT_EQ(i.src[0].swizzle, (std::array<uint8_t, 4>{3, 2, 1, 0}));
}

TEST(ParserTable, LowerCaseWithLabel) {
  Instruction i = OnlyInstruction("FRAG\n  12 :  mov_sat out[0].xyw, -temp[0].wzyx");
  EXPECT_EQ(i.opcode, Opcode::MOV);
  EXPECT_TRUE(i.saturate);
  EXPECT_FALSE(i.precise);
  EXPECT_EQ(i.dst[0].reg.file, File::kOutput);
  EXPECT_EQ(i.dst[0].write_mask, 0xB);
  EXPECT_EQ(i.location.line, 2u);
  EXPECT_EQ(i.location.column, 9u);
}

TEST(ParserTable, IndirectWithSpaces) {
  Instruction i = OnlyInstruction("FRAG\nMOV TEMP[0], TEMP[ ADDR[0] . y +2 ]");
  const Bracket& b = i.src[0].reg.index;
  ASSERT_TRUE(b.indirect.has_value());
  EXPECT_EQ(b.indirect->file, File::kAddress);
  EXPECT_EQ(b.indirect->index, 0u);
  EXPECT_EQ(b.indirect->component, 1);
  EXPECT_EQ(b.offset, 2);
}

TEST(ParserTable, IndirectDefaultsToXAndNegativeOffset) {
  Instruction i = OnlyInstruction("FRAG\nMOV OUT[0], TEMP[ADDR[0]-1]");
  const Bracket& b = i.src[0].reg.index;
  ASSERT_TRUE(b.indirect.has_value());
  EXPECT_EQ(b.indirect->component, 0);
  EXPECT_EQ(b.offset, -1);
}

TEST(ParserTable, TwoDimensionalIndirect) {
  Instruction i = OnlyInstruction("FRAG\nMOV TEMP[ADDR[0].x](1), CONST[ADDR[0].y][2]");
  EXPECT_FALSE(i.dst[0].reg.dimension.has_value());
  ASSERT_TRUE(i.dst[0].reg.index.indirect.has_value());
  EXPECT_EQ(i.dst[0].reg.index.array_id, 1u);
  const Register& src = i.src[0].reg;
  ASSERT_TRUE(src.dimension.has_value());
  ASSERT_TRUE(src.dimension->indirect.has_value());
  EXPECT_EQ(src.dimension->indirect->component, 1);
  EXPECT_FALSE(src.index.indirect.has_value());
  EXPECT_EQ(src.index.index, 2u);
}

TEST(ParserTable, SuffixOrder) {
  Instruction i = OnlyInstruction("FRAG\nMUL_SAT_PRECISE TEMP[0], TEMP[1], TEMP[2]");
  EXPECT_EQ(i.opcode, Opcode::MUL);
  EXPECT_TRUE(i.saturate);
  EXPECT_TRUE(i.precise);
  i = OnlyInstruction("FRAG\nMUL_PRECISE TEMP[0], TEMP[1], TEMP[2]");
  EXPECT_FALSE(i.saturate);
  EXPECT_TRUE(i.precise);
  ExpectError("FRAG\nMUL_PRECISE_SAT TEMP[0], TEMP[1], TEMP[2]", 2, 1, "unknown opcode 'MUL_PRECISE_SAT'");
}

TEST(ParserTable, SwizzleNeedsFourLetters) {
  ExpectError("FRAG\nMOV OUT[0], IN[0].x", 2, 19, "swizzle needs exactly four components");
  ExpectError("FRAG\nMOV OUT[0], IN[0].xyzwx", 2, 19, "swizzle needs exactly four components");
}

TEST(ParserTable, MaskOrder) { ExpectError("FRAG\nMOV TEMP[0].zx, IN[0]", 2, 14, "xyzw order"); }

TEST(ParserTable, AbsOfNegateRejected) { ExpectError("FRAG\nMOV TEMP[0], |-IN[0]|", 2, 15, "negation must come before"); }

TEST(ParserTable, SpaceAfterOffsetSignRejected) {
  ExpectError("FRAG\nMOV TEMP[0], TEMP[ADDR[0].x + 2]", 2, 30, "no space allowed");
}

TEST(ParserTable, WhitespaceRequiredAfterMnemonic) {
  ExpectError("FRAG\nMOV,OUT[0], OUT[0]", 2, 4, "expected whitespace after 'MOV'");
}

TEST(ParserTable, CrLfRejectedAtFirstCr) {
  ExpectError("FRAG\r\nDCL OUT[0], COLOR\r\nEND\r\n", 1, 5, "carriage return");
  ExpectError("FRAG\nDCL OUT[0], COLOR\r\n", 2, 18, "carriage return");
}

TEST(ParserTable, NoComments) {
  ExpectError("FRAG\n; comment\nEND", 2, 1, "expected DCL, IMM, PROPERTY or an instruction");
  ExpectError("FRAG\n# comment\nEND", 2, 1, "found '#'");
  ExpectError("FRAG\n// comment\nEND", 2, 1, "found '/'");
}

TEST(ParserTable, VertexInputTakesNoSemantic) {
  ExpectError("VERT\nDCL IN[0], POSITION", 2, 10, "vertex shader inputs take nothing");
  Declaration d = OnlyDeclaration("VERT\nDCL IN[0..3], ARRAY(2)");
  EXPECT_EQ(d.array_id, 2u);
  // The same declaration is fine outside a vertex shader.
  d = OnlyDeclaration("FRAG\nDCL IN[0], POSITION");
  ASSERT_TRUE(d.semantic.has_value());
  EXPECT_EQ(d.semantic->name, Semantic::kPosition);
}

TEST(ParserTable, UnknownDeclarationAttribute) {
  ExpectError("FRAG\nDCL IN[0], GENERIC[0], FOO", 2, 24,
              "expected semantic, interpolation mode, location or INVARIANT");
}

TEST(ParserTable, MesaSegfaultRowIsACleanError) {
  ExpectError("FRAG\nDCL IN[0], PERSPECTIVE", 2, 12, "expected semantic name");
  ExpectError("FRAG\nDCL OUT[0], INVARIANT", 2, 13, "expected semantic name");
  ExpectError("FRAG\nDCL TEMP[0], LOCAL, CENTROID", 2, 21, "expected semantic name");
}

TEST(ParserTable, ImmediatesMustBeSorted) {
  ExpectError("FRAG\nIMM[1] FLT32 {0, 0, 0, 0}", 2, 5, "expected IMM[0], found IMM[1]");
  ExpectError("FRAG\nIMM[0] UINT32 {0, 0, 0, 0}\nIMM[0] UINT32 {0, 0, 0, 0}", 3, 5, "expected IMM[1]");
  Shader s = ParseOk("FRAG\nIMM UINT32 {0, 0, 0, 0}\nIMM[1] UINT32 {0, 0, 0, 0}");
  EXPECT_EQ(s.immediates.size(), 2u);
}

TEST(ParserTable, HexFloatBits) {
  Shader s = ParseOk("FRAG\nIMM FLT32 {0x3f800000, 1e3, .5, -0.}");
  ASSERT_EQ(s.immediates.size(), 1u);
  EXPECT_EQ(s.immediates[0].words, (std::array<uint32_t, 4>{0x3f800000u, 0x447a0000u, 0x3f000000u, 0x80000000u}));
  EXPECT_TRUE(s.immediates[0].float_as_hex);
  ExpectError("FRAG\nIMM FLT32 {0x1, 0, 0, 0}", 2, 12, "exactly 8 hex digits");
  ExpectError("FRAG\nIMM FLT32 {0x3f8000001, 0, 0, 0}", 2, 12, "exactly 8 hex digits");
}

TEST(ParserTable, UintImmediateTakesNoSign) {
  ExpectError("FRAG\nIMM[0] UINT32 {+1, 0, 0, 0}", 2, 16, "UINT32");
}

TEST(ParserTable, Float64ImmediateParses) {
  Shader s = ParseOk("FRAG\nIMM[0] FLT64 {1.5, 2.5}");
  ASSERT_EQ(s.immediates.size(), 1u);
  EXPECT_EQ(s.immediates[0].type, ImmediateType::kFloat64);
  uint64_t lo = s.immediates[0].words[0] | (uint64_t{s.immediates[0].words[1]} << 32);
  uint64_t hi = s.immediates[0].words[2] | (uint64_t{s.immediates[0].words[3]} << 32);
  EXPECT_EQ(std::bit_cast<double>(lo), 1.5);
  EXPECT_EQ(std::bit_cast<double>(hi), 2.5);
}

TEST(ParserTable, SemanticRulesAreNotParseErrors) {
  Shader s = ParseOk("FRAG\nMOV TEMP[0], TEMP[1]\nDCL TEMP[0..1]\nEND\nEND");
  EXPECT_EQ(s.instructions.size(), 3u);
  ParseOk("FRAG\nMOV TEMP[5], TEMP[9]");
  ParseOk("FRAG");
}

TEST(ParserTable, GeometryEmptyBracketNeedsInputPrimitive) {
  ExpectError("GEOM\nDCL IN[][0], POSITION", 2, 8, "implied array size");
  Declaration d = OnlyDeclaration("GEOM\nPROPERTY GS_INPUT_PRIMITIVE TRIANGLES\nDCL IN[][0], POSITION");
  EXPECT_TRUE(d.vertex_bracket);
  EXPECT_FALSE(d.dimension.has_value());
  EXPECT_EQ(d.first, 0u);
  // A lone [] takes the implied size as its range.
  d = OnlyDeclaration("GEOM\nPROPERTY GS_INPUT_PRIMITIVE LINES_ADJACENCY\nDCL IN[]");
  EXPECT_EQ(d.first, 0u);
  EXPECT_EQ(d.last, 3u);
  d = OnlyDeclaration("TESS_EVAL\nDCL IN[]");
  EXPECT_EQ(d.last, 31u);
}

TEST(ParserTable, BgnsubLabelAccepted) {
  // Mesa's parser rejects this, but its dumper prints it; we accept it.
  Instruction i = OnlyInstruction("FRAG\nBGNSUB :3");
  EXPECT_EQ(i.label, std::optional<uint32_t>(3));
  ExpectError("FRAG\nENDSUB :3", 2, 8, "does not take a ':' label");
}

TEST(ParserTable, LabelsOptional) {
  Shader s = ParseOk("FRAG\nIF OUT[0].xxxx\nELSE\nENDIF\nIF OUT[0].xxxx :2\nELSE: 4\nENDIF");
  ASSERT_EQ(s.instructions.size(), 6u);
  EXPECT_FALSE(s.instructions[0].label.has_value());
  EXPECT_FALSE(s.instructions[1].label.has_value());
  EXPECT_EQ(s.instructions[3].label, std::optional<uint32_t>(2));
  EXPECT_EQ(s.instructions[4].label, std::optional<uint32_t>(4));
}

TEST(ParserTable, WholeProgramOnOneLine) {
  Shader s = ParseOk("FRAG DCL OUT[0], COLOR MOV OUT[0], OUT[0] END");
  EXPECT_EQ(s.declarations.size(), 1u);
  EXPECT_EQ(s.instructions.size(), 2u);
  ASSERT_EQ(s.items.size(), 3u);
  EXPECT_EQ(s.items[0].kind, ItemKind::kDeclaration);
  EXPECT_EQ(s.items[2].kind, ItemKind::kInstruction);
  EXPECT_EQ(s.items[2].index, 1u);
}

TEST(ParserTable, SviewFourTypesCollapseToFirst) {
  Declaration d = OnlyDeclaration("FRAG\nDCL SVIEW[0], 2D, FLOAT, SINT, UINT, UNORM");
  EXPECT_EQ(d.sview_target, TextureTarget::k2D);
  EXPECT_EQ(d.return_type, (std::array<ReturnType, 4>{ReturnType::kFloat, ReturnType::kFloat,
                                                      ReturnType::kFloat, ReturnType::kFloat}));
  ExpectError("FRAG\nDCL SVIEW[0], 2D, FLOAT, SINT, UINT, UNORM, FLOAT", 2, 43, "at most four return types");
}

// ---- structure, lexical rules, error positions -----------------------------

TEST(ParserErrors, HeaderAndSeparators) {
  ExpectError("", 1, 1, "expected shader header");
  ExpectError("  \n  FOO", 2, 3, "found 'FOO'");
  ExpectError("FRAGMENT\nEND", 1, 1, "found 'FRAGMENT'");
  ExpectError("FRAG\nEND,", 2, 4, "too many operands for 'END'");
  ExpectError("FRAG\nMOV TEMP[0], TEMP[1]x", 2, 21, "expected whitespace or end of input");
  ExpectError("FRAG\nMOV TEMP[0], TEMP[1], TEMP[2]", 2, 21, "too many operands for 'MOV' (it takes 2)");
  ExpectError("FRAG\nADD TEMP[0], TEMP[1]", 2, 21, "expected ',' before operand 3 of 'ADD'");
  ExpectError("FRAG\nADD TEMP[0] TEMP[1], TEMP[2]", 2, 13, "expected ','");
  ExpectError("FRAG\nMOV TEMP[0],", 2, 13, "expected register file, found end of input");
  ExpectError(std::string_view("FRAG\nEND\0", 9), 2, 4, "NUL byte");
  ExpectError("FRAG\n7 MOV TEMP[0], TEMP[1]", 2, 3, "expected ':' after instruction number");
  ExpectError("FRAG\n7: DCL TEMP[0]", 2, 4, "unknown opcode 'DCL'");
  ExpectError("FRAG\n7:", 2, 3, "expected opcode");
}

TEST(ParserErrors, UnknownNames) {
  ExpectError("FRAG\nFOO TEMP[0]", 2, 1, "unknown opcode 'FOO'");
  ExpectError("FRAG\nMOVE TEMP[0], TEMP[1]", 2, 1, "unknown opcode 'MOVE'");
  ExpectError("FRAG\nMOV TMP[0], TEMP[1]", 2, 5, "unknown register file 'TMP'");
  ExpectError("FRAG\nDCL IN[0], GENERIK", 2, 12, "expected semantic name");
  ExpectError("FRAG\nPROPERTY FOO 1", 2, 10, "unknown property 'FOO'");
  ExpectError("FRAG\nPROPERTY GS_INPUT_PRIMITIVE HEXAGONS", 2, 29, "primitive name");
  ExpectError("FRAG\nPROPERTY GS_MAX_OUTPUT_VERTICES -1", 2, 33, "unsigned integer");
  ExpectError("FRAG\nTEX TEMP[0], IN[0], SAMP[0], 4D", 2, 30, "expected texture target");
  ExpectError("FRAG\nTEX TEMP[0], IN[0], SAMP[0]", 2, 28, "expected ','");
  ExpectError("FRAG\nIMM[0] FLT16 {0, 0, 0, 0}", 2, 8, "expected immediate type");
  ExpectError("FRAG\nLOAD TEMP[0], BUFFER[0], TEMP[1], FAST", 2, 35, "expected memory qualifier");
}

TEST(ParserErrors, Brackets) {
  ExpectError("FRAG\nMOV TEMP[0, TEMP[1]", 2, 11, "expected ']'");
  ExpectError("FRAG\nMOV TEMP 0], TEMP[1]", 2, 10, "expected '[' after the register file");
  ExpectError("FRAG\nMOV TEMP[-1], TEMP[1]", 2, 10, "expected register index");
  ExpectError("FRAG\nMOV TEMP[0], TEMP[ADDR[0].q]", 2, 27, "expected address component");
  ExpectError("FRAG\nMOV TEMP[0], TEMP[3+ADDR[0].x]", 2, 20, "expected ']'");
  ExpectError("FRAG\nMOV TEMP[0], TEMP[ADDR[0].x](a)", 2, 30, "expected array id");
  ExpectError("FRAG\nMOV TEMP[0]., TEMP[1]", 2, 13, "expected write mask letters");
  ExpectError("FRAG\nMOV TEMP[0], |TEMP[1]", 2, 22, "expected '|' to close the absolute value");
  ExpectError("FRAG\nDCL TEMP[0..]", 2, 13, "expected unsigned integer after '..'");
  ExpectError("FRAG\nDCL TEMP[0.1]", 2, 11, "expected ']' or '..'");
  ExpectError("FRAG\nDCL[0]", 2, 4, "expected whitespace after DCL");
  ExpectError("FRAG\nIMM[0]FLT32 {0, 0, 0, 0}", 2, 7, "expected whitespace before the immediate type");
  ExpectError("FRAG\nIMM FLT32 {0, 0, 0}", 2, 19, "expected ','");
  ExpectError("FRAG\nIMM FLT32 {0, 0, 0, 0, 0}", 2, 22, "expected '}'");
  ExpectError("FRAG\nIMM FLT64 {0, 0, 0, 0}", 2, 16, "expected '}'");
  ExpectError("FRAG\nIMM FLT32 {1e, 0, 0, 0}", 2, 12, "exponent");
}

TEST(ParserErrors, LineAndColumnAfterManyLines) {
  std::string text = "VERT\n";
  for (int i = 0; i < 50; ++i) text += "\tMOV TEMP[0], TEMP[1]\n";
  text += "\tMOV TEMP[0], TEMP[1].xy\n";
  ParseError e = ParseFails(text);
  EXPECT_EQ(e.location.line, 52u);
  EXPECT_EQ(e.location.column, 23u);
  EXPECT_EQ(e.ToString("a.tgsi").rfind("a.tgsi:52:23: error: swizzle needs exactly four components", 0), 0u)
      << e.ToString("a.tgsi");
}

TEST(ParserErrors, PartialShaderOnError) {
  ParseResult r = ParseShader("FRAG\nDCL TEMP[0]\nMOV TEMP[0], TEMP[0]\nBOGUS");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.shader.declarations.size(), 1u);
  EXPECT_EQ(r.shader.instructions.size(), 1u);
  EXPECT_EQ(r.shader.items.size(), 2u);
}

TEST(ParserLexical, CaseInsensitiveEverywhere) {
  Shader s = ParseOk(
      "geom\nproperty gs_input_primitive triangles\nproperty next_shader frag\n"
      "dcl in[][0], position\ndcl out[0].xY, generic[2], stream(1,0,0,0)\ndcl sview[0], cubearray, sint\n"
      "imm[0] flt32 {1, 2, 3, 4}\ntxl_sat out[0].XYZ, in[2][0].wZyX, samp[0], shadow2d_array, imm[0].XyZ\n"
      "store_precise buffer[0].x, imm[0].xxxx, imm[0], coherent, pipe_format_r32_uint\n");
  EXPECT_EQ(s.processor, Processor::kGeometry);
  EXPECT_EQ(s.properties[1].value, 1u);  // FRAG
  EXPECT_EQ(s.declarations[1].usage_mask, 0x3);
  EXPECT_EQ(s.declarations[1].stream, (std::array<uint32_t, 4>{1, 0, 0, 0}));
  EXPECT_EQ(s.declarations[2].return_type[0], ReturnType::kSint);
  const Instruction& txl = s.instructions[0];
  EXPECT_EQ(txl.opcode, Opcode::TXL);
  EXPECT_TRUE(txl.saturate);
  EXPECT_EQ(txl.texture_target, std::optional<TextureTarget>(TextureTarget::kShadow2DArray));
  ASSERT_EQ(txl.tex_offsets.size(), 1u);
  EXPECT_EQ(txl.tex_offsets[0].swizzle, (std::array<uint8_t, 3>{0, 1, 2}));
  const Instruction& store = s.instructions[1];
  EXPECT_TRUE(store.precise);
  EXPECT_EQ(store.memory_qualifiers, 1);
  EXPECT_EQ(store.memory_format, "PIPE_FORMAT_R32_UINT");
}

TEST(ParserLexical, WholeWordKeywords) {
  // Prefixes of longer opcodes pick the longer one.
  EXPECT_EQ(OnlyInstruction("FRAG\nDDX_FINE TEMP[0], TEMP[1]").opcode, Opcode::DDX_FINE);
  EXPECT_EQ(OnlyInstruction("FRAG\nTEX_LZ TEMP[0], TEMP[1], SAMP[0], 2D").opcode, Opcode::TEX_LZ);
  EXPECT_EQ(OnlyInstruction("FRAG\nTEX2 TEMP[0], TEMP[1], TEMP[2], SAMP[0], 2D").opcode, Opcode::TEX2);
  EXPECT_EQ(OnlyInstruction("FRAG\nSAMPLE_I TEMP[0], TEMP[1], SVIEW[0]").opcode, Opcode::SAMPLE_I);
  EXPECT_EQ(OnlyInstruction("FRAG\nKILL_IF TEMP[0]").opcode, Opcode::KILL_IF);
  EXPECT_EQ(OnlyInstruction("FRAG\nENDIF").opcode, Opcode::ENDIF);
  EXPECT_EQ(OnlyInstruction("FRAG\nTXF TEMP[0], TEMP[1], SAMP[0], 1D_ARRAY").texture_target,
            std::optional<TextureTarget>(TextureTarget::k1DArray));
  ExpectError("FRAG\nMOVX TEMP[0], TEMP[1]", 2, 1, "unknown opcode 'MOVX'");
  ExpectError("FRAG\nMOV TEMPX[0], TEMP[1]", 2, 5, "unknown register file 'TEMPX'");
  ExpectError("FRAG\nDCL IN[0], COLORS", 2, 12, "expected semantic name");
  ExpectError("FRAG\nDCLTEMP[0]", 2, 1, "unknown opcode 'DCLTEMP'");
  // Zero-operand opcodes need nothing after them; a label may follow directly.
  EXPECT_EQ(ParseOk("FRAG\nELSE:3 ENDIF END").instructions.size(), 3u);
}

TEST(ParserLexical, OldOpcodesAndFiles) {
  EXPECT_EQ(OnlyInstruction("FRAG\nSUB TEMP[0], TEMP[1], TEMP[2]").opcode, Opcode::SUB);
  EXPECT_EQ(OnlyInstruction("FRAG\nKIL TEMP[0]").opcode, Opcode::KIL);
  EXPECT_EQ(OnlyInstruction("FRAG\nKILP").opcode, Opcode::KILP);
  EXPECT_EQ(OnlyInstruction("FRAG\nTXQ_LZ TEMP[0], SAMP[0], 2D").texture_target,
            std::optional<TextureTarget>(TextureTarget::k2D));
  EXPECT_EQ(OnlyInstruction("FRAG\nMOV TEMP[0], PRED[0]").src[0].reg.file, File::kPredicate);
}

// ---- every opcode -----------------------------------------------------------

// "OP TEMP[0], TEMP[1], TEMP[2], ..." with `n` register operands, plus a
// texture target for kTex opcodes.
std::string InstructionText(const OpcodeInfo& info, size_t n) {
  std::string text = "COMP\n" + std::string(info.name);
  for (size_t i = 0; i < n; ++i) {
    text += i == 0 ? " " : ", ";
    text += "TEMP[" + std::to_string(i) + "]";
  }
  if (info.has(kTex)) text += n == 0 ? " 2D" : ", 2D";
  return text;
}

TEST(ParserOpcodes, EveryOpcodeWithExactOperandCount) {
  ASSERT_GT(kOpcodeCount, 250);
  for (int op = 0; op < kOpcodeCount; ++op) {
    const OpcodeInfo& info = GetOpcodeInfo(static_cast<Opcode>(op));
    SCOPED_TRACE(std::string(info.name));
    const size_t n = size_t{info.num_dst} + info.num_src;
    Instruction inst = OnlyInstruction(InstructionText(info, n));
    EXPECT_EQ(inst.opcode, static_cast<Opcode>(op));
    ASSERT_EQ(inst.dst.size(), info.num_dst);
    ASSERT_EQ(inst.src.size(), info.num_src);
    for (size_t i = 0; i < inst.dst.size(); ++i) EXPECT_EQ(inst.dst[i].reg.index.index, i);
    for (size_t i = 0; i < inst.src.size(); ++i) EXPECT_EQ(inst.src[i].reg.index.index, info.num_dst + i);
    EXPECT_EQ(inst.texture_target.has_value(), info.has(kTex));
    // One operand fewer is an error; one more is an error too, except where
    // a texture offset may follow (then TEMP[n] is that offset).
    ParseResult more = ParseShader(InstructionText(info, n + 1));
    if (info.has(kTexOffsets) && !info.has(kTex)) {
      ASSERT_TRUE(more.ok());
      ASSERT_EQ(more.shader.instructions[0].tex_offsets.size(), 1u);
      EXPECT_EQ(more.shader.instructions[0].tex_offsets[0].index, n);
    } else {
      EXPECT_FALSE(more.ok());
    }
    if (n > 0) {
      EXPECT_FALSE(ParseShader(InstructionText(info, n - 1)).ok());
    }
    // Mnemonic lookup is case-insensitive and takes both suffixes.
    std::string lower(info.name);
    for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    std::string text = InstructionText(info, n);
    text.replace(5, info.name.size(), lower + "_sat_precise");
    inst = OnlyInstruction(text);
    EXPECT_EQ(inst.opcode, static_cast<Opcode>(op));
    EXPECT_TRUE(inst.saturate);
    EXPECT_TRUE(inst.precise);
  }
}

TEST(ParserOpcodes, TextureOffsetsAndMemoryWords) {
  Instruction i = OnlyInstruction(
      "FRAG\nTXF TEMP[0], TEMP[1], SAMP[0], 2D, IMM[2].xyz, IMM[3].wzy, TEMP[4], CONST[5].yyy");
  ASSERT_EQ(i.tex_offsets.size(), 4u);
  EXPECT_EQ(i.tex_offsets[0].file, File::kImmediate);
  EXPECT_EQ(i.tex_offsets[0].index, 2u);
  EXPECT_EQ(i.tex_offsets[1].swizzle, (std::array<uint8_t, 3>{3, 2, 1}));
  EXPECT_EQ(i.tex_offsets[2].swizzle, (std::array<uint8_t, 3>{0, 0, 0}));  // Mesa's default
  EXPECT_EQ(i.tex_offsets[3].file, File::kConstant);
  ExpectError("FRAG\nTXF TEMP[0], TEMP[1], SAMP[0], 2D, IMM[0].xyz, IMM[0].xyz, IMM[0].xyz, IMM[0].xyz, IMM[0].xyz",
              2, 82, "at most four texture offsets");
  ExpectError("FRAG\nTEX TEMP[0], TEMP[1], SAMP[0], 2D, IMM[0].xy", 2, 43, "exactly three components");
  ExpectError("FRAG\nTEX TEMP[0], TEMP[1], SAMP[0], 2D, IMM[ADDR[0].x].xyz", 2, 40, "direct register index");
  ExpectError("FRAG\nMOV TEMP[0], TEMP[1], IMM[0].xyz", 2, 21, "too many operands");
  i = OnlyInstruction("FRAG\nSAMPLE TEMP[0], TEMP[1], SVIEW[0], SAMP[0], IMM[0].xyz");
  EXPECT_FALSE(i.texture_target.has_value());
  EXPECT_EQ(i.tex_offsets.size(), 1u);

  i = OnlyInstruction(
      "COMP\nATOMUADD TEMP[0].x, IMAGE[1], TEMP[1], TEMP[2], VOLATILE, STREAM_CACHE_POLICY, 2D_ARRAY, "
      "PIPE_FORMAT_R32_SINT");
  EXPECT_EQ(i.memory_qualifiers, 0xC);
  EXPECT_EQ(i.memory_target, std::optional<TextureTarget>(TextureTarget::k2DArray));
  EXPECT_EQ(i.memory_format, "PIPE_FORMAT_R32_SINT");
  i = OnlyInstruction("COMP\nLOAD TEMP[0], BUFFER[0], TEMP[1], BUFFER, PIPE_FORMAT_NONE");
  EXPECT_FALSE(i.memory_target.has_value());
  EXPECT_TRUE(i.memory_format.empty());
  // ATOMFADD is not a memory-flag opcode in Mesa 22.
  ExpectError("COMP\nATOMFADD TEMP[0], BUFFER[0], TEMP[1], TEMP[2], COHERENT", 2, 46, "too many operands");
}

TEST(ParserOpcodes, LabelsOnBranchOpcodesOnly) {
  for (std::string_view text : {"FRAG\nCAL :7", "FRAG\nBGNLOOP :7", "FRAG\nENDLOOP :7", "FRAG\nELSE : 7",
                                "FRAG\nIF TEMP[0].xxxx :7", "FRAG\nUIF TEMP[0].xxxx\n:\n7"}) {
    EXPECT_EQ(OnlyInstruction(text).label, std::optional<uint32_t>(7)) << text;
  }
  ExpectError("FRAG\nENDIF :7", 2, 7, "does not take a ':' label");
  ExpectError("FRAG\nMOV TEMP[0], TEMP[1] :7", 2, 22, "does not take a ':' label");
  ExpectError("FRAG\nIF TEMP[0].xxxx :", 2, 18, "expected label number");
}

// ---- immediates --------------------------------------------------------------

TEST(ParserImmediates, AllTypes) {
  Shader s = ParseOk(
      "FRAG\n"
      "IMM[0] FLT32 { -1.5 ,+2, 3.25e-2 , 1E+1 }\n"
      "IMM[1] UINT32 {0, 4294967295, 4294967296, 7}\n"
      "IMM[2] INT32 {-1, +5, -2147483648, 2147483647}\n"
      "IMM[3] FLT64 {0x1p-2, -1e300}\n"
      "IMM[4] UINT64 {0x10, 010}\n"
      "IMM[5] INT64 {-9223372036854775809, 99999999999999999999}\n"
      "IMM[6] FLT32 {inf, -inf, nan, -nan}\n"
      "IMM[7] UINT64 {-1, 18446744073709551616}\n");
  ASSERT_EQ(s.immediates.size(), 8u);
  const auto& f = s.immediates[0].words;
  EXPECT_EQ(std::bit_cast<float>(f[0]), -1.5f);
  EXPECT_EQ(std::bit_cast<float>(f[1]), 2.0f);
  EXPECT_EQ(std::bit_cast<float>(f[2]), 3.25e-2f);
  EXPECT_EQ(std::bit_cast<float>(f[3]), 10.0f);
  EXPECT_FALSE(s.immediates[0].float_as_hex);
  EXPECT_EQ(s.immediates[1].words, (std::array<uint32_t, 4>{0, 4294967295u, 0, 7}));  // wraps
  EXPECT_EQ(s.immediates[2].words, (std::array<uint32_t, 4>{0xffffffffu, 5, 0x80000000u, 0x7fffffffu}));
  auto u64 = [&](int imm, int i) {
    return uint64_t{s.immediates[imm].words[2 * i]} | (uint64_t{s.immediates[imm].words[2 * i + 1]} << 32);
  };
  EXPECT_EQ(std::bit_cast<double>(u64(3, 0)), 0.25);
  EXPECT_EQ(std::bit_cast<double>(u64(3, 1)), -1e300);
  EXPECT_EQ(u64(4, 0), 16u);
  EXPECT_EQ(u64(4, 1), 8u);
  EXPECT_EQ(static_cast<int64_t>(u64(5, 0)), INT64_MIN);  // strtoll saturates
  EXPECT_EQ(static_cast<int64_t>(u64(5, 1)), INT64_MAX);
  EXPECT_EQ(s.immediates[6].words, (std::array<uint32_t, 4>{0x7f800000u, 0xff800000u, 0x7fc00000u, 0xffc00000u}));
  EXPECT_EQ(u64(7, 0), UINT64_MAX);
  EXPECT_EQ(u64(7, 1), UINT64_MAX);
}

TEST(ParserImmediates, Float32RoundsThroughDouble) {
  // Narrowing strtod's double to float, as Mesa's atof path does.
  Shader s = ParseOk("FRAG\nIMM FLT32 {0.1, 16777217, 1e40, 1e-50}");
  EXPECT_EQ(s.immediates[0].words[0], std::bit_cast<uint32_t>(0.1f));
  EXPECT_EQ(std::bit_cast<float>(s.immediates[0].words[1]), 16777216.0f);
  EXPECT_TRUE(std::isinf(std::bit_cast<float>(s.immediates[0].words[2])));
  EXPECT_EQ(s.immediates[0].words[3], 0u);
}

TEST(ParserImmediates, Rejections) {
  ExpectError("FRAG\nIMM FLT32 {., 0, 0, 0}", 2, 12, "expected a FLT32 value");
  ExpectError("FRAG\nIMM FLT32 {0X3F800000, 0, 0, 0}", 2, 13, "expected ','");
  ExpectError("FRAG\nIMM FLT32 {infinity, 0, 0, 0}", 2, 12, "expected a FLT32 value");
  ExpectError("FRAG\nIMM INT32 {- 1, 0, 0, 0}", 2, 12, "INT32");
  ExpectError("FRAG\nIMM INT32 {1.5, 0, 0, 0}", 2, 13, "expected ','");
  ExpectError("FRAG\nIMM UINT64 {x, 0}", 2, 13, "UINT64");
  ExpectError("FRAG\nIMM FLT32 0, 0, 0, 0", 2, 11, "expected '{'");
}

// ---- declarations ------------------------------------------------------------

TEST(ParserDeclarations, RangesAndDimensions) {
  Declaration d = OnlyDeclaration("FRAG\nDCL TEMP[ 3 .. 9 ]");
  EXPECT_EQ(d.file, File::kTemporary);
  EXPECT_EQ(d.first, 3u);
  EXPECT_EQ(d.last, 9u);
  EXPECT_FALSE(d.dimension.has_value());
  d = OnlyDeclaration("FRAG\nDCL CONST[2][0..15]");
  EXPECT_EQ(d.dimension, std::optional<uint32_t>(2));
  EXPECT_EQ(d.last, 15u);
  EXPECT_FALSE(d.vertex_bracket);
  d = OnlyDeclaration("FRAG\nDCL TEMP[1].yw");
  EXPECT_EQ(d.usage_mask, 0xA);
  // GS inputs: the vertex bracket is dropped and printed back as [].
  d = OnlyDeclaration("GEOM\nDCL IN[2][5], GENERIC[1]");
  EXPECT_FALSE(d.dimension.has_value());
  EXPECT_TRUE(d.vertex_bracket);
  EXPECT_EQ(d.first, 5u);
  d = OnlyDeclaration("GEOM\nDCL IN[5], GENERIC[1]");
  EXPECT_TRUE(d.vertex_bracket);
  d = OnlyDeclaration("GEOM\nDCL OUT[5], GENERIC[1]");
  EXPECT_FALSE(d.vertex_bracket);
  d = OnlyDeclaration("TESS_CTRL\nDCL OUT[][2], GENERIC[1]");
  EXPECT_TRUE(d.vertex_bracket);
  d = OnlyDeclaration("TESS_CTRL\nDCL OUT[3], PATCH[1]");
  EXPECT_FALSE(d.vertex_bracket);
  d = OnlyDeclaration("TESS_EVAL\nDCL IN[0], TESSOUTER");
  EXPECT_FALSE(d.vertex_bracket);
}

TEST(ParserDeclarations, ArrayLocalSemantic) {
  Declaration d = OnlyDeclaration("FRAG\nDCL TEMP[0..7], ARRAY( 3 ), LOCAL");
  EXPECT_EQ(d.array_id, 3u);
  EXPECT_TRUE(d.local);
  EXPECT_FALSE(d.semantic.has_value());
  d = OnlyDeclaration("FRAG\nDCL OUT[1], LOCAL, COLOR [ 4 ]");
  EXPECT_TRUE(d.local);
  ASSERT_TRUE(d.semantic.has_value());
  EXPECT_EQ(d.semantic->name, Semantic::kColor);
  EXPECT_EQ(d.semantic->index, 4u);
  ExpectError("FRAG\nDCL TEMP[0], ARRAY (1)", 2, 19, "expected '(' right after ARRAY");
  d = OnlyDeclaration("FRAG\nDCL SV[0], SUBGROUP_LT_MASK");
  EXPECT_EQ(d.semantic->name, Semantic::kSubgroupLtMask);
}

TEST(ParserDeclarations, ResourceExtras) {
  Declaration d = OnlyDeclaration("COMP\nDCL IMAGE[3], 2D_ARRAY, RAW, pipe_format_r16g16_float, WR");
  EXPECT_EQ(d.image_target, TextureTarget::k2DArray);
  EXPECT_EQ(d.image_format, "PIPE_FORMAT_R16G16_FLOAT");
  EXPECT_TRUE(d.image_raw);
  EXPECT_TRUE(d.image_writable);
  d = OnlyDeclaration("COMP\nDCL IMAGE[0]");
  EXPECT_EQ(d.image_target, TextureTarget::kBuffer);  // Mesa's default
  d = OnlyDeclaration("COMP\nDCL SVIEW[0]");
  EXPECT_EQ(d.sview_target, TextureTarget::kBuffer);
  EXPECT_EQ(d.return_type[0], ReturnType::kUnorm);
  d = OnlyDeclaration("COMP\nDCL BUFFER[1], ATOMIC");
  EXPECT_TRUE(d.buffer_atomic);
  d = OnlyDeclaration("COMP\nDCL MEMORY[0], PRIVATE");
  EXPECT_EQ(d.memory_type, MemoryType::kPrivate);
  ExpectError("COMP\nDCL IMAGE[0], WR", 2, 15, "expected texture target");
  ExpectError("COMP\nDCL SVIEW[0], 2D", 2, 17, "expected ','");
  ExpectError("COMP\nDCL SVIEW[0], 2D, HALF", 2, 19, "expected return type");
  ExpectError("COMP\nDCL BUFFER[0], SHARED", 2, 16, "expected semantic, interpolation mode");
}

TEST(ParserDeclarations, InterpolationLocationInvariantStream) {
  Declaration d = OnlyDeclaration("FRAG\nDCL IN[1], COLOR, COLOR, CENTROID, INVARIANT");
  EXPECT_EQ(d.semantic->name, Semantic::kColor);
  EXPECT_EQ(d.interpolation, std::optional<Interpolation>(Interpolation::kColor));
  EXPECT_EQ(d.interp_location, InterpLocation::kCentroid);
  EXPECT_TRUE(d.invariant);
  d = OnlyDeclaration("FRAG\nDCL IN[0], GENERIC[0], SAMPLE");
  EXPECT_FALSE(d.interpolation.has_value());
  EXPECT_EQ(d.interp_location, InterpLocation::kCenter);  // Mesa drops it without a mode
  d = OnlyDeclaration("VERT\nDCL OUT[0], POSITION, INVARIANT");
  EXPECT_TRUE(d.invariant);
  d = OnlyDeclaration("GEOM\nDCL OUT[0], GENERIC[2], STREAM( 0 , 1,2 ,3 ), PERSPECTIVE");
  EXPECT_EQ(d.stream, (std::array<uint32_t, 4>{0, 1, 2, 3}));
  EXPECT_EQ(d.interpolation, std::optional<Interpolation>(Interpolation::kPerspective));
  ExpectError("GEOM\nDCL OUT[0], GENERIC[2], STREAM(0, 1, 2)", 2, 39, "expected ','");
  // STREAM only exists for GS outputs.
  ExpectError("VERT\nDCL OUT[0], GENERIC[2], STREAM(0, 1, 2, 3)", 2, 25, "expected semantic, interpolation mode");
  ExpectError("FRAG\nDCL IN[0], GENERIC[0], INVARIANT, CENTROID", 2, 33, "INVARIANT (it comes last)");
}

TEST(ParserProperties, AllKinds) {
  Shader s = ParseOk(
      "GEOM\nPROPERTY GS_INPUT_PRIMITIVE LINE_STRIP_ADJACENCY\nPROPERTY GS_OUTPUT_PRIMITIVE 5\n"
      "PROPERTY FS_COORD_ORIGIN UPPER_LEFT\nPROPERTY FS_COORD_PIXEL_CENTER INTEGER\n"
      "PROPERTY NEXT_SHADER COMP\nPROPERTY CS_FIXED_BLOCK_WIDTH 4294967295\nPROPERTY SEPARABLE_PROGRAM 1\n"
      "PROPERTY VS_POSITION_WINDOW_SPACE 1\nDCL IN[]");
  ASSERT_EQ(s.properties.size(), 8u);
  EXPECT_EQ(s.properties[0].name, Property::kGsInputPrimitive);
  EXPECT_EQ(s.properties[0].value, 11u);
  EXPECT_EQ(s.properties[1].value, 5u);
  EXPECT_EQ(s.properties[2].value, 0u);
  EXPECT_EQ(s.properties[3].value, 1u);
  EXPECT_EQ(s.properties[4].value, 5u);
  EXPECT_EQ(s.properties[5].value, 4294967295u);
  EXPECT_EQ(s.properties[7].name, Property::kVsPositionWindowSpace);
  EXPECT_EQ(s.declarations[0].last, 3u);  // LINE_STRIP_ADJACENCY: 4 vertices
  EXPECT_EQ(s.properties[2].location.line, 4u);
  EXPECT_EQ(s.properties[2].location.column, 1u);
}

// Numbers never wrap (Mesa's do, modulo 2^32): whatever a token field or an
// implementation cannot hold is an error at the number (limits.def).
TEST(ParserLimits, NumbersBeyondTheirFieldAreErrors) {
  ExpectError("FRAG\nPROPERTY CS_FIXED_BLOCK_WIDTH 4294967297", 2, 31, "property value 4294967297 is out of range");
  ExpectError("FRAG\nMOV TEMP[0], TEMP[40000]", 2, 19, "register index 40000 is out of range 0..32767");
  ExpectError("FRAG\nMOV TEMP[0], TEMP[99999999999999999999999]", 2, 19,
              "register index 99999999999999999999999 is out of range");
  ExpectError("FRAG\nMOV TEMP[0], CONST[40000][0]", 2, 20, "register index 40000");
  ExpectError("FRAG\nMOV TEMP[0], TEMP[ADDR[0].x+100000]", 2, 28, "relative-address offset +100000 is out of range -32768..32767");
  ExpectError("FRAG\nMOV TEMP[0], TEMP[ADDR[0].x-32769]", 2, 28, "offset -32769");
  ExpectError("FRAG\nMOV TEMP[0], TEMP[ADDR[70000].x]", 2, 24, "address register index 70000");
  ExpectError("FRAG\nMOV TEMP[0], TEMP[ADDR[0].x](1024)", 2, 30, "array id 1024 is out of range 0..1023");
  ExpectError("FRAG\nDCL TEMP[0..3], ARRAY(5000)", 2, 23, "array id 5000");
  ExpectError("FRAG\nDCL TEMP[0..3], ARRAY(-1)", 2, 23, "array id -1");
  ExpectError("FRAG\nCAL :16777216", 2, 6, "label 16777216 is out of range 0..16777215");
  ExpectError("FRAG\nDCL IN[0], GENERIC[65536]", 2, 20, "semantic index 65536");
  ExpectError("GEOM\nDCL OUT[0], POSITION, STREAM(0, 4, 0, 0)", 2, 33, "stream 4 is out of range 0..3");
  ExpectError("FRAG\nDCL TEMP[4294967296]", 2, 10, "declared index 4294967296 is out of range 0..65535");
  ExpectError("GEOM\nPROPERTY GS_MAX_OUTPUT_VERTICES 4294967295", 2, 33,
              "GS_MAX_OUTPUT_VERTICES 4294967295 is out of range 0..1024");
  ExpectError("GEOM\nPROPERTY GS_INVOCATIONS 33", 2, 25, "GS_INVOCATIONS 33");
  ExpectError("GEOM\nPROPERTY GS_OUTPUT_PRIMITIVE 4294967296", 2, 30, "property value 4294967296");
}

// Declarations beyond what any implementation allows (the inputs
// among them) are parse errors at the offending number.
TEST(ParserLimits, DeclarationsBeyondEveryImplementation) {
  ExpectError("FRAG\nDCL SVIEW[4294967295], 2D, FLOAT", 2, 11,
              "declared index 4294967295 is out of range 0..65535");
  ExpectError("FRAG\nDCL SVIEW[4000000000]", 2, 11, "declared index 4000000000");
  ExpectError("FRAG\nDCL SVIEW[128], 2D, FLOAT", 2, 11,
              "SVIEW[128] is beyond the largest SVIEW index any implementation allows (127: PIPE_MAX_SHADER_SAMPLER_VIEWS)");
  ExpectError("FRAG\nDCL TEMP[0..4096]", 2, 13, "TEMP[4096] is beyond the largest TEMP index any implementation "
                                                "allows (4095: TGSI_EXEC_NUM_TEMPS)");
  ExpectError("FRAG\nDCL SAMP[32]", 2, 10, "(31: PIPE_MAX_SAMPLERS)");
  ExpectError("VERT\nDCL IN[80]", 2, 8, "(79: PIPE_MAX_SHADER_INPUTS)");
  ExpectError("VERT\nDCL OUT[80], GENERIC[0]", 2, 9, "(79: PIPE_MAX_SHADER_OUTPUTS)");
  ExpectError("VERT\nDCL CONST[0][4096]", 2, 14, "(4095: TGSI_EXEC_MAX_CONST_BUFFER_SIZE / 16)");
  ExpectError("VERT\nDCL CONST[32][0]", 2, 11, "CONST buffer 32 is out of range 0..31 (PIPE_MAX_CONSTANT_BUFFERS)");
  ExpectError("VERT\nDCL TEMP[1][0]", 2, 10, "only CONST and HWATOMIC take a buffer index");
  ExpectError("FRAG\nDCL ADDR[3]", 2, 10, "ADDR[3] is beyond");
  ExpectError("FRAG\nDCL SV[8], FACE", 2, 8, "(7: TGSI_MAX_MISC_INPUTS)");
  ExpectError("FRAG\nDCL IMAGE[64], 2D, PIPE_FORMAT_R8_UNORM", 2, 11, "(63: PIPE_MAX_SHADER_IMAGES)");
  ExpectError("FRAG\nDCL BUFFER[32]", 2, 12, "(31: PIPE_MAX_SHADER_BUFFERS)");
  ExpectError("GEOM\nPROPERTY GS_INPUT_PRIMITIVE POINTS\nDCL IN[][32], GENERIC[0]", 3, 10,
              "IN[32] is beyond the largest IN index any implementation allows (31: TGSI_EXEC_MAX_INPUT_ATTRIBS, per-vertex inputs)");
  // The largest allowed ones parse.
  Shader s = ParseOk("FRAG\nDCL TEMP[0..4095]\nDCL SVIEW[127], 2D, FLOAT\nDCL CONST[31][0..4095]\nDCL SAMP[31]\n"
                     "DCL IN[79], GENERIC[0], PERSPECTIVE\nDCL ADDR[0..2]\nDCL SV[7], FACE\nDCL MEMORY[65535]");
  EXPECT_EQ(s.declarations.size(), 8u);
  Shader t = ParseOk("FRAG\nMOV TEMP[32767], TEMP[ADDR[0].x-32768](1023)\nCAL :16777215");
  EXPECT_EQ(t.instructions[0].dst[0].reg.index.index, 32767u);
  EXPECT_EQ(t.instructions[0].src[0].reg.index.offset, -32768);
}

TEST(ParserLocations, EveryItemHasItsPosition) {
  Shader s = ParseOk("FRAG\n  DCL TEMP[0]\n\tIMM FLT32 {0, 0, 0, 0}\n  0:  END PROPERTY NEXT_SHADER VERT");
  EXPECT_EQ(s.declarations[0].location.line, 2u);
  EXPECT_EQ(s.declarations[0].location.column, 3u);
  EXPECT_EQ(s.immediates[0].location.line, 3u);
  EXPECT_EQ(s.immediates[0].location.column, 2u);
  EXPECT_EQ(s.instructions[0].location.line, 4u);
  EXPECT_EQ(s.instructions[0].location.column, 7u);
  EXPECT_EQ(s.properties[0].location.column, 11u);
  ASSERT_EQ(s.items.size(), 4u);
  EXPECT_EQ(s.items[3].kind, ItemKind::kProperty);
}

}  // namespace
}  // namespace shaderdiff::tgsi
