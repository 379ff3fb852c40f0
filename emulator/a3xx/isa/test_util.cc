// Test helpers (test_util.h).
#include "emulator/a3xx/isa/test_util.h"

namespace shaderdiff::a3xx {

void PrintTo(const Instr& instr, std::ostream* os) {
  *os << "[" << Disassemble(instr) << "] " << DebugString(instr);
}

void PrintTo(const Operand& operand, std::ostream* os) { *os << DebugString(operand); }

namespace testing_util {

const std::vector<EncodingVector>& BlobVectors() {
  static const std::vector<EncodingVector> v = {
      {"57305b00_00002000", "(sy)(ss)(rpt3)bary.f hr0.x, (r)0, r0.x", "a3xx blob (freedreno wiki)"},
      {"47304b04_00002004", "(rpt3)bary.f hr1.x, (r)4, r0.x", "a3xx blob (freedreno wiki)"},
      {"40080b04_00044000", "(rpt3)add.f hr1.x, (neg)(r)hr0.x, (r)hr1.x", "a3xx blob (freedreno wiki)"},
      {"4730c808_00002008", "bary.f (ei)hr2.x, (r)8, r0.x", "a3xx blob (freedreno wiki)"},
      {"00000200_00000000", "(rpt2)nop", "a3xx blob (freedreno wiki)"},
      {"63020300_20008008", "(rpt3)mad.f16 hr0.x, hr2.x, (r)hr1.x, (r)hr0.x", "a3xx blob (freedreno wiki)"},
      {"03000000_00000000", "end", "a3xx blob (freedreno wiki)"},
  };
  return v;
}

const std::vector<EncodingVector>& MesaVectors() {
  static const std::vector<EncodingVector> v = {
      {"00800000_00000004", "br p0.x, #4", "Mesa tests/disasm.c"},
      {"00900000_00000003", "br !p0.x, #3", "Mesa tests/disasm.c"},
      {"20244000_00000020", "mov.f32f32 r0.x, c8.x", "Mesa tests/disasm.c"},
      {"20150000_00000000", "cov.s32s16 hr0.x, r0.x", "Mesa tests/disasm.c"},
      {"20156004_00000c11", "(ul)mov.s32s32 r1.x, c<a0.x + 17>", "Mesa tests/disasm.c"},
      {"201100f4_00000000", "mova a0.x, hr0.x", "Mesa tests/disasm.c"},
      {"20174004_00000008", "mov.s32s32 r<a0.x + 4>, r2.x", "Mesa tests/disasm.c"},
      {"20244905_00000410", "(rpt1)mov.f32f32 r1.y, (r)c260.x", "Mesa tests/disasm.c"},
      {"40104002_0c210001", "add.f hr0.z, r0.y, c<a0.x + 33>", "Mesa tests/disasm.c"},
      {"40a500f8_2c000004", "cmps.f.ne p0.x, hr1.x, h(0.0)",
       "Mesa tests/disasm.c (float-LUT immediate: a6xx discovery, uncertain on a3xx)"},
      {"42380c01_00040001", "(sat)(nop3) add.s r0.y, r0.y, r1.x",
       "Mesa tests/disasm.c ((nopN): a6xx, uncertain on a3xx)"},
      {"63820005_10315030", "mad.f32 r1.y, (neg)c12.x, r1.x, c12.y", "Mesa tests/disasm.c"},
      {"64848109_109a9099", "(rpt1)sel.b32 r2.y, c38.y, (r)r2.y, c38.z", "Mesa tests/disasm.c"},
      {"8010000a_00000003", "rcp r2.z, r0.w", "Mesa tests/disasm.c"},
      {"a0c00f00_04400002", "sam (f16)(xyzw)hr0.x, hr0.y, s#2, t#2", "Mesa tests/disasm.c"},
      {"a1000f00_00000004", "samb (f16)(xyzw)hr0.x, hr0.z, hr0.x, s#0, t#0", "Mesa tests/disasm.c"},
      {"c0460001_01804001", "ldl.u32 r0.y, l[r0.y], 1", "Mesa tests/disasm.c"},
      {"c1060500_01800008", "stl.u32 l[r0.z], r1.x, 1", "Mesa tests/disasm.c"},
      {"c0060006_0181800f", "ldg.u32 r1.z, g[r1.z+7], 1", "Mesa tests/disasm.c"},
      {"c0ca0505_03800042", "stg.s32 g[r0.z+5], r8.y, 3", "Mesa tests/disasm.c"},
  };
  return v;
}

std::optional<std::string> CheckRoundTrip(const Instr& instr) {
  std::string error;
  const std::string text = Disassemble(instr);
  const std::string where = " [" + text + "] " + DebugString(instr);
  auto word = Encode(instr, &error);
  if (!word) return "Encode failed: " + error + where;
  if (!FixedBits(instr.opcode).Matches(*word)) return "word " + FormatWord(*word) + " misses FixedBits" + where;
  auto back = Decode(*word, &error);
  if (!back) return "Decode(" + FormatWord(*word) + ") failed: " + error + where;
  if (*back != instr) return "Decode(Encode(i)) != i: got " + DebugString(*back) + where;
  if (Disassemble(*back) != text) return "Disassemble(Decode) differs: " + Disassemble(*back) + where;
  auto parsed = AssembleInstr(text, &error);
  if (!parsed) return "AssembleInstr failed: " + error + where;
  if (*parsed != instr) return "Assemble(Disassemble(i)) != i: got " + DebugString(*parsed) + where;
  return std::nullopt;
}

std::optional<std::string> CheckWordRoundTrip(uint64_t word) {
  std::string line = DisassembleProgram({word});
  if (!line.empty() && line.back() == '\n') line.pop_back();
  const std::string where = " [" + line + "] word " + FormatWord(word);
  AsmError error;
  const std::optional<std::vector<uint64_t>> back = AssembleToWords(line, &error);
  if (!back) return "the disassembly does not assemble: " + error.ToString() + where;
  if (back->size() != 1) return "the disassembly assembles to " + std::to_string(back->size()) + " words" + where;
  const uint64_t differ = (*back)[0] ^ word;
  if (differ == 0) return std::nullopt;
  const std::string marker = std::string(kBitsNotShown) + "0x";
  const size_t at = line.find(marker);
  if (at == std::string::npos) {
    return "assembles to " + FormatWord((*back)[0]) + " and the line does not say so" + where;
  }
  const uint64_t said = std::stoull(line.substr(at + marker.size(), 16), nullptr, 16);
  if (said != differ) return "the line names bits it does not show other than those lost" + where;
  // Only bits the decoder itself ignores may be lost: anything it decodes
  // the text must show.
  const std::optional<Instr> decoded = Decode(word);
  const std::optional<uint64_t> canonical = decoded ? Encode(*decoded) : std::nullopt;
  if (!canonical || (*canonical ^ word) != differ) {
    return "the text loses bits the decoder keeps (lost " + FormatWord(differ) + ")" + where;
  }
  return std::nullopt;
}

}  // namespace testing_util
}  // namespace shaderdiff::a3xx
