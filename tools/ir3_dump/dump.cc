// Parser of ir3's variant dump (dump.h). Line oriented: the header comment
// lines, '@' lines, instruction lines, then the trailing comment lines.
#include "tools/ir3_dump/dump.h"

#include <cctype>
#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <sstream>

namespace shaderdiff::ir3_dump {

namespace {

std::string_view Trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

bool StartsWith(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

std::optional<uint32_t> ParseUint(std::string_view s, int base = 10) {
  s = Trim(s);
  if (base == 16 && (StartsWith(s, "0x") || StartsWith(s, "0X"))) s.remove_prefix(2);
  uint32_t v = 0;
  const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v, base);
  if (ec != std::errc() || p != s.data() + s.size() || s.empty()) return std::nullopt;
  return v;
}

// "c12.x" -> 12 (only .x: ir3 prints vec4 offsets that way).
std::optional<uint32_t> ParseConstVec4(std::string_view s) {
  s = Trim(s);
  if (!StartsWith(s, "c") || s.size() < 4 || s.substr(s.size() - 2) != ".x") return std::nullopt;
  return ParseUint(s.substr(1, s.size() - 3));
}

// After "key:" in a "; key: value" line.
std::string_view ValueAfter(std::string_view line, std::string_view key) {
  return Trim(line.substr(line.find(key) + key.size()));
}

}  // namespace

std::optional<Reg> ParseReg(std::string_view text) {
  text = Trim(text);
  Reg r;
  if (StartsWith(text, "hr")) {
    r.half = true;
    text.remove_prefix(2);
  } else if (StartsWith(text, "r")) {
    text.remove_prefix(1);
  } else {
    return std::nullopt;
  }
  const size_t dot = text.find('.');
  if (dot == std::string_view::npos || dot + 2 != text.size()) return std::nullopt;
  const std::optional<uint32_t> n = ParseUint(text.substr(0, dot));
  const size_t c = std::string_view("xyzw").find(text[dot + 1]);
  if (!n || c == std::string_view::npos || *n > 63) return std::nullopt;
  r.id = static_cast<uint16_t>(4 * *n + c);
  return r;
}

namespace {

class Parser {
 public:
  Parser(Dump* d, ParseError* e) : d_(*d), e_(*e) {}

  bool Line(uint32_t n, std::string_view line) {
    n_ = n;
    const std::string_view t = Trim(line);
    if (t.empty()) return true;
    if (t[0] == ';') return Comment(Trim(t.substr(1)));
    if (t[0] == '@') return At(t);
    // The driver's debug output heads the dump with these.
    if (StartsWith(t, "Native code") || t == "SIMD0") return true;
    return Instruction(t);
  }

  bool Fail(std::string message) {
    e_.line = n_;
    e_.message = std::move(message);
    return false;
  }

 private:
  bool Comment(std::string_view c) {
    if (StartsWith(c, "ir3-failed:")) {
      d_.failed = std::string(ValueAfter(c, "ir3-failed:"));
      return true;
    }
    if (StartsWith(c, "note:")) return true;
    if (StartsWith(c, "consts_ubo:")) {
      uint32_t idx = 0;
      if (!Number(ValueAfter(c, "consts_ubo:"), &idx)) return false;
      d_.consts_ubo = static_cast<int32_t>(idx);
      return true;
    }
    if (StartsWith(c, "constant_data:")) return ConstantData(ValueAfter(c, "constant_data:"));
    if (StartsWith(c, "num_ubos:")) return Number(ValueAfter(c, "num_ubos:"), &d_.num_ubos);
    if (StartsWith(c, "num_driver_params:"))
      return Number(ValueAfter(c, "num_driver_params:"), &d_.num_driver_params);
    if (c == "offsets:") {
      section_ = Section::kOffsets;
      return true;
    }
    if (c == "ubo_state:") {
      section_ = Section::kUboState;
      return true;
    }
    if (StartsWith(c, "num_enabled:")) return true;  // the ranges follow
    if (StartsWith(c, "range[")) {
      d_.ubo_ranges.emplace_back();
      return true;
    }
    if (StartsWith(c, "block:")) return RangeField(&UboRange::block, ValueAfter(c, "block:"));
    if (StartsWith(c, "bindless_base:")) return Fail("bindless UBO range (not an a3xx program)");
    if (StartsWith(c, "offset:")) {
      if (d_.ubo_ranges.empty()) return Fail("'offset:' outside a ubo range");
      const std::optional<uint32_t> v = ParseConstVec4(ValueAfter(c, "offset:"));
      if (!v) return Fail("bad const offset '" + std::string(c) + "'");
      d_.ubo_ranges.back().offset_vec4 = *v;
      return true;
    }
    if (StartsWith(c, "size:")) return RangeSize(ValueAfter(c, "size:"));
    // "; VERT: outputs: ..." / "; FRAG: inputs: ..."
    for (const char* stage : {"VERT", "FRAG", "GEOM", "TCS", "TES", "CL", "COMPUTE"}) {
      const std::string s(stage);
      if (StartsWith(c, s + ": outputs:")) return Outputs(s, c.substr(s.size() + 10));
      if (StartsWith(c, s + ": inputs:")) return Inputs(s, c.substr(s.size() + 9));
      if (StartsWith(c, s + " prog ")) return Stats(s, c);
    }
    if (section_ == Section::kOffsets) {
      // "ubo:   c4.x", "driver_param:  c8.x", ...
      const size_t colon = c.find(':');
      if (colon != std::string_view::npos) {
        const std::optional<uint32_t> v = ParseConstVec4(c.substr(colon + 1));
        if (v) {
          d_.offsets[std::string(Trim(c.substr(0, colon)))] = *v;
          return true;
        }
      }
    }
    // Named registers after the statistics: "; pos: r1.x", "; pos (ij_pixel): r0.x".
    const size_t colon = c.rfind(':');
    if (colon != std::string_view::npos) {
      if (const std::optional<Reg> r = ParseReg(c.substr(colon + 1))) {
        d_.named[std::string(Trim(c.substr(0, colon)))] = *r;
        return true;
      }
    }
    return Fail("unrecognized comment line '; " + std::string(c) + "'");
  }

  // "0x3f800000 0x00000000 ...": the constant data's words.
  bool ConstantData(std::string_view v) {
    while (!(v = Trim(v)).empty()) {
      const size_t end = std::min(v.find(' '), v.size());
      const std::string word(v.substr(0, end));
      char* stop = nullptr;
      const unsigned long long w = std::strtoull(word.c_str(), &stop, 16);
      if (word.size() != 10 || word.rfind("0x", 0) != 0 || *stop || w > 0xffffffffull) {
        return Fail("constant_data: bad word '" + word + "'");
      }
      d_.constant_data.push_back(static_cast<uint32_t>(w));
      v = v.substr(end);
    }
    return true;
  }

  bool Number(std::string_view v, uint32_t* out) {
    const std::optional<uint32_t> n = ParseUint(v);
    if (!n) return Fail("not a number: '" + std::string(v) + "'");
    *out = *n;
    return true;
  }

  bool RangeField(uint32_t UboRange::*field, std::string_view v) {
    if (d_.ubo_ranges.empty()) return Fail("range field outside a ubo range");
    return Number(v, &(d_.ubo_ranges.back().*field));
  }

  // "4 vec4 (0b -> 64b)"
  bool RangeSize(std::string_view v) {
    if (d_.ubo_ranges.empty()) return Fail("'size:' outside a ubo range");
    const size_t open = v.find('('), arrow = v.find("->"), close = v.find(')');
    if (open == std::string_view::npos || arrow == std::string_view::npos || close == std::string_view::npos)
      return Fail("bad ubo range size '" + std::string(v) + "'");
    std::string_view a = Trim(v.substr(open + 1, arrow - open - 1));
    std::string_view b = Trim(v.substr(arrow + 2, close - arrow - 2));
    if (!a.empty() && a.back() == 'b') a.remove_suffix(1);
    if (!b.empty() && b.back() == 'b') b.remove_suffix(1);
    const std::optional<uint32_t> s = ParseUint(a), e = ParseUint(b);
    if (!s || !e || *e < *s || (*s % 16) || (*e % 16)) return Fail("bad ubo range size '" + std::string(v) + "'");
    d_.ubo_ranges.back().start = *s;
    d_.ubo_ranges.back().end = *e;
    return true;
  }

  bool SetStage(const std::string& s) {
    if (!d_.stage.empty() && d_.stage != s) return Fail("stage " + s + " after " + d_.stage);
    d_.stage = s;
    return true;
  }

  // " r1.x (VARYING_SLOT_POS) r2.x (VARYING_SLOT_VAR0)"
  bool Outputs(const std::string& stage, std::string_view rest) {
    if (!SetStage(stage)) return false;
    std::istringstream in{std::string(rest)};
    std::string reg, name;
    while (in >> reg) {
      if (!(in >> name) || name.size() < 3 || name.front() != '(' || name.back() != ')')
        return Fail("bad output entry after '" + reg + "'");
      const std::optional<Reg> r = ParseReg(reg);
      if (!r) return Fail("bad output register '" + reg + "'");
      d_.outputs.push_back({*r, name.substr(1, name.size() - 2)});
    }
    return true;
  }

  // " r0.x (VERT_ATTRIB_GENERIC0 slot=15 cm=f,il=0,b=0) ..."
  bool Inputs(const std::string& stage, std::string_view rest) {
    if (!SetStage(stage)) return false;
    while (true) {
      rest = Trim(rest);
      if (rest.empty()) return true;
      const size_t open = rest.find('('), close = rest.find(')');
      if (open == std::string_view::npos || close == std::string_view::npos || close < open)
        return Fail("bad input entry '" + std::string(rest) + "'");
      Input in;
      const std::optional<Reg> r = ParseReg(rest.substr(0, open));
      if (!r) return Fail("bad input register '" + std::string(Trim(rest.substr(0, open))) + "'");
      in.reg = *r;
      std::string_view body = rest.substr(open + 1, close - open - 1);
      rest = rest.substr(close + 1);
      const size_t sp = body.find(' ');
      if (sp == std::string_view::npos) return Fail("bad input entry '(" + std::string(body) + ")'");
      in.name = std::string(body.substr(0, sp));
      std::string fields(body.substr(sp + 1));
      for (char& ch : fields) ch = ch == ',' ? ' ' : ch;
      std::istringstream fs(fields);
      std::string kv;
      int seen = 0;
      while (fs >> kv) {
        const size_t eq = kv.find('=');
        if (eq == std::string::npos) return Fail("bad input field '" + kv + "'");
        const std::string k = kv.substr(0, eq);
        const std::string_view v = std::string_view(kv).substr(eq + 1);
        std::optional<uint32_t> n = ParseUint(v, k == "cm" ? 16 : 10);
        if (!n) return Fail("bad input field '" + kv + "'");
        if (k == "slot") in.slot = *n, seen |= 1;
        else if (k == "cm") in.compmask = *n, seen |= 2;
        else if (k == "il") in.inloc = *n, seen |= 4;
        else if (k == "b") in.bary = *n != 0, seen |= 8;
        else return Fail("unknown input field '" + kv + "'");
      }
      if (seen != 15) return Fail("input entry '(" + std::string(body) + ")' lacks a field");
      d_.inputs.push_back(std::move(in));
    }
  }

  // "VERT prog 1/1: 12 instr, 3 nops, ..." and "... 0 half, 3 full, 4 constlen"
  bool Stats(const std::string& stage, std::string_view c) {
    if (!SetStage(stage)) return false;
    const size_t colon = c.find(':');
    std::string body(c.substr(colon + 1));
    for (char& ch : body) ch = ch == ',' ? ' ' : ch;
    std::istringstream in(body);
    std::string num, what;
    while (in >> num >> what) {
      const std::optional<uint32_t> n = ParseUint(num);
      if (!n) continue;  // e.g. "-1 half": no half registers
      if (what == "instr") d_.instr_count = *n;
      else if (what == "nops") d_.nops = *n;
      else if (what == "half") d_.half_regs = *n;
      else if (what == "full") d_.full_regs = *n;
      else if (what == "constlen") d_.constlen = *n;
    }
    return true;
  }

  bool At(std::string_view t) {
    if (StartsWith(t, "@in(")) {
      const size_t close = t.find(')');
      const std::optional<Reg> r = close == std::string_view::npos ? std::nullopt : ParseReg(t.substr(4, close - 4));
      if (!r) return Fail("bad @in line");
      d_.preloads.push_back(*r);
      return true;
    }
    if (StartsWith(t, "@tex(")) {
      d_.has_prefetch = true;
      return true;
    }
    if (StartsWith(t, "@const(")) {
      const size_t close = t.find(')');
      const std::optional<uint32_t> v =
          close == std::string_view::npos ? std::nullopt : ParseConstVec4(t.substr(7, close - 7));
      if (!v) return Fail("bad @const line");
      Immediate imm;
      imm.vec4 = *v;
      std::string words(t.substr(close + 1));
      for (char& ch : words) ch = ch == ',' ? ' ' : ch;
      std::istringstream in(words);
      std::string w;
      int k = 0;
      while (in >> w) {
        const std::optional<uint32_t> n = ParseUint(w, 16);
        if (!n || k == 4) return Fail("bad @const word '" + w + "'");
        imm.words[k++] = *n;
      }
      if (k != 4) return Fail("@const line with " + std::to_string(k) + " words");
      d_.immediates.push_back(imm);
      return true;
    }
    return Fail("unknown '@' line");
  }

  // ":2:0003:0005[20244000x_00000000x] text" or plain text.
  bool Instruction(std::string_view t) {
    InstrLine il;
    il.line = n_;
    if (t[0] == ':') {
      const size_t open = t.find('['), close = t.find(']');
      if (open == std::string_view::npos || close == std::string_view::npos || close < open)
        return Fail("bad raw instruction prefix");
      const std::string_view w = t.substr(open + 1, close - open - 1);  // "20244000x_00000000x"
      if (w.size() != 19 || w[8] != 'x' || w[9] != '_' || w[18] != 'x') return Fail("bad raw word '" + std::string(w) + "'");
      const std::optional<uint32_t> hi = ParseUint(w.substr(0, 8), 16), lo = ParseUint(w.substr(10, 8), 16);
      if (!hi || !lo) return Fail("bad raw word '" + std::string(w) + "'");
      il.word = (static_cast<uint64_t>(*hi) << 32) | *lo;
      t = Trim(t.substr(close + 1));
    }
    il.text = std::string(t);
    // A label line (the raw form repeats the next instruction's word on it).
    il.label = t.size() > 1 && t.back() == ':' && t.find(' ') == std::string_view::npos;
    if (il.label) il.word.reset();
    d_.instrs.push_back(std::move(il));
    return true;
  }

  enum class Section { kNone, kOffsets, kUboState };
  Dump& d_;
  ParseError& e_;
  uint32_t n_ = 0;
  Section section_ = Section::kNone;
};

}  // namespace

std::optional<Dump> Parse(std::string_view text, ParseError* error) {
  Dump d;
  ParseError scratch;
  Parser p(&d, error ? error : &scratch);
  uint32_t n = 0;
  while (!text.empty()) {
    const size_t nl = text.find('\n');
    const std::string_view line = text.substr(0, nl);
    text = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
    if (!p.Line(++n, line)) return std::nullopt;
  }
  if (d.failed) return d;
  if (d.stage.empty()) {
    p.Fail("no '; STAGE: outputs:' line: not an ir3 variant dump");
    return std::nullopt;
  }
  return d;
}

}  // namespace shaderdiff::ir3_dump
