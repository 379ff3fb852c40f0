// The emulator fuzz target's cases (emulate_cases.h).
#include "fuzz/libfuzzer/emulate_cases.h"

#include "compiler/targets/a3xx/naive/a3xx_naive.h"
#include "emulator/a3xx/isa/isa.h"
#include "fuzz/libfuzzer/case_source.h"
#include "fuzz/libfuzzer/words.h"

namespace shaderdiff::fuzz {
namespace {


constexpr CaseSource kSources[] = {
    {"vertex",
     "VERT\n"
     "DCL IN[0]\n"
     "DCL IN[1]\n"
     "DCL OUT[0], POSITION\n"
     "DCL OUT[1], GENERIC[0]\n"
     "DCL CONST[0..3]\n"
     "DCL TEMP[0]\n"
     "  0: MUL TEMP[0], IN[0].xxxx, CONST[0]\n"
     "  1: MAD TEMP[0], IN[0].yyyy, CONST[1], TEMP[0]\n"
     "  2: MAD OUT[0], IN[0].zzzz, CONST[2], TEMP[0]\n"
     "  3: ADD OUT[1], IN[1], CONST[3]\n"
     "  4: END\n"},
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
    {"fragment-flat-integer",
     "FRAG\n"
     "DCL IN[0], GENERIC[1], CONSTANT\n"
     "DCL IN[1], FACE, CONSTANT\n"
     "DCL OUT[0], COLOR\n"
     "DCL CONST[0..1]\n"
     "DCL TEMP[0..1]\n"
     "  0: F2I TEMP[0], IN[0]\n"
     "  1: UADD TEMP[0], TEMP[0], CONST[0]\n"
     "  2: ISHR TEMP[1], TEMP[0], CONST[1]\n"
     "  3: I2F TEMP[1], TEMP[1]\n"
     "  4: MUL OUT[0], TEMP[1], IN[1].xxxx\n"
     "  5: END\n"},
};


EmulateCase Build(const CaseSource& source) {
  const tgsi::Shader shader = ParseCase("emulate_cases", source);
  const naive::CompileResult compiled = naive::CompileA3xxNaive(shader);
  if (compiled.status != naive::CompileStatus::kOk) CaseFailed("emulate_cases", source.name, compiled.detail);
  EmulateCase c;
  c.name = source.name;
  c.state = compiled.program.state;
  for (const a3xx::Instr& i : compiled.program.instrs) c.words.push_back(*a3xx::Encode(i));
  c.vector = CaseVector("emulate_cases", source, shader);
  return c;
}

}  // namespace

const std::vector<EmulateCase>& EmulateCases() {
  static const std::vector<EmulateCase> cases = [] {
    std::vector<EmulateCase> v;
    for (const CaseSource& s : kSources) v.push_back(Build(s));
    return v;
  }();
  return cases;
}

EmulateInput ParseEmulateInput(const uint8_t* data, size_t size) {
  EmulateInput in;
  if (size == 0) return in;
  in.case_index = (data[0] & 3) % EmulateCases().size();
  in.trap_hazards = (data[0] & 4) != 0;
  in.mask_shift_counts = (data[0] & 8) != 0;
  in.words = WordsFromBytes(data + 1, size - 1);
  return in;
}

std::string EmulateInputBytes(const EmulateInput& input) {
  const char head = static_cast<char>(input.case_index | (input.trap_hazards ? 4 : 0) | (input.mask_shift_counts ? 8 : 0));
  return std::string(1, head) + BytesFromWords(input.words);
}

}  // namespace shaderdiff::fuzz
