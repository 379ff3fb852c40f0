#include "compiler/targets/a3xx/naive/test_util.h"

#include <gtest/gtest.h>

#include <sstream>
#include <vector>

#include "compiler/tgsi/parser.h"
#include "compiler/tgsi/printer.h"
#include "emulator/a3xx/isa/codec.h"
#include "emulator/a3xx/isa/disasm.h"

namespace shaderdiff::naive::testing {

CompileResult CompileText(std::string_view tgsi) {
  tgsi::ParseResult parsed = tgsi::ParseShader(tgsi);
  EXPECT_TRUE(parsed.ok()) << (parsed.error ? parsed.error->ToString("<test>") : "");
  return CompileA3xxNaive(parsed.shader);
}

std::string Listing(const CompileResult& result, std::string_view tgsi, bool body_only) {
  // TGSI instruction lines as the printer writes them ("  3: MUL ...").
  std::vector<std::string> lines;
  tgsi::ParseResult parsed = tgsi::ParseShader(tgsi);
  if (parsed.ok()) {
    std::istringstream printed(tgsi::PrintShader(parsed.shader));
    std::string line;
    while (std::getline(printed, line)) {
      const size_t colon = line.find(": ");
      if (colon != std::string::npos && colon <= 4 && line.find_first_not_of(' ') < colon) lines.push_back(line);
    }
  }
  std::string out;
  int32_t last = -2;
  for (size_t i = 0; i < result.program.instrs.size(); ++i) {
    const int32_t src = result.source_map[i];
    if (body_only && src < 0) continue;
    if (src != last && src >= 0) {
      out += "; ";
      out += static_cast<size_t>(src) < lines.size() ? lines[src].substr(lines[src].find_first_not_of(' '))
                                                     : std::to_string(src);
      out += "\n";
    }
    last = src;
    out += a3xx::Disassemble(result.program.instrs[i]) + "\n";
  }
  return out;
}

std::optional<std::string> CheckProgram(const a3xx::Program& program) {
  const auto& instrs = program.instrs;
  if (instrs.empty() || instrs.size() % 4 != 0) return "length " + std::to_string(instrs.size()) + " not a multiple of 4";
  bool ended = false;
  for (size_t i = 0; i < instrs.size(); ++i) {
    if (auto why = a3xx::Validate(instrs[i])) return "instruction " + std::to_string(i) + ": " + *why;
    std::string error;
    if (!a3xx::Encode(instrs[i], &error)) return "instruction " + std::to_string(i) + " does not encode: " + error;
    if (ended && instrs[i].opcode != a3xx::Opcode::NOP) return "instruction after end: " + std::to_string(i);
    if (instrs[i].opcode == a3xx::Opcode::END) {
      if (ended) return "two ends";
      ended = true;
    }
  }
  if (!ended) return "no end";
  for (const a3xx::Instr& in : instrs) {
    if (in.opcode == a3xx::Opcode::BR || in.opcode == a3xx::Opcode::JUMP) {
      // Resolved: offsets land inside the program on a (jp) instruction.
      const int64_t target = (&in - instrs.data()) + in.branch;
      if (target < 0 || target >= static_cast<int64_t>(instrs.size())) return "branch out of the program";
      if (!instrs[target].has_flag(a3xx::kFlagJp)) return "branch target without (jp)";
    }
  }
  return std::nullopt;
}

}  // namespace shaderdiff::naive::testing
