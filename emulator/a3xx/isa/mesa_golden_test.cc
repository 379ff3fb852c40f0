// Mesa's a3xx assembly syntax, both ways, over every row of
// testdata/mesa_disasm_golden.txt (words with the text Mesa's own
// disassembler printed for them; tools/mesa_golden/make_golden.py):
//   disasm: DisassembleProgram(word, Mesa syntax) prints Mesa's text (a
//           trailing "; bits not shown" comment aside);
//   asm:    Assemble(Mesa's text, Mesa syntax) gives back the word, except
//           the bits the disassembly names as not shown (Mesa's text drops
//           them: "%f" cat1 float immediates, the high half of f16/s16
//           cat1 immediates, the type of dsxpp.1/dsypp.1 when it is not
//           the destination's precision), and then it differs in exactly
//           those bits.
// Rows of opcodes whose a3xx encoding our table does not pin down
// (Cat6Unsupported: the legacy cat6 forms) must still not decode: the
// decoder refuses them, and the test counts them as not matched.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "emulator/a3xx/isa/assembler.h"
#include "emulator/a3xx/isa/codec.h"
#include "emulator/a3xx/isa/disasm.h"

namespace shaderdiff::a3xx {
namespace {

constexpr const char* kGolden = "emulator/a3xx/isa/testdata/mesa_disasm_golden.txt";

struct Row {
  int line = 0;
  uint64_t word = 0;
  Opcode opcode = Opcode::NOP;
  std::string text;  // Mesa's, lines joined by '\n'
};

std::vector<Row> ReadGolden() {
  static const std::map<std::string, Opcode> kByName = {
#define A3XX_OP(NAME, MNEM, CAT, OPC, FMT, SYN, DST, NSRC, S0, S1, S2, FLAGS, PREC, LAT) {#NAME, Opcode::NAME},
#include "emulator/a3xx/isa/opcodes.def"
#undef A3XX_OP
  };
  std::ifstream in(kGolden);
  EXPECT_TRUE(in.good()) << kGolden;
  std::vector<Row> rows;
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> cols;
    for (size_t start = 0;;) {
      const size_t tab = line.find('\t', start);
      cols.push_back(line.substr(start, tab == std::string::npos ? tab : tab - start));
      if (tab == std::string::npos) break;
      start = tab + 1;
    }
    EXPECT_GE(cols.size(), 4u) << kGolden << ":" << n;
    if (cols.size() < 4) continue;
    // Mesa follows some texts with "\t; dontcare bits in ...: ...".
    for (size_t i = 4; i < cols.size(); ++i) cols[3] += "\t" + cols[i];
    auto op = kByName.find(cols[1]);
    EXPECT_NE(op, kByName.end()) << kGolden << ":" << n << ": unknown opcode row " << cols[1];
    if (op == kByName.end()) continue;
    Row row{n, std::stoull(cols[0], nullptr, 16), op->second, cols[3]};
    for (size_t at; (at = row.text.find(" \\n ")) != std::string::npos;) row.text.replace(at, 4, "\n");
    rows.push_back(row);
  }
  return rows;
}

// The text without the per-line "  ; bits not shown: 0x..." comments, and
// the bits they name.
std::string StripNotShown(const std::string& text, uint64_t* not_shown) {
  std::string out;
  *not_shown = 0;
  for (size_t start = 0; start < text.size();) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(start, end - start);
    const size_t comment = line.find(std::string("  ") + kBitsNotShown);
    if (comment != std::string::npos) {
      *not_shown |= std::stoull(line.substr(comment + 2 + std::string(kBitsNotShown).size()), nullptr, 16);
      line.resize(comment);
    }
    if (!out.empty()) out += '\n';
    out += line;
    start = end + 1;
  }
  return out;
}

TEST(MesaGolden, BothDirectionsOverEveryRow) {
  const std::vector<Row> rows = ReadGolden();
  ASSERT_GT(rows.size(), 1000u);
  std::map<int, int> rows_by_cat, disasm_ok, asm_ok, lossy;
  int legacy = 0, failures = 0;
  for (const Row& row : rows) {
    const OpcodeInfo& info = GetOpcodeInfo(row.opcode);
    const std::string where = std::string(kGolden) + ":" + std::to_string(row.line) + ": " + FormatWord(row.word);
    if (!info.supported()) {
      ++legacy;
      EXPECT_FALSE(Decode(row.word)) << where << ": a legacy cat6 form now decodes; test it both ways";
      continue;
    }
    const int cat = static_cast<int>(info.category);
    ++rows_by_cat[cat];
    uint64_t not_shown = 0;
    const std::string ours = StripNotShown(DisassembleProgram({row.word}, {.syntax = AsmSyntax::kMesa}), &not_shown);
    if (ours == row.text + "\n" || ours == row.text) {
      ++disasm_ok[cat];
    } else if (++failures <= 20) {
      ADD_FAILURE() << where << ": disasm prints\n  " << ours << "\nMesa prints\n  " << row.text;
    }
    AsmError error;
    const auto words = AssembleToWords(row.text, &error, AsmSyntax::kMesa);
    if (!words || words->size() != 1) {
      if (++failures <= 20) ADD_FAILURE() << where << ": asm refuses Mesa's text '" << row.text << "': " << error.ToString();
      continue;
    }
    if ((*words)[0] == row.word) {
      ++asm_ok[cat];
    } else if (((*words)[0] ^ row.word) == not_shown && not_shown != 0) {
      ++lossy[cat];
    } else if (++failures <= 20) {
      ADD_FAILURE() << where << ": asm of Mesa's text '" << row.text << "' gives " << FormatWord((*words)[0]);
    }
  }
  EXPECT_EQ(failures, 0);
  for (const auto& [cat, n] : rows_by_cat) {
    std::printf("cat%d: %d rows, disasm matches %d, asm gives the word back %d, %d more only up to the bits Mesa's "
                "text drops\n",
                cat, n, disasm_ok[cat], asm_ok[cat], lossy[cat]);
  }
  std::printf("legacy cat6 forms (not decoded, not matched): %d rows\n", legacy);
}

}  // namespace
}  // namespace shaderdiff::a3xx
