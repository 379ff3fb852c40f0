// Disassemble and Assemble, both walking fields.def / enums.def. Lexing is
// the shared isa_common line lexer. See text.h for the syntax.
#include "emulator/r500/isa/text.h"

#include <charconv>

#include "emulator/isa_common/line_lexer.h"

namespace shaderdiff::r500 {
namespace {

bool AlwaysWritten(Domain d) {
  return d == Domain::kRgbOp || d == Domain::kAlphaOp || d == Domain::kTexOp || d == Domain::kFcOp;
}

std::optional<uint32_t> ParseNumber(std::string_view s) {
  int base = 10;
  if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
    s.remove_prefix(2);
    base = 16;
  }
  uint32_t v = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v, base);
  if (ec != std::errc() || end != s.data() + s.size() || s.empty()) return std::nullopt;
  return v;
}

std::string DomainNames(Domain d) {
  std::string names;
  for (const EnumValue& e : EnumTable())
    if (e.domain == d) names += (names.empty() ? "" : ", ") + std::string(e.name);
  return names;
}

std::variant<Instr, AsmError> AssembleLine(const isa_common::TextLine& line) {
  const isa_common::Token& head = line.tokens[0];
  std::optional<uint32_t> type = EnumByName(Domain::kType, head.text);
  if (!type)
    return AsmError{line.number, head.column,
                    "unknown instruction type '" + head.text + "' (alu, out, fc, tex)"};
  Instr in = EmptyInstr(static_cast<InstrType>(*type));
  std::array<bool, kFieldCount> seen{};
  for (size_t i = 1; i < line.tokens.size(); ++i) {
    const isa_common::Token& tok = line.tokens[i];
    const size_t eq = tok.text.find('=');
    const std::string name = tok.text.substr(0, eq);
    std::optional<Field> field = FieldByName(name);
    if (!field || *field == Field::kType)
      return AsmError{line.number, tok.column, "unknown field '" + name + "'"};
    const FieldInfo& info = Info(*field);
    if (!info.In(in.type()))
      return AsmError{line.number, tok.column,
                      "field '" + name + "' does not exist in a " + head.text + " instruction"};
    if (seen[static_cast<int>(*field)])
      return AsmError{line.number, tok.column, "field '" + name + "' given twice"};
    seen[static_cast<int>(*field)] = true;
    const int value_col = tok.column + static_cast<int>(eq) + 1;
    uint32_t value = 0;
    if (info.domain == Domain::kFlag) {
      if (eq != std::string::npos)
        return AsmError{line.number, tok.column, "flag '" + name + "' takes no value"};
      value = 1;
    } else if (eq == std::string::npos) {
      return AsmError{line.number, tok.column, "field '" + name + "' needs '=VALUE'"};
    } else if (info.domain == Domain::kNumber) {
      std::optional<uint32_t> n = ParseNumber(std::string_view(tok.text).substr(eq + 1));
      if (!n) return AsmError{line.number, value_col, "field '" + name + "' takes a number"};
      if (!InDomain(info.domain, info.width(), *n))
        return AsmError{line.number, value_col,
                        "value " + std::to_string(*n) + " does not fit field '" + name + "' (" +
                            std::to_string(info.width()) + " bits)"};
      value = *n;
    } else {
      std::optional<uint32_t> e = EnumByName(info.domain, tok.text.substr(eq + 1));
      if (!e)
        return AsmError{line.number, value_col,
                        "field '" + name + "' takes one of: " + DomainNames(info.domain)};
      value = *e;
    }
    in.Set(*field, value);
  }
  if (std::optional<Refusal> r = Validate(in))
    return AsmError{line.number, head.column, "the hardware cannot run this: " + r->reason};
  return in;
}

}  // namespace

std::string Disassemble(const Instr& in) {
  std::string out(TypeName(in.type()));
  for (const FieldInfo& f : FieldTable()) {
    if (f.field == Field::kType || !f.In(in.type())) continue;
    const uint32_t v = in.Get(f.field);
    if (v == 0 && !AlwaysWritten(f.domain)) continue;
    out += ' ';
    out += f.name;
    if (f.domain == Domain::kFlag) continue;
    out += '=';
    if (f.domain == Domain::kNumber) {
      out += std::to_string(v);
    } else {
      std::optional<std::string_view> n = EnumName(f.domain, v);
      out += n ? std::string(*n) : "?" + std::to_string(v);  // only for invalid instructions
    }
  }
  return out;
}

std::string AsmError::ToString() const {
  return std::to_string(line) + ":" + std::to_string(column) + ": error: " + message;
}

std::variant<std::vector<Instr>, AsmError> Assemble(std::string_view text) {
  std::vector<Instr> out;
  for (const isa_common::TextLine& line : isa_common::SplitLines(text)) {
    std::variant<Instr, AsmError> r = AssembleLine(line);
    if (auto* e = std::get_if<AsmError>(&r)) return *e;
    out.push_back(std::get<Instr>(r));
  }
  return out;
}

}  // namespace shaderdiff::r500
