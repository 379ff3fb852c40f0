// PrintShader: byte-for-byte round trips of real Mesa dumps (testdata/) and of
// hand-written canonical text, plus printing of hand-built trees.
#include "compiler/tgsi/printer.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdio>
#include <limits>
#include <random>
#include <string>

#include "compiler/tgsi/parser.h"
#include "compiler/tgsi/testdata_util.h"

namespace shaderdiff::tgsi {
namespace {

// Parses `text`, requires success, and returns the printed form.
std::string Reprint(const std::string& text) {
  ParseResult result = ParseShader(text);
  EXPECT_TRUE(result.ok()) << (result.error ? result.error->ToString("<text>") : "") << "\n" << text;
  return PrintShader(result.shader);
}

void ExpectRoundTrip(const std::string& text) { EXPECT_EQ(Reprint(text), text); }

TEST(PrinterTest, RoundTripsEveryTestdataDump) {
  auto files = testing::LoadTestdata();
  ASSERT_GE(files.size(), 30u) << "testdata/*.tgsi not found in runfiles";
  for (const auto& [name, text] : files) {
    SCOPED_TRACE(name);
    ParseResult result = ParseShader(text);
    ASSERT_TRUE(result.ok()) << result.error->ToString(name);
    for (const ParseError& w : CheckShader(result.shader)) {
      // Mesa 22.3's nir_to_tgsi declares shared memory as MEMORY[1] but
      // addresses it as MEMORY[0]; Mesa's own sanity check would say the same.
      if (name == "comp_1da7b3ea2df1.tgsi" && w.message == "register MEMORY[0] is not declared") continue;
      ADD_FAILURE() << w.ToString(name);
    }
    EXPECT_EQ(PrintShader(result.shader), text);
  }
}

TEST(PrinterTest, DocSection19Example) {
  ExpectRoundTrip(
      "FRAG\n"
      "PROPERTY FS_COLOR0_WRITES_ALL_CBUFS 1\n"
      "DCL IN[0], GENERIC[0], PERSPECTIVE\n"
      "DCL OUT[0], COLOR\n"
      "DCL SAMP[0]\n"
      "DCL SVIEW[0], 2D, FLOAT\n"
      "DCL CONST[0][0..1]\n"
      "DCL TEMP[0..1], LOCAL\n"
      "IMM[0] FLT32 {    0.5000,     1.0000,     0.0000,     0.0000}\n"
      "IMM[1] UINT32 {0, 4294967295, 3, 0}\n"
      "  0: TEX TEMP[0], IN[0].xyyy, SAMP[0], 2D\n"
      "  1: FSLT TEMP[1].x, TEMP[0].wwww, CONST[0][1].xxxx\n"
      "  2: UIF TEMP[1].xxxx :4\n"
      "  3:   KILL\n"
      "  4: ELSE :7\n"
      "  5:   MAD TEMP[0].xyz, TEMP[0].xyzz, CONST[0][0].xyzz, IMM[0].xxxx\n"
      "  6:   MOV_SAT TEMP[0].w, TEMP[0].wwww\n"
      "  7: ENDIF\n"
      "  8: MOV OUT[0], TEMP[0]\n"
      "  9: END\n");
}

TEST(PrinterTest, NonCanonicalInputPrintsCanonically) {
  EXPECT_EQ(Reprint("frag dcl out[0] ,color\n"
                    "dcl temp[0..0] . xyzw\n"
                    "  12 :  mov_sat out[0].xyw, -temp[ 0 ].wzyx end"),
            "FRAG\n"
            "DCL OUT[0], COLOR\n"
            "DCL TEMP[0]\n"
            "  0: MOV_SAT OUT[0].xyw, -TEMP[0].wzyx\n"
            "  1: END\n");
  EXPECT_EQ(Reprint("VERT\nDCL ADDR[0]\nDCL TEMP[0..3]\nMOV TEMP[0], TEMP[ ADDR[0] . y +2 ]\n"
                    "MOV TEMP[1], TEMP[ADDR[0]-1]\nMOV TEMP[2].xyzw, TEMP[1].xyzw\n"),
            "VERT\nDCL ADDR[0]\nDCL TEMP[0..3]\n"
            "  0: MOV TEMP[0], TEMP[ADDR[0].y+2]\n"
            "  1: MOV TEMP[1], TEMP[ADDR[0].x-1]\n"
            "  2: MOV TEMP[2], TEMP[1]\n");
  // Mesa drops a location without interpolation mode, a direct-bracket array
  // id, PIPE_FORMAT_NONE / BUFFER memory words, and repeats the first SVIEW
  // return type.
  EXPECT_EQ(Reprint("FRAG\nDCL IN[0], GENERIC[3], CENTROID\nDCL SVIEW[0], 2D, FLOAT, SINT, UINT, UNORM\n"
                    "MOV TEMP[0](3), IN[0]\nLOAD TEMP[0], BUFFER[0], TEMP[1], BUFFER, PIPE_FORMAT_NONE\n"
                    "IMM[0] FLT32 {0x3f800000, 1e3, .5, -0.}\n"),
            "FRAG\nDCL IN[0], GENERIC[3]\nDCL SVIEW[0], 2D, FLOAT\n"
            "  0: MOV TEMP[0], IN[0]\n"
            "  1: LOAD TEMP[0], BUFFER[0], TEMP[1]\n"
            "IMM[0] FLT32 {0x3f800000, 0x447a0000, 0x3f000000, 0x80000000}\n");
}

TEST(PrinterTest, DeclarationForms) {
  ExpectRoundTrip(
      "GEOM\n"
      "PROPERTY GS_INPUT_PRIMITIVE TRIANGLES_ADJACENCY\n"
      "PROPERTY GS_OUTPUT_PRIMITIVE TRIANGLE_STRIP\n"
      "PROPERTY GS_MAX_OUTPUT_VERTICES 18\n"
      "PROPERTY GS_INVOCATIONS 2\n"
      "DCL IN[][0], POSITION\n"
      "DCL IN[][1..2], GENERIC[5]\n"
      "DCL IN[][3], PRIM_ID\n"
      "DCL SV[0], INVOCATIONID\n"
      "DCL OUT[0], POSITION\n"
      "DCL OUT[1].xy, GENERIC[0], STREAM(1, 0, 2, 3)\n"
      "DCL OUT[2], LAYER\n"
      "DCL OUT[3], VIEWPORT_INDEX, INVARIANT\n"
      "DCL CONST[0][0..7]\n"
      "DCL CONST[3][2]\n"
      "DCL HWATOMIC[1][0..3]\n"
      "DCL TEMP[0..9], ARRAY(1), LOCAL\n"
      "DCL TEMP[10], ARRAY(2)\n"
      "DCL TEMP[11], LOCAL\n"
      "DCL ADDR[0..1]\n"
      "  0: MOV OUT[0], IN[2][0]\n"
      "  1: MOV OUT[1].xy, IN[ADDR[1].z-3][1].yxzw\n"
      "  2: EMIT IMM[0].xxxx\n"
      "  3: ENDPRIM IMM[0].xxxx\n"
      "  4: END\n");
  ExpectRoundTrip(
      "FRAG\n"
      "PROPERTY FS_COORD_ORIGIN LOWER_LEFT\n"
      "PROPERTY FS_COORD_PIXEL_CENTER INTEGER\n"
      "PROPERTY FS_EARLY_DEPTH_STENCIL 1\n"
      "PROPERTY NEXT_SHADER TESS_EVAL\n"
      "DCL IN[0], POSITION, LINEAR\n"
      "DCL IN[1], COLOR, COLOR, CENTROID\n"
      "DCL IN[2].xy, TEXCOORD[0], PERSPECTIVE, SAMPLE\n"
      "DCL IN[3], FACE, CONSTANT\n"
      "DCL IN[4..6], ARRAY(3), GENERIC[1], LINEAR, CENTROID\n"
      "DCL OUT[0], COLOR[1]\n"
      "DCL OUT[1], POSITION\n"
      "DCL OUT[2], SAMPLEMASK\n"
      "DCL SV[0], SAMPLEID\n"
      "DCL SVIEW[0], CUBEARRAY, SINT\n"
      "DCL SVIEW[1], SHADOW2D_ARRAY, UNORM\n"
      "DCL SVIEW[2], BUFFER, UNORM\n"
      "DCL IMAGE[0], 2D_MSAA, PIPE_FORMAT_R32G32B32A32_FLOAT, WR\n"
      "DCL IMAGE[1], BUFFER, PIPE_FORMAT_NONE, WR, RAW\n"
      "DCL IMAGE[2], 3D, PIPE_FORMAT_R8_UNORM\n"
      "DCL BUFFER[0], ATOMIC\n"
      "DCL BUFFER[1]\n"
      "DCL MEMORY[0], GLOBAL\n"
      "DCL MEMORY[1], SHARED\n"
      "DCL MEMORY[2], PRIVATE\n"
      "DCL MEMORY[3], INPUT\n"
      "  0: END\n");
  ExpectRoundTrip(
      "TESS_CTRL\n"
      "PROPERTY TCS_VERTICES_OUT 3\n"
      "DCL IN[][0], POSITION\n"
      "DCL IN[][1..4], GENERIC[0]\n"
      "DCL OUT[][0], POSITION\n"
      "DCL OUT[1], TESSOUTER\n"
      "DCL OUT[2], TESSINNER\n"
      "DCL OUT[3], PATCH[2]\n"
      "DCL SV[0], VERTICESIN\n"
      "  0: MOV OUT[1][0], IN[2][0]\n"
      "  1: END\n");
  ExpectRoundTrip(
      "TESS_EVAL\n"
      "PROPERTY TES_PRIM_MODE 4\n"
      "DCL IN[][0], POSITION\n"
      "DCL IN[1], PATCH\n"
      "DCL SV[0], TESSCOORD\n"
      "DCL OUT[0], POSITION\n"
      "  0: END\n");
  ExpectRoundTrip(
      "VERT\n"
      "PROPERTY NEXT_SHADER FRAG\n"
      "DCL IN[0]\n"
      "DCL IN[1..3], ARRAY(1)\n"
      "DCL OUT[0], POSITION\n"
      "DCL OUT[1], PSIZE\n"
      "DCL OUT[2], CLIPDIST[1]\n"
      "DCL OUT[3], GENERIC[31]\n"
      "DCL SV[0], INSTANCEID\n"
      "DCL SV[1], VERTEXID_NOBASE\n"
      "  0: END\n");
}

TEST(PrinterTest, ImmediatesOfEveryType) {
  ExpectRoundTrip(
      "COMP\n"
      "IMM[0] FLT32 {    1.0000,    -0.5000, 123456792.0000,    -0.0000}\n"
      "IMM[1] FLT32 {       inf,       -inf,        nan,       -nan}\n"
      "IMM[2] FLT32 {0x3f800000, 0x7fc00001, 0x00000001, 0xffffffff}\n"
      "IMM[3] UINT32 {0, 1, 4294967295, 2147483648}\n"
      "IMM[4] INT32 {0, -1, 2147483647, -2147483648}\n"
      "IMM[5] FLT64 {1.50000000, -0.00000001}\n"
      "IMM[6] UINT64 {18446744073709551615, 0}\n"
      "IMM[7] INT64 {-9223372036854775808, 9223372036854775807}\n"
      "IMM[8] FLT64 {       inf,        nan}\n"
      "  0: END\n");
}

TEST(PrinterTest, InstructionForms) {
  ExpectRoundTrip(
      "FRAG\n"
      "DCL TEMP[0..3]\n"
      "  0: MOV TEMP[0].xz, -|IN[0].wzyx|\n"
      "  1: MUL_SAT_PRECISE TEMP[1], |TEMP[0]|, -TEMP[0].xxxx\n"
      "  2: MAX_PRECISE TEMP[1].w, TEMP[1], CONST[2][ADDR[0].x+4]\n"
      "  3: MOV TEMP[ADDR[0].x](1).y, CONST[ADDR[1].w-2](3)[ADDR[0].z](5)\n"
      "  4: MOV TEMP[ADDR[2].x][7], IN[ADDR[0].x][2].zzzz\n"
      "  5: TEX TEMP[0], IN[0], SAMP[0], SHADOWCUBEARRAY\n"
      "  6: TXF TEMP[0], TEMP[1], SAMP[0], 2D_ARRAY, IMM[2].xyz, IMM[3].wzy, TEMP[0].xxx, CONST[0].yyy\n"
      "  7: SAMPLE_I_MS TEMP[0], TEMP[1], SVIEW[0], TEMP[2].xxxx, IMM[0].xyz\n"
      "  8: GATHER4 TEMP[0], TEMP[1], SVIEW[0], SAMP[0]\n"
      "  9: LOAD TEMP[0], IMAGE[0], TEMP[1], 2D, PIPE_FORMAT_R8G8B8A8_UNORM\n"
      " 10: STORE IMAGE[ADDR[2].x], TEMP[0], CONST[0][0], COHERENT, VOLATILE, 2D_ARRAY, PIPE_FORMAT_R32_UINT\n"
      " 11: ATOMCAS TEMP[1].x, MEMORY[0], IMM[0].xxxx, TEMP[0], TEMP[1].xxxx, RESTRICT, STREAM_CACHE_POLICY\n"
      " 12: RESQ TEMP[0], BUFFER[0]\n"
      " 13: SAMP2HND TEMP[0], SAMP[0], 2D\n"
      " 14: BARRIER\n"
      " 15: DFRACEXP TEMP[0].xy, TEMP[1].z, TEMP[2].xyxy\n"
      " 16: KILL_IF -TEMP[0].xxxx\n"
      " 17: CAL :20\n"
      " 18: END\n"
      " 19: BGNSUB :19\n"
      " 20:   BGNLOOP :0\n"
      " 21:     IF TEMP[0].xxxx :23\n"
      " 22:       BRK\n"
      " 23:     ELSE :25\n"
      " 24:       CONT\n"
      " 25:     ENDIF\n"
      " 26:     SWITCH TEMP[0].xxxx\n"
      " 27:     CASE IMM[0].xxxx\n"
      " 28:     DEFAULT\n"
      " 29:     ENDSWITCH\n"
      " 30:     UIF TEMP[0].yyyy\n"
      " 31:     ELSE\n"
      " 32:     ENDIF\n"
      " 33:   ENDLOOP :0\n"
      " 34:   RET\n"
      " 35: ENDSUB\n"
      " 36: SUB TEMP[0], TEMP[1], TEMP[2]\n"
      " 37: KIL TEMP[0]\n"
      " 38: KILP\n");
}

TEST(PrinterTest, UnbalancedNestingFollowsMesaCounter) {
  // tgsi_dump's counter goes negative; a later IF then prints at level 0.
  ExpectRoundTrip(
      "FRAG\n"
      "  0: ENDIF\n"
      "  1: IF TEMP[0].xxxx\n"
      "  2: MOV TEMP[0], TEMP[1]\n"
      "  3: IF TEMP[0].xxxx\n"
      "  4:   NOP\n"
      "  5:   END\n");
}

TEST(PrinterTest, InstructionNumbersWiden) {
  std::string text = "VERT\n";
  for (int i = 0; i < 1001; ++i) {
    char line[32];
    std::snprintf(line, sizeof(line), "%3d: NOP\n", i);
    text += line;
  }
  ExpectRoundTrip(text);
  EXPECT_NE(text.find("\n999: NOP\n1000: NOP\n"), std::string::npos);
}

TEST(PrinterTest, HandBuiltTrees) {
  Shader shader;
  shader.processor = Processor::kVertex;
  Declaration sview;
  sview.file = File::kSamplerView;
  sview.first = 2;
  sview.last = 2;
  sview.sview_target = TextureTarget::k3D;
  sview.return_type = {ReturnType::kFloat, ReturnType::kSint, ReturnType::kUint, ReturnType::kUnorm};
  Declaration out;
  out.file = File::kOutput;
  out.first = 0;
  out.last = 1;
  out.usage_mask = 0x5;
  out.semantic = SemanticDecl{Semantic::kTexCoord, 0};
  out.interpolation = Interpolation::kLinear;       // not printed: not a FRAG input
  out.interp_location = InterpLocation::kCentroid;  // printed: has an interpolation
  Declaration temp;
  temp.interp_location = InterpLocation::kSample;  // dropped: no interpolation
  temp.stream = {1, 0, 0, 0};                      // dropped: no semantic
  shader.declarations = {sview, out, temp};
  Instruction mov;
  mov.opcode = Opcode::MOV;
  mov.dst.resize(1);
  mov.dst[0].reg.file = File::kTemporary;
  mov.dst[0].reg.index.array_id = 4;  // direct bracket: not printed
  mov.src.resize(1);
  mov.src[0].reg.file = File::kImmediate;
  mov.src[0].swizzle = {3, 3, 3, 0};
  shader.instructions = {mov};
  // No items: everything in canonical order.
  EXPECT_EQ(PrintShader(shader),
            "VERT\n"
            "DCL SVIEW[2], 3D, FLOAT, SINT, UINT, UNORM\n"
            "DCL OUT[0..1].xz, TEXCOORD[0], CENTROID\n"
            "DCL TEMP[0]\n"
            "  0: MOV TEMP[0], IMM[0].wwwx\n");
  shader.items = {{ItemKind::kInstruction, 0}, {ItemKind::kDeclaration, 2}, {ItemKind::kDeclaration, 99}};
  EXPECT_EQ(PrintShader(shader), "VERT\n  0: MOV TEMP[0], IMM[0].wwwx\nDCL TEMP[0]\n");
  EXPECT_EQ(PrintInstruction(mov), "MOV TEMP[0], IMM[0].wwwx");
  EXPECT_EQ(PrintDeclaration(out, Processor::kFragment), "DCL OUT[0..1].xz, TEXCOORD[0], CENTROID");

  // Out-of-range enum values print as numbers, as tgsi_dump does.
  Shader odd;
  odd.processor = static_cast<Processor>(9);
  PropertyDecl prop;
  prop.name = Property::kGsOutputPrimitive;
  prop.value = 77;
  odd.properties = {prop};
  odd.items = {{ItemKind::kProperty, 0}};
  EXPECT_EQ(PrintShader(odd), "9\nPROPERTY GS_OUTPUT_PRIMITIVE 77\n");
}

TEST(PrinterTest, Float32FormattingMatchesPrintf) {
  std::mt19937 rng(12345);
  std::uniform_int_distribution<uint32_t> bits;
  std::vector<uint32_t> samples = {0u, 0x80000000u, 0x3f800000u, 0x7f7fffffu, 0xff7fffffu, 0x00000001u,
                                   0x38d1b717u /* 1e-4 */, 0x3e4ccccdu /* 0.2 */};
  for (int i = 0; i < 20000; ++i) samples.push_back(bits(rng));
  // Values near 4-decimal ties, where rounding matters.
  for (int i = 0; i < 20000; ++i) {
    double tie = (static_cast<double>(rng() % 2000000) + 0.5) / 10000.0;
    samples.push_back(std::bit_cast<uint32_t>(static_cast<float>(tie)));
  }
  for (uint32_t word : samples) {
    float f = std::bit_cast<float>(word);
    Shader shader;
    Immediate imm;
    imm.words = {word, word, word, word};
    shader.immediates = {imm};
    shader.items = {{ItemKind::kImmediate, 0}};
    std::string printed = PrintShader(shader);
    char value[512];
    std::snprintf(value, sizeof(value), "%10.4f", static_cast<double>(f));
    std::string expected = std::string("FRAG\nIMM[0] FLT32 {") + value + ", " + value + ", " + value + ", " +
                           value + "}\n";
    ASSERT_EQ(printed, expected) << std::hex << word;
    // Printing is stable under re-parsing (the dump loses precision once).
    if (!std::isnan(f)) {
      ASSERT_EQ(Reprint(printed), printed) << std::hex << word;
    }
  }
}

TEST(PrinterTest, Float64FormattingMatchesPrintf) {
  std::mt19937_64 rng(777);
  for (int i = 0; i < 5000; ++i) {
    uint64_t word = rng();
    double d = std::bit_cast<double>(word);
    if (std::isnan(d)) continue;
    Shader shader;
    Immediate imm;
    imm.type = ImmediateType::kFloat64;
    imm.words = {static_cast<uint32_t>(word), static_cast<uint32_t>(word >> 32), 0, 0};
    shader.immediates = {imm};
    shader.items = {{ItemKind::kImmediate, 0}};
    std::string printed = PrintShader(shader);
    std::vector<char> value(2048);
    std::snprintf(value.data(), value.size(), "%10.8f", d);
    ASSERT_EQ(printed, std::string("FRAG\nIMM[0] FLT64 {") + value.data() + ", 0.00000000}\n");
    ASSERT_EQ(Reprint(printed), printed);
  }
}

}  // namespace
}  // namespace shaderdiff::tgsi
