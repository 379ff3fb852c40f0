// `shaderdiff disasm|asm --target r500`: R500 fragment programs as raw
// little-endian 32-bit dwords, six per instruction (inst0..inst5, the
// GA_US_VECTOR_DATA upload order), or as hex text with one instruction of
// six 8-digit dwords per line; the text syntax is emulator/r500/isa/text.h.
#include <fstream>
#include <iostream>

#include "emulator/isa_common/line_lexer.h"
#include "emulator/r500/isa/text.h"
#include "tools/shaderdiff/cli.h"
#include "tools/shaderdiff/commands.h"

namespace shaderdiff::cli {
namespace {

std::string HexInstr(const r500::Words& w) {
  std::string out;
  char buf[16];
  for (int d = 0; d < r500::kDwords; ++d) {
    std::snprintf(buf, sizeof buf, "%s%08x", d ? " " : "", w[d]);
    out += buf;
  }
  return out;
}

std::optional<std::vector<r500::Words>> ReadR500(const std::string& path, bool hex) {
  std::optional<std::string> data = ReadFile(path);
  if (!data) return std::nullopt;
  std::vector<r500::Words> program;
  if (hex) {
    // One instruction per line: six 8-digit dwords; '#' / ';' comments
    // (the assemblers' lexer, emulator/isa_common/line_lexer.h).
    for (const isa_common::TextLine& line : isa_common::SplitLines(*data)) {
      r500::Words w{};
      for (int d = 0; d < r500::kDwords; ++d) {
        const bool present = d < static_cast<int>(line.tokens.size());
        const std::string token = present ? line.tokens[d].text : "";
        if (token.size() != 8 || token.find_first_not_of("0123456789abcdefABCDEF") != std::string::npos) {
          const isa_common::Token& last = line.tokens.back();
          const size_t column = present ? line.tokens[d].column : last.column + last.text.size() + 1;
          std::cerr << path << ":" << line.number << ":" << column << ": error: expected dword " << d
                    << " of 6 as 8 hex digits\n";
          return std::nullopt;
        }
        w[d] = static_cast<uint32_t>(std::stoul(token, nullptr, 16));
      }
      if (line.tokens.size() > static_cast<size_t>(r500::kDwords)) {
        std::cerr << path << ":" << line.number << ":" << line.tokens[r500::kDwords].column
                  << ": error: more than 6 dwords on one line\n";
        return std::nullopt;
      }
      program.push_back(w);
    }
    return program;
  }
  constexpr size_t kBytes = 4 * r500::kDwords;
  if (data->size() % kBytes != 0) {
    std::cerr << path << ": instruction " << data->size() / kBytes << ": error: only " << data->size() % kBytes
              << " of its " << kBytes << " bytes (the file's " << data->size()
              << " bytes are not a whole number of 6-dword instructions)\n";
    return std::nullopt;
  }
  for (size_t i = 0; i < data->size(); i += kBytes) {
    r500::Words w{};
    for (int d = 0; d < r500::kDwords; ++d)
      for (int b = 3; b >= 0; --b) w[d] = (w[d] << 8) | static_cast<uint8_t>((*data)[i + 4 * d + b]);
    program.push_back(w);
  }
  return program;
}

}  // namespace

int DisasmR500(const std::string& file, bool hex, bool show_hex) {
  std::optional<std::vector<r500::Words>> program = ReadR500(file, hex);
  if (!program) return kExitFailure;
  int invalid = 0;
  for (size_t n = 0; n < program->size(); ++n) {
    std::variant<r500::Instr, r500::Refusal> d = r500::Decode((*program)[n]);
    const std::string prefix = show_hex ? HexInstr((*program)[n]) + "  " : "";
    if (auto* in = std::get_if<r500::Instr>(&d)) {
      std::cout << prefix << r500::Disassemble(*in) << "\n";
      continue;
    }
    ++invalid;
    const std::string& why = std::get<r500::Refusal>(d).reason;
    std::cout << "; invalid: " << HexInstr((*program)[n]) << ": " << why << "\n";
    std::cerr << file << ": instruction " << n << ": error: " << HexInstr((*program)[n])
              << " does not decode: " << why << "\n";
  }
  if (invalid) std::cerr << file << ": error: " << invalid << " instruction(s) do not decode\n";
  return invalid ? kExitFailure : kExitOk;
}

int AsmR500(const std::string& file, const std::optional<std::string>& output) {
  std::optional<std::string> text = ReadFile(file);
  if (!text) return kExitFailure;
  std::variant<std::vector<r500::Instr>, r500::AsmError> a = r500::Assemble(*text);
  if (auto* e = std::get_if<r500::AsmError>(&a)) {
    std::cerr << file << ":" << e->ToString() << "\n";
    return kExitFailure;
  }
  std::vector<r500::Words> program;
  for (const r500::Instr& in : std::get<std::vector<r500::Instr>>(a))
    program.push_back(std::get<r500::Words>(r500::Encode(in)));  // Assemble validated every one
  if (!output) {
    for (const r500::Words& w : program) std::cout << HexInstr(w) << "\n";
    return kExitOk;
  }
  std::ofstream out(ResolvePath(*output), std::ios::binary | std::ios::trunc);
  for (const r500::Words& w : program)
    for (uint32_t d : w)
      for (int b = 0; b < 4; ++b) out.put(static_cast<char>((d >> (8 * b)) & 0xff));
  out.flush();
  if (!out) {
    std::cerr << *output << ": error: cannot write\n";
    return kExitFailure;
  }
  return kExitOk;
}

}  // namespace shaderdiff::cli
