// The disassembler: prints an instruction by walking its syntax template
// (syntax.def) in the chosen dialect, letting each token print itself
// (syntax.cc). A program's word is checked against what its text assembles
// back to (disasm.h); in Mesa's syntax a program's forward branch targets
// get labels as Mesa prints them.
#include "emulator/a3xx/isa/disasm.h"

#include <cstdio>
#include <optional>
#include <set>

#include "emulator/a3xx/isa/assembler.h"
#include "emulator/a3xx/isa/codec.h"
#include "emulator/a3xx/isa/syntax_internal.h"

namespace shaderdiff::a3xx {
namespace {

// Mesa's branch target of instruction n: n plus the 16-bit field read
// unsigned (ir3.xml decodes IMMED as 32 bits, a3xx keeps 15:0), so only
// forward targets inside the program get a label.
std::optional<size_t> MesaBranchTarget(const Instr& instr, size_t n, size_t num_words) {
  if (!instr.info().has(kOpBranch)) return std::nullopt;
  const size_t target = n + static_cast<size_t>(instr.branch & 0xffff);
  if (target >= num_words) return std::nullopt;
  return target;
}

std::string MesaLabel(size_t target) { return "l" + std::to_string(target); }

}  // namespace

std::string Disassemble(const Instr& instr, AsmSyntax syntax) {
  std::string out;
  for (const internal::Piece& piece : internal::TemplateOf(instr.info().syntax, syntax)) {
    if (piece.token == internal::Token::kLiteral) {
      out += piece.literal;
    } else {
      internal::PrintToken(piece, instr, syntax, &out);
    }
  }
  return out;
}

std::string DisassembleProgram(const std::vector<uint64_t>& words, const DisasmOptions& options) {
  const bool mesa = options.syntax == AsmSyntax::kMesa;
  std::vector<std::optional<Instr>> decoded;
  std::vector<std::string> errors(words.size());
  std::set<size_t> targets;
  for (size_t n = 0; n < words.size(); ++n) {
    decoded.push_back(Decode(words[n], &errors[n]));
    if (mesa && decoded.back()) {
      if (auto t = MesaBranchTarget(*decoded.back(), n, words.size())) targets.insert(*t);
    }
  }
  std::string out;
  for (size_t n = 0; n < words.size(); ++n) {
    if (targets.count(n)) out += MesaLabel(n) + ":\n";
    if (options.show_hex) out += FormatWord(words[n]) + "  ";
    if (const std::optional<Instr>& instr = decoded[n]) {
      std::string text = Disassemble(*instr, options.syntax);
      // What the assembler gives back for the text (disasm.h): bits it
      // cannot give back are named, never silently dropped.
      const std::optional<Instr> again = AssembleInstr(text, nullptr, options.syntax);
      const std::optional<uint64_t> back = again ? Encode(*again) : std::nullopt;
      const uint64_t lost = back ? *back ^ words[n] : ~uint64_t{0};
      if (mesa) {
        if (auto t = MesaBranchTarget(*instr, n, words.size())) {
          text = text.substr(0, text.rfind('#') + 1) + MesaLabel(*t);
        }
      }
      out += text;
      if (lost != 0) {
        char hex[19];
        std::snprintf(hex, sizeof hex, "0x%016llx", static_cast<unsigned long long>(lost));
        out += std::string("  ") + kBitsNotShown + hex;
      }
    } else {
      out += "; invalid: " + errors[n];
    }
    out += '\n';
  }
  return out;
}

}  // namespace shaderdiff::a3xx
