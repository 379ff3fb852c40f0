// The disassembler: prints an instruction by walking its syntax template
// (syntax.def), letting each token print itself (syntax.cc).
#include "emulator/a3xx/isa/disasm.h"

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
      out += Disassemble(*instr);
    } else {
      out += "; invalid: " + error;
    }
    out += '\n';
  }
  return out;
}

}  // namespace shaderdiff::a3xx
