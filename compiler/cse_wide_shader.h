// Test shaders with more live SSA scalars than a3xx registers while their
// TGSI registers fit the selection's fixed map (spill_test,
// private_array_test).
#pragma once

#include <string>
#include <vector>

namespace shaderdiff::compiler {

// What a caller adds to the shape below.
struct WideExtras {
  std::string declarations;              // after DCL TEMP[0..temps]
  std::vector<std::string> first_lines;  // instructions before the products
  std::string accumulator_init = "IN[0]";
};

// `temps` products IN[0] * IMM[i] go to TEMP[i], are overwritten by
// TEMP[i] + IN[1], and after an IF the products are computed again, which
// CSE replaces by the first ones, so at the IF both generations are live:
// 8 * temps scalars. TEMP[temps] accumulates into OUT[0].
inline std::string CseWideShader(int temps, const WideExtras& extras = {}) {
  std::string s = "VERT\nDCL IN[0]\nDCL IN[1]\nDCL OUT[0], POSITION\nDCL TEMP[0.." + std::to_string(temps) + "]\n" +
                  extras.declarations;
  for (int i = 0; i < temps; ++i) {
    s += "IMM[" + std::to_string(i) + "] FLT32 {" + std::to_string(i + 1) + ".5, " + std::to_string(i + 2) +
         ".25, " + std::to_string(i + 3) + ".125, " + std::to_string(i + 4) + ".0}\n";
  }
  int n = 0;
  auto line = [&](const std::string& t) { s += "  " + std::to_string(n++) + ": " + t + "\n"; };
  const std::string acc = "TEMP[" + std::to_string(temps) + "]";
  auto t = [](int i) { return "TEMP[" + std::to_string(i) + "]"; };
  auto imm = [](int i) { return "IMM[" + std::to_string(i) + "]"; };
  for (const std::string& l : extras.first_lines) line(l);
  for (int i = 0; i < temps; ++i) line("MUL " + t(i) + ", IN[0], " + imm(i));
  for (int i = 0; i < temps; ++i) line("ADD " + t(i) + ", " + t(i) + ", IN[1]");
  line("MOV " + acc + ", " + extras.accumulator_init);
  line("IF IN[1].xxxx");
  line("  ADD " + acc + ", " + acc + ", IN[1]");
  line("ENDIF");
  for (int i = 0; i < temps; ++i) {
    line("ADD " + acc + ", " + acc + ", " + t(i));
    line("MUL " + t(i) + ", IN[0], " + imm(i));
    line("ADD " + acc + ", " + acc + ", " + t(i));
  }
  line("MOV OUT[0], " + acc);
  line("END");
  return s;
}

}  // namespace shaderdiff::compiler
