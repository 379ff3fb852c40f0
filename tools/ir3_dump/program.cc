// ir3 dump + TGSI shader -> a3xx::Program (program.h; README.md has the
// mapping and its sources).
#include "tools/ir3_dump/program.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>

#include "compiler/targets/a3xx/naive/sampler_state.h"
#include "compiler/targets/a3xx/naive/ubo_layout.h"
#include "emulator/a3xx/isa/assembler.h"
#include "emulator/a3xx/isa/codec.h"
#include "emulator/a3xx/isa/io_fields.h"
#include "tools/harness/corpus.h"

namespace shaderdiff::ir3_dump {

namespace {

using tgsi::File;
using tgsi::Semantic;

// r63.x: ir3's "no register" (regid(63, 0)).
constexpr uint16_t kNoReg = 4 * 63;

// The NIR varying slot name tgsi_to_nir gives a TGSI semantic (FS inputs,
// VS outputs); empty when it has none.
std::string VaryingSlot(Semantic name, uint32_t index) {
  switch (name) {
    case Semantic::kPosition: return "VARYING_SLOT_POS";
    case Semantic::kColor: return index == 0 ? "VARYING_SLOT_COL0" : "VARYING_SLOT_COL1";
    case Semantic::kBColor: return index == 0 ? "VARYING_SLOT_BFC0" : "VARYING_SLOT_BFC1";
    case Semantic::kFog: return "VARYING_SLOT_FOGC";
    case Semantic::kPSize: return "VARYING_SLOT_PSIZ";
    case Semantic::kGeneric: return "VARYING_SLOT_VAR" + std::to_string(index);
    case Semantic::kFace: return "VARYING_SLOT_FACE";
    case Semantic::kEdgeFlag: return "VARYING_SLOT_EDGE";
    case Semantic::kClipDist: return index == 0 ? "VARYING_SLOT_CLIP_DIST0" : "VARYING_SLOT_CLIP_DIST1";
    case Semantic::kClipVertex: return "VARYING_SLOT_CLIP_VERTEX";
    case Semantic::kTexCoord: return "VARYING_SLOT_TEX" + std::to_string(index);
    case Semantic::kPCoord: return "VARYING_SLOT_PNTC";
    case Semantic::kLayer: return "VARYING_SLOT_LAYER";
    case Semantic::kViewportIndex: return "VARYING_SLOT_VIEWPORT";
    default: return "";
  }
}

bool WritesAllCbufs(const tgsi::Shader& shader) {
  for (const tgsi::PropertyDecl& p : shader.properties) {
    if (p.name == tgsi::Property::kFsColor0WritesAllCbufs && p.value != 0) return true;
  }
  return false;
}

// One TGSI register of a declaration: file, index, semantic (index advanced
// along an array declaration), interpolation.
struct TgsiReg {
  File file;
  uint32_t index;
  std::optional<tgsi::SemanticDecl> semantic;
  const tgsi::Declaration* decl;
};

std::vector<TgsiReg> Registers(const tgsi::Shader& shader, File file) {
  std::vector<TgsiReg> out;
  for (const tgsi::Declaration& d : shader.declarations) {
    if (d.file != file) continue;
    for (uint64_t i = d.first; i <= d.last; ++i) {
      TgsiReg r{file, static_cast<uint32_t>(i), d.semantic, &d};
      if (r.semantic && d.array_id != 0) r.semantic->index += static_cast<uint32_t>(i - d.first);
      out.push_back(r);
    }
  }
  return out;
}

a3xx::VaryingInterp InterpOf(const tgsi::Declaration& d) {
  if (!d.interpolation) return a3xx::VaryingInterp::kPerspective;
  switch (*d.interpolation) {
    case tgsi::Interpolation::kConstant: return a3xx::VaryingInterp::kFlat;
    case tgsi::Interpolation::kLinear: return a3xx::VaryingInterp::kLinear;
    default: return a3xx::VaryingInterp::kPerspective;
  }
}

uint8_t WrittenComponents(const tgsi::Shader& shader, uint32_t index) {
  uint8_t m = 0;
  for (const tgsi::Instruction& in : shader.instructions) {
    for (const tgsi::DstOperand& d : in.dst) {
      if (d.reg.file != File::kOutput) continue;
      if (d.reg.index.indirect || d.reg.index.index == index) m |= d.write_mask;
    }
  }
  return m;
}

class Builder {
 public:
  Builder(const Dump& d, const tgsi::Shader& s, BuildResult* r) : d_(d), s_(s), r_(*r), st_(r->program.state) {}

  void Run() {
    fs_ = s_.processor == tgsi::Processor::kFragment;
    if (s_.processor != tgsi::Processor::kVertex && !fs_) return Unsupported("a3xx runs vertex and fragment shaders only");
    if (d_.stage != (fs_ ? "FRAG" : "VERT"))
      return Error("the dump is a " + d_.stage + " program, the shader a " + (fs_ ? "fragment" : "vertex") + " shader");
    st_.stage = fs_ ? a3xx::ShaderStage::kFragment : a3xx::ShaderStage::kVertex;
    if (d_.has_prefetch) return Unsupported("pre-dispatch texture fetches (@tex): not an a3xx feature");
    Instructions();
    if (failed()) return;
    Consts();
    if (failed()) return;
    if (fs_) FragmentIo(); else VertexIo();
    if (failed()) return;
    naive::SamplerState samplers = naive::SamplerBindingsFor(s_);
    if (!samplers.conflict.empty()) return Unsupported(samplers.conflict);
    st_.samplers = std::move(samplers.bindings);
    st_.full_regs = static_cast<uint16_t>(d_.full_regs);
    st_.half_regs = static_cast<uint16_t>(d_.half_regs);
  }

 private:
  bool failed() const { return r_.status != BuildStatus::kOk; }
  void Unsupported(std::string why) {
    if (failed()) return;
    r_.status = BuildStatus::kUnsupported;
    r_.detail = std::move(why);
  }
  void Error(std::string why) {
    if (failed()) return;
    r_.status = BuildStatus::kError;
    r_.detail = std::move(why);
  }

  void Instructions() {
    std::string text;
    bool all_words = true, any_word = false;
    for (const InstrLine& l : d_.instrs) {
      text += l.text + "\n";
      if (!l.label) {
        all_words &= l.word.has_value();
        any_word |= l.word.has_value();
      }
    }
    if (any_word && !all_words) return Error("some instruction lines carry their word and some do not");
    const a3xx::AsmResult assembled = a3xx::Assemble(text, a3xx::AsmSyntax::kMesa);
    if (!any_word) {
      if (!assembled.ok()) {
        const uint32_t k = assembled.error->line;
        const uint32_t line = k >= 1 && k <= d_.instrs.size() ? d_.instrs[k - 1].line : 0;
        return Error("line " + std::to_string(line) + ": our Mesa-syntax assembler cannot read it: " +
                     assembled.error->message);
      }
      r_.program.instrs = assembled.program;
      return;
    }
    size_t k = 0;  // index into the assembled program
    for (const InstrLine& l : d_.instrs) {
      if (l.label) continue;
      std::string why;
      std::optional<a3xx::Instr> in = a3xx::Decode(*l.word, &why);
      if (!in) {
        return Error("line " + std::to_string(l.line) + ": word " + a3xx::FormatWord(*l.word) + " (" + l.text +
                     ") does not decode: " + why);
      }
      if (assembled.ok() && k < assembled.program.size()) {
        const std::optional<uint64_t> mine = a3xx::Encode(assembled.program[k]);
        const std::optional<uint64_t> theirs = a3xx::Encode(*in);
        if (mine != theirs) {
          r_.text_disagreements.push_back("line " + std::to_string(l.line) + ": '" + l.text + "' assembles to " +
                                          (mine ? a3xx::FormatWord(*mine) : "nothing") + ", the word is " +
                                          a3xx::FormatWord(*l.word));
        }
      }
      ++k;
      r_.program.instrs.push_back(*in);
    }
    if (!assembled.ok()) {
      const uint32_t n = assembled.error->line;
      const uint32_t line = n >= 1 && n <= d_.instrs.size() ? d_.instrs[n - 1].line : 0;
      r_.text_disagreements.push_back("line " + std::to_string(line) +
                                      ": our Mesa-syntax assembler cannot read it: " + assembled.error->message);
    }
  }

  void Consts() {
    // Declared constants, by buffer.
    std::map<uint32_t, std::vector<uint32_t>> declared;
    for (const tgsi::Declaration& d : s_.declarations) {
      if (d.file != File::kConstant) continue;
      for (uint64_t i = d.first; i <= d.last; ++i) declared[d.dimension.value_or(0)].push_back(static_cast<uint32_t>(i));
    }
    // Sections the driver fills only for stages or features a VS + FS
    // pipeline without stream-out does not have (primitive params and map:
    // GS/tess; tfbo: stream-out; image dims, kernel params) stay zero, like
    // every const the state does not set; UBO addresses and driver params
    // are set here.
    if (const auto it = d_.offsets.find("ubo"); it != d_.offsets.end() && d_.num_ubos > 0) {
      if (!UboAddresses(it->second, declared)) return;
    }
    for (const UboRange& range : d_.ubo_ranges) {
      if (d_.consts_ubo >= 0 && range.block == static_cast<uint32_t>(d_.consts_ubo)) {
        ConstantDataRange(range);
        continue;
      }
      if (!declared.count(range.block)) {
        return Unsupported("ir3 pushes UBO " + std::to_string(range.block) +
                           " into the const file, which is no constant buffer of the shader (its constant "
                           "data? the dump has no '; consts_ubo:' line)");
      }
      for (uint32_t byte = range.start; byte < range.end; byte += 16) {
        st_.consts.push_back({range.block, byte / 16, static_cast<uint16_t>(range.offset_vec4 + (byte - range.start) / 16)});
      }
    }
    for (const Immediate& imm : d_.immediates) {
      st_.immediates.push_back({static_cast<uint16_t>(imm.vec4), {imm.words[0], imm.words[1], imm.words[2], imm.words[3]}});
    }
    if (const auto it = d_.offsets.find("driver_param"); it != d_.offsets.end()) {
      // The driver params (ir3_const.h: vertex id base, ..., user clip
      // planes) for a draw with base vertex 0, base instance 0 and no user
      // clip planes: all zero.
      const uint32_t vec4s = (d_.num_driver_params + 3) / 4;
      for (uint32_t k = 0; k < vec4s; ++k) st_.immediates.push_back({static_cast<uint16_t>(it->second + k), {0, 0, 0, 0}});
    }
  }

  // The UBO addresses (ir3_emit_ubos): UBO i's byte address in const scalar
  // 4 * vec4 + i (one 32-bit scalar per pointer below a5xx:
  // ir3_pointer_size), and its bytes in global memory, which the program
  // reads with ldg. Byte 16 * k of UBO i is CONST[i][k] (TGSI's buffer i),
  // so each buffer's range starts at index 0 and ends at its last declared
  // index. The driver's addresses are arbitrary; the glue takes our builds'
  // layout (ubo_layout.h). Returns false when it has set the verdict.
  bool UboAddresses(uint32_t vec4, const std::map<uint32_t, std::vector<uint32_t>>& declared) {
    uint64_t address = naive::kGlobalConstAddress;
    for (uint32_t i = 0; i < d_.num_ubos; ++i) {
      if (d_.consts_ubo >= 0 && i == static_cast<uint32_t>(d_.consts_ubo)) {
        Unsupported("ir3 reads its constant data (UBO " + std::to_string(i) +
                    ") through a pointer: the glue loads constant data into the const file only");
        return false;
      }
      const auto it = declared.find(i);
      if (it == declared.end()) {
        Unsupported("ir3 reads UBO " + std::to_string(i) + " through a pointer (c" + std::to_string(vec4) +
                    "), which is no constant buffer of the shader");
        return false;
      }
      uint32_t last = 0;
      for (uint32_t k : it->second) last = std::max(last, k);
      const uint32_t count = last + 1;
      st_.global_consts.push_back({i, 0, count, static_cast<uint32_t>(address), static_cast<uint16_t>(4 * vec4 + i)});
      address = naive::NextGlobalConstAddress(address, count);
    }
    return true;
  }

  // A range of the consts UBO: the shader's own constant data, which the
  // driver uploads from the binary (ir3_emit_constant_data: bytes start..end
  // at const vec4 `offset`, cut at constlen); words past the data are 0.
  void ConstantDataRange(const UboRange& range) {
    for (uint32_t byte = range.start; byte < range.end; byte += 16) {
      const uint32_t vec4 = range.offset_vec4 + (byte - range.start) / 16;
      if (d_.constlen && vec4 >= d_.constlen) break;
      a3xx::ImmediateConst imm{static_cast<uint16_t>(vec4), {0, 0, 0, 0}};
      for (uint32_t c = 0; c < 4; ++c) {
        const size_t word = byte / 4 + c;
        if (word < d_.constant_data.size()) imm.words[c] = d_.constant_data[word];
      }
      st_.immediates.push_back(imm);
    }
  }

  // The TGSI register whose slot name is `slot` among `regs`.
  const TgsiReg* BySlot(const std::vector<TgsiReg>& regs, const std::string& slot) {
    for (const TgsiReg& r : regs) {
      if (r.semantic && VaryingSlot(r.semantic->name, r.semantic->index) == slot) return &r;
    }
    return nullptr;
  }

  std::optional<TgsiReg> BySemantic(Semantic sem) {
    for (File f : {File::kInput, File::kSystemValue}) {
      for (const TgsiReg& r : Registers(s_, f)) {
        if (r.semantic && r.semantic->name == sem) return r;
      }
    }
    return std::nullopt;
  }

  a3xx::RegisterSpan Span(a3xx::IoField field, int first_component_reg, uint8_t mask, bool half) {
    return {field, static_cast<int16_t>(first_component_reg), mask, half};
  }

  void VertexIo() {
    for (const Input& in : d_.inputs) {
      if (in.reg.id == kNoReg) continue;  // r63.x: ir3 does not preload it
      if (in.name.rfind("VERT_ATTRIB_GENERIC", 0) == 0) {
        const uint32_t n = static_cast<uint32_t>(std::stoul(in.name.substr(19)));
        st_.inputs.push_back({n, Span(a3xx::IoField::kVsAttribute, in.reg.id, static_cast<uint8_t>(in.compmask), in.reg.half)});
      } else if (in.name == "SYSTEM_VALUE_VERTEX_ID" || in.name == "SYSTEM_VALUE_INSTANCE_ID") {
        const bool vtx = in.name == "SYSTEM_VALUE_VERTEX_ID";
        const std::optional<TgsiReg> r = BySemantic(vtx ? Semantic::kVertexId : Semantic::kInstanceId);
        if (!r) return Error("the dump reads " + in.name + ", the shader declares no such system value");
        st_.system_values.push_back({vtx ? "VERTEXID" : "INSTANCEID", r->index,
                                     Span(vtx ? a3xx::IoField::kVertexId : a3xx::IoField::kInstanceId, in.reg.id, 1,
                                          in.reg.half)});
      } else {
        return Unsupported("vertex input " + in.name + " (no a3xx field in our model)");
      }
    }
    const std::vector<TgsiReg> outs = Registers(s_, File::kOutput);
    for (const Output& o : d_.outputs) {
      const TgsiReg* r = BySlot(outs, o.name);
      if (!r) return Unsupported("vertex output " + o.name + " that no TGSI OUT declares");
      a3xx::IoField field = a3xx::IoField::kVsVarying;
      uint8_t mask = 0xF;
      if (o.name == "VARYING_SLOT_POS") field = a3xx::IoField::kVsPosition;
      else if (o.name == "VARYING_SLOT_PSIZ") field = a3xx::IoField::kVsPointSize, mask = 1;
      else mask = *a3xx::ProgrammedMask(field, WrittenComponents(s_, r->index) ? WrittenComponents(s_, r->index) : 0xF);
      st_.outputs.push_back({r->index, Span(field, o.reg.id, mask, o.reg.half)});
    }
  }

  void FragmentIo() {
    const std::vector<TgsiReg> ins = Registers(s_, File::kInput);
    bool have_ij = false;
    for (const Input& in : d_.inputs) {
      if (in.reg.id == kNoReg && !in.bary) continue;  // r63.x: not preloaded (ir3 found no use)
      if (in.name.rfind("VARYING_SLOT_", 0) == 0) {
        if (!in.bary) continue;  // declared but never fetched
        const TgsiReg* r = BySlot(ins, in.name);
        if (!r) return Error("the dump fetches varying " + in.name + ", which no TGSI IN declares");
        a3xx::VaryingBinding v;
        v.tgsi_index = r->index;
        v.inloc = static_cast<uint16_t>(in.inloc);
        v.mask = static_cast<uint8_t>(in.compmask);
        v.interp = InterpOf(*r->decl);
        st_.varyings.push_back(v);
      } else if (in.name == "SYSTEM_VALUE_BARYCENTRIC_PERSP_PIXEL" ||
                 in.name == "SYSTEM_VALUE_BARYCENTRIC_LINEAR_PIXEL") {
        // IJPERSPCENTERREGID / IJNONPERSPCENTERREGID. A vector has one
        // pair per lane, which every smooth input is interpolated with
        // (common/interpolation.h), so both fields preload that pair; the
        // state has one ij register, so a program wanting both in
        // different registers cannot be described.
        if (have_ij && st_.ij_reg != in.reg.id)
          return Unsupported("perspective and linear i/j pairs in two registers (the state has one ij register)");
        st_.ij_reg = in.reg.id;
        have_ij = true;
      } else if (in.name == "SYSTEM_VALUE_FRAG_COORD") {
        const std::optional<TgsiReg> r = BySemantic(Semantic::kPosition);
        if (!r) return Error("the dump reads gl_FragCoord, the shader declares no POSITION input");
        const a3xx::RegisterSpan span = Span(a3xx::IoField::kFragCoord, in.reg.id, static_cast<uint8_t>(in.compmask), in.reg.half);
        if (r->file == File::kSystemValue) st_.system_values.push_back({"POSITION", r->index, span});
        else st_.inputs.push_back({r->index, span});
      } else if (in.name == "SYSTEM_VALUE_FRONT_FACE") {
        const std::optional<TgsiReg> r = BySemantic(Semantic::kFace);
        if (!r) return Error("the dump reads the front-facing bit, the shader declares no FACE input");
        const a3xx::RegisterSpan span = Span(a3xx::IoField::kFrontFacing, in.reg.id, 1, in.reg.half);
        if (r->file == File::kSystemValue) st_.system_values.push_back({"FACE", r->index, span});
        else st_.inputs.push_back({r->index, span});
      } else {
        return Unsupported("fragment input " + in.name + " (no a3xx field in our model)");
      }
    }
    if (!st_.varyings.empty() && !have_ij) return Error("the dump fetches varyings but binds no ij_pixel register");
    st_.ij_preloaded = have_ij;
    const std::vector<TgsiReg> outs = Registers(s_, File::kOutput);
    const bool all_cbufs = WritesAllCbufs(s_);
    for (const Output& o : d_.outputs) {
      const TgsiReg* r = nullptr;
      for (const TgsiReg& t : outs) {
        const Semantic sem = t.semantic ? t.semantic->name : Semantic::kColor;
        const uint32_t idx = t.semantic ? t.semantic->index : 0;
        if (o.name == "FRAG_RESULT_DEPTH" && sem == Semantic::kPosition) r = &t;
        if (sem == Semantic::kColor && o.name == (all_cbufs ? std::string("FRAG_RESULT_COLOR")
                                                            : "FRAG_RESULT_DATA" + std::to_string(idx)))
          r = &t;
        if (r) break;
      }
      if (!r && (o.name == "FRAG_RESULT_STENCIL" || o.name == "FRAG_RESULT_SAMPLE_MASK"))
        return Unsupported("fragment output " + o.name + ": a3xx has no output field for it");
      if (!r) return Unsupported("fragment output " + o.name + " that no TGSI OUT declares");
      if (o.name == "FRAG_RESULT_DEPTH") {
        st_.outputs.push_back({r->index, Span(a3xx::IoField::kFsDepth, o.reg.id - 2, 0x4, o.reg.half)});
      } else {
        st_.outputs.push_back({r->index, Span(a3xx::IoField::kFsColor, o.reg.id, 0xF, o.reg.half)});
      }
    }
  }

  const Dump& d_;
  const tgsi::Shader& s_;
  BuildResult& r_;
  a3xx::ShaderState& st_;
  bool fs_ = false;
};

}  // namespace

BuildResult BuildProgram(const Dump& dump, const tgsi::Shader& shader) {
  BuildResult r;
  if (dump.failed) {
    r.status = BuildStatus::kUnsupported;
    r.detail = "Mesa's ir3 compiled nothing: " + *dump.failed;
    return r;
  }
  Builder b(dump, shader, &r);
  b.Run();
  return r;
}

BuildResult LoadProgram(const std::string& dump_path, const tgsi::Shader& shader) {
  BuildResult r;
  std::ifstream in(dump_path, std::ios::binary);
  if (!in) {
    r.status = BuildStatus::kError;
    r.detail = dump_path + ": cannot read the program dump";
    return r;
  }
  std::ostringstream text;
  text << in.rdbuf();
  ParseError error;
  const std::optional<Dump> dump = Parse(text.str(), &error);
  if (!dump) {
    r.status = BuildStatus::kError;
    r.detail = dump_path + ":" + std::to_string(error.line) + ": " + error.message;
    return r;
  }
  r = BuildProgram(*dump, shader);
  if (r.status != BuildStatus::kOk && r.detail.rfind("line ", 0) == 0) r.detail = dump_path + ": " + r.detail;
  return r;
}

std::string ProgramPathIn(const std::string& dir, uint64_t shader_hash) {
  const std::string path = dir + "/" + harness::HashHex(shader_hash) + ".txt";
  return std::ifstream(path) ? path : "";
}

}  // namespace shaderdiff::ir3_dump
