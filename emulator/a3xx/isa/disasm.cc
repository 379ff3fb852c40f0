// The disassembler: prints an instruction by walking its syntax template
// (syntax.def), letting each token print itself (syntax.cc). A program's
// word is checked against what its text assembles back to (disasm.h).
#include "emulator/a3xx/isa/disasm.h"

#include <cstdio>
#include <optional>

#include "emulator/a3xx/isa/assembler.h"
#include "emulator/a3xx/isa/codec.h"
#include "emulator/a3xx/isa/syntax_internal.h"

namespace shaderdiff::a3xx {

std::string Disassemble(const Instr& instr) {
  std::string out;
  for (const internal::Piece& piece : internal::TemplateOf(instr.info().syntax)) {
    if (piece.token == internal::Token::kLiteral) {
      out += piece.literal;
    } else {
      internal::PrintToken(piece.token, instr, &out);
    }
  }
  return out;
}

std::string DisassembleProgram(const std::vector<uint64_t>& words, const DisasmOptions& options) {
  std::string out;
  for (uint64_t word : words) {
    if (options.show_hex) out += FormatWord(word) + "  ";
    std::string error;
    if (auto instr = Decode(word, &error)) {
      const std::string text = Disassemble(*instr);
      out += text;
      // What the assembler gives back for the text (disasm.h): bits it
      // cannot give back are named, never silently dropped.
      const std::optional<Instr> again = AssembleInstr(text);
      const std::optional<uint64_t> back = again ? Encode(*again) : std::nullopt;
      const uint64_t lost = back ? *back ^ word : ~uint64_t{0};
      if (lost != 0) {
        char hex[19];
        std::snprintf(hex, sizeof hex, "0x%016llx", static_cast<unsigned long long>(lost));
        out += std::string("  ") + kBitsNotShown + hex;
      }
    } else {
      out += "; invalid: " + error;
    }
    out += '\n';
  }
  return out;
}

}  // namespace shaderdiff::a3xx
