// The R500 emulator fuzz target's cases (r500_emulate_cases.h).
#include "fuzz/libfuzzer/r500_emulate_cases.h"

#include "compiler/targets/r500/naive/r500_naive.h"
#include "fuzz/libfuzzer/case_source.h"
#include "fuzz/libfuzzer/r500_words.h"

namespace shaderdiff::fuzz {
namespace {


constexpr CaseSource kSources[] = {
    {"fragment-varying-constants",
     "FRAG\n"
     "DCL IN[0], GENERIC[0], PERSPECTIVE\n"
     "DCL OUT[0], COLOR\n"
     "DCL CONST[0..1]\n"
     "DCL TEMP[0]\n"
     "  0: MAD TEMP[0], IN[0], CONST[0], CONST[1]\n"
     "  1: RCP TEMP[0].w, TEMP[0].xxxx\n"
     "  2: MOV OUT[0], TEMP[0]\n"
     "  3: END\n"},
    {"fragment-texture",
     "FRAG\n"
     "DCL IN[0], GENERIC[0], PERSPECTIVE\n"
     "DCL IN[1], POSITION, LINEAR\n"
     "DCL OUT[0], COLOR\n"
     "DCL SAMP[0]\n"
     "DCL SVIEW[0], 2D, FLOAT\n"
     "DCL TEMP[0]\n"
     "  0: TEX TEMP[0], IN[0], SAMP[0], 2D\n"
     "  1: MAD OUT[0], TEMP[0], IN[1].xxxx, IN[0]\n"
     "  2: END\n"},
    {"fragment-flow-depth",
     "FRAG\n"
     "DCL IN[0], GENERIC[0], PERSPECTIVE\n"
     "DCL OUT[0], COLOR\n"
     "DCL OUT[1], POSITION\n"
     "DCL CONST[0]\n"
     "DCL TEMP[0]\n"
     "IMM[0] FLT32 { 0.5, 1.0, 0.0, 0.0 }\n"
     "  0: SLT TEMP[0].x, IN[0].xxxx, IMM[0].xxxx\n"
     "  1: IF TEMP[0].xxxx\n"
     "  2:   MOV OUT[0], CONST[0]\n"
     "  3: ELSE\n"
     "  4:   DDX OUT[0], IN[0]\n"
     "  5: ENDIF\n"
     "  6: MOV OUT[1].z, IN[0].yyyy\n"
     "  7: END\n"},
};


R500EmulateCase Build(const CaseSource& source) {
  const tgsi::Shader shader = ParseCase("r500_emulate_cases", source);
  r500naive::CompileResult compiled = r500naive::CompileR500Naive(shader);
  if (compiled.status != r500naive::Status::kOk) CaseFailed("r500_emulate_cases", source.name, compiled.detail);
  R500EmulateCase c;
  c.name = source.name;
  c.program = std::move(compiled.program);
  c.vector = CaseVector("r500_emulate_cases", source, shader);
  return c;
}

}  // namespace

const std::vector<R500EmulateCase>& R500EmulateCases() {
  static const std::vector<R500EmulateCase> cases = [] {
    std::vector<R500EmulateCase> v;
    for (const CaseSource& s : kSources) v.push_back(Build(s));
    return v;
  }();
  return cases;
}

R500EmulateInput ParseR500EmulateInput(const uint8_t* data, size_t size) {
  R500EmulateInput in;
  if (size < 2) return in;
  in.case_index = (data[0] & 3) % R500EmulateCases().size();
  in.trap_hazards = (data[0] & 4) != 0;
  in.zero_times_anything = (data[0] & 8) != 0;
  in.full_fc = (data[0] & 16) != 0;
  in.code_start = data[1] & 3;
  in.code_offset = (data[1] >> 2) & 7;
  in.words = R500WordsFromBytes(data + 2, size - 2);
  return in;
}

std::string R500EmulateInputBytes(const R500EmulateInput& input) {
  const char mode = static_cast<char>(input.case_index | (input.trap_hazards ? 4 : 0) |
                                      (input.zero_times_anything ? 8 : 0) | (input.full_fc ? 16 : 0));
  const char code = static_cast<char>((input.code_start & 3) | ((input.code_offset & 7) << 2));
  return std::string{mode, code} + BytesFromR500Words(input.words);
}

}  // namespace shaderdiff::fuzz
