// Decode: tgsi::Shader -> Program (see decode.h for what is resolved and the
// invariants a decoded Program guarantees).
#include "emulator/tgsi/decode.h"

#include <algorithm>
#include <map>
#include <string>
#include <tuple>

#include "compiler/tgsi/limits.h"
#include "compiler/tgsi/opcode.h"
#include "emulator/tgsi/ops.h"

namespace shaderdiff::tgsi_exec {
namespace {

using tgsi::File;
using tgsi::Opcode;

// Storage caps: tgsi_exec has 4096 temporaries; other files are far smaller
// in practice. Direct indices beyond a cap are rejected (never allocated).
constexpr uint32_t kMaxTemps = 4096;
constexpr uint32_t kMaxOtherRegs = 1024;
constexpr uint32_t kMaxConstRegs = 16384;
constexpr uint32_t kMaxAddrRegs = 16;
// SVIEW declarations keep a texture target per index: as many as any
// implementation has (limits.def).
const uint32_t kMaxSamplerViews = tgsi::RegisterLimitOf(File::kSamplerView)->registers;

struct Decoder {
  const tgsi::Shader& shader;
  Program p;

  // `at`: the source position of the instruction or declaration at fault
  // (none for a whole-shader property).
  void Fail(common::ExecStatus status, std::string detail, tgsi::SourceLocation at = {}) {
    if (!p.ok) return;
    p.ok = false;
    p.status = status;
    p.detail = std::move(detail);
    p.error_location = at;
  }

  tgsi::SourceLocation At(uint32_t pc) const {
    return pc < shader.instructions.size() ? shader.instructions[pc].location : tgsi::SourceLocation{};
  }

  static void Grow(FileLayout& f, uint32_t size) {
    if (size > f.size) {
      f.size = size;
      f.declared.resize(size, 0);
    }
  }

  ConstLayout& ConstFor(uint32_t buffer) {
    for (auto& c : p.consts) {
      if (c.buffer == buffer) return c;
    }
    p.consts.push_back(ConstLayout{buffer, 0, {}});
    return p.consts.back();
  }

  FileLayout* LayoutFor(Space s) {
    switch (s) {
      case Space::kTemp: return &p.temp;
      case Space::kOut: return &p.out;
      case Space::kAddr: return &p.addr;
      case Space::kIn: return &p.in;
      case Space::kSv: return &p.sv;
      default: return nullptr;
    }
  }

  // Registers a file may have; kResource files other than SVIEW keep
  // nothing per register, so their declarations cost nothing.
  static uint64_t CapFor(Space s) {
    switch (s) {
      case Space::kTemp: return kMaxTemps;
      case Space::kAddr: return kMaxAddrRegs;
      case Space::kConst: return kMaxConstRegs;
      case Space::kResource: case Space::kNull: case Space::kImm: return uint64_t{1} << 32;
      default: return kMaxOtherRegs;
    }
  }

  static Space SpaceOf(File f) {
    switch (f) {
      case File::kNull: return Space::kNull;
      case File::kTemporary: return Space::kTemp;
      case File::kOutput: return Space::kOut;
      case File::kAddress: return Space::kAddr;
      case File::kInput: return Space::kIn;
      case File::kSystemValue: return Space::kSv;
      case File::kConstant: return Space::kConst;
      case File::kImmediate: return Space::kImm;
      default: return Space::kResource;
    }
  }

  bool IsGsLike() const {
    return p.stage == tgsi::Processor::kGeometry || p.stage == tgsi::Processor::kTessEval;
  }

  void Declarations() {
    for (const auto& prop : shader.properties) {
      if (prop.name == tgsi::Property::kGsInputPrimitive && p.stage == tgsi::Processor::kGeometry) {
        p.gs_vertices = VerticesFor(prop.value);
        p.gs_inputs_required = true;
      } else if (prop.name == tgsi::Property::kGsMaxOutputVertices) {
        p.gs_max_vertices_set = true;
        p.gs_max_vertices = prop.value;
      }
    }
    if (IsGsLike() && p.gs_vertices == 0) p.gs_vertices = p.stage == tgsi::Processor::kGeometry ? 6 : 32;
    // Ranges are walked with 64-bit counters and checked against a cap
    // before anything is sized by them: `last + 1` never wraps, and a loop
    // to `last` ends even at UINT32_MAX.
    for (const auto& d : shader.declarations) {
      const uint64_t first = d.first, last = d.last;
      if (last < first) {
        Fail(common::ExecStatus::kError,
             "declaration range " + std::to_string(first) + ".." + std::to_string(last) + " is empty", d.location);
        return;
      }
      const Space s = SpaceOf(d.file);
      const uint64_t cap = d.file == File::kSamplerView ? kMaxSamplerViews : CapFor(s);
      if (last >= cap) {
        Fail(common::ExecStatus::kError,
             std::string(tgsi::Name(d.file)) + " declaration beyond index " + std::to_string(cap - 1), d.location);
        return;
      }
      switch (s) {
        case Space::kTemp:
        case Space::kOut:
        case Space::kAddr:
        case Space::kIn:
        case Space::kSv: {
          FileLayout& f = *LayoutFor(s);
          Grow(f, static_cast<uint32_t>(last + 1));
          for (uint64_t i = first; i <= last; ++i) f.declared[i] = 1;
          if (d.array_id != 0) f.arrays.push_back({d.array_id, d.first, d.last});
          if (s == Space::kOut) {
            for (uint64_t i = first; i <= last; ++i) p.declared_outputs.push_back(static_cast<uint32_t>(i));
          }
          if (s == Space::kIn) {
            for (uint64_t i = first; i <= last; ++i) p.declared_inputs.push_back(static_cast<uint32_t>(i));
          }
          if (s == Space::kSv) {
            if (p.sv_semantic.size() <= last) {
              p.sv_semantic.resize(last + 1, tgsi::Semantic::kGeneric);
              p.sv_declared.resize(last + 1, 0);
            }
            for (uint64_t i = first; i <= last; ++i) {
              p.sv_semantic[i] = d.semantic ? d.semantic->name : tgsi::Semantic::kGeneric;
              p.sv_declared[i] = d.semantic ? 1 : 0;
            }
          }
          break;
        }
        case Space::kConst: {
          ConstLayout& c = ConstFor(d.dimension.value_or(0));
          if (c.size < last + 1) {
            c.size = static_cast<uint32_t>(last + 1);
            c.declared.resize(c.size, 0);
          }
          for (uint64_t i = first; i <= last; ++i) c.declared[i] = 1;
          break;
        }
        default:
          if (d.file == File::kSamplerView) {
            if (p.sview_target.size() <= last) p.sview_target.resize(last + 1, tgsi::TextureTarget::kUnknown);
            for (uint64_t i = first; i <= last; ++i) p.sview_target[i] = d.sview_target;
          }
          break;
      }
    }
    std::sort(p.declared_outputs.begin(), p.declared_outputs.end());
    p.declared_outputs.erase(std::unique(p.declared_outputs.begin(), p.declared_outputs.end()),
                             p.declared_outputs.end());
    std::sort(p.declared_inputs.begin(), p.declared_inputs.end());
    p.declared_inputs.erase(std::unique(p.declared_inputs.begin(), p.declared_inputs.end()),
                            p.declared_inputs.end());
    for (const auto& imm : shader.immediates) {
      for (int c = 0; c < 4; ++c) p.imm.push_back(Val{imm.words[c], Reason::kNone, Reason::kNone});
    }
  }

  // Mesa's u_vertices_per_prim for GS_INPUT_PRIMITIVE (kPrimitiveNames order).
  static uint32_t VerticesFor(uint32_t prim) {
    switch (prim) {
      case 0: return 1;                  // POINTS
      case 1: case 2: case 3: return 2;  // LINES, LINE_LOOP, LINE_STRIP
      case 10: case 11: return 4;        // LINES_ADJACENCY, LINE_STRIP_ADJACENCY
      case 12: case 13: return 6;        // TRIANGLES_ADJACENCY, TRIANGLE_STRIP_ADJACENCY
      case 7: case 8: return 4;          // QUADS, QUAD_STRIP
      default: return 3;
    }
  }

  // How '-' / '|x|' act on source `s` of `op` (docs/tgsi.md 3.3).
  static ModType ModFor(Opcode op, int s) {
    const auto& info = tgsi::GetOpcodeInfo(op);
    switch (op) {
      case Opcode::UCMP: return s == 0 ? ModType::kInt : ModType::kFloat;
      case Opcode::DLDEXP:
      case Opcode::U64SHL:
      case Opcode::I64SHR:
      case Opcode::U64SHR:
        return s == 1 ? ModType::kInt : ModType::kNone64;
      default: break;
    }
    switch (info.src_type) {
      case tgsi::DataType::F:
      case tgsi::DataType::X: return ModType::kFloat;
      case tgsi::DataType::I:
      case tgsi::DataType::U: return ModType::kInt;
      default: return ModType::kNone64;
    }
  }

  bool DecodeIndex(const tgsi::Bracket& b, DIndex& out, uint32_t pc) {
    out.base = b.indirect ? b.offset : static_cast<int32_t>(b.index);
    if (!b.indirect && b.index > 0x7fffffffu) {
      Fail(common::ExecStatus::kError, "register index too large", At(pc));
      return false;
    }
    if (b.indirect) {
      if (b.indirect->file != File::kAddress) {
        Fail(common::ExecStatus::kUnsupported,
             "indirect addressing through " + std::string(tgsi::Name(b.indirect->file)), At(pc));
        return false;
      }
      if (b.indirect->index >= kMaxAddrRegs) {
        Fail(common::ExecStatus::kError, "ADDR index too large", At(pc));
        return false;
      }
      out.indirect = true;
      out.addr_reg = static_cast<uint8_t>(b.indirect->index);
      out.addr_comp = b.indirect->component & 3;
      Grow(p.addr, b.indirect->index + 1);
    }
    return true;
  }

  // Makes sure a direct index has storage.
  bool Reserve(Space s, const DIndex& idx, bool two_d, const DIndex& dim, uint32_t pc) {
    if (s == Space::kConst) {
      if (two_d && dim.indirect) return true;  // buffer chosen per lane
      ConstLayout& c = ConstFor(two_d ? static_cast<uint32_t>(dim.base) : 0);
      if (!idx.indirect) {
        if (static_cast<uint32_t>(idx.base) >= kMaxConstRegs) {
          Fail(common::ExecStatus::kError, "CONST index too large", At(pc));
          return false;
        }
        if (c.size < static_cast<uint32_t>(idx.base) + 1) {
          c.size = idx.base + 1;
          c.declared.resize(c.size, 0);
        }
      }
      return true;
    }
    if (s == Space::kImm) {
      if (idx.indirect) return true;
      if (static_cast<size_t>(idx.base) * 4 >= p.imm.size()) {
        Fail(common::ExecStatus::kError, "IMM[" + std::to_string(idx.base) + "] is not defined", At(pc));
        return false;
      }
      return true;
    }
    FileLayout* f = LayoutFor(s);
    if (!f) return true;
    if (s == Space::kIn && IsGsLike() && two_d) {
      if (static_cast<uint32_t>(idx.base) >= kGsVertexStride) {
        Fail(common::ExecStatus::kError, "GS input attribute index beyond 31", At(pc));
        return false;
      }
      return true;  // GS input storage is sized from the vertex count
    }
    if (!idx.indirect) {
      if (static_cast<uint32_t>(idx.base) >= CapFor(s)) {
        Fail(common::ExecStatus::kError, "register index " + std::to_string(idx.base) + " too large", At(pc));
        return false;
      }
      Grow(*f, idx.base + 1);
    }
    return true;
  }

  void Instructions() {
    const size_t n = shader.instructions.size();
    p.insts.resize(n);
    const HandlerTable& table = Handlers();
    for (size_t pc = 0; pc < n && p.ok; ++pc) {
      const tgsi::Instruction& src = shader.instructions[pc];
      DInst& d = p.insts[pc];
      d.op = src.opcode;
      d.pc = static_cast<uint32_t>(pc);
      d.saturate = src.saturate;
      const auto& info = tgsi::GetOpcodeInfo(src.opcode);
      if (src.src.size() != info.num_src || src.dst.size() != info.num_dst || src.src.size() > 5 ||
          src.dst.size() > 2) {
        Fail(common::ExecStatus::kError, "wrong operand count for " + std::string(info.name), At(pc));
        return;
      }
      d.fn = table.fn[static_cast<size_t>(src.opcode)];
      if (!d.fn) {
        Fail(common::ExecStatus::kUnsupported, "opcode " + std::string(info.name));
        return;
      }
      d.num_src = static_cast<uint8_t>(src.src.size());
      d.num_dst = static_cast<uint8_t>(src.dst.size());
      if (src.texture_target) d.target = *src.texture_target;
      for (size_t s = 0; s < src.src.size(); ++s) {
        const tgsi::SrcOperand& so = src.src[s];
        DSrc& ds = d.src[s];
        ds.space = SpaceOf(so.reg.file);
        if (ds.space == Space::kNull) {
          Fail(common::ExecStatus::kError, "NULL source operand", At(pc));
          return;
        }
        if (!DecodeIndex(so.reg.index, ds.index, d.pc)) return;
        ds.array_id = so.reg.index.array_id;
        if (so.reg.dimension) {
          ds.two_d = true;
          if (!DecodeIndex(*so.reg.dimension, ds.dim, d.pc)) return;
          if (ds.space != Space::kConst && !(ds.space == Space::kIn && IsGsLike()) &&
              ds.space != Space::kResource) {
            Fail(common::ExecStatus::kUnsupported,
                 "2-D " + std::string(tgsi::Name(so.reg.file)) + " operand", At(pc));
            return;
          }
        }
        if (ds.space == Space::kIn && IsGsLike() && !ds.two_d && p.stage == tgsi::Processor::kGeometry) {
          // A per-primitive input read without a vertex index (DCL IN[][2],
          // PRIM_ID then IN[2].x), as Mesa prints and runs such shaders:
          // tgsi_exec's 2-D index defaults to 0, and the draw module stores
          // per-primitive values in every vertex, so vertex 0 is read.
          ds.two_d = true;
          ds.dim = DIndex{};
        }
        for (int c = 0; c < 4; ++c) ds.swz[c] = so.swizzle[c] & 3;
        ds.neg = so.negate;
        ds.abs = so.absolute;
        ds.mod = ModFor(src.opcode, static_cast<int>(s));
        if ((ds.neg || ds.abs) && ds.mod == ModType::kNone64) {
          Fail(common::ExecStatus::kUnsupported, "source modifier on a 64-bit operand", At(pc));
          return;
        }
        if (ds.space != Space::kResource && !Reserve(ds.space, ds.index, ds.two_d, ds.dim, d.pc)) return;
      }
      for (size_t k = 0; k < src.dst.size(); ++k) {
        const tgsi::DstOperand& dop = src.dst[k];
        DDst& dd = d.dst[k];
        dd.space = SpaceOf(dop.reg.file);
        dd.mask = dop.write_mask & 0xF;
        if (dd.space != Space::kNull && dd.space != Space::kTemp && dd.space != Space::kOut &&
            dd.space != Space::kAddr) {
          Fail(common::ExecStatus::kUnsupported,
               "destination file " + std::string(tgsi::Name(dop.reg.file)), At(pc));
          return;
        }
        if (dop.reg.dimension) {
          Fail(common::ExecStatus::kUnsupported, "2-D destination", At(pc));
          return;
        }
        if (!DecodeIndex(dop.reg.index, dd.index, d.pc)) return;
        dd.array_id = dop.reg.index.array_id;
        if (dd.space != Space::kNull && !Reserve(dd.space, dd.index, false, DIndex{}, d.pc)) return;
      }
      if (!src.tex_offsets.empty()) {
        const tgsi::TexOffset& t = src.tex_offsets[0];
        d.offset.present = true;
        d.offset.space = SpaceOf(t.file);
        d.offset.index = t.index;
        d.offset.swz = {static_cast<uint8_t>(t.swizzle[0] & 3), static_cast<uint8_t>(t.swizzle[1] & 3),
                        static_cast<uint8_t>(t.swizzle[2] & 3)};
        if (d.offset.space != Space::kImm && d.offset.space != Space::kConst &&
            d.offset.space != Space::kTemp) {
          Fail(common::ExecStatus::kUnsupported, "texture offset file", At(pc));
          return;
        }
        DIndex idx;
        idx.base = static_cast<int32_t>(t.index);
        if (!Reserve(d.offset.space, idx, false, DIndex{}, d.pc)) return;
      }
    }
  }

  // INTERP_CENTROID re-interpolates a fragment input (docs/tgsi.md 2.9:
  // src0 must be INPUT): any other operand, or the opcode outside a
  // fragment shader, is an error. A program that has one reads the IN
  // file's centroid twin there (Program::interp_centroid).
  void CentroidReads() {
    for (const DInst& d : p.insts) {
      if (d.op != Opcode::INTERP_CENTROID) continue;
      if (p.stage != tgsi::Processor::kFragment) {
        Fail(common::ExecStatus::kError, "INTERP_CENTROID outside a fragment shader", At(d.pc));
        return;
      }
      if (d.src[0].space != Space::kIn) {
        Fail(common::ExecStatus::kError, "INTERP_CENTROID needs an IN operand", At(d.pc));
        return;
      }
      p.interp_centroid = true;
    }
  }

  void Flow() {
    struct Open {
      Opcode op;
      uint32_t pc;
      bool has_else;
    };
    std::vector<Open> st;
    const uint32_t n = static_cast<uint32_t>(p.insts.size());
    p.case_lists.assign(n, {0, 0});
    std::vector<std::vector<uint32_t>> cases(n);
    int ifs = 0, loops = 0, switches = 0;
    auto name = [](Opcode op) { return std::string(tgsi::OpcodeName(op)); };
    for (uint32_t pc = 0; pc < n && p.ok; ++pc) {
      DInst& d = p.insts[pc];
      const Opcode op = d.op;
      auto top_is = [&](std::initializer_list<Opcode> ops) {
        if (st.empty()) return false;
        for (Opcode o : ops) {
          if (st.back().op == o) return true;
        }
        return false;
      };
      switch (op) {
        case Opcode::IF:
        case Opcode::UIF:
          if (++ifs > kMaxNesting) return Fail(common::ExecStatus::kError, "IF nesting deeper than 32", At(pc));
          st.push_back({op, pc, false});
          break;
        case Opcode::ELSE:
          if (!top_is({Opcode::IF, Opcode::UIF}) || st.back().has_else)
            return Fail(common::ExecStatus::kError, "ELSE without IF", At(pc));
          p.insts[st.back().pc].j0 = static_cast<int32_t>(pc);
          st.back().has_else = true;
          break;
        case Opcode::ENDIF: {
          if (!top_is({Opcode::IF, Opcode::UIF}))
            return Fail(common::ExecStatus::kError, "ENDIF without IF", At(pc));
          DInst& open = p.insts[st.back().pc];
          open.j1 = static_cast<int32_t>(pc);
          if (open.j0 >= 0) p.insts[open.j0].j1 = static_cast<int32_t>(pc);
          st.pop_back();
          --ifs;
          break;
        }
        case Opcode::BGNLOOP:
          if (++loops > kMaxNesting) return Fail(common::ExecStatus::kError, "loop nesting deeper than 32", At(pc));
          st.push_back({op, pc, false});
          break;
        case Opcode::ENDLOOP:
          if (!top_is({Opcode::BGNLOOP})) return Fail(common::ExecStatus::kError, "ENDLOOP without BGNLOOP", At(pc));
          p.insts[st.back().pc].j1 = static_cast<int32_t>(pc);
          d.j0 = static_cast<int32_t>(st.back().pc);
          st.pop_back();
          --loops;
          break;
        case Opcode::SWITCH:
          if (++switches > kMaxNesting)
            return Fail(common::ExecStatus::kError, "SWITCH nesting deeper than 32", At(pc));
          st.push_back({op, pc, false});
          break;
        case Opcode::CASE:
        case Opcode::DEFAULT:
          if (!top_is({Opcode::SWITCH}))
            return Fail(common::ExecStatus::kError, name(op) + " outside SWITCH", At(pc));
          d.j0 = static_cast<int32_t>(st.back().pc);
          cases[st.back().pc].push_back(pc);
          break;
        case Opcode::ENDSWITCH:
          if (!top_is({Opcode::SWITCH})) return Fail(common::ExecStatus::kError, "ENDSWITCH without SWITCH", At(pc));
          p.insts[st.back().pc].j1 = static_cast<int32_t>(pc);
          st.pop_back();
          --switches;
          break;
        case Opcode::BGNSUB:
          if (!st.empty()) return Fail(common::ExecStatus::kError, "BGNSUB inside control flow", At(pc));
          st.push_back({op, pc, false});
          break;
        case Opcode::ENDSUB:
          if (!top_is({Opcode::BGNSUB})) return Fail(common::ExecStatus::kError, "ENDSUB without BGNSUB", At(pc));
          p.insts[st.back().pc].j1 = static_cast<int32_t>(pc);
          st.pop_back();
          break;
        case Opcode::BRK:
        case Opcode::BREAKC:
        case Opcode::CONT: {
          int32_t target = -1;
          for (size_t i = st.size(); i-- > 0;) {
            const Opcode o = st[i].op;
            if (o == Opcode::BGNSUB) break;
            if (o == Opcode::BGNLOOP || (o == Opcode::SWITCH && op == Opcode::BRK)) {
              target = static_cast<int32_t>(st[i].pc);
              break;
            }
          }
          if (target < 0) return Fail(common::ExecStatus::kError, name(op) + " outside a loop", At(pc));
          d.j0 = target;
          break;
        }
        case Opcode::END:
          if (!st.empty()) return Fail(common::ExecStatus::kError, "END inside control flow", At(pc));
          break;
        default:
          break;
      }
    }
    if (!p.ok) return;
    if (!st.empty()) {
      return Fail(common::ExecStatus::kError,
                  "unterminated " + name(st.back().op), At(st.back().pc));
    }
    for (uint32_t pc = 0; pc < n; ++pc) {
      if (p.insts[pc].op == Opcode::SWITCH) {
        p.case_lists[pc] = {static_cast<uint32_t>(p.case_lists_storage.size()), 0};
        for (uint32_t c : cases[pc]) p.case_lists_storage.push_back(c);
        p.case_lists[pc][1] = static_cast<uint32_t>(p.case_lists_storage.size());
      }
    }
    for (uint32_t pc = 0; pc < n; ++pc) {
      if (p.insts[pc].op != Opcode::CAL) continue;
      const auto& label = shader.instructions[pc].label;
      if (!label || *label >= n || p.insts[*label].op != Opcode::BGNSUB) {
        return Fail(common::ExecStatus::kError, "CAL target is not a BGNSUB", At(pc));
      }
      p.insts[pc].j0 = static_cast<int32_t>(*label);
    }
  }

  void Stage() {
    switch (p.stage) {
      case tgsi::Processor::kTessCtrl:
        Fail(common::ExecStatus::kUnsupported, "stage TESS_CTRL");
        return;
      case tgsi::Processor::kGeometry:
        if (!p.gs_max_vertices_set) {
          Fail(common::ExecStatus::kError, "GEOM shader without GS_MAX_OUTPUT_VERTICES");
          return;
        }
        break;
      default:
        break;
    }
  }
};

bool g_operand_planes = true;

// Operand planes (decode.h DSrc::plane): one id per distinct direct IMM or
// CONST operand component with its modifiers, at most kMaxPlanes (the
// rest are fetched per use). Immediates are keyed by index, constants by
// buffer and index.
void AssignPlanes(Program& p) {
  constexpr size_t kMaxPlanes = 256;
  std::map<std::tuple<int, int32_t, int32_t, int, int>, int16_t> ids;
  for (DInst& in : p.insts) {
    for (int s = 0; s < in.num_src; ++s) {
      DSrc& src = in.src[s];
      if (src.space != Space::kImm && src.space != Space::kConst) continue;
      if (src.index.indirect || (src.two_d && src.dim.indirect)) continue;
      const int32_t buffer = src.space == Space::kConst && src.two_d ? src.dim.base : 0;
      const int mods = (src.neg ? 1 : 0) | (src.abs ? 2 : 0) | (static_cast<int>(src.mod) << 2);
      for (int c = 0; c < 4; ++c) {
        const auto key = std::make_tuple(static_cast<int>(src.space), buffer, src.index.base, int{src.swz[c]}, mods);
        auto it = ids.find(key);
        if (it == ids.end()) {
          if (ids.size() >= kMaxPlanes) continue;
          it = ids.emplace(key, static_cast<int16_t>(ids.size())).first;
        }
        src.plane[c] = it->second;
      }
    }
  }
  p.num_planes = static_cast<uint32_t>(ids.size());
}

}  // namespace

void SetOperandPlanesForTest(bool on) { g_operand_planes = on; }

Program Decode(const tgsi::Shader& shader) {
  Decoder dec{shader, {}};
  dec.p.stage = shader.processor;
  dec.Declarations();
  if (dec.p.ok) dec.Stage();
  if (dec.p.ok) dec.Instructions();
  if (dec.p.ok) dec.CentroidReads();
  if (dec.p.ok) dec.Flow();
  // Every file has at least one register so per-lane storage is never empty.
  if (dec.p.ok) {
    if (dec.p.addr.size == 0) Decoder::Grow(dec.p.addr, 1);
    if (g_operand_planes) AssignPlanes(dec.p);
  }
  std::sort(dec.p.consts.begin(), dec.p.consts.end(),
            [](const ConstLayout& a, const ConstLayout& b) { return a.buffer < b.buffer; });
  return std::move(dec.p);
}

const ConstLayout* FindConstLayout(const Program& p, uint32_t buffer) {
  for (const auto& c : p.consts) {
    if (c.buffer == buffer) return &c;
  }
  return nullptr;
}

}  // namespace shaderdiff::tgsi_exec
