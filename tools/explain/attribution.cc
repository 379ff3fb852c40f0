// Attribute (attribution.h): the culprit's good and bad compiles, compared
// per TGSI instruction.
#include "tools/explain/attribution.h"

#include <regex>

#include "compiler/pipeline.h"
#include "emulator/a3xx/isa/disasm.h"

namespace shaderdiff::explain {

namespace {

bool CodeOf(const tgsi::Shader& shader, const bisect::Selection& s, int32_t tgsi, std::vector<std::string>* out) {
  compiler::OptOptions o;
  o.opt_bisect_limit = s.limit;
  o.opt_bisect_allowed = s.allowed;
  const compiler::OptResult r = compiler::CompileA3xxOpt(shader, o);
  if (r.status != naive::CompileStatus::kOk) return false;
  static const std::regex reg(R"(\b(h?r)[0-9]+\.[xyzw]\b)");
  for (size_t i = 0; i < r.program.instrs.size() && i < r.source_map.size(); ++i) {
    if (r.source_map[i] != tgsi || r.program.instrs[i].opcode == a3xx::Opcode::NOP) continue;
    out->push_back(std::regex_replace(a3xx::Disassemble(r.program.instrs[i]), reg, "$1#"));
  }
  return true;
}

}  // namespace

Attribution Attribute(const tgsi::Shader& shader, const bisect::Selection& good, const bisect::Selection& bad,
                      int32_t tgsi_index) {
  Attribution a;
  a.compiled = CodeOf(shader, good, tgsi_index, &a.good_code) && CodeOf(shader, bad, tgsi_index, &a.bad_code);
  a.changed = a.compiled && a.good_code != a.bad_code;
  return a;
}

}  // namespace shaderdiff::explain
